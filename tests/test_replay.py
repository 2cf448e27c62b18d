"""The offline replay: a deterministic, evolving world, served in each upstream's real format.

Requests go through a real httpx client on the replay transport, exactly as the collectors send
them; the last test runs the real collectors on it for a few days.
"""

from __future__ import annotations

import ipaddress
import itertools
import re
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from collectors.archive import Archive
from collectors.models import FEED_NAMES, REPO_TOPICS
from collectors.offline import replay_now, upstream
from collectors.pricing_extract import extract
from collectors.replay import FALLBACK_PRICING_URLS, ReplayWorld, load_pricing_urls, pricing, reset_caches
from collectors.replay.world import PLACEHOLDER_CREATED
from collectors.runner import collect_day
from collectors.state import StateStore
from feeds.settings import Settings

NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)
SAAS = tuple(
    f"https://{name}.example-saas.test/pricing"
    for name in (
        "acme",
        "nimbus",
        "orbit",
        "relay",
        "quill",
        "harbor",
        "lumen",
        "vector",
        "cobalt",
        "ember",
        "fathom",
        "kestrel",
        "lattice",
        "meridian",
        "pylon",
        "sable",
        "tundra",
        "umbra",
        "willow",
        "zenith",
    )
)
SEARCH = "https://api.github.com/search/repositories"
HN = "https://hn.algolia.com/api/v1/search_by_date"
REGISTRY = "https://registry.modelcontextprotocol.io/v0.1/servers"
MODELS = "https://openrouter.ai/api/v1/models"
HUB = "https://huggingface.co/api"
SMALL = {
    "FEEDS_SIM_REPOS": "300",
    "FEEDS_SIM_MCP_SERVERS": "60",
    "FEEDS_SIM_LLMS": "40",
    "FEEDS_SIM_HUB_ITEMS": "120",
    "FEEDS_SIM_FORUM_POSTS": "20",
}


def world(seed: int = 42, small: bool = False, urls: tuple[str, ...] = SAAS) -> ReplayWorld:
    env = {"FEEDS_SEED": str(seed), **(SMALL if small else {})}
    return ReplayWorld(Settings(env=env), pricing_urls=urls)


async def get(w: ReplayWorld, url: str, params: Any = None, now: datetime = NOW) -> httpx.Response:
    async with httpx.AsyncClient(transport=w.transport(now)) as client:
        return await client.get(url, params=params)


def search_params(q: str, page: int = 1) -> dict[str, Any]:
    return {"q": q, "sort": "stars", "order": "desc", "per_page": 100, "page": page}


def hn_params(term: str, start: int, end: int, page: int = 0, per_page: int = 1000) -> dict[str, Any]:
    return {
        "query": term,
        "tags": "story",
        "numericFilters": f"created_at_i>={start},created_at_i<{end}",
        "hitsPerPage": per_page,
        "page": page,
    }


HUB_MODEL_PARAMS = [
    ("sort", "trendingScore"),
    ("limit", "100"),
    *(("expand", p) for p in ("author", "likes", "downloads", "trendingScore", "tags", "createdAt")),
]
ONE_OF_EACH = (
    (SEARCH, search_params("topic:mcp archived:false", 3)),
    (HN, hn_params("AI", int(NOW.timestamp()) - 7 * 86400, int(NOW.timestamp()))),
    (REGISTRY, {"limit": "100", "version": "latest"}),
    (MODELS, {"output_modalities": "all"}),
    (f"{HUB}/models", HUB_MODEL_PARAMS),
    (SAAS[0], None),
)


async def snapshot(w: ReplayWorld, now: datetime) -> list[bytes]:
    return [(await get(w, url, params, now)).content for url, params in ONE_OF_EACH]


# ------------------------------------------------------------------------------ determinism


async def test_same_seed_and_instant_give_identical_bytes_and_another_seed_differs() -> None:
    first, second = await snapshot(world(), NOW), await snapshot(world(), NOW)
    assert first == second
    other = await snapshot(world(seed=7), NOW)
    assert all(a != b for a, b in zip(first, other, strict=True))


