"""A response whose headers skip Sanic's per-value sanitising: the hot path's biggest fixed cost.

Sanic escapes every header name and value (two `str.translate` calls and two encodes per header)
to defuse CR/LF injection from untrusted values. Measured with wrk on this machine, the six headers
every keyed response must carry (X-RateLimit-*, Cache-Control, ETag, Vary) cost a bare Sanic app
over 20% of its throughput, most of it that sanitising. Our header values are produced by this
service (numbers, constants, build ids, hex digests), so they are checked for CR and LF once,
cheaply, and encoded directly; any value that does contain one takes Sanic's own path.
"""

from __future__ import annotations

from collections.abc import Iterable

from sanic.helpers import has_message_body
from sanic.response import HTTPResponse

READ = ["GET", "HEAD"]
"""Methods of every read endpoint: HEAD is a GET without the body (Sanic drops it), as HTTP says."""


class TrustedHeadersResponse(HTTPResponse):
    __slots__ = ()

    @property
    def processed_headers(self) -> Iterable[tuple[bytes, bytes]]:  # type: ignore[override]
        if has_message_body(self.status):
            self.headers.setdefault("content-type", self.content_type)
        texts = [(name, value if isinstance(value, str) else f"{value}") for name, value in self.headers.items()]
        flat = "".join([name + value for name, value in texts])
        if "\r" in flat or "\n" in flat:
            return super().processed_headers
        return [(name.encode("ascii"), value.encode("utf-8", "surrogateescape")) for name, value in texts]
