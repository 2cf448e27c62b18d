"""A year-long archive at production size, generated straight from the replay world, cached by its parameters.

Running the real collectors over HTTP for 365 days at 15,000 repositories would take hours, so each
day's rows are made from the replay's per-day state (`collectors.replay.world.DayState`) the way the
replay would serve it (`collectors.replay.github.repository`, `algolia.Forum.hit`, `mcp.entry`,
`openrouter.Marketplace`, `hub.properties`, `ReplayWorld.pricing_page`), validated with the
collectors' own upstream models and turned into rows by their own pure transforms. So the rows are
real row models, byte for byte what a collection would archive, minus only the HTTP round trips
(and the codehost feed holds the top N live repositories instead of what topic search reaches).

Days that need no yesterday (repositories, forum, MCP servers, hub) are made in a process pool;
LLM pricing and pricing pages compare with yesterday, so they are made in order in the writer.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import shutil
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import orjson
from pydantic import BaseModel

from collectors import codehost, forum, llm_pricing, mcp_registry, modelhub, pricing_pages
from collectors.archive import Archive, RunRecord, rows_dir_for
from collectors.models import FEED_NAMES, Row, iso
from collectors.offline import replay_now
from collectors.protocol import CollectContext
from collectors.registry import get_collector
from collectors.replay import SAAS_SUFFIX, ReplayWorld, algolia, github, mcp
from collectors.replay import hub as replay_hub
from collectors.replay.openrouter import Marketplace
from collectors.replay.world import DAY, DayState, WorldConfig
from collectors.runner import count_changes
from collectors.validation import Tally, validate_items
from feeds.settings import Settings

GENERATOR_VERSION = 3
"""Bump when the generated rows (or the archive layout) change, so cached archives are made again (3: the
Parquet archive of collectors/columnar.py)."""
POOL_FEEDS = ("codehost-ai-repos", "forum-launch-ai", "mcp-servers", "modelhub-trending")
FORUM_DAYS = 7

Rows = list[tuple[str, bytes]]


@dataclass(frozen=True)
class YearSpec:
    """Everything the generated archive depends on (its cache key)."""

    days: int = 365
    end: str = "2026-11-01"
    seed: int = 42
    repos: int = 15_000
    servers: int = 3_000
    llms: int = 400
    hub_items: int = 100
    pricing_pages: int = 200
    forum_posts: int = 50

    @property
    def key(self) -> str:
        text = json.dumps({**asdict(self), "version": GENERATOR_VERSION}, sort_keys=True)
        return f"archive-{self.days}d-{self.repos}r-{hashlib.sha256(text.encode()).hexdigest()[:10]}"

    def world(self) -> WorldConfig:
        return WorldConfig(self.seed, self.repos, self.servers, self.llms, self.hub_items, self.forum_posts)

    def settings(self) -> Settings:
        return Settings(
            env={
                "FEEDS_SEED": str(self.seed),
                "FEEDS_SIM_REPOS": str(self.repos),
                "FEEDS_SIM_MCP_SERVERS": str(self.servers),
                "FEEDS_SIM_LLMS": str(self.llms),
                "FEEDS_SIM_HUB_ITEMS": str(self.hub_items),
                "FEEDS_SIM_FORUM_POSTS": str(self.forum_posts),
            }
        )

    def day_list(self) -> list[date]:
        last = date.fromisoformat(self.end)
        return [last - timedelta(days=offset) for offset in range(self.days - 1, -1, -1)]


@dataclass(frozen=True)
class CachedArchive:
    directory: Path
    meta: dict[str, Any]
    generated_now: bool

    @property
    def archive_path(self) -> Path:
        return self.directory / "archive.sqlite"

    @property
    def rows_dir(self) -> Path:
        return rows_dir_for(self.archive_path)


def archive_bytes(directory: Path) -> int:
    """Size on disk of an archive: the run log (`archive.sqlite`) and every day file under `archive/`."""
    run_log = directory / "archive.sqlite"
    files = [run_log, *rows_dir_for(run_log).rglob("*.parquet")]
    return sum(f.stat().st_size for f in files if f.is_file())


# -- rows of one day ---------------------------------------------------------------------------


def _dump(rows: Iterable[Row]) -> Rows:
    """(entity, JSON) as the runner archives them: the first row of an entity wins."""
    out: dict[str, bytes] = {}
    for row in rows:
        out.setdefault(row.entity, orjson.dumps(row.model_dump(mode="json")))
    return list(out.items())


def _valid(model: type[BaseModel], raw: list[Any], what: str, warnings: list[str]) -> list[Any]:
    return validate_items(model, raw, what, Tally(warnings.append))


def codehost_rows(state: DayState, limit: int, warnings: list[str]) -> Rows:
    """The `limit` most-starred repositories (archived ones too, as topic search returns them), through the
    search-item shape and `codehost.transform`."""
    top = state.repos[:limit]
    items = _valid(codehost.RepoItem, [github.repository(s) for s in top], "repositories", warnings)
    return _dump(codehost.transform(item, False) for item in items)


def forum_rows(state: DayState, warnings: list[str]) -> Rows:
    """Every story of the last FORUM_DAYS days as the search API returns it, through `forum.transform`."""
    end = int(state.now)
    start = int(state.now - FORUM_DAYS * DAY)
    index = algolia.Forum(state)
    hits = _valid(forum.Hit, [index.hit(post) for post in state.posts_between(start, end)], "stories", warnings)
    return _dump(forum.transform(hits))


def mcp_rows(state: DayState, warnings: list[str]) -> Rows:
    """The registry's `version=latest` listing, through `mcp_registry.transform`."""
    raw = [mcp.entry(s, len(s.versions) - 1) for s in state.servers]
    return _dump(mcp_registry.transform(_valid(mcp_registry.ServerResponse, raw, "servers", warnings)))


