"""The Hugging Face Hub list endpoints as the replay serves them: `/api/models`, `/api/spaces`, `/api/datasets`.

Bare JSON arrays, sorted descending by `sort` (trendingScore by default here), paged by `limit`
with an RFC 8288 `Link: <...>; rel="next"` header whose URL carries the query plus an opaque
`cursor`. `expand` (repeated, or `expand[]`) narrows each item to `_id`, `id` and the listed
properties and refuses a property the kind does not have, as upstream; without it the documented
default field set is served. `cardData` holds the card's licence and, for some models and apps, the
repository it names; other properties no collector needs (`siblings`, ...) are accepted but left out.
"""

from __future__ import annotations

import base64
from typing import Any

import httpx
import orjson

from collectors.replay.world import PLACEHOLDER_CREATED, DayState, HubNow, iso_millis

PATHS = {"models": "model", "spaces": "space", "datasets": "dataset"}
ALLOWED_EXPAND = {
    "model": frozenset(
        (
            "author",
            "cardData",
            "config",
            "createdAt",
            "disabled",
            "downloads",
            "downloadsAllTime",
            "evalResults",
            "gated",
            "gguf",
            "inference",
            "inferenceProviderMapping",
            "lastModified",
            "library_name",
            "likes",
            "mask_token",
            "model-index",
            "pipeline_tag",
            "private",
            "safetensors",
            "sha",
            "siblings",
            "spaces",
            "tags",
            "transformersInfo",
            "trendingScore",
            "widgetData",
            "resourceGroup",
        )
    ),
    "dataset": frozenset(
        (
            "author",
            "cardData",
            "citation",
            "createdAt",
            "disabled",
            "description",
            "downloads",
            "downloadsAllTime",
            "gated",
            "lastModified",
            "likes",
            "mainSize",
            "paperswithcode_id",
            "private",
            "siblings",
            "sha",
            "tags",
            "trendingScore",
            "usedStorage",
            "resourceGroup",
        )
    ),
    "space": frozenset(
        (
            "author",
            "cardData",
            "datasets",
            "disabled",
            "lastModified",
            "createdAt",
            "likes",
            "models",
            "private",
            "region",
            "runtime",
            "sdk",
            "siblings",
            "sha",
            "subdomain",
            "tags",
            "trendingScore",
            "usedStorage",
            "resourceGroup",
        )
    ),
}
DEFAULT_FIELDS = {
    "model": (
        "likes",
        "trendingScore",
        "private",
        "downloads",
        "tags",
        "pipeline_tag",
        "library_name",
        "createdAt",
        "modelId",
    ),
    "dataset": (
        "author",
        "disabled",
        "gated",
        "lastModified",
        "likes",
        "trendingScore",
        "private",
        "downloads",
        "tags",
        "createdAt",
        "description",
    ),
    "space": ("likes", "trendingScore", "private", "sdk", "tags", "createdAt"),
}
SORTS = {
    "trendingScore": lambda s: (-s.trending, -s.likes, s.item.id),
    "likes": lambda s: (-s.likes, s.item.id),
    "downloads": lambda s: (-(s.downloads or 0), s.item.id),
    "createdAt": lambda s: (-s.item.born, s.item.id),
    "lastModified": lambda s: (-s.last_modified, s.item.id),
}
DEFAULT_LIMIT = 1000


def properties(state: HubNow) -> dict[str, Any]:
    """Every property the replay knows for an item."""
    item = state.item
    props: dict[str, Any] = {
        "author": item.author,
        "createdAt": PLACEHOLDER_CREATED if item.legacy else iso_millis(int(item.born)),
        "lastModified": iso_millis(state.last_modified),
        "likes": state.likes,
        "private": False,
        "disabled": False,
        "gated": False,
        "tags": list(item.tags),
        "sha": f"{item.object_id}{int(state.last_modified):08x}"[:40],
    }
    card: dict[str, Any] = {"license": next((t[8:] for t in item.tags if t.startswith("license:")), None)}
    if item.repository:
        card["repository"] = item.repository
    props["cardData"] = card
    if state.trending:  # the live lists leave the score out of some items: as often, an item with none
        props["trendingScore"] = state.trending
    if item.kind == "model":
        props |= {
            "downloads": state.downloads,
            "pipeline_tag": item.task,
            "library_name": item.library,
            "modelId": item.id,
        }
    elif item.kind == "dataset":
        props |= {"downloads": state.downloads, "description": f"A dataset for {item.task} tasks."}
    else:
        props |= {"sdk": item.sdk, "subdomain": item.id.replace("/", "-").lower()}
    return props


