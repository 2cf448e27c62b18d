"""The Sanic app: keyed feeds, history, trends and watches; public sample, momentum and demand.

Everything a response contains was computed and serialised by the build; a handler authenticates,
counts, validates, slices and joins bytes. See server/site.py for the per-build snapshot.
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import zlib
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import orjson
from sanic import Request, Sanic
from sanic.response import HTTPResponse

from build.feed_pages import page_bytes
from build.paths import (
    DEMAND,
    SAMPLE_ALL,
    entity_card_path,
    history_path,
    latest_trends_path,
    momentum_path,
    sample_path,
    trends_path,
)
from collectors.cli_track import REPO_NAME
from collectors.models import FEED_NAMES, FEEDS
from collectors.protocol import Resolver, system_resolver
from collectors.safe_fetch import UnsafeURL, check_url
from collectors.state import StateStore
from feeds.settings import Settings
from server import params
from server.demand import FLUSH_SECONDS, DemandRecorder
from server.errors import ApiError, bad_request, handle_error
from server.keys import ApiKey, KeyStore
from server.plans import Plan, plans
from server.quotas import VELOCITY_FLUSH_SECONDS, Decision, Quotas
from server.response import READ, TrustedHeadersResponse
from server.site import Site, SiteHolder
from server.static import register_static
from server.watch_events_routes import check_webhook_request, register_watch_events, webhook_syntax
from server.watches import DEFAULT_THRESHOLDS, WATCH_TYPES, WatchExists, WatchLimit, WatchStore, valid_threshold

API = "/api/v1"
JSON = "application/json"
MOMENTUM_CATEGORIES = tuple(name for name, info in FEEDS.items() if info.momentum)
WINDOWS = ("1d", "7d", "30d")
DEFAULT_WINDOW = "7d"
HISTORY_MAX_WINDOW = 90
HISTORY_DEFAULT_LIMIT = 31
GZIP_MIN_BYTES = 1024
PUBLIC_CACHE = "public, max-age=3600, stale-while-revalidate=86400"
PRIVATE_CACHE = "private, max-age=300"
KEYED_VARY = "Accept-Encoding, Authorization"
MAX_BODY = 16 * 1024
URL_MAX = 2048
"""Longest `url=` accepted (what browsers and CDNs reliably carry; no pricing page needs more)."""


# -- shared steps ------------------------------------------------------------------------------


def site_of(request: Request) -> Site:
    site = request.app.ctx.site.site
    if site is None:
        raise ApiError(503, "not_ready", "no build is published yet; run `feeds build`", headers={"Retry-After": "60"})
    return site


def authenticate(request: Request) -> ApiKey:
    header = request.headers.get("authorization", "")
    scheme, _, secret = header.partition(" ")
    challenge = {"WWW-Authenticate": 'Bearer realm="feeds"'}
    if not header:
        raise ApiError(401, "unauthorized", "missing API key: send `Authorization: Bearer <key>`", headers=challenge)
    if scheme.lower() != "bearer" or not secret.strip():
        raise ApiError(401, "unauthorized", "malformed Authorization header: use `Bearer <key>`", headers=challenge)
    key = request.app.ctx.keys.authenticate(secret.strip())
    if key is None:
        raise ApiError(401, "unauthorized", "invalid or revoked API key", headers=challenge)
    request.ctx.key = key
    return key


def plan_of(request: Request, key: ApiKey) -> Plan:
    return request.app.ctx.plans[key.plan]


def rate_headers(decision: Decision) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(decision.limit),
        "X-RateLimit-Remaining": str(decision.remaining),
        "X-RateLimit-Reset": str(decision.reset),
    }


def charge(request: Request, key: ApiKey, *, history: bool = False, items: Sequence[str] = ()) -> Decision:
    """Count the request against the key's limits; a refusal is a 429 with the true Retry-After."""
    decision = request.app.ctx.quotas.hit(key.account, plan_of(request, key), history=history, items=items)
    request.ctx.rate = rate_headers(decision)
    if not decision.allowed:
        messages = {
            "monthly_limit": "monthly request quota used up",
            "daily_history_limit": "daily history + trends calls used up",
            "velocity_throttled": "too many distinct entities or dates requested too fast; throttled",
        }
        code = decision.code or "monthly_limit"
        raise ApiError(
            429,
            code,
            f"{messages.get(code, code)}; retry in {decision.retry_after} s",
            headers={"Retry-After": str(decision.retry_after), **request.ctx.rate},
        )
    return decision


