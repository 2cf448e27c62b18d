"""Badges: a pure function whose SVG is snapshot-tested after normalising, and whose boxes fit the text
as cairo actually draws it (DejaVu Sans, the font named in the SVG)."""

from __future__ import annotations

import io
import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from build import badges
from build.badge_font import FONT_FILE, TABLE, extract, text_width

SNAPSHOTS = Path(__file__).parent / "golden" / "badges"
SVG_NS = "{http://www.w3.org/2000/svg}"


def normalise(svg: str) -> str:
    """Canonical XML (attribute order, whitespace) with numbers rounded to 0.1, so a snapshot diff is a
    real change of the drawing, not of formatting."""
    canonical = ET.canonicalize(svg, strip_text=True)
    return re.sub(r"\d+\.\d+", lambda m: f"{float(m.group()):.1f}", canonical)


CASES = {
    "high": lambda: badges.momentum_badge(87.3),
    "zero": lambda: badges.momentum_badge(0.0),
    "absent": lambda: badges.momentum_badge(None),
    "dark": lambda: badges.momentum_badge(55.0, style="dark"),
    "dated": lambda: badges.momentum_badge(87.3, day="2026-11-22"),
    "not-tracked": lambda: badges.not_tracked_badge(),
    "invalid": lambda: badges.invalid_badge(),
    "hostile": lambda: badges.render_badge("<script>alert(1)</script>", 'a" onload="x', "#e05d44"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_badge_snapshot(case: str) -> None:
    """Regenerate on purpose: `FEEDS_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/test_badges.py`."""
    actual = normalise(CASES[case]())
    snapshot = SNAPSHOTS / f"{case}.svg"
    if os.environ.get("FEEDS_REGENERATE_GOLDEN") == "1":
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        snapshot.write_text(actual + "\n", encoding="utf-8")
    assert snapshot.exists(), f"no snapshot {snapshot.name}: run with FEEDS_REGENERATE_GOLDEN=1 once, on purpose"
    assert actual == snapshot.read_text(encoding="utf-8").rstrip("\n")


def test_badge_is_a_pure_function() -> None:
    assert badges.momentum_badge(42.4) == badges.momentum_badge(42.4)
    assert badges.momentum_badge(42.4) != badges.momentum_badge(42.5)


@pytest.mark.parametrize(
    ("score", "text", "color"),
    [
        (None, "n/a", "#9f9f9f"),
        (0.0, "0", "#fe7d37"),
        (19.9, "19.9", "#fe7d37"),
        (20.0, "20", "#dfb317"),
        (59.95, "60", "#a4a61d"),
        (80.0, "80", "#44cc11"),
        (100.0, "100", "#44cc11"),
    ],
)
def test_score_text_and_band(score: float | None, text: str, color: str) -> None:
    assert badges.score_text(score) == text
    assert badges.score_color(score) == color


@pytest.mark.parametrize(("style", "color"), [("light", "#fe7d37"), ("dark", "#c4561f")])
def test_a_score_under_every_floor_takes_the_lowest_band(style: str, color: str) -> None:
    assert badges.score_color(-5.0, style) == color


def test_every_text_is_escaped_and_the_badge_is_accessible() -> None:
    svg = CASES["hostile"]()
    root = ET.fromstring(svg)  # well-formed XML despite the hostile text
    assert root.get("role") == "img"
    assert root.get("aria-label") == '<script>alert(1)</script>: a" onload="x'
    assert root.find(f"{SVG_NS}title").text == root.get("aria-label")
    assert [t.text for t in root.iter(f"{SVG_NS}text")][1::2] == ["<script>alert(1)</script>", 'a" onload="x']
    assert not list(root.iter(f"{SVG_NS}script")) and "onload" not in root.attrib
    dark = ET.fromstring(badges.momentum_badge(91.0, style="dark"))
    assert dark.find(f"{SVG_NS}title").text == "momentum: 91 of 100"


def test_title_and_aria_label_state_the_score_and_its_date() -> None:
    for score, style, title in (
        (87.3, "light", "momentum: 87.3 of 100 on 2026-11-22"),
        (91.0, "dark", "momentum: 91 of 100 on 2026-11-22"),
        (None, "light", "momentum: n/a on 2026-11-22"),
    ):
        root = ET.fromstring(badges.momentum_badge(score, style=style, day="2026-11-22"))
        assert root.get("aria-label") == title and root.find(f"{SVG_NS}title").text == title
    assert badges.momentum_badge(87.3, day="2026-11-22") != badges.momentum_badge(87.3, day="2026-11-23")


def test_one_render_per_value_style_and_day() -> None:
    badges._momentum_badge.cache_clear()
    for _ in range(3):
        badges.momentum_badge(87.31, day="2026-11-22")
        badges.momentum_badge(87.29, day="2026-11-22")  # the same text, "87.3"
    info = badges._momentum_badge.cache_info()
    assert (info.misses, info.hits) == (1, 5)


def test_not_tracked_badge_is_grey_and_says_so() -> None:
    for style, grey in (("light", badges.GREY[0]), ("dark", badges.GREY[1])):
        root = ET.fromstring(badges.not_tracked_badge(style))
        assert root.get("aria-label") == "momentum: not tracked"
        assert [t.text for t in root.iter(f"{SVG_NS}text")][1::2] == ["momentum", "not tracked"]
        assert grey in [r.get("fill") for r in root.iter(f"{SVG_NS}rect")]


def test_unknown_badge_is_not_tracked_with_status_200_through_the_server(live) -> None:
    import httpx

    base = f"{live.base_url}/badge/mcp/io.github.nobody/none"
    for suffix, style in ((".svg", ""), (".svg", "?style=dark"), (".png", "")):
        response = httpx.get(base + suffix + style, timeout=30)
        assert response.status_code == 200, suffix + style
        assert response.headers["x-badge-status"] == "not-tracked"
        assert response.headers["cache-control"] == "public, max-age=300, stale-if-error=86400"
        if suffix == ".png":
            assert response.headers["content-type"] == "image/png" and response.content.startswith(b"\x89PNG")
        else:
            assert response.headers["content-type"] == "image/svg+xml"
            expected = badges.not_tracked_badge("dark" if style else "light").encode()
            assert response.content == expected
    known = httpx.get(f"{live.base_url}/badge/mcp/io.github.example/weather.svg", timeout=30)
    assert known.status_code == 200 and known.headers["x-badge-status"] == "tracked"
    title = ET.fromstring(known.content).get("aria-label")
    assert re.fullmatch(r"momentum: [\d.]+ of 100 on 2026-11-04", title), title


def test_badge_path_of_each_category() -> None:
    assert badges.badge_file("mcp-servers", "io.github.a/b") == "pages/badge/mcp/io.github.a/b.svg"
    assert badges.badge_file("mcp-servers", "io.github.a/b", "dark") == "pages/badge-dark/mcp/io.github.a/b.svg"
    assert badges.badge_file("codehost-ai-repos", "o/n") == "pages/badge/repo/o/n.svg"
    assert badges.badge_file("modelhub-trending", "space:o/n") == "pages/badge/hub/space/o/n.svg"
    assert badges.badge_file("llm-pricing", "lab/m") == "pages/badge/llm/lab/m.svg"


@pytest.mark.skipif(not Path(FONT_FILE).exists(), reason="DejaVu Sans is not installed (fonts-dejavu-core)")
def test_committed_width_table_matches_the_font() -> None:
    """build/badge_font.json is what `python -m build.badge_font` extracts from the installed TTF."""
    import json

    assert extract() == json.loads(TABLE.read_text(encoding="utf-8"))


def _text_columns(svg: str, scale: int) -> list[int]:
    """Pixel columns where the rendered badge differs from the same badge without its text."""
    import cairosvg
    from PIL import Image, ImageChops

    blank = re.sub(r"<text [^>]*>[^<]*</text>", "", svg)
    full = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode(), scale=scale))).convert("RGB")
    empty = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=blank.encode(), scale=scale))).convert("RGB")
    diff = ImageChops.difference(full, empty).convert("L").point(lambda v: 255 if v > 24 else 0)
    width, height = diff.size
    pixels = diff.load()
    return [x for x in range(width) if any(pixels[x, y] for y in range(height))]


