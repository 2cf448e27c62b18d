"""Part 2: `feeds build` over a one-year production-size archive: wall time, peak memory, hot spots if slow."""

from __future__ import annotations

import os
import pstats
import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.report import PYTHON, ROOT, Check, cache_root, child_env, heading, say, show
from bench.yeararchive import CachedArchive, YearSpec, archive_bytes, ensure

TARGET_SECONDS = 90.0
TARGET_RSS_MIB = 1024.0  # 1 GiB
TARGET_ARCHIVE_GIB = 1.2
STAGES = (
    "load_series",
    "write_feed",
    "write_history",
    "compute_events",
    "write_trends",
    "compute_momentum",
    "write_entity_cards",
    "write_json",
    "fsync_tree",
    "swap",
    "prune",
)


@dataclass(frozen=True)
class BuildRun:
    returncode: int
    seconds: float
    peak_mib: float
    stdout: str
    stderr: str

    @property
    def summary(self) -> str:
        return next((line for line in self.stdout.splitlines() if line.startswith("build ")), "(no summary line)")


def timed_build(data_dir: Path, site_dir: Path, prefix: tuple[str, ...] = ()) -> BuildRun:
    """`feeds build` in a child process; its own peak RSS from wait4 (the child's rusage, nothing else's)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        process = subprocess.Popen(
            [PYTHON, *prefix, "-m", "ai_feeds", "build"],
            cwd=ROOT,
            env=child_env(data_dir, site_dir),
            stdout=out,
            stderr=err,
        )
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.monotonic() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return BuildRun(process.returncode, seconds, usage.ru_maxrss / 1024, out.read().decode(), err.read().decode())


def describe(cached: CachedArchive) -> None:
    meta = cached.meta
    spec = meta["spec"]
    how = "generated now" if cached.generated_now else "cached; generating it took"
    say(
        f"archive: {spec['days']} days to {spec['end']}, {spec['repos']:,} repos, {spec['servers']:,} MCP servers, "
        f"{spec['llms']} LLMs, {spec['hub_items']}/kind hub items, {spec['pricing_pages']} pricing pages, "
        f"{spec['forum_posts']} forum posts/day"
    )
    say(
        f"  {cached.archive_path} + {cached.rows_dir}/ ({archive_bytes(cached.directory) / 2**30:.2f} GiB), "
        f"{how} {meta['seconds']:.0f} s"
    )
    for feed, rows in meta["rows"].items():
        say(f"  {feed:<20} {rows:>11,} rows  {meta['entities'][feed]:>7,} entities")


def profile(data_dir: Path, site_dir: Path, top: int = 25) -> None:
    """The build again under cProfile: per-stage cumulative time, then the functions with most own time."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        out = Path(tmp) / "build.prof"
        run = timed_build(data_dir, site_dir, ("-m", "cProfile", "-o", str(out)))
        if run.returncode != 0 or not out.exists():
            say(f"profiled build failed ({run.returncode}): {run.stderr.strip()[-500:]}")
            return
        say(f"profiled build: {run.seconds:.1f} s under cProfile (slower than the plain run)")
        stats = pstats.Stats(str(out))
        table = stats.stats  # type: ignore[attr-defined]  # pstats.Stats.stats is real but not in typeshed
        say("stages (cumulative s, calls):")
        for stage in STAGES:
            for (path, _, name), (_, calls, _, cumulative, _) in table.items():
                if name == stage and ("build/" in path or "build\\" in path):
                    say(f"  {name:<22} {cumulative:8.1f} s  {calls:>9,} calls  ({Path(path).name})")
        say(f"top {top} by own time:")
        ranked = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[:top]
        for (path, line, name), (_, calls, own, cumulative, _) in ranked:
            where = f"{Path(path).parent.name}/{Path(path).name}:{line}" if line else path
            say(f"  {own:8.1f} s own {cumulative:8.1f} s cum {calls:>11,} calls  {name}  {short(where)}")


def short(text: str, width: int = 60) -> str:
    return text if len(text) <= width else "..." + text[-(width - 3) :]


def site_of(cached: CachedArchive) -> Path:
    return cached.directory / "site"


def run(spec: YearSpec | None = None, force_profile: bool = False) -> bool:
    spec = spec or YearSpec()
    heading(f"build: feeds build over a {spec.days}-day archive")
    cached = ensure(spec, cache_root())
    describe(cached)
    run_ = timed_build(cached.directory, site_of(cached))
    if run_.returncode != 0:
        say(f"feeds build exited {run_.returncode}: {run_.stderr.strip()[-2000:]}")
        return False
    say(f"build summary: {run_.summary}")
    size = archive_bytes(cached.directory) / 2**30
    checks = [
        Check("archive size", f"{size:.2f} GiB", f"<= {TARGET_ARCHIVE_GIB} GiB", size <= TARGET_ARCHIVE_GIB),
        Check("build wall time", f"{run_.seconds:.1f} s", f"< {TARGET_SECONDS:.0f} s", run_.seconds < TARGET_SECONDS),
        Check(
            "build peak RSS", f"{run_.peak_mib:,.0f} MiB", f"< {TARGET_RSS_MIB:.0f} MiB", run_.peak_mib < TARGET_RSS_MIB
        ),
    ]
    show(checks)
    progress = [line for line in re.split(r"[\r\n]+", run_.stderr) if "done in" in line]
    if progress:
        say("stage lines the build printed: " + "; ".join(line.strip() for line in progress))
    if force_profile or not all(check.met for check in checks):
        say("profiling the build (python -m cProfile -o ... -m ai_feeds build):")
        profile(cached.directory, site_of(cached))
    return True
