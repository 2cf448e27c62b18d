"""`feeds`: the one command line of the service. Each part contributes its subcommands.

A subcommand lives next to the code it drives (`collectors/cli.py`, `build/cli.py`, ...) and
exposes `add_arguments(parser)` and `run(args, settings) -> exit code`; this module only wires
them up, so `feeds --help` always lists everything.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from collectors.archive import LegacyArchiveError
from collectors.db import SchemaNotReady
from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings, SettingsError

# name -> (module, help). Order is the order of `feeds --help`.
COMMANDS: dict[str, tuple[str, str]] = {
    "collect": ("collectors.cli_collect", "collect today's (or one day's) snapshot of the feeds"),
    "backfill": ("collectors.cli_backfill", "fill the archive for the last N days (offline replay)"),
    "runs": ("collectors.cli_runs", "show the run log of recent collections"),
    "track": ("collectors.cli_track", "queue a repository or pricing page for daily collection"),
    "status": ("collectors.cli_status", "show what the archive holds, per feed"),
    "archive": ("collectors.cli_archive", "migrate a SQLite archive to Parquet files, or verify the files"),
    "build": ("feeds.cli_build", "build the static tree from the archive and publish it atomically"),
    "publish": ("feeds.cli_publish", "copy the served build to another origin's site directory, atomically"),
    "nightly": ("feeds.cli_nightly", "collect today, then build (for cron)"),
    "db": ("collectors.cli_db", "create or upgrade the state store's schema (`feeds db migrate`), or show it"),
    "keys": ("server.cli_keys", "create, list, revoke and rotate API keys"),
    "claims": ("server.cli_claims", "review maintainer claims: list, show, approve, reject"),
    "serve": ("server.cli_serve", "serve the API and the published tree (Sanic)"),
    "mcp": ("server.cli_mcp", "serve the remote MCP server (streamable HTTP, /mcp) for AI agents"),
    "settings": ("feeds.cli_settings", "list every setting with its current value"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="feeds",
        description="Daily data feeds about the AI ecosystem: collect, build, serve.",
        epilog="Settings come from the environment; `feeds settings` lists them.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (module, help_text) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        sub.set_defaults(_module=module)
        importlib.import_module(module).add_arguments(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_module", None):
        parser.print_help()
        return 2
    try:
        settings = Settings()
    except SettingsError as exc:
        print(f"feeds: bad setting: {exc}", file=sys.stderr)
        return 2
    try:
        return int(importlib.import_module(args._module).run(args, settings) or 0)
    except KeyboardInterrupt:
        print("feeds: interrupted", file=sys.stderr)
        return 130
    except LegacyArchiveError as exc:  # any command that opens an archive written before the Parquet layout
        print(f"feeds: {exc}", file=sys.stderr)
        return 2
    except SchemaNotReady as exc:  # any command that opens a state database `feeds db migrate` has not prepared
        print(f"feeds: {exc}", file=sys.stderr)
        return 3
    except BackendUnavailable as exc:
        print(f"feeds: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
