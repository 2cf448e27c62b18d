"""`feeds status`: days, rows and the last successful collection of each feed."""

from __future__ import annotations

import argparse

from collectors.archive import Archive
from collectors.models import FEED_NAMES
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    with Archive(settings.archive_path) as archive:
        print(f"archive: {settings.archive_path}")
        for feed in FEED_NAMES:
            days = archive.days(feed)
            last = archive.last_success(feed)
            latest = archive.runs(feed, 1)
            stale = latest and latest[0].status != "ok"
            span = f"{days[0]}..{days[-1]}" if days else "-"
            print(
                f"{feed:<18} days={len(days):<4} span={span:<22} "
                f"latest rows={archive.count(feed, days[-1]) if days else 0:<6} "
                f"last ok={last.started_at if last else '-'}"
                + ("  (latest collection FAILED: serving earlier data)" if stale else "")
            )
    return 0
