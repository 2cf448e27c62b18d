"""`feeds settings`: every setting, its current value and what it does (`--markdown`: the README table)."""

from __future__ import annotations

import argparse
import os

from feeds.settings import SETTINGS, Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--markdown", action="store_true", help="print the README's settings table")


def markdown_table() -> str:
    rows = [f"| `{s.name}` | `{s.default}` | {s.help} |" for s in SETTINGS]
    return "\n".join(["| setting | default | meaning |", "|---|---|---|", *rows])


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.markdown:
        print(markdown_table())
        return 0
    for s in SETTINGS:
        value = os.environ.get(s.name, s.default)
        if "TOKEN" in s.name and value:
            value = "***"
        print(f"{s.name}={value}\n    {s.help} (default: {s.default!r})")
    return 0
