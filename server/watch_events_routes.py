"""Routes of watch notifications: the key's events list and its webhook secret; webhook checks for POST /watches.

- `GET /api/v1/watches/events`: the account's notifications, newest first, each with its delivery state;
  `limit` 1-1000 (100), `offset` or `cursor` (the previous page's `nextCursor`), `since` (date-time, on
  `createdAt`).
- `GET /api/v1/watches/webhook-secret`: the account's signing secret (created on first use).
- `POST /api/v1/watches/webhook-secret`: a new secret; the old one signs nothing from now on.

`register_watch_events(app, settings)` adds them (create_app calls it once). These are static paths, so
Sanic matches them exactly and `/api/v1/watches` keeps its own three methods. The shared request steps
(authenticate, charge, send) live in server/app.py, which imports this module: they are looked up at
call time, never at import time.
"""

from __future__ import annotations

from typing import Any

import orjson
from sanic import Request, Sanic
from sanic.response import HTTPResponse

from collectors.safe_fetch import UnsafeURL
from feeds.settings import Settings
from server import params
from server.errors import ApiError, bad_request
from server.notifications import NotificationStore
from server.response import READ
from server.webhooks import check_webhook, syntax_error

API = "/api/v1"
EVENTS_PATH = f"{API}/watches/events"
SECRET_PATH = f"{API}/watches/webhook-secret"
EVENTS_DEFAULT_LIMIT = 100
EVENTS_MAX_LIMIT = 1000
CURSOR_DIGITS = 18


def _api() -> Any:
    from server import app as api  # server.app imports this module; by the first request it is loaded

    return api


# -- webhook checks for POST /api/v1/watches ------------------------------------------------------------


def webhook_syntax(body: dict[str, Any]) -> str | None:
    """The body's `webhook` (None when absent); a malformed one is a 400 `bad_request` naming it."""
    url = body.get("webhook")
    if url is None:
        return None
    problem = syntax_error(url)
    if problem:
        raise bad_request(problem, "webhook")
    return url


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
    api = _api()
    key = api.authenticate(request)
    limit = params.integer(request, "limit", EVENTS_DEFAULT_LIMIT, 1, EVENTS_MAX_LIMIT)
    offset = params.integer(request, "offset", 0, 0)
    cursor = _cursor(request)
    since = params.since(request)
    if cursor is not None and offset:
        raise bad_request("give `offset` or `cursor`, not both", "cursor")
    api.charge(request, key)
    store: NotificationStore = request.app.ctx.notifications
    page = store.page(key.account, limit=limit, offset=offset, cursor=cursor, since=since)
    body = {"total": page.total, "limit": limit, "offset": offset, "count": len(page.data),
            "nextCursor": page.next_cursor, "data": page.data}
    return api.send(request, orjson.dumps(body), keyed=True, cacheable=False)


def _secret_body(secret: str, created_at: str) -> bytes:
    return orjson.dumps({
        "secret": secret,
        "createdAt": created_at,
        "algorithm": "HMAC-SHA256",
        "header": "X-Feeds-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of \"<t>.<body>\">",
    })


async def secret_get(request: Request) -> HTTPResponse:
    api = _api()
    key = api.authenticate(request)
    api.charge(request, key)
    secret, created_at = request.app.ctx.notifications.secret_info(key.account)
    return api.send(request, _secret_body(secret, created_at), keyed=True, cacheable=False)


async def secret_rotate(request: Request) -> HTTPResponse:
    api = _api()
    key = api.authenticate(request)
    api.charge(request, key)
    secret, created_at = request.app.ctx.notifications.rotate_secret(key.account)
    return api.send(request, _secret_body(secret, created_at), keyed=True, cacheable=False)


def register_watch_events(app: Sanic, settings: Settings) -> None:
    """Add the routes, and open the notification store in each worker (closed when it stops)."""

    async def open_store(app: Sanic) -> None:
        app.ctx.notifications = NotificationStore(settings.state_path)

    async def close_store(app: Sanic) -> None:
        app.ctx.notifications.close()

    app.register_listener(open_store, "before_server_start")
    app.register_listener(close_store, "after_server_stop")
    app.add_route(events_list, EVENTS_PATH, methods=READ, name="watch_events")
    app.add_route(secret_get, SECRET_PATH, methods=READ, name="webhook_secret")
    app.add_route(secret_rotate, SECRET_PATH, methods=["POST"], name="webhook_secret_rotate")
