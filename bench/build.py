"""Part 2: `feeds build` over a one-year production-size archive: the full build's wall time and peak memory,
hot spots if slow, and in the same run the nightly build (one new day on top of that build).

The full build (`feeds build --full`) runs over every day but the archive's last, in a directory of its
own whose archive hard-links the cached one's day files; then the last day is linked in, as a nightly
collection would add it, and `feeds build` runs again: that is the nightly build, timed against the
full one. `--growth-days N` (e.g. 1095) measures the nightly build over an N-day archive too and checks
that it stays within NIGHTLY_GROWTH of the one-year nightly (the archive's age must not drive its cost)."""

from __future__ import annotations

import os
import pstats
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

from bench.report import PYTHON, ROOT, Check, cache_root, child_env, heading, say, show
from bench.yeararchive import CachedArchive, YearSpec, archive_bytes, ensure
from build import publish

TARGET_SECONDS = 90.0
TARGET_RSS_MIB = 1024.0  # 1 GiB
TARGET_ARCHIVE_GIB = 1.2
NIGHTLY_SHARE = 0.20
"""The nightly build's wall time, as a share of the full build's measured in the same run."""
NIGHTLY_GROWTH = 1.3
"""The nightly build over a three-year archive, at most this many times the one-year nightly build."""
NIGHTLY_RUNS = 3
"""The nightly build is timed this many times from the same start (the full build's tree and series cache
put back before each) and judged on the median: on this machine one run can land in a slow spell (two
runs of the same code once gave 15.9 s and 19.6 s)."""
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


def timed_build(
    data_dir: Path, site_dir: Path, prefix: tuple[str, ...] = (), options: tuple[str, ...] = ()
) -> BuildRun:
    """`feeds build` in a child process; its own peak RSS from wait4 (the child's rusage, nothing else's)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.monotonic()
        process = subprocess.Popen(
            [PYTHON, *prefix, "-m", "ai_feeds", "build", *options],
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


def profile(data_dir: Path, site_dir: Path, top: int = 25, options: tuple[str, ...] = ("--full",)) -> None:
    """The build again under cProfile: per-stage cumulative time, then the functions with most own time."""
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        out = Path(tmp) / "build.prof"
        run = timed_build(data_dir, site_dir, ("-m", "cProfile", "-o", str(out)), options)
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


@dataclass(frozen=True)
class Nightly:
    """A working copy of a cached archive for the full-then-nightly pair: its day files hard-linked (never
    written: a collection replaces a file by renaming a new one over it), the run log copied."""

    directory: Path
    last_day: str

    @property
    def site(self) -> Path:
        return self.directory / "site"


def nightly_copy(cached: CachedArchive, prefix_days: int | None = None) -> Nightly:
    """The working copy without the archive's last day (it is linked in by `add_last_day`); with
    `prefix_days`, of the archive's first that many days only (its own directory), the last of them
    being the nightly build's day."""
    work = cached.directory / ("nightly" if prefix_days is None else f"nightly-{prefix_days}d")
    source = cached.rows_dir
    target = work / source.relative_to(cached.directory)
    every = sorted({p.stem for p in source.glob("*/*.parquet")})
    kept = every if prefix_days is None else every[:prefix_days]
    last = kept[-1]
    for path in sorted(source.glob("*/*.parquet")):
        link = target / path.relative_to(source)
        if path.stem >= last:
            link.unlink(missing_ok=True)
        elif not link.exists():
            link.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, link)
    shutil.copy(cached.archive_path, work / cached.archive_path.name)
    return Nightly(work, last)


def profile_nightly(cached: CachedArchive) -> None:
    """The nightly build again under cProfile: the last day removed and built without it, then added back
    and profiled, so what is profiled is a nightly build (new day, pages of current entities rendered),
    not a rebuild with nothing changed."""
    nightly = nightly_copy(cached)  # the working copy without its last day
    before = timed_build(nightly.directory, nightly.site)
    add_last_day(cached, nightly)
    if before.returncode != 0:
        say(f"build without the last day exited {before.returncode}: {before.stderr.strip()[-500:]}")
        return
    profile(nightly.directory, nightly.site, options=())


def add_last_day(cached: CachedArchive, nightly: Nightly) -> None:
    source = cached.rows_dir
    for path in source.glob(f"*/{nightly.last_day}.parquet"):
        link = nightly.directory / source.relative_to(cached.directory) / path.relative_to(source)
        link.parent.mkdir(parents=True, exist_ok=True)
        os.link(path, link)


