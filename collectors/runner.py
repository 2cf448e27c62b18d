"""Runs collectors for one day: context, archive write, change counts and the run log.

Every source runs concurrently and independently: one failing source records its failure and
keeps its earlier days, while the others land. Rows are written only after the whole source
succeeded, in one transaction per (feed, day), and only when it does not look like upstream drift
(`validation.check_drift`): a format change must fail loudly and keep yesterday's data, not archive
a near-empty day as ok.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime
from typing import Any

import httpx
import orjson

from collectors.archive import Archive, RunRecord
from collectors.http import HttpClient, Sleep, make_client
from collectors.models import Row
from collectors.protocol import CollectContext, Collector, LastSnapshots, Resolver, system_resolver
from collectors.registry import get_collector
from collectors.safe_fetch import NameRouted
from collectors.state import StateStore
from collectors.validation import check_drift
from feeds.progress import NullProgress, Progress
from feeds.settings import Settings


def _strip(row: dict[str, Any], volatile: frozenset[str]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in volatile}


def count_changes(
    previous: dict[str, dict[str, Any]],
    rows: dict[str, dict[str, Any]],
    volatile: frozenset[str],
    last_snapshots: LastSnapshots | None = None,
) -> tuple[int, int]:
    """(new, changed) of today's rows against each entity's last snapshot, ignoring volatile fields.

    `previous` is the feed's latest archived day: an entity on it has its last snapshot there. Only
    the entities missing from it are looked up with `last_snapshots` (`Archive.latest_rows`), so one
    absent for a day (a failed fetch, an upstream that dropped it) is compared with its row from
    before the gap instead of counting as new: new means never archived before today. So the lookup
    costs what the day's newcomers and returners cost, not the size of the day. Without
    `last_snapshots`, `previous` stands for the whole history.
    """
    missing = [entity for entity in rows if entity not in previous]
    earlier = last_snapshots(missing) if last_snapshots is not None and missing else {}
    new = changed = 0
    for entity, row in rows.items():
        old = previous[entity] if entity in previous else earlier.get(entity)
        if old is None:
            new += 1
        elif _strip(old, volatile) != _strip(row, volatile):
            changed += 1
    return new, changed


async def collect_one(
    feed: str,
    day: date,
    now: datetime,
    *,
    settings: Settings,
    archive: Archive,
    state: StateStore,
    client: httpx.AsyncClient,
    resolver: Resolver,
    sleep: Sleep = asyncio.sleep,
    progress: Progress | None = None,
    warn_out: Callable[[str], None] | None = None,
) -> RunRecord:
    started = time.monotonic()
    previous_day = archive.latest_day(feed, before=day)
    previous = archive.rows_on(feed, previous_day) if previous_day else {}
    last_snapshots: LastSnapshots = functools.partial(archive.latest_rows, feed, day)
    ctx = CollectContext(
        day=day,
        now=now,
        http=HttpClient(
            client, retries=settings.feeds_http_retries, max_wait=settings.feeds_max_retry_wait, sleep=sleep
        ),
        settings=settings,
        state=state,
        previous=previous,
        previous_day=previous_day,
        last_snapshots=last_snapshots,
        resolver=resolver,
        progress=progress or NullProgress(),
    )
    started_at = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    try:
        collector: Collector = get_collector(feed)
        rows: Sequence[Row] = await collector.collect(ctx)
        by_entity: dict[str, dict[str, Any]] = {}
        for row in rows:
            if row.entity in by_entity:
                ctx.warn(f"duplicate entity {row.entity!r}: kept the first")
                continue
            by_entity[row.entity] = row.model_dump(mode="json")
        check_drift(
            ctx.tally,
            len(by_entity),
            len(previous),
            settings.feeds_drift_max_skipped.of(feed),
            settings.feeds_drift_min_rows.of(feed),
        )
        new, changed = count_changes(previous, by_entity, collector.volatile_fields, last_snapshots)
        stored = archive.replace_day(feed, day, ((entity, orjson.dumps(data)) for entity, data in by_entity.items()))
        record = RunRecord(
            feed,
            str(day),
            "ok",
            stored,
            new,
            changed,
            len(ctx.warnings),
            started_at,
            round(time.monotonic() - started, 3),
            None,
            ctx.tally.seen,
            ctx.tally.skipped,
            ctx.tally.new_fields(),
        )
    except Exception as exc:  # any failure of one source is recorded, never fatal to the others
        # redacted: the run log's last error is published as the feed's `lastError`
        detail = settings.redact(str(exc)) if str(exc) else type(exc).__name__
        record = RunRecord(
            feed,
            str(day),
            "failed",
            0,
            0,
            0,
            len(ctx.warnings),
            started_at,
            round(time.monotonic() - started, 3),
            f"{type(exc).__name__}: {detail}"[:2000],
            ctx.tally.seen,
            ctx.tally.skipped,
            ctx.tally.new_fields(),
        )
    finally:
        ctx.progress.clear()
    archive.log_run(record)
    if warn_out is not None:
        for message in ctx.warnings[:20]:
            warn_out(f"  warning [{feed}] {settings.redact(message)}")
        if len(ctx.warnings) > 20:
            warn_out(f"  warning [{feed}] ... and {len(ctx.warnings) - 20} more")
    return record


async def collect_day(
    feeds: Sequence[str],
    day: date,
    *,
    settings: Settings,
    archive: Archive,
    state: StateStore,
    now: datetime | None = None,
    transport: httpx.AsyncBaseTransport | None = None,
    resolver: Resolver = system_resolver,
    sleep: Sleep = asyncio.sleep,
    show_progress: bool = False,
    warn_out: Callable[[str], None] | None = None,
) -> list[RunRecord]:
    """Collect `feeds` for `day` concurrently; returns one run record per feed, in `feeds` order."""
    now = now or datetime.now(UTC)
    # An injected transport is a stand-in network that serves by host name (replay, tests): give it
    # pinned requests by name. The real network (no transport) connects to the pinned address.
    routed = NameRouted(transport) if transport is not None else None
    async with make_client(settings.feeds_http_timeout, routed) as client:
        tasks = [
            collect_one(
                feed,
                day,
                now,
                settings=settings,
                archive=archive,
                state=state,
                client=client,
                resolver=resolver,
                sleep=sleep,
                progress=Progress(f"collect {day} {feed}") if show_progress else None,
                warn_out=warn_out,
            )
            for feed in feeds
        ]
        return list(await asyncio.gather(*tasks))
