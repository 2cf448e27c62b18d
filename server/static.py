"""Public web files of the published tree: entity pages (`/mcp/<server_id>`, `/repo/<owner>/<name>`, ...),
leaderboards, the home page and README badges (`/badge/...svg`), with cache headers for a CDN.

Paths are resolved inside the current build's `pages/` directory and refused if they escape it
(`..`, percent-encoded variants, symlinks), so a crafted URL can only ever 404.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote

from sanic import Request, Sanic
from sanic.response import HTTPResponse

from server.errors import ApiError

PAGES_DIR = "pages"
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".js": "text/javascript; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


def resolve(root: Path, path: str) -> Path | None:
    """The file a URL path names inside `root`, or None; never a file outside it."""
    decoded = unquote(path)
    if "\x00" in decoded or "\\" in decoded:
        return None
    parts = [p for p in decoded.split("/") if p]
    if any(p in (".", "..") for p in parts):
        return None
    candidate = root.joinpath(*parts) if parts else root
    if candidate.is_dir():
        candidate = candidate / "index.html"
    elif not candidate.suffix:
        candidate = candidate.with_name(candidate.name + ".html") if parts else candidate
    try:
        real = candidate.resolve(strict=True)
    except (FileNotFoundError, NotADirectoryError, RuntimeError, OSError):
        return None
    if root.resolve() not in real.parents or not real.is_file():
        return None
    return real


async def static_endpoint(request: Request, path: str = "") -> HTTPResponse:
    from server.app import send, site_of

    if path.startswith("api/"):
        raise ApiError(404, "not_found", f"no such resource: {request.path}")
    site = site_of(request)
    target = resolve(site.root / PAGES_DIR, path)
    if target is None:
        raise ApiError(404, "not_found", f"no such page: {request.path}")
    content_type = CONTENT_TYPES.get(target.suffix, "application/octet-stream")
    return send(request, target.read_bytes(), keyed=False, content_type=content_type)


def register_static(app: Sanic) -> None:
    app.add_route(static_endpoint, "/", methods=["GET"], name="home")
    app.add_route(static_endpoint, "/<path:path>", methods=["GET"], name="static")
