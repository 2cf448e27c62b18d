"""Several origins: two `feeds serve` processes on two ports, each serving its own site directory (the
second filled by `feeds publish`), sharing one real Redis for the counters, the demand log and
revocation notices, and one state store for keys, watches and claims: either one SQLite state
directory (both origins on one machine) or one real PostgreSQL database, with nothing else shared
(each origin has its own FEEDS_DATA_DIR, as on separate machines). Limits hold exactly across them,
a revocation through one ends the key on both, a watch added through one is seen and removed through
the other, and an outage of Redis, or of Redis and then PostgreSQL, is a 503 that heals by itself.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from feeds.settings import Settings
from server.backends import open_quotas
from server.plans import plans
from tests.live import LiveServer, start_live_server, stop
from tests.pg_server import PgServer
from tests.redis_server import RedisServer

API = "/api/v1"
HISTORY = (f"{API}/mcp-servers/history", {"entity": "io.github.example/weather"})
FEED_PAGE = (f"{API}/mcp-servers", {"limit": "1"})
KEY_CACHE_TTL = 5.0
"""The server's key cache lifetime (server/keys.py KeyStore default)."""
REPO = "/repo/acme/agent-kit"


@dataclass
class Origins:
    redis: RedisServer
    a: LiveServer
    b: LiveServer
    pg: PgServer | None = None
    """The shared PostgreSQL server, when the state store is PostgreSQL (else one SQLite state directory)."""

    def key(self, plan: str = "starter") -> str:
        return self.a.key(plan)

    def cli(self, *args: str, origin: LiveServer | None = None) -> subprocess.CompletedProcess[str]:
        """`feeds ARGS` with the settings of `origin` (the first by default)."""
        return subprocess.run(
            [sys.executable, "-m", "ai_feeds", *args],
            env=(origin or self.a).env,
            capture_output=True,
            text=True,
            timeout=60,
        )


