"""Routes of the six feeds: one page of a feed, one entity's card, its daily history, its row as of a day, and trends.

Everything a response contains was computed and serialised by the build; a handler authenticates,
counts, validates, slices and joins bytes (server/site.py holds the per-build snapshot).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from datetime import UTC, date, datetime, timedelta
from typing import Any

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from build.feed_pages import page_bytes
from build.paths import entity_card_path, latest_trends_path
from collectors.models import FEED_NAMES, FEEDS, REPO_NAME
from collectors.safe_fetch import UnsafeURL, check_url
from collectors.state import StateStore
from collectors.state_db import state_database
from feeds.settings import Settings
from server import params
from server.asof import AsOfArchive
from server.contract import (
    API,
    DEFAULT_WINDOW,
    ENTITY_MAX,
    FEED_LIMIT_DEFAULT,
    FEED_LIMIT_MAX,
    HISTORY_DEFAULT_LIMIT,
    HISTORY_FORMATS,
    HISTORY_LIMIT_MAX,
    HISTORY_MAX_WINDOW,
    OFFSET_MAX,
    Q_MAX,
    URL_MAX,
    WINDOWS,
)
from server.errors import ApiError, bad_request
from server.export import csv_bytes
from server.plans import Plan
from server.response import READ
from server.schemas import HISTORY_ROWS
from server.steps import authenticate, charge, plan_of, record_demand, send, site_of

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
        await charge(request, key)
        return send(request, cached, keyed=True)
    limit = params.integer(request, "limit", FEED_LIMIT_DEFAULT, 1, FEED_LIMIT_MAX)
    offset = params.integer(request, "offset", 0, 0, OFFSET_MAX)
    since = params.since(request)
    q = params.one(request, "q")
    if q is not None and len(q) > Q_MAX:
        raise bad_request(f"`q` is longer than {Q_MAX} characters", "q")
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
    await charge(request, key)
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
    state = StateStore(state_database(settings))
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
    await charge(request, key, items=(f"entity|{feed}|{entity}",))
    body = site.card(feed, entity)
    if body is None:
        raise params.not_found(f"unknown {feed} entity {entity!r}; entity is {FEEDS[feed].entity_help}")
    record_demand(request, feed, entity)  # only known entities: the demand index is public
    return send(request, body, keyed=True)


# -- history and trends ------------------------------------------------------------------------


def _depth_start(plan: Plan, latest: date) -> date | None:
    return None if plan.history_days is None else latest - timedelta(days=plan.history_days - 1)


def _latest(meta: dict[str, Any], today: date | None = None) -> date:
    """The feed's latest archived day (today when it has none yet): where a plan's depth is counted from."""
    day = meta.get("day")
    return date.fromisoformat(day) if day else (today or date.today())


def _within_depth(plan: Plan, depth: date | None, when: date | None, parameter: str, sees: str) -> None:
    """400 `outside_plan_depth` when `when` (the value of `parameter`) is before the plan's first day."""
    if depth is not None and when is not None and when < depth:
        raise ApiError(
            400,
            "outside_plan_depth",
            f"the {plan.name} plan sees {sees} from {depth} (the last {plan.history_days} days); "
            f"`{parameter}` is {when}",
            extra={"parameter": parameter},
        )


