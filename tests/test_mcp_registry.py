"""mcp-servers against recorded-shape pages of the official registry's `GET /v0.1/servers`."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import orjson
import pytest

from collectors.mcp_registry import McpRegistryCollector
from tests.conftest import DAY, Env, fixture_bytes

FEED = "mcp-servers"
OFFICIAL = "io.modelcontextprotocol.registry/official"
CURSOR_1 = "com.example/docs-search:2.0.0"
EXPECTED = [
    "ai.smithery/calc",
    "com.example/docs-search",
    "io.github.example-org/weather-mcp",
    "io.github.old-timer/legacy-tool",
]
_ABSENT = object()


def page(name: str) -> dict[str, Any]:
    return orjson.loads(fixture_bytes("mcp_registry", name))


def entry(name: str, version: str = "1.0.0", published: str = "2025-11-01T00:00:00Z", **official: Any) -> dict:
    return {
        "server": {"name": name, "description": f"{name} server", "version": version},
        "_meta": {
            OFFICIAL: {
                "status": "active",
                "publishedAt": published,
                "updatedAt": published,
                "isLatest": True,
                **official,
            }
        },
    }


def body(servers: list[dict[str, Any]], next_cursor: object = _ABSENT) -> dict[str, Any]:
    metadata: dict[str, Any] = {"count": len(servers)}
    if next_cursor is not _ABSENT:
        metadata["nextCursor"] = next_cursor
    return {"servers": servers, "metadata": metadata}


class Registry:
    """Serves pages by cursor (None = first page) and records every request."""

    def __init__(self, pages: dict[str | None, dict[str, Any]]) -> None:
        self.pages = pages
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        assert request.url.host == "registry.modelcontextprotocol.io" and request.url.path == "/v0.1/servers"
        cursor = request.url.params.get("cursor")
        if cursor not in self.pages:
            return httpx.Response(400, json={"title": "Bad Request", "status": 400, "detail": "invalid cursor"})
        return httpx.Response(200, json=self.pages[cursor])


def fixture_registry() -> Registry:
    return Registry({None: page("servers_page1.json"), CURSOR_1: page("servers_page2.json")})


def failing_first(fail: httpx.Response, then: Callable[[httpx.Request], httpx.Response]) -> Callable:
    calls = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal calls
        calls += 1
        return fail if calls == 1 else then(request)

    return handler


async def test_typical_rows_and_requests(env: Env) -> None:
    registry = fixture_registry()
    record = await env.collect(FEED, registry)

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert sorted(rows) == EXPECTED
    assert rows["io.github.example-org/weather-mcp"] == {
        "entity": "io.github.example-org/weather-mcp",
        "name": "io.github.example-org/weather-mcp",
        "title": "Weather",
        "description": "Weather forecasts and severe-weather alerts over MCP",
        "version": "1.2.0",
        "url": "https://github.com/example-org/weather-mcp",
        "websiteUrl": None,
        "repository": "https://github.com/example-org/weather-mcp",
        "remotes": [{"type": "streamable-http", "url": "https://mcp.example.org/weather"}],
        "packages": [
            {"registryType": "npm", "identifier": "@example-org/weather-mcp", "version": "1.2.0", "transport": "stdio"}
        ],
        "status": "active",
        "publishedAt": "2025-10-20T14:03:11Z",
        "updatedAt": "2025-10-21T09:30:00Z",
    }
    docs = rows["com.example/docs-search"]
    assert docs["url"] == "https://docs.example.com/mcp"  # the website wins over the repository
    assert docs["packages"] == [
        {
            "registryType": "oci",
            "identifier": "docker.io/example/docs-search:2.0.0",
            "version": None,
            "transport": "stdio",
        }
    ]
    assert rows["ai.smithery/calc"]["packages"][0]["transport"] == "streamable-http"
    assert record.rows == 4 and record.new == 4 and record.warnings == 0

    assert [dict(r.url.params) for r in registry.requests] == [
        {"limit": "100", "version": "latest"},
        {"limit": "100", "version": "latest", "cursor": CURSOR_1},
    ]


async def test_older_snake_case_meta_and_registry_url_fallback(env: Env) -> None:
    await env.collect(FEED, fixture_registry())
    legacy = env.archive.rows_on(FEED, DAY)["io.github.old-timer/legacy-tool"]
    assert legacy["status"] == "active"  # no status field: active
    assert (legacy["publishedAt"], legacy["updatedAt"]) == ("2025-08-01T10:00:00Z", "2025-08-02T11:22:33Z")
    assert legacy["repository"] is None and legacy["websiteUrl"] is None
    assert legacy["url"] == (
        "https://registry.modelcontextprotocol.io/v0.1/servers/io.github.old-timer%2Flegacy-tool/versions/latest"
    )
    assert (legacy["remotes"], legacy["packages"]) == ([], [])


@pytest.mark.parametrize(
    ("published", "expected"),
    [
        ("2025-11-02T08:15:30.482915Z", "2025-11-02T08:15:30Z"),
        ("2025-11-02T08:15:30.123Z", "2025-11-02T08:15:30Z"),
        ("2025-11-02T08:15:30Z", "2025-11-02T08:15:30Z"),
        ("2025-11-02T10:15:30.5+02:00", "2025-11-02T08:15:30Z"),
    ],
    ids=["micro", "milli", "none", "offset"],
)
async def test_timestamp_precisions(env: Env, published: str, expected: str) -> None:
    record = await env.collect(FEED, Registry({None: body([entry("io.github.a/t", published=published)])}))
    assert record.status == "ok", record.error
    assert env.archive.rows_on(FEED, DAY)["io.github.a/t"]["publishedAt"] == expected


@pytest.mark.parametrize("last", [_ABSENT, None, ""], ids=["absent", "null", "empty-string"])
async def test_cursor_followed_to_the_end(env: Env, last: object) -> None:
    cursors = ["io.github.a/s1:1.0.0", "com.example/my-server:1.0.0+build.7"]
    registry = Registry(
        {
            None: body([entry("io.github.a/s0"), entry("io.github.a/s1")], cursors[0]),
            cursors[0]: body([entry("io.github.a/s2"), entry("io.github.a/s3")], cursors[1]),
            cursors[1]: body([entry("io.github.a/s4")], last),
        }
    )
    record = await env.collect(FEED, registry)

    assert record.status == "ok", record.error
    assert sorted(env.archive.rows_on(FEED, DAY)) == [f"io.github.a/s{n}" for n in range(5)]
    assert record.rows == 5
    # The opaque cursor is passed back exactly, `+` and all.
    assert [r.url.params.get("cursor") for r in registry.requests] == [None, *cursors]


async def test_deleted_deprecated_and_not_latest_are_skipped(env: Env) -> None:
    await env.collect(FEED, fixture_registry())
    rows = env.archive.rows_on(FEED, DAY)
    for name in ("io.github.acme/deprecated-thing", "io.github.acme/removed", "io.github.acme/thing"):
        assert name not in rows


async def test_duplicate_name_keeps_the_newest_published(env: Env) -> None:
    registry = Registry(
        {
            None: body([entry("io.github.a/dup", "1.0.0", "2025-10-01T00:00:00.1Z")], "c1"),
            "c1": body(
                [
                    entry("io.github.a/dup", "1.1.0", "2025-11-01T00:00:00Z"),
                    entry("io.github.a/dup", "0.9.0", "2025-09-01T00:00:00Z"),
                ]
            ),
        }
    )
    record = await env.collect(FEED, registry)
    assert record.status == "ok", record.error
    assert env.archive.rows_on(FEED, DAY)["io.github.a/dup"]["version"] == "1.1.0"
    assert record.rows == 1


async def test_repeated_cursor_is_an_invalid_response(env: Env) -> None:
    registry = Registry(
        {
            None: body([entry("io.github.a/s0")], "loop"),
            "loop": body([entry("io.github.a/s1")], "loop"),
        }
    )
    record = await env.collect(FEED, registry)
    assert record.status == "failed"
    assert "invalid response" in (record.error or "") and "repeats" in (record.error or "")
    assert len(registry.requests) == 2
    assert env.archive.rows_on(FEED, DAY) == {}


async def test_rate_limited_then_ok_waits_as_asked(env: Env) -> None:
    limited = httpx.Response(429, headers={"retry-after": "3"}, json={"title": "Too Many Requests", "status": 429})
    record = await env.collect(FEED, failing_first(limited, fixture_registry()))
    assert record.status == "ok", record.error
    assert env.sleeps == [3.0]
    assert record.rows == 4


async def test_server_error_then_ok_backs_off(env: Env) -> None:
    error = httpx.Response(503, json={"title": "Service Unavailable", "status": 503})
    record = await env.collect(FEED, failing_first(error, fixture_registry()))
    assert record.status == "ok", record.error
    assert env.sleeps == [0.5]
    assert record.rows == 4


@pytest.mark.parametrize(
    "content",
    [
        b"<!doctype html><html><body>Registry is down for maintenance</body></html>",
        b'{"servers": [',
        b'{"servers": {"not": "a list"}, "metadata": {}}',
    ],
    ids=["html", "truncated", "servers-not-a-list"],
)
async def test_malformed_fails_and_keeps_earlier_days(env: Env, content: bytes) -> None:
    earlier = DAY - timedelta(days=1)
    assert (await env.collect(FEED, fixture_registry(), day=earlier)).status == "ok"
    before = env.archive.rows_on(FEED, earlier)

    record = await env.collect(FEED, lambda request: httpx.Response(200, content=content))
    assert record.status == "failed"
    assert "invalid response" in (record.error or "")
    assert env.archive.rows_on(FEED, earlier) == before and len(before) == 4


async def test_item_missing_required_fields_is_skipped_with_a_warning(lenient_env: Env) -> None:
    first = page("servers_page1.json")
    del first["servers"][0]["server"]["description"]  # weather-mcp
    first["servers"].append(entry("not a reverse-dns name"))
    first["servers"].append({"server": entry("io.github.a/no-meta")["server"]})
    registry = Registry({None: first, CURSOR_1: page("servers_page2.json")})
    record = await lenient_env.collect(FEED, registry)

    assert record.status == "ok", record.error
    assert record.warnings == 3
    rows = lenient_env.archive.rows_on(FEED, DAY)
    assert sorted(rows) == [n for n in EXPECTED if n != "io.github.example-org/weather-mcp"]


async def test_network_off_fails_and_keeps_earlier_days(env: Env) -> None:
    await env.check_network_off(FEED, fixture_registry())


async def test_recollect_is_idempotent_and_counts_new_and_changed(env: Env) -> None:
    first = await env.collect(FEED, fixture_registry())
    stored = env.archive.rows_on(FEED, DAY)
    again = await env.collect(FEED, fixture_registry())
    assert env.archive.rows_on(FEED, DAY) == stored
    assert (first.rows, again.rows) == (4, 4)

    bumped = page("servers_page1.json")
    weather = bumped["servers"][0]
    weather["server"]["version"] = "1.3.0"
    weather["_meta"][OFFICIAL].update(publishedAt="2026-11-20T18:00:00.000001Z", updatedAt="2026-11-20T18:00:00Z")
    last = page("servers_page2.json")
    last["servers"].append(entry("io.github.newcomer/tool", "0.1.0"))
    next_day = DAY + timedelta(days=1)
    record = await env.collect(FEED, Registry({None: bumped, CURSOR_1: last}), day=next_day)

    assert record.status == "ok", record.error
    assert (record.rows, record.new, record.changed) == (5, 1, 1)
    assert env.archive.rows_on(FEED, next_day)["io.github.example-org/weather-mcp"]["version"] == "1.3.0"


def test_collector_is_registered_under_its_feed() -> None:
    from collectors.registry import get_collector

    assert isinstance(get_collector(FEED), McpRegistryCollector)
