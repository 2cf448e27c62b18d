"""Per-key watch lists (SPEC §2.4, §4.7), stored in the state store so the nightly run can read them.

Watches belong to the key's account (a rotated key keeps its watches). `entity` is the entity's
page path (`/repo/<owner>/<name>`, `/mcp/<server>`, ...), resolved against the build's pages index
so a watch always names something the service knows.
"""

from __future__ import annotations

import math
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

WATCH_TYPES = ("any", "price_change", "version_bump", "momentum_jump", "momentum_above")
DEFAULT_THRESHOLDS = {"momentum_jump": 10.0, "momentum_above": 80.0}
"""Used when a momentum watch gives no threshold: a 10-point move, or crossing above 80."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS watches (
    id         TEXT PRIMARY KEY,
    account    TEXT NOT NULL,
    entity     TEXT NOT NULL,        -- page path
    feed       TEXT NOT NULL,
    entity_key TEXT NOT NULL,        -- the entity key of the feed (as /history takes it)
    type       TEXT NOT NULL,
    threshold  REAL,
    created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS watches_by_account ON watches (account, created_at);
"""


class WatchLimit(Exception):
    pass


class WatchExists(Exception):
    pass


@dataclass(frozen=True)
class Watch:
    id: str
    entity: str
    feed: str
    entity_key: str
    type: str
    threshold: float | None
    created_at: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "entity": self.entity,
            "type": self.type,
            "threshold": self.threshold,
            "feed": self.feed,
            "key": self.entity_key,
            "createdAt": self.created_at,
        }


def valid_threshold(value: Any) -> float | None:
    """A finite number (not a boolean), or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("`threshold` must be a finite number")
    return float(value)


class WatchStore:
    def __init__(self, path: Path | str) -> None:
        self.db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def list(self, account: str) -> list[Watch]:
        cur = self.db.execute(
            "SELECT id, entity, feed, entity_key, type, threshold, created_at FROM watches"
            " WHERE account = ? ORDER BY created_at, id",
            (account,),
        )
        return [Watch(*row) for row in cur]

    def add(
        self, account: str, limit: int, entity: str, feed: str, entity_key: str, type_: str, threshold: float | None
    ) -> Watch:
        """Add a watch, refusing past the plan's limit or a duplicate, atomically across workers."""
        watch = Watch(
            f"w_{secrets.token_hex(8)}",
            entity,
            feed,
            entity_key,
            type_,
            threshold,
            datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        )
        self.db.execute("BEGIN IMMEDIATE")
        try:
            count = self.db.execute("SELECT COUNT(*) FROM watches WHERE account = ?", (account,)).fetchone()[0]
            if count >= limit:
                raise WatchLimit(f"this key already holds {count} watches, the most its plan allows ({limit})")
            duplicate = self.db.execute(
                "SELECT id FROM watches WHERE account = ? AND entity = ? AND type = ?", (account, entity, type_)
            ).fetchone()
            if duplicate:
                raise WatchExists(f"this key already watches {entity} for {type_} (watch {duplicate[0]})")
            self.db.execute(
                "INSERT INTO watches VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (watch.id, account, entity, feed, entity_key, type_, threshold, watch.created_at),
            )
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        return watch

    def delete(self, account: str, watch_id: str) -> bool:
        """Delete the account's watch; False when there is none (another key's watch is 'none' too)."""
        cur = self.db.execute("DELETE FROM watches WHERE account = ? AND id = ?", (account, watch_id))
        return cur.rowcount > 0