def _shift(day: date, days: int) -> date:
    """`day` moved by `days`, stopping at the calendar's ends: a window may start on 9999-12-30 or end on
    0001-01-05 (any day is a valid `from`/`to`), and only its part inside the calendar can hold rows."""
    try:
        return day + timedelta(days=days)
    except OverflowError:
        return date.max if days > 0 else date.min


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
        await charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
        record_demand(request, feed, entity)
        return _send_history(request, feed, body)
    entity = params.required(request, "entity")
    start = params.day(request, "from")
    end = params.day(request, "to")
    limit = params.integer(request, "limit", HISTORY_DEFAULT_LIMIT, 1, HISTORY_LIMIT_MAX)
    cursor = params.day(request, "cursor")
    params.choice(request, "format", HISTORY_FORMATS, "json")
    if start and end and start > end:
        raise bad_request("`from` is after `to`", "from")
    # Both ends count: from 2026-11-01 to 2026-11-01 is a 1-day window; 90 days fit one page of limit=90.
    if start and end and (end - start).days >= HISTORY_MAX_WINDOW:
        raise bad_request(f"the window from `from` to `to` is over {HISTORY_MAX_WINDOW} days", "to")
    latest = _latest(data.meta)
    depth = _depth_start(plan, latest)
    _within_depth(plan, depth, start, "from", "history")
    _within_depth(plan, depth, end, "to", "history")
    end = end or (latest if start is None else min(latest, _shift(start, HISTORY_MAX_WINDOW - 1)))
    if start is None:
        start = max(d for d in (depth, _shift(end, 1 - (plan.history_days or HISTORY_MAX_WINDOW))) if d)
    if cursor is not None and not start <= cursor <= end:
        raise bad_request("`cursor` is not inside the window; pass the `nextCursor` you were given", "cursor")
    await charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
    if not site.exists(entity_card_path(feed, entity)):  # every archived entity has a card
        raise params.not_found(f"unknown {feed} entity {entity!r}; entity is {FEEDS[feed].entity_help}")
    record_demand(request, feed, entity)  # only known entities: the demand index is public
    last = str(end)
    lines = site.history(feed, entity, cursor or start, end)  # from the monthly parts the window spans
    page, rest = lines[:limit], lines[limit:]
    next_cursor = rest[0][9:19].decode() if rest else None
    head = orjson.dumps(
        {
            "feed": feed,
            "entity": entity,
            "from": str(start),
            "to": last,
            "limit": limit,
            "count": len(page),
            "nextCursor": next_cursor,
        }
    )
    body = head[:-1] + b',"data":[' + b",".join(page) + b"]}"
    if data.meta.get("day"):  # without an archived day the window follows the calendar: not a build-stable answer
        data.histories.put(answer_key, (body, entity))
    return _send_history(request, feed, body)


# -- as of a day -------------------------------------------------------------------------------


async def asof_endpoint(request: Request, feed: str) -> HTTPResponse:
    """One entity's row exactly as archived on `date`, or on the last archived day before it that holds the entity
    (`observedOn`), with the snapshot's content hash and the feed's source: what was in force that day.

    Counted as a history call and bound by the plan's depth, both for `date` and for the day the row comes from.
    The entity is known by its card, as on /entity; the card's first and last archived days bound the days read,
    and the rows come from the archive's day files (server/asof.py) in a worker thread."""
    key = authenticate(request)
    plan = plan_of(request, key)
    site = site_of(request)
    data = site.feeds[feed]
    archive: AsOfArchive = request.app.ctx.asof
    answer_key = f"{site.build_id}|{plan.name}|{feed}|{request.query_string}"
    cached = archive.answers.get(answer_key)
    if cached is not None:
        entity = params.required(request, "entity", ENTITY_MAX)
        await charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
        record_demand(request, feed, entity)
        return send(request, cached, keyed=True)
    entity = params.required(request, "entity", ENTITY_MAX)
    when = params.day(request, "date")
    if when is None:
        raise bad_request("`date` is required: a day YYYY-MM-DD", "date")
    today = datetime.now(UTC).date()
    if when > today:
        raise bad_request(f"`date` {when} is in the future (today is {today} UTC)", "date")
    latest_day = data.meta.get("day")
    depth = _depth_start(plan, _latest(data.meta, today))
    _within_depth(plan, depth, when, "date", "the archive")
    await charge(request, key, history=True, items=(f"history|{feed}|{entity}",))
    card = site.file(entity_card_path(feed, entity))
    if card is None:
        raise params.not_found(f"unknown {feed} entity {entity!r}; entity is {FEEDS[feed].entity_help}")
    record_demand(request, feed, entity)  # only known entities: the demand index is public
    seen = orjson.loads(card)
    first, last, asked = str(seen["firstSeen"]), str(seen["lastSeen"]), str(when)
    if asked < first:
        raise params.not_found(f"{feed} entity {entity!r} was first archived on {first}; nothing is archived before")
    # The days that may hold the row: from the asked day (or the entity's last archived day) down to its first
    # archived day, or to the start of the plan's depth.
    low = max(first, str(depth)) if depth is not None else first
    span = (site.build_id, latest_day, low, min(asked, last))
    snapshot = await asyncio.to_thread(archive.lookup, feed, entity, *span)
    if snapshot is None:
        if depth is not None and first < str(depth):
            raise ApiError(
                400,
                "outside_plan_depth",
                f"the last row of {entity!r} on or before {when} was archived before {depth}, where the {plan.name} "
                f"plan's view of the archive starts (the last {plan.history_days} days)",
                extra={"parameter": "date"},
            )
        raise params.not_found(f"no archived row of {feed} entity {entity!r} on or before {when}")
    head = orjson.dumps(
        {
            "feed": feed,
            "entity": entity,
            "date": asked,
            "observedOn": snapshot.day,
            "source": FEEDS[feed].source,
            "snapshotHash": snapshot.sha256,
            "snapshotRows": snapshot.rows,
        }
    )
    body = head[:-1] + b',"row":' + snapshot.row + b"}"
    archive.answers.put(answer_key, body)
    return send(request, body, keyed=True)


