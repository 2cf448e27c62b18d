"""Key-revocation notices: a key revoked anywhere is refused by every origin at once, not only when a
cached lookup expires.

Each server worker caches key lookups for a few seconds (server/keys.py); the keys table itself is
the truth, so a revocation always takes effect within that TTL. A notice shortens that to about a
round trip: the command line announces each revoked prefix, and every worker drops the prefix from
its cache when the notice arrives. With SQLite (one machine) the notice reaches only the process
that revoked; with Redis it is a set (`feeds:revoked`, read whole on every (re)connection, so a
notice sent while a worker was cut off is not lost) plus a pub/sub channel for the live ones.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Protocol

from collectors.shared_redis import UNREACHABLE, RedisLink, key

log = logging.getLogger("feeds.server")

CHANNEL = key("revocations")
REVOKED = key("revoked")
RECONNECT_SECONDS = 1.0


class Revocations(Protocol):
    def announce(self, prefix: str) -> None:
        """Tell every listening process that `prefix` is revoked (may raise BackendUnavailable)."""

    def listen(self, revoked: Callable[[str], None]) -> None:
        """Call `revoked(prefix)` for every announced prefix from now on (and the ones already known)."""

    def close(self) -> None: ...


class LocalRevocations:
    """No shared channel: listeners in this process hear announcements made in this process."""

    def __init__(self) -> None:
        self._listeners: list[Callable[[str], None]] = []

    def announce(self, prefix: str) -> None:
        for listener in self._listeners:
            listener(prefix)

    def listen(self, revoked: Callable[[str], None]) -> None:
        self._listeners.append(revoked)

    def close(self) -> None:
        self._listeners.clear()


class RedisRevocations:
    """A set of revoked prefixes and a channel; each listener is one daemon thread that reconnects forever."""

    def __init__(self, link: RedisLink) -> None:
        self.link = link
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.connected = threading.Event()
        """Set while a listener is subscribed (tests wait on it)."""

    def announce(self, prefix: str) -> None:
        def send() -> None:
            pipe = self.link.client.pipeline(transaction=True)
            pipe.sadd(REVOKED, prefix)
            pipe.publish(CHANNEL, prefix)
            pipe.execute()

        self.link.call(send)

    def listen(self, revoked: Callable[[str], None]) -> None:
        thread = threading.Thread(target=self._run, args=(revoked,), name="revocation-notices", daemon=True)
        self._threads.append(thread)
        thread.start()

    def _run(self, revoked: Callable[[str], None]) -> None:
        while not self._stop.is_set():
            pubsub = self.link.client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]  # redis-py leaves it unannotated
            try:
                pubsub.subscribe(CHANNEL)
                for prefix in self.link.client.smembers(REVOKED):  # after subscribing: nothing falls between
                    revoked(_text(prefix))
                self.connected.set()
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message is not None and message["type"] == "message":
                        revoked(_text(message["data"]))
            except UNREACHABLE:
                if self.connected.is_set():
                    log.warning("revocation notices: Redis unreachable; reconnecting (the key cache TTL still applies)")
                self.connected.clear()
                self._stop.wait(RECONNECT_SECONDS)
            finally:
                with contextlib.suppress(*UNREACHABLE):
                    pubsub.close()

    def close(self) -> None:
        self._stop.set()
        deadline = time.monotonic() + 2
        for thread in self._threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
        self.link.close()


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