def send(
    request: Request,
    body: bytes,
    *,
    keyed: bool,
    status: int = 200,
    content_type: str = JSON,
    headers: dict[str, str] | None = None,
    cacheable: bool = True,
) -> HTTPResponse:
    """ETag/304, Cache-Control, CORS (public), gzip when asked: the same for every response."""
    ctx = request.ctx
    if keyed:
        out = {**ctx.rate} if hasattr(ctx, "rate") else {}
        out["Cache-Control"] = PRIVATE_CACHE if cacheable else "no-store"
        out["Vary"] = KEYED_VARY  # a 304 carries it too
    else:
        out = {"Cache-Control": PUBLIC_CACHE, "Access-Control-Allow-Origin": "*", "Vary": "Accept-Encoding"}
    if headers:
        out.update(headers)
    request_headers = request.headers
    gzipped = len(body) >= GZIP_MIN_BYTES and "gzip" in request_headers.get("accept-encoding", "")
    if cacheable and status == 200:
        site = request.app.ctx.site.site
        build = site.build_id if site is not None else "none"
        # A cacheable keyed response is a pure function of (build, plan, path, query; bodies that
        # depend on the account are sent with cacheable=False): hashing those few bytes instead of a
        # 50-100 KB body keeps the ETag off the hot path. Public bodies are hashed. The request
        # target is hashed as received (bytes), continuing the plan's own checksum.
        key = getattr(ctx, "key", None)
        keyed_etag = keyed and key is not None
        digest = zlib.crc32(request.raw_url, _plan_seed(key.plan)) if keyed_etag else zlib.crc32(body)
        etag = f'"{build}-{digest:08x}"'
        out["ETag"] = etag
        conditional = request_headers.get("if-none-match")
        if conditional and etag in {tag.strip() for tag in conditional.split(",")}:
            return TrustedHeadersResponse(status=304, headers=out)
    if gzipped:
        body = gzip.compress(body, compresslevel=5)
        out["Content-Encoding"] = "gzip"
    return TrustedHeadersResponse(body, status=status, headers=out, content_type=content_type)


@functools.cache
def _plan_seed(plan: str) -> int:
    """The checksum of `plan|` that a keyed ETag continues over the request target."""
    return zlib.crc32(f"{plan}|".encode())


def record_demand(request: Request, feed: str, entity: str) -> None:
    request.app.ctx.demand.add(feed, entity)


# -- feeds -------------------------------------------------------------------------------------


def _queued_body(meta: dict[str, Any], limit: int, offset: int, entity: str, status: str) -> bytes:
    page = orjson.loads(page_bytes(meta, 0, offset, limit, []))
    notes = {
        "queued": "not tracked yet: queued, it appears after the next daily collection",
        "not_found": "the upstream did not have it at the last collection; queued again",
        "tracked": "tracked: it appears in the feed after the next daily collection",
    }
    page["queued"] = {"entity": entity, "status": status, "message": notes.get(status, status)}
    return orjson.dumps(page)


