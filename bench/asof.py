"""Part `asof`: the latency of GET /api/v1/codehost-ai-repos/asof on days of 15,000 repositories.

`feeds serve --workers 1` over the one-year build (or the 3-day archive of the same size, see
`bench.server.site_for_bench`), its data directory's `archive/` a link to the cached archive (read only: the
cache is not written). One client, one request at a time, each a different (entity, day) so every answer is
read from the day files (no answer cache): the entity column of the day, then one row of `data`, in the
worker's thread pool. Reported: the median, p90 and p99 of the request's wall time seen by the client, and
the reader alone (`AsOfArchive.snapshot` in this process) on the latest day, which is the floor of a request.

The cached archive may predate the checksum in the day files' footers; the server then hashes each day file
once (about 70 ms for 15,000 rows) and keeps it. That one-time cost is paid first, by one request per day, so the
figures are those of an archive whose footers carry it (what `feeds archive migrate` gives).
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
import orjson

from bench.processes import free_port, serving
from bench.report import PYTHON, Check, child_env, heading, say, show
from bench.server import FEED, api_only, site_for_bench
from build.paths import feed_dir
from collectors.archive import rows_dir_for
from feeds.settings import Settings
from server.asof import AsOfArchive
from server.keys import KeyStore

REQUESTS = 300
TARGET_P50_MS = 30.0
TARGET_P99_MS = 80.0
LIMITS = {"FEEDS_PRO_MONTHLY": str(10**9), "FEEDS_PRO_DAILY_HISTORY": str(10**9), "FEEDS_VELOCITY_LIMIT": str(10**9)}


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run() -> bool:
    heading(f"asof: {REQUESTS} as-of requests of {FEED}, one at a time, each a new (entity, day)")
    with tempfile.TemporaryDirectory(prefix="bench-asof-") as tmp_name:
        tmp = Path(tmp_name)
        site = site_for_bench(tmp)
        archive = rows_dir_for(site.resolve().parent.parent / "archive.sqlite")
        data_dir = tmp / "var"
        data_dir.mkdir()
        (data_dir / "archive").symlink_to(archive, target_is_directory=True)
        env = child_env(data_dir, site, **LIMITS)
        settings = Settings(env=env)
        store = KeyStore(settings.state_path)
        try:
            key = store.create("pro", "bench")[1]
        finally:
            store.close()
        days = AsOfArchive(archive).files.days(FEED)
        rows = (site / feed_dir(FEED) / "rows.jsonl").read_bytes().split(b"\n")
        # repositories archived on the first day and on the latest: every day holds a row of theirs
        first = set(AsOfArchive(archive).files.read(FEED, days[0], ("entity",)).column("entity").to_pylist())
        entities = [entity for entity in (orjson.loads(row)["entity"] for row in rows if row) if entity in first]
        say(f"{len(entities):,} repositories on the first and the latest of {len(days)} days ({days[0]}..{days[-1]})")
        rand = random.Random(5)
        asks = [(rand.choice(entities), rand.choice(days)) for _ in range(REQUESTS)]
        reader = AsOfArchive(archive)
        floor = []
        for entity, _ in asks[:50]:
            started = time.perf_counter()
            reader.snapshot(FEED, entity, [days[-1]])
            floor.append((time.perf_counter() - started) * 1000)
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        serve = [PYTHON, "-m", "ai_feeds", "serve", "--port", str(port), "--workers", "1", *api_only()]
        headers = {"Authorization": f"Bearer {key}"}
        with (
            serving(serve, env, f"{base}/healthz", tmp / "server.log"),
            httpx.Client(base_url=base, headers=headers, timeout=30) as http,
        ):
            warm = time.perf_counter()
            for day in days:  # each day's checksum once (see the module docstring)
                http.get(f"/api/v1/{FEED}/asof", params={"entity": entities[0], "date": day})
            say(f"first request of each day (hashes a day whose footer lacks it): {time.perf_counter() - warm:.1f} s")
            took, fallbacks = [], 0
            for entity, day in asks:
                started = time.perf_counter()
                response = http.get(f"/api/v1/{FEED}/asof", params={"entity": entity, "date": day})
                took.append((time.perf_counter() - started) * 1000)
                if response.status_code == 200 and response.json()["observedOn"] != day:
                    fallbacks += 1
                elif response.status_code not in (200, 404):
                    response.raise_for_status()
    say(f"{fallbacks} answers fell back to an earlier day; reader alone: median {statistics.median(floor):.1f} ms")
    p50, p90, p99 = statistics.median(took), _percentile(took, 0.90), _percentile(took, 0.99)
    say(f"request wall time: median {p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms, max {max(took):.1f} ms")
    checks = [
        Check("as-of request median", f"{p50:.1f} ms", f"< {TARGET_P50_MS:.0f} ms", p50 < TARGET_P50_MS),
        Check("as-of request p99", f"{p99:.1f} ms", f"< {TARGET_P99_MS:.0f} ms", p99 < TARGET_P99_MS),
    ]
    show(checks)
    return all(check.met for check in checks)