async def test_a_day_does_not_depend_on_the_days_simulated_before_it() -> None:
    reset_caches()
    direct = await snapshot(world(seed=11), NOW)
    reset_caches()
    replayed = world(seed=11)
    for back in range(6, 0, -1):
        await snapshot(replayed, NOW - timedelta(days=back))
    assert await snapshot(replayed, NOW) == direct


# ------------------------------------------------------------------------------ evolution


async def test_over_two_weeks_the_world_grows_and_changes() -> None:
    w = world()
    days = [NOW - timedelta(days=n) for n in range(14, -1, -1)]
    stars: list[dict[str, int]] = []
    versions: list[dict[str, str]] = []
    prices: list[dict[str, tuple[str, str]]] = []
    pages: list[dict[str, bytes]] = []
    for now in days:
        state = w.day(now)
        stars.append({s.repo.full_name: s.stars for s in state.repos})
        listing = orjson.loads((await get(w, REGISTRY, {"limit": "100", "version": "latest"}, now)).content)
        versions.append({e["server"]["name"]: e["server"]["version"] for e in listing["servers"]})
        data = orjson.loads((await get(w, MODELS, {"output_modalities": "all"}, now)).content)["data"]
        prices.append({m["id"]: (m["pricing"]["prompt"], m["pricing"]["completion"]) for m in data})
        pages.append({url: (await get(w, url, now=now)).content for url in SAAS})
    for before, after in itertools.pairwise(stars):
        assert all(after[name] >= count for name, count in before.items() if name in after)
        assert set(after) - set(before), "no new repository appeared in a day"
    assert set(versions[-1]) - set(versions[0]), "no new registry server in two weeks"
    assert set(prices[-1]) - set(prices[0]), "no new model in two weeks"
    bumps = [n for n in versions[0] if n in versions[-1] and versions[0][n] != versions[-1][n]]
    assert bumps
    changed = [m for m in prices[0] if m in prices[-1] and prices[0][m] != prices[-1][m]]
    assert changed
    assert any(pages[0][u] != pages[-1][u] for u in SAAS)
    assert sum(pages[i][u] != pages[i + 1][u] for i in range(14) for u in SAAS) < 14 * len(SAAS) / 3


# ------------------------------------------------------------------------------ GitHub


async def test_github_search_pages_with_link_header_and_refuses_past_1000() -> None:
    w = world()
    first = await get(w, SEARCH, search_params("topic:mcp archived:false"))
    assert first.status_code == 200
    body = first.json()
    assert body["total_count"] > 1000 and body["incomplete_results"] is False
    assert len(body["items"]) == 100
    assert int(first.headers["x-ratelimit-remaining"]) > 0
    links = first.links
    assert httpx.URL(links["next"]["url"]).params["page"] == "2"
    assert httpx.URL(links["last"]["url"]).params["page"] == "10"
    assert httpx.URL(links["next"]["url"]).params["q"] == "topic:mcp archived:false"
    stars = [i["stargazers_count"] for i in body["items"]]
    assert stars == sorted(stars, reverse=True)
    item = body["items"][0]
    for field in (
        "id",
        "node_id",
        "name",
        "full_name",
        "owner",
        "private",
        "html_url",
        "description",
        "fork",
        "url",
        "created_at",
        "updated_at",
        "pushed_at",
        "homepage",
        "size",
        "stargazers_count",
        "watchers_count",
        "forks_count",
        "open_issues_count",
        "language",
        "license",
        "topics",
        "archived",
        "disabled",
        "visibility",
        "default_branch",
        "score",
        "forks",
        "open_issues",
        "watchers",
    ):
        assert field in item
    assert "mcp" in item["topics"] and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", item["created_at"])
    tenth = await get(w, SEARCH, search_params("topic:mcp archived:false", 10))
    assert tenth.status_code == 200 and "next" not in tenth.links and len(tenth.json()["items"]) == 100
    past = await get(w, SEARCH, search_params("topic:mcp archived:false", 11))
    assert past.status_code == 422
    assert past.json()["message"] == "Only the first 1000 search results are available"