async def feed_endpoint(request: Request, feed: str) -> HTTPResponse:
    key = authenticate(request)
    site = site_of(request)
    data = site.feeds[feed]
    # The same query on the same build is the same page: answer a repeat from the per-build cache,
    # skipping parsing, search and assembly (only the key, the quota and the headers remain).
    cached = data.pages.get(request.query_string)
    if cached is not None:
        charge(request, key)
        return send(request, cached, keyed=True)
    limit = params.integer(request, "limit", 100, 1, 1000)
    offset = params.integer(request, "offset", 0, 0)
    since = params.since(request)
    q = params.one(request, "q")
    if q is not None and len(q) > 256:
        raise bad_request("`q` is longer than 256 characters", "q")
    repo = params.one(request, "repo") if feed == "codehost-ai-repos" else None
    url = params.one(request, "url") if feed == "ai-pricing" else None
    if repo is not None and not REPO_NAME.fullmatch(repo):
        raise bad_request(f"`repo` must be an exact `owner/name`, got {repo!r}", "repo")
    if url is not None and len(url) > URL_MAX:
        raise bad_request(f"`url` is longer than {URL_MAX} characters", "url")
    # A tracked page is answered from the build; only a page we would fetch is checked (and resolved).
    if url is not None and url not in data.by_entity:
        try:
            await check_url(url, request.app.ctx.resolver)
        except UnsafeURL as exc:
            raise ApiError(400, "unsafe_url", str(exc), extra={"parameter": "url"}) from None
    charge(request, key)
    exact = repo or url
    if exact is not None:
        name, index = exact, data.by_entity.get(exact)
        if index is None and repo is not None:  # GitHub names are case-insensitive
            lowered = exact.lower()
            name, index = next(((n, i) for n, i in data.by_entity.items() if n.lower() == lowered), (exact, None))
        record_demand(request, feed, name)  # under the tracked spelling, so one entity is counted once
        if index is None:
            status = await asyncio.to_thread(_enqueue, request.app.ctx.settings, feed, exact)
            # the queue status can move without a new build: never answer it from a cache
            return send(request, _queued_body(data.meta, limit, offset, exact, status), keyed=True, cacheable=False)
        rows = [data.rows[index]]
        body = page_bytes(data.meta, 1, offset, limit, rows[offset : offset + limit])
        return send(request, body, keyed=True)
    if q:
        total, rows = data.matching(q.lower(), since, offset, limit)
    else:
        total = data.since_count(since)
        rows = data.rows[offset : min(offset + limit, total)]
    body = page_bytes(data.meta, total, offset, limit, rows)
    data.pages.put(request.query_string, body)
    return send(request, body, keyed=True)


def _enqueue(settings: Settings, feed: str, entity: str) -> str:
    state = StateStore(settings.state_path)
    try:
        status = state.enqueue(feed, entity)
        if status == "not_found":
            state.mark(feed, entity, "queued")
            status = "not_found"
        return status
    finally:
        state.close()


# -- one entity --------------------------------------------------------------------------------


async def entity_endpoint(request: Request, feed: str) -> HTTPResponse:
    """One entity's current row, momentum (score, components, basis, score history) and recent events."""
    key = authenticate(request)
    entity = params.required(request, "entity")
    site = site_of(request)
    charge(request, key, items=(f"entity|{feed}|{entity}",))
    body = site.file(entity_card_path(feed, entity))
    if body is None:
        raise params.not_found(f"unknown {feed} entity {entity!r}; entity is {FEEDS[feed].entity_help}")
    record_demand(request, feed, entity)  # only known entities: the demand index is public
    return send(request, body, keyed=True)


# -- history and trends ------------------------------------------------------------------------


def _depth_start(plan: Plan, latest: date) -> date | None:
    return None if plan.history_days is None else latest - timedelta(days=plan.history_days - 1)