@pytest.fixture(scope="module", params=["sqlite", "postgres"], ids=["redis+sqlite", "redis+postgres"])
def origins(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Origins]:
    root = tmp_path_factory.mktemp(f"origins-{request.param}")
    pg: PgServer | None = request.getfixturevalue("pg_server") if request.param == "postgres" else None
    (root / "redis").mkdir()
    redis = RedisServer(root / "redis")
    redis.start()
    shared = {
        "FEEDS_REDIS_URL": redis.url,
        "FEEDS_STARTER_DAILY_HISTORY": "200",
        "FEEDS_STARTER_MONTHLY": "400",
        "FEEDS_VELOCITY_LIMIT": "3",
        **({"FEEDS_DATABASE_URL": pg.database()} if pg is not None else {}),
    }
    a = start_live_server(root / "a", shared)
    b: LiveServer | None = None
    try:
        published = subprocess.run(
            [sys.executable, "-m", "ai_feeds", "publish", str(root / "b" / "site")],
            env=a.env,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert published.returncode == 0, published.stderr
        (root / "b").mkdir(exist_ok=True)
        # With PostgreSQL, nothing but Redis and the database is shared: B has a data directory of its own.
        state = {} if pg is not None else {"FEEDS_DATA_DIR": a.env["FEEDS_DATA_DIR"]}
        b = start_live_server(root / "b", {**shared, **state, "FEEDS_SITE_DIR": str(root / "b" / "site")}, build=False)
        yield Origins(redis, a, b, pg)
    finally:
        for server in (a, b):
            if server is not None:
                stop(server.process)
                server.log.close()
        redis.stop()


async def _spread(origins: Origins, key: str, path: str, params: dict[str, str], n: int) -> list[httpx.Response]:
    """`n` concurrent requests, alternately to each origin."""
    headers = {"Authorization": f"Bearer {key}"}
    limits = httpx.Limits(max_connections=50)
    async with (
        httpx.AsyncClient(base_url=origins.a.base_url, headers=headers, timeout=60, limits=limits) as one,
        httpx.AsyncClient(base_url=origins.b.base_url, headers=headers, timeout=60, limits=limits) as two,
    ):
        return list(await asyncio.gather(*((one, two)[i % 2].get(path, params=params) for i in range(n))))


def outcomes(responses: list[httpx.Response]) -> Counter[object]:
    return Counter(r.status_code if r.status_code == 200 else r.json()["code"] for r in responses)


def test_the_second_origin_serves_the_published_build(origins: Origins) -> None:
    site_a, site_b = Path(origins.a.env["FEEDS_SITE_DIR"]), Path(origins.b.env["FEEDS_SITE_DIR"])
    assert site_b.is_symlink() and os.readlink(site_a).rsplit("/", 1)[-1] == os.readlink(site_b).rsplit("/", 1)[-1]
    key = origins.key()
    bodies = [
        httpx.get(s.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers={"Authorization": f"Bearer {key}"})
        for s in (origins.a, origins.b)
    ]
    assert [r.status_code for r in bodies] == [200, 200]
    assert bodies[0].content == bodies[1].content


def test_daily_history_calls_are_exact_across_origins(origins: Origins) -> None:
    responses = asyncio.run(_spread(origins, origins.key(), *HISTORY, n=300))
    assert outcomes(responses) == {200: 200, "daily_history_limit": 100}
    assert all(r.headers.get("retry-after") for r in responses if r.status_code == 429)


def test_the_monthly_quota_is_exact_across_origins(origins: Origins) -> None:
    key = origins.key()
    responses = asyncio.run(_spread(origins, key, *FEED_PAGE, n=500))
    assert outcomes(responses) == {200: 400, "monthly_limit": 100}
    remaining = sorted(int(r.headers["x-ratelimit-remaining"]) for r in responses if r.status_code == 200)
    assert remaining == list(range(400))  # every success saw its own count: nothing reserved ahead


def test_a_throttle_set_through_one_origin_holds_on_the_other(origins: Origins) -> None:
    key = origins.key()
    auth = {"Authorization": f"Bearer {key}"}
    for n in range(3):
        r = httpx.get(f"{origins.a.base_url}{API}/mcp-servers/entity", params={"entity": f"x/{n}"}, headers=auth)
        assert r.status_code == 404  # unknown entities count toward the velocity limit too
    r = httpx.get(f"{origins.a.base_url}{API}/mcp-servers/entity", params={"entity": "x/3"}, headers=auth)
    assert (r.status_code, r.json()["code"]) == (429, "velocity_throttled")
    r = httpx.get(origins.b.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers=auth)
    assert (r.status_code, r.json()["code"]) == (429, "velocity_throttled")
    assert int(r.headers["retry-after"]) > 3000


@pytest.mark.parametrize("via", ["a", "b"])
def test_a_key_revoked_through_the_cli_is_refused_by_both_origins(origins: Origins, via: str) -> None:
    key = origins.key()
    auth = {"Authorization": f"Bearer {key}"}
    for _ in range(4):  # every worker of both origins has the key cached
        for server in (origins.a, origins.b):
            assert httpx.get(server.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers=auth).status_code == 200
    revoked = origins.cli("keys", "revoke", key.split("_")[1], origin=getattr(origins, via))
    assert revoked.returncode == 0 and "revoked" in revoked.stdout, revoked.stderr
    started = time.monotonic()
    for server in (origins.a, origins.b):
        refused = 0
        while refused < 6:  # several in a row: each worker of the origin
            status = httpx.get(server.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers=auth).status_code
            refused = refused + 1 if status == 401 else 0
            assert time.monotonic() - started < KEY_CACHE_TTL, "a revoked key still served after the cache TTL"


def test_a_watch_added_through_one_origin_is_listed_and_deleted_through_the_other(origins: Origins) -> None:
    key = origins.key("pro")
    with origins.a.client(key) as one, origins.b.client(key) as two:
        added = one.post(f"{API}/watches", json={"entity": REPO, "type": "any"})
        assert added.status_code == 201, added.text
        listed = two.get(f"{API}/watches").json()
        assert [w["entity"] for w in listed["data"]] == [REPO] and listed["count"] == 1
        deleted = two.delete(f"{API}/watches", params={"id": listed["data"][0]["id"]})
        assert deleted.status_code == 200, deleted.text
        assert one.get(f"{API}/watches").json()["count"] == 0
        assert two.get(f"{API}/watches").json()["count"] == 0


def test_with_postgres_no_origin_keeps_state_of_its_own(origins: Origins) -> None:
    """Keys, watches and claims are in the shared database: no origin has a state file to lose."""
    if origins.pg is None:
        pytest.skip("one shared SQLite state directory in this configuration")
    key = origins.key("pro")
    with origins.b.client(key) as http:  # B has never seen this key, and has no key file
        assert http.get(FEED_PAGE[0], params=FEED_PAGE[1]).status_code == 200
        assert http.post(f"{API}/watches", json={"entity": REPO}).status_code == 201
    assert not (Path(origins.a.env["FEEDS_DATA_DIR"]) / "state.sqlite").exists()
    assert sorted(p.name for p in Path(origins.b.env["FEEDS_DATA_DIR"]).rglob("*")) == []  # B keeps nothing
    listed = origins.cli("keys", "list", origin=origins.b)
    assert listed.returncode == 0 and key.split("_")[1] in listed.stdout, listed.stderr


def test_redis_down_is_a_503_for_keyed_requests_only_and_heals_by_itself(origins: Origins) -> None:
    """Under load: keyed requests get 503 backend_unavailable with Retry-After while Redis is down (never a
    500, never served uncounted), public ones go on, and both origins recover once Redis is back."""
    key = origins.key("pro")
    auth = {"Authorization": f"Bearer {key}"}
    seen: Counter[object] = Counter()
    problems: list[str] = []
    lock = threading.Lock()
    stop_load = False

    def load(server: LiveServer) -> None:
        with httpx.Client(base_url=server.base_url, headers=auth, timeout=30) as http:
            while not stop_load:
                r = http.get(FEED_PAGE[0], params=FEED_PAGE[1])
                body = None if r.status_code == 200 else r.json()
                with lock:
                    seen[200 if body is None else body["code"]] += 1
                if body is not None and (
                    r.status_code != 503 or body["code"] != "backend_unavailable" or not r.headers.get("retry-after")
                ):
                    problems.append(f"{r.status_code} {body}")

    threads = [threading.Thread(target=load, args=(s,)) for s in (origins.a, origins.b)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.5)
        origins.redis.stop()
        time.sleep(1.5)
        for server in (origins.a, origins.b):
            r = httpx.get(server.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers=auth)
            assert (r.status_code, r.json()["code"]) == (503, "backend_unavailable")
            assert int(r.headers["retry-after"]) >= 1
            assert r.headers["content-type"] == "application/problem+json"
            assert httpx.get(f"{server.base_url}{API}/momentum", params={"limit": "1"}).status_code == 200
            assert httpx.get(f"{server.base_url}/healthz").status_code == 200
        down = seen["backend_unavailable"]
        assert down > 0
        origins.redis.start()
        deadline = time.monotonic() + 10
        for server in (origins.a, origins.b):
            while httpx.get(server.base_url + FEED_PAGE[0], params=FEED_PAGE[1], headers=auth).status_code != 200:
                assert time.monotonic() < deadline, "no recovery after Redis came back"
                time.sleep(0.1)
        time.sleep(0.5)
    finally:
        stop_load = True
        for t in threads:
            t.join()
    assert problems == []
    assert set(seen) == {200, "backend_unavailable"}
    settings = Settings(env={**origins.a.env})
    store = open_quotas(settings)
    try:
        used = store.usage(key.split("_")[1], plans(settings)["pro"])["requests"]
    finally:
        store.close()
    # Every 200, before the outage and after it, was counted (plus the one 200 each recovery probe above
    # ended on). A request in flight as Redis stopped may have been counted and still refused: at most one
    # per loader, against the customer, never for them.
    assert seen[200] + 2 <= used <= seen[200] + 2 + len(threads)


def test_redis_then_postgres_down_under_load_is_a_503_and_heals(origins: Origins) -> None:
    """Both shared backends go, one after the other, under load on both origins; then Redis comes back
    while PostgreSQL is still down, then PostgreSQL. Keyed answers are 200 or 503 `backend_unavailable`
    with Retry-After throughout (a key the database cannot confirm is refused, not served on Redis's
    word), public pages keep serving, both origins recover by themselves, and nothing was served
    uncounted."""
    if origins.pg is None:
        pytest.skip("no PostgreSQL in this configuration")
    pg = origins.pg
    key = origins.key("pro")
    auth = {"Authorization": f"Bearer {key}"}
    seen: Counter[object] = Counter()
    problems: list[str] = []
    lock = threading.Lock()
    stop_load = threading.Event()

    def record(r: httpx.Response) -> int:
        body = None if r.status_code == 200 else r.json()
        with lock:
            seen[200 if body is None else body["code"]] += 1
        if body is not None and (
            r.status_code != 503 or body["code"] != "backend_unavailable" or not r.headers.get("retry-after")
        ):
            problems.append(f"{r.status_code} {body}")
        return r.status_code

    def load(server: LiveServer) -> None:
        with httpx.Client(base_url=server.base_url, headers=auth, timeout=30) as http:
            n = 0
            while not stop_load.is_set():  # feed pages (key + Redis) and watches (key + Redis + PostgreSQL)
                record(http.get(f"{API}/watches") if n % 2 else http.get(FEED_PAGE[0], params=FEED_PAGE[1]))
                n += 1
                time.sleep(0.02)

    def keyed(server: LiveServer, path: str = FEED_PAGE[0]) -> int:
        return record(
            httpx.get(server.base_url + path, params=FEED_PAGE[1] if path == FEED_PAGE[0] else {}, headers=auth)
        )

    def public_pages_serve() -> None:
        for server in (origins.a, origins.b):
            assert httpx.get(f"{server.base_url}{API}/momentum", params={"limit": "1"}).status_code == 200
            assert httpx.get(f"{server.base_url}/healthz").status_code == 200

    def until(check: Callable[[], bool], why: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while not check():
            assert time.monotonic() < deadline, why
            time.sleep(0.1)

    threads = [threading.Thread(target=load, args=(s,)) for s in (origins.a, origins.b)]
    for t in threads:
        t.start()
    try:
        time.sleep(0.5)
        origins.redis.stop()
        until(lambda: all(keyed(s) == 503 for s in (origins.a, origins.b)), "still served with Redis down", 5)
        pg.stop()
        time.sleep(KEY_CACHE_TTL + 0.5)  # every cached key has expired: both backends are needed now
        for server in (origins.a, origins.b):
            assert keyed(server) == 503 and keyed(server, f"{API}/watches") == 503
        public_pages_serve()
        origins.redis.start()  # quotas back, the key store still down: keys cannot be confirmed
        time.sleep(1.5)
        for server in (origins.a, origins.b):
            assert keyed(server) == 503 and keyed(server, f"{API}/watches") == 503
        public_pages_serve()
    finally:
        pg.start()
        if origins.redis.process is None:
            origins.redis.start()
    try:
        for path in (FEED_PAGE[0], f"{API}/watches"):
            until(
                lambda path=path: all(keyed(s, path) == 200 for s in (origins.a, origins.b)),  # type: ignore[misc]
                f"{path} did not recover after both backends came back",
                30,
            )
        time.sleep(0.5)
    finally:
        stop_load.set()
        for t in threads:
            t.join()
    assert problems == [], problems[:5]
    assert set(seen) == {200, "backend_unavailable"}
    settings = Settings(env={**origins.a.env})
    store = open_quotas(settings)
    try:
        used = store.usage(key.split("_")[1], plans(settings)["pro"])["requests"]
    finally:
        store.close()
    # Every 200 was counted; a request in flight as Redis stopped may have been counted and still refused
    # (at most one per loader, against the customer); nothing else was counted without being served.
    assert seen[200] <= used <= seen[200] + len(threads)
    for server in (origins.a, origins.b):
        log = (Path(server.env["FEEDS_DATA_DIR"]).parent / "server.log").read_text()
        assert "Traceback" not in log, log[-3000:]
