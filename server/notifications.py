"""Watch notifications: after each build, every watch is evaluated against that build's changes.

`notify_build(settings, tree)` runs right after `feeds build` publishes a tree and reads only that
tree (the entity cards' events and score history) and the state store, so it can be run again on
the same tree; notification ids are a hash of (watch, type, day), which makes a re-run insert
nothing new. Webhook delivery (server/webhooks.py) follows in the same step.
See docs/notifications-and-webhooks.md.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import secrets
import sys
from collections.abc import Coroutine
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import orjson

from build.changes import BUILD_TYPES, from_legacy, momentum_change
from build.packs import Packs
from build.paths import BUILD_INFO, entity_card_path, entity_of_page
from collectors.db import Database
from collectors.protocol import Resolver, resolver_for
from collectors.state_db import connect, state_database
from feeds.settings import Settings
from server.keys import KeyStore
from server.plans import plans
from server.watches import DEFAULT_THRESHOLDS, Watch, WatchStore
from server.webhooks import DELIVERY_BUDGET_SECONDS, Attempt, DeliveryLog, DeliveryReport, Outgoing, deliver_events

CHANGE_TYPES = tuple(t for t in BUILD_TYPES if t != "momentum_jump")
"""Change events of the entity card a watch is told about as they are; momentum moves are measured against
the watch's own threshold instead (`watch_matches`)."""
NOTIFICATION_TYPES = (*CHANGE_TYPES, "momentum_jump", "momentum_above")
DELIVERY_STATES = ("none", "pending", "delivered", "failed", "disabled", "cancelled")
"""none: the watch has no webhook; pending: not delivered yet (retried next run); delivered; failed: refused
(3xx/4xx or an unsafe URL), not retried; disabled: the webhook was disabled first; cancelled: the watch was
deleted first."""
SECRET_PREFIX = "whsec_"

_EVENT_COLUMNS = (
    "seq, id, watch_id, entity, feed, type, date, event, created_at, delivery, attempts, last_attempt_at, "
    "last_error, delivered_at"
)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def stored_event(type_: str, feed: str, page: str, day: str, raw: bytes | str) -> dict[str, Any]:
    """A stored notification's event as the current envelope. Rows written before the envelope existed are
    upgraded on read (build.changes.from_legacy), never rewritten; their entity key, where the old event did
    not keep it (momentum moves), comes from the watch's page path."""
    event: dict[str, Any] = orjson.loads(raw)
    if "id" in event:
        return event
    return from_legacy(type_, feed, entity_of_page(feed, page), day, event)


def notification_id(watch_id: str, type_: str, day: str) -> str:
    """Deterministic: the same change of the same watch on the same day is one notification, however often
    the day is evaluated (a rebuild, a re-run). One per type and day is all there is: trends emit at most one
    event of each type per entity and day."""
    return "ev_" + hashlib.sha256(f"{watch_id}|{type_}|{day}".encode()).hexdigest()[:24]


@dataclass(frozen=True)
class Notification:
    id: str
    account: str
    watch_id: str
    entity: str
    feed: str
    type: str
    date: str
    event: dict[str, Any]
    created_at: str

    def payload(self) -> dict[str, Any]:
        """The notification as listed and as posted to a webhook (without the delivery state)."""
        return {
            "id": self.id,
            "watchId": self.watch_id,
            "entity": self.entity,
            "feed": self.feed,
            "type": self.type,
            "date": self.date,
            "event": self.event,
            "createdAt": self.created_at,
        }


# -- evaluation ------------------------------------------------------------------------------------


def _momentum_move(card: dict[str, Any], day: str) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """(previous scored day, `day`) of the entity's score history, or None without both."""
    history = (card.get("momentum") or {}).get("history") or []
    if len(history) < 2 or history[-1]["date"] != day:
        return None
    return history[-2], history[-1]


def _momentum_event(
    type_: str, feed: str, entity: str, before: dict[str, Any], after: dict[str, Any], threshold: float
) -> dict[str, Any]:
    """The move as a change-event envelope (build/changes.py), with the watch's threshold in its detail."""
    return momentum_change(
        type_, feed, entity, after["date"], before["score"], after["score"], threshold, before["date"]
    )


