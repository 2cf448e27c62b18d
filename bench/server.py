"""Part 3: `feeds serve --workers 2` under wrk (64 connections, loopback) against a bare Sanic baseline.

Four runs in one go, so the ratios compare like with like on a shared 2-core machine:
(d) the baseline app returning the feed page's bytes from memory, (a) the keyed feed page,
(b) a keyed `q` search with a different query on every request, (c) a keyed history page (8 entities,
so answered from the per-build answer cache after the first round, as (a) is from the page cache),
and (c2) the history of every entity of the feed in turn (past the cache: the uncached path,
including each worker's first velocity write per entity), shown for reference.

d, a, b and c run in ROUNDS interleaved rounds against both servers (started side by side), and the
targets are judged on the medians: on this shared machine one 10-second run can land in a slow
spell (seen: every run of a round, the baseline's included, ~10% slower and q's p99 30 ms where
the next round gave 17 ms), and a ratio of two runs taken minutes apart compares two spells.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from urllib.parse import quote

import httpx
import orjson

from bench import build as build_part
from bench.processes import free_port, serving
from bench.report import PYTHON, ROOT, Check, cache_root, child_env, heading, say, show
from bench.yeararchive import YearSpec, ensure
from build.paths import badge_path, entity_page, feed_dir
from build.search_index import FILES as INDEX_FILES
from collectors.state_db import state_database
from feeds.settings import Settings
from server.keys import KeyStore

FEED = "codehost-ai-repos"
PAGE = f"/api/v1/{FEED}?limit=100"
CONNECTIONS = 64
DURATION_S = 10
WORKERS = 2
HISTORY_ENTITIES = 8
QUERIES = 4000
ROUNDS = 3
HIGH = str(10**9)
LIMITS = {"FEEDS_PRO_MONTHLY": HIGH, "FEEDS_PRO_DAILY_HISTORY": HIGH, "FEEDS_VELOCITY_LIMIT": HIGH}
TARGET_PAGE_RATIO = 0.75
TARGET_SEARCH_RATIO = 0.40
TARGET_P99_MS = 20.0
WRK_SCRIPT = Path(__file__).resolve().parent / "wrk" / "paths.lua"
_UNITS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60_000.0}


@dataclass(frozen=True)
class WrkResult:
    name: str
    rps: float
    p50_ms: float
    p99_ms: float
    requests: int
    bad: int
    errors: str
    cpu_us: float | None = None
    """Server CPU (all its processes) per request, microseconds."""


def _ms(text: str) -> float:
    match = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text)
    if not match:
        raise ValueError(f"unexpected wrk time {text!r}")
    return float(match[1]) * _UNITS[match[2]]


def _wrk_field(pattern: str, output: str, flags: int = 0) -> str:
    """The first group of `pattern` in wrk's output; a ValueError naming it when wrk printed no such line."""
    match = re.search(pattern, output, flags)
    if match is None:
        raise ValueError(f"wrk output has no {pattern!r}")
    return match[1]


def parse_wrk(name: str, output: str) -> WrkResult:
    rps = float(_wrk_field(r"Requests/sec:\s+([\d.]+)", output))
    p50 = _ms(_wrk_field(r"^\s+50%\s+(\S+)", output, re.M))
    p99 = _ms(_wrk_field(r"^\s+99%\s+(\S+)", output, re.M))
    requests = int(_wrk_field(r"(\d+) requests in", output))
    bad_match = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", output)
    errors = re.search(r"Socket errors:.*", output)
    return WrkResult(name, rps, p50, p99, requests, int(bad_match[1]) if bad_match else 0, errors[0] if errors else "")


