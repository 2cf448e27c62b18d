"""The edge (deploy/edge/): Debian's nginx, rendered from the shipped template, in front of a real server.

Public endpoints, pages and badges are a HIT on the second request with the origin's body and headers;
a keyed request is never answered from, nor stored in, the cache, and one key never sees another's
answer; a new build reaches the edge through conditional revalidation; with every origin stopped the
edge keeps serving stale public content while keyed requests fail with problem+json.

The origin's public max-age is an hour. For the tests that need an entry to expire, a second nginx
(`shim`, test-only) sits between the edge and the server and only shortens that max-age to 1 s, keeping
the rest of Cache-Control (stale-while-revalidate, private): the edge under test is the shipped
template unchanged, seeing what it would see an hour later.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
import orjson
import pytest

from collectors.archive import Archive
from feeds.site_build import build_site
from tests.live import LiveServer, free_port, start_live_server, stop
from tests.tiny_archive import DAYS, repo, rows_for

NGINX = Path("/usr/sbin/nginx")
RENDER = Path(__file__).resolve().parent.parent / "deploy" / "edge" / "render.py"
API = "/api/v1"
PUBLIC = [
    f"{API}/momentum?category=codehost-ai-repos",
    "/repo/acme/agent-kit",
    "/badge/repo/acme/agent-kit.svg",
    "/badge/repo/acme/agent-kit.png?style=dark",
]
KEYED = f"{API}/codehost-ai-repos?limit=2"
KEPT_HEADERS = [
    "cache-control",
    "etag",
    "vary",
    "content-type",
    "content-encoding",
    "access-control-allow-origin",
    "content-security-policy",
    "x-content-type-options",
]

needs_nginx = pytest.mark.skipif(not NGINX.exists(), reason="needs Debian's /usr/sbin/nginx (apt-get install nginx)")


@contextmanager
def running_nginx(prefix: Path, conf: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """nginx in the foreground (`daemon off`), in its own process group, stopped on the way out."""
    check = subprocess.run([str(NGINX), "-t", "-q", "-p", str(prefix), "-c", str(conf)], capture_output=True)
    assert check.returncode == 0, check.stderr.decode()
    log = open(prefix / "nginx.out", "wb")  # noqa: SIM115 - closed below
    process = subprocess.Popen(
        [str(NGINX), "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            assert process.poll() is None, (prefix / "nginx.out").read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "nginx did not start listening"
                time.sleep(0.05)
        yield process
    finally:
        kill_nginx(process)
        log.close()


def kill_nginx(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)  # fast shutdown, master and workers
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def render_edge(state: Path, origins: list[str], port: int) -> Path:
    """The shipped template, rendered by the shipped script, as a deployment would."""
    conf = state / "edge.conf"
    user = ["--user", "root"] if os.geteuid() == 0 else []  # workers must reach the test's 0700 tmp dir
    args = [sys.executable, str(RENDER), "--listen", f"127.0.0.1:{port}", "--state-dir", str(state)]
    args += [arg for origin in origins for arg in ("--origin", origin)]
    args += ["--workers", "2", "--error-log", "stderr", "--mkdirs", "--out", str(conf), *user]
    subprocess.run(args, check=True)
    return conf


def render_shim(state: Path, origin: str, port: int) -> Path:
    """Test-only: proxies to `origin`, shortening a public max-age to 1 s; logs conditional requests."""
    state.mkdir(parents=True, exist_ok=True)
    temp = "\n".join(
        f"  {kind}_temp_path {state}/{kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    conf = state / "shim.conf"
    conf.write_text(
        f"""{"user root;" if os.geteuid() == 0 else ""}
