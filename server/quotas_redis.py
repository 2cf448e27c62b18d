"""Quotas in Redis (`FEEDS_REDIS_URL`): the same three limits, exact across every origin.

A Lua script checks the throttle, the velocity window, the day's history calls and the month's
requests, and consumes one of each only if all allow it: Redis runs a script atomically, so two
origins can never both take the last request, and a refused request consumes nothing. No quota is
reserved ahead in memory, so nothing is stranded in a process either: the count is exact at every
moment (the SQLite default trades that for no shared write per request; docs/quotas.md).

The request path (`hit_async`) batches: each worker keeps one round trip in flight, and the requests
that arrive meanwhile go in the next one, as one script call per account that decides them in
arrival order, each exactly as if it had come alone. One round trip per request cost a worker more
CPU than the rest of the request (docs/quotas.md has the figures); a batch costs little more than
one request, over one connection per worker (`RedisPipe`). `hit` (synchronous, the same script with
one request) is for the command line and tests.

Times come from the caller (`now`), never from Redis, so the verdicts are the same functions of time
as the SQLite store's; expiries are only garbage collection, relative to `now`.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Sequence
from typing import Any, NamedTuple

from redis.exceptions import ResponseError

from collectors.shared_redis import Command, RedisLink, key, refused
from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings
from server.plans import Plan
from server.quotas import (
    DAILY_HISTORY_LIMIT,
    DAILY_KEEP_DAYS,
    MONTHLY_LIMIT,
    VELOCITY_THROTTLED,
    Decision,
    day_window,
    month_window,
    whole_seconds,
)

MONTH_KEEP_DAYS = 62
"""A month's count outlives the month by this much, for `feeds keys list` and support questions."""

# One call decides a batch of requests of one account, in arrival order, each as if it ran alone.
# KEYS: throttle, velocity, daily, monthly.
# ARGV: now, window, velocity limit, throttle seconds, daily ttl, monthly ttl, then for each request:
#       its monthly limit, its daily limit (-1: not a history call), its number of items, its items.
# Returns {verdict, monthly used after, throttle until} for each request, in order: 0 allowed,
# 1 throttled, 2 daily, 3 monthly. The counters are read once and written once per batch (INCRBY of
# what the batch allowed), so a batch costs little more than one request.
# Numbers cross into Redis as strings formatted here: Lua's own conversion keeps 14 digits.
HIT = """
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local velocity_limit = tonumber(ARGV[3])
local seconds = tonumber(ARGV[4])
local throttled = tonumber(redis.call('GET', KEYS[1]) or '0')
local used = tonumber(redis.call('GET', KEYS[4]) or '0')
local used_before = used
local daily, daily_before = nil, nil
local count = nil
local touched = false
local out = {}
local i = 7
while i <= #ARGV do
    local monthly_limit, daily_limit, n = tonumber(ARGV[i]), tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
    local first, last = i + 3, i + 2 + n
    i = last + 1
    local verdict = 0
    if throttled > now then
        verdict = 1
    elseif n > 0 then
        if count == nil then
            redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%.6f', now - window))
            count = redis.call('ZCARD', KEYS[2])
        end
        local fresh, seen = 0, {}
        for j = first, last do
            local item = ARGV[j]
            if not seen[item] then
                seen[item] = true
                if not redis.call('ZSCORE', KEYS[2], item) then
                    fresh = fresh + 1
                end
            end
        end
        if count + fresh > velocity_limit then
            throttled = now + seconds
            redis.call('SET', KEYS[1], string.format('%.6f', throttled), 'EX', math.ceil(seconds) + 60)
            redis.call('DEL', KEYS[2])  -- a clean slate after the throttle
            count, touched, verdict = 0, false, 1
        end
    end
    if verdict == 0 and daily_limit >= 0 then
        if daily == nil then
            daily = tonumber(redis.call('GET', KEYS[3]) or '0')
            daily_before = daily
        end
        if daily >= daily_limit then
            verdict = 2
        end
    end
    if verdict == 0 and used >= monthly_limit then
        verdict = 3
    end
    if verdict == 0 then
        for j = first, last do
            count = count + redis.call('ZADD', KEYS[2], 'GT', ARGV[1], ARGV[j])
            touched = true
        end
        if daily_limit >= 0 then
            daily = daily + 1
        end
        used = used + 1
    end
    out[#out + 1] = verdict
    out[#out + 1] = used
    out[#out + 1] = verdict == 1 and string.format('%.6f', throttled) or ''
end
if used ~= used_before then
    redis.call('INCRBY', KEYS[4], used - used_before)
    redis.call('EXPIRE', KEYS[4], ARGV[6])
end
if daily ~= daily_before then
    redis.call('INCRBY', KEYS[3], daily - daily_before)
    redis.call('EXPIRE', KEYS[3], ARGV[5])
end
if touched then
    redis.call('EXPIRE', KEYS[2], math.ceil(window) + 60)
end
return out
"""

