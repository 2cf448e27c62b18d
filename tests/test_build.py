"""The build end to end on a tiny archive: outputs, gaps, stale feeds, atomic publish, golden tree."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime, timedelta
from pathlib import Path

import orjson
import pytest

from build import pipeline, publish
from build.history_parts import entity_lines
from build.packs import Packs, tree_files
from build.paths import MANIFEST, PACKS, entity_card_path, trends_events_path, trends_path
from build.trends_files import compose
from feeds.settings import Settings
from feeds.site_build import build_site
from server.site import load_site
from tests.tiny_archive import make_tiny_archive

NOW = datetime(2026, 11, 4, 12, 0, tzinfo=UTC)
GOLDEN = Path(__file__).parent / "golden" / "tree"


def settings_for(tmp_path: Path) -> Settings:
    return Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site")})


@pytest.fixture
def built(tmp_path: Path) -> tuple[Settings, Path]:
    settings = settings_for(tmp_path)
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    build_site(settings, now=NOW, quiet=True)
    return settings, Path(settings.feeds_site_dir)


def read_json(site: Path, relpath: str):
    data = Packs(site.resolve()).read(relpath)
    assert data is not None, relpath
    return orjson.loads(data)


def dated_trends(site: Path, feed: str, window: str, day: str):
    """A dated trends document as served: its head with its days' events files (build/trends_files.py),
    both read from the feed's trends pack (build/packs.py)."""
    packs = Packs(site.resolve())
    head = packs.read(trends_path(feed, window, day))
    assert head is not None
    return orjson.loads(compose(head, lambda listed: packs.read(trends_events_path(feed, listed))))


def test_feed_rows_are_newest_first_with_a_ready_first_page(built) -> None:
    _, site = built
    lines = (site / "api/feeds/codehost-ai-repos/rows.jsonl").read_bytes().splitlines()
    rows = [orjson.loads(line) for line in lines]
    assert [r["created_at"] for r in rows] == sorted((r["created_at"] for r in rows), reverse=True)
    assert read_json(site, "api/feeds/codehost-ai-repos/index.json")["since"] == [r["created_at"] for r in rows]
    page = read_json(site, "api/feeds/codehost-ai-repos/page1.json")
    assert (page["total"], page["offset"], page["limit"], page["count"]) == (3, 0, 100, 3)
    assert page["data"] == rows
    search = (site / "api/feeds/codehost-ai-repos/search.txt").read_text().splitlines()
    assert len(search) == 3 and "<b>agent</b> toolkit" in search[0]


def test_a_failed_last_collection_serves_the_previous_day_and_says_stale(built) -> None:
    _, site = built
    meta = read_json(site, "api/feeds/llm-pricing/meta.json")
    assert meta["day"] == "2026-11-03" and meta["stale"] is True
    assert meta["updatedAt"] == "2026-11-03T03:00:00Z" and "503" in meta["lastError"]
    assert read_json(site, "api/feeds/forum-launch-ai/meta.json")["stale"] is False


def test_history_skips_the_failed_day(built) -> None:
    _, site = built
    lines = entity_lines(site, "codehost-ai-repos", "acme/agent-kit")
    history = [orjson.loads(line) for line in lines]
    assert history == [
        {"date": "2026-11-01", "stars": 100, "forks": 10, "open_issues": 1, "rank": 1},
        {"date": "2026-11-02", "stars": 130, "forks": 13, "open_issues": 1, "rank": 1},
        {"date": "2026-11-04", "stars": 190, "forks": 19, "open_issues": 1, "rank": 1},
    ]
    newcomer = [orjson.loads(x) for x in entity_lines(site, "codehost-ai-repos", "new/shiny-mcp")]
    assert [(h["date"], h["stars"], h["rank"]) for h in newcomer] == [("2026-11-02", 50, 3), ("2026-11-04", 130, 2)]
    mcp = [orjson.loads(x) for x in entity_lines(site, "mcp-servers", "io.github.example/weather")]
    assert [(h["version"], h["releases"]) for h in mcp] == [("1.0.0", 1), ("1.0.0", 1), ("1.1.0", 2), ("1.1.0", 2)]


