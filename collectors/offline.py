"""Choosing between the network and the offline replay, in one place."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

import httpx

from collectors.protocol import Resolver, system_resolver
from feeds.settings import Settings


def replay_now(day: date) -> datetime:
    """The simulated clock of a replayed day: noon UTC, so a replay is the same whenever it runs."""
    return datetime.combine(day, time(12, 0), tzinfo=UTC)


def upstream(
    settings: Settings, offline: bool, day: date
) -> tuple[httpx.AsyncBaseTransport | None, Resolver, datetime]:
    """(transport, resolver, now) for collecting `day`: the network, or the replayed ecosystem."""
    if not (offline or settings.feeds_offline):
        return None, system_resolver, datetime.now(UTC)
    from collectors.replay import ReplayWorld

    world = ReplayWorld(settings)
    now = replay_now(day)
    return world.transport(now), world.resolve, now
