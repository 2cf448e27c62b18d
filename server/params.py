"""Request parsing: strict query parameters and JSON bodies, with a 400 that names what is wrong, never a clamp."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import unquote_plus

import orjson
from sanic import Request

from server.errors import ApiError, bad_request


def query(request: Request) -> dict[str, list[str]]:
    """The query string's parameters, parsed once per request.

    Blank values kept: `limit=` is a bad limit, not an absent one (Sanic's `request.args` drops
    them). Same result as `urllib.parse.parse_qsl(keep_blank_values=True, errors="replace")`, which
    Sanic's `get_args` wraps, but only a piece with `%` or `+` goes through unquoting, and the
    handlers' five or six lookups hit one dict instead of Sanic's per-call cache key.
    """
    ctx = request.ctx
    parsed: dict[str, list[str]] | None = getattr(ctx, "query", None)
    if parsed is None:
        parsed = {}
        for piece in request.query_string.split("&"):
            if not piece:
                continue
            name, _, value = piece.partition("=")
            if "%" in name or "+" in name:
                name = unquote_plus(name, errors="replace")
            if "%" in value or "+" in value:
                value = unquote_plus(value, errors="replace")
            parsed.setdefault(name, []).append(value)
        ctx.query = parsed
    return parsed


def one(request: Request, name: str) -> str | None:
    values = query(request).get(name)
    if not values:
        return None
    if len(values) > 1:
        raise bad_request(f"`{name}` given {len(values)} times; give it once", name)
    return values[0]


def integer(request: Request, name: str, default: int, low: int, high: int | None = None) -> int:
    raw = one(request, name)
    if raw is None:
        return default
    text = raw.strip()
    if not text.lstrip("-").isdigit() or len(text) > 12:
        raise bad_request(f"`{name}` must be an integer, got {raw!r}", name)
    value = int(text)
    if value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise bad_request(f"`{name}` must be {bounds}, got {value}", name)
    return value


def day(request: Request, name: str) -> date | None:
    raw = one(request, name)
    if raw is None:
        return None
    try:
        if len(raw) != 10:
            raise ValueError
        return date.fromisoformat(raw)
    except ValueError:
        raise bad_request(f"`{name}` must be a date YYYY-MM-DD, got {raw!r}", name) from None


def since(request: Request, name: str = "since") -> str | None:
    """ISO 8601 date or date-time -> the canonical UTC key the rows are sorted by (`...Z`)."""
    raw = one(request, name)
    if raw is None:
        return None
    text = raw.strip()
    try:
        if len(text) == 10:
            moment = datetime.combine(date.fromisoformat(text), datetime.min.time(), tzinfo=UTC)
        else:
            if text.endswith(("Z", "z")):
                text = text[:-1] + "+00:00"
            moment = datetime.fromisoformat(text)
            if moment.tzinfo is None:
                moment = moment.replace(tzinfo=UTC)
    except ValueError:
        raise bad_request(
            f"`{name}` must be an ISO 8601 date or date-time (2026-11-01 or 2026-11-01T08:00:00Z), got {raw!r}", name
        ) from None
    if moment.year < 1970:
        raise bad_request(f"`{name}` is out of range: {raw!r}", name)
    try:
        if moment.microsecond:  # rows are whole seconds: "on or after 08:00:00.5" is "on or after 08:00:01"
            moment = moment.replace(microsecond=0) + timedelta(seconds=1)
        return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    except OverflowError:  # 9999-12-31T23:59:59-01:00 is past the last representable instant
        raise bad_request(f"`{name}` is out of range: {raw!r}", name) from None


def choice(request: Request, name: str, options: tuple[str, ...], default: str | None = None) -> str | None:
    raw = one(request, name)
    if raw is None:
        return default
    if raw not in options:
        raise bad_request(f"`{name}` must be one of {', '.join(options)}; got {raw!r}", name)
    return raw


def required(request: Request, name: str, max_length: int = 2048) -> str:
    raw = one(request, name)
    if raw is None or not raw.strip():
        raise bad_request(f"`{name}` is required", name)
    if len(raw) > max_length:
        raise bad_request(f"`{name}` is longer than {max_length} characters", name)
    return raw


def not_found(detail: str) -> ApiError:
    return ApiError(404, "not_found", detail)


def json_object(request: Request, max_bytes: int, shape: str) -> dict[str, Any]:
    """The request body as a JSON object, or a 400 that shows the expected `shape`."""
    if len(request.body) > max_bytes:
        raise bad_request(f"body over {max_bytes} bytes")
    try:
        body = orjson.loads(request.body or b"")
    except orjson.JSONDecodeError:
        raise bad_request(f"the body must be a JSON object: {shape}") from None
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    return body
