"""Each entity's last few change events (what its card and page list), as the bytes of the events files.

The trends pass goes through a year of days in order, and an entity's last events may be from any of
them. Holding the events themselves as the days went by (hundreds of small bytes objects a day, among
that day's short-lived dicts) pinned the allocator's arenas: on the one-year bench archive 68 MB of
events held ~550 MB of memory. So the pass records only where each event is (its entity, day and byte
range in the day's events file, as arrays), and `collect` reads the chosen ranges back at the end,
one file at a time, when nothing short-lived is being allocated beside them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import numpy as np

from build.trends_files import SEPARATOR


class RecentEvents:
    def __init__(self, entities: Sequence[str], index: Mapping[str, int], keep: int) -> None:
        self._entities = entities
        self._index = index
        self._keep = keep
        self._rows: list[np.ndarray] = []
        self._days: list[np.ndarray] = []
        self._starts: list[np.ndarray] = []
        self._ends: list[np.ndarray] = []

    def add_day(self, day: int, entities: Sequence[str], lines: Sequence[bytes]) -> None:
        """Record the day's events: `lines` as `build.trends_files.events_file` joined them, and the
        entity of each."""
        if not lines:
            return
        lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
        ends = 1 + np.cumsum(lengths) + len(SEPARATOR) * np.arange(len(lines), dtype=np.int64)
        self._rows.append(np.fromiter((self._index[e] for e in entities), dtype=np.int64, count=len(lines)))
        self._days.append(np.full(len(lines), day, dtype=np.int64))
        self._starts.append(ends - lengths)
        self._ends.append(ends)

    def collect(self, events_file: Callable[[int], bytes]) -> dict[str, list[bytes]]:
        """Entity -> its last `keep` events, oldest first; `events_file(day)` is the day's file."""
        if not self._rows:
            return {}
        rows = np.concatenate(self._rows)
        days, starts, ends = (np.concatenate(a) for a in (self._days, self._starts, self._ends))
        by_entity = np.argsort(rows, kind="stable")  # each entity's events stay in day order
        counts = np.bincount(rows[by_entity])
        first = np.cumsum(counts) - counts
        position = np.arange(rows.size) - first[rows[by_entity]]
        kept = np.sort(by_entity[position >= counts[rows[by_entity]] - self._keep])  # back in day order
        out: dict[str, list[bytes]] = {}
        for day in np.unique(days[kept]).tolist():
            body = events_file(day)
            on_day = kept[days[kept] == day]
            for row, start, end in zip(
                rows[on_day].tolist(), starts[on_day].tolist(), ends[on_day].tolist(), strict=True
            ):
                out.setdefault(self._entities[row], []).append(body[start:end])
        return out
