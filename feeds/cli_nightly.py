"""`feeds nightly`: collect today, then build. For cron; a failed source still builds (it keeps its
earlier data and the feed says so), and the exit code reports the failure."""

from __future__ import annotations

import argparse

from collectors import claim_proof, cli_collect
from feeds import cli_build
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--offline", action="store_true", help="collect from the offline replay")


def run(args: argparse.Namespace, settings: Settings) -> int:
    collected = cli_collect.run(argparse.Namespace(feed=None, day=None, offline=args.offline), settings)
    print(claim_proof.run_checks(settings, args.offline).line())  # before the build, which shows proved claims
    built = cli_build.run(argparse.Namespace(rollback=False, quiet=False, full=False), settings)
    return built or collected