def _bad_request(message: str) -> httpx.Response:
    return httpx.Response(400, headers={"content-type": "application/json"}, content=orjson.dumps({"error": message}))


def encode_cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(orjson.dumps({"$offset": offset})).decode().rstrip("=")


def decode_cursor(cursor: str) -> int:
    data = orjson.loads(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    return int(data["$offset"])


class Hub:
    """The hub's lists at one instant."""

    def __init__(self, day: DayState) -> None:
        self.day = day
        self._sorted: dict[tuple[str, str], list[HubNow]] = {}
        self._props: dict[tuple[str, int], dict[str, Any]] = {}

    def ranked(self, kind: str, sort: str) -> list[HubNow]:
        key = (kind, sort)
        if key not in self._sorted:
            states = self.day.hub(kind)
            self._sorted[key] = states if sort == "trendingScore" else sorted(states, key=SORTS[sort])
        return self._sorted[key]

    def _properties(self, state: HubNow) -> dict[str, Any]:
        key = (state.item.kind, state.item.k)
        if key not in self._props:
            self._props[key] = properties(state)
        return self._props[key]

    def list(self, request: httpx.Request, path: str) -> httpx.Response:
        kind = PATHS[path]
        params = request.url.params
        sort = params.get("sort", "trendingScore")
        if sort not in SORTS or (kind == "space" and sort == "downloads"):
            return _bad_request(f'"sort" must be one of {", ".join(SORTS)}')
        expand = params.get_list("expand") + params.get_list("expand[]")
        unknown = [e for e in expand if e not in ALLOWED_EXPAND[kind]]
        if unknown:
            return _bad_request(f'"expand" must be one of {", ".join(sorted(ALLOWED_EXPAND[kind]))}')
        if expand and params.get("full"):
            return _bad_request("full and expand cannot be used together")
        try:
            limit = min(DEFAULT_LIMIT, max(1, int(params.get("limit", str(DEFAULT_LIMIT)))))
            offset = decode_cursor(params["cursor"]) if params.get("cursor") else 0
        except (ValueError, KeyError, TypeError, orjson.JSONDecodeError):
            return _bad_request("Invalid cursor or limit")
        states = self.ranked(kind, sort)
        author, search, tag = params.get("author"), params.get("search", "").lower(), params.get("filter")
        if author or search or tag:
            states = [
                s
                for s in states
                if (not author or s.item.author == author)
                and search in s.item.id.lower()
                and (not tag or tag in s.item.tags)
            ]
        if expand:
            fields: tuple[str, ...] = tuple(expand)
        elif params.get("full", "").lower() in ("true", "1"):
            fields = tuple(self._properties(states[0]).keys()) if states else ()
        else:
            fields = DEFAULT_FIELDS[kind]
        page = []
        for state in states[offset : offset + limit]:
            props = self._properties(state)
            item = {"_id": state.item.object_id, "id": state.item.id}
            item |= {f: props[f] for f in fields if f in props}
            page.append(item)
        headers = {
            "content-type": "application/json; charset=utf-8",
            "ratelimit": f'"api";r={499 - len(page) % 7};t={300 - int(self.day.now) % 300}',
            "ratelimit-policy": '"fixed window";"api";q=500;w=300',
        }
        if offset + limit < len(states):
            next_url = request.url.copy_set_param("cursor", encode_cursor(offset + limit))
            headers["link"] = f'<{next_url}>; rel="next"'
        return httpx.Response(200, headers=headers, content=orjson.dumps(page))
