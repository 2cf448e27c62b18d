"""The one small protocol every collector implements, and the context it is given.

A collector is given a context (the day, the clock, the HTTP layer, the previous snapshot of its
feed and each entity's last archived row, the tracking queue) and returns validated rows. It does
not write: the runner owns the archive, the run log and the change counts, so no collector can
half-write a day.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, ClassVar, Protocol

from collectors.http import HttpClient
from collectors.models import Row
from collectors.state import StateStore
from collectors.validation import Tally
from feeds.progress import NullProgress, Progress
from feeds.settings import Settings

Resolver = Callable[[str], Awaitable[list[str]]]
"""Host name -> IP addresses. The SSRF guard checks every address; offline replay injects its own."""


async def system_resolver(host: str) -> list[str]:
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    return sorted({str(info[4][0]) for info in infos})


def resolver_for(settings: Settings) -> Resolver:
    """The system resolver; offline, a fixed name table instead (an offline machine resolves no name).

    Honoured only with FEEDS_OFFLINE=1, so a production server never trusts it. The addresses it
    returns still go through every rule of `check_url`; a name not in the table fails as DNS would.
    """
    table = settings.feeds_offline_hosts if settings.feeds_offline else ""
    if not table.strip():
        return system_resolver
    hosts: dict[str, list[str]] = {}
    for entry in table.split(","):
        host, _, address = entry.strip().partition("=")
        hosts.setdefault(host.strip().lower(), []).append(address.strip())

    async def resolve(host: str) -> list[str]:
        try:
            return hosts[host.lower()]
        except KeyError:
            raise OSError(f"{host} is not in FEEDS_OFFLINE_HOSTS") from None

    return resolve


LastSnapshots = Callable[[Iterable[str]], dict[str, dict[str, Any]]]
"""Entities -> each one's most recent archived row before the day being collected, by entity."""


def no_snapshots(entities: Iterable[str]) -> dict[str, dict[str, Any]]:
    return {}


@dataclass
class CollectContext:
    day: date
    now: datetime
    http: HttpClient
    settings: Settings
    state: StateStore
    previous: dict[str, dict[str, Any]] = field(default_factory=dict)
    """The feed's rows on its latest archived day before `day`, by entity (empty on the first day)."""
    previous_day: str | None = None
    last_snapshots: LastSnapshots = no_snapshots
    """The given entities' most recent archived rows before `day`, whatever day each is from. Unlike
    `previous`, an entity missing from the latest day (a page that failed to fetch) still has one."""
    resolver: Resolver = system_resolver
    progress: Progress = field(default_factory=NullProgress)
    warnings: list[str] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    """Items seen and skipped, first validation errors, unknown upstream fields: what drift checks read."""

    def __post_init__(self) -> None:
        self.tally.warn = self.warn

    def warn(self, message: str) -> None:
        self.warnings.append(message)


class Collector(Protocol):
    feed: ClassVar[str]
    volatile_fields: ClassVar[frozenset[str]]
    """Row fields that change on every snapshot without the entity changing (ignored in `changed`)."""

    async def collect(self, ctx: CollectContext) -> Sequence[Row]:
        """The day's rows; a `Sequence` (covariant), so each collector returns its own row type."""
        ...


class BaseCollector:
    feed: ClassVar[str] = ""
    volatile_fields: ClassVar[frozenset[str]] = frozenset()

    async def collect(self, ctx: CollectContext) -> Sequence[Row]:
        raise NotImplementedError
