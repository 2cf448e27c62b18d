"""`feeds build`: read the archive once per feed, compute, write a complete new tree, swap it in.

Pipeline (one feed at a time, so peak memory is the largest feed's matrices, not the archive):

    archive -> series (entity x day matrices) -> feed pages, history, events, trends,
               momentum, entity cards -> [all feeds] sample, demand, leaderboards, build.json
            -> atomic swap of FEEDS_SITE_DIR -> prune old builds

Nothing here serves; nothing in the server recomputes what is written here.
"""

from __future__ import annotations

import sys
import time
from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from build import publish
from build.atom import CHANGES_DAYS, changes_feed
from build.claims import load_maintainers
from build.entity_demand import DailyDemand, EntityDemand
from build.feed_pages import FeedOutput, write_feed, write_sample_index
from build.feedspec import FEED_SPECS
from build.history_files import write_history
from build.links import Links, compute_links, links_of, read_sources
from build.momentum import Momentum, compute_momentum
from build.packs import Packs
from build.pages import SitePages, api_docs, events_fragment
from build.paths import (
    BUILD_INFO,
    DEMAND,
    MANIFEST,
    PAGES_INDEX,
    SAMPLE_ALL,
    changes_feed_path,
    entity_card_path,
    entity_page,
    latest_trends_path,
    momentum_path,
    recent_events_state_path,
    trends_events_path,
    trends_path,
)
from build.recent_events import RecentEvents
from build.reuse import FeedReuse, Reuse
from build.series import FeedSeries, Prior, SeriesWindowError, load_series
from build.series_cache import SeriesCache
from build.trends import WINDOWS, base_day, compute_events, compute_head
from build.trends_files import compose, entity_of, events_file, events_of
from build.trends_files import head as trends_head
from build.writer import TreeWriter
from collectors.archive import Archive
from collectors.demand_log import open_demand_log
from collectors.models import FEED_NAMES, FEEDS
from feeds.progress import Progress
from feeds.settings import Settings

LEADERBOARD_SIZE = 100
DEMAND_INDEX_SIZE = 100
DEMAND_DAYS = 7
RECENT_EVENTS = 20


@dataclass
class BuildSummary:
    build_id: str
    path: Path
    entities: int
    files: int
    bytes: int
    seconds: float
    """From start to published (the swap)."""
    notify: str = ""
    """The watch notification step's summary line (or its failure): filled in by the command line,
    which runs that step after the publish (feeds/site_build.py)."""
    linked: int = 0
    """Files hard-linked from the previous build (unchanged history months, trends documents and entity
    pages)."""
    pruned: int = 0
    prune_seconds: float = 0.0
    """Old builds removed, and how long the publish waited for that: a one-year build is a great many
    files, and deleting one can be slow on a slow disk, so it is removed beside the build
    (publish.Pruning) and the wait after the publish is reported apart (figures: docs/performance.md)."""

    def line(self) -> str:
        pruned = f"; {self.pruned} old build(s) removed in {self.prune_seconds:.1f}s" if self.pruned else ""
        linked = f" ({self.linked:,} linked from the previous build)" if self.linked else ""
        return (
            f"build {self.build_id}: {self.entities:,} entities, {self.files:,} files{linked}, "
            f"{self.bytes / 1e6:.1f} MB, published in {self.seconds:.1f}s{pruned}"
        ) + (f"\n{self.notify}" if self.notify else "")


def demand_window(reference: str) -> tuple[str, str]:
    """The demand index's week: the seven days ending on the reference day."""
    last = date.fromisoformat(reference)
    return str(last - timedelta(days=DEMAND_DAYS - 1)), str(last)


