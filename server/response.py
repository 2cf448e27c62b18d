"""A response whose headers skip Sanic's per-value sanitising: the hot path's biggest fixed cost.

Sanic escapes every header name and value (two `str.translate` calls and two encodes per header)
to defuse CR/LF injection from untrusted values; for the six headers every keyed response must carry
(X-RateLimit-*, Cache-Control, ETag, Vary) that sanitising is a large share of a bare Sanic app's
time per request (figure: docs/performance.md). Our header values are produced by this
service (numbers, constants, build ids, hex digests), so they are checked for CR and LF once,
cheaply, and encoded directly; any value that does contain one takes Sanic's own path.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from email.utils import formatdate

from sanic.helpers import has_message_body
from sanic.response import HTTPResponse

READ = ["GET", "HEAD"]
"""Methods of every read endpoint: HEAD is a GET without the body (Sanic drops it), as HTTP says."""


_ENCODED: dict[tuple[str, str], tuple[bytes, bytes]] = {}
"""Encoded (name, value) pairs of headers whose values repeat (content type, cache policy, limits)."""
_REPEATING = frozenset(
    {
        "content-type",
        "cache-control",
        "vary",
        "x-ratelimit-limit",
        "x-ratelimit-reset",
        "access-control-allow-origin",
        "content-encoding",
        "connection",
    }
)
_ENCODED_MAX = 4096

_date: tuple[int, tuple[bytes, bytes]] = (0, (b"date", b""))


def date_header() -> tuple[bytes, bytes]:
    """The `Date` header (RFC 9110 6.6.1), formatted once a second.

    Caches compute a response's age from it (`Age`, `max-age`, `stale-if-error`), so every answer
    carries it; formatting it once a second keeps it off the per-request cost.
    """
    global _date
    now = int(time.time())
    if _date[0] != now:
        _date = (now, (b"date", formatdate(now, usegmt=True).encode("ascii")))
    return _date[1]


class TrustedHeadersResponse(HTTPResponse):
    __slots__ = ()

    @property
    def processed_headers(self) -> Iterator[tuple[bytes, bytes]]:
        headers = self.headers
        if has_message_body(self.status):
            headers.setdefault("content-type", self.content_type)
        out = []
        for name, raw in headers.items():
            value = raw if type(raw) is str else f"{raw}"
            pair = _ENCODED.get((name, value))
            if pair is None:
                if "\r" in value or "\n" in value or "\r" in name or "\n" in name:
                    return iter([*super().processed_headers, date_header()])
                pair = (name.encode("ascii"), value.encode("utf-8", "surrogateescape"))
                if name.lower() in _REPEATING and len(_ENCODED) < _ENCODED_MAX:
                    _ENCODED[(name, value)] = pair  # checked for CR/LF above, once
            out.append(pair)
        out.append(date_header())
        return iter(out)
