"""The steps every handler shares: find the build, authenticate, count, and send.

A leaf of `server/`: route modules import it, it imports no route module, so the routes can be
split by subject without a cycle. Each handler is a short sequence of these steps; `send` is where
every response gets its caching, CORS, ETag and compression, so they cannot differ by route.
"""

from __future__ import annotations

import functools
import gzip
import zlib
from collections.abc import Sequence

from sanic import Request
from sanic.response import HTTPResponse

from collectors.unavailable import RETRY_AFTER, BackendUnavailable
from server.contract import JSON, KEYED_VARY, PRIVATE_CACHE, PUBLIC_CACHE
from server.errors import ApiError
from server.keys import ApiKey
from server.plans import Plan
from server.quotas import Decision
from server.response import TrustedHeadersResponse
from server.site import Site

GZIP_MIN_BYTES = 1024


def site_of(request: Request) -> Site:
    site: Site | None = request.app.ctx.site.site
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
    key: ApiKey | None = request.app.ctx.keys.authenticate(secret.strip())
    if key is None:
        raise ApiError(401, "unauthorized", "invalid or revoked API key", headers=challenge)
    request.ctx.key = key
    return key


def plan_of(request: Request, key: ApiKey) -> Plan:
    plan: Plan = request.app.ctx.plans[key.plan]
    return plan


def rate_headers(decision: Decision) -> dict[str, str]:
    return {
        "X-RateLimit-Limit": str(decision.limit),
        "X-RateLimit-Remaining": str(decision.remaining),
        "X-RateLimit-Reset": str(decision.reset),
    }


async def charge(request: Request, key: ApiKey, *, history: bool = False, items: Sequence[str] = ()) -> Decision:
    """Count the request against the key's limits; a refusal is a 429 with the true Retry-After.

    Counters that cannot be reached (Redis down) refuse with a 503 rather than let the request through
    uncounted: a keyed request is never served beyond what its quota has recorded. Awaited: with Redis
    the count is a network round trip, during which the worker serves other requests.
    """
    try:
        decision: Decision = await request.app.ctx.quotas.hit_async(
            key.account, plan_of(request, key), history=history, items=items
        )
    except BackendUnavailable:
        raise ApiError(
            503,
            "backend_unavailable",
            f"quota counters unreachable; nothing was counted, retry in {RETRY_AFTER} s",
            headers={"Retry-After": str(RETRY_AFTER)},
        ) from None
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
        key: ApiKey | None = getattr(ctx, "key", None)
        digest = zlib.crc32(request.raw_url, _plan_seed(key.plan)) if keyed and key is not None else zlib.crc32(body)
        tag = f"{build}-{digest:08x}"
        # The gzip body is another representation, so it gets its own strong tag (RFC 9110 8.8.3);
        # either tag revalidates, since both name the same content.
        out["ETag"] = f'"{tag}-gzip"' if gzipped else f'"{tag}"'
        conditional = request_headers.get("if-none-match")
        if conditional and (conditional.strip() == "*" or f'"{tag}"' in conditional or f'"{tag}-gzip"' in conditional):
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
