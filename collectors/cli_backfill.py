"""`feeds backfill --days N --offline`: fill the archive day by day from the replayed ecosystem.

Upstream APIs only serve the present, so a real backfill of past days is impossible; the replay
simulates the ecosystem on each past day and runs the real collectors against it, oldest day
first, so day-over-day flags (new models, price changes) come out as they would have.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from datetime import UTC, date, datetime, timedelta

from collectors.archive import Archive
from collectors.models import FEED_NAMES
from collectors.offline import upstream
from collectors.runner import collect_day
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--days", type=int, required=True, help="how many days, ending on --end")
    parser.add_argument("--end", type=date.fromisoformat, help="last day (default: today, UTC)")
    parser.add_argument("--feed", action="append", choices=FEED_NAMES, help="only this feed (repeatable)")
    parser.add_argument("--offline", action="store_true", help="required: replay a simulated ecosystem")


def run(args: argparse.Namespace, settings: Settings) -> int:
    if not (args.offline or settings.feeds_offline):
        print(
            "feeds backfill: upstream APIs only serve today; use --offline to replay a simulated past "
            "(or `feeds collect` for today)",
            file=sys.stderr,
        )
        return 2
    if not 1 <= args.days <= 3660:
        print("feeds backfill: --days must be between 1 and 3660", file=sys.stderr)
        return 2
    feeds = args.feed or list(FEED_NAMES)
    end = args.end or datetime.now(UTC).date()
    settings.ensure_dirs()
    archive = Archive(settings.archive_path)
    state = StateStore(state_database(settings))
    started = time.monotonic()
    totals = dict.fromkeys(feeds, 0)
    failures = 0
    try:
        for offset in range(args.days - 1, -1, -1):
            day = end - timedelta(days=offset)
            transport, resolver, now = upstream(settings, True, day)
            records = asyncio.run(
                collect_day(
                    feeds,
                    day,
                    settings=settings,
                    archive=archive,
                    state=state,
                    now=now,
                    transport=transport,
                    resolver=resolver,
                )
            )
            done = args.days - offset
            line = "  ".join(f"{r.feed}={r.rows if r.status == 'ok' else 'FAILED'}" for r in records)
            print(f"[{done}/{args.days}] {day}  {line}", flush=True)
            for r in records:
                if r.status == "ok":
                    totals[r.feed] += r.rows
                else:
                    failures += 1
                    print(f"  {r.summary()}", file=sys.stderr)
    finally:
        archive.close()
        state.close()
    elapsed = time.monotonic() - started
    print("rows per feed: " + ", ".join(f"{feed} {count:,}" for feed, count in totals.items()))
    print(
        f"backfilled {args.days} days ({end - timedelta(days=args.days - 1)} .. {end}) "
        f"in {elapsed:.1f}s; {sum(totals.values()):,} rows; {failures} failed collections"
    )
    return 1 if failures else 0
