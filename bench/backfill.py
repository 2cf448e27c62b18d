"""Part 1: `feeds backfill --days 45 --offline` into a fresh directory; wall time and rows per feed."""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from bench.report import PYTHON, ROOT, Check, child_env, heading, say, show
from collectors.archive import Archive
from collectors.models import FEED_NAMES

DAYS = 45
TARGET_SECONDS = 60.0


def run() -> bool:
    heading(f"backfill: feeds backfill --days {DAYS} --offline")
    with tempfile.TemporaryDirectory(prefix="bench-backfill-") as tmp:
        root = Path(tmp)
        command = [PYTHON, "-m", "ai_feeds", "backfill", "--days", str(DAYS), "--offline"]
        started = time.monotonic()
        done = subprocess.run(
            command, cwd=ROOT, env=child_env(root / "var", root / "site"), capture_output=True, text=True, check=False
        )
        seconds = time.monotonic() - started
        if done.returncode != 0:
            say(f"backfill exited {done.returncode}: {done.stderr.strip()[-1000:]}")
            return False
        summary = [line for line in done.stdout.splitlines() if line.startswith("backfilled")]
        say(summary[-1] if summary else "(no summary line)")
        with Archive(root / "var" / "archive.sqlite") as archive:
            say(f"{'feed':<20} {'rows':>9} {'last day':>9}")
            total = 0
            for feed in FEED_NAMES:
                rows = archive.count(feed)
                last = archive.latest_day(feed)
                total += rows
                say(f"{feed:<20} {rows:>9,} {archive.count(feed, last) if last else 0:>9,}")
            say(f"{'total':<20} {total:>9,}")
    show([Check("backfill wall time", f"{seconds:.1f} s", f"< {TARGET_SECONDS:.0f} s", seconds < TARGET_SECONDS)])
    return True
