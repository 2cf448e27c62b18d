"""Part 6: two origins behind the edge against one origin alone, on a public badge.

The edge is Debian's nginx with the configuration deploy/edge/render.py writes from the shipped
template, in front of two `feeds serve --workers 2` origins over the same tree (on one machine one
site directory stands for what `feeds publish` copies to each origin's own; tests/test_origins.py
covers the copy). A badge is public and says how long it may be kept, so the edge answers it from
its cache and the origins see one request per lifetime: the figure is what the edge adds in front
of them. One origin is loaded directly in the same interleaved rounds, and the ratio is judged per
round. Target: the edge >= 2.5x one origin. The load comes from wrk when it is installed, otherwise
from the asyncio client of the redis part.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from contextlib import ExitStack
from pathlib import Path
from statistics import median

import httpx
import orjson

from bench.processes import free_port, serving
from bench.redis_backend import DURATION_S, python_load
from bench.report import PYTHON, ROOT, Check, child_env, heading, say, show
from bench.server import CONNECTIONS, FEED, ROUNDS, WORKERS, api_only, site_for_bench, wrk
from build.paths import badge_path, feed_dir

TARGET_RATIO = 2.5
RENDER = ROOT / "deploy" / "edge" / "render.py"
NGINX_MISSING = "nginx is not installed (apt-get install -y nginx); skipping the edge part"


def nginx_binary() -> str | None:
    return shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)


def render_edge(state: Path, origins: list[int], port: int) -> Path:
    """The shipped template through the shipped script, as a deployment renders it (access log off:
    the figure is the proxy's, not the disk's)."""
    conf = state / "nginx.conf"
    args = [PYTHON, str(RENDER), "--listen", f"127.0.0.1:{port}", "--state-dir", str(state), "--mkdirs"]
    args += [arg for origin in origins for arg in ("--origin", f"127.0.0.1:{origin}")]
    args += ["--error-log", "stderr", "--access-log", "off", "--out", str(conf)]
    if os.geteuid() == 0:
        args += ["--user", "root"]  # workers must read the benchmark's private temporary directory
    subprocess.run(args, check=True, capture_output=True, text=True)
    return conf


def first_entity(site: Path) -> str:
    with (site / feed_dir(FEED) / "rows.jsonl").open("rb") as rows:
        entity: str = orjson.loads(rows.readline())["entity"]
        return entity


def run() -> bool:
    heading(f"edge: nginx in front of two origins (feeds serve --workers {WORKERS}) vs one origin, public badge")
    nginx = nginx_binary()
    if nginx is None:
        say(NGINX_MISSING)
        return True
    use_wrk = shutil.which("wrk") is not None
    say(f"load: {f'wrk -c{CONNECTIONS}' if use_wrk else 'the asyncio client (apt-get install -y wrk for wrk)'}")
    with tempfile.TemporaryDirectory(prefix="bench-edge-") as tmp_name, ExitStack() as stack:
        tmp = Path(tmp_name)
        site = site_for_bench(tmp)
        badge = badge_path(FEED, first_entity(site))
        ports = [free_port(), free_port()]
        origins = [
            stack.enter_context(
                serving(
                    [PYTHON, "-m", "ai_feeds", "serve", "--port", str(port), "--workers", str(WORKERS), *api_only()],
                    child_env(tmp / f"origin-{n}", site),
                    f"http://127.0.0.1:{port}/healthz",
                    tmp / f"origin-{n}.log",
                )
            )
            for n, port in enumerate(ports)
        ]
        edge_port = free_port()
        conf = render_edge(tmp / "edge", ports, edge_port)
        edge = stack.enter_context(
            serving(
                [nginx, "-p", str(tmp / "edge"), "-c", str(conf), "-g", "daemon off;"],
                {**os.environ},
                f"http://127.0.0.1:{edge_port}/healthz",
                tmp / "edge.log",
            )
        )
        targets = {"one origin": (ports[0], origins[0]), "edge, two origins": (edge_port, edge)}
        for _ in range(2):  # the second answer is the edge's cached copy
            answer = httpx.get(f"http://127.0.0.1:{edge_port}{badge}", timeout=10)
        say(
            f"badge: {badge} -> {answer.status_code}, {len(answer.content):,} bytes, "
            f"edge cache {answer.headers.get('x-cache-status')}, {answer.headers.get('cache-control')}"
        )
        rates: dict[str, list[float]] = {name: [] for name in targets}
        bad = 0
        for number in range(1, ROUNDS + 1):
            for name, (port, process) in targets.items():
                cpu = ""
                if use_wrk:
                    result = wrk(name, f"http://127.0.0.1:{port}{badge}", process)
                    rps, failed, cpu = result.rps, result.bad, f"  server CPU/req: {result.cpu_us or 0:,.0f} us"
                else:
                    rps, failed = python_load(port, None, DURATION_S, badge)
                rates[name].append(rps)
                bad += failed
                say(f"round {number}: {name:<18} {rps:>9,.0f} req/s  non-2xx: {failed}{cpu}")
    say("median: " + ", ".join(f"{name} {median(r):,.0f} req/s" for name, r in rates.items()))
    if bad or answer.headers.get("x-cache-status") != "HIT":
        say(f"WARNING: {bad} non-2xx answers; the badge's second answer was {answer.headers.get('x-cache-status')}")
    ratio = median([e / o for e, o in zip(rates["edge, two origins"], rates["one origin"], strict=True)])
    show([Check("badge rps, edge vs one origin", f"{ratio:.2f}x", f">= {TARGET_RATIO}x", ratio >= TARGET_RATIO)])
    return True
