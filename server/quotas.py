"""Per-account quotas (SPEC §8): monthly requests, daily history + trends calls, and the velocity throttle.

Counted per account in one SQLite file shared by every worker, so the counts are exact across
processes and survive restarts; one transaction per check, so a refused request consumes nothing.
A write per request would serialise the workers on the database lock, so quota is reserved in
blocks and repeat item lookups are decided in memory. One `Quotas` per process, opened after the
worker starts (a SQLite connection must not cross a fork). See docs/quotas.md.
"""

from __future__ import annotations

import fcntl
import math
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, NamedTuple, Protocol

from feeds.settings import Settings
from server.plans import Plan

SCHEMA = """
CREATE TABLE IF NOT EXISTS monthly (
    account TEXT NOT NULL,
    month   TEXT NOT NULL,              -- 'YYYY-MM' (UTC)
    used    INTEGER NOT NULL,           -- allowed + reserved by running workers
    PRIMARY KEY (account, month)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS daily_history (
    account TEXT NOT NULL,
    day     TEXT NOT NULL,              -- 'YYYY-MM-DD' (UTC)
    used    INTEGER NOT NULL,
    PRIMARY KEY (account, day)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS velocity (
    account TEXT NOT NULL,
    item    TEXT NOT NULL,
    seen    REAL NOT NULL,              -- epoch seconds of the latest request for the item
    PRIMARY KEY (account, item)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS velocity_by_seen ON velocity (account, seen);
CREATE TABLE IF NOT EXISTS velocity_count (
    account TEXT PRIMARY KEY,
    items   INTEGER NOT NULL            -- rows of the account in `velocity`, kept with them
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS throttle (
    account TEXT PRIMARY KEY,
    until   REAL NOT NULL               -- epoch seconds
) WITHOUT ROWID;
"""

MONTHLY_LIMIT = "monthly_limit"
DAILY_HISTORY_LIMIT = "daily_history_limit"
VELOCITY_THROTTLED = "velocity_throttled"
VELOCITY_FLUSH_SECONDS = 1.0
"""How often a server worker writes its repeat item lookups to the shared velocity table."""
THROTTLE_RECHECK = 1.0
"""Seconds a process trusts its memo of an account's throttle on requests without items."""
DAILY_KEEP_DAYS = 7
"""Days of history-call counts kept; older rows are pruned at close()."""
PRUNE_DAILY = "DELETE FROM daily_history WHERE day < date((SELECT max(day) FROM daily_history), ?)"
"""Days counted before the newest day the counters hold, less `DAILY_KEEP_DAYS`: measured from the counts' own clock
(the `now` every hit is given), not the wall clock, as the Redis backend's expiries are; a closing process never
drops the day its own counts were made in."""


class QuotaStore(Protocol):
    """The three limits over counters shared by every process: `Quotas` (SQLite, one machine) or
    `server.quotas_redis.RedisQuotas` (Redis, several origins); `server.backends.open_quotas` picks."""

    def hit(
        self,
        account: str,
        plan: Plan,
        *,
        history: bool = False,
        items: Sequence[str] = (),
        now: float | None = None,
    ) -> Decision:
        """Count one keyed request; a refused one consumes nothing. May raise BackendUnavailable."""

    async def hit_async(
        self, account: str, plan: Plan, *, history: bool = False, items: Sequence[str] = ()
    ) -> Decision:
        """`hit` for the request path: the event loop goes on serving while a shared store answers."""

    def flush(self) -> None:
        """Write what is held in memory to the shared counters (the server calls this every second)."""

    def checkpoint(self) -> None:
        """Housekeeping of the store's own files, off the request path (a background thread)."""

    def usage(self, account: str, plan: Plan, now: float | None = None) -> dict[str, Any]: ...

    async def aclose(self) -> None:
        """Release what the request path opened in the event loop (before `close`)."""

    def close(self) -> None: ...


