"""The OpenAPI 3.1 document of the API, generated from the pydantic models and served as JSON.

Schemas come from server/schemas.py and collectors/models.py through pydantic's JSON Schema
generation (OpenAPI 3.1 uses JSON Schema 2020-12, so they need no translation); only the operations
(paths, parameters, statuses, headers) are assembled here, from the same constants the handlers
use. The document is built once per base URL and kept as bytes: the endpoint only sends them.

Choices SPEC.md leaves open are written into the descriptions, because clients and AI agents read
this document rather than the README: body shapes, the problem+json error body and its `code`,
watch error statuses, the history window rule, plan depths and the default trends window.
"""

from __future__ import annotations

import copy
from functools import lru_cache
from typing import Any

import orjson
from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from collectors.claims import CLAIM_FILE, LIMITS
from collectors.models import FEED_NAMES, FEEDS, REPO_NAME
from feeds.settings import Settings
from server import schemas
from server.contract import (
    API,
    ATOM_CONTENT_TYPE,
    CLAIM_MAX_BODY,
    DEFAULT_WINDOW,
    ENTITY_MAX,
    EVENTS_DEFAULT_LIMIT,
    EXPORT_FORMATS,
    EXPORT_WAIT,
    FEED_LIMIT_DEFAULT,
    FEED_LIMIT_MAX,
    HISTORY_DEFAULT_LIMIT,
    HISTORY_FORMATS,
    HISTORY_LIMIT_MAX,
    HISTORY_MAX_WINDOW,
    JSON,
    MAX_BODY,
    MOMENTUM_CATEGORIES,
    MOMENTUM_LIMIT_MAX,
    OFFSET_MAX,
    PRIVATE_CACHE,
    PUBLIC_CACHE,
    Q_MAX,
    REQUEST_MAX_BYTES,
    REQUEST_MAX_HEADER_BYTES,
    URL_MAX,
    WATCH_ID_MAX,
    WINDOWS,
)
from server.errors import CODES, PROBLEM, TITLES

OPENAPI_VERSION = "3.1.0"
API_VERSION = "1.0.0"
REF = "#/components/schemas/{model}"
BEARER = "bearerAuth"

FEED_LIMIT = {"minimum": 1, "maximum": FEED_LIMIT_MAX, "default": FEED_LIMIT_DEFAULT}
HISTORY_LIMIT = {"minimum": 1, "maximum": HISTORY_LIMIT_MAX, "default": HISTORY_DEFAULT_LIMIT}
MOMENTUM_LIMIT = {"minimum": 1, "maximum": MOMENTUM_LIMIT_MAX, "default": MOMENTUM_LIMIT_MAX}

RESPONSE_MODELS: tuple[type[BaseModel], ...] = (
    *schemas.FEED_RESPONSES.values(),
    schemas.SampleResponse,
    schemas.AnyHistoryResponse,
    schemas.AnyEntityCard,
    schemas.AnyAsOfResponse,
    schemas.TrendsResult,
    schemas.MomentumResult,
    schemas.DemandResponse,
    schemas.WatchCreate,
    schemas.Watch,
    schemas.WatchList,
    schemas.WatchDeleted,
    schemas.WatchEventList,
    schemas.WebhookSecret,
    schemas.EventsFeed,
    schemas.ExportList,
    schemas.Problem,
    schemas.Health,
)
"""Every top-level body; nested models (rows, events, movers...) are pulled in as their components."""
CLAIM_MODELS: tuple[type[BaseModel], ...] = (schemas.ClaimCreate, schemas.ClaimForm, schemas.ClaimAccepted)
"""Bodies of POST /claims (the entity card's `maintainer` comes in through the card models)."""

INTRO = f"""\
Daily-refreshed data feeds on the AI ecosystem: six feeds, per-entity daily history, trends (top movers
and change events), a free momentum leaderboard, a free demand index, a free sample and a per-key watch list.

**Authentication.** `Authorization: Bearer <API_KEY>` on every endpoint but `/api/v1/sample`, `/api/v1/momentum`,
`/api/v1/demand`, `/api/v1/openapi.json`, `/api/v1/claims` and `/healthz`. A missing, invalid or revoked key is a 401.

**Plans and limits.** Starter: 10,000 requests per calendar month (UTC), history, as-of and trends reach the last 30
days, 200 history + trends calls per UTC day (an as-of answer counts as a history call), 5 watches. Pro: a larger
monthly quota, the full archive, 1,000 history + trends calls per day, 50 watches. A key requesting many distinct
entities or dates abnormally fast is throttled for one hour (`velocity_throttled`): the entities of history, as-of
and entity card lookups and the dates of past trends count toward it, and a throttled key is refused on every keyed
endpoint until the hour is over. Every keyed response carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and
`X-RateLimit-Reset` (monthly quota); every 429 carries `Retry-After`. Bulk or full-archive access needs a data
licence: the Licence plan (from $499/month) has Pro's limits plus the export endpoints (`/api/v1/export`), where
Starter and Pro keys get 403 `licence_required`.

**HEAD.** Every GET operation also answers HEAD: the same status and headers, no body (a keyed HEAD counts
like the GET).

**Errors.** Every error is `application/problem+json` (RFC 9457, schema `Problem`) with a machine-readable
top-level `code`; each error response below lists the codes it can carry (also as `x-error-codes`). A bad
parameter is a 400 naming it in `parameter`; values are never silently clamped, and a parameter given twice is a
400; query parameters an operation does not list are ignored. A request whose request line and headers are over
{REQUEST_MAX_HEADER_BYTES:,} bytes, or whose body is over {REQUEST_MAX_BYTES // 1024 // 1024} MiB (or the endpoint's
own lower body limit), is a 413 (`request_too_large`) on any path. Any method other than the documented ones on a
path is a 405 (`method_not_allowed`); an unknown path is a 404 (`not_found`); until the first build is published,
data endpoints answer 503 (`not_ready`) with `Retry-After`. A keyed request that finds the shared quota counters
unreachable is refused with 503 (`backend_unavailable`) and `Retry-After`, and nothing is counted.

**Caching.** Cacheable 200 responses carry an `ETag`; send it back in `If-None-Match` to get a 304 without a body
(a 304 counts as a request). Keyed responses are `Cache-Control: {PRIVATE_CACHE}`, public ones
`{PUBLIC_CACHE}` with `Access-Control-Allow-Origin: *`. Bodies of 1 KiB or more are gzip-compressed when the
request accepts it.

**Entities.** Every row carries `entity`, the key that `/history`, `/entity` and the trends documents use:
repository `owner/repo`, forum item id, MCP server name, pricing page URL, marketplace model id, hub
`model:<id>` / `space:<id>` / `dataset:<id>`. Watches name entities by their public page path instead
(`/repo/<owner>/<name>`, `/mcp/<server>`, ...). Public pages and badges (`/mcp/<server_id>`,
`/badge/mcp/<server_id>.svg`) are HTML and SVG outside `/api/v1` and are not described here.
"""


