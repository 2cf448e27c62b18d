"""The server's hot path taken apart in-process: what one keyed request spends in each step.

Run when a server target is missed. Times the steps the handlers take (authenticate, quotas.hit,
site.search, page_bytes, the ETag crc32, the history file read and filter) on the same tree and
queries as the wrk runs, then profiles a loop of whole search-request paths.
"""

from __future__ import annotations

import cProfile
import pstats
import re
import statistics
import subprocess
import time
import zlib
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path

from bench.report import say
from build.feed_pages import page_bytes
from collectors.state_db import state_database
from feeds.settings import Settings
from server.keys import KeyStore
from server.plans import plans
from server.quotas import Quotas
from server.site import load_site

FEED = "codehost-ai-repos"
WRK_SCRIPT = Path(__file__).resolve().parent / "wrk" / "paths.lua"


def per_call_us(fn: Callable[[], object], n: int) -> float:
    started = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - started) / n * 1e6


def spread_us(fn: Callable[[str], object], items: list[str]) -> tuple[float, float, float, float]:
    """(mean, p50, p99, max) in microseconds of fn over every item once."""
    times = []
    for item in items:
        started = time.perf_counter()
        fn(item)
        times.append((time.perf_counter() - started) * 1e6)
    times.sort()
    return statistics.fmean(times), times[len(times) // 2], times[int(len(times) * 0.99)], times[-1]


def profile_hot_path(site_dir: Path, settings: Settings, key: str, queries: list[str], entities: list[str]) -> None:
    say("hot path, in-process (one core, no HTTP):")
    site = load_site(site_dir)
    if site is None:
        say("  no site to profile")
        return
    data = site.feeds[FEED]
    keys = KeyStore(state_database(settings))
    quotas = Quotas(settings, path=Path(settings.feeds_data_dir) / "counters-hotpath")
    try:
        api_key = keys.authenticate(key)
        assert api_key is not None
        plan = plans(settings)[api_key.plan]
        page = page_bytes(data.meta, len(data.rows), 0, 100, data.rows[:100])
        steps = {
            "authenticate (cached)": per_call_us(lambda: keys.authenticate(key), 20_000),
            "quotas.hit (monthly)": per_call_us(lambda: quotas.hit(api_key.account, plan), 20_000),
            "quotas.hit (history, 1 item)": per_call_us(
                lambda: quotas.hit(api_key.account, plan, history=True, items=(f"history|{FEED}|{entities[0]}",)), 2_000
            ),
            "page_bytes (100 rows)": per_call_us(
                lambda: page_bytes(data.meta, len(data.rows), 0, 100, data.rows[:100]), 5_000
            ),
            f"crc32 ETag ({len(page):,} B)": per_call_us(lambda: zlib.crc32(page), 5_000),
        }
        for name, us in steps.items():
            say(f"  {name:<34} {us:9.1f} us/call")
        sample = queries[:2_000]
        data._search_cache.clear()
        for label, fn in (
            ("suffix-array span (binary search)", lambda q: data.index.span(q.encode())),
            ("site.search() (span -> row ids)", data.search),
        ):
            mean, p50, p99, worst = spread_us(fn, sample)
            say(
                f"  {label:<34} {mean:9.1f} us mean, p50 {p50:.0f}, p99 {p99:.0f}, max {worst:.0f} us "
                f"({len(sample):,} distinct q)"
            )
        data._search_cache.clear()
        sizes = sorted(len(data.search(q)) for q in sample)
        say(
            f"  matches per q: median {sizes[len(sizes) // 2]:,}, p90 {sizes[int(len(sizes) * 0.9)]:,}, "
            f"max {sizes[-1]:,} of {len(data.rows):,} rows"
        )

        latest = date.fromisoformat(data.meta.get("day") or "2026-11-01")

        def history(entity: str) -> list[bytes]:
            return site.history(FEED, entity, latest - timedelta(days=89), latest)

        mean, p50, p99, _ = spread_us(history, entities * 200)
        say(f"  {'history parts read + filter (90d)':<34} {mean:9.1f} us mean, p50 {p50:.0f}, p99 {p99:.0f} us")

        def search_request(q: str) -> None:
            keys.authenticate(key)
            quotas.hit(api_key.account, plan)
            total, rows = data.matching(q, None, 0, 100)
            body = page_bytes(data.meta, total, 0, 100, rows)
            zlib.crc32(body)

        data._search_cache.clear()
        profiler = cProfile.Profile()
        profiler.enable()
        for q in sample:
            search_request(q)
        profiler.disable()
        stats = pstats.Stats(profiler)
        say(f"  cProfile of {len(sample):,} search-request paths, top by own time:")
        table = stats.stats  # type: ignore[attr-defined]  # pstats.Stats.stats is real but not in typeshed
        for (path, line, name), (_, calls, own, cumulative, _) in sorted(
            table.items(), key=lambda item: item[1][2], reverse=True
        )[:10]:
            where = f"{Path(path).name}:{line}" if line else path
            say(
                f"    {own * 1e6 / len(sample):8.1f} us own/request {cumulative * 1e6 / len(sample):8.1f} cum "
                f"{calls:>8,} calls  {name} ({where[-40:]})"
            )
    finally:
        quotas.close()
        keys.close()


def profile_worker(env: dict[str, str], key: str, page: str, search_paths: Path, tmp: Path, seconds: int = 5) -> None:
    """The real app in one process (Sanic single_process) under cProfile while wrk drives the page, then search."""
    from bench.processes import free_port, serving
    from bench.report import PYTHON

    port = free_port()
    out = tmp / "worker.prof"
    command = [PYTHON, "-m", "cProfile", "-o", str(out), "-m", "bench.hotpath", "--serve", str(port)]
    base = f"http://127.0.0.1:{port}"
    requests = 0
    with serving(command, env, f"{base}/healthz", tmp / "profiled-server.log"):
        for extra in (
            ["-H", f"Authorization: Bearer {key}", base + page],
            ["-s", str(WRK_SCRIPT), base, "--", str(search_paths), key],
        ):
            done = subprocess.run(["wrk", "-t1", "-c16", f"-d{seconds}s", *extra], capture_output=True, text=True)
            found = re.search(r"(\d+) requests in", done.stdout)
            requests += int(found[1]) if found else 0
    if not out.exists() or not requests:
        say("  (the profiled worker wrote no profile)")
        return
    stats = pstats.Stats(str(out))
    table = stats.stats  # type: ignore[attr-defined]  # pstats.Stats.stats is real but not in typeshed
    say(f"  cProfile of one in-process worker over {requests:,} requests (page, then search), top by own time:")
    ranked = sorted(table.items(), key=lambda item: item[1][2], reverse=True)[:15]
    for (path, line, name), (_, calls, own, cumulative, _) in ranked:
        where = f"{Path(path).name}:{line}" if line else path
        say(
            f"    {own * 1e6 / requests:8.1f} us own/request {cumulative * 1e6 / requests:8.1f} cum "
            f"{calls:>9,} calls  {name} ({where[-40:]})"
        )


def serve_single(port: int) -> None:
    """`server.app.create_app` served in this very process, so a profiler around it sees the handlers."""
    from server.app import create_app

    app = create_app(Settings())
    app.run(host="127.0.0.1", port=port, single_process=True, access_log=False, motd=False)


if __name__ == "__main__":
    import sys

    if len(sys.argv) == 3 and sys.argv[1] == "--serve":
        serve_single(int(sys.argv[2]))
