"""The remote MCP server (streamable HTTP): the API's data as tools an AI agent can pick from their descriptions.

It is a separate ASGI app (the SDK's `MCPServer`, served by uvicorn on FEEDS_MCP_PORT at `/mcp`), so
its path can never collide with the site's `/mcp/<server_id>` entity pages. Every tool is a thin
call to the service's own HTTP API with the caller's `Authorization: Bearer` header passed through:
authentication, the monthly / daily history+trends / velocity counters, the 401/429 rules and the
demand log stay one implementation, shared by the API and MCP (a quota used up over one shows on
the other). The API's JSON becomes the tool's structured content, unchanged; its problem+json
errors become tool errors (`is_error`) that carry the status, code, detail and Retry-After.

The server is stateless (every POST stands alone, answered with plain JSON): a tool never calls
back into the client, so sessions would only cost memory and pin a client to one process.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Annotated, Any
from urllib.parse import urlsplit

import httpx
import orjson
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, ConfigDict, Field, RootModel
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Mount, Route

from collectors.models import FEED_NAMES, FEEDS
from feeds.settings import Settings
from server import schemas
from server.contract import API, EVENTS_MAX_LIMIT, MOMENTUM_CATEGORIES, OFFSET_MAX, WATCH_TYPES, WINDOWS
from server.errors import problem_body

API_TIMEOUT = 30.0
ToolFn = Callable[..., Awaitable[CallToolResult]]
NEEDS_KEY = (
    "this tool needs an API key: configure your MCP client to send the HTTP header "
    "`Authorization: Bearer <key>` with every request (list_feeds, sample, momentum_leaderboard and "
    "demand_index work without one)"
)
INSTRUCTIONS = """\
Daily-refreshed data about the AI ecosystem: six feeds (code repositories tagged with agent/MCP topics,
AI launch posts of a tech forum, the official MCP registry, AI/SaaS pricing pages, LLM prices, trending
model-hub items), per-entity daily history, trends (top movers and change events), a free momentum
leaderboard (0-100) and a free demand index. Start with list_feeds (free) to see the feeds and entity
formats. Keyed tools need `Authorization: Bearer <key>` on the HTTP connection; each keyed call counts
one request toward the key's monthly quota, and entity_history / entity_asof / trends also count toward the
daily history+trends cap (200 Starter, 1,000 Pro)."""

# -- parameter types: the JSON schema documents the contract (enums, bounds); the API enforces it --------------

FeedName = Annotated[
    str,
    Field(
        description="Feed name: codehost-ai-repos (repositories), forum-launch-ai (forum launch posts), "
        "mcp-servers (official MCP registry), ai-pricing (pricing pages), llm-pricing (LLM prices), "
        "modelhub-trending (trending models, apps, datasets).",
        json_schema_extra={"enum": list(FEED_NAMES)},
    ),
]
EntityKey = Annotated[
    str,
    Field(
        description="The entity key, by feed: codehost-ai-repos `owner/repo`; forum-launch-ai the item id; "
        "mcp-servers the server name (e.g. io.github.example/weather); ai-pricing the page URL; "
        "llm-pricing the marketplace model id (e.g. openai/gpt-4o); modelhub-trending `model:<id>`, "
        "`space:<id>` or `dataset:<id>`. It is the `entity` field of every row."
    ),
]


def _limit(description: str, low: int, high: int) -> Any:
    return Field(description=description, json_schema_extra={"minimum": low, "maximum": high})


# -- output models: the API's own response models (server/schemas.py), published as output schemas ------------
# The SDK validates each tool's structured content against them, so a tool answers exactly what the API
# document promises. A union body (one shape per feed, or with and without an optional parameter) is
# wrapped so its schema is an object at the top, as MCP requires of an output schema.

_ROOT_OBJECT = ConfigDict(json_schema_extra={"type": "object"})


class FeedPage(RootModel[schemas.AnyFeedResponse]):
    """One page of a feed: the API's feed response."""

    model_config = _ROOT_OBJECT


class HistoryPage(RootModel[schemas.AnyHistoryResponse]):
    """One page of an entity's daily series."""

    model_config = _ROOT_OBJECT


