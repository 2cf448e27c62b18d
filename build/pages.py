"""Public web pages of the build: entity pages, home, leaderboards, feed pages, search, API docs.

Everything is rendered once, at build time, from what the build already holds in memory, so no page
reads a file of the tree back; templates autoescape and upstream URLs pass `safe_url` before they
become an `href`. Each page is `pages/<path>/index.html`, one directory per page, so a page's file
is never another page's directory; a path that could still collide is skipped and counted.
See docs/pages-and-badges.md.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Any, Protocol
from urllib.parse import quote

import numpy as np
import orjson
from markupsafe import Markup, escape

from build.badges import score_text, write_absent_badges, write_badges
from build.claims import claim_form_context
from build.entity_demand import EntityDemand
from build.feedspec import FEED_SPECS
from build.links import Links, links_of
from build.paths import badge_path, changes_feed_url, entity_page
from build.series import FeedSeries
from build.templating import TEMPLATES, safe_url, template
from build.writer import TreeWriter
from collectors.models import FEED_NAMES, FEEDS

PAGES = "pages"
STATIC = "static"
SEARCH_INDEX = f"{STATIC}/search-index.json"
FEED_PAGE_ROWS = 50
HOME_MOVERS = 5
HOME_DEMAND = 10
MAX_SEGMENT_BYTES = 200
"""Longest path segment written (file systems stop at 255 bytes; `.svg` and margin fit under it)."""
PATH_SAFE = "/:@!$&'()*+,;=-._~"
"""Characters left as they are when a page path becomes an href (RFC 3986 pchar + `/`)."""

MAIN_METRIC_LABEL = {
    "stars": "Stars",
    "points": "Points",
    "releases": "Releases seen",
    "min_price": "Lowest price (USD)",
    "price_input_per_1m": "USD per 1M input tokens",
    "likes": "Likes",
}
COMPONENT_LABELS = (
    ("growth", "Growth velocity", 45),
    ("consistency", "Consistency", 20),
    ("recency", "Recency", 20),
    ("demand", "Agent demand", 15),
)
FACTS: dict[str, tuple[tuple[str, str], ...]] = {
    "codehost-ai-repos": (
        ("stars", "Stars"),
        ("forks", "Forks"),
        ("open_issues", "Open issues"),
        ("language", "Language"),
        ("license", "Licence"),
        ("topics", "Topics"),
        ("created_at", "Created"),
        ("pushed_at", "Last push"),
    ),
    "forum-launch-ai": (
        ("points", "Points"),
        ("comments", "Comments"),
        ("author", "Author"),
        ("kind", "Kind"),
        ("matched_terms", "Matched terms"),
        ("created_at", "Posted"),
    ),
    "mcp-servers": (
        ("name", "id"),
        ("description", "description"),
        ("url", "url"),
        ("repository", "repository"),
        ("version", "version"),
        ("updatedAt", "updatedAt"),
        ("publishedAt", "publishedAt"),
        ("status", "status"),
    ),
    "ai-pricing": (("vendor", "Vendor"), ("url", "Page"), ("methods", "Extraction"), ("snapshotAt", "Snapshot")),
    "llm-pricing": (
        ("id", "Model id"),
        ("price_input_per_1m", "USD per 1M input tokens"),
        ("price_output_per_1m", "USD per 1M output tokens"),
        ("context_length", "Context length"),
        ("input_modalities", "Input"),
        ("output_modalities", "Output"),
        ("created", "Listed since"),
    ),
    "modelhub-trending": (
        ("kind", "Kind"),
        ("author", "Author"),
        ("likes", "Likes"),
        ("downloads", "Downloads"),
        ("task", "Task"),
        ("license", "Licence"),
        ("library", "Library"),
        ("trending_rank", "Trending rank"),
        ("createdAt", "Created"),
        ("lastModified", "Last modified"),
    ),
}
URL_FIELDS = frozenset({"url", "repository"})
HUB_PREFIX = {"model": "", "space": "spaces/", "dataset": "datasets/"}


# -- small pure helpers --------------------------------------------------------------------------


def page_file(path: str) -> str | None:
    """Tree path of the page at URL path `path`, or None when the path cannot be a file path safely."""
    if path == "/":
        return f"{PAGES}/index.html"
    parts = path.strip("/").split("/")
    for part in parts:
        if part in ("", ".", "..", "index.html") or "\\" in part or "\x00" in part:
            return None
        if len(part.encode()) > MAX_SEGMENT_BYTES:
            return None
    return f"{PAGES}/{'/'.join(parts)}/index.html"


def badge_safe(path: str) -> bool:
    """A badge file `<path>.svg` cannot collide with a directory of another badge (`a.svg/x.svg`)."""
    return not any(part.endswith((".svg", ".png")) for part in path.strip("/").split("/")[:-1])


def href(path: str) -> str:
    """Percent-encoded URL path of a page path (entity keys are arbitrary text)."""
    return quote(path, safe=PATH_SAFE)


def markdown_safe(url: str) -> str:
    """A URL that cannot end a Markdown link early: parentheses and brackets percent-encoded."""
    return url.replace("(", "%28").replace(")", "%29").replace("[", "%5B").replace("]", "%5D")


def markdown_text(text: str) -> str:
    """Text that cannot end a Markdown link text or image alt early: backslashes and brackets escaped."""
    return text.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def badge_snippets(
    badge_url: str,
    page_url: str,
    src: str,
    entity: str,
    score: float | None,
    day: str | None,
    last_seen: str | None = None,
) -> dict[str, str]:
    """What the entity page's Badge section shows: the badge itself (relative URLs, so it loads on any
    host) and three embed snippets with absolute URLs (Markdown, HTML, a `<picture>` that follows the
    reader's colour scheme). Snippets are plain text here; the template escapes them once more to show
    them as source. The snippets' alt text leaves out score and date, which change daily while a copied
    snippet does not; the page's own image states both, or, for an entity absent from the feed
    (`last_seen` given), the last day it was in it: a day that stays, so its page can too."""
    url, dark, page = markdown_safe(badge_url), markdown_safe(badge_url) + "?style=dark", markdown_safe(page_url)
    alt = f"momentum score of {entity}"
    value = score_text(score)
    on = f" on {day}" if day else ""
    if value != "n/a":
        today = f"{value} of 100{on}"
    elif last_seen is not None:
        today = f"no score, last in the feed on {last_seen}"
    else:
        today = f"no score{on} (not in that day's feed)"
    e_url, e_dark, e_page, e_alt = escape(url), escape(dark), escape(page), escape(alt)
    return {
        "src": src,
        "src_dark": src + "?style=dark",
        "alt": f"{alt}: {today}",
        "url": url,
        "dark": dark,
        "png": url[: -len(".svg")] + ".png",
        "markdown": f"[![{markdown_text(alt)}]({url})]({page})",
        "html": f'<a href="{e_page}"><img src="{e_url}" alt="{e_alt}"></a>',
        "picture": (
            f'<a href="{e_page}"><picture>'
            f'<source media="(prefers-color-scheme: dark)" srcset="{e_dark}">'
            f'<img src="{e_url}" alt="{e_alt}"></picture></a>'
        ),
    }


def fmt(value: Any) -> str:
    """A row value as display text: numbers with thousands separators, lists joined, null as a dash."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if math.isnan(value):
            return "—"
        return f"{value:,.0f}" if value.is_integer() and abs(value) >= 1000 else f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(fmt(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {fmt(v)}" for k, v in value.items())
    return str(value)


def entity_label(feed: str, row: dict[str, Any], entity: str) -> str:
    """The human name of an entity: a post's title, a model's name, otherwise its key."""
    if feed == "forum-launch-ai":
        return str(row.get("title") or entity)
    if feed == "llm-pricing":
        return str(row.get("name") or entity)
    if feed == "mcp-servers":
        return str(row.get("title") or entity)
    if feed == "ai-pricing":
        title = row.get("title")
        return f"{row.get('vendor') or entity} — {title}" if title else str(row.get("vendor") or entity)
    return entity


def entity_summary(feed: str, row: dict[str, Any]) -> str:
    """One line about the entity for meta description and listings."""
    text = row.get("description") or row.get("task") or row.get("url") or ""
    return " ".join(str(text).split())[:300]


def upstream_links(feed: str, entity: str, row: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, URL) of the entity upstream; only http(s) URLs survive."""
    links: list[tuple[str, Any]] = []
    if feed == "codehost-ai-repos":
        links = [("GitHub", row.get("html_url")), ("Homepage", row.get("homepage"))]
    elif feed == "mcp-servers":
        links = [
            ("Website", row.get("websiteUrl") or row.get("url")),
            ("Repository", row.get("repository")),
            ("MCP registry", "https://registry.modelcontextprotocol.io/v0.1/servers?search=" + quote(entity, safe="")),
        ]
    elif feed == "llm-pricing":
        links = [("OpenRouter", "https://openrouter.ai/" + quote(str(row.get("id") or entity), safe="/"))]
    elif feed == "modelhub-trending":
        kind, _, hub_id = entity.partition(":")
        links = [("Hugging Face", f"https://huggingface.co/{HUB_PREFIX.get(kind, '')}{quote(hub_id, safe='/')}")]
    elif feed == "forum-launch-ai":
        links = [("Hacker News", row.get("discussion_url")), ("Link", row.get("url"))]
    elif feed == "ai-pricing":
        links = [("Pricing page", row.get("url"))]
    out: list[tuple[str, str]] = []
    for label, url in links:
        safe = safe_url(url)
        if safe is not None and all(safe != seen for _, seen in out):
            out.append((label, safe))
    return out


def version_changes(dates: Sequence[str], versions: Sequence[str | None]) -> list[tuple[str, str | None]]:
    """(day, version) for each day the version differed from the day before, newest first: a version
    history says when each version appeared, not the same version once for every day it was seen."""
    changes = []
    last: object = object()
    for day, version in zip(dates, versions, strict=True):
        if version != last:
            changes.append((day, version))
            last = version
    return changes[::-1]


def event_text(event: dict[str, Any]) -> str:
    """A change event as one readable line: the envelope's own summary (build/changes.py), so a page, an Atom
    entry and a notification say it in the same words."""
    summary: str = event["summary"]
    return summary


def events_html(events: Iterable[dict[str, Any]]) -> Markup:
    """The page's "Recent changes" items, newest first as given: one `<li>` per event, its date, type and
    summary escaped. Written here rather than looped over in the template: twenty events of four fields
    on each of ~19,000 pages a night were a fifth of the template's time, in Jinja's per-value calls."""
    items = []
    for event in events:
        head = _event_head(event["date"], event["type"])
        items.append(f"{head}{escape(event_text(event))}</li>\n")
    return Markup("".join(items))


@lru_cache(maxsize=4096)
def _event_head(day: str, kind: str) -> str:
    """An event item's opening, up to its summary: one of a few thousand (days x types), escaped once."""
    day, kind = escape(day), escape(kind)
    return f'<li><time datetime="{day}">{day}</time> <span class="tag">{kind}</span> '


@lru_cache(maxsize=8192)
def _component_row(name: str, weight: int, value: float | None) -> str:
    shown = escape(fmt(value))
    return (
        f'<tr><th scope="row">{escape(name)} <span class="muted">({weight}%)</span></th>\n'
        f"<td>{shown}</td>\n"
        f'<td class="bar"><meter min="0" max="100" value="{escape(value or 0)}">{shown}</meter></td></tr>\n'
    )


def components_html(components: dict[str, float | None]) -> Markup:
    """The rows of the page's score components table, escaped. Written here rather than looped over in
    the template (a third of an entity page's template time, in Jinja's per-value calls); a row is one of
    ~1,000 values for each of four components, so each distinct row is formatted once."""
    return Markup(
        "".join(_component_row(name, weight, _signless(components[key])) for key, name, weight in COMPONENT_LABELS)
    )


def _signless(value: float | None) -> float | None:
    """-0.0 as 0.0: the row cache takes them for one key, so both must be shown alike."""
    return None if value is None else value + 0.0


def listing_html(listing: Iterable[dict[str, str]]) -> Markup:
    """A feed's "all entities" list, one `<li>` per entity, escaped: written here rather than looped over
    in the template, as the list holds every entity the feed ever had (~98,000 a night after three
    years), each a few of Jinja's per-value calls."""
    items = []
    for item in listing:
        label, key = item["label"], item["key"]
        code = f" <code>{escape(key)}</code>" if key != label else ""
        items.append(f'<li><a href="{escape(item["href"])}">{escape(label)}</a>{code}</li>\n')
    return Markup("".join(items))


def _axis_number(value: float) -> str:
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.4g}"


_TENTHS = [f"{t // 10}" if t % 10 == 0 else f"{t // 10}.{t % 10}" for t in range(10 * 1000)]
"""Pixel coordinates 0.0-999.9 as text, by tenths: what `f"{round(x, 1):g}"` writes for them."""


def _table(form: str) -> np.ndarray:
    """`form` filled with each coordinate of `_TENTHS`, as fixed-width bytes (NUL-padded)."""
    return np.array([form.format(t).encode() for t in _TENTHS])


_POINT_X, _POINT_Y = _table("{},"), _table("{} ")
_DOT_X, _DOT_Y = _table('<circle class="dot" cx="{}"'), _table(' cy="{}" r="2.5"/>')


def _interleaved(first: np.ndarray, second: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> str:
    """`first[x] + second[y]` for each point, joined: written by NumPy as one block of fixed-width cells
    whose padding is then dropped, not by a Python loop (or object loop) per point. Coordinates in tenths
    of a pixel, whole numbers."""
    cells = np.empty((xs.size, 2), dtype=np.dtype((np.bytes_, max(first.itemsize, second.itemsize))))
    cells[:, 0], cells[:, 1] = first[xs.astype(np.int64)], second[ys.astype(np.int64)]
    return cells.tobytes().replace(b"\0", b"").decode()


@lru_cache(maxsize=8192)
def _ordinal(day: str) -> int:
    return date.fromisoformat(day).toordinal()


CHART_POINTS = 366
"""At most this many points are drawn (a plot 560 px wide): a longer history is drawn from evenly spaced
days, its first and last included, so a page's chart costs the same at three years as at one."""


@lru_cache(maxsize=4096)
def _drawn(size: int) -> np.ndarray:
    """Which of `size` days a chart draws (CHART_POINTS evenly spaced, the first and last included): the
    same for every history of that length, so computed once per length."""
    drawn = np.unique(np.rint(np.linspace(0, size - 1, CHART_POINTS)).astype(np.int64))
    drawn.flags.writeable = False
    return drawn


def day_chart(ordinals: np.ndarray, values: np.ndarray, metric: str, title: str) -> Markup:
    """A line chart of `values` over days (date ordinals), drawn as inline SVG at build time (no JavaScript).
    NaN values are left out.

    Accessible: role="img" with a <title> and <desc> that state the range in words. All text goes
    through `escape`, so the returned Markup is safe to embed."""
    width, height, left, right, top, bottom = 640, 220, 64, 16, 16, 40
    present = ~np.isnan(values)
    days, ys = ordinals[present], values[present]
    head = (
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="chart-title chart-desc"'
        f' xmlns="http://www.w3.org/2000/svg">'
        f'<title id="chart-title">{escape(title)}</title>'
    )
    if not days.size:
        return Markup(
            head + '<desc id="chart-desc">No history yet.</desc>'
            f'<text x="{width / 2:g}" y="{height / 2:g}" text-anchor="middle" class="muted">'
            "No history yet</text></svg>"
        )
    first_day, last_day = (date.fromordinal(int(d)).isoformat() for d in (days[0], days[-1]))
    low, high = float(ys.min()), float(ys.max())
    lo, hi = low, high
    if lo == hi:
        lo, hi = (lo - 1, hi + 1) if lo else (0.0, 1.0)
    plot_w, plot_h = width - left - right, height - top - bottom
    desc = (
        f"{metric} from {_axis_number(float(ys[0]))} on {first_day} to {_axis_number(float(ys[-1]))} on {last_day}"
        f" ({days.size} days; min {_axis_number(low)}, max {_axis_number(high)})."
    )
    if days.size > CHART_POINTS:
        drawn = _drawn(days.size)
        days, ys = days[drawn], ys[drawn]

    x0, x1 = float(days[0]), float(days[-1])
    span, rise = x1 - x0, hi - lo
    # coordinates in tenths of a pixel, whole numbers: drawn for every day of every entity whose page
    # is rendered (~19,000 pages a night), so computed as arrays and written from a table of strings
    if span:
        xs = np.rint((left + plot_w * (days - x0) / span) * 10)
    else:
        xs = np.full(days.size, round((left + plot_w / 2) * 10))
    ys_px = np.rint((top + plot_h * (1 - (ys - lo) / rise)) * 10)
    parts = [
        head,
        f'<desc id="chart-desc">{escape(desc)}</desc>',
        f'<line class="axis" x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}"/>',
        f'<line class="axis" x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}"/>',
        f'<text class="tick" x="{left - 6}" y="{top + 4}" text-anchor="end">{escape(_axis_number(hi))}</text>',
        f'<text class="tick" x="{left - 6}" y="{top + plot_h}" text-anchor="end">{escape(_axis_number(lo))}</text>',
        f'<text class="tick" x="{left}" y="{height - 22}" text-anchor="start">{escape(first_day)}</text>',
        f'<text class="tick" x="{left + plot_w}" y="{height - 22}" text-anchor="end">{escape(last_day)}</text>',
        f'<text class="label" x="{left + plot_w / 2:g}" y="{height - 6}" text-anchor="middle">'
        f"{escape(metric)} by day</text>",
        f'<polyline class="line" fill="none" points="{_interleaved(_POINT_X, _POINT_Y, xs, ys_px)[:-1]}"/>',
    ]
    if days.size <= 120:
        parts.append(_interleaved(_DOT_X, _DOT_Y, xs, ys_px))
    parts.append("</svg>")
    return Markup("".join(parts))


def inputs_digest(template_name: str, context: dict[str, Any], *extra: Any) -> str:
    """A digest of everything a page is rendered from: the template's name, its context (the functions
    in it are code, which the manifest's code digest covers) and `extra` (what the context will get
    after the digest, such as the chart's dates and values). Two builds with the same digest and code
    render the same bytes, so the page may be linked (build/reuse.py)."""
    plain = {key: value for key, value in context.items() if not callable(value)}
    data = orjson.dumps(
        [template_name, plain, extra],
        option=orjson.OPT_NON_STR_KEYS | orjson.OPT_SERIALIZE_NUMPY | orjson.OPT_SORT_KEYS,
        default=repr,
    )
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class PageReuse(Protocol):
    """What the page set needs of the previous build (build/reuse.py `Reuse.page`, `settled`, `take_all`)."""

    def page(self, writer: TreeWriter, relpath: str, inputs: str | None) -> bool: ...

    def settled(self, relpath: str, key: str, unchanged: bool) -> bool: ...

    def carry(self, relpath: str) -> bool: ...

    def record_volatile(self, feed: str, entities: list[str]) -> None: ...

    def take_all(self, writer: TreeWriter, relpaths: list[str], page: bool = False) -> np.ndarray: ...


def settled_key(*inputs: Any) -> str:
    """A digest of what an absent entity's page is made of besides its archived days (build/reuse.py
    `Reuse.settled`): `inputs_digest` of those inputs alone."""
    return inputs_digest("entity.html (absent)", {}, *inputs)


def entity_demand(demand: EntityDemand | None, feed: str, entity: str) -> dict[str, Any] | None:
    """What the page's demand section shows: the eight weeks' ranks, or no weeks when the entity had
    no lookup in any of them (their dates move every day; "none in eight weeks" does not): what the
    card stores (build/entity_demand.py `card_demand`)."""
    return None if demand is None else demand.card(feed, entity)


def events_fragment(recent: list[bytes]) -> orjson.Fragment:
    """An entity's recent events (serialized, as the events files hold them) as one JSON array, unparsed."""
    return orjson.Fragment(b"[" + b",".join(recent) + b"]")


# -- the page set of one build -------------------------------------------------------------------


@dataclass
class FeedSummary:
    feed: str
    title: str
    meta: dict[str, Any]
    newest: list[dict[str, Any]]
    listing: list[dict[str, str]]
    labels: dict[str, str]
    movers: list[dict[str, Any]] = field(default_factory=list)
    leaderboard: list[dict[str, Any]] | None = None


@dataclass
class SitePages:
    """Collects what the site-wide pages need while `build_feed` runs, then writes them in `finish`.

    Per feed it keeps only labels and the first rows of listings (a few KB), never the series."""

    writer: TreeWriter
    base_url: str
    built_at: str
    feeds: dict[str, FeedSummary] = field(default_factory=dict)
    skipped: int = 0
    entity_pages: int = 0
    badges: int = 0
    maintainers: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Page path -> approved maintainer submission (build/claims.py), shown on the entity page."""
    links: Links = field(default_factory=dict)
    """(feed, entity) -> the same thing in other feeds (build/links.py), shown as "Also tracked as"."""
    demand: EntityDemand | None = None
    """Each entity's demand rank this week and over the last eight weeks (build/entity_demand.py)."""
    reuse: PageReuse | None = None
    """The previous build's entity pages, linked when their inputs are unchanged (build/reuse.py)."""
    linked_pages: int = 0

    # -- shared page context --

    def url(self, path: str) -> str:
        return self.base_url.rstrip("/") + href(path)

    def _common(self, path: str, title: str, description: str) -> dict[str, Any]:
        return {
            "path": path,
            "canonical": self.url(path),
            "page_title": title,
            "description": description,
            "built_at": self.built_at,
            "href": href,
            "fmt": fmt,
            "feed_names": FEED_NAMES,
            "feed_titles": {name: FEEDS[name].title for name in FEED_NAMES},
            "og_image": None,
            "atom_feed": None,
            "atom_title": None,
        }

    def _write(self, path: str, name: str, context: dict[str, Any]) -> bool:
        target = page_file(path)
        if target is None:
            self.skipped += 1
            return False
        self.writer.write_bytes(target, template(name).render(context).encode())
        return True

    # -- per feed --

    def volatile(self, series: FeedSeries) -> np.ndarray:
        """bool [entities]: the entities with an input to their page besides their archived days and events
        that can change any night: a cross-feed link, a lookup in the demand weeks, an approved claim. Few;
        recorded with the previous build (`PageReuse.record_volatile`) for `carry`."""
        feed = series.feed
        out = np.zeros(len(series.entities), dtype=bool)
        names: set[str] = {entity for (f, entity) in self.links if f == feed}
        if self.demand is not None:
            names.update(self.demand.looked_up(feed))
        out[[series.index[name] for name in names if name in series.index]] = True
        if self.maintainers:
            for i, entity in enumerate(series.entities):  # claims are few, but keyed by page path
                if entity_page(feed, entity) in self.maintainers:
                    out[i] = True
        if self.reuse is not None:
            self.reuse.record_volatile(feed, [series.entities[i] for i in np.flatnonzero(out).tolist()])
        return out

    def carry(self, series: FeedSeries, quiet: np.ndarray | None) -> np.ndarray:
        """bool [entities]: the `quiet` entities (build/pipeline.py `quiet_entities`) settled with the key the
        previous build recorded for them (`PageReuse.carry`), without their inputs being gathered."""
        carried = np.zeros(len(series.entities), dtype=bool)
        if self.reuse is None or quiet is None:
            return carried
        feed = series.feed
        for i in np.flatnonzero(quiet).tolist():
            target = page_file(entity_page(feed, series.entities[i]))
            carried[i] = target is not None and self.reuse.carry(target)
        return carried

    def settle(
        self,
        series: FeedSeries,
        momentum: Any,
        events: dict[str, list[bytes]],
        stable: Callable[[str], bool] | None = None,
        carried: np.ndarray | None = None,
    ) -> np.ndarray:
        """bool [entities]: which entities are settled, their page and card to be taken from the previous
        build as they are (build/reuse.py `Reuse.settled`). Such an entity is absent from the feed since a
        day up to which the feed's archived days are those the previous build read (`stable(day)`,
        build/reuse.py `FeedReuse.stable`); its page and card are a function of those days and of the
        inputs `settled_key` digests, and the previous build recorded the same key. Each night most of a
        year's entities are absent: deciding this once, before the cards, spares gathering and writing
        their pages' contents, and their cards' (build/pipeline.py `settled_cards`). Every absent entity's
        key is recorded, settled or not. `carried` (`carry`): settled already, their keys recorded."""
        settled = np.zeros(len(series.entities), dtype=bool) if carried is None else carried.copy()
        if self.reuse is None or not series.days:
            return settled
        feed = series.feed
        for i in np.flatnonzero(~series.present() & ~settled).tolist():
            entity = series.entities[i]
            path = entity_page(feed, entity)
            target = page_file(path)
            if target is None:
                continue
            last_seen = series.days[int(series.last_seen[i])]
            key = settled_key(
                self.base_url,
                series.days[int(series.first_seen[i])],
                last_seen,
                momentum.summary(entity) if momentum is not None else None,
                events_fragment(events.get(entity, [])),
                links_of(self.links, feed, entity),
                entity_demand(self.demand, feed, entity),
                self.maintainers.get(path),
            )
            settled[i] = self.reuse.settled(target, key, stable is not None and stable(last_seen))
        return settled

    def add_feed(
        self,
        series: FeedSeries,
        meta: dict[str, Any],
        momentum: Any,
        events: dict[str, list[bytes]],
        latest_trends: dict[str, dict[str, Any]],
        leaderboard: dict[str, Any] | None,
        settled: np.ndarray | None = None,
    ) -> None:
        """Entity pages and badges of every entity of the feed, and the feed's share of the site pages.

        `events`: each entity's recent change events, oldest first, serialized (build/pipeline.py
        `FeedTrends.recent`); they are read only for a page that is rendered, and digested as bytes.
        `settled` (`settle`): the entities whose page is taken from the previous build without its context
        being built or digested."""
        feed = series.feed
        spec = FEED_SPECS[feed]
        main = spec.main_metric
        main_values = series.metrics[main]
        versions = series.texts.get("version")
        present = series.present()
        is_category = FEEDS[feed].momentum
        day_ordinals = np.array([_ordinal(day) for day in series.days], dtype=np.int64)
        labels: dict[str, str] = {}
        listing: list[dict[str, str]] = []
        taken = np.zeros(len(series.entities), dtype=bool)
        if settled is not None and self.reuse is not None:  # settled pages, taken as arrays
            targets = {int(i): page_file(entity_page(feed, series.entities[i])) for i in np.flatnonzero(settled)}
            chosen = [(i, target) for i, target in targets.items() if target is not None]
            if chosen:
                taken[[i for i, _ in chosen]] = self.reuse.take_all(self.writer, [t for _, t in chosen], True)
        absent_badges: list[str] = []
        currents, takes = present.tolist(), taken.tolist()  # plain bools: this loop sees every entity ever
        for i, entity in enumerate(series.entities):
            row = series.latest[i]
            path = entity_page(feed, entity)
            label = entity_label(feed, row, entity)
            labels[entity] = label
            listing.append({"label": label, "key": entity, "path": path, "href": href(path)})
            current = currents[i]
            mom = momentum.summary(entity) if momentum is not None and (current or not takes[i]) else None
            has_badge = is_category and badge_safe(path)
            if has_badge:
                if current:
                    write_badges(self.writer, feed, entity, mom, series.current_day)
                else:  # no score: the same badge for every absent entity, written together below
                    absent_badges.append(entity)
                self.badges += 2
            if takes[i]:  # a settled page (its path is a page file: it was taken by it)
                self.entity_pages += 1
                self.linked_pages += 1
                continue
            target = page_file(path)
            if target is None:
                self.skipped += 1
                continue
            self.entity_pages += 1
            last_seen = series.days[int(series.last_seen[i])]
            recent = events.get(entity, [])
            raw_events = events_fragment(recent)
            also_tracked = links_of(self.links, feed, entity)
            demand = entity_demand(self.demand, feed, entity)
            maintainer = self.maintainers.get(path)
            days_idx = np.flatnonzero(series.seen[i])
            ordinals, values = day_ordinals[days_idx], main_values[i, days_idx]
            context = self._common(path, f"{label} — {FEEDS[feed].title}", entity_summary(feed, row) or label)
            context["built_at"] = None  # the build time is on the site pages and build.json, not here
            badge = None
            if has_badge:
                badge = badge_snippets(
                    self.url(badge_path(feed, entity)),
                    context["canonical"],
                    href(badge_path(feed, entity)),
                    entity,
                    mom.get("score") if mom else None,
                    series.current_day,
                    last_seen=None if current else last_seen,
                )
                context["og_image"] = badge["png"]
            history = None
            if versions is not None:
                dates = [series.days[j] for j in days_idx.tolist()]
                history = version_changes(dates, versions[i, days_idx].tolist())
            facts = []
            for key, name in FACTS[feed]:
                value = row.get(key)
                facts.append({"name": name, "text": fmt(value), "url": safe_url(value) if key in URL_FIELDS else None})
            context.update(
                feed=feed,
                feed_title=FEEDS[feed].title,
                atom_feed=changes_feed_url(feed),
                atom_title=f"{FEEDS[feed].title}: changes",
                entity=entity,
                label=label,
                row=row,
                facts=facts,
                current=current,
                first_seen=series.days[int(series.first_seen[i])],
                last_seen=last_seen,
                momentum=mom,
                is_category=is_category,
                events=None,  # below, once the page is known to be rendered
                badge=badge,
                links=upstream_links(feed, entity, row),
                also_tracked=[{**link, "feed_title": FEEDS[link["feed"]].title} for link in also_tracked],
                demand=demand,
                claim=f"/claim?entity={quote(path, safe='/')}",
                maintainer=maintainer,
                version_history=history,
                remotes=[
                    {"type": r.get("type"), "url": r.get("url"), "href": safe_url(r.get("url"))}
                    for r in row.get("remotes") or []
                ],
                packages=row.get("packages") or [],
                plans=row.get("plans") or [],
                changes=row.get("changes") or [],
            )
            metric = MAIN_METRIC_LABEL.get(main, main)
            chart_title = f"{metric} of {label} over time"
            # an entity in today's feed has today on its chart (and as its last day): its page is new
            # every night, so its inputs are not digested (None: build/reuse.py `Reuse.page`)
            inputs = None
            if not current:
                inputs = inputs_digest("entity.html", context, ordinals, values, metric, chart_title, raw_events)
            if self.reuse is not None and self.reuse.page(self.writer, target, inputs):
                self.linked_pages += 1
                continue
            context["events"] = events_html(map(orjson.loads, reversed(recent)))
            context["component_rows"] = components_html(mom["components"]) if mom else Markup()
            context["chart"] = day_chart(ordinals, values, metric, chart_title)
            self.writer.write_bytes(target, template("entity.html").render(context).encode())
        write_absent_badges(self.writer, feed, absent_badges, series.current_day)
        since = FEEDS[feed].since_field
        newest_idx = [i for i in np.flatnonzero(present).tolist()]
        newest_idx.sort(key=lambda i: series.entities[i])
        newest_idx.sort(key=lambda i: series.latest[i].get(since) or "", reverse=True)
        newest = [
            {
                "label": labels[series.entities[i]],
                "path": entity_page(feed, series.entities[i]),
                "when": series.latest[i].get(since),
                "main": fmt(main_values[i, -1]),
            }
            for i in newest_idx[:FEED_PAGE_ROWS]
        ]
        movers = [
            {**m, "label": labels.get(m["entity"], m["entity"]), "path": entity_page(feed, m["entity"])}
            for m in (latest_trends.get("7d") or {}).get("movers", [])[:HOME_MOVERS]
        ]
        board = None
        if leaderboard is not None:
            board = [
                {
                    **r,
                    "label": labels.get(r["entity"], r["entity"]),
                    "path": entity_page(feed, r["entity"]),
                    "badge": href(badge_path(feed, r["entity"])),
                }
                for r in leaderboard["data"]
            ]
        listing.sort(key=lambda item: item["label"].lower())
        self.feeds[feed] = FeedSummary(feed, FEEDS[feed].title, meta, newest, listing, labels, movers, board)
        self._write(
            f"/feeds/{feed}",
            "feed.html",
            {
                **self._common(f"/feeds/{feed}", f"{FEEDS[feed].title} — newest", f"The newest rows of {feed}."),
                "summary": self.feeds[feed],
                "main_label": MAIN_METRIC_LABEL.get(main, main),
                "atom_feed": changes_feed_url(feed),
                "atom_title": f"{FEEDS[feed].title}: changes",
            },
        )
        if board is not None and leaderboard is not None:  # a board is built from a leaderboard
            self._write(
                f"/momentum/{feed}",
                "leaderboard.html",
                {
                    **self._common(
                        f"/momentum/{feed}",
                        f"Momentum leaderboard — {FEEDS[feed].title}",
                        f"The top {len(board)} of {feed} by momentum score (0-100).",
                    ),
                    "summary": self.feeds[feed],
                    "board": board,
                    "components": COMPONENT_LABELS,
                    "date": leaderboard.get("date"),
                },
            )

    # -- site-wide --

    def finish(self, demand: dict[str, Any], docs: dict[str, Any]) -> None:
        """Home, search, docs, the claim form, 404, static files; after every feed was added."""
        summaries = [self.feeds[f] for f in FEED_NAMES if f in self.feeds]
        demand_rows = [
            {
                **d,
                "label": self.feeds[d["feed"]].labels.get(d["entity"], d["entity"])
                if d["feed"] in self.feeds
                else d["entity"],
                "path": entity_page(d["feed"], d["entity"]),
            }
            for d in demand.get("data", [])[:HOME_DEMAND]
        ]
        self._write(
            "/",
            "home.html",
            {
                **self._common(
                    "/",
                    "AI ecosystem data feeds",
                    "Six daily feeds on the AI ecosystem: repositories, launches, MCP servers, prices, "
                    "models; momentum leaderboards and the demand index.",
                ),
                "summaries": summaries,
                "demand": demand_rows,
                "demand_window": (demand.get("from"), demand.get("to")),
            },
        )
        self._write(
            "/search",
            "search.html",
            {
                **self._common("/search", "Search all entities", "Find any repository, server, model or page."),
                "summaries": summaries,
                "index_url": f"/{SEARCH_INDEX}",
            },
        )
        for summary in summaries:
            self._write(
                f"/search/{summary.feed}",
                "listing.html",
                {
                    **self._common(
                        f"/search/{summary.feed}",
                        f"All entities — {summary.title}",
                        f"Every entity of {summary.feed}, A to Z.",
                    ),
                    "summary": summary,
                    "items": listing_html(summary.listing),
                },
            )
        self.writer.write_json(f"{PAGES}/{SEARCH_INDEX}", search_index(summaries))
        self._write(
            "/docs",
            "docs.html",
            {
                **self._common("/docs", "API documentation", "Endpoints, parameters and responses of the feeds API."),
                "docs": docs,
            },
        )
        self._write(
            "/claim",
            "claim.html",
            {
                **self._common(
                    "/claim",
                    "Claim a listing",
                    "Maintainers can claim their listing and submit a description, pricing and corrections.",
                ),
                **claim_form_context(),
            },
        )
        self.writer.write_bytes(
            f"{PAGES}/404.html",
            template("404.html").render(self._common("/404", "Not found", "No page at this address.")).encode(),
        )
        for name in ("site.css", "search.js"):
            self.writer.write_bytes(f"{PAGES}/{STATIC}/{name}", (TEMPLATES / name).read_bytes())


def search_index(summaries: Iterable[FeedSummary]) -> dict[str, Any]:
    """The search box's index: {"feeds": [...], "entities": [[feed index, label, key, path], ...]}.

    Compact rows (no field names) because the browser downloads it whole on the first keystroke."""
    feeds = []
    rows = []
    for n, summary in enumerate(summaries):
        feeds.append(summary.feed)
        for item in summary.listing:
            rows.append([n, item["label"], item["key"] if item["key"] != item["label"] else "", item["href"]])
    return {"feeds": feeds, "entities": rows}


# -- API docs ------------------------------------------------------------------------------------


def api_docs(document: bytes | None) -> dict[str, Any]:
    """What /docs shows: the operations of the OpenAPI document the command line passed in (the
    build does not know the server; the composition root does), or a page saying there is none."""
    import orjson

    if document is None:
        return {
            "source": "none",
            "title": "API",
            "version": "",
            "description": "",
            "operations": [],
            "error": "this build was made without the API document",
        }
    parsed = orjson.loads(document)
    operations = []
    for path, item in parsed.get("paths", {}).items():
        for method, op in item.items():
            if not isinstance(op, dict) or method not in ("get", "post", "put", "delete", "patch"):
                continue
            params = [
                {
                    "name": p.get("name", ""),
                    "where": p.get("in", ""),
                    "required": bool(p.get("required")),
                    "description": p.get("description", ""),
                }
                for p in op.get("parameters", [])
                if isinstance(p, dict) and "name" in p
            ]
            operations.append(
                {
                    "method": method.upper(),
                    "path": path,
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "params": params,
                    "responses": sorted(str(code) for code in op.get("responses", {})),
                    "public": op.get("security") == [],
                }
            )
    info = parsed.get("info", {})
    return {
        "source": "openapi",
        "title": info.get("title", "API"),
        "version": info.get("version", ""),
        "description": info.get("description", ""),
        "operations": operations,
        "error": None,
    }