async def test_github_search_qualifiers_slice_and_following_next_reads_every_result() -> None:
    w = world()
    q = "topic:mcp archived:false created:2025-06-01..2025-12-31 stars:5..400"
    page = await get(w, SEARCH, search_params(q))
    total = page.json()["total_count"]
    assert 0 < total < 1000
    seen: list[dict[str, Any]] = []
    for _ in range(20):
        seen += page.json()["items"]
        if "next" not in page.links:
            break
        page = await get(w, page.links["next"]["url"])
    assert len(seen) == total == len({i["full_name"] for i in seen})
    assert all("2025-06-01" <= i["created_at"][:10] <= "2025-12-31" and 5 <= i["stargazers_count"] <= 400 for i in seen)
    open_ended = await get(w, SEARCH, search_params("topic:mcp archived:false stars:>=400 created:<2026-01-01"))
    assert all(i["stargazers_count"] >= 400 for i in open_ended.json()["items"])
    archived = (await get(w, SEARCH, search_params("topic:mcp archived:true"))).json()["items"]
    assert archived and all(i["archived"] for i in archived)
    for topic in REPO_TOPICS[1:]:
        found = (await get(w, SEARCH, search_params(f"topic:{topic} archived:false"))).json()["total_count"]
        assert 50 < found < 1000


async def test_github_repository_lookup_and_404() -> None:
    w = world()
    item = (await get(w, SEARCH, search_params("topic:ai-agent archived:false"))).json()["items"][5]
    response = await get(w, f"https://api.github.com/repos/{item['full_name']}")
    assert response.status_code == 200
    repo = response.json()
    assert repo["full_name"] == item["full_name"] and "score" not in repo
    assert repo["stargazers_count"] == item["stargazers_count"] and "subscribers_count" in repo
    missing = await get(w, "https://api.github.com/repos/nobody-here/nothing-there")
    assert missing.status_code == 404 and missing.json()["message"] == "Not Found"


def test_repositories_have_realistic_licences_and_languages() -> None:
    repos = [s.repo for s in world().day(NOW).repos]
    licences = {r.license for r in repos}
    assert {None, "other", "mit", "apache-2.0"} <= licences
    assert None in {r.language for r in repos}
    assert len({r.full_name.lower() for r in repos}) == len(repos)


# ------------------------------------------------------------------------------ Hacker News


async def test_algolia_pages_newest_first_with_whole_word_matches_and_the_cap() -> None:
    w = world()
    end = int(NOW.timestamp())
    start = end - 7 * 86400
    everything = (await get(w, HN, hn_params("LLM", start, end))).json()
    assert everything["nbHits"] == len(everything["hits"]) > 10
    hits: list[dict[str, Any]] = []
    page = 0
    while True:
        body = (await get(w, HN, hn_params("LLM", start, end, page, per_page=10))).json()
        assert body["page"] == page and body["hitsPerPage"] == 10
        hits += body["hits"]
        if page >= body["nbPages"] - 1:
            break
        page += 1
    assert [h["objectID"] for h in hits] == [h["objectID"] for h in everything["hits"]]
    times = [h["created_at_i"] for h in hits]
    assert times == sorted(times, reverse=True) and all(start <= t < end for t in times)
    assert all(re.search(r"\bllm\b", h["title"], re.IGNORECASE) for h in hits)
    assert all(isinstance(h["objectID"], str) and "story" in h["_tags"] for h in hits)
    words = (await get(w, HN, hn_params("AI", start, end))).json()["hits"]
    assert words and not any(re.search(r"\bAI\b", h["title"], re.IGNORECASE) is None for h in words)
    ask = [h for h in (await get(w, HN, hn_params("Ask", start, end))).json()["hits"] if "ask_hn" in h["_tags"]]
    assert ask and all(h["url"] is None for h in ask)
    past = (await get(w, HN, hn_params("AI", start, end, page=1))).json()
    assert past["hits"] == [] and "message" in past and past["nbPages"] == 0


async def test_forum_posts_gain_points_over_their_first_days() -> None:
    w = world()
    end = int(NOW.timestamp())
    params = hn_params("AI", end - 86400, end)
    young = {h["objectID"]: h["points"] for h in (await get(w, HN, params, now=NOW)).json()["hits"]}
    older = {h["objectID"]: h["points"] for h in (await get(w, HN, params, now=NOW + timedelta(days=3))).json()["hits"]}
    assert set(young) == set(older)
    assert all(older[i] >= young[i] for i in young) and any(older[i] > young[i] for i in young)


