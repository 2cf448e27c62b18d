"""Public routes (no key): the sample, the momentum leaderboards, the demand index, the OpenAPI
document and the health check. Their answers and errors carry CORS for browser scripts."""

from __future__ import annotations

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from build.paths import DEMAND, SAMPLE_ALL, momentum_path, sample_path
from collectors.models import FEED_NAMES
from server import params
from server.contract import API, JSON, MOMENTUM_CATEGORIES, MOMENTUM_LIMIT_MAX
from server.openapi import openapi_bytes
from server.response import READ
from server.steps import send, site_of

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
    limit = params.integer(request, "limit", MOMENTUM_LIMIT_MAX, 1, MOMENTUM_LIMIT_MAX)
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
    return send(request, openapi_bytes(request.app.ctx.settings), keyed=False)


async def health_endpoint(request: Request) -> HTTPResponse:
    site = request.app.ctx.site.site
    body = orjson.dumps({"status": "ok" if site else "no_build", "build": site.build_id if site else None})
    return HTTPResponse(body, status=200 if site else 503, content_type=JSON, headers={"Cache-Control": "no-store"})


routes = Blueprint("public")
# ctx_public: the error handler adds CORS to these routes' errors as `send` does to their answers.
routes.add_route(sample_endpoint, f"{API}/sample", methods=READ, name="sample", ctx_public=True)
routes.add_route(momentum_endpoint, f"{API}/momentum", methods=READ, name="momentum", ctx_public=True)
routes.add_route(demand_endpoint, f"{API}/demand", methods=READ, name="demand", ctx_public=True)
routes.add_route(openapi_endpoint, f"{API}/openapi.json", methods=READ, name="openapi", ctx_public=True)
routes.add_route(health_endpoint, "/healthz", methods=READ, name="health")