def group_cpu_seconds(pgid: int) -> float:
    """utime + stime of every live process in a process group (the server and its workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # fields after the command: state, ppid, pgrp, ...
            total += int(fields[11]) + int(fields[12])
    return total / tick


def wrk(
    name: str, url: str, server: subprocess.Popen[bytes], *, key: str | None = None, paths: Path | None = None
) -> WrkResult:
    command = ["wrk", f"-t{WORKERS}", f"-c{CONNECTIONS}", f"-d{DURATION_S}s", "--latency"]
    if paths is not None:
        command += ["-s", str(WRK_SCRIPT), url, "--", str(paths), *([key] if key else [])]
    else:
        command += [*(["-H", f"Authorization: Bearer {key}"] if key else []), url]
    before = group_cpu_seconds(server.pid)
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    cpu = group_cpu_seconds(server.pid) - before
    result = parse_wrk(name, done.stdout)
    return WrkResult(**{**result.__dict__, "cpu_us": cpu / max(result.requests, 1) * 1e6})


def api_only() -> list[str]:
    """`--no-mcp` where `feeds serve` would also start its MCP sidecar: only the API is measured."""
    usage = subprocess.run([PYTHON, "-m", "ai_feeds", "serve", "--help"], cwd=ROOT, capture_output=True, text=True)
    return ["--no-mcp"] if "--no-mcp" in usage.stdout else []


def _usable(site: Path) -> bool:
    """A complete cached tree in the format this code serves (an older build lacks today's index files)."""
    return (site / "build.json").exists() and all((site / feed_dir(FEED) / name).exists() for name in INDEX_FILES)


def site_for_bench(tmp: Path) -> Path:
    """The one-year build when the build part has made it; otherwise a 3-day archive at the same size."""
    year = cache_root() / YearSpec().key / "site"
    if _usable(year):
        say(f"tree: the one-year build ({year})")
        return year
    spec = YearSpec(days=3)
    cached = ensure(spec, cache_root())
    site = cached.directory / "site"
    if not _usable(site):
        run = build_part.timed_build(cached.directory, site)
        if run.returncode != 0:
            raise RuntimeError(f"feeds build failed: {run.stderr[-2000:]}")
    say(
        f"tree: a {spec.days}-day archive with {spec.repos:,} repositories ({site}); run `python -m bench build` "
        "first to use the one-year build"
    )
    return site


def search_queries(site: Path, count: int, seed: int = 7) -> list[str]:
    """Words and word fragments (3-8 characters) taken from the feed's own search lines."""
    text = (site / feed_dir(FEED) / "search.txt").read_text(encoding="utf-8")
    words = sorted({w for w in re.findall(r"[a-z0-9]+", text) if len(w) >= 3})
    rand = random.Random(seed)
    queries: set[str] = set()
    attempts = 0
    while len(queries) < count and attempts < count * 20:
        attempts += 1
        word = rand.choice(words)
        if rand.random() < 0.5 or len(word) <= 4:
            queries.add(word)
        else:
            size = rand.randint(3, min(8, len(word)))
            start = rand.randint(0, len(word) - size)
            queries.add(word[start : start + size])
    return sorted(queries)


def rows_in_feed(site: Path) -> int:
    return sum(1 for line in (site / feed_dir(FEED) / "rows.jsonl").read_bytes().split(b"\n") if line)


def run() -> bool:
    heading(f"server: feeds serve --workers {WORKERS}, wrk -c{CONNECTIONS} -d{DURATION_S}s on loopback")
    if shutil.which("wrk") is None:
        say("wrk is not installed (apt-get install -y wrk); skipping the server part")
        return True
    with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp_name:
        tmp = Path(tmp_name)
        site = site_for_bench(tmp)
        say(f"{FEED}: {rows_in_feed(site):,} rows in the tree")
        env = child_env(tmp / "var", site, **LIMITS)
        settings = Settings(env=env)
        settings.ensure_dirs()
        store = KeyStore(state_database(settings))
        try:
            key = store.create("pro", "bench")[1]
        finally:
            store.close()
        port, base_port = free_port(), free_port()
        base = f"http://127.0.0.1:{port}"
        serve = [PYTHON, "-m", "ai_feeds", "serve", "--port", str(port), "--workers", str(WORKERS), *api_only()]
        with serving(serve, env, f"{base}/healthz", tmp / "server.log") as server:
            headers = {"Authorization": f"Bearer {key}"}
            page = httpx.get(base + PAGE, headers=headers, timeout=30)
            page.raise_for_status()
            (tmp / "page.json").write_bytes(page.content)
            say(f"page: {PAGE} -> {len(page.content):,} bytes")
            queries = search_queries(site, QUERIES)
            (tmp / "search.txt").write_text("".join(f"/api/v1/{FEED}?q={quote(q)}\n" for q in queries))
            entities = [
                r["entity"]
                for r in httpx.get(
                    f"{base}/api/v1/{FEED}?limit={HISTORY_ENTITIES}", headers=headers, timeout=30
                ).json()["data"]
            ]
            (tmp / "history.txt").write_text(
                "".join(f"/api/v1/{FEED}/history?entity={quote(e, safe='')}\n" for e in entities)
            )
            # every entity of the feed in turn: more answers than the per-build answer cache holds,
            # and each worker's first lookup of an entity is a new velocity item (a shared write)
            rows = (site / feed_dir(FEED) / "rows.jsonl").read_bytes().split(b"\n")
            every = [orjson.loads(row)["entity"] for row in rows if row]
            random.Random(11).shuffle(every)
            (tmp / "history-all.txt").write_text(
                "".join(f"/api/v1/{FEED}/history?entity={quote(e, safe='')}\n" for e in every)
            )
            say(f"search: {len(queries):,} distinct queries; history: {len(entities)} entities")
            baseline_cmd = [
                PYTHON,
                "-m",
                "bench.baseline_app",
                "--port",
                str(base_port),
                "--workers",
                str(WORKERS),
                "--body",
                str(tmp / "page.json"),
            ]
            base_url = f"http://127.0.0.1:{base_port}/page"
            rounds: list[list[WrkResult]] = []
            with serving(baseline_cmd, child_env(tmp / "var", site), base_url, tmp / "baseline.log") as baseline:
                for _ in range(ROUNDS):
                    rounds.append(
                        [
                            wrk("d. baseline (bare Sanic, bytes)", base_url, baseline),
                            wrk("a. keyed feed page", base + PAGE, server, key=key),
                            wrk("b. keyed q search (new q each)", base, server, key=key, paths=tmp / "search.txt"),
                            wrk("c. keyed history page", base, server, key=key, paths=tmp / "history.txt"),
                        ]
                    )
            once = [
                wrk("c2. history, every entity in turn", base, server, key=key, paths=tmp / "history-all.txt"),
                wrk("e. badge (public SVG)", base + badge_path(FEED, entities[0]), server),
                wrk("f. entity page (public HTML)", base + entity_page(FEED, entities[0]), server),
            ]
        say(f"each of {ROUNDS} rounds:")
        for number, one_round in enumerate(rounds, 1):
            table(one_round, title=f"round {number}")
        medians = [median_run(runs) for runs in zip(*rounds, strict=True)]
        say("the median of each run over the rounds (by req/s), then the rest once:")
        results = [*medians, *once]
        table(results)
        # ratios within each round (both runs from the same spell), then their median
        page_ratio = median([r[1].rps / r[0].rps for r in rounds])
        search_ratio = median([r[2].rps / r[0].rps for r in rounds])
        checks = [
            Check(
                "a. page rps vs baseline",
                f"{page_ratio:.0%}",
                f">= {TARGET_PAGE_RATIO:.0%}",
                page_ratio >= TARGET_PAGE_RATIO,
            ),
            Check(
                "b. search rps vs baseline",
                f"{search_ratio:.0%}",
                f">= {TARGET_SEARCH_RATIO:.0%}",
                search_ratio >= TARGET_SEARCH_RATIO,
            ),
            *(
                Check(f"{name} p99", f"{p99:.1f} ms", f"< {TARGET_P99_MS:.0f} ms", p99 < TARGET_P99_MS)
                for name, p99 in (
                    (name, median([r[i].p99_ms for r in rounds])) for name, i in (("a.", 1), ("b.", 2), ("c.", 3))
                )
            ),
        ]
        show(checks)
        every_run = [run for one_round in rounds for run in one_round] + once
        invalid = sorted({r.name for r in every_run if r.bad or "timeout" in r.errors})
        if invalid:
            say(f"WARNING: non-2xx answers or socket errors in: {', '.join(invalid)}; see the table")
        if not all(check.met for check in checks):
            from bench.hotpath import profile_hot_path, profile_worker

            profile_hot_path(site, settings, key, queries, entities)
            profile_worker(env, key, PAGE, tmp / "search.txt", tmp)
    return True


def median_run(runs: tuple[WrkResult, ...]) -> WrkResult:
    """The run with the median throughput (its own latencies, so the row stays one real run)."""
    return sorted(runs, key=lambda r: r.rps)[len(runs) // 2]


def table(results: list[WrkResult], title: str = "run") -> None:
    say(
        f"{title:<34} {'req/s':>9} {'vs d':>6} {'p50 ms':>8} {'p99 ms':>8} {'requests':>9} {'non-2xx':>8} "
        f"{'srv CPU/req':>11}"
    )
    baseline = results[0].rps
    for r in results:
        cpu = f"{r.cpu_us:,.0f} us" if r.cpu_us is not None else "-"
        say(
            f"{r.name:<34} {r.rps:>9,.0f} {r.rps / baseline:>6.0%} {r.p50_ms:>8.2f} {r.p99_ms:>8.2f} "
            f"{r.requests:>9,} {r.bad:>8,} {cpu:>11}"
        )
        if r.errors:
            say(f"    {r.errors}")
