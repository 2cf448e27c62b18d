"""The keyed JSON API against a real server (2 workers): every parameter, status, error code and header.

One server for the module (tests/live.py, limits shrunk). Each test makes its own keys, because the
daily history cap and the velocity throttle are counted per account. The server runs offline with a
fixed name table (FEEDS_OFFLINE_HOSTS), so `url=` with a host name is tested without DNS.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from build.history_parts import entity_lines
from build.packs import Packs
from build.paths import latest_trends_path, trends_events_path, trends_path
from collectors.models import FEED_NAMES, FEEDS
from collectors.state import StateStore
from server.errors import CODES
from server.keys import KeyStore
from tests.live import LIMITS, LiveServer, live_server_fixture

API = "/api/v1"
PUBLIC_HOST = "pricing.example.org"
PRIVATE_HOST = "intranet.example.org"
LATEST = date(2026, 11, 4)
"""The tiny archive's last day (llm-pricing is stale: its last day is 2026-11-03)."""
STARTER_DEPTH = LATEST - timedelta(days=29)
SINCE_FIELD = {  # SPEC §4.1, as written there
    "codehost-ai-repos": "created_at",
    "forum-launch-ai": "created_at",
    "mcp-servers": "publishedAt",
    "ai-pricing": "snapshotAt",
    "llm-pricing": "created",
    "modelhub-trending": "createdAt",
}
ENTITY_OF = {  # SPEC §4.3 entity formats, one of each
    "codehost-ai-repos": "acme/agent-kit",
    "forum-launch-ai": "41000001",
    "mcp-servers": "io.github.example/weather",
    "ai-pricing": "https://example.com/pricing",
    "llm-pricing": "lab/big-model",
    "modelhub-trending": "model:org/llm-8b",
}


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    env = {"FEEDS_OFFLINE": "1", "FEEDS_OFFLINE_HOSTS": f"{PUBLIC_HOST}=93.184.215.14,{PRIVATE_HOST}=10.1.2.3"}
    yield from live_server_fixture(tmp_path_factory.mktemp("api"), env)


@pytest.fixture(scope="module")
def pro_key(api: LiveServer) -> str:
    return api.key("pro")


@pytest.fixture(scope="module")
def http(api: LiveServer) -> Iterator[httpx.Client]:
    """One client for the many one-request tests (a client costs more than a request); no key of its own."""
    with api.client() as client:
        yield client


