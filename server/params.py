"""Request parsing: strict query parameters and JSON bodies, with a 400 that names what is wrong, never a clamp."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import unquote_plus

import orjson
from sanic import Request

from server.errors import ApiError, bad_request, too_large


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


INTEGER = re.compile(r"-?[0-9]+")
"""An integer as the document's `type: integer` means it: ASCII digits (`str.isdigit` also takes `²`, which
`int` then refuses)."""
INTEGER_DIGITS = 12
"""Longest integer converted: every bound of the API is far below, and `int()` of a huge string costs time."""
DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
"""RFC 3339 `full-date`, what `format: date` means (`date.fromisoformat` also takes week dates, `2026-W01-1`)."""
LEAP_SECOND = re.compile(r"(.*[Tt ][0-9]{2}:[0-9]{2}:)60(.*)")
FIRST_KEY = "0001-01-01T00:00:00Z"
"""The earliest `since` key: an instant before it is before every row, so it means "everything"."""
AFTER_LAST_KEY = "9999-12-31T23:59:60Z"
"""A `since` key after every row's (rows are whole seconds up to 9999-12-31T23:59:59Z): "nothing"."""


def integer(request: Request, name: str, default: int, low: int, high: int | None = None) -> int:
    raw = one(request, name)
    if raw is None:
        return default
    text = raw.strip()
    if not INTEGER.fullmatch(text):
        raise bad_request(f"`{name}` must be an integer, got {raw!r}", name)
    value = int(text) if len(text.lstrip("-").lstrip("0")) <= INTEGER_DIGITS else None
    if value is None or value < low or (high is not None and value > high):
        bounds = f"between {low} and {high}" if high is not None else f"at least {low}"
        raise bad_request(f"`{name}` must be {bounds}, got {text if value is None else value}", name)
    return value


def day(request: Request, name: str) -> date | None:
    """A `YYYY-MM-DD` day, any year from 0001 to 9999: what a day means is the handler's business (plan depth)."""
    raw = one(request, name)
    if raw is None:
        return None
    try:
        if not DAY.fullmatch(raw):
            raise ValueError
        return date.fromisoformat(raw)
    except ValueError:
        raise bad_request(f"`{name}` must be a date YYYY-MM-DD, got {raw!r}", name) from None


def since(request: Request, name: str = "since") -> str | None:
    """ISO 8601 date or date-time -> the canonical UTC key the rows are sorted by (`...Z`).

    Any instant is a valid `since`, however far back (`1900-01-01` is the natural "everything"): an instant
    before 0001-01-01T00:00:00Z in UTC (`0001-01-01T00:00:00+01:00`) is before every row, one after the last
    representable second after every row, so both get a key that says so instead of a 400 for a valid value.
    """
    raw = one(request, name)
    if raw is None:
        return None
    text = raw.strip()
    leap = LEAP_SECOND.fullmatch(text)
    if leap:  # RFC 3339 allows second 60 (a leap second): the instant after :59, which Python cannot hold
        text = f"{leap[1]}59{leap[2]}"
    try:
        if len(text) == 10:
            if not DAY.fullmatch(text):
                raise ValueError
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
    try:
        utc = moment.astimezone(UTC)
        if leap or utc.microsecond:  # rows are whole seconds: "on or after 08:00:00.5" is "on or after 08:00:01"
            utc = utc.replace(microsecond=0) + timedelta(seconds=1)
    except OverflowError:  # within a day of the ends of the calendar: before every row, or after every row
        return FIRST_KEY if moment.year == 1 else AFTER_LAST_KEY
    # Not strftime: its %Y drops the leading zeros of years before 1000 on glibc, and keys compare as text.
    return f"{utc.year:04d}-{utc.month:02d}-{utc.day:02d}T{utc.hour:02d}:{utc.minute:02d}:{utc.second:02d}Z"


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
    """The request body as a JSON object, or a 400 that shows the expected `shape` (a 413 past `max_bytes`)."""
    if len(request.body) > max_bytes:
        raise too_large(f"the body is over {max_bytes} bytes")
    try:
        body = orjson.loads(request.body or b"")
    except orjson.JSONDecodeError:
        raise bad_request(f"the body must be a JSON object: {shape}") from None
    if not isinstance(body, dict):
        raise bad_request("the body must be a JSON object")
    return body
