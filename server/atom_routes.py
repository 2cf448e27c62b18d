"""An account's watch notifications as an Atom feed at a secret address, and the keyed endpoints that
create, rotate, show and revoke that address.

- `POST /api/v1/watches/events-feed`: a new secret feed URL (shown once); the previous one stops working.
- `GET /api/v1/watches/events-feed`: whether the account has one, and since when (never the token).
- `DELETE /api/v1/watches/events-feed`: revoke it (404 `not_found` when there is none).
- `GET /api/v1/watches/events.atom?token=...`: the newest notifications as Atom (no key: feed readers
  cannot send one). A missing, malformed, rotated-away or revoked token is a 404 `unknown_feed_token`.
  The answer is `private, no-store`: it is one account's data behind a URL, never for a shared cache.
"""

from __future__ import annotations

import hashlib

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from build.atom import atom_document, event_entry
from feeds.settings import Settings
from server import params
from server.contract import API, ATOM_CONTENT_TYPE, EVENTS_DEFAULT_LIMIT
from server.errors import ApiError
from server.feed_tokens import FeedTokenStore
from server.notifications import NotificationStore
from server.response import READ
from server.steps import authenticate, charge, send

FEED_PATH = f"{API}/watches/events.atom"
MANAGE_PATH = f"{API}/watches/events-feed"
NO_STORE = {"Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer"}
"""The URL is the credential: no shared cache keeps the body, and no page linked from a reader learns the URL."""


def feed_url(settings: Settings, token: str) -> str:
    return str(settings.feeds_base_url).rstrip("/") + f"{FEED_PATH}?token={token}"


def _unknown() -> ApiError:
    return ApiError(
        404,
        "unknown_feed_token",
        "no notification feed at this address: the token is unknown, was rotated or was revoked; "
        "create a new one with POST /api/v1/watches/events-feed",
    )


async def events_atom(request: Request) -> HTTPResponse:
    token = params.one(request, "token")
    tokens: FeedTokenStore = request.app.ctx.feed_tokens
    account = tokens.account_of(token) if token else None
    if account is None:
        raise _unknown()
    settings: Settings = request.app.ctx.settings
    store: NotificationStore = request.app.ctx.notifications
    page = store.page(account, limit=EVENTS_DEFAULT_LIMIT)
    site_url = str(settings.feeds_base_url)
    entries = [
        event_entry(n["event"], site_url, entry_id=n["id"], updated=n["createdAt"])
        for n in page.data
        if "summary" in n["event"]  # notifications stored before the change-event envelope have no text
    ]
    updated = page.data[0]["createdAt"] if page.data else (tokens.created_at(account) or "1970-01-01T00:00:00Z")
    body = atom_document(
        feed_id="watches:" + hashlib.sha256(account.encode()).hexdigest()[:24],
        title="Watch notifications",
        subtitle=f"The newest {EVENTS_DEFAULT_LIMIT} notifications of your watches (GET /api/v1/watches/events).",
        self_url=feed_url(settings, token or ""),
        site_url=site_url,
        updated=updated,
        entries=entries,
    )
    return send(request, body, keyed=False, content_type=ATOM_CONTENT_TYPE, cacheable=False, headers=NO_STORE)


def _info(created_at: str | None, url: str | None = None) -> bytes:
    return orjson.dumps({"active": created_at is not None, "createdAt": created_at, "url": url})


async def feed_create(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
    token, created_at = request.app.ctx.feed_tokens.create(key.account)
    body = _info(created_at, feed_url(request.app.ctx.settings, token))
    return send(request, body, keyed=True, status=201, cacheable=False)


async def feed_show(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
    return send(request, _info(request.app.ctx.feed_tokens.created_at(key.account)), keyed=True, cacheable=False)


async def feed_revoke(request: Request) -> HTTPResponse:
    key = authenticate(request)
    await charge(request, key)
    if not request.app.ctx.feed_tokens.revoke(key.account):
        raise params.not_found("this account has no notification feed")
    return send(request, _info(None), keyed=True, cacheable=False)


routes = Blueprint("atom")
routes.add_route(events_atom, FEED_PATH, methods=READ, name="watch_events_atom")
routes.add_route(feed_show, MANAGE_PATH, methods=READ, name="events_feed")
routes.add_route(feed_create, MANAGE_PATH, methods=["POST"], name="events_feed_create")
routes.add_route(feed_revoke, MANAGE_PATH, methods=["DELETE"], name="events_feed_revoke")