CSV = "text/csv; charset=utf-8"


def _send_history(request: Request, feed: str, body: bytes) -> HTTPResponse:
    """The JSON page, or with `format=csv` its rows as CSV: a header of the feed's history row fields, nested
    values as JSON, and the next page's cursor in `X-Next-Cursor` (absent on the last page)."""
    query = request.query_string
    plain = "format" not in query and "%" not in query and "+" not in query  # the cached hot path parses nothing
    if plain or params.choice(request, "format", HISTORY_FORMATS, "json") != "csv":
        return send(request, body, keyed=True)
    page = orjson.loads(body)
    table = csv_bytes(list(HISTORY_ROWS[feed].model_fields), page["data"])
    headers = {"X-Next-Cursor": page["nextCursor"]} if page["nextCursor"] else None
    return send(request, table, keyed=True, content_type=CSV, headers=headers)


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
        _within_depth(plan, _depth_start(plan, _latest(site.feeds[feed].meta)), when, "date", "trends")
        await charge(request, key, history=True, items=(f"trends|{feed}|{when}",))
        body = site.trends(feed, window, str(when))
        if body is None:
            raise params.not_found(f"no {window} trends for {feed} on {when}")
        return send(request, body, keyed=True)
    await charge(request, key, history=True)
    body = site.file(latest_trends_path(window, feed), cache=True)
    if body is None:
        raise params.not_found("no trends in this build")
    return send(request, body, keyed=True)


RouteHandler = Callable[[Request], Coroutine[Any, Any, HTTPResponse]]


def _bind(handler: Callable[[Request, str], Coroutine[Any, Any, HTTPResponse]], feed: str) -> RouteHandler:
    """The handler with its feed fixed: one route per feed, so the OpenAPI paths are exact."""

    async def bound(request: Request) -> HTTPResponse:
        return await handler(request, feed)

    bound.__name__ = f"{handler.__name__}_{feed.replace('-', '_')}"
    return bound


routes = Blueprint("feeds")
for _feed in FEED_NAMES:
    _op = _feed.replace("-", "_")
    routes.add_route(_bind(feed_endpoint, _feed), f"{API}/{_feed}", methods=READ, name=_op)
    routes.add_route(_bind(history_endpoint, _feed), f"{API}/{_feed}/history", methods=READ, name=f"{_op}_history")
    routes.add_route(_bind(entity_endpoint, _feed), f"{API}/{_feed}/entity", methods=READ, name=f"{_op}_entity")
    routes.add_route(_bind(asof_endpoint, _feed), f"{API}/{_feed}/asof", methods=READ, name=f"{_op}_asof")
routes.add_route(trends_endpoint, f"{API}/trends", methods=READ, name="trends")
