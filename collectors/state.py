"""The state store: small, mutable state that flows back from the server to the nightly run.

- The tracking queue. A client asking for an untracked repository (`repo=`) or pricing page
  (`url=`) appends it; the next collection fetches it once and, if it exists, tracks it daily.
- The demand log: keyed lookups of one entity, per day; the build sums the last seven days into
  the demand index and momentum's demand component.

Keys, watches, notifications and claims live in the same database (collectors/state_db.py decides
which: the SQLite file FEEDS_DATA_DIR/state.sqlite or PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path

from collectors.db import Database
from collectors.state_db import connect


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class StateStore:
    def __init__(self, source: Database | Path | str) -> None:
        self.db = connect(source)

    def close(self) -> None:
        self.db.close()

    def enqueue(self, feed: str, entity: str) -> str:
        """Queue `entity` for the next collection; returns its status (an existing status is kept)."""
        self.db.execute(
            "INSERT INTO tracked (feed, entity, status, added_at) VALUES (?, ?, 'queued', ?) ON CONFLICT DO NOTHING",
            (feed, entity, _now()),
        )
        return self.status(feed, entity) or "queued"

    def status(self, feed: str, entity: str) -> str | None:
        row = self.db.execute("SELECT status FROM tracked WHERE feed = ? AND entity = ?", (feed, entity)).fetchone()
        return str(row[0]) if row else None

    def entities(self, feed: str, *statuses: str) -> list[str]:
        """Entities of `feed` in any of `statuses` (default: queued and tracked), in insertion order."""
        wanted = statuses or ("queued", "tracked")
        marks = ",".join("?" for _ in wanted)
        cur = self.db.execute(
            f"SELECT entity FROM tracked WHERE feed = ? AND status IN ({marks}) ORDER BY added_at, entity",
            (feed, *wanted),
        )
        return [r[0] for r in cur]

    def mark(self, feed: str, entity: str, status: str) -> None:
        self.db.execute(
            "UPDATE tracked SET status = ?, checked_at = ? WHERE feed = ? AND entity = ?",
            (status, _now(), feed, entity),
        )

    def add_demand(self, day: str, counts: Mapping[tuple[str, str], int]) -> None:
        """Add lookups of `day` in one transaction; callers batch them (never a write per request)."""
        with self.db.transaction() as tx:
            tx.executemany(
                "INSERT INTO demand AS d (day, feed, entity, count) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (day, feed, entity) DO UPDATE SET count = d.count + excluded.count",
                [(day, feed, entity, n) for (feed, entity), n in counts.items() if n > 0],
            )

    def demand_between(self, first_day: str, last_day: str) -> dict[tuple[str, str], int]:
        """Lookups per (feed, entity) on days first_day..last_day inclusive."""
        cur = self.db.execute(
            "SELECT feed, entity, SUM(count) FROM demand WHERE day BETWEEN ? AND ? GROUP BY feed, entity",
            (first_day, last_day),
        )
        return {(feed, entity): int(n) for feed, entity, n in cur}