async def history_endpoint(request: Request, feed: str) -> HTTPResponse:
    key = authenticate(request)
    plan = plan_of(request, key)
    site = site_of(request)
    data = site.feeds[feed]
    # Within one build, the same plan and query give the same answer (the window depends only on
    # the plan and the build's latest day): a repeat skips parsing, the file and the filter, not
    # the quota, the velocity count or the demand log.
    answer_key = f"{plan.name}|{request.query_string}"
    cached = data.histories.get(answer_key)
    if cached is not None:
        body, entity = cached
        charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
        record_demand(request, feed, entity)
        return send(request, body, keyed=True)
    entity = params.required(request, "entity")
    start = params.day(request, "from")
    end = params.day(request, "to")
    limit = params.integer(request, "limit", HISTORY_DEFAULT_LIMIT, 1, 90)
    cursor = params.day(request, "cursor")
    if start and end and start > end:
        raise bad_request("`from` is after `to`", "from")
    # Both ends count: from 2026-11-01 to 2026-11-01 is a 1-day window; 90 days fit one page of limit=90.
    if start and end and (end - start).days >= HISTORY_MAX_WINDOW:
        raise bad_request(f"the window from `from` to `to` is over {HISTORY_MAX_WINDOW} days", "to")
    latest_day = data.meta.get("day")
    latest = date.fromisoformat(latest_day) if latest_day else date.today()
    depth = _depth_start(plan, latest)
    if depth is not None and start is not None and start < depth:
        raise ApiError(
            400,
            "outside_plan_depth",
            f"the {plan.name} plan sees history from {depth} (the last {plan.history_days} days); "
            f"`from` is {start}",
            extra={"parameter": "from"},
        )
    if depth is not None and end is not None and end < depth:
        raise ApiError(
            400,
            "outside_plan_depth",
            f"the {plan.name} plan sees history from {depth} (the last {plan.history_days} days); `to` is {end}",
            extra={"parameter": "to"},
        )
    end = end or (latest if start is None else min(latest, start + timedelta(days=HISTORY_MAX_WINDOW - 1)))
    if start is None:
        start = max(d for d in (depth, end - timedelta(days=(plan.history_days or HISTORY_MAX_WINDOW) - 1)) if d)
    if cursor is not None and not start <= cursor <= end:
        raise bad_request("`cursor` is not inside the window; pass the `nextCursor` you were given", "cursor")
    charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
    raw = site.file(history_path(feed, entity))
    if raw is None:
        raise params.not_found(f"unknown {feed} entity {entity!r}; entity is {FEEDS[feed].entity_help}")
    record_demand(request, feed, entity)  # only known entities: the demand index is public
    first = str(cursor or start).encode()
    last = str(end)
    to = last.encode()
    lines = [line for line in raw.split(b"\n") if line and first <= line[9:19] <= to]  # b'{"date":"YYYY-MM-DD"
    page, rest = lines[:limit], lines[limit:]
    next_cursor = rest[0][9:19].decode() if rest else None
    head = orjson.dumps(
        {"feed": feed, "entity": entity, "from": str(start), "to": last, "limit": limit, "count": len(page),
         "nextCursor": next_cursor}
    )
    body = head[:-1] + b',"data":[' + b",".join(page) + b"]}"
    if latest_day:  # without an archived day the window follows the calendar: not a build-stable answer
        data.histories.put(answer_key, (body, entity))
    return send(request, body, keyed=True)


async def trends_endpoint(request: Request) -> HTTPResponse:
    key = authenticate(request)
    plan = plan_of(request, key)
    window = params.choice(request, "window", WINDOWS, DEFAULT_WINDOW)
    feed = params.choice(request, "feed", FEED_NAMES)
    when = params.day(request, "date")
    assert window is not None
    site = site_of(request)
    if when is not None:
        if feed is None:
            raise bad_request("a past `date` needs `feed`", "feed")
        latest_day = site.feeds[feed].meta.get("day")
        latest = date.fromisoformat(latest_day) if latest_day else date.today()
        depth = _depth_start(plan, latest)
        if depth is not None and when < depth:
            raise ApiError(400, "outside_plan_depth",
                           f"the {plan.name} plan sees trends from {depth}; `date` is {when}",
                           extra={"parameter": "date"})
        charge(request, key, history=True, items=(f"trends|{feed}|{when}",))
        body = site.file(trends_path(feed, window, str(when)))
        if body is None:
            raise params.not_found(f"no {window} trends for {feed} on {when}")
        return send(request, body, keyed=True)
    charge(request, key, history=True)
    body = site.file(latest_trends_path(window, feed), cache=True)
    if body is None:
        raise params.not_found("no trends in this build")
    return send(request, body, keyed=True)


# -- watches -----------------------------------------------------------------------------------


async def watches_list(request: Request) -> HTTPResponse:
    key = authenticate(request)
    charge(request, key)
    watches = request.app.ctx.watches.list(key.account)
    body = {"count": len(watches), "limit": plan_of(request, key).watches, "data": [w.to_json() for w in watches]}
    return send(request, orjson.dumps(body), keyed=True, cacheable=False)