# ------------------------------------------------------------------------------ MCP registry


async def test_registry_cursor_runs_to_the_end_with_every_status_shown() -> None:
    w = world()
    servers: list[dict[str, Any]] = []
    cursor = None
    for _ in range(20):
        params = {"limit": "50", "version": "latest", **({"cursor": cursor} if cursor else {})}
        body = (await get(w, REGISTRY, params)).json()
        assert body["metadata"]["count"] == len(body["servers"]) <= 50
        servers += body["servers"]
        cursor = body["metadata"].get("nextCursor")
        if not cursor:
            break
        last = body["servers"][-1]["server"]
        assert cursor == f"{last['name']}:{last['version']}"
    names = [s["server"]["name"] for s in servers]
    assert len(names) == len(set(names)) > 300 and names == sorted(names)
    statuses = {s["_meta"]["io.modelcontextprotocol.registry/official"]["status"] for s in servers}
    assert statuses == {"active", "deprecated", "deleted"}
    assert all(re.fullmatch(r"[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+", n) for n in names)
    kinds = {p["registryType"] for s in servers for p in s["server"].get("packages", [])}
    assert kinds == {"npm", "pypi", "oci"}
    assert any(s["server"].get("remotes") for s in servers)
    assert any("repository" in s["server"] for s in servers)
    bad = await get(w, REGISTRY, {"limit": "500"})
    assert bad.status_code == 422


# ------------------------------------------------------------------------------ OpenRouter


async def test_openrouter_prices_are_decimal_strings_and_the_router_is_variable() -> None:
    w = world()
    data = (await get(w, MODELS, {"output_modalities": "all"})).json()["data"]
    for model in data:
        assert isinstance(model["pricing"]["prompt"], str) and isinstance(model["pricing"]["completion"], str)
        Decimal(model["pricing"]["prompt"])
        assert "e" not in model["pricing"]["prompt"].lower()
        assert isinstance(model["created"], int) and model["architecture"]["output_modalities"]
    router = [m for m in data if m["id"] == "openrouter/auto"]
    assert router and router[0]["pricing"]["prompt"] == "-1"
    created = [m["created"] for m in data]
    assert created == sorted(created, reverse=True)
    text_only = (await get(w, MODELS)).json()["data"]
    assert 0 < len(text_only) < len(data)
    assert all("text" in m["architecture"]["output_modalities"] for m in text_only)


# ------------------------------------------------------------------------------ Hugging Face


async def test_hub_lists_page_by_link_next_sorted_by_trending_with_expand() -> None:
    w = world()
    first = await get(w, f"{HUB}/models", HUB_MODEL_PARAMS)
    items = first.json()
    assert isinstance(items, list) and len(items) == 100
    scores = [i["trendingScore"] for i in items]
    assert scores == sorted(scores, reverse=True)
    assert all(
        set(i) <= {"_id", "id", "author", "likes", "downloads", "trendingScore", "tags", "createdAt"} for i in items
    )
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z", i["createdAt"]) for i in items)
    next_url = first.links["next"]["url"]
    assert httpx.URL(next_url).params.get_list("expand") == [v for k, v in HUB_MODEL_PARAMS if k == "expand"]
    rest = await get(w, next_url)
    assert 20 < len(rest.json()) < 100 and "next" not in rest.links  # about 150 alive in all
    assert not {i["id"] for i in items} & {i["id"] for i in rest.json()}
    every = items + rest.json()
    datasets = await get(w, f"{HUB}/datasets", [("limit", "1000"), ("expand", "createdAt"), ("expand", "tags")])
    assert any(i["createdAt"] == PLACEHOLDER_CREATED for i in every + datasets.json())
    assert any(t.startswith("license:") for i in every for t in i["tags"])
    assert any(t.startswith("task_categories:") for i in datasets.json() for t in i["tags"])
    spaces = (await get(w, f"{HUB}/spaces", [("limit", "5"), ("expand", "sdk"), ("expand", "likes")])).json()
    assert all(i["sdk"] in ("gradio", "streamlit", "docker", "static") and "downloads" not in i for i in spaces)
    refused = await get(w, f"{HUB}/spaces", [("expand", "downloads")])
    assert refused.status_code == 400