@pytest.mark.skipif(not Path(FONT_FILE).exists(), reason="DejaVu Sans is not installed (fonts-dejavu-core)")
@pytest.mark.parametrize(
    "value", ["0", "7.5", "100", "n/a", "not tracked", "invalid path", "WWWWWWWW", "mmmm.mmm", "Ünïcödé"]
)
def test_text_fits_its_box_as_cairo_renders_it(value: str) -> None:
    """The label's ink lies inside the label box and the value's inside the value box, and the ink is
    about as wide as the metrics say (so cairo used the font we measured, not a fallback)."""
    scale = 4
    svg = badges.render_badge("momentum", value, "#44cc11")
    root = ET.fromstring(svg)
    label_width = int(root.find(f"{SVG_NS}g/{SVG_NS}rect").get("width"))
    total = int(root.get("width"))
    columns = _text_columns(svg, scale)
    label_ink = [x / scale for x in columns if x / scale < label_width]
    value_ink = [x / scale for x in columns if x / scale >= label_width]
    assert label_ink and value_ink
    assert min(label_ink) > 0 and max(label_ink) < label_width - 1
    assert label_width + 1 < min(value_ink) and max(value_ink) < total - 1
    for ink, text in ((label_ink, "momentum"), (value_ink, value)):
        drawn = max(ink) - min(ink) + 1 / scale
        assert drawn == pytest.approx(text_width(text), rel=0.12, abs=2.0), text
