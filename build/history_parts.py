"""Per-entity daily history in immutable monthly parts: `api/history/<feed>/<YYYY-MM>.jsonl` plus its index.

One part holds every line of that month of every entity that has a row in it, grouped by entity (the
entities in the order of their key hash), each line one `{"date": ..., ...metrics, rank}` object
exactly as a history page shows it. The index beside it (`<YYYY-MM>.idx.npy`) is a sorted array of
(key hash, start, end): an entity's lines of the month are one byte range, found by binary search.

Why months, and why whole-feed parts: a past month's lines never change unless a day of that month
(or before it: MCP `releases` is cumulative) is archived again, so the nightly build hard-links every
past month from the previous tree and writes only the current one (build/reuse.py). One file per
feed and month is 6 x 12 links a year; one file per entity and month would be hundreds of thousands,
and the nightly build would grow with the archive's age again.

The server (server/site.py) reads the parts a requested window spans: a 90-day window is at most
four parts, one range read each.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from pathlib import Path

import numpy as np

from build.paths import entity_hash

INDEX_DTYPE = np.dtype([("key", "S16"), ("start", "<i8"), ("end", "<i8")])
"""One index entry: the entity's key hash (16 bytes of SHA-256, as in build/paths.py) and its byte range."""


def history_dir(feed: str) -> str:
    return f"api/history/{feed}"


PART_SUFFIX = ".jsonl"


def part_path(feed: str, month: str) -> str:
    """JSON Lines of one month (`YYYY-MM`) of every entity of the feed, grouped by entity."""
    return f"{history_dir(feed)}/{month}{PART_SUFFIX}"


def index_path(feed: str, month: str) -> str:
    """The part's index: sorted (key hash, start, end), a NumPy `.npy` file of INDEX_DTYPE."""
    return f"{history_dir(feed)}/{month}.idx.npy"


def entity_key(entity: str) -> bytes:
    return bytes.fromhex(entity_hash(entity))


def month_of(day: str) -> str:
    return day[:7]


def months_between(first: date, last: date) -> list[str]:
    """Every month (`YYYY-MM`) from `first`'s to `last`'s, both included ([] when first > last)."""
    months = []
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        months.append(f"{year:04d}-{month:02d}")
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return months


def build_index(entries: Iterable[tuple[bytes, int, int]]) -> np.ndarray:
    """The index array of (key, start, end) entries, sorted by key."""
    index = np.array(list(entries), dtype=INDEX_DTYPE)
    return np.sort(index, order="key") if index.size else index


def find_row(index: np.ndarray, key: bytes) -> int | None:
    """The row of a 16-byte `key` in an index sorted by its `key` field (INDEX_DTYPE, or the packs'), or None.

    NumPy hands back an `S16` value without its trailing NUL bytes, so the key is compared the same
    way: exact, because every key is 16 bytes (one in 256 hashes ends in a NUL byte)."""
    keys = index["key"]
    at = int(np.searchsorted(keys, key))
    return at if at < keys.size and keys[at] == key.rstrip(b"\x00") else None


def find(index: np.ndarray, key: bytes) -> tuple[int, int] | None:
    """The byte range of a 16-byte `key` in an index of INDEX_DTYPE, or None."""
    at = find_row(index, key)
    return None if at is None else (int(index["start"][at]), int(index["end"][at]))


def lookup(index: np.ndarray, entity: str) -> tuple[int, int] | None:
    """The byte range of `entity` in the part, or None when it has no line that month."""
    return find(index, entity_key(entity))


def lines_between(part: bytes, first: str, last: str) -> list[bytes]:
    """The lines of an entity's range whose date is within [first, last] (`YYYY-MM-DD`): every line
    starts with `{"date":"YYYY-MM-DD"`, so bytes 9..19 are its date and nothing is parsed."""
    low, high = first.encode(), last.encode()
    return [line for line in part.split(b"\n") if line and low <= line[9:19] <= high]


def entity_lines(root: Path, feed: str, entity: str) -> list[bytes]:
    """Every history line of `entity` in the tree at `root`, oldest first: all its months read from disk
    (tools and tests; the server reads only the months a window spans, through its caches)."""
    directory = root / history_dir(feed)
    months = sorted(p.name.removesuffix(PART_SUFFIX) for p in directory.glob(f"*{PART_SUFFIX}"))
    lines: list[bytes] = []
    for month in months:
        with open(root / index_path(feed, month), "rb") as fh:
            span = lookup(np.load(fh, allow_pickle=False), entity)
        if span is not None:
            with open(root / part_path(feed, month), "rb") as fh:
                fh.seek(span[0])
                lines += [line for line in fh.read(span[1] - span[0]).split(b"\n") if line]
    return lines
