"""Momentum on small archives written by hand; every expected value is worked out in a comment.

Conventions of these archives: day j is 2026-11-01 + j; the current day is the last archived day
and `now` is its noon UTC. Percentiles are 100 x (0-based mean rank) / (n - 1) among the entities
present; with `positive_only` (stars, likes, releases, demand) a value <= 0 scores 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from build.momentum import (
    BOOTSTRAP_MIN_DAYS,
    HALF_LIFE_DAYS,
    LOOKBACK_DAYS,
    RECENT_DAYS,
    WEIGHTS,
    WINDOW_DAYS,
    Momentum,
    compute_momentum,
)
from build.series import FeedSeries, load_series
from collectors.archive import Archive

START = date(2026, 11, 1)
OLD = "2025-01-01T00:00:00Z"


def day(j: int) -> str:
    return (START + timedelta(days=j)).isoformat()


def noon(j: int) -> str:
    return f"{day(j)}T12:00:00Z"


def series_of(tmp_path: Path, feed: str, rows: dict[str, dict[int, dict[str, Any]]]) -> FeedSeries:
    """Archive `rows` (entity -> day index -> row fields) and load the feed's series."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    archive = Archive(tmp_path / f"{feed}.sqlite")
    for j in sorted({j for per_day in rows.values() for j in per_day}):
        archive.replace_day(
            feed,
            day(j),
            [(e, orjson.dumps({"entity": e, **per_day[j]})) for e, per_day in sorted(rows.items()) if j in per_day],
        )
    series = load_series(archive, feed)
    archive.close()
    return series


def repo(stars: float, pushed: str = OLD, created: str = OLD) -> dict[str, Any]:
    return {"stars": stars, "forks": 0, "open_issues": 0, "pushed_at": pushed, "created_at": created}


def ramp(base: int, per_day: int, days: int = 10, pushed: str = OLD) -> dict[int, dict[str, Any]]:
    """Stars flat at `base` on days 0-2, then +per_day each day (so the 7-day window of day 9 is days 2..9)."""
    return {j: repo(base + per_day * max(0, j - 2), pushed) for j in range(days)}


def comp(m: Momentum, entity: str, name: str) -> float:
    return float(m.components[name][m.entities.index(entity)])


def score(m: Momentum, entity: str) -> float:
    return float(m.score[m.entities.index(entity)])


# -- growth --------------------------------------------------------------------------------------


def test_growth_is_the_mean_of_absolute_and_relative_percentiles(tmp_path: Path) -> None:
    assert WINDOW_DAYS == 7
    series = series_of(
        tmp_path,
        "codehost-ai-repos",
        {
            "a/flat": ramp(100, 0),  # +0/day, relative 0
            "b/mid": ramp(100, 2),  # +2/day, relative 2/100 = 0.02
            "c/big": ramp(1000, 10),  # +10/day, relative 10/1000 = 0.01
            "d/small": ramp(20, 2),  # +2/day, relative 2/20 = 0.10
        },
    )
    m = compute_momentum(series, {})
    # absolute ascending: flat 0 (rank 0), mid = small 2 (ranks 1,2 -> mean 1.5), big 10 (rank 3)
    #   -> flat 0, mid 1.5/3*100 = 50, small 50, big 100
    # relative ascending: flat 0, big 0.01, mid 0.02, small 0.10 -> 0, 33.33, 66.67, 100
    assert comp(m, "a/flat", "growth") == 0.0
    assert comp(m, "b/mid", "growth") == pytest.approx(round((50 + 200 / 3) / 2, 1))  # 58.3
    assert comp(m, "c/big", "growth") == pytest.approx(round((100 + 100 / 3) / 2, 1))  # 66.7
    assert comp(m, "d/small", "growth") == 75.0  # (50 + 100) / 2
    assert m.basis == ["archive"] * 4


