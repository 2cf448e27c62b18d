"""Suffix-array index for `q` (case-insensitive substring over every field), built once per build.

A suffix array makes `q` exact with no per-row confirmation and answers needles of any length.
On a busy server the cost is cache misses, not arithmetic, so the layout keeps probes few and
close: a prefix table for short needles, a packed next-bytes array for medium ones, and per-entry
row and previous-occurrence arrays so a range maps to distinct rows without a sort. The large
arrays are memory-mapped, one copy in the page cache for every worker. See docs/search.md.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import numpy as np
from pydivsufsort import divsufsort

SA_FILE = "search.sa.npy"
ROWS_FILE = "search.rows.npy"
PREV_FILE = "search.prev.npy"
NEXT4_FILE = "search.next4.npy"
BUCKETS_FILE = "search.prefix4.npy"
FILES = (SA_FILE, ROWS_FILE, PREV_FILE, NEXT4_FILE, BUCKETS_FILE)
MAPPED = (SA_FILE, ROWS_FILE, PREV_FILE, NEXT4_FILE)
PAST_KEYS = 1 << 32
"""Sentinel after the last four-byte key."""
SMALL = 32
"""Occurrences up to which dedupe is a Python set over the mapped rows (numpy calls cost more)."""
_NOWHERE = (0, 0)

RowIds = list[int] | np.ndarray
"""Sorted row ids: a list for a handful of matches, else an integer array (both slice and `len` alike)."""


@dataclass(frozen=True)
class IndexArrays:
    sa: np.ndarray
    rows: np.ndarray
    prev: np.ndarray
    next4: np.ndarray
    buckets: np.ndarray

    def files(self) -> list[tuple[str, np.ndarray]]:
        """(file name, array) of each file the build writes."""
        return [
            (SA_FILE, self.sa),
            (ROWS_FILE, self.rows),
            (PREV_FILE, self.prev),
            (NEXT4_FILE, self.next4),
            (BUCKETS_FILE, self.buckets),
        ]


def build_index(blob: bytes) -> IndexArrays:
    """The arrays for `blob` (the whole `search.txt`: lines each ending in `\\n`)."""
    if len(blob) >= 2**31 - 1:
        raise ValueError("search text over 2 GiB does not fit an int32 suffix array")
    data = np.frombuffer(blob, dtype=np.uint8)
    if not len(data):
        none = np.zeros(0, np.int32)
        return IndexArrays(none, none, none, np.zeros(0, np.uint32), np.array([[PAST_KEYS], [0]], np.int64))
    sa = np.ascontiguousarray(divsufsort(data.copy()), dtype=np.int32)  # the binding wants writable memory
    newline = data == 10
    row_of_byte = np.cumsum(newline, dtype=np.int32)
    row_of_byte -= newline  # a line's `\n` belongs to that line
    rows = row_of_byte[sa]
    del row_of_byte
    prev = previous_of_same_row(rows)
    prefix4 = _word_at(data, sa, 0)
    first = np.empty(len(sa), dtype=bool)  # nondecreasing along the suffix array: runs, no sort needed
    first[0] = True
    np.not_equal(prefix4[1:], prefix4[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    keys = prefix4[starts].astype(np.int64)
    del prefix4
    buckets = np.stack([np.append(keys, PAST_KEYS), np.append(starts, len(sa))]).astype(np.int64)
    return IndexArrays(sa, rows, prev, _word_at(data, sa, 4), buckets)


def _word_at(data: np.ndarray, sa: np.ndarray, skip: int) -> np.ndarray:
    """Bytes skip..skip+3 of each suffix (zero padded past the end) as one big-endian uint32.

    Gathered through a strided view of the padded text: 4 bytes per position, not int64
    temporaries (peak memory is the build's limit).
    """
    padded = np.concatenate([data[skip:], np.zeros(3 + min(skip, len(data)), dtype=np.uint8)])
    windows = np.lib.stride_tricks.as_strided(padded, shape=(len(data), 4), strides=(1, 1), writeable=False)
    return np.ascontiguousarray(windows[sa]).view(">u4").ravel().astype(np.uint32)


def previous_of_same_row(rows: np.ndarray) -> np.ndarray:
    """For each position, the nearest earlier position holding the same row, or -1.

    int32 throughout after the sort (4 bytes a position; the build's peak memory is its limit). Rows are
    non-negative row ids.
    """
    # grouped by row, positions ascending; row ids that fit 16 bits are sorted as such: NumPy's stable
    # sort of a 16-bit type is a radix sort, ~4x faster than the merge sort of int32 (same order)
    keys = rows.astype(np.uint16) if rows.size and int(rows.max()) < 1 << 16 else rows
    order = np.argsort(keys, kind="stable").astype(np.int32)
    grouped = rows[order]
    follows = np.flatnonzero(grouped[1:] == grouped[:-1]).astype(np.int32)  # order[k + 1] follows order[k]
    del grouped
    prev = np.full(len(rows), -1, dtype=np.int32)
    prev[order[follows + 1]] = order[follows]
    return prev


def _ints(array: np.ndarray, code: Literal["i", "I"] = "i") -> memoryview[int]:
    """An integer array as a memoryview of Python ints: indexing it is a C read, not a numpy scalar."""
    dtype = {"i": np.int32, "I": np.uint32}[code]
    # `.data` is the array's own memoryview (numpy types ndarray as a Buffer only from Python 3.12 on).
    return np.ascontiguousarray(array, dtype=dtype).data.cast("B").cast(code)


def _runs(buckets: np.ndarray) -> dict[bytes, tuple[int, int]]:
    """Every one- to four-byte prefix of the text -> its suffix-array range, from the prefix table.

    One entry per distinct prefix, small next to the text (docs/search.md). A key's zero padding only
    ever follows a `\\n` (the text ends in one), and no needle holds a `\\n`, so padded prefixes are
    never asked for.
    """
    runs: dict[bytes, tuple[int, int]] = {}
    keys, starts = buckets[0].tolist(), buckets[1].tolist()
    for key, lo, hi in zip(keys[:-1], starts[:-1], starts[1:], strict=True):
        prefix = key.to_bytes(4, "big")
        runs[prefix] = (lo, hi)
        for size in (3, 2, 1):  # keys are sorted: a shorter prefix's range ends at its last key's
            shorter = prefix[:size]
            run = runs.get(shorter)
            runs[shorter] = (lo, hi) if run is None else (run[0], hi)
    return runs


class SearchIndex:
    """Row ids (ascending) of the lines that contain a needle, from the build's arrays."""

    def __init__(self, blob: bytes, arrays: IndexArrays) -> None:
        self.blob = blob
        self.nrows = blob.count(b"\n")
        self.rows_of = arrays.rows
        self.prev = arrays.prev
        self._rows = _ints(arrays.rows)
        self._sa = _ints(arrays.sa)
        self._next4 = _ints(arrays.next4, "I")
        self._runs = _runs(arrays.buckets)

    @classmethod
    def load(cls, base: Path, blob: bytes) -> SearchIndex:
        """Map the arrays read-only: workers share one copy through the page cache.

        A tree published before this format (a server upgraded between two builds) lacks some of
        the files: the index is then built in memory from `search.txt` (about a second for 15,000
        rows, once per worker) rather than misread.
        """
        if not all((base / name).exists() for name in FILES):
            return cls(blob, build_index(blob))
        # viewed as plain arrays: a memmap's slices are memmaps too, and each costs a Python-level hook
        sa, rows, prev, next4 = (
            np.load(base / name, mmap_mode="r", allow_pickle=False).view(np.ndarray) for name in MAPPED
        )
        buckets = np.load(base / BUCKETS_FILE, allow_pickle=False)
        return cls(blob, IndexArrays(sa, rows, prev, next4, buckets))

    def span(self, needle: bytes) -> tuple[int, int]:
        """The suffix-array range [lo, hi) of the positions where `needle` occurs."""
        m = len(needle)
        if b"\n" in needle:
            return _NOWHERE
        if m <= 4:
            return self._runs.get(needle, _NOWHERE)
        lo, hi = self._runs.get(needle[:4], _NOWHERE)
        if lo >= hi:
            return _NOWHERE
        tail = needle[4:8]
        next4 = self._next4
        lo = bisect.bisect_left(next4, int.from_bytes(tail.ljust(4, b"\0"), "big"), lo, hi)
        hi = bisect.bisect_right(next4, int.from_bytes(tail.ljust(4, b"\xff"), "big"), lo, hi)
        if m > 8 and lo < hi:
            blob = self.blob

            def prefix(position: int) -> bytes:
                return blob[position : position + m]

            lo = bisect.bisect_left(self._sa, needle, lo, hi, key=prefix)
            hi = bisect.bisect_right(self._sa, needle, lo, hi, key=prefix)
        return lo, hi

    def search(self, needle: bytes) -> RowIds:
        """Sorted row ids whose line contains `needle` (exact: no candidate needs confirming).

        A list for a handful of matches, else an integer array: either slices and `len`s alike.
        """
        lo, hi = self.span(needle)
        if hi - lo <= SMALL:  # the common handful: C-level reads of the mapped rows, no numpy call
            return sorted(set(self._rows[lo:hi])) if lo < hi else []
        distinct = self.rows_of[lo:hi][self.prev[lo:hi] < lo]  # each row's first occurrence in the range
        if len(distinct) > self.nrows // 4:  # a mark per row beats sorting a large part of the feed
            seen = np.zeros(self.nrows, dtype=bool)
            seen[distinct] = True
            return np.flatnonzero(seen)
        distinct.sort()
        return distinct
