"""Trends: movers and change events on small archives whose expected values are worked out by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from build import changes, trends_files
from build.changes import MOMENTUM_JUMP_POINTS, ChangeEvent, event_id
from build.momentum import Momentum
from build.series import FeedSeries, load_series
from build.trends import TOP_MOVERS, WINDOWS, compute_events, compute_head, compute_trends
from collectors.archive import Archive

DOC_KEYS = {"feed", "window", "date", "from", "metric", "movers", "moversRelative", "events"}
MOVER_KEYS = {"entity", "from", "to", "change", "changePct", "rankFrom", "rankTo"}
CORE_KEYS = ("type", "feed", "entity", "date", "old", "new", "detail")
EVENT_KEYS = set(ChangeEvent.model_fields)


def core(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events without the envelope's derived fields (id, page, title, summary, dimensions)."""
    for event in events:
        ChangeEvent.model_validate(event)
    return [{key: e[key] for key in CORE_KEYS} for e in events]


def build(tmp_path: Path, feed: str, days: dict[str, dict[str, dict[str, Any]]]) -> FeedSeries:
    """Archive `days` ({day: {entity: row}}) and load the feed's series back."""
    archive = Archive(tmp_path / "a.sqlite")
    for day, rows in days.items():
        archive.replace_day(feed, day, [(entity, orjson.dumps(row)) for entity, row in rows.items()])
    series = load_series(archive, feed)
    archive.close()
    return series


def repo(stars: int) -> dict[str, Any]:
    return {"stars": stars, "forks": 1, "open_issues": 0, "pushed_at": "2026-11-01T00:00:00Z"}


def mcp(version: str) -> dict[str, Any]:
    return {"version": version, "remotes": [], "packages": [], "updatedAt": "2026-11-01T00:00:00Z"}


def llm(price_in: float | None, price_out: float | None, context: int = 8000) -> dict[str, Any]:
    return {"price_input_per_1m": price_in, "price_output_per_1m": price_out, "context_length": context}


def movers_of(doc: dict[str, Any], key: str = "movers") -> list[tuple[str, Any, Any, Any, Any]]:
    return [(m["entity"], m["from"], m["to"], m["change"], m["changePct"]) for m in doc[key]]


@pytest.fixture
def repos(tmp_path: Path) -> FeedSeries:
    return build(
        tmp_path,
        "codehost-ai-repos",
        {
            "2026-11-01": {
                "a/a": repo(100),
                "b/b": repo(30),
                "c/c": repo(200),
                "d/d": repo(50),
                "e/e": repo(0),
                "g/g": repo(1000),
            },
            "2026-11-02": {
                "a/a": repo(150),
                "b/b": repo(40),
                "c/c": repo(190),
                "d/d": repo(50),
                "e/e": repo(5),
                "f/f": repo(20),
            },
        },
    )


def test_movers_absolute_and_relative_order_signs_and_percentages(repos: FeedSeries) -> None:
    doc = compute_trends(repos, "1d", 1)
    # a: 150-100 = +50, 50/100 = 50%; b: 40-30 = +10, 10/30 = 33.333.. -> 33.33; c: 190-200 = -10, -10/200 = -5%;
    # e: 5-0 = +5, pct null (base 0); d unchanged; f absent on the base day; g absent on the date.
    # |change| 50, 10, 10, 5 (b before c on the tie: by name).
    assert movers_of(doc) == [
        ("a/a", 100, 150, 50, 50),
        ("b/b", 30, 40, 10, 33.33),
        ("c/c", 200, 190, -10, -5),
        ("e/e", 0, 5, 5, None),
    ]
    # |changePct| 50 > 33.33 > 5; e has base 0 and is left out.
    assert movers_of(doc, "moversRelative") == [
        ("a/a", 100, 150, 50, 50),
        ("b/b", 30, 40, 10, 33.33),
        ("c/c", 200, 190, -10, -5),
    ]
    first = doc["movers"][0]
    assert all(type(first[k]) is int for k in ("from", "to", "change", "changePct", "rankFrom", "rankTo"))