def auth(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


# -- helpers -------------------------------------------------------------------------------------


def problem(response: httpx.Response, status: int, code: str, parameter: str | None = None) -> dict[str, Any]:
    """Assert an RFC 9457 problem body with our top-level `code`, and no internals leaking out."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert set(body) >= {"type", "title", "status", "code", "detail"}, body
    assert body["status"] == status and body["code"] == code, body
    assert body["type"].endswith(f"/{code}") and body["title"] and body["detail"]
    assert code in CODES
    assert "Traceback" not in response.text and 'File "' not in response.text
    if parameter is not None:
        assert body.get("parameter") == parameter, body
    return body


def site_root(server: LiveServer) -> Path:
    return Path(server.settings.feeds_site_dir)


def tree_rows(server: LiveServer, feed: str) -> list[dict[str, Any]]:
    raw = (site_root(server) / f"api/feeds/{feed}/rows.jsonl").read_bytes()
    return [orjson.loads(line) for line in raw.splitlines() if line]


def tree_history(server: LiveServer, feed: str, entity: str) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in entity_lines(site_root(server), feed, entity)]


def tree_json(server: LiveServer, relpath: str) -> Any:
    """A file of the served tree, packed or loose (build/packs.py)."""
    data = Packs(site_root(server)).read(relpath)
    assert data is not None, relpath
    return orjson.loads(data)


def moment(text: str) -> datetime:
    parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def scalars(value: Any) -> Iterator[str]:
    """Every scalar of a row, as the search text holds it (lowercased by the caller)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from scalars(item)
    elif isinstance(value, list):
        for item in value:
            yield from scalars(item)
    elif isinstance(value, bool):
        yield "true" if value else "false"
    elif value is not None:
        yield str(value)


def next_month() -> datetime:
    now = datetime.now(UTC)
    return datetime(now.year + now.month // 12, now.month % 12 + 1, 1, tzinfo=UTC)


def seconds_to_midnight() -> float:
    now = datetime.now(UTC)
    return (datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC) - now).total_seconds()


def walk_offsets(http: httpx.Client, path: str, limit: int, **query: str) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    offset = 0
    for _ in range(100):  # loop guard
        body = http.get(path, params={**query, "limit": limit, "offset": offset}).json()
        assert body["count"] == len(body["data"]) <= limit
        rows += body["data"]
        offset += limit
        if offset >= body["total"]:
            assert len(rows) == body["total"]
            return rows
    raise AssertionError("paging did not end")


# -- 401 -----------------------------------------------------------------------------------------

KEYED = [
    *(f"{API}/{feed}" for feed in FEED_NAMES),
    *(f"{API}/{feed}/history" for feed in FEED_NAMES),
    *(f"{API}/{feed}/entity" for feed in FEED_NAMES),
    f"{API}/trends",
    f"{API}/watches",
]


def test_401_missing_malformed_invalid_and_revoked_keys(api: LiveServer) -> None:
    store = KeyStore(api.settings.state_path)
    try:
        revoked_key = store.create("starter")[1]  # never used, so no worker has it cached
        store.revoke(revoked_key)
        rotated_key = store.create("pro")[1]
        store.rotate(rotated_key)
    finally:
        store.close()
    wrong_secret = api.key("pro")[:-4] + "AAAA"
    headers: list[dict[str, str]] = [
        {},
        {"Authorization": ""},
        {"Authorization": "Basic dXNlcjpwYXNz"},
        {"Authorization": "Bearer"},
        {"Authorization": "Token abc"},
        {"Authorization": "Bearer not-a-key"},
        {"Authorization": "Bearer fk_00000000_" + "A" * 43},
        {"Authorization": f"Bearer {wrong_secret}"},
        {"Authorization": f"Bearer {revoked_key}"},
        {"Authorization": f"Bearer {rotated_key}"},
    ]
    with api.client() as http:
        for header in headers:
            for path in KEYED:
                response = http.get(path, params={"entity": "acme/agent-kit"}, headers=header)
                problem(response, 401, "unauthorized")
                assert response.headers["www-authenticate"].startswith("Bearer")
                assert "x-ratelimit-limit" not in response.headers
            problem(
                http.post(f"{API}/watches", json={"entity": "/repo/acme/agent-kit"}, headers=header),
                401,
                "unauthorized",
            )
            problem(http.delete(f"{API}/watches", params={"id": "w_1"}, headers=header), 401, "unauthorized")


def test_a_cached_key_is_refused_within_the_cache_ttl_of_its_revocation(api: LiveServer) -> None:
    store = KeyStore(api.settings.state_path)
    try:
        key, secret = store.create("starter")
        with api.client(secret) as http:  # one connection, so one worker, which now caches the key
            assert http.get(f"{API}/mcp-servers").status_code == 200
            store.revoke(key.prefix)
            revoked = time.monotonic()
            while (response := http.get(f"{API}/mcp-servers")).status_code == 200:
                assert time.monotonic() - revoked < store.cache_ttl + 1.5, "the revoked key still works"
                time.sleep(0.2)
    finally:
        store.close()
    problem(response, 401, "unauthorized")


# -- every parameter's bad values ----------------------------------------------------------------

H = f"{API}/codehost-ai-repos/history"
BAD_PARAMETERS: list[tuple[str, str, dict[str, str], int, str, str]] = [
    # (plan, path, query, status, code, parameter)
    *(
        ("pro", f"{API}/{feed}", {"limit": v}, 400, "bad_request", "limit")
        for feed in ("codehost-ai-repos", "llm-pricing")
        for v in ("0", "1001", "-1", "abc", "1.5", "", "1e3", "0x10")
    ),
    ("pro", f"{API}/forum-launch-ai", {"offset": "-1"}, 400, "bad_request", "offset"),
    ("pro", f"{API}/forum-launch-ai", {"offset": "x"}, 400, "bad_request", "offset"),
    ("pro", f"{API}/forum-launch-ai", {"offset": ""}, 400, "bad_request", "offset"),
    ("pro", f"{API}/mcp-servers", {"since": "garbage"}, 400, "bad_request", "since"),
    ("pro", f"{API}/mcp-servers", {"since": "2026-13-01"}, 400, "bad_request", "since"),
    ("pro", f"{API}/mcp-servers", {"since": "2026-11-01T25:00"}, 400, "bad_request", "since"),
    ("pro", f"{API}/mcp-servers", {"since": "2026-02-30"}, 400, "bad_request", "since"),
    ("pro", f"{API}/mcp-servers", {"since": ""}, 400, "bad_request", "since"),
    ("pro", f"{API}/modelhub-trending", {"q": "x" * 257}, 400, "bad_request", "q"),
    ("pro", f"{API}/codehost-ai-repos", {"repo": "not-a-repo"}, 400, "bad_request", "repo"),
    ("pro", f"{API}/codehost-ai-repos", {"repo": "a/b/c"}, 400, "bad_request", "repo"),
    ("pro", f"{API}/codehost-ai-repos", {"repo": "https://github.com/a/b"}, 400, "bad_request", "repo"),
    ("pro", f"{API}/codehost-ai-repos", {"repo": ""}, 400, "bad_request", "repo"),
    ("pro", f"{API}/ai-pricing", {"url": "https://example.com/" + "p" * 2029}, 400, "bad_request", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "http://example.com/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://10.0.0.7/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://192.168.1.1/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://127.0.0.1/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://[::1]/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://localhost/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://169.254.169.254/latest/meta-data"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://metadata.google.internal/"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": f"https://{PRIVATE_HOST}/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": "https://unknown-host.example.org/pricing"}, 400, "unsafe_url", "url"),
    ("pro", f"{API}/ai-pricing", {"url": ""}, 400, "unsafe_url", "url"),
    ("pro", H, {}, 400, "bad_request", "entity"),
    ("pro", H, {"entity": ""}, 400, "bad_request", "entity"),
    ("pro", H, {"entity": "   "}, 400, "bad_request", "entity"),
    ("pro", H, {"entity": "acme/agent-kit", "from": "yesterday"}, 400, "bad_request", "from"),
    ("pro", H, {"entity": "acme/agent-kit", "from": "2026-11-01T00:00:00Z"}, 400, "bad_request", "from"),
    ("pro", H, {"entity": "acme/agent-kit", "to": "2026-11-31"}, 400, "bad_request", "to"),
    ("pro", H, {"entity": "acme/agent-kit", "from": "2026-11-04", "to": "2026-11-01"}, 400, "bad_request", "from"),
    ("pro", H, {"entity": "acme/agent-kit", "from": "2026-08-06", "to": "2026-11-04"}, 400, "bad_request", "to"),
    ("pro", H, {"entity": "acme/agent-kit", "from": "2025-01-01", "to": "2026-11-04"}, 400, "bad_request", "to"),
    ("pro", H, {"entity": "acme/agent-kit", "limit": "0"}, 400, "bad_request", "limit"),
    ("pro", H, {"entity": "acme/agent-kit", "limit": "91"}, 400, "bad_request", "limit"),
    ("pro", H, {"entity": "acme/agent-kit", "cursor": "2026-01-01"}, 400, "bad_request", "cursor"),
    ("pro", H, {"entity": "acme/agent-kit", "cursor": "2026-11-05"}, 400, "bad_request", "cursor"),
    (
        "pro",
        H,
        {"entity": "acme/agent-kit", "from": "2026-11-02", "cursor": "2026-11-01"},
        400,
        "bad_request",
        "cursor",
    ),
    ("pro", H, {"entity": "acme/agent-kit", "cursor": "soon"}, 400, "bad_request", "cursor"),
    (
        "starter",
        H,
        {"entity": "acme/agent-kit", "from": str(STARTER_DEPTH - timedelta(days=1))},
        400,
        "outside_plan_depth",
        "from",
    ),
    (
        "starter",
        H,
        {"entity": "acme/agent-kit", "to": str(STARTER_DEPTH - timedelta(days=1))},
        400,
        "outside_plan_depth",
        "to",
    ),
    ("pro", f"{API}/trends", {"window": "2d"}, 400, "bad_request", "window"),
    ("pro", f"{API}/trends", {"window": ""}, 400, "bad_request", "window"),
    ("pro", f"{API}/trends", {"feed": "github"}, 400, "bad_request", "feed"),
    ("pro", f"{API}/trends", {"feed": "mcp-servers", "date": "03/11/2026"}, 400, "bad_request", "date"),
    ("pro", f"{API}/trends", {"date": "2026-11-03"}, 400, "bad_request", "feed"),
    (
        "starter",
        f"{API}/trends",
        {"feed": "mcp-servers", "date": str(STARTER_DEPTH - timedelta(days=1))},
        400,
        "outside_plan_depth",
        "date",
    ),
    ("pro", f"{API}/momentum", {"category": "forum-launch-ai"}, 400, "bad_request", "category"),
    ("pro", f"{API}/momentum", {"category": "nope"}, 400, "bad_request", "category"),
    ("pro", f"{API}/momentum", {"limit": "101"}, 400, "bad_request", "limit"),
    ("pro", f"{API}/momentum", {"limit": "0"}, 400, "bad_request", "limit"),
    ("pro", f"{API}/momentum", {"limit": "ten"}, 400, "bad_request", "limit"),
    ("pro", f"{API}/sample", {"name": "github"}, 400, "bad_request", "name"),
    ("pro", f"{API}/sample", {"name": ""}, 400, "bad_request", "name"),
]


@pytest.mark.parametrize(
    ("plan", "path", "query", "status", "code", "parameter"),
    BAD_PARAMETERS,
    ids=lambda v: str(v)[:40] if isinstance(v, dict) else None,
)
def test_bad_parameters(
    api: LiveServer,
    http: httpx.Client,
    pro_key: str,
    plan: str,
    path: str,
    query: dict[str, str],
    status: int,
    code: str,
    parameter: str,
) -> None:
    key = pro_key if plan == "pro" else api.key("starter")
    problem(http.get(path, params=query, headers=auth(key)), status, code, parameter)


def test_a_parameter_given_twice_is_refused(api: LiveServer, pro_key: str) -> None:
    with api.client(pro_key) as http:
        problem(http.get(f"{API}/codehost-ai-repos?limit=1&limit=2"), 400, "bad_request", "limit")
        problem(http.get(f"{H}?entity=acme/agent-kit&entity=bob/mcp-lite"), 400, "bad_request", "entity")


def test_a_refused_parameter_costs_nothing(api: LiveServer) -> None:
    with api.client(api.key("starter")) as http:
        first = int(http.get(f"{API}/mcp-servers").headers["x-ratelimit-remaining"])
        for _ in range(5):
            problem(http.get(f"{API}/mcp-servers", params={"limit": "0"}), 400, "bad_request", "limit")
            problem(http.get(H, params={"entity": "acme/agent-kit", "limit": "91"}), 400, "bad_request", "limit")
        assert int(http.get(f"{API}/mcp-servers").headers["x-ratelimit-remaining"]) == first - 1


@pytest.mark.parametrize(
    ("query", "total", "count"),
    [
        ({"limit": "1"}, 3, 1),
        ({"limit": "1000"}, 3, 3),
        ({"limit": " 2"}, 3, 2),
        ({"offset": "3"}, 3, 0),
        ({"offset": "999999"}, 3, 0),
        ({"offset": "0", "limit": "100"}, 3, 3),
        ({"since": "2026-10-19"}, 2, 2),
        ({"since": "2026-10-19T10:00:00+02:00"}, 2, 2),
        ({"since": "2026-10-19T08:00:00Z"}, 2, 2),
        ({"since": "2026-10-19T08:00:01Z"}, 0, 0),
        ({"since": "2026-10-19T08:00:00.5-00:00"}, 0, 0),
        ({"since": "2026-10-18T08:00:00"}, 3, 3),
        ({"since": "1970-01-01"}, 3, 3),
        ({"since": "1900-01-01"}, 3, 3),  # before 1970: a natural "everything"
        ({"since": "0001-01-01"}, 3, 3),
        ({"since": "9999-12-31T23:59:59-01:00"}, 0, 0),  # after every row: nothing (not out of range)
        ({"since": "9999-12-31T23:59:59.5Z"}, 0, 0),
        ({"q": ""}, 3, 3),
    ],
)
def test_valid_edge_values(http: httpx.Client, pro_key: str, query: dict[str, str], total: int, count: int) -> None:
    response = http.get(f"{API}/codehost-ai-repos", params=query, headers=auth(pro_key))
    assert response.status_code == 200, response.text
    body = response.json()
    assert (body["total"], body["count"], len(body["data"])) == (total, count, count)


WATCH_BODIES: list[tuple[bytes, int, str, str | None]] = [
    (b"not json", 400, "bad_request", None),
    (b"", 400, "bad_request", None),
    (b"[1, 2]", 400, "bad_request", None),
    (b'"/repo/acme/agent-kit"', 400, "bad_request", None),
    (b"{}", 400, "bad_request", "entity"),
    (b'{"entity": ""}', 400, "bad_request", "entity"),
    (b'{"entity": 7}', 400, "bad_request", "entity"),
    (b'{"entity": "/repo/acme/agent-kit", "type": "price_drop"}', 400, "bad_request", "type"),
    (b'{"entity": "/repo/acme/agent-kit", "type": null}', 400, "bad_request", "type"),
    (b'{"entity": "/repo/acme/agent-kit", "threshold": "5"}', 400, "bad_request", "threshold"),
    (b'{"entity": "/repo/acme/agent-kit", "threshold": true}', 400, "bad_request", "threshold"),
    (b'{"entity": "/repo/acme/agent-kit", "threshold": [1]}', 400, "bad_request", "threshold"),
    (b'{"entity": "/repo/acme/agent-kit", "threshold": NaN}', 400, "bad_request", None),
    (b'{"entity": "/repo/acme/agent-kit", "threshold": 1e999}', 400, "bad_request", None),
    (b'{"entity": "/repo/acme/agent-kit", "webhook": "https://x"}', 400, "bad_request", "webhook"),
    (b'{"entity": "/repo/nobody/nothing"}', 404, "not_found", None),
    (b'{"entity": "acme/agent-kit"}', 404, "not_found", None),
    (b'{"entity": "/mcp/io.github.example/nope"}', 404, "not_found", None),
    (b'{"entity": "' + b"x" * 17000 + b'"}', 413, "request_too_large", None),
]


@pytest.mark.parametrize(("body", "status", "code", "parameter"), WATCH_BODIES, ids=lambda v: repr(v)[:40])
def test_bad_watch_bodies(
    api: LiveServer, http: httpx.Client, body: bytes, status: int, code: str, parameter: str | None
) -> None:
    key = api.key("starter")
    response = http.post(f"{API}/watches", content=body, headers={"Content-Type": "application/json", **auth(key)})
    problem(response, status, code, parameter)
    assert http.get(f"{API}/watches", headers=auth(key)).json()["count"] == 0


def test_bad_watch_deletes(api: LiveServer) -> None:
    owner, other = api.key("starter"), api.key("starter")
    with api.client(owner) as http:
        watch = http.post(f"{API}/watches", json={"entity": "/mcp/com.acme/files"}).json()
    with api.client(other) as http:
        problem(http.delete(f"{API}/watches"), 400, "bad_request", "id")
        problem(http.delete(f"{API}/watches", params={"id": ""}), 400, "bad_request", "id")
        problem(http.delete(f"{API}/watches", params={"id": "w_0000000000000000"}), 404, "not_found")
        problem(http.delete(f"{API}/watches", params={"id": watch["id"]}), 404, "not_found")
    with api.client(owner) as http:
        assert [w["id"] for w in http.get(f"{API}/watches").json()["data"]] == [watch["id"]]


# -- the error shape on every endpoint -----------------------------------------------------------

ERRORS: list[tuple[str, str, dict[str, str], bool, int, str]] = [
    # (method, path, query, with key, status, code)
    *(("GET", f"{API}/{feed}", {}, False, 401, "unauthorized") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}", {"limit": "0"}, True, 400, "bad_request") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}/history", {"entity": "x"}, False, 401, "unauthorized") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}/history", {}, True, 400, "bad_request") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}/history", {"entity": "no such thing"}, True, 404, "not_found") for feed in FEED_NAMES),
    *(("POST", f"{API}/{feed}", {}, True, 405, "method_not_allowed") for feed in FEED_NAMES),
    ("GET", f"{API}/trends", {}, False, 401, "unauthorized"),
    ("GET", f"{API}/trends", {"window": "5d"}, True, 400, "bad_request"),
    ("GET", f"{API}/trends", {"feed": "mcp-servers", "date": "2026-11-20"}, True, 404, "not_found"),
    ("DELETE", f"{API}/trends", {}, True, 405, "method_not_allowed"),
    ("GET", f"{API}/watches", {}, False, 401, "unauthorized"),
    ("POST", f"{API}/watches", {}, True, 400, "bad_request"),
    ("DELETE", f"{API}/watches", {}, True, 400, "bad_request"),
    ("DELETE", f"{API}/watches", {"id": "w_x"}, True, 404, "not_found"),
    ("PUT", f"{API}/watches", {}, True, 405, "method_not_allowed"),
    ("PATCH", f"{API}/watches", {}, True, 405, "method_not_allowed"),
    ("GET", f"{API}/sample", {"name": "x"}, False, 400, "bad_request"),
    ("POST", f"{API}/sample", {}, False, 405, "method_not_allowed"),
    ("GET", f"{API}/momentum", {"limit": "500"}, False, 400, "bad_request"),
    ("PUT", f"{API}/momentum", {}, False, 405, "method_not_allowed"),
    ("DELETE", f"{API}/demand", {}, False, 405, "method_not_allowed"),
    ("POST", f"{API}/openapi.json", {}, False, 405, "method_not_allowed"),
    ("POST", "/healthz", {}, False, 405, "method_not_allowed"),
    ("GET", f"{API}/nope", {}, False, 404, "not_found"),
    ("GET", f"{API}/nope", {}, True, 404, "not_found"),
    ("GET", "/api/v2/sample", {}, False, 404, "not_found"),
    ("GET", f"{API}/codehost-ai-repos/acme/agent-kit", {}, True, 404, "not_found"),
    ("GET", f"{API}", {}, False, 404, "not_found"),
    ("GET", f"{API}/", {}, True, 404, "not_found"),
    ("GET", f"{API}/%2e%2e/healthz", {}, False, 404, "not_found"),
    *(("GET", f"{API}/{feed}/entity", {}, False, 401, "unauthorized") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}/entity", {}, True, 400, "bad_request") for feed in FEED_NAMES),
    *(("GET", f"{API}/{feed}/entity", {"entity": "no such thing"}, True, 404, "not_found") for feed in FEED_NAMES),
]


