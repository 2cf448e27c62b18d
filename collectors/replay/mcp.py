"""The official MCP registry as the replay serves it: `GET /v0.1/servers` (and `/v0`).

Entries are ordered by name; the cursor is the `name:version` of a page's last entry, as in the
registry's consumer guide, and the next page starts after that name (so a server deleted between
two pages cannot break paging). With `version=latest` there is one entry per server, otherwise
one per version. Deprecated servers and servers deleted in the last three weeks are listed with
their status, so a collector's status filter has something to filter; an explicit
`include_deleted=false` hides the deleted ones.
"""

from __future__ import annotations

import bisect
import zlib
from typing import Any

import httpx
import orjson

from collectors.models import parse_time
from collectors.replay.world import DayState, ServerNow, iso_go

OFFICIAL = "io.modelcontextprotocol.registry/official"
PUBLISHER = "io.modelcontextprotocol.registry/publisher-provided"


def detail(state: ServerNow, version: str) -> dict[str, Any]:
    """The server.json of one version."""
    server = state.server
    body: dict[str, Any] = {"$schema": server.schema, "name": server.name, "description": server.description}
    if server.title:
        body["title"] = server.title
    if server.repository:
        body["repository"] = {"url": server.repository, "source": "github"}
        if server.subfolder:
            body["repository"]["subfolder"] = server.subfolder
    elif zlib.crc32(server.name.encode()) % 3 == 0:
        body["repository"] = {}  # what the live registry serves for some servers (registry issue #1546)
    elif zlib.crc32(server.name.encode()) % 3 == 1:
        body["repository"] = {"url": "", "source": ""}  # and for others (registry issue #613)
    body["version"] = version
    if server.website:
        body["websiteUrl"] = server.website
    if server.package_kind:
        package: dict[str, Any] = {"registryType": server.package_kind}
        if server.package_kind == "npm":
            package |= {
                "registryBaseUrl": "https://registry.npmjs.org",
                "identifier": server.package_id,
                "version": version,
                "runtimeHint": "npx",
            }
        elif server.package_kind == "pypi":
            package |= {
                "registryBaseUrl": "https://pypi.org",
                "identifier": server.package_id,
                "version": version,
                "runtimeHint": "uvx",
            }
        else:
            package |= {
                "registryBaseUrl": "https://docker.io",
                "identifier": f"{server.package_id}:{version}",
                "runtimeHint": "docker",
            }
        package["transport"] = {"type": "stdio"}
        if server.env_vars:
            package["environmentVariables"] = [
                {"name": name, "description": text, "isRequired": True, "isSecret": secret, "format": "string"}
                for name, text, secret in server.env_vars
            ]
        body["packages"] = [package]
    if server.remotes:
        body["remotes"] = [{"type": kind, "url": url} for kind, url in server.remotes]
    if server.publisher_meta:
        body["_meta"] = {PUBLISHER: {"tool": "mcp-publisher", "version": "1.3.0"}}
    return body


def entry(state: ServerNow, index: int) -> dict[str, Any]:
    """One `ServerResponse` for version number `index` of the server."""
    version, published = state.versions[index]
    latest = index == len(state.versions) - 1
    official: dict[str, Any] = {"status": state.status if latest else "active"}
    updated = state.updated if latest else published
    if latest and state.status_changed is not None:
        official["statusMessage"] = state.status_message
        official["statusChangedAt"] = iso_go(state.status_changed)
    official |= {"publishedAt": iso_go(published), "updatedAt": iso_go(updated), "isLatest": latest}
    return {"server": detail(state, version), "_meta": {OFFICIAL: official}}


def _error(status: int, title: str, detail_text: str) -> httpx.Response:
    body = {"title": title, "status": status, "detail": detail_text}
    return httpx.Response(status, headers={"content-type": "application/problem+json"}, content=orjson.dumps(body))


class Registry:
    """The registry at one instant."""

    def __init__(self, day: DayState) -> None:
        self.day = day
        self._names = [s.server.name for s in day.servers]
        self._entries: dict[tuple[str, int], bytes] = {}

    def _entry(self, state: ServerNow, index: int) -> bytes:
        key = (state.server.name, index)
        if key not in self._entries:
            self._entries[key] = orjson.dumps(entry(state, index))
        return self._entries[key]

    def list(self, request: httpx.Request) -> httpx.Response:
        params = request.url.params
        try:
            limit = int(params.get("limit", "30"))
        except ValueError:
            return _error(422, "Unprocessable Entity", "limit: expected integer")
        if not 1 <= limit <= 100:
            return _error(422, "Unprocessable Entity", "limit: must be between 1 and 100")
        latest_only = params.get("version") == "latest"
        include_deleted = params.get("include_deleted", "true").lower() != "false"
        since = None
        if params.get("updated_since"):
            try:
                since = parse_time(params["updated_since"]).timestamp()
            except ValueError:
                return _error(400, "Bad Request", "Invalid updated_since format: use RFC3339")
            include_deleted = True
        search = params.get("search", "").lower()
        cursor = params.get("cursor", "")
        start = bisect.bisect_right(self._names, cursor.split(":", 1)[0]) if cursor else 0
        chunks: list[bytes] = []
        last = ""
        states = self.day.servers
        position = start
        while position < len(states) and len(chunks) < limit:
            state = states[position]
            position += 1
            if (state.status == "deleted" and not include_deleted) or (search and search not in state.server.name):
                continue
            if since is not None and state.updated < since:
                continue
            indices = [len(state.versions) - 1] if latest_only else range(len(state.versions))
            for index in indices:  # a server's versions never straddle two pages
                chunks.append(self._entry(state, index))
                last = f"{state.server.name}:{state.versions[index][0]}"
        more = any(
            not (
                (s.status == "deleted" and not include_deleted)
                or (search and search not in s.server.name)
                or (since is not None and s.updated < since)
            )
            for s in states[position:]
        )
        metadata: dict[str, Any] = {"count": len(chunks)}
        if more:
            metadata["nextCursor"] = last
        body = b'{"servers":[' + b",".join(chunks) + b'],"metadata":' + orjson.dumps(metadata) + b"}"
        return httpx.Response(200, headers={"content-type": "application/json"}, content=body)