def hub_rows(state: DayState, warnings: list[str]) -> Rows:
    """The top of each trending list with the collector's `expand` fields, through `modelhub.transform`."""
    lists = replay_hub.Hub(state)
    rows: list[Row] = []
    for source in modelhub.SOURCES:
        raw = []
        for s in lists.ranked(source.kind, "trendingScore")[: modelhub.TOP]:
            props = replay_hub.properties(s)
            raw.append({"_id": s.item.object_id, "id": s.item.id} | {f: props[f] for f in source.expand if f in props})
        items = _valid(modelhub.HubItem, modelhub._ranked(raw), source.path, warnings)
        rows.extend(modelhub.transform(source.kind, item) for item in items)
    return _dump(rows)


def pool_day(task: tuple[YearSpec, date]) -> tuple[date, dict[str, Rows], dict[str, int]]:
    """The feeds of one day that do not depend on the day before (runs in a pool worker)."""
    spec, day = task
    state = DayState(spec.world(), replay_now(day).timestamp())
    warnings: dict[str, list[str]] = {feed: [] for feed in POOL_FEEDS}
    rows = {
        "codehost-ai-repos": codehost_rows(state, spec.repos, warnings["codehost-ai-repos"]),
        "forum-launch-ai": forum_rows(state, warnings["forum-launch-ai"]),
        "mcp-servers": mcp_rows(state, warnings["mcp-servers"]),
        "modelhub-trending": hub_rows(state, warnings["modelhub-trending"]),
    }
    return day, rows, {feed: len(w) for feed, w in warnings.items()}


class Sequential:
    """LLM pricing and pricing pages, made day after day: their rows compare with each entity's last
    snapshot, as the collectors do (`ctx.last_snapshots`), so one absent for a day is not new again."""

    def __init__(self, spec: YearSpec) -> None:
        self.spec = spec
        self.settings = spec.settings()
        seeds = pricing_pages.load_seed()[: spec.pricing_pages]
        extra = [f"https://www.vendor{n:03d}{SAAS_SUFFIX}/pricing" for n in range(spec.pricing_pages - len(seeds))]
        self.urls = [*seeds, *extra]
        self.world = ReplayWorld(self.settings, pricing_urls=tuple(self.urls))
        self.previous: dict[str, dict[str, dict[str, Any]]] = {"llm-pricing": {}, "ai-pricing": {}}
        self.previous_day: str | None = None
        self.last: dict[str, dict[str, dict[str, Any]]] = {"llm-pricing": {}, "ai-pricing": {}}
        """Each entity's latest row so far, whatever its day."""

    def rows(self, day: date) -> tuple[dict[str, dict[str, dict[str, Any]]], dict[str, int]]:
        now = replay_now(day)
        state = self.world.day(now)
        warnings: list[str] = []
        ctx = CollectContext(
            day=day,
            now=now,
            http=cast(Any, None),
            settings=self.settings,
            state=cast(Any, None),
            previous=self.previous["llm-pricing"],
            previous_day=self.previous_day,
        )
        models = _valid(llm_pricing.Model, Marketplace(state).entries(), "model", warnings)
        last = self.last["llm-pricing"]
        llms = {m.id: llm_pricing.transform(m, ctx, last).model_dump(mode="json") for m in models}
        pages: dict[str, dict[str, Any]] = {}
        last_pages = self.last["ai-pricing"]
        snapshot = iso(now)
        for url in self.urls:
            html = self.world.pricing_page(url, now.timestamp())
            if html is not None:
                row = pricing_pages.build_row(url, html, snapshot, last_pages.get(url), False)
                pages[url] = row.model_dump(mode="json")
        out = {"llm-pricing": llms, "ai-pricing": pages}
        self.previous = out
        self.previous_day = str(day)
        for feed, rows in out.items():
            self.last[feed].update(rows)
        return out, {"llm-pricing": len(warnings), "ai-pricing": 0}


