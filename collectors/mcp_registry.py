"""`mcp-servers`: every active server of the official MCP registry, latest version only.

`GET /v0.1/servers?version=latest` pages with an opaque cursor (`metadata.nextCursor`, passed back
exactly). The registry's own metadata sits under `_meta["io.modelcontextprotocol.registry/official"]`;
it was snake_case before 2025-09-16, and entries from before then may still be served, so both
spellings are read.
"""

from __future__ import annotations

from typing import Any, ClassVar
from urllib.parse import quote

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, field_validator

from collectors.http import InvalidResponse
from collectors.models import McpPackage, McpRemote, McpServerRow, iso, parse_time
from collectors.protocol import BaseCollector, CollectContext
from collectors.validation import validate, validate_items

BASE_URL = "https://registry.modelcontextprotocol.io/v0.1/servers"
PAGE_LIMIT = 100
OFFICIAL = "io.modelcontextprotocol.registry/official"
NAME_PATTERN = r"^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$"


class Repository(BaseModel):
    """Live servers are served with `"repository": {}` (registry issue #1546) or an empty url (#613)."""

    url: str | None = None


class Transport(BaseModel):
    type: str


class Remote(BaseModel):
    type: str
    url: str


class Package(BaseModel):
    registryType: str
    identifier: str
    version: str | None = None
    transport: Transport


class ServerDetail(BaseModel):
    """The server.json fields we publish."""

    name: str = Field(pattern=NAME_PATTERN)
    description: str = Field(min_length=1)
    version: str = Field(min_length=1)
    title: str | None = None
    websiteUrl: str | None = None
    repository: Repository | None = None
    remotes: list[Remote] | None = None
    packages: list[Package] | None = None


class Official(BaseModel):
    """Registry-owned metadata; camelCase today, snake_case on entries published before 2025-09-16."""

    status: str | None = None
    publishedAt: str = Field(validation_alias=AliasChoices("publishedAt", "published_at"))
    updatedAt: str | None = Field(None, validation_alias=AliasChoices("updatedAt", "updated_at"))
    isLatest: bool | None = Field(None, validation_alias=AliasChoices("isLatest", "is_latest"))

    @field_validator("publishedAt", "updatedAt")
    @classmethod
    def _canonical_time(cls, value: str | None) -> str | None:
        """Precision varies (Go time.Time: none, milli or micro); a value we cannot read skips the item."""
        return None if value is None else iso(parse_time(value))

    @property
    def active(self) -> bool:
        """Missing status means active: entries older than the `status` field are all live."""
        return (self.status or "active").lower() == "active" and self.isLatest is not False


class Meta(BaseModel):
    official: Official = Field(alias=OFFICIAL)


class ServerResponse(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset()

    server: ServerDetail
    meta: Meta = Field(alias="_meta")


class Metadata(BaseModel):
    nextCursor: str | None = None


class ServerList(BaseModel):
    """Envelope of one page; `servers` items are validated one by one (a bad one is skipped)."""

    servers: list[Any]
    metadata: Metadata = Field(default_factory=Metadata)


def registry_url(name: str) -> str:
    return f"{BASE_URL}/{quote(name, safe='')}/versions/latest"


def to_row(item: ServerResponse) -> McpServerRow:
    server, official = item.server, item.meta.official
    repository = (server.repository.url or None) if server.repository else None
    return McpServerRow(
        entity=server.name,
        name=server.name,
        title=server.title,
        description=server.description,
        version=server.version,
        url=server.websiteUrl or repository or registry_url(server.name),
        websiteUrl=server.websiteUrl,
        repository=repository,
        remotes=[McpRemote(type=r.type, url=r.url) for r in server.remotes or []],
        packages=[
            McpPackage(
                registryType=p.registryType, identifier=p.identifier, version=p.version, transport=p.transport.type
            )
            for p in server.packages or []
        ],
        status=(official.status or "active").lower(),
        publishedAt=official.publishedAt,
        updatedAt=official.updatedAt or official.publishedAt,
    )


def transform(items: list[ServerResponse]) -> list[McpServerRow]:
    """Active latest entries, one per name (the most recently published), in registry order."""
    newest: dict[str, ServerResponse] = {}
    for item in items:
        if not item.meta.official.active:
            continue
        name = item.server.name
        kept = newest.get(name)
        if kept is None or parse_time(item.meta.official.publishedAt) > parse_time(kept.meta.official.publishedAt):
            newest[name] = item
    return [to_row(item) for item in newest.values()]


class McpRegistryCollector(BaseCollector):
    feed = "mcp-servers"

    async def collect(self, ctx: CollectContext) -> list[McpServerRow]:
        items: list[ServerResponse] = []
        cursor: str | None = None
        seen: set[str] = set()
        page = 0
        while True:
            params = {"limit": str(PAGE_LIMIT), "version": "latest"}
            if cursor is not None:
                params["cursor"] = cursor
            page += 1
            ctx.progress.update(f"page {page}, {len(items)} servers so far")
            data, _ = await ctx.http.get_json(BASE_URL, params=params)
            body = validate(ServerList, data, f"servers page {page}")
            items.extend(validate_items(ServerResponse, body.servers, f"servers page {page}", ctx.tally))
            cursor = body.metadata.nextCursor or None
            if cursor is None:
                return transform(items)
            if cursor in seen:
                raise InvalidResponse(f"servers page {page}: cursor {cursor!r} repeats; stopping a loop")
            seen.add(cursor)
