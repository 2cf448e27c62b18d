"""Demand per entity: its rank in this week's demand index and its last eight weekly ranks.

The ranking is the demand index's (build/pipeline.py `write_demand`): every entity of every feed
with at least one keyed lookup in the week, most lookups first, ties by (feed, entity); the index
publishes the top 100, an entity card carries its rank however far down it is. Weeks are the index's
windows (seven days ending on the reference day), stepped back a week at a time.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import orjson

from collectors.demand_log import DemandLog

WEEKS = 8
WEEK_DAYS = 7

Demand = dict[tuple[str, str], int]


class DailyDemand:
    """The demand log read one day at a time (each day once per build), summed into the week ending on
    any day: what a past day's momentum is scored with, so the score history of a day is the same in
    every later build (the incremental build reuses past days' documents)."""

    def __init__(self, log: DemandLog) -> None:
        self.log = log
        self.days: dict[str, Demand] = {}
        self.weeks: dict[tuple[str, str], dict[str, int]] = {}

    def _day(self, day: str) -> Demand:
        counts = self.days.get(day)
        if counts is None:
            counts = self.days[day] = self.log.between(day, day)
        return counts

    def week(self, feed: str, last_day: str) -> dict[str, int]:
        """entity -> lookups of `feed` in the seven days ending on `last_day`."""
        key = (feed, last_day)
        found = self.weeks.get(key)
        if found is None:
            end = date.fromisoformat(last_day)
            found = {}
            for back in range(WEEK_DAYS):
                for (f, entity), n in self._day(str(end - timedelta(days=back))).items():
                    if f == feed:
                        found[entity] = found.get(entity, 0) + n
            self.weeks[key] = found
        return found


def week_windows(reference: str, weeks: int = WEEKS) -> list[tuple[str, str]]:
    """(first day, last day) of each of the last `weeks` weeks ending on `reference`, oldest first."""
    last = date.fromisoformat(reference)
    windows = []
    for back in range(weeks - 1, -1, -1):
        end = last - timedelta(days=WEEK_DAYS * back)
        windows.append((str(end - timedelta(days=WEEK_DAYS - 1)), str(end)))
    return windows


def ranks(demand: Demand) -> dict[tuple[str, str], int]:
    """1-based positions in the demand index's order (lookups descending, then feed, then entity)."""
    ordered = sorted(((key, n) for key, n in demand.items() if n > 0), key=lambda item: (-item[1], item[0]))
    return {key: position for position, (key, _) in enumerate(ordered, start=1)}


class EntityDemand:
    """Each entity's demand over the last eight weeks, computed once per build."""

    def __init__(self, windows: list[tuple[str, str]], weekly: list[Demand]) -> None:
        self.windows = windows
        self.weekly = weekly
        self.weekly_ranks = [ranks(week) for week in weekly]
        self._looked_up = {key for week in weekly for key, n in week.items() if n > 0}
        self._no_weeks = [{"from": first, "to": last, "rank": None, "lookups": 0} for first, last in windows]
        """The weeks of every entity with no lookup in any of them (most of them): built once, shared, read-only."""

    @classmethod
    def load(cls, log: DemandLog, reference: str, this_week: Demand | None = None) -> EntityDemand:
        windows = week_windows(reference)
        weekly = [log.between(*window) for window in windows[:-1]]
        weekly.append(this_week if this_week is not None else log.between(*windows[-1]))
        return cls(windows, weekly)

    @classmethod
    def empty(cls, reference: str) -> EntityDemand:
        """No recorded lookups at all (a build without a demand log)."""
        windows = week_windows(reference)
        return cls(windows, [{} for _ in windows])

    def of(self, feed: str, entity: str) -> dict[str, Any]:
        """`{rank, lookups, weeks: [{from, to, rank, lookups}] oldest first}`; rank null without lookups."""
        key = (feed, entity)
        if key not in self._looked_up:
            return {"rank": None, "lookups": 0, "weeks": self._no_weeks}
        weeks = [
            {"from": first, "to": last, "rank": week_ranks.get(key), "lookups": week.get(key, 0)}
            for (first, last), week, week_ranks in zip(self.windows, self.weekly, self.weekly_ranks, strict=True)
        ]
        return {"rank": weeks[-1]["rank"], "lookups": weeks[-1]["lookups"], "weeks": weeks}

    def looked_up(self, feed: str) -> list[str]:
        """The feed's entities with a lookup in any of the weeks."""
        return [entity for f, entity in self._looked_up if f == feed]

    def card(self, feed: str, entity: str) -> dict[str, Any]:
        """`card_demand(self.of(feed, entity))`, without building the weeks of an entity no one looked
        up (most of them: every absent entity of every build)."""
        if (feed, entity) not in self._looked_up:
            return {"rank": None, "lookups": 0, "weeks": []}
        return card_demand(self.of(feed, entity))


UNSEEN_WEEKS = b'"weeks":[]}}'
"""How a stored entity card ends when the entity had no lookup in any of the eight weeks: its `demand`
(written last) with no weeks. The weeks of such an entity are the same for every entity and move with
the build's day, so the card is stored without them, stays the same from build to build while the entity
is absent from its feed (build/pages.py `SitePages.settle`), and the server puts them back (`card_weeks`)."""


def card_demand(shown: dict[str, Any]) -> dict[str, Any]:
    """The `demand` a card stores: `shown` (`EntityDemand.of`), or no weeks when none had a lookup."""
    if not any(week["lookups"] for week in shown["weeks"]):
        return {"rank": None, "lookups": 0, "weeks": []}
    return shown


def unseen_weeks(windows: list[dict[str, str]]) -> bytes:
    """The weeks of an entity with no lookup in any of them, serialized: `windows` as build.json's
    `demandWeeks` lists them (`{from, to}`, oldest first)."""
    return orjson.dumps([{"from": w["from"], "to": w["to"], "rank": None, "lookups": 0} for w in windows])


def card_weeks(card: bytes, weeks: bytes | None) -> bytes:
    """The card as the API serves it: a stored card without weeks (`UNSEEN_WEEKS`) gets `weeks`
    (`unseen_weeks`); any other card, or a build that lists no weeks (`weeks` None), is served as stored."""
    if weeks is None or not card.endswith(UNSEEN_WEEKS):
        return card
    return card[: -len(UNSEEN_WEEKS)] + b'"weeks":' + weeks + b"}}"