pid {state}/nginx.pid;
error_log stderr warn;
events {{}}
http {{
{temp}
  log_format shim escape=none '$request_uri $status $http_if_none_match';
  access_log {state}/access.log shim;
  map $upstream_http_cache_control $shim_cache_control {{
    "~^public, max-age=\\d+(?<rest>.*)$" "public, max-age=1$rest";
    default $upstream_http_cache_control;
  }}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://{origin};
      proxy_hide_header Cache-Control;
      add_header Cache-Control $shim_cache_control always;
    }}
  }}
}}
"""
    )
    return conf


def cached_keys(state: Path) -> set[str]:
    """The cache keys the edge has stored (each cache file has a `KEY: ...` line)."""
    keys = set()
    for path in (state / "cache").rglob("*"):
        if path.is_file():
            for line in path.read_bytes().split(b"\n")[:8]:
                if line.startswith(b"KEY: "):
                    keys.add(line[5:].decode())
    return keys


def test_render_fills_every_parameter_and_refuses_injected_directives(tmp_path: Path) -> None:
    def render(*extra: str) -> subprocess.CompletedProcess[str]:
        args = [sys.executable, str(RENDER), "--state-dir", str(tmp_path), *extra]
        return subprocess.run(args, capture_output=True, text=True)

    ok = render("--origin", "10.0.0.2:8000", "--origin", "127.0.0.2:8000 max_fails=2 backup", "--mkdirs")
    assert ok.returncode == 0, ok.stderr
    assert "        server 10.0.0.2:8000;\n        server 127.0.0.2:8000 max_fails=2 backup;\n" in ok.stdout
    assert "@" not in ok.stdout.replace("@origin_unavailable", "")
    assert f"proxy_cache_path {tmp_path}/cache " in ok.stdout and "listen 8080;" in ok.stdout
    assert "user " not in ok.stdout  # only when asked for
    for bad in (
        ["--origin", "10.0.0.2:8000; include /etc/passwd"],
        ["--origin", "10.0.0.2:8000", "--listen", "80; location / { return 200; }"],
        ["--origin", "10.0.0.2:8000", "--cache-dir", "/tmp/x;\nuser root"],
        ["--origin", "http://10.0.0.2:8000"],
    ):
        refused = render(*bad)
        assert refused.returncode != 0 and "invalid" in refused.stderr, bad
    assert f"access_log {tmp_path}/logs/access.log edge;" in ok.stdout
    quiet = render("--origin", "10.0.0.2:8000", "--access-log", "off")
    assert quiet.returncode == 0 and "    access_log off;\n" in quiet.stdout, quiet.stderr
    if NGINX.exists():
        for n, text in enumerate((ok.stdout, quiet.stdout)):
            conf = tmp_path / f"edge-{n}.conf"
            conf.write_text(text)
            check = subprocess.run([str(NGINX), "-t", "-q", "-p", str(tmp_path), "-c", str(conf)], capture_output=True)
            assert check.returncode == 0, check.stderr.decode()


@pytest.fixture(scope="module")
def edge(live: LiveServer, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """An edge straight in front of the module's server: (its base URL, its state directory)."""
    state = tmp_path_factory.mktemp("edge")
    port = free_port()
    conf = render_edge(state, [live.base_url.removeprefix("http://")], port)
    with running_nginx(state, conf, port):
        yield f"http://127.0.0.1:{port}", state


def get(url: str, headers: dict[str, str] | None = None) -> httpx.Response:
    return httpx.get(url, headers={"Accept-Encoding": "identity", **(headers or {})}, timeout=30)


@needs_nginx
def test_a_public_response_is_a_hit_the_second_time_with_the_origins_body_and_headers(
    live: LiveServer, edge: tuple[str, Path]
) -> None:
    base, _ = edge
    for path in PUBLIC:
        for encoding in ("gzip", "identity"):
            headers = {"Accept-Encoding": encoding}
            origin = get(live.base_url + path, headers)
            first, second = get(base + path, headers), get(base + path, headers)
            assert origin.status_code == first.status_code == second.status_code == 200, path
            assert first.headers["x-cache-status"] == "MISS", (path, encoding)
            assert second.headers["x-cache-status"] == "HIT", (path, encoding)
            assert first.content == second.content == origin.content, (path, encoding)
            for name in KEPT_HEADERS:
                assert second.headers.get(name) == origin.headers.get(name), (path, encoding, name)
            assert "x-ratelimit-remaining" not in second.headers
    # Vary: Accept-Encoding is honoured: gzip only for who asked for it, one variant each.
    momentum = f"{API}/momentum"  # over the origin's 1 KB gzip threshold
    zipped, plain = get(base + momentum, {"Accept-Encoding": "gzip"}), get(base + momentum)
    assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert zipped.content == plain.content  # httpx decoded the gzip one
    for variant in (zipped, plain):
        again = get(base + momentum, {"Accept-Encoding": variant.request.headers["accept-encoding"]})
        assert again.headers["x-cache-status"] == "HIT"
        assert again.headers.get("content-encoding") == variant.headers.get("content-encoding")


