"""The published tree as the server holds it: one immutable snapshot per build, swapped whole.

A `Site` is loaded once per build (in a thread, off the request path) and never changes; a request
takes the current `Site` at its start and uses only it, so a new build going live mid-request
cannot mix two builds in one response, and no request fails during the swap. Per feed it keeps the
pre-serialised rows, the `since` keys (ascending, for bisect), the search text and its suffix
array: answering a feed request is bisects + slices + joining bytes, never parsing a row.
Files read per request (history, trends) come from the snapshot's own build directory, which the
build keeps for a while after it stops being current.
"""

from __future__ import annotations

import asyncio
import bisect
import gc
import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from pathlib import Path
from typing import Any, Generic, TypeVar

import numpy as np
import orjson

from build.entity_demand import card_weeks, unseen_weeks
from build.history_parts import (
    PART_SUFFIX,
    history_dir,
    index_path,
    lines_between,
    lookup,
    months_between,
    part_path,
)
from build.packs import Packs
from build.paths import (
    BUILD_INFO,
    PAGES_INDEX,
    entity_card_path,
    feed_dir,
    pack_of,
    trends_events_path,
    trends_path,
)
from build.search_index import RowIds, SearchIndex
from build.trends_files import compose, is_head
from collectors.models import FEED_NAMES

V = TypeVar("V")

SEARCH_CACHE = 256
"""Recent `q` results kept per feed (row ids), so a repeated filter costs a dict lookup."""
PAGE_CACHE_BYTES = 16 * 1024 * 1024
"""Recent feed pages kept per feed and worker, by total size (a 100-row page is about 60 KB)."""
HISTORY_CACHE_BYTES = 8 * 1024 * 1024
"""Recent history answers kept per feed and worker (a 31-day page is about 5 KB)."""


class ByteBudgetCache(Generic[V]):
    """Insertion-ordered cache bounded by the total size of its values, oldest out first.

    Values bigger than an eighth of the budget are not kept, so one huge page cannot flush the rest.
    An OrderedDict because evicting a plain dict's oldest entry (`next(iter(d))`) walks over the
    holes earlier evictions left, which grows with the churn until the dict is rebuilt.
    """

    def __init__(self, budget: int, size: Callable[[V], int]) -> None:
        self.budget = budget
        self.sizeof = size
        self.items: OrderedDict[str, V] = OrderedDict()
        self.size = 0

    def get(self, key: str) -> V | None:
        return self.items.get(key)

    def put(self, key: str, value: V) -> None:
        size = self.sizeof(value)
        if size > self.budget // 8 or key in self.items:
            return
        while self.items and self.size + size > self.budget:
            self.size -= self.sizeof(self.items.popitem(last=False)[1])
        self.items[key] = value
        self.size += size


@dataclass
class FeedData:
    name: str
    meta: dict[str, Any]
    rows: list[bytes]
    """Pre-serialised rows, newest first by the `since` field."""
    since_asc: list[str]
    """The rows' `since` keys reversed (ascending) for bisect; "" where a row has none."""
    index: SearchIndex
    by_entity: dict[str, int]
    _search_cache: OrderedDict[str, RowIds] = field(default_factory=OrderedDict, repr=False)
    pages: ByteBudgetCache[bytes] = field(default_factory=lambda: ByteBudgetCache(PAGE_CACHE_BYTES, len), repr=False)
    """Recent feed pages of this build by query string (no `repo=`/`url=`: those record demand)."""
    histories: ByteBudgetCache[tuple[bytes, str]] = field(
        default_factory=lambda: ByteBudgetCache(HISTORY_CACHE_BYTES, lambda answer: len(answer[0])), repr=False
    )
    """Recent history answers of this build by plan and query string, with the entity they are about."""

    def since_count(self, since: str | None) -> int:
        """How many leading rows (newest first) have `since` key >= since."""
        if since is None:
            return len(self.rows)
        return len(self.since_asc) - bisect.bisect_left(self.since_asc, since)

    def search(self, needle: str) -> RowIds:
        """Row ids (ascending = feed order) whose search line contains `needle` (already lowercased)."""
        hit = self._search_cache.get(needle)
        if hit is not None:
            return hit
        result = self.index.search(needle.encode())
        if len(self._search_cache) >= SEARCH_CACHE:
            self._search_cache.popitem(last=False)
        self._search_cache[needle] = result
        return result

    def matching(self, needle: str, since: str | None, offset: int, limit: int) -> tuple[int, list[bytes]]:
        """`q` (and `since`): how many rows match, and the rows of the page asked for."""
        ids = self.search(needle)
        if since is None:
            total = len(ids)
        elif isinstance(ids, list):
            total = bisect.bisect_left(ids, self.since_count(since))
        else:
            total = int(np.searchsorted(ids, self.since_count(since)))
        page = ids[offset : min(offset + limit, total)]
        return total, list(map(self.rows.__getitem__, page if isinstance(page, list) else page.tolist()))


