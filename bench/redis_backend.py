"""Part 5: the keyed feed page with the counters in Redis (FEEDS_REDIS_URL) against the SQLite default.

Two `feeds serve --workers 2` side by side over the same tree, one with each backend, loaded in
interleaved rounds so the ratio compares like with like on a shared machine. With SQLite a worker
reserves quota in blocks and most requests touch no shared state; with Redis every keyed request
is decided in Redis (exact across origins), the requests of one event-loop turn in one round trip,
so this ratio is the price of that exactness. The ratio is judged on the median of the rounds;
min and max show how noisy the machine was. Target: Redis >= 0.9x SQLite. The load comes from wrk
when it is installed, otherwise from a small asyncio keep-alive client in this process (it shares the
CPU with the servers, so both figures are lower, the ratio still compares like with like).
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import median

from bench.processes import free_port, serving
from bench.report import PYTHON, Check, child_env, heading, say, show
from bench.server import CONNECTIONS, LIMITS, PAGE, WORKERS, api_only, site_for_bench, wrk
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


def python_load(port: int, key: str, seconds: float) -> tuple[float, int]:
    """Requests per second and the number of non-200 answers, from FALLBACK_CONNECTIONS keep-alive clients."""
    request = (
        f"GET {PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {key}\r\nConnection: keep-alive\r\n\r\n"
    ).encode()
    counts = [0, 0]

    async def main() -> None:
        until = time.monotonic() + seconds
        await asyncio.gather(*(_client(port, request, until, counts) for _ in range(FALLBACK_CONNECTIONS)))

    started = time.monotonic()
    asyncio.run(main())
    return sum(counts) / (time.monotonic() - started), counts[1]


def run() -> bool:
    heading(f"redis: keyed feed page, counters in Redis vs SQLite, feeds serve --workers {WORKERS}")
    if shutil.which("redis-server") is None:
        say("redis-server is not installed (apt-get install -y redis-server); skipping the redis part")
        return True
    use_wrk = shutil.which("wrk") is not None
    fallback = f"an asyncio keep-alive client, {FALLBACK_CONNECTIONS} connections"
    say(f"load: {f'wrk -c{CONNECTIONS}' if use_wrk else fallback}")
    with tempfile.TemporaryDirectory(prefix="bench-redis-") as tmp_name:
        tmp = Path(tmp_name)
        site = site_for_bench(tmp)
        (tmp / "redis").mkdir()
        with redis_server(tmp / "redis") as url:
            envs = {
                "sqlite": child_env(tmp / "sqlite", site, **LIMITS),
                "redis": child_env(tmp / "redis-var", site, **LIMITS, FEEDS_REDIS_URL=url),
            }
            keys: dict[str, str] = {}
            for name, env in envs.items():
                settings = Settings(env=env)
                settings.ensure_dirs()
                store = KeyStore(settings.state_path)
                try:
                    keys[name] = store.create("pro", "bench")[1]
                finally:
                    store.close()
            ports = {name: free_port() for name in envs}
            with (
                serving(_serve(ports["sqlite"]), envs["sqlite"], _probe(ports["sqlite"]), tmp / "sqlite.log") as one,
                serving(_serve(ports["redis"]), envs["redis"], _probe(ports["redis"]), tmp / "redis.log") as two,
            ):
                servers = {"sqlite": one, "redis": two}
                rates: dict[str, list[float]] = {"sqlite": [], "redis": []}
                bad = 0
                for number in range(1, ROUNDS + 1):
                    for name in ("sqlite", "redis"):
                        if use_wrk:
                            result = wrk(
                                f"{name}", f"http://127.0.0.1:{ports[name]}{PAGE}", servers[name], key=keys[name]
                            )
                            rps, failed = result.rps, result.bad
                        else:
                            rps, failed = python_load(ports[name], keys[name], DURATION_S)
                        rates[name].append(rps)
                        bad += failed
                        say(f"round {number}: {name:<6} {rps:>9,.0f} req/s  non-200: {failed}")
        ratios = [r / s for r, s in zip(rates["redis"], rates["sqlite"], strict=True)]
        ratio = median(ratios)
        say(f"median: sqlite {median(rates['sqlite']):,.0f} req/s, redis {median(rates['redis']):,.0f} req/s")
        say(f"ratio per round: min {min(ratios):.2f}x, median {ratio:.2f}x, max {max(ratios):.2f}x")
        say(f"load average (1 min) at the end: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if bad:
            say(f"WARNING: {bad} non-200 answers during the runs")
        show([Check("keyed page rps, Redis vs SQLite", f"{ratio:.2f}x", f">= {TARGET_RATIO}x", ratio >= TARGET_RATIO)])
    return True


def _serve(port: int) -> list[str]:
    return [PYTHON, "-m", "ai_feeds", "serve", "--port", str(port), "--workers", str(WORKERS), *api_only()]


def _probe(port: int) -> str:
    return f"http://127.0.0.1:{port}/healthz"
