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

import asyncio
import ssl
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar, cast

import hiredis
import redis
import redis.asyncio
from redis.backoff import NoBackoff
from redis.connection import SSLConnection, parse_url
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
REFUSALS = frozenset({"LOADING", "BUSY", "MASTERDOWN", "READONLY", "TRYAGAIN", "CLUSTERDOWN"})
"""Error replies of a Redis that cannot serve for now: reading its data after a restart, running a long
script, a replica or a cluster in failover. Unavailable, as a Redis that is down: the request path's
pipe (`RedisPipe`) hands them back as plain ResponseError, where redis-py raises BusyLoadingError."""


def refused(exc: BaseException) -> bool:
    """Whether `exc` is one of the REFUSALS."""
    return isinstance(exc, redis.exceptions.ResponseError) and str(exc).split(" ", 1)[0] in REFUSALS


def unavailable(exc: BaseException) -> bool:
    """Whether `exc` says Redis cannot serve: UNREACHABLE, or one of the REFUSALS."""
    return isinstance(exc, UNREACHABLE) or refused(exc)


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
        self._pipe: RedisPipe | None = None

    @property
    def pipe(self) -> RedisPipe:
        """The request path's one connection (per worker), made on first use inside its event loop."""
        if self._pipe is None:
            self._pipe = RedisPipe(self.url)
        return self._pipe

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

    def failed(self, exc: BaseException) -> BackendUnavailable:
        """What a call that found Redis down or refusing raises; calls fail at once for PAUSE_SECONDS."""
        with self._lock:
            self._paused_until = time.monotonic() + PAUSE_SECONDS
        error = BackendUnavailable("the shared counters (Redis) are unreachable")
        error.__cause__ = exc  # also when handed to a waiting request rather than raised
        return error

    async def call_async(self, action: Callable[[], Awaitable[T]]) -> T:
        """`call` for coroutines: the same pause after a failure, the same BackendUnavailable."""
        if self._paused_until and time.monotonic() < self._paused_until:
            raise BackendUnavailable("the shared counters (Redis) are unreachable")
        try:
            result = await action()
        except Exception as exc:
            if unavailable(exc):
                raise self.failed(exc) from exc
            raise
        if self._paused_until:
            self._paused_until = 0.0
        return result

    def call(self, action: Callable[[], T]) -> T:
        """Run `action` against Redis; `BackendUnavailable` if Redis is down or refusing work (or was,
        moments ago)."""
        if self._paused_until and time.monotonic() < self._paused_until:
            raise BackendUnavailable("the shared counters (Redis) are unreachable")
        try:
            result = action()
        except Exception as exc:
            if unavailable(exc):
                raise self.failed(exc) from exc
            raise
        if self._paused_until:
            self._paused_until = 0.0
        return result

    def close(self) -> None:
        self.client.close()
        self.client.connection_pool.disconnect()

    async def aclose(self) -> None:
        if self._pipe is not None:
            await self._pipe.aclose()
            self._pipe = None
        if self._async is not None:
            await self._async.aclose()
            self._async = None


Command = Sequence[str | bytes | int]


class RedisPipe:
    """One connection that sends a list of commands in one write and hands back their replies in order.

    The request path's client: redis-py's asyncio client spends about 100 us of the worker's CPU on
    every round trip (pool, retry and timeout wrappers, per-command parsing), which is most of a keyed
    request's own cost. Here a round trip is one `write` and one `hiredis` parse (about 20 us), and
    the commands of many requests share it (server/quotas_redis.py batches them). The same rules as
    the pooled clients: connect within CONNECT_TIMEOUT, replies within SOCKET_TIMEOUT, failures raised
    as redis-py's ConnectionError/TimeoutError (so `RedisLink.call_async` answers BackendUnavailable),
    and a connection that Redis closed (a restart) is noticed at once and replaced by the next call,
    before anything is sent on it. Error replies come back in their place, as ResponseError.
    """

    def __init__(self, url: str) -> None:
        self.options: dict[str, Any] = parse_url(url)  # type: ignore[no-untyped-call]
        self._protocol: _Replies | None = None

    async def execute(self, commands: Sequence[Command]) -> list[Any]:
        protocol = self._protocol
        if protocol is None or protocol.lost or protocol.loop is not asyncio.get_running_loop():
            protocol = self._protocol = await self._connect()
        return await protocol.send(commands)

    async def _connect(self) -> _Replies:
        loop = asyncio.get_running_loop()
        options = self.options
        try:
            async with asyncio.timeout(CONNECT_TIMEOUT):
                if "path" in options:
                    _, protocol = await loop.create_unix_connection(_Replies, options["path"])
                else:
                    tls = _tls(options) if options.get("connection_class") is SSLConnection else None
                    _, protocol = await loop.create_connection(
                        _Replies, options["host"], options.get("port", 6379), ssl=tls
                    )
        except (OSError, TimeoutError) as exc:
            raise redis.exceptions.ConnectionError(f"cannot connect to Redis: {exc}") from exc
        hello: list[Command] = []
        if options.get("password"):
            hello.append(["AUTH", *([options["username"]] if options.get("username") else []), options["password"]])
        if options.get("db"):
            hello.append(["SELECT", options["db"]])
        try:
            for reply in await protocol.send(hello) if hello else []:
                if isinstance(reply, redis.exceptions.ResponseError):
                    raise redis.exceptions.ConnectionError(f"Redis refused the connection: {reply}")
        except BaseException:
            protocol.close()
            await asyncio.wait([protocol.closed], timeout=SOCKET_TIMEOUT)
            raise
        return protocol

    async def aclose(self) -> None:
        protocol, self._protocol = self._protocol, None
        if protocol is not None:
            protocol.close()
            await asyncio.wait([protocol.closed], timeout=SOCKET_TIMEOUT)


