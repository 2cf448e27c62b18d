"""Public pages written by the build: every template for an entity of each kind, valid HTML5 heads,
escaping of hostile upstream text, safe links, the search index, the docs fallback, and the static
server's paths, headers and 404s."""

from __future__ import annotations

import gzip
import http.client
import re
from datetime import UTC, date, datetime, timedelta
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import orjson
import pytest

from build import pages
from build.packs import Packs
from build.paths import entity_of_page, entity_page
from build.templating import safe_url
from collectors.models import FEED_NAMES, FEEDS
from feeds.settings import Settings
from feeds.site_build import build_site
from server.site import load_site
from server.static import path_parts, resolve
from tests.tiny_archive import HOSTILE_SERVER, HOSTILE_TEXT, add_hostile_entity, make_tiny_archive

NOW = datetime(2026, 11, 4, 12, 0, tzinfo=UTC)
BASE = "https://feeds.example.org"
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
    "circle",
    "line",
    "polyline",
    "rect",
    "stop",
    "path",
}
ENTITY_PAGES = {
    "codehost-ai-repos": "/repo/acme/agent-kit",
    "forum-launch-ai": "/forum/41000001",
    "mcp-servers": "/mcp/io.github.example/weather",
    "ai-pricing": "/pricing/example.com/pricing",
    "llm-pricing": "/llm/lab/big-model",
    "modelhub-trending": "/hub/model/org/llm-8b",
}
SITE_PAGES = [
    "/",
    "/momentum/codehost-ai-repos",
    "/momentum/mcp-servers",
    "/momentum/llm-pricing",
    "/momentum/modelhub-trending",
    "/feeds/ai-pricing",
    "/search",
    "/search/mcp-servers",
    "/docs",
    "/claim",
]