def watch_matches(watch: Watch, card: dict[str, Any], day: str) -> list[tuple[str, dict[str, Any]]]:
    """(notification type, event) pairs the watch is told about for `day`, from the entity's card.

    `price_change` and `version_bump` watches get those events; `any` gets every change event of the day
    (new entity, trending moves included) and momentum jumps at the default 10 points."""
    changes = [e for e in card.get("events") or [] if e.get("date") == day and e.get("type") in CHANGE_TYPES]
    changes.sort(key=lambda e: e["type"])
    found: list[tuple[str, dict[str, Any]]] = []
    if watch.type == "any":
        found += [(e["type"], e) for e in changes]
    elif watch.type in ("price_change", "version_bump"):
        found += [(e["type"], e) for e in changes if e["type"] == watch.type]
    move = _momentum_move(card, day)
    if move is None:
        return found
    before, after = move
    if watch.type in ("any", "momentum_jump"):
        threshold = DEFAULT_THRESHOLDS["momentum_jump"] if watch.type == "any" else watch.threshold
        threshold = DEFAULT_THRESHOLDS["momentum_jump"] if threshold is None else threshold
        if abs(round(after["score"] - before["score"], 1)) >= threshold:
            event = _momentum_event("momentum_jump", watch.feed, watch.entity_key, before, after, threshold)
            found.append(("momentum_jump", event))
    elif watch.type == "momentum_above":
        threshold = DEFAULT_THRESHOLDS["momentum_above"] if watch.threshold is None else watch.threshold
        if before["score"] < threshold <= after["score"]:
            event = _momentum_event("momentum_above", watch.feed, watch.entity_key, before, after, threshold)
            found.append(("momentum_above", event))
    return found


def evaluate(tree: Path, watches: list[tuple[str, Watch]], now: str) -> tuple[list[Notification], dict[str, str]]:
    """Every notification the published `tree` gives the watches, and each feed's evaluated day."""
    info = orjson.loads((tree / BUILD_INFO).read_bytes())
    days = {feed: meta.get("day") for feed, meta in info.get("feeds", {}).items()}
    cards: dict[tuple[str, str], dict[str, Any] | None] = {}
    packs = Packs(tree)
    out = []
    for account, watch in watches:
        day = days.get(watch.feed)
        if not day:
            continue
        where = (watch.feed, watch.entity_key)
        if where not in cards:
            raw = packs.read(entity_card_path(*where))
            cards[where] = orjson.loads(raw) if raw is not None else None
        card = cards[where]
        if card is None:  # the entity left the archive's reach; nothing to tell
            continue
        for type_, event in watch_matches(watch, card, day):
            out.append(
                Notification(
                    notification_id(watch.id, type_, day),
                    account,
                    watch.id,
                    watch.entity,
                    watch.feed,
                    type_,
                    day,
                    event,
                    now,
                )
            )
    return out, {feed: day for feed, day in days.items() if day}


# -- storage ---------------------------------------------------------------------------------------


def _delivery_json(row: tuple[Any, ...]) -> dict[str, Any]:
    state, attempts, last_attempt_at, last_error, delivered_at = row
    return {
        "state": state,
        "attempts": attempts,
        "lastAttemptAt": last_attempt_at,
        "lastError": last_error,
        "deliveredAt": delivered_at,
    }


@dataclass(frozen=True)
class EventPage:
    total: int
    data: list[dict[str, Any]]
    next_cursor: str | None


