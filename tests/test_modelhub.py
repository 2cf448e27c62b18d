"""modelhub-trending: the real collector, HTTP layer, runner and archive against a mocked model hub."""

from __future__ import annotations

import copy
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import orjson
import pytest

from tests.conftest import DAY, Env, fixture_bytes

FEED = "modelhub-trending"
DAY2 = DAY + timedelta(days=1)
HUB = "https://huggingface.co/api"
EXPAND = {
    "models": [
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
    ],
    "spaces": ["author", "likes", "trendingScore", "sdk", "tags", "createdAt", "lastModified", "cardData"],
    "datasets": ["author", "likes", "downloads", "trendingScore", "tags", "createdAt", "lastModified"],
}
RATE_HEADERS = {"RateLimit": '"api";r=480;t=211', "RateLimit-Policy": '"fixed window";"api";q=500;w=300'}

Page = list[Any]
Override = Callable[[httpx.Request], httpx.Response | None]


def fixture(name: str) -> Page:
    return orjson.loads(fixture_bytes("modelhub", name))


def default_pages() -> dict[str, list[Page]]:
    return {
        "models": [fixture("models_page1.json"), fixture("models_page2.json")],
        "spaces": [fixture("spaces.json")],
        "datasets": [fixture("datasets.json")],
    }


def first_page_url(path: str) -> str:
    query = "&".join(["sort=trendingScore", "limit=100", *(f"expand={p}" for p in EXPAND[path])])
    return f"{HUB}/{path}?{query}"


class FakeHub:
    """The three list endpoints: exact first-page queries, then opaque-cursor `Link` pages, as the hub does.

    `override(request)` may answer a request first (errors, rate limits); returning None lets the hub answer.
    """

    def __init__(self, pages: dict[str, list[Page]] | None = None, override: Override | None = None) -> None:
        self.pages = pages or default_pages()
        self.override = override
        self.requests: list[httpx.Request] = []

    def next_link(self, path: str, index: int) -> str:
        return f"{first_page_url(path)}&cursor=eyJwYWdlIjo{index}fQ%3D%3D"

    def page_url(self, path: str, index: int) -> str:
        return self.next_link(path, index) if index else first_page_url(path)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.override is not None and (answer := self.override(request)) is not None:
            return answer
        path = request.url.path.removeprefix("/api/")
        if request.url.host != "huggingface.co" or path not in self.pages:
            return httpx.Response(404, json={"error": "Not Found"})
        url = str(request.url)
        index = next((i for i in range(len(self.pages[path])) if url == self.page_url(path, i)), None)
        if index is None:
            return httpx.Response(400, json={"error": f"unexpected query: {url}"})
        headers = dict(RATE_HEADERS)
        if index + 1 < len(self.pages[path]):
            headers["Link"] = f'<{self.next_link(path, index + 1)}>; rel="next"'
        return httpx.Response(200, json=self.pages[path][index], headers=headers)


def synth(kind_path: str, n: int) -> dict[str, Any]:
    return {
        "_id": f"{n:024x}",
        "id": f"org-{n}/{kind_path}-{n}",
        "author": f"org-{n}",
        "likes": 1000 - n,
        "downloads": 10 * n,
        "trendingScore": 1000 - n,
        "tags": ["license:mit", "region:us"],
        "createdAt": "2025-11-01T00:00:00.000Z",
        "lastModified": "2025-11-02T00:00:00.000Z",
    }


def split(items: list[Any], size: int) -> list[Page]:
    return [items[i : i + size] for i in range(0, len(items), size)]