@needs_nginx
def test_a_conditional_request_is_answered_by_the_edge(edge: tuple[str, Path]) -> None:
    base, _ = edge
    path = PUBLIC[1]
    etag = get(base + path).headers["etag"]
    again = get(base + path, {"If-None-Match": etag})
    assert again.status_code == 304 and again.headers["x-cache-status"] == "HIT" and again.content == b""
    assert get(base + path, {"If-None-Match": '"some-other"'}).status_code == 200


@needs_nginx
def test_keyed_requests_are_never_cached_nor_shared_between_keys(live: LiveServer, edge: tuple[str, Path]) -> None:
    base, state = edge
    pro, starter = live.key("pro"), live.key("starter")
    seen: dict[str, list[httpx.Response]] = {pro: [], starter: []}
    for _ in range(3):
        for key in (pro, starter):
            answer = get(base + KEYED, {"Authorization": f"Bearer {key}"})
            assert answer.status_code == 200
            assert answer.headers["x-cache-status"] == "BYPASS"
            assert answer.headers["cache-control"] == "private, max-age=300"
            seen[key].append(answer)
    # Each key only ever sees its own plan's limits and its own counter, never the other key's.
    assert {r.headers["x-ratelimit-limit"] for r in seen[pro]} == {"5000"}
    assert {r.headers["x-ratelimit-limit"] for r in seen[starter]} == {"400"}
    assert all(int(r.headers["x-ratelimit-remaining"]) < 400 for r in seen[starter])
    assert all(int(r.headers["x-ratelimit-remaining"]) > 400 for r in seen[pro])
    assert {r.headers["etag"] for r in seen[pro]}.isdisjoint({r.headers["etag"] for r in seen[starter]})
    # The key's own If-None-Match reaches the origin (nginx drops it on cacheable locations otherwise).
    etag = seen[pro][-1].headers["etag"]
    again = get(base + KEYED, {"Authorization": f"Bearer {pro}", "If-None-Match": etag})
    assert again.status_code == 304 and again.headers["x-cache-status"] == "BYPASS" and again.content == b""
    assert again.headers["x-ratelimit-limit"] == "5000"
    # A keyed request for a URL the edge holds publicly is not answered from the cache either.
    assert get(base + PUBLIC[0]).headers["x-cache-status"] in {"MISS", "HIT"}
    assert get(base + PUBLIC[0], {"Authorization": f"Bearer {pro}"}).headers["x-cache-status"] == "BYPASS"
    # Without a key: the 401 (no Cache-Control) goes to the origin every time, and is not stored.
    for _ in range(2):
        refused = get(base + KEYED)
        assert refused.status_code == 401 and refused.headers["x-cache-status"] == "MISS"
    assert not any(f"{API}/codehost-ai-repos" in key for key in cached_keys(state)), cached_keys(state)


@needs_nginx
def test_health_is_never_cached(edge: tuple[str, Path]) -> None:
    base, state = edge
    for _ in range(2):
        health = get(base + "/healthz")
        assert health.status_code == 200 and "x-cache-status" not in health.headers
    assert not any(key.endswith("/healthz") for key in cached_keys(state))


