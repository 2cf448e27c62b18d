"""Each entity's last few change events (what its card and page list), as the bytes of the events files.

The trends pass goes through a year of days in order, and an entity's last events may be from any of
them. Holding the events themselves as the days went by (hundreds of small bytes objects a day, among
that day's short-lived dicts) pinned the allocator's arenas: on the one-year bench archive 68 MB of
events held ~550 MB of memory. So the pass records only where each event is (its entity, day and byte
range in the day's events file, as arrays), and `collect` reads the chosen ranges back at the end,
one file at a time, when nothing short-lived is being allocated beside them.

What was kept of the days before a build's last day is also stored with the tree (`state`, `seed`): the
next build links those days' events files unchanged, so it starts from that state and records only the
days it writes, rather than reading every linked day's events back (a cost that grew with the archive's
age). The last K of (earlier days, later days) are the last K of (the last K of the earlier days, the
later days), so the result is the one reading every day gives.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date
from itertools import pairwise
from typing import Any

import numpy as np

from build.trends_files import SEPARATOR

STATE_FORMAT = 1


def _ordinals(days: Sequence[str]) -> np.ndarray:
    """The days (ascending ISO dates) as date ordinals."""
    return np.array([date.fromisoformat(day).toordinal() for day in days], dtype=np.int64)


class RecentEvents:
    def __init__(self, entities: Sequence[str], index: Mapping[str, int], keep: int) -> None:
        self._entities = entities
        self._index = index
        self._keep = keep
        self._rows: list[np.ndarray] = []
        self._days: list[np.ndarray] = []
        self._starts: list[np.ndarray] = []
        self._ends: list[np.ndarray] = []
        self._added: list[np.ndarray] = []
        """The rows of the events added day by day (`add_day`), not seeded."""

    def add_day(self, day: int, entities: Sequence[str], lines: Sequence[bytes]) -> None:
        """Record the day's events: `lines` as `build.trends_files.events_file` joined them, and the
        entity of each."""
        if not lines:
            return
        lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
        ends = 1 + np.cumsum(lengths) + len(SEPARATOR) * np.arange(len(lines), dtype=np.int64)
        rows = np.fromiter((self._index[e] for e in entities), dtype=np.int64, count=len(lines))
        self._rows.append(rows)
        self._added.append(rows)
        self._days.append(np.full(len(lines), day, dtype=np.int64))
        self._starts.append(ends - lengths)
        self._ends.append(ends)

    def _kept(self, before: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(rows, days, starts, ends) of each entity's last `keep` events of the days before `before` (all
        days: None), in day order."""
        if not self._rows:
            empty = np.zeros(0, dtype=np.int64)
            return empty, empty, empty, empty
        rows = np.concatenate(self._rows)
        days, starts, ends = (np.concatenate(a) for a in (self._days, self._starts, self._ends))
        if before is not None:
            earlier = days < before
            rows, days, starts, ends = rows[earlier], days[earlier], starts[earlier], ends[earlier]
        by_entity = np.argsort(rows, kind="stable")  # each entity's events stay in day order
        counts = np.bincount(rows[by_entity])
        first = np.cumsum(counts) - counts
        position = np.arange(rows.size) - first[rows[by_entity]]
        kept = np.sort(by_entity[position >= counts[rows[by_entity]] - self._keep])  # back in day order
        return rows[kept], days[kept], starts[kept], ends[kept]

    def state(self, before: int, days: Sequence[str]) -> dict[str, Any]:
        """What `seed` takes back: the events kept of the days before `before` (`days[day]` names a day),
        by entity name and date, independent of the order of the series' entities."""
        rows, on, starts, ends = self._kept(before)
        present = np.unique(rows)
        names = [self._entities[row] for row in present.tolist()]
        order = sorted(range(len(names)), key=names.__getitem__)
        position = np.zeros(len(self._entities), dtype=np.int64)
        position[present[order]] = np.arange(len(order), dtype=np.int64)
        return {
            "format": STATE_FORMAT,
            "before": days[before] if before < len(days) else None,
            "keep": self._keep,
            "entities": [names[n] for n in order],
            "rows": position[rows],
            "days": _ordinals(days)[on],
            "starts": starts,
            "ends": ends,
        }

    def seed(self, state: dict[str, Any], days: Sequence[str]) -> bool:
        """Start from a `state` (the previous build's) instead of adding its days one by one. False, and
        nothing recorded, when it cannot be used: another format or `keep`, or an entity or a day the
        series lacks."""
        if state.get("format") != STATE_FORMAT or state.get("keep") != self._keep or self._rows:
            return False
        try:
            rows = np.array([self._index[name] for name in state["entities"]], dtype=np.int64)
        except KeyError:
            return False
        ordinals, wanted = _ordinals(days), np.asarray(state["days"], dtype=np.int64)
        on = np.searchsorted(ordinals, wanted)
        if on.size and (on.max() >= ordinals.size or not np.array_equal(ordinals[on], wanted)):
            return False
        entity_rows = np.asarray(state["rows"], dtype=np.int64)
        self._rows.append(rows[entity_rows] if entity_rows.size else entity_rows)
        self._days.append(on)
        self._starts.append(np.asarray(state["starts"], dtype=np.int64))
        self._ends.append(np.asarray(state["ends"], dtype=np.int64))
        return True

    def touched(self) -> np.ndarray:
        """bool [entities]: which entities have an event on a day added by `add_day` (not seeded): with a
        seeded state, the others' last events are the state's, the previous build's."""
        out = np.zeros(len(self._entities), dtype=bool)
        for rows in self._added:
            out[rows] = True
        return out

    def collect(self, events_file: Callable[[int], bytes], wanted: np.ndarray | None = None) -> dict[str, list[bytes]]:
        """Entity -> its last `keep` events, oldest first; `events_file(day)` is the day's file. `wanted`
        (bool [entities]): only those entities' (a settled entity's events are not read: its page and card
        are taken as they are)."""
        rows, days, starts, ends = self._kept()
        if wanted is not None:
            chosen = wanted[rows]
            rows, days, starts, ends = rows[chosen], days[chosen], starts[chosen], ends[chosen]
        out: dict[str, list[bytes]] = {}
        by_day = np.argsort(days, kind="stable")  # each day's events together, in their order
        rows, days, starts, ends = rows[by_day], days[by_day], starts[by_day], ends[by_day]
        bounds = [0, *(np.flatnonzero(np.diff(days)) + 1).tolist(), days.size]
        for lo, hi in pairwise(bounds):
            if lo == hi:
                continue
            body = events_file(int(days[lo]))
            for row, start, end in zip(rows[lo:hi].tolist(), starts[lo:hi].tolist(), ends[lo:hi].tolist(), strict=True):
                out.setdefault(self._entities[row], []).append(body[start:end])
        return out
