"""Prices from the price grids of API pricing pages: one model per row, one priced dimension per column.

This is where model APIs publish prices (per 1M tokens, per image, per second of video, per request),
so a grid from `pricing_grid` is read header-aware, column by column, not as loose "$2.50" texts:
the headers say what each column prices and in which unit and currency, and unpriced columns that
vary within a model become variants in `section`. Pure functions over a parsed tree.
See docs/pricing-extraction.md.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace
from decimal import Decimal

from price_parser import Price
from selectolax.lexbor import LexborHTMLParser, LexborNode

from collectors.models import Period, PricePlan
from collectors.pricing_grid import (
    PRICE_WORD,
    Cell,
    Grid,
    clean,
    div_grid,
    flat_grid,
    has_price,
    joined_header,
    plan_header_grid,
    table_grid,
    text_blocks,
)
from collectors.pricing_vocab import (
    BADGE_START,
    BARE_AMOUNT,
    BARE_CONTACT,
    CURRENCY_IN_HEADER,
    CUSTOM_LINE,
    CUSTOM_TEXT,
    DOT_GROUPING_CURRENCIES,
    FREE_LINE,
    FREE_WORD,
    NOT_A_PRICE,
    OWN_NAME,
    PLAN_WORD,
    PRICE_GLYPHS,
    PRICE_NOUN,
    PRICE_TEXT,
    RIBBON,
    TAIL_UNIT,
    TIME_UNITS,
    VOLUME_BAND,
    PageContext,
    amount_digits,
    currency_code,
    dimension_of,
    header_currency,
    header_period,
    own_tail_unit,
    price_matches,
    slug,
    stated_unit,
    tail_period,
    tail_unit,
    thousandths,
    unit_for,
    usage_unit,
    without_noted_ribbon,
    without_tag,
    zero_led,
)

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
HEADING_CLASS = re.compile(r"\bheading-h[1-6]\b|\bh[1-6]\b")
NOTE_TAGS = frozenset({"p", "span", "small", "em", "div", "li", "strong"})
MAX_LABEL = 80
FREE_CELL = re.compile(
    r"^(?:(?:completely|totally|always|100%)\s+free|free(?:\s+forever)?|forever\s+free|free of charge|"
    rf"limited[- ]time free|限时免费|限免|{FREE_WORD})$",
    re.I,
)
_FOOTNOTES = re.compile(r"[*†‡§¹²³⁴⁵⁶⁷⁸⁹⁰]+")
PRICE_HEADER = PRICE_WORD
UNIT_HEADER = re.compile(r"^(?:unit|billing unit|计费单位|单位|計費單位)$", re.I)
GROUP_HEADER = re.compile(
    r"^(?:地域|区域|地区|region|regions|location|zone|模型类别|类别|类型|category|type|kind|计费项|计费方式|"
    r"billing item)$",
    re.I,
)
"""Leading columns that group rows (a region over its models) rather than name them."""
NO_PRICE_CELL = re.compile(r"^(?:-+|—|–|/|\\|n/?a|不支持|暂无|不适用)$", re.I)
UNIT_DIMENSIONS = {"video": "video", "image": "image"}
"""Units that say what is priced: a cell priced "/ video" in a "Price" column prices video."""
TOKEN_UNITS = frozenset(
    {"1M tokens", "1K tokens", "1M tokens/hour", "1K tokens/hour", "1M characters", "1K characters"}
)
HEADING_DIMENSIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"train|fine[- ]?tun|训练|精调|微调", re.I), "training"),
    (re.compile(r"\bimage|图片|图像", re.I), "image"),
    (re.compile(r"\bvideo|视频", re.I), "video"),
    (
        re.compile(r"speech[- ]to[- ]text|\bstt\b|\basr\b|speech recognition|语音识别|语音转文字", re.I),
        "audio_input",
    ),
    (re.compile(r"语音合成|声音|音乐|\bmusic\b|\bspeech\b|text[- ]to[- ]speech|\btts\b", re.I), "audio_output"),
    (re.compile(r"\baudio\b|音频|语音", re.I), "audio_input"),
    (re.compile(r"web\s*search|\bsearch|搜索|联网", re.I), "search"),
)
"""What a heading over a table of "Price" columns prices: the kind of product it names ("Image generation
models" prices images; "generation" there is no output). Speech-to-text (STT, ASR, speech recognition) prices
the audio going in, before "speech" alone (text-to-speech) names audio coming out."""


def label_text(text: str) -> str:
    """A row label as a name: footnote markers ("*", "¹", a trailing "(1)"), a trailing link arrow ("↗",
    the mark of a link to the model's page, not part of its name), a ribbon set off by a mark ("Plus · most
    popular") and whitespace runs removed."""
    return without_noted_ribbon(_LINK_ARROW.sub("", _NOTE_REF.sub("", clean(_FOOTNOTES.sub("", text)))).strip(" :"))


_NOTE_REF = re.compile(r"\s*[(（]\d{1,2}[)）]\s*$")
_LINK_ARROW = re.compile(r"\s*[↗⇗➚↪]\uFE0E?\s*$")


@dataclass
class Context:
    """What precedes a table in the document: its heading and a note naming unit or currency."""

    heading: str | None = None
    unit: str | None = None
    currency: str | None = None
    outer: str | None = None
    """The heading of higher rank the table's own heading sits under ("Gemini 2.5 Pro" over "Standard")."""
    section: str | None = None
    """The section a table under the heading names its prices with, when it is not the heading alone."""


@dataclass(frozen=True)
class Column:
    header: str
    dimension: str | None
    unit: str | None
    currency: str | None
    priced: bool = False
    stated_unit: str | None = None
    """The unit the header itself names (not a note's)."""
    variant: str = ""
    """What tells this column from another pricing the same dimension ("Long context", "LoRA")."""
    period: Period | None = None
    """The billing period the header names ("Monthly price", "Jahrespreis"): a table of plans, not of usage."""
    by_cells: bool = False
    """Priced by its cells, not its header: the header ("720p", "Fast mode") names a variant, no dimension."""
    cells_unit: str | None = None
    """The one unit every priced cell under a header naming none states (`_units_of_cells`)."""


@dataclass(frozen=True)
class Sibling:
    """A grid that gave prices per unit of time: its label column's header and the one unit (and currency) of
    its prices. A later grid headed by the same label column ("GPU Model") whose price columns are headed only
    by what tells them apart ("Starting from", "Spot VM") prices in that unit: a GPU cloud's on-demand, reserved
    and spot grids state "per hour" once, on the first. Only a rate of time carries over: a model API's token
    tables name their unit in each, and a later grid of the same "Model" column may price images by size."""

    label: str
    unit: str
    currency: str | None


def _sibling(cells: Grid, header_rows: int, found: list[PricePlan]) -> Sibling | None:
    units = {plan.unit for plan in found}
    currencies = {plan.currency for plan in found}
    unit = units.pop() if len(units) == 1 else None
    label = clean(cells[0][0].text).casefold() if header_rows >= 1 and cells and cells[0] else ""
    if unit not in TIME_UNITS or not label:
        return None
    return Sibling(label, unit, currencies.pop() if len(currencies) == 1 else None)


def table_plans(tree: LexborHTMLParser, page: PageContext) -> tuple[list[PricePlan], list[LexborNode]]:
    """Every price of every price grid, and the grids that gave prices (so the plan-card reader, which
    runs after, does not take a table's section heading for a plan priced by its first cell)."""
    root = tree.body
    if root is None:
        return [], []
    plans: list[PricePlan] = []
    used: list[LexborNode] = []
    context = Context()
    header: Grid | None = None  # a header-only table waiting for its body table
    header_node: LexborNode | None = None
    ranks: dict[int, str] = {}  # the last heading of each rank above the current point
    first_outer: dict[str, str | None] = {}  # each heading's text -> the heading above it where first met
    consumed: set[int] = set()  # lines already read as part of a run of priced lines
    sibling: Sibling | None = None  # the last grid that gave prices in one unit
    panes = pane_names(root)
    tables: list[tuple[int, int]] = []  # where each `<table>`'s prices lie in `plans`
    hidden: set[int] = set()  # the tables among them kept out of sight
    for node in root.traverse():
        if node.mem_id in consumed or _within(node, used):
            continue
        tag = node.tag
        if tag in HEADINGS or _heading_like(node):
            text = clean(node.text(separator=" "))
            if text and len(text) <= 120:
                rank = _rank(node)
                ranks = {r: t for r, t in ranks.items() if r < rank}
                outer = ranks[max(ranks)] if ranks else None
                ranks[rank] = text
                context = Context(heading=text, outer=outer, section=_repeated_heading(text, outer, first_outer))
                if not price_matches(text):  # "Pricing (per 1M tokens, USD)": the unit of the table below
                    _note(node, context, page)
                header = None
        elif tag == "table" and _outermost(node):
            if against_others(context.heading):
                continue
            grid, header_rows = table_grid(node)
            if _costs_to_serve(grid):
                used.append(node)
                continue
            if grid and header_rows == len(grid):
                if heads := _head_cards(grid, context.heading, page):  # a body filled by script, never sent
                    plans.extend(heads)
                    used.append(node)
                    continue
                header, header_node = grid, node
                continue
            joined = joined_header(header, grid, header_rows)
            grid, header_rows = joined or (grid, header_rows)
            caption = node.css_first("caption")
            own = replace(context)
            if caption is not None:
                _note(caption, own, page)  # "CASH-IN (per transaction)": the unit of this table alone
            features = bool(header_rows) and not any(has_price(cell.text) for row in grid[header_rows:] for cell in row)
            found = _head_cards(grid[:header_rows], context.heading, page, over_features=True) if features else []
            if not found:  # else plans over a body of features: finko-en's "3+" under "Enterprise" (a count)
                found = _in_pane(
                    _in_section(read_grid(grid, header_rows, _section(caption, own), own, page, sibling), own),
                    node,
                    panes,
                )
                found = _banded(found, grid, header_rows)
            if found:
                sibling = _sibling(grid, header_rows, found) or sibling
                if _hidden_copy(node):
                    hidden.add(len(tables))
                tables.append((len(plans), len(plans) + len(found)))
                plans.extend(found)
                used.append(node)
                if joined and header_node is not None:
                    used.append(header_node)
            header = header_node = None
        elif tag == "section" and (flat := flat_grid(node)) is not None:
            if found := read_grid(flat, 1, context.heading, context, page, sibling):
                sibling = _sibling(flat, 1, found) or sibling
                plans.extend(found)
                used.append(node)
        elif tag in NOTE_TAGS and not _in_table(node):
            if tag == "div" and against_others(context.heading) and div_grid(node, None, _price_row_label):
                used.append(node)  # sanadorvirtual-es's grid under "Comparación de Costos": a clinic's cost beside ours
                continue
            rows = div_grid(node, sibling.label if sibling else None, _price_row_label) if tag == "div" else None
            holder = None
            if rows is None and tag == "div" and (headed := plan_header_grid(node)) is not None:
                rows, holder = headed
            if rows is None and tag == "div":
                rows = flat_grid(node)
            found = read_grid(rows, 1, context.heading, context, page, sibling) if rows else []
            if found and rows:
                sibling = _sibling(rows, 1, found) or sibling
            if not rows and tag == "div":
                found = column_plan_grid(node, page)
            run = [] if found else line_run(node)
            nodes = [n for _, _, group in run for n in group] or [holder if found and holder else node]
            if run:
                found = _read_transposed(
                    [[Cell(label), Cell(" ".join(lines), lines=tuple(lines))] for label, lines, _ in run],
                    ["", ""],
                    context.heading,
                    context,
                    page,
                    context.currency,
                    context.unit,
                    lead=1,
                )
                consumed.update(n.mem_id for n in nodes)
            if found:
                plans.extend(found)
                used.extend(nodes)
            else:
                _note(node, context, page)
    return _without_hidden_copies(plans, tables, hidden), used


def _price_key(plan: PricePlan) -> tuple[str, str, float | None, str | None, str | None]:
    return (plan.plan.casefold(), plan.dimension, plan.amount, plan.currency, plan.unit)


def _without_hidden_copies(plans: list[PricePlan], tables: list[tuple[int, int]], hidden: set[int]) -> list[PricePlan]:
    """Drop a table kept out of sight every price of which a table in sight shows too: a copy for another
    layout (Together's `div.hide` on-demand table, restated by the visible table of on-demand and reserved
    rates) prices nothing of its own. A hidden table with prices of its own (a toggle's other side) stays, and
    so do tables in sight that restate each other (OpenAI's Flex and Batch rates)."""
    keys = [{_price_key(plan) for plan in plans[start:end]} for start, end in tables]
    shown = set().union(*(own for index, own in enumerate(keys) if index not in hidden))
    dropped = [index for index in hidden if keys[index] <= shown]
    if not dropped:
        return plans
    gone = {i for index in dropped for i in range(*tables[index])}
    return [plan for i, plan in enumerate(plans) if i not in gone]


HIDING_CLASS = re.compile(r"(?:^|\s)(?:hide|hidden|d-none|is-hidden)(?:\s|$)")
MAX_HIDING_DEPTH = 6


def _hidden_copy(table: LexborNode) -> bool:
    """Whether the table or a near ancestor is hidden by its class or style (Webflow's `hide`, `d-none`)."""
    node: LexborNode | None = table
    for _ in range(MAX_HIDING_DEPTH):
        if node is None:
            return False
        style = (node.attributes.get("style") or "").replace(" ", "")
        if HIDING_CLASS.search(node.attributes.get("class") or "") or "display:none" in style:
            return True
        node = node.parent
    return False


PANE_CLASS = re.compile(r"(?:^|\s)(?:tab-?pane|tab-?panel|tabs?__panel|tab-content-item)(?:\s|$)", re.I)
TAB_KEYS = ("data-value", "data-tab", "data-pane", "data-target")
MAX_PANE_NAME = 40


def pane_names(root: LexborNode) -> dict[int, str]:
    """Each switchable pane of the page (`role="tabpanel"`, a `tab-pane` class, a `data-…-pane` attribute) by
    `mem_id`, with the name of the tab that shows it: the element its `aria-labelledby` names, else the control
    pointing at its id (`aria-controls`, `href="#…"`), else the control sharing its `data-value`. OpenAI's
    Standard / Batch / Flex / Priority panes hold the same model tables at other prices; the pane's name is
    what tells one table's entries from another's (and two panes that happen to show the same figure from a
    repeat)."""
    panes = [node for node in root.css("[role], [class], [data-value], [data-tab]") if _pane(node)]
    if not panes:
        return {}
    names = _named_in_order(root, panes)
    texts: dict[str, str] = {}
    for control in root.css("button, a, li, [role=tab], [role=radio], [id]"):
        text = clean(control.text(separator=" "))
        if not text or len(text) > MAX_PANE_NAME:
            continue
        attrs = control.attributes
        for key in ("id", "aria-controls", *TAB_KEYS):
            if attrs.get(key):
                texts.setdefault(f"{key}={(attrs.get(key) or '').strip()}", text)
        if (attrs.get("href") or "").startswith("#"):
            texts.setdefault(f"aria-controls={(attrs.get('href') or '')[1:]}", text)
    for pane in panes:
        attrs = pane.attributes
        keys = [f"id={label}" for label in (attrs.get("aria-labelledby") or "").split()]
        keys += [f"aria-controls={(attrs.get('id') or '').strip()}"] if attrs.get("id") else []
        keys += [f"{key}={(attrs.get(key) or '').strip()}" for key in TAB_KEYS if attrs.get(key)]
        name = next((texts[key] for key in keys if key in texts), None)
        if name:
            names[pane.mem_id] = name
    return names


TAB_PART = re.compile(
    r"^(?P<block>[\w-]*?tabs?)(?:__|-|_)(?P<part>item|tab|trigger|btn|button|pane|panel|cont|content)$", re.I
)
"""A class naming a part of a tabs block (BEM `tse-tabs__item`, `tse-tabs__cont`): its tabs and its panes."""
TAB_ITEM = frozenset({"item", "tab", "trigger", "btn", "button"})


def _named_in_order(root: LexborNode, panes: list[LexborNode]) -> dict[int, str]:
    """Panes that say nothing of their tab (no id, no value, no label) but sit in a tabs block whose tabs are
    as many: the n-th tab names the n-th pane (Tencent Cloud's Singapore / Guangzhou / Silicon Valley tabs over
    three `tse-tabs__cont` panes of the same model tables)."""
    items: dict[str, list[LexborNode]] = {}
    groups: dict[tuple[str, int], list[LexborNode]] = {}
    for node in panes:
        for token in (node.attributes.get("class") or "").split():
            match = TAB_PART.match(token)
            if match and match.group("part").casefold() not in TAB_ITEM:
                parent = node.parent
                groups.setdefault((match.group("block").casefold(), parent.mem_id if parent else 0), []).append(node)
    if not groups:
        return {}
    blocks = {block for block, _ in groups}
    for node in root.css("[class]"):
        for token in (node.attributes.get("class") or "").split():
            match = TAB_PART.match(token)
            if match and match.group("part").casefold() in TAB_ITEM and match.group("block").casefold() in blocks:
                items.setdefault(match.group("block").casefold(), []).append(node)
    names: dict[int, str] = {}
    for (block, _), group in groups.items():
        tabs = items.get(block, [])
        if len(group) < 2 or len(tabs) != len(group):
            continue
        for pane, tab in zip(group, tabs, strict=True):
            text = clean(tab.text(separator=" "))
            if text and len(text) <= MAX_PANE_NAME:
                names[pane.mem_id] = text
    return names


def _pane(node: LexborNode) -> bool:
    attrs = node.attributes
    return (
        (attrs.get("role") or "").strip().casefold() == "tabpanel"
        or bool(PANE_CLASS.search(attrs.get("class") or ""))
        or any(
            (m := TAB_PART.match(token)) is not None and m.group("part").casefold() not in TAB_ITEM
            for token in (attrs.get("class") or "").split()
        )
        or any(key.startswith("data-") and key.endswith("-pane") for key in attrs)
    )


def _in_pane(plans: list[PricePlan], node: LexborNode, panes: dict[int, str]) -> list[PricePlan]:
    """A table's prices named with the pane it sits in ("Batch · Flagship models"), see `pane_names`."""
    if not plans or not panes:
        return plans
    parent = node.parent
    while parent is not None and parent.mem_id not in panes:
        parent = parent.parent
    if parent is None:
        return plans
    name = panes[parent.mem_id]
    return [p.model_copy(update={"section": f"{name} · {p.section}" if p.section else name}) for p in plans]


MAX_COLUMN_NAME = 30


def column_plan_grid(node: LexborNode, page: PageContext) -> list[PricePlan]:
    """A plan grid of `<div>` rows with no label column (Docusaurus `div.row` / `div.col`): a first row of 2 to
    7 short plan names, every row of as many `<div>` cells, and one row whose every cell shows one price or asks
    to get in touch ("$50/month" | "$1,250/month" | "Talk to an Expert" | "Talk to an Expert"); no other row
    shows a price. Each column's plan is priced by its cell of that row, a contact cell a custom plan."""
    rows = [child for child in node.iter() if child.tag not in ("-text", "-comment", "br")]
    if len(rows) < 3 or any(row.tag != "div" for row in rows):
        return []
    cells = [[c for c in row.iter() if c.tag not in ("-text", "-comment", "br")] for row in rows]
    count = len(cells[0])
    if not 2 <= count <= 7 or any(len(row) != count or any(c.tag != "div" for c in row) for row in cells):
        return []
    names = [clean(cell.text(separator=" ")) for cell in cells[0]]
    if not all(0 < len(name) <= MAX_COLUMN_NAME and not has_price(name) for name in names):
        return []
    texts = [[clean(cell.text(separator=" ")) for cell in row] for row in cells[1:]]
    priced = [row for row in texts if any(has_price(text) for text in row)]
    if len(priced) != 1:
        return []
    row = priced[0]
    if not all(len(price_matches(text)) == 1 or (not has_price(text) and CUSTOM_TEXT.search(text)) for text in row):
        return []
    plans: list[PricePlan] = []
    for name, text in zip(names, row, strict=True):
        if has_price(text):
            plans.extend(_named_cell_prices(name, text, None, page))
        else:
            plans.append(_custom_plan(name))
    return plans


AGAINST_OTHERS = re.compile(
    r"\b(?:compared\s+(?:to|with|against)|compares\s+(?:to|with)|how\s+(?:it|we)\s+compare|"
    r"how\s+[^\W\d_][\w.-]*(?:\s+[^\W\d_][\w.-]*)?\s+compares\s*$|"
    r"(?:vs\.?|versus)\s+(?:the\s+)?(?:competition|competitors|alternatives|others)|"
    r"in\s+comparison\s+(?:to|with)|verglichen\s+mit|im\s+vergleich\s+(?:zu|mit)|"
    r"compar[ée]\s+(?:à|aux?|avec)|(?:cost|price)\s+comparison|comparaci[óo]n\s+de\s+(?:costos|costes|precios)|"
    r"compara[çc][ãa]o\s+de\s+(?:custos|pre[çc]os)|comparaison\s+des\s+(?:co[ûu]ts|prix)|kostenvergleich)\b",
    re.I,
)


def against_others(heading: str | None) -> bool:
    """A heading setting the product against something else ("Compared to traditional pentesting"): the table
    under it sets an outside offer's cost beside the product's ("Cost | £15,000–£30,000 | From £10"), a worked
    comparison, not plans; a heading naming plans ("Compared with other plans") still heads a plan table."""
    return bool(heading and AGAINST_OTHERS.search(heading) and not PLAN_WORD.search(heading))


BAND_HEADER = re.compile(
    r"^(?P<noun>[^\W\d_][^\W\d_\s-]*(?:\s+[^\W\d_]+)?)\s+(?:range|tiers?|bands?|volume)\s*(?:\((?P<unit>[^()]+)\))?$",
    re.I,
)
"""A label column's header naming what its bands count ("Bandwidth Range (GB)", "Storage tiers (TB)")."""


def _banded(found: list[PricePlan], grid: Grid, header_rows: int) -> list[PricePlan]:
    """A table whose rows are named by quantity bands under a header saying what they count (cocreate-en's
    "Bandwidth Range (GB)" over "0 - 1", "2 - 10", …, beside "Rate ($)"): one rate, named by that noun and priced
    per its unit, each band a tier of it in the section, not plans named "0 - 1" and "2 - 10"."""
    if not header_rows or len(found) < 2 or not grid[header_rows - 1]:
        return found
    header = BAND_HEADER.match(grid[header_rows - 1][0].text.strip())
    if header is None or not all(VOLUME_BAND.match(p.plan.strip()) for p in found):
        return found
    unit = usage_unit(f"per {header['unit']}") if header["unit"] else None
    return [p.model_copy(update={"plan": header["noun"], "section": p.plan, "unit": unit or p.unit}) for p in found]


SERVING_COST = re.compile(r"\b(?:cost\s+to\s+serve|gross\s+margin|cogs)\b", re.I)


def _costs_to_serve(grid: Grid) -> bool:
    """A table a row of which is what serving a customer costs the seller or the margin left ("Cost to serve",
    "Price · gross margin": objectivedone-en's "What a Premium member costs", its usage priced at unit costs):
    the seller's own economics laid open, no price a customer pays."""
    return any(row and SERVING_COST.search(row[0].text) for row in grid)


def _in_section(plans: list[PricePlan], context: Context) -> list[PricePlan]:
    """A table's prices named with the section of a repeated heading (`_repeated_heading`) in place of the
    heading alone; the model names the heading may have given stay as they are."""
    heading, section = context.heading, context.section
    if not heading or not section or section == heading:
        return plans
    return [
        p.model_copy(update={"section": section + p.section[len(heading) :]})
        if p.section and p.section.startswith(heading)
        else p
        for p in plans
    ]


def _repeated_heading(text: str, outer: str | None, first_outer: dict[str, str | None]) -> str:
    """A heading met again under another heading of higher rank ("Pay-as-you-go" under "Text Generation",
    then under "Deep Thinking") is named with that one ("Deep Thinking · Pay-as-you-go"): the tables under
    it are other sections, so the same model priced in both is two entries, not one seen twice."""
    seen = first_outer.setdefault(text, outer)
    return f"{outer} · {text}" if outer and seen != outer else text


def _rank(node: LexborNode) -> int:
    """A heading's rank: h1..h6, a `heading-hN` class, `aria-level`; a plain `role="heading"` ranks as h2."""
    if node.tag in HEADINGS:
        return int(node.tag[1])
    found = re.search(r"\bh(?:eading-h)?([1-6])\b", node.attributes.get("class") or "")
    level = found.group(1) if found else node.attributes.get("aria-level") or "2"
    return int(level) if level.isdigit() else 2


LINE_TAGS = frozenset({"p", "div", "li", "span", "dt", "dd"})
MAX_LINE = 120


def line_run(node: LexborNode) -> list[tuple[str, list[str], list[LexborNode]]]:
    """Prices drawn as loose lines, no table and no cards: a line naming a dimension ("Input price"), then
    the lines of its prices ("Free of charge", "$1.25, prompts <= 200k tokens"), then the next dimension,
    as siblings. Read from the first dimension line, as (label, price lines, nodes), when at least two
    dimensions are priced that way; [] otherwise."""
    run: list[tuple[str, list[str], list[LexborNode]]] = []
    current: LexborNode | None = node
    while current is not None:
        text = _line_text(current)
        if text is None or has_price(text) or not _dimension_line(text):
            break
        prices: list[str] = []
        nodes = [current]
        sibling = _next_element(current)
        while sibling is not None and (line := _line_text(sibling)) is not None and _price_line(line):
            prices.append(line)
            nodes.append(sibling)
            sibling = _next_element(sibling)
        if not prices:
            break
        run.append((text, prices, nodes))
        current = sibling
    return run if len(run) >= 2 else []


def _line_text(node: LexborNode) -> str | None:
    """The text of an element that is one line (no block inside it), short enough to be a label or a price."""
    if node.tag not in LINE_TAGS:
        return None
    blocks = text_blocks(node)
    if len(blocks) != 1 or len(blocks[0]) > MAX_LINE:
        return None
    return blocks[0]


def _dimension_line(text: str) -> bool:
    dimension = dimension_of(text)
    return dimension is not None and dimension != OWN_NAME and not NOT_A_PRICE.search(text) and len(text) <= MAX_LABEL


def _price_line(text: str) -> bool:
    return has_price(text) or bool(FREE_CELL.match(label_text(text)))


def _next_element(node: LexborNode) -> LexborNode | None:
    sibling = node.next
    while sibling is not None and sibling.tag in ("-text", "-comment"):
        if sibling.tag == "-text" and clean(sibling.text()):
            return None  # loose text between the lines: not a run of lines
        sibling = sibling.next
    return sibling


def _section(caption: LexborNode | None, context: Context) -> str | None:
    text = clean(caption.text(separator=" ")) if caption is not None else ""
    return text or context.heading


def _heading_like(node: LexborNode) -> bool:
    """Editors that draw headings with classed `div`s (`heading-h2`) or ARIA (`role="heading"`)."""
    if node.attributes.get("role") == "heading":
        return True
    return node.tag == "div" and bool(HEADING_CLASS.search(node.attributes.get("class") or ""))


def has_ancestor(node: LexborNode, ids: set[int]) -> bool:
    """Whether one of `node`'s ancestors is among the nodes `ids` (their `mem_id`s)."""
    parent = node.parent
    while parent is not None:
        if parent.mem_id in ids:
            return True
        parent = parent.parent
    return False


def _within(node: LexborNode, used: list[LexborNode]) -> bool:
    return bool(used) and has_ancestor(node, {u.mem_id for u in used})


def _outermost(table: LexborNode) -> bool:
    return not _in_table(table)


def _in_table(node: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.tag == "table":
            return True
        parent = parent.parent
    return False


PER_NOUN_NOTE = re.compile(r"[(（](?P<per>per\s+[^\W\d_]+)[)）]\s*$", re.I)
"""A title ending in what its prices are per, in brackets ("CASH-IN (per transaction)"): the table's unit."""


def _note(node: LexborNode, context: Context, page: PageContext) -> None:
    """A short text before a table ("Prices are per 1M tokens, in USD") sets its default unit/currency."""
    text = clean(node.text(separator=" "))
    if not text or len(text) > 200 or node.css_first("table") is not None:
        return
    said = PER_NOUN_NOTE.search(text)
    unit = usage_unit(text) or (tail_unit(f" {said.group('per')}") if said else None)
    if unit and re.search(
        r"\b(?:per|price|prices|pricing|pre[çc]os?|precios?|prezz[oi]|prix|preise?|por|pro)\b|价格|单价|計|/",
        text,
        re.I,
    ):
        context.unit = unit
        context.currency = header_currency(text, page.yen) or context.currency


# -- reading one grid ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """How a grid's columns are read: which one labels the rows, which say the unit or a variant."""

    label: int
    unit: int | None
    variants: tuple[int, ...]
    row_dimensions: tuple[int, ...]
    """Columns naming each row's dimension ("计费项: 文本输入", "子项: 命中缓存") for columns that only say
    "Price" or name a variant ("在线推理")."""
    described: tuple[int, ...] = ()
    """Columns saying what each model makes ("图像生成", "文生视频"): the dimension of a price per request."""


def read_grid(
    cells: Grid,
    header_rows: int,
    section: str | None,
    context: Context,
    page: PageContext,
    sibling: Sibling | None = None,
) -> list[PricePlan]:
    if not cells:
        return []
    if header_rows == 0 and len(cells) > 1 and not any(has_price(c.text) for c in cells[0][1:]):
        header_rows = 1  # a first row of <td> labels without a single price is the header all the same
    header_rows = _price_row_in_head(cells, _continued_header(cells, header_rows))
    width = max(len(row) for row in cells)
    head = cells[:header_rows]
    headers = [_column_header(head, col) for col in range(width)]
    leaves = [_leaf_header(head, col) for col in range(width)]
    body = [row for row in cells[header_rows:] if any(c.text for c in row)]
    if not body or any(SPEND_TIER_HEADER.search(h) for h in headers):
        return []
    texts = [[c.text for c in row] for row in body]
    default_currency = header_currency(f"{section or ''} {' '.join(headers)}", page.yen) or context.currency
    if _transposed(texts, headers):
        default_unit = usage_unit(" ".join(headers[1:])) or context.unit
        return _read_transposed(body, headers, section, context, page, default_currency, default_unit)
    label_unit = usage_unit(headers[0]) if headers[0] and not PRICE_WORD.match(headers[0]) else None
    unit = context.unit or label_unit  # "Hardware · All prices per gpu per hour": the label header's note
    columns = _lower_bounds_priced(
        _shared_token_unit([_column(headers[c], leaves[c], page, default_currency, unit) for c in range(width)])
    )
    if (
        not any(c.priced for c in columns)
        and sibling is not None
        and headers[0].casefold() == sibling.label
        and _heading_dimension(section or "") is None
    ):
        columns = _sibling_columns(columns, body, sibling)
    if not any(c.priced for c in columns) and (head_plans := _header_price_plans(headers, section, page)):
        return head_plans
    plan_headers = _under_one_group(headers, leaves)
    if not any(c.priced for c in columns) and (row_plans := _price_row_plans(body, plan_headers, section, page)):
        return row_plans
    if not any(c.priced for c in columns) and (usage := _usage_row_plans(body, headers, section, page)):
        return usage
    columns = _priced_by_unit_column(body, columns, headers, page)
    if not _any_priced_cell(body, columns):
        bare = unit is not None or _heading_dimension(section or "") is not None
        columns = _priced_by_cells(body, columns, bare, headerless=header_rows == 0 and len(body) > 1)
    columns = _with_variants(_units_of_cells(body, columns), head)
    layout = _layout(body, columns, headers)
    plans = _read_rows(body, columns, layout, section, page)
    return _fill_free_currency(_without_pack_rates(plans))


def _without_pack_rates(plans: list[PricePlan]) -> list[PricePlan]:
    """A pack's price per piece beside its whole price ("1,000 Videos | $79 | ~$0.079"): the one divided by the
    count, a restatement; dropped when the count times it comes within rounding of the pack's price."""
    wholes: dict[str, list[float]] = {}
    for plan in plans:
        if plan.unit is None and plan.amount and PACK_LABEL.match(plan.plan):
            wholes.setdefault(plan.plan, []).append(plan.amount)
    if not wholes:
        return plans

    def restated(plan: PricePlan) -> bool:
        counted = PACK_LABEL.match(plan.plan)
        if plan.unit is None or not plan.amount or plan.plan not in wholes or counted is None:
            return False
        count = float(re.sub(r"[,.\s]", "", counted["count"]))
        return any(abs(plan.amount * count - whole) <= whole * PACK_ROUNDING for whole in wholes[plan.plan])

    return [plan for plan in plans if not restated(plan)]


PACK_ROUNDING = 0.1


SPEND_TIER_HEADER = re.compile(r"\b(?:qualification|(?:spend|invoicing|usage)\s+threshold)s?\b|消费门槛|累计消费", re.I)
"""A usage-tier table ("Tier 1 | $100 paid | $100"): its amounts are what one must have spent to reach a
tier's rate limits, not what anything costs."""


def _lower_bounds_priced(columns: list[Column]) -> list[Column]:
    """A column headed only by a lower bound's lead word ("As low as") beside a price column ("List Price") is
    the same price at its best terms: priced, in the price column's unit, and so is one headed only by a way of
    renting ("Spot") beside a rate column ("Hourly"). Alone, either says nothing of what it holds, and is left to
    the readers of unheaded prices."""
    priced = [c for c in columns if c.priced and c.dimension in (None, "price")]
    if not priced:
        return columns
    unit = priced[0].unit
    return [
        replace(c, priced=True, unit=c.unit or unit)
        if not c.priced and LOWER_BOUND_HEADER.match(c.header)
        else replace(c, priced=True, unit=unit, by_cells=True, variant=c.header)
        if not c.priced and unit and BARE_VARIANT_HEADER.match(c.header)
        else c
        for c in columns
    ]


BARE_VARIANT_HEADER = re.compile(r"^\s*(?:on[- ]demand|spot|reserved|preemptible|interruptible)\s*\**\s*$", re.I)
"""A header that is only a way of renting ("Spot" beside "Hourly"): beside a rate column, the row's price on those
terms, in that column's unit of time."""


TOKEN_DIMENSIONS = re.compile(r"^(?:input|cached_input|output|cache_write(?:_\w+)?)$")
"""Dimensions priced per tokens: the columns of one model table that share a token unit."""


def _shared_token_unit(columns: list[Column]) -> list[Column]:
    """A token column naming no unit ("Cached input") between columns that all name one ("Input, per 1M tokens",
    "Output, per 1M tokens") is priced per that unit: a table prices its tokens in one unit, and its header
    says so where there is room, or once over the label column ("Model (Price per 1 million tokens)", Crusoe).
    Two different units among them, or none, and nothing is filled in."""
    stated = {c.unit for c in columns if c.priced and c.dimension and TOKEN_DIMENSIONS.match(c.dimension) and c.unit}
    if columns and columns[0].dimension is None and columns[0].stated_unit in TOKEN_UNITS:
        stated.add(columns[0].stated_unit)
    if len(stated) != 1 or not stated <= TOKEN_UNITS:
        return columns
    unit = stated.pop()
    return [
        replace(c, unit=unit)
        if c.priced and c.unit is None and c.dimension and TOKEN_DIMENSIONS.match(c.dimension)
        else c
        for c in columns
    ]


def _units_of_cells(body: Grid, columns: list[Column]) -> list[Column]:
    """A price column whose header names no unit, where every priced cell states one and the same unit ("0.1 元 /
    百万Tokens" down a column headed "单价"): a cell there saying only "免费" is free per that unit, as its
    neighbours are priced, not per the unit of a note before the table ("其它模型均按照每千 tokens 为单位计费")."""
    out: list[Column] = []
    for col, column in enumerate(columns):
        units: list[str | None] = []
        if column.priced and column.stated_unit is None:
            for row in body:
                match = PRICE_TEXT.search(row[col].text) if col < len(row) else None
                if match is not None:
                    units.append(_tail_unit(match.group("tail")))
        stated = set(units)
        if len(units) >= MIN_SHARED_UNIT and len(stated) == 1 and None not in stated:
            column = replace(column, cells_unit=units[0])
        out.append(column)
    return out


MIN_SHARED_UNIT = 2


PRICE_ROW = re.compile(
    r"^(?:(?:monthly|yearly|annual|one[- ]time)\s+(?=price|cost|fee))?"
    r"(?:price|prices|pricing|cost|plan\s+price|preis|preise|kosten|prix|tarifs?|precio|precios|prezzo|prezzi|"
    r"preço|preços|prijs|fiyat|料金|価格|価格（税込）|价格|價格|定价|定價|费用|費用|요금|가격|구독료|이용료|"
    r"subscription|subscription\s+fee|मूल्य|मूल्य निर्धारण|कीमत)$",
    re.I,
)
"""The label of a plan comparison table's row that says what each plan costs ("Price", "料金", "मूल्य निर्धारण",
"Subscription", "구독료"), maybe after its period ("Monthly price", cottect-en)."""
MAX_PLAN_HEADER = 40


def _price_row_plans(body: Grid, headers: list[str], section: str | None, page: PageContext) -> list[PricePlan]:
    """A comparison table of plans as columns ("Feature | Free | Pro") that prices none of its columns: its row
    labelled "Price" gives each plan's prices, every one its cell shows with the period it says ("$4.99/month
    or $39.99/year" is two prices, the yearly one per year, not a second monthly price) and the unit it says
    ("$50/developer"), or else the words leading its line ("월 단위 결제: 30,000원", "Billed yearly: $360"); a cell
    saying free ("무료(기본)", its tag in brackets aside) is a free price in the currency of the row's other prices,
    and one asking to get in touch ("Contact", "Custom") a custom plan. A column's tag in brackets ("Studio (即将)",
    "Agency (coming soon)") is no part of its name. A body of one row priced in every cell after its label is the
    price row, whatever the label says (buzzhire-en's "Less than 1 year | £7.25 | £7.50")."""
    names = [without_tag(label_text(h)) for h in headers]
    if len([n for n in names[1:] if n]) < 2 or any(len(n) > MAX_PLAN_HEADER or has_price(n) for n in names[1:]):
        return []
    row = next((r for r in body if r and _price_row_label(r[0].text)), None)
    first = 1
    priced_rows = [r for r in body if _all_priced(r)]
    if row is None and len(priced_rows) == 1 and all(n and not re.search(r"\d", n) for n in names):
        row, first = priced_rows[0], 0  # "Open Source | Premium" over "$0 | $199": one price row, no label column
    if row is None and len(body) == 1 and _all_priced(body[0][1:]):
        row = body[0]  # "Less than 1 year | £7.25 | £7.50" under "Experience | No vehicle | Bicycle Driver"
    if row is None:
        unlabelled = [r for r in body if r and not r[0].text.strip() and _priced_or_free(r[1:])]
        row = unlabelled[0] if len(unlabelled) == 1 else None  # " | FREE | 10 USD / user / year" under the ticks
    if row is None:
        return []
    plans: list[PricePlan] = []
    for col, cell in enumerate(row[first:], start=first):
        name = names[col] if col < len(names) else ""
        if not name:
            continue
        if _free_cell(TRAILING_BRACKET.sub("", label_text(cell.text))):
            plans.append(_free_plan(name, section))
            continue
        if not has_price(cell.text) and _asks_in_touch(label_text(cell.text)):
            plans.append(_custom_plan(name))  # "Contact" where the other plans' prices stand
            continue
        for line in cell.lines or (cell.text,):
            plans.extend(_named_cell_prices(name, line, section, page))
    return _fill_free_currency(plans)


def _under_one_group(headers: list[str], leaves: list[str]) -> list[str]:
    """The columns' headers, or their lowest rows' where one header spans every column but the label's ("Drivers"
    over "No vehicle | Bicycle Driver | Car Driver"): a group the plans share, no part of each one's name."""
    pairs = zip(headers[1:], leaves[1:], strict=True)
    groups = {header[: -len(leaf)].strip() if leaf and header.endswith(leaf) else None for header, leaf in pairs}
    if len(headers) < 3 or len(groups) != 1 or not next(iter(groups)):
        return headers
    return [headers[0], *leaves[1:]]


def _all_priced(row: list[Cell]) -> bool:
    """Whether every cell of a row with no label shows a price ("$0 | $199 per month | $1,999 per month"): the
    price row of a table of plan columns with no label column, under a header row of plan names only. A table
    of several such rows works costs through ("$500 job | $40 | $15 | $25" under "Free (8%) | Pro (3%)")."""
    return len(row) >= MIN_PLAN_COLUMNS and all(has_price(cell.text) for cell in row)


MIN_PLAN_COLUMNS = 2


def _priced_or_free(row: list[Cell]) -> bool:
    """Whether every cell of a row shows a price, says free or asks to get in touch, one at least a price (yies-en's
    last row under its ticks, its label cell blank: "FREE | 10 USD / user / year"; istrav-en's buttons "FREE | $99
    | $599 | Contact Us"): the price row of a comparison of plan columns."""
    texts = [label_text(cell.text) for cell in row]
    return (
        len(row) >= MIN_PLAN_COLUMNS
        and any(has_price(text) for text in texts)
        and all(has_price(text) or _free_cell(text) or _asks_in_touch(text) for text in texts)
    )


USAGE_TAIL = re.compile(
    r"^\s*per\s+(?:additional\s+)?(?:(?P<count>[\d,]+|million|thousand)\s*(?P<million>million\b)?)?"
    r"\s*(?P<noun>[^\W\d_][\w ]*?)?\s*$",
    re.I,
)
TIME_NOUN = re.compile(r"^(?:days?|weeks?|months?|years?|hours?|minutes?)$", re.I)


def _usage_unit(tail: str, label: str) -> str | None:
    """The unit of a usage price's tail ("per GB" is `gb`, "per 1000 origin images" `1K origin images`); a count
    without a noun counts the row label's last noun ("500, then $10 per 1000" under "Concurrent Peak Connections"
    is per `1K connections`); a span of time ("per 7 days") is no unit."""
    tail = re.split(r"\s+per\s+(?:month|year|project)\b|[,;]", tail, maxsplit=1)[0]
    match = USAGE_TAIL.match(tail)
    if match is None:
        return None
    noun = (match.group("noun") or "").strip()
    if TIME_NOUN.match(noun.split(" ")[-1] if noun else ""):
        return None
    count = (match.group("count") or "").casefold().replace(",", "")
    if not count:
        return noun.casefold() or None
    if not noun:
        words = re.findall(r"[^\W\d_]+", re.split(r"\s+per\s+", label, flags=re.I)[0])
        noun = words[-1].casefold() if words else ""
    scale = {"1000": "1K", "thousand": "1K", "million": "1M", "1000000": "1M"}.get(count, count)
    if match.group("million"):
        scale = f"{count}M" if count.isdigit() else "1M"
    return f"{scale} {noun.casefold()}".strip() if noun else None


def _usage_row_plans(body: Grid, headers: list[str], section: str | None, page: PageContext) -> list[PricePlan]:
    """A comparison grid of plans as columns ("Feature by | Free | Pro | Enterprise") that prices none of its
    columns and has no "Price" row: each row whose cell shows one price with "per" a unit after it ("8 GB, then
    $0.125 per GB") gives the column's plan a usage price, the unit from the tail (`_usage_unit`); a cell of ticks,
    limits or words ("500 MB", "Unlimited", "Custom") gives nothing. Each is a usage price unless its tail names a
    period ("$10 per domain per month"): "$100 per 7 days" is charged per use, on top of the plan's price."""
    names = [without_tag(label_text(h)) for h in headers]
    if len([n for n in names[1:] if n]) < 2 or any(len(n) > MAX_PLAN_HEADER or has_price(n) for n in names[1:]):
        return []
    plans: list[PricePlan] = []
    for row in body:
        label = label_text(row[0].text) if row else ""
        for col, cell in enumerate(row[1:], start=1):
            name = names[col] if col < len(names) else ""
            found = list(price_matches(cell.text))
            if not name or len(found) != 1:
                continue
            match = found[0]
            amount = parse_number(
                match.group("amt") or match.group("amt2"),
                sign_after=match.group("cur2"),
                sign_before=match.group("cur"),
            )
            tail = match.group("tail")
            if amount is None or not re.match(r"\s*per\s", tail, re.I):
                continue
            unit = _usage_unit(tail, label)
            period = tail_period(tail)
            plans.append(
                PricePlan(
                    plan=name,
                    dimension="price",
                    amount=float(amount.normalize()),
                    currency=currency_code(match.group("cur") or match.group("cur2"), page.yen),
                    period=period or "usage",
                    unit=unit,
                    method="table",
                    section=section,
                )
            )
    return plans


HEADER_PRICE = re.compile(r"^(?P<name>[^()（）]{1,40}?)\s*[(（](?P<price>[^()（）]{1,30})[)）]$")


def _head_cards(head: Grid, section: str | None, page: PageContext, over_features: bool = False) -> list[PricePlan]:
    """A table of only its header row whose cells are plan cards (`th` > "Standard" over "$20/month" over "Perfect
    for Artesians" | ... | "Enterprise" over "Custom"), its body of features left for script to fill or holding no
    price (internocore-es's "Plan Operativo" over "$45 USD/mes" heading a comparison of features): each cell
    names a plan by its first block and prices it by every price of the rest ("3,99€/mese oppure 29,99€/anno"), a
    call to get in touch a custom plan. Two or more cells must show a price, or over features one beside a cell
    naming a free plan (`_free_named`), and no cell's name one. Over a body of features (`over_features`) a cell
    setting its price under its name with a line break in one block is read so too (`_broken_name`); a table of
    only its header row, flowdesq-en's restating the cards above it in rounder figures, is not."""
    cells = [_under_ribbon(_broken_name(cell) if over_features else cell) for cell in head[-1] if cell.text]
    if any(has_price(cell.name) for cell in cells):
        return []
    priced = [cell for cell in cells if has_price(cell.rest)]
    free = [cell for cell in cells if over_features and _free_named(cell)]
    if len(priced) < MIN_HEAD_CARDS and not (priced and free):
        return []
    plans: list[PricePlan] = []
    for cell in cells:
        if has_price(cell.rest):
            plans.extend(_named_cell_prices(cell.name, cell.rest, section, page))
        elif any(_asks_in_touch(line) for line in cell.lines[1:2]):
            plans.append(_custom_plan(cell.name))
        elif FREE_LINE.match(label_text(cell.text)) or cell in free:  # "Free" beside "Premium" over "(£10/month)"
            plans.append(_free_plan(label_text(cell.text), section))
    return plans


def _free_named(cell: Cell) -> bool:
    """A head cell saying only a name with the word for free in it ("Piano Gratuito" beside "Piano Pro" over
    "3,99€/mese", kolay-it): the free plan of a comparison pricing its other plan, with no currency, as a card
    saying free in words has none."""
    if cell.rest or len(cell.lines) > 1 or has_price(cell.text):
        return False  # "Open Source" over "Free": a name, and a line saying its price, read as cards read them
    return FREE_NAME.search(label_text(cell.text)) is not None


FREE_NAME = re.compile(rf"(?<![^\W\d_]){FREE_WORD}(?![^\W\d_])", re.I)
"""The word for free as a word of a name ("Piano Gratuito"), not inside another ("Freelancer")."""


MIN_HEAD_CARDS = 2


def _broken_name(cell: Cell) -> Cell:
    """A head cell whose name and price one block holds, a line break between them (finko-en's `<th>Standard<br><span
    class="fw-normal">$3.99/mo</span></th>`, and "Enterprise" over "Custom Pricing"): named by its first line and
    priced by the lines under it."""
    if len(cell.lines) < 2 or cell.rest or has_price(cell.lines[0]):
        return cell
    if not has_price(cell.name) and not _asks_in_touch(cell.lines[1]):
        return cell
    return replace(cell, name=cell.lines[0], rest=" ".join(cell.lines[1:]))


def _under_ribbon(cell: Cell) -> Cell:
    """A head cell opening with a ribbon (byteshield-ja's "人気" over "アドバンス版" over "$880"): the plan is named by
    the line under it."""
    if not RIBBON.match(cell.name) or len(cell.lines) < 2:
        return cell
    return replace(cell, name=cell.lines[1], rest=" ".join(cell.lines[2:]), lines=cell.lines[1:])


def _says_custom(text: str) -> bool:
    """A cell saying the price is made for the customer ("Custom", "Özel teklif") or asking for it ("Contact sales")."""
    return bool(CUSTOM_LINE.match(text) or CUSTOM_TEXT.search(text))


def _asks_in_touch(text: str) -> bool:
    """A plan's cell saying its price is custom, or only "Contact" (`BARE_CONTACT`) where its price would stand."""
    return _says_custom(text) or bool(BARE_CONTACT.match(text))


def _custom_plan(name: str) -> PricePlan:
    return PricePlan(plan=name, dimension="price", amount=None, currency=None, custom=True, method="table")


def _free_plan(name: str, section: str | None) -> PricePlan:
    """A plan a table says is free in words ("Free", "무료(기본)"): zero, its currency left to the row's others."""
    return PricePlan(plan=name, dimension="price", amount=0.0, currency=None, method="table", section=section)


def _header_price_plans(headers: list[str], section: str | None, page: PageContext) -> list[PricePlan]:
    """A comparison table of plans whose column headers carry the prices ("Free | Pro (£99/mo) | MSP (£299/mo)
    | Enterprise") and whose cells are features: each header's price in brackets is its plan's, when two or
    more headers show one; a header saying free ("Free" beside "Premium (£10/month)") is the free plan, and any
    other header with no price gives no plan (its cells are features, not prices)."""
    found = [(m["name"], m["price"]) for h in headers[1:] if (m := HEADER_PRICE.match(label_text(h)))]
    priced = [(name, price) for name, price in found if price_matches(price)]
    if len(priced) < 2:
        return []
    plans = [plan for name, price in priced for plan in _named_cell_prices(name, price, section, page)]
    free = [label_text(h) for h in headers[1:] if FREE_LINE.match(label_text(h))]
    return [_free_plan(name, section) for name in free] + plans


TRAILING_BRACKET = re.compile(r"\s*[(（][^()（）]*[)）]$")
LEAD_LABEL = re.compile(r"[:：]\s*$")
"""The words before an amount that label it ("월 단위 결제:", "Billed yearly:"): a lead ending in a colon, no
other amount in it."""


def _named_cell_prices(name: str, text: str, section: str | None, page: PageContext) -> list[PricePlan]:
    """Every price a cell shows for the plan `name`, with the period and unit each says."""
    plans: list[PricePlan] = []
    for match in price_matches(text):
        symbol = match.group("cur") or match.group("cur2")
        amount = parse_number(
            match.group("amt") or match.group("amt2"), sign_after=match.group("cur2"), sign_before=match.group("cur")
        )
        if amount is None:
            continue
        tail = re.split(r"\s(?:or|oder|ou|o|oppure|或|または|या|또는)\s|[,;，；]", match.group("tail"), maxsplit=1)[0]
        lead = text[: match.start()]
        period = tail_period(tail) or (tail_period(lead) if LEAD_LABEL.search(lead) and not has_price(lead) else None)
        plans.append(
            PricePlan(
                plan=name,
                dimension="price",
                amount=float(amount.normalize()),
                currency=currency_code(symbol, page.yen),
                period=period,
                unit=tail_unit(tail),  # "$50/developer": per developer, as a card's "/developer" is
                method="table",
                section=section,
            )
        )
    return plans


def _continued_header(cells: Grid, header_rows: int) -> int:
    """Header rows go on while a row shows no price and starts with the header's first cell again: a header
    cell spanning two rows, drawn (or expanded) into both ("模型 ID" over "模型 ID", "输出单价" over "非思考模式 |
    思考模式"), so the second row names the columns under a grouping header and is no row of its own."""
    if not header_rows or not cells[0] or not (first := cells[0][0].text):
        return header_rows
    while (
        header_rows < len(cells) - 1
        and cells[header_rows]
        and cells[header_rows][0].text == first
        and not any(has_price(c.text) for c in cells[header_rows])
    ):
        header_rows += 1
    return header_rows


def _price_row_label(text: str) -> bool:
    return PRICE_ROW.match(label_text(text)) is not None


def _price_row_in_head(cells: Grid, header_rows: int) -> int:
    """The head ends before a row of it labelled as the plans' price row and showing prices (bayescraft-en's
    `<thead>` holding "Plan Type | Lab Technician | Life Optimizer" and then "Price | $9/month | $29/month"): that
    row prices the columns the first one names, and is read as a body row."""
    for index in range(1, header_rows):
        row = cells[index]
        if row and _price_row_label(row[0].text) and any(has_price(c.text) for c in row[1:]):
            return index
    return header_rows


def _column_header(head: Grid, col: int) -> str:
    """A column's header text over every header row, repeated span texts said once ("Batch Input")."""
    parts: list[str] = []
    for row in head:
        text = row[col].text if col < len(row) else ""
        if text and text not in parts:
            parts.append(text)
    return " ".join(parts)


def _leaf_header(head: Grid, col: int) -> str:
    """The lowest header row's text of a column: what it prices, under a grouping header."""
    for row in reversed(head):
        text = row[col].text if col < len(row) else ""
        if text:
            return text
    return ""


def _sibling_columns(columns: list[Column], body: Grid, sibling: Sibling) -> list[Column]:
    """The columns of a grid drawn like `sibling` (same label header, no price word) that hold an amount in
    every row: prices, in the sibling's unit and, where they name none, its currency."""
    out = list(columns)
    for col in range(1, len(columns)):
        column = columns[col]
        if not column.header or NOT_A_PRICE.search(column.header):
            continue
        if all(col < len(row) and has_price(row[col].text) for row in body):
            currency = column.currency or sibling.currency
            out[col] = replace(column, unit=column.unit or sibling.unit, currency=currency, priced=True, by_cells=True)
    return out


def _in_points(header: str) -> bool:
    """A column settled in points ("4500 积分/小时"): neither a price nor a label of the row it prices."""
    return bool(IN_POINTS.search(header)) and header_currency(header, "JPY") is None


IN_POINTS = re.compile(r"积分|積分|点数|點數|ポイント|クレジット|크레딧|포인트|\b(?:credits?|points?|pts)\b", re.I)
"""A header saying its column is settled in the platform's points or credits ("单价-积分结算（积分/千tokens）" beside
"单价-现金结算（元/千tokens）"): no money, so no price column, unless the header also names a currency."""


def _column(header: str, leaf: str, page: PageContext, currency: str | None, unit: str | None) -> Column:
    dimension = dimension_of(leaf)
    if dimension is None and leaf != header:
        dimension = dimension_of(header)
    period = header_period(leaf) if dimension is None else None
    if period is not None:
        dimension = "price"  # "Monatspreis" / "Jahrespreis": each plan's price for that period
    header_unit = stated_unit(header) or ("hour" if HOURLY_HEADER.match(header) else None)
    own_currency = None if price_matches(header) else header_currency(header, page.yen)  # a plan's own price
    priced = (
        bool(leaf)
        and not NOT_A_PRICE.search(leaf)
        and not _in_points(header)
        and bool(dimension is not None or PRICE_HEADER.search(header) or own_currency or header_unit)
    )
    return Column(
        header=header,
        dimension=dimension,
        unit=header_unit or unit,
        currency=own_currency or currency,
        priced=priced,
        stated_unit=header_unit,
        period=period,
    )


def _with_variants(columns: list[Column], head: Grid) -> list[Column]:
    """Name what sets apart columns that price one dimension: their grouping header ("Short context" /
    "Long context"), else their own header ("LoRA精调" / "全量精调"). Columns that name no dimension
    ("Online inference" / "Offline inference", "在线推理" / "批量推理": the row or the heading says what they
    price) are variants of one another the same way. Columns whose headers differ only by their unit
    ("Price / min" / "Price / hour") are told apart by the whole header, unit and all."""
    counts = Counter(c.dimension for c in columns if c.priced)
    out: list[Column] = []
    for col, column in enumerate(columns):
        if not column.priced or column.dimension == OWN_NAME or counts[column.dimension] < 2:
            out.append(column)
            continue
        groups = [row[col].text for row in head[:-1] if col < len(row) and row[col].text]
        variant = " ".join(groups)
        same_group = [
            c
            for i, c in enumerate(columns)
            if c.dimension == column.dimension and c.priced and _groups(head, i) == groups
        ]
        if len(same_group) > 1:
            own = _unitless(column.header)
            if sum(_unitless(c.header) == own for c in same_group) > 1:
                own = column.header  # "Price / min" beside "Price / hour": the unit is what sets them apart
            variant = f"{variant} {own}".strip()
        out.append(replace(column, variant=variant))
    return out


def _groups(head: Grid, col: int) -> list[str]:
    return [row[col].text for row in head[:-1] if col < len(row) and row[col].text]


def _unitless(header: str) -> str:
    """A header without its unit note: "LoRA精调 元/百万token" is "LoRA精调", "Input (audio) (USD/M tokens)"
    is "Input (audio)" (a bracket that qualifies what is priced stays)."""

    def note(match: re.Match[str]) -> str:
        inner = match.group(0)
        return " " if usage_unit(inner) or header_currency(inner, "JPY") or "/" in inner else inner

    text = re.sub(r"[(（][^()（）]*[)）]", note, header)
    return clean(re.sub(r"\S*/\S*.*$", "", text)) or header


def _layout(body: Grid, columns: list[Column], headers: list[str]) -> Layout:
    priced = [
        c.priced and any(_price_cell(row[i].text, c) for row in body if i < len(row)) for i, c in enumerate(columns)
    ]
    unit_col = _unit_column(body, headers)
    free = [c for c in range(len(columns)) if not priced[c] and c != unit_col and not _in_points(columns[c].header)]
    label = next((c for c in free if not GROUP_HEADER.match(headers[c])), free[0] if free else 0)
    label = _finer_label(body, headers, free, label)
    if PROVIDER_HEADER.match(label_text(headers[label]) if label < len(headers) else ""):
        label = next((c for c in free if c > label and MODEL_HEADER.match(label_text(headers[c]))), label)
    labels = _carried_labels([row[label] if label < len(row) else Cell("") for row in body])
    variants = _variant_columns(body, labels, [c for c in free if c != label])
    row_dimensions = tuple(c for c in variants if _names_dimensions(body, c))
    described = tuple(c for c in free if c != label and c not in variants and _names_media(body, c))
    return Layout(label, unit_col, tuple(variants), row_dimensions, described)


def _names_media(body: Grid, col: int) -> bool:
    """A column that mostly says what each row's model makes, an image or a video ("图像生成", "文生视频",
    "Text to video"), though a few of its cells may name neither ("首尾帧")."""
    texts = [row[col].text for row in body if col < len(row) and row[col].text]
    named = [t for t in texts if dimension_of(t) in MEDIA_DIMENSIONS]
    return bool(texts) and len(named) * 2 > len(texts) and not any(NOT_A_PRICE.search(t) for t in texts)


MEDIA_DIMENSIONS = frozenset(UNIT_DIMENSIONS.values())


PROVIDER_HEADER = re.compile(
    r"^(?:providers?|vendors?|platforms?|compan(?:y|ies)|提供商|供应商|厂商|服务商|平台)$", re.I
)
MODEL_HEADER = re.compile(r"^(?:models?|model\s*(?:name|id)|模型|模型名称)$", re.I)
"""A "Provider" column before a "Model" column: the provider groups the rows, the model names the priced thing
(the same model sold by two providers is two rows, the provider then a variant)."""


def _carried_labels(cells: list[Cell]) -> list[str]:
    """Each row's label, a blank label cell under a named row carrying that name down (a merge drawn as
    blanks, as `_read_rows` reads it): the tiers of one model set in rows of their own differ by their
    variant column even when the model has two rows and only the first names it."""
    labels: list[str] = []
    last = ""
    for cell in cells:
        label = label_text(cell.name)
        if not label and not cell.text and last:
            label = last
        labels.append(label)
        last = label or last
    return labels


def _price_cell(text: str, column: Column) -> bool:
    return bool(has_price(text) or _free_cell(text) or (column.currency and BARE_AMOUNT.match(text)))


def _free_cell(text: str) -> bool:
    """A cell saying free, a pictograph after the word aside ("Free 🔒", "Free ✨": a badge, not a condition;
    "Free 500/day" is a quota and no free price)."""
    return bool(FREE_CELL.match(TRAILING_SYMBOLS.sub("", text.strip())))


TRAILING_SYMBOLS = re.compile(r"(?:\s*[^\w\s/.,:;()（）%$€£¥-])+$")


def _names_dimensions(body: Grid, col: int) -> bool:
    """A "sub-item" column (子项, 计费项, "Billing item"): most of its cells name a priced dimension, none a
    context length or a limit."""
    texts = [row[col].text for row in body if col < len(row) and row[col].text]
    named = [t for t in texts if dimension_of(t) is not None]
    return bool(texts) and len(named) * 2 > len(texts) and not any(NOT_A_PRICE.search(t) for t in texts)


UNIT_CELL = re.compile(r"^(?:[^\d]|\b1\s*[mk]\b|\b1,000(?:,000)?\b)*$", re.I)


def _unit_cell(text: str) -> bool:
    """A cell naming a currency and unit and no amount ("元/千tokens", "USD per 1M tokens", "元/次")."""
    if not text or len(text) > 30 or not UNIT_CELL.match(text):
        return False
    if "/" not in text and not re.search(r"\bper\b|每", text, re.I):
        return False
    return bool(header_currency(text, "JPY")) and stated_unit(text) is not None


NAMED_UNIT = re.compile(r"^[^\W\d_]{2,20}$")


def _named_unit(text: str) -> str | None:
    """A unit column's cell that is the unit's noun alone ("second", "image", "megapixel" under "Unit", fal's
    model tables): per that noun, in the vocabulary's word where it has one."""
    if not NAMED_UNIT.match(text.strip()):
        return None
    return usage_unit(f"per {text.strip()}") or text.strip().casefold()


def _unit_column(body: Grid, headers: list[str]) -> int | None:
    """The column that says each row's unit: headed "Unit" / "单位", or whose every cell is a unit."""
    by_header = next((c for c, text in enumerate(headers) if UNIT_HEADER.match(text)), None)
    if by_header is not None:
        return by_header
    for col in range(len(headers)):
        texts = [row[col].text for row in body if col < len(row) and row[col].text]
        if len(texts) >= 2 and all(_unit_cell(t) for t in texts):
            return col
    return None


def _priced_by_unit_column(body: Grid, columns: list[Column], headers: list[str], page: PageContext) -> list[Column]:
    """With a column giving each row's currency and unit, the columns of bare numbers beside it are prices
    even when their headers name no currency ("在线推理 | 批量推理 | 单位: 元/千tokens")."""
    unit_col = _unit_column(body, headers)
    if unit_col is None:
        return columns
    out: list[Column] = []
    for col, column in enumerate(columns):
        texts = [row[col].text for row in body if col < len(row) and row[col].text]
        numeric = [t for t in texts if BARE_AMOUNT.match(t) and not re.search(r"[^\d\s.,]", t)]
        if (
            col != unit_col
            and not column.priced
            and numeric
            and not NOT_A_PRICE.search(column.header)
            and all(t in numeric or NO_PRICE_CELL.match(t) or FREE_CELL.match(t) for t in texts)
        ):
            column = replace(column, priced=True)
        out.append(column)
    return out


MAX_PRICE_CELL = 24


def _priced_by_cells(body: Grid, columns: list[Column], heading_prices: bool, headerless: bool = False) -> list[Column]:
    """In a table no header of which prices anything, a column beyond the first every cell of which is one
    short usage price or a no-price mark ("$0.02/sec", "-") is priced all the same: its header names a variant
    of the model ("720p", "Fast mode": Decart's video models), and the cell, the row or the heading the
    dimension. A usage unit in every price, or a heading naming what is priced ("Image models" over bare
    "$0.01"), is what tells it from a worked cost or a comparison of totals ("$36,000", "490 USD/mes"). A table
    with no header row at all and two rows or more (`headerless`: "On-demand 8x NVIDIA H100 SXM" … "$2.99 / GPU /
    hr", "Basic" "$10/mo") prices its rows so too, a price with its billing period counting as one with its unit;
    a lone row is a value set in a table, not a list of prices. So does a first column with no header every cell
    of which is such a price (duara-en's "5$/month" before "1 CPU Core", "1 GB" under "CPU CORE", "MEMORY"): the
    row's price comes first, and the first column without prices names it."""
    out: list[Column] = []
    for col, column in enumerate(columns):
        texts = [row[col].text for row in body if col < len(row) and row[col].text]
        lead = col == 0 and not column.header and len(texts) > 1 and len(columns) > 1
        prices = [t for t in texts if _usage_price_cell(t, heading_prices, periods=headerless or lead)]
        if (
            ((col > 0 and (column.header or headerless)) or (lead and len(prices) == len(texts)))
            and prices
            and not NOT_A_PRICE.search(column.header)
            and all(t in prices or NO_PRICE_CELL.match(t) or _contact_cell(t) for t in texts)
        ):
            column = replace(column, priced=True, by_cells=True, variant=column.header)
        out.append(column)
    if not any(column.by_cells for column in out):
        return out
    return [_asking_column(body, col, column) for col, column in enumerate(out)]


def _asking_column(body: Grid, col: int, column: Column) -> Column:
    """A column beside the ones priced by their cells whose cells all ask to get in touch ("Reserved": "Contact
    sales" in every row, Together's dedicated inference) prices each row as a custom plan in its variant."""
    texts = [row[col].text for row in body if col < len(row) and row[col].text]
    if column.priced or col == 0 or not column.header or not any(_contact_cell(t) for t in texts):
        return column
    if not all(_contact_cell(t) or NO_PRICE_CELL.match(t) for t in texts):
        return column
    return replace(column, priced=True, by_cells=True, variant=column.header)


def _contact_cell(text: str) -> bool:
    """A cell asking to get in touch instead of a price ("Contact sales"), or saying only that the price is custom
    (sbsub-en's "Custom" beside "$499/mo" and "$1,499/mo"): a custom price in a price column."""
    return len(text) <= MAX_CUSTOM_CELL and _says_custom(text) and not has_price(text)  # a bare "Ask us": no plan


def _any_priced_cell(body: Grid, columns: list[Column]) -> bool:
    """Whether a column priced by its header holds a price or a free cell: a "Storage" column of "200GB NVMe"
    names a dimension and prices nothing."""
    return any(
        column.priced and any(col < len(row) and _price_line(row[col].text) for row in body)
        for col, column in enumerate(columns)
    )


MAX_TOGGLED_PRICES = 8


def _usage_price_cell(text: str, bare: bool, periods: bool = False) -> bool:
    """One short usage price ("$0.02/sec"; a bare one when `bare`; one stating its billing period, "$10/mo", when
    `periods`), or a few each stating its unit or period, the sides of a toggle ("$1.29 per hour" beside a hidden
    "$941.70 per month")."""
    matches = price_matches(text)
    if len(matches) == 1:
        [(_, _, tail)] = price_parts(text, matches)
        said = usage_unit(text) is not None or _counted_unit(tail) or (periods and tail_period(tail) is not None)
        return len(text) <= MAX_PRICE_CELL and (bare or said)
    if not 1 < len(matches) <= MAX_TOGGLED_PRICES:
        return False
    return all(_tail_unit(tail) or tail_period(tail) for _, _, tail in price_parts(text, matches))


def _counted_unit(tail: str) -> bool:
    """Whether the amount is per a thing the page counts in its own word ("175 元 / 算力单元 / 天": per compute
    unit, a day): a usage price as much as one per vocabulary unit. A seat or user ("$5/user" in a rival's column)
    makes a plan's price, and a period word is no unit."""
    return own_tail_unit(tail) is not None and TAIL_UNIT.search(tail) is None


def price_parts(text: str, matches: list[re.Match[str]]) -> list[tuple[re.Match[str], str, str]]:
    """Each price of a cell with its part of the text (up to the next price) and its tail (what follows the
    amount in that part)."""
    ends = [m.start() for m in matches[1:]] + [len(text)]
    return [(m, text[m.start() : end], text[match_end(m) : end]) for m, end in zip(matches, ends, strict=True)]


REGION_HEADER = re.compile(
    r"^(?:regions?|countr(?:y|ies)|markets?|land|länder|pays|país(?:es)?|paese|região|国家|地区|国家/地区|地域|国|"
    r"지역|국가|리전)$",
    re.I,
)
"""A label column headed by a region or country word: the table prices one product in each market (the App
Store's regional prices), so its rows name countries, not plans."""
VERSION_HEADER = re.compile(r"版本|version|\bid\b|型号|\bcode\b|api\s*name|model\s*name|模型编码|模型代码", re.I)


def _finer_label(body: Grid, headers: list[str], free: list[int], label: int) -> int:
    """A family column ("ERNIE 4.5 Turbo") over the column naming each model in it ("ERNIE-4.5-Turbo-32K"):
    the finer column labels the rows. It is finer when each of its names falls in one family, it has more
    names than there are families, and its names spell the family's or its header says version / ID."""
    after = [c for c in free if c > label]
    if not after:
        return label
    col = after[0]
    pairs = [
        (name_key(row[label].name), name_key(row[col].name)) for row in body if col < len(row) and label < len(row)
    ]
    if not pairs or any(not fine for _, fine in pairs):
        return label
    family_of: dict[str, str] = {}
    for family, fine in pairs:
        if family_of.setdefault(fine, family) != family:
            return label
    families, names = {f for f, _ in pairs}, {n for _, n in pairs}
    if len(names) <= len(families):
        return label
    spelled = all(fine.startswith(family) for family, fine in pairs if family)
    versioned = VERSION_HEADER.search(headers[col]) and not DEPLOYMENT_HEADER.search(headers[col])
    return col if spelled or versioned else label


DEPLOYMENT_HEADER = re.compile(r"部署|deploy", re.I)
"""A deployment's version ("部署版本": "8k-int8", "图像生成-fp16") says how a model is served, not which model."""


def name_key(text: str) -> str:
    """A name as compared across spellings: footnote marks, case, spaces and punctuation aside ("GLM-4.5" and
    "glm 4.5", "Account Password Helper" and "accountpasswordhelper")."""
    return re.sub(r"[\W_]+", "", label_text(text).casefold())


def _variant_columns(body: Grid, labels: list[str], candidates: list[int]) -> list[int]:
    """Columns whose texts differ between rows of one label, less those another variant already decides."""
    chosen: list[int] = []
    for col in candidates:
        values: dict[str, set[str]] = {}
        decided: dict[tuple[str, ...], set[str]] = {}
        for label, row in zip(labels, body, strict=True):
            text = row[col].text if col < len(row) else ""
            values.setdefault(label, set()).add(text)
            decided.setdefault((label, *(row[c].text if c < len(row) else "" for c in chosen)), set()).add(text)
        if any(len(v) > 1 for v in values.values()) and any(len(v) > 1 for v in decided.values()):
            chosen.append(col)
    return chosen


def _read_rows(
    body: Grid, columns: list[Column], layout: Layout, section: str | None, page: PageContext
) -> list[PricePlan]:
    plans: list[PricePlan] = []
    seen: set[tuple[str, str, str, str | None]] = set()
    repeated = Counter(label_text(row[layout.label].name).casefold() for row in body if layout.label < len(row))
    heading_dimension = _heading_dimension(section or "")
    footage = any(column.priced and VIDEO_RESOLUTION.search(column.header) for column in columns)
    lone = sum(column.priced for column in columns) == 1
    label_header = columns[layout.label].header if layout.label < len(columns) else ""
    if REGION_HEADER.match(label_header):
        return []  # one product's price in each market ("대한민국 ₩4,400"): its rows are countries, not plans
    label_cells = _without_caption([row[layout.label] if layout.label < len(row) else Cell("") for row in body])
    names = _model_names(
        [label_text(cell.name) for cell in label_cells],
        label_header,
        {label_text(cell.name): cell.badge for cell in label_cells if cell.badge},
    )
    last = ""
    for row, cell in zip(body, label_cells, strict=True):
        label = label_text(cell.name)
        if not label and not cell.text and last:
            label = (
                last  # a blank label cell under a named row: the row goes on with that model (a merge drawn as blanks)
            )
        if not label or has_price(label):
            continue
        last = label
        label = names.get(label, label)
        if len(label) > MAX_LABEL:
            continue
        row_parts = [row[c].text for c in layout.variants if c < len(row)]
        if repeated[label.casefold()] > 1 and cell.rest:
            row_parts.append(cell.rest)
        row_variant = " · ".join(p for p in row_parts if p and not NO_PRICE_CELL.match(p))
        unit_text = row[layout.unit].text if layout.unit is not None and layout.unit < len(row) else ""
        row_unit = (stated_unit(unit_text) or _named_unit(unit_text)) if unit_text else None
        row_currency = header_currency(unit_text, page.yen) if unit_text else None
        row_dim = _row_dimension(row, layout)
        made = next((d for c in layout.described if c < len(row) and (d := dimension_of(row[c].text))), None)
        for col, column in enumerate(columns):
            if col == layout.label or col >= len(row) or not column.priced:
                continue
            if row_unit:
                column = replace(column, unit=row_unit)
            if row_currency:
                column = replace(column, currency=row_currency)
            spanned = col > 0 and row[col] is row[col - 1]  # one cell drawn across columns (`colspan`)
            terms = row[col].terms or (("", row[col].text),)
            for term, plan, own_dimension in (
                (term, *found) for term, text in terms for found in _cell_plans(label, text, column, page)
            ):
                if spanned and plan.custom:
                    continue  # "Contact us" across four reserved terms asks once
                made_here = made if plan.unit == "request" and made in MEDIA_DIMENSIONS else None
                dimension = own_dimension or _dimension(
                    column, plan.unit, row_dim or made_here, heading_dimension, label, col, footage, lone
                )
                if plan.custom:
                    dimension = "price"
                variant = " · ".join(p for p in (column.variant, row_variant, term) if p)
                period = column.period if column.period and not plan.custom else plan.period
                key = (label.casefold(), dimension, variant, period)
                if key in seen:
                    continue
                seen.add(key)
                full_section = " · ".join(p for p in (section, variant) if p) or None
                unit = None if plan.custom else unit_for(dimension, plan.unit)
                plans.append(
                    plan.model_copy(
                        update={"dimension": dimension, "section": full_section, "unit": unit, "period": period}
                    )
                )
    return plans


def _cell_plans(label: str, text: str, column: Column, page: PageContext) -> list[tuple[PricePlan, str | None]]:
    """A cell's prices, each with the dimension the cell itself names for it (None: the column's). A cell
    that names a dimension beside each of its prices ("$0.15 input $0.60 output", "Input: $1 / Output: $4")
    prices each; a cell asking to get in touch ("Contact sales") is a custom price; otherwise the first
    price, as `_cell_plan` reads it."""
    named = _named_prices(text, column.dimension)
    if named:
        plans = [(_cell_plan(label, part, column, page), dimension) for part, dimension in named]
        return [(plan, dimension) for plan, dimension in plans if plan is not None]
    toggled = _toggled_prices(label, text, column, page)
    if toggled:
        return [(plan, None) for plan in toggled]
    if _contact_cell(text):
        return [(_custom_plan(label), None)]
    plan = _cell_plan(label, text, column, page)
    return [(plan, None)] if plan is not None else []


MIN_CAPTIONED_ROWS = 3


def _without_caption(cells: list[Cell]) -> list[Cell]:
    """Label cells whose names all end with one word set apart from the rest ("< 16B parameters", "16B to 70B
    parameters": a caption the page repeats under each name) named without it."""
    names = [cell.name for cell in cells]
    lasts = {name.rsplit(" ", 1)[-1] for name in names if " " in name}
    if len(cells) < MIN_CAPTIONED_ROWS or len(lasts) != 1 or not all(" " in name for name in names):
        return cells
    [word] = lasts
    if not word.isalpha() or not word.islower():
        return cells
    cut = [cell.name[: -len(word)].rstrip() for cell in cells]
    if all(re.fullmatch(r"[\d.,]+", name) for name in cut):
        return cells  # "7 days", "14 days", "30 days": the word is the names' own, a count alone names nothing
    return [replace(cell, name=name) for cell, name in zip(cells, cut, strict=True)]


MAX_CUSTOM_CELL = 40


def _toggled_prices(label: str, text: str, column: Column, page: PageContext) -> list[PricePlan]:
    """A cell of several prices each stating its own unit of time or billing period, no two alike ("$0.107 per
    hour" beside a hidden "$78.21 per month": the two sides of a page's hourly / monthly toggle, Civo) gives
    each; [] for any other cell (unnamed "$2 / $1" keeps its first)."""
    matches = price_matches(text)
    if len(matches) < 2 or column.dimension:
        return []
    plans: list[PricePlan] = []
    for _, part, tail in price_parts(text, matches):
        unit, period = _tail_unit(tail), tail_period(tail)
        plan = _cell_plan(label, part, column, page)
        if plan is None or (unit is None and period is None):
            return []
        if period is not None and unit is None:
            plan = plan.model_copy(update={"period": period})
        plans.append(plan)
    sides = {(p.unit, p.period) for p in plans}
    return plans if len(sides) == len(plans) else []


_WORDS_AFTER = re.compile(r"^\s*(?:[/|·,;:]\s*)?(?P<words>[^\W\d_][\w\s-]{0,24}?)\s*(?=$|[/|·,;:()]|\s*$)")
_WORDS_BEFORE = re.compile(r"(?P<words>[^\W\d_][\w\s-]{0,24}?)\s*[:：]?\s*$")


def _named_prices(text: str, column_dimension: str | None = None) -> list[tuple[str, str]]:
    """The parts of a cell of several prices that each name their own dimension, as (text, dimension); []
    unless every price is named the same way, all by the words right before it ("Input: $0.15") or all by
    those right after it ("$0.15 input"), and no two name the same dimension. In a column that names a
    dimension, the first price may go unnamed: it is the column's, and the later ones qualify it ("$0.08 /
    $0.016 cached" under "$ per 1M input tokens" is an input price and a cached-input one)."""
    matches = price_matches(text)
    if len(matches) < 2:
        return []
    starts = [m.start() for m in matches] + [len(text)]
    ends = [0] + [match_end(m) for m in matches]
    keys = [_WORDS_BEFORE.search(text[ends[i] : m.start()]) for i, m in enumerate(matches)]
    before = [_word_dimension(key) for key in keys]
    after = [_word_dimension(_WORDS_AFTER.match(text[match_end(m) : starts[i + 1]])) for i, m in enumerate(matches)]
    # a price named by the words before it runs on to where the next one's words start, so its own unit
    # comes with it ("音频：0.18元/分钟；视频：1.2元/分钟": per minute, each)
    keyed = [ends[i] + key.start() if key else starts[i] for i, key in enumerate(keys) if i] + [len(text)]
    for dimensions, cuts in ((before, keyed), (after, starts[1:])):
        if column_dimension and dimensions[0] is None:
            dimensions = [column_dimension, *dimensions[1:]]
        named = [d for d in dimensions if d is not None]
        if len(named) == len(matches) and len(set(named)) == len(named):
            return [(text[m.start() : cut], d) for m, cut, d in zip(matches, cuts, named, strict=True)]
    return []


def match_end(match: re.Match[str]) -> int:
    """Where a price's amount (and a currency after it) ends: the words after it start there."""
    return match.end("cur2") if match.group("cur2") else match.end("amt")


def _word_dimension(found: re.Match[str] | None) -> str | None:
    if found is None:
        return None
    words = found.group("words").strip()
    dimension = dimension_of(words) if words and len(words.split()) <= 3 else None
    return dimension if dimension and dimension != OWN_NAME else None


MODEL_ID = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[-._:/][A-Za-z0-9]+)+|[A-Za-z]+\d[A-Za-z0-9.]*")
"""A model identifier: ASCII, no spaces, letters with digits or separators ("qwen3-max", "gpt-4o", "o3")."""
ID_HEADER = re.compile(r"\bid\b|\bcode\b|编码|代码|標識|标识", re.I)
_HAN = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")


RELEASE_STAGE = re.compile(r"(?:preview|experimental)", re.I)
"""A release stage written on after a model's identifier with no bracket or dash ("Hy4 preview" on Tencent's price
table, as in "o1-preview"): part of the model's name, where "(Preview)" in brackets tags it."""


def _model_names(labels: list[str], header: str, badges: dict[str, str] | None = None) -> dict[str, str]:
    """Each row label's model name: a name followed by a tag in brackets ("Claude Mythos 5 (limited
    availability)", "X (Preview)") is named without it; a cell that starts with a model identifier and goes
    on with tags or notes written inline ("qwen3-max 当前能力等同于 qwen3-max-2026-01-23 Batch 调用 半价",
    "gpt-x New") is named by the identifier alone, as is every cell of a column headed "Model ID". A label
    is kept whole when cutting it would give two labels of the table one name ("DeepSeek-V4 原厂直供" beside
    "DeepSeek-V4"). A badge set after the name in an element of its own (`Cell.badge`: "Sale price") is cut
    the same way."""
    by_id = bool(ID_HEADER.search(header))
    short: dict[str, str] = {}
    for label in dict.fromkeys(labels):
        badge = (badges or {}).get(label, "")
        if badge and label.endswith(badge) and (cut := label_text(label[: -len(badge)])):
            short[label] = cut
            continue
        if (cut := without_tag(label)) != label:
            short[label] = cut
            continue
        first, _, rest = label.partition(" ")
        if not rest or not MODEL_ID.fullmatch(first):
            continue
        if by_id or _HAN.search(rest) or (BADGE_START.match(rest) and not RELEASE_STAGE.fullmatch(rest)):
            short[label] = first
    merged = Counter(short.get(label, label).casefold() for label in dict.fromkeys(labels))
    return {label: name for label, name in short.items() if merged[name.casefold()] == 1}


def _row_dimension(row: list[Cell], layout: Layout) -> str | None:
    """The dimension a row names in its sub-item column, else in another of its variant cells (a service
    column's "搜索增强" when the sub-item only says "触发"), the most specific (rightmost) first. A cell that
    says only "call" / "调用" tells how a service is counted: the service's own dimension wins over it."""
    if not layout.row_dimensions:
        return None
    named = [
        dimension
        for col in sorted({*layout.row_dimensions, *layout.variants}, reverse=True)
        if col < len(row) and (dimension := dimension_of(row[col].text))
    ]
    return next((d for d in named if d != "request"), named[0] if named else None)


def _heading_dimension(text: str) -> str | None:
    for pattern, dimension in HEADING_DIMENSIONS:
        if pattern.search(text):
            return dimension
    return None


TIER_HEADER = re.compile(r"[<>≤≥＜＞]\s*=?\s*\d+(?:[.,]\d+)?\s*[KkMm万千]?", re.I)
"""A column header bounding a context length ("<= 200K input tokens", "> 128K"): a tier, not a dimension."""


def _dimension(
    column: Column,
    unit: str | None,
    row_dim: str | None,
    heading_dim: str | None,
    label: str,
    col: int,
    footage: bool = False,
    lone: bool = False,
) -> str:
    """A column's dimension, or for a column that only says "Price": the row's billing item, what the
    cell is priced per, the heading's product, footage by the second where a column is a video resolution,
    the row label's, else the header's own name; the price where the column is the table's only priced one and
    its header names nothing the vocabulary knows (momento-ja's "Momento 料金"): beside no other price column,
    its header tells the rows' prices apart from nothing."""
    if row_dim and TIER_HEADER.search(column.header):
        return row_dim  # "Price (/1M tokens) > 200K input tokens" names a context tier; the row says what is priced
    if column.dimension:
        return column.dimension
    if column.dimension is None and not PACK_LABEL.match(label):
        if row_dim and not _counted_unit(f"/ {unit}" if unit else ""):
            return row_dim  # a price per a thing the page counts ("算力单元") buys capacity, not the row's modality
        if unit in UNIT_DIMENSIONS:
            return UNIT_DIMENSIONS[unit]
        if column.stated_unit and unit and unit != column.stated_unit and unit not in TOKEN_UNITS:
            return "request"  # priced per something else than its column: a per-item charge
        if heading_dim and not (heading_dim == "training" and SERVING_HEADER.search(column.header)):
            return heading_dim
        if unit in FOOTAGE_UNITS and footage:
            return "video"  # decart's realtime table: "720p" over "$0.02/sec" prices each second of video made
        if (by_label := dimension_of(label)) is not None and by_label != OWN_NAME:
            return by_label
    if RATE_HEADER.match(BRACKETS.sub(" ", column.header)) or _variant_rate_header(column.header):
        return "price"  # "Hourly Rate", "Price per hour", "Rate ($)": the row's price per unit of time or piece
    if SEAT_RATE_HEADER.match(column.header):
        return "price"  # "Price / User / Month": the row's price per seat, each month
    if column.by_cells or HOURLY_HEADER.match(column.header) or LOWER_BOUND_HEADER.match(column.header):
        return "price"
    bare = BRACKETS.sub(" ", _without_currency(column.header))
    if PRICE_ONLY_HEADER.match(bare) or _currency_only(column.header):
        return "price"
    if column.currency and APPROXIMATE_HEADER.match(bare):
        return "price"  # ait-en's "Estimated (USD)" beside "Base Price (ZAR)": the price again, in dollars
    return "price" if lone else slug(column.header) or f"column_{col}"


APPROXIMATE_HEADER = re.compile(r"^\s*(?:estimated|approx(?:\.|imate(?:ly)?)?|equivalent|indicative|[≈~])\s*$", re.I)
"""A header saying only that its column's figures are approximate, in the currency it names ("Estimated (USD)"):
the row's price again in that currency, as worked out for a reader paying in it."""


VIDEO_RESOLUTION = re.compile(r"(?<![\w.])(?:240|360|480|540|576|720|1080|1440|2160|4320)[pi](?!\w)|\b[48]K\b")
FOOTAGE_UNITS = frozenset({"second", "minute"})
"""A table with a price column headed by a video resolution ("720p", "1080p", "4K") prices, by the second or
minute, the video its models make, in that column and its others ("Fast mode" beside "720p"), whatever the
heading above calls the models ("Realtime models")."""


SERVING_HEADER = re.compile(r"实例|推理|部署|\binstances?\b|\binference\b|\bhosting\b|\bdeploy", re.I)
"""A column under a fine-tuning heading that prices an instance or inference ("公共实例", "私有实例",
"Hosting") prices serving the tuned model, not training it."""


SUBUNIT = re.compile(r"(?<![^\W\d_])коп(?:\.|еек)?(?![^\W\d_])", re.I)
"""The rouble's hundredth, written after it in a price column's header ("Цена руб.коп.": roubles and kopecks)."""


def _without_currency(header: str) -> str:
    """A header without the currency it states for its cells, or that currency's hundredths ("Цена, BYN", "Цена
    руб.коп.": only "Цена", the price)."""
    return re.sub(r"[\s,]+", " ", SUBUNIT.sub(" ", CURRENCY_IN_HEADER.sub(" ", header))).strip()


PACK_LABEL = re.compile(r"^(?P<count>\d{1,3}(?:[,.\s]\d{3})*)\+?\s+[^\W\d_]")
"""A row named by a count and what it counts ("1,000 Videos", "500 Credits"): a pack that many make up, priced
as a whole, not the price of one video."""


def _currency_only(header: str) -> bool:
    """A header naming only a currency ("EUR | GBP | PLN" over a fee table's cells, "(€)"): the row's price in
    each currency, its column a variant, no dimension of its own."""
    rest = CURRENCY_IN_HEADER.sub(" ", header)
    return rest != header and not re.search(r"[^\W\d_]", rest)


LOWER_BOUND_HEADER = re.compile(
    r"^\s*(?:as\s+low\s+as|starting\s+(?:at|from)|from|ab|à\s+partir\s+de|a\s+partir\s+de|desde|a\s+partire\s+da|"
    r"vanaf|最低|低至)\s*\**\s*$",
    re.I,
)
"""A header that is only a lower bound's lead word ("As low as" beside "List Price", fal's GPU table): the row's
price at its best terms, a variant of its price."""
VARIANT_RATE_HEADER = re.compile(
    r"^\s*(?:on[- ]demand|spot|reserved|preemptible|interruptible|dynamic|committed|list|regular|standard|"
    r"discount(?:ed)?|promo(?:tional)?|sale|founders?|early[- ]bird|launch|intro(?:ductory)?|members?|"
    r"non[- ]members?|sme|corporate|student|nonprofit|retail|wholesale|"
    r"\d+[- ]?(?:years?|yr|months?|mo))\s*[,:]?\s+(?P<rate>.+)$",
    re.I,
)
"""A rate header led by the billing variant it prices ("On-Demand Price (/hr)", "1 Year price (/hr)",
"Preemptible, GPU-hour", "List Price" beside "As low as"), or by the buyers it is for ("Founder Price" beside
"Standard Price", "SME Price" beside "Corporate Price")."""


def _variant_rate_header(header: str) -> bool:
    """Whether a header is a billing variant and a rate header, the unit of time maybe in brackets ("On-Demand
    Price (/hr)"): a variant column of the row's one price per unit of time, no dimension of its own."""
    match = VARIANT_RATE_HEADER.match(header)
    if match is None:
        return False
    rate = match.group("rate")
    return bool(  # "SME Price (USD/year)": a price in the currency and period its brackets state
        RATE_HEADER.match(re.sub(r"[()]", " ", rate))
        or PRICE_ONLY_HEADER.match(BRACKETS.sub(" ", _without_currency(rate)))
    )


RATE_HEADER = re.compile(
    r"^\s*(?:from|starting\s+(?:at|from))?\s*/?\s*"
    r"(?:(?:(?:hourly|per[- ]minute|per[- ]second)\s+)?(?:price|pricing|rate|cost|fee)s?"
    r"(?:\s*(?:per|/)\s*(?:gpu\s*[- /]?\s*)?(?:hour|hr|h|minute|min|second|sec|s))?"
    r"|(?:per\s+|/\s*)?gpu\s*[- /]?\s*(?:hour|hr))\s*\**\s*$",
    re.I,
)
"""A column header that is a price word and at most the unit of time it is charged by ("Hourly Rate",
"Price per hour", "Pricing Per Hour"), or only that unit ("GPU-hour", "From / GPU / hr"): it names no dimension
of its own, so the row is priced by the plain `price`."""
HOURLY_HEADER = re.compile(
    r"^\s*(?:(?:on[- ]demand|spot|reserved)\s*[/,(]?\s*)?hourly"
    r"(?:\s*[/,(]\s*(?:on[- ]demand|spot|reserved)\)?)?\s*\**$",
    re.I,
)
"""A header that is only the word for an hourly rate, maybe with its way of renting ("Hourly/On-Demand" beside
"Monthly" and "Annually", E2E): a price per hour."""
PRICE_ONLY_HEADER = re.compile(
    r"^\s*(?:(?:batch(?:\s*api)?|online|offline|real[- ]?time|standard|flex|priority|"
    r"在线|离线|批量|批处理|实时|标准)\s*)?(?:unit\s+|starting\s+|start\s*|from\s+|ab\s*-?\s*|base\s+|list\s+)?"
    rf"(?:{PRICE_NOUN}|{PRICE_GLYPHS})"
    r"(?:\s+(?:inicial|initial|de\s+départ|de\s+base|base|from|desde|a\s+partir\s+de|ab))?\s*\**\s*$",
    re.I,
)
BRACKETS = re.compile(r"[(（][^()（）]*[)）]")
"""A column header that is only a price word, maybe after the way the price is served ("单价", "Batch API
定价", "Unit price") or with a word saying it is where prices start ("Starting price", "Valor inicial"): it names no
dimension of its own, so the row is priced by the plain `price`, the serving way telling the column from the others
as a variant."""
SEAT_RATE_HEADER = re.compile(
    r"^\s*(?:price|rate|cost|fee)s?\s*(?:per|/)\s*(?:active\s+)?(?:user|seat|member|agent|license)s?"
    r"(?:\s*(?:per|/)\s*(?:month|mo|year|yr|annum))?\s*$",
    re.I,
)
"""A column header that is a price word per seat and at most its period ("Price / User / Month", "Cost per seat"):
it names no dimension of its own either; the row is priced by the plain `price`, per user."""


def _cell_plan(label: str, text: str, column: Column, page: PageContext) -> PricePlan | None:
    """The first price of a cell (a tiered cell's base price), with the cell's own currency and unit
    before the column's; dimension and section are the caller's."""
    if not text:
        return None
    match = PRICE_TEXT.search(text)
    period: Period = "usage"
    if match is not None:
        symbol = match.group("cur") or match.group("cur2")
        number = match.group("amt") or match.group("amt2")
        amount = parse_number(number, sign_after=match.group("cur2"), sign_before=match.group("cur"))
        currency = currency_code(symbol, page.yen) or column.currency
        unit = _tail_unit(match.group("tail")) or column.unit
        if unit is None:  # "$10/mo" in a plan's row: billed each month, no usage price
            period = tail_period(match.group("tail")) or period
    elif _free_cell(text):
        amount, currency, unit = Decimal(0), column.currency, column.cells_unit or column.unit
    else:
        bare = BARE_AMOUNT.match(text) or _prose_amount(text)
        if bare is None or column.currency is None or bare.group("tail").lstrip().startswith("%"):
            return None  # "0.5%" under "EUR": a fee's share of the sum, no amount of the currency
        amount = parse_number(bare.group("amt"))
        tail = bare.group("tail")
        if amount is not None and THOUSANDS.fullmatch(tail):
            amount, tail = amount * 1000, ""  # "5k" under "Annual EUR": five thousand euros
        currency, unit = column.currency, _tail_unit(tail) or column.unit
    if amount is None:
        return None
    return PricePlan(
        plan=label,
        dimension="price",
        amount=float(amount.normalize()),
        currency=currency,
        period=period,
        unit=unit,
        method="table",
    )


THOUSANDS = re.compile(r"\s*[kK]\s*")
"""A "k" right after a bare amount in a price column ("5k", "10k" under "Annual EUR"): thousands of the
column's currency."""


PROSE_AMOUNT = re.compile(r"(?:^|(?<=[:：\s]))(?P<amt>\d+(?:\.\d+)?)(?P<tail>)\s*(?=$|[;；,，|)）]|/\s|\s+[/|])")
"""A number standing on its own in a sentence ("Video with audio: 2.4; without: 1.2", "no video 7.0 / with
video 4.3"): after a colon or a space, before the end or a separator. Not a resolution ("720p"), a size
("128K"), a range bound ("[0, 128]") or a ratio ("16:9")."""
MAX_PROSE_AMOUNTS = 4


def _prose_amount(text: str) -> re.Match[str] | None:
    """The first amount of a cell that says in words what its figures are for, under a header that names the
    currency: a cell of two prices gives its first, as a cell "$2 / $1" does."""
    if not re.search(r"[^\W\d_]{2,}", text):
        return None
    found = [
        m for m in PROSE_AMOUNT.finditer(text) if "." in m.group("amt") or re.search(r"[:：]\s*$", text[: m.start()])
    ]  # a decimal, or a figure after a colon: not "Tier 2"
    return found[0] if 0 < len(found) <= MAX_PROSE_AMOUNTS else None


def _tail_unit(tail: str) -> str | None:
    """The unit right after a cell's amount ("/ 1M tokens", "/ use", "/ 1,000 searches"), not one further on
    in a remark."""
    tail = re.split(r"[(（;；，]|,(?!\d{3}\b)", tail, maxsplit=1)[0]
    return (stated_unit(tail) or own_tail_unit(tail)) if tail.strip() else None


def _fill_free_currency(plans: list[PricePlan]) -> list[PricePlan]:
    """A free cell says no currency; it is in the one the table's other prices use."""
    currencies = Counter(p.currency for p in plans if p.currency)
    if len(currencies) != 1:
        return plans
    [currency] = currencies
    return [p if p.currency or p.custom else p.model_copy(update={"currency": currency}) for p in plans]


DOT_GROUPED = re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")
CJK_SIGNS = frozenset({"元", "円", "美元", "欧元"})


def parse_number(number: str, sign_after: str | None = None, sign_before: str | None = None) -> Decimal | None:
    """ "0.075", "1,234.5", "19,99", "1 200": the decimal separator as price-parser reads it. A dot before
    groups of three digits is a decimal point ("$3.125" per 1M tokens), unless the sign comes after the
    amount in the European way ("1.290 €", "2.890 CHF") or names a currency priced in whole units ("Rp
    29.000"): there it groups thousands (`元` and `円` pages write a decimal point whatever the sign's place)."""
    text = amount_digits(number).replace("\u00a0", "").replace(" ", "")
    sign = (sign_before or sign_after or "").strip()
    if (three_decimals := thousandths(text, currency_code(sign) if sign else None)) is not None:
        return three_decimals  # "1.500 KWD": a dinar's three decimals
    whole = sign_before is not None and currency_code(sign_before.strip()) in DOT_GROUPING_CURRENCIES
    if (whole or (sign_after and sign_after.strip() not in CJK_SIGNS)) and DOT_GROUPED.fullmatch(text):
        return Decimal(text.replace(".", ""))
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return Decimal(text)
    return zero_led(text) or Price.fromstring(text).amount


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
    """Row labels name the dimensions ("Input price", "百万tokens输出") and no column header does: most
    priced rows, not a few models that happen to be called "...-Image"."""
    lead = _lead(headers)
    if any(dimension_of(h) or PRICE_HEADER.search(h) for h in headers[lead:]):
        return False  # columns that say what they price are read as columns
    priced = named = 0
    for row in body:
        if not any(has_price(c) for c in row[lead:]):
            continue
        priced += 1
        label = _row_label(row, lead)
        if dimension_of(label) and not NOT_A_PRICE.search(label):
            named += 1
    return named >= 2 and named * 2 > priced


SERVICE_MODE = re.compile(
    r"^(?:standard|batch|flex|priority|on[- ]demand|real[- ]?time|provisioned|default|标准|批量|批处理|在线|离线)"
    r"(?:\s+(?:api|mode|processing|tier|pricing|prices?))?$",
    re.I,
)
"""A sub-heading naming a way of serving a model ("Standard", "Batch", "Priority"), not a model."""
TIER_COLUMN = re.compile(r"^(?P<tier>(?:free|paid|standard|enterprise|pay[- ]as[- ]you[- ]go)\s+tier)\b", re.I)
"""A column header naming a tier of use of one model ("Free Tier", "Paid Tier, per 1M tokens in USD")."""


FOOTNOTE_MARKS = re.compile(r"[¹²³⁴⁵⁶⁷⁸⁹⁰*†]+")


def _read_transposed(
    body: Grid,
    headers: list[str],
    section: str | None,
    context: Context,
    page: PageContext,
    currency: str | None,
    unit: str | None,
    lead: int | None = None,
) -> list[PricePlan]:
    """Dimensions as rows. The model is the table's heading, or a column's header when the columns are
    models; columns naming tiers of use ("Free Tier" / "Paid Tier") are variants of the heading's model,
    and a heading naming a way of serving it ("Standard") is a section of the model named above it."""
    model = label_text(section or context.heading or "")
    if SERVICE_MODE.match(model) and context.outer:
        model = label_text(context.outer)
    lead = _lead(headers) if lead is None else lead
    named_columns = [h for h in headers[lead:] if h]
    tiers = bool(named_columns) and all(TIER_COLUMN.match(h) for h in named_columns)
    by_column = len(named_columns) > 1 and not tiers  # models as columns: each column's header is the model
    if not model and not by_column:
        return []
    plans: list[PricePlan] = []
    seen: set[tuple[str, str, str | None]] = set()
    row_dimensions: set[str] = set()
    for cells in body:
        row = [c.text for c in cells]
        label = _row_label(row, lead)
        if NOT_A_PRICE.search(label):
            continue
        dimension = dimension_of(label)
        if dimension is None and any(has_price(c) for c in row[lead:]):
            dimension = slug(label_text(label))  # a service the vocabulary does not know keeps its own name
        if not dimension:
            continue
        label_unit = usage_unit(label) or unit
        sub_row = _sub_row(row[:lead])
        if dimension in row_dimensions:  # "Input noturno ²" under "Input": the same dimension another way
            sub_row = " · ".join(p for p in (sub_row, FOOTNOTE_MARKS.sub("", label_text(label)).strip()) if p)
        row_dimensions.add(dimension)
        for col in range(lead, len(cells)):
            header = headers[col] if col < len(headers) else ""
            column = Column(
                header, dimension, usage_unit(header) or label_unit, header_currency(header, page.yen) or currency, True
            )
            tier = TIER_COLUMN.match(header) if tiers else None
            name, variant = (label_text(header), section) if by_column and header else (model, header or None)
            if tier is not None:
                variant = " · ".join(p for p in (section, tier.group("tier")) if p)
            for text, note in _priced_lines(cells[col]):
                line_dimension = _line_dimension(dimension, note)
                if line_dimension != dimension and note and dimension_of(note) == line_dimension:
                    note = None  # "(storage price)" named what the line prices: it is no variant of it
                full = " · ".join(p for p in (variant, sub_row, note) if p) or None
                if not name or (name, line_dimension, full) in seen:
                    continue
                plan = _cell_plan(name, text, replace(column, dimension=line_dimension), page)
                if plan is not None:
                    seen.add((name, line_dimension, full))
                    plans.append(
                        plan.model_copy(
                            update={
                                "dimension": line_dimension,
                                "section": full,
                                "unit": unit_for(line_dimension, plan.unit),
                            }
                        )
                    )
    return _fill_free_currency(plans)


def _priced_lines(cell: Cell) -> list[tuple[str, str | None]]:
    """A cell's prices as (text, note): one per line when it sets two or more prices one under the other
    ("$0.25 (text / image / video)" over "$0.50 (audio)"), each with what it says of itself (the bracket,
    or the clause after a comma: "prompts <= 200k tokens"); else the cell whole, without a note."""
    priced = [line for line in cell.lines if _price_line(line)]
    if len(priced) < 2:
        return [(cell.text, None)]
    out: list[tuple[str, str | None]] = []
    for line in priced:
        match = PRICE_TEXT.search(line)
        if match is None:  # a free line ("Free of charge"): it is its own note
            out.append((label_text(line), label_text(line)))
            continue
        rest = line[match_end(match) :]
        bracket = re.search(r"[(（]([^()（）]+)[)）]", rest)
        clause = re.match(r"\s*[,;，；]\s*(.+)$", rest)
        note = bracket.group(1) if bracket else clause.group(1) if clause else ""
        out.append((line, clean(note).rstrip(".") or None))
    return out


MODALITY_DIMENSIONS = frozenset({"image", "video", "audio_input", "audio_output"})


def _line_dimension(dimension: str, note: str | None) -> str:
    """What one line of a cell prices: the row's dimension, unless its note names another ("storage
    price" under "Context caching price"); a note naming a modality ("audio") makes input or output that
    modality's, as a column "Input (audio)" would, and only qualifies any other dimension; a context tier
    ("prompts <= 200k tokens") never names one."""
    if not note or TIER_HEADER.search(note):
        return dimension
    own = dimension_of(note)
    if own is None or own in (OWN_NAME, dimension):
        return dimension
    if own in MODALITY_DIMENSIONS:
        qualified = dimension_of(f"{dimension} ({note})") if dimension in ("input", "output") else None
        return qualified if qualified and qualified != OWN_NAME else dimension
    return own


def _sub_row(lead: list[str]) -> str:
    """The label texts after the one naming the dimension: a sub-row of it ("Input · Peak" / "Off-peak")."""
    parts = list(dict.fromkeys(text for text in lead if text))
    named = [i for i, text in enumerate(parts) if dimension_of(text)]
    return " · ".join(parts[named[-1] + 1 :]) if named else ""