async def test_hub_top_100_changes_from_day_to_day() -> None:
    w = world()
    ids = [
        {i["id"] for i in (await get(w, f"{HUB}/models", HUB_MODEL_PARAMS, now=NOW + timedelta(days=d))).json()}
        for d in (0, 1, 7)
    ]
    assert ids[0] != ids[1] and len(ids[0] - ids[2]) > 5


# ------------------------------------------------------------------------------ pricing pages


async def test_pricing_pages_mix_styles_and_unknown_hosts_are_unreachable() -> None:
    w = world()
    pages = [(await get(w, url)) for url in SAAS]
    assert all(p.status_code == 200 and p.headers["content-type"].startswith("text/html") for p in pages)
    texts = [p.text for p in pages]
    assert any('type="application/ld+json"' in t and '"unitCode"' in t for t in texts)
    assert any('id="__NEXT_DATA__"' in t for t in texts)
    assert any('class="pricing-card' in t and "Contact sales" in t for t in texts)
    assert any(re.search(r'class="price">[$€£]\d+', t) for t in texts)
    extra = await get(w, "https://queued-by-a-client.example-saas.test/plans")
    assert extra.status_code == 200 and "<html" in extra.text
    assert (await get(w, SAAS[0] + "/")).content == pages[0].content
    assert (await get(w, "https://acme.example-saas.test/robots.txt")).status_code == 200
    with pytest.raises(httpx.ConnectError):
        await get(w, "https://no-such-vendor.invalid/pricing")
    seeded = world(urls=("https://www.anthropic.com/pricing",))
    assert (await get(seeded, "https://www.anthropic.com/pricing")).status_code == 200
    assert (await get(seeded, "https://www.anthropic.com/careers")).status_code == 404


def _model_api_site(variant: int, currency: str, tiles: bool = False) -> pricing.Site:
    """A model API's pricing page (the tables style) in `currency`, drawn as `variant` draws it: its paid plans
    Pro and Max are its models, at notches 6 and 20; the free and custom plans are no models. Variant 3 draws
    model cards, as a catalogue's tiles on a site whose key is odd (`tiles`)."""
    ladder = (
        pricing.Plan("Free", -1),
        pricing.Plan("Pro", 6, 6),
        pricing.Plan("Max", 20, 20),
        pricing.Plan("Custom", None),
    )
    site = pricing.site(42, "https://api.example-ai.test/pricing")
    key = site.key - site.key % 2 + int(tiles)
    return replace(site, style="tables", variant=variant, currency=currency, plans=ladder, key=key)


@pytest.mark.parametrize("currency", ["USD", "EUR"])
def test_a_model_api_page_drawn_as_model_cards_is_read_back_price_for_price(currency: str) -> None:
    # The shape of OpenAI's pricing page (heldout31): per model a card with "Input:", "Cached input:" and
    # "Output:" lines; a card needing three decimals writes all of its prices with three ("$3.600"). Each
    # line is read as its dimension, at the amount the site holds, per 1M tokens: never 3600.
    s = _model_api_site(3, currency)
    page = pricing.render(s, pricing.EPOCH)  # before the site's first price change
    assert 'class="model-card"' in page and "<table" not in page
    assert "Output:<br>" + pricing.SYMBOLS[currency] + "3.600 / 1M tokens" in page  # Pro: 9 / 10 x 4
    expected = {
        (f"example-ai-{plan}", dimension, round(pricing.NICE[level] * share / 10, 4))
        for plan, level in (("pro", 6), ("max", 20))
        for (_, share), dimension in zip(pricing.MODEL_CARD_LINES, ("input", "cached_input", "output"), strict=True)
    }
    got = extract(page, s.url).plans
    assert {(p.plan, p.dimension, p.amount) for p in got} == expected
    assert {(p.currency, p.unit, p.period) for p in got} == {(currency, "1M tokens", "usage")}


