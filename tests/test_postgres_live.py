"""`feeds serve` on PostgreSQL: keys from the command line, watches and claims over HTTP, and the
database going away under load (keyed requests 503 `backend_unavailable`, public ones keep serving,
everything back by itself when the database returns)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.live import LiveServer, start_live_server, stop
from tests.pg_server import PgServer

API = "/api/v1"
REPO = "/repo/acme/agent-kit"


@pytest.fixture
def pg_live(pg_server: PgServer, tmp_path: Path) -> Iterator[LiveServer]:
    server = start_live_server(tmp_path, {"FEEDS_DATABASE_URL": pg_server.database()})
    try:
        yield server
    finally:
        stop(server.process)
        server.log.close()


def feeds(live: LiveServer, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "ai_feeds", *args], env=live.env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_keys_watches_and_claims_through_a_server_on_postgres(pg_live: LiveServer) -> None:
    key = feeds(pg_live, "keys", "create", "--plan", "pro", "--name", "pg").splitlines()[-1]
    assert not (Path(pg_live.env["FEEDS_DATA_DIR"]) / "state.sqlite").exists()  # nothing went to SQLite
    with pg_live.client(key) as http:
        assert http.get(f"{API}/codehost-ai-repos", params={"limit": 1}).status_code == 200
        added = http.post(f"{API}/watches", json={"entity": REPO, "type": "any"})
        assert added.status_code == 201, added.text
        listed = http.get(f"{API}/watches").json()
        assert [w["entity"] for w in listed["data"]] == [REPO] and listed["count"] == 1
        claim = http.post(f"{API}/claims", json={"entity": REPO, "email": "m@example.com", "description": "ours"})
        assert claim.status_code == 202, claim.text
    assert claim.json()["id"] in feeds(pg_live, "claims", "list", "--status", "pending")
    assert "pg" in feeds(pg_live, "keys", "list")


def test_postgres_stopped_under_load_then_back(pg_server: PgServer, pg_live: LiveServer) -> None:
    key = feeds(pg_live, "keys", "create", "--plan", "pro").splitlines()[-1]
    with pg_live.client(key) as http:
        assert http.get(f"{API}/watches").status_code == 200
    statuses: Counter[int] = Counter()
    bodies: list[httpx.Response] = []
    done = threading.Event()

    def load() -> None:  # keyed requests that need the database (watches) and some that only need the key
        with pg_live.client(key) as http:
            n = 0
            while not done.is_set():
                response = http.get(f"{API}/watches" if n % 2 else f"{API}/codehost-ai-repos?limit=1")
                statuses[response.status_code] += 1
                if response.status_code >= 500:
                    bodies.append(response)
                n += 1
                time.sleep(0.05)  # steady, well within the key's monthly quota

    workers = [threading.Thread(target=load) for _ in range(3)]
    for worker in workers:
        worker.start()
    try:
        time.sleep(0.5)
        pg_server.stop()
        deadline = time.monotonic() + 20
        with pg_live.client(key) as keyed, pg_live.client() as public:
            while True:  # keyed answers turn into 503 once the cached key expires (FEEDS key TTL: 5 s)
                response = keyed.get(f"{API}/watches")
                if response.status_code == 503:
                    break
                assert time.monotonic() < deadline, f"still {response.status_code} with the database down"
                time.sleep(0.2)
            assert response.headers["content-type"] == "application/problem+json"
            assert response.json()["code"] == "backend_unavailable"
            assert int(response.headers["retry-after"]) >= 1
            started = time.monotonic()
            for _ in range(5):
                momentum = public.get(f"{API}/momentum", params={"limit": 3})
                assert momentum.status_code == 200  # public endpoints need no database
                assert public.get("/healthz").status_code == 200
            assert time.monotonic() - started < 10
    finally:
        pg_server.start()
    try:
        deadline = time.monotonic() + 30
        with pg_live.client(key) as http:
            while (response := http.get(f"{API}/watches")).status_code != 200:
                assert time.monotonic() < deadline, f"not recovered: {response.status_code} {response.text}"
                time.sleep(0.2)
            assert http.post(f"{API}/watches", json={"entity": REPO}).status_code == 201
    finally:
        done.set()
        for worker in workers:
            worker.join()
    assert statuses[503] > 0 and statuses[200] > 0
    assert all(r.status_code == 503 and r.json()["code"] == "backend_unavailable" for r in bodies), [
        (r.status_code, r.text) for r in bodies[:3]
    ]
    log = (Path(pg_live.env["FEEDS_DATA_DIR"]).parent / "server.log").read_text()
    assert "Traceback" not in log, log[-3000:]
    assert os.environ.get("FEEDS_DATABASE_URL") is None  # the test's own environment stays untouched
