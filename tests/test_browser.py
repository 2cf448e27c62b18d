"""Pages and badges in a real headless Chromium (Debian's /usr/bin/chromium driven by playwright):
no console errors, the chart and badge visible, a badge embedded by a README-like page (an unknown one
too: a grey "not tracked" image, not a broken one), the badge `<picture>` following the colour scheme, hostile
upstream text inert, the search box with and without JavaScript, a claim's link confirmed without JavaScript.
Screenshots: test-artifacts/."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

from collectors.archive import Archive
from collectors.claims import ClaimStore, parse_submission
from feeds.site_build import build_site
from tests.tiny_archive import HOSTILE_SERVER, HOSTILE_TEXT, add_hostile_entity

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ENTITY = "/mcp/io.github.example/weather"

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's /usr/bin/chromium (apt-get install chromium)"
)


@pytest.fixture(scope="module")
def hostile_live(live):
    """The module's live server, rebuilt with the hostile MCP server added; waits for the swap."""
    archive = Archive(live.settings.archive_path)
    try:
        add_hostile_entity(archive)
    finally:
        archive.close()
    build_site(live.settings, now=datetime(2026, 11, 4, 12, tzinfo=UTC), quiet=True)
    deadline = time.monotonic() + 20
    while httpx.get(f"{live.base_url}/mcp/{HOSTILE_SERVER}").status_code != 200:
        assert time.monotonic() < deadline, "the server did not pick up the new build"
        time.sleep(0.2)
    return live


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def open_page(browser, url: str, **context_options):
    """A new page that records console errors, page errors and dialogs (any dialog = script ran)."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))

    def dialog(d) -> None:
        problems.append(f"dialog: {d.message}")
        d.dismiss()

    page.on("dialog", dialog)
    response = page.goto(url, wait_until="load")
    return context, page, response, problems


def test_entity_page_renders_without_errors(hostile_live, browser) -> None:
    for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844})):
        context, page, response, problems = open_page(browser, hostile_live.base_url + ENTITY, viewport=viewport)
        try:
            assert response.status == 200
            assert page.locator("svg.chart").is_visible()
            badge = page.locator("img.badge")
            assert badge.is_visible()
            assert badge.evaluate("img => img.complete && img.naturalWidth") > 0
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= viewport["width"], "no horizontal scrolling"
            page.screenshot(path=str(ARTIFACTS / f"entity-{name}.png"), full_page=True)
            assert problems == []
        finally:
            context.close()


def test_readme_page_embeds_the_badge(hostile_live, browser) -> None:
    base = hostile_live.base_url
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content(
            "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>README</title></head><body>"
            "<h1>weather</h1><p>"
            f"<a href='{base}{ENTITY}'><img id='svg' src='{base}/badge{ENTITY}.svg' alt='momentum'></a> "
            f"<img id='dark' src='{base}/badge{ENTITY}.svg?style=dark' alt='momentum'> "
            f"<img id='png' src='{base}/badge{ENTITY}.png' alt='momentum'> "
            f"<img id='missing' src='{base}/badge/mcp/io.github.nobody/none.svg' alt='momentum'>"
            "</p></body></html>",
            wait_until="load",
        )
        for img in ("svg", "dark", "png", "missing"):  # "missing": the grey "not tracked" badge, not a broken image
            assert page.locator(f"#{img}").evaluate("i => i.complete && i.naturalWidth") > 0, img
        page.screenshot(path=str(ARTIFACTS / "readme-badges.png"))
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_badge_picture_follows_the_colour_scheme(hostile_live, browser, scheme: str) -> None:
    """The entity page's `<picture>` (the one its snippet shows) loads the dark badge for a dark reader."""
    context = browser.new_context()
    try:
        page = context.new_page()
        page.emulate_media(color_scheme=scheme)
        assert page.goto(hostile_live.base_url + ENTITY, wait_until="load").status == 200
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") is (scheme == "dark")
        img = page.locator("picture img.badge")
        assert img.evaluate("i => i.complete && i.naturalWidth") > 0
        src = img.evaluate("i => i.currentSrc")
        assert src.startswith(f"{hostile_live.base_url}/badge{ENTITY}.svg")
        assert src.endswith("?style=dark") is (scheme == "dark"), src
        alt = img.get_attribute("alt")
        assert alt.startswith("momentum score of io.github.example/weather: ") and " on 2026-11-0" in alt
        snippet = page.locator("#badge-picture").inner_text()
        assert snippet.startswith("<a href=") and '<source media="(prefers-color-scheme: dark)"' in snippet
        page.locator("section.badge-embed").screenshot(path=str(ARTIFACTS / f"badge-{scheme}.png"))
    finally:
        context.close()