# -- small builders -------------------------------------------------------------------------------


def _query(name: str, schema: dict[str, Any], description: str, *, required: bool = False) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": required, "description": description, "schema": schema}


def _header(ref: str) -> dict[str, str]:
    return {"$ref": f"#/components/headers/{ref}"}


RATE_HEADERS = {name: _header(name) for name in ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")}


def _problem(status: int, codes: list[str], summary: str, *, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    """An error response: the Problem schema, its possible codes listed in the text and as `x-error-codes`."""
    unknown = set(codes) - set(CODES)
    assert not unknown, unknown
    listed = "; ".join(f"`{code}`: {CODES[code].rstrip('.')}" for code in codes)
    response: dict[str, Any] = {
        "description": f"{TITLES[status]}. {summary} Codes: {listed}.",
        "x-error-codes": codes,
        "content": {PROBLEM: {"schema": {"$ref": REF.format(model="Problem")}}},
    }
    if headers:
        response["headers"] = headers
    return response


def _ok(
    body: type[BaseModel] | dict[str, Any], description: str, *, keyed: bool, cacheable: bool = True
) -> dict[str, Any]:
    """A success response: its model, and the headers `send` adds (rate limits when keyed, CORS when public)."""
    schema = body if isinstance(body, dict) else {"$ref": REF.format(model=body.__name__)}
    headers: dict[str, Any] = {"Cache-Control": _header("Cache-Control")}
    if keyed:
        headers.update(RATE_HEADERS)
    else:
        headers["Access-Control-Allow-Origin"] = _header("Access-Control-Allow-Origin")
    if cacheable:
        headers["ETag"] = _header("ETag")
    return {
        "description": description,
        "headers": headers,
        "content": {JSON: {"schema": schema}},
    }


def _not_modified(keyed: bool) -> dict[str, Any]:
    headers: dict[str, Any] = {"ETag": _header("ETag"), "Cache-Control": _header("Cache-Control")}
    if keyed:
        headers.update(RATE_HEADERS)
    return {"description": "Not modified: the `If-None-Match` ETag is current. No body.", "headers": headers}


UNAUTHORIZED = _problem(
    401,
    ["unauthorized"],
    "Missing, malformed, invalid or revoked API key.",
    headers={"WWW-Authenticate": _header("WWW-Authenticate")},
)
NOT_READY = _problem(503, ["not_ready"], "No build is published yet.", headers={"Retry-After": _header("Retry-After")})
INTERNAL = _problem(500, ["internal"], "Unexpected server error (logged; no detail is given).")
STATE_UNAVAILABLE = _problem(
    503,
    ["backend_unavailable"],
    "A shared backend (the quota counters or the state store of keys, watches and claims) is unreachable for a "
    "moment; nothing was counted.",
    headers={"Retry-After": _header("Retry-After")},
)


def _reads_shared_backends(operation: dict[str, Any]) -> None:
    """Every keyed operation looks its key up in the state store and is counted by the quota counters, and
    claims are stored in the state store: while either is unreachable they answer 503 `backend_unavailable`
    with Retry-After (never a 500, never a free pass)."""
    responses = operation["responses"]
    current = responses.get("503")
    if current is None:
        responses["503"] = STATE_UNAVAILABLE
        return
    extra = f"; `backend_unavailable`: {CODES['backend_unavailable'].rstrip('.')}."
    responses["503"] = {
        **current,
        "description": current["description"].rstrip(".") + extra,
        "x-error-codes": [*current["x-error-codes"], "backend_unavailable"],
        "headers": {**current.get("headers", {}), "Retry-After": _header("Retry-After")},
    }


VELOCITY_LOOKUP = (
    "this lookup would make more than the velocity limit of distinct entities or dates within the window, so the "
    "key is throttled for bulk-extraction velocity for one hour, or it already is"
)
"""The throttle on the operations that count toward it: history, as-of, entity cards and trends of a past `date`."""
VELOCITY_KEY = (
    "the key is throttled for bulk-extraction velocity (one hour) by its history, as-of, entity card or trends "
    "lookups; a "
    "throttled key is refused on every keyed operation until the throttle ends, but this operation itself never "
    "counts toward the throttle"
)
"""The throttle on every other keyed operation: SPEC §8 throttles the key, and only lookups count toward it."""


def _too_many(codes: list[str], *, lookup: bool = False) -> dict[str, Any]:
    """The keyed 429: `lookup` for the operations whose entities or dates count toward the velocity throttle."""
    text = {
        "monthly_limit": "the monthly quota is used up (Retry-After: seconds to the next UTC month)",
        "daily_history_limit": "the daily history + trends calls are used up (Retry-After: seconds to UTC midnight)",
        "velocity_throttled": VELOCITY_LOOKUP if lookup else VELOCITY_KEY,
    }
    summary = "Limit reached: " + "; or ".join(text[c] for c in codes) + "."
    return _problem(429, codes, summary, headers={"Retry-After": _header("Retry-After"), **RATE_HEADERS})


def _too_large(limit: str = "") -> dict[str, Any]:
    """The 413 any request can get: Sanic refuses an oversized head or body before a route runs."""
    return _problem(
        413,
        ["request_too_large"],
        f"The request line and headers are over {REQUEST_MAX_HEADER_BYTES:,} bytes, or the body is over "
        f"{REQUEST_MAX_BYTES // 1024 // 1024} MiB{limit}.",
    )


TOO_LARGE = _too_large()


def _operation(
    op_id: str,
    summary: str,
    description: str,
    tags: list[str],
    parameters: list[dict[str, Any]],
    responses: dict[str, Any],
) -> dict[str, Any]:
    return {
        "operationId": op_id,
        "summary": summary,
        "description": description,
        "tags": tags,
        "parameters": parameters,
        "responses": {"413": TOO_LARGE, **responses, "default": INTERNAL},
    }


def _public(operation: dict[str, Any]) -> dict[str, Any]:
    """Public endpoints override the document-wide bearer requirement; their errors are readable cross-origin too."""
    responses = {}
    for status, response in operation["responses"].items():
        # Not the 413: Sanic refuses an oversized request before it is routed, so the route's CORS is not added.
        if PROBLEM in response.get("content", {}) and status != "413":
            cors = {"Access-Control-Allow-Origin": _header("Access-Control-Allow-Origin")}
            response = {**response, "headers": {**response.get("headers", {}), **cors}}
        responses[status] = response
    return {**operation, "responses": responses, "security": []}


def _keyless(operation: dict[str, Any]) -> dict[str, Any]:
    """An endpoint whose credential is not the API key (a secret feed token): no bearer requirement."""
    return {**operation, "security": []}


IF_NONE_MATCH = {"$ref": "#/components/parameters/If-None-Match"}


# -- operations -----------------------------------------------------------------------------------


SINCE_RULES = (
    "A plain date `YYYY-MM-DD` means its midnight UTC; without an offset the time is UTC; fractions of a second "
    "round up to the next whole second. Any year from 0001 to 9999 is accepted: a `since` before every row "
    "(`1900-01-01`) means everything, one after every row means nothing."
)


def _feed_operation(feed: str) -> dict[str, Any]:
    info = FEEDS[feed]
    params = [
        _query("limit", {"type": "integer", **FEED_LIMIT}, "Page size, 1 to 1000."),
        _query(
            "offset",
            {"type": "integer", "minimum": 0, "maximum": OFFSET_MAX, "default": 0},
            f"Rows to skip, 0 to {OFFSET_MAX:,} (past the last row: an empty page).",
        ),
        _query(
            "since",
            {"type": "string", "format": "date-time"},
            f"Only rows whose `{info.since_field}` is on or after this ISO 8601 date-time. {SINCE_RULES} Rows "
            "without the field are excluded.",
        ),
        _query("q", {"type": "string", "maxLength": Q_MAX}, "Case-insensitive substring match across all fields."),
    ]
    bad = ["bad_request"]
    if feed == "codehost-ai-repos":
        params.append(
            _query(
                "repo",
                {"type": "string", "pattern": REPO_NAME.pattern},
                "Exact `<owner>/<name>` (case-insensitive): that repository only. An untracked repository is "
                "queued for daily collection and the response has an empty `data` and a `queued` object.",
            )
        )
    if feed == "ai-pricing":
        params.append(
            _query(
                "url",
                {"type": "string", "format": "uri", "maxLength": URL_MAX, "pattern": schemas.HTTPS},
                f"Exact pricing page URL (https, at most {URL_MAX} characters): that page only. A tracked page is "
                "answered from the build. An untracked https URL of a public host is added to the daily watchlist "
                "(empty `data`, a `queued` object); any other untracked URL is refused before anything is queued. "
                + schemas.URL_GUARD,
            )
        )
        bad = ["bad_request", "unsafe_url"]
    params.append(IF_NONE_MATCH)
    model = schemas.FEED_RESPONSES[feed]
    return _operation(
        feed.replace("-", "_"),
        info.title,
        f"{model.__doc__} Source: {info.source}. Rows are newest first by `{info.since_field}` (the field `since` "
        "filters on); `total` counts the matching rows before paging.",
        ["feeds"],
        params,
        {
            "200": _ok(model, "A page of the feed.", keyed=True),
            "304": _not_modified(True),
            "400": _problem(400, bad, "Invalid parameter (named in `parameter`)."),
            "401": UNAUTHORIZED,
            "429": _too_many(["monthly_limit", "velocity_throttled"]),
            "503": NOT_READY,
        },
    )


FEED_PATH_PARAM = {
    "name": "feed",
    "in": "path",
    "required": True,
    "description": "Feed name.",
    "schema": {"type": "string", "enum": list(FEED_NAMES)},
}
ENTITY_FORMATS = (
    "Entity key, by feed: repository `<owner>/<repo>`; forum post: the item id; MCP server: the server name; "
    "hub: `model:<id>`, `space:<id>` or `dataset:<id>`; LLM: the marketplace model id; pricing page: the page URL."
)


def _history_ok() -> dict[str, Any]:
    response = _ok(
        schemas.AnyHistoryResponse, "A page of the entity's history (JSON, or CSV with `format=csv`).", keyed=True
    )
    response["content"]["text/csv"] = {"schema": {"type": "string"}}
    response["headers"]["X-Next-Cursor"] = _header("X-Next-Cursor")
    return response


def _history_operation() -> dict[str, Any]:
    day = {"type": "string", "format": "date"}
    return _operation(
        "history",
        "Daily history of one entity",
        "The daily time series `{date, ...metrics, rank}` of one entity, oldest first, in pages of `limit` rows; "
        "follow `nextCursor` (pass it as `cursor` with the same `from`/`to`) until it is null. There is no "
        "whole-feed history. Metrics by feed: codehost-ai-repos stars, forks, open_issues (rank by stars); "
        "forum-launch-ai points, comments (rank by points); mcp-servers remotes, packages, releases, version "
        "(rank by releases); ai-pricing plans, min_price, max_price, changes (no rank); llm-pricing "
        "price_input_per_1m, price_output_per_1m, context_length (rank by context length); modelhub-trending "
        "likes, downloads, trending_score (rank by trending score). Days on which the entity had no row are absent.\n\n"
        f"Window: at most {HISTORY_MAX_WINDOW} days, both ends included (`from` 2026-11-01 to `to` 2026-11-01 is "
        f"one day). Without `from` and `to`: the last 30 days (Starter) or {HISTORY_MAX_WINDOW} days (Pro, Licence) "
        f"up to the feed's latest archived day. With only `from`: {HISTORY_MAX_WINDOW} days starting on it, cut at the "
        "latest day. With only `to`: the plan's default span ending on it. Depth: Starter sees the last 30 days "
        "(a `from` or `to` before that is a 400 `outside_plan_depth`), Pro and Licence the full archive. Counts "
        "toward the daily history + trends calls.\n\n"
        "With `format=csv` the same page is `text/csv`: a header row of the feed's history row fields (`date`, "
        "metrics, `rank`), one line per day, nested values as JSON, null as an empty cell; the next page's cursor is "
        "in the `X-Next-Cursor` header (absent on the last page). It counts exactly as the JSON call.",
        ["history"],
        [
            FEED_PATH_PARAM,
            _query(
                "entity", {"type": "string", "minLength": 1, "maxLength": ENTITY_MAX}, ENTITY_FORMATS, required=True
            ),
            _query("from", day, "First day (UTC), inclusive."),
            _query("to", day, f"Last day (UTC), inclusive; the window is at most {HISTORY_MAX_WINDOW} days."),
            _query("limit", {"type": "integer", **HISTORY_LIMIT}, "Page size, 1 to 90."),
            _query("cursor", day, "The `nextCursor` of the previous page (a day inside the window)."),
            _query(
                "format",
                {"type": "string", "enum": list(HISTORY_FORMATS), "default": "json"},
                "`json` (the page) or `csv` (its rows as `text/csv`).",
            ),
            IF_NONE_MATCH,
        ],
        {
            "200": _history_ok(),
            "304": _not_modified(True),
            "400": _problem(
                400,
                ["bad_request", "outside_plan_depth"],
                f"Missing `entity`, a bad date, `from` after `to`, a window over {HISTORY_MAX_WINDOW} days, a "
                "`cursor` outside the window, or a `from`/`to` before the plan's depth.",
            ),
            "401": UNAUTHORIZED,
            "404": _problem(404, ["not_found"], "Unknown feed or entity."),
            "429": _too_many(["monthly_limit", "daily_history_limit", "velocity_throttled"], lookup=True),
            "503": NOT_READY,
        },
    )


def _entity_operation() -> dict[str, Any]:
    return _operation(
        "entity",
        "One entity: latest row, momentum, recent events, links to other feeds and demand",
        "The entity's latest archived row, whether it is in the current day, its first and last archived days, "
        "its momentum (score, components, basis and recent score history; null on feeds without momentum), its "
        "20 most recent change events, newest first, `links` to the same thing tracked in other feeds (each with "
        "the rule that found it, `via`; ambiguous matches are left out) and `demand`: its rank in this week's "
        "demand index (null without lookups) and its last 8 weeks, oldest first.",
        ["history"],
        [
            FEED_PATH_PARAM,
            _query(
                "entity", {"type": "string", "minLength": 1, "maxLength": ENTITY_MAX}, ENTITY_FORMATS, required=True
            ),
            IF_NONE_MATCH,
        ],
        {
            "200": _ok(schemas.AnyEntityCard, "The entity card.", keyed=True),
            "304": _not_modified(True),
            "400": _problem(400, ["bad_request"], "Missing or invalid `entity`."),
            "401": UNAUTHORIZED,
            "404": _problem(404, ["not_found"], "Unknown feed or entity."),
            "429": _too_many(["monthly_limit", "velocity_throttled"], lookup=True),
            "503": NOT_READY,
        },
    )


def _asof_operation() -> dict[str, Any]:
    return _operation(
        "asof",
        "One entity as archived on a day",
        "The entity's row exactly as the feed served it on `date` (UTC), with the values then in force: its prices, "
        "stars, version. When the entity has no row that day (no collection that day, a page that failed to load, "
        "a day after the latest archived one) the row is the one of the last archived day before `date` that "
        "holds the entity, and `observedOn` says which day it is. `snapshotHash` names the whole snapshot of the "
        "feed on `observedOn` (SHA-256 of its rows), so an answer can be cited and checked; `source` is the "
        "feed's upstream. Days up to the feed's latest archived day of the current build are used.\n\n"
        "Counts as a history call: one request of the monthly quota and one of the daily history + trends calls, "
        "and the entity counts toward the velocity throttle as a history lookup does. Depth: Starter sees the last "
        "30 days of the archive, Pro and Licence all of it; a `date` before that is a 400 `outside_plan_depth`, and "
        "so is a `date` inside it whose row would come from a day before it (the entity was last archived earlier). "
        "A `date` after today (UTC) is a 400 `bad_request`; an unknown entity, or a `date` before the entity's first "
        "archived day, is a 404.",
        ["history"],
        [
            FEED_PATH_PARAM,
            _query(
                "entity", {"type": "string", "minLength": 1, "maxLength": ENTITY_MAX}, ENTITY_FORMATS, required=True
            ),
            _query(
                "date",
                {"type": "string", "format": "date"},
                "The day (UTC), YYYY-MM-DD: not after today, within the plan's depth.",
                required=True,
            ),
            IF_NONE_MATCH,
        ],
        {
            "200": _ok(schemas.AnyAsOfResponse, "The entity's row as of the day.", keyed=True),
            "304": _not_modified(True),
            "400": _problem(
                400,
                ["bad_request", "outside_plan_depth"],
                "Missing or invalid `entity` or `date`, a `date` after today, or a `date` (or the day its row comes "
                "from) before the plan's depth.",
            ),
            "401": UNAUTHORIZED,
            "404": _problem(404, ["not_found"], "Unknown feed or entity, or a `date` before its first archived day."),
            "429": _too_many(["monthly_limit", "daily_history_limit", "velocity_throttled"], lookup=True),
            "503": NOT_READY,
        },
    )


def _trends_operation() -> dict[str, Any]:
    return _operation(
        "trends",
        "Top movers and change events",
        "Top movers (by absolute and by relative change of the feed's main metric) and change events "
        "(`new_entity`, `version_bump`, `price_change`, `momentum_jump`, `trending_enter`, `trending_exit`; each a "
        "`ChangeEvent` with a stable `id`, a `title`, a `summary` and per-dimension `dimensions`) over a window. "
        "Each feed's events of the last 7 days are also a public Atom feed at `/feeds/<feed>/changes.atom`. "
        "Without `feed`: the latest trends of every feed (`TrendsLatestResponse`). With `feed`: that feed's "
        "document (`TrendsResponse`), the latest one or, "
        "with `date`, the one ending on that day. A past `date` requires `feed` and must lie within the plan's "
        "depth (Starter: the last 30 days; Pro and Licence: the full archive). Counts toward the daily history + "
        "trends calls.",
        ["trends"],
        [
            _query(
                "window",
                {"type": "string", "enum": list(WINDOWS), "default": DEFAULT_WINDOW},
                f"Window length; default `{DEFAULT_WINDOW}`.",
            ),
            _query("feed", {"type": "string", "enum": list(FEED_NAMES)}, "One feed only (required with `date`)."),
            _query("date", {"type": "string", "format": "date"}, "Last day of the window (UTC); default: latest."),
            IF_NONE_MATCH,
        ],
        {
            "200": _ok(schemas.TrendsResult, "The trends document(s).", keyed=True),
            "304": _not_modified(True),
            "400": _problem(
                400,
                ["bad_request", "outside_plan_depth"],
                "Invalid parameter, a `date` without `feed`, or a `date` before the plan's depth.",
            ),
            "401": UNAUTHORIZED,
            "404": _problem(404, ["not_found"], "No trends document for that feed, window and date."),
            "429": _too_many(["monthly_limit", "daily_history_limit", "velocity_throttled"], lookup=True),
            "503": NOT_READY,
        },
    )


def _watch_operations() -> dict[str, Any]:
    too_many = _too_many(["monthly_limit", "velocity_throttled"])
    watch_ref = {"$ref": REF.format(model="WatchCreate")}
    return {
        "get": _operation(
            "watches_list",
            "List the key's watches",
            "The watches of the key's account (a rotated key keeps them), oldest first, with the plan's limit.",
            ["watches"],
            [],
            {
                "200": _ok(schemas.WatchList, "The watches.", keyed=True, cacheable=False),
                "401": UNAUTHORIZED,
                "429": too_many,
            },
        ),
        "post": {
            **_operation(
                "watches_add",
                "Add a watch",
                "Watch an entity, named by its public page path, for one type of change. At most 5 watches per "
                "key on Starter and 50 on Pro and Licence (403 `watch_limit`); the same entity and type twice is a 409 "
                "`watch_exists`; an entity the current build does not know is a 404. Momentum types take a "
                "`threshold` (default 10 points for `momentum_jump`, 80 for `momentum_above`). An optional "
                "`webhook` (https, public host) receives each notification of the watch as a signed POST (see "
                "GET /watches/events and GET /watches/webhook-secret).",
                ["watches"],
                [],
                {
                    "201": {
                        **_ok(schemas.Watch, "The watch was added.", keyed=True, cacheable=False),
                        "headers": {
                            "Location": _header("Location"),
                            "Cache-Control": _header("Cache-Control"),
                            **RATE_HEADERS,
                        },
                    },
                    "400": _problem(
                        400,
                        ["bad_request", "unsafe_url"],
                        "The body is not a JSON object, has unknown fields, or has a "
                        "missing `entity`, an unknown `type`, a non-finite `threshold` or a malformed `webhook`; "
                        "or the `webhook` is not https on the default port of a public host (`unsafe_url`).",
                    ),
                    "401": UNAUTHORIZED,
                    "403": _problem(403, ["watch_limit"], "The key already holds its plan's number of watches."),
                    "404": _problem(404, ["not_found"], "No entity has this page path in the current build."),
                    "409": _problem(409, ["watch_exists"], "The key already watches this entity for this type."),
                    "413": _too_large(f" (this operation: {MAX_BODY:,} bytes)"),
                    "429": too_many,
                    "503": NOT_READY,
                },
            ),
            "requestBody": {
                "required": True,
                "description": "The watch to add.",
                "content": {
                    JSON: {
                        "schema": watch_ref,
                        "example": {"entity": "/repo/acme/agent-kit", "type": "momentum_jump", "threshold": 15},
                    }
                },
            },
        },
        "delete": _operation(
            "watches_delete",
            "Delete a watch",
            "Delete one of the key's watches by id. Another account's watch id is a 404 like an unknown one.",
            ["watches"],
            [_query("id", {"type": "string", "minLength": 1, "maxLength": WATCH_ID_MAX}, "Watch id.", required=True)],
            {
                "200": _ok(schemas.WatchDeleted, "The watch was deleted.", keyed=True, cacheable=False),
                "400": _problem(400, ["bad_request"], "Missing or over-long `id`."),
                "401": UNAUTHORIZED,
                "404": _problem(404, ["not_found"], "No watch with this id on this key."),
                "429": too_many,
            },
        ),
    }


def _watch_event_operations() -> dict[str, Any]:
    """The key's notifications and its webhook signing secret (server/watch_routes.py)."""
    too_many = _too_many(["monthly_limit", "velocity_throttled"])
    signature = (
        "Each notification of a watch with a `webhook` is POSTed there as JSON (the `WatchEvent` object without "
        "`delivery`) with `X-Feeds-Event-Id` (the notification id, the same on every retry: de-duplicate on it) "
        'and `X-Feeds-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the account\'s '
        "secret. Verify by recomputing the HMAC over the raw body, comparing in constant time, and refusing a `t` "
        "more than 5 minutes old."
    )
    secret_ok = _ok(schemas.WebhookSecret, "The secret.", keyed=True, cacheable=False)
    feed_ok = _ok(schemas.EventsFeed, "The account's notification feed.", keyed=True, cacheable=False)
    return {
        f"{API}/watches/events": {
            "get": _operation(
                "watch_events",
                "The key's watch notifications",
                "Notifications of the account's watches, newest first, each with its webhook delivery state. After "
                "each build every watch is evaluated against the change events and momentum of each feed's latest "
                "archived day: `price_change` and `version_bump` watches get those events; `momentum_jump` a score "
                "move of at least `threshold` points (default 10) since the entity's previous scored day; "
                "`momentum_above` a score crossing above `threshold` (default 80); `any` every change event plus "
                "momentum jumps of 10 points. A change is notified once per watch, however often it is evaluated. "
                "Kept for the plan's depth: Starter the last 30 days, Pro and Licence the whole archive. Page with "
                "`offset` or with `cursor` (the previous page's `nextCursor`; stable while new notifications arrive). "
                + signature
                + " Undelivered notifications are retried with exponential backoff on network errors, "
                "5xx and 429 (not on other 4xx) and on the next run; FEEDS_WEBHOOK_MAX_FAILURES (default 5) failed "
                "deliveries in a row disable the webhook (GET /watches shows it).",
                ["watches"],
                [
                    _query(
                        "limit",
                        {"type": "integer", "minimum": 1, "maximum": 1000, "default": 100},
                        "Page size, 1 to 1000.",
                    ),
                    _query(
                        "offset",
                        {"type": "integer", "minimum": 0, "maximum": OFFSET_MAX, "default": 0},
                        f"Notifications to skip, 0 to {OFFSET_MAX:,} (not with `cursor`).",
                    ),
                    _query(
                        "cursor",
                        {"type": "string", "pattern": "^[0-9]{1,18}$"},
                        "The `nextCursor` of the previous page (not with `offset`).",
                    ),
                    _query(
                        "since",
                        {"type": "string", "format": "date-time"},
                        f"Only notifications created at or after this ISO 8601 date-time. {SINCE_RULES}",
                    ),
                ],
                {
                    "200": _ok(schemas.WatchEventList, "A page of notifications.", keyed=True, cacheable=False),
                    "400": _problem(
                        400, ["bad_request"], "Invalid parameter (named in `parameter`), or both `offset` and `cursor`."
                    ),
                    "401": UNAUTHORIZED,
                    "429": too_many,
                },
            )
        },
        f"{API}/watches/events.atom": {
            "get": _keyless(
                _operation(
                    "watch_events_atom",
                    "The watch notifications as an Atom feed (secret URL)",
                    f"The account's newest {EVENTS_DEFAULT_LIMIT} notifications as an Atom (RFC 4287) feed, for feed "
                    "readers, which cannot send an API key: the `token` of the address POST /watches/events-feed "
                    "returned is the credential, so no key is needed and nothing is counted. One entry per "
                    "notification (id `urn:ai-feeds:<notification id>`, its change event's title and summary, a "
                    "link to the entity page). Sent `Cache-Control: private, no-store`: never kept by a shared cache.",
                    ["watches"],
                    [_query("token", {"type": "string"}, "The feed token (part of the address).", required=True)],
                    {
                        "200": {
                            "description": "The Atom document.",
                            "headers": {"Cache-Control": _header("Cache-Control")},
                            "content": {ATOM_CONTENT_TYPE: {"schema": {"type": "string"}}},
                        },
                        "404": _problem(
                            404, ["unknown_feed_token"], "Missing, malformed, unknown, rotated-away or revoked token."
                        ),
                    },
                )
            )
        },
        f"{API}/watches/events-feed": {
            "get": _operation(
                "events_feed",
                "The notification feed's state",
                "Whether the account has a secret Atom feed address (GET /watches/events.atom) and since when. The "
                "address itself is shown only when created: only a hash of its token is kept.",
                ["watches"],
                [],
                {"200": feed_ok, "401": UNAUTHORIZED, "429": too_many},
            ),
            "post": _operation(
                "events_feed_create",
                "Create or rotate the notification feed address",
                "A new secret address of the account's Atom feed of notifications, returned once in `url`; the "
                "previous address, if any, stops working at once (404 `unknown_feed_token`).",
                ["watches"],
                [],
                {"201": feed_ok, "401": UNAUTHORIZED, "429": too_many},
            ),
            "delete": _operation(
                "events_feed_revoke",
                "Revoke the notification feed address",
                "The account's feed address stops working at once (404 `unknown_feed_token`).",
                ["watches"],
                [],
                {
                    "200": feed_ok,
                    "401": UNAUTHORIZED,
                    "404": _problem(404, ["not_found"], "The account has no feed address."),
                    "429": too_many,
                },
            ),
        },
        f"{API}/watches/webhook-secret": {
            "get": _operation(
                "webhook_secret",
                "The webhook signing secret",
                "The account's webhook signing secret, created on first use (one per account: a rotated key keeps "
                "it). " + signature,
                ["watches"],
                [],
                {"200": secret_ok, "401": UNAUTHORIZED, "429": too_many},
            ),
            "post": _operation(
                "webhook_secret_rotate",
                "Rotate the webhook signing secret",
                "Replace the account's webhook secret by a new one and return it; deliveries from now on are "
                "signed with the new secret only.",
                ["watches"],
                [],
                {"200": secret_ok, "401": UNAUTHORIZED, "429": too_many},
            ),
        },
    }


def _public_operations() -> dict[str, dict[str, Any]]:
    return {
        f"{API}/sample": _public(
            _operation(
                "sample",
                "Free sample of the feeds",
                "The first 5 rows of every feed (`SampleAll`: `{feeds: [feed response, ...]}`), or of the feed "
                "named by `name` (a feed response with `limit` 5). No key needed.",
                ["public"],
                [
                    _query("name", {"type": "string", "enum": list(FEED_NAMES)}, "One feed only."),
                    IF_NONE_MATCH,
                ],
                {
                    "200": _ok(schemas.SampleResponse, "The sample.", keyed=False),
                    "304": _not_modified(False),
                    "400": _problem(400, ["bad_request"], "Unknown `name`."),
                    "404": _problem(404, ["not_found"], "The build has no sample."),
                    "503": NOT_READY,
                },
            )
        ),
        f"{API}/momentum": _public(
            _operation(
                "momentum",
                "Momentum leaderboard",
                "Entities by momentum score (0-100: growth 45%, consistency 20%, recency 20%, agent demand 15%), "
                "recomputed daily. With `category`: that board (`MomentumBoard`); without: every category's board "
                "(`MomentumAll`). No key needed.",
                ["public"],
                [
                    _query("category", {"type": "string", "enum": list(MOMENTUM_CATEGORIES)}, "One category only."),
                    _query("limit", {"type": "integer", **MOMENTUM_LIMIT}, "Entities per board, at most 100."),
                    IF_NONE_MATCH,
                ],
                {
                    "200": _ok(schemas.MomentumResult, "The leaderboard(s).", keyed=False),
                    "304": _not_modified(False),
                    "400": _problem(400, ["bad_request"], "Unknown `category` or `limit` out of range."),
                    "503": NOT_READY,
                },
            )
        ),
        f"{API}/demand": _public(
            _operation(
                "demand",
                "Demand index",
                "The 100 entities most looked up by AI agents (keyed API and MCP lookups of one exact entity) over "
                "the seven days ending on `to`. No key needed.",
                ["public"],
                [IF_NONE_MATCH],
                {
                    "200": _ok(schemas.DemandResponse, "The demand index.", keyed=False),
                    "304": _not_modified(False),
                    "404": _problem(404, ["not_found"], "The build has no demand index."),
                    "503": NOT_READY,
                },
            )
        ),
        f"{API}/openapi.json": _public(
            _operation(
                "openapi",
                "This OpenAPI document",
                "The OpenAPI 3.1 description of the API, generated from the service's models.",
                ["meta"],
                [IF_NONE_MATCH],
                {
                    "200": _ok(
                        {"type": "object", "description": "An OpenAPI 3.1 document."}, "The document.", keyed=False
                    ),
                    "304": _not_modified(False),
                },
            )
        ),
        "/healthz": _public(
            _operation(
                "health",
                "Health",
                "Liveness and the id of the build being served; 503 until a build is published. Never cached.",
                ["meta"],
                [],
                {
                    "200": {
                        "description": "Serving a build.",
                        "content": {JSON: {"schema": {"$ref": REF.format(model="Health")}}},
                    },
                    "503": {
                        "description": "No build published yet (`status` is `no_build`).",
                        "content": {JSON: {"schema": {"$ref": REF.format(model="Health")}}},
                    },
                },
            )
        ),
    }


# -- export (the data licence) -------------------------------------------------------------------


LICENCE_ONLY = _problem(
    403, ["licence_required"], "The key's plan is not the data licence (Starter and Pro keys cannot export)."
)


def _export_operations() -> dict[str, Any]:
    too_many = _too_many(["monthly_limit", "velocity_throttled"])
    day = {"type": "string", "format": "date"}
    binary = {"type": "string", "format": "binary"}
    content = {"application/vnd.apache.parquet": {"schema": binary}, "application/gzip": {"schema": binary}}
    file_headers = {
        "Cache-Control": _header("Cache-Control"),
        **RATE_HEADERS,
        "ETag": _header("ETag"),
        "Accept-Ranges": _header("Accept-Ranges"),
        "Content-Disposition": _header("Content-Disposition"),
        "Content-Length": _header("Content-Length"),
    }
    listing = _operation(
        "export_list",
        "What the data licence can download",
        "Per feed: its archived days, each day's archive file with size, rows and SHA-256, and the totals. Only for "
        "keys on the Licence plan (403 `licence_required` otherwise, not counted). Counts as one request toward "
        "the monthly quota, not toward the daily history + trends calls. Never cached (`no-store`): the archive "
        "grows every night.",
        ["export"],
        [],
        {
            "200": _ok(schemas.ExportList, "The feeds and their days.", keyed=True, cacheable=False),
            "401": UNAUTHORIZED,
            "403": LICENCE_ONLY,
            "429": too_many,
        },
    )
    download = _operation(
        "export",
        "Download a feed's archived rows",
        "Every archived row of the feed on the days from `from` to `to` (both included; without them: the first "
        "and the last archived day), as one file. `format=parquet` (default): `application/vnd.apache.parquet`, "
        "columns `day`, `entity`, `data` (the row exactly as served, JSON text) and the feed's typed columns, in "
        "day then entity order. `format=csv`: `application/gzip`, a gzipped CSV with a header row, `day` and one "
        "column per top-level field of the rows (their union over the days, in the order first seen), nested "
        "values as JSON, null and missing fields as empty cells. `Content-Disposition` names the file after the "
        "feed and the first and last day it holds.\n\n"
        "The same days always give the same bytes: the `ETag` names them (a re-collected day changes it), "
        "`If-None-Match` gives a 304, and a single `Range: bytes=first-last` (or `first-`, or `-suffix`) gives "
        "a 206 with `Content-Range` to resume a broken download (`If-Range` with the `ETag`: the whole file "
        "instead when it changed); a range starting past the end is a 416, other `Range` values are ignored. "
        "The first download of a range builds its file (seconds for a year of Parquet, minutes as CSV; a build "
        f"still running after {EXPORT_WAIT:.0f} s is a 503 `export_building` with `Retry-After`, and goes on); after "
        "that it streams from disk.\n\n"
        "Only for keys on the Licence plan (403 `licence_required` otherwise, not counted). Each call (a 304 or a "
        "206 too) counts as one request toward the monthly quota, not toward the daily history + trends calls.",
        ["export"],
        [
            FEED_PATH_PARAM,
            _query("from", day, "First day (UTC), inclusive; default: the first archived day."),
            _query("to", day, "Last day (UTC), inclusive; default: the last archived day. Not before `from`."),
            _query(
                "format",
                {"type": "string", "enum": list(EXPORT_FORMATS), "default": "parquet"},
                "`parquet` or `csv` (gzipped).",
            ),
            IF_NONE_MATCH,
        ],
        {
            "200": {"description": "The whole file.", "headers": file_headers, "content": content},
            "206": {
                "description": "The requested byte range of the file.",
                "headers": {**file_headers, "Content-Range": _header("Content-Range")},
                "content": content,
            },
            "304": _not_modified(True),
            "400": _problem(400, ["bad_request"], "A bad date or `format`, or `from` after `to`."),
            "401": UNAUTHORIZED,
            "403": LICENCE_ONLY,
            "404": _problem(404, ["not_found"], "Unknown feed, or no archived day of the feed in the range."),
            "416": _problem(
                416,
                ["range_not_satisfiable"],
                "The `Range` starts at or past the end of the file.",
                headers={"Content-Range": _header("Content-Range"), **RATE_HEADERS},
            ),
            "429": too_many,
            "503": _problem(
                503,
                ["export_building"],
                f"The first download of these days is still building its file after {EXPORT_WAIT:.0f} s (a year as "
                "CSV takes minutes); the build goes on: retry after `Retry-After` seconds.",
                headers={"Retry-After": _header("Retry-After"), **RATE_HEADERS},
            ),
        },
    )
    return {f"{API}/export": {"get": listing}, f"{API}/export/{{feed}}": {"get": download}}


# -- maintainer claims ----------------------------------------------------------------------------


def _claim_operations() -> dict[str, Any]:
    """POST /claims: no key (maintainers are not customers), so it is limited per address and per listing."""
    limits = "; ".join(f"`{name}` {text}" for name, text in LIMITS.items())
    accepted = _ok(
        schemas.ClaimAccepted,
        "The claim is stored, pending; the verification link was mailed.",
        keyed=False,
        cacheable=False,
    )
    accepted["headers"] = {"Cache-Control": _header("Cache-Control")}
    operation = _operation(
        "claims_create",
        "Claim a listing",
        "A maintainer (owner, vendor) claims a listing, named by its entity page path, and submits a description, "
        "pricing (pricing pages and LLMs only) and corrections (free text and/or field/value pairs). No key is "
        "needed. A verification link is e-mailed to `email`: random, single use, valid for FEEDS_CLAIM_TTL_HOURS "
        "(48 by default), stored only as a hash. Opening it (`GET /claim/verify?token=...`, an HTML page) changes "
        "nothing, so mail scanners that fetch links cannot use it up; the page's confirm button "
        "(`POST /claim/verify`) puts the claim in the review queue, reviewed daily. Approved submissions appear "
        "from the next build on the entity page, marked maintainer-provided with the date, and in the entity "
        "card under `maintainer`. "
        f"For repositories and MCP servers with a GitHub repository, committing the mail's proof token in a file "
        f"`{CLAIM_FILE}` at the repository root proves the claim on the next nightly run.\n\n"
        f"Limits: {limits}. Per UTC day, at most FEEDS_CLAIMS_PER_EMAIL claims per address (5) and "
        "FEEDS_CLAIMS_PER_ENTITY per listing (10), a 429 with `Retry-After` (seconds to UTC midnight). The answer "
        "never depends on whether anyone else claimed the listing. The same form without scripts: `/claim`.",
        ["claims"],
        [],
        {
            "202": accepted,
            "400": _problem(
                400,
                ["bad_request"],
                "A field is missing, too long, has control characters, an invalid "
                "address, unknown fields, `pricing` on a listing that is not a pricing page or LLM, or a "
                "body that is neither JSON nor a form; the field is named in `parameter`.",
            ),
            "404": _problem(404, ["not_found"], "No listing has this page path in the current build."),
            "413": _too_large(f" (this operation: {CLAIM_MAX_BODY:,} bytes)"),
            "429": _problem(
                429,
                ["claims_per_email", "claims_per_entity"],
                "A daily limit is reached (Retry-After: seconds to UTC midnight).",
                headers={"Retry-After": _header("Retry-After")},
            ),
            "503": _problem(
                503,
                ["not_ready", "mail_unavailable"],
                "No build is published yet, or the mail could not be sent (nothing was stored).",
                headers={"Retry-After": _header("Retry-After")},
            ),
        },
    )
    example = {
        "entity": "/mcp/io.github.example/weather",
        "email": "maintainer@example.com",
        "description": "Weather forecasts for any city, over MCP.",
        "corrections": {"text": None, "fields": [{"field": "license", "value": "Apache-2.0"}]},
    }
    operation["security"] = []
    operation["requestBody"] = {
        "required": True,
        "description": "The claim, as JSON or as the HTML form's fields.",
        "content": {
            JSON: {"schema": {"$ref": REF.format(model="ClaimCreate")}, "example": example},
            "application/x-www-form-urlencoded": {"schema": {"$ref": REF.format(model="ClaimForm")}},
        },
    }
    return {"post": operation}


# -- the document ---------------------------------------------------------------------------------


def _components() -> dict[str, Any]:
    models = (*RESPONSE_MODELS, *CLAIM_MODELS)
    _, top = models_json_schema([(model, "validation") for model in models], ref_template=REF)
    integer = {"type": "integer"}
    return {
        "schemas": top["$defs"],
        "securitySchemes": {
            BEARER: {
                "type": "http",
                "scheme": "bearer",
                "description": "API key: `Authorization: Bearer <API_KEY>`. Keys are shown once when created.",
            }
        },
        "parameters": {
            "If-None-Match": {
                "name": "If-None-Match",
                "in": "header",
                "required": False,
                "description": "An `ETag` from an earlier response: a 304 without a body if it is still current.",
                "schema": {"type": "string"},
            }
        },
        "headers": {
            "X-RateLimit-Limit": {"description": "The key's monthly request quota.", "schema": integer},
            "X-RateLimit-Remaining": {"description": "Requests left this calendar month (UTC).", "schema": integer},
            "X-RateLimit-Reset": {"description": "Epoch seconds when the monthly quota resets.", "schema": integer},
            "Retry-After": {"description": "Seconds to wait before retrying.", "schema": integer},
            "ETag": {
                "description": "Entity tag of the body: build id and checksum; an export's names its days and format.",
                "schema": {"type": "string"},
            },
            "Cache-Control": {
                "description": f"Keyed: `{PRIVATE_CACHE}` (`no-store` for watches); public: `{PUBLIC_CACHE}`.",
                "schema": {"type": "string"},
            },
            "Access-Control-Allow-Origin": {
                "description": "`*` on public endpoints.",
                "schema": {"type": "string"},
            },
            "Allow": {"description": "The methods the path takes.", "schema": {"type": "string"}},
            "X-Next-Cursor": {
                "description": "With `format=csv`: the next page's `cursor`; absent on the last page.",
                "schema": {"type": "string", "format": "date"},
            },
            "Accept-Ranges": {"description": "`bytes`: a `Range` resumes a download.", "schema": {"type": "string"}},
            "Content-Disposition": {
                "description": '`attachment; filename="<feed>_<first day>_<last day>.parquet"` (or `.csv.gz`).',
                "schema": {"type": "string"},
            },
            "Content-Length": {"description": "Bytes of the body.", "schema": {"type": "integer"}},
            "Content-Range": {
                "description": "`bytes first-last/size` on a 206, `bytes */size` on a 416.",
                "schema": {"type": "string"},
            },
            "WWW-Authenticate": {"description": '`Bearer realm="feeds"`.', "schema": {"type": "string"}},
            "Location": {
                "description": "Where the new watch is listed (`/api/v1/watches?id=<id>`).",
                "schema": {"type": "string", "format": "uri-reference"},
            },
        },
        "responses": {
            "MethodNotAllowed": _problem(
                405, ["method_not_allowed"], "The path does not take this method.", headers={"Allow": _header("Allow")}
            ),
            "NotFound": _problem(404, ["not_found"], "No such endpoint."),
        },
    }


def build_document(base_url: str) -> dict[str, Any]:
    """The OpenAPI document as a dict (uncached: tests and tools use it; the endpoint uses the bytes)."""
    paths: dict[str, Any] = {f"{API}/{feed}": {"get": _feed_operation(feed)} for feed in FEED_NAMES}
    paths[f"{API}/{{feed}}/history"] = {"get": _history_operation()}
    paths[f"{API}/{{feed}}/entity"] = {"get": _entity_operation()}
    paths[f"{API}/{{feed}}/asof"] = {"get": _asof_operation()}
    paths[f"{API}/trends"] = {"get": _trends_operation()}
    paths[f"{API}/watches"] = _watch_operations()
    paths.update(_watch_event_operations())
    paths.update(_export_operations())
    paths[f"{API}/claims"] = _claim_operations()
    paths.update({path: {"get": operation} for path, operation in _public_operations().items()})
    for path, item in paths.items():
        for operation in item.values():
            if "401" in operation["responses"] or path == f"{API}/claims":
                _reads_shared_backends(operation)
    document = {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "AI ecosystem data feeds",
            "version": API_VERSION,
            "description": INTRO,
        },
        "servers": [{"url": base_url.rstrip("/"), "description": "This service."}],
        "security": [{BEARER: []}],
        "tags": [
            {"name": "feeds", "description": "The six daily feeds (key required)."},
            {
                "name": "history",
                "description": "Per-entity daily series, entity cards and rows as of a day (key required).",
            },
            {"name": "trends", "description": "Top movers and change events (key required)."},
            {"name": "watches", "description": "The key's watch list (key required)."},
            {"name": "export", "description": "Bulk download of the archive (data licence key required)."},
            {"name": "public", "description": "Free endpoints: sample, momentum, demand (no key)."},
            {"name": "claims", "description": "Maintainers claim a listing and submit corrections (no key)."},
            {"name": "meta", "description": "This document and the health check (no key)."},
        ],
        "paths": paths,
        "components": _components(),
    }
    return copy.deepcopy(document)  # shared response dicts become independent objects


@lru_cache(maxsize=4)
def _document_bytes(base_url: str) -> bytes:
    return orjson.dumps(build_document(base_url))


def openapi_bytes(settings: Settings) -> bytes:
    """The served document: built once per base URL, then the same bytes (and so the same ETag)."""
    return _document_bytes(str(settings.feeds_base_url))
