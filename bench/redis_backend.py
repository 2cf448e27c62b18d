"""Part 5: the keyed feed page with the counters in Redis (FEEDS_REDIS_URL), and with Redis plus the
state store (keys) in PostgreSQL (FEEDS_DATABASE_URL), against the SQLite default.

`feeds serve --workers 2` side by side over the same tree, one per configuration, loaded in
interleaved rounds so the ratios compare like with like on a shared machine. With SQLite a worker
reserves quota in blocks and most requests touch no shared state; with Redis every keyed request
is decided in Redis (exact across origins), the requests of one event-loop turn in one round trip,
so this ratio is the price of that exactness. A key lookup is cached per worker for a few seconds, so
PostgreSQL is asked once per key and worker in that time: Redis + PostgreSQL should cost what Redis
alone does. Ratios are taken within each round and judged on their median; min and max show how noisy
the machine was. Targets: each >= 0.9x SQLite (the PostgreSQL row is left out, saying why, without
Debian's `postgresql`). The load comes from wrk when it is installed, otherwise from a small asyncio
keep-alive client in this process (it shares the CPU with the servers, so both figures are lower, the
ratios still compare like with like).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from statistics import median

from bench.postgres import MISSING, bin_dir, postgres_server
from bench.processes import free_port, serving
from bench.report import PYTHON, Check, child_env, heading, say, show
from bench.server import CONNECTIONS, LIMITS, PAGE, WORKERS, api_only, site_for_bench, wrk
from collectors.state_db import state_database
from feeds.settings import Settings
from server.keys import KeyStore

ROUNDS = 5
DURATION_S = 8
FALLBACK_CONNECTIONS = 32
TARGET_RATIO = 0.9


@contextmanager
def redis_server(directory: Path) -> Iterator[str]:
    """A redis-server as deployed (append-only file, fsync every second) on a free port; yields its URL."""
    port = free_port()
    process = subprocess.Popen(
        [
            *("redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(directory), "--save", ""),
            *("--appendonly", "yes", "--appendfsync", "everysec"),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        time.sleep(0.3)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _client(port: int, request: bytes, until: float, counts: list[int]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        while time.monotonic() < until:
            writer.write(request)
            head = await reader.readuntil(b"\r\n\r\n")
            length = 0
            for line in head.split(b"\r\n"):
                if line[:15].lower() == b"content-length:":
                    length = int(line[15:])
            await reader.readexactly(length)
            counts[0 if head.startswith(b"HTTP/1.1 200") else 1] += 1
    finally:
        writer.close()


def python_load(port: int, key: str | None, seconds: float, path: str = PAGE) -> tuple[float, int]:
    """Requests per second and the number of non-200 answers, from FALLBACK_CONNECTIONS keep-alive clients."""
    auth = f"Authorization: Bearer {key}\r\n" if key else ""
    request = f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Connection: keep-alive\r\n\r\n".encode()
    counts = [0, 0]

    async def main() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(_client(port, request, until, counts) for _ in range(FALLBACK_CONNECTIONS)))

    started = time.monotonic()
    asyncio.run(main())
    return sum(counts) / (time.monotonic() - started), counts[1]


def run() -> bool:
    heading(f"redis: keyed feed page, counters in Redis (and keys in PostgreSQL) vs SQLite, --workers {WORKERS}")
    if shutil.which("redis-server") is None:
        say("redis-server is not installed (apt-get install -y redis-server); skipping the redis part")
        return True
    use_wrk = shutil.which("wrk") is not None
    fallback = f"an asyncio keep-alive client, {FALLBACK_CONNECTIONS} connections (apt-get install -y wrk for wrk)"
    say(f"load: {f'wrk -c{CONNECTIONS}' if use_wrk else fallback}")
    pg_binaries = bin_dir()
    if pg_binaries is None:
        say(f"{MISSING}: the redis+postgres row is left out")
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp_name, ExitStack() as stack:
        tmp = Path(tmp_name)
        site = site_for_bench(tmp)
        (tmp / "redis").mkdir()
        url = stack.enter_context(redis_server(tmp / "redis"))
        envs = {
            "sqlite": child_env(tmp / "sqlite", site, **LIMITS),
            "redis": child_env(tmp / "redis-var", site, **LIMITS, FEEDS_REDIS_URL=url),
        }
        if pg_binaries is not None:
            database = stack.enter_context(postgres_server(pg_binaries))
            envs["redis+postgres"] = child_env(
                tmp / "pg-var", site, **LIMITS, FEEDS_REDIS_URL=url, FEEDS_DATABASE_URL=database
            )
            subprocess.run(
                [PYTHON, "-m", "ai_feeds", "db", "migrate"], env=envs["redis+postgres"], check=True, capture_output=True
            )
        keys: dict[str, str] = {}
        for name, env in envs.items():
            settings = Settings(env=env)
            settings.ensure_dirs()
            store = KeyStore(state_database(settings))
            try:
                keys[name] = store.create("pro", "bench")[1]
            finally:
                store.close()
        ports = {name: free_port() for name in envs}
        servers = {
            name: stack.enter_context(serving(_serve(ports[name]), env, _probe(ports[name]), tmp / f"{name}.log"))
            for name, env in envs.items()
        }
        rates: dict[str, list[float]] = {name: [] for name in envs}
        bad = 0
        names = list(envs)
        for number in range(1, ROUNDS + 1):
            for name in names[number - 1 :] + names[: number - 1]:  # each configuration goes first once
                if use_wrk:
                    result = wrk(name, f"http://127.0.0.1:{ports[name]}{PAGE}", servers[name], key=keys[name])
                    rps, failed = result.rps, result.bad
                else:
                    rps, failed = python_load(ports[name], keys[name], DURATION_S)
                rates[name].append(rps)
                bad += failed
                say(f"round {number}: {name:<14} {rps:>9,.0f} req/s  non-200: {failed}")
    say("median: " + ", ".join(f"{name} {median(r):,.0f} req/s" for name, r in rates.items()))
    if bad:
        say(f"WARNING: {bad} non-200 answers during the runs")

    def ratio(name: str, to: str) -> float:  # within each round, then the median
        ratios = [r / s for r, s in zip(rates[name], rates[to], strict=True)]
        say(f"{name} / {to} per round: min {min(ratios):.2f}x, median {median(ratios):.2f}x, max {max(ratios):.2f}x")
        return median(ratios)

    say(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")

    if "redis+postgres" in rates:
        say(f"PostgreSQL's own cost: Redis + PostgreSQL at {ratio('redis+postgres', 'redis'):.2f}x Redis alone")
    checks = []
    for name, label in (("redis", "Redis"), ("redis+postgres", "Redis+PG")):
        if name in rates:
            value = ratio(name, "sqlite")
            checks.append(
                Check(f"keyed page, {label} vs SQLite", f"{value:.2f}x", f">= {TARGET_RATIO}x", value >= TARGET_RATIO)
            )
    show(checks)
    return True


def _serve(port: int) -> list[str]:
    return [PYTHON, "-m", "ai_feeds", "serve", "--port", str(port), "--workers", str(WORKERS), *api_only()]


def _probe(port: int) -> str:
    return f"http://127.0.0.1:{port}/healthz"