async def watches_add(request: Request) -> HTTPResponse:
    key = authenticate(request)
    body = params.json_object(request, MAX_BODY, '{"entity": ..., "type": ..., "threshold": ..., "webhook": ...}')
    unknown = set(body) - {"entity", "type", "threshold", "webhook"}
    if unknown:
        raise bad_request(f"unknown field(s): {', '.join(sorted(unknown))}", sorted(unknown)[0])
    entity = body.get("entity")
    if not isinstance(entity, str) or not entity.strip():
        raise bad_request("`entity` is required: an entity page path such as /repo/<owner>/<name>", "entity")
    type_ = body.get("type", "any")
    if type_ not in WATCH_TYPES:
        raise bad_request(f"`type` must be one of {', '.join(WATCH_TYPES)}", "type")
    try:
        threshold = valid_threshold(body.get("threshold"))
    except ValueError as exc:
        raise bad_request(str(exc), "threshold") from None
    if threshold is None:
        threshold = DEFAULT_THRESHOLDS.get(type_)
    webhook = webhook_syntax(body)
    site = site_of(request)
    target = site.pages_index.get(entity.rstrip("/") or entity)
    if target is None:
        raise params.not_found(
            f"unknown entity {entity!r}: use an entity page path such as /repo/<owner>/<name> or /mcp/<server>"
        )
    await check_webhook_request(request, webhook)
    charge(request, key)
    plan = plan_of(request, key)
    try:
        watch = request.app.ctx.watches.add(key.account, plan.watches, entity.rstrip("/"), target[0], target[1],
                                            type_, threshold, webhook)
    except WatchLimit as exc:
        raise ApiError(403, "watch_limit", str(exc)) from None
    except WatchExists as exc:
        raise ApiError(409, "watch_exists", str(exc)) from None
    return send(request, orjson.dumps(watch.to_json()), keyed=True, status=201, cacheable=False,
                headers={"Location": f"{API}/watches?id={watch.id}"})


async def watches_delete(request: Request) -> HTTPResponse:
    key = authenticate(request)
    watch_id = params.required(request, "id", 64)
    charge(request, key)
    if not request.app.ctx.watches.delete(key.account, watch_id):
        raise params.not_found(f"no watch {watch_id!r} on this key")
    return send(request, orjson.dumps({"deleted": watch_id}), keyed=True, cacheable=False)


# -- public ------------------------------------------------------------------------------------


async def sample_endpoint(request: Request) -> HTTPResponse:
    name = params.choice(request, "name", FEED_NAMES)
    site = site_of(request)
    body = site.file(sample_path(name) if name else SAMPLE_ALL, cache=True)
    if body is None:
        raise params.not_found("no sample in this build")
    return send(request, body, keyed=False)


async def momentum_endpoint(request: Request) -> HTTPResponse:
    category = params.choice(request, "category", MOMENTUM_CATEGORIES)
    limit = params.integer(request, "limit", 100, 1, 100)
    site = site_of(request)
    cache = site.momentum_bodies
    body = cache.get((category, limit))
    if body is None:
        boards = []
        for name in [category] if category else MOMENTUM_CATEGORIES:
            raw = site.file(momentum_path(name))
            board = orjson.loads(raw) if raw else {"category": name, "date": None, "data": []}
            board["data"] = board["data"][:limit]
            board["count"] = len(board["data"])
            board["limit"] = limit
            boards.append(board)
        body = orjson.dumps(boards[0] if category else {"limit": limit, "categories": boards})
        cache[(category, limit)] = body
    return send(request, body, keyed=False)


async def demand_endpoint(request: Request) -> HTTPResponse:
    body = site_of(request).file(DEMAND, cache=True)
    if body is None:
        raise params.not_found("no demand index in this build")
    return send(request, body, keyed=False)


async def openapi_endpoint(request: Request) -> HTTPResponse:
    from server.openapi import openapi_bytes

    return send(request, openapi_bytes(request.app.ctx.settings), keyed=False)


async def health_endpoint(request: Request) -> HTTPResponse:
    site = request.app.ctx.site.site
    body = orjson.dumps({"status": "ok" if site else "no_build", "build": site.build_id if site else None})
    return HTTPResponse(body, status=200 if site else 503, content_type=JSON, headers={"Cache-Control": "no-store"})


# -- the app -----------------------------------------------------------------------------------

def resolver_for(settings: Settings) -> Resolver:
    """The system resolver; offline, a fixed name table instead (an offline machine resolves no name).

    Honoured only with FEEDS_OFFLINE=1, so a production server never trusts it. The addresses it
    returns still go through every rule of `check_url`; a name not in the table fails as DNS would.
    """
    table = settings.feeds_offline_hosts if settings.feeds_offline else ""
    if not table.strip():
        return system_resolver
    hosts: dict[str, list[str]] = {}
    for entry in table.split(","):
        host, _, address = entry.strip().partition("=")
        hosts.setdefault(host.strip().lower(), []).append(address.strip())

    async def resolve(host: str) -> list[str]:
        try:
            return hosts[host.lower()]
        except KeyError:
            raise OSError(f"{host} is not in FEEDS_OFFLINE_HOSTS") from None

    return resolve



