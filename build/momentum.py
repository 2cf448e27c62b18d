"""Momentum: one 0-100 score per entity of the four momentum categories (SPEC §2.3).

Score = weighted growth, consistency, recency and demand, each a percentile or a decay so that
categories of very different sizes share one scale. `compute_momentum` scores every archived day as
column operations over the build's matrices (cards and pages show the last `HISTORY_DAYS`; change
events compare each day with the entity's previous scored day, whenever it was), and reads and writes
no files, so the score is a pure function of the archive and the week's demand.
See docs/momentum.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from functools import cached_property
from typing import Any

import numpy as np

from build.series import FeedSeries
from collectors.models import FEEDS, parse_time

WEIGHTS: dict[str, float] = {"growth": 0.45, "consistency": 0.20, "recency": 0.20, "demand": 0.15}
"""Component weights (SPEC §2.3); they sum to 1."""
WINDOW_DAYS = 7
"""Growth window of stars and likes, calendar days."""
RELEASE_WINDOW_DAYS = 30
"""Growth window of MCP releases: releases are rarer than stars, a week is mostly zero."""
PRICE_WINDOW_DAYS = 30
"""Price-cut window of LLMs: prices change a few times a year at most."""
RECENT_DAYS = 14
"""Consistency looks at the archived days of the last 14 calendar days (the scored day included)."""
RECENT_WEEKS = 8
"""MCP consistency: the last 8 weeks."""
HALF_LIFE_DAYS = 30.0
"""Recency halves every 30 days since the latest push, update or release."""
BOOTSTRAP_MIN_DAYS = 7
"""Archived days an entity needs before its growth comes from the archive instead of lifetime rates."""
HISTORY_DAYS = 90
"""Days of score history per entity."""
RELATIVE_BASE_FLOOR = 10.0
"""Smallest base of relative growth (stars, likes)."""
MIN_AGE_DAYS = 1.0
"""Smallest age in days: a lifetime rate of an entity created today is its metric, not infinite."""
LLM_PRICE_WEIGHT = 0.5
"""LLM growth: share of the price-cut percentile; the rest is the context-length percentile."""

COMPONENTS = tuple(WEIGHTS)
DAY_SECONDS = 86_400.0


@dataclass
class Momentum:
    feed: str
    entities: list[str]
    """== series.entities, same order."""
    score: np.ndarray
    """float [E]: score on the current day, 1 decimal; NaN if absent that day."""
    components: dict[str, np.ndarray]
    """"growth", "consistency", "recency", "demand": float [E], 0-100, 1 decimal; NaN if absent."""
    basis: list[str]
    """"archive" | "bootstrap" per entity; "" if absent on the current day."""
    days: list[str]
    """== series.days: every archived day."""
    scores: np.ndarray
    """float [E x len(days)]: the score on each archived day, 1 decimal; NaN if absent. Every day, not
    only the shown history: a day's momentum jumps (build/trends.py) compare it with the entity's
    previous scored day, and a window sliding with the latest day would make a past day's events
    depend on how many days came after it."""
    history_size: int = HISTORY_DAYS
    """How many of the last days cards and pages show (`history_days`, `history`)."""
    _index: dict[str, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    @property
    def history_days(self) -> list[str]:
        """The last min(history_size, len(days)) archived days."""
        return self.days[len(self.days) - min(self.history_size, len(self.days)) :]

    @property
    def history(self) -> np.ndarray:
        """float [E x len(history_days)]: the score on each of those days; NaN if absent."""
        return self.scores[:, len(self.days) - len(self.history_days) :]

    def __post_init__(self) -> None:
        # entity() is called once per entity page: a dict, not list.index, keeps that linear.
        self._index = {entity: i for i, entity in enumerate(self.entities)}

    def _components_of(self, i: int) -> dict[str, float | None]:
        if self._unscored[i]:  # most entities ever seen: absent today, every component null
            return dict.fromkeys(self.components)
        return {name: _json_number(values[i]) for name, values in self.components.items()}

    @cached_property
    def _unscored(self) -> np.ndarray:
        """bool [E]: no score and no component on the current day (absent from the feed)."""
        unscored: np.ndarray = np.isnan(self.score)
        for values in self.components.values():
            unscored &= np.isnan(values)
        return unscored

    def leaderboard(self, limit: int = 100) -> list[dict[str, Any]]:
        """Top `limit` present entities by score desc, ties by entity asc:
        [{"rank": 1, "entity": ..., "score": 87.3, "components": {"growth": .., "consistency": ..,
          "recency": .., "demand": ..}, "basis": "archive"}, ...]"""
        present = [i for i in range(len(self.entities)) if not np.isnan(self.score[i])]
        present.sort(key=lambda i: (-self.score[i], self.entities[i]))
        return [
            {
                "rank": rank,
                "entity": self.entities[i],
                "score": float(self.score[i]),
                "components": self._components_of(i),
                "basis": self.basis[i],
            }
            for rank, i in enumerate(present[: max(limit, 0)], start=1)
        ]

    def summary(self, entity: str) -> dict[str, Any] | None:
        """`entity` without the score history: {"score", "components", "basis"} or None when unknown."""
        i = self._index.get(entity)
        if i is None:
            return None
        return {"score": _json_number(self.score[i]), "components": self._components_of(i), "basis": self.basis[i]}

    def entity(self, entity: str) -> dict[str, Any] | None:
        """{"score", "components", "basis", "history": [{"date", "score"}, ...]} or None when unknown.

        Score and components are null when the entity is absent on the current day; history leaves
        out the days it was absent."""
        i = self._index.get(entity)
        if i is None:
            return None
        history: list[dict[str, Any]] = []
        if self._shown[i]:  # most entities ever seen were scored on none of the shown days
            history = [
                {"date": day, "score": value}
                for day, value in zip(self._history_days, self.history[i].tolist(), strict=True)
                if not math.isnan(value)  # plain floats: tolist() is much faster than numpy scalars
            ]
        return {
            "score": _json_number(self.score[i]),
            "components": self._components_of(i),
            "basis": self.basis[i],
            "history": history,
        }

    @cached_property
    def _history_days(self) -> list[str]:
        return self.history_days

    @cached_property
    def _shown(self) -> np.ndarray:
        """bool [E]: whether the entity has a score on any of the shown days."""
        shown: np.ndarray = ~np.isnan(self.history).all(axis=1)
        return shown


def _json_number(value: float) -> float | None:
    return None if np.isnan(value) else float(value)


# -- ranking -------------------------------------------------------------------------------------


def percentile_rank(values: np.ndarray, mask: np.ndarray, *, positive_only: bool = False) -> np.ndarray:
    """0-100 percentile of each masked value among the masked, non-NaN values; everything else 0.

    Ties share their mean rank (equal gains -> equal growth). With `positive_only`, values <= 0
    score 0 after ranking: they still count in n, so the smallest gain ranks above the non-growers."""
    out = np.zeros(values.shape, dtype=float)
    valid = mask & ~np.isnan(values)
    n = int(valid.sum())
    if n == 0:
        return out
    picked = values[valid]
    if n == 1:
        out[valid] = 100.0 if picked[0] > 0 else 0.0
        return out
    _, inverse, counts = np.unique(picked, return_inverse=True, return_counts=True)
    starts = np.cumsum(counts) - counts  # 0-based rank of each distinct value's first occurrence
    mean_rank = starts + (counts - 1) / 2.0  # 0-based mean rank
    pct = 100.0 * mean_rank[inverse] / (n - 1)
    if positive_only:
        pct = np.where(picked > 0, pct, 0.0)
    out[valid] = pct
    return out


# -- precomputed matrices ------------------------------------------------------------------------


LOOKBACK_DAYS = max(WINDOW_DAYS, RELEASE_WINDOW_DAYS, PRICE_WINDOW_DAYS, RECENT_DAYS, 7 * RECENT_WEEKS)
"""How far back from a scored day any component reads (window bases, recent days, recent weeks)."""


@dataclass
class _Filled:
    """One metric matrix with its observation indices, computed once per feed for the columns from
    `offset` on (the days being scored and LOOKBACK_DAYS before them); what came before those columns
    enters only as each entity's latest and first value. Columns are the series' (absolute) everywhere:
    `last`, `next` and `at` take one."""

    values: np.ndarray
    """float [E x D]: the metric; NaN where unobserved."""
    offset: int
    last_idx: np.ndarray
    """int32 [E x (D - offset)]: column of the latest value on or before each day; -1 if none."""
    next_idx: np.ndarray
    """int32 [E x (D - offset)]: column of the first value on or after each day; D if none."""
    filled: np.ndarray
    """float [E x (D - offset)]: the latest value on or before each day (NaN if none)."""
    first_idx: np.ndarray
    """int32 [E]: column of the first value; D if none."""
    carried: np.ndarray
    """float [E]: the latest value before column `offset` (NaN if none)."""

    def _column(self, col: int) -> int:
        if col < self.offset:  # a negative index would silently read another column
            raise IndexError(f"column {col} is before the context's first column {self.offset}")
        return col - self.offset

    def last(self, col: int) -> np.ndarray:
        return self.last_idx[:, self._column(col)]

    def next(self, col: int) -> np.ndarray:
        return self.next_idx[:, self._column(col)]

    def at(self, col: int) -> np.ndarray:
        return self.filled[:, self._column(col)]


def _fill(values: np.ndarray, offset: int = 0) -> _Filled:
    n_days = values.shape[1]
    valid = ~np.isnan(values[:, offset:])
    cols = np.arange(offset, n_days, dtype=np.int32)
    last = np.where(valid, cols, np.int32(-1)).astype(np.int32)
    nxt = np.where(valid, cols, np.int32(n_days)).astype(np.int32)
    nxt = np.ascontiguousarray(np.minimum.accumulate(nxt[:, ::-1], axis=1)[:, ::-1])
    first = nxt[:, 0] if n_days > offset else np.full(values.shape[0], n_days, dtype=np.int32)
    carry = np.full(values.shape[0], -1, dtype=np.int32)
    if offset:
        before = ~np.isnan(values[:, :offset])
        seen_before = before.any(axis=1)
        carry = np.where(seen_before, offset - 1 - np.argmax(before[:, ::-1], axis=1), -1).astype(np.int32)
        first = np.where(seen_before, np.argmax(before, axis=1), first).astype(np.int32)
        if last.shape[1]:
            np.maximum(last[:, 0], carry, out=last[:, 0])
    np.maximum.accumulate(last, axis=1, out=last)
    filled = np.take_along_axis(values, np.maximum(last, 0), axis=1)
    filled[last < 0] = np.nan
    return _Filled(values, offset, last, nxt, filled, first, _take(values, carry))


@dataclass
class _Context:
    """Per-feed matrices computed once and sliced per scored day, for the columns from `offset` on."""

    series: FeedSeries
    ords: np.ndarray
    """int [D]: day ordinals (calendar)."""
    now_current: datetime
    offset: int
    """The first column the matrices below hold (0, or LOOKBACK_DAYS before the first scored day)."""
    seen_count: np.ndarray
    """int32 [E x (D - offset)]: archived days of the entity up to and including each day."""
    created: np.ndarray
    """float [E] or [E x (D - offset)]: creation time, epoch seconds (first archived day at noon when unknown)."""
    main: _Filled
    """The growth metric (stars, likes, releases; the input price for LLMs)."""
    grew: np.ndarray
    """bool [E x (D - offset)]: observed that day with a value above its previous observed value."""
    judged: np.ndarray
    """bool [E x (D - offset)]: observed that day and observed before (growth can be judged)."""
    prices: list[_Filled]
    """LLMs: input and output prices; empty otherwise."""

    def column_on_or_before(self, ordinal: int) -> int:
        """Latest archived column whose day is on or before `ordinal`; -1 if none."""
        return int(np.searchsorted(self.ords, ordinal, side="right")) - 1

    def now_at(self, t: int) -> float:
        """Epoch seconds of `now` shifted back to column t."""
        return (self.now_current - timedelta(days=int(self.ords[-1] - self.ords[t]))).timestamp()

    def window_base(self, metric: _Filled, t: int, window_days: int) -> np.ndarray:
        """Column of each entity's window base for day t: its latest value on or before the window
        start, else its first value in the window; -1 when it has no value up to t."""
        w = self.column_on_or_before(int(self.ords[t]) - window_days)
        if w >= 0:
            last = metric.last(w)
            base_idx = np.where(last >= 0, last, metric.next(w))
        else:
            base_idx = metric.first_idx
        return np.where(base_idx <= t, base_idx, -1)

    def local(self, col: int) -> int:
        """Column `col` of the matrices this context holds."""
        if col < self.offset:
            raise IndexError(f"column {col} is before the context's first column {self.offset}")
        return col - self.offset


def _take(matrix: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """matrix[i, columns[i]] per row; NaN where the column is out of range."""
    inside = (columns >= 0) & (columns < matrix.shape[1])
    picked = matrix[np.arange(matrix.shape[0]), np.clip(columns, 0, matrix.shape[1] - 1)]
    return np.where(inside, picked, np.nan)


def _created(series: FeedSeries, field_name: str, ords: np.ndarray, offset: int = 0) -> np.ndarray:
    """Creation time per entity ([E], or [E x (D - offset)] where it depends on the day), epoch seconds.

    From the latest row's `since` field; the first archived day at noon UTC if unknown. An MCP server's
    `publishedAt` is its latest version's, which would move every past day's age at each release: its
    creation on a day is the earliest release time seen up to that day, so a past day's score never
    changes when later days are archived (the incremental build reuses past days' documents).
    """
    out = np.empty(len(series.entities))
    for i, row in enumerate(series.latest):
        value = row.get(field_name)
        if value and series.feed != "mcp-servers":
            out[i] = parse_time(value).timestamp()
        else:
            first = date.fromordinal(int(ords[series.first_seen[i]]))
            out[i] = datetime(first.year, first.month, first.day, 12, tzinfo=UTC).timestamp()
    if series.feed != "mcp-servers":
        return out
    activity = series.activity[:, offset:]
    if offset:  # the running minimum goes on from the earliest time seen before the context's columns
        with np.errstate(invalid="ignore"):
            earliest = np.fmin.reduce(series.activity[:, :offset], axis=1)
        activity = np.concatenate([earliest[:, None], activity], axis=1)
    seen = np.fmin.accumulate(activity, axis=1)  # running minimum; NaN until the first value
    if offset:
        seen = seen[:, 1:]
    return np.where(np.isnan(seen), out[:, None], seen)


def _context(series: FeedSeries, now: datetime | None, first_scored: int = 0) -> _Context:
    """The matrices of the days from `first_scored` on and the LOOKBACK_DAYS before them: a nightly
    build scores a day or two, and what it computes must not grow with the archive's age."""
    info = FEEDS[series.feed]
    assert info.momentum_metric is not None
    ords = np.array([date.fromisoformat(d).toordinal() for d in series.days], dtype=np.int64)
    if now is None:
        last = date.fromordinal(int(ords[-1]))
        now = datetime(last.year, last.month, last.day, 12, tzinfo=UTC)
    offset = 0
    if first_scored > 0:
        offset = max(0, int(np.searchsorted(ords, int(ords[first_scored]) - LOOKBACK_DAYS, side="right")) - 1)
    main = _fill(series.metrics[info.momentum_metric], offset)
    # each day's previous filled value: the carried one before the first column
    previous: np.ndarray = np.concatenate([main.carried[:, None], main.filled[:, :-1]], axis=1)
    window = main.values[:, offset:]
    valid = ~np.isnan(window)
    with np.errstate(invalid="ignore"):
        grew = valid & (window > previous)
    prices = (
        [_fill(series.metrics[name], offset) for name in ("price_input_per_1m", "price_output_per_1m")]
        if series.feed == "llm-pricing"
        else []
    )
    seen_count = np.cumsum(series.seen[:, offset:], axis=1, dtype=np.int32)
    if offset:
        seen_count += series.seen[:, :offset].sum(axis=1, dtype=np.int32)[:, None]
    return _Context(
        series=series,
        ords=ords,
        now_current=now,
        offset=offset,
        seen_count=seen_count,
        created=_created(series, info.since_field, ords, offset),
        main=main,
        grew=grew,
        judged=valid & ~np.isnan(previous),
        prices=prices,
    )


# -- components of one day -----------------------------------------------------------------------


def _window_rate(ctx: _Context, t: int, window_days: int) -> tuple[np.ndarray, np.ndarray]:
    """(gain per day over the window ending at column t, value at the window base) per entity."""
    base_idx = ctx.window_base(ctx.main, t, window_days)
    base = _take(ctx.main.values, base_idx)
    elapsed = np.maximum(ctx.ords[t] - ctx.ords[np.clip(base_idx, 0, None)], 1)
    return (ctx.main.at(t) - base) / elapsed, base


def _age_days(ctx: _Context, t: int) -> np.ndarray:
    created = ctx.created if ctx.created.ndim == 1 else ctx.created[:, ctx.local(t)]
    return np.maximum((ctx.now_at(t) - created) / DAY_SECONDS, MIN_AGE_DAYS)


def _count_growth(ctx: _Context, t: int, present: np.ndarray, bootstrap: np.ndarray) -> np.ndarray:
    """Growth of stars, likes or releases: mean of the absolute and relative rate percentiles."""
    by_age = ctx.series.feed == "mcp-servers"
    window = RELEASE_WINDOW_DAYS if by_age else WINDOW_DAYS
    rate, base = _window_rate(ctx, t, window)
    age = _age_days(ctx, t)
    current = ctx.main.at(t)
    rate = np.where(bootstrap, current / age, rate)
    size = np.maximum(np.where(bootstrap, current, base), RELATIVE_BASE_FLOOR)
    denominator = age if by_age else size
    relative = rate / denominator
    absolute_pct = percentile_rank(rate, present, positive_only=True)
    relative_pct = percentile_rank(relative, present, positive_only=True)
    growth: np.ndarray = (absolute_pct + relative_pct) / 2.0
    return growth


def _price_cut(ctx: _Context, t: int) -> np.ndarray:
    """Mean relative cut of the input and output prices over the price window (signed; 0 unknown)."""
    cuts = []
    for prices in ctx.prices:
        base = _take(prices.values, ctx.window_base(prices, t, PRICE_WINDOW_DAYS))
        now = prices.at(t)
        with np.errstate(divide="ignore", invalid="ignore"):
            cut = np.where(base > 0, (base - now) / base, np.where(now > 0, -1.0, 0.0))
        cuts.append(np.where(np.isnan(base) | np.isnan(now), 0.0, cut))
    return (cuts[0] + cuts[1]) / 2.0


def _llm_growth(ctx: _Context, t: int, present: np.ndarray) -> np.ndarray:
    """LLM growth: price-cut percentile blended with the context-length percentile."""
    series = ctx.series
    cut_pct = percentile_rank(_price_cut(ctx, t), present)
    context_pct = percentile_rank(series.metrics["context_length"][:, t], present)
    return LLM_PRICE_WEIGHT * cut_pct + (1.0 - LLM_PRICE_WEIGHT) * context_pct


def _share(hits: np.ndarray, total: np.ndarray) -> np.ndarray:
    return np.where(total > 0, 100.0 * hits / np.maximum(total, 1), 0.0)


def _daily_consistency(ctx: _Context, t: int) -> np.ndarray:
    """Share of the recent judged days with growth."""
    lo = ctx.column_on_or_before(int(ctx.ords[t]) - RECENT_DAYS) + 1
    lo, hi = ctx.local(lo), ctx.local(t) + 1
    hits = ctx.grew[:, lo:hi].sum(axis=1)
    total = ctx.judged[:, lo:hi].sum(axis=1)
    return _share(hits, total)


def _weekly_consistency(ctx: _Context, t: int) -> np.ndarray:
    """MCP: share of the recent weeks (known by the week's end) with a release."""
    n = len(ctx.series.entities)
    first_value = _take(ctx.main.values, ctx.main.first_idx)
    hits = np.zeros(n)
    total = np.zeros(n)
    end_col = t
    for k in range(1, RECENT_WEEKS + 1):
        start_col = ctx.column_on_or_before(int(ctx.ords[t]) - 7 * k)
        if end_col < 0:
            break
        end = ctx.main.at(end_col)
        start = ctx.main.at(start_col) if start_col >= 0 else np.full(n, np.nan)
        start = np.where(np.isnan(start), first_value, start)
        known = ~np.isnan(end)
        with np.errstate(invalid="ignore"):
            hits += known & (end > start)
        total += known
        end_col = start_col
    return _share(hits, total)


def _listed_consistency(ctx: _Context, t: int) -> np.ndarray:
    """LLM: share of the feed's recent archived days on which the model was listed."""
    lo = ctx.column_on_or_before(int(ctx.ords[t]) - RECENT_DAYS) + 1
    listed = ctx.series.seen[:, lo : t + 1].sum(axis=1)
    return _share(listed, np.full(listed.shape, t + 1 - lo))


def _recency(ctx: _Context, t: int) -> np.ndarray:
    age = np.maximum((ctx.now_at(t) - ctx.series.activity[:, t]) / DAY_SECONDS, 0.0)
    return np.where(np.isnan(age), 0.0, 100.0 * 0.5 ** (age / HALF_LIFE_DAYS))


def _score_day(
    ctx: _Context, t: int, demand: np.ndarray
) -> tuple[np.ndarray, dict[str, np.ndarray], np.ndarray, np.ndarray]:
    """(score, components, bootstrap, present) of column t; unrounded, NaN where absent."""
    feed = ctx.series.feed
    present = ctx.series.seen[:, t]
    bootstrap = ctx.seen_count[:, ctx.local(t)] < BOOTSTRAP_MIN_DAYS
    if feed == "llm-pricing":
        growth = _llm_growth(ctx, t, present)
        consistency = _listed_consistency(ctx, t)
    else:
        growth = _count_growth(ctx, t, present, bootstrap)
        consistency = _weekly_consistency(ctx, t) if feed == "mcp-servers" else _daily_consistency(ctx, t)
    components = {
        "growth": growth,
        "consistency": consistency,
        "recency": _recency(ctx, t),
        "demand": percentile_rank(demand, present, positive_only=True),
    }
    for name in COMPONENTS:
        components[name] = np.where(present, components[name], np.nan)
    score = sum(WEIGHTS[name] * components[name] for name in COMPONENTS)
    return np.asarray(score, dtype=float), components, bootstrap, present


# -- entry point ---------------------------------------------------------------------------------


def compute_momentum(
    series: FeedSeries,
    demand: Mapping[str, int],
    *,
    now: datetime | None = None,
    history_days: int = HISTORY_DAYS,
    past_demand: Callable[[str], Mapping[str, int]] | None = None,
    known: Callable[[np.ndarray], int] | None = None,
) -> Momentum:
    """Momentum of every entity of a momentum feed on its current day, with the score history.

    `demand` maps entity -> lookups this week (unknown entities are ignored). `past_demand(day)` gives
    the lookups of the week ending on an earlier day, so each day of the score history is scored with
    its own week's demand and never changes when later days are archived; without it, every day uses
    `demand`. `now` defaults to noon UTC of the current day (deterministic builds). `known`: fills the
    score matrix with the scores of its first n days as an earlier build computed them
    (build/series_cache.py) and returns n: those are taken instead of scored again; the current day is
    always scored."""
    if not FEEDS[series.feed].momentum:
        raise ValueError(f"{series.feed} is not a momentum category")
    n = len(series.entities)
    if not series.days:
        empty = np.full(n, np.nan)
        components = {name: empty.copy() for name in COMPONENTS}
        return Momentum(series.feed, list(series.entities), empty, components, [""] * n, [], np.full((n, 0), np.nan))
    lookups = np.array([float(demand.get(entity, 0) or 0) for entity in series.entities])
    zeros = np.zeros(n)
    n_days = len(series.days)
    scores = np.full((n, n_days), np.nan)
    start = 0
    if known is not None:
        start = max(0, min(known(scores), n_days - 1))
        scores[:, start:] = np.nan  # a day after `start` is scored here, whatever was filled in
    series.require(start)  # a scored day reads its activity
    ctx = _context(series, now, start)
    for t in range(start, n_days):
        day_lookups = lookups
        if past_demand is not None and t < n_days - 1:
            week = past_demand(series.days[t])
            day_lookups = np.array([float(week.get(entity, 0) or 0) for entity in series.entities]) if week else zeros
        score, components, bootstrap, present = _score_day(ctx, t, day_lookups)
        scores[:, t] = np.round(score, 1)
    # The last pass is the current day.
    basis = [("bootstrap" if b else "archive") if p else "" for b, p in zip(bootstrap, present, strict=True)]
    return Momentum(
        feed=series.feed,
        entities=list(series.entities),
        score=np.round(score, 1),
        components={name: np.round(values, 1) for name, values in components.items()},
        basis=basis,
        days=list(series.days),
        scores=scores,
        history_size=max(history_days, 0),
    )