def test_equal_gains_get_equal_growth(tmp_path: Path) -> None:
    series = series_of(
        tmp_path,
        "codehost-ai-repos",
        {"a/one": ramp(50, 3), "b/two": ramp(50, 3), "c/three": ramp(50, 1)},
    )
    m = compute_momentum(series, {})
    # absolute and relative: three 1/day (rank 0), one = two (ranks 1,2 -> 1.5/2 = 75)
    assert comp(m, "a/one", "growth") == comp(m, "b/two", "growth") == 75.0
    assert comp(m, "c/three", "growth") == 0.0


def test_a_lone_entity_gets_full_growth_only_when_it_grows(tmp_path: Path) -> None:
    grows = compute_momentum(series_of(tmp_path, "codehost-ai-repos", {"a/b": ramp(10, 1)}), {})
    assert comp(grows, "a/b", "growth") == 100.0
    (tmp_path / "flat").mkdir()
    flat = compute_momentum(series_of(tmp_path / "flat", "codehost-ai-repos", {"a/b": ramp(10, 0)}), {})
    assert comp(flat, "a/b", "growth") == 0.0


# -- consistency ---------------------------------------------------------------------------------


def test_consistency_is_the_share_of_recent_days_with_growth(tmp_path: Path) -> None:
    assert RECENT_DAYS == 14
    growth_days = {3, 5, 8, 11, 14}
    steady, gappy = {}, {}
    stars = 100
    for j in range(15):
        stars += 1 if j in growth_days else 0
        steady[j] = repo(stars)
    # gappy: absent on days 5 and 6; stars rise on day 7 (above day 4's value) and day 10, fall on day 12
    gappy_stars = {0: 10, 1: 10, 2: 10, 3: 10, 4: 10, 7: 12, 8: 12, 9: 12, 10: 13, 11: 13, 12: 11, 13: 11, 14: 11}
    gappy = {j: repo(s) for j, s in gappy_stars.items()}
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", {"a/steady": steady, "b/gappy": gappy}), {})
    # recent days of day 14: days 1..14 (14 days), each judged against the previous day
    # steady: growth on 3, 5, 8, 11, 14 -> 5/14 = 35.71
    assert comp(m, "a/steady", "consistency") == 35.7
    # gappy: judged days 1-4, 7-14 = 12; growth on 7 and 10 -> 2/12 = 16.67
    assert comp(m, "b/gappy", "consistency") == 16.7


def test_consistency_under_bootstrap_uses_the_days_there_are(tmp_path: Path) -> None:
    rows = {"old/repo": {j: repo(100) for j in range(10)}}
    rows["new/repo"] = {7: repo(5), 8: repo(6), 9: repo(6)}
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {})
    # new/repo: judged days 8 and 9, growth on day 8 -> 1/2 = 50
    assert comp(m, "new/repo", "consistency") == 50.0
    assert m.basis[m.entities.index("new/repo")] == "bootstrap"


# -- recency and demand --------------------------------------------------------------------------


def test_recency_decays_by_half_each_half_life(tmp_path: Path) -> None:
    half = date.fromisoformat(day(9)) - timedelta(days=int(HALF_LIFE_DAYS))
    two = date.fromisoformat(day(9)) - timedelta(days=int(2 * HALF_LIFE_DAYS))
    rows = {
        "a/now": ramp(10, 1, pushed=noon(9)),  # pushed at `now`: age 0 -> 100
        "b/half": ramp(10, 1, pushed=f"{half.isoformat()}T12:00:00Z"),  # one half-life -> 50
        "c/two": ramp(10, 1, pushed=f"{two.isoformat()}T12:00:00Z"),  # two half-lives -> 25
        "d/future": ramp(10, 1, pushed=noon(10)),  # after `now`: age 0 -> 100
    }
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {})
    assert comp(m, "a/now", "recency") == 100.0
    assert comp(m, "b/half", "recency") == 50.0
    assert comp(m, "c/two", "recency") == 25.0
    assert comp(m, "d/future", "recency") == 100.0