def _entity_of(row: bytes) -> str:
    """`entity` is the first field of every row (models.Row): read it without parsing the row."""
    if row.startswith(b'{"entity":"'):
        end = row.find(b'"', 11)
        if end > 0 and b"\\" not in row[11:end]:
            return row[11:end].decode()
    return str(orjson.loads(row)["entity"])


def _load_feed(root: Path, feed: str) -> FeedData:
    base = root / feed_dir(feed)
    meta = orjson.loads((base / "meta.json").read_bytes())
    raw = (base / "rows.jsonl").read_bytes()
    rows = raw.split(b"\n")[:-1] if raw else []
    since = orjson.loads((base / "index.json").read_bytes())["since"]
    index = SearchIndex.load(base, (base / "search.txt").read_bytes())
    by_entity = {}
    for i, row in enumerate(rows):
        by_entity[_entity_of(row)] = i
    return FeedData(feed, meta, rows, since[::-1], index, by_entity)


RECENT_FILES_BYTES = 32 * 1024 * 1024
"""Per-entity API files kept in memory per worker (a one-year history file is about 40 KB)."""
STATIC_CACHE_BYTES = 32 * 1024 * 1024
"""Public pages and badges kept in memory per worker (an entity page is about 20 KB)."""


@dataclass
class Site:
    root: Path
    build_id: str
    info: dict[str, Any]
    feeds: dict[str, FeedData]
    packs: Packs
    """The build's packed files (cards, entity pages, badges: build/packs.py), their indexes read on first use."""
    _files: dict[str, bytes | None] = field(default_factory=dict, repr=False)
    static: ByteBudgetCache[Any] = field(
        default_factory=lambda: ByteBudgetCache(STATIC_CACHE_BYTES, lambda f: len(f.body)), repr=False
    )
    """Public pages and badges of this build already served once, by path."""
    recent: ByteBudgetCache[bytes] = field(default_factory=lambda: ByteBudgetCache(RECENT_FILES_BYTES, len), repr=False)
    """Per-entity files of this build read recently (history, cards, dated trends), by path."""
    momentum_bodies: dict[tuple[str | None, int], bytes] = field(default_factory=dict, repr=False)
    """Momentum responses of this build by (category, limit): at most 4 x 100 small bodies."""
    _pages_index: dict[str, list[str]] | None = field(default=None, repr=False)
    _history_months: dict[str, frozenset[str]] = field(default_factory=dict, repr=False)
    """Per feed, the months (`YYYY-MM`) with a history part in this build, listed on first use."""
    _history_indexes: dict[str, np.ndarray] = field(default_factory=dict, repr=False)
    """History part indexes of this build read so far, by path (a month of 21,000 entities is 670 KB)."""

    @property
    def pages_index(self) -> dict[str, list[str]]:
        """Page path -> [feed, entity] of every entity of the build, read once on first use."""
        if self._pages_index is None:
            self._pages_index = orjson.loads(self.file(PAGES_INDEX) or b"{}")
        return self._pages_index

    def file(self, relpath: str, cache: bool = False) -> bytes | None:
        """Bytes of a file of this build (None if absent).

        `cache`: a small shared document, kept for the build's life. Otherwise (per-entity history,
        cards, dated trends) the file is kept in a size-bounded cache of recent files, so a popular
        entity is read from disk once per build and worker. Absent files are never kept there: a
        stream of unknown entities cannot grow it.
        """
        if cache and relpath in self._files:
            return self._files[relpath]
        data = self.recent.get(relpath)
        if data is not None:
            return data
        if pack_of(relpath) is not None:
            data = self.packs.read(relpath)
        else:
            try:
                with open(f"{self._prefix}{relpath}", "rb") as fh:
                    data = fh.read()
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
                data = None
        if cache:
            self._files[relpath] = data
        elif data is not None:
            self.recent.put(relpath, data)
        return data

    def card(self, feed: str, entity: str) -> bytes | None:
        """An entity's card as the API serves it (None if the build has none): a card stored without its
        demand weeks (no lookup in any of them) gets this build's weeks (build/entity_demand.py)."""
        card = self.file(entity_card_path(feed, entity))
        return None if card is None else card_weeks(card, self._unseen_weeks)

    @cached_property
    def _unseen_weeks(self) -> bytes | None:
        windows = self.info.get("demandWeeks")
        return None if windows is None else unseen_weeks(windows)

    def trends(self, feed: str, window: str, day: str) -> bytes | None:
        """A dated trends document (None if the build has none): its head with the events files of the days
        it spans spliced in (build/trends_files.py), each file read once into the recent files."""
        head = self.file(trends_path(feed, window, day))
        if head is None or not is_head(head):  # absent, or a whole document of a build before heads
            return head
        return compose(head, lambda listed: self.file(trends_events_path(feed, listed)))

    def exists(self, relpath: str) -> bool:
        """Whether the build holds this file (a stat; a recently read file is known without one)."""
        return self.recent.get(relpath) is not None or self.packs.exists(relpath)

    def history(self, feed: str, entity: str, first: date, last: date) -> list[bytes]:
        """The entity's history lines dated first..last, oldest first: from each monthly part the window
        spans (build/history_parts.py), its index found once per build and worker, its byte range read
        once and kept with the recent files."""
        low, high = str(first), str(last)
        lines: list[bytes] = []
        months = self._history_months.get(feed)
        if months is None:
            months = self._history_months[feed] = _months_of(f"{self._prefix}{history_dir(feed)}")
        for month in months_between(first, last):
            if month not in months:  # any day is a valid `from`: only the build's own months are looked up
                continue
            relpath = index_path(feed, month)
            index = self._history_indexes.get(relpath)
            if index is None:
                with open(f"{self._prefix}{relpath}", "rb") as fh:
                    index = self._history_indexes[relpath] = np.load(fh, allow_pickle=False)
            span = lookup(index, entity)
            if span is None:
                continue
            part = part_path(feed, month)
            key = f"{part}#{entity}"
            chunk = self.recent.get(key)
            if chunk is None:
                with open(f"{self._prefix}{part}", "rb") as fh:
                    fh.seek(span[0])
                    chunk = fh.read(span[1] - span[0])
                self.recent.put(key, chunk)
            lines += lines_between(chunk, low, high)
        return lines

    @property
    def _prefix(self) -> str:
        return f"{self.root}{os.sep}"


