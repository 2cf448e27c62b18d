"""Prices from the HTML tables of API pricing pages: one model per row, one priced dimension per column.

This is where model APIs publish prices (input / cached input / output per 1M tokens, per image, per
second of video, per request), so it is read header-aware, not as loose "$2.50" texts:

- the table is expanded into a grid first (`rowspan`/`colspan`), so a model name spanning several rows
  labels each of them and a grouped header ("Batch" over "Input | Output") reaches every column;
- each column's header says what it prices (`pricing_vocab.dimension_of`) and often the unit and the
  currency ("Input (USD / 1M tokens)"); columns that price nothing (context window, rate limits) are
  skipped even when they hold numbers;
- a cell's own currency and unit win over the header's, the header's over a note near the table
  ("All prices per 1M tokens"), and a bare number counts only when a header or note names the currency;
- a table whose row labels are the dimensions ("Input price", "Output price") is read transposed, for
  the model its heading names;
- the heading or caption a table sits under is its `section` ("Batch API", "Fine-tuning"), which keeps
  the same model's standard and batch prices apart.

Pure functions over a parsed tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal

from price_parser import Price
from selectolax.lexbor import LexborHTMLParser, LexborNode

from collectors.models import PricePlan
from collectors.pricing_vocab import (
    BARE_AMOUNT,
    NOT_A_PRICE,
    PRICE_TEXT,
    PageContext,
    currency_code,
    dimension_of,
    header_currency,
    slug,
    usage_unit,
)

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
NOTE_TAGS = frozenset({"p", "span", "small", "em", "div", "li", "strong"})
MAX_LABEL = 80
FREE_CELL = re.compile(r"^(?:free|free of charge|免费|無料|gratuit|kostenlos|gratis)$", re.I)
_FOOTNOTES = re.compile(r"[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+")
_SPACE = re.compile(r"\s+")
PRICE_HEADER = re.compile(r"price|pricing|cost|价格|价|費用|料金|preis|prix|precio", re.I)


_INVISIBLE = str.maketrans("", "", "\u200b\u200c\u200d\ufeff")
UNIT_HEADER = re.compile(r"^(?:unit|billing unit|计费单位|单位|計費單位)$", re.I)
HIDDEN_CELL = re.compile(r"\b(?:hidden|table-hide|sr-only)\b")


def clean(text: str | None) -> str:
    return _SPACE.sub(" ", (text or "").translate(_INVISIBLE)).strip()


_NOTE_REF = re.compile(r"\s*[(（]\d{1,2}[)）]\s*$")


def label_text(text: str) -> str:
    """A row label as a name: footnote markers ("*", "¹", a trailing "(1)") and whitespace runs removed."""
    return _NOTE_REF.sub("", clean(_FOOTNOTES.sub("", text))).strip(" :")


@dataclass
class Context:
    """What precedes a table in the document: its heading and a note naming unit or currency."""

    heading: str | None = None
    unit: str | None = None
    currency: str | None = None


@dataclass
class Column:
    header: str
    dimension: str | None
    unit: str | None
    currency: str | None
    priced: bool = field(default=False)


def table_plans(tree: LexborHTMLParser, page: PageContext) -> tuple[list[PricePlan], list[LexborNode]]:
    """Every price of every pricing table, and the tables that gave prices (so the plan-card reader,
    which runs after, does not take a table's section heading for a plan priced by its first cell)."""
    root = tree.body
    if root is None:
        return [], []
    plans: list[PricePlan] = []
    used: list[LexborNode] = []
    context = Context()
    for node in root.traverse():
        tag = node.tag
        if tag in HEADINGS:
            text = clean(node.text(separator=" "))
            if text and len(text) <= 120:
                context = Context(heading=text)
        elif tag in NOTE_TAGS:
            _note(node, context, page)
        elif tag == "table" and _outermost(node):
            found = read_table(node, context, page)
            if found:
                plans.extend(found)
                used.append(node)
    return plans, used


def _outermost(table: LexborNode) -> bool:
    parent = table.parent
    while parent is not None:
        if parent.tag == "table":
            return False
        parent = parent.parent
    return True


def _note(node: LexborNode, context: Context, page: PageContext) -> None:
    """A short text before a table ("Prices are per 1M tokens, in USD") sets its default unit/currency."""
    text = clean(node.text(separator=" "))
    if not text or len(text) > 200 or node.css_first("table") is not None:
        return
    unit = usage_unit(text)
    if unit and re.search(r"\b(?:per|price|prices|pricing)\b|价格|单位|計|/", text, re.I):
        context.unit = unit
        context.currency = header_currency(text, page.yen) or context.currency


# -- the grid -------------------------------------------------------------------------------------


def grid(table: LexborNode) -> tuple[list[list[str]], int]:
    """The table's cell texts with spans expanded, and how many leading rows are header rows."""
    rows = [row for row in table.css("tr") if _own_row(row, table)]
    cells: list[list[str]] = []
    header_rows = 0
    pending: dict[int, tuple[int, str]] = {}  # column -> (rows still covered, text) from a rowspan above
    for index, row in enumerate(rows):
        out: list[str] = []
        col = 0
        kinds: list[str] = []
        for cell in (c for c in row.iter() if c.tag in ("td", "th") and not _hidden(c)):
            col = _carried(out, col, pending)
            text = clean(cell.text(separator=" "))
            span = _span(cell, "colspan")
            down = _span(cell, "rowspan")
            for _ in range(span):
                out.append(text)
                if down > 1:
                    pending[col] = (down - 1, text)
                col += 1
            kinds.append(cell.tag)
        _carried(out, col, pending)
        in_head = row.parent is not None and row.parent.tag == "thead"
        if index == header_rows and (in_head or (kinds and all(k == "th" for k in kinds))):
            header_rows += 1
        cells.append(out)
    return cells, header_rows


def _carried(out: list[str], col: int, pending: dict[int, tuple[int, str]]) -> int:
    """Append the texts that row spans from above carry into this row from `col` on; the next free column."""
    while col in pending:
        left, text = pending[col]
        out.append(text)
        if left > 1:
            pending[col] = (left - 1, text)
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
        return max(1, min(int(cell.attributes.get(name) or 1), 50))
    except ValueError:
        return 1


# -- reading one table ------------------------------------------------------------------------------


def read_table(table: LexborNode, context: Context, page: PageContext) -> list[PricePlan]:
    cells, header_rows = grid(table)
    if not cells:
        return []
    caption = table.css_first("caption")
    section = clean(caption.text(separator=" ")) if caption is not None else None
    section = section or context.heading
    if header_rows == 0 and len(cells) > 1 and not any(_has_price(text) for text in cells[0][1:]):
        header_rows = 1  # a first row of <td> labels without a single price is the header all the same
    width = max(len(row) for row in cells)
    headers = [_column_header(cells[:header_rows], col) for col in range(width)]
    body = [row for row in cells[header_rows:] if any(row)]
    if not body:
        return []
    table_text = f"{section or ''} {' '.join(headers)}"
    default_currency = header_currency(table_text, page.yen) or context.currency
    default_unit = usage_unit(" ".join(headers[1:])) or context.unit
    if _transposed(body, headers):
        return _read_transposed(body, headers, section, context, page, default_currency, default_unit)
    columns = [_column(text, page, default_currency, default_unit) for text in headers]
    unit_col = next((c for c, text in enumerate(headers) if UNIT_HEADER.match(text)), None)
    label_col = next((c for c, column in enumerate(columns) if not column.priced and c != unit_col), 0)
    plans: list[PricePlan] = []
    seen: set[tuple[str, str]] = set()
    for row in body:
        label = label_text(row[label_col]) if label_col < len(row) else ""
        if not label or len(label) > MAX_LABEL or _has_price(label):
            continue
        for col, column in enumerate(columns):
            if col == label_col or col >= len(row) or not column.priced:
                continue
            dimension = column.dimension or slug(column.header) or f"column_{col}"
            key = (label.casefold(), dimension)
            if key in seen:
                continue
            if unit_col is not None and unit_col < len(row) and (row_unit := usage_unit(row[unit_col])):
                column = Column(column.header, column.dimension, row_unit, column.currency, True)
            plan = _cell_plan(label, dimension, row[col], column, section, page)
            if plan is not None:
                seen.add(key)
                plans.append(plan)
    return plans


def _column_header(header_rows: list[list[str]], col: int) -> str:
    """A column's header text over every header row, repeated span texts said once ("Batch Input")."""
    parts: list[str] = []
    for row in header_rows:
        text = row[col] if col < len(row) else ""
        if text and text not in parts:
            parts.append(text)
    return " ".join(parts)


def _column(header: str, page: PageContext, currency: str | None, unit: str | None) -> Column:
    dimension = dimension_of(header)
    priced = bool(header) and not NOT_A_PRICE.search(header) and bool(
        dimension or PRICE_HEADER.search(header) or header_currency(header, page.yen) or usage_unit(header)
    )
    return Column(
        header=header,
        dimension=dimension,
        unit=usage_unit(header) or unit,
        currency=header_currency(header, page.yen) or currency,
        priced=priced,
    )


def _has_price(text: str) -> bool:
    return PRICE_TEXT.search(text) is not None


def _cell_plan(
    label: str, dimension: str, text: str, column: Column, section: str | None, page: PageContext
) -> PricePlan | None:
    """The first price of a cell (a tiered cell's base price), with the cell's own currency and unit
    before the column's."""
    if not text:
        return None
    match = PRICE_TEXT.search(text)
    if match is not None:
        symbol = match.group("cur") or match.group("cur2")
        number = match.group("amt") or match.group("amt2")
        amount = parse_number(number)
        currency = currency_code(symbol, page.yen) or column.currency
        unit = usage_unit(match.group("tail")) or column.unit
    elif FREE_CELL.match(text.strip()):
        amount, currency, unit = Decimal(0), column.currency, column.unit
    else:
        bare = BARE_AMOUNT.match(text)
        if bare is None or column.currency is None:
            return None
        amount = parse_number(bare.group("amt"))
        currency, unit = column.currency, usage_unit(bare.group("tail")) or column.unit
    if amount is None:
        return None
    return PricePlan(
        plan=label,
        dimension=dimension,
        amount=float(amount.normalize()),
        currency=currency,
        period="usage",
        unit=unit,
        section=section,
        method="table",
    )


def parse_number(number: str) -> Decimal | None:
    """"0.075", "1,234.5", "19,99", "1 200": the decimal separator as price-parser reads it."""
    text = number.replace("\u00a0", "").replace(" ", "")
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return Decimal(text)
    return Price.fromstring(text).amount


# -- tables that run the other way -------------------------------------------------------------------


def _lead(headers: list[str]) -> int:
    """Leading label columns: the first header's text spread over several columns (`colspan`)."""
    count = 1
    while count < len(headers) and headers[count] == headers[0]:
        count += 1
    return count


def _row_label(row: list[str], lead: int) -> str:
    parts: list[str] = []
    for text in row[:lead]:
        if text and text not in parts:
            parts.append(text)
    return " ".join(parts)


def _transposed(body: list[list[str]], headers: list[str]) -> bool:
    """Row labels name the dimensions ("Input price", "百万tokens输出") and no column header does."""
    lead = _lead(headers)
    if any(dimension_of(h) for h in headers[lead:]):
        return False
    priced = 0
    for row in body:
        label = _row_label(row, lead)
        if dimension_of(label) and not NOT_A_PRICE.search(label) and any(_has_price(c) for c in row[lead:]):
            priced += 1
    return priced >= 2


def _read_transposed(
    body: list[list[str]],
    headers: list[str],
    section: str | None,
    context: Context,
    page: PageContext,
    currency: str | None,
    unit: str | None,
) -> list[PricePlan]:
    model = label_text(section or context.heading or "")
    named_columns = [h for h in headers[_lead(headers):] if h]
    by_column = len(named_columns) > 1  # models as columns: each column's header is the model
    if not model and not by_column:
        return []
    plans: list[PricePlan] = []
    seen: set[tuple[str, str, str | None]] = set()
    lead = _lead(headers)
    for row in body:
        label = _row_label(row, lead)
        dimension = dimension_of(label)
        if dimension is None or NOT_A_PRICE.search(label):
            continue
        label_unit = usage_unit(label) or unit
        for col in range(lead, len(row)):
            header = headers[col] if col < len(headers) else ""
            column = Column(header, dimension, usage_unit(header) or label_unit,
                            header_currency(header, page.yen) or currency, True)
            name, variant = (label_text(header), section) if by_column and header else (model, header or None)
            if not name or (name, dimension, variant) in seen:
                continue
            plan = _cell_plan(name, dimension, row[col], column, variant, page)
            if plan is not None:
                seen.add((name, dimension, variant))
                plans.append(plan)
    return plans