class AsOfOut(RootModel[schemas.AnyAsOfResponse]):
    """One entity's row as archived on a day."""

    model_config = _ROOT_OBJECT


class TrendsOut(RootModel[schemas.TrendsResult]):
    """Movers and change events of one feed, or (without `feed`) of every feed under `feeds`."""

    model_config = _ROOT_OBJECT


class MomentumOut(RootModel[schemas.MomentumResult]):
    """One category's leaderboard, or (without `category`) every category under `categories`."""

    model_config = _ROOT_OBJECT


class EntityOut(RootModel[schemas.AnyEntityCard]):
    """One entity: current row, momentum and recent change events."""

    model_config = _ROOT_OBJECT


class SampleOut(RootModel[schemas.SampleResponse]):
    """Five rows of one feed (a feed page), or of every feed under `feeds`."""

    model_config = _ROOT_OBJECT


class FeedInfoOut(BaseModel):
    """One feed as list_feeds describes it (MCP only: the API has no such list)."""

    model_config = ConfigDict(extra="forbid")

    name: str
    title: str
    source: str
    entity: str = Field(description="format of the entity key")
    example: str = Field(description="an example entity key")
    since_field: str = Field(description="the date field `since` filters on")
    extra_parameter: str | None = Field(None, description="query_feed's feed-specific parameter")
    momentum: bool = Field(description="whether the feed is a momentum_leaderboard category")
    updatedAt: str | None = None
    total: int | None = Field(None, description="rows in the feed now")


class FeedList(BaseModel):
    """The six feeds."""

    model_config = ConfigDict(extra="forbid")

    count: int
    feeds: list[FeedInfoOut]


# -- calling the API ---------------------------------------------------------------------------------------------


class ApiCaller:
    """One pooled HTTP client to the service's API; created on first use, closed with the app."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url.rstrip("/")
        self._client: httpx.AsyncClient | None = None

    def client(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(
                base_url=self.base_url,
                timeout=API_TIMEOUT,
                headers={"User-Agent": "feeds-mcp/1.0", "Accept": "application/json"},
            )
        return self._client

    async def aclose(self) -> None:
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def call(
        self,
        method: str,
        path: str,
        authorization: str | None,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
    ) -> tuple[httpx.Response, Any]:
        """One API request with the caller's Authorization header; None-valued parameters are left out."""
        query = {name: _query_value(value) for name, value in (params or {}).items() if value is not None}
        headers = {"Authorization": authorization} if authorization else {}
        try:
            response = await self.client().request(method, path, params=query, json=json, headers=headers)
        except httpx.HTTPError as exc:
            return _unreachable(self.base_url, exc), None
        try:
            body = orjson.loads(response.content) if response.content else None
        except orjson.JSONDecodeError:
            body = None
        return response, body


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _unreachable(base_url: str, exc: Exception) -> httpx.Response:
    body = problem_body(
        503, "not_ready", f"the data API at {base_url} is unreachable ({type(exc).__name__}); try again shortly"
    )
    return httpx.Response(503, content=body, headers={"Retry-After": "30", "Content-Type": "application/problem+json"})


def authorization_of(ctx: Context) -> str | None:
    """The caller's Authorization header of this MCP HTTP request, if any (the SDK exposes the request's headers)."""
    headers = ctx.headers
    value = headers.get("authorization") if headers is not None else None
    return value.strip() if value and value.strip() else None


def error_result(status: int, body: Any, retry_after: str | None) -> CallToolResult:
    """A tool error an agent can act on: status, code and detail, and when to retry."""
    problem = body if isinstance(body, dict) else {"status": status, "code": "internal", "detail": str(body or "")}
    code = problem.get("code", "error")
    detail = problem.get("detail", "")
    text = f"API error {status} {code}: {detail}"
    if problem.get("parameter"):
        text += f" (parameter: {problem['parameter']})"
    if retry_after:
        text += f"; Retry-After: {retry_after} s"
        problem = {**problem, "retryAfter": int(retry_after) if retry_after.isdigit() else retry_after}
    return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=problem, is_error=True)