def test_movers_ranks_come_from_the_daily_rank(repos: FeedSeries) -> None:
    doc = compute_trends(repos, "1d", 1)
    # Day 1 by stars: g 1000, c 200, a 100, d 50, b 30, e 0 -> g1 c2 a3 d4 b5 e6.
    # Day 2: c 190, a 150, d 50, b 40, f 20, e 5 -> c1 a2 d3 b4 f5 e6.
    ranks = {m["entity"]: (m["rankFrom"], m["rankTo"]) for m in doc["movers"]}
    assert ranks == {"a/a": (3, 2), "b/b": (5, 4), "c/c": (2, 1), "e/e": (6, 6)}


def test_an_entity_absent_on_the_base_day_is_no_mover_but_a_new_entity(repos: FeedSeries) -> None:
    doc = compute_trends(repos, "1d", -1)
    entities = {m["entity"] for m in doc["movers"] + doc["moversRelative"]}
    assert "f/f" not in entities and "g/g" not in entities and "d/d" not in entities
    assert doc["events"][0]["summary"] == "first seen in AI agent and MCP repositories with 20 stars"
    assert core(doc["events"]) == [
        {
            "type": "new_entity",
            "feed": "codehost-ai-repos",
            "entity": "f/f",
            "date": "2026-11-02",
            "old": None,
            "new": 20,
            "detail": None,
        }
    ]


def test_top_limits_each_list(repos: FeedSeries) -> None:
    doc = compute_trends(repos, "1d", 1, top=2)
    assert [m["entity"] for m in doc["movers"]] == ["a/a", "b/b"]
    assert [m["entity"] for m in doc["moversRelative"]] == ["a/a", "b/b"]
    assert TOP_MOVERS == 50


def test_document_shape(repos: FeedSeries) -> None:
    doc = compute_trends(repos, "1d", 1)
    assert set(doc) == DOC_KEYS  # not partial: no "partial" key
    assert (doc["feed"], doc["window"], doc["date"], doc["from"], doc["metric"]) == (
        "codehost-ai-repos",
        "1d",
        "2026-11-02",
        "2026-11-01",
        "stars",
    )
    assert all(set(m) == MOVER_KEYS for m in doc["movers"] + doc["moversRelative"])
    assert all(set(e) == EVENT_KEYS for e in doc["events"])
    orjson.dumps(doc)  # JSON-ready: no numpy scalars
    assert WINDOWS == {"1d": 1, "7d": 7, "30d": 30}
    with pytest.raises(ValueError):
        compute_trends(repos, "2d", 1)


def test_first_day_has_no_movers_and_no_new_entity_events(repos: FeedSeries) -> None:
    # Everything is new on the first archived day: no events, and nothing to compare against.
    assert compute_events(repos, 0) == []
    doc = compute_trends(repos, "7d", 0)
    assert doc["from"] == doc["date"] == "2026-11-01"
    assert doc["movers"] == doc["moversRelative"] == doc["events"] == []
    assert doc["partial"] is True


@pytest.fixture
def gappy(tmp_path: Path) -> FeedSeries:
    # 2026-11-01 .. 11-12 without 11-05 (a failed collection). x has 10 stars per day of month.
    days = [f"2026-11-{d:02d}" for d in range(1, 13) if d != 5]
    archive: dict[str, dict[str, dict[str, Any]]] = {day: {"x/x": repo(10 * int(day[-2:]))} for day in days}
    archive["2026-11-04"]["n/early"] = repo(1)
    for day in days[days.index("2026-11-07") :]:
        archive[day]["n/late"] = repo(2)
    return build(tmp_path, "codehost-ai-repos", archive)


def test_a_gap_moves_the_1d_base_to_the_previous_archived_day(gappy: FeedSeries) -> None:
    day = gappy.days.index("2026-11-06")
    doc = compute_trends(gappy, "1d", day)
    # 11-05 is missing: base 11-04; x: 40 -> 60 = +20, 20/40 = 50%.
    assert doc["from"] == "2026-11-04"
    assert "partial" not in doc
    assert movers_of(doc) == [("x/x", 40, 60, 20, 50)]