def test_hostile_upstream_text_never_executes(hostile_live, browser) -> None:
    context, page, response, problems = open_page(browser, f"{hostile_live.base_url}/mcp/{HOSTILE_SERVER}")
    try:
        assert response.status == 200
        page.wait_for_timeout(300)  # time for an injected onerror to have fired
        assert page.evaluate("typeof window.__pwned") == "undefined"
        assert HOSTILE_TEXT in page.locator("p.lead").inner_text()
        hrefs = page.eval_on_selector_all("a", "links => links.map(a => a.getAttribute('href'))")
        assert not [h for h in hrefs if h.strip().lower().startswith("javascript:")]
        assert page.locator("script").count() == 0
        for link in page.locator("a[rel='nofollow noopener']").all():
            assert link.get_attribute("href").startswith(("https://", "http://"))
        page.screenshot(path=str(ARTIFACTS / "hostile.png"), full_page=True)
        assert problems == []
    finally:
        context.close()


def test_search_box_with_and_without_javascript(hostile_live, browser) -> None:
    context, page, _, problems = open_page(browser, hostile_live.base_url + "/search")
    try:
        page.fill("#q", "weather")
        page.wait_for_selector("#search-results li a")
        links = page.eval_on_selector_all("#search-results a", "a => a.map(x => x.getAttribute('href'))")
        assert links == [ENTITY]
        page.fill("#q", "xss")
        page.wait_for_function("document.querySelector('#search-results a')?.getAttribute('href')?.includes('xss')")
        assert page.evaluate("typeof window.__pwned") == "undefined"
        page.screenshot(path=str(ARTIFACTS / "search.png"))
        assert problems == []
    finally:
        context.close()
    context, page, _, problems = open_page(browser, hostile_live.base_url + "/search", java_script_enabled=False)
    try:
        page.fill("#q", "weather")
        page.click("button[type=submit]")
        page.wait_for_load_state("load")
        assert "/search?q=weather" in page.url
        page.click("a[href='/search/mcp-servers']")
        assert page.locator(f"a[href='{ENTITY}']").is_visible()
        assert problems == []
    finally:
        context.close()


def test_claim_link_is_confirmed_with_its_button_without_javascript(live, browser) -> None:
    store = ClaimStore(live.settings.state_path)
    try:
        submission = parse_submission({"entity": ENTITY, "email": "owner@example.com", "description": "Weather."})
        new = store.create(
            submission,
            "mcp-servers",
            "io.github.example/weather",
            "example/weather",
            ttl_hours=48,
            per_email=5,
            per_entity=10,
        )
        link = f"{live.base_url}/claim/verify?token={new.token}"
        context, page, response, problems = open_page(browser, link, java_script_enabled=False)
        try:
            assert response.status == 200 and "Confirm your claim of" in page.locator("main").inner_text()
            assert store.get(new.claim.id).status == "pending"  # opening the link changes nothing
            page.screenshot(path=str(ARTIFACTS / "claim-confirm.png"))
            page.click("form[action='/claim/verify'] button[type=submit]")
            page.wait_for_load_state("load")
            assert page.url == f"{live.base_url}/claim/verify"  # the token stays out of the address bar
            text = page.locator("main").inner_text()
            assert "Verified" in text and ENTITY in text and "afc_" in text
            assert problems == []
        finally:
            context.close()
        assert store.get(new.claim.id).status == "verified"
    finally:
        store.close()
