"""Contract tests: the real llm-pricing collector over real OpenRouter model lists recorded by others.

The payloads are in tests/fixtures/llm_pricing/real/ (see PROVENANCE.md there: Roo Code's nock
recordings of `GET /api/v1/models`, decoded). Every expected value below was written by hand from
those JSON files (per-token decimal strings times 1e6 done on paper), not produced by the collector.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import orjson

from tests.conftest import DAY, Env, fixture_bytes

FEED = "llm-pricing"
DAY2 = DAY + timedelta(days=1)
APRIL = "models_2025-04-24_roo-code.json"
MAY12 = "models_2025-05-12_roo-code.json"
MAY23 = "models_2025-05-23_roo-code.json"


def real(name: str) -> dict[str, Any]:
    return orjson.loads(fixture_bytes("llm_pricing", f"real/{name}"))


def serve(body: dict[str, Any]) -> Callable[[httpx.Request], httpx.Response]:
    """The recorded body as the answer to the collector's exact model-list request; 404 anything else."""

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.copy_with(query=None) != "https://openrouter.ai/api/v1/models" or dict(request.url.params) != {
            "output_modalities": "all"
        }:
            return httpx.Response(404, json={"error": {"code": 404, "message": "Not Found"}})
        return httpx.Response(200, json=body, headers={"content-type": "application/json"})

    return handler


FIRST_DAY_FLAGS = {
    "previous_price_input_per_1m": None,
    "previous_price_output_per_1m": None,
    "is_new": False,
    "price_changed": False,
}

# --- 2025-04-24: the older shape (no supported_parameters, hugging_face_id or canonical_slug keys) ---

APRIL_ROWS: dict[str, dict[str, Any]] = {
    "openai/o3": {
        "entity": "openai/o3",
        "id": "openai/o3",
        "name": "OpenAI: o3",
        "canonical_slug": None,
        "hugging_face_id": None,
        "description": (
            "o3 is a well-rounded and powerful model across domains. It sets a new standard for math, science, "
            "coding, and visual reasoning tasks. It also excels at technical writing and instruction-following. "
            "Use it to think through multi-step problems that involve analysis across text, code, and images. "
            "Note that BYOK is required for this model. Set up here: https://openrouter.ai/settings/integrations"
        ),
        "context_length": 200000,
        "input_modalities": ["image", "text", "file"],
        "output_modalities": ["text"],
        "price_input_per_1m": 10.0,  # "0.00001"
        "price_output_per_1m": 40.0,  # "0.00004"
        "price_cache_read_per_1m": 2.5,  # "0.0000025"
        "price_cache_write_per_1m": None,  # no input_cache_write key
        "price_reasoning_per_1m": 0.0,  # "0"
        "price_audio_per_1m": None,
        "price_image": 0.00765,  # per image, as upstream
        "price_request": 0.0,
        "price_web_search": 0.0,
        "max_completion_tokens": 100000,
        **FIRST_DAY_FLAGS,
        "tokenizer": "Other",
        "supported_parameters": [],  # the key is absent in this recording
        "created": "2025-04-16T17:10:57Z",  # 1744823457
    },
    "openai/o1-pro": {
        "entity": "openai/o1-pro",
        "id": "openai/o1-pro",
        "name": "OpenAI: o1-pro",
        "canonical_slug": None,
        "hugging_face_id": None,
        "description": (
            "The o1 series of models are trained with reinforcement learning to think before they answer and "
            "perform complex reasoning. The o1-pro model uses more compute to think harder and provide "
            "consistently better answers."
        ),
        "context_length": 200000,
        "input_modalities": ["text", "image"],
        "output_modalities": ["text"],
        "price_input_per_1m": 150.0,  # "0.00015"
        "price_output_per_1m": 600.0,  # "0.0006"
        "price_cache_read_per_1m": None,
        "price_cache_write_per_1m": None,
        "price_reasoning_per_1m": 0.0,
        "price_audio_per_1m": None,
        "price_image": 0.21675,
        "price_request": 0.0,
        "price_web_search": 0.0,
        "max_completion_tokens": 100000,
        **FIRST_DAY_FLAGS,
        "tokenizer": "GPT",
        "supported_parameters": [],
        "created": "2025-03-19T22:26:51Z",  # 1742423211
    },
    "openai/gpt-4o-search-preview": {
        "entity": "openai/gpt-4o-search-preview",
        "id": "openai/gpt-4o-search-preview",
        "name": "OpenAI: GPT-4o Search Preview",
        "canonical_slug": None,
        "hugging_face_id": None,
        "description": (
            "GPT-4o Search Previewis a specialized model for web search in Chat Completions. It is trained to "
            "understand and execute web search queries."
        ),
        "context_length": 128000,
        "input_modalities": ["text"],
        "output_modalities": ["text"],
        "price_input_per_1m": 2.5,  # "0.0000025"
        "price_output_per_1m": 10.0,  # "0.00001"
        "price_cache_read_per_1m": None,
        "price_cache_write_per_1m": None,
        "price_reasoning_per_1m": 0.0,
        "price_audio_per_1m": None,
        "price_image": 0.003613,
        "price_request": 0.035,  # per request, not scaled
        "price_web_search": 0.0,
        "max_completion_tokens": 16384,
        **FIRST_DAY_FLAGS,
        "tokenizer": "GPT",
        "supported_parameters": [],
        "created": "2025-03-12T22:19:09Z",  # 1741817949
    },
    "perplexity/sonar": {
        "entity": "perplexity/sonar",
        "id": "perplexity/sonar",
        "name": "Perplexity: Sonar",
        "canonical_slug": None,
        "hugging_face_id": None,
        "description": (
            "Sonar is lightweight, affordable, fast, and simple to use — now featuring citations and the ability "
            "to customize sources. It is designed for companies seeking to integrate lightweight question-and-answer "
            "features optimized for speed."
        ),
        "context_length": 127072,
        "input_modalities": ["text"],
        "output_modalities": ["text"],
        "price_input_per_1m": 1.0,
        "price_output_per_1m": 1.0,
        "price_cache_read_per_1m": None,
        "price_cache_write_per_1m": None,
        "price_reasoning_per_1m": 0.0,
        "price_audio_per_1m": None,
        "price_image": 0.0,
        "price_request": 0.005,
        "price_web_search": 0.0,
        "max_completion_tokens": None,  # top_provider.max_completion_tokens is null
        **FIRST_DAY_FLAGS,
        "tokenizer": "Other",
        "supported_parameters": [],
        "created": "2025-01-27T21:36:48Z",  # 1738013808
    },
}

