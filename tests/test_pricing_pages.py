"""The `ai-pricing` collector end to end: real collector, HTTP layer, guard, runner and archive.

Only the network edge is replaced (httpx.MockTransport serving the HTML fixtures), and the seed
list is pointed at a small file so each test states exactly which pages exist.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable
from datetime import date
from pathlib import Path

import httpx
import pytest

from collectors import pricing_pages
from collectors.models import Period, PricePlan
from collectors.pricing_extract import visible_text
from collectors.pricing_pages import load_seed, plan_changes
from collectors.safe_fetch import check_url
from tests.conftest import DAY, FIXTURES, Env, public_resolver

FEED = "ai-pricing"
DAY2 = date(2026, 11, 21)
DAY3 = date(2026, 11, 22)
APP = "https://www.exampleapp.test/pricing"
RELAY = "https://relay.test/pricing"
NIMBUS = "https://nimbus.test/pricing"
HTML = {"content-type": "text/html; charset=utf-8"}


def fixture(name: str) -> str:
    return (FIXTURES / "pricing" / name).read_text(encoding="utf-8")


@pytest.fixture
def seed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    def write(*urls: str) -> None:
        path = tmp_path / "seed.txt"
        path.write_text("# test seed\n" + "\n".join(urls) + "\n", encoding="utf-8")
        monkeypatch.setattr(pricing_pages, "SEED_PATH", path)

    write(APP, RELAY)
    return write


class Site:
    """A mocked web: URL -> HTML, with optional scripted responses per URL, recording every request."""

    def __init__(self, pages: dict[str, str]) -> None:
        self.pages = dict(pages)
        self.scripted: dict[str, list[httpx.Response]] = {}
        self.requests: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        url = str(request.url)
        self.requests.append(url)
        if self.scripted.get(url):
            return self.scripted[url].pop(0)
        if url in self.pages:
            return httpx.Response(200, headers=HTML, text=self.pages[url])
        return httpx.Response(404, headers=HTML, text="<h1>Not found</h1>")


def default_site() -> Site:
    return Site({APP: fixture("jsonld_software_app.html"), RELAY: fixture("plan_cards.html")})


async def test_typical_rows(env: Env, seed: Callable[..., None]) -> None:
    record = await env.collect(FEED, default_site())
    assert (record.status, record.rows, record.new, record.changed, record.warnings) == ("ok", 2, 2, 0, 0)
    rows = env.archive.rows_on(FEED, DAY)
    app = rows[APP]
    html = fixture("jsonld_software_app.html")
    assert app == {
        "entity": APP,
        "url": APP,
        "vendor": "exampleapp.test",
        "title": "Pricing | ExampleApp",
        "plans": [
            {
                "plan": "Free",
                "dimension": "price",
                "amount": 0.0,
                "currency": "USD",
                "period": None,
                "unit": None,
                "section": None,
                "custom": False,
                "method": "jsonld",
            },
            {
                "plan": "Pro",
                "dimension": "price",
                "amount": 19.0,
                "currency": "USD",
                "period": "month",
                "unit": "user",
                "section": None,
                "custom": False,
                "method": "jsonld",
            },
            {
                "plan": "Enterprise",
                "dimension": "price",
                "amount": None,
                "currency": None,
                "period": None,
                "unit": None,
                "section": None,
                "custom": True,
                "method": "jsonld",
            },
        ],
        "methods": ["jsonld"],
        "changes": [],
        "previousSnapshotAt": None,
        "contentHash": hashlib.sha256(visible_text(html).encode()).hexdigest(),
        "tracked": False,
        "snapshotAt": "2026-11-20T12:00:00Z",
    }
    relay = rows[RELAY]
    assert relay["vendor"] == "relay.test"
    assert relay["methods"] == ["heuristic"]
    assert [(p["plan"], p["amount"], p["currency"], p["period"]) for p in relay["plans"]] == [
        ("Free", 0.0, None, None),
        ("Starter", 19.0, "USD", "month"),
        ("Team", 15.0, "EUR", "month"),
        ("Enterprise", None, None, None),
    ]


async def test_every_page_once_seed_and_queue_merged_redirects_followed(env: Env, seed: Callable[..., None]) -> None:
    """The pricing feed has no pagination: its 'all pages' is the seed plus the queue, each fetched once."""
    seed(APP, RELAY, "https://old.relay.test/plans")
    site = default_site()
    site.pages[NIMBUS] = fixture("nextjs_pricing.html")
    site.scripted["https://old.relay.test/plans"] = [httpx.Response(301, headers={"location": RELAY})]
    env.state.enqueue(FEED, APP)  # asked for, but already in the seed
    env.state.enqueue(FEED, NIMBUS)
    record = await env.collect(FEED, site)
    assert record.status == "ok"
    rows = env.archive.rows_on(FEED, DAY)
    assert set(rows) == {APP, RELAY, "https://old.relay.test/plans", NIMBUS}
    assert rows["https://old.relay.test/plans"]["plans"] == rows[RELAY]["plans"]  # entity stays the listed URL
    assert Counter(site.requests) == {APP: 1, RELAY: 2, "https://old.relay.test/plans": 1, NIMBUS: 1}
    assert rows[NIMBUS]["tracked"] is True and rows[NIMBUS]["methods"] == ["app_state"]
    assert rows[APP]["tracked"] is True  # a client asked for it too
    assert rows[RELAY]["tracked"] is False


async def test_rate_limit_waits_as_asked_then_succeeds(env: Env, seed: Callable[..., None]) -> None:
    site = default_site()
    site.scripted[APP] = [httpx.Response(429, headers={"retry-after": "7", **HTML}, text="<h1>Slow down</h1>")]
    record = await env.collect(FEED, site)
    assert (record.status, record.rows, record.warnings) == ("ok", 2, 0)
    assert env.sleeps == [7.0]
    assert env.archive.rows_on(FEED, DAY)[APP]["plans"][1]["amount"] == 19.0


async def test_server_error_is_retried_with_backoff(env: Env, seed: Callable[..., None]) -> None:
    site = default_site()
    site.scripted[RELAY] = [httpx.Response(502, headers=HTML, text="<h1>Bad gateway</h1>")]
    record = await env.collect(FEED, site)
    assert (record.status, record.rows) == ("ok", 2)
    assert env.sleeps == [0.5]
    assert site.requests.count(RELAY) == 2


async def test_malformed_structured_data_falls_back_to_what_the_page_shows(env: Env, seed: Callable[..., None]) -> None:
    broken = (
        fixture("plan_cards.html")
        .replace("<title>", '<script type="application/ld+json">{"@type": "Offer", "price": </script><title>')
        .replace("<main>", '<main><script id="__NEXT_DATA__" type="application/json">{{{</script>')
    )
    site = default_site()
    site.pages[RELAY] = broken
    record = await env.collect(FEED, site)
    assert (record.status, record.rows) == ("ok", 2)
    relay = env.archive.rows_on(FEED, DAY)[RELAY]
    assert relay["methods"] == ["heuristic"]
    assert [p["plan"] for p in relay["plans"]] == ["Free", "Starter", "Team", "Enterprise"]


async def test_non_html_everywhere_fails_the_run_and_keeps_earlier_days(env: Env, seed: Callable[..., None]) -> None:
    assert (await env.collect(FEED, default_site())).status == "ok"

    def json_everywhere(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "application/json"}, content=b'{"plans": [')

    record = await env.collect(FEED, json_everywhere, day=DAY2)
    assert record.status == "failed"
    assert "invalid response" in (record.error or "")
    assert "all 2 pricing pages failed" in (record.error or "")
    assert record.warnings == 2
    assert env.archive.rows_on(FEED, DAY2) == {}
    assert env.archive.rows_on(FEED, DAY)[APP]["title"] == "Pricing | ExampleApp"


async def test_one_failing_page_is_skipped_with_a_warning(env: Env, seed: Callable[..., None]) -> None:
    seed(APP, RELAY, NIMBUS, "https://gone.test/pricing")
    site = default_site()
    site.scripted[NIMBUS] = [httpx.Response(500, headers=HTML, text="oops") for _ in range(10)]
    record = await env.collect(FEED, site)
    assert (record.status, record.rows, record.warnings) == ("ok", 2, 2)
    assert set(env.archive.rows_on(FEED, DAY)) == {APP, RELAY}
    assert env.sleeps == [0.5, 1.0, 2.0, 4.0]  # the 5xx page used its retries before being skipped


HELIX = "https://helix.test/pricing"
PRICED = [f"https://vendor{i}.test/pricing" for i in range(10)]
"""Ten seed pages that show prices: with them, one page of eleven failing stays under the default 10%."""


def priced_site(empty: tuple[str, ...] = ()) -> Site:
    site = Site({url: fixture("plan_cards.html") for url in PRICED})
    site.pages[HELIX] = fixture("no_prices.html")
    for url in empty:
        site.pages[url] = fixture("no_prices.html")
    return site


async def test_a_seed_page_without_prices_is_kept_and_counted_as_a_failed_item(
    env: Env, seed: Callable[..., None]
) -> None:
    seed(*PRICED, HELIX)
    record = await env.collect(FEED, priced_site())
    assert (record.status, record.rows, record.warnings) == ("ok", 11, 1)  # kept, but never silently
    assert (record.items, record.skipped) == (11, 1)  # one failed item of eleven: under the drift threshold
    row = env.archive.rows_on(FEED, DAY)[HELIX]
    assert (row["title"], row["plans"], row["methods"]) == ("Talk to us | Helix", [], [])


async def test_a_redesign_that_empties_many_pages_fails_the_run_and_keeps_earlier_days(
    env: Env, seed: Callable[..., None]
) -> None:
    seed(*PRICED, HELIX)
    assert (await env.collect(FEED, priced_site())).status == "ok"
    record = await env.collect(FEED, priced_site(empty=tuple(PRICED[:3])), day=DAY2)
    assert record.status == "failed"
    assert "4 of 11 items skipped" in (record.error or "") and "no prices read today" in (record.error or "")
    assert env.archive.rows_on(FEED, DAY2) == {}
    assert env.archive.rows_on(FEED, DAY)[PRICED[0]]["plans"]


async def test_a_requested_page_that_never_showed_a_price_is_only_a_warning(
    env: Env, seed: Callable[..., None]
) -> None:
    """A client's URL that is no pricing page says nothing about the reader; counting it would let anyone
    fail the feed by asking for such pages. Once a page has shown prices, losing them counts."""
    seed(APP)
    asked = "https://asked.test/pricing"
    env.state.enqueue(FEED, asked)
    site = Site({APP: fixture("jsonld_software_app.html"), asked: fixture("no_prices.html")})
    record = await env.collect(FEED, site)
    assert (record.status, record.rows, record.warnings, record.skipped) == ("ok", 2, 1, 0)
    assert env.state.status(FEED, asked) == "tracked"
    assert env.archive.rows_on(FEED, DAY)[asked]["plans"] == []

    site.pages[asked] = fixture("plan_cards.html")
    assert (await env.collect(FEED, site, day=DAY2)).skipped == 0
    site.pages[asked] = fixture("no_prices.html")
    record = await env.collect(FEED, site, day=DAY3)
    assert record.status == "failed"  # one of two pages lost every price: above the threshold
    assert "1 of 2 items skipped" in (record.error or "")


async def test_network_off_fails_the_run_and_keeps_earlier_days(env: Env, seed: Callable[..., None]) -> None:
    await env.check_network_off(FEED, default_site())


async def test_recollecting_is_idempotent_and_day_two_counts_new_and_changed(
    env: Env, seed: Callable[..., None]
) -> None:
    await env.collect(FEED, default_site())
    first = env.archive.rows_on(FEED, DAY)
    again = await env.collect(FEED, default_site())
    assert (again.status, again.new, again.changed) == ("ok", 2, 0)
    assert env.archive.rows_on(FEED, DAY) == first

    site = default_site()
    site.pages[RELAY] = fixture("plan_cards.html").replace("<strong>$19</strong>", "<strong>$24</strong>")
    site.pages[NIMBUS] = fixture("nextjs_pricing.html")
    env.state.enqueue(FEED, NIMBUS)
    record = await env.collect(FEED, site, day=DAY2)
    assert (record.status, record.rows, record.new, record.changed) == ("ok", 3, 1, 1)
    rows = env.archive.rows_on(FEED, DAY2)
    assert rows[RELAY]["changes"] == [
        {
            "plan": "Starter",
            "dimension": "price",
            "section": None,
            "change": "price",
            "old": 19.0,
            "new": 24.0,
            "pct": 26.32,
            "currency": "USD",
            "period": "month",
            "unit": None,
        }
    ]
    assert rows[RELAY]["previousSnapshotAt"] == "2026-11-20T12:00:00Z"
    assert rows[RELAY]["snapshotAt"] == "2026-11-21T12:00:00Z"
    assert rows[RELAY]["contentHash"] != first[RELAY]["contentHash"]
    assert rows[APP]["changes"] == [] and rows[APP]["contentHash"] == first[APP]["contentHash"]
    assert rows[NIMBUS]["changes"] == [] and rows[NIMBUS]["previousSnapshotAt"] is None


async def test_a_page_skipped_for_a_day_is_compared_with_its_last_snapshot(env: Env, seed: Callable[..., None]) -> None:
    """Day 1 at $10, day 2 the page fails, day 3 at $12: the change is 10 -> 12 against day 1's snapshot."""

    def relay_at(price: str) -> Site:
        site = default_site()
        site.pages[RELAY] = fixture("plan_cards.html").replace("<strong>$19</strong>", f"<strong>${price}</strong>")
        return site

    assert (await env.collect(FEED, relay_at("10"))).status == "ok"
    failing = relay_at("11")
    failing.scripted[RELAY] = [httpx.Response(500, headers=HTML, text="oops") for _ in range(10)]
    skipped = await env.collect(FEED, failing, day=DAY2)
    assert (skipped.status, skipped.rows, skipped.warnings) == ("ok", 1, 1)
    assert RELAY not in env.archive.rows_on(FEED, DAY2)

    record = await env.collect(FEED, relay_at("12"), day=DAY3)
    assert record.status == "ok"
    row = env.archive.rows_on(FEED, DAY3)[RELAY]
    assert row["changes"] == [
        {
            "plan": "Starter",
            "dimension": "price",
            "section": None,
            "change": "price",
            "old": 10.0,
            "new": 12.0,
            "pct": 20.0,
            "currency": "USD",
            "period": "month",
            "unit": None,
        }
    ]
    assert row["previousSnapshotAt"] == "2026-11-20T12:00:00Z"  # day 1's snapshot, across the gap
    app = env.archive.rows_on(FEED, DAY3)[APP]
    assert app["changes"] == [] and app["previousSnapshotAt"] == "2026-11-21T12:00:00Z"  # fetched every day