_CODES = (None, VELOCITY_THROTTLED, DAILY_HISTORY_LIMIT, MONTHLY_LIMIT)


def _is_noscript(reply: Any) -> bool:
    return isinstance(reply, ResponseError) and str(reply).startswith("NOSCRIPT")


def _fresh(exc: BaseException) -> BaseException:
    """A request's own copy of a batch's failure: one exception raised in several tasks would collect
    every task's traceback."""
    return BackendUnavailable(*exc.args) if isinstance(exc, BackendUnavailable) else exc


def _keys(account: str, month: str, day: str) -> list[str]:
    # The account in braces: one hash slot per account, so the script's keys stay together on a cluster.
    tag = f"{{{account}}}"
    return [key("q", tag, "throttle"), key("q", tag, "velocity"), key("q", tag, "d", day), key("q", tag, "m", month)]


class _Waiting(NamedTuple):
    """One request waiting for the next batch."""

    plan: Plan
    history: bool
    items: Sequence[str]
    future: asyncio.Future[Decision]


class _Clock(NamedTuple):
    """The time a batch is decided at, and its month and day (worked out again only when the day changes)."""

    now: float
    month: str
    month_end: float
    day: str
    day_end: float

    @staticmethod
    def at(now: float) -> _Clock:
        month, _, month_end = month_window(now)
        day, _, day_end = day_window(now)
        return _Clock(now, month, month_end, day, day_end)