class _Replies(asyncio.Protocol):
    """One connection's replies, handed in order to the futures of the commands sent on it."""

    def __init__(self) -> None:
        self.reader = hiredis.Reader(
            protocolError=redis.exceptions.InvalidResponse, replyError=redis.exceptions.ResponseError
        )
        self.waiting: deque[asyncio.Future[Any]] = deque()
        self.transport: asyncio.Transport | None = None
        self.loop = asyncio.get_running_loop()
        self.closed: asyncio.Future[None] = self.loop.create_future()
        self.lost = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = cast(asyncio.Transport, transport)  # uvloop's are not asyncio.Transport subclasses

    def data_received(self, data: bytes) -> None:
        self.reader.feed(data)
        try:
            while (reply := self.reader.gets()) is not False:
                future = self.waiting.popleft()
                if not future.done():  # a caller that timed out or went away still gets its reply read
                    future.set_result(reply)
        except (redis.exceptions.InvalidResponse, IndexError):
            self.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.lost = True
        if not self.closed.done():
            self.closed.set_result(None)
        while self.waiting:
            future = self.waiting.popleft()
            if not future.done():
                future.set_exception(redis.exceptions.ConnectionError("Redis closed the connection"))

    async def send(self, commands: Sequence[Command]) -> list[Any]:
        assert self.transport is not None
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in commands]
        self.waiting.extend(futures)
        self.transport.write(b"".join(_pack(command) for command in commands))
        try:
            async with asyncio.timeout(SOCKET_TIMEOUT):
                return [await future for future in futures]
        except TimeoutError:
            self.close()
            raise redis.exceptions.TimeoutError("no reply from Redis in time") from None
        finally:
            for future in futures:  # after a failure: the rest are abandoned with the connection
                if not future.done():
                    future.cancel()
                elif not future.cancelled():
                    future.exception()  # retrieved, so asyncio does not log it

    def close(self) -> None:
        self.lost = True
        if self.transport is not None:
            self.transport.close()


def _tls(options: dict[str, Any]) -> ssl.SSLContext:
    """A `rediss://` URL's TLS, with the query options redis-py's own clients honour for it
    (`ssl_ca_certs`, `ssl_cert_reqs=none`, `ssl_check_hostname=false`)."""
    context = ssl.create_default_context(cafile=options.get("ssl_ca_certs"))
    if options.get("ssl_check_hostname") is False or options.get("ssl_cert_reqs") in ("none", ssl.CERT_NONE):
        context.check_hostname = False
    if options.get("ssl_cert_reqs") in ("none", ssl.CERT_NONE):
        context.verify_mode = ssl.CERT_NONE
    return context


def _pack(command: Command) -> bytes:
    """A command in RESP: an array of bulk strings."""
    parts = [b"*%d\r\n" % len(command)]
    for arg in command:
        data = arg if isinstance(arg, bytes) else str(arg).encode()
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


def key(*parts: str) -> str:
    return PREFIX + ":".join(parts)


def shared_redis(settings: Settings) -> RedisLink | None:
    """A link to the configured Redis, or None when `FEEDS_REDIS_URL` is unset (SQLite stays in use)."""
    url = str(settings.feeds_redis_url).strip()
    return RedisLink(url) if url else None