ALL_PRICE_FIELDS = (
    "price_input_per_1m",
    "price_output_per_1m",
    "price_cache_read_per_1m",
    "price_cache_write_per_1m",
    "price_reasoning_per_1m",
    "price_audio_per_1m",
    "price_image",
    "price_request",
    "price_web_search",
)


def prices(row: dict[str, Any]) -> tuple[Any, ...]:
    return (*(row[field] for field in ALL_PRICE_FIELDS), row["max_completion_tokens"])


async def test_april_rows_field_by_field(env: Env) -> None:
    record = await env.collect(FEED, serve(real(APRIL)))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert sorted(rows) == sorted(
        [
            "microsoft/mai-ds-r1:free",
            "openai/o3",
            "openai/gpt-4o-search-preview",
            "perplexity/sonar-deep-research",
            "anthropic/claude-3.7-sonnet",
            "openai/o1-pro",
            "openrouter/auto",
            "perplexity/sonar",
        ]
    )
    for model_id, expected in APRIL_ROWS.items():
        assert rows[model_id] == expected, model_id
    assert not any(r["is_new"] or r["price_changed"] for r in rows.values())  # the first collected day


async def test_april_odd_models(env: Env) -> None:
    assert (await env.collect(FEED, serve(real(APRIL)))).status == "ok"
    rows = env.archive.rows_on(FEED, DAY)

    # The router: "-1" prompt/completion, no other pricing key, null top_provider limits.
    router = rows["openrouter/auto"]
    assert prices(router) == (None, None, None, None, None, None, None, None, None, None)
    assert (router["name"], router["tokenizer"], router["context_length"]) == ("Auto Router", "Router", 2000000)
    assert (router["created"], router["input_modalities"]) == ("2023-11-08T00:00:00Z", ["text"])
    assert router["description"].startswith("Your prompt will be processed by a meta-model and routed to one of ")

    # Free model: every key "0" -> 0.0 (not null); no cache keys -> null.
    free = rows["microsoft/mai-ds-r1:free"]
    assert prices(free) == (0.0, 0.0, None, None, 0.0, None, 0.0, 0.0, 0.0, None)
    assert (free["tokenizer"], free["context_length"], free["created"]) == ("DeepSeek", 163840, "2025-04-21T00:08:20Z")

    # web_search and internal_reasoning priced: web search per search, reasoning per 1M tokens.
    research = rows["perplexity/sonar-deep-research"]
    assert prices(research) == (2.0, 8.0, None, None, 3.0, None, 0.0, 0.0, 0.005, None)
    assert (research["name"], research["created"]) == ("Perplexity: Sonar Deep Research", "2025-03-07T01:34:06Z")

    # Cache read and write.
    claude = rows["anthropic/claude-3.7-sonnet"]
    assert prices(claude) == (3.0, 15.0, 0.3, 3.75, 0.0, None, 0.0048, 0.0, 0.0, 64000)
    assert (claude["tokenizer"], claude["input_modalities"], claude["created"]) == (
        "Claude",
        ["text", "image"],
        "2025-02-24T18:35:10Z",
    )


