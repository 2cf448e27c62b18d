"""The demand log's store: the server adds batched lookup counts per day, the build sums a week of them.

Two implementations behind one interface: the state store's table (SQLite on one machine, the default,
or PostgreSQL with `FEEDS_DATABASE_URL`) and Redis (`FEEDS_REDIS_URL`, where the per-request counters
already live). `open_demand_log` picks one.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Protocol

from collectors.shared_redis import RedisLink, key, shared_redis
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings

KEEP_DAYS = 35
"""Days a day's counts stay in Redis: the build reads the last seven; the rest is slack for a late build."""
SEPARATOR = "\t"
"""Between feed and entity in a Redis hash field (neither contains a tab)."""


class DemandLog(Protocol):
    def add(self, day: str, counts: Mapping[tuple[str, str], int]) -> None:
        """Add one batch of lookups of `day` (callers batch; never a write per request)."""

    def between(self, first_day: str, last_day: str) -> dict[tuple[str, str], int]:
        """Lookups per (feed, entity) on days first_day..last_day inclusive."""

    def close(self) -> None: ...


class StateDemandLog:
    """The `demand` table of the state store (SQLite, or PostgreSQL with FEEDS_DATABASE_URL), opened
    per call so no connection outlives its use."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def add(self, day: str, counts: Mapping[tuple[str, str], int]) -> None:
        state = StateStore(state_database(self.settings))
        try:
            state.add_demand(day, counts)
        finally:
            state.close()

    def between(self, first_day: str, last_day: str) -> dict[tuple[str, str], int]:
        state = StateStore(state_database(self.settings))
        try:
            return state.demand_between(first_day, last_day)
        finally:
            state.close()

    def close(self) -> None:
        pass


class RedisDemandLog:
    """One hash per day (`feeds:demand:<day>`, field feed<TAB>entity): HINCRBY adds, so origins never collide."""

    def __init__(self, link: RedisLink) -> None:
        self.link = link

    def add(self, day: str, counts: Mapping[tuple[str, str], int]) -> None:
        rows = [(f"{feed}{SEPARATOR}{entity}", n) for (feed, entity), n in counts.items() if n > 0]
        if not rows:
            return
        name = key("demand", day)

        def write() -> None:
            pipe = self.link.client.pipeline(transaction=True)
            for field, n in rows:
                pipe.hincrby(name, field, n)
            pipe.expire(name, KEEP_DAYS * 86400)
            pipe.execute()

        self.link.call(write)

    def between(self, first_day: str, last_day: str) -> dict[tuple[str, str], int]:
        first, last = date.fromisoformat(first_day), date.fromisoformat(last_day)
        days = [str(first + timedelta(days=i)) for i in range((last - first).days + 1)]

        def read() -> list[dict[bytes, bytes]]:
            pipe = self.link.client.pipeline(transaction=False)
            for day in days:
                pipe.hgetall(key("demand", day))
            return list(pipe.execute())

        totals: dict[tuple[str, str], int] = {}
        for counts in self.link.call(read):
            for field, n in counts.items():
                feed, _, entity = field.decode().partition(SEPARATOR)
                totals[(feed, entity)] = totals.get((feed, entity), 0) + int(n)
        return totals

    def close(self) -> None:
        self.link.close()


def open_demand_log(settings: Settings) -> DemandLog:
    link = shared_redis(settings)
    return RedisDemandLog(link) if link is not None else StateDemandLog(settings)
