"""One error type, one body shape (RFC 9457 problem+json with a top-level `code`), one handler.

Every error the API can return is an `ApiError`; anything else that escapes a handler is logged
and answered as a bare 500 with the same shape and no detail, so a traceback never reaches a
client.
"""

from __future__ import annotations

import logging
from typing import Any

import orjson
from sanic import Request
from sanic.exceptions import MethodNotAllowed, NotFound, SanicException
from sanic.response import HTTPResponse

from collectors.unavailable import BackendUnavailable
from server.response import TrustedHeadersResponse

log = logging.getLogger("feeds.server")

PROBLEM = "application/problem+json"
TITLES = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    409: "Conflict",
    413: "Payload Too Large",
    416: "Range Not Satisfiable",
    429: "Too Many Requests",
    500: "Internal Server Error",
    503: "Service Unavailable",
}
CODES = {
    "bad_request": "A parameter or the body is missing or invalid.",
    "outside_plan_depth": "The date lies before what the key's plan may see.",
    "unsafe_url": "The URL is not an https URL of a public host.",
    "unauthorized": "Missing, invalid or revoked API key.",
    "not_found": "No such endpoint, entity, date or watch.",
    "method_not_allowed": "The endpoint does not take this method.",
    "request_too_large": "The request's headers or body are over the server's size limits.",
    "watch_limit": "The key already holds its plan's number of watches.",
    "licence_required": "Bulk export needs the data licence plan; Starter and Pro keys cannot use it.",
    "range_not_satisfiable": "The `Range` starts past the end of the export (see `Content-Range` for its size).",
    "watch_exists": "The key already watches this entity for this type.",
    "unknown_feed_token": "No notification feed at this address: the token is unknown, rotated or revoked.",
    "monthly_limit": "The key's monthly request quota is used up.",
    "daily_history_limit": "The key's daily history + trends calls are used up.",
    "velocity_throttled": "The key requested too many distinct entities or dates too fast.",
    "not_ready": "No build is published yet.",
    "backend_unavailable": "A shared backend (counters or state store) is unreachable; retry after `Retry-After`.",
    "export_building": "The export's file is still being built; retry after `Retry-After` seconds.",
    "claims_per_email": "This e-mail address has submitted its number of claims for today (UTC).",
    "claims_per_entity": "This listing has received its number of claims for today (UTC).",
    "mail_unavailable": "The verification mail could not be sent; nothing was stored, try again later.",
    "internal": "Unexpected server error.",
}
"""Every error code the API returns, with its meaning (the OpenAPI document lists them)."""


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(detail)
        assert code in CODES, code
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.extra = extra or {}


def bad_request(detail: str, parameter: str | None = None) -> ApiError:
    return ApiError(400, "bad_request", detail, extra={"parameter": parameter} if parameter else None)


def too_large(detail: str) -> ApiError:
    """A 413 `request_too_large`: the same code whether Sanic's limits or an endpoint's own body limit refused."""
    return ApiError(413, "request_too_large", detail)


def problem_body(status: int, code: str, detail: str, extra: dict[str, Any] | None = None) -> bytes:
    body: dict[str, Any] = {
        "type": f"https://feeds.example/errors/{code}",
        "title": TITLES.get(status, "Error"),
        "status": status,
        "code": code,
        "detail": detail,
    }
    if extra:
        body.update(extra)
    return orjson.dumps(body)


def problem(error: ApiError) -> HTTPResponse:
    return TrustedHeadersResponse(
        problem_body(error.status, error.code, error.detail, error.extra),
        status=error.status,
        headers=error.headers,
        content_type=PROBLEM,
    )


ERROR_CACHE = {"Cache-Control": "no-store", "Vary": "Accept-Encoding, Authorization"}
"""Every error is stored nowhere: a shared cache (an edge, a CDN with a default lifetime for
uncached 404s) must never hand one key's error, or its rate-limit headers, to another client."""


async def handle_error(request: Request, exc: Exception) -> HTTPResponse:
    response = _problem_for(request, exc)
    for name, value in ERROR_CACHE.items():
        if name not in response.headers:
            response.headers[name] = value
    route = request.route
    if route is not None and getattr(route.ctx, "public", False):
        # A browser script may read a public endpoint's errors, not only its successes.
        response.headers["Access-Control-Allow-Origin"] = "*"
    return response


def _problem_for(request: Request, exc: Exception) -> HTTPResponse:
    if isinstance(exc, ApiError):
        return problem(exc)
    if isinstance(exc, BackendUnavailable):
        log.warning("%s %s: %s", request.method, request.path, exc)
        return problem(
            ApiError(
                503,
                "backend_unavailable",
                "the shared state store is unreachable for a moment; retry after Retry-After seconds",
                headers={"Retry-After": str(max(1, round(exc.retry_after)))},
            )
        )
    if isinstance(exc, NotFound):
        return problem(ApiError(404, "not_found", f"no such resource: {request.path}"))
    if isinstance(exc, MethodNotAllowed):
        allow = {"Allow": exc.headers["Allow"]} if "Allow" in exc.headers else None  # RFC 9110 §15.5.6
        return problem(
            ApiError(405, "method_not_allowed", f"{request.method} is not allowed on {request.path}", headers=allow)
        )
    if isinstance(exc, SanicException) and 400 <= exc.status_code < 500:
        status = exc.status_code if exc.status_code in TITLES else 400
        # Sanic refuses headers over REQUEST_MAX_HEADER_SIZE and bodies over REQUEST_MAX_SIZE with a 413 before
        # any route runs; it gets the code of our own body limits, not the catch-all `bad_request`.
        code = "request_too_large" if status == 413 else "bad_request"
        return problem(ApiError(status, code, str(exc) or "bad request"))
    log.exception("unhandled error on %s %s", request.method, request.path)
    return problem(ApiError(500, "internal", "unexpected server error; it has been logged"))
