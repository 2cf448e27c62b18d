"""Trends: top movers over a window and the change events of each archived day (SPEC §4.4, §6).

`compute_trends` returns one JSON-ready document per feed, window and archived day: movers between
a base day and that day, and the change events in between. Everything is a column operation over
the build's entity x day matrices. The build stores each day's events once (`compute_events`) and
each window's movers apart (`compute_head`); build/trends_files.py composes them. See docs/trends.md.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import numpy as np
import orjson

from build import changes
from build.feedspec import FEED_SPECS
from build.momentum import Momentum
from build.series import FeedSeries

WINDOWS: dict[str, int] = {"1d": 1, "7d": 7, "30d": 30}
TOP_MOVERS = 50
PCT_DECIMALS = 2
CHANGE_DECIMALS = 6

VERSION_TEXT = "version"
CHANGES_TEXT = "changes"
LLM_FEED = "llm-pricing"
LLM_INPUT = "price_input_per_1m"
LLM_OUTPUT = "price_output_per_1m"
PAGE_PRICE = "min_price"


# -- numbers ---------------------------------------------------------------------------------------


def _num(value: float) -> int | float | None:
    """A JSON number: None for NaN, int when integral (stars 12, not 12.0), else the float."""
    number = float(value)
    if np.isnan(number):
        return None
    return int(number) if number.is_integer() else number


# -- base day --------------------------------------------------------------------------------------


def base_day(days: list[str], day_index: int, window_days: int) -> tuple[int, bool]:
    """(base day index, partial) for a window ending on days[day_index].

    The latest archived day on or before date - window, so a gap in the archive falls back to the
    archived day before it; with none that old, the first archived day and partial=True.
    """
    target = (date.fromisoformat(days[day_index]) - timedelta(days=window_days)).isoformat()
    base = bisect_right(days, target, 0, day_index) - 1
    if base < 0:
        return 0, True
    return base, False


# -- movers ----------------------------------------------------------------------------------------


def _mover(series: FeedSeries, i: int, base: int, day: int, values: np.ndarray, pct: np.ndarray) -> dict[str, Any]:
    before, after = values[i, base], values[i, day]
    return {
        "entity": series.entities[i],
        "from": _num(before),
        "to": _num(after),
        "change": _num(round(after - before, CHANGE_DECIMALS)),
        "changePct": _num(pct[i]),
        "rankFrom": _num(series.rank[i, base]),
        "rankTo": _num(series.rank[i, day]),
    }


def compute_movers(
    series: FeedSeries, metric: str, base: int, day: int, top: int = TOP_MOVERS
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(by |change|, by |changePct|) between two day columns, `top` each; column ops over all entities."""
    if base == day or metric not in series.metrics:
        return [], []
    values = series.metrics[metric]
    before, after = values[:, base], values[:, day]
    change = after - before
    # Rounded before the zero test: float noise (1e-17) in a price is no move.
    valid = series.seen[:, base] & series.seen[:, day] & ~np.isnan(change) & (np.round(change, CHANGE_DECIMALS) != 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        pct = np.round(np.where(before != 0, 100.0 * change / before, np.nan), PCT_DECIMALS)
    candidates = np.flatnonzero(valid)
    # Stable sorts over candidates in entity order: ties keep the alphabetical order.
    by_change = candidates[np.argsort(-np.abs(change[candidates]), kind="stable")[:top]]
    relative = candidates[before[candidates] > 0]
    by_pct = relative[np.argsort(-np.abs(change[relative] / before[relative]), kind="stable")[:top]]
    return (
        [_mover(series, int(i), base, day, values, pct) for i in by_change],
        [_mover(series, int(i), base, day, values, pct) for i in by_pct],
    )


# -- events ----------------------------------------------------------------------------------------


def _previous_where(has: Callable[[np.ndarray, int], np.ndarray], rows: np.ndarray, day: int) -> np.ndarray:
    """For each of `rows`, the latest day index before `day` where `has(rows, day)` holds (-1 if none).

    Walks back one column at a time over the rows still unresolved: nearly every entity was there
    the day before, so this is one or two column reads, not an entity x day scan.
    """
    previous = np.full(rows.size, -1, dtype=np.int64)
    pending = np.arange(rows.size)
    k = day - 1
    while pending.size and k >= 0:
        hit = has(rows[pending], k)
        previous[pending[hit]] = k
        pending = pending[~hit]
        k -= 1
    return previous


def _previous_present(seen: np.ndarray, rows: np.ndarray, day: int) -> np.ndarray:
    """For each of `rows`, the latest day index before `day` with a row (-1 if none)."""
    return _previous_where(lambda r, k: seen[r, k], rows, day)


def _returning(series: FeedSeries, day: int) -> tuple[np.ndarray, np.ndarray]:
    """(rows present on `day` that were seen before, their previous present day)."""
    rows = np.flatnonzero(series.seen[:, day] & (series.first_seen < day))
    return rows, _previous_present(series.seen, rows, day)


def _new_entities(series: FeedSeries, day: int) -> list[dict[str, Any]]:
    if day == 0:
        return []
    metric = FEED_SPECS[series.feed].main_metric
    values = series.metrics.get(metric)
    versions = series.texts.get(VERSION_TEXT)
    return [
        changes.new_entity(
            series.feed,
            series.entities[i],
            series.days[day],
            metric,
            _num(values[i, day]) if values is not None else None,
            versioned=versions is not None,
            version=versions[i, day] if versions is not None else None,
        )
        for i in np.flatnonzero(series.first_seen == day).tolist()
    ]


def _version_bumps(series: FeedSeries, day: int) -> list[dict[str, Any]]:
    versions = series.texts[VERSION_TEXT]
    rows = np.flatnonzero(versions[:, day].astype(bool))
    previous = _previous_where(lambda r, k: versions[r, k].astype(bool), rows, day)
    rows, previous = rows[previous >= 0], previous[previous >= 0]
    current, before = versions[rows, day], versions[rows, previous]
    return [
        changes.version_bump(series.feed, series.entities[int(rows[n])], series.days[day], before[n], current[n])
        for n in np.flatnonzero(current != before)
    ]


def _direction(deltas: list[float]) -> str:
    if all(d < 0 for d in deltas):
        return "cut"
    if all(d > 0 for d in deltas):
        return "rise"
    return "mixed"


def _llm_price_changes(series: FeedSeries, day: int) -> list[dict[str, Any]]:
    rows, previous = _returning(series, day)
    prices = {"input": series.metrics[LLM_INPUT], "output": series.metrics[LLM_OUTPUT]}
    delta = {name: m[rows, day] - m[rows, previous] for name, m in prices.items()}
    # NaN (a null, variable price on either day) compares unequal to nothing: not a change.
    moved = {name: ~np.isnan(d) & (d != 0) for name, d in delta.items()}
    events = []
    for n in np.flatnonzero(moved["input"] | moved["output"]):
        i, k = int(rows[n]), int(previous[n])
        old = {name: _num(m[i, k]) for name, m in prices.items()}
        new = {name: _num(m[i, day]) for name, m in prices.items()}
        names = [name for name in prices if moved[name][n]]
        direction = _direction([float(delta[name][n]) for name in names])
        events.append(
            changes.llm_price_change(series.feed, series.entities[i], series.days[day], old, new, names, direction)
        )
    return events


def _page_price_changes(series: FeedSeries, day: int) -> list[dict[str, Any]]:
    texts = series.texts[CHANGES_TEXT][:, day]
    prices = series.metrics.get(PAGE_PRICE)
    events = []
    for i in np.flatnonzero(texts.astype(bool)):
        listed = orjson.loads(texts[i])
        if not isinstance(listed, list) or not listed:
            continue
        old = new = None
        if prices is not None:
            new = _num(prices[i, day])
            before = _previous_present(series.seen, np.array([i]), day)[0]
            old = _num(prices[i, before]) if before >= 0 else None
        events.append(
            changes.page_price_change(series.feed, series.entities[int(i)], series.days[day], old, new, listed)
        )
    return events


def _trending_moves(series: FeedSeries, day: int, size: int) -> list[dict[str, Any]]:
    """Entities seen before that are back in the list (enter), and those on the previous archived day's
    list that are not on this one (exit). A first appearance is `new_entity`, not an enter."""
    if day == 0:
        return []
    today, before = series.seen[:, day], series.seen[:, day - 1]
    previous_day = series.days[day - 1]
    events = []
    for i in np.flatnonzero(today & ~before & (series.first_seen < day)).tolist():
        rank = _num(series.rank[i, day])
        events.append(
            changes.trending_change(
                "trending_enter",
                series.feed,
                series.entities[i],
                series.days[day],
                size,
                None if rank is None else int(rank),
                None,
                previous_day,
            )
        )
    for i in np.flatnonzero(before & ~today).tolist():
        rank = _num(series.rank[i, day - 1])
        events.append(
            changes.trending_change(
                "trending_exit",
                series.feed,
                series.entities[i],
                series.days[day],
                size,
                None,
                None if rank is None else int(rank),
                previous_day,
            )
        )
    return events


def _momentum_jumps(series: FeedSeries, momentum: Momentum, day: int) -> list[dict[str, Any]]:
    """Score moves of at least MOMENTUM_JUMP_POINTS since the entity's previous scored day (whenever it
    was: the day's events depend on the days up to it only)."""
    if day < 1:
        return []
    scores = momentum.scores
    rows = np.flatnonzero(~np.isnan(scores[:, day]))
    previous = _previous_where(lambda r, k: ~np.isnan(scores[r, k]), rows, day)
    rows, previous = rows[previous >= 0], previous[previous >= 0]
    after, before = scores[rows, day], scores[rows, previous]
    jumped = np.abs(np.round(after - before, 1)) >= changes.MOMENTUM_JUMP_POINTS
    return [
        changes.momentum_change(
            "momentum_jump",
            series.feed,
            series.entities[int(rows[n])],
            series.days[day],
            float(before[n]),
            float(after[n]),
            changes.MOMENTUM_JUMP_POINTS,
            momentum.days[int(previous[n])],
        )
        for n in np.flatnonzero(jumped)
    ]


def _sort_key(event: dict[str, Any]) -> tuple[str, str, str]:
    return event["date"], event["type"], event["entity"]


def compute_events(series: FeedSeries, day_index: int, momentum: Momentum | None = None) -> list[dict[str, Any]]:
    """The change events of one archived day (build/changes.py envelopes), ordered by (date, type, entity)."""
    day = range(len(series.days))[day_index]
    series.require(max(day - 1, 0))  # a trending move reads the day before
    spec = FEED_SPECS[series.feed]
    events = _new_entities(series, day)
    if day > 0 and VERSION_TEXT in series.texts:
        events += _version_bumps(series, day)
    if day > 0 and series.feed == LLM_FEED:
        events += _llm_price_changes(series, day)
    if CHANGES_TEXT in series.texts:
        events += _page_price_changes(series, day)
    if spec.top_list is not None:
        events += _trending_moves(series, day, spec.top_list)
    if momentum is not None:
        events += _momentum_jumps(series, momentum, day)
    events.sort(key=_sort_key)
    return events


# -- the trends document ---------------------------------------------------------------------------


def compute_head(series: FeedSeries, window: str, day_index: int, *, top: int = TOP_MOVERS) -> dict[str, Any]:
    """The trends document of one feed, window and archived day without its events (see docs/trends.md):
    what is stored per window; the events are each day's own (`compute_events`, build/trends_files.py)."""
    if window not in WINDOWS:
        raise ValueError(f"unknown window {window!r}; expected one of {', '.join(WINDOWS)}")
    day = range(len(series.days))[day_index]
    base, partial = base_day(series.days, day, WINDOWS[window])
    series.require(base)  # the movers' ranks on the base day
    metric = FEED_SPECS[series.feed].main_metric
    movers, relative = compute_movers(series, metric, base, day, top)
    document: dict[str, Any] = {
        "feed": series.feed,
        "window": window,
        "date": series.days[day],
        "from": series.days[base],
        "metric": metric,
        "movers": movers,
        "moversRelative": relative,
    }
    if partial:
        document["partial"] = True
    return document


def compute_trends(
    series: FeedSeries, window: str, day_index: int, *, top: int = TOP_MOVERS, momentum: Momentum | None = None
) -> dict[str, Any]:
    """The whole trends document of one feed, window and archived day: the head and the events of every
    archived day in `(from, date]`, oldest first. The build stores the two apart; this is what a reader
    of the composed document gets."""
    document = compute_head(series, window, day_index, top=top)
    day = range(len(series.days))[day_index]
    base = series.days.index(document["from"])
    document["events"] = [e for k in range(base + 1, day + 1) for e in compute_events(series, k, momentum)]
    return document
