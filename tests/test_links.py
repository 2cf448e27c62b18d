"""One entity across feeds (build/links.py) and demand per entity (build/entity_demand.py).

The rules are checked on hand-made inputs, ambiguity included; then end to end on a real server built
from the tiny archive, whose rows link an MCP server to a repository, an LLM to a hub model and a hub
app to a repository: card JSON and entity pages both ways, the MCP `get_entity` tool through the SDK's
client, and the demand rank after recorded lookups and a new build.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx2
import orjson
import pytest
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp_types import CallToolResult

from build.entity_demand import (
    UNSEEN_WEEKS,
    EntityDemand,
    card_demand,
    card_weeks,
    ranks,
    unseen_weeks,
    week_windows,
)
from build.links import LinkSources, compute_links, github_repo, host_keys
from build.paths import entity_page
from collectors.state import StateStore
from feeds.site_build import build_site
from server import schemas
from tests.live import LiveServer, start_live_server, stop

API = "/api/v1"


def pairs(sources: LinkSources) -> set[tuple[str, str, str, str, str]]:
    """Every link as (feed, entity, linked feed, linked entity, via)."""
    return {
        (feed, entity, link["feed"], link["entity"], link["via"])
        for (feed, entity), found in compute_links(sources).items()
        for link in found
    }


# -- the rules ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/acme/agent-kit", "acme/agent-kit"),
        ("https://github.com/acme/agent-kit.git", "acme/agent-kit"),
        ("https://www.github.com/Acme/Agent-Kit/tree/main/servers/files", "Acme/Agent-Kit"),
        ("git://github.com/acme/kit", "acme/kit"),
        ("https://github.com/acme", None),
        ("https://gitlab.com/acme/kit", None),
        ("https://github.com.evil.example/acme/kit", None),
        ("https://github.com/acme/..", None),
        ("", None),
        (None, None),
    ],
)
def test_github_repo(url: str | None, expected: str | None) -> None:
    assert github_repo(url) == expected


@pytest.mark.parametrize(
    ("url", "keys"),
    [
        ("https://openai.com/api/pricing/", {"openai", "openaicom"}),
        ("https://www.anthropic.com/pricing", {"anthropic", "anthropiccom"}),
        ("https://mistral.ai/pricing", {"mistral", "mistralai"}),
        ("https://x.ai/api", {"x", "xai"}),
        ("https://api-docs.deepseek.com/quick_start/pricing", {"deepseek", "deepseekcom"}),
        ("https://shop.example.co.uk/pricing", {"example", "examplecouk"}),
        ("https://localhost/pricing", set()),
    ],
)
def test_host_keys(url: str, keys: set[str]) -> None:
    assert host_keys(url) == keys


def test_each_rule_links_both_ways_with_its_via() -> None:
    sources = LinkSources(
        repos=["acme/agent-kit", "bob/mcp-lite"],
        servers={"com.acme/files": "https://github.com/ACME/agent-kit/tree/main/files", "io.x/none": None},
        llms={"lab/big": "org/LLM-8B", "lab/big:free": "org/llm-8b", "openai/gpt-4o": "", "openai/o3": None},
        hub={"model:org/llm-8b": None, "space:org/demo": "https://github.com/bob/mcp-lite", "dataset:org/d": None},
        pages=["https://openai.com/api/pricing/", "https://example.com/pricing"],
    )
    assert pairs(sources) == {
        ("mcp-servers", "com.acme/files", "codehost-ai-repos", "acme/agent-kit", "mcp_repository"),
        ("codehost-ai-repos", "acme/agent-kit", "mcp-servers", "com.acme/files", "mcp_repository"),
        ("llm-pricing", "lab/big", "modelhub-trending", "model:org/llm-8b", "hugging_face_id"),
        ("modelhub-trending", "model:org/llm-8b", "llm-pricing", "lab/big", "hugging_face_id"),
        ("llm-pricing", "lab/big:free", "modelhub-trending", "model:org/llm-8b", "hugging_face_id"),
        ("modelhub-trending", "model:org/llm-8b", "llm-pricing", "lab/big:free", "hugging_face_id"),
        ("modelhub-trending", "space:org/demo", "codehost-ai-repos", "bob/mcp-lite", "hub_repository"),
        ("codehost-ai-repos", "bob/mcp-lite", "modelhub-trending", "space:org/demo", "hub_repository"),
        ("ai-pricing", "https://openai.com/api/pricing/", "llm-pricing", "openai/gpt-4o", "provider_host"),
        ("llm-pricing", "openai/gpt-4o", "ai-pricing", "https://openai.com/api/pricing/", "provider_host"),
        ("ai-pricing", "https://openai.com/api/pricing/", "llm-pricing", "openai/o3", "provider_host"),
        ("llm-pricing", "openai/o3", "ai-pricing", "https://openai.com/api/pricing/", "provider_host"),
    }
    card = compute_links(sources)[("codehost-ai-repos", "acme/agent-kit")]
    assert card == [
        {
            "feed": "mcp-servers",
            "entity": "com.acme/files",
            "page": entity_page("mcp-servers", "com.acme/files"),
            "via": "mcp_repository",
        }
    ]


def test_ambiguous_matches_are_left_out() -> None:
    sources = LinkSources(
        # two tracked spellings of one repository: a case-insensitive name fits both
        repos=["Acme/Kit", "acme/kit", "solo/repo"],
        servers={
            "io.a/one": "https://github.com/ACME/KIT",  # ambiguous: no exact spelling, two folded matches
            "io.a/two": "https://github.com/acme/kit",  # exact spelling wins
            "io.a/three": "https://github.com/SOLO/REPO",  # one folded match
        },
        llms={
            "mistralai/large": None,
            "mistral/small": None,  # `mistral.ai` fits both `mistral` and `mistralai`: no link for the page
            "openai/gpt-4o": None,  # openai has two pages: neither links
            "cohere/command": None,
        },
        hub={"model:Org/M": None, "model:org/m": None, "dataset:org/x": "https://github.com/solo/repo"},
        pages=[
            "https://mistral.ai/pricing",
            "https://openai.com/api/pricing/",
            "https://openai.com/chatgpt/pricing/",
            "https://cohere.com/pricing",
        ],
    )
    sources.llms["lab/x"] = "ORG/M"  # two hub models fold to the same id, neither spelt this way
    found = pairs(sources)
    servers = {(e, other) for f, e, _, other, _ in found if f == "mcp-servers"}
    assert servers == {("io.a/two", "acme/kit"), ("io.a/three", "solo/repo")}
    pages = {(e, other) for f, e, _, other, _ in found if f == "ai-pricing"}
    assert pages == {("https://cohere.com/pricing", "cohere/command")}
    assert not [p for p in found if p[0] == "llm-pricing" and p[1] == "lab/x"]
    assert not [p for p in found if p[1] == "dataset:org/x"]  # datasets name no repository link


# -- demand per entity ------------------------------------------------------------------------------


def test_week_windows_oldest_first() -> None:
    windows = week_windows("2026-11-04")
    assert len(windows) == 8
    assert windows[-1] == ("2026-10-29", "2026-11-04")
    assert windows[0] == ("2026-09-10", "2026-09-16")


def test_demand_ranks_follow_the_index_order() -> None:
    assert ranks({("b", "x"): 3, ("a", "y"): 3, ("a", "z"): 5, ("a", "w"): 0}) == {
        ("a", "z"): 1,
        ("a", "y"): 2,
        ("b", "x"): 3,
    }
    windows = week_windows("2026-11-04")
    weekly: list[dict[tuple[str, str], int]] = [{} for _ in windows]
    weekly[0] = {("f", "e"): 2, ("f", "other"): 9}
    weekly[-1] = {("f", "e"): 4}
    demand = EntityDemand(windows, weekly)
    mine = demand.of("f", "e")
    assert (mine["rank"], mine["lookups"]) == (1, 4)
    assert [(w["rank"], w["lookups"]) for w in mine["weeks"]] == [(2, 2)] + [(None, 0)] * 6 + [(1, 4)]
    nobody = demand.of("f", "nobody")
    assert nobody["rank"] is None and len(nobody["weeks"]) == 8
    schemas.EntityDemandInfo.model_validate(mine)


def test_a_card_without_lookups_is_stored_without_its_weeks_and_served_with_them() -> None:
    """The weeks of an entity nobody looked up move with the build's day; the stored card leaves them out
    (so it stays the same while the entity is absent) and the server puts this build's back."""
    windows = week_windows("2026-11-04")
    weekly: list[dict[tuple[str, str], int]] = [{} for _ in windows]
    weekly[2] = {("f", "seen"): 3}
    demand = EntityDemand(windows, weekly)
    listed = unseen_weeks([{"from": first, "to": last} for first, last in windows])
    nobody = orjson.dumps({"entity": "nobody", "demand": card_demand(demand.of("f", "nobody"))})
    assert nobody.endswith(UNSEEN_WEEKS)
    assert orjson.loads(card_weeks(nobody, listed))["demand"] == demand.of("f", "nobody")
    assert card_weeks(nobody, None) == nobody  # a build that lists no weeks: as stored
    seen = orjson.dumps({"entity": "seen", "demand": card_demand(demand.of("f", "seen"))})
    assert card_weeks(seen, listed) == seen  # looked up three weeks ago: its weeks are its own
    assert [w["lookups"] for w in orjson.loads(seen)["demand"]["weeks"]] == [0, 0, 3, 0, 0, 0, 0, 0]