def ok_result(summary: str, body: Any) -> CallToolResult:
    """The API's JSON as structured content, a one-line summary, and the JSON again as text.

    The JSON text block is the MCP specification's advice for clients that show a model only text
    content; structured content is what programs read.
    """
    return CallToolResult(
        content=[TextContent(type="text", text=summary), TextContent(type="text", text=orjson.dumps(body).decode())],
        structured_content=body,
    )


def _first(rows: list[dict[str, Any]] | None) -> str:
    if not rows:
        return ""
    row = rows[0]
    label = row.get("entity") or row.get("date") or row.get("id")
    return f"; first: {label}" if label is not None else ""


def _n(value: Any) -> str:
    return f"{value:,}" if isinstance(value, int) else "?"


# -- summaries: one line each, so an agent sees the gist before it reads the JSON --------------------------------


def summarize_page(body: dict[str, Any]) -> str:
    text = f"{body.get('feed')}: {_n(body.get('count'))} of {_n(body.get('total'))} rows"
    if body.get("offset"):
        text += f" (offset {_n(body['offset'])})"
    text += _first(body.get("data"))
    queued = body.get("queued")
    if isinstance(queued, dict):
        text += f"; {queued.get('entity')}: {queued.get('message', queued.get('status'))}"
    return text


def summarize_history(body: dict[str, Any]) -> str:
    data = body.get("data") or []
    text = f"{body.get('feed')} {body.get('entity')}: {_n(body.get('count'))} days"
    if data:
        text += f" ({data[0].get('date')} to {data[-1].get('date')})"
    text += f" in window {body.get('from')}..{body.get('to')}"
    if body.get("nextCursor"):
        text += f"; more: cursor={body['nextCursor']}"
    return text


def summarize_asof(body: dict[str, Any]) -> str:
    text = f"{body.get('feed')} {body.get('entity')} as of {body.get('date')}: row of {body.get('observedOn')}"
    if body.get("observedOn") != body.get("date"):
        text += " (the last archived day before it holding the entity)"
    return text + f"; snapshot sha256 {str(body.get('snapshotHash'))[:12]}..., source {body.get('source')}"


def _trend_line(body: dict[str, Any]) -> str:
    movers = body.get("movers") or []
    top = (
        f", top mover {movers[0].get('entity')} ({movers[0].get('change'):+} {body.get('metric')})"
        if (movers and isinstance(movers[0].get("change"), int | float))
        else ""
    )
    return f"{body.get('feed')}: {len(movers)} movers, {len(body.get('events') or [])} events{top}"


def summarize_trends(body: dict[str, Any]) -> str:
    if "feeds" in body:
        parts = [_trend_line(feed) for feed in body.get("feeds") or []]
        return f"{body.get('window')} trends of {len(parts)} feeds: " + "; ".join(parts)
    return f"{body.get('window')} trends to {body.get('date')}: " + _trend_line(body)


def _board_line(board: dict[str, Any]) -> str:
    data = board.get("data") or []
    top = ", ".join(f"{row.get('entity')} {row.get('score')}" for row in data[:3])
    return f"{board.get('category')}: {len(data)} ranked" + (f" (top: {top})" if top else "")


def summarize_momentum(body: dict[str, Any]) -> str:
    if "categories" in body:
        return "momentum: " + "; ".join(_board_line(board) for board in body.get("categories") or [])
    return "momentum " + _board_line(body)


def summarize_demand(body: dict[str, Any]) -> str:
    data = body.get("data") or []
    text = f"demand index {body.get('from')}..{body.get('to')}: {len(data)} entities"
    return text + _first(data) if data else text + " (nothing looked up this week)"


def summarize_entity(body: dict[str, Any]) -> str:
    momentum = body.get("momentum") or {}
    score = f"momentum {momentum.get('score')}" if momentum else "no momentum score"
    state = "in the latest snapshot" if body.get("current") else f"last seen {body.get('lastSeen')}"
    events, links = len(body.get("events") or []), len(body.get("links") or [])
    return f"{body.get('feed')} {body.get('entity')}: {state}, {score}, {events} recent events, {links} links"


def summarize_sample(body: dict[str, Any]) -> str:
    if "feeds" in body:
        feeds = body.get("feeds") or []
        return f"sample: {sum(len(f.get('data') or []) for f in feeds)} rows from {len(feeds)} feeds"
    return "sample " + summarize_page(body)