# -- writing -----------------------------------------------------------------------------------


class Writer:
    """Archive.replace_day per (feed, day) plus a run-log line with new/changed as the runner counts them."""

    def __init__(self, archive: Archive) -> None:
        self.archive = archive
        self.previous_raw: dict[str, dict[str, bytes]] = {}
        """Each entity's latest serialised row so far, per feed (new = never archived before)."""
        self.previous_rows: dict[str, dict[str, dict[str, Any]]] = {}
        self.last_rows: dict[str, dict[str, dict[str, Any]]] = {feed: {} for feed in FEED_NAMES}
        self.volatile = {feed: get_collector(feed).volatile_fields for feed in FEED_NAMES}
        self.totals = dict.fromkeys(FEED_NAMES, 0)
        self.entities: dict[str, set[str]] = {feed: set() for feed in FEED_NAMES}

    def raw(self, feed: str, day: date, rows: Rows, warnings: int) -> None:
        """Rows already serialised (feeds without volatile fields: equal bytes means unchanged)."""
        before = self.previous_raw.setdefault(feed, {})
        new = sum(1 for entity, _ in rows if entity not in before)
        changed = sum(1 for entity, data in rows if entity in before and before[entity] != data)
        before.update(rows)
        self._store(feed, day, rows, new, changed, warnings)

    def parsed(self, feed: str, day: date, rows: dict[str, dict[str, Any]], warnings: int) -> None:
        last = self.last_rows[feed]

        def last_snapshots(entities: Iterable[str]) -> dict[str, dict[str, Any]]:
            return {entity: last[entity] for entity in entities if entity in last}

        new, changed = count_changes(self.previous_rows.get(feed, {}), rows, self.volatile[feed], last_snapshots)
        self.previous_rows[feed] = rows
        last.update(rows)
        self._store(feed, day, [(e, orjson.dumps(r)) for e, r in rows.items()], new, changed, warnings)

    def _store(self, feed: str, day: date, rows: Rows, new: int, changed: int, warnings: int) -> None:
        started = time.monotonic()
        stored = self.archive.replace_day(feed, day, rows)
        self.totals[feed] += stored
        self.entities[feed].update(entity for entity, _ in rows)
        at = datetime.combine(day, datetime.min.time(), tzinfo=UTC).replace(hour=3, minute=15)
        self.archive.log_run(
            RunRecord(
                feed, str(day), "ok", stored, new, changed, warnings, iso(at), round(time.monotonic() - started, 3)
            )
        )


def generate(spec: YearSpec, target: Path, workers: int, progress: bool = True) -> dict[str, Any]:
    """Write the archive of `spec` into `target` (a new directory); returns its metadata."""
    target.mkdir(parents=True)
    started = time.monotonic()
    days = spec.day_list()
    sequential = Sequential(spec)
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        archive = Archive(target / "archive.sqlite")
        writer = Writer(archive)
        try:
            for n, (day, rows, warnings) in enumerate(pool.imap(pool_day, [(spec, d) for d in days]), 1):
                for feed in POOL_FEEDS:
                    writer.raw(feed, day, rows[feed], warnings[feed])
                parsed, seq_warnings = sequential.rows(day)
                for feed, feed_rows in parsed.items():
                    writer.parsed(feed, day, feed_rows, seq_warnings[feed])
                if progress and (n % 30 == 0 or n == len(days)):
                    print(
                        f"    generated {n}/{len(days)} days ({day}) in {time.monotonic() - started:.0f}s", flush=True
                    )
            archive.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            archive.close()
    return {
        "spec": asdict(spec),
        "generator_version": GENERATOR_VERSION,
        "seconds": round(time.monotonic() - started, 1),
        "rows": writer.totals,
        "entities": {feed: len(names) for feed, names in writer.entities.items()},
        "bytes": archive_bytes(target),
    }


def ensure(spec: YearSpec, cache: Path, workers: int | None = None) -> CachedArchive:
    """The cached archive of `spec`, generated first when absent (into a temporary name, then renamed)."""
    final = cache / spec.key
    meta_path = final / "meta.json"
    if meta_path.exists():
        return CachedArchive(final, json.loads(meta_path.read_text()), False)
    partial = cache / f"{spec.key}.partial-{os.getpid()}"
    shutil.rmtree(partial, ignore_errors=True)
    try:
        meta = generate(spec, partial, workers or max(1, os.cpu_count() or 1))
        (partial / "meta.json").write_text(json.dumps(meta, indent=2))
        shutil.rmtree(final, ignore_errors=True)
        partial.rename(final)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise
    return CachedArchive(final, meta, True)
