"""Routes of the data licence: `GET /api/v1/export` (what can be downloaded) and
`GET /api/v1/export/<feed>` (one feed's days as one Parquet or gzipped CSV file).

Only keys on a plan with `export` (the `licence` plan) may call them; others get 403
`licence_required` before anything is counted. Each call counts as one request toward the monthly
quota, never toward the daily history + trends cap or the velocity throttle. An export is built once
into a file (server/export.py) and then streamed from disk in EXPORT_CHUNK_BYTES pieces with a
`Content-Length`, so a worker's memory stays flat whatever the size; `ETag` is the export's key and
a single `bytes=` range (with `If-Range`) resumes a broken download.
"""

from __future__ import annotations

import asyncio
import os
import re
from collections.abc import Callable, Coroutine
from typing import Any

import orjson
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from collectors.models import FEED_NAMES
from server import params
from server.contract import (
    API,
    EXPORT_CHUNK_BYTES,
    EXPORT_FORMATS,
    EXPORT_RETRY,
    EXPORT_WAIT,
    KEYED_VARY,
    PRIVATE_CACHE,
)
from server.errors import ApiError, bad_request
from server.export import build, ensure_built, listing, plan_export
from server.keys import ApiKey
from server.response import READ, TrustedHeadersResponse
from server.steps import authenticate, charge, plan_of, send

RANGE = re.compile(r"bytes=([0-9]{0,18})-([0-9]{0,18})")


def require_licence(request: Request, key: ApiKey) -> None:
    plan = plan_of(request, key)
    if not plan.export:
        raise ApiError(
            403,
            "licence_required",
            f"bulk export needs the data licence plan (from $499/month); this key is on the {plan.name} plan",
        )


async def export_list(request: Request) -> HTTPResponse:
    key = authenticate(request)
    require_licence(request, key)
    await charge(request, key)
    body = await asyncio.to_thread(listing, request.app.ctx.settings)
    # The archive changes at the nightly collection, before a build: the listing is never cached.
    return send(request, orjson.dumps(body), keyed=True, cacheable=False)


def byte_range(header: str | None, size: int) -> tuple[int, int] | None:
    """The one range `Range` asks for, as (first, last) byte, or None to send everything.

    Anything but a single `bytes=` range is ignored (RFC 9110 §14.2 lets a server ignore `Range`), as
    is a range whose last byte is before its first; a range starting at or past the end is a 416.
    """
    if header is None:
        return None
    match = RANGE.fullmatch(header.strip().replace(" ", ""))
    if match is None:
        return None
    first, last = match.group(1), match.group(2)
    if not first and not last:
        return None
    if not first:  # `bytes=-N`: the last N bytes
        suffix = int(last)
        if suffix == 0:
            raise _unsatisfiable(size)
        return max(0, size - suffix), size - 1
    start = int(first)
    if last and int(last) < start:
        return None
    if start >= size:
        raise _unsatisfiable(size)
    return start, min(int(last), size - 1) if last else size - 1


def _unsatisfiable(size: int) -> ApiError:
    return ApiError(
        416,
        "range_not_satisfiable",
        f"the range starts at or past the end of the export ({size} bytes)",
        headers={"Content-Range": f"bytes */{size}"},
    )


def _matches(header: str | None, etag: str) -> bool:
    return header is not None and (header.strip() == "*" or etag in {tag.strip() for tag in header.split(",")})


async def export_feed(request: Request, feed: str) -> HTTPResponse | None:
    key = authenticate(request)
    require_licence(request, key)
    start = params.day(request, "from")
    end = params.day(request, "to")
    fmt = params.choice(request, "format", EXPORT_FORMATS, "parquet")
    assert fmt is not None
    if start and end and start > end:
        raise bad_request("`from` is after `to`", "from")
    await charge(request, key)
    settings = request.app.ctx.settings
    first, last = (str(start) if start else None), (str(end) if end else None)
    export = await asyncio.to_thread(plan_export, settings, feed, first, last, fmt)
    if export is None:
        raise params.not_found(f"no archived day of {feed} from {first or 'the first'} to {last or 'the last'}")
    cache_bytes = settings.feeds_export_cache_mb * 1024 * 1024
    try:
        size = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(build(export, cache_bytes))), EXPORT_WAIT)
    except TimeoutError:
        raise ApiError(
            503,
            "export_building",
            f"the export is being built (a first download of many days takes a while); retry in {EXPORT_RETRY} s",
            headers={"Retry-After": str(EXPORT_RETRY), **request.ctx.rate},
        ) from None
    etag = f'"{export.key}"'
    headers = {
        **request.ctx.rate,
        "Cache-Control": PRIVATE_CACHE,
        "Vary": KEYED_VARY,
        "ETag": etag,
        "Accept-Ranges": "bytes",
        "Content-Disposition": f'attachment; filename="{export.filename}"',
    }
    request_headers = request.headers
    if _matches(request_headers.get("if-none-match"), etag):
        return TrustedHeadersResponse(status=304, headers=headers)
    status, first_byte, last_byte = 200, 0, size - 1
    if_range = request_headers.get("if-range")
    if request.method == "GET" and (if_range is None or if_range.strip() == etag):
        try:
            wanted = byte_range(request_headers.get("range"), size)
        except ApiError as error:
            error.headers.update({**request.ctx.rate, "ETag": etag, "Accept-Ranges": "bytes"})
            raise
        if wanted is not None:
            status, (first_byte, last_byte) = 206, wanted
            headers["Content-Range"] = f"bytes {first_byte}-{last_byte}/{size}"
    headers["Content-Length"] = str(last_byte - first_byte + 1)
    if request.method == "HEAD":
        return TrustedHeadersResponse(b"", status=status, headers=headers, content_type=export.media_type)
    # Opened before the head is sent; once open, eviction (another request's, meanwhile) cannot take the bytes
    # away. A file evicted in between is built again: the same days give the same bytes.
    try:
        fd = await asyncio.to_thread(os.open, export.path, os.O_RDONLY)
    except FileNotFoundError:
        await asyncio.to_thread(ensure_built, export, cache_bytes)
        fd = await asyncio.to_thread(os.open, export.path, os.O_RDONLY)
    try:
        response = await request.respond(status=status, headers=headers, content_type=export.media_type)
        await _stream(response, fd, first_byte, last_byte + 1)
    finally:
        os.close(fd)
    return None


async def _stream(response: HTTPResponse, fd: int, start: int, stop: int) -> None:
    """Write bytes `start`..`stop` of the open file, one chunk in memory at a time: the socket's flow
    control holds the next read until the client has taken the last write."""
    position = start
    while position < stop:
        chunk = await asyncio.to_thread(os.pread, fd, min(EXPORT_CHUNK_BYTES, stop - position), position)
        if not chunk:
            break  # the file cannot shrink (built once, replaced only by a rename): never reached
        await response.send(chunk)
        position += len(chunk)
    await response.eof()  # type: ignore[no-untyped-call]


RouteHandler = Callable[[Request], Coroutine[Any, Any, HTTPResponse | None]]


def _bind(feed: str) -> RouteHandler:
    async def bound(request: Request) -> HTTPResponse | None:
        return await export_feed(request, feed)

    bound.__name__ = f"export_{feed.replace('-', '_')}"
    return bound


routes = Blueprint("export")
routes.add_route(export_list, f"{API}/export", methods=READ, name="export_list")
for _feed in FEED_NAMES:
    routes.add_route(_bind(_feed), f"{API}/export/{_feed}", methods=READ, name=f"export_{_feed.replace('-', '_')}")