class Decision(NamedTuple):
    """One request's verdict (a tuple: built on every keyed request, so it must be cheap)."""

    allowed: bool
    code: str | None
    """"monthly_limit" | "daily_history_limit" | "velocity_throttled" | None."""
    limit: int
    """The monthly limit (X-RateLimit-Limit)."""
    remaining: int
    """Monthly requests left, never negative (X-RateLimit-Remaining)."""
    reset: int
    """Epoch seconds when the monthly window resets (X-RateLimit-Reset)."""
    retry_after: int | None
    """Seconds until a refused request may succeed (Retry-After), at least 1; None when allowed."""


@dataclass
class _Pool:
    """One process's reservation for one (account, month)."""

    left: int = 0
    """Reserved from the shared counter and not used yet."""
    free: int = 0
    """Limit minus the shared counter, as of this process's last reservation."""


@dataclass
class _Seen:
    """Items of one account that this process knows are in the shared velocity window."""

    throttle: float
    """The account's throttle `until` (0: never) when these were recorded: a new throttle wipes the table."""
    items: dict[str, float] = field(default_factory=dict)
    """item -> latest request time seen by this process."""
    pending: dict[str, float] = field(default_factory=dict)
    """Repeat requests not yet written to the shared table (item -> time)."""
    kept: int = 0
    """Items left by the last pruning: the next waits until there are twice as many (amortised O(1))."""

    def prune(self, now: float, window: float) -> None:
        """Forget items that left the window (they would not count as known anyway), now and then."""
        if len(self.items) < 2 * self.kept + 64:
            return
        horizon = max(now, max(self.items.values())) - window
        self.items = {item: at for item, at in self.items.items() if at > horizon}
        self.kept = len(self.items)


