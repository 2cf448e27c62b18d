"""`feeds settings`: every setting, its current value and what it does (`--markdown`: the README table).

The output is meant to be pasted into bug reports and CI logs, so a secret setting shows only
whether it is set (`***`) or not (empty), and the table shows no default for it.
"""

from __future__ import annotations

import argparse
import os

from feeds.settings import MASK, SETTINGS, Setting, Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--markdown", action="store_true", help="print the README's settings table")


def _default_cell(setting: Setting) -> str:
    return "*secret*" if setting.secret else f"`{setting.default}`"


def markdown_table() -> str:
    rows = [f"| `{s.name}` | {_default_cell(s)} | {s.help} |" for s in SETTINGS]
    return "\n".join(["| setting | default | meaning |", "|---|---|---|", *rows])


def shown_value(setting: Setting, raw: str) -> str:
    """The value as printed: a secret is `***` when set and empty when not, whatever its default."""
    if setting.secret:
        return MASK if raw else ""
    return raw


def run(args: argparse.Namespace, settings: Settings) -> int:
    if args.markdown:
        print(markdown_table())
        return 0
    for s in SETTINGS:
        value = shown_value(s, os.environ.get(s.name, s.default))
        about = "secret, never shown" if s.secret else f"default: {s.default!r}"
        print(f"{s.name}={value}\n    {s.help} ({about})")
    return 0