def test_a_gap_moves_the_7d_base_to_the_latest_day_before_it(gappy: FeedSeries) -> None:
    doc = compute_trends(gappy, "7d", -1)
    # 11-12 - 7 days = 11-05, missing: base 11-04. x: 40 -> 120 = +80, 200%.
    assert (doc["date"], doc["from"]) == ("2026-11-12", "2026-11-04")
    assert "partial" not in doc
    assert movers_of(doc) == [("x/x", 40, 120, 80, 200)]
    # Events of (11-04, 11-12]: n/late first seen 11-07; n/early (11-04) is the base day's, not in the window.
    assert [(e["type"], e["entity"], e["date"]) for e in doc["events"]] == [("new_entity", "n/late", "2026-11-07")]


def test_an_exact_base_day_is_used_and_a_young_archive_is_partial(gappy: FeedSeries) -> None:
    exact = compute_trends(gappy, "7d", gappy.days.index("2026-11-08"))
    assert exact["from"] == "2026-11-01" and "partial" not in exact
    # 11-07 - 7 = 10-31: no archived day that old -> first day, partial.
    young = compute_trends(gappy, "7d", gappy.days.index("2026-11-07"))
    assert young["from"] == "2026-11-01" and young["partial"] is True
    # x: 10 -> 70 = +60, 600%.
    assert movers_of(young) == [("x/x", 10, 70, 60, 600)]
    month = compute_trends(gappy, "30d", -1)
    assert month["from"] == "2026-11-01" and month["partial"] is True
    # Events of (11-01, 11-12]: n/early on 11-04, n/late on 11-07, in date order.
    assert [e["entity"] for e in month["events"]] == ["n/early", "n/late"]


@pytest.fixture
def servers(tmp_path: Path) -> FeedSeries:
    return build(
        tmp_path,
        "mcp-servers",
        {
            "2026-11-01": {"io.x/s1": mcp("1.0.0"), "io.x/s2": mcp("0.1.0")},
            "2026-11-02": {"io.x/s1": mcp("1.1.0"), "io.x/s2": mcp("0.1.0"), "io.x/s3": mcp("2.0.0")},
            "2026-11-03": {"io.x/s2": mcp("0.1.0"), "io.x/s3": mcp("2.0.0")},
            "2026-11-04": {"io.x/s1": mcp("1.2.0"), "io.x/s2": mcp("0.2.0"), "io.x/s3": mcp("2.0.0")},
        },
    )


def test_version_bumps_compare_with_the_previous_present_day(servers: FeedSeries) -> None:
    # s1 is absent on 11-03: its 11-04 version is compared with 11-02's 1.1.0.
    assert [(e["type"], e["entity"], e["old"], e["new"]) for e in compute_events(servers, 3)] == [
        ("version_bump", "io.x/s1", "1.1.0", "1.2.0"),
        ("version_bump", "io.x/s2", "0.1.0", "0.2.0"),
    ]
    assert compute_events(servers, 2) == []  # nothing changed on 11-03


def test_a_row_without_version_is_skipped_by_version_bumps(tmp_path: Path) -> None:
    no_version = {k: v for k, v in mcp("x").items() if k != "version"}
    series = build(
        tmp_path,
        "mcp-servers",
        {
            "2026-11-01": {"io.x/s": mcp("1.0.0")},
            "2026-11-02": {"io.x/s": no_version},
            "2026-11-03": {"io.x/s": mcp("1.1.0")},
        },
    )
    # 11-02 has no version: no bump to or from nothing; 11-03 compares with 11-01's 1.0.0.
    assert compute_events(series, 1) == []
    assert [(e["type"], e["old"], e["new"]) for e in compute_events(series, 2)] == [("version_bump", "1.0.0", "1.1.0")]


