"""`feeds settings`: every setting, its current value and what it does."""

from __future__ import annotations

import argparse
import os

from feeds.settings import SETTINGS, Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    return None


def run(args: argparse.Namespace, settings: Settings) -> int:
    for s in SETTINGS:
        value = os.environ.get(s.name, s.default)
        if "TOKEN" in s.name and value:
            value = "***"
        print(f"{s.name}={value}\n    {s.help} (default: {s.default!r})")
    return 0
