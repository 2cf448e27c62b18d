"""`feeds runs`: the run log, newest first."""

from __future__ import annotations

import argparse

from collectors.archive import Archive
from collectors.models import FEED_NAMES
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--feed", choices=FEED_NAMES)
    parser.add_argument("--limit", type=int, default=30)


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    with Archive(settings.archive_path) as archive:
        for record in archive.runs(args.feed, args.limit):
            print(f"{record.started_at}  {record.summary()}")
    return 0