def wait_for(condition: Callable[[], bool], what: str, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def served_stale(url: str, body: bytes) -> None:
    """Ask until the edge answers from an expired entry; every answer meanwhile is a HIT with `body`."""
    deadline = time.monotonic() + 5
    while True:
        answer = get(url)
        assert answer.status_code == 200 and answer.content == body, url
        status = answer.headers["x-cache-status"]
        if status in {"STALE", "UPDATING"}:
            return
        assert status == "HIT" and time.monotonic() < deadline, (url, status)
        time.sleep(0.1)


def shim_log(state: Path) -> list[tuple[str, int, str]]:
    lines = (state / "access.log").read_text().splitlines() if (state / "access.log").exists() else []
    return [(uri, int(status), inm) for uri, status, inm in (line.split(" ", 2) for line in lines)]


@needs_nginx
@pytest.mark.slow
def test_revalidation_a_new_build_and_stale_content_with_the_origins_stopped(tmp_path: Path) -> None:
    live = start_live_server(tmp_path / "origin")
    shim_state, edge_state = tmp_path / "shim", tmp_path / "edge"
    shim_port, edge_port = free_port(), free_port()
    shim_conf = render_shim(shim_state, live.base_url.removeprefix("http://"), shim_port)
    edge_conf = render_edge(edge_state, [f"127.0.0.1:{shim_port}"], edge_port)
    base = f"http://127.0.0.1:{edge_port}"
    momentum, page, badge = PUBLIC[0], "/repo/late/arrival-mcp", PUBLIC[2]
    key = live.key("pro")
    try:
        with running_nginx(shim_state, shim_conf, shim_port) as shim, running_nginx(edge_state, edge_conf, edge_port):
            old = get(base + momentum)
            assert old.headers["x-cache-status"] == "MISS" and old.headers["cache-control"].startswith(
                "public, max-age=1,"
            )
            assert get(base + page).status_code == 404  # public, max-age=300 (1 s here): cached too
            assert get(base + badge).status_code == 200

            # Expired without a new build: served stale at once, revalidated in the background with
            # If-None-Match, and the origin's 304 makes the entry fresh again.
            served_stale(base + momentum, old.content)
            wait_for(lambda: (momentum, 304, old.headers["etag"]) in shim_log(shim_state), "a 304 revalidation")
            assert get(base + momentum).content == old.content

            # A new build: the next revalidation gets a 200 with the new body and ETag.
            archive = Archive(live.settings.archive_path)
            try:
                rows = [*rows_for("codehost-ai-repos", 3), repo("late/arrival-mcp", 999, 3)]
                archive.replace_day(
                    "codehost-ai-repos", DAYS[3], [(r.entity, orjson.dumps(r.model_dump(mode="json"))) for r in rows]
                )
            finally:
                archive.close()
            build_site(live.settings, now=datetime(2026, 11, 4, 13, tzinfo=UTC), quiet=True)
            wait_for(  # by both workers
                lambda: all(get(live.base_url + page).status_code == 200 for _ in range(8)), "the new build"
            )
            new = get(live.base_url + momentum)
            assert new.content != old.content
            wait_for(lambda: get(base + momentum).content == new.content, "the new build at the edge")
            assert get(base + momentum).headers["etag"] == new.headers["etag"]
            assert (momentum, 200, old.headers["etag"]) in shim_log(shim_state)
            wait_for(lambda: get(base + page).status_code == 200, "the new page at the edge")
            new_page = get(live.base_url + page).content
            new_badge = get(live.base_url + badge).content
            wait_for(lambda: get(base + badge).content == new_badge, "the new badge at the edge")

            # The server stops: the shim answers 502 (http_502), then the shim stops too (connection
            # refused: error). Either way the public content stays up, stale; keyed requests fail.
            stop(live.process)
            for down in ("origin stopped", "every origin unreachable"):
                for path, body in ((momentum, new.content), (page, new_page), (badge, new_badge)):
                    served_stale(base + path, body)
                keyed = get(base + KEYED, {"Authorization": f"Bearer {key}"})
                assert keyed.status_code == 502 and keyed.headers["x-cache-status"] == "BYPASS", down
                assert "x-ratelimit-remaining" not in keyed.headers and b"codehost" not in keyed.content, down
                if shim.poll() is not None:  # the edge's own answer (the shim's 502 before is the shim's page)
                    assert keyed.headers["content-type"] == "application/problem+json"
                    assert keyed.headers["cache-control"] == "no-store"
                    assert orjson.loads(keyed.content)["code"] == "origin_unavailable"
                assert get(base + "/healthz").status_code == 502, down
                kill_nginx(shim)
    finally:
        stop(live.process)
        live.log.close()