async def test_typical_rows(env: Env) -> None:
    hub = FakeHub()
    record = await env.collect(FEED, hub)

    assert record.status == "ok", record.error
    assert (record.rows, record.warnings) == (9, 0)
    assert [str(r.url) for r in hub.requests] == [
        first_page_url("models"),
        hub.next_link("models", 1),
        first_page_url("spaces"),
        first_page_url("datasets"),
    ]
    rows = env.archive.rows_on(FEED, DAY)
    assert rows["model:example-org/Example-LLM-8B"] == {
        "entity": "model:example-org/Example-LLM-8B",
        "id": "example-org/Example-LLM-8B",
        "kind": "model",
        "author": "example-org",
        "likes": 1843,
        "downloads": 254310,
        "task": "text-generation",
        "license": "apache-2.0",
        "library": "transformers",
        "trending_score": 912,
        "trending_rank": 1,
        "tags": [
            "transformers",
            "safetensors",
            "llama",
            "text-generation",
            "conversational",
            "en",
            "arxiv:2501.00001",
            "base_model:meta-llama/Llama-3.1-8B",
            "base_model:finetune:meta-llama/Llama-3.1-8B",
            "license:apache-2.0",
        ],
        "repository": None,
        "lastModified": "2025-11-18T21:03:10Z",
        "createdAt": "2025-10-01T09:12:25Z",
    }
    legacy = rows["model:legacy-user/tiny-classifier"]
    assert legacy["author"] == "legacy-user"  # no `author` field: the owner part of the id
    assert (legacy["createdAt"], legacy["license"], legacy["library"]) == (None, None, None)
    assert legacy["trending_rank"] == 3
    assert rows["model:quant-hub/Example-LLM-8B-GGUF"]["trending_rank"] == 5  # ranks continue across pages
    assert rows["model:quant-hub/Example-LLM-8B-GGUF"]["task"] is None

    space = rows["space:example-org/mcp-playground"]
    assert (space["kind"], space["downloads"], space["task"], space["license"]) == ("space", None, "gradio", None)
    assert space["tags"] == ["gradio", "mcp-server"]
    assert space["repository"] == "https://github.com/example-org/mcp-playground"  # named by the card's `github`
    assert rows["space:arena-team/leaderboard"]["repository"] is None
    assert rows["space:arena-team/leaderboard"]["trending_rank"] == 2

    dataset = rows["dataset:open-data/agent-trajectories"]
    assert (dataset["task"], dataset["license"], dataset["downloads"]) == ("text-generation", "cc-by-4.0", 18230)
    assert "region:us" not in dataset["tags"]
    classic = rows["dataset:classic-corpus"]
    assert (classic["author"], classic["createdAt"], classic["task"]) == (None, None, None)
    assert classic["lastModified"] == "2024-01-18T11:19:43Z"


async def test_pagination_to_the_last_page(env: Env) -> None:
    items = [synth("model", n) for n in range(95)]
    hub = FakeHub({**default_pages(), "models": split(items, 40)})  # 40 + 40 + 15, the last without a link

    record = await env.collect(FEED, hub)

    assert record.status == "ok", record.error
    model_requests = [r for r in hub.requests if r.url.path == "/api/models"]
    assert len(model_requests) == 3
    models = {e: r for e, r in env.archive.rows_on(FEED, DAY).items() if r["kind"] == "model"}
    assert len(models) == 95
    assert sorted(r["trending_rank"] for r in models.values()) == list(range(1, 96))
    assert models["model:org-94/model-94"]["trending_rank"] == 95


async def test_pagination_stops_at_the_top_hundred(env: Env) -> None:
    items = [synth("dataset", n) for n in range(160)]
    hub = FakeHub({**default_pages(), "datasets": split(items, 40)})  # every page but the last links on

    record = await env.collect(FEED, hub)

    assert record.status == "ok", record.error
    assert len([r for r in hub.requests if r.url.path == "/api/datasets"]) == 3  # page 4 never asked for
    datasets = {e: r for e, r in env.archive.rows_on(FEED, DAY).items() if r["kind"] == "dataset"}
    assert len(datasets) == 100
    assert datasets["dataset:org-99/dataset-99"]["trending_rank"] == 100
    assert "dataset:org-100/dataset-100" not in datasets


async def test_next_link_back_to_a_read_page_stops_paging(env: Env) -> None:
    hub = FakeHub()
    hub.next_link = lambda path, index: first_page_url(path)  # type: ignore[method-assign]

    record = await env.collect(FEED, hub)

    assert record.status == "ok", record.error
    assert record.warnings == 1
    assert len([r for r in hub.requests if r.url.path == "/api/models"]) == 1  # the loop is seen before asking
    assert len([r for r in env.archive.rows_on(FEED, DAY).values() if r["kind"] == "model"]) == 3


async def test_rate_limited_then_ok(env: Env) -> None:
    limited = {"done": False}

    def once_429(request: httpx.Request) -> httpx.Response | None:
        if request.url.path == "/api/spaces" and not limited["done"]:
            limited["done"] = True
            return httpx.Response(
                429,
                headers={"RateLimit": '"api";r=0;t=37', "RateLimit-Policy": '"fixed window";"api";q=500;w=300'},
                text="Rate limit reached. You reached the API rate limit.",
            )
        return None

    record = await env.collect(FEED, FakeHub(override=once_429))

    assert record.status == "ok", record.error
    assert env.sleeps == [37.0]
    assert record.rows == 9


