"""Contract tests: the real mcp-servers collector over real registry list payloads recorded by others.

The payloads are in tests/fixtures/mcp_registry/real/ (see PROVENANCE.md there). Every expected row
below was written by hand from those JSON files, not produced by running the collector.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import httpx
import orjson

from tests.conftest import DAY, Env, fixture_bytes

FEED = "mcp-servers"
LATEST = "https://registry.modelcontextprotocol.io/v0.1/servers/{}/versions/latest"


def real(name: str) -> dict[str, Any]:
    return orjson.loads(fixture_bytes("mcp_registry", f"real/{name}"))


def serve(page: dict[str, Any], seen: list[httpx.Request] | None = None):
    """The recorded list as the one and only page of `GET /v0.1/servers` (it has no `nextCursor`)."""

    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        if request.url.host != "registry.modelcontextprotocol.io" or request.url.path != "/v0.1/servers":
            return httpx.Response(404, json={"title": "Not Found", "status": 404})
        return httpx.Response(200, json=page)

    return handler


def remote(kind: str, url: str) -> dict[str, str]:
    return {"type": kind, "url": url}


def package(registry: str, identifier: str, version: str | None, transport: str) -> dict[str, Any]:
    return {"registryType": registry, "identifier": identifier, "version": version, "transport": transport}


# ---------------------------------------------------------------------------------------------------
# TeamSpark snapshot of 2025-12-12 (current wrapped shape, `repository` {} / missing / full).

TEAMSPARK_DEC: dict[str, dict[str, Any]] = {
    "ai.seltz/seltz-ai-seltz-mcp": {  # no `repository` key at all: the registry URL stands in
        "entity": "ai.seltz/seltz-ai-seltz-mcp",
        "name": "ai.seltz/seltz-ai-seltz-mcp",
        "title": None,
        "description": "Provides AI assistants with access to Seltz's powerful Web Search capabilities.\n",
        "version": "1.0.0",
        "url": LATEST.format("ai.seltz%2Fseltz-ai-seltz-mcp"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [remote("streamable-http", "https://mcp.seltz.ai/mcp")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-12-05T09:24:21Z",
        "updatedAt": "2025-12-05T09:24:21Z",
    },
    "ai.kubit/mcp-server": {  # website wins over the repository
        "entity": "ai.kubit/mcp-server",
        "name": "ai.kubit/mcp-server",
        "title": "Kubit",
        "description": "Bring Kubit into your AI workflow — query your warehouse with natural language",
        "version": "1.0.0",
        "url": "https://docs.kubit.ai/docs/mcp-server",
        "websiteUrl": "https://docs.kubit.ai/docs/mcp-server",
        "repository": "https://github.com/Kubit-AI/mcp-server",
        "remotes": [remote("streamable-http", "https://mcp.kubit.ai/mcp")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-12-09T00:18:46Z",
        "updatedAt": "2025-12-09T00:18:46Z",
    },
    "dev.svelte/mcp": {
        "entity": "dev.svelte/mcp",
        "name": "dev.svelte/mcp",
        "title": "Svelte MCP",
        "description": "The official Svelte MCP server providing docs and autofixing tools for Svelte development",
        "version": "0.1.13",
        "url": "https://svelte.dev/docs/mcp/overview",
        "websiteUrl": "https://svelte.dev/docs/mcp/overview",
        "repository": "https://github.com/sveltejs/mcp",
        "remotes": [remote("streamable-http", "https://mcp.svelte.dev/mcp")],
        "packages": [package("npm", "@sveltejs/mcp", "0.1.13", "stdio")],
        "status": "active",
        "publishedAt": "2025-12-05T21:35:36Z",
        "updatedAt": "2025-12-05T21:35:36Z",
    },
    "io.github.abhishekbhakat/airflow-mcp-server": {  # two pypi packages, the second over streamable-http
        "entity": "io.github.abhishekbhakat/airflow-mcp-server",
        "name": "io.github.abhishekbhakat/airflow-mcp-server",
        "title": None,
        "description": "An MCP server for Apache Airflow ",
        "version": "0.9.0",
        "url": "https://github.com/abhishekbhakat/airflow-mcp-server",
        "websiteUrl": None,
        "repository": "https://github.com/abhishekbhakat/airflow-mcp-server",
        "remotes": [],
        "packages": [
            package("pypi", "airflow-mcp-server", "0.9.0", "stdio"),
            package("pypi", "airflow-mcp-server", "0.8.2", "streamable-http"),
        ],
        "status": "active",
        "publishedAt": "2025-10-09T22:19:57Z",
        "updatedAt": "2025-10-09T22:19:57Z",
    },
    "com.mcpbundles/agent-interviews": {  # mcpb package without a version
        "entity": "com.mcpbundles/agent-interviews",
        "name": "com.mcpbundles/agent-interviews",
        "title": "Agent Interviews MCP Server from MCPBundles",
        "description": (
            "Agent Interviews is an AI-powered research platform designed to conduct qualitative interviews an..."
        ),
        "version": "1.0.0",
        "url": "https://mcpbundles.com/bundles/agent-interviews",
        "websiteUrl": "https://mcpbundles.com/bundles/agent-interviews",
        "repository": "https://github.com/thinkchainai/mcpbundles",
        "remotes": [remote("streamable-http", "https://mcp.mcpbundles.com/bundle/agent-interviews/")],
        "packages": [
            package(
                "mcpb",
                "https://github.com/thinkchainai/mcpbundles/releases/download/agent-interviews-v1.0.0+build.fccc0958/"
                "agent-interviews.mcpb",
                None,
                "stdio",
            )
        ],
        "status": "active",
        "publishedAt": "2025-11-19T19:38:38Z",
        "updatedAt": "2025-11-19T19:38:38Z",
    },
    "com.microsoft/nuget": {  # nuget, no repository, 5-digit fraction
        "entity": "com.microsoft/nuget",
        "name": "com.microsoft/nuget",
        "title": None,
        "description": "A Model Context Protocol (MCP) server for NuGet.",
        "version": "1.1.12",
        "url": LATEST.format("com.microsoft%2Fnuget"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [],
        "packages": [package("nuget", "NuGet.Mcp.Server", "1.1.12", "stdio")],
        "status": "active",
        "publishedAt": "2025-12-05T18:52:57Z",
        "updatedAt": "2025-12-05T18:52:57Z",
    },
    "host.justcall.mcp/justcall-mcp-server": {  # millisecond timestamps
        "entity": "host.justcall.mcp/justcall-mcp-server",
        "name": "host.justcall.mcp/justcall-mcp-server",
        "title": "JustCall MCP Server",
        "description": (
            "JustCall MCP Server enables LLMs and AI agents to make voice calls and send SMS via JustCall APIs."
        ),
        "version": "1.2.0",
        "url": "https://justcall.io",
        "websiteUrl": "https://justcall.io",
        "repository": "https://github.com/saaslabsco/justcall-mcp-server",
        "remotes": [
            remote("streamable-http", "https://mcp.justcall.host/mcp"),
            remote("sse", "https://mcp.justcall.host/sse"),
        ],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-12-02T18:24:00Z",
        "updatedAt": "2025-12-02T18:24:00Z",
    },
}

# NEW rule: `"repository": {}` is kept, with `repository: null` (dropped before the fix of #1546).
TEAMSPARK_DEC_EMPTY_REPOSITORY: dict[str, dict[str, Any]] = {
    "ai.smithery/Kryptoskatt-mcp-server": {  # 1.0.0 is the latest; 0.1.0 (isLatest false) is not a row
        "entity": "ai.smithery/Kryptoskatt-mcp-server",
        "name": "ai.smithery/Kryptoskatt-mcp-server",
        "title": None,
        "description": (
            "Enable AI assistants to interact seamlessly with the DefiLlama API by translating MCP tool calls i…"
        ),
        "version": "1.0.0",
        "url": LATEST.format("ai.smithery%2FKryptoskatt-mcp-server"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [remote("streamable-http", "https://server.smithery.ai/@Kryptoskatt/mcp-server/mcp")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-09-17T10:41:17Z",
        "updatedAt": "2025-09-17T10:41:17Z",
    },
    "com.paypal.mcp/mcp": {
        "entity": "com.paypal.mcp/mcp",
        "name": "com.paypal.mcp/mcp",
        "title": None,
        "description": "PayPal MCP server provides access to PayPal services and operations for AI assistants",
        "version": "1.0.0",
        "url": LATEST.format("com.paypal.mcp%2Fmcp"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [
            remote("streamable-http", "https://mcp.paypal.com/mcp"),
            remote("sse", "https://mcp.paypal.com/sse"),
        ],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-10-28T19:34:19Z",
        "updatedAt": "2025-10-28T19:34:19Z",
    },
}


async def test_teamspark_dec_rows_field_by_field(env: Env) -> None:
    seen: list[httpx.Request] = []
    record = await env.collect(FEED, serve(real("v0_servers_2025-12-12_teamspark.json"), seen))

    assert record.status == "ok", record.error
    assert [dict(r.url.params) for r in seen] == [{"limit": "100", "version": "latest"}]
    rows = env.archive.rows_on(FEED, DAY)
    for name, expected in TEAMSPARK_DEC.items():
        assert rows[name] == expected, name


async def test_teamspark_dec_empty_repository_is_kept_and_only_latest_is_a_row(env: Env) -> None:
    """NEW: `"repository": {}` (registry issue #1546) is kept with `repository: null`; the older
    Kryptoskatt version (isLatest false, also `{}`) is no row of its own."""
    record = await env.collect(FEED, serve(real("v0_servers_2025-12-12_teamspark.json")))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert sorted(rows) == sorted([*TEAMSPARK_DEC, *TEAMSPARK_DEC_EMPTY_REPOSITORY])
    assert record.rows == 9
    for name, expected in TEAMSPARK_DEC_EMPTY_REPOSITORY.items():
        assert rows[name] == expected, name


# ---------------------------------------------------------------------------------------------------
# mcp-insights snapshot of 2025-10-20 (wrapped shape, `"repository": {"url": "", "source": ""}`).

INSIGHTS_OCT: dict[str, dict[str, Any]] = {
    "com.falkordb/QueryWeaver": {  # oci package without version, package transport streamable-http
        "entity": "com.falkordb/QueryWeaver",
        "name": "com.falkordb/QueryWeaver",
        "title": None,
        "description": (
            "An MCP server for Text2SQL: transforms natural language into SQL using graph schema understanding."
        ),
        "version": "0.0.11",
        "url": "https://github.com/FalkorDB/QueryWeaver",
        "websiteUrl": None,
        "repository": "https://github.com/FalkorDB/QueryWeaver",
        "remotes": [],
        "packages": [package("oci", "docker.io/falkordb/queryweaver:0.0.11", None, "streamable-http")],
        "status": "active",
        "publishedAt": "2025-09-11T06:54:10Z",
        "updatedAt": "2025-09-11T06:54:10Z",
    },
    "ai.smithery/morosss-sdfsdf": {  # "2025-09-13T17:26:11.859Z": milliseconds
        "entity": "ai.smithery/morosss-sdfsdf",
        "name": "ai.smithery/morosss-sdfsdf",
        "title": None,
        "description": (
            "Find academic papers across major sources like arXiv, PubMed, bioRxiv, and more. Download PDFs whe…"
        ),
        "version": "1.14.0",
        "url": "https://github.com/morosss/sdfsdf",
        "websiteUrl": None,
        "repository": "https://github.com/morosss/sdfsdf",
        "remotes": [remote("streamable-http", "https://server.smithery.ai/@morosss/sdfsdf/mcp")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-09-13T17:26:11Z",
        "updatedAt": "2025-09-13T17:26:11Z",
    },
    # NEW rule for the rest: a repository whose url is "" (registry issue #613) is `repository: null`.
    "app.getdialer/dialer": {  # 1.0.1 is the latest; 1.0.0 (isLatest false) is not a row
        "entity": "app.getdialer/dialer",
        "name": "app.getdialer/dialer",
        "title": None,
        "description": "An MCP server that provides lets you make outbound phone calls using your own phone number",
        "version": "1.0.1",
        "url": LATEST.format("app.getdialer%2Fdialer"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [remote("streamable-http", "https://getdialer.app/mcp"), remote("sse", "https://getdialer.app/sse")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-09-09T00:16:49Z",
        "updatedAt": "2025-09-09T00:16:49Z",
    },
    "com.epidemicsound/mcp-server": {
        "entity": "com.epidemicsound/mcp-server",
        "name": "com.epidemicsound/mcp-server",
        "title": None,
        "description": "Cloud-hosted MCP server for Epidemic Sound",
        "version": "1.0.0",
        "url": "https://www.epidemicsound.com",
        "websiteUrl": "https://www.epidemicsound.com",
        "repository": None,
        "remotes": [
            remote("sse", "https://www.epidemicsound.com/a/mcp-server/mcp"),
            remote("streamable-http", "https://www.epidemicsound.com/a/mcp-server/mcp"),
        ],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-10-07T13:15:06Z",
        "updatedAt": "2025-10-07T13:15:06Z",
    },
    "io.github.mickymultani/crypto-bytes": {
        "entity": "io.github.mickymultani/crypto-bytes",
        "name": "io.github.mickymultani/crypto-bytes",
        "title": None,
        "description": "Crypto Bytes MCP Server",
        "version": "0.1.1",
        "url": LATEST.format("io.github.mickymultani%2Fcrypto-bytes"),
        "websiteUrl": None,
        "repository": None,
        "remotes": [],
        "packages": [package("pypi", "crypto_bytes_mcp_server", "0.1.1", "stdio")],
        "status": "active",
        "publishedAt": "2025-09-12T01:24:42Z",
        "updatedAt": "2025-09-12T01:24:42Z",
    },
    "io.testiny/testiny-mcp": {
        "entity": "io.testiny/testiny-mcp",
        "name": "io.testiny/testiny-mcp",
        "title": "Testiny Test Management",
        "description": "An MCP server that provides access to Testiny projects, test cases and test runs",
        "version": "0.1.0",
        "url": "https://www.testiny.io/docs/mcp-server/",
        "websiteUrl": "https://www.testiny.io/docs/mcp-server/",
        "repository": None,
        "remotes": [remote("streamable-http", "https://app.testiny.io/api/v1/mcp-server")],
        "packages": [],
        "status": "active",
        "publishedAt": "2025-10-17T09:13:46Z",
        "updatedAt": "2025-10-17T09:13:46Z",
    },
}


async def test_insights_oct_rows_field_by_field(env: Env) -> None:
    record = await env.collect(FEED, serve(real("v0_servers_2025-10-20_mcp-insights.json")))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert sorted(rows) == sorted(INSIGHTS_OCT)  # 7 entries, 6 names: getdialer 1.0.0 is not the latest
    for name in ("com.falkordb/QueryWeaver", "ai.smithery/morosss-sdfsdf"):
        assert rows[name] == INSIGHTS_OCT[name], name


async def test_insights_oct_blank_repository_url_is_null(env: Env) -> None:
    """NEW: `"repository": {"url": "", "source": ""}` gives `repository: null`, and `url` falls back to the
    website, else the registry entry (never the empty string)."""
    record = await env.collect(FEED, serve(real("v0_servers_2025-10-20_mcp-insights.json")))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    for name in (
        "app.getdialer/dialer",
        "com.epidemicsound/mcp-server",
        "io.github.mickymultani/crypto-bytes",
        "io.testiny/testiny-mcp",
    ):
        assert rows[name] == INSIGHTS_OCT[name], name


# ---------------------------------------------------------------------------------------------------
# Legacy flat entries (before 2025-09-29: no `server` wrapper, `status` inside the server; snake_case
# `_meta` until ~2025-09-21, camelCase with serverId/versionId after). Nothing in them is a row.


async def _legacy_fails_and_keeps_earlier_day(env: Env, legacy: str) -> None:
    earlier = DAY - timedelta(days=1)
    assert (await env.collect(FEED, serve(real("v0_servers_2025-10-20_mcp-insights.json")), day=earlier)).status == "ok"
    before = env.archive.rows_on(FEED, earlier)

    page = real(legacy)
    assert all("server" not in entry for entry in page["servers"])  # the recorded shape: flat entries
    record = await env.collect(FEED, serve(page))

    # Every entry lacks `server`: all are skipped, and a day with no rows is a loud failure (drift),
    # not an empty archived day; the earlier day is untouched.
    assert record.status == "failed"
    assert "drift" in (record.error or "").lower()
    assert env.archive.rows_on(FEED, DAY) == {}
    assert env.archive.rows_on(FEED, earlier) == before


async def test_legacy_flat_snake_case_page_is_a_drift_failure(env: Env) -> None:
    await _legacy_fails_and_keeps_earlier_day(env, "v0_servers_2025-09-15_mcp-insights_legacy_flat.json")


async def test_legacy_flat_camel_case_page_is_a_drift_failure(env: Env) -> None:
    await _legacy_fails_and_keeps_earlier_day(env, "v0_servers_2025-09-26_teamspark_legacy_flat.json")
