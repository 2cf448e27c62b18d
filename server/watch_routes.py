"""Routes of watch lists: add, list and delete watches; the key's notification events and webhook secret.

- `GET|POST|DELETE /api/v1/watches`: the key's watches (at most the plan's number).
- `GET /api/v1/watches/events`: the account's notifications, newest first, each with its delivery state;
  `limit` 1-1000 (100), `offset` or `cursor` (the previous page's `nextCursor`), `since` (date-time, on
  `createdAt`).
- `GET /api/v1/watches/webhook-secret`: the account's signing secret (created on first use).
- `POST /api/v1/watches/webhook-secret`: a new secret; the old one signs nothing from now on.

The events and secret paths are static, so Sanic matches them exactly and `/api/v1/watches` keeps its
own three methods.
"""

from __future__ import annotations

from typing import Any

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from collectors.safe_fetch import UnsafeURL
from feeds.settings import Settings
from server import params
from server.contract import (
    API,
    CURSOR_DIGITS,
    EVENTS_DEFAULT_LIMIT,
    EVENTS_MAX_LIMIT,
    MAX_BODY,
    OFFSET_MAX,
    WATCH_ID_MAX,
    WATCH_TYPES,
)
from server.errors import ApiError, bad_request
from server.notifications import NotificationStore
from server.response import READ
from server.steps import authenticate, charge, plan_of, send, site_of
from server.watches import DEFAULT_THRESHOLDS, WatchExists, WatchLimit, valid_threshold
from server.webhooks import check_webhook, syntax_error

EVENTS_PATH = f"{API}/watches/events"
SECRET_PATH = f"{API}/watches/webhook-secret"


# -- webhook checks for POST /api/v1/watches ------------------------------------------------------------


def webhook_syntax(body: dict[str, Any]) -> str | None:
    """The body's `webhook` (None when absent); a malformed one is a 400 `bad_request` naming it."""
    url: Any = body.get("webhook")
    if url is None:
        return None
    problem = syntax_error(url)
    if problem:
        raise bad_request(problem, "webhook")
    return str(url)  # syntax_error refuses anything but a string


async def check_webhook_request(request: Request, url: str | None) -> None:
    """A webhook we may not post to (not https, a private or loopback host, ...) is a 400 `unsafe_url`."""
    if url is None:
        return
    settings: Settings = request.app.ctx.settings
    try:
        await check_webhook(url, request.app.ctx.resolver, settings.feeds_webhook_allow_loopback)
    except UnsafeURL as exc:
        raise ApiError(400, "unsafe_url", f"webhook refused: {exc}", extra={"parameter": "webhook"}) from None


# -- handlers --------------------------------------------------------------------------------------


def _cursor(request: Request) -> int | None:
    raw = params.one(request, "cursor")
    if raw is None:
        return None
    if not raw.isdigit() or len(raw) > CURSOR_DIGITS:
        raise bad_request("`cursor` must be the `nextCursor` of the previous page", "cursor")
    return int(raw)


async def events_list(request: Request) -> HTTPResponse:
    key = authenticate(request)
    limit = params.integer(request, "limit", EVENTS_DEFAULT_LIMIT, 1, EVENTS_MAX_LIMIT)
    offset = params.integer(request, "offset", 0, 0, OFFSET_MAX)
    cursor = _cursor(request)
    since = params.since(request)
    if cursor is not None and offset:
        raise bad_request("give `offset` or `cursor`, not both", "cursor")
    await charge(request, key)
    store: NotificationStore = request.app.ctx.notifications
    page = store.page(key.account, limit=limit, offset=offset, cursor=cursor, since=since)
    body = {
        "total": page.total,
        "limit": limit,
        "offset": offset,
        "count": len(page.data),
        "nextCursor": page.next_cursor,
        "data": page.data,
    }
    return send(request, orjson.dumps(body), keyed=True, cacheable=False)


def _secret_body(secret: str, created_at: str) -> bytes:
    return orjson.dumps(
        {
            "secret": secret,
            "createdAt": created_at,
            "algorithm": "HMAC-SHA256",
            "header": 'X-Feeds-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">',
        }
    )


async def secret_get(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
    secret, created_at = request.app.ctx.notifications.secret_info(key.account)
    return send(request, _secret_body(secret, created_at), keyed=True, cacheable=False)


async def secret_rotate(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
    secret, created_at = request.app.ctx.notifications.rotate_secret(key.account)
    return send(request, _secret_body(secret, created_at), keyed=True, cacheable=False)


# -- watches -----------------------------------------------------------------------------------


async def watches_list(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
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
    await charge(request, key)
    plan = plan_of(request, key)
    try:
        watch = request.app.ctx.watches.add(
            key.account, plan.watches, entity.rstrip("/"), target[0], target[1], type_, threshold, webhook
        )
    except WatchLimit as exc:
        raise ApiError(403, "watch_limit", str(exc)) from None
    except WatchExists as exc:
        raise ApiError(409, "watch_exists", str(exc)) from None
    return send(
        request,
        orjson.dumps(watch.to_json()),
        keyed=True,
        status=201,
        cacheable=False,
        headers={"Location": f"{API}/watches?id={watch.id}"},
    )


async def watches_delete(request: Request) -> HTTPResponse:
    key = authenticate(request)
    watch_id = params.required(request, "id", WATCH_ID_MAX)
    await charge(request, key)
    if not request.app.ctx.watches.delete(key.account, watch_id):
        raise params.not_found(f"no watch {watch_id!r} on this key")
    return send(request, orjson.dumps({"deleted": watch_id}), keyed=True, cacheable=False)


routes = Blueprint("watches")
routes.add_route(events_list, EVENTS_PATH, methods=READ, name="watch_events")
routes.add_route(secret_get, SECRET_PATH, methods=READ, name="webhook_secret")
routes.add_route(secret_rotate, SECRET_PATH, methods=["POST"], name="webhook_secret_rotate")
routes.add_route(watches_list, f"{API}/watches", methods=READ, name="watches_list")
routes.add_route(watches_add, f"{API}/watches", methods=["POST"], name="watches_add")
routes.add_route(watches_delete, f"{API}/watches", methods=["DELETE"], name="watches_delete")