def write_demand(
    writer: TreeWriter, demand: dict[tuple[str, str], int], window: tuple[str, str], now: str
) -> dict[str, Any]:
    ranked = sorted(demand.items(), key=lambda item: (-item[1], item[0]))[:DEMAND_INDEX_SIZE]
    doc = {
        "from": window[0],
        "to": window[1],
        "updatedAt": now,
        "count": len(ranked),
        "data": [
            {"rank": n, "feed": feed, "entity": entity, "lookups": count}
            for n, ((feed, entity), count) in enumerate(ranked, start=1)
        ],
    }
    writer.write_json(DEMAND, doc)
    return doc


@dataclass
class FeedTrends:
    """What the rest of the build takes from a feed's trends pass."""

    latest: dict[str, bytes]
    """Window -> the feed's latest whole document (head and events composed)."""
    heads: dict[str, dict[str, Any]]
    """Window -> the latest document's head (its movers), for the site pages."""
    kept: RecentEvents
    """Where each entity's last RECENT_EVENTS events are (`recent` reads them)."""
    events_file: Callable[[int], bytes]
    """Day column -> the day's events file, as this build wrote or took it."""
    last_days: list[bytes]
    """The events files of the last CHANGES_DAYS archived days, oldest first (the Atom feed's)."""
    seeded: str = ""
    """The first day `kept` did not take from the previous build's state ("" when it took none:
    build/pipeline.py `_seed_recent`)."""

    def recent(self, wanted: np.ndarray | None = None) -> dict[str, list[bytes]]:
        """Entity -> its last RECENT_EVENTS events, oldest first, serialized as in the events files; only
        the `wanted` entities' (bool [entities]) when given."""
        return self.kept.collect(self.events_file, wanted)


def _empty_trends(feed: str, window: str) -> bytes:
    """The latest document of a feed with no archived day yet: the same shape, empty."""
    return orjson.dumps(
        {
            "feed": feed,
            "window": window,
            "date": None,
            "from": None,
            "metric": FEED_SPECS[feed].main_metric,
            "movers": [],
            "moversRelative": [],
            "events": [],
        }
    )


def write_trends(
    writer: TreeWriter,
    series: FeedSeries,
    momentum: Momentum | None = None,
    reuse: FeedReuse | None = None,
) -> FeedTrends:
    """Each archived day's events file and each (window, date) head (build/trends_files.py), those of
    unchanged past days linked from the previous tree (build/reuse.py), and the latest documents.

    One pass over the days in order. A day's events are computed only when the day is not linked (a
    linked day's are read back from its file, not recomputed). Each entity's last RECENT_EVENTS (its
    card's and page's) are found as ranges of the events files (build/recent_events.py); the events
    files of the days the latest documents and the Atom feed list are kept."""
    feed = series.feed
    last = len(series.days) - 1
    recent = RecentEvents(series.entities, series.index, RECENT_EVENTS)
    seeded = _seed_recent(recent, series, reuse)
    bodies: dict[str, bytes] = {}
    heads: dict[str, dict[str, Any]] = {}
    head_bytes: dict[str, bytes] = {}
    if series.days:
        oldest_listed = min(
            series.days[max(0, last - CHANGES_DAYS + 1)],
            str(date.fromisoformat(series.days[last]) - timedelta(days=max(WINDOWS.values()))),
        )
    for j, day in enumerate(series.days):
        path = trends_events_path(feed, day)
        if j < last and reuse is not None and reuse.file(writer, path, day):
            body = b""
            if day >= oldest_listed or day >= seeded:
                body = _read_back(writer, path)
            if day >= seeded:
                lines = events_of(body)
                recent.add_day(j, [entity_of(line) for line in lines], lines)
        elif day < seeded:  # a day the state holds is always linked (`_seed_recent`)
            raise AssertionError(f"{feed} {day}: in the recent-events state but not linked")
        else:
            events = compute_events(series, j, momentum)
            lines = [orjson.dumps(event) for event in events]
            body = events_file(lines)
            writer.write_bytes(path, body)
            recent.add_day(j, [event["entity"] for event in events], lines)
        if day >= oldest_listed:
            bodies[day] = body
        for window in WINDOWS:
            path = trends_path(feed, window, day)
            if j < last and reuse is not None and reuse.file(writer, path, day):
                continue
            document = compute_head(series, window, j)
            stored = trends_head(document)
            writer.write_bytes(path, stored)
            if j == last:
                heads[window], head_bytes[window] = document, stored
    if series.days:
        # what the next build starts from: its last day is this build's, scored again (FeedReuse.file)
        state = recent.state(last, series.days)
        writer.write_bytes(recent_events_state_path(feed), orjson.dumps(state, option=orjson.OPT_SERIALIZE_NUMPY))
    latest: dict[str, bytes] = {}
    for window in WINDOWS:
        if window in heads:
            latest[window] = compose(head_bytes[window], bodies.get)
        else:
            latest[window] = _empty_trends(feed, window)
            heads[window] = orjson.loads(latest[window])
        writer.write_bytes(latest_trends_path(window, feed), latest[window])
    last_days = [bodies[day] for day in series.days[max(0, last - CHANGES_DAYS + 1) :]]
    read = partial(_day_events, writer, feed, list(series.days))
    return FeedTrends(latest, heads, recent, read, last_days, seeded)