class RedisQuotas:
    """The three limits, counted in Redis by one atomic script per account and batch (module docstring)."""

    def __init__(self, settings: Settings, link: RedisLink) -> None:
        self.link = link
        self.velocity_limit = int(settings.feeds_velocity_limit)
        self.velocity_window = float(settings.feeds_velocity_window)
        self.throttle_seconds = float(settings.feeds_throttle_seconds)
        self._script = link.client.register_script(HIT)
        self._waiting: dict[str, list[_Waiting]] = {}
        self._courier: asyncio.Task[None] | None = None
        self._clock = _Clock.at(0.0)
        self._closed = False

    def hit(
        self,
        account: str,
        plan: Plan,
        *,
        history: bool = False,
        items: Sequence[str] = (),
        now: float | None = None,
    ) -> Decision:
        """Count one keyed request; raises BackendUnavailable (nothing counted) if Redis is unreachable."""
        if self._closed:
            raise RuntimeError("Quotas is closed")
        clock = self._clock_at(time.time() if now is None else now)
        keys, args = self._call(account, [(plan, history, items)], clock)
        reply = self.link.call(lambda: self._script(keys=keys, args=args))
        return self._decision(reply[0], reply[1], reply[2], plan, clock)

    async def hit_async(
        self, account: str, plan: Plan, *, history: bool = False, items: Sequence[str] = ()
    ) -> Decision:
        """`hit` for the request path: the request joins the next batch, and the worker serves others
        while Redis answers."""
        if self._closed:
            raise RuntimeError("Quotas is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Decision] = loop.create_future()
        waiting = self._waiting.get(account)
        if waiting is None:
            self._waiting[account] = [_Waiting(plan, history, items, future)]
        else:
            waiting.append(_Waiting(plan, history, items, future))
        if self._courier is None:
            # Started now, it first runs on the loop's next turn: every request that arrives in this one
            # (the other connections with data ready) joins the same batch.
            self._courier = loop.create_task(self._deliver())
        return await future

    async def _deliver(self) -> None:
        """Send what is waiting as one pipelined round trip; what arrives meanwhile makes the next batch.

        One batch in flight per worker: under load each round trip carries every request that came in
        during the previous one, so the cost per request falls as the load rises."""
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, {}
                await self._send(batch)
        finally:
            self._courier = None

    async def _send(self, batch: dict[str, list[_Waiting]]) -> None:
        """One EVALSHA per account in the batch, all in one write; each request gets its own verdict."""
        groups = list(batch.values())
        try:
            clock = self._clock_at(time.time())
            calls: list[Command] = []
            for account, waiting in batch.items():
                keys, args = self._call(account, [(w.plan, w.history, w.items) for w in waiting], clock)
                calls.append(("EVALSHA", self._script.sha, len(keys), *keys, *args))
            pipe = self.link.pipe
            replies = await self.link.call_async(lambda: pipe.execute(calls))
            forgotten = [i for i, reply in enumerate(replies) if _is_noscript(reply)]
            if forgotten:
                # A Redis that restarted or was flushed forgot the script: load it and send again the calls
                # that did not run (in one write, so the script cannot be flushed in between).
                again = await self.link.call_async(
                    lambda: pipe.execute([("SCRIPT", "LOAD", HIT), *(calls[i] for i in forgotten)])
                )
                for i, reply in zip(forgotten, again[1:], strict=True):
                    replies[i] = reply
            for waiting, reply in zip(groups, replies, strict=True):
                for n, w in enumerate(waiting):
                    if w.future.done():
                        continue  # the client went away; its request was counted all the same
                    if refused(reply):  # Redis loading its data after a restart, busy, failing over
                        w.future.set_exception(self.link.failed(reply))
                    elif isinstance(reply, Exception):
                        w.future.set_exception(reply)
                    else:
                        decision = self._decision(reply[3 * n], reply[3 * n + 1], reply[3 * n + 2], w.plan, clock)
                        w.future.set_result(decision)
        except BaseException as exc:  # BackendUnavailable, cancellation, a bug: no request waits forever
            for waiting in groups:
                for w in waiting:
                    if w.future.done():
                        continue
                    if isinstance(exc, asyncio.CancelledError):
                        w.future.cancel()
                    else:
                        w.future.set_exception(_fresh(exc))
            if not isinstance(exc, Exception):
                raise

    def _clock_at(self, now: float) -> _Clock:
        """The month and day of `now`, recomputed only when `now` leaves the current day."""
        clock = self._clock
        if not (clock.day_end - 86400 <= now < clock.day_end):
            clock = self._clock = _Clock.at(now)
        return clock._replace(now=now)

    def _call(
        self, account: str, requests: Sequence[tuple[Plan, bool, Sequence[str]]], clock: _Clock
    ) -> tuple[list[str], list[str | int]]:
        """The script's keys and arguments for a batch of one account's requests."""
        now = clock.now
        args: list[str | int] = [
            repr(now),
            repr(self.velocity_window),
            self.velocity_limit,
            repr(self.throttle_seconds),
            math.ceil(clock.day_end - now) + DAILY_KEEP_DAYS * 86400,
            math.ceil(clock.month_end - now) + MONTH_KEEP_DAYS * 86400,
        ]
        for plan, history, items in requests:
            args += (plan.monthly_requests, plan.daily_history if history else -1, len(items), *items)
        return _keys(account, clock.month, clock.day), args

    @staticmethod
    def _decision(verdict: Any, used: Any, until: Any, plan: Plan, clock: _Clock) -> Decision:
        remaining = max(0, plan.monthly_requests - int(used))
        code = _CODES[int(verdict)]
        if code is None:
            return Decision(True, None, plan.monthly_requests, remaining, int(clock.month_end), None)
        now = clock.now
        wait = {VELOCITY_THROTTLED: float(until or 0) - now, DAILY_HISTORY_LIMIT: clock.day_end - now}.get(
            code, clock.month_end - now
        )
        return Decision(False, code, plan.monthly_requests, remaining, int(clock.month_end), whole_seconds(wait))

    def flush(self) -> None:
        """Nothing is held in memory: every hit is already in Redis."""

    def checkpoint(self) -> None:
        """Redis persists by its own configuration (AOF/RDB; deploy/README.md)."""

    def usage(self, account: str, plan: Plan, now: float | None = None) -> dict[str, Any]:
        """This month's and today's counts of `account`, exact (nothing is reserved ahead)."""
        if self._closed:
            raise RuntimeError("Quotas is closed")
        now = time.time() if now is None else now
        month, _, month_end = month_window(now)
        day, _, _ = day_window(now)
        throttle, velocity, daily, monthly = _keys(account, month, day)

        def read() -> list[Any]:
            pipe = self.link.client.pipeline(transaction=False)
            pipe.get(monthly)
            pipe.get(daily)
            pipe.zcount(velocity, f"({now - self.velocity_window!r}", "+inf")
            pipe.get(throttle)
            return list(pipe.execute())

        used_raw, daily_raw, items, until_raw = self.link.call(read)
        used = int(used_raw or 0)
        until = float(until_raw or 0)
        return {
            "month": month,
            "requests": used,
            "monthly_limit": plan.monthly_requests,
            "monthly_remaining": max(0, plan.monthly_requests - used),
            "reset": int(month_end),
            "day": day,
            "history_calls": int(daily_raw or 0),
            "daily_history_limit": plan.daily_history,
            "velocity_items": int(items),
            "velocity_limit": self.velocity_limit,
            "throttled_until": math.ceil(until) if until > now else None,
        }

    def close(self) -> None:
        """Closes the synchronous pool; a server worker closes the asyncio one first (`aclose`)."""
        if not self._closed:
            self._closed = True
            self.link.close()

    async def aclose(self) -> None:
        """Lets the batch in flight finish (its requests are counted), then closes the asyncio client."""
        if self._courier is not None:
            await asyncio.wait([self._courier])
        await self.link.aclose()

    def __enter__(self) -> RedisQuotas:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
