"""`feeds build [--full] [--rollback]`: write and publish a new static tree, or serve the previous one again."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build import publish
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rollback", action="store_true", help="serve the previous kept build again")
    parser.add_argument(
        "--full",
        action="store_true",
        help="write every file again instead of linking unchanged history months and trends from the last build",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines, only the summary")


def run(args: argparse.Namespace, settings: Settings) -> int:
    site = Path(settings.feeds_site_dir)
    if args.rollback:
        try:
            previous = publish.rollback(site)
        except publish.PublishError as exc:
            print(f"feeds build --rollback: {exc}", file=sys.stderr)
            return 1
        print(f"now serving build {previous}")
        return 0
    from feeds.site_build import build_site

    try:
        summary = build_site(settings, quiet=args.quiet, full=args.full)
    except publish.PublishError as exc:
        print(f"feeds build: {exc}", file=sys.stderr)
        return 1
    print(summary.line())
    print(f"published {site} -> {summary.path}")
    return 0