def _day_events(writer: TreeWriter, feed: str, days: list[str], day: int) -> bytes:
    return _read_back(writer, trends_events_path(feed, days[day]))


def _read_back(writer: TreeWriter, relpath: str) -> bytes:
    """A file this build has already written or taken (it must have one)."""
    data = writer.read(relpath)
    if data is None:
        raise FileNotFoundError(relpath)
    return data


def _seed_recent(recent: RecentEvents, series: FeedSeries, reuse: FeedReuse | None) -> str:
    """Start `recent` from the previous build's state when every day it holds is unchanged and is linked
    by this build (before the previous build's last day, which is scored again); returns the first day
    it does not hold ("" when none is used: every day is read or computed)."""
    if reuse is None or reuse.previous is None or reuse.scored_again is None or not series.days:
        return ""
    if reuse.stable_before is not None and reuse.stable_before < reuse.scored_again:
        return ""  # an earlier day was archived again: its events may differ
    if reuse.scored_again > series.days[-1]:
        return ""  # the archive lost its latest days: this build's last day, always written, is in the state
    held = [day for day in series.days if day < reuse.scored_again]
    previous = Packs(reuse.previous)  # packed, as `FeedReuse.file` takes them (a loose file is not taken)
    if not all(previous.span(trends_events_path(series.feed, day)) is not None for day in held):
        return ""
    try:
        state = orjson.loads((reuse.previous / recent_events_state_path(series.feed)).read_bytes())
    except (FileNotFoundError, orjson.JSONDecodeError):
        return ""
    before = state.get("before") if isinstance(state, dict) else None
    if before != reuse.scored_again or not recent.seed(state, series.days):
        return ""
    return str(before)


def write_entity_cards(
    writer: TreeWriter,
    series: FeedSeries,
    momentum: Momentum | None,
    events: dict[str, list[bytes]],
    maintainers: dict[str, dict[str, Any]] | None = None,
    links: Links | None = None,
    demand: EntityDemand | None = None,
    settled: np.ndarray | None = None,
    take: Callable[[list[str]], np.ndarray] | None = None,
) -> None:
    """Every entity's card; its recent events go in as the bytes the events files hold, newest first.
    The card of a `settled` entity (build/pages.py `SitePages.settle`) is taken as it is (`take`) from the
    previous build. `demand` is written last, without weeks when none had a lookup (build/entity_demand.py
    `card_demand`), so such a card does not change with the build's day."""
    present = series.present()
    if demand is None:
        demand = EntityDemand.empty(series.current_day or datetime.now(UTC).date().isoformat())
    taken = np.zeros(len(series.entities), dtype=bool)
    if settled is not None and take is not None:
        chosen = np.flatnonzero(settled)
        taken[chosen] = take([entity_card_path(series.feed, series.entities[i]) for i in chosen.tolist()])
    for i in np.flatnonzero(~taken).tolist():
        entity = series.entities[i]
        path = entity_card_path(series.feed, entity)
        card = {
            "entity": entity,
            "feed": series.feed,
            "current": bool(present[i]),
            "firstSeen": series.days[int(series.first_seen[i])],
            "lastSeen": series.days[int(series.last_seen[i])],
            "row": series.latest[i],
            "momentum": momentum.entity(entity) if momentum is not None else None,
            "events": events_fragment(events.get(entity, [])[::-1]),
            "links": links_of(links or {}, series.feed, entity),
        }
        maintainer = maintainers.get(entity_page(series.feed, entity)) if maintainers else None
        if maintainer is not None:  # approved claims only (build/claims.py); absent otherwise
            card["maintainer"] = maintainer
        card["demand"] = demand.card(series.feed, entity)
        writer.write_json(path, card)


