"""`feeds collect`: one day's snapshot of some or all feeds."""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC, date, datetime

from collectors.archive import Archive
from collectors.models import FEED_NAMES
from collectors.offline import upstream
from collectors.runner import collect_day
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--feed", action="append", choices=FEED_NAMES, help="only this feed (repeatable)")
    parser.add_argument("--day", type=date.fromisoformat, help="archive day (default: today, UTC)")
    parser.add_argument("--offline", action="store_true", help="use the offline replay, not the network")


def run(args: argparse.Namespace, settings: Settings) -> int:
    feeds = args.feed or list(FEED_NAMES)
    day = args.day or datetime.now(UTC).date()
    settings.ensure_dirs()
    transport, resolver, now = upstream(settings, args.offline, day)
    archive = Archive(settings.archive_path)
    state = StateStore(state_database(settings))
    try:
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
                show_progress=True,
                warn_out=lambda m: print(m, file=sys.stderr),
            )
        )
    finally:
        archive.close()
        state.close()
    for record in records:
        print(record.summary())
    failed = [r.feed for r in records if r.status != "ok"]
    print(
        f"collected {len(records) - len(failed)}/{len(records)} feeds for {day}"
        + (f"; failed: {', '.join(failed)} (their earlier days are kept)" if failed else "")
    )
    return 1 if failed else 0
