"""The demand log, server side: keyed lookups of one entity, counted in memory and flushed in batches.

A write per lookup would put SQLite's write lock on the hot path; a per-worker counter flushed every
few seconds (and at shutdown) costs one transaction per flush. The build reads the sums. While the
state database is unreachable, counts wait in memory for the next flush.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from datetime import UTC, datetime, timedelta

from collectors.db import BackendUnavailable
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings

log = logging.getLogger("feeds.server")

FLUSH_SECONDS = 2.0


class DemandRecorder:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.pending: Counter[tuple[str, str]] = Counter()
        self.day, self.day_ends = _today()

    def add(self, feed: str, entity: str) -> None:
        if time.time() >= self.day_ends:  # a lookup after midnight counts for the new day
            self.flush()
            self.day, self.day_ends = _today()
        self.pending[(feed, entity)] += 1

    def flush(self) -> None:
        if not self.pending:
            return
        counts, self.pending = self.pending, Counter()
        try:
            state = StateStore(state_database(self.settings))
            try:
                state.add_demand(self.day, counts)
            finally:
                state.close()
        except BackendUnavailable as exc:
            log.warning("demand log not flushed, kept for the next flush: %s", exc)
            self.pending.update(counts)


def _today() -> tuple[str, float]:
    """Today's UTC date and the epoch second it ends (one clock read per lookup, no date formatting)."""
    now = datetime.now(UTC)
    start = datetime(now.year, now.month, now.day, tzinfo=UTC)
    return start.date().isoformat(), (start + timedelta(days=1)).timestamp()
