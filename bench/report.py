"""Shared printing and process helpers of the benchmark parts."""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
"""The repository: every subprocess runs there, with this interpreter (the project's venv)."""
PYTHON = sys.executable


@dataclass(frozen=True)
class Check:
    """One measured figure against its target."""

    name: str
    value: str
    target: str
    met: bool

    def line(self) -> str:
        verdict = "MET" if self.met else "MISSED"
        return f"  {self.name:<34} {self.value:>16}   target {self.target:<14} {verdict}"


def heading(title: str) -> None:
    print(f"\n== {title} ==", flush=True)


def say(message: str) -> None:
    print(f"  {message}", flush=True)


def show(checks: list[Check]) -> None:
    for check in checks:
        print(check.line(), flush=True)


def cache_root() -> Path:
    """Where generated archives and their builds are kept between runs (FEEDS_BENCH_CACHE overrides)."""
    configured = os.environ.get("FEEDS_BENCH_CACHE")
    path = Path(configured) if configured else Path(tempfile.gettempdir()) / "feeds-bench-cache"
    path.mkdir(parents=True, exist_ok=True)
    return path


def child_env(data_dir: Path, site_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a `feeds` subprocess over its own data and site directories."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("FEEDS_")}
    env.update(FEEDS_DATA_DIR=str(data_dir), FEEDS_SITE_DIR=str(site_dir), PYTHONPATH=str(ROOT), **extra)
    return env