def summarize_watches(body: dict[str, Any]) -> str:
    data = body.get("data") or []
    listed = ", ".join(f"{w.get('id')} {w.get('entity')} ({w.get('type')})" for w in data[:5])
    return f"{_n(body.get('count'))} of {_n(body.get('limit'))} watches" + (f": {listed}" if listed else "")


def summarize_watch_events(body: dict[str, Any]) -> str:
    data = body.get("data") or []
    listed = "; ".join(
        f"{(n.get('event') or {}).get('title')}: {(n.get('event') or {}).get('summary')}" for n in data[:5]
    )
    more = f" (next page: cursor {body.get('nextCursor')})" if body.get("nextCursor") else ""
    return (
        f"{_n(body.get('count'))} of {_n(body.get('total'))} notifications" + (f": {listed}" if listed else "") + more
    )


# -- the server --------------------------------------------------------------------------------------------------


def default_api_url(settings: Settings) -> str:
    """The API of the same installation, over loopback unless it listens on one specific address."""
    host = settings.feeds_host
    if host in ("", "0.0.0.0", "::"):
        host = "127.0.0.1"
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{settings.feeds_port}"


def create_mcp_server(api_url: str) -> tuple[MCPServer, ApiCaller]:
    """The MCPServer with every tool registered, each calling the API at `api_url`."""
    api = ApiCaller(api_url)
    server: MCPServer = MCPServer(
        name="ai-feeds",
        title="AI ecosystem data feeds",
        instructions=INSTRUCTIONS,
        version="1.0.0",
        log_level="WARNING",
    )
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    def tool(annotations: ToolAnnotations) -> Callable[[ToolFn], ToolFn]:
        """Register with the docstring on one line: it is the description an agent chooses by."""

        def register(fn: ToolFn) -> ToolFn:
            server.add_tool(fn, description=" ".join((fn.__doc__ or "").split()), annotations=annotations)
            return fn

        return register

    async def fetch(
        ctx: Context,
        path: str,
        summarize: Any,
        *,
        keyed: bool,
        params: Mapping[str, Any] | None = None,
        method: str = "GET",
        json: Any = None,
    ) -> CallToolResult:
        authorization = authorization_of(ctx)
        if keyed and authorization is None:
            body = orjson.loads(problem_body(401, "unauthorized", NEEDS_KEY))
            return error_result(401, body, None)
        response, body = await api.call(method, path, authorization, params, json)
        if response.status_code >= 400 or not isinstance(body, dict):
            return error_result(response.status_code, body, response.headers.get("retry-after"))
        return ok_result(summarize(body), body)

    def unknown_feed(feed: str) -> CallToolResult | None:
        """The feed is a path segment of the API: anything else is refused here, worded as the API would."""
        if feed in FEED_NAMES:
            return None
        detail = f"`feed` must be one of {', '.join(FEED_NAMES)}; got {feed!r}"
        return error_result(400, orjson.loads(problem_body(400, "bad_request", detail, {"parameter": "feed"})), None)

    @tool(read_only)
    async def list_feeds(ctx: Context) -> Annotated[CallToolResult, FeedList]:
        """List the six feeds: name, title, source, entity key format with an example, the date field
        `since` filters on, the feed-specific query parameter, whether it has a momentum leaderboard, last
        refresh and current row count. Free (no key, no quota). Call it first to learn the entity formats
        the other tools take."""
        response, body = await api.call("GET", f"{API}/sample", authorization_of(ctx))
        meta = {}
        if response.status_code == 200 and isinstance(body, dict):
            meta = {page.get("feed"): page for page in body.get("feeds") or [] if isinstance(page, dict)}
        feeds: list[dict[str, Any]] = [
            {
                "name": name,
                "title": info.title,
                "source": info.source,
                "entity": info.entity_help.replace("`", ""),
                "example": info.example,
                "since_field": info.since_field,
                "extra_parameter": f"{info.exact_param}: {info.exact_help}" if info.exact_param else None,
                "momentum": info.momentum,
                "updatedAt": meta.get(name, {}).get("updatedAt"),
                "total": meta.get(name, {}).get("total"),
            }
            for name, info in FEEDS.items()
        ]
        out = {"count": len(feeds), "feeds": feeds}
        summary = "6 feeds: " + ", ".join(
            f"{f['name']} ({_n(f['total'])} rows)" if f["total"] is not None else f["name"] for f in feeds
        )
        return ok_result(summary, out)

    @tool(read_only)
    async def query_feed(
        ctx: Context,
        feed: FeedName,
        q: Annotated[
            str | None,
            Field(description="Case-insensitive substring match across all fields (at most 256 characters)."),
        ] = None,
        since: Annotated[
            str | None,
            Field(
                description="ISO 8601 date or date-time (2026-11-01 or "
                "2026-11-01T08:00:00Z): only rows whose date field (see "
                "list_feeds: since_field) is on or after it."
            ),
        ] = None,
        limit: Annotated[int | None, _limit("Rows per page, 1 to 1000; default 100.", 1, 1000)] = None,
        offset: Annotated[
            int | None, Field(description="Rows to skip (paging); default 0.", json_schema_extra={"minimum": 0})
        ] = None,
        repo: Annotated[
            str | None,
            Field(
                description="codehost-ai-repos only: one repository, exact "
                "`owner/name`. An untracked one is queued for daily collection "
                "(the answer says so under `queued`)."
            ),
        ] = None,
        url: Annotated[
            str | None,
            Field(
                description="ai-pricing only: one pricing page, exact https URL. "
                "An untracked one is added to the daily watchlist."
            ),
        ] = None,
    ) -> Annotated[CallToolResult, FeedPage]:
        """Read the current rows of one feed, newest first by its date field, with optional search (q),
        date filter (since) and paging (limit/offset). Returns {feed, title, source, updatedAt, total,
        offset, limit, count, data: [rows]}; every row has `entity`, its key. Row fields by feed:
        codehost-ai-repos stars, forks, language, license, topics, created_at; forum-launch-ai points,
        comments, created_at; mcp-servers version, remotes, packages, repository, publishedAt; ai-pricing
        plans and prices, changes since the previous snapshot, snapshotAt; llm-pricing $ per 1M input and
        output tokens, context length, modalities, new-model and price-change flags, created;
        modelhub-trending likes, downloads, task, trending score, kind (model, space, dataset). Needs a key;
        costs one request of the monthly quota (not the daily history cap). For one entity's full card use
        get_entity; for its daily series use entity_history."""
        if (refused := unknown_feed(feed)) is not None:
            return refused
        params = {"q": q, "since": since, "limit": limit, "offset": offset, "repo": repo, "url": url}
        return await fetch(ctx, f"{API}/{feed}", summarize_page, keyed=True, params=params)

    @tool(read_only)
    async def entity_history(
        ctx: Context,
        feed: FeedName,
        entity: EntityKey,
        from_date: Annotated[
            str | None,
            Field(
                description="First day, YYYY-MM-DD. Default: as far back as "
                "the plan sees (Starter: last 30 days; Pro: full archive, "
                "90-day window)."
            ),
        ] = None,
        to_date: Annotated[
            str | None,
            Field(
                description="Last day, YYYY-MM-DD; at most 90 days after from_date. Default: the latest archived day."
            ),
        ] = None,
        limit: Annotated[int | None, _limit("Days per page, 1 to 90; default 31.", 1, 90)] = None,
        cursor: Annotated[
            str | None,
            Field(
                description="The `nextCursor` of the previous page (a date), to read the next page of the same window."
            ),
        ] = None,
    ) -> Annotated[CallToolResult, HistoryPage]:
        """Daily time series of ONE entity (there is no whole-feed history): {feed, entity, from, to,
        limit, count, nextCursor, data: [{date, ...metrics, rank}]}, oldest first; follow nextCursor while
        it is not null. Metrics by feed: codehost-ai-repos stars, forks, open_issues; forum-launch-ai
        points, comments; mcp-servers remotes, packages, releases, version; ai-pricing plans, min_price,
        max_price, changes; llm-pricing price_input_per_1m, price_output_per_1m, context_length;
        modelhub-trending likes, downloads, trending_score. `rank` is the entity's rank that day (1 =
        highest). Needs a key. COSTS: one request of the monthly quota AND one of the daily history+trends
        cap (200 Starter, 1,000 Pro per day); requesting many distinct entities fast throttles the key for an
        hour. Errors: 404 unknown entity, 400 bad dates / window over 90 days / before the plan's depth."""
        if (refused := unknown_feed(feed)) is not None:
            return refused
        params = {"entity": entity, "from": from_date, "to": to_date, "limit": limit, "cursor": cursor}
        return await fetch(ctx, f"{API}/{feed}/history", summarize_history, keyed=True, params=params)

    @tool(read_only)
    async def entity_asof(
        ctx: Context,
        feed: FeedName,
        entity: EntityKey,
        date: Annotated[
            str,
            Field(
                description="The day, YYYY-MM-DD (UTC): not after today, within the plan's history depth "
                "(Starter: last 30 days; Pro: full archive)."
            ),
        ],
    ) -> Annotated[CallToolResult, AsOfOut]:
        """ONE entity's full row exactly as archived on a past day: the prices, stars, version then in force
        (e.g. to cost past usage at the price of that day). Returns {feed, entity, date, observedOn, source,
        snapshotHash, snapshotRows, row}: `row` is the feed row of `observedOn`, which is `date` itself or, when
        the entity has no row that day, the last archived day before it that holds it; `snapshotHash` is the
        SHA-256 of that day's whole snapshot of the feed, `source` the feed's upstream. Needs a key. COSTS: one
        request of the monthly quota AND one of the daily history+trends cap (200 Starter, 1,000 Pro per day),
        like entity_history. Errors: 404 unknown entity or a date before its first archived day, 400 a bad or
        future date or one before the plan's depth."""
        if (refused := unknown_feed(feed)) is not None:
            return refused
        params = {"entity": entity, "date": date}
        return await fetch(ctx, f"{API}/{feed}/asof", summarize_asof, keyed=True, params=params)

    @tool(read_only)
    async def trends(
        ctx: Context,
        window: Annotated[
            str | None,
            Field(
                description="Comparison window: 1d, 7d or 30d; default 7d.", json_schema_extra={"enum": list(WINDOWS)}
            ),
        ] = None,
        feed: Annotated[
            str | None,
            Field(
                description="One feed name (see list_feeds); default: every feed. Required with `date`.",
                json_schema_extra={"enum": list(FEED_NAMES)},
            ),
        ] = None,
        date: Annotated[
            str | None,
            Field(
                description="A past day YYYY-MM-DD (needs `feed`, within the plan's "
                "history depth: Starter last 30 days). Default: the latest "
                "trends."
            ),
        ] = None,
    ) -> Annotated[CallToolResult, TrendsOut]:
        """Top movers and change events over a window: per feed {feed, window, date, from, metric,
        movers (top 50 by absolute change of the metric: stars, points, releases, min_price,
        price_input_per_1m, likes), moversRelative (top 50 by percent), events [{type: new_entity |
        version_bump | price_change, feed, entity, date, old, new, detail}], partial}; without `feed`,
        every feed under `feeds`. Use it to answer "what grew / changed / appeared lately". Needs a key.
        COSTS: one request of the monthly quota AND one of the daily history+trends cap (200 Starter,
        1,000 Pro per day)."""
        params = {"window": window, "feed": feed, "date": date}
        return await fetch(ctx, f"{API}/trends", summarize_trends, keyed=True, params=params)

    @tool(read_only)
    async def momentum_leaderboard(
        ctx: Context,
        category: Annotated[
            str | None,
            Field(
                description="codehost-ai-repos, mcp-servers, llm-pricing or modelhub-trending; default: all four.",
                json_schema_extra={"enum": list(MOMENTUM_CATEGORIES)},
            ),
        ] = None,
        limit: Annotated[int | None, _limit("Entities per category, 1 to 100; default 100.", 1, 100)] = None,
    ) -> Annotated[CallToolResult, MomentumOut]:
        """Momentum leaderboard, recomputed daily: {category, date, count, limit, data: [{rank, entity,
        score 0-100, components {growth, consistency, recency, demand}, basis}]}, or every category under
        `categories`. Score = growth velocity 45% + consistency 20% + recency 20% + agent demand 15%;
        basis `bootstrap` means lifetime rates (archive younger than 7 days). Free: no key, no quota."""
        params = {"category": category, "limit": limit}
        return await fetch(ctx, f"{API}/momentum", summarize_momentum, keyed=False, params=params)

    @tool(read_only)
    async def demand_index(ctx: Context) -> Annotated[CallToolResult, schemas.DemandResponse]:
        """Demand index: the entities AI agents looked up most over the seven days ending on the latest
        archived day (lookups of one entity via the API or this MCP server: entity_history, get_entity,
        query_feed with repo/url). {from, to, count, data: [top 100]}; empty when nothing was looked up.
        Free: no key, no quota."""
        return await fetch(ctx, f"{API}/demand", summarize_demand, keyed=False)

    @tool(read_only)
    async def get_entity(ctx: Context, feed: FeedName, entity: EntityKey) -> Annotated[CallToolResult, EntityOut]:
        """Everything about ONE entity in one call: {entity, feed, current (in the latest snapshot),
        firstSeen, lastSeen, row (its latest full row), momentum {score, components, basis, history of
        daily scores} (null for feeds without momentum: forum-launch-ai, ai-pricing), events (its recent
        new_entity / version_bump / price_change events), links (the same thing in other feeds: [{feed,
        entity, page, via}], e.g. an MCP server's repository or an LLM's hub model; pass feed and entity
        back to get_entity), demand {rank this week or null, lookups, weeks: last 8 weeks oldest first}}.
        Needs a key; costs one request of the monthly quota (not the daily history+trends cap) and counts
        toward the velocity throttle. 404 when the
        entity is unknown: check the key format (list_feeds) or find it with query_feed(q=...)."""
        if (refused := unknown_feed(feed)) is not None:
            return refused
        return await fetch(ctx, f"{API}/{feed}/entity", summarize_entity, keyed=True, params={"entity": entity})

    @tool(read_only)
    async def sample(
        ctx: Context,
        name: Annotated[
            str | None,
            Field(description="One feed name; default: every feed.", json_schema_extra={"enum": list(FEED_NAMES)}),
        ] = None,
    ) -> Annotated[CallToolResult, SampleOut]:
        """A free sample: 5 rows of one feed (a feed page: {feed, title, source, updatedAt, total, count,
        data}), or of every feed under `feeds`. Free: no key, no quota. Use it to see row fields before
        buying or querying."""
        return await fetch(ctx, f"{API}/sample", summarize_sample, keyed=False, params={"name": name})

    @tool(read_only)
    async def list_watches(ctx: Context) -> Annotated[CallToolResult, schemas.WatchList]:
        """The watches of your key: {count, limit (5 Starter, 50 Pro), data: [{id, entity, type, threshold,
        feed, key, createdAt}]}. Needs a key; costs one request of the monthly quota."""
        return await fetch(ctx, f"{API}/watches", summarize_watches, keyed=True)

    @tool(read_only)
    async def list_watch_events(
        ctx: Context,
        limit: Annotated[int | None, _limit("Page size, 1 to 1000 (default 100).", 1, EVENTS_MAX_LIMIT)] = None,
        offset: Annotated[
            int | None, _limit("Notifications to skip (not with cursor; default 0).", 0, OFFSET_MAX)
        ] = None,
        cursor: Annotated[
            str | None, Field(description="The nextCursor of the previous page, for the next (older) page.")
        ] = None,
        since: Annotated[
            str | None, Field(description="Only notifications created at or after this ISO 8601 date-time.")
        ] = None,
    ) -> Annotated[CallToolResult, schemas.WatchEventList]:
        """The notifications of your key's watches, newest first: {total, limit, offset, count, nextCursor,
        data: [{id, watchId, entity, feed, type, date, event, createdAt, delivery}]}; each `event` is a change
        event {id, type, feed, entity, page, date, title, summary, old, new, detail, dimensions} (the same
        object trends lists), e.g. a price change with before/after/percent per price. Page with `cursor`
        (the previous nextCursor) or `offset`. Needs a key; costs one request of the monthly quota."""
        params = {"limit": limit, "offset": offset, "cursor": cursor, "since": since}
        return await fetch(ctx, f"{API}/watches/events", summarize_watch_events, keyed=True, params=params)

    @tool(ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False))
    async def add_watch(
        ctx: Context,
        entity: Annotated[
            str,
            Field(
                description="The entity's page path: /repo/<owner>/<name>, "
                "/mcp/<server name>, /llm/<model id>, /hub/<model|space|dataset>/<id>, "
                "/forum/<item id>, /pricing/<host>/<path>."
            ),
        ],
        type: Annotated[
            str | None,
            Field(
                description="What to watch for: any (default), price_change, "
                "version_bump, momentum_jump (score moves by threshold points, "
                "default 10), momentum_above (score crosses threshold, default 80).",
                json_schema_extra={"enum": list(WATCH_TYPES)},
            ),
        ] = None,
        threshold: Annotated[float | None, Field(description="For momentum_jump / momentum_above; optional.")] = None,
    ) -> Annotated[CallToolResult, schemas.Watch]:
        """Watch an entity for changes; returns the new watch {id, entity, type, threshold, feed, key,
        createdAt}. A key holds at most 5 watches on Starter, 50 on Pro (403 watch_limit); the same entity
        and type twice is refused (409 watch_exists); an unknown page path is 404. Needs a key; costs one
        request of the monthly quota."""
        body: dict[str, Any] = {"entity": entity}
        if type is not None:
            body["type"] = type
        if threshold is not None:
            body["threshold"] = threshold

        def summary(watch: dict[str, Any]) -> str:
            return f"watching {watch.get('entity')} for {watch.get('type')} (id {watch.get('id')})"

        return await fetch(ctx, f"{API}/watches", summary, keyed=True, method="POST", json=body)

    @tool(ToolAnnotations(read_only_hint=False, destructive_hint=True, idempotent_hint=True, open_world_hint=False))
    async def delete_watch(
        ctx: Context,
        id: Annotated[str, Field(description="The watch id (from list_watches or add_watch), e.g. w_0123abcd.")],
    ) -> Annotated[CallToolResult, schemas.WatchDeleted]:
        """Delete one of your key's watches; returns {deleted: id}. 404 when the key has no such watch.
        Needs a key; costs one request of the monthly quota."""

        def summary(body: dict[str, Any]) -> str:
            return f"deleted watch {body.get('deleted')}"

        return await fetch(ctx, f"{API}/watches", summary, keyed=True, method="DELETE", params={"id": id})

    return server, api