# -- end to end -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = start_live_server(tmp_path_factory.mktemp("links"), mcp=True)
    try:
        yield live
    finally:
        stop(live.process)
        live.log.close()


def card(live: LiveServer, key: str, feed: str, entity: str) -> dict[str, Any]:
    with live.client(key) as http:
        response = http.get(f"{API}/{feed}/entity", params={"entity": entity})
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    schemas.AnyEntityCard.model_validate(body)
    return body


def page_html(live: LiveServer, feed: str, entity: str) -> str:
    with live.client() as http:
        response = http.get(entity_page(feed, entity))
    assert response.status_code == 200, response.text
    return response.text


LINKED = [
    ("mcp-servers", "com.acme/files", "codehost-ai-repos", "acme/agent-kit", "mcp_repository"),
    ("llm-pricing", "lab/big-model", "modelhub-trending", "model:org/llm-8b", "hugging_face_id"),
    ("modelhub-trending", "space:org/demo", "codehost-ai-repos", "bob/mcp-lite", "hub_repository"),
]


@pytest.mark.parametrize(("feed", "entity", "other_feed", "other", "via"), LINKED)
def test_links_on_cards_and_pages_both_ways(
    server: LiveServer, feed: str, entity: str, other_feed: str, other: str, via: str
) -> None:
    key = server.key("pro")
    for a_feed, a, b_feed, b in ((feed, entity, other_feed, other), (other_feed, other, feed, entity)):
        body = card(server, key, a_feed, a)
        assert {"feed": b_feed, "entity": b, "page": entity_page(b_feed, b), "via": via} in body["links"]
        html = page_html(server, a_feed, a)
        section = html[html.index("Also tracked as") :]
        section = section[: section.index("</section>")]
        assert f'href="{entity_page(b_feed, b)}"' in section
        assert via in section


