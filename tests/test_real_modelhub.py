"""Contract tests: the real modelhub-trending collector over real Hugging Face Hub payloads recorded by others.

The payloads are in tests/fixtures/modelhub/real/ (see PROVENANCE.md there). Every expected row below
was written by hand from those JSON files, not produced by running the collector. No real recording
of the `/api/spaces` or `/api/datasets` lists could be found, so those kinds are served empty here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import orjson

import collectors.modelhub as modelhub
from tests.conftest import DAY, Env, fixture_bytes

FEED = "modelhub-trending"


def real(name: str) -> Any:
    return orjson.loads(fixture_bytes("modelhub", f"real/{name}"))


def hub(models: list[Any], seen: list[httpx.Request] | None = None) -> Callable[[httpx.Request], httpx.Response]:
    """`/api/models` answers the recorded list (one page, no `Link`), `/api/spaces` and `/api/datasets` `[]`."""

    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        if request.url.host != "huggingface.co":
            return httpx.Response(404, json={"error": "Not Found"})
        if request.url.path == "/api/models":
            return httpx.Response(200, json=models)
        if request.url.path in ("/api/spaces", "/api/datasets"):
            return httpx.Response(200, json=[])
        return httpx.Response(404, json={"error": "Not Found"})

    return handler


# burncloud/burncloud docs/TODO.md: a real default `/api/models` list (no `author`, no `lastModified`).
BURNCLOUD_ROWS = {
    "model:moonshotai/Kimi-K2-Thinking": {
        "entity": "model:moonshotai/Kimi-K2-Thinking",
        "id": "moonshotai/Kimi-K2-Thinking",
        "kind": "model",
        "author": "moonshotai",  # no `author` in the item: the owner part of the id
        "likes": 578,
        "downloads": 5119,
        "task": "text-generation",
        "license": "other",
        "library": "transformers",
        "trending_score": 580,
        "trending_rank": 1,
        # endpoints_compatible, autotrain_compatible and region:us dropped
        "tags": [
            "transformers",
            "safetensors",
            "kimi_k2",
            "text-generation",
            "conversational",
            "custom_code",
            "license:other",
            "compressed-tensors",
        ],
        "repository": None,
        "lastModified": None,
        "createdAt": "2025-11-04T08:25:31Z",
    },
    "model:MiniMaxAI/MiniMax-M2": {
        "entity": "model:MiniMaxAI/MiniMax-M2",
        "id": "MiniMaxAI/MiniMax-M2",
        "kind": "model",
        "author": "MiniMaxAI",
        "likes": 1178,
        "downloads": 846249,
        "task": "text-generation",
        "license": "mit",
        "library": "transformers",
        "trending_score": 319,
        "trending_rank": 2,
        "tags": [
            "transformers",
            "safetensors",
            "minimax_m2",
            "text-generation",
            "conversational",
            "custom_code",
            "arxiv:2504.07164",
            "arxiv:2509.06501",
            "arxiv:2509.13160",
            "license:mit",
            "fp8",
        ],
        "repository": None,
        "lastModified": None,
        "createdAt": "2025-10-22T13:45:10Z",
    },
}


async def test_real_models_list_through_the_collector(env: Env) -> None:
    seen: list[httpx.Request] = []
    record = await env.collect(FEED, hub(real("models_list_2025-11-08_burncloud.json"), seen))

    assert record.status == "ok", record.error
    assert [r.url.path for r in seen] == ["/api/models", "/api/spaces", "/api/datasets"]
    assert env.archive.rows_on(FEED, DAY) == BURNCLOUD_ROWS


# daily-hf-trending recordings of `GET /api/trending`: items nested under `repoData`, `repoType`
# beside it; no `trendingScore`, `tags` or `createdAt` in any item.

TRENDING_MARCH = [
    {
        "entity": "model:unsloth/Qwen3.5-35B-A3B-GGUF",
        "id": "unsloth/Qwen3.5-35B-A3B-GGUF",
        "kind": "model",
        "author": "unsloth",
        "likes": 426,
        "downloads": 503127,
        "task": "image-text-to-text",
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 1,
        "tags": [],
        "repository": None,
        "lastModified": "2026-02-27T19:37:12Z",
        "createdAt": None,
    },
    {
        "entity": "model:Qwen/Qwen3.5-397B-A17B",
        "id": "Qwen/Qwen3.5-397B-A17B",
        "kind": "model",
        "author": "Qwen",
        "likes": 1164,
        "downloads": 1144830,
        "task": "image-text-to-text",
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 2,
        "tags": [],
        "repository": None,
        "lastModified": "2026-02-23T13:56:10Z",
        "createdAt": None,
    },
    {
        "entity": "model:LocoreMind/LocoOperator-4B",
        "id": "LocoreMind/LocoOperator-4B",
        "kind": "model",
        "author": "LocoreMind",
        "likes": 250,
        "downloads": 2743,
        "task": "text-generation",
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 3,
        "tags": [],
        "repository": None,
        "lastModified": "2026-02-24T14:37:27Z",
        "createdAt": None,
    },
    {
        "entity": "model:zai-org/GLM-5",
        "id": "zai-org/GLM-5",
        "kind": "model",
        "author": "zai-org",
        "likes": 1672,
        "downloads": 196173,
        "task": "text-generation",
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 4,
        "tags": [],
        "repository": None,
        "lastModified": "2026-02-13T14:41:45Z",
        "createdAt": None,
    },
    {
        "entity": "model:Nanbeige/Nanbeige4.1-3B",
        "id": "Nanbeige/Nanbeige4.1-3B",
        "kind": "model",
        "author": "Nanbeige",
        "likes": 918,
        "downloads": 364685,
        "task": "text-generation",
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 5,
        "tags": [],
        "repository": None,
        "lastModified": "2026-02-26T06:09:54Z",
        "createdAt": None,
    },
]


def trending_rows(kind: str, name: str) -> tuple[list[dict[str, Any]], list[str]]:
    """NEW: `collectors.modelhub.rows_from_payload` over the recorded `/api/trending` envelope."""
    warnings: list[str] = []
    rows = modelhub.rows_from_payload(kind, real(name), warnings.append)
    return [row.model_dump() for row in rows], warnings


def test_trending_march_rows_field_by_field() -> None:
    rows, warnings = trending_rows("model", "trending_2026-03-02_daily-hf-trending.json")
    assert rows == TRENDING_MARCH
    assert warnings == []


def test_trending_kind_comes_from_repo_type() -> None:
    """The envelope says `repoType: model` for every item: asked as spaces, they are still models."""
    rows, _ = trending_rows("space", "trending_2026-03-02_daily-hf-trending.json")
    assert [(r["kind"], r["entity"]) for r in rows] == [(r["kind"], r["entity"]) for r in TRENDING_MARCH]


def test_trending_august_odd_items() -> None:
    rows, warnings = trending_rows("model", "trending_2026-08-22_daily-hf-trending.json")
    assert warnings == []
    # (id, author, likes, downloads, task, lastModified) per item, in recorded order; every item lacks
    # trendingScore, tags and createdAt, so trending_score/createdAt are null, tags empty, no licence.
    assert [(r["id"], r["author"], r["likes"], r["downloads"], r["task"], r["lastModified"]) for r in rows] == [
        ("Qwen/Qwen3.8-27B", "Qwen", 12054, 2090699, "image-text-to-text", "2026-08-14T15:00:01Z"),
        ("unsloth/Qwen3.8-27B-GGUF", "unsloth", 2572, 6320542, None, "2026-08-20T12:04:25Z"),  # no pipeline_tag
        (
            "orcarouter/Qwen3.8-27B-Uncensored-FP8",
            "orcarouter",
            925,
            142846,
            "image-text-to-text",
            "2026-08-20T08:41:29Z",
        ),  # gated "auto"
        (
            "orcarouter/Qwen3.8-27B-Uncensored-MLX",
            "orcarouter",
            851,
            34909,
            "image-text-to-text",
            "2026-08-21T08:40:15Z",
        ),
        (
            "JonathanColetti/Qwen3.8-27B-Uncensored-GGUF",
            "JonathanColetti",
            596,
            1223422,
            "text-generation",
            "2026-08-16T03:48:32Z",
        ),
        ("OBLITERATUS/Qwen3.8-27B-OBLITERATED", "OBLITERATUS", 487, 164950, "text-generation", "2026-08-22T09:16:09Z"),
        ("Lightricks/LTX-2.5", "Lightricks", 1530, 694670, "image-to-video", "2026-08-17T13:54:21Z"),
        (
            "HauhauCS/Qwen3.8-27B-Uncensored-HauhauCS-Aggressive-MTP-GGUF",
            "HauhauCS",
            455,
            486221,
            "image-text-to-text",
            "2026-08-17T22:02:10Z",
        ),
        ("MiniMaxAI/MiniMax-Music3", "MiniMaxAI", 1169, 16644, "text-to-audio", "2026-08-14T10:51:40Z"),
        ("ornith-ai/Ornith-1.5-35B-A3B", "ornith-ai", 306, 12611, "text-generation", "2026-08-20T02:22:28Z"),
    ]
    assert [r["trending_rank"] for r in rows] == list(range(1, 11))
    assert {(r["kind"], r["trending_score"], r["license"], r["library"], r["createdAt"]) for r in rows} == {
        ("model", None, None, None, None)
    }
    assert all(r["tags"] == [] and r["entity"] == f"model:{r['id']}" for r in rows)
    assert rows[1] == {
        "entity": "model:unsloth/Qwen3.8-27B-GGUF",
        "id": "unsloth/Qwen3.8-27B-GGUF",
        "kind": "model",
        "author": "unsloth",
        "likes": 2572,
        "downloads": 6320542,
        "task": None,
        "license": None,
        "library": None,
        "trending_score": None,
        "trending_rank": 2,
        "tags": [],
        "repository": None,
        "lastModified": "2026-08-20T12:04:25Z",
        "createdAt": None,
    }


def test_a_list_array_goes_through_rows_from_payload_too() -> None:
    """The same function takes a list endpoint's bare array: the burncloud list gives the collector's rows."""
    warnings: list[str] = []
    rows = modelhub.rows_from_payload("model", real("models_list_2025-11-08_burncloud.json"), warnings.append)
    assert {row.entity: row.model_dump() for row in rows} == BURNCLOUD_ROWS
    assert warnings == []