def test_events_are_ordered_by_date_type_entity(servers: FeedSeries) -> None:
    doc = compute_trends(servers, "7d", -1)
    assert doc["partial"] is True and doc["from"] == "2026-11-01"
    # 11-02: s3 new (type new_entity sorts before version_bump, though s3 > s1), s1 1.0.0 -> 1.1.0; 11-04: s1, s2.
    assert [(e["date"], e["type"], e["entity"]) for e in doc["events"]] == [
        ("2026-11-02", "new_entity", "io.x/s3"),
        ("2026-11-02", "version_bump", "io.x/s1"),
        ("2026-11-04", "version_bump", "io.x/s1"),
        ("2026-11-04", "version_bump", "io.x/s2"),
    ]
    assert doc["events"][0]["detail"] == {"version": "2.0.0"}


def test_mcp_movers_rank_by_releases(servers: FeedSeries) -> None:
    doc = compute_trends(servers, "7d", -1)
    assert doc["metric"] == "releases"
    # Releases (versions seen so far) 11-01 -> 11-04: s1 1 -> 3 (+2, 200%), s2 1 -> 2 (+1, 100%); s3 not on 11-01.
    assert movers_of(doc) == [("io.x/s1", 1, 3, 2, 200), ("io.x/s2", 1, 2, 1, 100)]


def test_llm_price_cut_rise_and_mixed(tmp_path: Path) -> None:
    series = build(
        tmp_path,
        "llm-pricing",
        {
            "2026-11-01": {
                "m/cut": llm(3.0, 15.0, 200000),
                "m/mixed": llm(0.3, 1.0),
                "m/rise": llm(1.0, 2.0, 100000),
                "m/same": llm(1.0, 1.0),
                "m/var": llm(None, None),
            },
            "2026-11-02": {
                "m/cut": llm(2.5, 15.0, 200000),
                "m/mixed": llm(0.1, 1.2),
                "m/rise": llm(1.0, 2.5, 100000),
                "m/same": llm(1.0, 1.0),
                "m/var": llm(2.0, 3.0),
            },
        },
    )
    events = compute_events(series, 1)
    assert [(e["type"], e["entity"], e["old"], e["new"], e["detail"]) for e in events] == [
        ("price_change", "m/cut", {"input": 3, "output": 15}, {"input": 2.5, "output": 15}, {"direction": "cut"}),
        ("price_change", "m/mixed", {"input": 0.3, "output": 1}, {"input": 0.1, "output": 1.2}, {"direction": "mixed"}),
        ("price_change", "m/rise", {"input": 1, "output": 2}, {"input": 1, "output": 2.5}, {"direction": "rise"}),
    ]
    assert type(events[0]["old"]["input"]) is int
    # Only the prices that moved are dimensions, each with its percentage, and the summary says them.
    assert events[0]["summary"] == "input price $3.00 -> $2.50 per 1M tokens (-16.67%)"
    assert events[1]["summary"] == (
        "input price $0.30 -> $0.10 per 1M tokens (-66.67%); output price $1.00 -> $1.20 per 1M tokens (+20%)"
    )
    assert [(d["name"], d["before"], d["after"], d["percent"]) for d in events[1]["dimensions"]] == [
        ("input", 0.3, 0.1, -66.67),
        ("output", 1, 1.2, 20.0),
    ]
    assert events[0]["page"] == "/llm/m/cut" and events[0]["id"] == event_id(
        "llm-pricing", "m/cut", "price_change", "2026-11-02"
    )
    doc = compute_trends(series, "1d", 1)
    assert doc["metric"] == "price_input_per_1m"
    # Input: cut 3 -> 2.5 = -0.5 (-16.666..% -> -16.67); mixed 0.3 -> 0.1 = -0.2 (-66.666..% -> -66.67).
    # A cut is negative and ranks by magnitude; 0.1 - 0.3 shows as -0.2, not -0.19999999999999998.
    assert movers_of(doc) == [("m/cut", 3, 2.5, -0.5, -16.67), ("m/mixed", 0.3, 0.1, -0.2, -66.67)]
    assert movers_of(doc, "moversRelative") == [("m/mixed", 0.3, 0.1, -0.2, -66.67), ("m/cut", 3, 2.5, -0.5, -16.67)]
    # Ranked by context length: m/cut 200,000 first on both days.
    assert (doc["movers"][0]["rankFrom"], doc["movers"][0]["rankTo"]) == (1, 1)