@pytest.mark.parametrize("currency", ["USD", "GBP", "EUR"])
def test_a_model_api_page_drawn_as_catalogue_tiles_is_read_back_price_for_price(currency: str) -> None:
    # The shape of atptoken-en's model catalogue (heldout129): per model a <button aria-label="View … details">,
    # the maker's caption over the model's id, each side a value over its label ("$0.90" over "Input", "—" over
    # "Cache read" where the model has none) and the unit said once under the cells. Each side is read at the
    # amount the site holds, per 1M tokens, named by the model, never by its maker. Each cell writes its own
    # decimals ("€2.90" beside "€0.725"), so a euro amount is never "€2.900", read as 2,900 with no unit on its line.
    s = _model_api_site(3, currency, tiles=True)
    s = replace(s, plans=(*s.plans[:3], pricing.Plan("Ultra", 16, 16), s.plans[3]))  # 2.90 beside 0.725: "2.900"?
    page = pricing.render(s, pricing.EPOCH)
    assert 'aria-label="View example-ai-pro details"' in page and "<table" not in page and "Output:" not in page
    assert f"{pricing.SYMBOLS[currency]}2.90<" in page and f"{pricing.SYMBOLS[currency]}0.725<" in page
    assert f"<div>{currency} / 1M tokens</div>" not in page and f"{currency} / 1M tokens</div></button>" in page
    expected = {
        (f"example-ai-{plan}", dimension, round(pricing.NICE[level] * share / 10, 4))
        for at, (plan, level) in enumerate((("pro", 6), ("max", 20), ("ultra", 16)))
        for (_, share), dimension in zip(pricing.MODEL_CARD_LINES, ("input", "cached_input", "output"), strict=True)
        if not (dimension == "cached_input" and at % 2)  # the second model shows "—" for its cached price
    }
    got = extract(page, s.url).plans
    assert {(p.plan, p.dimension, p.amount) for p in got} == expected
    assert {(p.currency, p.unit, p.period) for p in got} == {(currency, "1M tokens", "usage")}


@pytest.mark.parametrize("currency", ["USD", "GBP"])
def test_a_model_api_page_drawn_as_div_tables_is_read_back_price_for_price(currency: str) -> None:
    # The shape of Nebius's price list (heldout31): a table drawn with <div>s, its head apart from its body,
    # a column that is no price (the context window, 128,000) among the priced ones, the cached column naming
    # no unit. Every price is read at the amount the site holds, per 1M tokens, in its section.
    s = _model_api_site(2, currency)
    page = pricing.render(s, pricing.EPOCH)
    models = page.split("<h2>Provisioned throughput</h2>")[0]  # the capacity and bandwidth tables after them are real
    assert 'class="table__head"' in models and "<table" not in models and "128,000" in models
    shares = (("input", 1.0), ("cached_input", 0.25), ("output", 4.0))
    expected = {
        (f"example-ai-{plan}", dimension, round(pricing.NICE[level] * share * factor / 10, 4), section)
        for plan, level in (("pro", 6), ("max", 20))
        for dimension, share in shares
        for section, factor in (("Standard", 1.0), ("Batch", 0.5))
    }
    got = [p for p in extract(page, s.url).plans if p.section in ("Standard", "Batch")]
    assert {(p.plan, p.dimension, p.amount, p.section) for p in got} == expected
    assert {(p.currency, p.unit, p.period) for p in got} == {(currency, "1M tokens", "usage")}


def test_pricing_seed_list_is_read_with_comments_and_has_a_fallback(tmp_path: Path) -> None:
    seed = tmp_path / "seed.txt"
    seed.write_text("# comment\n\nhttps://a.test/pricing  # inline\nhttp://insecure.test/\nhttps://b.test/p\n")
    assert load_pricing_urls(seed) == ("https://a.test/pricing", "https://b.test/p")
    assert load_pricing_urls(tmp_path / "missing.txt") == FALLBACK_PRICING_URLS


async def test_unknown_paths_on_simulated_hosts_are_404() -> None:
    w = world()
    assert (await get(w, "https://api.github.com/users/someone/events")).status_code == 404
    assert (await get(w, "https://openrouter.ai/api/v1/credits")).status_code == 404


# ------------------------------------------------------------------------------ resolver


