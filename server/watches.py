"""Per-key watch lists (SPEC §2.4, §4.7), stored in the state store so the nightly run can read them.

Watches belong to the key's account (a rotated key keeps its watches). `entity` is the entity's
page path (`/repo/<owner>/<name>`, `/mcp/<server>`, ...), resolved against the build's pages index
so a watch always names something the service knows.

A watch may carry a `webhook` (an https URL checked by server/notifications.py): the nightly
notification step posts the watch's events there, counts consecutive failed deliveries in
`webhook_failures` and disables the webhook (`webhook_disabled_at`, `webhook_disabled_reason`) after
FEEDS_WEBHOOK_MAX_FAILURES of them, so a dead endpoint is not retried forever. Those columns were
added after the table: a schema migration (collectors/schema.py) adds them to an older state store.
"""

from __future__ import annotations

import builtins
import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from build.changes import MOMENTUM_JUMP_POINTS
from collectors.db import Database
from collectors.schema import WEBHOOK_COLUMNS
from collectors.state_db import connect

DEFAULT_THRESHOLDS = {"momentum_jump": MOMENTUM_JUMP_POINTS, "momentum_above": 80.0}
"""Used when a momentum watch gives no threshold: a 10-point move, or crossing above 80."""

_COLUMNS = "id, entity, feed, entity_key, type, threshold, created_at, " + ", ".join(WEBHOOK_COLUMNS)
"""The columns of a `Watch`, in its fields' order."""


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
    webhook: str | None = None
    webhook_failures: int = 0
    webhook_disabled_at: str | None = None
    webhook_disabled_reason: str | None = None

    def webhook_json(self) -> dict[str, Any] | None:
        """The webhook as clients see it: where it posts and, once disabled, since when and why."""
        if self.webhook is None:
            return None
        return {
            "url": self.webhook,
            "state": "disabled" if self.webhook_disabled_at else "active",
            "consecutiveFailures": self.webhook_failures,
            "disabledAt": self.webhook_disabled_at,
            "disabledReason": self.webhook_disabled_reason,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "entity": self.entity,
            "type": self.type,
            "threshold": self.threshold,
            "feed": self.feed,
            "key": self.entity_key,
            "createdAt": self.created_at,
            "webhook": self.webhook_json(),
        }


def valid_threshold(value: Any) -> float | None:
    """A finite number (not a boolean), or None when absent."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError("`threshold` must be a finite number")
    return float(value)


class WatchStore:
    def __init__(self, source: Database | Path | str) -> None:
        self.db = connect(source)

    def close(self) -> None:
        self.db.close()

    def list(self, account: str) -> list[Watch]:
        cur = self.db.execute(
            f"SELECT {_COLUMNS} FROM watches WHERE account = ? ORDER BY created_at, id",
            (account,),
        )
        return [Watch(*row) for row in cur]

    def all(self) -> builtins.list[tuple[str, Watch]]:
        """(account, watch) of every account, for the notification step after a build."""
        cur = self.db.execute(f"SELECT account, {_COLUMNS} FROM watches ORDER BY account, created_at, id")
        return [(row[0], Watch(*row[1:])) for row in cur]

    def get(self, watch_id: str) -> Watch | None:
        row = self.db.execute(f"SELECT {_COLUMNS} FROM watches WHERE id = ?", (watch_id,)).fetchone()
        return Watch(*row) if row else None

    def add(
        self,
        account: str,
        limit: int,
        entity: str,
        feed: str,
        entity_key: str,
        type_: str,
        threshold: float | None,
        webhook: str | None = None,
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
            webhook,
        )
        with self.db.transaction(lock="watches") as tx:
            count = tx.execute("SELECT COUNT(*) FROM watches WHERE account = ?", (account,)).rows[0][0]
            if count >= limit:
                raise WatchLimit(f"this key already holds {count} watches, the most its plan allows ({limit})")
            duplicate = tx.execute(
                "SELECT id FROM watches WHERE account = ? AND entity = ? AND type = ?", (account, entity, type_)
            ).fetchone()
            if duplicate:
                raise WatchExists(f"this key already watches {entity} for {type_} (watch {duplicate[0]})")
            tx.execute(
                "INSERT INTO watches (id, account, entity, feed, entity_key, type, threshold, created_at, webhook)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (watch.id, account, entity, feed, entity_key, type_, threshold, watch.created_at, webhook),
            )
        return watch

    def delete(self, account: str, watch_id: str) -> bool:
        """Delete the account's watch; False when there is none (another key's watch is 'none' too)."""
        cur = self.db.execute("DELETE FROM watches WHERE account = ? AND id = ?", (account, watch_id))
        return cur.rowcount > 0

    def webhook_succeeded(self, watch_id: str) -> None:
        """A delivered event ends a run of failures: only failures *in a row* disable a webhook."""
        self.db.execute("UPDATE watches SET webhook_failures = 0 WHERE id = ? AND webhook_failures != 0", (watch_id,))

    def webhook_failed(self, watch_id: str, error: str, max_failures: int, now: str) -> bool:
        """Count one failed delivery; disable the webhook at `max_failures` in a row. True when it is disabled now."""
        with self.db.transaction(lock="watches") as tx:  # two runs counting failures wait for each other
            row = tx.execute(
                "SELECT webhook_failures, webhook_disabled_at FROM watches WHERE id = ?", (watch_id,)
            ).fetchone()
            if row is None or row[1] is not None:
                return row is not None
            failures = row[0] + 1
            reason = None
            if failures >= max_failures:
                reason = f"{failures} deliveries failed in a row (last: {error})"[:500]
            tx.execute(
                "UPDATE watches SET webhook_failures = ?, webhook_disabled_at = ?, webhook_disabled_reason = ?"
                " WHERE id = ?",
                (failures, now if reason else None, reason, watch_id),
            )
        return reason is not None