async def test_queued_pages_become_tracked_or_not_found(env: Env, seed: Callable[..., None]) -> None:
    seed(APP)
    hosts = {"intranet.relay.test": ["10.1.2.3"]}

    async def resolver(host: str) -> list[str]:
        return hosts.get(host) or await public_resolver(host)

    site = Site({APP: fixture("jsonld_software_app.html"), NIMBUS: fixture("nextjs_pricing.html")})
    flaky = "https://flaky.test/pricing"
    site.scripted[flaky] = [httpx.Response(503, headers=HTML, text="down") for _ in range(5)]
    site.pages[flaky] = fixture("plan_cards.html")
    for url in (NIMBUS, "https://intranet.relay.test/pricing", "https://gone.test/pricing", flaky):
        env.state.enqueue(FEED, url)
    record = await env.collect(FEED, site, resolver=resolver)
    assert (record.status, record.rows, record.new, record.warnings) == ("ok", 2, 2, 3)
    assert env.state.status(FEED, NIMBUS) == "tracked"
    assert env.state.status(FEED, "https://intranet.relay.test/pricing") == "not_found"
    assert env.state.status(FEED, "https://gone.test/pricing") == "not_found"
    assert env.state.status(FEED, flaky) == "queued"  # a transient failure: tried again tomorrow
    assert not any("intranet" in url for url in site.requests)  # refused before any request
    assert env.archive.rows_on(FEED, DAY)[NIMBUS]["tracked"] is True

    site.requests.clear()
    tomorrow = await env.collect(FEED, site, day=DAY2, resolver=resolver)
    assert tomorrow.rows == 3  # the flaky page answers today
    assert sorted(set(site.requests)) == [flaky, NIMBUS, APP]  # not-found pages are no longer fetched


