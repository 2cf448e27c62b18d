"""The Redis that several origins share (`FEEDS_REDIS_URL`), and what happens when it cannot be reached.

The one place that reads the setting: every store with two implementations (quotas, the demand log,
key-revocation notices) asks `shared_redis(settings)` and takes its Redis implementation when it gets a
link, its SQLite one (the embedded default) when it gets None.

A request must never wait long on an unreachable Redis, and must never pass for free either: short
timeouts, no client-side backoff, and after a failure every call fails at once (`BackendUnavailable`,
answered 503 with Retry-After) for `PAUSE_SECONDS`, then the next call tries again, so service
comes back by itself when Redis does.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import redis
import redis.asyncio
from redis.backoff import NoBackoff
from redis.retry import Retry

from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings

PREFIX = "feeds:"
"""Every key this service writes starts with it, so a Redis may be shared with other applications."""
CONNECT_TIMEOUT = 0.5
SOCKET_TIMEOUT = 1.0
"""Seconds; the quota script runs in microseconds, so a reply this late means Redis is in trouble."""
PAUSE_SECONDS = 0.5
"""After a failure, calls fail at once for this long: one timeout, not one per request."""
UNREACHABLE: tuple[type[Exception], ...] = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)
"""Redis down, restarting (BusyLoadingError is a ConnectionError), or too slow."""

T = TypeVar("T")


class RedisLink:
    """A pooled client (thread-safe) and the short pause after a failure, shared by one store."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client: redis.Redis = redis.Redis.from_url(
            url,
            socket_connect_timeout=CONNECT_TIMEOUT,
            socket_timeout=SOCKET_TIMEOUT,
            # One immediate retry on a broken connection (a pooled socket to a Redis that restarted);
            # never on a timeout, where the command may have run, and never with a sleep on the loop.
            retry=Retry(NoBackoff(), 1, supported_errors=(redis.exceptions.ConnectionError,)),
            health_check_interval=30,
        )
        self._lock = threading.Lock()
        self._paused_until = 0.0
        self._async: redis.asyncio.Redis | None = None

    @property
    def async_client(self) -> redis.asyncio.Redis:
        """The asyncio client of the request path, made on first use inside the worker's event loop."""
        if self._async is None:
            self._async = redis.asyncio.Redis.from_url(
                self.url,
                socket_connect_timeout=CONNECT_TIMEOUT,
                socket_timeout=SOCKET_TIMEOUT,
                retry=redis.asyncio.retry.Retry(NoBackoff(), 1, supported_errors=(redis.exceptions.ConnectionError,)),
                health_check_interval=30,
            )
        return self._async

    async def call_async(self, action: Callable[[], Awaitable[T]]) -> T:
        """`call` for coroutines: the same pause after a failure, the same BackendUnavailable."""
        if self._paused_until and time.monotonic() < self._paused_until:
            raise BackendUnavailable("the shared counters (Redis) are unreachable")
        try:
            result = await action()
        except UNREACHABLE as exc:
            self._paused_until = time.monotonic() + PAUSE_SECONDS
            raise BackendUnavailable("the shared counters (Redis) are unreachable") from exc
        if self._paused_until:
            self._paused_until = 0.0
        return result

    def call(self, action: Callable[[], T]) -> T:
        """Run `action` against Redis; `BackendUnavailable` if Redis is down (or was, moments ago)."""
        if self._paused_until and time.monotonic() < self._paused_until:
            raise BackendUnavailable("the shared counters (Redis) are unreachable")
        try:
            result = action()
        except UNREACHABLE as exc:
            with self._lock:
                self._paused_until = time.monotonic() + PAUSE_SECONDS
            raise BackendUnavailable("the shared counters (Redis) are unreachable") from exc
        if self._paused_until:
            self._paused_until = 0.0
        return result

    def close(self) -> None:
        self.client.close()
        self.client.connection_pool.disconnect()

    async def aclose(self) -> None:
        if self._async is not None:
            await self._async.aclose()
            self._async = None


def key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


def shared_redis(settings: Settings) -> RedisLink | None:
    """A link to the configured Redis, or None when `FEEDS_REDIS_URL` is unset (SQLite stays in use)."""
    url = str(settings.feeds_redis_url).strip()
    return RedisLink(url) if url else None