class Page(HTMLParser):
    """Collects tags, attributes and text, and checks that non-void elements are balanced."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.errors: list[str] = []
        self.doctype = ""

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"unbalanced </{tag}> (open: {self.stack[-3:]})")
            return
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def find(self, tag: str, **attrs: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag and all(a.get(k) == v for k, v in attrs.items())]


def parse(html: str) -> Page:
    page = Page()
    page.feed(html)
    page.close()
    return page


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("pages")
    settings = Settings(
        env={"FEEDS_DATA_DIR": str(root / "var"), "FEEDS_SITE_DIR": str(root / "site"), "FEEDS_BASE_URL": BASE}
    )
    settings.ensure_dirs()
    archive = make_tiny_archive(settings.archive_path)
    add_hostile_entity(archive)
    archive.close()
    build_site(settings, now=NOW, quiet=True)
    return Path(settings.feeds_site_dir)


def read_page(site: Path, path: str) -> str:
    target = pages.page_file(path)
    assert target is not None
    data = Packs(site.resolve()).read(target)
    assert data is not None, target
    return data.decode()


@pytest.mark.parametrize("path", [*ENTITY_PAGES.values(), *SITE_PAGES, f"/mcp/{HOSTILE_SERVER}"])
def test_every_page_is_valid_html5_with_its_head(site: Path, path: str) -> None:
    html = read_page(site, path)
    page = parse(html)
    assert page.doctype.lower() == "doctype html"
    assert not page.errors and not page.stack, (page.errors, page.stack)
    assert page.find("html", lang="en")
    assert page.find("meta", charset="utf-8")
    assert page.find("meta", name="viewport")
    assert page.find("meta", name="description")[0]["content"]
    canonical = page.find("link", rel="canonical")[0]["href"]
    assert canonical == BASE + pages.href(path)
    for prop in ("og:title", "og:description", "og:url", "og:type"):
        assert page.find("meta", property=prop), prop
    assert len([a for a in page.find("title") if not a]) == 1  # plus the chart's own <title> in SVG
    assert page.find("link", rel="stylesheet")[0]["href"] == "/static/site.css"
    assert not page.find("style") and not any("style" in attrs for _, attrs in page.tags)  # CSP: no inline style


@pytest.mark.parametrize(("feed", "path"), sorted(ENTITY_PAGES.items()))
def test_entity_page_of_each_kind(site: Path, feed: str, path: str) -> None:
    page = parse(read_page(site, path))
    text = " ".join(page.text)
    charts = page.find("svg", role="img")
    assert charts and "chart-title" in (charts[0]["aria-labelledby"] or "")
    assert "over time" in text and "by day" in text  # accessible title and axis label
    assert page.find("a", **{"class": "claim"})[0]["href"] == f"/claim?entity={path}"
    assert "Recent changes" in text
    categories = {"codehost-ai-repos", "mcp-servers", "llm-pricing", "modelhub-trending"}
    if feed in categories:
        for name in ("Growth velocity", "Consistency", "Recency", "Agent demand", "basis:"):
            assert name in text, name
        img = page.find("img", **{"class": "badge"})[0]
        assert img["src"] == pages.href(f"/badge{path}.svg")
        assert re.fullmatch(
            r"momentum score of .+: ([\d.]+ of 100|no score) on 2026-11-0[34].*|momentum score of .+: no score, "
            r"last in the feed on \d{4}-\d\d-\d\d",
            img["alt"] or "",
        )
        source = page.find("source", media="(prefers-color-scheme: dark)")[0]
        assert source["srcset"] == pages.href(f"/badge{path}.svg") + "?style=dark"
        assert all(page.find("code", id=name) for name in ("badge-md", "badge-html", "badge-picture"))
        snippets = [t for t in page.text if t.startswith(("[![", "<a href"))]
        assert len(snippets) == 3
        assert snippets[0].startswith("[![momentum score of ")
        assert snippets[0].endswith(f"]({BASE}/badge{path}.svg)]({BASE}{path})")
        assert snippets[1].startswith(f'<a href="{BASE}{path}"><img src="{BASE}/badge{path}.svg" alt="momentum score')
        alt = re.findall(r'alt="([^"]*)"', snippets[1])[0]
        assert "2026" not in alt  # a copied snippet stays; its alt must not state a score or date
        assert snippets[2] == (
            f'<a href="{BASE}{path}"><picture><source media="(prefers-color-scheme: dark)" '
            f'srcset="{BASE}/badge{path}.svg?style=dark"><img src="{BASE}/badge{path}.svg" alt="{alt}">'
            "</picture></a>"
        )
        packs = Packs(site.resolve())
        assert packs.exists(f"pages/badge{path}.svg") and packs.exists(f"pages/badge-dark{path}.svg")
    else:
        assert "has no momentum score" in text and not page.find("img", **{"class": "badge"})
    links = [a["href"] for a in page.find("a") if a.get("rel") == "nofollow noopener"]
    assert links and all(href.startswith(("https://", "http://")) for href in links)


def test_mcp_page_shows_every_field_of_the_spec(site: Path) -> None:
    html = read_page(site, "/mcp/io.github.example/weather")
    page = parse(html)
    for name in ("id", "description", "url", "repository", "remotes", "version", "updatedAt", "publishedAt"):
        assert f'<th scope="row">{name}</th>' in html, name
    assert "io.github.example/weather" in html and "Weather forecasts over MCP" in html
    assert "streamable-http" in html and 'href="https://mcp.example.com/weather"' in html
    assert "2026-10-30T00:00:00Z" in html and "2026-09-01T00:00:00Z" in html
    history = re.findall(r"<tr><td>(2026-11-0\d)</td><td>([\d.]+)</td></tr>", html)
    assert history == [("2026-11-03", "1.1.0"), ("2026-11-01", "1.0.0")]  # the day each version appeared
    assert "version 1.0.0 -> 1.1.0" in " ".join(page.text)


def test_hostile_upstream_text_is_shown_as_text_and_never_a_link(site: Path) -> None:
    html = read_page(site, f"/mcp/{HOSTILE_SERVER}")
    page = parse(html)
    assert "<script" not in html.lower().replace("&lt;script", "")
    assert not page.find("script")
    assert not any(k.startswith("on") for _, attrs in page.tags for k in attrs)
    assert not any(
        (attrs.get("href") or attrs.get("src") or "").strip().lower().startswith("javascript:")
        for _, attrs in page.tags
    )
    assert HOSTILE_TEXT in page.text  # the description, verbatim, as text
    assert "javascript:window.__pwned = 3" in " ".join(page.text)  # the URL as text, not as a link
    badge = (Packs(site.resolve()).read(f"pages/badge/mcp/{HOSTILE_SERVER}.svg") or b"").decode()
    assert badge.startswith("<svg")
    assert "<script" not in badge
    index = orjson.loads((site / "pages" / pages.SEARCH_INDEX).read_bytes())
    assert all(row[3].startswith("/") for row in index["entities"])


def test_badge_snippets_are_escaped_source_with_absolute_urls(site: Path) -> None:
    html = read_page(site, f"/mcp/{HOSTILE_SERVER}")
    page = parse(html)
    codes = re.findall(r'<code id="badge-(md|html|picture)">(.*?)</code>', html, re.S)
    assert [name for name, _ in codes] == ["md", "html", "picture"]
    for _name, code in codes:
        assert "<" not in code and ">" not in code  # shown as source, never as markup
        assert f"{BASE}/badge/" in code.replace("&#34;", '"')
    assert len(page.find("picture")) == 1 and len(page.find("source")) == 1  # only the rendered one
    markdown = next(t for t in page.text if t.startswith("[!["))
    assert markdown.count("](") == 2 and markdown.endswith(")")
    link = markdown.rsplit("](", 1)[1][:-1]
    assert link.startswith(BASE + "/mcp/") and not any(c in link for c in "()[] <>\"'")
    snippet = pages.badge_snippets(
        f"{BASE}/badge/mcp/a(b)[c].svg", f"{BASE}/mcp/a(b)[c]", "/badge/mcp/a(b)[c].svg", 'a]"<b>', 50.0, "2026-11-04"
    )
    assert snippet["markdown"] == (
        f'[![momentum score of a\\]"<b>]({BASE}/badge/mcp/a%28b%29%5Bc%5D.svg)]({BASE}/mcp/a%28b%29%5Bc%5D)'
    )
    assert 'alt="momentum score of a]&#34;&lt;b&gt;"' in snippet["html"] and "<b>" not in snippet["picture"]
    assert snippet["alt"] == 'momentum score of a]"<b>: 50 of 100 on 2026-11-04'


def test_site_pages_link_entities_and_leaderboards(site: Path) -> None:
    home = read_page(site, "/")
    for feed in ENTITY_PAGES:
        assert f'href="/feeds/{feed}"' in home
    assert 'href="/momentum/mcp-servers"' in home and "Demand index" in home
    board = parse(read_page(site, "/momentum/codehost-ai-repos"))
    linked = [a["href"] for a in board.find("a") if (a["href"] or "").startswith("/repo/")]
    assert sorted(linked) == ["/repo/acme/agent-kit", "/repo/bob/mcp-lite", "/repo/new/shiny-mcp"]
    feed = read_page(site, "/feeds/forum-launch-ai")
    assert feed.index("Show HN: LLM tool 41000002") < feed.index("Show HN: LLM tool 41000001")  # newest first
    search = parse(read_page(site, "/search"))
    assert search.find("script", src="/static/search.js")
    assert search.find("form", action="/search") and search.find("a", href="/search/mcp-servers")
    listing = read_page(site, "/search/mcp-servers")
    assert 'href="/mcp/com.acme/files"' in listing and 'href="/mcp/io.github.example/weather"' in listing


def test_search_index_lists_every_entity(site: Path) -> None:
    index = orjson.loads((site / "pages" / pages.SEARCH_INDEX).read_bytes())
    assert index["feeds"] == list(ENTITY_PAGES)
    paths = {row[3] for row in index["entities"]}
    assert set(ENTITY_PAGES.values()) <= paths and f"/mcp/{HOSTILE_SERVER}" in paths
    assert len(index["entities"]) == 14


def test_docs_list_the_operations_of_the_document_passed_in(tmp_path: Path) -> None:
    from server.openapi import openapi_bytes

    docs = pages.api_docs(openapi_bytes(Settings(env={"FEEDS_DATA_DIR": str(tmp_path)})))
    assert docs["source"] == "openapi" and docs["error"] is None
    paths = {op["path"] for op in docs["operations"]}
    assert {"/api/v1/codehost-ai-repos", "/api/v1/momentum", "/api/v1/watches"} <= paths
    momentum = next(op for op in docs["operations"] if op["path"] == "/api/v1/momentum")
    assert momentum["public"] and {"category", "limit"} <= {p["name"] for p in momentum["params"]}


def test_docs_without_a_document_say_so() -> None:
    docs = pages.api_docs(None)
    assert docs["source"] == "none" and docs["operations"] == [] and "without the API document" in docs["error"]


def test_page_file_layout_cannot_collide() -> None:
    assert pages.page_file("/") == "pages/index.html"
    assert pages.page_file("/mcp/io.github.a/b") == "pages/mcp/io.github.a/b/index.html"
    assert pages.page_file("/mcp/io.github.a") == "pages/mcp/io.github.a/index.html"
    for bad in ("/mcp/a/index.html", "/mcp/../x", "/mcp//x", "/mcp/./x", "/mcp/a\\b", "/mcp/" + "x" * 300):
        assert pages.page_file(bad) is None, bad
    assert pages.badge_safe("/mcp/a/b") and not pages.badge_safe("/mcp/a.svg/b")


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("https://x.org/a", True),
        ("http://x.org", True),
        ("javascript:alert(1)", False),
        (" javascript:x", False),
        ("JaVaScRiPt:x", False),
        ("data:text/html,x", False),
        ("//x.org/a", False),
        ("/relative", False),
        ("https://x.org/\nx", False),
        (None, False),
        ("java\tscript:x", False),
    ],
)
def test_safe_url(url: str | None, ok: bool) -> None:
    assert (safe_url(url) is not None) is ok


def chart(dates: list[str], values: list[float | None], metric: str, title: str) -> str:
    """`pages.day_chart` of dates as text and values that may be None (a gap)."""
    ordinals = np.array([date.fromisoformat(d).toordinal() for d in dates], dtype=np.int64)
    numbers = np.array([np.nan if v is None else v for v in values], dtype=np.float64)
    return str(pages.day_chart(ordinals, numbers, metric, title))


def test_chart_escapes_and_handles_empty_history() -> None:
    svg = chart(["2026-11-01", "2026-11-02"], [1.0, 3.0], "Stars", "<b>x</b> over time")
    assert '<title id="chart-title">&lt;b&gt;x&lt;/b&gt; over time</title>' in svg
    assert "polyline" in svg and "2026-11-01" in svg
    assert "No history yet" in chart([], [], "Stars", "t")


def test_a_long_history_is_drawn_from_at_most_chart_points_days() -> None:
    # Three years with one gap in the data and the peak on a day that is not drawn: the line has
    # CHART_POINTS points from the first day to the last, the description states the true range.
    days = [date(2024, 1, 1) + timedelta(days=n) for n in range(1095)]
    values: list[float | None] = [float(n) for n in range(1095)]
    values[500] = None
    values[777] = 5000.0
    svg = chart([d.isoformat() for d in days], values, "Stars", "t")
    points = svg.split('points="')[1].split('"')[0].split()
    assert len(points) == pages.CHART_POINTS
    assert points[0].startswith("64,") and points[-1].startswith("624,")  # the plot's left and right edges
    assert "(1094 days; min 0, max 5,000)" in svg and "on 2024-01-01 to 1,094 on 2026-12-30" in svg
    short = chart([d.isoformat() for d in days[:300]], [1.0] * 300, "Stars", "t")
    assert len(short.split('points="')[1].split('"')[0].split()) == 300  # a year or less: every day


def test_chart_points_and_dots_are_the_values_placed_on_the_plot() -> None:
    # A short history (dots drawn) with a gap: each point is the value placed by the plot's scale,
    # rounded to a tenth of a pixel, and each dot sits on its point.
    values: list[float | None] = [10.0, 12.5, None, 7.25, 30.0, 30.0, 0.0]
    dates = [(date(2026, 1, 1) + timedelta(days=n)).isoformat() for n in range(len(values))]
    svg = chart(dates, values, "Stars", "t")
    drawn = [(n, v) for n, v in enumerate(values) if v is not None]
    expected = [(f"{round(64 + 560 * n / 6, 1):g}", f"{round(16 + 164 * (1 - v / 30), 1):g}") for n, v in drawn]
    points = [tuple(p.split(",")) for p in svg.split('points="')[1].split('"')[0].split(" ")]
    assert points == expected
    dots = re.findall(r'<circle class="dot" cx="([^"]+)" cy="([^"]+)" r="2.5"/>', svg)
    assert dots == expected
    assert "\x00" not in svg


@pytest.mark.parametrize(
    "raw",
    [
        "/mcp/../../etc/passwd",
        "/mcp/%2e%2e/%2e%2e/etc/passwd",
        "/mcp/%2E%2E/x",
        "/mcp/io.github.example%2Fweather",
        "/mcp/io.github.example%2fweather",
        "/..%2f..%2fbuild.json",
        "/mcp/%252e%252e/x",
        "/mcp/a%5c..%5cb",
        "/mcp/x%00",
        "/mcp/%ff",
        "/%2e%2e/build.json",
        "/./index.html",
    ],
)
def test_path_escapes_resolve_to_nothing(site: Path, raw: str) -> None:
    served = load_site(site)
    assert served is not None
    assert resolve(served, raw) is None
    assert path_parts("/mcp/io.github.example/weather/") == ["mcp", "io.github.example", "weather"]
    found = resolve(served, "/mcp/io.github.example/weather")
    assert found is not None and found[0] == "index.html" and b"io.github.example/weather" in found[1]


# -- through the live server ----------------------------------------------------------------------


def raw_get(live, path: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """GET with the path sent exactly as written (httpx would normalise the dot segments away)."""
    host, port = live.base_url.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.mark.parametrize(
    "raw",
    [
        "/mcp/../../etc/passwd",
        "/mcp/%2e%2e/%2e%2e/etc/passwd",
        "/mcp/io.github.example%2Fweather",
        "/%2e%2e/build.json",
        "/pages/index.html",
        "/badge/../build.json",
        "/mcp/%2e%2e%2f%2e%2e%2fbuild.json",
        "/api/../build.json",
        "/mcp/nope",
    ],
)
def test_path_escapes_are_404_on_the_server(live, raw: str) -> None:
    status, _headers, body = raw_get(live, raw)
    assert status == 404, raw
    assert b"root:" not in body and b'"builtAt"' not in body


def test_page_headers_etag_gzip_and_csp(live) -> None:
    status, headers, body = raw_get(live, "/mcp/io.github.example/weather", {"Accept-Encoding": "gzip"})
    assert status == 200 and headers["content-type"] == "text/html; charset=utf-8"
    assert headers["content-encoding"] == "gzip" and b"<h1>io.github.example/weather</h1>" in gzip.decompress(body)
    assert headers["cache-control"].startswith("public") and "script-src 'self'" in headers["content-security-policy"]
    again, _, _ = raw_get(live, "/mcp/io.github.example/weather", {"If-None-Match": headers["etag"]})
    assert again == 304
    status, headers, body = raw_get(live, "/mcp/not/there")
    assert status == 404 and b"<h1>Not found</h1>" in body and headers["content-type"].startswith("text/html")
    for path in (
        "/",
        "/docs",
        "/search?q=agent",
        "/claim?entity=/mcp/io.github.example/weather",
        "/momentum/mcp-servers",
        "/feeds/mcp-servers",
        "/static/search-index.json",
    ):
        assert raw_get(live, path)[0] == 200, path


def test_badge_headers_variants_and_not_found(live) -> None:
    import xml.etree.ElementTree as ET

    status, headers, body = raw_get(live, "/badge/mcp/io.github.example/weather.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml"
    assert headers["cache-control"] == "public, max-age=3600, stale-while-revalidate=604800, stale-if-error=604800"
    assert headers["access-control-allow-origin"] == "*" and headers["etag"]
    assert ET.fromstring(body).get("aria-label").startswith("momentum: ")
    assert raw_get(live, "/badge/mcp/io.github.example/weather.svg", {"If-None-Match": headers["etag"]})[0] == 304
    _, _, dark = raw_get(live, "/badge/mcp/io.github.example/weather.svg?style=dark")
    assert dark != body and b"#30363d" in dark
    status, headers, png = raw_get(live, "/badge/mcp/io.github.example/weather.png")
    assert status == 200 and headers["content-type"] == "image/png" and png.startswith(b"\x89PNG")
    status, headers, missing = raw_get(live, "/badge/mcp/io.github.nobody/nothing.svg")
    assert status == 200 and headers["content-type"] == "image/svg+xml"
    assert headers["x-badge-status"] == "not-tracked" and headers["cache-control"].startswith("public, max-age=300")
    assert ET.fromstring(missing).get("aria-label") == "momentum: not tracked"
    status, headers, png = raw_get(live, "/badge/repo/nobody/nothing.png")
    assert status == 200 and png.startswith(b"\x89PNG") and headers["x-badge-status"] == "not-tracked"
    for bad in ("/badge/mcp/%2e%2e/weather.svg", "/badge/mcp/a%2fb.svg", "/badge/mcp/x%00.png"):
        status, headers, body = raw_get(live, bad)
        assert status == 400 and headers["x-badge-status"] == "invalid", bad
        assert headers["content-type"] == ("image/png" if bad.endswith(".png") else "image/svg+xml")
        if bad.endswith(".svg"):
            assert ET.fromstring(body).get("aria-label") == "momentum: invalid path"


@pytest.mark.parametrize("feed", FEED_NAMES)
def test_a_page_path_names_its_entity_back(feed: str) -> None:
    example = FEEDS[feed].example
    assert entity_of_page(feed, entity_page(feed, example)) == example
    if feed == "ai-pricing":  # a URL with a query lives under a hash: only its host and path come back
        assert entity_of_page(feed, entity_page(feed, "https://a.example/p?plan=x")).startswith("https://a.example/")


def test_version_history_lists_each_version_once_from_the_day_it_appeared() -> None:
    days = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]
    versions = ["1.0.0", "1.0.0", "1.1.0", None, "1.1.0", "1.1.0"]
    assert pages.version_changes(days, versions) == [
        ("2026-11-05", "1.1.0"),
        ("2026-11-04", None),
        ("2026-11-03", "1.1.0"),
        ("2026-11-01", "1.0.0"),
    ]
    assert pages.version_changes([], []) == []