async def test_every_page_refused_fails_the_run(env: Env, seed: Callable[..., None]) -> None:
    async def private(host: str) -> list[str]:
        return ["192.168.0.10"]

    record = await env.collect(FEED, default_site(), resolver=private)
    assert record.status == "failed"
    assert "unsafe URL" in (record.error or "") and "192.168.0.10" in (record.error or "")


def test_plan_changes_added_removed_and_repriced() -> None:
    def plan(name: str, amount: float | None, period: Period | None = "month") -> PricePlan:
        return PricePlan(plan=name, amount=amount, currency="USD", period=period, method="jsonld")

    previous = [p.model_dump() for p in (plan("Pro", 20), plan("Pro", 200, "year"), plan("Legacy", 5))]
    today = [plan("Pro", 25), plan("Pro", 200, "year"), plan("Team", 40)]
    assert [c.model_dump(exclude_none=True) for c in plan_changes(previous, today)] == [
        {
            "plan": "Pro",
            "dimension": "price",
            "change": "price",
            "old": 20.0,
            "new": 25.0,
            "pct": 25.0,
            "currency": "USD",
            "period": "month",
        },
        {"plan": "Team", "dimension": "price", "change": "added", "new": 40.0, "currency": "USD", "period": "month"},
        {"plan": "Legacy", "dimension": "price", "change": "removed", "old": 5.0, "currency": "USD", "period": "month"},
    ]
    assert plan_changes(previous, [plan("Pro", 20), plan("Pro", 200, "year"), plan("Legacy", 5)]) == []