def test_unlinked_entity_has_an_empty_list(server: LiveServer) -> None:
    body = card(server, server.key("pro"), "forum-launch-ai", "41000001")
    assert body["links"] == []
    assert "Not linked to an entity of another feed." in page_html(server, "forum-launch-ai", "41000001")


async def test_mcp_get_entity_returns_the_links(server: LiveServer) -> None:
    assert server.mcp_url is not None
    key = server.key("pro")
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}, timeout=30) as http,
        streamable_http_client(server.mcp_url, http_client=http) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        output = tools["get_entity"].output_schema or {}
        assert "EntityLink" in str(output) and "EntityDemandInfo" in str(output)
        result = await session.call_tool("get_entity", {"feed": "codehost-ai-repos", "entity": "acme/agent-kit"})
    assert isinstance(result, CallToolResult) and not result.is_error
    content = result.structured_content or {}
    assert content["links"] == [
        {
            "feed": "mcp-servers",
            "entity": "com.acme/files",
            "page": "/mcp/com.acme/files",
            "via": "mcp_repository",
        }
    ]
    assert content == card(server, key, "codehost-ai-repos", "acme/agent-kit")


WATCHED = (("llm-pricing", "lab/small"), ("mcp-servers", "com.acme/files"))


def test_demand_rank_after_recorded_lookups_and_a_build(server: LiveServer) -> None:
    key = server.key("pro")
    before = card(server, key, "llm-pricing", "lab/small")["demand"]
    assert before["rank"] is None and len(before["weeks"]) == 8
    for _ in range(3):
        card(server, key, "llm-pricing", "lab/small")
    today = datetime.now(UTC).date().isoformat()
    deadline = time.monotonic() + 10
    counts: dict[tuple[str, str], int] = {}
    while time.monotonic() < deadline:  # the API flushes its demand counters every 2 s
        state = StateStore(server.settings.state_path)
        try:
            counts = state.demand_between(today, today)
        finally:
            state.close()
        if counts.get(("llm-pricing", "lab/small"), 0) >= 4:
            break
        time.sleep(0.25)
    assert counts.get(("llm-pricing", "lab/small"), 0) >= 4
    # the demand week ends on the archive's latest day: build as of today so today's lookups count
    state = StateStore(server.settings.state_path)
    try:
        state.add_demand("2026-11-04", {("llm-pricing", "lab/small"): 50, ("mcp-servers", "com.acme/files"): 7})
    finally:
        state.close()
    build_site(server.settings, now=datetime(2026, 11, 4, 14, tzinfo=UTC), quiet=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:  # each worker looks for a new build every second
        ranked = [card(server, key, f, e)["demand"]["rank"] for f, e in WATCHED * 3]
        if ranked == [1, 2] * 3 and all("#1</strong>" in page_html(server, "llm-pricing", "lab/small") for _ in "123"):
            break
        time.sleep(0.25)
    after = card(server, key, "llm-pricing", "lab/small")["demand"]
    assert after["rank"] == 1 and after["lookups"] >= 50
    assert after["weeks"][-1] == {"from": "2026-10-29", "to": "2026-11-04", "rank": 1, "lookups": after["lookups"]}
    assert card(server, key, "mcp-servers", "com.acme/files")["demand"]["rank"] == 2
    html = page_html(server, "llm-pricing", "lab/small")
    assert "Demand rank this week: <strong>#1</strong>" in html
    with server.client() as http:
        index = http.get(f"{API}/demand").json()
    assert [(d["entity"], d["rank"]) for d in index["data"][:2]] == [("lab/small", 1), ("com.acme/files", 2)]
