"""The API's names and limits: one home for every constant the handlers enforce, the OpenAPI document
states and the MCP server's tool schemas repeat.

No web framework is imported here, so the MCP process and the document builder read the same values
the handlers check, without loading Sanic.
"""

from __future__ import annotations

from build.trends import WINDOWS as WINDOW_DAYS
from collectors.models import FEEDS

API = "/api/v1"
JSON = "application/json"
ATOM_CONTENT_TYPE = "application/atom+xml"
"""The Atom feeds of change events: a feed's public `changes.atom` and an account's notifications."""

WINDOWS: tuple[str, ...] = tuple(WINDOW_DAYS)
DEFAULT_WINDOW = "7d"
MOMENTUM_CATEGORIES: tuple[str, ...] = tuple(name for name, info in FEEDS.items() if info.momentum)
WATCH_TYPES = ("any", "price_change", "version_bump", "momentum_jump", "momentum_above")

REQUEST_MAX_BYTES = 1024 * 1024
"""Largest request body the server reads at all (server/app.py's REQUEST_MAX_SIZE): a 413 past it."""
REQUEST_MAX_HEADER_BYTES = 8192
"""Largest request head (request line and headers; Sanic's default REQUEST_MAX_HEADER_SIZE): a 413 past it."""
OFFSET_MAX = 1_000_000_000
"""Largest `offset` (feeds, watch events): far past any feed, and small enough to stay an exact integer everywhere."""
FEED_LIMIT_MAX = 1000
FEED_LIMIT_DEFAULT = 100
HISTORY_LIMIT_MAX = 90
HISTORY_DEFAULT_LIMIT = 31
HISTORY_MAX_WINDOW = 90
"""Longest `from`..`to` window of one history request, both ends counted."""
MOMENTUM_LIMIT_MAX = 100
Q_MAX = 256
URL_MAX = 2048
"""Longest `url=` accepted (what browsers and CDNs reliably carry; no pricing page needs more)."""
ENTITY_MAX = 2048
WATCH_ID_MAX = 64
MAX_BODY = 16 * 1024
"""Largest JSON body of the watch endpoints (a 413 past it)."""
CLAIM_MAX_BODY = 64 * 1024
"""Largest claim body (JSON or form; a 413 past it): every field at its limit fits with room to spare."""
EVENTS_DEFAULT_LIMIT = 100
EVENTS_MAX_LIMIT = 1000
CURSOR_DIGITS = 18
HISTORY_FORMATS = ("json", "csv")
"""`format` of history: the JSON page, or the same rows as CSV (`text/csv`)."""
EXPORT_FORMATS = ("parquet", "csv")
"""`format` of an export: one Parquet file, or gzipped CSV."""
EXPORT_WAIT = 30.0
"""Seconds a request waits for its export's first build (well within Sanic's 60 s response timeout); past it,
a 503 `export_building` with EXPORT_RETRY as Retry-After, while the build goes on."""
EXPORT_RETRY = 15
EXPORT_CHUNK_BYTES = 256 * 1024
"""Bytes read from disk and written to the socket at a time while an export streams."""

PUBLIC_CACHE = "public, max-age=3600, stale-while-revalidate=86400, stale-if-error=86400"
"""`stale-if-error` lets a CDN that follows only this header keep serving during an origin outage."""
PRIVATE_CACHE = "private, max-age=300"
KEYED_VARY = "Accept-Encoding, Authorization"