def _months_of(directory: str) -> frozenset[str]:
    """The months of the history parts in a feed's history directory (none when it has no directory)."""
    try:
        names = os.listdir(directory)
    except FileNotFoundError:
        return frozenset()
    return frozenset(name.removesuffix(PART_SUFFIX) for name in names if name.endswith(PART_SUFFIX))


def load_site(site_dir: Path) -> Site | None:
    """Load the currently published build, or None when nothing is published yet."""
    try:
        root = site_dir.resolve(strict=True)
        info = orjson.loads((root / BUILD_INFO).read_bytes())
    except (FileNotFoundError, NotADirectoryError):
        return None
    feeds = {feed: _load_feed(root, feed) for feed in FEED_NAMES}
    return Site(root, info["id"], info, feeds, Packs(root))


def published_target(site_dir: Path) -> str | None:
    try:
        return os.readlink(site_dir)
    except OSError:
        return None


def keep(site: Site | None) -> Site | None:
    """Hand a freshly loaded site's objects to the collector's permanent generation (`gc.freeze`).

    Python's full collections traverse every element of every tracked container, and a site is a
    few very large ones (15,000-row lists, entity dicts, the search prefix dict): each element
    visited is a likely cache miss, so a full collection paused the worker for milliseconds, now
    and then under load (figures: docs/performance.md), stalling every connection on it. Frozen,
    they are skipped. A site holds no reference cycles (a test checks), so the one it
    replaces is still freed by reference counting when the last request using it ends. One full
    collection first, once per build, so no cyclic garbage of the day is frozen with it (frozen
    objects are never collected).
    """
    gc.collect()
    gc.freeze()
    return site


class SiteHolder:
    """The current `Site` of this worker, refreshed when the published symlink moves."""

    def __init__(self, site_dir: Path) -> None:
        self.site_dir = site_dir
        self.target = published_target(site_dir)
        self.site = keep(load_site(site_dir))

    async def watch(self, interval: float = 1.0) -> None:
        while True:
            await asyncio.sleep(interval)
            await self.refresh()

    async def refresh(self) -> bool:
        target = published_target(self.site_dir)
        if target == self.target:
            return False
        site = keep(await asyncio.to_thread(load_site, self.site_dir))
        self.site, self.target = site, target
        return True
