"""`feeds publish DEST`: copy the build this site serves to another site directory, swapped in atomically.

Several origins each serve their own site directory; a deploy step builds once and publishes the
build to every origin's directory (a mounted path per origin), which then serves the same tree.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from build import publish
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "destination",
        metavar="DEST",
        type=Path,
        help="another origin's site directory (a symlink it serves; created if missing)",
    )


def run(args: argparse.Namespace, settings: Settings) -> int:
    site = Path(settings.feeds_site_dir)
    try:
        build_id = publish.copy_to(site, args.destination)
    except publish.PublishError as exc:
        print(f"feeds publish: {exc}", file=sys.stderr)
        return 1
    print(f"published build {build_id}: {args.destination} -> {publish.builds_dir(args.destination) / build_id}")
    return 0