def test_trends_events_and_entity_cards(built) -> None:
    _, site = built
    trends = dated_trends(site, "mcp-servers", "1d", "2026-11-03")
    assert [(e["type"], e["entity"], e["old"], e["new"]) for e in trends["events"]] == [
        ("momentum_jump", "com.acme/files", 40.9, 18.0),
        ("momentum_jump", "io.github.example/weather", 40.9, 83.0),
        ("version_bump", "io.github.example/weather", "1.0.0", "1.1.0"),
    ]
    pricing = dated_trends(site, "ai-pricing", "1d", "2026-11-04")
    assert [(e["type"], e["old"], e["new"]) for e in pricing["events"]] == [("price_change", 20, 16)]
    card = read_json(site, entity_card_path("mcp-servers", "io.github.example/weather"))
    assert card["current"] is True
    assert [(e["date"], e["type"]) for e in card["events"]] == [
        ("2026-11-03", "version_bump"),
        ("2026-11-03", "momentum_jump"),
    ]
    assert card["events"][0] == trends["events"][-1]  # one envelope, one id, in the card and in /trends
    assert 0 <= card["momentum"]["score"] <= 100 and card["momentum"]["basis"] == "bootstrap"
    latest = read_json(site, "api/trends/latest/7d.json")
    assert [doc["feed"] for doc in latest["feeds"]][:2] == ["codehost-ai-repos", "forum-launch-ai"]


def test_momentum_leaderboards_sample_and_empty_demand(built) -> None:
    _, site = built
    board = read_json(site, "api/momentum/codehost-ai-repos.json")
    assert [row["rank"] for row in board["data"]] == [1, 2, 3]
    scores = [row["score"] for row in board["data"]]
    assert scores == sorted(scores, reverse=True)
    assert not (site / "api/momentum/forum-launch-ai.json").exists()
    sample = read_json(site, "api/sample/index.json")
    assert [len(s["data"]) for s in sample["feeds"]] == [3, 2, 2, 1, 2, 3]
    demand = read_json(site, "api/demand.json")
    assert demand["data"] == [] and (demand["from"], demand["to"]) == ("2026-10-29", "2026-11-04")


def test_demand_log_feeds_the_index(tmp_path: Path) -> None:
    from collectors.state import StateStore

    settings = settings_for(tmp_path)
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    state = StateStore(settings.state_path)
    state.add_demand("2026-11-03", {("mcp-servers", "com.acme/files"): 4, ("codehost-ai-repos", "bob/mcp-lite"): 9})
    state.add_demand("2026-10-20", {("mcp-servers", "io.github.example/weather"): 50})  # older than a week
    state.close()
    build_site(settings, now=NOW, quiet=True)
    demand = read_json(Path(settings.feeds_site_dir), "api/demand.json")
    assert [(d["entity"], d["lookups"]) for d in demand["data"]] == [("bob/mcp-lite", 9), ("com.acme/files", 4)]


def test_a_build_killed_midway_leaves_the_served_tree_whole(built, monkeypatch) -> None:
    settings, site = built
    before = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    served = os.readlink(site)

    def killed(*args, **kwargs):
        raise KeyboardInterrupt("killed")

    monkeypatch.setattr(pipeline, "write_sample_index", killed)
    with pytest.raises(KeyboardInterrupt):
        build_site(settings, now=NOW, quiet=True)
    assert os.readlink(site) == served
    after = {p.relative_to(site): p.read_bytes() for p in site.rglob("*") if p.is_file()}
    assert after == before
    monkeypatch.undo()
    summary = build_site(settings, now=NOW, quiet=True)
    assert os.readlink(site).endswith(summary.build_id)
    assert len([p for p in publish.builds_dir(site).iterdir() if p.is_dir()]) == 2  # the partial one was cleared


def test_a_second_build_of_the_site_is_refused_while_one_runs(built) -> None:
    """An overlapping build would take the running one's partial directory for a killed build's and
    remove it; it is refused instead, and the served tree is untouched."""
    settings, site = built
    served = os.readlink(site)
    with publish.exclusive(site), pytest.raises(publish.PublishError, match="another build"):
        build_site(settings, now=NOW, quiet=True)
    assert os.readlink(site) == served
    assert os.readlink(site) != build_site(settings, now=NOW, quiet=True).build_id  # released: builds again


