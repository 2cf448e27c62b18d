"""Routes each request of the real collectors to the simulated upstream that would have answered it.

One transport serves one instant (`now`): each upstream's view of the world is computed on its
first request and reused for the rest, so a request costs a filter, a slice and a serialisation.
Hosts nobody simulates fail as a dead network would (`httpx.ConnectError`); unknown paths on a
simulated host are a 404.
"""

from __future__ import annotations

import re
from functools import cached_property
from typing import TYPE_CHECKING

import httpx

from collectors.replay.algolia import Forum
from collectors.replay.github import GitHub
from collectors.replay.hub import PATHS, Hub
from collectors.replay.mcp import Registry
from collectors.replay.openrouter import Marketplace
from collectors.replay.world import DayState

if TYPE_CHECKING:
    from collectors.replay import ReplayWorld

GITHUB, ALGOLIA, REGISTRY, OPENROUTER, HUB = (
    "api.github.com",
    "hn.algolia.com",
    "registry.modelcontextprotocol.io",
    "openrouter.ai",
    "huggingface.co",
)
API_HOSTS = frozenset((GITHUB, ALGOLIA, REGISTRY, OPENROUTER, HUB))
_REPO_PATH = re.compile(r"^/repos/([^/]+)/([^/]+)/?$")
ROBOTS = b"User-agent: *\nAllow: /\n"


def _not_found(request: httpx.Request) -> httpx.Response:
    if request.url.host == GITHUB:
        body = b'{"message":"Not Found","documentation_url":"https://docs.github.com/rest","status":"404"}'
        return httpx.Response(404, headers={"content-type": "application/json; charset=utf-8"}, content=body)
    return httpx.Response(
        404,
        headers={"content-type": "text/html; charset=utf-8"},
        content=b"<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>",
    )


class ReplayTransport(httpx.AsyncBaseTransport):
    """An httpx transport answering as the six upstreams would at `day.now`."""

    def __init__(self, world: ReplayWorld, day: DayState) -> None:
        self.world = world
        self.day = day
        self.requests = 0

    @cached_property
    def github(self) -> GitHub:
        return GitHub(self.day)

    @cached_property
    def forum(self) -> Forum:
        return Forum(self.day)

    @cached_property
    def registry(self) -> Registry:
        return Registry(self.day)

    @cached_property
    def marketplace(self) -> Marketplace:
        return Marketplace(self.day)

    @cached_property
    def hub(self) -> Hub:
        return Hub(self.day)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        self.requests += 1
        return self.route(request)

    def route(self, request: httpx.Request) -> httpx.Response:
        host, path = request.url.host, request.url.path
        if not self.world.knows(host):
            raise httpx.ConnectError(f"[Errno -2] Name or service not known: {host}", request=request)
        if request.method not in ("GET", "HEAD"):
            return httpx.Response(405, headers={"allow": "GET, HEAD"})
        response = self.api(request, host, path) if host in API_HOSTS else None
        if response is None:
            response = self.page(request)
        if request.method == "HEAD":
            headers = [(k, v) for k, v in response.headers.items() if k.lower() != "content-length"]
            return httpx.Response(response.status_code, headers=headers)
        return response

    def api(self, request: httpx.Request, host: str, path: str) -> httpx.Response | None:
        if host == GITHUB:
            if path == "/search/repositories":
                return self.github.search(request)
            if path == "/rate_limit":
                return self.github.rate_limit()
            match = _REPO_PATH.match(path)
            if match:
                return self.github.repo(match[1], match[2])
        elif host == ALGOLIA and path in ("/api/v1/search_by_date", "/api/v1/search"):
            return self.forum.search(request, by_date=path.endswith("_by_date"))
        elif host == REGISTRY and path.rstrip("/") in ("/v0.1/servers", "/v0/servers"):
            return self.registry.list(request)
        elif host == OPENROUTER and path.rstrip("/") == "/api/v1/models":
            return self.marketplace.models(request)
        elif host == HUB and path.startswith("/api/") and path[5:].rstrip("/") in PATHS:
            return self.hub.list(request, path[5:].rstrip("/"))
        return None

    def page(self, request: httpx.Request) -> httpx.Response:
        """A pricing page (or robots.txt) of a simulated vendor site; 404 for anything else."""
        url = request.url
        if url.path == "/robots.txt" and self.world.is_pricing_host(url.host):
            return httpx.Response(200, headers={"content-type": "text/plain"}, content=ROBOTS)
        text = self.world.pricing_page(str(url), self.day.now)
        if text is None:
            return _not_found(request)
        if url.scheme == "http":
            return httpx.Response(301, headers={"location": str(url.copy_with(scheme="https"))})
        return httpx.Response(
            200,
            headers={"content-type": "text/html; charset=utf-8", "cache-control": "max-age=600"},
            content=text.encode(),
        )
