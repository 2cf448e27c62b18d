"""llm-pricing: the real collector, HTTP layer, runner and archive against a mocked marketplace API."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import orjson
import pytest

from tests.conftest import DAY, Env, fixture_bytes

FEED = "llm-pricing"
DAY2 = DAY + timedelta(days=1)
DAY3 = DAY + timedelta(days=2)


def payload() -> dict[str, Any]:
    """A fresh copy of the recorded-shape model list (tests mutate it freely)."""
    return orjson.loads(fixture_bytes("llm_pricing", "models.json"))


def model(data: dict[str, Any], model_id: str) -> dict[str, Any]:
    return next(m for m in data["data"] if m["id"] == model_id)


def serve(
    *bodies: dict[str, Any] | httpx.Response, seen: list[httpx.Request] | None = None
) -> Callable[[httpx.Request], httpx.Response]:
    """Answer the exact model-list request with `bodies` in turn (the last one repeats); 404 anything else."""
    queue = list(bodies)

    def handler(request: httpx.Request) -> httpx.Response:
        if seen is not None:
            seen.append(request)
        if request.url.copy_with(query=None) != "https://openrouter.ai/api/v1/models" or dict(request.url.params) != {
            "output_modalities": "all"
        }:
            return httpx.Response(404, json={"error": {"code": 404, "message": "Not Found"}})
        body = queue.pop(0) if len(queue) > 1 else queue[0]
        if isinstance(body, httpx.Response):
            return body
        return httpx.Response(200, json=body, headers={"content-type": "application/json"})

    return handler


async def test_typical_rows(env: Env) -> None:
    seen: list[httpx.Request] = []
    record = await env.collect(FEED, serve(payload(), seen=seen))

    assert record.status == "ok", record.error
    assert record.rows == 6
    assert record.warnings == 0
    assert [str(r.url) for r in seen] == ["https://openrouter.ai/api/v1/models?output_modalities=all"]
    rows = env.archive.rows_on(FEED, DAY)
    # the marketplace's Hugging Face id, kept when it names one ("" counts as none)
    assert rows["example-lab/example-7b-instruct"]["hugging_face_id"] == "example-lab/Example-7B-Instruct"
    assert rows["northwind/nw-pro-2"] == {
        "entity": "northwind/nw-pro-2",
        "id": "northwind/nw-pro-2",
        "name": "Northwind: NW Pro 2",
        "canonical_slug": "northwind/nw-pro-2-20260514",
        "hugging_face_id": None,
        "description": "Northwind's flagship reasoning model.",
        "context_length": 1000000,
        "input_modalities": ["text", "image", "file"],
        "output_modalities": ["text"],
        "price_input_per_1m": 1.25,
        "price_output_per_1m": 15.0,
        "price_cache_read_per_1m": 0.125,
        "price_cache_write_per_1m": 1.5625,
        "price_reasoning_per_1m": 15.0,
        "price_audio_per_1m": None,
        "price_image": 0.00516,
        "price_request": 0.0,
        "price_web_search": 0.01,
        "max_completion_tokens": 65536,
        "previous_price_input_per_1m": None,
        "previous_price_output_per_1m": None,
        "is_new": False,
        "price_changed": False,
        "tokenizer": "Other",
        "supported_parameters": [
            "include_reasoning",
            "max_tokens",
            "reasoning",
            "response_format",
            "seed",
            "stop",
            "structured_outputs",
            "temperature",
            "tool_choice",
            "tools",
            "top_p",
        ],
        "created": "2026-05-14T00:00:00Z",
    }
    # Image-output models are there only because of output_modalities=all.
    assert rows["pixelworks/pixgen-1"]["output_modalities"] == ["image", "text"]
    assert rows["example-lab/example-7b-instruct"]["created"] == "2025-09-15T12:00:00Z"


@pytest.mark.parametrize(
    ("per_token", "per_million"),
    [
        ("0.00000125", 1.25),
        ("0.0000000375", 0.0375),
        ("0.000015", 15.0),
        ("0", 0.0),
        ("0.0000001", 0.1),  # float maths would give 0.09999999999999999
        ("0.0000008", 0.8),  # and 0.7999999999999999
        ("-1", None),
    ],
)
async def test_prices_are_exact(env: Env, per_token: str, per_million: float | None) -> None:
    data = payload()
    data["data"] = [model(data, "northwind/nw-pro-2")]
    data["data"][0]["pricing"] = {"prompt": per_token, "completion": per_token}

    record = await env.collect(FEED, serve(data))

    assert record.status == "ok", record.error
    row = env.archive.rows_on(FEED, DAY)["northwind/nw-pro-2"]
    assert row["price_input_per_1m"] == per_million
    assert row["price_output_per_1m"] == per_million
    stored = dict(env.archive.raw_rows_on(FEED, DAY))["northwind/nw-pro-2"]
    assert f'"price_input_per_1m":{orjson.dumps(per_million).decode()}'.encode() in stored


async def test_router_model_with_variable_prices(env: Env) -> None:
    assert (await env.collect(FEED, serve(payload()))).status == "ok"
    record = await env.collect(FEED, serve(payload()), day=DAY2)

    assert record.status == "ok", record.error
    router = env.archive.rows_on(FEED, DAY2)["openrouter/auto"]
    assert router["price_input_per_1m"] is None
    assert router["price_output_per_1m"] is None
    assert router["price_changed"] is False  # null yesterday and null today is no change
    assert router["tokenizer"] == "Router"
    assert router["context_length"] == 2000000


async def test_single_response_holds_every_model(env: Env) -> None:
    """The list has no pagination: one request, every model of it stored once."""
    data = payload()
    extra = copy.deepcopy(model(data, "northwind/nw-lite-2"))
    for n in range(40):
        clone = copy.deepcopy(extra)
        clone["id"] = f"bulk-lab/model-{n:02d}"
        data["data"].append(clone)
    seen: list[httpx.Request] = []

    record = await env.collect(FEED, serve(data, seen=seen))

    assert record.status == "ok", record.error
    assert len(seen) == 1
    assert record.rows == 46
    assert set(env.archive.rows_on(FEED, DAY)) == {m["id"] for m in data["data"]}


async def test_rate_limited_then_ok(env: Env) -> None:
    limited = httpx.Response(
        429,
        headers={"retry-after": "7", "content-type": "application/json"},
        json={"error": {"code": 429, "message": "Rate limit exceeded"}},
    )
    record = await env.collect(FEED, serve(limited, payload()))

    assert record.status == "ok", record.error
    assert env.sleeps == [7.0]
    assert record.rows == 6


async def test_server_error_then_ok(env: Env) -> None:
    record = await env.collect(FEED, serve(httpx.Response(502, text="Bad Gateway"), payload()))

    assert record.status == "ok", record.error
    assert env.sleeps == [0.5]
    assert record.rows == 6


@pytest.mark.parametrize(
    "bad",
    [
        httpx.Response(
            200, text="<!DOCTYPE html><html><body>Just a moment...</body></html>", headers={"content-type": "text/html"}
        ),
        httpx.Response(200, text='{"data": [{"id": "x"', headers={"content-type": "application/json"}),
        httpx.Response(200, json={"error": {"message": "upstream busy"}}),
    ],
    ids=["html", "truncated-json", "no-data-envelope"],
)
async def test_malformed_response_fails_and_keeps_earlier_day(env: Env, bad: httpx.Response) -> None:
    assert (await env.collect(FEED, serve(payload()))).status == "ok"
    before = env.archive.rows_on(FEED, DAY)

    record = await env.collect(FEED, serve(bad), day=DAY2)

    assert record.status == "failed"
    assert "invalid response" in (record.error or "")
    assert env.archive.rows_on(FEED, DAY) == before
    assert env.archive.rows_on(FEED, DAY2) == {}


async def test_item_missing_required_fields_is_skipped(lenient_env: Env) -> None:
    data = payload()
    del model(data, "pixelworks/pixgen-1")["pricing"]
    model(data, "northwind/nw-lite-2")["pricing"]["prompt"] = "call us"

    record = await lenient_env.collect(FEED, serve(data))

    assert record.status == "ok", record.error
    assert record.warnings == 2
    rows = lenient_env.archive.rows_on(FEED, DAY)
    assert set(rows) == {
        "example-lab/example-7b-instruct",
        "example-lab/example-7b-instruct:free",
        "northwind/nw-pro-2",
        "openrouter/auto",
    }


async def test_network_off_fails_and_keeps_earlier_day(env: Env) -> None:
    await env.check_network_off(FEED, serve(payload()))


def day2_payload() -> dict[str, Any]:
    """Day 2: NW Pro 2 dearer on input, NW Lite 2 cheaper on output, one model added."""
    data = payload()
    model(data, "northwind/nw-pro-2")["pricing"]["prompt"] = "0.0000025"
    model(data, "northwind/nw-lite-2")["pricing"]["completion"] = "0.0000001"
    added = copy.deepcopy(model(data, "example-lab/example-7b-instruct"))
    added.update(id="example-lab/example-70b-instruct", name="Example Lab: Example 70B Instruct", created=1763510400)
    data["data"].append(added)
    return data


async def test_new_model_and_price_change_flags(env: Env) -> None:
    first = await env.collect(FEED, serve(payload()))
    assert first.status == "ok"
    day1 = env.archive.rows_on(FEED, DAY)
    assert not any(r["is_new"] or r["price_changed"] for r in day1.values())  # first collection ever

    record = await env.collect(FEED, serve(day2_payload()), day=DAY2)

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY2)
    added = rows["example-lab/example-70b-instruct"]
    assert (added["is_new"], added["price_changed"]) == (True, False)
    assert added["previous_price_input_per_1m"] is None

    rise = rows["northwind/nw-pro-2"]
    assert (rise["is_new"], rise["price_changed"]) == (False, True)
    assert (rise["price_input_per_1m"], rise["price_output_per_1m"]) == (2.5, 15.0)
    assert (rise["previous_price_input_per_1m"], rise["previous_price_output_per_1m"]) == (1.25, 15.0)

    cut = rows["northwind/nw-lite-2"]
    assert cut["price_changed"] is True
    assert (cut["price_input_per_1m"], cut["price_output_per_1m"]) == (0.0375, 0.1)
    assert (cut["previous_price_input_per_1m"], cut["previous_price_output_per_1m"]) == (0.0375, 0.15)

    same = rows["example-lab/example-7b-instruct"]
    assert (same["is_new"], same["price_changed"]) == (False, False)
    assert same["previous_price_input_per_1m"] is None


async def test_a_cache_price_cut_alone_is_a_price_change(env: Env) -> None:
    """Prompt and completion unchanged, only the cache-read price cut: still `price_changed`."""
    assert (await env.collect(FEED, serve(payload()))).status == "ok"
    data = payload()
    model(data, "northwind/nw-pro-2")["pricing"]["input_cache_read"] = "0.0000001"
    model(data, "northwind/nw-lite-2")["top_provider"]["max_completion_tokens"] = 16384  # not a price
    assert (await env.collect(FEED, serve(data), day=DAY2)).status == "ok"
    rows = env.archive.rows_on(FEED, DAY2)
    cut = rows["northwind/nw-pro-2"]
    assert (cut["price_changed"], cut["price_cache_read_per_1m"], cut["price_input_per_1m"]) == (True, 0.1, 1.25)
    assert rows["northwind/nw-lite-2"]["price_changed"] is False


async def test_a_model_missing_for_a_day_is_compared_with_its_last_snapshot(env: Env) -> None:
    """Day 1 lists NW Pro 2 at $1.25 in, day 2's listing drops it (and NW Lite 2), day 3 has it back at
    $2.50: not new, and the rise is reported against day 1's price. NW Lite 2 returns unchanged."""
    assert (await env.collect(FEED, serve(payload()))).status == "ok"
    gap = payload()
    gap["data"] = [m for m in gap["data"] if m["id"] not in {"northwind/nw-pro-2", "northwind/nw-lite-2"}]
    assert (await env.collect(FEED, serve(gap), day=DAY2)).status == "ok"
    assert "northwind/nw-pro-2" not in env.archive.rows_on(FEED, DAY2)

    back = payload()
    model(back, "northwind/nw-pro-2")["pricing"]["prompt"] = "0.0000025"
    record = await env.collect(FEED, serve(back), day=DAY3)

    assert record.status == "ok", record.error
    rows = env.archive.rows_on(FEED, DAY3)
    rise = rows["northwind/nw-pro-2"]
    assert (rise["is_new"], rise["price_changed"]) == (False, True)
    assert (rise["price_input_per_1m"], rise["price_output_per_1m"]) == (2.5, 15.0)
    assert (rise["previous_price_input_per_1m"], rise["previous_price_output_per_1m"]) == (1.25, 15.0)
    same = rows["northwind/nw-lite-2"]
    assert (same["is_new"], same["price_changed"], same["previous_price_input_per_1m"]) == (False, False, None)
    assert not any(r["is_new"] for r in rows.values())
    # The run log agrees: nothing new, one model repriced across the gap.
    assert (record.new, record.changed) == (0, 1)


async def test_recollect_is_idempotent_and_counts_are_right(env: Env) -> None:
    first = await env.collect(FEED, serve(payload()))
    snapshot = list(env.archive.raw_rows_on(FEED, DAY))
    again = await env.collect(FEED, serve(payload()))
    assert (first.status, again.status) == ("ok", "ok")
    assert again.rows == first.rows == 6
    assert list(env.archive.raw_rows_on(FEED, DAY)) == snapshot

    day2 = payload()
    model(day2, "northwind/nw-pro-2")["pricing"]["prompt"] = "0.0000025"
    added = copy.deepcopy(model(day2, "openrouter/auto"))
    added["id"] = "openrouter/auto-beta"
    day2["data"].append(added)
    second = await env.collect(FEED, serve(day2), day=DAY2)
    assert (second.status, second.new, second.changed) == ("ok", 1, 1)

    # Day 3 repeats day 2's prices: yesterday's flags flip back, yet no model really changed.
    third = await env.collect(FEED, serve(day2), day=DAY3)
    assert (third.status, third.new, third.changed) == ("ok", 0, 0)
    assert env.archive.rows_on(FEED, DAY3)["northwind/nw-pro-2"]["price_changed"] is False