def normalised_tree(site: Path) -> dict[str, bytes]:
    """The tree as served (packed files by their own paths: build/packs.py), so the golden copy stays
    readable file by file."""
    tree = {}
    for rel, data in tree_files(site.resolve()):
        if rel == MANIFEST:  # archive files' modification times: this run's, not the golden's
            continue
        if rel == "build.json":
            info = orjson.loads(data)
            info["id"] = "<id>"
            info["stats"]["seconds"] = 0
            data = orjson.dumps(info, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS)
        tree[rel] = data
    return tree


def test_golden_tree(built) -> None:
    """The whole tree of the tiny archive, byte for byte. Regenerate on purpose: `make golden`."""
    _, site = built
    actual = normalised_tree(site)
    if os.environ.get("FEEDS_REGENERATE_GOLDEN") == "1":
        shutil.rmtree(GOLDEN, ignore_errors=True)
        for rel, data in actual.items():
            (GOLDEN / rel).parent.mkdir(parents=True, exist_ok=True)
            (GOLDEN / rel).write_bytes(data)
    expected = {p.relative_to(GOLDEN).as_posix(): p.read_bytes() for p in sorted(GOLDEN.rglob("*")) if p.is_file()}
    assert sorted(actual) == sorted(expected)
    for rel in expected:
        assert actual[rel] == expected[rel], rel


def test_a_feed_without_days_still_gets_well_formed_latest_trends(tmp_path: Path) -> None:
    from server.schemas import TrendsResponse

    settings = settings_for(tmp_path)
    settings.ensure_dirs()
    archive = make_tiny_archive(settings.archive_path)
    for day in archive.days("ai-pricing"):
        archive.files.path("ai-pricing", day).unlink()
    archive.close()
    build_site(settings, now=NOW, quiet=True)
    doc = read_json(Path(settings.feeds_site_dir), "api/trends/ai-pricing/7d/latest.json")
    assert (doc["date"], doc["metric"], doc["movers"], doc["events"]) == (None, "min_price", [], [])
    TrendsResponse.model_validate(doc)


def test_the_summary_reports_old_builds_removed_after_the_publish(built) -> None:
    settings, site = built
    summaries = [build_site(settings, now=NOW + timedelta(minutes=n), quiet=True) for n in range(1, publish.KEEP + 1)]
    assert [s.pruned for s in summaries] == [0] * (publish.KEEP - 1) + [1]  # the first build leaves
    assert "1 old build(s) removed in" in summaries[-1].line()
    assert "removed" not in summaries[0].line() and "published in" in summaries[0].line()
    assert len(publish.complete_builds(site)) == publish.KEEP


def test_the_server_composes_heads_and_serves_an_older_trees_whole_documents_as_they_are(built, tmp_path: Path) -> None:
    _, site = built
    loaded = load_site(site)
    assert loaded is not None
    composed = loaded.trends("mcp-servers", "1d", "2026-11-03")
    assert composed is not None
    assert orjson.loads(composed) == dated_trends(site, "mcp-servers", "1d", "2026-11-03")
    assert loaded.trends("mcp-servers", "1d", "2020-01-01") is None
    # a tree published before heads (and trends packs) existed stores whole documents as loose files:
    # the server sends them unchanged
    whole = orjson.dumps(dated_trends(site, "mcp-servers", "7d", "2026-11-03"))
    older = tmp_path / "older"
    shutil.copytree(site.resolve(), older)
    for packed in (older / PACKS / "api/trends").glob("mcp-servers.*"):
        packed.unlink()
    stored = older / trends_path("mcp-servers", "7d", "2026-11-03")
    stored.parent.mkdir(parents=True)
    stored.write_bytes(whole)
    again = load_site(older)
    assert again is not None and again.trends("mcp-servers", "7d", "2026-11-03") == whole
    assert again.trends("mcp-servers", "1d", "2026-11-03") is None  # not in that older tree