def test_demand_is_a_percentile_of_this_weeks_lookups(tmp_path: Path) -> None:
    rows = {name: ramp(10, 1) for name in ("a/none", "b/some", "c/most")}
    series = series_of(tmp_path, "codehost-ai-repos", rows)
    m = compute_momentum(series, {"a/none": 0, "b/some": 5, "c/most": 10, "z/unknown": 99})
    # ascending: none 0 (rank 0, and zero lookups score 0), some (rank 1) 50, most (rank 2) 100
    assert [comp(m, e, "demand") for e in ("a/none", "b/some", "c/most")] == [0.0, 50.0, 100.0]
    for empty in ({}, {"a/none": 0, "b/some": 0, "c/most": 0}):
        quiet = compute_momentum(series, empty)
        assert list(quiet.components["demand"]) == [0.0, 0.0, 0.0]
        assert not np.isnan(quiet.score).any()


# -- the weighted sum ------------------------------------------------------------------------------


def test_score_is_the_weighted_sum_of_the_components(tmp_path: Path) -> None:
    assert WEIGHTS == {"growth": 0.45, "consistency": 0.20, "recency": 0.20, "demand": 0.15}
    thirty_ago = (date.fromisoformat(day(7)) - timedelta(days=30)).isoformat() + "T12:00:00Z"
    stars = {0: 10, 1: 10, 2: 12, 3: 12, 4: 12, 5: 15, 6: 15, 7: 15}
    rows = {"a/b": {j: repo(s, pushed=thirty_ago) for j, s in stars.items()}}
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {"a/b": 3})
    # 8 days -> archive. growth: the only entity, +5 stars over the window -> 100.
    # consistency: days 1..7 judged, growth on days 2 and 5 -> 2/7 = 28.571
    # recency: pushed 30 days before now -> 50; demand: the only entity looked up -> 100
    # score = 0.45*100 + 0.2*28.571 + 0.2*50 + 0.15*100 = 45 + 5.714 + 10 + 15 = 75.714
    assert comp(m, "a/b", "growth") == 100.0
    assert comp(m, "a/b", "consistency") == 28.6
    assert score(m, "a/b") == 75.7
    board = m.leaderboard()
    assert board == [
        {
            "rank": 1,
            "entity": "a/b",
            "score": 75.7,
            "components": {"growth": 100.0, "consistency": 28.6, "recency": 50.0, "demand": 100.0},
            "basis": "archive",
        }
    ]


# -- category rules ------------------------------------------------------------------------------


def mcp_row(version: str, published: str) -> dict[str, Any]:
    return {"version": version, "remotes": [], "packages": [], "publishedAt": published, "updatedAt": published}


def test_mcp_growth_is_release_cadence_and_consistency_weeks_with_a_release(tmp_path: Path) -> None:
    # 36 days (0-35), current day 35 = 2026-12-06; release window 30 days -> base day 5 (2026-11-06).
    def versions(changes: dict[int, str], published: str) -> dict[int, dict[str, Any]]:
        out, current = {}, None
        for j in range(36):
            current = changes.get(j, current)
            out[j] = mcp_row(current, published)
        return out

    rows = {
        # old server: releases 1 (day 0), 2 (day 10), 3 (day 20) -> 2 releases since day 5
        "io.x/old": versions({0: "1.0", 10: "1.1", 20: "1.2"}, "2026-01-01T12:00:00Z"),
        # young server: 0.2 on day 30 -> 1 release since day 5
        "io.x/young": versions({0: "0.1", 30: "0.2"}, "2026-11-01T12:00:00Z"),
        "io.x/still": versions({0: "3.0"}, OLD),
    }
    m = compute_momentum(series_of(tmp_path, "mcp-servers", rows), {})
    # absolute: still 0, young 1/30, old 2/30 -> 0, 50, 100
    # relative to age (now 2026-12-06 noon): old (2/30)/339 days = 0.000197,
    #   young (1/30)/35 days = 0.000952 -> still 0, old 50, young 100
    assert comp(m, "io.x/old", "growth") == 75.0
    assert comp(m, "io.x/young", "growth") == 75.0
    assert comp(m, "io.x/still", "growth") == 0.0
    # weeks ending on day 35, 28, 21, 14, 7, 0 (the 7th would end before the archive):
    # old: releases at the ends 3,3,3,2,1,1 vs starts 3,3,2,1,1,(first value) 1 -> weeks 3 and 4 -> 2/6
    # young: release in week 1 only -> 1/6; still: 0/6
    assert comp(m, "io.x/old", "consistency") == 33.3
    assert comp(m, "io.x/young", "consistency") == 16.7
    assert comp(m, "io.x/still", "consistency") == 0.0