def settled_cards(
    series: FeedSeries, momentum: Momentum | None, settled: np.ndarray, previous_days: list[str]
) -> np.ndarray:
    """bool [entities]: the settled entities (build/pages.py `SitePages.settle`) whose card is the previous
    build's too. A card also lists the entity's scores of the last `history_size` days, which the page's
    settled key leaves out: an entity absent since before both builds' first shown day has none in either
    build; one that left later has a score sliding out of the window most days, so its card is written."""
    if momentum is None or not series.days:
        return settled
    if not previous_days:
        return np.zeros_like(settled)
    size = max(momentum.history_size, 1)
    shown_from = min(series.days[max(0, len(series.days) - size)], previous_days[max(0, len(previous_days) - size)])
    before = bisect_left(series.days, shown_from)  # the days before both windows
    out: np.ndarray = settled & (series.last_seen < before)
    return out


def quiet_entities(
    series: FeedSeries,
    reuse: FeedReuse | None,
    trends: FeedTrends,
    volatile: np.ndarray,
    volatile_before: np.ndarray | None,
) -> np.ndarray | None:
    """bool [entities]: the absent entities whose settled key (build/pages.py `settled_key`) is the one the
    previous build recorded, known without gathering and digesting its inputs; None when this cannot be
    known (the caller digests every absent entity's inputs).

    Such an entity is absent since a day of the previous build's archive and every day that build read is
    unchanged, so its first and last day are that build's; its last events are those of the previous
    build's state (`seeded`) and no day either build wrote events for since names it (`touched`, and the
    previous build's own files of those days); and neither build gave it a cross-feed link, a lookup in
    the demand weeks or an approved claim (`volatile`, `volatile_before`: the few entities that have one).
    Everything else its key digests (the site's base URL, checked by the caller; the null momentum of an
    absent entity) is the same for every such entity. Each night nearly every entity of a year's archive
    is one of these: deciding it from arrays spares digesting ~80,000 pages' inputs at three years."""
    if reuse is None or reuse.previous is None or volatile_before is None or not trends.seeded or not series.days:
        return None
    before = reuse.previous_days
    if not before or (reuse.stable_before is not None and reuse.stable_before <= before[-1]):
        return None  # a day the previous build read was archived again: its entities' days may differ
    touched = trends.kept.touched()
    previous = Packs(reuse.previous)
    for day in before:
        if day < trends.seeded:
            continue
        body = previous.read(trends_events_path(series.feed, day))
        if body is None:
            return None
        for line in events_of(body):
            i = series.index.get(entity_of(line))
            if i is not None:
                touched[i] = True
    stable_until = len(series.days) if reuse.stable_before is None else bisect_left(series.days, reuse.stable_before)
    quiet: np.ndarray = ~series.present() & ~touched & ~volatile & ~volatile_before & (series.last_seen < stable_until)
    return quiet


