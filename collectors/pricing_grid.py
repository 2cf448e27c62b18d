"""Price grids as rows of cells, whatever markup draws them: a `<table>`, a header `<table>` with its body
in a second one, or rows of `<div>`s laid out by CSS grid.

The table reader (`pricing_tables`) reads a grid by its header, so each shape is turned into the same
thing first: spans expanded, split header/body tables joined, `<div>` rows read as a table, and each
cell's first block kept apart as its name. Pure functions over a parsed tree.
See docs/pricing-extraction.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from selectolax.lexbor import LexborNode

from collectors.pricing_vocab import (
    BADGE_START,
    PRICE_GLYPHS,
    PRICE_NOUN,
    PRICE_TEXT,
    TEMPLATE_EXPRESSION,
    dimension_of,
)

_SPACE = re.compile(r"\s+")
_INVISIBLE = str.maketrans("", "", "\u200b\u200c\u200d\ufeff")
HIDDEN_CELL = re.compile(r"\b(?:hidden|table-hide|sr-only)\b")
BLOCK_TAGS = frozenset(
    {
        "div",
        "p",
        "section",
        "article",
        "header",
        "footer",
        "li",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "table",
        "tr",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "blockquote",
        "figure",
        "form",
    }
)
PRICE_WORD = re.compile(
    rf"price|pricing|cost|\b(?:{PRICE_NOUN})\b|{PRICE_GLYPHS}|价|gpu[- ]?h(?:ou)?r\b|(?:per|/)\s*(?:hour|hr)\b", re.I
)
"""A header naming a price column: a price word in a page's language ("Cena", "Pris", "Стоимость", "가격"), or a
rate per hour that implies one ("On-demand, GPU-hour")."""
MAX_SPAN = 50


def clean(text: str | None) -> str:
    return _SPACE.sub(" ", (text or "").translate(_INVISIBLE)).strip()


@dataclass(frozen=True)
class Cell:
    """A cell's whole text, and its first block (`name`) apart from the blocks under it (`rest`); `lines`
    splits it at `<br>` too, where a cell sets several prices one under the other."""

    text: str
    name: str = ""
    rest: str = ""
    lines: tuple[str, ...] = ()
    badge: str = ""
    """A tag set after the name in an inline element of its own ("<a>Mistral Large 4 ↗</a><span>Sale
    price</span>", "<a>Small 4</a><span>New</span>"): the end of `name`, and no part of the model's name."""
    terms: tuple[tuple[str, str], ...] = ()
    """The cell's prices for each commitment term, where it holds a block per term that a toggle shows one at a
    time (Civo's `<div id="6_months" class="hidden">` … `<div id="36_months">`): each term and its block's text."""

    @classmethod
    def of(cls, node: LexborNode) -> Cell:
        blocks = text_blocks(node)
        text = clean(" ".join(blocks))
        name = blocks[0] if blocks else ""
        headings = [clean(h.text(separator=" ")) for h in node.css("h1, h2, h3, h4, h5, h6")]
        if len(headings) > 1 and clean(" ".join(headings)) == text:
            name, blocks = text, [text]  # a name set as two headings ("DeepSeek" over "V3 0324") is one name
        badge = _trailing_badge(node)
        return cls(
            text,
            name,
            clean(" ".join(blocks[1:])),
            tuple(text_blocks(node, breaks=True)),
            badge if badge and name.endswith(badge) and len(name) > len(badge) else "",
            _term_blocks(node),
        )


TERM_KEY = re.compile(r"^(?P<count>\d{1,2})[_\s-]?(?P<term>months?|years?)$", re.I)
"""A block's key naming a commitment term ("6_months", "1-year"), in its `id` or a `data-` attribute."""


def _term_blocks(node: LexborNode) -> tuple[tuple[str, str], ...]:
    """Each block right inside the cell keyed by a commitment term, with its text: two or more, or none."""
    blocks: list[tuple[str, str]] = []
    for child in node.iter():
        keys = [value for name, value in child.attributes.items() if name == "id" or name.startswith("data-")]
        match = next((m for value in keys if value and (m := TERM_KEY.match(value))), None)
        if match is not None:
            blocks.append((f"{match['count']} {match['term'].lower()}", clean(" ".join(text_blocks(child)))))
    return tuple(blocks) if len(blocks) > 1 else ()


MAX_BADGE = 24


def _trailing_badge(node: LexborNode) -> str:
    """The text of the cell's last inline element when it tags rather than names (`BADGE_START`: "Sale
    price", "New", "Beta") and something stands before it."""
    last: LexborNode | None = None
    for child in node.iter(include_text=True):
        if child.tag == "-text" and not clean(child.text(deep=False)):
            continue
        last = child
    if last is None or last.tag in ("-text", "a", "br") or last.tag in BLOCK_TAGS:
        return ""
    text = clean(last.text(separator=" "))
    return text if len(text) <= MAX_BADGE and BADGE_START.match(text) else ""


Grid = list[list[Cell]]


def text_blocks(node: LexborNode, breaks: bool = False) -> list[str]:
    """The node's text split where a block element (`div`, `p`, ...) starts or ends; inline elements
    (`span`, `small`, `br`) stay in the block around them ("o4-mini<br><small>with data sharing</small>"
    is one block), unless `breaks` splits at each `<br>` too (the lines a reader sees)."""
    blocks: list[str] = []
    current: list[str] = []

    def flush() -> None:
        text = clean(" ".join(current))
        if text:
            blocks.append(text)
        current.clear()

    def walk(parent: LexborNode) -> None:
        for child in parent.iter(include_text=True):
            if child.tag == "-text":
                current.append(child.text(deep=False) or "")
            elif child.tag == "br":
                if breaks:
                    flush()
                else:
                    current.append(" ")
            elif child.tag in BLOCK_TAGS or _classed_block(child):
                flush()
                walk(child)
                flush()
            else:
                walk(child)

    walk(node)
    flush()
    return blocks


DISPLAY_BLOCK = frozenset({"block", "flex", "grid", "d-block", "d-flex", "d-grid"})
"""A utility class that lays an element out as a block (Tailwind's `block`, `flex`; Bootstrap's `d-block`)."""


def _classed_block(node: LexborNode) -> bool:
    """Whether a `<span>` is drawn as a block by its class (tembo-en's `<span class="block mt-7 …">Free
    </span>` under the plan's tagline `<span class="h-[38px] block …">`): a line of its own, as a `<div>` is."""
    return node.tag == "span" and not DISPLAY_BLOCK.isdisjoint((node.attributes.get("class") or "").split())


def has_price(text: str) -> bool:
    return PRICE_TEXT.search(text) is not None


# -- <table> ------------------------------------------------------------------------------------------


def table_grid(table: LexborNode) -> tuple[Grid, int]:
    """The table's cells with spans expanded, and how many leading rows are header rows."""
    rows = [row for row in table.css("tr") if _own_row(row, table)]
    cells: Grid = []
    header_rows = 0
    pending: dict[int, tuple[int, Cell]] = {}  # column -> (rows still covered, cell) from a rowspan above
    for index, row in enumerate(rows):
        out: list[Cell] = []
        col = 0
        kinds: list[str | None] = []
        for node in (c for c in row.iter() if c.tag in ("td", "th") and not _hidden(c)):
            col = _carried(out, col, pending)
            cell = Cell.of(node)
            down = _span(node, "rowspan")
            for _ in range(_span(node, "colspan")):
                out.append(cell)
                if down > 1:
                    pending[col] = (down - 1, cell)
                col += 1
            kinds.append(node.tag)
        _carried(out, col, pending)
        in_head = row.parent is not None and row.parent.tag == "thead"
        if kinds and kinds[0] == "td" and not out[0].text:
            kinds = kinds[1:]  # an empty corner cell over the label column, drawn as a `td` ("" | Free | Premium)
        if index == header_rows and (in_head or (kinds and all(k == "th" for k in kinds))):
            header_rows += 1
        elif (
            out
            and LOOP_ATTRIBUTES.intersection(row.attributes)
            and not TEMPLATE_EXPRESSION.sub("", out[0].text).strip()
        ):
            continue  # a row a template repeats per item, its label only an expression: no model as committed
        cells.append(out)
    return cells, header_rows


LOOP_ATTRIBUTES = frozenset({"v-for", "*ngfor", "x-for", "ng-repeat", "th:each", "data-v-for"})
"""Attributes by which a component's template repeats a row per item (Vue, Angular, Alpine, AngularJS,
Thymeleaf): gonkarouter-en's `<tr v-for="(model, i) in models">` with `{{ model.name }}` in its label cell and the
flat "$0.0004" written in its price cells names no model until the page renders."""


def _carried(out: list[Cell], col: int, pending: dict[int, tuple[int, Cell]]) -> int:
    """Append the cells that row spans from above carry into this row from `col` on; the next free column."""
    while col in pending:
        left, cell = pending[col]
        out.append(cell)
        if left > 1:
            pending[col] = (left - 1, cell)
        else:
            del pending[col]
        col += 1
    return col


def _hidden(cell: LexborNode) -> bool:
    """Placeholder cells some pages leave after a row span (`class="hidden" rowspan="0"`)."""
    return cell.attributes.get("rowspan") == "0" or bool(HIDDEN_CELL.search(cell.attributes.get("class") or ""))


def _own_row(row: LexborNode, table: LexborNode) -> bool:
    parent = row.parent
    while parent is not None and parent.tag != "table":
        parent = parent.parent
    return parent is not None and parent.mem_id == table.mem_id


def _span(cell: LexborNode, name: str) -> int:
    try:
        return max(1, min(int(cell.attributes.get(name) or 1), MAX_SPAN))
    except ValueError:
        return 1


def width(grid: Grid) -> int:
    return max((len(row) for row in grid), default=0)


def joined_header(header: Grid | None, grid: Grid, header_rows: int) -> tuple[Grid, int] | None:
    """A body-only grid under the header-only grid of the table just before it, as one grid: None when
    they do not fit together (no pending header, a header of its own, another width)."""
    if not header or header_rows or not grid or width(header) != width(grid):
        return None
    return [*header, *grid], len(header)


# -- <div> rows -----------------------------------------------------------------------------------------


def div_grid(
    node: LexborNode, sibling_label: str | None = None, price_row: Callable[[str], bool] | None = None
) -> Grid | None:
    """The rows of a price grid drawn with `<div>`s, header row first; None unless `node` is one.

    `node` is one when its element children are rows of one tag with equally many (2 to 12) cells, the
    first row names the columns (a priced dimension or a price word, and no price; or, after a grid that
    gave prices, the same first column as that grid's, `sibling_label`; or plans, a later row being labelled as
    their price row, `price_row`, which shows a price: "Features | Starter | Professional" over "Price | Free |
    $99/month") and at least two other rows show a price after their first cell. The header row may also stand
    apart from the rows, as a `<thead>` from its `<tbody>`: `node` then holds two elements, the header row (or an
    element holding only it) and an element holding the rows."""
    rows = _head_and_body(node) or _elements(node)
    if len(rows) < 3 or len({row.tag for row in rows}) != 1 or rows[0].tag in ("tr", "td", "th", "li"):
        return None
    cells = [_elements(row) for row in rows]
    count = len(cells[0])
    if not 2 <= count <= 12 or any(len(row) != count for row in cells):
        return None
    grid = [[Cell.of(cell) for cell in row] for row in cells]
    header = grid[0]
    if any(has_price(cell.text) or len(cell.text) > MAX_COLUMN_HEADER for cell in header):
        return None  # a sentence introducing the section ("Accurately track and forecast costs...") names no column
    priced = [row for row in grid[1:] if any(has_price(cell.text) for cell in row[1:])]
    if price_row is not None and any(price_row(row[0].text) for row in priced):
        return grid  # plans as columns, priced by their price row
    if header[0].text.casefold() != sibling_label and not any(
        dimension_of(cell.text) is not None or PRICE_WORD.search(cell.text) for cell in header[1:]
    ):
        return None
    return grid if len(priced) >= 2 else None


MAX_COLUMN_HEADER = 80


def _head_and_body(node: LexborNode) -> list[LexborNode] | None:
    """The header row and the rows of a div table drawn as a head and a body (`div.table__head` holding a row,
    or being it, beside `div.table__body` holding the rows); None unless `node` is one. Empty spacer elements
    beside them are passed over, the body may be a CMS list inside its wrappers, and each row may be wrapped
    alone in its list item (Webflow's `w-dyn-list` > `role="list"` > `role="listitem"` > the row)."""
    elements = _elements(node)
    parts = [part for part in elements if clean(part.text())]
    if len(parts) != 2:
        return None
    head, body = parts
    inner = _elements(head)
    if len(inner) == 1:  # the head holds its one row
        head, inner = inner[0], _elements(inner[0])
    count = len(inner)
    rows = _filled(body)
    wrapped = len(parts) != len(elements)  # a spacer beside the head and the body
    for _ in range(MAX_WRAPPERS):
        if len(rows) != 1:
            break
        rows, wrapped = _filled(rows[0]), True
    found = [_row_element(row, count) for row in rows]
    if count < 2 or len(found) < 2 or any(row is None for row in found):
        return None
    kept = [row for row in found if row is not None]
    if len({row.tag for row in kept}) != 1:
        return None
    wrapped = wrapped or any(row.mem_id != cell.mem_id for row, cell in zip(kept, rows, strict=True))
    if wrapped and (
        head.css_first("h1, h2, h3, h4") is not None
        or any(len(clean(cell.text(separator=" "))) > MAX_HEADER_CELL for cell in inner)
    ):
        return None  # a card's heading and tagline over its key rows is no table head
    return [head, *kept]


MAX_HEADER_CELL = 40


MAX_WRAPPERS = 3


def _row_element(row: LexborNode, count: int) -> LexborNode | None:
    """`row` when it has `count` cells, else the element it wraps alone that has them."""
    for _ in range(MAX_WRAPPERS):
        cells = _elements(row)
        if len(cells) == count:
            return row
        if len(cells) != 1:
            return None
        row = cells[0]
    return None


def _elements(node: LexborNode) -> list[LexborNode]:
    return [child for child in node.iter() if child.tag not in ("-text", "-comment", "br")]


def _filled(node: LexborNode) -> list[LexborNode]:
    """The element children that show text: a CMS list may leave an empty item after its last row
    (hyperstack's `div.page-price_card_row_item` holding only blanks), which is no row of the table."""
    return [child for child in _elements(node) if clean(child.text())]


def flat_grid(node: LexborNode) -> Grid | None:
    """The rows of a price grid whose cells are all children of one element, laid out in rows by CSS grid
    alone (`section.pricing-grid` > `div.cell` * 20: "Model" | Everyday | Advanced | Vision, then "Input" |
    $0.22 | $0.66 | $0.18, ...); None unless `node` is one.

    No markup says where a row ends, so the first body row says it: the cell before the first priced cell
    opens that row, and every row has as many cells as the ones before it. `node` is one when its 8 or more
    children are cells of one tag sharing a class, their number is a whole number of such rows (3 to 8 cells
    each), no row's first cell shows a price, the header row shows none, and at least two body rows show a
    price after their first cell, as `div_grid` asks."""
    cells = _elements(node)
    if len(cells) < MIN_FLAT_CELLS or len({cell.tag for cell in cells}) != 1 or cells[0].tag != "div":
        return None
    if not set.intersection(*(set((cell.attributes.get("class") or "").split()) for cell in cells)):
        return None  # the blocks of a document, not the cells of one grid
    texts = [clean(cell.text(separator=" ")) for cell in cells]
    first = next((i for i, text in enumerate(texts) if has_price(text)), None)
    if first is None:
        return None
    count = first - 1
    if not 3 <= count <= 8 or len(cells) % count:
        return None
    rows = [list(range(start, start + count)) for start in range(0, len(cells), count)]
    if any(has_price(texts[row[0]]) for row in rows) or any(
        has_price(texts[i]) or len(texts[i]) > MAX_COLUMN_HEADER for i in rows[0]
    ):
        return None
    if sum(1 for row in rows[1:] if any(has_price(texts[i]) for i in row[1:])) < 2:
        return None
    return [[_headed(cells[i]) for i in rows[0]], *([Cell.of(cells[i]) for i in row] for row in rows[1:])]


def _headed(node: LexborNode) -> Cell:
    """A header cell named by its heading alone when it holds one: a plan's tagline under its name ("Everyday"
    over "Fast. Reliable. Cost-effective.") says nothing of the column."""
    heading = node.css_first("h1, h2, h3, h4, h5, h6")
    text = clean(heading.text(separator=" ")) if heading is not None else ""
    return Cell(text, text) if text else Cell.of(node)


MIN_FLAT_CELLS = 8


MAX_PLAN_NAME = 30
MAX_CLIMB = 4


def plan_header_grid(node: LexborNode) -> tuple[Grid, LexborNode] | None:
    """A plan-comparison grid of `<div>` rows under a header row of plan names, and the element holding it;
    None unless `node` is such a header row.

    `node` is one when its element children are 3 to 7 cells, the first a label or nothing ("Feature by") and
    each other a heading (`h2`-`h6`) of a short name, none with a price ("Feature by" | Free | Pro | Enterprise).
    Its rows need not be its siblings (a sticky header, each row wrapped in a `<div>` of its own): within the
    nearest of its ancestors that holds them, a row is a `<div>` of as many element cells whose first cell has
    text and no price. At least two rows show a price after their
    first cell, as `div_grid` asks."""
    cells = _elements(node)
    if node.tag != "div" or not 3 <= len(cells) <= 7:
        return None
    header = [Cell.of(cell) for cell in cells]
    names = [cell.text for cell in header[1:]]
    if has_price(header[0].text) or not all(0 < len(n) <= MAX_PLAN_NAME and not has_price(n) for n in names):
        return None
    if not all(cell.css_first("h2, h3, h4, h5, h6") is not None for cell in cells[1:]):
        return None
    holder = node.parent
    for _ in range(MAX_CLIMB):
        if holder is None:
            return None
        rows = [
            row
            for row in holder.traverse()
            if row.tag == "div" and row.mem_id != node.mem_id and _row_of(row, len(cells))
        ]
        grid = [header, *([Cell.of(cell) for cell in _elements(row)] for row in rows)]
        if sum(1 for row in grid[1:] if any(has_price(cell.text) for cell in row[1:])) >= 2:
            return grid, holder
        holder = holder.parent
    return None


def _row_of(row: LexborNode, count: int) -> bool:
    cells = _elements(row)
    if len(cells) != count or any(cell.tag != "div" for cell in cells):
        return False
    label = clean(cells[0].text(separator=" "))
    return bool(label) and not has_price(label)