def llm_row(price_in: float, price_out: float, context: int, created: str = OLD) -> dict[str, Any]:
    return {
        "price_input_per_1m": price_in,
        "price_output_per_1m": price_out,
        "context_length": context,
        "created": created,
    }


def test_llm_growth_blends_price_cut_and_context(tmp_path: Path) -> None:
    rows = {
        # input 10 -> 5 on day 4: cut (10-5)/10 = 0.5; output unchanged: 0 -> mean cut 0.25
        "m/cut": {j: llm_row(10 if j < 4 else 5, 30, 32_000, created=noon(9)) for j in range(10)},
        # output 6 -> 9: rise (6-9)/6 = -0.5 -> mean cut -0.25
        "m/rise": {j: llm_row(2, 6 if j < 4 else 9, 128_000) for j in range(10)},
        # unchanged, listed on days 5-9 only
        "m/same": {j: llm_row(1, 1, 8_000) for j in range(5, 10)},
    }
    m = compute_momentum(series_of(tmp_path, "llm-pricing", rows), {})
    # cut percentile: rise 0, same 50, cut 100; context percentile: same 0, cut 50, rise 100
    # growth = 0.5*cut + 0.5*context: cut 75, rise 50, same 25
    assert comp(m, "m/cut", "growth") == 75.0
    assert comp(m, "m/rise", "growth") == 50.0
    assert comp(m, "m/same", "growth") == 25.0
    # consistency: share of the feed's recent days listed (10 days archived, all within 14): 10/10, 5/10
    assert comp(m, "m/cut", "consistency") == 100.0
    assert comp(m, "m/same", "consistency") == 50.0
    # recency from `created`: m/cut was created at now -> 100
    assert comp(m, "m/cut", "recency") == 100.0
    assert m.basis[m.entities.index("m/same")] == "bootstrap"


def test_llm_variable_prices_and_unknown_context_are_nan_safe(tmp_path: Path) -> None:
    rows = {
        "m/variable": {
            j: {"price_input_per_1m": None, "price_output_per_1m": None, "context_length": None, "created": OLD}
            for j in range(10)
        },
        "m/same": {j: llm_row(1, 1, 8_000) for j in range(10)},
    }
    m = compute_momentum(series_of(tmp_path, "llm-pricing", rows), {})
    # price cut: a null price is no evidence of change -> both 0, tied -> 50 each
    # context: m/variable has none (scores 0, not ranked); m/same alone and positive -> 100
    assert comp(m, "m/variable", "growth") == 25.0  # 0.5*50 + 0.5*0
    assert comp(m, "m/same", "growth") == 75.0  # 0.5*50 + 0.5*100
    assert not np.isnan(m.score).any()


def hub_row(likes: int, created: str | None) -> dict[str, Any]:
    return {"likes": likes, "downloads": 0, "trending_score": 1, "createdAt": created}