async def test_server_error_then_ok(env: Env) -> None:
    failed = {"done": False}

    def once_503(request: httpx.Request) -> httpx.Response | None:
        if request.url.path == "/api/datasets" and not failed["done"]:
            failed["done"] = True
            return httpx.Response(503, text="Service Unavailable")
        return None

    record = await env.collect(FEED, FakeHub(override=once_503))

    assert record.status == "ok", record.error
    assert env.sleeps == [0.5]
    assert record.rows == 9


@pytest.mark.parametrize(
    "bad",
    [
        httpx.Response(
            200,
            text="<!doctype html><html><head><title>Hugging Face</title></head></html>",
            headers={"content-type": "text/html"},
        ),
        httpx.Response(200, json={"error": "Invalid sort parameter"}),
    ],
    ids=["html", "object-not-array"],
)
async def test_malformed_response_fails_and_keeps_earlier_day(env: Env, bad: httpx.Response) -> None:
    assert (await env.collect(FEED, FakeHub())).status == "ok"
    before = env.archive.rows_on(FEED, DAY)

    record = await env.collect(FEED, FakeHub(override=lambda r: bad if r.url.path == "/api/spaces" else None), day=DAY2)

    assert record.status == "failed"
    assert "invalid response" in (record.error or "")
    assert env.archive.rows_on(FEED, DAY) == before
    assert env.archive.rows_on(FEED, DAY2) == {}


async def test_one_kind_failing_fails_the_day(env: Env) -> None:
    assert (await env.collect(FEED, FakeHub())).status == "ok"
    before = env.archive.rows_on(FEED, DAY)

    def datasets_down(request: httpx.Request) -> httpx.Response | None:
        return httpx.Response(500, text="Internal Error") if request.url.path == "/api/datasets" else None

    record = await env.collect(FEED, FakeHub(override=datasets_down), day=DAY2)

    assert record.status == "failed"
    assert "inaccessible" in (record.error or "")
    assert env.sleeps == [0.5, 1.0, 2.0, 4.0]
    assert env.archive.rows_on(FEED, DAY2) == {}  # models and spaces came back, yet nothing of the day is kept
    assert env.archive.rows_on(FEED, DAY) == before


async def test_items_missing_required_fields_are_skipped(lenient_env: Env) -> None:
    pages = default_pages()
    del pages["models"][0][1]["likes"]
    del pages["spaces"][0][0]["trendingScore"]
    pages["datasets"][0][0]["createdAt"] = "yesterday-ish"

    record = await lenient_env.collect(FEED, FakeHub(pages))

    assert record.status == "ok", record.error
    assert (record.warnings, record.items, record.skipped) == (2, 9, 2)
    rows = lenient_env.archive.rows_on(FEED, DAY)
    assert len(rows) == 7
    assert "model:pixel-lab/Pixel-Diffusion-XL" not in rows
    # The live lists serve items without a trending score: kept, ranked by their position.
    playground = rows["space:example-org/mcp-playground"]
    assert (playground["trending_score"], playground["trending_rank"]) == (None, 1)
    assert "dataset:open-data/agent-trajectories" not in rows
    assert rows["model:legacy-user/tiny-classifier"]["trending_rank"] == 3  # the skipped item keeps its slot
    assert rows["space:arena-team/leaderboard"]["trending_rank"] == 2


async def test_network_off_fails_and_keeps_earlier_day(env: Env) -> None:
    await env.check_network_off(FEED, FakeHub())


async def test_recollect_is_idempotent_and_counts_are_right(env: Env) -> None:
    first = await env.collect(FEED, FakeHub())
    snapshot = list(env.archive.raw_rows_on(FEED, DAY))
    again = await env.collect(FEED, FakeHub())
    assert (first.status, again.status) == ("ok", "ok")
    assert list(env.archive.raw_rows_on(FEED, DAY)) == snapshot

    pages = default_pages()
    pages["spaces"][0][1]["likes"] += 25
    added = copy.deepcopy(pages["datasets"][0][0])
    added.update(id="open-data/tool-calls", trendingScore=12)
    pages["datasets"][0].append(added)
    second = await env.collect(FEED, FakeHub(pages), day=DAY2)

    assert (second.status, second.rows, second.new, second.changed) == ("ok", 10, 1, 1)
    assert env.archive.rows_on(FEED, DAY2)["dataset:open-data/tool-calls"]["trending_rank"] == 3