def full_and_nightly(cached: CachedArchive, prefix_days: int | None = None) -> tuple[BuildRun, BuildRun] | None:
    """`feeds build --full` over all days but the last, then the last day added and `feeds build`
    (`prefix_days`: of the archive's first that many days)."""
    nightly = nightly_copy(cached, prefix_days)
    full = timed_build(nightly.directory, nightly.site, options=("--full",))
    if full.returncode != 0:
        say(f"feeds build --full exited {full.returncode}: {full.stderr.strip()[-2000:]}")
        return None
    add_last_day(cached, nightly)
    nights = repeated_nightly(nightly, NIGHTLY_RUNS)
    failed = [night for night in nights if night.returncode != 0]
    if failed:
        say(f"nightly feeds build exited {failed[0].returncode}: {failed[0].stderr.strip()[-2000:]}")
        return None
    ordered = sorted(nights, key=lambda night: night.seconds)
    say(f"nightly build, {len(nights)} runs from the same start: " + ", ".join(f"{n.seconds:.1f} s" for n in nights))
    return full, ordered[len(ordered) // 2]


def repeated_nightly(nightly: Nightly, runs: int) -> list[BuildRun]:
    """The nightly build `runs` times, each from the full build's published tree and series cache (put back
    before each run: the nightly build publishes a new tree and writes the cache's current month)."""
    cache = nightly.directory / "cache"
    kept = nightly.directory / "cache.before-nightly"
    shutil.rmtree(kept, ignore_errors=True)
    if cache.exists():  # the cache's files are replaced by renames, never written in place: links are safe
        shutil.copytree(cache, kept, copy_function=os.link)
    full_build = publish.current_build(nightly.site)
    nights: list[BuildRun] = []
    for n in range(runs):
        if n and full_build is not None:
            publish.swap(nightly.site, full_build)
            for entry in publish.builds_dir(nightly.site).iterdir():
                if entry.is_dir() and entry.name != full_build:
                    shutil.rmtree(entry)
            shutil.rmtree(cache, ignore_errors=True)
            if kept.exists():
                shutil.copytree(kept, cache, copy_function=os.link)
        nights.append(timed_build(nightly.directory, nightly.site))
        if nights[-1].returncode != 0:
            break
    shutil.rmtree(kept, ignore_errors=True)
    return nights


def run(
    spec: YearSpec | None = None,
    force_profile: bool = False,
    growth_days: int | None = None,
    prefix_days: int | None = None,
) -> bool:
    spec = spec or YearSpec()
    heading(f"build: feeds build --full over a {spec.days}-day archive, then the nightly build of one more day")
    cached = ensure(spec, cache_root())
    describe(cached)
    runs = full_and_nightly(cached)
    if runs is None:
        return False
    full, night = runs
    say(f"full build summary: {full.summary}")
    say(f"nightly build summary: {night.summary}")
    size = archive_bytes(cached.directory) / 2**30
    share = night.seconds / full.seconds
    checks = [
        Check("archive size", f"{size:.2f} GiB", f"<= {TARGET_ARCHIVE_GIB} GiB", size <= TARGET_ARCHIVE_GIB),
        Check(
            "full build wall time", f"{full.seconds:.1f} s", f"< {TARGET_SECONDS:.0f} s", full.seconds < TARGET_SECONDS
        ),
        Check(
            "full build peak RSS",
            f"{full.peak_mib:,.0f} MiB",
            f"< {TARGET_RSS_MIB:.0f} MiB",
            full.peak_mib < TARGET_RSS_MIB,
        ),
        Check(
            "nightly build wall time",
            f"{night.seconds:.1f} s ({share:.0%})",
            f"< {NIGHTLY_SHARE:.0%} of full",
            share < NIGHTLY_SHARE,
        ),
        Check(
            "nightly build peak RSS",
            f"{night.peak_mib:,.0f} MiB",
            f"< {TARGET_RSS_MIB:.0f} MiB",
            night.peak_mib < TARGET_RSS_MIB,
        ),
    ]
    if growth_days is not None:
        older = replace(spec, days=growth_days)
        heading(f"build: the nightly build over a {growth_days}-day archive")
        aged = ensure(older, cache_root())
        describe(aged)
        aged_runs = full_and_nightly(aged)
        if aged_runs is None:
            return False
        aged_full, aged_night = aged_runs
        say(f"full build summary ({growth_days} days): {aged_full.summary}")
        say(f"nightly build summary ({growth_days} days): {aged_night.summary}")
        say(
            f"{growth_days} days: full build {aged_full.seconds:.1f} s, peak {aged_full.peak_mib:,.0f} MiB; "
            f"nightly {aged_night.seconds:.1f} s ({aged_night.seconds / aged_full.seconds:.0%} of the full), "
            f"peak {aged_night.peak_mib:,.0f} MiB"
        )
        growth = aged_night.seconds / night.seconds
        checks.append(
            Check(
                f"nightly {growth_days} d / {spec.days} d",
                f"{aged_night.seconds:.1f} s ({growth:.2f}x)",
                f"<= {NIGHTLY_GROWTH}x",
                growth <= NIGHTLY_GROWTH,
            )
        )
    if prefix_days is not None:
        heading(f"build: the nightly build over the archive's first {prefix_days} days (its age's share)")
        younger = full_and_nightly(cached, prefix_days)
        if younger is None:
            return False
        young = younger[1].seconds
        say(f"nightly build summary ({prefix_days} days): {younger[1].summary}")
        per_day = (night.seconds - young) / (spec.days - prefix_days)
        fixed = night.seconds - per_day * spec.days
        estimate = fixed + per_day * 3 * spec.days
        say(
            f"nightly {spec.days} d {night.seconds:.1f} s, {prefix_days} d {young:.1f} s: {per_day * 1000:.0f} ms per "
            f"archived day on top of {fixed:.1f} s; a line through both gives {estimate:.1f} s at {3 * spec.days} days "
            f"({estimate / night.seconds:.2f}x; an extrapolation, not a measurement: --growth-days measures it)"
        )
    show(checks)
    for label, build_run in (("full", full), ("nightly", night)):
        progress = [line for line in re.split(r"[\r\n]+", build_run.stderr) if "done in" in line]
        if progress:
            say(f"{label} stage lines: " + "; ".join(line.strip() for line in progress))
    if force_profile or not all(check.met for check in checks):
        say("profiling the nightly build again (python -m cProfile -o ... -m ai_feeds build):")
        profile_nightly(cached)
    return True
