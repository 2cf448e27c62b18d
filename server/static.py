"""Public web files of the published tree: entity pages (`/mcp/<server_id>`, `/repo/<owner>/<name>`, ...),
leaderboards, the home page and README badges (`/badge/...svg`), with cache headers for a CDN.

`/x` is `pages/x` when that is a file, else `pages/x/index.html` (layout: build/pages.py; entity pages
and badges read from their directory's pack, build/packs.py). The raw
path is decoded once here and anything odd (encoded slashes, NUL, dot segments, a real path outside
`pages/`) is a 404, so a crafted URL can only ever 404 (a crafted badge URL: a 400 "invalid path"
badge; a well-formed one no entity has: a grey "not tracked" badge with status 200). PNG badges are
rendered on first request and kept per worker, because rendering every badge at build time would cost
minutes for badges most never ask for. See docs/pages-and-badges.md.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from build.badges import DARK_DIR, invalid_badge, not_tracked_badge
from build.paths import pack_of
from server.contract import ATOM_CONTENT_TYPE
from server.errors import ApiError
from server.response import READ
from server.site import Site
from server.steps import send, site_of

PAGES_DIR = "pages"
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".js": "text/javascript; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".atom": ATOM_CONTENT_TYPE,
}
BADGE_CACHE = "public, max-age=3600, stale-while-revalidate=604800, stale-if-error=604800"
NOT_FOUND_CACHE = "public, max-age=300"
NOT_TRACKED_CACHE = "public, max-age=300, stale-if-error=86400"
"""An unknown badge: re-checked soon (the entity may be tracked from the next build on)."""
BADGE_STATUS = "X-Badge-Status"
"""`tracked`, `not-tracked` or `invalid`: what a badge answer is, for monitoring (the image says it too)."""
PAGE_CSP = (
    "default-src 'self'; img-src 'self' data: https:; style-src 'self'; script-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'"


@dataclass(frozen=True)
class StaticFile:
    status: int
    body: bytes
    content_type: str
    headers: dict[str, str]
    keep: bool = True
    """Kept in the per-build memory cache when 200; false for answers any path can produce (not tracked)."""


PNG_CACHE = 2048
"""PNG badges kept per worker (about 2 KB each)."""

_png_cache: OrderedDict[tuple[str, str], bytes] = OrderedDict()


def path_parts(raw: str) -> list[str] | None:
    """Segments of a raw (still percent-encoded) URL path, or None when it must 404."""
    lowered = raw.lower()
    if "%2f" in lowered or "%5c" in lowered or "%00" in lowered:
        return None
    try:
        decoded = unquote(raw, errors="strict")
    except UnicodeDecodeError:
        return None
    if "\x00" in decoded or "\\" in decoded:
        return None
    parts = decoded.split("/")[1:] if decoded.startswith("/") else decoded.split("/")
    if parts and parts[-1] == "":
        parts = parts[:-1]  # a trailing slash names the same page
    if any(p in ("", ".", "..") for p in parts):
        return None
    return parts


def resolve_parts(root: Path, parts: list[str]) -> Path | None:
    """The file `parts` names inside `root` (the file itself, else its directory's index.html)."""
    base = root.resolve()
    candidate = base.joinpath(*parts) if parts else base
    for option in ([candidate] if parts else []) + [candidate / "index.html"]:
        try:
            real = option.resolve(strict=True)
        except (OSError, RuntimeError):
            continue
        if base in real.parents and real.is_file():
            return real
    return None


def find(site: Site, parts: list[str]) -> tuple[str, bytes] | None:
    """(name, bytes) of the public file `parts` names (under `pages/`: the file itself, else its
    directory's index.html), or None; a file of a packed directory (entity pages, badges:
    build/packs.py) from its pack, any other from the file system, never a file outside `pages/`."""
    base = "/".join([PAGES_DIR, *parts])
    if pack_of(f"{base}/index.html") is not None:  # a packed directory: its files are in the pack only
        for relpath in (base, f"{base}/index.html"):
            data = site.packs.read(relpath)
            if data is not None:
                return relpath.rsplit("/", 1)[-1], data
        return None
    target = resolve_parts(site.root / PAGES_DIR, parts)
    return None if target is None else (target.name, target.read_bytes())


def resolve(site: Site, path: str) -> tuple[str, bytes] | None:
    """The public file a raw URL path names, or None; never a file outside the public pages."""
    parts = path_parts(path if path.startswith("/") else "/" + path)
    return None if parts is None else find(site, parts)


def render_png(svg: bytes) -> bytes:
    import cairosvg

    return bytes(cairosvg.svg2png(bytestring=svg))


async def png_of(key: tuple[str, str], svg: bytes) -> bytes:
    """The PNG of a badge SVG, from the LRU or rendered off the event loop."""
    png = _png_cache.get(key)
    if png is not None:
        _png_cache.move_to_end(key)
        return png
    png = await asyncio.to_thread(render_png, svg)
    _png_cache[key] = png
    while len(_png_cache) > PNG_CACHE:
        _png_cache.popitem(last=False)
    return png


def is_badge_path(raw: str) -> bool:
    """A raw URL path that asks for a badge (before any decoding or safety check)."""
    return raw.startswith("/badge/") and raw.endswith((".svg", ".png"))


def badge_headers(status: str, cache: str) -> dict[str, str]:
    return {
        "Cache-Control": cache,
        "Content-Security-Policy": BADGE_CSP,
        "X-Content-Type-Options": "nosniff",
        BADGE_STATUS: status,
    }


async def badge_file(request: Request, site: Site, parts: list[str]) -> StaticFile:
    """The badge `parts` names. A path no entity has is a grey "not tracked" badge with status 200:
    README image proxies (GitHub's camo) show a broken image for an error status, and an entity that is
    not tracked is a fact, not an error. `X-Badge-Status` tells monitoring which it was."""
    style = "dark" if request.args.get("style") == "dark" else "light"
    name = parts[-1]
    is_png = name.endswith(".png")
    svg_parts = [DARK_DIR if style == "dark" else "badge", *parts[1:-1], name[:-4] + ".svg"]
    found = find(site, svg_parts)
    content_type = CONTENT_TYPES[".png" if is_png else ".svg"]
    if found is None:
        svg = not_tracked_badge(style).encode()
        body = await png_of((f"not-tracked:{style}", ""), svg) if is_png else svg
        return StaticFile(200, body, content_type, badge_headers("not-tracked", NOT_TRACKED_CACHE), keep=False)
    svg = found[1]
    body = await png_of(("/".join(svg_parts), site.build_id), svg) if is_png else svg
    return StaticFile(200, body, content_type, badge_headers("tracked", BADGE_CACHE))


async def invalid_badge_file(request: Request, raw: str) -> StaticFile:
    """A malformed badge path (encoded slash, NUL, dot segment, undecodable byte): status 400 with a
    grey "invalid path" badge. No build can ever make such a path a badge, so unlike "not tracked" it
    is the embedder's error and says so; the image still shows what is wrong."""
    style = "dark" if request.args.get("style") == "dark" else "light"
    svg = invalid_badge(style).encode()
    is_png = raw.endswith(".png")
    body = await png_of((f"invalid:{style}", ""), svg) if is_png else svg
    return StaticFile(
        400, body, CONTENT_TYPES[".png" if is_png else ".svg"], badge_headers("invalid", NOT_FOUND_CACHE), keep=False
    )


async def static_file(request: Request, site: Site, raw: str) -> StaticFile:
    parts = path_parts(raw)
    if parts and parts[0] == "badge" and len(parts) > 1 and parts[-1].endswith((".svg", ".png")):
        return await badge_file(request, site, parts)
    if parts is None and is_badge_path(raw):
        return await invalid_badge_file(request, raw)
    found = find(site, parts) if parts is not None else None
    if found is None:
        page = site.file(f"{PAGES_DIR}/404.html", cache=True)
        if page is None:
            raise ApiError(404, "not_found", f"no such page: {raw}")
        headers = {"Cache-Control": NOT_FOUND_CACHE, "Content-Security-Policy": PAGE_CSP}
        return StaticFile(404, page, CONTENT_TYPES[".html"], headers)
    name, body = found
    suffix = name[name.rfind(".") :] if "." in name else ""
    headers = {"X-Content-Type-Options": "nosniff"}
    if suffix == ".html":
        headers["Content-Security-Policy"] = PAGE_CSP
    elif suffix == ".svg":
        headers["Content-Security-Policy"] = BADGE_CSP
    return StaticFile(200, body, CONTENT_TYPES.get(suffix, "application/octet-stream"), headers)


async def static_endpoint(request: Request, path: str = "") -> HTTPResponse:
    raw = request.path
    if raw.startswith("/api/"):
        raise ApiError(404, "not_found", f"no such resource: {raw}")
    site = site_of(request)
    # A build never changes, so a file found once is served from memory after that: path
    # resolution (a realpath per request) and the read were most of a page's cost.
    cache_key = raw + ("?dark" if request.args.get("style") == "dark" else "")
    found = site.static.get(cache_key)
    if found is None:
        found = await static_file(request, site, raw)
        if found.status == 200 and found.keep:
            site.static.put(cache_key, found)
    response = send(request, found.body, keyed=False, status=found.status, content_type=found.content_type)
    response.headers.update(found.headers)
    return response


routes = Blueprint("static")
routes.add_route(static_endpoint, "/", methods=READ, name="home")
routes.add_route(static_endpoint, "/<path:path>", methods=READ, name="static")