def test_ai_pricing_events_come_from_the_pages_changes(tmp_path: Path) -> None:
    plan = {"plan": "Pro", "amount": 20.0, "currency": "USD", "period": "month", "method": "jsonld"}
    changes = [
        {"plan": "Pro", "change": "price", "old": 20.0, "new": 25.0, "currency": "USD", "period": "month"},
        {"plan": "Team", "change": "added", "old": None, "new": 50.0, "currency": "USD", "period": "month"},
    ]
    series = build(
        tmp_path,
        "ai-pricing",
        {
            "2026-11-01": {
                "https://a.example/pricing": {"plans": [plan], "changes": []},
                "https://b.example/pricing": {"plans": [plan], "changes": []},
            },
            "2026-11-02": {
                "https://a.example/pricing": {
                    "plans": [{**plan, "amount": 25.0}, {**plan, "plan": "Team", "amount": 50.0}],
                    "changes": changes,
                },
                "https://b.example/pricing": {"plans": [plan], "changes": []},
            },
        },
    )
    [event] = compute_events(series, 1)
    assert event["summary"] == "Pro price $20.00 -> $25.00 (+25%); Team price added at $50.00"
    assert event["dimensions"][0] == {
        "name": "min_price",
        "unit": "USD",
        "before": 20,
        "after": 25,
        "change": 5,
        "percent": 25.0,
    }
    assert core([event]) == [
        {
            "type": "price_change",
            "feed": "ai-pricing",
            "entity": "https://a.example/pricing",
            "date": "2026-11-02",
            "old": 20,  # min price 20 -> min(25, 50) = 25
            "new": 25,
            "detail": {"changes": changes},
        }
    ]
    doc = compute_trends(series, "1d", 1)
    # min_price 20 -> 25: +5, 25%; the feed has no daily rank.
    assert doc["metric"] == "min_price"
    assert movers_of(doc) == [("https://a.example/pricing", 20, 25, 5, 25)]
    assert (doc["movers"][0]["rankFrom"], doc["movers"][0]["rankTo"]) == (None, None)


def test_stored_heads_and_day_files_compose_into_the_whole_document(
    repos: FeedSeries, servers: FeedSeries, gappy: FeedSeries
) -> None:
    # What the build stores (a head per window, an events file per archived day) and the server splices
    # back, by calendar day, is the document computed by archived-day index, gaps and partial windows
    # included; nothing of another day or feed leaks in.
    for series in (repos, servers, gappy):
        files = {
            day: trends_files.events_file(orjson.dumps(e) for e in compute_events(series, j))
            for j, day in enumerate(series.days)
        }
        for j in range(len(series.days)):
            for window in WINDOWS:
                whole = compute_trends(series, window, j)
                stored = trends_files.head(compute_head(series, window, j))
                assert orjson.loads(stored)["events"] == []
                assert orjson.loads(trends_files.compose(stored, files.get)) == whole
                assert {e["feed"] for e in whole["events"]} <= {series.feed}
    assert compute_trends(gappy, "30d", -1)["events"]  # the check above saw events spliced in
    with pytest.raises(trends_files.TrendsFileError):
        trends_files.compose(orjson.dumps(compute_trends(gappy, "7d", -1)), files.get)


@pytest.mark.parametrize(
    "entity", ["owner/repo", 'a"b', "back\\slash\\", 'x","page":"y', "名前/ユニコード", "tab\there", "io.github.x/s"]
)
def test_an_events_entity_is_read_without_parsing_the_event(entity: str) -> None:
    event = changes.version_bump("mcp-servers", entity, "2026-11-03", "1.0.0", "1.1.0")
    assert trends_files.entity_of(orjson.dumps(event)) == entity
    assert trends_files.entity_of(orjson.dumps({"other": 1, "entity": entity})) == entity  # another layout