@pytest.mark.parametrize(("method", "path", "query", "keyed", "status", "code"), ERRORS)
def test_error_shape_everywhere(
    api: LiveServer,
    http: httpx.Client,
    method: str,
    path: str,
    query: dict[str, str],
    keyed: bool,
    status: int,
    code: str,
) -> None:
    headers = auth(api.key("pro")) if keyed else {}  # a fresh key: lookups count toward velocity
    response = http.request(method, path, params=query, headers=headers)
    problem(response, status, code)
    if status == 405:
        allowed = {m.strip() for m in response.headers["allow"].split(",")}
        assert method not in allowed and "GET" in allowed


def test_watches_allow_lists_every_method(api: LiveServer) -> None:
    with api.client() as http:
        response = http.put(f"{API}/watches")
    problem(response, 405, "method_not_allowed")
    assert {m.strip() for m in response.headers["allow"].split(",")} == {"GET", "HEAD", "POST", "DELETE"}


@pytest.mark.parametrize(
    ("path", "keyed"),
    [
        (f"{API}/codehost-ai-repos?limit=2", True),
        (f"{H}?entity=acme/agent-kit", True),
        (f"{API}/trends", True),
        (f"{API}/momentum", False),
        (f"{API}/sample", False),
        (f"{API}/openapi.json", False),
        ("/healthz", False),
        ("/", False),
        ("/repo/acme/agent-kit", False),
        ("/badge/repo/acme/agent-kit.svg", False),
    ],
)
def test_head_is_a_get_without_the_body(api: LiveServer, path: str, keyed: bool) -> None:
    with api.client(api.key("pro") if keyed else None) as http:
        got = http.get(path)
        head = http.head(path)
    assert got.status_code == head.status_code == 200, (got.text[:200], head.headers)
    assert head.content == b""
    for name in ("content-type", "etag", "cache-control"):
        assert head.headers.get(name) == got.headers.get(name), name
    if keyed:
        assert int(head.headers["x-ratelimit-remaining"]) < int(got.headers["x-ratelimit-remaining"])  # HEAD counts