class NotificationStore(DeliveryLog):
    """The events lists, the delivery log and the per-account webhook secrets, in the state store."""

    def __init__(self, source: Database | Path | str) -> None:
        self.db = connect(source)
        self.watches: WatchStore | None = None
        """Set for a delivery run: where failures are counted (see `deliver_pending`)."""
        self.max_failures = 5

    def close(self) -> None:
        self.db.close()

    # events

    def add(self, notifications: list[Notification], states: dict[str, str]) -> int:
        """Insert the new ones (an id already stored is skipped); `states`: watch id -> initial delivery state."""
        with self.db.transaction() as tx:
            return tx.executemany(
                "INSERT INTO watch_events (id, account, watch_id, entity, feed, type, date, event,"
                " created_at, delivery) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [
                    (
                        n.id,
                        n.account,
                        n.watch_id,
                        n.entity,
                        n.feed,
                        n.type,
                        n.date,
                        orjson.dumps(n.event),
                        n.created_at,
                        states.get(n.watch_id, "none"),
                    )
                    for n in notifications
                ],
            )

    def prune(self, account: str, before: str) -> int:
        """Delete the account's notifications dated before `before` (and their delivery log)."""
        with self.db.transaction() as tx:
            tx.execute(
                "DELETE FROM webhook_deliveries WHERE event_id IN"
                " (SELECT id FROM watch_events WHERE account = ? AND date < ?)",
                (account, before),
            )
            return tx.execute("DELETE FROM watch_events WHERE account = ? AND date < ?", (account, before)).rowcount

    def accounts(self) -> list[str]:
        return [row[0] for row in self.db.execute("SELECT DISTINCT account FROM watch_events")]

    def page(
        self, account: str, *, limit: int, offset: int = 0, cursor: int | None = None, since: str | None = None
    ) -> EventPage:
        """Newest first. `cursor` (the previous page's `nextCursor`) continues after that page; `since` keeps
        those created at or after it. `total` counts every match of `since`, whatever the page."""
        where = "account = ?"
        args: list[str | int] = [account]
        if since is not None:
            where += " AND created_at >= ?"
            args.append(since)
        total = self.db.execute(f"SELECT COUNT(*) FROM watch_events WHERE {where}", args).rows[0][0]
        if cursor is not None:
            where += " AND seq < ?"
            args.append(cursor)
        rows = self.db.execute(
            f"SELECT {_EVENT_COLUMNS} FROM watch_events WHERE {where} ORDER BY seq DESC LIMIT ? OFFSET ?",
            [*args, limit + 1, offset],
        ).fetchall()
        more = len(rows) > limit
        rows = rows[:limit]
        data = [self._item(row) for row in rows]
        return EventPage(total, data, str(rows[-1][0]) if more and rows else None)

    @staticmethod
    def _item(row: tuple[Any, ...]) -> dict[str, Any]:
        _seq, id_, watch_id, entity, feed, type_, day, event, created_at = row[:9]
        return {
            "id": id_,
            "watchId": watch_id,
            "entity": entity,
            "feed": feed,
            "type": type_,
            "date": day,
            "event": stored_event(type_, feed, entity, day, event),
            "createdAt": created_at,
            "delivery": _delivery_json(row[9:]),
        }

    def get(self, event_id: str) -> dict[str, Any] | None:
        row = self.db.execute(f"SELECT {_EVENT_COLUMNS} FROM watch_events WHERE id = ?", (event_id,)).fetchone()
        return self._item(row) if row else None

    def pending(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(account, watch id, payload) of every undelivered event, oldest first."""
        rows = self.db.execute(
            "SELECT account, id, watch_id, entity, feed, type, date, event, created_at FROM watch_events"
            " WHERE delivery = 'pending' ORDER BY seq"
        ).fetchall()
        return [
            (
                account,
                watch_id,
                Notification(
                    id_,
                    account,
                    watch_id,
                    entity,
                    feed,
                    type_,
                    day,
                    stored_event(type_, feed, entity, day, event),
                    created_at,
                ).payload(),
            )
            for account, id_, watch_id, entity, feed, type_, day, event, created_at in rows
        ]

    def deliveries(self, event_id: str) -> list[dict[str, Any]]:
        """The delivery log of one event, attempt by attempt."""
        rows = self.db.execute(
            "SELECT attempt, url, status, error, duration_ms, at FROM webhook_deliveries WHERE event_id = ?"
            " ORDER BY attempt",
            (event_id,),
        ).fetchall()
        return [dict(zip(("attempt", "url", "status", "error", "durationMs", "at"), row, strict=True)) for row in rows]

    # DeliveryLog

    def previous_attempts(self, event_id: str) -> int:
        row = self.db.execute("SELECT attempts FROM watch_events WHERE id = ?", (event_id,)).fetchone()
        return int(row[0]) if row else 0

    def record_attempt(self, attempt: Attempt) -> None:
        self.db.execute(
            "INSERT INTO webhook_deliveries (event_id, watch_id, attempt, url, status, error, duration_ms, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                attempt.event_id,
                attempt.watch_id,
                attempt.attempt,
                attempt.url,
                attempt.status,
                attempt.error,
                attempt.duration_ms,
                attempt.at,
            ),
        )
        self.db.execute(
            "UPDATE watch_events SET attempts = ?, last_attempt_at = ? WHERE id = ?",
            (attempt.attempt, attempt.at, attempt.event_id),
        )

    def mark(self, event_id: str, state: str, error: str | None, at: str) -> None:
        assert state in DELIVERY_STATES, state
        self.db.execute(
            "UPDATE watch_events SET delivery = ?, last_error = ?,"
            " delivered_at = COALESCE(?, delivered_at) WHERE id = ?",
            (state, error, at if state == "delivered" else None, event_id),
        )

    def secret(self, account: str) -> str:
        """The account's webhook secret, created on first use."""
        self.db.execute(
            "INSERT INTO webhook_secrets VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
            (account, SECRET_PREFIX + secrets.token_hex(32), _now()),
        )
        secret: str = self.db.execute("SELECT secret FROM webhook_secrets WHERE account = ?", (account,)).rows[0][0]
        return secret

    def secret_info(self, account: str) -> tuple[str, str]:
        """(secret, created at), creating the secret on first use."""
        self.secret(account)
        row = self.db.execute("SELECT secret, created_at FROM webhook_secrets WHERE account = ?", (account,)).rows[0]
        return row[0], row[1]

    def rotate_secret(self, account: str) -> tuple[str, str]:
        """A new secret; the old one signs nothing from now on."""
        secret, now = SECRET_PREFIX + secrets.token_hex(32), _now()
        self.db.execute(
            "INSERT INTO webhook_secrets VALUES (?, ?, ?)"
            " ON CONFLICT (account) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at",
            (account, secret, now),
        )
        return secret, now

    def webhook_succeeded(self, watch_id: str) -> None:
        assert self.watches is not None
        self.watches.webhook_succeeded(watch_id)

    def webhook_failed(self, watch_id: str, error: str, at: str) -> bool:
        assert self.watches is not None
        return self.watches.webhook_failed(watch_id, error, self.max_failures, at)


# -- the step --------------------------------------------------------------------------------------


@dataclass
class NotifyReport:
    evaluated: int = 0
    created: int = 0
    pruned: int = 0
    delivery: DeliveryReport | None = None

    def line(self) -> str:
        text = f"notify: {self.evaluated} watches, {self.created} new notifications"
        if self.pruned:
            text += f", {self.pruned} expired"
        if self.delivery is not None:
            d = self.delivery
            text += f"; webhooks: {d.delivered} delivered, {d.pending} pending, {d.failed} failed"
            if d.disabled:
                text += f", {len(d.disabled)} disabled"
        return text


def account_plans(settings: Settings) -> dict[str, str]:
    """account -> plan of its newest key (a rotated key keeps the plan; unknown accounts count as Starter)."""
    keys = KeyStore(state_database(settings))
    try:
        return {key.account: key.plan for key in keys.list()}  # oldest first: the newest key wins
    finally:
        keys.close()


def _initial_state(watch: Watch) -> str:
    if watch.webhook is None:
        return "none"
    return "disabled" if watch.webhook_disabled_at else "pending"


def notify_build(
    settings: Settings,
    tree: Path,
    *,
    now: datetime | None = None,
    deliver: bool = True,
    resolver: Resolver | None = None,
    budget: float = DELIVERY_BUDGET_SECONDS,
    backoff: float | None = None,
) -> NotifyReport:
    """Evaluate every watch against the published `tree`, prune expired notifications, deliver webhooks."""
    stamp = (now or datetime.now(UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")
    watches = WatchStore(state_database(settings))
    store = NotificationStore(state_database(settings))
    report = NotifyReport()
    try:
        everything = watches.all()
        report.evaluated = len(everything)
        found, days = evaluate(tree, everything, stamp)
        report.created = store.add(found, {w.id: _initial_state(w) for _, w in everything})
        report.pruned = _prune(settings, store, days)
        if deliver:
            report.delivery = deliver_pending(
                settings, store, watches, resolver=resolver, budget=budget, backoff=backoff
            )
    finally:
        store.close()
        watches.close()
    return report


def _prune(settings: Settings, store: NotificationStore, days: dict[str, str]) -> int:
    accounts = store.accounts()
    if not days or not accounts:
        return 0
    reference = date.fromisoformat(max(days.values()))
    by_account = account_plans(settings)
    depth = {name: plan.history_days for name, plan in plans(settings).items()}
    pruned = 0
    for account in accounts:
        keep = depth.get(by_account.get(account, "starter"), depth["starter"])
        if keep is not None:
            pruned += store.prune(account, str(reference - timedelta(days=keep - 1)))
    return pruned


def deliver_pending(
    settings: Settings,
    store: NotificationStore,
    watches: WatchStore,
    *,
    resolver: Resolver | None = None,
    budget: float = DELIVERY_BUDGET_SECONDS,
    backoff: float | None = None,
) -> DeliveryReport:
    """Post every pending event to its watch's webhook (server/webhooks.py); returns what happened."""
    outgoing = []
    for account, watch_id, payload in store.pending():
        watch = watches.get(watch_id)
        if watch is None:
            store.mark(payload["id"], "cancelled", "the watch was deleted", _now())
        elif watch.webhook is None or watch.webhook_disabled_at:
            store.mark(payload["id"], "disabled", watch.webhook_disabled_reason or "no webhook", _now())
        else:
            outgoing.append(Outgoing(payload["id"], watch_id, account, watch.webhook, orjson.dumps(payload)))
    if not outgoing:
        return DeliveryReport()
    if resolver is None:
        resolver = resolver_for(settings)
    store.watches, store.max_failures = watches, settings.feeds_webhook_max_failures
    options: dict[str, Any] = {} if backoff is None else {"backoff": backoff}
    return _run(
        deliver_events(
            outgoing,
            store,
            resolver=resolver,
            allow_loopback=settings.feeds_webhook_allow_loopback,
            timeout=settings.feeds_webhook_timeout,
            budget=budget,
            **options,
        )
    )


T = TypeVar("T")


def _run(coroutine: Coroutine[Any, Any, T]) -> T:
    """asyncio.run, also from code that already runs an event loop (then on a thread of its own)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def report_failure(exc: BaseException) -> str:
    """The line printed when the step fails: the build it follows stays published."""
    message = f"notify: failed ({type(exc).__name__}: {exc}); the build stays published, the next run retries"
    print(message, file=sys.stderr)
    return message