def test_a_model_price_cut_in_a_table_is_one_typed_change_per_dimension() -> None:
    def price(model: str, dimension: str, amount: float, section: str | None = None) -> PricePlan:
        return PricePlan(
            plan=model,
            dimension=dimension,
            amount=amount,
            currency="USD",
            period="usage",
            unit="1M tokens",
            section=section,
            method="table",
        )

    previous = [
        p.model_dump()
        for p in (price("gpt-x", "input", 2.5), price("gpt-x", "output", 10), price("gpt-x", "output", 5, "Batch"))
    ]
    today = [price("gpt-x", "input", 2.5), price("gpt-x", "output", 8), price("gpt-x", "output", 5, "Batch")]
    assert [c.model_dump(exclude_none=True) for c in plan_changes(previous, today)] == [
        {
            "plan": "gpt-x",
            "dimension": "output",
            "change": "price",
            "old": 10.0,
            "new": 8.0,
            "pct": -20.0,
            "currency": "USD",
            "period": "usage",
            "unit": "1M tokens",
        },
    ]


async def test_the_real_seed_list(env: Env) -> None:
    urls = load_seed()
    assert len(urls) >= 25 and len(set(urls)) == len(urls)
    for url in urls:
        await check_url(url, public_resolver)
    assert "https://openai.com/api/pricing/" in urls

    record = await env.collect(FEED, Site({url: fixture("plan_cards.html") for url in urls}))
    assert (record.status, record.rows, record.skipped) == ("ok", len(urls), 0)
    assert set(env.archive.rows_on(FEED, DAY)) == set(urls)