def test_hub_growth_uses_likes_and_a_null_creation_date_falls_back_to_the_first_day(tmp_path: Path) -> None:
    rows = {
        # archive: likes 100 on day 2, 170 on day 9 -> 10/day; relative 10/100 = 0.1
        "model:a": {j: hub_row(100 + 10 * max(0, j - 2), OLD) for j in range(10)},
        # bootstrap (days 7-9), createdAt null -> created day 7 noon, age 2 days: 30/2 = 15/day;
        # relative 15/30 = 0.5
        "model:b": {7: hub_row(20, None), 8: hub_row(25, None), 9: hub_row(30, None)},
        "model:z": {j: hub_row(50, OLD) for j in range(10)},
    }
    m = compute_momentum(series_of(tmp_path, "modelhub-trending", rows), {})
    # absolute: z 0, a 10 (rank 1) 50, b 15 (rank 2) 100; relative: z 0, a 50, b 100
    assert comp(m, "model:a", "growth") == 50.0
    assert comp(m, "model:b", "growth") == 100.0
    assert comp(m, "model:z", "growth") == 0.0
    assert m.basis == ["archive", "bootstrap", "archive"]


# -- bootstrap -----------------------------------------------------------------------------------


def test_bootstrap_uses_the_lifetime_rate(tmp_path: Path) -> None:
    created = noon(9 - 30)  # 30 days before now
    rows = {
        "a/old": ramp(1000, 10),  # archive: +10/day over the window; relative 10/1000 = 0.01
        # 3 days: lifetime 300 stars / 30 days = 10/day (its window rate would be 5/day); relative 10/300
        "b/new": {7: repo(290, created=created), 8: repo(295, created=created), 9: repo(300, created=created)},
        "c/flat": ramp(500, 0),
    }
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {})
    # absolute: flat 0, old = new 10 (ranks 1,2 -> 75); relative: flat 0, old 0.01 (50), new 0.033 (100)
    assert comp(m, "a/old", "growth") == 62.5  # (75 + 50) / 2
    assert comp(m, "b/new", "growth") == 87.5  # (75 + 100) / 2
    assert m.basis == ["archive", "bootstrap", "archive"]


def test_basis_switches_at_the_minimum_number_of_archived_days(tmp_path: Path) -> None:
    assert BOOTSTRAP_MIN_DAYS == 7
    rows = {
        "a/seven": {j: repo(10 + j) for j in range(3, 10)},  # days 3-9: 7 days
        "b/six": {j: repo(10 + j) for j in range(4, 10)},  # days 4-9: 6 days
    }
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {})
    assert m.basis == ["archive", "bootstrap"]
    assert m.entity("b/six")["basis"] == "bootstrap"


# -- absent entities, leaderboard, entity, history ----------------------------------------------


def test_absent_entities_have_no_score_and_are_not_on_the_leaderboard(tmp_path: Path) -> None:
    rows = {"a/here": ramp(10, 1), "b/gone": {j: repo(10 + j) for j in range(9)}}
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {"b/gone": 50})
    i = m.entities.index("b/gone")
    assert math.isnan(m.score[i])
    assert all(math.isnan(values[i]) for values in m.components.values())
    assert m.basis[i] == ""
    assert [row["entity"] for row in m.leaderboard()] == ["a/here"]
    gone = m.entity("b/gone")
    assert gone is not None and gone["score"] is None and gone["basis"] == ""
    assert [h["date"] for h in gone["history"]] == [day(j) for j in range(9)]
    assert m.entity("nobody/here") is None
    # alone on the current day, a/here takes the whole demand-free ranking: growth 100
    assert comp(m, "a/here", "growth") == 100.0


def test_leaderboard_orders_by_score_then_entity_and_honours_the_limit(tmp_path: Path) -> None:
    rows = {
        "d/top": ramp(10, 5),
        "b/tied": ramp(10, 2),
        "a/tied": ramp(10, 2),
        "c/low": ramp(10, 0),
    }
    m = compute_momentum(series_of(tmp_path, "codehost-ai-repos", rows), {})
    board = m.leaderboard()
    assert [row["entity"] for row in board] == ["d/top", "a/tied", "b/tied", "c/low"]
    assert [row["rank"] for row in board] == [1, 2, 3, 4]
    assert board[1]["score"] == board[2]["score"] > board[3]["score"]
    assert [row["entity"] for row in m.leaderboard(limit=2)] == ["d/top", "a/tied"]
    assert orjson.loads(orjson.dumps(board)) == board