async def test_may12_rows(env: Env) -> None:
    """The 2025-05-12 shape adds supported_parameters and hugging_face_id ("" on many models)."""
    record = await env.collect(FEED, serve(real(MAY12)))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert len(rows) == 6
    assert rows["qwen/qwen3-8b:free"] == {
        "entity": "qwen/qwen3-8b:free",
        "id": "qwen/qwen3-8b:free",
        "name": "Qwen: Qwen3 8B (free)",
        "canonical_slug": None,
        "hugging_face_id": "Qwen/Qwen3-8B",
        "description": (
            "Qwen3-8B is a dense 8.2B parameter causal language model from the Qwen3 series, designed for both "
            'reasoning-heavy tasks and efficient dialogue. It supports seamless switching between "thinking" mode '
            'for math, coding, and logical inference, and "non-thinking" mode for general conversation. The model '
            "is fine-tuned for instruction-following, agent integration, creative writing, and multilingual use "
            "across 100+ languages and dialects. It natively supports a 32K token context window and can extend to "
            "131K tokens with YaRN scaling."
        ),
        "context_length": 40960,
        "input_modalities": ["text"],
        "output_modalities": ["text"],
        "price_input_per_1m": 0.0,
        "price_output_per_1m": 0.0,
        "price_cache_read_per_1m": None,
        "price_cache_write_per_1m": None,
        "price_reasoning_per_1m": 0.0,
        "price_audio_per_1m": None,
        "price_image": 0.0,
        "price_request": 0.0,
        "price_web_search": 0.0,
        "max_completion_tokens": 40960,
        **FIRST_DAY_FLAGS,
        "tokenizer": "Qwen3",
        "supported_parameters": [
            "max_tokens",
            "temperature",
            "top_p",
            "reasoning",
            "include_reasoning",
            "stop",
            "frequency_penalty",
            "presence_penalty",
            "seed",
            "top_k",
            "min_p",
            "repetition_penalty",
            "logprobs",
            "logit_bias",
            "top_logprobs",
        ],
        "created": "2025-04-28T21:43:52Z",
    }
    gemini = rows["google/gemini-2.5-pro-preview"]
    assert prices(gemini) == (1.25, 10.0, 0.31, 1.625, 0.0, None, 0.00516, 0.0, 0.0, 65535)
    assert (gemini["input_modalities"], gemini["tokenizer"], gemini["context_length"]) == (
        ["text", "image", "file"],
        "Gemini",
        1048576,
    )
    assert prices(rows["mistralai/mistral-medium-3"]) == (0.4, 2.0, None, None, 0.0, None, 0.0, 0.0, 0.0, None)
    spotlight = rows["arcee-ai/spotlight"]
    assert prices(spotlight) == (0.18, 0.18, None, None, 0.0, None, 0.0, 0.0, 0.0, 65537)
    assert spotlight["created"] == "2025-05-05T21:45:52Z"
    sonar = rows["perplexity/sonar"]
    assert sonar["input_modalities"] == ["text", "image"]  # was ["text"] on 2025-04-24
    assert sonar["supported_parameters"] == [
        "max_tokens",
        "temperature",
        "top_p",
        "web_search_options",
        "top_k",
        "frequency_penalty",
        "presence_penalty",
    ]
    assert rows["openrouter/auto"]["supported_parameters"] == []  # sent as an empty list