def test_an_events_file_splits_back_into_its_events_without_parsing() -> None:
    events = [{"entity": "a/b", "summary": "line one\nline two, then,\n more"}, {"entity": "c", "x": [1, 2]}]
    body = trends_files.events_file(orjson.dumps(e) for e in events)
    assert orjson.loads(body) == events
    assert [orjson.loads(line) for line in trends_files.events_of(body)] == events
    assert trends_files.events_of(trends_files.events_file([])) == []


def hub_item(score: int) -> dict[str, Any]:
    return {"likes": 10, "downloads": 100, "trending_score": score, "createdAt": "2026-10-01T00:00:00Z"}


def test_a_top_list_feed_reports_entities_back_in_and_out_of_the_list(tmp_path: Path) -> None:
    series = build(
        tmp_path,
        "modelhub-trending",
        {
            "2026-11-01": {"model:a": hub_item(90), "model:b": hub_item(80), "model:c": hub_item(70)},
            "2026-11-02": {"model:a": hub_item(90), "model:b": hub_item(80), "model:d": hub_item(75)},
            "2026-11-03": {"model:a": hub_item(90), "model:c": hub_item(85), "model:d": hub_item(75)},
        },
    )
    # 11-02: d is new (not an enter), c dropped out; 11-03: c is back at rank 2, b dropped out.
    assert [(e["type"], e["entity"], e["old"], e["new"]) for e in compute_events(series, 1)] == [
        ("new_entity", "model:d", None, 10),
        ("trending_exit", "model:c", 3, None),
    ]
    events = compute_events(series, 2)
    assert [(e["type"], e["entity"], e["old"], e["new"]) for e in events] == [
        ("trending_enter", "model:c", None, 2),
        ("trending_exit", "model:b", 2, None),
    ]
    assert events[0]["summary"] == "back in the trending top 100 at rank 2"
    assert events[1]["summary"] == "dropped out of the trending top 100 (rank 2 on 2026-11-02)"
    assert events[0]["detail"] == {"size": 100, "rank": 2, "previousRank": None, "previousDate": "2026-11-02"}
    assert events[0]["page"] == "/hub/model/c"
    core(events)
    # Feeds that are not a top list never report absence.
    repos_only = build(
        tmp_path / "r",
        "codehost-ai-repos",
        {"2026-11-01": {"a/a": repo(1), "b/b": repo(2)}, "2026-11-02": {"a/a": repo(1)}},
    )
    assert compute_events(repos_only, 1) == []


def test_momentum_jumps_are_events_of_the_build(repos: FeedSeries) -> None:
    n = len(repos.entities)
    history = np.full((n, 2), np.nan)
    history[0] = [50.0, 61.0]  # +11: a jump
    history[1] = [50.0, 59.9]  # +9.9: none
    history[2] = [70.0, 55.0]  # -15: a jump
    history[3, 1] = 80.0  # no earlier score: none
    momentum = Momentum(
        feed=repos.feed,
        entities=repos.entities,
        score=history[:, 1].copy(),
        components={},
        basis=[""] * n,
        days=repos.days,
        scores=history,
    )
    events = [e for e in compute_events(repos, 1, momentum) if e["type"] == "momentum_jump"]
    assert [(e["entity"], e["old"], e["new"]) for e in events] == [
        (repos.entities[0], 50.0, 61.0),
        (repos.entities[2], 70.0, 55.0),
    ]
    assert events[1]["summary"] == "momentum 70 -> 55 (-15 points, at least 10)"
    assert events[1]["detail"] == {"threshold": MOMENTUM_JUMP_POINTS, "previousDate": repos.days[0]}
    listed = compute_trends(repos, "1d", 1, momentum=momentum)["events"]
    assert [e for e in listed if e["type"] == "momentum_jump"] == events
    core(events)