def month_window(now: float) -> tuple[str, float, float]:
    d = datetime.fromtimestamp(now, UTC)
    start = datetime(d.year, d.month, 1, tzinfo=UTC)
    end = datetime(d.year + d.month // 12, d.month % 12 + 1, 1, tzinfo=UTC)
    return f"{d.year:04d}-{d.month:02d}", start.timestamp(), end.timestamp()


def day_window(now: float) -> tuple[str, float, float]:
    d = datetime.fromtimestamp(now, UTC)
    start = datetime(d.year, d.month, d.day, tzinfo=UTC)
    return start.strftime("%Y-%m-%d"), start.timestamp(), (start + timedelta(days=1)).timestamp()


def whole_seconds(delta: float) -> int:
    return max(1, math.ceil(delta))


def _connect(path: Path) -> sqlite3.Connection:
    """Open the counters file; workers starting together may briefly find it locked, so retry."""
    for attempt in range(50):
        try:
            db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
            db.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode survives a process crash; only a power cut may lose the last commits.
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(SCHEMA)
            return db
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == 49:
                raise
            time.sleep(0.05)
    raise AssertionError("unreachable")


class Quotas:
    """The three limits of one process, over the counters shared with every other process."""

    def __init__(self, settings: Settings, path: Path | None = None, *, background_checkpoints: bool = False) -> None:
        """`background_checkpoints`: the owner promises to call `checkpoint()` off its hot thread (the
        server does, every second), so this connection never checkpoints the write-ahead log itself."""
        self.path = Path(path) if path is not None else Path(settings.feeds_data_dir) / "counters"
        self.path.mkdir(parents=True, exist_ok=True)
        self.block = max(1, int(settings.feeds_quota_block))
        self.velocity_limit = int(settings.feeds_velocity_limit)
        self.velocity_window = float(settings.feeds_velocity_window)
        self.throttle_seconds = float(settings.feeds_throttle_seconds)
        self.db = _connect(self.path / "quotas.sqlite")
        if background_checkpoints:
            # SQLite checkpoints the log from whichever commit crosses 1,000 pages, fsync included: a
            # stall of the event loop every few hundred shared writes (docs/quotas.md).
            self.db.execute("PRAGMA wal_autocheckpoint=0")
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpoint_lock = threading.Lock()
        self._lockfile = open(self.path / "quotas.lock", "a+b")  # noqa: SIM115 - held for the process's life
        self._lock = threading.Lock()
        self._pools: dict[tuple[str, str], _Pool] = {}
        self._daily: dict[tuple[str, str], _Pool] = {}
        """(account, day) -> this process's reservation of history + trends calls."""
        self._seen: dict[str, _Seen] = {}
        self._throttles: dict[str, tuple[float, float]] = {}
        """account -> (throttled until, monotonic time it was read from the shared table)."""
        self._period = month_window(time.time())
        self._today = day_window(time.time())
        self._closed = False

    @contextmanager
    def _writer(self) -> Iterator[None]:
        """Take the cross-process write turn before SQLite's own lock.

        SQLite makes a writer that finds the database locked sleep and poll (1, 2, 5, 10 ms ...), so
        two busy workers turned every contended history call into a multi-millisecond wait (the
        figure is in docs/quotas.md). An flock queues the writers instead and wakes the next one the
        moment the lock is released; SQLite then never finds its lock taken by another worker.
        """
        fcntl.flock(self._lockfile, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._lockfile, fcntl.LOCK_UN)

    # -- the hot path -------------------------------------------------------------------------

    def hit(
        self,
        account: str,
        plan: Plan,
        *,
        history: bool = False,
        items: Sequence[str] = (),
        now: float | None = None,
    ) -> Decision:
        """Count one keyed request: velocity (if `items`), then daily history (if `history`), then monthly.

        An allowed request consumes one of each limit that applies; a refused one consumes nothing.
        """
        now = time.time() if now is None else now
        with self._lock:
            if self._closed:
                raise RuntimeError("Quotas is closed")
            month, _, month_end = self._current_month(now)
            pool = self._pools.get((account, month))
            until = self._throttle_memo(account)
            if until > now and not items:
                remaining = self._remaining(account, plan, month, pool)
                return self._refuse(VELOCITY_THROTTLED, until - now, plan, remaining, month_end)
            daily = self._daily_pool(account, now) if history else None
            in_hand = (
                until <= now
                and pool is not None
                and pool.left > 0
                and (daily is None or daily.left > 0)
                and (not history or daily is not None)
                and (not items or self._known(account, until, items, now))
            )
            if in_hand:
                # Quota reserved, items already in the shared window: no shared write at all.
                assert pool is not None
                if items:
                    self._touch(account, items, now)
                if daily is not None:
                    daily.left -= 1
                pool.left -= 1
                return Decision(True, None, plan.monthly_requests, pool.free + pool.left, int(month_end), None)
            if not items and not history and self._remaining(account, plan, month, None) <= 0:
                # A read first: an account past its limit must not put every refused request on the write lock.
                return self._refuse(MONTHLY_LIMIT, month_end - now, plan, 0, month_end)
            with self._writer():
                return self._shared_hit(account, plan, history, items, now, month, month_end, pool, daily)

    async def hit_async(
        self, account: str, plan: Plan, *, history: bool = False, items: Sequence[str] = ()
    ) -> Decision:
        """`hit`, run inline: it is decided in memory or by a local file write, never a network wait."""
        return self.hit(account, plan, history=history, items=items)

    def _known(self, account: str, until: float, items: Sequence[str], now: float) -> bool:
        """Whether every item is in the shared window already, so this request adds none."""
        seen = self._seen.get(account)
        if seen is None or seen.throttle != until:
            return False
        horizon = now - self.velocity_window
        return all(seen.items.get(item, horizon) > horizon for item in items)

    def _touch(self, account: str, items: Sequence[str], now: float) -> None:
        seen = self._seen[account]
        for item in items:
            seen.items[item] = seen.pending[item] = max(now, seen.items[item])

    def _shared_hit(
        self,
        account: str,
        plan: Plan,
        history: bool,
        items: Sequence[str],
        now: float,
        month: str,
        month_end: float,
        pool: _Pool | None,
        daily: _Pool | None,
    ) -> Decision:
        """The counters that are not in hand, in one shared transaction (the caller holds the write turn)."""
        db = self.db
        reserved = free = daily_reserved = daily_free = 0
        day, _, day_end = self._current_day(now)
        db.execute("BEGIN IMMEDIATE")
        try:
            self._flush_locked()
            row = db.execute("SELECT until FROM throttle WHERE account = ?", (account,)).fetchone()
            recorded = row[0] if row is not None else 0.0
            until = recorded if recorded > now else None
            if until is None and items:
                until = self._velocity(account, items, now)
                recorded = until or recorded
            self._throttles[account] = (recorded, time.monotonic())
            if until is not None:
                remaining = self._remaining(account, plan, month, pool)
                db.execute("COMMIT")  # keeps a throttle that starts now, nothing else was written
                return self._refuse(VELOCITY_THROTTLED, until - now, plan, remaining, month_end)
            if history and (daily is None or daily.left <= 0):
                row = db.execute(
                    "SELECT used FROM daily_history WHERE account = ? AND day = ?", (account, day)
                ).fetchone()
                daily_free = plan.daily_history - (row[0] if row is not None else 0)
                if daily_free <= 0:
                    remaining = self._remaining(account, plan, month, pool)
                    db.execute("ROLLBACK")
                    return self._refuse(DAILY_HISTORY_LIMIT, day_end - now, plan, remaining, month_end)
                daily_reserved = min(self.block, max(1, daily_free // 8))
                db.execute(
                    "INSERT INTO daily_history (account, day, used) VALUES (?, ?, ?)"
                    " ON CONFLICT (account, day) DO UPDATE SET used = used + excluded.used",
                    (account, day, daily_reserved),
                )
            if pool is None or pool.left <= 0:
                row = db.execute(
                    "SELECT used FROM monthly WHERE account = ? AND month = ?", (account, month)
                ).fetchone()
                free = plan.monthly_requests - (row[0] if row is not None else 0)
                if free <= 0:
                    db.execute("ROLLBACK")
                    return self._refuse(MONTHLY_LIMIT, month_end - now, plan, 0, month_end)
                reserved = min(self.block, max(1, free // 8))
                db.execute(
                    "INSERT INTO monthly (account, month, used) VALUES (?, ?, ?)"
                    " ON CONFLICT (account, month) DO UPDATE SET used = used + excluded.used",
                    (account, month, reserved),
                )
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise
        # Only once committed: a failed commit must leave neither quota nor items in hand.
        if items:
            seen = self._seen.get(account)
            if seen is None or seen.throttle != recorded:
                seen = self._seen[account] = _Seen(recorded)
            for item in items:
                seen.items[item] = now
            seen.prune(now, self.velocity_window)
        if daily_reserved:
            daily = self._daily.setdefault((account, day), _Pool())
            daily.left += daily_reserved
            daily.free = daily_free - daily_reserved
        if daily is not None:
            daily.left -= 1
        if reserved:
            pool = self._pools.setdefault((account, month), _Pool())
            pool.left += reserved
            pool.free = free - reserved
        assert pool is not None
        pool.left -= 1
        return Decision(True, None, plan.monthly_requests, max(0, pool.free + pool.left), int(month_end), None)

    def flush(self) -> None:
        """Write repeat item lookups to the shared velocity table (the server calls this every second)."""
        with self._lock:
            if self._closed or not any(seen.pending for seen in self._seen.values()):
                return
            with self._writer():
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    self._flush_locked()
                    self.db.execute("COMMIT")
                except BaseException:
                    self.db.execute("ROLLBACK")
                    raise

    def _flush_locked(self) -> None:
        """Inside a write transaction: move the repeat lookups' times into the shared table.

        An account throttled since the items were recorded had its table wiped: its memo is dropped
        rather than written back, so a throttle's clean slate stays clean.
        """
        now = time.time()
        for account, seen in list(self._seen.items()):
            if not seen.pending:
                continue
            row = self.db.execute("SELECT until FROM throttle WHERE account = ?", (account,)).fetchone()
            if (row[0] if row is not None else 0.0) != seen.throttle:
                del self._seen[account]
                continue
            pending = [(account, item, at) for item, at in seen.pending.items()]
            count = self._item_count(account)
            # An item pruned meanwhile by another worker (its shared time lagged) comes back, counted.
            back = self.db.executemany(
                "INSERT OR IGNORE INTO velocity (account, item, seen) VALUES (?, ?, ?)", pending
            ).rowcount
            self.db.executemany(
                "UPDATE velocity SET seen = max(seen, ?) WHERE account = ? AND item = ?",
                [(at, account, item) for account, item, at in pending],
            )
            if back:
                self._set_item_count(account, count + back)
            seen.pending.clear()
            seen.prune(now, self.velocity_window)

    def _velocity(self, account: str, items: Sequence[str], now: float) -> float | None:
        """Record `items` in the sliding window; the end of a throttle that starts now, or None.

        The account's item count is kept in `velocity_count` next to the rows rather than counted:
        a COUNT(*) grows with the limit, and it would run in every shared lookup (docs/quotas.md).
        """
        db = self.db
        wanted = list(dict.fromkeys(items))
        expired = db.execute(
            "DELETE FROM velocity WHERE account = ? AND seen <= ?", (account, now - self.velocity_window)
        ).rowcount
        marks = ",".join("?" * len(wanted))
        known = {
            r[0]
            for r in db.execute(
                f"SELECT item FROM velocity WHERE account = ? AND item IN ({marks})", (account, *wanted)
            )
        }
        count = self._item_count(account, expired)
        new = sum(1 for item in wanted if item not in known)
        if count + new > self.velocity_limit:
            until = now + self.throttle_seconds
            db.execute(
                "INSERT INTO throttle (account, until) VALUES (?, ?)"
                " ON CONFLICT (account) DO UPDATE SET until = excluded.until",
                (account, until),
            )
            db.execute("DELETE FROM velocity WHERE account = ?", (account,))  # a clean slate after the throttle
            self._set_item_count(account, 0)
            return until
        db.executemany(
            "INSERT INTO velocity (account, item, seen) VALUES (?, ?, ?)"
            " ON CONFLICT (account, item) DO UPDATE SET seen = max(seen, excluded.seen)",
            [(account, item, now) for item in wanted],
        )
        self._set_item_count(account, count + new)
        return None

    def _item_count(self, account: str, removed: int = 0) -> int:
        """The account's items in the shared window after `removed` rows just went (inside a transaction)."""
        row = self.db.execute("SELECT items FROM velocity_count WHERE account = ?", (account,)).fetchone()
        if row is None:  # a counters file from before the count was kept: count once
            (count,) = self.db.execute("SELECT COUNT(*) FROM velocity WHERE account = ?", (account,)).fetchone()
            return int(count)
        return max(0, int(row[0]) - removed)

    def _set_item_count(self, account: str, count: int) -> None:
        self.db.execute(
            "INSERT INTO velocity_count (account, items) VALUES (?, ?)"
            " ON CONFLICT (account) DO UPDATE SET items = excluded.items",
            (account, count),
        )

    # -- helpers (called with the lock held) --------------------------------------------------

    def _current_month(self, now: float) -> tuple[str, float, float]:
        _, start, end = self._period
        if not start <= now < end:
            self._period = month_window(now)
            stale = [k for k in self._pools if k[1] != self._period[0]]
            self._give_back([(k, self._pools.pop(k)) for k in stale])
        return self._period

    def _current_day(self, now: float) -> tuple[str, float, float]:
        """(day, start, end) of `now`, recomputed only when `now` leaves the remembered day."""
        _, start, end = self._today
        if not start <= now < end:
            self._today = day_window(now)
        return self._today

    def _daily_pool(self, account: str, now: float) -> _Pool | None:
        """This process's history-call reservation for today; yesterday's go back at the first call of a day."""
        day = self._current_day(now)[0]
        if any(k[1] != day for k in self._daily):
            self._give_back_daily(day)
        return self._daily.get((account, day))

    def _throttle_memo(self, account: str) -> float:
        """Until when `account` is throttled (0: not), from a memo at most THROTTLE_RECHECK seconds old."""
        memo = self._throttles.get(account)
        checked = time.monotonic()
        if memo is None or checked - memo[1] >= THROTTLE_RECHECK:
            row = self.db.execute("SELECT until FROM throttle WHERE account = ?", (account,)).fetchone()
            memo = (row[0] if row is not None else 0.0, checked)
            self._throttles[account] = memo
        return memo[0]

    def _remaining(self, account: str, plan: Plan, month: str, pool: _Pool | None) -> int:
        if pool is not None:
            return max(0, pool.free + pool.left)
        row = self.db.execute("SELECT used FROM monthly WHERE account = ? AND month = ?", (account, month)).fetchone()
        return max(0, plan.monthly_requests - (row[0] if row is not None else 0))

    @staticmethod
    def _refuse(code: str, wait: float, plan: Plan, remaining: int, month_end: float) -> Decision:
        return Decision(False, code, plan.monthly_requests, max(0, remaining), int(month_end), whole_seconds(wait))

    def _give_back(
        self, pools: list[tuple[tuple[str, str], _Pool]], table: str = "monthly", period: str = "month"
    ) -> None:
        """Return unused reservations to one shared counter table, in one transaction."""
        rows = [(p.left, account, when) for (account, when), p in pools if p.left > 0]
        if not rows:
            return
        with self._writer(), self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany(f"UPDATE {table} SET used = max(0, used - ?) WHERE account = ? AND {period} = ?", rows)
        for _, p in pools:
            p.left = 0

    def _give_back_daily(self, keep: str | None) -> None:
        """Return the history-call reservations of every day but `keep` (None: all of them)."""
        stale = [k for k in self._daily if k[1] != keep]
        self._give_back([(k, self._daily.pop(k)) for k in stale], "daily_history", "day")

    # -- reporting and shutdown ---------------------------------------------------------------

    def usage(self, account: str, plan: Plan, now: float | None = None) -> dict[str, Any]:
        """This month's and today's counts of `account`.

        `requests` reads the shared counter, so it includes quota reserved but not yet used by
        running server workers (at most one block per worker); it is exact once they have closed.
        """
        now = time.time() if now is None else now
        month, _, month_end = month_window(now)
        day, _, _ = day_window(now)
        self.flush()
        with self._lock:
            if self._closed:
                raise RuntimeError("Quotas is closed")
            db = self.db
            row = db.execute("SELECT used FROM monthly WHERE account = ? AND month = ?", (account, month)).fetchone()
            pool = self._pools.get((account, month))
            used = max(0, (row[0] if row is not None else 0) - (pool.left if pool is not None else 0))
            row = db.execute("SELECT used FROM daily_history WHERE account = ? AND day = ?", (account, day)).fetchone()
            daily = self._daily.get((account, day))
            history_today = max(0, (row[0] if row is not None else 0) - (daily.left if daily is not None else 0))
            (items,) = db.execute(
                "SELECT COUNT(*) FROM velocity WHERE account = ? AND seen > ?", (account, now - self.velocity_window)
            ).fetchone()
            row = db.execute("SELECT until FROM throttle WHERE account = ?", (account,)).fetchone()
        return {
            "month": month,
            "requests": used,
            "monthly_limit": plan.monthly_requests,
            "monthly_remaining": max(0, plan.monthly_requests - used),
            "reset": int(month_end),
            "day": day,
            "history_calls": history_today,
            "daily_history_limit": plan.daily_history,
            "velocity_items": items,
            "velocity_limit": self.velocity_limit,
            "throttled_until": math.ceil(row[0]) if row is not None and row[0] > now else None,
        }

    async def aclose(self) -> None:
        """Nothing belongs to the event loop: `close` does it all."""

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database (PASSIVE: never waits for readers or writers).

        Meant for a background thread: it has its own connection, and the fsync it ends with releases
        the GIL, so requests go on while it runs.
        """
        with self._checkpoint_lock:
            if self._closed:
                return
            if self._checkpointer is None:
                self._checkpointer = sqlite3.connect(
                    self.path / "quotas.sqlite", isolation_level=None, check_same_thread=False, timeout=30
                )
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)")

    def close(self) -> None:
        """Give unused reservations back to the shared counters and close (a worker's graceful shutdown)."""
        with self._checkpoint_lock:
            if self._checkpointer is not None:
                self._checkpointer.close()
                self._checkpointer = None
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                if any(seen.pending for seen in self._seen.values()):
                    with self._writer(), self.db:
                        self.db.execute("BEGIN IMMEDIATE")
                        self._flush_locked()
                self._give_back(list(self._pools.items()))
                self._pools.clear()
                self._give_back_daily(None)
                self.db.execute(PRUNE_DAILY, (f"-{DAILY_KEEP_DAYS} days",))
            finally:
                self.db.close()
                self._lockfile.close()

    def __enter__(self) -> Quotas:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
