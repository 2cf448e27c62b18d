"""Advance widths of the badge font (DejaVu Sans), so badge boxes fit their text without guessing.

The widths are read once from the TTF with fontTools and committed as `build/badge_font.json`;
the build reads only that JSON, so it neither needs the font file nor varies with the machine's
fonts. Regenerate after changing the font or the character range:

    .venv/bin/python -m build.badge_font [/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf]

Widths are in font units (`unitsPerEm` per em); characters outside the table use the width of
`?` scaled up a little (`fallback`), which errs on the wide side: a box a few pixels too wide is
harmless, text spilling out of it is not. Kerning is ignored: cairo and browsers do not kern SVG
text in a way that narrows these short strings noticeably, and the rendering test checks the fit.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import TypedDict

FONT_FAMILY = "DejaVu Sans"
FONT_FILE = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TABLE = Path(__file__).with_name("badge_font.json")
RANGES = ((0x20, 0x7F), (0xA0, 0x180), (0x2010, 0x2030))
"""ASCII, Latin-1 and Latin Extended-A, dashes and quotes: what labels and values can contain."""


class WidthTable(TypedDict):
    """What `badge_font.json` holds."""

    family: str
    unitsPerEm: int
    fallback: int
    widths: dict[str, int]


def extract(font_file: str = FONT_FILE) -> WidthTable:
    """The widths table of a TTF: {"family", "unitsPerEm", "fallback", "widths": {char: units}}."""
    from fontTools.ttLib import TTFont

    with TTFont(font_file, lazy=True) as font:
        cmap = font.getBestCmap()
        hmtx = font["hmtx"]
        widths: dict[str, int] = {}
        for start, end in RANGES:
            for code in range(start, end):
                glyph = cmap.get(code)
                if glyph is not None:
                    widths[chr(code)] = int(hmtx[glyph][0])
        units = int(font["head"].unitsPerEm)
    return {"family": FONT_FAMILY, "unitsPerEm": units, "fallback": int(widths["W"]), "widths": widths}


@lru_cache(maxsize=1)
def _table() -> tuple[dict[str, int], int, int]:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    return data["widths"], int(data["unitsPerEm"]), int(data["fallback"])


@lru_cache(maxsize=4096)
def text_width(text: str, size: float = 11.0) -> float:
    """Width in pixels of `text` set in the badge font at `size` px (no kerning)."""
    widths, units, fallback = _table()
    return sum(widths.get(ch, fallback) for ch in text) * size / units


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    table = extract(args[0] if args else FONT_FILE)
    TABLE.write_text(json.dumps(table, ensure_ascii=False, sort_keys=True) + "\n", encoding="utf-8")
    print(f"wrote {TABLE} ({len(table['widths'])} characters)")


if __name__ == "__main__":
    main()