def create_app(settings: Settings | None = None, name: str = "feeds") -> Sanic:
    settings = settings or Settings()
    app = Sanic(name)
    app.config.REQUEST_MAX_SIZE = 1024 * 1024
    app.config.ACCESS_LOG = False
    app.config.FALLBACK_ERROR_FORMAT = "json"
    app.error_handler.add(Exception, handle_error)

    @app.before_server_start
    async def open_resources(app: Sanic) -> None:
        app.ctx.settings = settings
        app.ctx.plans = plans(settings)
        app.ctx.site = SiteHolder(Path(settings.feeds_site_dir))
        app.ctx.keys = KeyStore(settings.state_path)
        app.ctx.quotas = Quotas(settings, background_checkpoints=True)
        app.ctx.watches = WatchStore(settings.state_path)
        app.ctx.demand = DemandRecorder(settings.state_path)
        app.ctx.resolver = resolver_for(settings)
        app.add_task(app.ctx.site.watch(), name="site-watch")
        app.add_task(_flush_demand(app), name="demand-flush")
        app.add_task(_flush_quotas(app), name="quotas-flush")

    @app.after_server_stop
    async def close_resources(app: Sanic) -> None:
        app.ctx.demand.flush()
        app.ctx.quotas.close()
        app.ctx.keys.close()
        app.ctx.watches.close()

    for feed in FEED_NAMES:
        op = feed.replace("-", "_")
        app.add_route(_bind(feed_endpoint, feed), f"{API}/{feed}", methods=READ, name=op)
        app.add_route(_bind(history_endpoint, feed), f"{API}/{feed}/history", methods=READ, name=f"{op}_history")
        app.add_route(_bind(entity_endpoint, feed), f"{API}/{feed}/entity", methods=READ, name=f"{op}_entity")
    app.add_route(trends_endpoint, f"{API}/trends", methods=READ, name="trends")
    register_watch_events(app, settings)  # /api/v1/watches/events and /webhook-secret (exact static paths)
    app.add_route(watches_list, f"{API}/watches", methods=READ, name="watches_list")
    app.add_route(watches_add, f"{API}/watches", methods=["POST"], name="watches_add")
    app.add_route(watches_delete, f"{API}/watches", methods=["DELETE"], name="watches_delete")
    # ctx_public: the error handler adds CORS to these routes' errors as `send` does to their answers.
    app.add_route(sample_endpoint, f"{API}/sample", methods=READ, name="sample", ctx_public=True)
    app.add_route(momentum_endpoint, f"{API}/momentum", methods=READ, name="momentum", ctx_public=True)
    app.add_route(demand_endpoint, f"{API}/demand", methods=READ, name="demand", ctx_public=True)
    app.add_route(openapi_endpoint, f"{API}/openapi.json", methods=READ, name="openapi", ctx_public=True)
    app.add_route(health_endpoint, "/healthz", methods=READ, name="health")
    __import__("server.claim_routes", fromlist=["_"]).register_claims(app)  # imports this module: lazy
    register_static(app)
    return app


def _bind(handler: Any, feed: str) -> Any:
    async def bound(request: Request) -> HTTPResponse:
        return await handler(request, feed)

    bound.__name__ = f"{handler.__name__}_{feed.replace('-', '_')}"
    return bound


async def _flush_quotas(app: Sanic) -> None:
    """Every second: repeat lookups to the shared velocity table (a short write, on the loop: the
    SQLite connection belongs to this thread), then the counters' log checkpoint (in a thread)."""
    while True:
        await asyncio.sleep(VELOCITY_FLUSH_SECONDS)
        app.ctx.quotas.flush()
        await asyncio.to_thread(app.ctx.quotas.checkpoint)


async def _flush_demand(app: Sanic) -> None:
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        await asyncio.to_thread(app.ctx.demand.flush)
