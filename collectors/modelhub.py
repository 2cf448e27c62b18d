"""Trending models, hosted apps (Spaces) and datasets of the model hub (Hugging Face Hub API).

Each kind is a documented list endpoint sorted by `trendingScore`, with an explicit `expand` list so
the item shape is pinned (without it the list omits `author` and `lastModified`). Pages are linked
by a `Link: <...>; rel="next"` header carrying an opaque cursor, followed as-is. The day is only
complete with all three kinds, so one kind failing fails the feed for that day.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, Field

from collectors.http import InvalidResponse
from collectors.models import HubRow, hub_entity, iso, parse_time
from collectors.protocol import BaseCollector, CollectContext
from collectors.validation import Tally, validate_items

Kind = Literal["model", "space", "dataset"]

API = "https://huggingface.co/api"
TOP = 100  # SPEC: the top 100 of each kind
# Repositories created before the hub recorded creation dates all carry this one timestamp.
UNKNOWN_CREATED_AT = "2022-03-02T23:29:04Z"
NOISY_TAGS = frozenset({"endpoints_compatible", "autotrain_compatible"})
NOISY_TAG_PREFIXES = ("region:",)


@dataclass(frozen=True)
class KindSource:
    kind: Kind
    path: str
    expand: tuple[str, ...]

    def params(self) -> list[tuple[str, str]]:
        """The first page's query: `expand` is a repeated key, as the official client sends it."""
        return [("sort", "trendingScore"), ("limit", str(TOP)), *(("expand", prop) for prop in self.expand)]


SOURCES: tuple[KindSource, ...] = (
    KindSource(
        "model",
        "models",
        (
            "author",
            "likes",
            "downloads",
            "trendingScore",
            "pipeline_tag",
            "library_name",
            "tags",
            "createdAt",
            "lastModified",
            "cardData",
        ),
    ),
    KindSource(
        "space",
        "spaces",
        ("author", "likes", "trendingScore", "sdk", "tags", "createdAt", "lastModified", "cardData"),
    ),
    KindSource(
        "dataset", "datasets", ("author", "likes", "downloads", "trendingScore", "tags", "createdAt", "lastModified")
    ),
)


def _timestamp(value: str) -> str:
    """Normalise to the row form here, so a garbled date skips its item instead of failing the feed."""
    return iso(parse_time(value))


Timestamp = Annotated[str, AfterValidator(_timestamp)]


class HubItem(BaseModel):
    """The fields we read of a model, Space or dataset list item (only those we asked `expand` for)."""

    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "_id",
            "modelId",
            "private",
            "gated",
            "disabled",
            "sha",
            "siblings",
            "spaces",
            "safetensors",
            "config",
            "transformersInfo",
            "widgetData",
            "model-index",
            "inference",
            "downloadsAllTime",
            "runtime",
            "subdomain",
            "host",
            "models",
            "datasets",
            "region",
            "usedStorage",
            "resourceGroup",
            "description",
            "citation",
            "paperswithcode_id",
            "mainSize",
            "xetEnabled",
            "gguf",
        }
    )

    id: str = Field(min_length=1)
    rank: int = Field(description="1-based position in the upstream list; added by us before validation.")
    author: str | None = None
    likes: int
    downloads: int | None = None
    trendingScore: int | None = None
    """Absent on some items of the live lists: the item is kept, its rank says where it trends."""
    pipeline_tag: str | None = None
    library_name: str | None = None
    sdk: str | None = None
    tags: list[str] = []
    createdAt: Timestamp | None = None
    lastModified: Timestamp | None = None
    cardData: dict[str, Any] | None = None
    """The card's metadata, free-form: read only for the repository it names (`repository_of`)."""


def _tag_value(tags: list[str], prefix: str) -> str | None:
    """Value of the first `prefix:<value>` tag (licence, dataset task category)."""
    for tag in tags:
        if tag.startswith(prefix) and len(tag) > len(prefix):
            return tag[len(prefix) :]
    return None


def _kept_tags(tags: list[str]) -> list[str]:
    return [t for t in tags if t not in NOISY_TAGS and not t.startswith(NOISY_TAG_PREFIXES)]


CARD_REPOSITORY_KEYS = ("github", "repository", "repo", "code")
"""Card metadata keys whose value may be the item's source repository (the hub has no fixed field for it)."""


def repository_of(item: HubItem) -> str | None:
    """The GitHub repository URL the item's card names under one of CARD_REPOSITORY_KEYS, else None."""
    card = item.cardData or {}
    for key in CARD_REPOSITORY_KEYS:
        value = card.get(key)
        if isinstance(value, str) and value.strip().lower().startswith(("https://github.com/", "http://github.com/")):
            return value.strip()
    return None


