"""`feeds track FEED ENTITY`: queue a repository or pricing page, as `repo=`/`url=` do."""

from __future__ import annotations

import argparse
import sys

from collectors.models import FEEDS, REPO_NAME
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("feed", choices=[name for name, info in FEEDS.items() if info.exact_param])
    parser.add_argument("entity", help="`owner/name` for a repository, an https URL for a pricing page")


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.feed == "codehost-ai-repos" and not REPO_NAME.fullmatch(args.entity):
        print(f"feeds track: {args.entity!r} is not an `owner/name` repository", file=sys.stderr)
        return 2
    if args.feed == "ai-pricing" and not args.entity.startswith("https://"):
        print("feeds track: pricing pages must be https URLs", file=sys.stderr)
        return 2
    settings.ensure_dirs()
    state = StateStore(state_database(settings))
    try:
        print(f"{args.feed} {args.entity}: {state.enqueue(args.feed, args.entity)}")
    finally:
        state.close()
    return 0