def test_score_history_length_and_a_day_computed_by_hand(tmp_path: Path) -> None:
    # one repo, +10 stars every day, pushed once on day 0 at noon, no demand
    rows = {"a/b": {j: repo(100 + 10 * j, pushed=noon(0)) for j in range(10)}}
    series = series_of(tmp_path, "codehost-ai-repos", rows)
    m = compute_momentum(series, {}, history_days=3)
    assert m.history_days == [day(7), day(8), day(9)]
    assert m.history.shape == (1, 3)
    # day 7 as current: 8 days -> archive; growth 100 (alone, growing); consistency 7/7 = 100;
    # recency 100 * 0.5 ** (7 / 30) = 85.06; demand 0 -> 45 + 20 + 0.2 * 85.06 = 82.01
    assert m.history[0, 0] == round(45 + 20 + 0.2 * 100 * 0.5 ** (7 / 30), 1) == 82.0
    # day 9: recency 100 * 0.5 ** 0.3 = 81.23 -> 45 + 20 + 16.25 = 81.2, the current score
    assert m.history[0, 2] == score(m, "a/b") == 81.2
    full = compute_momentum(series, {})
    assert full.history_days == series.days and full.history.shape == (1, 10)
    # day 0: bootstrap, nothing to judge consistency on (0); recency 100 -> 45 + 0 + 20 = 65
    assert full.history[0, 0] == 65.0
    assert [h["score"] for h in full.entity("a/b")["history"]][-1] == 81.2


def test_a_non_momentum_feed_is_refused(tmp_path: Path) -> None:
    archive = Archive(tmp_path / "f.sqlite")
    archive.replace_day("forum-launch-ai", day(0), [("1", orjson.dumps({"points": 1, "comments": 0}))])
    with pytest.raises(ValueError, match="not a momentum category"):
        compute_momentum(load_series(archive, "forum-launch-ai"), {})
    archive.close()


def test_a_days_momentum_jumps_do_not_depend_on_the_days_after_it(tmp_path: Path) -> None:
    """A jump is found whenever it happened, not only inside the shown score history: with a history
    window sliding along with the latest day, a past day's events changed as days were added (a full
    build and the nightly builds before it then disagreed)."""
    from build.trends import compute_events

    rows = {
        "a/jumps": {j: repo(100 + (400 if j >= 2 else 0) + j, pushed=noon(j)) for j in range(8)},
        "b/steady": {j: repo(100 + j, pushed=noon(j)) for j in range(8)},
        "c/other": {j: repo(50 + 2 * j, pushed=noon(j)) for j in range(8)},
    }
    whole = series_of(tmp_path / "whole", "codehost-ai-repos", rows)
    momentum = compute_momentum(whole, {}, history_days=3)
    assert momentum.history_days == [day(5), day(6), day(7)]
    for j in range(len(whole.days)):
        upto = {e: {k: r for k, r in per_day.items() if k <= j} for e, per_day in rows.items()}
        prefix = series_of(tmp_path / f"upto{j}", "codehost-ai-repos", upto)
        assert compute_events(whole, j, momentum) == compute_events(
            prefix, j, compute_momentum(prefix, {}, history_days=3)
        ), day(j)
    jumps = [e for j in range(len(whole.days)) for e in compute_events(whole, j, momentum)]
    assert any(e["type"] == "momentum_jump" and e["date"] < day(5) for e in jumps)  # before the shown history