def test_head_never_verifies_a_claim(api: LiveServer) -> None:
    with api.client() as http:
        response = http.head("/claim/verify", params={"token": "x" * 43})
    assert response.status_code == 405


# -- feeds -------------------------------------------------------------------------------------


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_feed_page_matches_the_tree(api: LiveServer, pro_key: str, feed: str) -> None:
    rows = tree_rows(api, feed)
    meta = tree_json(api, f"api/feeds/{feed}/meta.json")
    with api.client(pro_key) as http:
        body = http.get(f"{API}/{feed}").json()
        assert body["feed"] == feed and body["title"] and body["source"] and body["updatedAt"] == meta["updatedAt"]
        assert (body["total"], body["offset"], body["limit"], body["count"]) == (len(rows), 0, 100, len(rows))
        assert body["data"] == rows
        for limit in (1, 2):
            assert walk_offsets(http, f"{API}/{feed}", limit) == rows
        second = http.get(f"{API}/{feed}", params={"offset": 1, "limit": 1}).json()
        assert (second["total"], second["offset"], second["limit"]) == (len(rows), 1, 1)
        assert second["count"] == len(rows[1:2])
        assert second["data"] == rows[1:2]


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_since_filters_on_the_feeds_own_field(api: LiveServer, pro_key: str, feed: str) -> None:
    field = SINCE_FIELD[feed]
    assert FEEDS[feed].since_field == field
    rows = tree_rows(api, feed)
    values = sorted({moment(row[field]) for row in rows})
    assert values, feed
    probes = set()
    for value in values:
        probes |= {value, value + timedelta(seconds=1), value - timedelta(seconds=1)}
    with api.client(pro_key) as http:
        for probe in sorted(probes):
            expected = [row["entity"] for row in rows if moment(row[field]) >= probe]
            for text in (
                probe.strftime("%Y-%m-%dT%H:%M:%SZ"),
                probe.astimezone(UTC).isoformat(),
                probe.astimezone(timezone(timedelta(hours=5, minutes=30))).isoformat(),
                probe.astimezone(UTC).replace(tzinfo=None).isoformat(),
            ):
                body = http.get(f"{API}/{feed}", params={"since": text}).json()
                assert [r["entity"] for r in body["data"]] == expected, (text, body)
                assert body["total"] == len(expected)
        day = values[-1].date()
        body = http.get(f"{API}/{feed}", params={"since": str(day)}).json()
        assert [r["entity"] for r in body["data"]] == [r["entity"] for r in rows if moment(r[field]).date() >= day]