MAY23_SONNET = {
    "entity": "anthropic/claude-sonnet-4",
    "id": "anthropic/claude-sonnet-4",
    "name": "Anthropic: Claude Sonnet 4",
    "canonical_slug": None,
    "hugging_face_id": None,
    "description": (
        "Claude Sonnet 4 significantly enhances the capabilities of its predecessor, Sonnet 3.7, excelling in "
        "both coding and reasoning tasks with improved precision and controllability. Achieving state-of-the-art "
        "performance on SWE-bench (72.7%), Sonnet 4 balances capability and computational efficiency, making it "
        "suitable for a broad range of applications from routine coding tasks to complex software development "
        "projects. Key enhancements include improved autonomous codebase navigation, reduced error rates in "
        "agent-driven workflows, and increased reliability in following intricate instructions. Sonnet 4 is "
        "optimized for practical everyday use, providing advanced reasoning capabilities while maintaining "
        "efficiency and responsiveness in diverse internal and external scenarios.\n\n"
        "Read more at the [blog post here](https://www.anthropic.com/news/claude-4)"
    ),
    "context_length": 200000,
    "input_modalities": ["image", "text"],
    "output_modalities": ["text"],
    "price_input_per_1m": 3.0,  # "0.000003"
    "price_output_per_1m": 15.0,  # "0.000015"
    "price_cache_read_per_1m": 0.3,  # "0.0000003"
    "price_cache_write_per_1m": 3.75,  # "0.00000375"
    "price_reasoning_per_1m": 0.0,
    "price_audio_per_1m": None,
    "price_image": 0.0048,
    "price_request": 0.0,
    "price_web_search": 0.0,
    "max_completion_tokens": 64000,
    **FIRST_DAY_FLAGS,
    "tokenizer": "Claude",
    "supported_parameters": [
        "max_tokens",
        "temperature",
        "stop",
        "reasoning",
        "include_reasoning",
        "tools",
        "tool_choice",
        "top_p",
        "top_k",
    ],
    "created": "2025-05-22T16:12:51Z",  # 1747930371
}


async def test_may23_rows(env: Env) -> None:
    record = await env.collect(FEED, serve(real(MAY23)))

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY)
    assert len(rows) == 7
    assert rows["anthropic/claude-sonnet-4"] == MAY23_SONNET
    thinking = rows["google/gemini-2.5-flash-preview-05-20:thinking"]
    # "0.0000000375" and "0.0000002333": many decimals, still exact.
    assert prices(thinking) == (0.15, 3.5, 0.0375, 0.2333, 0.0, None, 0.0006192, 0.0, 0.0, 65535)
    assert thinking["name"] == "Google: Gemini 2.5 Flash Preview 05-20 (thinking)"
    assert thinking["created"] == "2025-05-20T17:25:24Z"
    devstral = rows["mistralai/devstral-small:free"]
    assert prices(devstral) == (0.0, 0.0, None, None, 0.0, None, 0.0, 0.0, 0.0, None)
    assert (devstral["tokenizer"], devstral["created"]) == ("Other", "2025-05-21T14:22:59Z")
    # Unchanged since 2025-04-24, except that supported_parameters are now sent.
    o3 = rows["openai/o3"]
    assert {k: v for k, v in o3.items() if k != "supported_parameters"} == {
        k: v for k, v in APRIL_ROWS["openai/o3"].items() if k != "supported_parameters"
    }
    assert o3["supported_parameters"] == [
        "tools",
        "tool_choice",
        "seed",
        "max_tokens",
        "response_format",
        "structured_outputs",
    ]
    assert prices(rows["openrouter/auto"]) == (None,) * 10


async def test_only_a_cache_read_price_change_is_a_price_change(env: Env) -> None:
    """Day 1 is the real 2025-05-23 list; day 2 is a copy of it edited IN THIS TEST: only the
    `input_cache_read` of anthropic/claude-sonnet-4 changes ("0.0000003" -> "0.0000006")."""
    day1 = real(MAY23)
    assert (await env.collect(FEED, serve(day1))).status == "ok"
    assert not any(r["is_new"] or r["price_changed"] for r in env.archive.rows_on(FEED, DAY).values())

    day2 = copy.deepcopy(day1)
    sonnet = next(m for m in day2["data"] if m["id"] == "anthropic/claude-sonnet-4")
    assert sonnet["pricing"]["input_cache_read"] == "0.0000003"
    sonnet["pricing"]["input_cache_read"] = "0.0000006"  # the only edit to the recorded payload
    record = await env.collect(FEED, serve(day2), day=DAY2)

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY2)
    moved = rows["anthropic/claude-sonnet-4"]
    assert (moved["is_new"], moved["price_changed"]) == (False, True)
    assert (moved["price_cache_read_per_1m"], moved["price_input_per_1m"], moved["price_output_per_1m"]) == (
        0.6,
        3.0,
        15.0,
    )
    others = {model_id: (r["is_new"], r["price_changed"]) for model_id, r in rows.items() if model_id != sonnet["id"]}
    assert others == dict.fromkeys(others, (False, False))
    assert len(others) == 6
