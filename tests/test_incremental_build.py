"""The nightly build reuses the previous tree and still writes exactly what `feeds build --full` writes.

An offline backfill of 40 days across a month boundary is exposed to a build one day at a time (its day
files hard-linked into a second archive, as nightly collections would add them); after each day an
incremental build runs. The last tree must equal a full build's, file by file, and must have taken the
past month from the previous tree; a past day collected again must make its month be rebuilt.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest

from build import pipeline, publish
from build import series as series_module
from build.feedspec import FEED_SPECS
from build.history_parts import entity_lines, index_path, part_path
from build.momentum import Momentum
from build.packs import Packs, tree_files
from build.pages import page_file
from build.paths import BUILD_INFO, MANIFEST, PAGES_INDEX, entity_card_path, trends_events_path, trends_path
from build.pipeline import run_build, settled_cards
from build.recent_events import RecentEvents
from build.reuse import CURRENT_PAGE, FeedReuse, Reuse, code_digest, fingerprints, first_changed
from build.series import FeedSeries
from build.series_cache import SeriesCache, cache_path
from build.writer import TreeWriter
from collectors.archive import Archive
from collectors.models import FEED_NAMES, FEEDS
from collectors.state import StateStore
from feeds.settings import Settings
from server.site import load_site
from tests.tiny_archive import make_tiny_archive

START = datetime(2026, 11, 10, 12, 0, tzinfo=UTC)
"""Build n runs at START + n minutes: build ids (and so the kept builds' order) follow the runs."""
SMALL_WORLD = {
    "FEEDS_SIM_REPOS": "40",
    "FEEDS_SIM_MCP_SERVERS": "12",
    "FEEDS_SIM_LLMS": "10",
    "FEEDS_SIM_HUB_ITEMS": "8",
    "FEEDS_SIM_FORUM_POSTS": "3",
}
DAYS = 40
END = "2026-11-10"


def settings_in(root: Path) -> Settings:
    return Settings(env={"FEEDS_DATA_DIR": str(root / "var"), "FEEDS_SITE_DIR": str(root / "site"), **SMALL_WORLD})


@pytest.fixture(scope="module")
def backfilled(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """40 days to 2026-11-10 (October and November) of a small offline world."""
    root = tmp_path_factory.mktemp("backfill")
    settings = settings_in(root)
    env = {k: v for k, v in os.environ.items() if not k.startswith("FEEDS_")}
    env.update(FEEDS_DATA_DIR=str(settings.feeds_data_dir), FEEDS_SITE_DIR=str(root / "site"), **SMALL_WORLD)
    subprocess.run(
        [sys.executable, "-m", "ai_feeds", "backfill", "--days", str(DAYS), "--end", END, "--offline"],
        env=env,
        check=True,
        capture_output=True,
    )
    return settings


def expose(source: Settings, target: Settings, days: list[str]) -> None:
    """Make `days` of the source archive days of the target archive (hard links, as a collection adds a file)."""
    for feed in FEED_NAMES:
        src = Archive(source.archive_path)
        try:
            for day in days:
                if src.files.exists(feed, day):
                    path = src.files.path(feed, day)
                    link = Path(target.archive_path).parent / path.relative_to(Path(source.archive_path).parent)
                    link.parent.mkdir(parents=True, exist_ok=True)
                    if not link.exists():
                        os.link(path, link)
        finally:
            src.close()


def tree(site: Path) -> dict[str, bytes]:
    """Every file of a published tree; build.json without what differs between any two builds."""
    out = {}
    for rel, data in tree_files(site.resolve()):
        if rel == BUILD_INFO:
            info = orjson.loads(data)
            info["id"], info["stats"]["seconds"] = "<id>", 0
            data = orjson.dumps(info, option=orjson.OPT_SORT_KEYS)
        out[rel] = data
    return out


def assert_same_tree(a: Path, b: Path) -> None:
    left, right = tree(a), tree(b)
    assert sorted(left) == sorted(right)
    different = [rel for rel in left if left[rel] != right[rel]]
    assert different == []


def inode(site: Path, relpath: str) -> int:
    return (site.resolve() / relpath).stat().st_ino


def lookups_of(source: Settings, days: list[str]) -> dict[str, dict[tuple[str, str], int]]:
    """Lookups of a few entities on some days, as a server would log them: past days' momentum (and the
    momentum jumps of past trends) must come out the same in every later build, demand included."""
    archive = Archive(source.archive_path)
    try:
        lookups: dict[str, dict[tuple[str, str], int]] = {}
        for n, day in enumerate(days[3::4]):
            for feed in ("mcp-servers", "codehost-ai-repos", "modelhub-trending"):
                entities = [entity for entity, _ in archive.files.pairs(feed, day)][: 3 + n % 3]
                lookups[day] = {**lookups.get(day, {}), **{(feed, e): 1 + (n + i) % 5 for i, e in enumerate(entities)}}
    finally:
        archive.close()
    return lookups


def record_demand(target: Settings, day: str, counts: dict[tuple[str, str], int]) -> None:
    state = StateStore(target.state_path)
    try:
        state.add_demand(day, counts)
    finally:
        state.close()


@pytest.fixture(scope="module")
def nightly(backfilled: Settings, tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """An archive grown one day at a time, built after each day."""
    settings = settings_in(tmp_path_factory.mktemp("nightly"))
    settings.ensure_dirs()
    shutil.copy(backfilled.archive_path, settings.archive_path)  # the run log (feed meta reads it)
    source = Archive(backfilled.archive_path)
    days = source.days("codehost-ai-repos")
    source.close()
    assert len(days) == DAYS and days[0][:7] != days[-1][:7]
    lookups = lookups_of(backfilled, days)
    seed = RecentEvents.seed

    def seeding(recent: RecentEvents, state: dict[str, Any], days: list[str]) -> bool:
        SEEDED.append((len(days), seed(recent, state, days)))
        return SEEDED[-1][1]

    load = pipeline.load_series

    def loading(archive: Archive, feed: str, *args: Any, **kwargs: Any) -> FeedSeries:
        series = load(archive, feed, *args, **kwargs)
        STARTS.append((feed, series.start))
        return series

    patch = pytest.MonkeyPatch()
    patch.setattr(RecentEvents, "seed", seeding)
    patch.setattr(FeedReuse, "file", taking(TAKEN))
    patch.setattr(pipeline, "load_series", loading)
    # what the windowed matrices hold before their window: absurd, so any output that read it would differ
    patch.setattr(series_module, "PRE_WINDOW_FILL", 1e300)
    for n in range(1, DAYS + 1):
        day = days[n - 1]
        expose(backfilled, settings, [day])
        counts = lookups.get(day, {})
        # A day's lookups keep coming in after the build that collected it: the next build scores that
        # day again and must write its momentum jumps again. The last day's are all in before its build,
        # so the last tree can be compared with a full build.
        late = {key: count - 1 for key, count in counts.items() if count > 1} if n < DAYS else {}
        record_demand(settings, day, {key: count - late.get(key, 0) for key, count in counts.items()})
        TAKEN.clear()
        summary = run_build(settings, now=START + timedelta(minutes=n), quiet=True)
        if n > 2:  # the day before the new one is written again (its momentum is scored again)
            assert summary.linked > 0, f"day {n}: nothing reused"
        record_demand(settings, day, late)
    patch.undo()
    return settings


def taking(taken: dict[str, bool]) -> Callable[[FeedReuse, TreeWriter, str, str], bool]:
    """`FeedReuse.file`, recording whether each dated trends file was taken from the previous tree."""
    file = FeedReuse.file

    def recorded(reuse: FeedReuse, writer: TreeWriter, relpath: str, day: str) -> bool:
        taken[relpath] = file(reuse, writer, relpath, day)
        return taken[relpath]

    return recorded


TAKEN: dict[str, bool] = {}
"""Dated trends file -> whether the last nightly build took it from the previous tree (a range of a
previous segment, build/packs.py) rather than writing it."""
STARTS: list[tuple[str, int]] = []
"""(feed, `FeedSeries.start`) of every nightly build's series."""
SEEDED: list[tuple[int, bool]] = []
"""(the feed's days, whether its recent events started from the previous build's state), per feed and
nightly build that found a state to start from."""


def full_build(settings: Settings, root: Path, now: datetime) -> Path:
    """`feeds build --full` over the same archive into another site directory, at the same time."""
    other = Settings(
        env={"FEEDS_DATA_DIR": str(settings.feeds_data_dir), "FEEDS_SITE_DIR": str(root / "site"), **SMALL_WORLD}
    )
    run_build(other, now=now, quiet=True, full=True)
    return Path(other.feeds_site_dir)


def test_day_by_day_builds_equal_a_full_build(nightly: Settings, tmp_path: Path) -> None:
    site = Path(nightly.feeds_site_dir)
    assert_same_tree(site, full_build(nightly, tmp_path, START + timedelta(minutes=DAYS)))
    # each build after the first two started each feed's recent events from the previous build's state
    # (rather than reading every linked day's events back), and still wrote what a full build writes
    assert len(SEEDED) >= (DAYS - 2) * len(FEED_NAMES) and all(ok for _, ok in SEEDED)
    # the November builds held the repositories' rank, forks, issues and activity from a trends window
    # before their first computed day only (build/series.py `FeedSeries.start`), and wrote the same tree
    assert STARTS[-len(FEED_NAMES) :] == [
        (feed, 8 if FEED_SPECS[feed].windowed else 0) for feed in FEED_NAMES
    ]  # the last build re-scores 11-09: its 30-day base is 10-10, column 8 (the archive starts 10-02)
    archive = Archive(nightly.archive_path)
    for feed in FEED_NAMES:  # each nightly build read its earlier days from the series cache
        prior = SeriesCache(nightly.series_cache_dir, code_digest()).prior(
            feed, fingerprints(archive, feed, archive.days(feed))
        )
        assert prior is not None and prior.days == archive.days(feed), feed
        if FEEDS[feed].momentum:  # and the momentum score of every cell
            assert len(prior.values("score")) == len(prior.rows), feed
    archive.close()
    # the cache's October chunk was written by an earlier build and kept since; the last wrote November's
    meta = orjson.loads(cache_path(nightly.series_cache_dir, "codehost-ai-repos").read_bytes())
    assert sorted(meta["chunks"]) == ["2026-10", "2026-11"]
    assert meta["chunks"]["2026-10"].split("-")[-1] != meta["chunks"]["2026-11"].split("-")[-1]
    assert meta["chunks"]["2026-11"].split("-")[-1] == meta["latest"].split("-")[-1]
    files = {p.name for p in cache_path(nightly.series_cache_dir, "codehost-ai-repos").parent.iterdir()}
    assert files == {"meta.json", meta["latest"], *meta["chunks"].values()}  # replaced ones removed
    builds = publish.complete_builds(site)
    previous = publish.builds_dir(site) / builds[-2]
    october = part_path("codehost-ai-repos", "2026-10")
    assert inode(site, october) == (previous / october).stat().st_ino  # the past month: linked, not written
    november = part_path("codehost-ai-repos", "2026-11")
    assert inode(site, november) != (previous / november).stat().st_ino  # the current month: written
    # past days' trends heads and events files: taken from the previous tree, not written again
    assert TAKEN[trends_path("codehost-ai-repos", "30d", "2026-10-20")] is True
    assert TAKEN[trends_events_path("codehost-ai-repos", "2026-10-20")] is True
    assert not all(TAKEN.values())  # the previous build's last day: scored again, so written again


def test_entity_pages_whose_inputs_did_not_change_are_taken(nightly: Settings) -> None:
    """The last nightly build took the page of every launch post that left the feed before the
    previous build (nothing on it changes any more: the same inputs in both manifests, so its bytes were
    copied, not rendered), and rendered every page of an entity in the feed (its chart gained a day);
    the tree is still a full build's (the test above)."""
    published = Path(nightly.feeds_site_dir)
    site = published.resolve()
    previous = publish.builds_dir(published) / publish.complete_builds(published)[-2]
    index = orjson.loads((site / PAGES_INDEX).read_bytes())
    before = orjson.loads((previous / MANIFEST).read_bytes())["pages"]
    after = orjson.loads((site / MANIFEST).read_bytes())["pages"]
    packs, old_packs = Packs(site), Packs(previous)
    linked: list[tuple[str, bool, str]] = []
    rendered: list[tuple[str, bool, str]] = []
    for path, (feed, entity) in index.items():
        target = page_file(path)
        assert target is not None
        card = orjson.loads(packs.read(entity_card_path(feed, entity)) or b"null")
        same = before.get(target) == after[target] != CURRENT_PAGE
        assert (after[target] == CURRENT_PAGE) == card["current"]  # a current page's inputs: not digested
        if same:
            assert packs.read(target) == old_packs.read(target)
        (linked if same else rendered).append((feed, card["current"], card["lastSeen"]))
    last_two = sorted({seen for _, _, seen in linked + rendered})[-2:]
    assert linked and not any(current for _, current, _ in linked)
    gone_early = [(f, c, seen) for f, c, seen in linked + rendered if f == "forum-launch-ai" and seen < last_two[0]]
    assert gone_early and all(item in linked for item in gone_early)
    assert all(not current for _, current, _ in linked)
    manifest = orjson.loads((site / MANIFEST).read_bytes())
    assert set(manifest["pages"]) == {page_file(path) for path in index}
    # Those absent since before the previous build were settled: the same key in both manifests (their
    # archived days unchanged, the rest of their inputs too), so taken without their inputs gathered.
    settled_before = orjson.loads((previous / MANIFEST).read_bytes())["settled"]
    settled = {t for t, key in manifest["settled"].items() if settled_before.get(t) == key}
    early_targets = {
        page_file(path)
        for path, (feed, entity) in index.items()
        if feed == "forum-launch-ai"
        and orjson.loads(packs.read(entity_card_path(feed, entity)) or b"null")["lastSeen"] < last_two[0]
    }
    assert early_targets and early_targets <= settled
    assert all(after[t] == before[t] for t in settled)  # and their digests carried on for the next build
    # their cards were taken too: stored without the demand weeks that move with the build's day
    settled_cards = [entity_card_path(f, e) for path, (f, e) in index.items() if page_file(path) in settled]
    assert settled_cards and all(packs.read(card) == old_packs.read(card) for card in settled_cards)
    assert not settled & {page_file(p) for p, (f, e) in index.items() if f == "codehost-ai-repos"} - {
        t for t in settled if t in after and before.get(t) == after[t]
    }


def test_the_server_reads_a_window_across_months(nightly: Settings) -> None:
    root = Path(nightly.feeds_site_dir)
    site = load_site(root)
    assert site is not None
    entities = [orjson.loads(row)["entity"] for row in site.feeds["codehost-ai-repos"].rows]
    entity = next(e for e in entities if len(entity_lines(root, "codehost-ai-repos", e)) == DAYS)
    every = entity_lines(root, "codehost-ai-repos", entity)
    lines = site.history("codehost-ai-repos", entity, date(2026, 10, 25), date(2026, 11, 3))
    assert [line[9:19].decode() for line in lines] == [
        line[9:19].decode() for line in every if "2026-10-25" <= line[9:19].decode() <= "2026-11-03"
    ]
    assert len(lines) == 10
    assert site.history("codehost-ai-repos", entity, date(1990, 1, 1), date(1990, 3, 1)) == []
    assert site.history("codehost-ai-repos", "no/such-repo", date(2026, 10, 1), date(2026, 11, 10)) == []


def test_a_past_day_collected_again_rebuilds_its_month(
    nightly: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = Path(nightly.feeds_site_dir)
    feed = "codehost-ai-repos"
    archive = Archive(nightly.archive_path)
    try:
        day = "2026-10-15"
        rows = archive.files.pairs(feed, day)
        entity, data = rows[0]
        row = orjson.loads(data)
        row["stars"] = 987_654_321
        os.unlink(archive.files.path(feed, day))  # a hard link to the source archive: replace, never write through
        archive.replace_day(feed, day, [(entity, orjson.dumps(row)), *rows[1:]])
    finally:
        archive.close()
    before = site.resolve()
    taken: dict[str, bool] = {}
    monkeypatch.setattr(FeedReuse, "file", taking(taken))
    summary = run_build(nightly, now=START + timedelta(minutes=DAYS + 1), quiet=True)
    assert summary.linked > 0  # other feeds, and nothing before the day, are still reused
    october = part_path(feed, "2026-10")
    assert inode(site, october) != (before / october).stat().st_ino  # its month is written again
    assert (
        inode(site, index_path("mcp-servers", "2026-10"))
        == (before / index_path("mcp-servers", "2026-10")).stat().st_ino
    )
    assert taken[trends_path(feed, "1d", "2026-10-14")] is True  # before the day collected again
    assert taken[trends_path(feed, "1d", "2026-10-20")] is False  # the day itself: written again
    for dated, linked in (("2026-10-14", True), ("2026-10-20", False)):
        assert taken[trends_events_path(feed, dated)] is linked
    stars = {
        orjson.loads(line)["date"]: orjson.loads(line)["stars"] for line in entity_lines(site.resolve(), feed, entity)
    }
    assert stars[day] == 987_654_321
    assert_same_tree(site, full_build(nightly, tmp_path, START + timedelta(minutes=DAYS + 1)))


def test_first_changed_day_is_the_earliest_new_gone_or_different_day() -> None:
    before = {"2026-10-30": "1:1", "2026-10-31": "2:2", "2026-11-01": "3:3"}
    assert first_changed(before, before) is None
    assert first_changed({**before, "2026-11-02": "4:4"}, before) == "2026-11-02"  # a new day
    assert first_changed({**before, "2026-10-31": "2:9"}, before) == "2026-10-31"  # collected again
    gone = {day: fp for day, fp in before.items() if day != "2026-10-30"}
    assert first_changed(gone, before) == "2026-10-30"  # a day removed


def test_a_day_replaced_while_the_build_reads_it_reuses_nothing_of_that_feed(tmp_path: Path) -> None:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site")})
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    run_build(settings, now=START, quiet=True)
    reuse = Reuse.open(Path(settings.feeds_site_dir), full=False)
    archive = Archive(settings.archive_path)
    try:
        feed = "codehost-ai-repos"
        before = reuse.feed(archive, feed)
        assert before.previous is not None and before.stable_before is None  # nothing changed yet
        days = archive.days(feed)
        archive.replace_day(feed, days[0], archive.files.pairs(feed, days[0])[1:])  # "during" the read
        after = reuse.confirm(archive, feed, before, days)
        assert after.previous is None and reuse.manifest()["feeds"][feed] == {}
        other = reuse.feed(archive, "mcp-servers")
        assert reuse.confirm(archive, "mcp-servers", other, archive.days("mcp-servers")) is other
    finally:
        archive.close()
    assert Reuse.open(Path(settings.feeds_site_dir), full=True).previous is None


def test_a_build_after_the_archive_lost_its_latest_day_equals_a_full_build(tmp_path: Path) -> None:
    """The previous build's state of recent events holds the days before its last; when the archive has
    lost that last day, the new last day is one of them and is written again, so the state is not used
    (it was, and the build stopped on a day both in the state and written)."""
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site")})
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    run_build(settings, now=START, quiet=True)
    run_build(settings, now=START + timedelta(minutes=1), quiet=True)  # a build with a state to start from
    archive = Archive(settings.archive_path)
    try:
        for feed in FEED_NAMES:
            days = archive.days(feed)
            if len(days) > 1:
                os.unlink(archive.files.path(feed, days[-1]))
    finally:
        archive.close()
    run_build(settings, now=START + timedelta(minutes=2), quiet=True)
    full = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "full")})
    run_build(full, now=START + timedelta(minutes=2), quiet=True, full=True)
    assert_same_tree(Path(settings.feeds_site_dir), Path(full.feeds_site_dir))


def test_a_settled_entity_keeps_its_card_only_once_no_build_shows_its_scores() -> None:
    """A card lists the scores of the last `history_size` days: an absent entity's card is the previous
    build's only when neither build's window reaches its last day, the previous build's window counted on
    the days that build read (here it was built three days ago)."""
    days = [f"2026-11-{d:02d}" for d in range(1, 11)]
    entities = ["gone-long-ago", "gone-in-previous-window", "gone-in-this-window", "unsettled"]
    last_seen = np.array([0, 3, 6, 2])
    seen = np.zeros((4, 10), dtype=bool)
    seen[np.arange(4), last_seen] = True
    nan = np.full((4, 10), np.nan)
    series = FeedSeries("codehost-ai-repos", days, entities, {}, {}, nan, nan, [{}] * 4, last_seen, last_seen, seen)
    momentum = Momentum("codehost-ai-repos", entities, nan[:, 0], {}, [""] * 4, days, nan, history_size=4)
    settled = np.array([True, True, True, False])
    # this build shows 11-07..11-10; the previous one (days up to 11-07) showed 11-04..11-07
    assert settled_cards(series, momentum, settled, days[:7]).tolist() == [True, False, False, False]
    assert settled_cards(series, momentum, settled, days[:9]).tolist() == [True, True, False, False]
    assert settled_cards(series, momentum, settled, []).tolist() == [False] * 4  # no previous build
    assert settled_cards(series, None, settled, days[:7]).tolist() == settled.tolist()  # no scores shown


def test_a_nightly_build_that_needs_a_day_before_its_window_builds_in_full(
    nightly: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A previous tree without a past day's trends head (here: refused) makes the build compute it, from
    columns its windowed series does not hold: it starts again in full and publishes the full tree."""
    file = FeedReuse.file
    missing = trends_path("codehost-ai-repos", "7d", "2026-10-05")

    def refusing(reuse: FeedReuse, writer: TreeWriter, relpath: str, day: str) -> bool:
        return relpath != missing and file(reuse, writer, relpath, day)

    monkeypatch.setattr(FeedReuse, "file", refusing)
    now = START + timedelta(minutes=DAYS + 2)
    summary = run_build(nightly, now=now, quiet=True)
    assert "before the series' window" in capsys.readouterr().err
    assert summary.linked == 0  # the second attempt: full, nothing taken from the previous tree
    assert_same_tree(Path(nightly.feeds_site_dir), full_build(nightly, tmp_path, now))


def test_an_absent_entity_with_a_new_claim_or_lookup_is_rendered_again(
    backfilled: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long-absent launch post is settled from arrays (build/pipeline.py `quiet_entities`) only while
    neither build gave it a claim, a lookup or a link: approving a claim for it, withdrawing it again and
    looking it up each make the next build digest its inputs and render its page, and every tree is
    still the full build's."""
    settings = settings_in(tmp_path / "nightly")
    settings.ensure_dirs()
    shutil.copy(backfilled.archive_path, settings.archive_path)
    source = Archive(backfilled.archive_path)
    days = source.days("forum-launch-ai")
    source.close()
    expose(backfilled, settings, days[:-1])
    run_build(settings, now=START, quiet=True)
    expose(backfilled, settings, days[-1:])
    run_build(settings, now=START + timedelta(minutes=1), quiet=True)
    site = Path(settings.feeds_site_dir)
    index = orjson.loads((site.resolve() / PAGES_INDEX).read_bytes())
    packs = Packs(site.resolve())
    cards = {
        path: orjson.loads(packs.read(entity_card_path(feed, entity)) or b"null")
        for path, (feed, entity) in index.items()
        if feed == "forum-launch-ai"
    }
    early = sorted(path for path, card in cards.items() if card["lastSeen"] < days[-10])
    assert len(early) >= 2
    claimed, looked_up = early[0], early[1]
    carried: list[int] = []
    carry = pipeline.SitePages.carry

    def counting(self: Any, series: FeedSeries, quiet: np.ndarray | None) -> np.ndarray:
        out = carry(self, series, quiet)
        if series.feed == "forum-launch-ai":
            carried.append(int(out.sum()))
        return out

    monkeypatch.setattr(pipeline.SitePages, "carry", counting)
    maintainer = {
        "description": "Made by us.",
        "pricing": None,
        "corrections": None,
        "approvedAt": days[-1],
        "submittedAt": days[-1],
        "repositoryProof": False,
    }
    steps: list[tuple[dict[str, dict[str, Any]], dict[tuple[str, str], int]]] = [
        ({claimed: maintainer}, {}),  # approved
        ({}, {}),  # withdrawn: only the previous build knew it
        ({}, {("forum-launch-ai", index[looked_up][1]): 3}),  # looked up
    ]
    for n, (maintainers, lookups) in enumerate(steps, start=2):
        monkeypatch.setattr(pipeline, "load_maintainers", lambda _settings, m=maintainers: m)
        if lookups:
            record_demand(settings, days[-1], lookups)
        before = Packs(site.resolve())
        run_build(settings, now=START + timedelta(minutes=n), quiet=True)
        after = Packs(site.resolve())
        changed = {path for path in early if after.read(page_file(path) or "") != before.read(page_file(path) or "")}
        assert changed == {[claimed, claimed, looked_up][n - 2]}, n
        assert carried[-1] >= len(early) - 2  # the others: settled from arrays
        full = settings_in(tmp_path / f"full{n}")
        full.ensure_dirs()
        shutil.rmtree(full.feeds_data_dir)
        shutil.copytree(settings.feeds_data_dir, full.feeds_data_dir)
        run_build(full, now=START + timedelta(minutes=n), quiet=True, full=True)
        assert_same_tree(site, Path(full.feeds_site_dir))