Q_NEEDLES = {
    "codehost-ai-repos": ["AI-AGENTS", "Shiny", "PYTHON", "<B>AGENT", "mcp-lite", "ACME/AGENT-KIT", "2026-10-18", "zz"],
    "forum-launch-ai": ["SHOW HN", "41000002", "JDOE", "show_hn", "nothing-like-it"],
    "mcp-servers": ["@EXAMPLE/WEATHER", "STREAMABLE-HTTP", "1.1.0", "com.acme", "npm"],
    "ai-pricing": ["PRO", "jsonld", "Enterprise", "USD", "example.com"],
    "llm-pricing": ["LAB/SMALL", "Big-Model", "TEXT", "128000"],
    "modelhub-trending": ["SPACE:", "apache-2.0", "ORG/LLM-8B", "Dataset", "text-generation"],
}


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_q_is_a_case_insensitive_substring_of_any_field(api: LiveServer, pro_key: str, feed: str) -> None:
    rows = tree_rows(api, feed)
    with api.client(pro_key) as http:
        for needle in Q_NEEDLES[feed]:
            expected = [r["entity"] for r in rows if any(needle.lower() in s.lower() for s in scalars(r))]
            for spelling in (needle, needle.lower(), needle.upper()):
                body = http.get(f"{API}/{feed}", params={"q": spelling}).json()
                assert [r["entity"] for r in body["data"]] == expected, (spelling, body)
                assert body["total"] == body["count"] == len(expected)
            if len(expected) > 1:
                assert [r["entity"] for r in walk_offsets(http, f"{API}/{feed}", 1, q=needle)] == expected


def test_q_matches_inside_nested_fields(api: LiveServer, pro_key: str) -> None:
    (row,) = tree_rows(api, "ai-pricing")
    top_level = [str(v).lower() for v in row.values() if not isinstance(v, dict | list)]
    assert not any("pro" in v for v in top_level)  # "Pro" is only a plan name (and a change's plan)
    with api.client(pro_key) as http:
        assert http.get(f"{API}/ai-pricing", params={"q": "pRo"}).json()["total"] == 1
        # a topic: a string inside a list
        body = http.get(f"{API}/codehost-ai-repos", params={"q": "AI-Agents", "limit": 1}).json()
        assert (body["total"], body["count"]) == (3, 1)
        # a package identifier: a field of an object inside a list
        body = http.get(f"{API}/mcp-servers", params={"q": "@Example/Weather"}).json()
        assert body["total"] == 2


def test_q_and_since_combined(api: LiveServer, pro_key: str) -> None:
    rows = tree_rows(api, "codehost-ai-repos")
    since = moment("2026-10-19T00:00:00Z")
    expected = [r["entity"] for r in rows if "mcp" in r["entity"] and moment(r["created_at"]) >= since]
    assert expected == ["new/shiny-mcp"]  # bob/mcp-lite matches q but is older
    with api.client(pro_key) as http:
        body = http.get(f"{API}/codehost-ai-repos", params={"q": "-MCP", "since": "2026-10-19"}).json()
        assert [r["entity"] for r in body["data"]] == expected and body["total"] == 1
        body = http.get(f"{API}/codehost-ai-repos", params={"q": "-mcp", "since": "2026-10-19", "offset": 1}).json()
        assert (body["total"], body["count"]) == (1, 0)


def test_repo_lookup_tracked_and_queued(api: LiveServer, pro_key: str) -> None:
    rows = {r["entity"]: r for r in tree_rows(api, "codehost-ai-repos")}
    with api.client(pro_key) as http:
        for spelling in ("bob/mcp-lite", "BOB/MCP-Lite"):
            body = http.get(f"{API}/codehost-ai-repos", params={"repo": spelling}).json()
            assert (body["total"], body["count"]) == (1, 1) and body["data"] == [rows["bob/mcp-lite"]]
            assert "queued" not in body
        body = http.get(f"{API}/codehost-ai-repos", params={"repo": "someone/untracked-agent"}).json()
    assert (body["total"], body["count"], body["data"]) == (0, 0, [])
    assert body["queued"]["entity"] == "someone/untracked-agent" and body["queued"]["status"] == "queued"
    state = StateStore(api.settings.state_path)
    try:
        assert state.status("codehost-ai-repos", "someone/untracked-agent") == "queued"
        assert state.status("codehost-ai-repos", "bob/mcp-lite") is None
    finally:
        state.close()


def test_url_lookup_tracked_and_queued(api: LiveServer, pro_key: str) -> None:
    (row,) = tree_rows(api, "ai-pricing")
    ip_url = "https://93.184.215.14/pricing"
    host_url = f"https://{PUBLIC_HOST}/plans"
    with api.client(pro_key) as http:
        # tracked: answered from the build, no DNS needed (example.com is in no name table here)
        body = http.get(f"{API}/ai-pricing", params={"url": row["url"]}).json()
        assert body["data"] == [row] and "queued" not in body
        for url in (ip_url, host_url):
            body = http.get(f"{API}/ai-pricing", params={"url": url}).json()
            assert body["total"] == 0 and body["queued"]["entity"] == url, body
            assert body["queued"]["status"] == "queued"
        # asking again keeps the queue row as it is
        assert http.get(f"{API}/ai-pricing", params={"url": ip_url}).json()["queued"]["status"] == "queued"
    state = StateStore(api.settings.state_path)
    try:
        assert state.status("ai-pricing", ip_url) == "queued"
        assert state.status("ai-pricing", host_url) == "queued"
        assert state.status("ai-pricing", f"https://{PRIVATE_HOST}/pricing") is None
    finally:
        state.close()


# -- history -----------------------------------------------------------------------------------


def test_history_default_window_per_plan(api: LiveServer) -> None:
    series = tree_history(api, "codehost-ai-repos", "acme/agent-kit")
    # The same query under each plan, repeated on fresh connections so both workers answer it again
    # from their per-build answer cache: the cache must keep the plans apart.
    for plan, days in [("pro", 90), ("starter", 30)] * 4:
        with api.client(api.key(plan)) as http:
            body = http.get(H, params={"entity": "acme/agent-kit"}).json()
        assert body["to"] == str(LATEST) and body["from"] == str(LATEST - timedelta(days=days - 1)), body
        assert (body["feed"], body["entity"], body["limit"], body["nextCursor"]) == (
            "codehost-ai-repos",
            "acme/agent-kit",
            31,
            None,
        )
        assert body["data"] == series and body["count"] == len(series) == 3  # day 3 failed: a gap
        assert [r["date"] for r in body["data"]] == ["2026-11-01", "2026-11-02", "2026-11-04"]
        assert all(r["rank"] >= 1 for r in body["data"])


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_history_cursor_paging_to_the_end(api: LiveServer, limit: int) -> None:
    series = tree_history(api, "forum-launch-ai", "41000001")
    assert len(series) == 4
    with api.client(api.key("pro")) as http:
        seen: list[dict[str, Any]] = []
        query: dict[str, Any] = {"entity": "41000001", "limit": limit, "from": "2026-10-01"}
        for _ in range(20):  # loop guard
            body = http.get(f"{API}/forum-launch-ai/history", params=query).json()
            assert body["count"] == len(body["data"]) <= limit and body["limit"] == limit
            seen += body["data"]
            if body["nextCursor"] is None:
                break
            assert body["nextCursor"] > body["data"][-1]["date"]
            query["cursor"] = body["nextCursor"]
        else:
            raise AssertionError("nextCursor never ran out")
    dates = [r["date"] for r in seen]
    assert len(dates) == len(set(dates))
    assert seen == series