async def test_resolver_gives_public_addresses_to_simulated_hosts_only() -> None:
    w = world(urls=("https://www.anthropic.com/pricing",))
    for host in ("api.github.com", "huggingface.co", "www.anthropic.com", "x.example-saas.test"):
        addresses = await w.resolve(host)
        assert addresses and all(ipaddress.ip_address(a).is_global for a in addresses)
    assert await w.resolve("api.github.com") == await w.resolve("api.github.com")
    with pytest.raises(OSError):
        await w.resolve("intranet.corp")


# ------------------------------------------------------------------------------ end to end


async def test_three_replayed_days_fill_all_six_feeds(tmp_path: Path) -> None:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path), **SMALL})
    settings.ensure_dirs()
    archive, state = Archive(settings.archive_path), StateStore(settings.state_path)
    try:
        for day in (date(2026, 11, 18), date(2026, 11, 19), date(2026, 11, 20)):
            transport, resolver, now = upstream(settings, True, day)
            assert now == replay_now(day)
            records = await collect_day(
                list(FEED_NAMES),
                day,
                settings=settings,
                archive=archive,
                state=state,
                now=now,
                transport=transport,
                resolver=resolver,
            )
            assert [r.status for r in records] == ["ok"] * 6, [r.summary() for r in records]
            assert all(r.rows > 0 for r in records)
        for feed in FEED_NAMES:
            assert archive.rows_on(feed, "2026-11-20")
    finally:
        archive.close()
        state.close()


@pytest.mark.parametrize("currency", ["USD", "EUR"])
def test_a_card_page_drawn_with_ribbons_and_spend_caps_is_read_back_plan_for_plan(currency: str) -> None:
    # The shapes of heldout35's plan pages: a plan named by a plain line under a ribbon-classed phrase on the
    # popular card ("Best for growing teams" over "Pro"), and a feature line "Monthly spend cap: $450" that is
    # what the plan allows, not a price. Every plan is read at its own name and monthly price, nothing more.
    ladder = (pricing.Plan("Free", -1), pricing.Plan("Pro", 6, 6), pricing.Plan("Max", 20, 20))
    site = pricing.site(7, "https://cards.example-saas.test/pricing")
    s = replace(site, style="cards", variant=1, currency=currency, plans=ladder, per_seat=False, annual_months=None)
    page = pricing.render(s, pricing.EPOCH)
    assert '<span class="badge">Best for growing teams</span>' in page and "Monthly spend cap:" in page
    got = extract(page, s.url).plans
    expected = {("Free", 0.0), ("Pro", float(pricing.NICE[6])), ("Max", float(pricing.NICE[20]))}
    assert {(p.plan, p.amount) for p in got} == expected
    assert {p.currency for p in got if p.amount} == {currency}


@pytest.mark.parametrize("currency", ["USD", "GBP"])
def test_a_card_page_with_its_sign_in_an_element_of_its_own_is_read_back_plan_for_plan(currency: str) -> None:
    # heldout38's optiflow-en draws `<span class="pc-currency">₹</span><span class="pc-price">49,000</span>`: the
    # sign stands outside the price element. Every plan is read at its own name, monthly and yearly price.
    ladder = (pricing.Plan("Free", -1), pricing.Plan("Pro", 6, 6), pricing.Plan("Max", 36, 36))
    site = pricing.site(7, "https://cards.example-saas.test/pricing")
    s = replace(site, style="cards", variant=2, currency=currency, plans=ladder, per_seat=False, annual_months=10)
    page = pricing.render(s, pricing.EPOCH)
    sign = pricing.SYMBOLS[currency]
    assert f'<span class="pc-currency">{sign}</span><span class="pc-price">{pricing.NICE[36] * 10:,}</span>' in page
    got = extract(page, s.url).plans
    monthly = {(name, float(pricing.NICE[level])) for name, level in (("Pro", 6), ("Max", 36))}
    yearly = {(name, float(pricing.NICE[level] * 10)) for name, level in (("Pro", 6), ("Max", 36))}
    assert {(p.plan, p.amount) for p in got} == {("Free", 0.0)} | monthly | yearly
    assert {p.currency for p in got if p.amount} == {currency}


