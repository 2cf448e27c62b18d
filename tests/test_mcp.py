"""The remote MCP server, end to end: the SDK's own client over real HTTP, `feeds serve` with its MCP child.

Every tool result is compared with the API's JSON for the same query, because the MCP server is
meant to be the API seen through tools, not a second implementation: keys, quotas, errors and the
demand log are the API's.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import httpx2
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from collectors.models import FEED_NAMES
from collectors.state import StateStore
from server import schemas
from server.notifications import notify_build
from tests.live import LIMITS, LiveServer, start_live_server, stop

TOOLS = {
    "list_feeds",
    "query_feed",
    "entity_history",
    "entity_asof",
    "trends",
    "momentum_leaderboard",
    "demand_index",
    "get_entity",
    "sample",
    "list_watches",
    "list_watch_events",
    "add_watch",
    "delete_watch",
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_live_server(tmp_path_factory.mktemp("mcp"), mcp=True)
    try:
        yield live
    finally:
        stop(live.process)
        live.log.close()


@asynccontextmanager
async def connect(url: str, key: str | None = None, authorization: str | None = None) -> AsyncIterator[ClientSession]:
    """An initialised SDK client session; the key travels as the bearer header of every HTTP request."""
    headers = {"Authorization": authorization or f"Bearer {key}"} if (key or authorization) else {}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        yield session


async def call(session: ClientSession, tool: str, **arguments: Any) -> CallToolResult:
    result = await session.call_tool(tool, arguments)
    assert isinstance(result, CallToolResult)
    return result


def api_json(live: LiveServer, path: str, key: str | None = None, **params: Any) -> Any:
    with live.client(key) as http:
        response = http.get(path, params=params)
    assert response.status_code == 200, response.text
    return response.json()


def error_of(result: CallToolResult) -> tuple[int, str, str]:
    """(status, code, text) of a tool error."""
    assert result.is_error, result
    assert result.structured_content is not None
    return result.structured_content["status"], result.structured_content["code"], result.content[0].text


async def test_initialise_and_every_tool_is_described(server: LiveServer) -> None:
    assert server.mcp_url is not None
    async with connect(server.mcp_url) as session:
        assert session.initialize_result is not None
        assert session.initialize_result.server_info.name == "ai-feeds"
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == TOOLS
    for tool in tools.values():
        assert tool.description and len(tool.description) > 80, tool.name
        assert "\n" not in tool.description
        assert tool.input_schema["type"] == "object"
        assert tool.output_schema is not None and tool.output_schema["type"] == "object"
        for name, prop in tool.input_schema.get("properties", {}).items():
            assert prop.get("description"), f"{tool.name}.{name} has no description"
    assert tools["query_feed"].input_schema["properties"]["limit"]["maximum"] == 1000
    # one definition per body: the output schemas are the API document's own models
    assert {f"{''.join(p.title() for p in feed.split('-'))}Response" for feed in FEED_NAMES} <= set(
        tools["query_feed"].output_schema["$defs"]
    )
    assert tools["list_watches"].output_schema == schemas.WatchList.model_json_schema(by_alias=True)
    assert tools["list_watch_events"].output_schema == schemas.WatchEventList.model_json_schema(by_alias=True)
    assert tools["demand_index"].output_schema == schemas.DemandResponse.model_json_schema(by_alias=True)
    assert "codehost-ai-repos" in tools["entity_history"].input_schema["properties"]["feed"]["enum"]
    assert "daily history+trends cap" in tools["entity_history"].description
    assert "daily history+trends cap" in tools["trends"].description
    assert "daily history+trends cap" in tools["entity_asof"].description
    assert {"CodehostAiReposAsOf", "LlmPricingAsOf"} <= set(tools["entity_asof"].output_schema["$defs"])
    assert tools["entity_asof"].input_schema["required"] == ["feed", "entity", "date"]
    assert "no key" in tools["sample"].description.lower()
    assert tools["delete_watch"].annotations is not None and tools["delete_watch"].annotations.destructive_hint


async def test_public_tools_need_no_key_and_equal_the_api(server: LiveServer) -> None:
    assert server.mcp_url is not None
    async with connect(server.mcp_url) as session:
        feeds = await call(session, "list_feeds")
        sample_all = await call(session, "sample")
        sample_one = await call(session, "sample", name="mcp-servers")
        board = await call(session, "momentum_leaderboard", category="codehost-ai-repos", limit=2)
        boards = await call(session, "momentum_leaderboard")
        demand = await call(session, "demand_index")
    for result in (feeds, sample_all, sample_one, board, boards, demand):
        assert not result.is_error, result.content
    assert feeds.structured_content is not None
    listed = {f["name"]: f for f in feeds.structured_content["feeds"]}
    assert len(listed) == 6 and listed["codehost-ai-repos"]["total"] == 3
    assert listed["modelhub-trending"]["entity"] == "model:<id>, space:<id> or dataset:<id>"
    assert sample_all.structured_content == api_json(server, "/api/v1/sample")
    assert sample_one.structured_content == api_json(server, "/api/v1/sample", name="mcp-servers")
    assert board.structured_content == api_json(server, "/api/v1/momentum", category="codehost-ai-repos", limit=2)
    assert boards.structured_content == api_json(server, "/api/v1/momentum")
    assert demand.structured_content == api_json(server, "/api/v1/demand")
    assert board.content[0].text.startswith("momentum codehost-ai-repos: 2 ranked")


async def test_keyed_tools_equal_the_api(server: LiveServer) -> None:
    assert server.mcp_url is not None
    key = server.key("pro")
    async with connect(server.mcp_url, key) as session:
        page = await call(session, "query_feed", feed="codehost-ai-repos", limit=2, offset=0)
        searched = await call(session, "query_feed", feed="codehost-ai-repos", q="SHINY", since="2026-10-01")
        history = await call(session, "entity_history", feed="codehost-ai-repos", entity="new/shiny-mcp", limit=1)
        follow = await call(
            session,
            "entity_history",
            feed="codehost-ai-repos",
            entity="new/shiny-mcp",
            limit=1,
            cursor=history.structured_content["nextCursor"] if history.structured_content else None,
        )
        trends = await call(session, "trends", window="7d", feed="codehost-ai-repos")
        card = await call(session, "get_entity", feed="mcp-servers", entity="com.acme/files")
        added = await call(session, "add_watch", entity="/repo/new/shiny-mcp", type="momentum_above", threshold=70)
        watches = await call(session, "list_watches")
        assert added.structured_content is not None
        deleted = await call(session, "delete_watch", id=added.structured_content["id"])
        after = await call(session, "list_watches")
    for result in (page, searched, history, follow, trends, card, added, watches, deleted, after):
        assert not result.is_error, result.content
    assert page.structured_content == api_json(server, "/api/v1/codehost-ai-repos", key, limit=2, offset=0)
    assert page.content[0].text == "codehost-ai-repos: 2 of 3 rows; first: acme/agent-kit"
    assert searched.structured_content == api_json(
        server, "/api/v1/codehost-ai-repos", key, q="SHINY", since="2026-10-01"
    )
    assert [row["entity"] for row in searched.structured_content["data"]] == ["new/shiny-mcp"]
    assert history.structured_content == api_json(
        server, "/api/v1/codehost-ai-repos/history", key, entity="new/shiny-mcp", limit=1
    )
    assert history.structured_content["nextCursor"] == "2026-11-04"
    assert [d["date"] for d in follow.structured_content["data"]] == ["2026-11-04"]
    assert trends.structured_content == api_json(server, "/api/v1/trends", key, window="7d", feed="codehost-ai-repos")
    assert card.structured_content == api_json(server, "/api/v1/mcp-servers/entity", key, entity="com.acme/files")
    assert added.structured_content["type"] == "momentum_above" and added.structured_content["threshold"] == 70
    assert watches.structured_content["count"] == 1 and watches.structured_content["limit"] == 50
    assert deleted.structured_content == {"deleted": added.structured_content["id"]}
    assert after.structured_content["count"] == 0
    # The JSON also travels as text, for clients that show a model only text content.
    assert len(page.content) == 2 and '"total":3' in page.content[1].text


async def test_entity_asof_is_the_api_answer_and_counts_as_a_history_call(server: LiveServer) -> None:
    assert server.mcp_url is not None
    pro = server.key("pro")
    async with connect(server.mcp_url, pro) as session:
        exact = await call(session, "entity_asof", feed="llm-pricing", entity="lab/big-model", date="2026-11-01")
        fallback = await call(
            session, "entity_asof", feed="codehost-ai-repos", entity="acme/agent-kit", date="2026-11-03"
        )
        future = await call(
            session, "entity_asof", feed="codehost-ai-repos", entity="acme/agent-kit", date="9999-01-01"
        )
        unknown = await call(
            session, "entity_asof", feed="codehost-ai-repos", entity="nobody/nothing", date="2026-11-02"
        )
    assert exact.structured_content == api_json(
        server, "/api/v1/llm-pricing/asof", pro, entity="lab/big-model", date="2026-11-01"
    )
    assert exact.structured_content["row"]["price_input_per_1m"] == 3.0
    assert exact.content[0].text.startswith("llm-pricing lab/big-model as of 2026-11-01: row of 2026-11-01;")
    assert fallback.structured_content is not None and fallback.structured_content["observedOn"] == "2026-11-02"
    assert "last archived day before it" in fallback.content[0].text
    assert error_of(future)[:2] == (400, "bad_request")
    assert error_of(unknown)[:2] == (404, "not_found")
    # The daily history + trends cap: as-of calls over MCP use it up for the API's history, and the other way.
    starter = server.key("starter")
    cap = int(LIMITS["FEEDS_STARTER_DAILY_HISTORY"])
    async with connect(server.mcp_url, starter) as session:
        for _ in range(cap):
            result = await call(session, "entity_asof", feed="forum-launch-ai", entity="41000001", date="2026-11-02")
            assert not result.is_error, result.content
        refused = await call(session, "entity_asof", feed="forum-launch-ai", entity="41000001", date="2026-11-02")
    assert error_of(refused)[:2] == (429, "daily_history_limit")
    with server.client(starter) as http:
        history = http.get("/api/v1/forum-launch-ai/history", params={"entity": "41000001"})
    assert history.status_code == 429 and history.json()["code"] == "daily_history_limit"


async def test_bad_arguments_are_tool_errors_with_the_api_code(server: LiveServer) -> None:
    assert server.mcp_url is not None
    key = server.key("starter")
    async with connect(server.mcp_url, key) as session:
        unknown_feed = await call(session, "query_feed", feed="no-such-feed")
        bad_limit = await call(session, "query_feed", feed="codehost-ai-repos", limit=0)
        bad_history = await call(
            session, "entity_history", feed="codehost-ai-repos", entity="new/shiny-mcp", from_date="2026-13-01"
        )
        unknown_entity = await call(session, "get_entity", feed="codehost-ai-repos", entity="nobody/nothing")
        date_without_feed = await call(session, "trends", date="2026-11-01")
        bad_window = await call(session, "trends", window="2d")
        bad_watch = await call(session, "add_watch", entity="/repo/nobody/nothing")
        no_watch = await call(session, "delete_watch", id="w_missing")
        bad_category = await call(session, "momentum_leaderboard", category="forum-launch-ai")
    assert error_of(unknown_feed)[:2] == (400, "bad_request")
    assert "codehost-ai-repos" in error_of(unknown_feed)[2]
    status, code, text = error_of(bad_limit)
    assert (status, code) == (400, "bad_request") and "`limit` must be between 1 and 1000" in text
    assert bad_limit.structured_content is not None and bad_limit.structured_content["parameter"] == "limit"
    assert error_of(bad_history)[:2] == (400, "bad_request")
    assert error_of(unknown_entity)[:2] == (404, "not_found")
    assert error_of(date_without_feed)[:2] == (400, "bad_request")
    assert error_of(bad_window)[:2] == (400, "bad_request")
    assert error_of(bad_watch)[:2] == (404, "not_found")
    assert error_of(no_watch)[:2] == (404, "not_found")
    assert error_of(bad_category)[:2] == (400, "bad_request")


async def test_missing_and_invalid_key(server: LiveServer) -> None:
    assert server.mcp_url is not None
    async with connect(server.mcp_url) as anonymous:
        missing = await call(anonymous, "query_feed", feed="codehost-ai-repos")
        missing_watch = await call(anonymous, "list_watches")
    for result in (missing, missing_watch):
        status, code, text = error_of(result)
        assert (status, code) == (401, "unauthorized")
        assert "needs an API key" in text and "Authorization: Bearer <key>" in text
    async with connect(server.mcp_url, "fk_not_a_real_key") as wrong:
        invalid = await call(wrong, "get_entity", feed="mcp-servers", entity="com.acme/files")
        public = await call(wrong, "sample", name="llm-pricing")
    status, code, text = error_of(invalid)
    assert (status, code) == (401, "unauthorized") and "invalid or revoked" in text
    assert not public.is_error
    async with connect(server.mcp_url, authorization="Basic abc") as malformed:
        status, code, text = error_of(await call(malformed, "trends"))
    assert (status, code) == (401, "unauthorized") and "malformed" in text


async def test_demand_is_counted_for_mcp_lookups(server: LiveServer) -> None:
    assert server.mcp_url is not None
    key = server.key("pro")
    async with connect(server.mcp_url, key) as session:
        history = await call(session, "entity_history", feed="llm-pricing", entity="lab/big-model")
        card = await call(session, "get_entity", feed="mcp-servers", entity="io.github.example/weather")
    assert not history.is_error and not card.is_error
    today = datetime.now(UTC).date().isoformat()
    deadline = time.monotonic() + 10
    counts: dict[tuple[str, str], int] = {}
    while time.monotonic() < deadline:  # the API flushes its demand counters every 2 s
        state = StateStore(server.settings.state_path)
        try:
            counts = state.demand_between(today, today)
        finally:
            state.close()
        if ("llm-pricing", "lab/big-model") in counts and ("mcp-servers", "io.github.example/weather") in counts:
            break
        time.sleep(0.25)
    assert counts.get(("llm-pricing", "lab/big-model"), 0) >= 1
    assert counts.get(("mcp-servers", "io.github.example/weather"), 0) >= 1


def test_foreign_host_header_is_refused(server: LiveServer) -> None:
    """DNS-rebinding protection: a browser tricked into calling the loopback server sends a foreign Host."""
    assert server.mcp_url is not None
    response = httpx.post(
        server.mcp_url, headers={"Host": "evil.example", "Content-Type": "application/json"}, content=b"{}", timeout=10
    )
    assert response.status_code == 421


async def test_quota_is_shared_between_mcp_and_api(tmp_path: Path) -> None:
    live = start_live_server(tmp_path, {"FEEDS_STARTER_MONTHLY": "6", "FEEDS_QUOTA_BLOCK": "1"}, mcp=True)
    try:
        assert live.mcp_url is not None
        # Used up over MCP: the API refuses the next request.
        over_mcp = live.key("starter")
        async with connect(live.mcp_url, over_mcp) as session:
            for _ in range(6):
                assert not (await call(session, "query_feed", feed="forum-launch-ai", limit=1)).is_error
            refused = await call(session, "query_feed", feed="forum-launch-ai", limit=1)
        status, code, text = error_of(refused)
        assert (status, code) == (429, "monthly_limit") and "Retry-After:" in text
        assert refused.structured_content is not None and refused.structured_content["retryAfter"] > 0
        with live.client(over_mcp) as http:
            response = http.get("/api/v1/forum-launch-ai")
        assert response.status_code == 429 and response.json()["code"] == "monthly_limit"
        # Used up over the API: the MCP tool refuses.
        over_api = live.key("starter")
        with live.client(over_api) as http:
            for _ in range(6):
                assert http.get("/api/v1/forum-launch-ai", params={"limit": 1}).status_code == 200
        async with connect(live.mcp_url, over_api) as session:
            refused = await call(session, "entity_history", feed="forum-launch-ai", entity="41000001")
            free = await call(session, "demand_index")
        assert error_of(refused)[:2] == (429, "monthly_limit")
        assert not free.is_error  # public tools are not counted
    finally:
        stop(live.process)
        live.log.close()
    # `feeds serve` took its MCP child down with it.
    with pytest.raises(httpx.TransportError):
        httpx.get(live.mcp_url.removesuffix("/mcp") + "/healthz", timeout=2)


async def test_watch_notifications_page_through_mcp_like_the_api(server: LiveServer) -> None:
    """The notifications of the key's watches, in the change-event envelope, paged with the API's cursor."""
    assert server.mcp_url is not None
    key = server.key("pro")
    with server.client(key) as http:
        for entity, type_ in (("/pricing/example.com/pricing", "price_change"), ("/repo/new/shiny-mcp", "any")):
            assert http.post("/api/v1/watches", json={"entity": entity, "type": type_}).status_code == 201
    report = notify_build(server.settings, Path(server.settings.feeds_site_dir), deliver=False)
    assert report.created >= 2
    async with connect(server.mcp_url, key) as session:
        first = await call(session, "list_watch_events", limit=1)
        assert first.structured_content is not None and first.structured_content["nextCursor"]
        second = await call(session, "list_watch_events", limit=1, cursor=first.structured_content["nextCursor"])
        everything = await call(session, "list_watch_events")
        bad = await call(session, "list_watch_events", limit=1, offset=1, cursor="5")
    for result in (first, second, everything):
        assert not result.is_error, result.content
    assert first.structured_content == api_json(server, "/api/v1/watches/events", key, limit=1)
    assert second.structured_content == api_json(
        server, "/api/v1/watches/events", key, limit=1, cursor=first.structured_content["nextCursor"]
    )
    assert everything.structured_content is not None
    listed = everything.structured_content["data"]
    assert [n["id"] for n in listed[:2]] == [
        first.structured_content["data"][0]["id"],
        second.structured_content["data"][0]["id"],
    ]
    [price] = [n for n in listed if n["type"] == "price_change"]
    schemas.WatchEventList.model_validate(everything.structured_content)
    # The same envelope (and id) /trends lists for that day.
    trends = api_json(server, "/api/v1/trends", key, window="1d", feed="ai-pricing")
    assert price["event"] in trends["events"]
    assert price["event"]["summary"] in everything.content[0].text
    assert error_of(bad)[:2] == (400, "bad_request")