def test_history_windows(api: LiveServer) -> None:
    series = tree_history(api, "mcp-servers", "io.github.example/weather")
    with api.client(api.key("pro")) as http:

        def dates(**query: str) -> list[str]:
            response = http.get(f"{API}/mcp-servers/history", params={"entity": "io.github.example/weather", **query})
            assert response.status_code == 200, response.text
            return [r["date"] for r in response.json()["data"]]

        assert dates(**{"from": "2026-11-02", "to": "2026-11-03"}) == ["2026-11-02", "2026-11-03"]
        assert dates(**{"from": "2026-11-03", "to": "2026-11-03"}) == ["2026-11-03"]
        assert dates(**{"from": "2026-11-03"}) == ["2026-11-03", "2026-11-04"]
        assert dates(to="2026-11-02") == ["2026-11-01", "2026-11-02"]
        assert dates(**{"from": "2026-08-07", "to": "2026-11-04"}) == [r["date"] for r in series]  # 90 days
        assert dates(**{"from": "2020-01-01"}) == []  # Pro: the whole archive may be asked for
        body = http.get(
            f"{API}/mcp-servers/history", params={"entity": "io.github.example/weather", "from": "2026-08-01"}
        ).json()
        assert (body["from"], body["to"]) == ("2026-08-01", "2026-10-29")  # a 90-day window by default
        problem(
            http.get(
                f"{API}/mcp-servers/history",
                params={"entity": "io.github.example/weather", "from": "2026-08-06", "to": "2026-11-04"},
            ),
            400,
            "bad_request",
            "to",
        )


def test_history_depth_starter_30_days_pro_everything(api: LiveServer) -> None:
    with api.client(api.key("starter")) as http:
        ok = http.get(H, params={"entity": "acme/agent-kit", "from": str(STARTER_DEPTH)})
        assert ok.status_code == 200 and ok.json()["count"] == 3
        ok = http.get(H, params={"entity": "acme/agent-kit", "to": str(STARTER_DEPTH)})
        assert ok.status_code == 200 and ok.json()["data"] == []
        for query in (
            {"from": str(STARTER_DEPTH - timedelta(days=1))},
            {"from": "2026-09-01", "to": "2026-11-04"},
            {"to": "2026-09-01"},
        ):
            body = problem(http.get(H, params={"entity": "acme/agent-kit", **query}), 400, "outside_plan_depth")
            assert str(STARTER_DEPTH) in body["detail"]
    with api.client(api.key("pro")) as http:
        for query in (
            {"from": str(STARTER_DEPTH - timedelta(days=1))},
            {"from": "2026-09-01", "to": "2026-11-04"},
            {"to": "2026-09-01"},
        ):
            assert http.get(H, params={"entity": "acme/agent-kit", **query}).status_code == 200


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_history_entity_formats(api: LiveServer, feed: str) -> None:
    entities = [r["entity"] for r in tree_rows(api, feed)]
    assert ENTITY_OF[feed] in entities
    with api.client(api.key("pro")) as http:
        for entity in entities:
            response = http.get(f"{API}/{feed}/history", params={"entity": entity})
            assert response.status_code == 200, (entity, response.text)
            body = response.json()
            assert body["entity"] == entity and body["data"] == tree_history(api, feed, entity)
            assert body["data"] and all(set(r) >= {"date", "rank"} for r in body["data"])
        problem(http.get(f"{API}/{feed}/history", params={"entity": "nobody/nothing-at-all"}), 404, "not_found")
        # another feed's entity is not this feed's
        other = ENTITY_OF["llm-pricing" if feed != "llm-pricing" else "forum-launch-ai"]
        problem(http.get(f"{API}/{feed}/history", params={"entity": other}), 404, "not_found")


def test_history_entity_spellings(api: LiveServer) -> None:
    with api.client(api.key("pro")) as http:
        for feed, entity in (("modelhub-trending", "space:org/demo"), ("modelhub-trending", "dataset:org/data")):
            assert http.get(f"{API}/{feed}/history", params={"entity": entity}).status_code == 200
        for feed, entity in (
            ("modelhub-trending", "org/llm-8b"),
            ("modelhub-trending", "dataset:org/llm-8b"),
            ("ai-pricing", "example.com/pricing"),
            ("mcp-servers", "weather"),
        ):
            problem(http.get(f"{API}/{feed}/history", params={"entity": entity}), 404, "not_found")


# -- trends ------------------------------------------------------------------------------------


def test_trends_latest_past_and_windows(api: LiveServer) -> None:
    with api.client(api.key("starter")) as http:
        for window in ("1d", "7d", "30d"):
            body = http.get(f"{API}/trends", params={"window": window}).json()
            assert body == tree_json(api, latest_trends_path(window))
            assert body["window"] == window and [f["feed"] for f in body["feeds"]] == list(FEED_NAMES)
            one = http.get(f"{API}/trends", params={"window": window, "feed": "codehost-ai-repos"}).json()
            assert one == tree_json(api, latest_trends_path(window, "codehost-ai-repos"))
            assert (one["feed"], one["window"], one["date"]) == ("codehost-ai-repos", window, str(LATEST))
        default = http.get(f"{API}/trends").json()
        assert default["window"] == "7d"
        past = http.get(f"{API}/trends", params={"feed": "mcp-servers", "date": "2026-11-03", "window": "1d"})
        assert past.status_code == 200
        head = tree_json(api, trends_path("mcp-servers", "1d", "2026-11-03"))  # stored without its events
        assert past.json() == {**head, "events": past.json()["events"]}
        one_day = tree_json(api, trends_events_path("mcp-servers", "2026-11-03"))
        assert past.json()["events"] == one_day and one_day  # (11-02, 11-03]: that day's events file
        week = http.get(f"{API}/trends", params={"feed": "mcp-servers", "date": str(LATEST), "window": "7d"})
        assert week.json() == tree_json(api, latest_trends_path("7d", "mcp-servers"))  # composed, as built
        assert [e["type"] for e in past.json()["events"]] == ["momentum_jump", "momentum_jump", "version_bump"]
        problem(http.get(f"{API}/trends", params={"feed": "mcp-servers", "date": "2026-10-20"}), 404, "not_found")
        problem(
            http.get(f"{API}/trends", params={"feed": "codehost-ai-repos", "date": "2026-11-03"}), 404, "not_found"
        )  # the day its collection failed
        problem(http.get(f"{API}/trends", params={"feed": "mcp-servers", "date": "2026-12-01"}), 404, "not_found")


def test_trends_depth_rule(api: LiveServer) -> None:
    before = str(STARTER_DEPTH - timedelta(days=1))
    with api.client(api.key("starter")) as http:
        body = problem(
            http.get(f"{API}/trends", params={"feed": "ai-pricing", "date": before}), 400, "outside_plan_depth", "date"
        )
        assert str(STARTER_DEPTH) in body["detail"]
        problem(http.get(f"{API}/trends", params={"feed": "ai-pricing", "date": str(STARTER_DEPTH)}), 404, "not_found")
    with api.client(api.key("pro")) as http:  # allowed; there is just nothing that early
        problem(http.get(f"{API}/trends", params={"feed": "ai-pricing", "date": before}), 404, "not_found")
        assert http.get(f"{API}/trends", params={"feed": "ai-pricing", "date": "2026-11-01"}).status_code == 200