def test_a_model_api_page_of_switchable_panes_is_read_back_pane_for_pane() -> None:
    # The shape of OpenAI's pricing page (heldout53): Standard / Batch / Flex panes named by a radio group's
    # buttons, Flex at Batch's figures. Each pane's prices are read in a section named by the pane, so the Flex
    # entries are not taken for repeats of the Batch ones.
    s = _model_api_site(1, "USD")
    page = pricing.render(s, pricing.EPOCH)
    assert "data-content-switcher-pane" in page and 'data-value="flex" hidden' in page
    shares = (("input", 1.0), ("cached_input", 0.25), ("output", 4.0))
    expected = {
        (f"example-ai-{plan}", dimension, round(pricing.NICE[level] * share * factor / 10, 4), section)
        for plan, level in (("pro", 6), ("max", 20))
        for dimension, share in shares
        for section, factor in pricing.PANES
    }
    got = extract(page, s.url).plans
    assert {(p.plan, p.dimension, p.amount, (p.section or "").split(" · ")[0]) for p in got} == expected
    assert len(got) == len(expected)


def test_a_model_api_page_with_provisioned_capacity_is_read_back_term_for_term() -> None:
    # The shape of Civo's GPU tables (heldout50): an on-demand cell and a commitment cell holding a block per
    # term, one shown and the others hidden, each an hourly rate with its monthly twin hidden behind a toggle.
    # Every term's prices are read, the term in the section, not the first hidden block's alone.
    s = _model_api_site(0, "USD")
    page = pricing.render(s, pricing.EPOCH)
    assert '<div id="6_months" class="hidden">' in page and '<div id="12_months">' in page
    expected = set()
    for plan, level in (("pro", 6), ("max", 20)):
        rate = pricing.NICE[level] / 10
        sides = [("On-demand", rate)] + [
            (f"Commitment · {key.replace('_', ' ')}", round(rate * share, 2))
            for key, _, share in pricing.COMMITMENT_TERMS
        ]
        for section, hourly in sides:
            expected.add((f"example-ai-{plan}", hourly, "hour", f"Provisioned throughput pricing · {section}"))
            expected.add(
                (
                    f"example-ai-{plan}",
                    round(hourly * pricing.HOURS_A_MONTH, 2),
                    None,
                    f"Provisioned throughput pricing · {section}",
                )
            )
    got = {
        (p.plan, p.amount, p.unit, p.section)
        for p in extract(page, s.url).plans
        if (p.section or "").startswith("Provisioned throughput")
    }
    assert got == expected


@pytest.mark.parametrize("currency", ["USD", "EUR"])
def test_a_bandwidth_rate_in_quantity_bands_is_read_back_band_for_band(currency: str) -> None:
    # The shape of CoCreate's rate table (heldout93): rows named only by quantity bands ("0 - 1", "1001+") under
    # "Bandwidth Range (GB)", beside "Rate (€)". One rate, per GB, each band in the section.
    s = _model_api_site(0, currency)
    page = pricing.render(s, pricing.EPOCH)
    assert "<th>Bandwidth Range (GB)</th>" in page
    got = {(p.amount, p.currency, p.unit, p.section) for p in extract(page, s.url).plans if p.plan == "Bandwidth"}
    assert got == {(rate, currency, "gb", band) for band, rate in pricing.bandwidth_rates(s)}


@pytest.mark.parametrize("currency", ["USD", "EUR"])
def test_gpu_instances_in_a_table_with_no_header_row_are_read_back(currency: str) -> None:
    # The shape of Lambda's GPU list (heldout31): no header row, a name cell, specs, and "$2.99 / GPU / hr" or a
    # call to sales in the last cell. Each instance by the hour; the reserved one a price on request.
    s = _model_api_site(0, currency)
    page = pricing.render(s, pricing.EPOCH)
    assert "<h2>GPU instances</h2><table><tr>" in page
    names = {name for name, _ in pricing.gpu_rates(s)}
    got = {(p.plan, p.amount, p.currency, p.unit) for p in extract(page, s.url).plans if p.plan in names}
    assert got == {
        (name, rate, currency if rate is not None else None, "hour" if rate is not None else None)
        for name, rate in pricing.gpu_rates(s)
    }
