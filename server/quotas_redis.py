"""Quotas in Redis (`FEEDS_REDIS_URL`): the same three limits, exact across every origin.

One Lua script per keyed request checks the throttle, the velocity window, the day's history calls
and the month's requests, and consumes one of each only if all allow it: Redis runs a script
atomically, so two origins can never both take the last request, and a refused request consumes
nothing. No quota is reserved ahead in memory, so nothing is stranded in a process either: the
count is exact at every moment (the SQLite default trades that for no shared write per request;
docs/quotas.md). The request path awaits the script on the asyncio client (`hit_async`), so a worker
serves other requests while Redis answers: a synchronous call blocked the event loop for every round
trip, and on a busy machine that cut throughput to a fifth (docs/quotas.md). `hit` (synchronous, one
pooled connection) is for the command line and tests.

Times come from the caller (`now`), never from Redis, so the verdicts are the same functions of time
as the SQLite store's; expiries are only garbage collection, relative to `now`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from redis.commands.core import AsyncScript

from collectors.shared_redis import RedisLink, key
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

# KEYS: throttle, velocity, daily, monthly.
# ARGV: now, window, velocity limit, throttle seconds, daily limit (-1: not a history call),
#       monthly limit, daily ttl, monthly ttl, items...
# Returns {verdict, monthly used after, throttle until}: 0 allowed, 1 throttled, 2 daily, 3 monthly.
# Numbers cross into Redis as strings formatted here: Lua's own conversion keeps 14 digits.
HIT = """
local now = tonumber(ARGV[1])
local used = tonumber(redis.call('GET', KEYS[4]) or '0')
local throttled = tonumber(redis.call('GET', KEYS[1]) or '0')
if throttled > now then
    return {1, used, string.format('%.6f', throttled)}
end
local first = 9
if #ARGV >= first then
    local window = tonumber(ARGV[2])
    redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%.6f', now - window))
    local count = redis.call('ZCARD', KEYS[2])
    local fresh, seen = 0, {}
    for i = first, #ARGV do
        local item = ARGV[i]
        if not seen[item] then
            seen[item] = true
            if not redis.call('ZSCORE', KEYS[2], item) then
                fresh = fresh + 1
            end
        end
    end
    if count + fresh > tonumber(ARGV[3]) then
        local seconds = tonumber(ARGV[4])
        local till = string.format('%.6f', now + seconds)
        redis.call('SET', KEYS[1], till, 'EX', math.ceil(seconds) + 60)
        redis.call('DEL', KEYS[2])  -- a clean slate after the throttle
        return {1, used, till}
    end
end
local daily_limit = tonumber(ARGV[5])
if daily_limit >= 0 and tonumber(redis.call('GET', KEYS[3]) or '0') >= daily_limit then
    return {2, used, ''}
end
if used >= tonumber(ARGV[6]) then
    return {3, used, ''}
end
if #ARGV >= first then
    for i = first, #ARGV do
        redis.call('ZADD', KEYS[2], 'GT', ARGV[1], ARGV[i])
    end
    redis.call('EXPIRE', KEYS[2], math.ceil(tonumber(ARGV[2])) + 60)
end
if daily_limit >= 0 then
    redis.call('INCR', KEYS[3])
    redis.call('EXPIRE', KEYS[3], ARGV[7])
end
used = redis.call('INCR', KEYS[4])
redis.call('EXPIRE', KEYS[4], ARGV[8])
return {0, used, ''}
"""

_CODES = (None, VELOCITY_THROTTLED, DAILY_HISTORY_LIMIT, MONTHLY_LIMIT)


def _keys(account: str, month: str, day: str) -> list[str]:
    # The account in braces: one hash slot per account, so the script's keys stay together on a cluster.
    tag = f"{{{account}}}"
    return [key("q", tag, "throttle"), key("q", tag, "velocity"), key("q", tag, "d", day), key("q", tag, "m", month)]


class RedisQuotas:
    """The three limits, counted in Redis; every call is one atomic script (see the module docstring)."""

    def __init__(self, settings: Settings, link: RedisLink) -> None:
        self.link = link
        self.velocity_limit = int(settings.feeds_velocity_limit)
        self.velocity_window = float(settings.feeds_velocity_window)
        self.throttle_seconds = float(settings.feeds_throttle_seconds)
        self._script = link.client.register_script(HIT)
        self._async_script: AsyncScript | None = None
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
        now = time.time() if now is None else now
        keys, args, month_end, day_end = self._call(account, plan, history, items, now)
        reply = self.link.call(lambda: self._script(keys=keys, args=args))
        return self._decision(reply, plan, now, month_end, day_end)

    def _call(
        self, account: str, plan: Plan, history: bool, items: Sequence[str], now: float
    ) -> tuple[list[str], list[str | int], float, float]:
        """The script's keys and arguments for one request, and the ends of its month and day."""
        month, _, month_end = month_window(now)
        day, _, day_end = day_window(now)
        args: list[str | int] = [
            repr(now),
            repr(self.velocity_window),
            self.velocity_limit,
            repr(self.throttle_seconds),
            plan.daily_history if history else -1,
            plan.monthly_requests,
            math.ceil(day_end - now) + DAILY_KEEP_DAYS * 86400,
            math.ceil(month_end - now) + MONTH_KEEP_DAYS * 86400,
            *items,
        ]
        return _keys(account, month, day), args, month_end, day_end

    @staticmethod
    def _decision(reply: Any, plan: Plan, now: float, month_end: float, day_end: float) -> Decision:
        verdict, used, until = reply
        remaining = max(0, plan.monthly_requests - int(used))
        code = _CODES[int(verdict)]
        if code is None:
            return Decision(True, None, plan.monthly_requests, remaining, int(month_end), None)
        wait = {VELOCITY_THROTTLED: float(until or 0) - now, DAILY_HISTORY_LIMIT: day_end - now}.get(
            code, month_end - now
        )
        return Decision(False, code, plan.monthly_requests, remaining, int(month_end), whole_seconds(wait))

    async def hit_async(
        self, account: str, plan: Plan, *, history: bool = False, items: Sequence[str] = ()
    ) -> Decision:
        """`hit` on the asyncio client: the worker serves other requests during the round trip."""
        if self._closed:
            raise RuntimeError("Quotas is closed")
        if self._async_script is None:
            self._async_script = self.link.async_client.register_script(HIT)
        script = self._async_script
        now = time.time()
        keys, args, month_end, day_end = self._call(account, plan, history, items, now)
        reply = await self.link.call_async(lambda: script(keys=keys, args=args))
        return self._decision(reply, plan, now, month_end, day_end)

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
        await self.link.aclose()

    def __enter__(self) -> RedisQuotas:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
