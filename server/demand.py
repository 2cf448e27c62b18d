"""The demand log, server side: keyed lookups of one entity, counted in memory and flushed in batches.

A write per lookup would put the log's store (a database write, or a Redis round trip) on the hot
path; a per-worker counter flushed every few seconds (and at shutdown) costs one transaction per
flush. The build reads the sums. A flush that finds the shared store unreachable keeps its counts
for the next one.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

from collectors.demand_log import DemandLog
from collectors.unavailable import BackendUnavailable

FLUSH_SECONDS = 2.0


class DemandRecorder:
    def __init__(self, log: DemandLog) -> None:
        self.log = log
        self.pending: Counter[tuple[str, str]] = Counter()
        self.unsent: dict[str, Counter[tuple[str, str]]] = {}
        """Batches a failed flush kept back, per day, for the next flush."""
        self._flushing = threading.Lock()
        self.day, self.day_ends = _today()

    def add(self, feed: str, entity: str) -> None:
        if time.time() >= self.day_ends:  # a lookup after midnight counts for the new day
            self._set_aside()
            self.day, self.day_ends = _today()
        self.pending[(feed, entity)] += 1

    def _set_aside(self) -> None:
        if self.pending:
            counts, self.pending = self.pending, Counter()
            self.unsent.setdefault(self.day, Counter()).update(counts)

    def flush(self) -> None:
        """Write what was counted; on BackendUnavailable the counts wait for the next flush."""
        with self._flushing:
            self._set_aside()
            for day in sorted(self.unsent):
                counts = self.unsent.pop(day)
                try:
                    self.log.add(day, counts)
                except BackendUnavailable:
                    self.unsent.setdefault(day, Counter()).update(counts)
                    return

    def close(self) -> None:
        self.flush()
        self.log.close()


def _today() -> tuple[str, float]:
    """Today's UTC date and the epoch second it ends (one clock read per lookup, no date formatting)."""
    now = datetime.now(UTC)
    start = datetime(now.year, now.month, now.day, tzinfo=UTC)
    return start.date().isoformat(), (start + timedelta(days=1)).timestamp()