# -- watches -----------------------------------------------------------------------------------


def test_watch_add_list_delete(api: LiveServer) -> None:
    with api.client(api.key("starter")) as http:
        empty = http.get(f"{API}/watches")
        assert empty.status_code == 200 and empty.json() == {"count": 0, "limit": 5, "data": []}
        assert empty.headers["cache-control"] == "no-store"
        added = http.post(f"{API}/watches", json={"entity": "/repo/acme/agent-kit"})
        assert added.status_code == 201, added.text
        watch = added.json()
        assert watch["id"] and (watch["entity"], watch["type"], watch["threshold"]) == (
            "/repo/acme/agent-kit",
            "any",
            None,
        )
        assert (watch["feed"], watch["key"]) == ("codehost-ai-repos", "acme/agent-kit")
        assert added.headers["location"] == f"{API}/watches?id={watch['id']}"
        listed = http.get(f"{API}/watches").json()
        assert listed["count"] == 1 and listed["data"] == [watch]
        deleted = http.delete(f"{API}/watches", params={"id": watch["id"]})
        assert deleted.status_code == 200 and deleted.json() == {"deleted": watch["id"]}
        assert http.get(f"{API}/watches").json()["count"] == 0
        problem(http.delete(f"{API}/watches", params={"id": watch["id"]}), 404, "not_found")


def test_watch_types_and_thresholds(api: LiveServer) -> None:
    cases = [
        ({"entity": "/llm/lab/big-model", "type": "price_change"}, "price_change", None),
        ({"entity": "/mcp/io.github.example/weather", "type": "version_bump"}, "version_bump", None),
        ({"entity": "/repo/new/shiny-mcp", "type": "momentum_jump"}, "momentum_jump", 10.0),
        ({"entity": "/repo/new/shiny-mcp", "type": "momentum_above", "threshold": 55}, "momentum_above", 55.0),
        ({"entity": "/hub/model/org/llm-8b/", "threshold": 2.5}, "any", 2.5),
    ]
    with api.client(api.key("pro")) as http:
        for body, type_, threshold in cases:
            response = http.post(f"{API}/watches", json=body)
            assert response.status_code == 201, response.text
            watch = response.json()
            assert (watch["entity"], watch["type"], watch["threshold"]) == (
                body["entity"].rstrip("/"),
                type_,
                threshold,
            )
        listed = http.get(f"{API}/watches").json()
        assert listed["limit"] == 50 and listed["count"] == len(cases)


def test_watch_limit_and_duplicates(api: LiveServer) -> None:
    with api.client(api.key("starter")) as http:
        for type_ in ("any", "price_change", "version_bump", "momentum_jump"):
            assert http.post(f"{API}/watches", json={"entity": "/repo/bob/mcp-lite", "type": type_}).status_code == 201
        body = problem(
            http.post(f"{API}/watches", json={"entity": "/repo/bob/mcp-lite", "type": "any"}), 409, "watch_exists"
        )
        assert "/repo/bob/mcp-lite" in body["detail"]
        # the same entity and type, spelled with a trailing slash, is the same watch
        problem(http.post(f"{API}/watches", json={"entity": "/repo/bob/mcp-lite/", "type": "any"}), 409, "watch_exists")
        assert http.post(f"{API}/watches", json={"entity": "/forum/41000001"}).status_code == 201
        problem(http.post(f"{API}/watches", json={"entity": "/forum/41000002"}), 403, "watch_limit")
        listed = http.get(f"{API}/watches").json()
        assert listed["count"] == 5
        http.delete(f"{API}/watches", params={"id": listed["data"][0]["id"]})
        assert http.post(f"{API}/watches", json={"entity": "/forum/41000002"}).status_code == 201


def test_watches_belong_to_their_account_and_survive_rotation(api: LiveServer) -> None:
    store = KeyStore(api.settings.state_path)
    try:
        _, first = store.create("starter")
        stranger = api.key("starter")
        with api.client(first) as http:
            watch = http.post(f"{API}/watches", json={"entity": "/pricing/example.com/pricing"}).json()
            before = int(http.get(f"{API}/watches").headers["x-ratelimit-remaining"])
        with api.client(stranger) as http:
            assert http.get(f"{API}/watches").json()["count"] == 0
            problem(http.delete(f"{API}/watches", params={"id": watch["id"]}), 404, "not_found")
        _, second = store.rotate(first)
    finally:
        store.close()
    with api.client(second) as http:
        listed = http.get(f"{API}/watches")
        assert listed.json()["data"] == [watch]
        assert int(listed.headers["x-ratelimit-remaining"]) < before  # the same account's quota, not a new one
        problem(http.post(f"{API}/watches", json={"entity": "/pricing/example.com/pricing"}), 409, "watch_exists")
        assert http.delete(f"{API}/watches", params={"id": watch["id"]}).status_code == 200


# -- headers -----------------------------------------------------------------------------------


def test_rate_limit_headers(api: LiveServer) -> None:
    reset = int(next_month().timestamp())
    for plan, limit in (("starter", LIMITS["FEEDS_STARTER_MONTHLY"]), ("pro", LIMITS["FEEDS_PRO_MONTHLY"])):
        with api.client(api.key(plan)) as http:  # one connection: one worker's view, which never rises
            remaining: list[int] = []
            for path in (
                f"{API}/mcp-servers",
                f"{API}/watches",
                H + "?entity=bob/mcp-lite",
                f"{API}/trends",
                f"{API}/llm-pricing?q=lab",
            ):
                response = http.get(path)
                assert response.status_code == 200, response.text
                assert response.headers["x-ratelimit-limit"] == limit
                assert int(response.headers["x-ratelimit-reset"]) == reset
                remaining.append(int(response.headers["x-ratelimit-remaining"]))
            assert remaining == sorted(remaining, reverse=True) and len(set(remaining)) == len(remaining)
            assert remaining[0] == int(limit) - 1
            error = http.get(f"{API}/mcp-servers", params={"limit": "x"})
            assert "x-ratelimit-limit" not in error.headers  # refused before counting
        with api.client() as http:
            assert "x-ratelimit-limit" not in http.get(f"{API}/sample").headers