def prior_scores(prior: Prior, series: FeedSeries) -> Callable[[np.ndarray], int] | None:
    """What fills a score matrix with the cached momentum scores of the series' first days
    (build/series_cache.py) and says how many days it filled: every cached day but the last, which was
    scored while its own day's lookups were still being recorded (0 when the cache holds no scores).
    The cells go straight into the matrix, so no second matrix is held."""
    if series.days[: len(prior.days)] != prior.days or len(prior.days) < 2:
        return None

    def fill(scores: np.ndarray) -> int:
        keep = len(prior.days) - 1
        cells = int(np.searchsorted(prior.cols, keep))  # the cells are day by day: a prefix
        try:
            values = prior.values("score")[:cells]
        except KeyError:
            return 0
        index = np.array([series.index[entity] for entity in prior.entities], dtype=np.int32)
        scores[index[prior.rows[:cells]], prior.cols[:cells]] = values
        return keep

    return fill


def series_window(days: list[str], prior: Prior | None, reuse: FeedReuse | None) -> int:
    """The first day column a nightly build's windowed matrices hold (build/series.py `FeedSeries.start`).

    The first day the build computes anything for is the first it reads from the archive, the first
    archived again since the previous build, or that build's last day (scored again), whichever comes
    first. The window starts a trends window before it (the movers' base day), at the latest the day
    before it (a trending move) and the first day of its month (history is written by month). 0, every
    day, for a full build or without a cached series."""
    if prior is None or reuse is None or reuse.previous is None or not days:
        return 0
    first = len(prior.days)
    for day in (reuse.stable_before, reuse.scored_again):
        if day is not None:
            first = min(first, bisect_left(days, day))
    first = min(first, len(days) - 1)
    if first < 1:
        return 0
    base, _ = base_day(days, first, max(WINDOWS.values()))
    return max(0, min(base, first - 1, bisect_left(days, days[first][:7])))


