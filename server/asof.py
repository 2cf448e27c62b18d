"""As-of answers: one entity's row exactly as the archive holds it for a day, and the name of that snapshot.

No web framework here: server/feed_routes.py validates, counts and sends; this module reads the archive's day
files (`<data dir>/archive/<feed>/<YYYY-MM-DD>.parquet`, collectors/columnar.py) with pyarrow, and its calls are
made in a worker thread, so the event loop never waits on a file. It does not read the published tree's history
files: those are an output of the build whose layout may change, the day files are the truth they come from.

What it reads per request: the entity column of the day (about 0.1 MB compressed for 15,000 rows) and, when the
entity is there, the `data` column, from which one row is taken; plus the footer's `feeds.checksum` (the day's
content hash, `columnar.checksum`). A day file written before footers carried it is hashed once per file version
and the result kept. Which days exist is listed once per build and feed, not per request: answers only use days up
to the build's latest archived day, so an answer is a function of the build (the ETag says so) and of the day
files, which a re-collection replaces only before the next build.
"""

from __future__ import annotations

import bisect
import os
import threading
from dataclasses import dataclass
from pathlib import Path

from collectors.columnar import DayFiles, checksum
from server.site import ByteBudgetCache

ANSWER_CACHE_BYTES = 8 * 1024 * 1024
"""Recent as-of answers kept per worker and build (one is the row plus ~300 bytes; a repository is ~1 KB)."""
CHECKSUMS_KEPT = 4096
"""Checksums computed for day files without one in their footer, kept by file version (a year of six feeds)."""

_Stamp = tuple[int, int, int]
"""(size, mtime_ns, inode) of a day file: a re-collected day is a new file (a rename), so a new stamp."""


@dataclass(frozen=True)
class Snapshot:
    """One entity's archived row and the (feed, day) snapshot it comes from."""

    day: str
    row: bytes
    """The row exactly as served that day (orjson bytes, as archived)."""
    rows: int
    """Rows of the whole snapshot."""
    sha256: str
    """`columnar.checksum` of the whole snapshot: what `feeds archive verify` recomputes from the file."""


class AsOfArchive:
    """The archive as the as-of endpoint reads it: day lists per build, rows, checksums. Shared by threads."""

    def __init__(self, root: Path) -> None:
        self.files = DayFiles(root)
        self._lock = threading.Lock()
        self._days: dict[tuple[str, str], list[str]] = {}
        self.answers: ByteBudgetCache[bytes] = ByteBudgetCache(ANSWER_CACHE_BYTES, len)
        """Recent answers by build, plan and query (a new build's keys differ; old ones age out)."""
        self._checksums: dict[tuple[str, str], tuple[_Stamp, str]] = {}

    def days(self, build: str, feed: str, latest: str | None) -> list[str]:
        """The feed's archived days up to `latest` (the build's latest day), oldest first: listed once per build."""
        known = self._days.get((build, feed))
        if known is None:
            listed = self.files.days(feed)
            known = listed[: bisect.bisect_right(listed, latest)] if latest else []
            with self._lock:
                if any(seen != build for seen, _ in self._days):  # a new build: the old lists are done with
                    self._days = {key: value for key, value in self._days.items() if key[0] == build}
                self._days[(build, feed)] = known
        return known

    def lookup(self, feed: str, entity: str, build: str, latest: str | None, low: str, high: str) -> Snapshot | None:
        """The entity's row on the latest archived day from `low` to `high` (both included) that holds it."""
        days = self.days(build, feed, latest)
        return self.snapshot(feed, entity, days[bisect.bisect_left(days, low) : bisect.bisect_right(days, high)][::-1])

    def snapshot(self, feed: str, entity: str, days: list[str]) -> Snapshot | None:
        """The entity's row on the first of `days` (newest first) that holds it, or None."""
        for day in days:
            try:
                found = self.files.find(feed, day, entity)
            except FileNotFoundError:  # removed since the build listed it
                continue
            if found is not None:
                row, rows = found
                return Snapshot(day, row, rows, self.checksum(feed, day))
        return None

    def checksum(self, feed: str, day: str) -> str:
        """The day's content hash: from the file's footer, else computed once per file version."""
        stored = self.files.stored_checksum(feed, day)
        if stored is not None:
            return stored
        path = self.files.path(feed, day)
        st = os.stat(path)
        stamp = (st.st_size, st.st_mtime_ns, st.st_ino)
        known = self._checksums.get((feed, day))
        if known is not None and known[0] == stamp:
            return known[1]
        digest = checksum(self.files.pairs(feed, day))
        with self._lock:
            if len(self._checksums) >= CHECKSUMS_KEPT:
                self._checksums.clear()
            self._checksums[(feed, day)] = (stamp, digest)
        return digest