@pytest.mark.parametrize(
    ("path", "keyed"),
    [
        (f"{API}/codehost-ai-repos?limit=2", True),
        (f"{H}?entity=acme/agent-kit", True),
        (f"{API}/trends?window=1d", True),
        (f"{API}/sample", False),
        (f"{API}/sample?name=ai-pricing", False),
        (f"{API}/momentum?limit=3", False),
        (f"{API}/demand", False),
    ],
)
def test_etag_and_304(api: LiveServer, pro_key: str, path: str, keyed: bool) -> None:
    with api.client(pro_key if keyed else None) as http:
        first = http.get(path)
        assert first.status_code == 200
        etag = first.headers["etag"]
        assert etag.startswith('"') and etag.endswith('"')
        for header in (etag, f'"other", {etag}'):
            again = http.get(path, headers={"If-None-Match": header})
            assert again.status_code == 304 and again.content == b""
            assert again.headers["etag"] == etag and again.headers["cache-control"] == first.headers["cache-control"]
            assert again.headers["vary"] == first.headers["vary"]
            assert ("x-ratelimit-remaining" in again.headers) is keyed  # a 304 is a counted request
        assert http.get(path, headers={"If-None-Match": '"stale"'}).status_code == 200
    if keyed:
        with api.client(api.key("pro")) as other:  # the same bytes for another key: the same tag
            assert other.get(path).headers["etag"] == etag
        with api.client(api.key("starter")) as other:  # another plan may see other bytes: another tag
            assert other.get(path).headers["etag"] != etag


def test_cache_control_and_cors(api: LiveServer, pro_key: str) -> None:
    with api.client(pro_key) as http:
        for path in (f"{API}/ai-pricing", f"{H}?entity=acme/agent-kit", f"{API}/trends"):
            response = http.get(path, headers={"Origin": "https://example.org"})
            assert response.headers["cache-control"].startswith("private")
            assert "authorization" in response.headers["vary"].lower()
            assert "access-control-allow-origin" not in response.headers
        watches = http.get(f"{API}/watches")
        assert watches.headers["cache-control"] == "no-store" and "etag" not in watches.headers
        assert "access-control-allow-origin" not in http.get(f"{API}/trends?window=9d").headers
    with api.client() as http:
        for path in (f"{API}/sample", f"{API}/momentum", f"{API}/demand"):
            response = http.get(path, headers={"Origin": "https://example.org"})
            assert response.headers["access-control-allow-origin"] == "*"
            assert response.headers["cache-control"].startswith("public")
            assert "authorization" not in response.headers["vary"].lower()
        # a browser may read a public endpoint's error, too
        assert http.get(f"{API}/momentum?limit=0").headers["access-control-allow-origin"] == "*"
        assert "access-control-allow-origin" not in http.get(f"{API}/mcp-servers").headers  # 401


def test_gzip_when_asked(api: LiveServer, pro_key: str) -> None:
    cases = [
        (f"{API}/codehost-ai-repos", pro_key),
        (f"{API}/sample", None),
        (f"{H}?entity=acme/agent-kit&limit=1", pro_key),
    ]
    for path, key in cases:
        with api.client(key) as http:
            plain = http.get(path, headers={"Accept-Encoding": "identity"})
            zipped = http.get(path, headers={"Accept-Encoding": "gzip, deflate"})
        assert "content-encoding" not in plain.headers
        assert zipped.json() == plain.json()
        if len(plain.content) >= 1024:
            assert zipped.headers["content-encoding"] == "gzip"
            assert int(zipped.headers["content-length"]) < len(plain.content)
        else:  # a small body is not worth compressing
            assert "content-encoding" not in zipped.headers


# -- 429 ---------------------------------------------------------------------------------------


def test_daily_history_limit_counts_history_and_trends(api: LiveServer) -> None:
    cap = int(LIMITS["FEEDS_STARTER_DAILY_HISTORY"])
    with api.client(api.key("starter")) as http:
        for i in range(cap):
            response = (
                http.get(H, params={"entity": "acme/agent-kit"})
                if i % 2
                else http.get(f"{API}/trends", params={"window": "1d"})
            )
            assert response.status_code == 200, (i, response.text)
        for refused in (
            http.get(f"{API}/trends"),
            http.get(H, params={"entity": "acme/agent-kit"}),
            http.get(f"{API}/trends", params={"feed": "mcp-servers", "date": "2026-11-02"}),
        ):
            problem(refused, 429, "daily_history_limit")
            assert math.isclose(int(refused.headers["retry-after"]), seconds_to_midnight(), abs_tol=5)
            assert refused.headers["x-ratelimit-limit"] == LIMITS["FEEDS_STARTER_MONTHLY"]
        # the feeds themselves are not capped by it
        assert http.get(f"{API}/codehost-ai-repos").status_code == 200


def test_velocity_throttle(api: LiveServer) -> None:
    limit = int(LIMITS["FEEDS_VELOCITY_LIMIT"])
    throttle = int(LIMITS["FEEDS_THROTTLE_SECONDS"])
    with api.client(api.key("pro")) as http:
        for i in range(limit):  # distinct entities; unknown ones count too (they are probes)
            assert http.get(H, params={"entity": f"probe/n{i}"}).status_code == 404
        assert http.get(H, params={"entity": "probe/n0"}).status_code == 404  # seen again: not a new item
        refused = http.get(H, params={"entity": "acme/agent-kit"})
        problem(refused, 429, "velocity_throttled")
        assert throttle - 5 <= int(refused.headers["retry-after"]) <= throttle
        # once throttled, every keyed request is refused, on any worker
        deadline = time.monotonic() + 3
        while True:
            responses = [http.get(f"{API}/trends", params={"window": "1d"})]
            with api.client(http.headers["authorization"].split()[1]) as fresh:
                responses.append(fresh.get(f"{API}/mcp-servers"))
            if all(r.status_code == 429 for r in responses) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        for response in responses:
            problem(response, 429, "velocity_throttled")
            assert throttle - 10 <= int(response.headers["retry-after"]) <= throttle


def test_velocity_counts_trends_dates(api: LiveServer) -> None:
    limit = int(LIMITS["FEEDS_VELOCITY_LIMIT"])
    days = [str(LATEST - timedelta(days=i)) for i in range(limit + 1)]
    with api.client(api.key("pro")) as http:
        statuses = [
            http.get(f"{API}/trends", params={"feed": "modelhub-trending", "date": d}).status_code for d in days
        ]
    assert statuses[:4] == [200] * 4 and set(statuses[4:limit]) == {404}
    assert statuses[limit] == 429


def test_errors_are_stored_by_no_shared_cache(api: LiveServer, http: httpx.Client) -> None:
    """A CDN may keep an uncached 404 for a default lifetime: every error says `no-store`, and varies on
    the key, so one key's error (and its rate-limit headers) never reaches another client."""
    keyed = http.get(f"{API}/codehost-ai-repos/entity", params={"entity": "no/such"}, headers=auth(api.key()))
    public = http.get(f"{API}/momentum", params={"category": "nope"})
    unknown = http.get(f"{API}/no-such-endpoint")
    for response, status in ((keyed, 404), (public, 400), (unknown, 404)):
        assert response.status_code == status, response.text
        assert response.headers["cache-control"] == "no-store"
        assert "Authorization" in response.headers["vary"]
    assert http.get(f"{API}/momentum").headers["cache-control"].endswith("stale-if-error=86400")


def test_an_oversized_body_is_a_problem_too(api: LiveServer, http: httpx.Client) -> None:
    body = b'{"entity": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    response = http.post(f"{API}/watches", content=body, headers=auth(api.key("starter")))
    problem(response, 413, "request_too_large")