def build_feed(
    writer: TreeWriter,
    archive: Archive,
    feed: str,
    demand: dict[tuple[str, str], int],
    say: Callable[[str], None],
    site_pages: SitePages | None = None,
    maintainers: dict[str, dict[str, Any]] | None = None,
    links: Links | None = None,
    entity_demand: EntityDemand | None = None,
    site_url: str | None = None,
    built_at: str | None = None,
    reuse: Reuse | None = None,
    daily_demand: DailyDemand | None = None,
    series_cache: SeriesCache | None = None,
) -> tuple[FeedOutput, FeedTrends, dict[str, Any] | None, list[str]]:
    started = time.monotonic()
    feed_reuse = reuse.feed(archive, feed) if reuse is not None else None
    prior = None
    if series_cache is not None and reuse is not None and reuse.previous is not None:  # not `--full`
        prior = series_cache.prior(feed, reuse.feeds[feed])
    start = series_window(list(reuse.feeds[feed]), prior, feed_reuse) if reuse is not None else 0
    series = load_series(archive, feed, progress=say, prior=prior, start=start)
    if reuse is not None and feed_reuse is not None:  # a day archived again while it was read: reuse nothing
        feed_reuse = reuse.confirm(archive, feed, feed_reuse, series.days)
    say(f"{feed}: {len(series.entities):,} entities x {len(series.days)} days read")
    output = write_feed(writer, archive, feed, series.current_day)
    linked = (lambda month: feed_reuse.history_month(writer, month)) if feed_reuse is not None else None
    written = write_history(writer, series, reuse=linked, progress=say)
    say(f"{feed}: history written ({len(written)} month(s); the others linked)")
    momentum = None
    if FEEDS[feed].momentum:  # before the events: momentum jumps are events
        known = prior_scores(prior, series) if prior is not None else None
        momentum = compute_momentum(
            series,
            {entity: n for (f, entity), n in demand.items() if f == feed},
            past_demand=None if daily_demand is None else partial(daily_demand.week, feed),
            known=known,
        )
    if series_cache is not None and reuse is not None:
        series_cache.save(series, reuse.feeds[feed], None if momentum is None else momentum.scores)
    trends = write_trends(writer, series, momentum, feed_reuse)
    say(f"{feed}: trends written")
    if site_url is not None:  # the last CHANGES_DAYS days' events
        all_events = [orjson.loads(line) for body in trends.last_days for line in events_of(body)]
        updated = output.meta["updatedAt"] or built_at or f"{series.current_day}T00:00:00Z"
        writer.write_bytes(
            changes_feed_path(feed), changes_feed(feed, series.current_day, all_events, site_url, updated)
        )
    leaderboard = None
    if momentum is not None:
        leaderboard = {
            "category": feed,
            "date": series.current_day,
            "updatedAt": output.meta["updatedAt"],
            "data": momentum.leaderboard(LEADERBOARD_SIZE),
        }
        leaderboard["count"] = len(leaderboard["data"])
        writer.write_json(momentum_path(feed), leaderboard)
    settled = carried = None
    previous_days = feed_reuse.previous_days if feed_reuse is not None else []
    if site_pages is not None:  # the absent entities whose page and card are the previous build's
        volatile = site_pages.volatile(series)
        quiet = None
        if reuse is not None:
            quiet = quiet_entities(series, feed_reuse, trends, volatile, reuse.volatile_before(series))
        carried = site_pages.carry(series, quiet)
    # the events of every entity whose card or page is written (or whose settled key is digested)
    recent = trends.recent(None if carried is None else ~settled_cards(series, momentum, carried, previous_days))
    if site_pages is not None:
        stable = feed_reuse.stable if feed_reuse is not None else None
        settled = site_pages.settle(series, momentum, recent, stable, carried)
    take = partial(reuse.take_all, writer) if reuse is not None else None
    cards = None
    if settled is not None and feed_reuse is not None:
        cards = settled_cards(series, momentum, settled, previous_days)
    write_entity_cards(writer, series, momentum, recent, maintainers, links, entity_demand, cards, take)
    if site_pages is not None:  # pages and badges while the series and momentum are in memory
        site_pages.add_feed(series, output.meta, momentum, recent, trends.heads, leaderboard, settled)
        say(f"{feed}: pages written ({site_pages.linked_pages:,} entity pages linked so far)")
    say(f"{feed}: done in {time.monotonic() - started:.1f}s")
    return output, trends, leaderboard, series.entities


def run_build(
    settings: Settings,
    *,
    api_document: bytes | None = None,
    now: datetime | None = None,
    quiet: bool = False,
    full: bool = False,
) -> BuildSummary:
    """Write and publish a new tree. `api_document` is the OpenAPI document the /docs page shows,
    passed in because the build knows nothing of the server. Unchanged history months and past trends
    documents are linked from the published tree (build/reuse.py) unless `full`; the tree is the same.
    PublishError when another build of the site is running (build/publish.py `exclusive`).

    A nightly build that finds it needs a day its series does not hold (build/series.py
    `SeriesWindowError`: the previous tree lacks a file its manifest implies) starts again in full; what
    it wrote is never published, and the next build's `publish.prepare` clears it."""
    with publish.exclusive(Path(settings.feeds_site_dir)):
        try:
            return _run_build(settings, api_document=api_document, now=now, quiet=quiet, full=full)
        except SeriesWindowError as error:
            if full:
                raise
            print(f"build: {error}; building again in full", file=sys.stderr)
            return _run_build(settings, api_document=api_document, now=now, quiet=quiet, full=True)