def _task(kind: Kind, item: HubItem) -> str | None:
    if kind == "model":
        return item.pipeline_tag
    if kind == "dataset":
        return _tag_value(item.tags, "task_categories:")
    return item.sdk


def transform(kind: Kind, item: HubItem) -> HubRow:
    """One list item of one kind -> one row."""
    owner, slash, _ = item.id.partition("/")
    return HubRow(
        entity=hub_entity(kind, item.id),
        id=item.id,
        kind=kind,
        author=item.author or (owner if slash else None),
        likes=item.likes,
        downloads=None if kind == "space" else item.downloads,
        task=_task(kind, item),
        license=_tag_value(item.tags, "license:"),
        library=item.library_name if kind == "model" else None,
        trending_score=item.trendingScore,
        trending_rank=item.rank,
        tags=_kept_tags(item.tags),
        repository=repository_of(item) if kind != "dataset" else None,
        lastModified=item.lastModified,
        createdAt=None if item.createdAt == UNKNOWN_CREATED_AT else item.createdAt,
    )


async def fetch_top(source: KindSource, ctx: CollectContext) -> list[Any]:
    """The first TOP raw items of one kind, following `rel="next"` links until enough or none left."""
    items: list[Any] = []
    url: str | None = f"{API}/{source.path}"
    params: list[tuple[str, str]] | None = source.params()
    seen: set[str] = set()
    while url is not None and len(items) < TOP:
        payload, response = await ctx.http.get_json(url, params=params)
        if not isinstance(payload, list):
            raise InvalidResponse(f"{source.path}: expected a JSON array, got {type(payload).__name__}")
        items.extend(payload)
        ctx.progress.update(f"{source.path}: {min(len(items), TOP)}/{TOP}")
        seen.add(str(response.url))
        next_link = response.links.get("next", {}).get("url")
        # The next URL already carries the query and the cursor; an empty page or a link back to a page
        # already read would otherwise loop for ever.
        url = str(response.url.join(next_link)) if next_link and payload else None
        if url in seen:
            ctx.warn(f"{source.path}: next link points back to {url}; stopped paging")
            url = None
        params = None
    return items[:TOP]


def _ranked(raw: list[Any]) -> list[Any]:
    """Attach the upstream position before validation, so a skipped bad item does not shift the others' ranks."""
    return [{**item, "rank": position} if isinstance(item, dict) else item for position, item in enumerate(raw, 1)]


def _unwrapped(item: Any) -> tuple[Kind | None, Any]:
    """(kind, fields) of one item: the trending endpoint nests an item's fields under `repoData`, with its
    kind in `repoType`; the list endpoints send the fields flat."""
    if isinstance(item, dict) and isinstance(item.get("repoData"), dict):
        kind = item.get("repoType")
        return (kind if kind in ("model", "space", "dataset") else None), item["repoData"]
    return None, item


def rows_from_payload(kind: Kind, payload: Any, tally: Tally | Callable[[str], None]) -> list[HubRow]:
    """Rows of one response: a list endpoint's array of `kind`, or the trending endpoint's
    `{"recentlyTrending": [{"repoData": {...}, "repoType": ...}]}` (each item's own kind wins)."""
    tally = tally if isinstance(tally, Tally) else Tally(tally)
    if isinstance(payload, dict) and isinstance(payload.get("recentlyTrending"), list):
        payload = payload["recentlyTrending"]
    if not isinstance(payload, list):
        raise InvalidResponse(f"{kind} list: expected a JSON array, got {type(payload).__name__}")
    kinds, fields = zip(*map(_unwrapped, payload), strict=True) if payload else ((), ())
    items = validate_items(HubItem, _ranked(list(fields)), f"{kind} list", tally)
    by_id = {item.id: item for item in items}
    rows: list[HubRow] = []
    for item_kind, raw in zip(kinds, fields, strict=True):
        item_id = raw.get("id") if isinstance(raw, dict) else None
        item = by_id.get(item_id) if isinstance(item_id, str) else None
        if item is not None:
            rows.append(transform(item_kind or kind, item))
    return rows


class ModelhubCollector(BaseCollector):
    feed = "modelhub-trending"

    async def collect(self, ctx: CollectContext) -> list[HubRow]:
        rows: list[HubRow] = []
        for source in SOURCES:
            rows.extend(rows_from_payload(source.kind, await fetch_top(source, ctx), ctx.tally))
        return rows
