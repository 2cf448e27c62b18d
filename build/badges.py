"""README badges: a flat shields-style SVG "momentum | 87.3", rendered by a pure function.

`render_badge(label, value, color)` depends on nothing but its arguments, the badge template and
the committed font widths table (build/badge_font.py), so the same score always gives the same
bytes and the SVG can be snapshot-tested. The dark variant lives in `pages/badge-dark/` and is
asked for with `?style=dark`, not a `-dark.svg` suffix, which a real entity name could collide
with. The title and aria-label state the score's date ("momentum: 87.3 of 100 on 2026-11-22"); a path
no entity has is a grey "momentum | not tracked" badge. PNGs are rendered by the server on demand
(server/static.py). See docs/pages-and-badges.md.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from build.badge_font import FONT_FAMILY, text_width
from build.paths import badge_path
from build.templating import template
from build.writer import TreeWriter

LABEL = "momentum"
PADDING = 6
BANDS: tuple[tuple[float, str, str], ...] = (
    (80, "#44cc11", "#2ea043"),
    (60, "#97ca00", "#6e9a00"),
    (40, "#a4a61d", "#8a8c18"),
    (20, "#dfb317", "#b38f12"),
    (0, "#fe7d37", "#c4561f"),
)
"""(lowest score, light colour, dark colour), highest band first."""
GREY = ("#9f9f9f", "#6e7681")
LABEL_COLOR = {"light": "#555", "dark": "#30363d"}
TEXT_COLOR = {"light": "#fff", "dark": "#f0f6fc"}
DARK_DIR = "badge-dark"
STYLES = ("light", "dark")


def score_text(score: float | None) -> str:
    """87.3 -> "87.3", 87.0 -> "87", None -> "n/a" (absent from the feed today)."""
    if score is None or (isinstance(score, float) and math.isnan(score)):
        return "n/a"
    return f"{round(float(score), 1):g}"


def score_color(score: float | None, style: str = "light") -> str:
    """Colour band of a score; grey when there is no score."""
    k = 0 if style == "light" else 1
    if score is None or (isinstance(score, float) and math.isnan(score)):
        return GREY[k]
    for floor, light, dark in BANDS:
        if score >= floor:
            return light if k == 0 else dark
    _, light, dark = BANDS[-1]
    return light if k == 0 else dark


def _box(text: str) -> int:
    return math.ceil(text_width(text)) + 2 * PADDING


def render_badge(label: str, value: str, color: str, *, style: str = "light", title: str | None = None) -> str:
    """The badge SVG for (label, value) on `color`; every text is escaped by the template."""
    label_width = _box(label)
    value_width = _box(value)
    return template("badge.svg").render(
        width=label_width + value_width,
        label_width=label_width,
        value_width=value_width,
        label_x=label_width / 2,
        value_x=label_width + value_width / 2,
        label=label,
        value=value,
        title=title or f"{label}: {value}",
        label_color=LABEL_COLOR[style],
        value_color=color,
        text_color=TEXT_COLOR[style],
        family=FONT_FAMILY,
    )


def momentum_badge(score: float | None, *, style: str = "light", day: str | None = None) -> str:
    """The momentum badge of a score computed for `day` (the feed's current day, "YYYY-MM-DD"), which the
    title and aria-label state: "momentum: 87.3 of 100 on 2026-11-22". It depends on the score text, style
    and day only (the page that embeds it names the entity in its alt text); a build has one day, so it
    renders each of the ~2,000 possible badges once."""
    return _momentum_badge(score_text(score), style, day)


def badge_title(value: str, day: str | None) -> str:
    """The title of a momentum badge: "momentum: 87.3 of 100 on 2026-11-22", "momentum: n/a on ..."."""
    title = f"{LABEL}: {value}" + (" of 100" if value != "n/a" else "")
    return f"{title} on {day}" if day else title


@lru_cache(maxsize=4096)
def _momentum_badge(value: str, style: str, day: str | None) -> str:
    score = None if value == "n/a" else float(value)
    return render_badge(LABEL, value, score_color(score, style), style=style, title=badge_title(value, day))


NOT_TRACKED = "not tracked"


@lru_cache(maxsize=4)
def not_tracked_badge(style: str = "light") -> str:
    """What a badge path no entity has answers (status 200, so README image proxies show it rather than
    a broken image): valid, grey, "momentum | not tracked"."""
    return render_badge(LABEL, NOT_TRACKED, GREY[0 if style == "light" else 1], style=style)


INVALID = "invalid path"


@lru_cache(maxsize=4)
def invalid_badge(style: str = "light") -> str:
    """What a malformed badge path (encoded slash, NUL, dot segment, ...) answers, with status 400."""
    return render_badge(LABEL, INVALID, GREY[0 if style == "light" else 1], style=style)


def badge_file(feed: str, entity: str, style: str = "light") -> str:
    """Tree path (under the build root) of an entity's badge."""
    url = badge_path(feed, entity)  # /badge/<kind>/<...>.svg
    if style == "dark":
        url = f"/{DARK_DIR}" + url[len("/badge") :]
    return f"pages{url}"


@lru_cache(maxsize=4096)
def _badge_bytes(value: str, style: str, day: str | None) -> bytes:
    """The badge as the tree stores it: one bytes object per distinct badge, so the pack that shares equal
    badges (build/packs.py) hashes each once, not once for each of ~100,000 paths."""
    return _momentum_badge(value, style, day).encode()


def write_badges(
    writer: TreeWriter, feed: str, entity: str, momentum: dict[str, Any] | None, day: str | None = None
) -> None:
    """Both styles of one entity's badge; `day` is the feed's current day, the score's date."""
    value = score_text(momentum.get("score") if momentum else None)
    for style in STYLES:
        writer.write_shared(badge_file(feed, entity, style), _badge_bytes(value, style, day))


def write_absent_badges(writer: TreeWriter, feed: str, entities: list[str], day: str | None = None) -> None:
    """`write_badges` of entities absent from the feed on `day`: no score, so one badge per style for all
    of them (most of the entities of an old archive), written as arrays."""
    value = score_text(None)
    for style in STYLES:
        paths = [badge_file(feed, entity, style) for entity in entities]
        writer.write_shared_all(paths, _badge_bytes(value, style, day))