def _run_build(
    settings: Settings,
    *,
    api_document: bytes | None,
    now: datetime | None,
    quiet: bool,
    full: bool,
) -> BuildSummary:
    started = time.monotonic()
    now = now or datetime.now(UTC)
    now_s = now.strftime("%Y-%m-%dT%H:%M:%SZ")
    site = Path(settings.feeds_site_dir)
    reuse = Reuse.open(site, full=full)
    build_id = publish.new_build_id(now)
    target = publish.prepare(site, build_id)
    pruning = publish.Pruning(site)  # beside the build: it waits on the disk, the build on the CPU
    writer = TreeWriter(target)
    site_pages = SitePages(writer, str(settings.feeds_base_url), now_s)
    progress = Progress("build", stream=sys.stderr)

    def say(message: str) -> None:
        if not quiet:
            progress.update(message)

    settings.ensure_dirs()
    archive = Archive(settings.archive_path)
    demand_log = open_demand_log(settings)
    try:
        days = [d for d in (archive.latest_day(feed) for feed in FEED_NAMES) if d]
        reference = max(days) if days else now.date().isoformat()
        window = demand_window(reference)
        demand = demand_log.between(*window)
        entity_demand = EntityDemand.load(demand_log, reference, demand)
        links = compute_links(read_sources(archive))
        site_pages.links, site_pages.demand, site_pages.reuse = links, entity_demand, reuse
        reuse.base_url = site_pages.base_url
        maintainers = load_maintainers(settings)
        site_pages.maintainers = maintainers
        outputs: list[FeedOutput] = []
        latest_trends: dict[str, dict[str, bytes]] = {}
        """Feed -> its latest trends documents: only those (a feed's trends pass holds its series)."""
        entities = 0
        pages: dict[str, list[str]] = {}
        daily_demand = DailyDemand(demand_log)  # each day's lookups read once, shared by the feeds
        for feed in FEED_NAMES:
            output, trends, _leaderboard, names = build_feed(
                writer,
                archive,
                feed,
                demand,
                say,
                site_pages,
                maintainers,
                links,
                entity_demand,
                site_url=str(settings.feeds_base_url),
                built_at=now_s,
                reuse=reuse,
                daily_demand=daily_demand,
                series_cache=SeriesCache(settings.series_cache_dir, reuse.code),
            )
            outputs.append(output)
            latest_trends[feed] = trends.latest
            entities += len(names)
            for entity in names:
                pages.setdefault(entity_page(feed, entity), [feed, entity])
        writer.write_json(PAGES_INDEX, pages)
        write_sample_index(writer, outputs, SAMPLE_ALL)
        site_pages.finish(write_demand(writer, demand, window, now_s), api_docs(api_document))
        writer.close_packs()
        for window_name in WINDOWS:
            documents = b",".join(latest_trends[feed][window_name] for feed in FEED_NAMES)
            head = orjson.dumps({"window": window_name})[:-1]
            writer.write_bytes(latest_trends_path(window_name), head + b',"feeds":[' + documents + b"]}")
        writer.write_json(MANIFEST, reuse.manifest())
        seconds = time.monotonic() - started
        info = {
            "id": build_id,
            "builtAt": now_s,
            "feeds": {o.meta["feed"]: o.meta for o in outputs},
            "demandWindow": {"from": window[0], "to": window[1]},
            "demandWeeks": [{"from": first, "to": last} for first, last in entity_demand.windows],
            "stats": {
                "entities": entities,
                "files": writer.files + 1,
                "bytes": writer.bytes,
                "seconds": round(seconds, 1),
            },
        }
        writer.write_bytes(BUILD_INFO, orjson.dumps(info, option=orjson.OPT_INDENT_2))
    finally:
        writer.abandon_packs()  # a failed build's packs: never published, so only closed (no-op after close_packs)
        archive.close()
        demand_log.close()
        progress.clear()
    writer.fsync_tree()
    publish.swap(site, build_id)
    published = time.monotonic() - started
    removed = pruning.wait() + publish.prune(site)
    summary = BuildSummary(build_id, target, entities, writer.files, writer.bytes, published, linked=writer.linked)
    summary.pruned, summary.prune_seconds = len(removed), time.monotonic() - started - published
    return summary