def allowed_hosts(settings: Settings, extra: list[str] | None = None) -> TransportSecuritySettings:
    """DNS-rebinding protection that still admits the public host of FEEDS_BASE_URL (behind a proxy)."""
    hosts = ["127.0.0.1", "127.0.0.1:*", "localhost", "localhost:*", "[::1]", "[::1]:*"]
    origins = ["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"]
    public = urlsplit(settings.feeds_base_url)
    if public.hostname and public.hostname not in ("127.0.0.1", "localhost"):
        hosts += [public.netloc, public.hostname, f"{public.hostname}:*"]
        origins += [f"{public.scheme}://{public.netloc}", f"{public.scheme}://{public.hostname}:*"]
    for host in extra or ():
        hosts += [host, f"{host}:*"]
        origins += [f"https://{host}", f"http://{host}:*"]
    return TransportSecuritySettings(enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins)


def create_mcp_app(
    settings: Settings | None = None, api_url: str | None = None, extra_hosts: list[str] | None = None
) -> Starlette:
    """The ASGI app: MCP at `/mcp` (stateless streamable HTTP, JSON answers) and `/healthz`."""
    settings = settings or Settings()
    api_url = api_url or default_api_url(settings)
    server, api = create_mcp_server(api_url)
    inner = server.streamable_http_app(
        streamable_http_path="/mcp",
        stateless_http=True,
        json_response=True,
        transport_security=allowed_hosts(settings, extra_hosts),
    )

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with inner.router.lifespan_context(inner):
            try:
                yield
            finally:
                await api.aclose()

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "api": api_url}, headers={"Cache-Control": "no-store"})

    app = Starlette(routes=[Route("/healthz", health), Mount("/", app=inner)], lifespan=lifespan)
    app.state.api_url = api_url
    return app