def test_scores_of_earlier_days_already_computed_are_taken_and_the_rest_scored(tmp_path: Path) -> None:
    """build/series_cache.py hands a nightly build the scores an earlier build computed: they are taken
    as they are (so a day is never scored twice), and the days after them are scored as usual."""
    rows = {"a/jumps": ramp(100, 50, days=8), "b/steady": ramp(100, 1, days=8), "c/other": ramp(40, 5, days=8)}
    series = series_of(tmp_path, "codehost-ai-repos", rows)
    full = compute_momentum(series, {})

    def known(given: np.ndarray) -> Callable[[np.ndarray], int]:
        def fill(scores: np.ndarray) -> int:
            scores[:] = given
            return 5

        return fill

    np.testing.assert_array_equal(compute_momentum(series, {}, known=known(full.scores)).scores, full.scores)
    marked = np.where(np.isnan(full.scores), np.nan, 1.0)
    taken = compute_momentum(series, {}, known=known(marked))
    np.testing.assert_array_equal(taken.scores[:, :5], marked[:, :5])
    np.testing.assert_array_equal(taken.scores[:, 5:], full.scores[:, 5:])
    assert taken.score.tolist() == full.score.tolist()  # the current day is always scored


@pytest.mark.parametrize("feed", ["codehost-ai-repos", "mcp-servers", "llm-pricing", "modelhub-trending"])
def test_scoring_the_last_days_alone_gives_what_scoring_every_day_gives(tmp_path: Path, feed: str) -> None:
    """A nightly build scores only its last days, from the columns LOOKBACK_DAYS before them and what came
    earlier carried in (each entity's latest and first value, days seen, earliest release): on an
    archive several lookbacks long, with gaps, entities leaving and coming back, and values missing, it
    gives every day's scores, components and basis bit for bit as scoring every day does."""
    import random

    rng = random.Random(feed)
    n_days = 3 * LOOKBACK_DAYS + 11
    rows: dict[str, dict[int, dict[str, Any]]] = {}
    for n in range(12):
        value, version, price = rng.randrange(10, 500), 1, rng.choice([0.5, 2.0, 10.0])
        gone = set(rng.sample(range(n_days - 1), rng.randrange(0, n_days // 2)))  # days without a row
        if n % 4 == 0:  # archived long ago, then only again near the end
            gone |= set(range(10, n_days - LOOKBACK_DAYS // 2))
        if n % 4 == 1:  # four days long ago and the last four: past the bootstrap only with the early ones
            gone = set(range(n_days)) - {5, 6, 7, 8, *range(n_days - 4, n_days)}
        per_day: dict[int, dict[str, Any]] = {}
        for j in range(n_days):
            value += rng.choice([0, 0, 1, 5, 40])
            version += rng.random() < 0.05
            price = price * 0.8 if rng.random() < 0.03 else price
            if j in gone:
                continue
            if feed == "codehost-ai-repos":
                per_day[j] = repo(value if rng.random() > 0.05 else None, pushed=noon(max(0, j - rng.randrange(40))))  # type: ignore[arg-type]
            elif feed == "mcp-servers":
                per_day[j] = mcp_row(f"1.{version}", noon(max(0, j - rng.randrange(3))))
            elif feed == "llm-pricing":
                per_day[j] = llm_row(price, 2 * price, 8192 * (1 + n % 3))
            else:
                per_day[j] = hub_row(value, None if n % 3 == 0 else OLD)
        rows[f"o{n}/e{n}"] = per_day
    series = series_of(tmp_path, feed, rows)
    full = compute_momentum(series, {})

    def known(scores: np.ndarray) -> int:
        scores[:] = full.scores
        return len(series.days) - 2

    last = compute_momentum(series, {}, known=known)
    np.testing.assert_array_equal(last.scores, full.scores)
    np.testing.assert_array_equal(last.score, full.score)
    for name in full.components:
        np.testing.assert_array_equal(last.components[name], full.components[name])
    assert last.basis == full.basis
    assert np.isfinite(full.score).sum() >= 6  # most entities are scored on the last day
