"""Plans from the visible plan cards of a SaaS pricing page: the `heuristic` method, read last.

A card is an element that names one plan and shows its price. Sites draw them every way, so cards
are found by class names or by alike siblings, and names, periods, units and currencies are looked
for in several places, in a fixed order of trust. Read last because it is the least reliable method.
Struck-through prices were removed before (`pricing_extract.drop_struck`). Pure functions over a tree.
See docs/pricing-extraction.md.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal

from price_parser import Price
from selectolax.lexbor import LexborHTMLParser, LexborNode

from collectors.models import Period, PricePlan
from collectors.pricing_grid import text_blocks
from collectors.pricing_tables import (
    BRACKETS,
    FOOTAGE_UNITS,
    PRICE_ROW,
    VIDEO_RESOLUTION,
    against_others,
    match_end,
    price_parts,
)
from collectors.pricing_tables import HEADINGS as HEADING_TAGS
from collectors.pricing_vocab import (
    ADDED_SEAT,
    AMOUNT_THEN_SIGN,
    ASKING,
    BARE_CONTACT,
    COMPARISON,
    CRYPTO_CODES,
    CUSTOM_LINE,
    CUSTOM_TEXT,
    DASH_NOTE,
    FREE_LINE,
    FREE_WORD,
    ISO_CODES,
    MODEL_SIDES,
    NOT_A_PRICE,
    PLAN_WORD,
    PRICE_LABEL,
    PRICE_TEXT,
    RIBBON,
    RUPEE_SIGNS,
    SEAT_WORDS,
    SIGNED_FREE,
    TAIL_PERIODS,
    TAIL_UNIT,
    TEMPLATE_EXPRESSION,
    TIME_UNITS,
    TOKEN_SIDES,
    TOTAL_WORDS,
    TRIAL_FREE,
    UPGRADE_CALL,
    VERSUS,
    WORD_CODES,
    YUAN,
    PageContext,
    amount_digits,
    currency_code,
    dimension_of,
    free_currency,
    header_period,
    own_tail_unit,
    price_matches,
    tail_period,
    tail_unit,
    thousandths,
    usage_unit,
    without_conversions,
    without_noted_ribbon,
    without_pictographs,
    without_tag,
    zero_led,
)

CARD_MARK = re.compile(r"pricing|plan|tier|card|package|price|add-?on|forfait|carte|karte|tarjeta|paquete|pacote", re.I)
UTILITY_BEFORE = "".join(
    rf"(?<!\b{prefix})" for prefix in ("text", "bg", "border", "fill", "stroke", "ring", "from", "via", "to", "outline")
)
"""A Tailwind colour utility's prefix: `text-title`, `bg-heading` colour an element by a theme's token."""
NAME_CLASS = re.compile(
    rf"(?:^|\s|{UTILITY_BEFORE}[-_])(?:title|name|heading|(?:card|plan|package|pricing|price)(?:__|[-_])tier"
    r"|(?:plan|tier|package)(?:__|[-_])?(?:type|label)|(?:price|pricing)(?:__|[-_])package)"
    r"(?=$|[-_\s])"
    r"|[a-z](?:Title|Name|Heading)(?:Style)?(?=$|[-_\s])"
    r"|(?:^|\s)tier(?=$|\s)"
)
"""A class naming the element a title or a name (`plan-name`, `card-title`, `cardTitle_x1`, `plan-type`,
`card-tier`, `pricing-tier`, `price-package`, BEM's `b-pricing-card__tier`, its `__` a separator as `-` is; `tier`
alone, a class of its own, ranger-zh's `span.tier` "Plus" beside the tagline "最实用"): not
`cardTitleContainer`, nor a tracking class that happens to hold `-name=`, nor a colour utility named after a
theme's token (frenchwithfelix-en's `text-title` on its price line and its button)."""
PRICE_CLASS = re.compile(r"price|amount|cost|(?:^|[-_\s])amt(?=$|[-_\s])|(?:^|[-_\s])currency(?=$|[-_\s])", re.I)
DATA_PRICE = re.compile(
    r"^data-(?:price-?|count-|amount-?)?(?:monthly|yearly|annual|annually|month|year|quarterly)(?:-?price)?$", re.I
)
BARE_PRICE = re.compile(
    r"^\s*(?P<amt>\d{1,6}(?:[.,]\d{1,2})?)\s*(?P<tail>(?:/(?!\s*(?:7|365)\b)|per\b|pro\b).{0,40})?$", re.I
)
"""A number standing alone in a price element, its currency the page's: "19/Platz", "9,90 pro Monat". Hours a
day over days a week or a year ("24/7 support" in aing-en's `span.PriceColumn-featureText`) are no amount per
anything."""
FOOTNOTE = re.compile(r"^\(?[*†]+\)?\s*\S")
CJK_CHAR = re.compile(r"[\u4e00-\u9fff\u3040-\u30ff\uac00-\ud7a3]")
CARD_TAGS = frozenset({"div", "section", "article", "aside"})
HEADING = "h1, h2, h3, h4, h5, h6"
MAX_PRICE_LINE = 24
MAX_CARD_TEXT = 4000
ORDINAL = re.compile(r"^\d{1,2}[.)、]$")
ARITHMETIC = re.compile(r"[=×]")
NOT_A_CARD = frozenset({"html", "body", "main", "nav", "header", "footer", "table", "tr", "td", "th", "ul", "ol"})
PRICE_LEAD = re.compile(
    r"^(?:from|starting\s+(?:at|from)|starts\s+at|as\s+low\s+as|ab|desde|a\s+partir\s+de|à\s+partir\s+de|"
    r"a\s+partire\s+da|vanaf|vana|od|już\s+od|từ|chỉ\s+từ|mulai(?:\s+dari)?|hanya|itibaren|起|から|부터)[:：]?$",
    re.I,
)
"""A word set on its own line over a starting price ("Vanaf" over "$350", "Ab" over "€9"): it leads the
price, and names no plan."""
LEAD_AT_END = re.compile(r"(?<=\S)\s+" + PRICE_LEAD.pattern.removeprefix("^"), re.I)
"""Such a word ending a name, set before the price in the name's heading ("GolfSuite <span>ab</span> € 200")."""
SAVING = re.compile(
    r"(?:省|节省|節省|立省|立减|立減|\bsave|\bsaving|\byou\s+save|\bsparen?|\bspare|\béconomisez|\bahorra|"
    r"\bahorre|\brisparmi|\bbespaar|お得|割引|\btasarruf|절약|\btiết\s+kiệm|\bhemat|\bэкономи|"
    r"\bpoup|\beconomiz|\boszczęd|"
    r"\b[ée]conomi[ea]\s+de|\bahorro\s+de)\w*"
    r"(?:\s+(?:up\s+to|as\s+much\s+as|over|more\s+than|bis\s+zu|jusqu['’]à|hasta))?\s*[:：]?"
    r"(?:\s*[~≈]|\s+(?:about|around|roughly|approx\.?|ca\.))?\s*$",
    re.I,
)
"""The word right before an amount that makes it a saving ("省 ¥60", "Save $40", "Sie sparen 20 €", Vietnamese "Tiết
kiệm 2.136.000₫/năm", Indonesian "Hemat", Russian "Экономия", French "Économie de 11,89 €", aila-fr; Portuguese
"Poupas €19.89/ano!" and "Economize", almadolivro-pt; Polish "Oszczędzasz"), maybe with its bound ("Save up to Rs
564")."""
AVERAGE = re.compile(
    r"(?:平均|均摊|均攤|折合|相当于|相當於|\baverages?|\bavg\.?|\bon\s+average|\bequivalente?\s+(?:to|a)|\bworks\s+out\s+to|"
    r"\bdurchschnittlich|\bentspricht|\ben\s+moyenne|\bsoit|\ben\s+promedio|\bequivale\s+a|\bin\s+media|≈)"
    r"[^\d¥$€£]{0,8}?(?:約|约|\bca\.?|\bapprox\.?|\babout|~)?\s*[:：]?\s*$",
    re.I,
)
"""The words right before an amount that make it a figure worked out from another price ("平均每月約 US$2.50",
"averages $8.25/mo", "entspricht 4,16 €/Monat", "Equivalente a apenas R$ 6,65/mês"): a restatement, not a price
of its own."""
MAX_AVERAGE_WORDS = 24
"""How far before an amount its restating words may open: "Equivalente a apenas " is 21 characters."""
EQUIVALENT_AFTER = re.compile(
    r"^\s*(?:/\s*[^\W\d_]+\.?|per\s+[^\W\d_]+)?\s*(?:equivalent|effective)\b(?!\s+(?:to|of)\b)", re.I
)
"""A price said to be another's equivalent after its tail ("₹194/month equivalent" under a yearly ₹2,330): the
yearly price worked out per month, not a price of its own."""
SAVED_AFTER = re.compile(
    r"^\s*(?:saved|bespaard|gespart|eingespart|économisés?|ahorrados?|economizados?|risparmiati)\b", re.I
)
"""An amount said to be saved ("gem. €1.840 bespaard": €1,840 saved on average): what a customer keeps, no price."""
GRANTED_AFTER = re.compile(
    r"^\s*(?:/\s*[^\W\d_]+\.?\s*)?(?:(?:of|in|en|de)\s+)?(?:free|gratis|gratuits?|gratuitos?|kostenlose?s?|bonus)\s+"
    r"(?:credits?|crédits?|créditos?|guthaben)(?![^\W\d_])",
    re.I,
)
"""An amount said to be given as credit ("50€ of Free Credits" on diploi-en's Free Trial card, "$30 / month free
credits", "$20 free credit"): what the plan grants to spend, not what it costs."""
APPROXIMATE_LEAD = re.compile(r"^\s*[~～≈]\s*$")
"""A tilde opening the line of an amount that says no period, on a card priced in two currencies ("~$2.4 USD ·
cancel anytime" under "₹199/month"): about what the price comes to in the other, not a price; and one per a unit
on a card with a flat price ("~$0.003 per request" under "$17/mo"): what the plan works out to per request. A card
priced so in its one currency (szczurogrod-pl's "~4,99 PLN") shows its price; an upper bound after a word ("무료
~25,000원") and an approximate price per a period ("~$16,800/year") are other matters."""


def _flat_beside(matches: list[re.Match[str]], match: re.Match[str], yen: str) -> bool:
    """Whether another of the card's prices is a flat one, per no unit and above nothing ("$17/mo")."""
    return any(
        other is not match and (price := text_price(other, yen)) is not None and not price.unit and bool(price.amount)
        for other in matches
    )


BRACKETED_APPROXIMATE = re.compile(r"\(\s*[~～≈]\s*$")
"""A bracket opening on a tilde right before an amount that says no period: promptcontrolplane-en's "₹499 per
month (~$6)", prepmind-en's "10 Sessions (~₹25 each)". The price restated about, in another currency or per piece
of a bundle; "(~$86/usuario/mes)" says its own period and is runink-es's month-to-month price."""


def _saving_word_names(text: str, start: int, lines: list[tuple[int, int]]) -> bool:
    """Whether the saving word before an amount is the card's name, the whole of its first line, right over the
    amount: tvcstudio-vi's pack "TIẾT KIỆM" ("Saver") in its `<small>` over `<h3>99.000đ</h3>`. A saving said on
    the amount's own line, or further down the card, is a saving."""
    if not lines:
        return False
    first_end = lines[0][1]
    return (
        first_end <= start
        and not text[first_end:start].strip()
        and SAVING_NAME.fullmatch(text[:first_end].strip()) is not None
    )


SAVING_NAME = re.compile(r"(?:tiết\s+kiệm|hemat|ahorro|économie|economia|sparpaket|saver|savings?)", re.I)


def _other_currencies(matches: list[re.Match[str]], yen: str) -> bool:
    """Whether the card's prices are in more than one currency."""
    return len({price.currency for match in matches if (price := text_price(match, yen)) is not None}) > 1


BOUND_BEFORE = re.compile(
    r"(?:[<>≤≥]|\bless\s+than|\bunder|\bbelow|\bweniger\s+als|\bmoins\s+de|\bmenos\s+de|\bmeno\s+di|"
    r"\bminder\s+dan|\bscales?\s+to|\bup\s+to|\b(?:limit|cap|budget)\s+of)\s*$",
    re.I,
)
"""A bound right before an amount ("<$0.01 per image", "less than $1 a day", chillchess-es's "Menos de €1.70 al mes"
under "€19.99 /año"), or a ceiling ("scales to $34/mo." under fyrastack-en's "$5 /mo", "up to"; "Ad spend limit of
$2000/mo" in bluecollardev-en's feature list, "cap of", "budget of"): what a price works out to or can reach, or
what the plan lets one spend, stays within it, a figure about the price, not one."""
VALUE_BEFORE = re.compile(
    r"(?:价值|價值|\bworth|\bvalued\s+at|\ba\s+value\s+of|\bd['’]une\s+valeur\s+de|\bim\s+wert\s+von|"
    r"\bt\.\s?w\.\s?v\.|\bter\s+waarde\s+van|"
    r"\b(?:no|con\s+un|del)\s+valor\s+de)\s*[:：]?\s*$",
    re.I,
)
"""The word right before an amount saying what a perk is worth (ftchinese-zh's "论坛门票2张，价值3999元/张", two forum
tickets worth 3999 yuan each; "a bonus pack worth $49"; Dutch "t.w.v. €150/uur", worth €150 an hour): the value of
something the plan gives, not its price."""
TURNOVER_BEFORE = re.compile(
    r"\b(?:omsetter\s+for|omsetning(?:\s+på)?|turnover(?:\s+of)?|revenue\s+of|sales\s+of|umsatz(?:\s+von)?|"
    r"chiffre\s+d['’]affaires(?:\s+de)?|facturaci[óo]n\s+de|faturamento\s+de)"
    r"(?:\s+(?:mer\s+enn|mindre\s+enn|over|under|above|below|more\s+than|less\s+than|up\s+to|über|bis))?\s*$",
    re.I,
)
"""The turnover a plan is bound to, right before an amount ("Helt gratis inntil du omsetter for 5 000 kr/mnd",
okam-no's "free until you turn over 5,000 kr a month"; "revenue of $10k", "Umsatz bis 5.000 €"): what the customer
sells, the plan's threshold, no price."""
MAX_TURNOVER_LEAD = 40
"""How many characters before an amount `TURNOVER_BEFORE` looks back ("omsetter for mer enn " is 21)."""
AUDIENCE_BEFORE = re.compile(r"\b(?:for|für|pour|para|per)\s*$", re.I)
OPEN_ABOVE = re.compile(r"^\s*(?:[KkMmBb]|Cr|L|Mio\.?|Mrd\.?)?\s?\+")
"""An amount after "for" and open above ("For ₹50 Cr+ businesses", "for $10M+ ARR companies"): the size of the
customers a plan is meant for, not what it costs."""
MAX_SAVING_WORD = 16
MAX_NAME = 60
MAX_FIRST_TEXT = 40
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True)
class CardPrice:
    amount: Decimal
    currency: str | None
    period: Period | None
    unit: str | None
    dimension: str = "price"
    overage: bool = False
    """What each unit beyond the plan's allowance costs ("danach $0.015 / Credit"), beside the plan's price."""
    per_when: bool = False
    """Says per when in a period the labels have no value for ("$25 /qtr"): a price (period null) all the same."""


def heuristic_plans(tree: LexborHTMLParser, page: PageContext | None = None) -> list[PricePlan]:
    """Plans from plan cards (rules: docs/pricing-extraction.md)."""
    yen = page.yen if page is not None else "¥"
    cards = [
        (card, name)
        for card, name in plan_cards(tree) or lone_cards(tree)
        if not _under_excluded_heading(card)
        and not TABLE_OF_CONTENTS.match(name.strip())
        and not FAQ.match(name.strip())
        and not TESTIMONIALS.match(name.strip())
        and not YOUR_ESTIMATE.match(name.strip())
        and not CHARGES_RECORD.match(name.strip())
        and not PAYMENT_METHOD.match(name.strip())
        and not _job_posting(card)
        and not CURRENT_PLAN.match(name.strip())
        and not WORKED_CASE.match(name.strip())
    ]
    currencies = {p.currency for card, _ in cards for p in _text_prices(card, yen) if p.currency}
    page_currency = next(iter(currencies)) if len(currencies) == 1 else None
    cards = _without_shared_kickers(_keyed_rows(cards))
    cards = _without_comparison_rows(_without_comparison_heads(_untagged(_kickers_alike(cards))))
    plans: list[PricePlan] = []
    quoted = _quoted_rows(cards, yen, page_currency)
    for card, name in cards:
        if labelled := _labelled_price_boxes(card) or _priced_rows(card):
            for box, label in labelled:
                plans.extend(_card_plans(box, label, _card_prices(box, yen, page_currency), yen))
            continue
        if name and card.mem_id not in quoted:
            own: list[PricePlan] = []
            views = _toggle_views(card)
            shared = len(views) > 1 and _twin_amounts(card) and not _sides_say_period(card)
            for view, side in views:
                sides = frozenset(s for _, s in views if s) if len(views) > 1 else frozenset()
                found = _card_plans(view, name, _card_prices(view, yen, page_currency), yen, shown_sides=sides)
                found = [
                    p.model_copy(update={"period": side})
                    if (p.period is None or (shared and p.period in ("month", "year") and not p.unit)) and p.amount
                    else p
                    for p in found
                ]
                own.extend(p for p in found if p not in own)
            if own and (per := _header_row_unit(card)) is not None:
                own = [_per_header_unit(p, per) for p in own]
            plans.extend(own)
    plans = [  # a hero's "Contact us" button; a closing "Choose Your Plan" call beside a "Talk to us" link
        p for p in plans if not (p.custom and (PRICES_TITLE.match(p.plan) or SECTION_CALL.match(p.plan)))
    ]
    custom = [p.plan.casefold() for p in plans if p.custom]
    plans = [p for p in plans if not (p.custom and _extends_custom_card(p.plan, custom))]
    if plans:
        named = {p.plan.casefold() for p in plans}
        plans.extend(
            p
            for p in _quote_blocks(tree, [card for card, _ in cards])
            if p.plan.casefold() not in named
            and not _extends_custom_card(p.plan, custom)
            and not SECTION_CALL.match(p.plan)  # famquest-nl's closing "Kies jouw plan en start vandaag" over a link
        )
    plans = _without_titled_repeats(_free_said_once(_without_restating_rows(_without_repeated_row(plans))))
    return _without_unswapped_years(plans)


def _quoted_rows(cards: list[tuple[LexborNode, str]], yen: str, currency: str | None) -> set[int]:
    """The cards of a row of three or more that names no price at all, each only asking for a quote, on a page whose
    other cards are priced (4ds-nexus-en's "Websites, apps & custom software" rows, "One-off project work … Scoped
    and quoted before work begins", each a "Request a Quote" button under its service's name, below the priced
    packages): services quoted apart, none a custom plan. One custom card beside priced ones is such a plan."""
    rows: dict[int, list[LexborNode]] = {}
    for card, _ in cards:
        rows.setdefault(_row_id(card), []).append(card)
    asking = {
        row: members
        for row, members in rows.items()
        if len(members) >= MIN_QUOTED_ROW
        and all(any(_custom_line(line) for line in _signal_lines(card)) for card in members)
    }
    if not asking:
        return set()  # the common case: no card's prices are read twice
    priced = {_row_id(card) for card, _ in cards if _card_prices(card, yen, currency)}
    if not priced:
        return set()
    return {card.mem_id for row, members in asking.items() if row not in priced for card in members}


MIN_QUOTED_ROW = 3


MAX_HEADER_ROW = 300


def _header_row_unit(card: LexborNode) -> str | None:
    """The unit of time a header row over the card's rows states ("GPU Model | VRAM | Pricing Per Hour" right
    before the block of rows, "Cost Per Hour"): a div table's rows, each read as a card, are priced per it. The
    header row holds no price of its own and is short; None for any other."""
    parent = card.parent
    header = parent.prev if parent is not None else None
    while header is not None and header.tag in ("-text", "-comment"):
        header = header.prev
    if header is None:
        return None
    text = _clean(header.text(separator=" "))
    if not text or len(text) > MAX_HEADER_ROW or PRICE_TEXT.search(text):
        return None
    unit = usage_unit(text)
    return unit if unit in TIME_UNITS else None


def _per_header_unit(plan: PricePlan, unit: str) -> PricePlan:
    """A row's bare price ("$4.76", no period or unit said) per the header row's unit of time."""
    if plan.amount is None or plan.custom or plan.period is not None or plan.unit is not None:
        return plan
    return plan.model_copy(update={"period": "usage", "unit": unit})


HEADINGS = "h1, h2, h3, h4, h5, h6"
BOX_LABEL = re.compile(r"^(?P<name>[^\W\d_][^:：$€£¥₩\d]{0,29}?)\s*[:：]\s*(?=\S)")
"""A price box's own name before a colon ("Starter: $9.99/month → $83.92/year")."""


def _labelled_price_boxes(card: LexborNode) -> list[tuple[LexborNode, str]]:
    """A card's price boxes each led by a name and a colon, two or more of them ("Starter: $9.99/month",
    "Professional: $15/month" under one product heading): each box prices the tier it names, not the card's
    heading. A single labelled box, or boxes led by anything else, say nothing of the kind."""
    found: list[tuple[LexborNode, str]] = []
    for box in _price_elements(card):
        text = _clean(box.text(separator=" "))
        label = BOX_LABEL.match(text)
        if label is None or not price_matches(text[label.end() :]) or price_matches(text[label.end() :])[0].start():
            return []
        name = label.group("name").strip()
        if len(name.split()) > MAX_LABEL_WORDS or PRICE_LEAD.match(name) or _free_text(name) or tail_period(name):
            return []  # "Monthly: $10", "Yearly: $100": the sides of one price, not tiers
        if re.search(r"price|pricing|cost|preis|prix|precio|料金|价格", name, re.I):
            return []
        found.append((box, name))
    return found if len(found) >= 2 else []


MIN_PRICED_ROWS = 2
MAX_ROW_LABEL_WORDS = 5


def _priced_rows(card: LexborNode) -> list[tuple[LexborNode, str]]:
    """A card that is a list of priced items, each an element of its own holding a short name and then one price
    and nothing else, alike in tag and class and holding every price of the card (gastrohub-de's module picker:
    "Kern-Features" over `<div data-price="10"><span>Schichtplanung</span><span>10 € / Monat</span></div>`, one
    row per module): each row prices the item it names, not the list's heading. A model's card keying its sides so
    ("Input $3", "Output $15") is one model, priced per side. A card showing a price of its own
    beside such rows (a plan's "+ $5 per extra user" lines) is a plan, and stays one. A list's items are such rows
    too, its priced ones among its feature lines (quizforge-en's "✓ Single organisation: $999/year" beside "✓
    Email-only support"), named without the tick."""
    groups: dict[tuple[int, str, str], list[LexborNode]] = {}
    for node in card.traverse():
        if (node.tag in CARD_TAGS or node.tag == "li") and node.parent is not None and node is not card:
            groups.setdefault((node.parent.mem_id, node.tag, node.attributes.get("class") or ""), []).append(node)
    total = len(price_matches(_clean(card.text(separator=" "))))
    for (_, tag, _), group in groups.items():
        rows = [row for row in group if not _loop_row(row)]
        if tag == "li":  # a list's priced items among its feature lines ("✓ Email-only support")
            rows = [row for row in rows if price_matches(_clean(row.text(separator=" ")))]
        if len(rows) < MIN_PRICED_ROWS or len(rows) != total:
            continue
        found = [(row, name) for row in rows if (name := _row_item(row))]
        if len(found) == len(rows) and not any(dimension_of(name) in MODEL_SIDES for _, name in found):
            return found  # "Input $3", "Output $15" on a model's card: its sides, priced by the card reader
    return []


def _loop_row(row: LexborNode) -> bool:
    """A row a server template repeats, left in the page as written (smarty-en's `{% for comp, label, price in
    addon_components %}` row "{{ label }} ${{ price }}/yr" before its fallback's five priced rows): no item."""
    text = row.text(separator=" ")
    return "{{" in text and not price_matches(_clean(text))


ROW_PRICE_TAIL = re.compile(r"^\s*(?:(?:/|per\b|pro\b|par\b|por\b|al\b|im\b)\s*[^\W\d_]+\.?)?\s*$", re.I)
"""What may follow a priced row's amount: nothing, or the period or unit it is per ("/ Monat", "per seat")."""


def _row_item(row: LexborNode) -> str:
    """The name a priced row opens with, when the row is that name and one price ending it: "" otherwise."""
    text = _clean(row.text(separator=" "))
    matches = price_matches(text)
    if len(matches) != 1 or not ROW_PRICE_TAIL.match(text[match_end(matches[0]) :]):
        return ""
    name = text[: matches[0].start()].strip(" :–—-·|").lstrip("✓✔☑✅ ")
    words = name.split()
    if not words or len(words) > MAX_ROW_LABEL_WORDS or re.search(r"\d", name) or PRICE_LEAD.match(name):
        return ""
    return name


NOT_INCLUDED = re.compile(r"\bnot\s+(?:included|part\s+of)\s+(?:in\s+)?our\s+(?:pricing|prices|plans?)\b", re.I)
"""A heading saying the prices under it are not the page's own. An add-on "billed separately" is still the
page's price, and so is one "not included in the plans": only "not included in OUR pricing" disowns them."""
MAX_HEAD_BLOCK = 120
EXAMPLE_SPEND = re.compile(
    r"\btypical(?:ly)?\b[^.!?]{0,40}?\b(?:spends?|pays?|costs?|bills?)\b"
    r"|\b(?:real[- ]world|example|sample)\s+(?:costs?|bills?|spend(?:ing)?)\b",
    re.I,
)
"""A heading saying the figures under it are what customers typically spend ("Real-world costs by team size" · "See
what teams like yours typically spend each month" over thorbis-en's "Small Team" · "$269/mo" · "$200 base + $69
usage"): worked examples of one plan's bill, each a card, no plans."""
HOW_IT_WORKS = re.compile(
    r"^(?:how|hoe|c[oó]mo|comment|wie|come)\s.*\b(?:works?|werkt|funciona|fonctionne|funktioniert|funziona)[.!?]?$",
    re.I,
)
"""A heading saying how a fee or the billing works ("Hoe de performance fee werkt" over honeybadger-nl's "Maand met
winst" · "Onze performance fee: €8,-" and "Maand met verlies" · "€0,-"): the cards under it work the fee out for a
case, no plans."""


def _under_excluded_heading(card: LexborNode) -> bool:
    """Whether the nearest heading before the card, with the badge set beside it, says the prices under it are
    not part of the page's own ("AI Brain Costs" · "Not Included in Our Pricing"): the
    other vendors' plans a customer buys directly, listed as cards, are no plans of this page; nor are the cards
    under a heading setting the product against others ("How we compare": fathom-en's "Datadog DBM ~$16,800/year"
    beside its own worked "FATHOM Business ~$5,880/year"), nor those under a heading working a bill or a fee out
    for cases ("Real-world costs by team size", `EXAMPLE_SPEND`; "Hoe de performance fee werkt", `HOW_IT_WORKS`)."""
    node = card
    while node.parent is not None and node.tag != "body":
        sibling = node.prev
        while sibling is not None:
            if _alike(sibling, node):
                pass  # a fellow card of the row: its heading names its plan
            elif sibling.tag in CARD_TAGS or sibling.tag in {"h1", "h2", "h3", "h4", "h5", "h6", "header"}:
                heads = [sibling] if sibling.tag.startswith("h") and len(sibling.tag) == 2 else sibling.css(HEADINGS)
                if heads:
                    block = _clean(sibling.text(separator=" "))
                    text = block if len(block) <= MAX_HEAD_BLOCK else _clean(heads[-1].text(separator=" "))
                    # "How we compare" over a feature table in one block heads the table, not the cards after it
                    if HOW_IT_WORKS.match(_clean(heads[-1].text(separator=" "))):
                        return True
                    return bool(NOT_INCLUDED.search(text) or EXAMPLE_SPEND.search(text)) or (
                        len(block) <= MAX_HEAD_BLOCK and against_others(text)
                    )
            sibling = sibling.prev
        node = node.parent
    return False


TOGGLE_SIDES: tuple[tuple[re.Pattern[str], Period], ...] = (
    (re.compile(r"^(?:monthly|month|mensal|mensual|mensile)$", re.I), "month"),
    (re.compile(r"^(?:yearly|annual|annually|year|anual|annuale)$", re.I), "year"),
)
TOGGLE_CLASS = re.compile(
    r"^(?:[\w]+[-_])*?(?:price|billing|period|plan)[-_](?P<side>[a-z]+)$|^(?P<before>[a-z]+)[-_](?:price|amount)$|"
    r"^[\w-]*?(?:price|amount|billing|period)\w*--(?P<mod>[a-z]+)$",
    re.I,
)
"""A class naming the toggle side an element shows, after the price word ("price-monthly"), before it
("monthly-price", "yearly-price"), or as a BEM modifier (`c-pricing__price__amount--annually`)."""


def _toggle_side(node: LexborNode) -> Period | None:
    """The side of a billing toggle an element shows: `class="price-monthly"` / `"price-yearly"`, or a
    `data-*` attribute whose value is the period (`data-price="monthly"` / `"annual"`)."""
    words = [
        m.group("side") or m.group("before") or m.group("mod")
        for c in (node.attributes.get("class") or "").split()
        if (m := TOGGLE_CLASS.match(c))
    ]
    words += [v for k, v in node.attributes.items() if k.startswith("data-") and v]
    for word in words:
        for pattern, period in TOGGLE_SIDES:
            if pattern.match(word):
                return period
    return None


def _toggle_views(card: LexborNode) -> list[tuple[LexborNode, Period | None]]:
    """The card as each side of its billing toggle shows it, when it draws both sides as twin elements
    marked by period ("<span class="price-monthly">9,99</span><span class="price-yearly">79</span> € <span
    class="price-monthly">/ 월</span><span class="price-yearly">/ 년</span>"): read whole, the two amounts
    and the two periods run together ("9,99 79 € / 월 / 년"). Each view drops the other side's elements; a
    price it shows without a period takes its side's. A card marking only one side is read as it is."""
    marked: dict[Period, list[LexborNode]] = {}
    for node in card.traverse():
        if node.mem_id != card.mem_id and (side := _toggle_side(node)) is not None:
            marked.setdefault(side, []).append(node)
    if len(marked) < 2 or not card.html:
        return [(card, None)]
    views: list[tuple[LexborNode, Period | None]] = []
    for side in marked:
        if card.tag in ("td", "th"):  # a cell parsed alone loses its tag: parse it inside its row
            view = LexborHTMLParser(f"<table><tr>{card.html}</tr></table>").css_first(card.tag)
        else:
            copy = LexborHTMLParser(card.html).body
            view = copy.child if copy is not None else None
            while view is not None and view.tag == "-text":
                view = view.next
        if view is None:
            return [(card, None)]
        for node in list(view.traverse()):
            other = _toggle_side(node)
            if other is not None and other != side and node.mem_id != view.mem_id:
                node.decompose()
        views.append((view, side))
    return views


def _twin_amounts(card: LexborNode) -> bool:
    """Whether each side of the card's billing toggle is an element holding an amount of its own
    (`span.monthly-price` "9.99€" beside `span.yearly-price` "7.99€"), not a label or a button."""
    sides: set[Period] = set()
    for node in card.traverse():
        if node.mem_id != card.mem_id and (side := _toggle_side(node)) is not None:
            text = _clean(node.text(separator=" "))
            if len(text) <= MAX_PRICE_LINE and (PRICE_TEXT.search(text) or BARE_PRICE.match(text)):
                sides.add(side)
    return len(sides) > 1


def _sides_say_period(card: LexborNode) -> bool:
    """Whether a twin toggle element says its own period ("<span class="price-yearly">/ 년</span>"). When none
    does, one period element after both amounts ("9.99€" / hidden "7.99€" / "/mois") is shared: each side is
    in its own period, the hidden yearly side `year` as the labels have it."""
    return any(
        _toggle_side(node) is not None and tail_period(_clean(node.text(separator=" "))) is not None
        for node in card.traverse()
        if node.mem_id != card.mem_id
    )


def _prices_by_name(plans: list[PricePlan]) -> dict[str, list[tuple[object, ...]]]:
    """Each plan name (casefolded) and the prices it carries, as (dimension, amount, currency, unit)."""
    keys: dict[str, list[tuple[object, ...]]] = {}
    for p in plans:
        keys.setdefault(p.plan.casefold(), []).append((p.dimension, p.amount, p.currency, p.unit))
    return keys


def _without_repeated_row(plans: list[PricePlan]) -> list[PricePlan]:
    """A row of cards drawn again for another screen, each name with words added ("商业版" over "￥199" in the
    wide row, "商业版 按月计费" over "￥199" in the narrow one, lanyingim-zh): plans whose name is another plan's
    and more, priced only as that plan is, are that plan said again, when two or more of the row are so."""
    prices = {name: set(keys) for name, keys in _prices_by_name(plans).items()}
    again = {
        name
        for name, own in prices.items()
        if any(name.startswith(f"{other} ") and own <= prices[other] for other in prices if other != name)
    }
    return [p for p in plans if p.plan.casefold() not in again] if len(again) > 1 else plans


def _without_restating_rows(plans: list[PricePlan]) -> list[PricePlan]:
    """A row of a comparison drawn with `div`s that prices one thing for each plan ("Ad Videos | $65/video |
    $48/video" under the Starter card's "$498 /month" and "$65 /video" and the Pro card's "$948 /month" and
    "$48 /video", valiantai-en) reads as a card. Its prices are all per a unit and each is the usage price of
    another card, one with a flat price of its own, no two of them the same card's: the row goes."""
    keys = _prices_by_name(plans)
    flat = {name for name, own in keys.items() if any(unit is None for *_, unit in own)}

    def restates(name: str) -> bool:
        own = keys[name]
        if name in flat or len(own) < 2 or any(amount is None for _, amount, *_ in own):
            return False
        holders = []
        for key in own:
            cards = [card for card in flat if key in keys[card]]
            if len(cards) != 1:
                return False
            holders.append(cards[0])
        return len(set(holders)) == len(holders)

    restating = {name for name in keys if restates(name)}
    return [p for p in plans if p.plan.casefold() not in restating]


def _without_unswapped_years(plans: list[PricePlan]) -> list[PricePlan]:
    """A plan's yearly price at its monthly amount, beside another yearly price of its own, is the billing
    toggle's yearly side showing the monthly figure a script swaps out (faktra-en's "AED 199 / year" beside "AED
    1,990 billed yearly" and "AED 199 / month"): the other yearly price is the year's."""
    months = {(p.plan.casefold(), p.dimension, p.currency, p.unit, p.amount) for p in plans if p.period == "month"}
    years: dict[tuple[str, str, str | None, str | None], set[float | None]] = {}
    for p in plans:
        if p.period == "year":
            years.setdefault((p.plan.casefold(), p.dimension, p.currency, p.unit), set()).add(p.amount)
    return [
        p
        for p in plans
        if not (
            p.period == "year"
            and (key := (p.plan.casefold(), p.dimension, p.currency, p.unit)) + (p.amount,) in months
            and len(years[key]) > 1
        )
    ]


def _without_titled_repeats(plans: list[PricePlan]) -> list[PricePlan]:
    """A price named only by the section's title ("Simple Pricing") that a plan named otherwise prices the same is
    that plan said again in the section's lead (sirv-en's "Simple Pricing … from $10" over its "2 GB STORAGE" card
    at $10; beyondcharts-de's "Simple Pricing" at 9,99 € beside its "Premium" card): the named plan stays."""
    named = {(p.amount, p.currency, p.dimension) for p in plans if p.amount and not PRICES_TITLE.match(p.plan)}
    return [p for p in plans if not (PRICES_TITLE.match(p.plan) and (p.amount, p.currency, p.dimension) in named)]


def _free_said_once(plans: list[PricePlan]) -> list[PricePlan]:
    """A plan shown free twice, once in words ("Conta gratuita · Grátis") and once at zero in a currency
    ("Conta gratuita £0"), is one free plan: the entry without a currency is the other said again."""
    signed = {(p.plan.casefold(), p.dimension) for p in plans if p.amount == 0 and p.currency is not None}
    return [
        p for p in plans if not (p.amount == 0 and p.currency is None and (p.plan.casefold(), p.dimension) in signed)
    ]


def _row_id(card: LexborNode) -> int:
    """The id of the element holding the card: the cards it holds make one row."""
    return card.parent.mem_id if card.parent is not None else 0


MAX_KEYED_CLIMB = 3


def _keyed_rows(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """ "Cards" that are the key-value rows of the real cards: under each of two or more blocks, the same keys in
    the same order (poplar-en's `div.poplar-plans__item-plan-item-group` rows "Annual fixed fee" · "$1000", "Max
    deposit" · ">$100k", "Yield" · "~$7k" under each of "Earn", "Grow", "Pro"), each row a key and its figure
    alone. The block around each run of rows that names itself otherwise (its heading) is the card; the keys say
    what each plan costs and gives. Two sections of whole cards named alike (vinbackup-pt's "50 GB", "100 GB"
    outsourced and not) stay cards."""
    runs: dict[int, list[tuple[LexborNode, str]]] = {}
    for card, name in cards:
        runs.setdefault(_row_id(card), []).append((card, name))
    keyed = [run for run in runs.values() if len(run) >= 2 and all(_key_value_row(card) for card, _ in run)]
    orders = {tuple(name.casefold() for _, name in run) for run in keyed}
    if len(keyed) < 2 or len(orders) != 1 or not all(next(iter(orders))):
        return cards
    keys = next(iter(orders))
    blocks: dict[int, tuple[LexborNode, str]] = {}  # each row's id -> the card around its run, and that card's name
    for run in keyed:
        block, name = run[0][0].parent, ""
        for _ in range(MAX_KEYED_CLIMB):
            if block is None or ((name := _marked_name(block)) and name.casefold() not in keys):
                break
            block = block.parent
        if block is None or not name or name.casefold() in keys:
            return cards
        if any(block.mem_id == other.mem_id for other, _ in blocks.values()):
            return cards  # one block around two runs: a table of keys, not cards
        blocks.update((card.mem_id, (block, name)) for card, _ in run)
    out: list[tuple[LexborNode, str]] = []
    taken: set[int] = set()
    for card, name in cards:
        block, named = blocks.get(card.mem_id, (card, name))
        if block.mem_id not in taken:
            taken.add(block.mem_id)
            out.append((block, named))
    return out


MAX_KEY_VALUE_WORDS = 8


def _key_value_row(card: LexborNode) -> bool:
    """Whether the block is a key and its figure and nothing else ("Annual fixed fee" · "$1000"): no feature
    list, no button, a few words at most."""
    text = _clean(card.text(separator=" "))
    return len(text.split()) <= MAX_KEY_VALUE_WORDS and len(price_matches(text)) <= 1


def _without_shared_kickers(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """Cards that all take one heading for a name ("Pakiet Antyagencyjny" over "Na Dobry Start", "Zoptymalizuj
    Sklep", ...) show a kicker, the kind of offer they all are: each is named by its next heading before its
    price instead, when those differ from card to card. Cards sharing a name without such headings keep it, and
    so do cards sharing a name across two rows (qilinqr-zh's sticky head row "一个月", "三个月", … over the cards
    themselves, each "一个月" over its tagline): a kicker repeats among the cards of one row."""
    count = Counter((_row_id(card), name.casefold()) for card, name in cards if name)
    shared = {name for (_, name), n in count.items() if n >= 2}
    if not shared:
        return cards
    holders = [_name_holder(card, name) for card, name in cards]
    slots = [h for (_, name), h in zip(cards, holders, strict=True) if h is not None and name.casefold() in shared]
    renamed: list[tuple[LexborNode, str]] = []
    for (card, name), holder in zip(cards, holders, strict=True):
        kicker = name.casefold() in shared or (holder is not None and any(_styled_alike(holder, s) for s in slots))
        after = _heading_after(card, name, holder) if kicker else ""
        renamed.append((card, after or name))
    new_names = Counter(name.casefold() for _, name in renamed if name)
    if any(new_names[name.casefold()] > 1 for (_, old), (_, name) in zip(cards, renamed, strict=True) if name != old):
        return cards  # the next headings repeat too ("Features"): no kicker over distinct names
    return renamed


def _kickers_alike(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """Cards of one row named by their heading where another card of the row is named by the kicker over its
    heading (its heading a tagline: osontrack-uz's `span.tag` "Start" over "Kichik do‘konlar uchun", for small
    shops) and they show a kicker in the same slot (`span.tag` "Pro" over "Premium imkoniyatlar", premium
    features; homesteadkeeper-en's `p.eyebrow` "Pro" over "Whole-homestead toolkit"): the row names its plans by
    the kicker, and the heading under it describes the plan."""
    holders = [_name_holder(card, name) for card, name in cards]
    slots: dict[int, list[LexborNode]] = {}
    for (card, _), holder in zip(cards, holders, strict=True):
        if (
            holder is not None
            and holder.tag not in HEADING_TAGS
            and _heading_under(card, holder)
            and _kicker_slot(holder)
        ):
            slots.setdefault(_row_id(card), []).append(holder)
    if not slots:
        return cards
    renamed: list[tuple[LexborNode, str]] = []
    for (card, name), holder in zip(cards, holders, strict=True):
        row = slots.get(_row_id(card), [])
        if holder is None or holder.tag not in HEADING_TAGS or not row:
            renamed.append((card, name))
            continue
        kicker = next((node for node in card.traverse() if any(_styled_alike(node, slot) for slot in row)), None)
        text = _clean(kicker.text(separator=" ")) if kicker is not None else ""
        if kicker is None or not _heading_under(card, kicker) or RIBBON.match(text) or not _plain_name(text):
            renamed.append((card, name))
            continue
        renamed.append((card, text if len(text.split()) <= MAX_LABEL_WORDS else name))
    return renamed


LABEL_SLOT_CLASS = re.compile(r"(?:^|[-_\s])(?:label|type|badge|ribbon)(?=$|[-_\s])", re.I)


def _kicker_slot(node: LexborNode) -> bool:
    """Whether the element is a kicker's slot (`span.tag`, `p.eyebrow`) rather than a badge or ribbon pinned on the
    card (applyease-en's `div.badge` "Ultimate" over "Ultimate Bundle") or a label saying what kind of offer it is
    (creditreports-en's `p.pricing-card-label` "Per report", "30-day plan" over `h3.pricing-card-title`): those
    name no card."""
    return not LABEL_SLOT_CLASS.search(node.attributes.get("class") or "")


def _heading_under(card: LexborNode, node: LexborNode) -> bool:
    """Whether a heading of the card saying something else comes after the element, before the card's price (a
    tag repeating the heading's "Groei" is no kicker over it)."""
    before = _before_price(card)
    inside = {n.mem_id for n in node.traverse()}
    passed = False
    for other in card.traverse():
        if other.mem_id == node.mem_id:
            passed = True
        elif passed and other.mem_id not in inside and other.tag in HEADING_TAGS:
            said = _clean(other.text(separator=" ")).casefold() != _clean(node.text(separator=" ")).casefold()
            return said and (before is None or other.mem_id in before)
    return False


def _heading_after(card: LexborNode, name: str, holder: LexborNode | None = None) -> str:
    """The first heading after the one reading `name`, before the card's first price; where the name is no
    heading, the line right after its element (`holder`) when that line is a name too, not a tagline; "" when
    there is none."""
    before = _before_price(card)
    if before is None:
        return ""
    passed = False
    for node in card.css("h1, h2, h3, h4, h5, h6"):
        if node.mem_id not in before:
            return ""
        text = _name_text(node)
        if not passed:
            passed = text.casefold() == name.casefold()
            continue
        if text and _plain_name(text):
            return text
    if passed or holder is None:
        return ""
    line = _line_after(card, holder, before)
    return line if _plain_name(line) and not _tagline(line) and not RIBBON.match(line) else ""


def _name_holder(card: LexborNode, name: str) -> LexborNode | None:
    """The element whose own text is the card's name; None where the name is read from more than one."""
    if not name:
        return None
    for node in card.traverse(include_text=True):
        if node.tag == "-text" and node.parent is not None and _clean(node.parent.text(separator=" ")) == name:
            return node.parent
    return None


def _line_after(card: LexborNode, holder: LexborNode, before: set[int]) -> str:
    """The first text after `holder`'s own, among the nodes `before` the card's price."""
    inside = {node.mem_id for node in holder.traverse(include_text=True)}
    passed = False
    for node in card.traverse(include_text=True):
        if node.mem_id == holder.mem_id:
            passed = True
            continue
        if not passed or node.mem_id in inside or node.tag != "-text" or not _clean(node.text(deep=False)):
            continue
        if node.mem_id not in before or node.parent is None:
            return ""
        return _clean(node.parent.text(separator=" "))
    return ""


def _styled_alike(node: LexborNode, other: LexborNode) -> bool:
    """Alike in tag, class and inline style: the same slot of two cards (`_alike` reads no style)."""
    return _alike(node, other) and node.attributes.get("style") == other.attributes.get("style")


def _untagged(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """Card names without a tag in brackets ("DeepSeek-V4-Pro（限时2.5折）", "Pro (New)"), as row labels of a
    table, unless cutting it would give two cards one name."""
    cut = [without_tag(name) for _, name in cards]
    count = Counter(name.casefold() for name in cut)
    return [
        (card, short if count[short.casefold()] == 1 else name) for (card, name), short in zip(cards, cut, strict=True)
    ]


def _without_comparison_heads(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """Not the blocks named by two or more other cards' names in a row ("Free Pro Beta Enterprise"): the column
    heads of a feature grid drawn with `div`s, whose "Custom" and "Free" cells compare the plans, not price one."""
    names = {name.casefold() for _, name in cards if name}

    def lists_others(name: str) -> bool:
        if BUNDLE_JOIN.search(name):
            return False  # "Західна преса + Think Tanks": two plans sold together, a card of its own
        own = name.casefold()
        found = [n for n in names if n != own and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", own)]
        return len(found) >= 2

    return [(card, name) for card, name in cards if not lists_others(name)]


def _without_comparison_rows(cards: list[tuple[LexborNode, str]]) -> list[tuple[LexborNode, str]]:
    """Not the rows of a feature grid drawn with `div`s: a label first, then a short cell per plan (elements of one
    tag), none priced, and either two or more of them empty (an icon) or a dash ("Admin API | - | - | (✓) |
    Custom"), or two or more naming other cards (a section's column heads, "Customer service | Free | Pro | Team |
    Enterprise"). Its "Custom" says how much of a feature a plan gets, and its "Free" names a column, not what a
    plan costs; a card holds a description, a price or a list, never a run of empty cells after its name."""
    names = {name.casefold() for _, name in cards if name}

    def compares(card: LexborNode, heads: bool = False) -> bool:
        cells = [child for child in card.iter() if child.tag not in ("-text", "-comment", "br")]
        if len(cells) < MIN_ROW_CELLS:
            return False
        if len({cell.tag for cell in cells[1:]}) != 1:
            return False  # a card's name, price, small print and button are elements of different kinds
        label = _clean(cells[0].text(separator=" "))
        texts = [_clean(cell.text(separator=" ")) for cell in cells[1:]]
        if not label or PRICE_TEXT.search(label) or any(len(t) > MAX_ROW_CELL or PRICE_TEXT.search(t) for t in texts):
            return False
        empty = 0 if heads else sum(1 for text in texts if NO_FEATURE_CELL.match(text))
        return empty >= 2 or sum(1 for text in texts if text.casefold() in names) >= 2

    def grid(card: LexborNode, name: str) -> bool:
        first = next((child for child in card.iter() if child.tag not in ("-text", "-comment", "br")), None)
        if compares(card) or (first is not None and compares(first)):
            return True  # a row, or the grid its head opens
        return bool(name) and any(  # a section around the grid, named by the label cell of its head row
            node.parent is not None and compares(node.parent, heads=node.tag not in ("td", "th"))
            for node in card.traverse()
            if node.tag not in ("-text", "-comment")
            and node.child is not None
            and node.child.tag == "-text"
            and node.child.next is None
            and _clean(node.text()) == name
        )

    return [(card, name) for card, name in cards if not grid(card, name)]


MIN_ROW_CELLS = 4
MAX_ROW_CELL = 30
NO_FEATURE_CELL = re.compile(r"^(?:|[-–—✓✔✗✕×✘]|n/?a)$", re.I)


def _extends_custom_card(name: str, custom: list[str]) -> bool:
    """Whether a contact block's heading starts with the name of a card already priced custom ("Enterprise &
    Multi-Cluster" under the "Enterprise" card saying "Custom"): the card's own way to get in touch, set
    below the row, not a plan of its own."""
    own = name.casefold()
    return any(
        own != n and re.match(rf"{re.escape(n)}(?!\w)", own) and not TIER_SUFFIX.fullmatch(own[len(n) :])
        for n in custom
    )


TIER_SUFFIX = re.compile(r"\s*(?:\+|plus|pro|max|ultra|premium|advanced|business|team)", re.I)
"""A word after another plan's name making a tier of its own ("Pro Plus" beside "Pro", mockello2-en's four
"Contact Us" cards): a plan of its own, not the other's contact block."""


def _quote_blocks(tree: LexborHTMLParser, cards: list[LexborNode]) -> Iterator[PricePlan]:
    """Custom plans set apart from the cards: a block whose heading names a plan ("Enterprise plan",
    "企業端服務方案") and that shows no price but asks to get in touch ("Contact sales", "與我們聯繫"). A block
    holding cards is the section around them ("Choose Your Plan" over the grid): its heading names no plan,
    and the card's "Contact us" inside it is that card's."""
    root = tree.body
    if root is None:
        return
    inside = {card.mem_id for card in cards}
    around = set().union(*(ancestor_ids(card) for card in cards)) if cards else set()
    aside = {node.mem_id for node in root.css("footer, nav, header")}
    for heading in root.css("h2, h3, h4"):
        if inside & (ancestor_ids(heading) | {heading.mem_id}):
            continue
        if aside & ancestor_ids(heading):
            continue  # a footer's "Empresa" column of links heads the site's pages, not a plan
        name = _name_text(heading)
        block = heading.parent
        if not name or ASKING.search(name) or not PLAN_WORD.search(name) or block is None or not _small(block):
            continue
        if NOT_A_PRICE.search(name):
            continue  # "Rate Limits by Plan", "Features by plan": what each plan allows, its "Custom" a limit
        if block.mem_id in around:
            continue
        lines = _lines(block)
        if any(_priced(line) for line in lines) or not any(_custom_line(line) for line in lines):
            continue
        yield _plan(name, None, None, None, None)


def _priced(line: str) -> bool:
    """Whether the line shows a price; a volume band ("Processing $250k+/month?") is none."""
    return any(not _in_volume_band(match) for match in PRICE_TEXT.finditer(line))


# -- finding the cards ------------------------------------------------------------------------------


MIN_CARD_CELLS = 2


def _card_cells(row: LexborNode) -> list[LexborNode]:
    """A table row's cells that are plan cards: two or more, each with a heading and a price (ghost.org lays its
    cards out as the first row of its comparison table: `<td class=price><h2>Starter</h2><h3>$9</h3>…`; a name
    classed as one serves as the heading: contentcreatorpro-en's `<th><span class="plan-name">Starter</span><span
    class="plan-price monthly-price">£2</span>…`). A cell is no card otherwise: a table is read by the table
    reader, its cells are values."""
    if row.tag != "tr":
        return []
    cells = [
        cell
        for cell in row.iter()
        if cell.tag in ("td", "th")
        and (cell.css_first(HEADING) is not None or next(_title_classed(cell), None) is not None)
        and PRICE_TEXT.search(_clean(cell.text(separator=" ")))
    ]
    return cells if len(cells) >= MIN_CARD_CELLS else []


def plan_cards(tree: LexborHTMLParser) -> list[tuple[LexborNode, str]]:
    """The cards of the page and their plan names: innermost elements that name a plan and show a price
    signal, widened to the child of the element holding the other cards (the name stays the one found
    in the innermost element, not a section heading the widened one may take in, unless the innermost
    element is only the price box and shows no name before its price)."""
    root = tree.body
    if root is None:
        return []
    candidates: dict[int, LexborNode] = {}
    order: dict[int, int] = {}
    for node in root.traverse():
        order[node.mem_id] = len(order)
        if node.tag in NOT_A_CARD:
            for cell in _card_cells(node):
                candidates[cell.mem_id] = cell
            continue
        marks = f"{node.attributes.get('class') or ''} {node.attributes.get('id') or ''}"
        if (CARD_MARK.search(marks) or _picks_plan(node) or _labelled_button_card(node)) and _is_card(node):
            candidates[node.mem_id] = node
        for sibling in _alike_children(node):
            candidates[sibling.mem_id] = sibling
    for node in list(candidates.values()):
        for sibling in _highlighted_sibling(node):
            candidates.setdefault(sibling.mem_id, sibling)
        for card in _card_under_row(node):
            candidates.setdefault(card.mem_id, card)
    for card in _cards_drawn_alike(candidates):
        candidates.setdefault(card.mem_id, card)
    ancestors = {mem_id: ancestor_ids(node) for mem_id, node in candidates.items()}
    named = {mem_id for mem_id, node in candidates.items() if _named_card(node) or _picks_plan(node)}
    regions = {a for m in named for a in ancestors[m] if a in named}  # a "card" holding named cards is a region
    regions |= _holding_rows(candidates, ancestors, named)
    for mem_id in [m for m in candidates if m not in named and ancestors[m] & (named - regions)]:
        if _beside_named_card(candidates[mem_id], named):
            continue  # one of a row of alike cards, named by its first text where its siblings have headings
        del candidates[mem_id]  # a part of a named card (its feature list), not a card of its own
        del ancestors[mem_id]
    site_parts = _site_parts(root)
    for mem_id in [m for m in candidates if _call_beside_price(candidates[m]) or ancestors[m] & site_parts]:
        del candidates[mem_id]
        del ancestors[mem_id]
    containers = {a for ids in ancestors.values() for a in ids if a in candidates}
    inner = sorted(
        (node for mem_id, node in candidates.items() if mem_id not in containers),
        key=lambda node: order.get(node.mem_id, 0),
    )
    cards: list[tuple[LexborNode, str]] = []
    seen: set[int] = set()
    headed = _headed_bodies(inner)
    heads = {head.mem_id for head in headed.values()}
    for node in inner:
        if node.mem_id in heads:
            continue  # a card's header saying only its name ("Grátis"), its body priced "R$ 0" beside it
        others = set().union(*(ancestors[n.mem_id] for n in inner if n.mem_id != node.mem_id))
        card = _widened(node, others)
        if _sets_prices_against(card) or _works_out_a_cost(card) or _priced_only_in_sentences(card):
            continue
        if _works_out_a_profit(card):
            continue
        if _text_diagram(card) or _lists_what_is_included(card) or _quote_card(card):
            continue
        if card.mem_id not in seen:
            seen.add(card.mem_id)
            name = card_name(node)
            if card.mem_id != node.mem_id and not _name_before_price(node):
                name = _name_before_price(card) or name  # the price box was marked, the name sits above it
            elif card.mem_id != node.mem_id and _worded_head(node, card):
                name = card_name(card) or name  # `div.card-head` "适合尝鲜" `span.tier` "Free" over "$0": the tier
            elif card.mem_id != node.mem_id and name.endswith(".") and _tagline(name):
                name = _header_name(card, node) or name  # `div.card-header` "Basic" over "A great way to …"
            elif card.mem_id != node.mem_id and COUNTED_NAME.match(name):
                headed_as = _header_name(card, node)  # `div.card-header` "Pro" over `h1` "200 Credits"
                name = headed_as if headed_as and not re.search(r"\d", headed_as) else name
            if node.mem_id not in named and (head := _named_head(node, named)) is not None:
                name = card_name(head)  # the card's body under its head: its feature lines name nothing
            if (header := headed.get(node.mem_id)) is not None:
                name = _clean(header.text(separator=" ")) or name
            cards.append((card, name))
    return _with_own_price_holders(cards, [candidates[m] for m in containers if m in candidates], seen)


QUOTE_CARD = re.compile(r"(?:^|[-_\s])(?:testimonials?|reviews?)(?:$|[-_\s])", re.I)


def _quote_card(card: LexborNode) -> bool:
    """A customer's quote drawn as a card (bylder-nl's `div.testimonial-card`: "We betaalden €99 voor Bylder en
    bespaarden ruim €5.800", signed "Marieke & Kevin"): the sums it quotes are the customer's story, no plan."""
    return QUOTE_CARD.search(card.attributes.get("class") or "") is not None


PICK_PLAN = re.compile(r"^\s*(?:select|choose|pick|set)_?plan\s*\(", re.I)


def _picks_plan(node: LexborNode) -> bool:
    """Whether a click on the block picks a plan (mrbanna-en's inline-styled `<div onclick="selectPlan('monthly')">`
    boxes, no class marking them): the block is the plan's card as a marked one would be."""
    return PICK_PLAN.match(node.attributes.get("onclick") or "") is not None


INCLUDED_TITLE = re.compile(
    r"^(?:what['’]?s|what\s+is|what\s+you\s+get|everything)\s+included[.!:]?$|^что\s+входит(?:\s+в\s+\w+)?[.:]?$|"
    r"^was\s+ist\s+(?:alles\s+)?(?:enthalten|inklusive)[?:]?$|^ce\s+qui\s+est\s+inclus[.:]?$|"
    r"^qu[ée]\s+incluye[?:]?$|^o\s+que\s+est[áa]\s+inclu[íi]do[?:]?$|^包含(?:内容|什么|哪些)[?？:：]?$",
    re.I,
)
"""A title saying what the plans include ("What's included", "Что входит", "Was ist enthalten"): a feature list."""


def _lists_what_is_included(node: LexborNode) -> bool:
    """Whether the card is named by such a title and shows no amount (promptbase-ru's `section` "Что входит" over
    feature cards headed "Free", "Starter", "Pro"): the "Free" there is a plan's name over its features, no price."""
    return bool(INCLUDED_TITLE.match(card_name(node))) and not price_matches(_clean(node.text(separator=" ")))


def _headed_bodies(inner: list[LexborNode]) -> dict[int, LexborNode]:
    """Bodies of Bootstrap cards whose header was taken for a card of its own: `div.card-header` holding only
    `<h4>Grátis</h4>` (a word that prices a card) right before `div.card-body` showing "R$ 0 / mês" (lucilia-pt,
    colorcanvas-en's "Free" over "10 Credits" and "$0"). The header names the body's card and is no card itself:
    each body found, by its id, with its header."""
    found = {node.mem_id: node for node in inner}
    headed: dict[int, LexborNode] = {}
    for node in inner:
        if not CARD_HEADER.search(node.attributes.get("class") or ""):
            continue
        text = _clean(node.text(separator=" "))
        if not text or price_matches(text) or len(text.split()) > MAX_LABEL_WORDS:
            continue
        body = node.next
        while body is not None and body.tag in ("-text", "-comment"):
            body = body.next
        if body is not None and body.mem_id in found and price_matches(_clean(body.text(separator=" "))):
            headed[body.mem_id] = node
    return headed


COUNTED_NAME = re.compile(r"^\d[\d,.\s]*\s?[^\W\d_][^\W\d_\s]*$")
"""A name that is a count of what the plan gives ("200 Credits", "10 credits", "5000 Tokens")."""


def _header_name(card: LexborNode, body: LexborNode) -> str:
    """The name the card's header gives, outside the body found first: its text where it holds text alone
    (stockanalysis-en's `div.card-header` "Basic" beside `div.card-body`, whose first text is the tagline "A great way
    to get started." over a price saying only "FREE"), else the heading in it (colorcanvas-en's Bootstrap cards:
    `div.card-header` holding a "Most Popular" button and `<h4>Basic</h4>` over `div.card-body`, whose
    `h1.card-title` says "100 Credits" and then "$29"); "" when the card has no such header."""
    inside = {node.mem_id for node in body.traverse()}
    for node in card.traverse():
        if node.mem_id in inside or not CARD_HEADER.search(node.attributes.get("class") or ""):
            continue
        heading = None if _text_header(node) else node.css_first("h1, h2, h3, h4, h5, h6")
        text = _clean((heading or node).text(separator=" "))
        if text and (_plain_name(text) or FREE_LINE.match(text)):
            return text
    return ""


def _worded_head(node: LexborNode, card: LexborNode) -> bool:
    """Whether the block found first is only the head of its card, priced by a word alone (ranger-zh's `div.card-head`:
    a tagline and `span.tier` "Free"), the card around it showing an amount ("$0"): the word there names the tier,
    and the card names itself."""
    return not price_matches(_clean(node.text(separator=" "))) and bool(price_matches(_clean(card.text(separator=" "))))


def _cards_drawn_alike(candidates: dict[int, LexborNode]) -> Iterator[LexborNode]:
    """A block inside a candidate drawn exactly as another candidate card is (its tag, class and inline style
    alike) and showing a plan of its own: the card, its candidate around it only the section it sits alone in
    (microjobs-pl's "Promocja ogłoszeń" `<section>` holding one `div` styled like the cards of the sections beside
    it, "Promocja standardowa" in its `<h3>`), with an amount of its own: a row of a feature table saying only
    "Contact us" is no such card."""
    looks: dict[tuple[str, str, str], set[int]] = {}
    for mem_id, node in candidates.items():
        looks.setdefault(_drawn(node), set()).add(mem_id)
    for mem_id, node in list(candidates.items()):
        for inner in node.traverse():
            if inner.mem_id == mem_id or inner.mem_id in candidates or inner.tag not in CARD_TAGS:
                continue
            look = _drawn(inner)
            if look[1:] == ("", "") or not looks.get(look, set()) - {mem_id}:
                continue
            if _shows_plan(inner) and PRICE_TEXT.search(_clean(inner.text(separator=" "))):
                yield inner


def _drawn(node: LexborNode) -> tuple[str, str, str]:
    return (node.tag or "", node.attributes.get("class") or "", node.attributes.get("style") or "")


def _holding_rows(candidates: dict[int, LexborNode], ancestors: dict[int, set[int]], named: set[int]) -> set[int]:
    """The named candidates that hold a row of cards alike in tag and class, their numbers aside (two or more
    `article.pkg-card` under a `section.pkg-pricing` headed "Deployed & Live In 5 Days"): a region of the page,
    its heading the section's, not one card named so whose cards would be its parts. The cards in it are named by
    their own first text ("Core Coverage" in `div.pkg-banner`), though no heading marks it. Alike is by the first
    class: the ones after it are modifiers (`price-card featured`, `price-card elite`) drawing one card apart."""
    rows: dict[tuple[int, str, str], set[str]] = {}
    for mem_id, node in candidates.items():
        held = ancestors[mem_id] & named
        if not held or node.tag not in CARD_TAGS:
            continue
        if not CARD_MARK.search(node.attributes.get("class") or "") and not _unmarked_row(node, candidates):
            continue  # a card is a block marked as one: a row of add-on `label`s in a card is the card's part
        name = card_name(node)
        klass = next(iter(NUMBERED_CLASS.sub("", node.attributes.get("class") or "").split()), "")
        for holder in held:
            rows.setdefault((holder, node.tag or "", klass), set()).add(name)
    return {holder for (holder, _, _), names in rows.items() if len(names - {""}) >= 2}


def _unmarked_row(node: LexborNode, candidates: dict[int, LexborNode]) -> bool:
    """Whether the block is one of two or more alike blocks side by side, all taken for cards though no class
    marks them, each listing its features (dasvio-tr's `div.h-full` wrappers, each an animation's box around one
    plan). Alike rows listing nothing are a card's own lines ("Input $5", "Output $25"), or a calculator's."""
    parent = node.parent
    if parent is None:
        return False
    klass = node.attributes.get("class") or ""
    alike = [
        child
        for child in parent.iter()
        if child.tag == node.tag and (child.attributes.get("class") or "") == klass and child.mem_id in candidates
    ]
    return len(alike) >= 2 and all(_lists_features(child) for child in alike)


MIN_FEATURE_LINES = 3


def _lists_features(node: LexborNode) -> bool:
    """Whether the block lists its features: two or more list items, or three or more alike blocks side by side,
    none priced (akdemiapp-es's `div.flex` rows, a check mark and "30 alumnos activos" each), the list a kit
    draws without `<ul>`."""
    if len(node.css("li")) >= 2:
        return True
    lines: Counter[tuple[int, str]] = Counter()
    for line in node.traverse():
        parent = line.parent
        if line.tag in CARD_TAGS and parent is not None and line.mem_id != node.mem_id:
            text = _clean(line.text(separator=" "))
            if text and not PRICE_TEXT.search(text):
                lines[(parent.mem_id, line.attributes.get("class") or "")] += 1
    return any(count >= MIN_FEATURE_LINES for count in lines.values())


NUMBERED_CLASS = re.compile(r"(?<=[a-z_-])\d+(?![\w-])")
"""A class's number telling alike cards apart (`pricing14-column1`, `pricing14-column2` beside `thq-card`,
ez2manage-nl): a row's cards are alike without it."""


def _site_parts(root: LexborNode) -> set[int]:
    """The site's own footer and navigation (a `<footer>` or `<nav>` in no `<article>` or `<section>`): their
    columns of links ("Quick Link": Home, Pricing Plans, Contact Us) are alike blocks but never plan cards. A
    card's own `<footer>` (its button) sits in its article and is no such part."""
    held = {node.mem_id for node in root.css("article footer, article nav, section footer, section nav")}
    return {node.mem_id for node in root.css("footer, nav") if node.mem_id not in held}


def _with_own_price_holders(
    cards: list[tuple[LexborNode, str]], holders: list[LexborNode], seen: set[int]
) -> list[tuple[LexborNode, str]]:
    """The cards, and before them each marked card that holds cards and also shows a price of its own outside
    them ("Pro Minute" with its "0.20 CHF/Min" beside the three pack cards it holds): read without the cards it
    holds, under its own name, which none of them bears. A marked block holding another such holder is the
    page's pricing region around them ("Wählen Sie das Angebot" over "Pro Minute" and its packs), not a plan."""
    result = list(cards)
    read: list[LexborNode] = []
    for holder in sorted(holders, key=lambda node: -len(ancestor_ids(node))):  # the innermost first
        if holder.mem_id in seen or not (name := card_name(holder)) or PRICES_TITLE.match(name):
            continue  # "Simple, Transparent Pricing for Resellers": the pricing region, its figures a calculator's
        if SECTION_CALL.match(name):
            continue  # "Choisissez votre formule" over the cards and a comparison table: the region, no plan
        if any(holder.mem_id in ancestor_ids(inner) for inner in read):
            continue
        held = [card for card, _ in cards if holder.mem_id in ancestor_ids(card)]
        if len(held) < 2 or any(name == own for card, own in cards if card in held):
            continue
        own = _without_held(holder, held)
        if own is None or not (PRICE_TEXT.search(_clean(own.text(separator=" "))) or _bare_price_nodes(own)):
            continue
        at = next(i for i, (card, _) in enumerate(result) if card in held)
        result.insert(at, (own, name))
        read.append(holder)
    return result


def _without_held(holder: LexborNode, held: list[LexborNode]) -> LexborNode | None:
    """A copy of `holder` without the cards it holds (each cut from its markup), or None if one is not found."""
    markup = holder.html or ""
    for card in held:
        inner = card.html or ""
        if not inner or inner not in markup:
            return None
        markup = markup.replace(inner, "", 1)
    node = LexborHTMLParser(f"<html><body>{markup}</body></html>").body
    child = node.child if node is not None else None
    while child is not None and child.tag in ("-text", "-comment"):
        child = child.next
    return child


def _sets_prices_against(node: LexborNode) -> bool:
    """A block where a line saying only "vs" stands between two prices sets one cost against another ("$350K"
    over "3 human hires/yr", "vs", "$19,400" over "3 AI agents/yr"): a worked comparison, not a plan."""
    lines = _lines(node)
    return any(
        VERSUS.match(line)
        and any(PRICE_TEXT.search(before) for before in lines[:at])
        and any(PRICE_TEXT.search(after) for after in lines[at + 1 :])
        for at, line in enumerate(lines)
    )


SUM_LABEL = re.compile(
    rf"^(?:(?:{TOTAL_WORDS})(?![^\W\d_])[^$€£¥₹]{{0,30}}|"
    r"(?:[^\W\d_]+\s+){0,2}(?:savings?|saved|ersparnis|économies|ahorro|экономия)|"
    r"you\s+save|net\s+(?:cost|saving))$",
    re.I,
)
PROFIT_LABEL = re.compile(
    r"^(?:[^\W\d_]+\s+){0,3}(?:profits?|earnings|net\s+(?:income|revenue))$|^return\s+on\s+investment$|^roi$", re.I
)
"""A line labelling what a customer earns with the plan ("Your net monthly profit", "Return on investment")."""
MIN_WORKED_PRICES = 3


def _works_out_a_cost(node: LexborNode, labels: tuple[re.Pattern[str], ...] = (SUM_LABEL, PROFIT_LABEL)) -> bool:
    """A block that sums costs up: three or more priced lines and a line of its own labelling a total or a
    saving ("Data entry labor ₹8,000/mo", "Total manual cost", "₹11,000/mo", "Monthly savings" in an ROI
    calculator's `div.roi-card`; "Итого на 1 вакансию", "Gesamt", "合計"), or a profit: a worked example of
    what a plan saves or earns, not a plan."""
    lines = _lines(node)
    priced = [line for line in lines if PRICE_TEXT.search(line) or BARE_PRICE.match(line)]
    return len(priced) >= MIN_WORKED_PRICES and any(label.match(line) for line in lines for label in labels)


def _works_out_a_profit(card: LexborNode) -> bool:
    """A card among rows of a block working out what a plan earns (justicejunction-en's "Average consultation fee"
    "₹2,500", "Estimated monthly revenue", "Platform subscription cost" "₹2,499", "Your net monthly profit"
    "₹35,000–₹72,500", each row its own block): the rows are its figures, no plans. Only a profit says so of the
    block around them; a saving there may be a ribbon ("Bulk savings" over a credit pack)."""
    return card.parent is not None and _works_out_a_cost(card.parent, (PROFIT_LABEL,))


FAQ = re.compile(
    r"^(?:(?:pricing|billing)\s+)?(?:faqs?|frequently\s+asked\s+questions|common\s+questions|questions\s+fr[ée]quentes|"
    r"foire\s+aux\s+questions|h[äa]ufig\s+gestellte\s+fragen|preguntas\s+frecuentes|perguntas\s+frequentes|"
    r"domande\s+frequenti|часто\s+задаваемые\s+вопросы|常见问题|常見問題|よくある(?:ご)?質問|자주\s*묻는\s*질문)$"
    r"|" + HOW_IT_WORKS.pattern + r"|^how\s+to\b",
    re.I,
)
"""A block named as the page's questions and answers ("Frequently asked questions" over "€3/month, billed via
Stripe"), or as how something works (`HOW_IT_WORKS`: "How Pro billing works" over "Pro is $1.99/mo or $14.99/yr;
Family is $25.99/yr"): its answers quote the plans' prices, and it is no plan."""
TESTIMONIALS = re.compile(
    r"^(?:testimonials?|reviews?|(?:hear\s+)?what\s+(?:our\s+|real\s+)?(?:[^\W\d_]+\s+){0,2}(?:are\s+)?say(?:ing|s)?"
    r"(?:\s+about\s+[^\W\d_]+)?)[.!]?$",
    re.I,
)
"""A heading over quotes from customers ("What contractors are saying", "Testimonials", "What our users say"): a
block it names holds the sums they quote ("I was paying $1,400/mo"), their stories, no plan."""
TABLE_OF_CONTENTS = re.compile(
    r"^(?:table\s+of\s+contents|contents|on\s+this\s+page|in\s+this\s+article|目录|目次|inhaltsverzeichnis|"
    r"sommaire|índice|indice|содержание)$",
    re.I,
)
"""A block named as a table of contents lists the page's sections (an essay's "Cursor Pro at $20/month" link): no
plan."""
PAYMENT_METHOD = re.compile(
    r"^(?:m-?pesa|e-?mola|paypal|stripe|pix|boleto|crypto\s*[·•|]|cart[ãa]o\s+de\s+(?:cr[ée]dito|d[ée]bito)|"
    r"(?:credit|debit|bank)\s+card|card\s*[·•|]|tarjeta\s+de\s+(?:cr[ée]dito|d[ée]bito)|carte\s+bancaire|"
    r"bank\s+transfer|transfer[êe]ncia\s+banc[áa]ria|airtel\s+money|orange\s+money|mtn\s+momo|alipay|"
    r"wechat\s*pay|支付宝|微信支付)(?![^\W\d_])",
    re.I,
)
"""A block named by a way to pay (synapsex-ru's "Card · EUR", "Crypto · USDT · BTC" under its Premium offer;
agrivendas-pt's "M-Pesa" and "e-Mola" cards under "Formas de Pagamento:", each restating the plan's price beside a
phone number): how the plan's price is paid, no plan. "Crypto" alone opens product names ("Crypto Trading Bot")."""
EMPLOYMENT_TYPE = re.compile(
    r"^(?:full[- ]time|part[- ]time|internship|temporary|tiempo\s+completo|medio\s+tiempo|vollzeit|teilzeit|"
    r"temps\s+(?:plein|partiel)|tempo\s+(?:integral|parcial)|полная\s+занятость|частичная\s+занятость)$"
    r"|^(?:application\s+)?deadline\s*[:：]\s*\d",
    re.I,
)
"""A line saying only how a job is held ("Full-time", "Part-time", "Vollzeit"), or by when to apply ("Deadline: 30
Apr 2026"): a job board's listing."""


def _job_posting(card: LexborNode) -> bool:
    """A job board's listing (jobhub-en's "Public Health Officer" · "WHO Uganda — Entebbe" · "Full-time" ·
    "USD 2,400/mo"): the salary paid, no price of a plan."""
    return any(EMPLOYMENT_TYPE.match(line) for line in _lines(card))


CURRENT_PLAN = re.compile(
    r"^(?:your\s+)?current\s+(?:plan|subscription|package|tier)$|^aktuelle[sr]?\s+(?:plan|paket|tarif|abo)$|"
    r"^(?:plan|forfait|abonnement)\s+actuel$|^formule\s+actuelle$|"
    r"^plano\s+atual$|^piano\s+attuale$|^текущий\s+(?:тариф|план)$|^当前(?:套餐|方案|计划)$",
    re.I,
)
"""A block named as the account's plan now ("Current plan", "Aktuelles Paket", "Formule actuelle"), on a billing
page beside the plans to change to: it restates one of them (bluwav-en's "Current plan" · "$179"), no plan."""


WORKED_CASE = re.compile(
    r"^(?:(?:assuming|based\s+on|for\s+example|angenommen|en\s+supposant|suponiendo)\b|e\.\s?g\.|example\s*:)", re.I
)
"""A block named by the case it works a price out for (chartauditor-en's "$10/chart" over "assuming 100 pages chart
crossing of 280,000 characters", under its per-page price): an example of the bill, no plan."""


CHARGES_RECORD = re.compile(
    r"^(?:your\s+)?(?:invoice|billing|payment|transaction|purchase)\s+history$"
    r"|^(?:past|recent|your)\s+(?:invoices|payments|transactions|charges)$",
    re.I,
)
"""A block named as the account's record of past charges ("Invoice History" listing "₹1,499 · Paid" on builddesk-en's
subscription page): what was paid, quoting the plan's price, no plan."""
YOUR_ESTIMATE = re.compile(
    r"^(?:your|estimated)\s+(?:[^\W\d_]+\s+){0,2}(?:cost|costs|bill|total|spend|estimate|savings?)$", re.I
)
"""A block named as what the reader would pay ("Your estimated monthly cost", "Your Monthly Bill", "Estimated
total"): a calculator's result for the quantities it was set to, no plan."""
BOX_DRAWING = re.compile(r"[\u2500-\u257f]")
MIN_BOX_DRAWING = 8


def _text_diagram(node: LexborNode) -> bool:
    """A block whose text draws boxes (`┌───┐`, `│ 输入价格: $0.15 / 1M tokens │`): a text diagram working an
    example through, quoting prices the page's tables set, not an offer of its own."""
    return len(BOX_DRAWING.findall(node.text(separator=" "))) >= MIN_BOX_DRAWING


MIN_SENTENCE_WORDS = 8


def _priced_only_in_sentences(node: LexborNode) -> bool:
    """A block whose every price sits inside a sentence ("A logistics company spending ₹18,000/month on manual
    invoice entry pays ₹3,999 for the Business plan.") under a page heading, with no bare amount on a line of
    its own: prose about the prices, no card."""
    if any(BARE_PRICE.match(line) for line in _lines(node)):
        return False  # "29" over "/Platz": the card's own amount, drawn apart from its sign
    lines = [line for line in _lines(node) if PRICE_TEXT.search(line)]
    return bool(lines) and all(
        len(line.split()) >= MIN_SENTENCE_WORDS and re.search(r"[.!?。]$", line) and not PRICE_TEXT.match(line)
        for line in lines
    )


def _call_beside_price(node: LexborNode) -> bool:
    """A block with no heading that shows no amount and asks to get in touch ("Liên hệ", "Contact sales"), the
    one other child of its parent beside an unlike block with a heading and a price (Elementor's
    `pricing-plan-wrap` then `pricing-plan-content`): the priced card's own feature list and button, not a
    custom plan named by its first feature line."""
    if PRICE_TEXT.search(_clean(node.text(separator=" "))) or _bare_price_nodes(node):
        return False
    lines = _signal_lines(node)
    if not any(_worded_price(lines, at, _custom_line) for at in range(len(lines))):
        return False
    if any(_worded_price(lines, at, _free_text) for at in range(len(lines))):
        return False
    parent = node.parent
    if parent is None or node.css_first(HEADING) is not None:
        return False  # a block with a heading of its own may well be a custom plan beside a priced one
    siblings = [child for child in parent.iter() if child.tag != "-text" and child.mem_id != node.mem_id]
    if len(siblings) != 1 or _alike(siblings[0], node):
        return False
    priced = siblings[0]
    return bool(PRICE_TEXT.search(_clean(priced.text(separator=" "))) and priced.css_first(HEADING))


MAX_LONE_CARD = 400


def lone_cards(tree: LexborHTMLParser) -> list[tuple[LexborNode, str]]:
    """The cards of a page that marks none and draws no row of alike ones (one plan, in classes hashed by a
    CSS-in-JS kit: `<span>Cloud</span><p>Free $0</p><span>/month</span>`): the innermost small blocks that
    start with a short name and show a price on a line of its own after it. Read only when no card was
    found otherwise, and never in the site's header, navigation or footer."""
    root = tree.body
    if root is None:
        return []
    aside = {node.mem_id for node in root.css("footer, nav, header")}
    found: list[tuple[LexborNode, str]] = []
    for node in root.traverse():
        if node.tag not in CARD_TAGS or len(_clean(node.text(separator=" "))) > MAX_LONE_CARD:
            continue
        if aside & ancestor_ids(node) or asks_quantities(node) or _several_sections(node) or not _price_line(node):
            continue
        if _sets_prices_against(node) or _saving_only(node) or _totals_only(node):
            continue
        if name := _name_before_price(node):
            found.append((node, (header_period(name) and _heading_before(node)) or _past_offer_title(node, name)))
    found.extend(_highlighted_beside(found, aside))
    holders = {a for node, _ in found for a in ancestor_ids(node)}
    return [(node, name) for node, name in found if node.mem_id not in holders]


def _saving_only(node: LexborNode) -> bool:
    """Whether every amount of the block is what a price saves (productizedservices-it's burst badge "Risparmia"
    over "€98" in a corner of its yearly card): the badge of the card around it, which is the lone card."""
    text, matches = _card_matches(node)
    return bool(matches) and all(_after_saving(text, m.start()) for m in matches)


def _after_saving(text: str, start: int) -> bool:
    """Whether a saving word ("Save", "省", "Risparmia") stands right before the amount starting at `start`."""
    return SAVING.search(text[max(0, start - MAX_SAVING_WORD) : start]) is not None


def _totals_only(node: LexborNode) -> bool:
    """Whether every amount of the block is led on its line by a total's label (toolimg-en's credit picker:
    "Select Credits", a "-" and a "+" button, "Total Price: ₹50"): what a chosen quantity comes to, no plan."""
    text, matches = _card_matches(node)
    return bool(matches) and all(TOTAL_BEFORE.search(text[max(0, m.start() - 40) : m.start()]) for m in matches)


TOTAL_BEFORE = re.compile(rf"(?:^|\s)(?:{TOTAL_WORDS})(?![^\W\d_])[^$€£¥₹\d:：]{{0,20}}[:：]\s*$", re.I)
"""A total's label right before an amount, ended by a colon ("Total Price:", "Total:", "Итого:")."""


MAX_BESIDE_CLIMB = 3


def _heading_before(box: LexborNode) -> str:
    """The heading before a lone price box named only by its billing period, in the block around it (Tailwind UI's
    single-price layout, besocial-en: `<h3>BeSocial Pro</h3>` and the features in one column, "Monthly" over
    "$15.00" in the box of the other), a few levels up at most and through blocks holding no other price; "" when
    there is none, or the first is the section's title."""
    prices = len(price_matches(_clean(box.text(separator=" "))))
    level = box.parent
    for _ in range(MAX_BESIDE_CLIMB):
        if level is None or len(price_matches(_clean(level.text(separator=" ")))) != prices:
            return ""
        for node in level.traverse():
            if node.mem_id == box.mem_id:
                break
            if node.tag in HEADING_TAGS and (name := _clean(node.text())):
                return "" if SECTION_CALL.match(name) or PRICES_TITLE.match(name) else name
        level = level.parent
    return ""


SECTION_CALL = re.compile(
    r"^(?:choose|pick|select|find|compare|choisi(?:ssez|s|r)|eli[gj][ae]|esco[gj][ae]|escolh[ae]|w[äa]hl(?:en|e)|"
    r"scegli|kies|se[çc]in|выберите|选择|選擇|選んで)(?![^\W\d_])",
    re.I,
)
"""A heading calling on the reader to choose ("Choose Your Plan" over brandvoice-en's one "Monthly" box; French
"Choisissez votre formule", cmdfreelance-fr; Dutch "Kies jouw plan", famquest-nl; Spanish, Portuguese, German,
Italian, Turkish, Russian and Chinese alike): the section's, no plan's name."""


def _highlighted_beside(found: list[tuple[LexborNode, str]], aside: set[int]) -> Iterator[tuple[LexborNode, str]]:
    """The highlighted card beside a lone card (a ribbon, a gradient, a coloured border: its look near the plain
    card's, see `_near_alike`), read though its text runs longer than a lone card's may: one row, two cards."""
    seen = {node.mem_id for node, _ in found}
    for node, _ in list(found):
        klass = node.attributes.get("class") or ""
        sibling = node.parent.child if node.parent is not None else None
        while sibling is not None:
            other = sibling.attributes.get("class") or "" if sibling.tag != "-text" else ""
            alike = (
                sibling.mem_id not in seen and sibling.tag in CARD_TAGS and bool(other) and _near_alike(klass, other)
            )
            shown = alike and not aside & ancestor_ids(sibling) and _price_line(sibling)
            if shown and (name := _name_before_price(sibling)):
                seen.add(sibling.mem_id)
                yield sibling, name
            sibling = sibling.next


def _named_head(node: LexborNode, named: set[int]) -> LexborNode | None:
    """The named block right before `node` in the same element (`div.price-top` holding "Basic Plan" and "$249"
    over `div.price-content` holding the feature list and "$0.016 per Additional Conversion"): one card drawn as
    a head and a body, each marked as a price block; the body's prices are the head's plan's, not a plan named
    by its first feature line ("Unlimited Clicks"). Head and body differ in look; blocks alike are rows."""
    previous = node.prev
    while previous is not None and previous.tag in ("-text", "-comment"):
        previous = previous.prev
    if previous is None or previous.mem_id not in named or _alike(previous, node) or _one_highlighted(previous, node):
        return None  # rows alike in tag and class are a grid's rows, each its own plan
    return previous


def _one_highlighted(node: LexborNode, other: LexborNode) -> bool:
    """Whether two blocks of a tag are one style, one of them with classes added (`div.pakke` and `div.pakke
    pakke--frem`, the highlighted card of a row): cards of one row, not a card's head and body."""
    mine, theirs = set((node.attributes.get("class") or "").split()), set((other.attributes.get("class") or "").split())
    return node.tag == other.tag and bool(mine) and bool(theirs) and (mine < theirs or theirs < mine)


MAX_HIGHLIGHT_CLIMB = 2
SECTION_CLASS = re.compile(r"(?:^|[-_\s])section(?=$|[-_\s])", re.I)


def _highlighted_sibling(card: LexborNode) -> Iterator[LexborNode]:
    """The highlighted card beside a marked one whose classes do not mark it (`div.bg-card` beside
    `div.bg-primary/5`), found where the two differ only in their look: the card, or a wrapper around it and
    nothing else (up to two levels), has a sibling of the same tag whose classes are near its own
    (`_near_alike`: a ring, a shadow, a scale added) and that shows a plan of its own. One row, two cards; a
    wrapper holding more than the card (a section's heading and its cards) is no card's look."""
    level = card
    for _ in range(MAX_HIGHLIGHT_CLIMB + 1):
        parent = level.parent
        klass = level.attributes.get("class") or ""
        if parent is None or level.tag == "section" or SECTION_CLASS.search(klass):
            return  # a part of the page, beside its other parts
        for sibling in parent.iter():
            if sibling.mem_id == level.mem_id or sibling.tag != level.tag:
                continue
            if _near_alike(klass, sibling.attributes.get("class") or "") and _shows_plan(sibling):
                yield sibling
        if len([c for c in parent.iter() if c.tag not in ("-text", "-comment")]) != 1:
            return
        level = parent


def _beside_named_card(node: LexborNode, named: set[int]) -> bool:
    """Whether a sibling alike in tag and class is a card with a marked name: the free card of a row whose
    paid cards have bold feature lists is a card as much as they are."""
    parent = node.parent
    if parent is None:
        return False
    return any(child.mem_id != node.mem_id and child.mem_id in named and _alike(child, node) for child in parent.iter())


def _is_card(node: LexborNode) -> bool:
    """A block marked as a card that names a plan and shows a price signal. A block saying only "Free" (the
    name element `h2.planName` of a card showing "$0 / месяц" under it) is the card's name, not a card: one
    word cannot be both the name and the price."""
    named = bool(card_name(node)) or _led_price_box(node)
    if named and len(lines := _signal_lines(node)) == 1 and FREE_LINE.match(lines[0]):
        return False
    return _has_price_signal(node) and named and not _several_sections(node) and not asks_quantities(node)


def _led_price_box(node: LexborNode) -> bool:
    """A price element whose first line leads a starting price ("Vanaf" over "$50 per maand" in
    `div.care-price`): marked as a card though it names none, so the block around it, named above it, is read."""
    lines = _lines(node)
    return (
        bool(PRICE_CLASS.search(node.attributes.get("class") or ""))
        and len(lines) >= 2
        and bool(PRICE_LEAD.match(lines[0]))
        and bool(PRICE_TEXT.search(" ".join(lines[1:3])))
    )


FORM_FIELDS = "input[type=range], input[type=number], select, textarea"
NUMBER_HINT = re.compile(r"^\s*[\d.,\s]+$")


def asks_quantities(node: LexborNode) -> bool:
    """A panel asking for quantities (a cost calculator's sliders and number fields) works a total out of
    the plans' prices: it is no plan of its own, whatever its heading says. A billing toggle (a checkbox or
    radio buttons) is no such field, and neither is a text field that asks for no number (the licence key
    or hardware ID a purchase card asks for): a text field asks for a quantity when it says it takes
    digits (`inputmode`) or shows a number (its value or placeholder). A field kept from readers (a sign-up
    form's spam trap: `tabindex="-1"`, or inside an `aria-hidden="true"` block) asks them for nothing, and a number
    field for a phone or a card asks for no quantity."""
    fields = [field for field in node.css(FORM_FIELDS) if not _contact_number(field)]
    return bool(fields) or any(_asks_number(field) for field in node.css("input[type=text]"))


CONTACT_FIELD = re.compile(
    r"phone|mobile|tel\b|whatsapp|zip|postal|postcode|pin\b|otp|cvv|cvc|card[-_\s]?(?:number|num|no)\b", re.I
)
"""A number field a checkout or sign-up form asks contact or payment details with (a "Mobile number" typed as a
number in mysterytraders-en's subscribe dialog under each card): no quantity of what the plan sells."""


def _contact_number(field: LexborNode) -> bool:
    if field.tag != "input" or (field.attributes.get("type") or "").lower() != "number":
        return False
    attrs = field.attributes
    said = " ".join(attrs.get(key) or "" for key in ("name", "id", "placeholder", "aria-label", "autocomplete"))
    return CONTACT_FIELD.search(said) is not None


HIDDEN_FIELD = re.compile(r"(?:^|[\s_-])(?:hide|hidden|d-none|sr-only|visually-hidden)|hide(?:Input|Field)", re.I)
"""A class hiding a field from sight (`hideInputClass`, `d-none`, `hidden`): traducto-fr keeps each plan's amount
and name in such text fields for its payment script, which ask the reader nothing."""


def _kept_from_readers(field: LexborNode) -> bool:
    attrs = field.attributes
    if (attrs.get("tabindex") or "").strip() == "-1" or "hidden" in attrs:
        return True
    if HIDDEN_FIELD.search(attrs.get("class") or "") or "display:none" in (attrs.get("style") or "").replace(" ", ""):
        return True
    parent = field.parent
    while parent is not None and parent.tag != "body":
        if (parent.attributes.get("aria-hidden") or "").lower() == "true":
            return True
        parent = parent.parent
    return False


def _asks_number(field: LexborNode) -> bool:
    if _kept_from_readers(field):
        return False
    attrs = field.attributes
    if (attrs.get("inputmode") or "").lower() in {"numeric", "decimal"}:
        return True
    shown = attrs.get("value") or attrs.get("placeholder") or ""
    return not shown or bool(NUMBER_HINT.match(shown))


def _several_sections(node: LexborNode) -> bool:
    """A region with several headings of the rank of its first one holds several things (the pricing page's
    sections), not one plan; a card's own sub-headings ("Features") rank below its name."""
    headings = [h for h in node.css("h1, h2, h3, h4") if not _price_heading(h)]
    if not headings:
        return False
    ranks = [int(h.tag[1]) for h in headings if h.tag]  # h1..h4: what the selector matched
    return ranks.count(min(ranks)) > 1


def _price_heading(node: LexborNode) -> bool:
    """A heading that draws a price big ("<h2>€ 49 Per Month</h2>"), not one that names a section."""
    text = _clean(node.text(separator=" "))
    return bool(PRICE_TEXT.search(text) or BARE_PRICE.match(text))


def _small(node: LexborNode) -> bool:
    """A card holds one plan: a page region of many thousand characters (the whole pricing page, marked
    `page-pricing`) is no card, even with a "Contact sales" button in it. What counts is the text a reader
    sees, its runs of white space as one: a card whose markup is deeply indented (a tooltip under each feature
    line, each on lines of its own) is no longer for it."""
    return len(_clean(node.text(separator=" "))) <= MAX_CARD_TEXT


def _alike_children(node: LexborNode) -> Iterator[LexborNode]:
    """Unmarked cards: children alike in tag and class (two or more) that each name a plan and show a
    price on a line of its own ("19,99 €", "Kostenlos"), not prices inside sentences (worked examples)."""
    groups: dict[tuple[str, str], list[LexborNode]] = {}
    for child in node.iter():
        if child.tag in CARD_TAGS:  # `div.ph1` … `div.ph4`: a row's cards told apart by their numbers only
            klass = NUMBERED_CLASS.sub("", child.attributes.get("class") or "")
            groups.setdefault((child.tag, klass), []).append(child)
    if _row_of_plans(node):
        yield from (child for child in node.iter() if child.tag in CARD_TAGS)
        return
    for (tag, klass), members in groups.items():
        if len(members) < 2:
            continue
        cards = [m for m in members if _shows_plan(m)]
        if len(cards) >= 2:
            yield from cards
            highlighted = [
                m
                for (other_tag, other), alone in groups.items()
                if other_tag == tag and len(alone) == 1 and _near_alike(klass, other)
                for m in alone
            ]
            yield from (m for m in highlighted if _shows_plan(m))
    yield from _highlighted_pair(groups)


def _labelled_button_card(node: LexborNode) -> bool:
    """A button drawn as a card: blocks of its own, and an accessible label naming one of its lines (atptoken-en's
    `<button aria-label="View gpt-5.4-pro details">` around "OpenAI", "gpt-5.4-pro" and the price cells): a click
    opens the plan, as a card would. A button of words alone ("Monthly", "Buy now") is a control, and so is a
    calculator's tier picker with no label (codaai-de's "2–3 Stk." over "490 €")."""
    return (
        node.tag == "button"
        and node.css_first("div, p, h1, h2, h3, h4, h5, h6") is not None
        and bool(_aria_named(node))
    )


def _highlighted_pair(groups: dict[tuple[str, str], list[LexborNode]]) -> list[LexborNode]:
    """A row of two cards, one plain and one highlighted (telemakker-da's `div.pakke` beside `div.pakke
    pakke--frem`, its second row of plans under a heading of its own): one style but for the classes the
    highlight adds (`_one_highlighted`), so no two share their classes; each shows a plan under a heading of its
    own (two rows of a calculator's total, "Итого" and "Разовое подключение", differ so too)."""
    lone = [members[0] for members in groups.values() if len(members) == 1]
    for at, node in enumerate(lone):
        for sibling in lone[at + 1 :]:
            pair = (node, sibling)
            if (
                _one_highlighted(node, sibling)
                and all(n.css_first(HEADINGS) for n in pair)
                and all(map(_shows_plan, pair))
            ):
                return [node, sibling]
    return []


def _row_of_plans(node: LexborNode) -> bool:
    """Whether every child of the element is a block showing a plan (two or more, and nothing else beside
    them), one of them saying free, in words or as "0 €": a row of plan cards however differently each is styled,
    the free card plainer than the highlighted paid one ("Lite 版 免费" beside "Pro 版 ¥28"; recetasdecasa-es's
    "0 €" cards beside its Pro card, each `<article>` classed its own way). Two priced boxes set side by
    side without a free one are as often a worked comparison ("$399/mes x 6 mes" against a pack) as plans."""
    children = [child for child in node.iter() if child.tag not in ("-text", "-comment")]
    if len(children) < 2 or not all(_lone_plan(child) or _fee_box(child) for child in children):
        return False
    if not any(_lone_plan(child) for child in children):
        return False
    return any(
        FREE_LINE.match(line) or _priced_at_nothing(line) for child in children for line in _signal_lines(child)
    ) or any(_price_box_free(child) for child in children)


NONZERO_DIGIT = re.compile(r"[1-9\u0661-\u0669\u06f1-\u06f9]")


def _priced_at_nothing(line: str) -> bool:
    """Whether the line opens on a price of nothing ("0 €", "$0", "R$ 0,00"): a row's free card said in figures, as
    "Free" says it in words."""
    opening = PRICE_TEXT.match(line)
    return opening is not None and not NONZERO_DIGIT.search(opening.group("amt") or opening.group("amt2") or "")


FEE_LINE = re.compile(r"^\d+(?:[.,]\d+)?\s?%(?:\s+(?:and\s+(?:down|up|less|lower)|per\s+\w+|fee))?$", re.I)
"""A line giving a fee as a share ("0.5% and down", "2.9%"): no amount, but a plan box's price line all the same."""


def _fee_box(node: LexborNode) -> bool:
    """A block named by its first text whose price line is a percentage fee ("Live Mode" · "0.5% and down"), the
    paid side of a row beside a free box ("Test Mode" · "FREE"): one of the row, giving no amount of its own."""
    if node.tag not in CARD_TAGS or not _small(node) or asks_quantities(node) or not card_name(node):
        return False
    lines = _signal_lines(node)
    return any(FEE_LINE.match(line) for line in lines[:3])


def _lone_plan(node: LexborNode) -> bool:
    """A block showing one plan and holding no smaller block that shows another: a section wrapping its
    heading and a row of cards is no card of the row, a card wrapping its price box is one."""
    if node.tag not in CARD_TAGS or not _shows_plan(node):
        return False
    name = card_name(node)
    return not any(
        inner.mem_id != node.mem_id and inner.tag in CARD_TAGS and _shows_plan(inner) and _other_name(inner, name)
        for inner in node.traverse()
    )


def _other_name(node: LexborNode, name: str) -> bool:
    """Whether the block names a plan other than `name`; its own price box saying "免费" names none, and
    neither does one labelling its prices by billing period ("월간 ₩4,400 / 월 · 연간 ₩29,000 / 년")."""
    own = card_name(node)
    return own != name and not FREE_LINE.match(own) and header_period(own) is None


def _shows_plan(node: LexborNode) -> bool:
    return (
        _small(node)
        and not asks_quantities(node)
        and _price_line(node)
        and bool(card_name(node))
        and not _only_values(_clean(node.text(separator=" ")))
    )


NEAR_ALIKE = 0.6


MIN_UNDER_ROW_CLASSES = 3
MAX_UNDER_ROW_ADDED = 3


def _card_under_row(card: LexborNode) -> Iterator[LexborNode]:
    """A card set right under the row of cards rather than in it (formai-en's "Annual Plan", `div.mt-8` plus the
    Free card's classes, the next sibling of the two-card grid): drawn in a card's style, its classes and a few
    more (a margin), and showing a plan of its own, it is one of the row's cards."""
    row = card.parent
    classes = set((card.attributes.get("class") or "").split())
    if row is None or len(classes) < MIN_UNDER_ROW_CLASSES or sum(1 for c in row.iter() if c.tag == card.tag) < 2:
        return
    after = row.next
    while after is not None and after.tag in ("-text", "-comment"):
        after = after.next
    if after is None or after.tag != card.tag:
        return
    own = set((after.attributes.get("class") or "").split())
    if classes <= own and len(own - classes) <= MAX_UNDER_ROW_ADDED and _shows_plan(after):
        yield after


def _near_alike(klass: str, other: str) -> bool:
    """Whether a lone card's class list (`other`) is its plain siblings' style (`klass`) with a few classes
    added or swapped: the highlighted card of a row ("Most popular", a coloured border, a shadow) keeps most
    of the plain card's classes, however many it adds ("border border-gray-200" → "border border-brand
    shadow-lg shadow-brand/10"); a class swapped for another of the same utility (a border's width or colour)
    is kept."""
    plain, lone = _look(klass), _look(other)
    if not plain or not lone:
        return False
    swapped = {_utility(c) for c in lone - plain}
    kept = [c for c in plain if c in lone or _utility(c) in swapped]
    return len(kept) / len(plain) >= NEAR_ALIKE


def _utility(klass: str) -> str:
    """A utility class's property, its value dropped (`border-gray-200` and `border-2` are both `border`,
    `dark:bg-gray-800` is `dark:bg`): the highlighted card swaps a plain card's border colour and width
    for its own ("border border-gray-200" -> "border-2 border-blue-500"), keeping the property."""
    variant, _, name = klass.rpartition(":")
    return f"{variant}:{name.split('-')[0]}" if variant else name.split("-")[0]


BEHAVIOUR_CLASS = re.compile(
    r"^(?:[\w-]+:)*(?:hover|focus|focus-within|focus-visible|active|group-hover|peer-hover):|"
    r"^(?:transition|duration|ease|delay|animate)(?:-|$)"
)
"""Classes saying how a card reacts (`hover:shadow-lg`, `transition-all`, `duration-300`), not how it looks."""


def _look(klass: str) -> set[str]:
    """A class list's look: its classes less those of behaviour, which the highlighted card of a row often
    drops for its own (a plain card's `hover:shadow-lg transition-all` against a fixed `shadow-2xl`)."""
    return {c for c in klass.split() if not BEHAVIOUR_CLASS.match(c)}


def _price_line(node: LexborNode) -> bool:
    """A line that is a price and little else, or says free or custom; a price drawn in inline pieces
    (`<span>€</span><span>9</span><span>/Monat</span>`) is one line of its block."""
    lines = _signal_lines(node)
    if lines and ORDINAL.match(lines[0]):
        return False  # an item of a numbered list
    blocks = text_blocks(node)
    every = [*lines, *blocks]
    # running text that inline elements break into lines: a sentence that is a line of its own holds no
    # other line ("Custom" over "Custom pricing based on scope." is a custom price, not a word of the sentence)
    sentences = [block for block in blocks if len(block) > MAX_PRICE_LINE and block not in lines]
    if _sign_over_amount(lines):
        return True
    for at, line in enumerate(every):
        if _marked_price_part(line) or _ends_with_lowest_price(line):
            return True
        if len(without_conversions(line)) > MAX_PRICE_LINE or ARITHMETIC.search(line):
            continue  # a sentence, or a worked example ("1 首 × 10元 = 1.0 元")
        if PRICE_TEXT.search(line):
            return True
        alone = line in blocks and _free_text(line)  # "Free" in a block of its own over "Free Giveaways: …"
        if at < len(lines) and _mid_block(line, blocks):
            continue  # "Dozens of <b>Free</b> Themes": a word of its line, set bold, no price
        if _worded_price(every, at, _free_or_custom) and (alone or not any(line in s for s in sentences)):
            return True  # a link saying "Contact us" inside a sentence of running text is no custom price
    return _price_box_free(node) or _price_box_contact(node)  # "Free <small>MIT licensed</small>" in `div.price`


def _mid_block(line: str, blocks: list[str]) -> bool:
    """Whether the line (a text node) stands inside a block of running text with words on both sides of it
    ("Dozens of <b>Free</b> Themes"), and in no block of its own."""
    if line in blocks:
        return False
    for block in blocks:
        at = block.find(line)
        while at > 0:
            if WORD_BEFORE.search(block, 0, at) and WORD_AFTER.match(block, at + len(line)):
                return True
            at = block.find(line, at + 1)
    return False


WORD_BEFORE = re.compile(r"\w\W+$")
WORD_AFTER = re.compile(r"\W+\w")


LOWEST_PRICE_END = re.compile(
    r"(?:\bfrom|\bstarting\s+(?:at|from)|\bab|\bà\s+partir\s+de|\bdesde|\ba\s+partir\s+de|\bvanaf)\s+(?P<price>\S.{0,24})$",
    re.I,
)


def _ends_with_lowest_price(line: str) -> bool:
    """A product's description ending in its lowest price ("... for Microsoft Exchange Server versions 4.0, 5.0 and
    5.5 from 900 Euros", enspect-en's boxes): the box's price, said last as a price box would say it."""
    end = LOWEST_PRICE_END.search(line)  # the price and what follows it fit in the line's last 25 characters
    return end is not None and PRICE_TEXT.match(end.group("price")) is not None


SIGN_LINE = re.compile(r"^(?:[$€£¥￥₹]|US\$)$")
AMOUNT_LINE = re.compile(r"^\d{1,6}(?:[.,]\d{1,3})?\**$")


def _sign_over_amount(lines: list[str]) -> bool:
    """A price drawn in blocks, its sign on a line of its own right over a line holding only the amount
    (`<div>$</div><h1>0.76</h1><div>/ hour</div>`, a footnote mark after it allowed: "2.24*"): a price line."""
    return any(SIGN_LINE.match(lines[at]) and AMOUNT_LINE.match(lines[at + 1]) for at in range(len(lines) - 1))


def _free_or_custom(line: str) -> bool:
    return _free_text(line) or _custom_line(line)


def _price_box_contact(card: LexborNode) -> bool:
    """Whether an element of the card whose class says it holds the price says only to get in touch
    (`<p class="price">Contact</p>`, or "Talk to us" in its own words before its small print), or shows an
    address to write to first, where the figure would stand (`<div class="prices"><a href="mailto:vip@…">`): the
    card's price is custom, as "Contact sales" anywhere on it would be."""
    return any(
        BARE_CONTACT.match(_clean(node.text())) or _mail_first(node) or _custom_line(_own_text(node))
        for node in _price_elements(card)
    )


def _mail_first(node: LexborNode) -> bool:
    """Whether the element's first text is a `mailto:` link's."""
    for child in node.traverse(include_text=True):
        if child.tag == "-text" and _clean(child.text(deep=False)):
            parent = child.parent
            return (
                parent is not None
                and parent.tag == "a"
                and (parent.attributes.get("href") or "").strip().casefold().startswith("mailto:")
            )
    return False


def _price_box_free(card: LexborNode) -> bool:
    """Whether an element of the card whose class says it holds the price says free and nothing else, or in its
    own words before its small print (`<div class="price">Free</div>` under "Free Tier", `<div class="price">Free
    <small>MIT licensed</small></div>`): the card is free, though the word is also in its name. So is a trial said
    there (`<strong class="price">14 Gün Ücretsiz!</strong>`, `TRIAL_FREE`)."""
    elements = _price_elements(card)
    if any(FREE_LINE.match(_clean(node.text())) or _free_text(_own_text(node)) for node in elements):
        return True
    return any(
        TRIAL_FREE.match(_clean(inner.text()))
        for node in elements
        if FREE_IN.search(node.text())  # a trial said somewhere in it: its price-classed parts are read
        for inner in (node, *node.traverse())
        if PRICE_CLASS.search(inner.attributes.get("class") or "")
    )


FREE_IN = re.compile(FREE_WORD, re.I)


def _free_tag(card: LexborNode) -> bool:
    """Whether the card says free in an element classed as a tag or tagline (`<div class="tagline">Free</div>` under
    "Free Tier"): the name's word said again as a label, no price."""
    return any(_badge(node) and FREE_LINE.match(_clean(node.text(separator=" "))) for node in card.traverse())


def _own_text(node: LexborNode) -> str:
    """The element's own words, its child elements' aside: the price box's "Free" or "Talk to us" before its
    small print (`<div class="price">Free <small>MIT licensed</small></div>`)."""
    return _clean(" ".join(child.text(deep=False) for child in node.iter(include_text=True) if child.tag == "-text"))


def _free_text(line: str) -> bool:
    """A line saying free, alone ("Kostenlos"), set off by a mark from a note on it ("Grátis · sem conta",
    "Free • no card needed") or a sentence of its own before one ("Free. Forever.")."""
    heads = (line, LEAD_MARK.split(line, maxsplit=1)[0], SENTENCE_END.split(line, maxsplit=1)[0])
    return any(FREE_LINE.match(head) or SIGNED_FREE.match(head) for head in heads)


SENTENCE_END = re.compile(r"(?<=[.!])\s+")


def _worded_price(lines: list[str], at: int, says: Callable[[str], bool]) -> bool:
    """Whether line `at` says free or custom where a price would stand: not the value of a labelled feature
    ("ドメイン数 : エキスパートカスタマイズ", "Support: Custom"), which a label ending in a colon comes before."""
    if not says(lines[at]):
        return False
    return not (at > 0 and lines[at - 1].rstrip().endswith((":", "：")))


def ancestor_ids(node: LexborNode) -> set[int]:
    """The `mem_id` of every ancestor of `node`: "is this inside that" for many pairs, one walk each."""
    ids: set[int] = set()
    parent = node.parent
    while parent is not None:
        ids.add(parent.mem_id)
        parent = parent.parent
    return ids


def _widened(node: LexborNode, others: set[int]) -> LexborNode:
    """The largest ancestor of `node` that holds no other card (`node` itself on a one-card page)."""
    if not others:
        return node
    current = node
    parent = node.parent
    while parent is not None and parent.mem_id not in others and parent.tag not in NOT_A_CARD:
        current, parent = parent, parent.parent
    return current if parent is not None and parent.mem_id in others else node


def _has_price_signal(node: LexborNode) -> bool:
    if not _small(node):
        return False
    text = _clean(node.text(separator=" "))
    if PRICE_TEXT.search(text) or _bare_price_nodes(node):
        return True
    lines = _signal_lines(node)
    worded = any(_worded_price(lines, at, _free_or_custom) for at in range(len(lines)))
    return worded or _price_box_contact(node) or _price_box_free(node)


def _only_values(text: str) -> bool:
    """Whether every amount of a block says what something is worth or saves (bylder-nl's feature rows inside its
    one price card: "AI Kopersbegeleider" · "t.w.v. €150/uur", "Meerwerklijst AI-analyse" · "gem. €1.840
    bespaard"): such a block shows no plan, so the card holding it is read, not each row as a card of its own."""
    matches = price_matches(text)
    return bool(matches) and all(
        VALUE_BEFORE.search(text[max(0, m.start() - MAX_SAVING_WORD) : m.start()])
        or SAVED_AFTER.match(text[match_end(m) :])
        for m in matches
    )


# -- the plan's name ----------------------------------------------------------------------------------


def card_name(card: LexborNode) -> str:
    """The plan name the card shows (rules: docs/pricing-extraction.md); "" when it shows none. A name comes
    before the card's price: a heading after it ("Features", "What's included") heads a part of the card, so
    a marked name or a first text before the price wins over one after it."""
    before = _before_price(card)
    name = _aria_named(card) or _badge_over_heading(card, before) or _named_before(card, before)
    name = name or _marked_name(card) or _first_text(card) or _count_after_price(card) or _line_under_price(card)
    if FREE_LINE.match(name) and (classed := _free_badge_over_classed_name(card, name)):
        name = classed
    name = LEAD_AT_END.sub("", name)  # "GolfSuite ab" over "€ 200": the price's lead word, no part of the name
    if PRICES_TITLE.match(name):  # the section's "Pricing" heading over the plan's own name
        name = _first_text(card, _before_price(card)) or _heading_under_title(card) or name
    name = _past_offer_title(card, name)
    if KEY_VALUE.match(name):  # fvpn-zh's bold "期限：30天" (term: 30 days) under its name: a feature line
        name = _first_text(card) or name
    if PRICE_LABEL.match(name):  # "Price" keying a free card's last row, under its heading "Free"
        name = _first_heading(card)
    # savefaste-en's `div.title` "Choose your plan" over two period boxes, beside its hero's "Upgrade to Premium"
    if SECTION_CALL.match(name) and UPGRADE_CALL.match(called := _heading_before(card)):
        name = called
    name = _without_custom_tail(without_pictographs(NUMBERED_LEAD.sub("", name)))
    return name or _custom_heading(card) or _ribbon_heading(card)


def _badge_over_heading(card: LexborNode, before: set[int] | None) -> str:
    """The card's heading where the only text before its price (the nodes `before`) is a one-word badge
    (aipaygen-en's `span.pro-badge` "Pro" over "$0.05/call" over `<h3>Absorb Skill</h3>`): the badge says the tier
    the item needs, the heading names it. A heading saying what is included ("Features") names no card."""
    if before is None:
        return ""
    shown = [
        n
        for n in card.traverse(include_text=True)
        if n.tag == "-text" and n.mem_id in before and _clean(n.text(deep=False))
    ]
    if len(shown) != 1 or (holder := shown[0].parent) is None or not _badge(holder):
        return ""
    if NAMING_CLASS.search(holder.attributes.get("class") or ""):
        return ""  # resumeparser-en's `div.plan-badge` "Starter": a badge drawn for the plan's own name
    if len(_clean(shown[0].text(deep=False)).split()) != 1:
        return ""
    heading = next((n for n in card.css("h2, h3, h4") if n.mem_id not in before), None)
    text = _name_text(heading) if heading is not None else ""
    return "" if not text or INCLUDED_TITLE.match(text) or price_matches(text) or _custom_line(text) else text


NAMING_CLASS = re.compile(r"plan|tier|name|title", re.I)


MAX_ARIA_LINES = 4


def _aria_named(card: LexborNode) -> str:
    """The line before the price that the card's own accessible label names (atptoken-en's `<button aria-label="View
    gpt-5.4-pro details">` over "OpenAI", "gpt-5.4-pro", "$30.00"): the label says which line is the plan's name,
    the maker's caption over it is not; "" when the card has no label or it names none of those lines."""
    label = card.attributes.get("aria-label") or ""
    named: list[tuple[int, str]] = []
    for line in _lines(card)[:MAX_ARIA_LINES] if label else []:
        if PRICE_TEXT.search(line):
            break
        if len(line) > 1 and (said := re.search(rf"(?<![\w.-]){re.escape(line)}(?![\w-])", label, re.I)):
            named.append((said.start(), line))
    return min(named)[1] if named else ""  # "Growth plan — most popular" over "Most popular", "Growth": Growth


PRICES_TITLE = re.compile(
    r"^(?:(?:our|simple|transparent|flexible|fair|honest|clear|straight\s*forward|affordable|predictable|special|"
    r"one[- ]time|einfache|transparente|simples)"
    r"(?:\s*,\s*|\s+(?:and\s+|&\s+)?))*"
    r"(?:pricing|prices|pricing\s+plans|pricing\s+model|(?:plans|packages)\s+(?:&|and)\s+pricing|"
    r"pricing\s+(?:&|and)\s+(?:plans|packages)|tarifs|preise|precios|prezzi|preços|prijzen|"
    r"priser|fiyatlar|fiyatlandırma|ceny|cennik|тарифы|цены|요금제|料金プラン|价格方案|價格方案)"
    r"(?:\s+for\s+(?:(?:every|all|your|small|growing|modern)\s+)?[^\W\d_]+(?:\s+[^\W\d_]+)?)?[.!]?$",
    re.I,
)
"""A title saying only that prices follow ("Pricing", "Pricing Plans", "Tarifs", "Fiyatlar", "Тарифы", "요금제",
"Simple, Transparent Pricing", maybe for whom: "… for Resellers", "… for Every Team"): the section's, never a
plan's."""
OFFER_TITLE = re.compile(
    r"^(?:(?:limited(?:[- ]time)?|special|launch|early[- ]bird|exclusive|introductory|founding|founder['’]?s?)\s+)+"
    r"offer[.!]?$",
    re.I,
)
"""A title saying an offer is made ("Launch Offer", "Limited Time Offer"): it heads the box; the heading under it,
before the price, names what is offered."""
NUMBERED_LEAD = re.compile(r"^(?:[^\W\d_]{2,12}\s+)?\d{1,2}[.)]\s+(?=[^\W\d_])")
"""The number a name opens with, maybe after a word, ended by a full stop ("Tier 1. Free Starter", "2. Pro", "1)
Basic"): the card's place in its row, not its name."""


def _heading_under_title(card: LexborNode) -> str:
    """The last heading before the card's price, under the section's title that opens it (hadaa-en's lone card:
    `<h2>Simple, Transparent Pricing</h2>`, a paragraph, `<h3>Starter Credit Pack</h3>`, "$10"): a card drawn
    as the whole section is named by its own heading, the one nearest its price; "" when there is none."""
    before = _before_price(card)
    if before is None:
        return ""
    name = ""
    for node in card.css(HEADING):
        if node.mem_id not in before:
            break
        text = _clean(node.text(separator=" "))
        if _plain_name(text) and not any(p.match(text) for p in (PRICES_TITLE, OFFER_TITLE, SECTION_CALL)):
            name = text
    return name


def _past_offer_title(card: LexborNode, name: str) -> str:
    """The name under an offer's title ("Launch Offer" over `<h5>Lifetime Premium Membership</h5>` and "£20"),
    `name` itself when it is no such title or nothing names the offer under it."""
    return (_heading_under_title(card) or name) if OFFER_TITLE.match(name) else name


def _first_heading(card: LexborNode) -> str:
    """The card's first heading's text, whatever it says (a free card headed "Free"); "" when it has none."""
    heading = card.css_first(HEADING)
    return _clean(heading.text(separator=" ")) if heading is not None else ""


def _custom_heading(card: LexborNode) -> str:
    """A card's heading that says only custom ("Custom" in `<h4>` over a price box showing no figure) when
    nothing else names it: the custom plan is called that. A price element saying it stands for the price."""
    for node in card.css("h2, h3, h4, h5"):
        text = _clean(node.text(separator=" "))
        if CUSTOM_LINE.match(text) and not PRICE_CLASS.search(node.attributes.get("class") or ""):
            return text
    return ""


def _ribbon_heading(card: LexborNode) -> str:
    """A card's one heading when it says only what a ribbon would ("Best Value!", "Featured") and nothing else
    names the card, in a row of cards drawn alike (applyease-en's `div.pricing-card.recommended` `<h3>Best
    Value!</h3>` between "Standard" and "Ultimate Bundle"): the card is called that, not dropped as nameless. A
    lone block so headed (a hero's mock card "Most Popular" over "$15") is none; "" otherwise."""
    heads = card.css("h2, h3, h4")
    if len(heads) != 1 or PRICE_CLASS.search(heads[0].attributes.get("class") or "") or not _in_a_row(card):
        return ""
    text = _clean(heads[0].text(separator=" "))
    return text if RIBBON.match(text) else ""


def _in_a_row(card: LexborNode) -> bool:
    """Whether a sibling of the card is drawn as it is, the card maybe highlighted (`_near_alike`)."""
    parent, klass = card.parent, card.attributes.get("class") or ""
    return parent is not None and any(
        _near_alike(other.attributes.get("class") or "", klass)
        for other in parent.iter()
        if other.mem_id != card.mem_id and other.tag == card.tag
    )


NAME_AND_TAIL = re.compile(r"^(?P<name>[^/]{2,40}?)\s*/\s*(?P<tail>[^/]{2,30})$")


def _custom_tail(line: str) -> str:
    """The plan name before a slash whose other side says custom ("Enterprise/Custom", "Business / Individuell"):
    one heading that names the plan and says its price is custom; "" when the line is no such name."""
    match = NAME_AND_TAIL.match(line)
    if match is None or not CUSTOM_LINE.match(match["tail"]) or CUSTOM_LINE.match(match["name"]):
        return ""
    return match["name"]


def _without_custom_tail(name: str) -> str:
    return _custom_tail(name) or name


COUNT_NAME = re.compile(r"^\d{1,3}(?:[,.\s]\d{3})*\s?[^\W\d_][^\W\d_\s]{1,15}$")


def _count_after_price(card: LexborNode) -> str:
    """A pack that no heading names, counted in its price box's small print right after the amount
    ("<div class="price">€5<small>10크레딧</small></div>"): the count and what it counts name it ("10크레딧")."""
    for box in _price_elements(card):
        priced = False
        for node in box.traverse(include_text=True):
            if node.tag != "-text" or not (text := _clean(node.text(deep=False))):
                continue
            if not priced:
                priced = bool(PRICE_TEXT.search(text))
                continue
            return text if COUNT_NAME.match(text) and not currency_code(text) and not tail_period(text) else ""
        if priced:
            return ""
    return ""


MAX_UNDER_PRICE_WORDS = 4


def _line_under_price(card: LexborNode) -> str:
    """A card led by its price as a heading (dingdang-zh's `<h3>$30.00</h3>` over `<p>VIP月度会员</p>`) names its
    plan in the short line right under it, where nothing before the price names one: a line saying a period, a
    unit, free or custom, whom the plan is for, or holding a figure, names nothing."""
    heading = next((n for n in card.css(HEADING) if _clean(n.text(separator=" "))), None)
    if heading is None or (price := PRICE_TEXT.search(said := _clean(heading.text(separator=" ")))) is None:
        return ""
    if price.group(0).strip() != said.strip() or (line := heading.next) is None:
        return ""
    while line is not None and line.tag == "-text" and not _clean(line.text(deep=False)):
        line = line.next
    if line is None or line.tag not in ("p", "div", "span", "h4", "h5"):
        return ""
    text = _clean(line.text(separator=" "))
    if not text or len(text.split()) > MAX_UNDER_PRICE_WORDS or re.search(r"\d", text) or tail_period(text):
        return ""
    if _free_text(text) or _custom_line(text) or AUDIENCE.match(text) or line.css_first("li") is not None:
        return ""  # "For growing companies" under resumeparser-en's "$79": whom the plan is for, no name
    return text


def _name_before_price(card: LexborNode) -> str:
    """The name the card shows before its first price; "" when it shows none there."""
    return _named_before(card, _before_price(card))


def _named_before(card: LexborNode, before: set[int] | None) -> str:
    """The name among the nodes before the card's first price (`_before_price`)."""
    if before is None:
        return ""
    return _marked_name(card, before) or _first_text(card, before)


def _before_price(card: LexborNode) -> set[int] | None:
    """The nodes of the card that come before its first price, in document order; None without a price. On a
    card with no amount, a line saying free or custom where the price would stand ("Individuell", "無料", or a
    call to get in touch in the card's price element) is its price: a bold feature line under it
    ("Volumenbasierte Credits") is no name."""
    nodes: list[tuple[int, int]] = []  # each node and where the text read so far ends when it comes
    text = ""
    worded: int | None = None  # where the first free or custom line ends
    said_in: LexborNode | None = None  # the text node of that line
    for node in card.traverse(include_text=True):
        if node.tag == "-text" and (own := _clean(node.text(deep=False))):
            label = text.rstrip().endswith((":", "："))
            opening = not text  # a card's first text saying free is its label ("無料" over "Slip POS"), no price
            text = f"{text} {own}" if text else own
            boxed = bool(_custom_line(own) or TRIAL_FREE.match(own)) and _in_price_box(node, card)
            said = bool(FREE_LINE.match(own) or CUSTOM_LINE.match(own)) or boxed
            if worded is None and not (label or opening) and said:
                worded, said_in = len(text), node
        nodes.append((node.mem_id, len(text)))
    matches = price_matches(text)  # "Paquete de 5" over "$749": the name's number is no price
    if not matches:
        if worded is None or said_in is None:
            return None
        holders = _own_holders(said_in, card)  # the elements holding that line: the price's own, no name before it
        return {mem_id for mem_id, upto in nodes if upto < worded and mem_id not in holders}
    # "Risparmia €98" on a badge over the name: what the price saves is no price the name comes before
    first = next((m for m in matches if not _after_saving(text, m.start())), matches[0])
    end = first.end("amt") if first.group("amt") else first.end("cur2")  # where the price is first whole
    return {mem_id for mem_id, upto in nodes if upto < end}


def _own_holders(node: LexborNode, card: LexborNode) -> set[int]:
    """The elements inside the card that hold the text node and nothing before it (`<h4>Free</h4>`,
    `<h3>Custom<span>/month</span></h3>`): they open before the word, yet are the price, not a name over it."""
    held: set[int] = set()
    parent = node.parent
    while parent is not None and parent.mem_id != card.mem_id:
        first = next(
            (n for n in parent.traverse(include_text=True) if n.tag == "-text" and _clean(n.text(deep=False))), None
        )
        if first is None or first.mem_id != node.mem_id:
            break
        held.add(parent.mem_id)
        parent = parent.parent
    return held


def _custom_amount(card: LexborNode) -> bool:
    """Whether the card's first text in an element classed as its amount or price says custom ("Custom" in
    `<span class="amount">`) and that element shows no figure: the card's price is custom, a lower bound
    stated below it, outside the price element ("Starting at $72,000/year"), a price besides."""
    for node in card.traverse(include_text=True):
        if node.tag != "-text" or not (own := _clean(node.text(deep=False))):
            continue
        if _in_price_box(node, card):
            return bool(CUSTOM_LINE.match(own)) and not _price_box_priced(node, card)
    return False


def _price_box_priced(node: LexborNode, card: LexborNode) -> bool:
    """Whether any price element of the card holding `node` shows a figure ("Custom ab €2.500" in one box is a
    starting price, not a custom price besides it)."""
    parent = node.parent
    while parent is not None and parent.mem_id != card.mem_id:
        if PRICE_CLASS.search(parent.attributes.get("class") or "") and PRICE_TEXT.search(
            _clean(parent.text(separator=" "))
        ):
            return True
        parent = parent.parent
    return False


def _in_price_box(node: LexborNode, card: LexborNode) -> bool:
    """Whether `node` sits in an element of the card classed as its price (`package-price-custom` holding
    "Vraag een offerte aan"): a call to get in touch there stands where the price would."""
    parent = node.parent
    while parent is not None and parent.mem_id != card.mem_id:
        if PRICE_CLASS.search(parent.attributes.get("class") or ""):
            return True
        parent = parent.parent
    return False


def _named_card(node: LexborNode) -> bool:
    """A card whose name is marked up as one (a heading, a title class), not just its first text."""
    return bool(_marked_name(node))


def _marked_name(card: LexborNode, within: set[int] | None = None) -> str:
    for selector in ("h2, h3, h4", None, "h5, h6, h1, strong, b"):
        nodes = card.css(selector) if selector else _labels_last(_title_classed(card))
        for node in nodes:
            if within is not None and node.mem_id not in within:
                continue
            if selector and TAGLINE_CLASS.search(node.attributes.get("class") or ""):
                continue  # `<h2 class="tier-headline">AGPL-3.0</h2>` under `<p class="tier-name">`: a headline
            text = _name_text(node)
            if text and (selector or node.tag in ("h1", "h2", "h3", "h4", "h5", "h6")) and RIBBON.match(text):
                continue  # syncalot-en's `h5.block-title` "Recommended" over the price: a ribbon; a `span.plan-name`
                # saying "Popular" is a plan's name (contentcreatorpro-en)
            if text and selector is None and RIBBON.match(text) and _other_classed_name(card, node):
                continue  # `div.current-plan-label` "現在のプラン" over `div.current-plan-name` "Free": a label over it
            if text:
                if node.tag in ("strong", "b") and (label := _label_before(node)):
                    return label
                kicker = _kicker(card, node) if selector and _tagline(text) else ""
                return kicker if kicker and not _says_kicker(text, kicker) else text
    return ""


def _other_classed_name(card: LexborNode, node: LexborNode) -> bool:
    """Whether another element of the card classed as its name says more than a ribbon, wherever it stands (even
    as the word "Free" that prices the card): then the classed ribbon ("Current plan") labels it, and a lone
    classed "Popular" is still the plan's name."""
    for other in _title_classed(card):
        if other.mem_id == node.mem_id:
            continue
        text = _name_text(other)
        if text and not RIBBON.match(text):
            return True
    return False


KEY_VALUE = re.compile(r"^[^:：]{1,20}[:：]\s*\d")
"""A line keying a quantity ("期限：30天", "Storage: 10 GB"): a feature of the card, no name of it, where a "label:
detail" heading ("可选加购：网站 + Google 商家资料") names an item."""

TAGLINE_CLASS = re.compile(
    r"(?:^|[-_\s])(?:headline|tagline|subtitle|sub-title|subheading|description|desc|blurb|lede)(?=$|[-_\s])"
)
"""A class saying the heading describes the plan (`tier-headline`, `plan-tagline`): the plan's name is in the
element classed as one, or the card's first text."""

MAX_LABEL_WORDS = 2


def _label_before(node: LexborNode) -> str:
    """A short label set right before a bold name in the same element (`<span>Free</span><strong>体验
    </strong>`): the tier label names the plan, the bold text under it describes it. A ribbon ("Most
    popular") is no label."""
    sibling = node.prev
    while sibling is not None and sibling.tag == "-text":
        if _clean(sibling.text()):
            return ""  # loose text before the bold words: one sentence, not a label over a name
        sibling = sibling.prev
    if sibling is None or sibling.tag in ("strong", "b", "br", "img", "svg", "i"):
        return ""
    text = _clean(sibling.text(separator=" "))
    if RIBBON.match(text) or len(text.split()) > MAX_LABEL_WORDS or not (_plain_name(text) or FREE_LINE.match(text)):
        return ""
    return text


TAGLINE_MARK = re.compile(r"[・、，。！!]|,\s")
MAX_KICKER = 20


def _tagline(text: str) -> bool:
    """A heading that describes the plan rather than names it: a phrase of four words or more, a phrase
    listing or punctuated ("見る・整理する・切り抜く", "Fast, simple, yours"), or one saying whom the plan is for
    ("للشركات الصغيرة" under the label "خطة البداية", tileswms-ar; "For small teams"). Short names joined by "+" or
    "&" name a bundle of plans, however many words they make."""
    if TAGLINE_MARK.search(text) or AUDIENCE.match(text):
        return True
    parts = BUNDLE_JOIN.split(text)
    if len(parts) > 1 and all(0 < len(part.split()) <= MAX_BUNDLE_PART for part in parts):
        return False  # "Західна преса + Think Tanks" (insightradar-uk): two plans sold together, by their names
    return len(text.split()) >= 4


BUNDLE_JOIN = re.compile(r"\s+[+&]\s+")
MAX_BUNDLE_PART = 3


AUDIENCE = re.compile(
    r"^(?:(?:for|für|pour|para|voor|dla|для)\s+\S|(?:適合|适合|لل)\S)|.+\s(?:uchun|için)$|.+向け$|"
    r"^[а-яё]{2,}(?:ому|ему)\s+[а-яё]",
    re.I,
)
"""A phrase saying whom a plan is for, in the pages' languages: opening with "For", "Für", "Pour", "للـ", or ending
with the Uzbek and Turkish postposition ("Yangi do‘konlar uchun", "Küçük ekipler için") or "向け"; in Russian, an
adjective in the dative before its noun ("Начинающему ментору", "Активному ментору": to the beginning, the active
mentor, mentortrack-ru's headings under the kickers "STARTER", "PRO"), where a plan's own name is nominative."""


def _kicker(card: LexborNode, heading: LexborNode) -> str:
    """The short label set over a tagline heading (`<p class="kicker">PRO</p><h2>Subtitles into
    production</h2>`): the card's first text, before the heading, one or two words, not a ribbon."""
    for node in card.traverse(include_text=True):
        if node.mem_id == heading.mem_id:
            return ""
        if node.tag != "-text" or not (text := _clean(node.text(deep=False))):
            continue
        if RIBBON.match(text):
            continue
        if NUMBERING.match(text):
            return ""  # "PHASE 01", "Add-On 01" over "Zusätzliche Angebote (Solo Mini)": the card's number in a row
        if len(text) <= MAX_KICKER and len(text.split()) <= 2 and (_plain_name(text) or FREE_LINE.match(text)):
            return text
        return ""
    return ""


NUMBERING = re.compile(
    r"^(?:(?:[^\W\d_][\w-]*\s+)?0\d|(?:phase|step|stage|part|module|option|add-?on|fase|paso|etapa|passo|étape|"
    r"schritt|stufe)\s+\d{1,2})$",
    re.I,
)
"""A label numbering the cards of a row: a zero-padded number, maybe after a word ("PHASE 01", "Add-On 02",
cppmax-en's bare `span.plan-number` "01"), or a word of sequence and a number ("Step 2", "Fase 3"). "Tier 1" or
"Plan 2" may name a plan and stays a label."""


def _says_kicker(heading: str, kicker: str) -> bool:
    """Whether a "label: detail" heading says the label over it again before its colon ("加购" over "可选加购：网站 +
    Google 商家资料", "Add-on" over "Optional add-on: website"), or opens with it ("CMDB" over "CMDB API Data
    Collection Tool", "Linux" over "Linux Audit Coverage Expansion", the heading going on in words), or closes with
    it in brackets (a badge "Main Offer" over "FOS Implementation (Main Offer)"): the label is the kind of item or a
    note the heading carries, the heading its name."""
    if re.match(rf"{re.escape(kicker)}\s+[^\W\d_]", heading, re.I):
        return True  # "Data Pack" over "Data Pack — حزمة ...": the kicker names it and a tagline follows the dash
    if re.search(rf"[(（]\s*{re.escape(kicker)}\s*[)）]\s*$", heading, re.I):
        return True  # fekitech-en's badge "Main Offer" over "FOS Implementation (Main Offer)": the heading's own note
    colon = re.search(r"[:：]", heading)
    if colon is None:
        return False
    said = re.search(rf"(?<![A-Za-z0-9]){re.escape(kicker)}(?![A-Za-z0-9])", heading[: colon.start()], re.I)
    return said is not None


def _free_badge_over_classed_name(card: LexborNode, said: str) -> str:
    """The name an element classed as the card's name gives, when the card's first text saying free (`said`)
    stands in a badge (fidelio-fr's `div.pricing-badge.free` "Gratuit" over "0 DH", then `div.pricing-name`
    "Starter"): the badge says the plan is free, the classed element names it; "" otherwise."""
    badge = next((node for node in card.traverse() if _badge(node) and _clean(node.text(separator=" ")) == said), None)
    if badge is None:
        return ""
    for node in _title_classed(card):
        text = _name_text(node)
        if text and text != said and not RIBBON.match(text) and not FREE_LINE.match(text):
            return text
    return ""


def _labels_last(nodes: Iterable[LexborNode]) -> list[LexborNode]:
    """Elements classed as the card's tier label or type after the others (taurix-es's `div.lp-plan-tier-label`
    "AUTÓNOMOS", whom the plan is for, over `div.lp-plan-name` "Plan Autónomo"): a label says what kind of plan
    it is where another element names it. Either alone names the card; a `__tier` keeps winning over a `__name`
    after it, as the docs' order says."""
    return sorted(nodes, key=lambda node: bool(TYPE_LABEL_CLASS.search(node.attributes.get("class") or "")))


TYPE_LABEL_CLASS = re.compile(r"(?:plan|tier|package)(?:__|[-_])?(?:type|label)(?=$|[-_\s])")


def _title_classed(card: LexborNode) -> Iterator[LexborNode]:
    """The card's elements classed as its name, or slotted as one (`<div data-slot="card-title">`), and a card's
    header holding nothing but text (salesvideoacademy-en's `div.pricing-card-header` "Module 1 – Strategic
    Fundamentals of Modern Sales"): a header holding elements (Bootstrap's `div.card-header` around an `<h3>` name
    and a `<p>` tagline) is a part of the card, no name."""
    for node in card.traverse():
        named = any(NAME_CLASS.search(node.attributes.get(key) or "") for key in ("class", "data-slot"))
        if node.mem_id != card.mem_id and (named or _text_header(node)):
            yield node


CARD_HEADER = re.compile(r"(?:^|\s)[\w-]*(?:card|plan|package|pricing|price)(?:__|[-_])header(?=$|\s)")
"""A class naming an element a card's header (`pricing-card-header`, `card-header`, BEM's `plan__header`)."""


def _text_header(node: LexborNode) -> bool:
    """Whether the element is a card's header holding its text alone: then the text is the card's name, as a heading
    would be; a header holding elements only groups them."""
    return bool(CARD_HEADER.search(node.attributes.get("class") or "")) and not any(
        child.tag not in ("-text", "-comment", "br") for child in node.iter(include_text=True)
    )


PRICE_BLOCK_NAME = re.compile(r"(?:^|\s)[\w-]*price[\w-]*?(?:__|-)(?:name|title|package)(?=$|\s)", re.I)


def _price_block_name(classes: str) -> bool:
    """A class naming the name element of a block called a price card (`price-name`, BEM's `price-v2__name`,
    `price-card__title`, dovera-en's `price-package`): the block's word is "price", the element its name, so it
    names the plan."""
    return PRICE_BLOCK_NAME.search(classes) is not None


def _name_text(node: LexborNode) -> str:
    """The node's text as a plan name: not a price, not what a price element says ("Özel" in `h2.price`),
    not a question (a FAQ entry), without a ribbon set in an element of its own beside the name ("Starter
    <span class="rectag">Empfohlen</span>")."""
    text = _unrendered(_without_ribbons(node, _stacked_name(node) or _clean(node.text(separator=" "))))
    if PRICE_TEXT.search(text):
        text = _name_over_price(node, text)
    if not text or len(text) > MAX_NAME or PRICE_TEXT.search(text) or BARE_PRICE.match(text):
        return ""
    if COMPARISON.search(text) or CUSTOM_LINE.match(text) or PRICE_LEAD.match(text) or SIGNED_FREE.match(text):
        return ""  # "Compare plans" titles a feature table; "Custom", "R$ GRÁTIS" stands where a price would
    classes = node.attributes.get("class") or ""
    if PRICE_CLASS.search(classes) and not _price_block_name(classes):
        return ""  # what a price element says, unless the class names the name within a price block
    if text.endswith(("?", "？", ":", "：", ".", "。")):
        return ""
    if PER_LEAD.match(text) and tail_period(f" {text}") is not None:
        return ""  # gareth-en's `<h3>Per year*</h3>` under the price: its period, no name ("Monthly" may be one)
    return text if re.search(r"[^\W\d_]", text) else ""


PER_LEAD = re.compile(r"^(?:per|par|por|/)\s*[^\W\d_]", re.I)


def _unrendered(text: str) -> str:
    """`text` without the template expressions it holds; a note after a dash that holds one goes with it
    ("Founder seat — {seatsAvailable} available" is "Founder seat"). A text that is nothing but expressions
    (`{plan.name}`) stays as it is: the card's name is unknown until rendered, and the reader treats it so."""
    if "{" not in text:
        return text
    note = DASH_NOTE.search(text)
    shown = text[: note.start()] if note is not None and TEMPLATE_EXPRESSION.search(note.group("note")) else text
    shown = _clean(TEMPLATE_EXPRESSION.sub(" ", shown))
    return shown if re.search(r"[^\W\d_]", shown) else text


STACKED = re.compile(r"(?:^|[\s:])(?:tw-)?flex-col(?=$|\s)")
"""A utility class stacking an element's children as lines (Tailwind's `flex-col`, maybe prefixed `tw-`)."""


def _stacked_name(node: LexborNode) -> str:
    """A heading drawn as stacked lines (`<h2 class="flex flex-col"><span>Premium</span><span>Advance Profile &
    Basic CMS</span></h2>`) is named by its first line; the lines under it describe the plan. "" otherwise."""
    if node.tag not in ("h1", "h2", "h3", "h4", "h5", "h6") or not STACKED.search(node.attributes.get("class") or ""):
        return ""
    lines = [child for child in node.iter() if child.tag in ("span", "div", "small", "p")]
    return _clean(lines[0].text(separator=" ")) if len(lines) >= 2 else ""


PER_TAIL = re.compile(r"(?:/\s*[^\W\d_][^\s/]*\s*){1,2}")


def _name_over_price(node: LexborNode, text: str) -> str:
    """The name of a heading that also holds the plan's price, set after a line break, a colon or a dash
    ("Paquete de 5 clases<br>$170", "Clase de prueba: $30", "Starter — 9,90 € / Monat"): the text before the
    price, when the price (and
    the period or unit it says) ends the heading. "" for any other heading with a price in it ("Save $40 a
    year", "Price: $19", a label)."""
    matches = price_matches(text)
    if len(matches) != 1:
        return ""
    match = matches[0]
    head = text[: match.start()].strip()
    end = match.end("cur2") if match.group("cur2") else match.end("amt")
    rest = text[end:].strip()
    if PER_TAIL.fullmatch(rest):
        rest = ""  # "$19 / mes": the period or unit the price says
    colon = head.endswith((":", "：", " —", " –", " -"))  # "Starter — 9,90 € / Monat": a dash sets it off too
    head = head.rstrip(":：—–-").strip()
    set_off = colon or node.css_first("br") is not None or _price_element_at_end(node, text[match.start() :])
    set_off = set_off or _whole_block(node)
    if not head or rest or not set_off or PRICE_ROW.match(head) or PRICE_LEAD.match(head):
        return ""
    if head.endswith(("(", "（", "[")):
        return ""  # "Subscribe — Professional Plan ($49/mo)": the price in brackets notes it, the line is no name
    return head


def _whole_block(node: LexborNode) -> bool:
    """Whether the heading is all its block shows (ibizagirl-es's `<div class="plan"><h3>Mensual 14,99€</h3>`
    over an empty button box): a plan told by its name and price in one line and nothing else, so the words
    before the price can be nothing but its name."""
    parent = node.parent
    return (
        node.tag in HEADING_TAGS
        and parent is not None
        and _clean(parent.text(separator=" ")) == _clean(node.text(separator=" "))
    )


def _price_element_at_end(node: LexborNode, price: str) -> bool:
    """Whether the heading's price stands in an element of its own, its last (`<h3>Lifetime license <span
    class="big">$9.99</span></h3>`): set off as a line break would, so the words before it are the name."""
    last = None
    for child in node.iter(include_text=True):
        if child.tag not in ("-text", "-comment") or _clean(child.text(deep=False)):
            last = child
    return last is not None and last.tag not in ("-text", "-comment") and _clean(last.text(separator=" ")) == price


BADGE_CLASS = re.compile(r"(?:^|[-_\s])(?:tag|badge|ribbon|pill|chip|sub|subtitle|tagline)(?=$|[-_\s])", re.I)
"""A class marking an element a tag beside the name (`coming-soon-tag`, `badge`, `plan-ribbon`), or a sub-line
set in the name's heading (`<h3>Operator <span class="tier-sub">solo, self-hosted</span></h3>`)."""


COUNT_NOTE = re.compile(r"[(（][^()（）]*\d[^()（）]*[)）]")
"""A bracketed note holding a number, set in an element of its own after a name: a note on what the plan
holds ("150 credits <span>(50 + 100 Free)</span>"), not part of its name."""


DECOR_MARK = re.compile(r"[.。·•]")
"""A full stop or dot set in an element of its own at the end of a name (`Solo<span class="text-accent">.</span>`):
a flourish of the type, not part of the name."""


def _badge(node: LexborNode) -> bool:
    """An element classed or slotted as a tag beside the name (`span.plan-ribbon`, `<span data-slot="badge">`)."""
    return any(BADGE_CLASS.search(node.attributes.get(key) or "") for key in ("class", "data-slot"))


def _without_ribbons(node: LexborNode, text: str) -> str:
    """The name without a ribbon set in an element of its own at its start or end: a ribbon word, any text
    in an element classed as a tag or badge ("Pro Beta <span class="coming-soon-tag">近日公開</span>"), or a
    bracketed note holding a number ("150 credits <span>(50 + 100 Free)</span>"), or a tagline opening with a dash
    ("Starter <span>— ابدأ واستكشف</span>"); nor a ribbon set off by
    "·" at the end of the name's own text ("Professional · Most popular"). Two tags in a row ("Premium <span
    class="tag">Most Popular</span> <span class="tag">Current Plan</span>") go one after the other from the end."""
    children = list(node.iter())
    for child in reversed(children):
        ribbon = _clean(child.text(separator=" "))
        if DECOR_MARK.fullmatch(ribbon) and text.endswith(ribbon) and len(text) > len(ribbon):
            text = text[: -len(ribbon)].rstrip()  # "Solo<span class="text-accent">.</span>": a coloured full stop
        elif _ribbon_element(child, ribbon, text) and text.endswith(ribbon):
            text = text[: -len(ribbon)].rstrip()
    for child in children:
        ribbon = _clean(child.text(separator=" "))
        if (
            _ribbon_element(child, ribbon, text)
            and text.startswith(ribbon)
            and (RIBBON.match(ribbon) or not _badge(child))
        ):
            text = text[len(ribbon) :].lstrip()  # a tag opening the name ("Futures" Signals) is part of it
    return without_noted_ribbon(text)  # "Professional · Most popular": the plan, then its ribbon


def _ribbon_element(child: LexborNode, ribbon: str, text: str) -> bool:
    """Whether an element of a name holds a ribbon word, a tag's text, a counted note or a dashed tagline."""
    if not ribbon or ribbon == text:
        return False
    return bool(
        RIBBON.match(ribbon)
        or _badge(child)
        or _drawn_pill(child)
        or COUNT_NOTE.fullmatch(ribbon)
        or DASHED_TAGLINE.match(ribbon)
    )


def _drawn_pill(node: LexborNode) -> bool:
    """Whether a `<span>` is drawn as a pill by its utility classes, a background, rounded corners and side padding
    (luxbase-de's "LuxAgency <span class="text-xs bg-blue-400 text-white px-2 py-0.5 rounded">nur für
    Agenturen</span>"): a tag beside the name, as one classed `badge` is."""
    classes = (node.attributes.get("class") or "").split()
    return node.tag == "span" and all(
        any(c.startswith(prefix) for c in classes) for prefix in ("bg-", "rounded", "px-")
    )


DASHED_TAGLINE = re.compile(r"^[—–]\s*\S")
"""An element of a name's own opening with a dash ("Starter <span>&mdash; ابدأ واستكشف</span>", blocsme-ar): the
plan's tagline set after its name, no part of it."""
RIBBON_CLASS = re.compile(r"(?:^|[-_\s])(?:badge|ribbon)(?=$|[-_\s])", re.I)
"""A class marking an element a ribbon over the card (`<span class="badge">Best launch option</span>`). Unlike
the other `BADGE_CLASS` words (a `tag` or `sub` line may hold the name: `<span class="tag">Annuel · meilleure
offre</span>`), its text is passed over when a name follows it before the price."""


def _first_text(card: LexborNode, within: set[int] | None = None) -> str:
    """The card's first short text, with the alike badges beside it ("Windows" "macOS" "Linux"); a ribbon
    ("Recommended", "Most popular") set before the name is passed over, and so is a phrase in an element
    classed as a ribbon (`RIBBON_CLASS`, `_ribbon_words`) when another name follows it before the price. A
    first text that says free ("Kostenlos") in an element of its own is the free plan's name, as a heading
    saying it would be. A label numbering the cards of a row ("TIER 01", "Step 2") is passed over too."""
    if within is not None and (past := _first_text_of(card, within, past_ribbons=True)):
        return past
    return _first_text_of(card, within)


def _ribbon_words(node: LexborNode) -> bool:
    """A ribbon's words: a phrase ("Best launch option"), not a single word or a plan's name ("Pro", "Team
    plan"), which a badge-classed element holds on some pages."""
    text = _clean(node.text(separator=" "))
    return len(text.split()) >= 2 and not PLAN_WORD.search(text)


def _first_text_of(card: LexborNode, within: set[int] | None, past_ribbons: bool = False) -> str:
    for node in card.traverse(include_text=True):
        if node.tag != "-text" or not _clean(node.text(deep=False)):
            continue
        if within is not None and node.mem_id not in within:
            return ""
        holder = node.parent
        if holder is None or holder.mem_id == card.mem_id:
            return ""
        if _badge(holder) and holder.attributes.get("data-slot"):
            continue  # shadcn/ui's `<span data-slot="badge">` over the card's title: a tag, never the name
        if past_ribbons and RIBBON_CLASS.search(holder.attributes.get("class") or "") and _ribbon_words(holder):
            continue
        if past_ribbons and _laid_over(holder, card):
            continue  # napsterlegal-en's corner tag "LABEL" over "Artist Label"
        text = _unrendered(
            _without_ribbons(holder, " ".join(_clean(n.text(separator=" ")) for n in [holder, *_badges_after(holder)]))
        )
        if RIBBON.match(text) or not re.search(r"[^\W_]", text):
            continue  # a ribbon, or a picture drawn by an emoji ("🎉") over the name
        if NUMBERING.match(text):
            continue  # xerj-en's `span.tk` "TIER 01" over `span.tt` "COMMUNITY": the card's number in its row
        if PRICES_TITLE.match(text):
            continue  # "Pricing" heading the section the lone card is
        if PER_LEAD.match(text) and tail_period(f" {text}") is not None:
            continue  # intospectro-fr's `h4.price-head` "Par Mois" over `<p>Ofrre Standard</p>`: the price's period
        if text in ISO_CODES or text in CRYPTO_CODES:
            return ""  # `<h3><span>USDT</span>10</h3>`: the price's own code opens the card, no name before it
        if within is not None and _quantity_name(card, holder, text):
            return text
        if within is not None and QUANTITY.match(text) and (counted := _counted_word(card, holder, within)):
            return f"{text} {counted}"  # "5" over "credits" over "2 CHF": the pack of 5 credits
        return text if _plain_name(text) or FREE_LINE.match(text) else ""
    return ""


def _laid_over(node: LexborNode, card: LexborNode) -> bool:
    """Text set in an element taken out of the card's flow (`position:absolute`, Tailwind's `absolute`) and laid
    over its corner or edge: a tag pinned on the card, never the line its name is read from, when a name follows
    before the price."""
    at: LexborNode | None = node
    while at is not None and at.mem_id != card.mem_id:
        if (
            ABSOLUTE.search(at.attributes.get("style") or "")
            or "absolute" in (at.attributes.get("class") or "").split()
        ):
            return True
        at = at.parent
    return False


ABSOLUTE = re.compile(r"(?:^|;)\s*position\s*:\s*absolute\b", re.I)


QUANTITY = re.compile(r"^(?:\d{1,3}(?:[,.\s]\d{3})+|\d{1,5})$")
"""A whole count a pack may be named by: grouped ("1,000", "10 000") or written plainly up to five digits ("1200"
klejnotów over "~49,99 PLN", szczurogrod-pl)."""


def _quantity_name(card: LexborNode, holder: LexborNode, text: str) -> bool:
    """A pack named only by what it holds: a whole number in an element of its own, in no price element,
    right before a price of its own that starts with its currency sign ("50" over "¥24" or "$5", a pack of
    50 credits); not the amount of a price whose sign comes after it ("19" over "€/Monat")."""
    if not QUANTITY.match(text) or PRICE_CLASS.search(holder.attributes.get("class") or ""):
        return False
    whole = _card_text(card)
    at = whole.find(text)
    after = PRICE_TEXT.match(whole[at + len(text) :].lstrip()) if at >= 0 else None
    return after is not None and after.group("cur") is not None


COUNTED_WORD = re.compile(r"^[^\W\d_][^\W\d_\s]{1,15}$")


def _counted_word(card: LexborNode, holder: LexborNode, within: set[int]) -> str:
    """The word a pack's number counts, in an element of its own right after it and before the price
    ("<div>5</div><div>credits</div><div>2 CHF</div>"); "" when the next text is no such word (a currency
    sign, a period, a ribbon)."""
    inside = ancestor_ids(holder) | {holder.mem_id}
    after = False
    for node in card.traverse(include_text=True):
        if node.mem_id == holder.mem_id:
            after = True
            continue
        if not after or node.tag != "-text" or not (text := _clean(node.text(deep=False))):
            continue
        if node.parent is not None and node.parent.mem_id in inside:
            continue  # still the number's own element
        if node.mem_id not in within or not COUNTED_WORD.match(text) or currency_code(text) or tail_period(text):
            return ""
        return "" if RIBBON.match(text) or FREE_LINE.match(text) else text
    return ""


def _badges_after(holder: LexborNode) -> Iterator[LexborNode]:
    """The siblings right after `holder` alike in tag and class, blank text between them skipped. Class-less
    blocks each styled inline their own way (`<div style="…font-size:1.3rem">Plano Gratuito</div>` over `<div
    style="…font-size:3.5rem">R$ 0</div>`) are a card's lines, no row of badges, and so are a pair styled alike
    whose second is a short price: accountfax-en's "Premium Access" over "$1⏎7days" are a name and its price (a
    run going on, "gpt-5.4" "$1.25" "$0.13", or "A" "x" "$1", stays a grid's cells)."""
    sibling = holder.next
    first = True
    while sibling is not None:
        if sibling.tag != "-text":
            if not _alike(sibling, holder) or sibling.attributes.get("style") != holder.attributes.get("style"):
                return
            line = _clean(sibling.text(separator=" "))
            if first and len(line) <= MAX_FIRST_TEXT and PRICE_TEXT.search(line) and not _alike_after(sibling):
                return
            first = False
            yield sibling
        elif _clean(sibling.text()):
            return
        sibling = sibling.next


def _alike_after(node: LexborNode) -> bool:
    """Whether the next element after `node` is alike in tag, class and style: a run of such spans is a grid's
    cells ("gpt-5.4" "$1.25" "$0.13" ...), where a lone pair is a name and its price."""
    sibling = node.next
    while sibling is not None and sibling.tag == "-text":
        sibling = sibling.next
    return (
        sibling is not None
        and _alike(sibling, node)
        and sibling.attributes.get("style") == node.attributes.get("style")
    )


def _plain_name(text: str) -> bool:
    """Short, worded, and no price, free/custom line or call to get in touch, label ("Preis:") or question."""
    if not text or len(text) > MAX_FIRST_TEXT or PRICE_TEXT.search(text) or BARE_PRICE.match(text):
        return False
    if COMPARISON.search(text) or PRICE_LEAD.match(text):
        return False  # "Vanaf" over "$350": a starting price's lead word, not a plan
    if FREE_LINE.match(text) or _custom_line(text) or text.endswith((":", "：", "?", "？")):
        return False  # a "Contact Sales" button under a card's price is a way to ask for one, not a plan
    return bool(re.search(r"[^\W\d_]", text))


def _alike(node: LexborNode, other: LexborNode) -> bool:
    return node.tag == other.tag and node.attributes.get("class") == other.attributes.get("class")


# -- the card's prices --------------------------------------------------------------------------------


PAY_PER = re.compile(r"^pay\s+(?:per|by\s+the)\s+(?P<unit>[a-z]{3,12}?)s?\.?$", re.I)
MAX_HEADING_LEVELS = 3


def _pay_per_heading(card: LexborNode) -> str | None:
    """The unit a heading over a grid of rate cards names ("Pay per request." over "Basic fetch" "$0.002"):
    each rate with neither unit nor period is that much per request, a usage price."""
    ancestor = card.parent
    for _ in range(MAX_HEADING_LEVELS):
        if ancestor is None:
            return None
        for heading in ancestor.css("h2, h3"):
            if card.mem_id in ancestor_ids(heading):
                continue
            if (said := PAY_PER.match(_clean(heading.text(separator=" ")))) is not None:
                return said.group("unit").casefold()
        ancestor = ancestor.parent
    return None


PRICES_PER = re.compile(
    r"\b(?:(?:the|all|our|these)\s+)?(?:prices?|rates?|priserna|prisene|priser|preise|prix|tarifs|precios|"
    r"prezzi|preços|prijzen|hinnat)\b(?:\s+\w+){0,3}?\s+(?:are|is|är|er|sind|verstehen\s+sich|sont|son|sono|"
    r"são|zijn|ovat)\s+(?P<per>(?:per|pro|par|por|je|ab)\s+\w+)"
    r"|\ball\s+(?:prices|rates)\s+(?P<bare>per\s+\w+)",
    re.I,
)
"""A note saying what every price after it is counted per ("Priserna nedan är per timme, exklusive moms", "All
rates are per hour", authnull-en's "All prices per server per month"): the rates of the cards under it are usage
prices in that unit."""
MAX_NOTE = 300
MAX_NOTE_LEVELS = 6


def _prices_per_note(card: LexborNode) -> str | None:
    """The unit a short note before the card's block names for all the prices below it (svendsen-sv's
    `div.pricing-rates-note` "Priserna nedan är per timme" over region cards of "750 SEK"), where it names a usage
    unit (an hour, a request), not a period; None without one."""
    return _note_over(card, usage_unit)


def _prices_per_noun(card: LexborNode) -> str | None:
    """The noun such a note names for all the prices below it, no usage unit (appknox-en's `p.pricing-desc` "All
    prices are per App" over plan cards priced "/month"): the plans' prices are each per that noun."""
    return _note_over(card, lambda per: None if usage_unit(per) else tail_unit(f" {per}"))


def _note_over(card: LexborNode, unit_of: Callable[[str], str | None]) -> str | None:
    branch, ancestor = card, card.parent
    for _ in range(MAX_NOTE_LEVELS):
        if ancestor is None:
            return None
        for child in ancestor.iter():
            if child.mem_id == branch.mem_id:
                break
            text = _clean(child.text(separator=" ")) if child.tag != "-text" else ""
            said = PRICES_PER.search(text) if text and len(text) <= MAX_NOTE else None
            if said is not None and (unit := unit_of(said.group("per") or said.group("bare"))) is not None:
                return unit
        branch, ancestor = ancestor, ancestor.parent
    return None


def _card_plans(
    card: LexborNode, name: str, prices: list[CardPrice], yen: str, *, shown_sides: frozenset[str] = frozenset()
) -> list[PricePlan]:
    lines = _signal_lines(card)
    blocks = text_blocks(card)
    data = [p for p in _data_prices(card, prices, yen, shown_sides) if p not in prices]
    prices = _shown_side_monthly(prices, data) + data
    footnote_unit = _footnote_unit([line for line in lines if line != name])
    if footnote_unit:
        # "Billed as ₹2,999/month" under "₹600" "Per User / Month": for them all
        totals = _billed_totals([*lines, *blocks], yen)
        prices = [
            p if p.unit or p.amount in totals else CardPrice(p.amount, p.currency, p.period, footnote_unit)
            for p in prices
        ]
    if (heading_unit := _pay_per_heading(card) or _prices_per_note(card)) is not None:
        prices = [p if p.unit or p.period else CardPrice(p.amount, p.currency, "usage", heading_unit) for p in prices]
    elif (noun := _prices_per_noun(card)) is not None:  # "All prices are per App": each plan's price, per app
        prices = [p if p.unit or not p.amount else replace(p, unit=noun) for p in prices]
    text = _card_text(card)  # a price worked out per piece goes before a per-word unit is dropped as a pack's
    prices = _without_divided(_one_unit_for_dimensions(prices), text)
    prices = [_undivided(p, "\n".join(blocks), prices) for p in prices]
    if VIDEO_RESOLUTION.search(text):  # "$0.0336" over "480p", "$0.0756" over "720p", "USD / sec": video made
        prices = [
            replace(p, dimension="video") if p.unit in FOOTAGE_UNITS and p.dimension == "price" else p for p in prices
        ]
    chosen = _one_free_price(_chosen(prices) + _flat_beside_rates(prices, lines, yen))
    free_lines = [line for line in lines if _free_text(line) and not _mid_block(line, blocks)]
    whole = name in lines and not _free_tag(card)  # "Developer Free" on a line of its own over "Free": the price
    named_free = 1 if any(line == name or (not whole and line in name.split()) for line in free_lines) else 0
    free_line = len(free_lines) > named_free  # "Free" heading a comparison grid's columns names, costs nothing
    free_line = free_line or _price_box_free(card)  # "Free Tier" over `div.price` "Free": the box says it
    if free_line:
        chosen = [p for p in chosen if p not in _upper_bounds(card, yen)]
    free_in = next((code for line in free_lines if (code := free_currency(line, yen))), None)  # "R$ GRÁTIS"
    if chosen:
        if free_line and all(p.amount != 0 for p in chosen):  # free to start, paid to unlock
            chosen = [CardPrice(Decimal(0), free_in, None, None), *chosen]
        plans = [_plan(name, p.amount, p.currency, p.period, p.unit, p.dimension) for p in chosen]
        if _custom_amount(card):  # "Custom" where the amount stands, "Starting at $72,000/year" below: both
            plans.insert(0, _plan(name, None, None, None, None))
        return plans
    if free_line or FREE_LINE.match(name):
        return [_plan(name, Decimal(0), free_in, None, None)]
    if _price_box_contact(card) or any(
        _worded_price(lines, at, _custom_line) and not _call_as_name(lines[at], name) for at in range(len(lines))
    ):
        return [_plan(name, None, None, None, None)]
    return []


def _one_unit_for_dimensions(prices: list[CardPrice]) -> list[CardPrice]:
    """A model card's token prices keyed by dimension ("Input: $30.00", "Output: $180.00", then "USD / 1M tokens"
    under the last): the unit said once, after the last, is each one's, so the input price is per 1M tokens too,
    not a flat price dropped beside its priced twin. Only when the dimensions' prices say one unit among them."""
    keyed = [p for p in prices if p.dimension != "price" and p.amount]
    units = {p.unit for p in keyed if p.unit}
    if len(keyed) < 2 or len(units) != 1:  # no unit said for the sides: flat prices, whatever their labels
        return [replace(p, dimension="price") if p.dimension in TOKEN_SIDES and p.unit is None else p for p in prices]
    unit = next(iter(units))
    period = next((p.period for p in keyed if p.unit), None)
    return [replace(p, unit=unit, period=p.period or period) if p in keyed and p.unit is None else p for p in prices]


def _shown_side_monthly(shown: list[CardPrice], data: list[CardPrice]) -> list[CardPrice]:
    """The shown prices of a card saying no period, when a toggle's attributes keep only the yearly side
    (wiw-fr's `<span data-price="19€" data-yearly="16€">19€</span>` under "Facturation mensuelle"): the shown
    side is the month, so it stands beside the yearly one, not dropped as the one price that says no period."""
    if not data or {p.period for p in data} != {"year"} or any(p.period for p in shown):
        return shown
    return [replace(p, period="month") if p.amount and p.unit is None and not p.overage else p for p in shown]


UP_TO = ("~", "～")


def _upper_bounds(card: LexborNode, yen: str) -> list[CardPrice]:
    """Prices led by a tilde with no amount before it ("무료 ~25,000원/월"): the top of a range that starts
    at free, what the add-ons may cost, not the plan's price. "14,900원~/월" (from 14,900) leads with its
    amount and stays a price."""
    text, matches = _card_matches(card)
    bounds: list[CardPrice] = []
    for match in matches:
        if text[: match.start()].rstrip().endswith(UP_TO) and (price := text_price(match, yen)) is not None:
            bounds.append(price)
    return bounds


def _call_as_name(line: str, name: str) -> bool:
    """Whether the card's only call to get in touch is its own name ("Contact Us" heading a support box beside
    "Delivery Policy" in a row of alike cards): a contact box, not a custom plan. A name saying custom
    ("Custom", "Individuell") is the custom plan's."""
    return line == name and not CUSTOM_LINE.match(name)


def _custom_line(line: str) -> bool:
    """A button or label asking to get in touch ("Contact sales", "Kontaktiere uns"), not a sentence in a
    FAQ answer that happens to say "contact us"."""
    if CUSTOM_LINE.match(line) or _custom_tail(line):
        return True
    return (
        len(line) <= MAX_FIRST_TEXT
        and not line[:1].islower()
        and not line.endswith(".")
        and bool(CUSTOM_TEXT.search(line))
    )


def _undivided(price: CardPrice, text: str, prices: list[CardPrice]) -> CardPrice:
    """A price per a word of the page's own ("$150/publicación") on a card that counts that word ("5
    publicaciones") is a pack's price divided, not a unit the plan is sold by: it loses the unit. A count of one
    divides nothing ("1 elder profile" under "$30 /month /elder"), unless the card's `prices` say the amount
    with no unit too (jobslist-es's "$199" over "1 publicación · $199/publicación": a pack of one). The count and
    the word are read in one block of the card's `text`, its blocks one a line: authnull-en's "10" ending the
    "Website Number" row counts no servers of the "Server Storage" row after it. An overage
    price ("danach $0.010 / Credit" under "50.000 Credits") is per the word it counts, and keeps it."""
    unit = price.unit
    if (
        price.overage
        or unit is None
        or SEAT_WORDS.match(unit)
        or unit in ("user", "seat")
        or usage_unit(unit) is not None
        or (unit.casefold() in DATA_UNITS and price.period in ("month", "year"))
    ):
        return price  # "R$ 1,00 /GB/mês" on a card named "50 GB": storage metered each month, no pack divided
    for count in re.finditer(rf"\b\d+[^\S\n]+{re.escape(unit[:5])}\w*(?!\w)(?!\s+{FREE_ALLOWANCE})", text, re.I):
        if count.group(0).split()[0].lstrip("0") == "1" and not any(
            other.unit is None and other.amount == price.amount for other in prices
        ):
            continue  # elderella-en's "1 elder profile" under "$30 /month /elder": one is no pack
        if not CAP_BEFORE.search(text[max(0, count.start() - 20) : count.start()]):
            return CardPrice(price.amount, price.currency, price.period, None, price.dimension)
    return price


DATA_UNITS = frozenset({"kb", "mb", "gb", "tb", "gib", "tib", "go", "to"})
"""Units of stored data: a price per one of them each month is a metered rate, whatever the card counts."""
CAP_BEFORE = re.compile(
    r"(?:(?:\bup\s+to|\bbis\s+zu|\bjusqu['’]\s*à|\bhasta|\baté|\bfino\s+a)\s+|\b\d+\s*[-–]\s*)$", re.I
)
"""The words before a count that make it a cap or a range's end ("Up to 5 sites", "teams running 1-5 sites" on a
card at "$490/site/month"): the size of customer the plan is for, not a pack whose price is divided."""


FREE_ALLOWANCE = rf"{FREE_WORD}(?!\w)"
"""A count said free ("30 Minuten kostenlos testen", "100 minutes free"): a trial's allowance, no pack the
price per that word divides."""


def _without_divided(prices: list[CardPrice], text: str) -> list[CardPrice]:
    """A price per something ("$0,035 / Bild") that is another price of the card ("$3.49") divided by a
    count the card shows ("100 Credits") is the pack's price worked out per piece, not a price: it goes; so is one
    per a number of pieces (agenticfabriq-en's "$2.50 per 10,000 calls" under "$50 / mo" for "200,000 calls / mo").
    Seats are left alone: "$5 / user" beside "$49, 10 users" is what one more user costs."""
    counts = {int(re.sub(r"\D", "", n)) for n in _COUNT.findall(text)} - {0, 1}
    whole = [p for p in prices if p.unit is None and p.amount > 0]
    if not counts or not whole:
        return prices

    def divided(price: CardPrice) -> bool:
        unit = price.unit
        if price.overage or unit is None or SEAT_WORDS.match(unit) or unit in ("user", "seat"):
            return False
        exponent = price.amount.as_tuple().exponent
        rounding = Decimal(10) ** exponent / 2 if isinstance(exponent, int) else Decimal(0)
        per = _unit_count(unit)  # "$2.50 per 10,000 calls" under "$50 / mo" for "200,000 calls / mo": 50 × 10,000
        return any(
            abs(other.amount * scale / count - price.amount) <= min(rounding, price.amount / 50)
            for other in whole
            if other.currency == price.currency
            for count in counts
            for scale in {Decimal(1), per}
            if count > scale
        )

    return [p for p in prices if not divided(p)]


_UNIT_COUNT = re.compile(r"^(?P<count>\d+(?:\.\d+)?)\s?(?P<scale>[KkMm]?)\s")
_SCALES = {"": 1, "k": 1_000, "m": 1_000_000}


def _unit_count(unit: str) -> Decimal:
    """How many pieces a unit counts ("10K requests": 10,000; "1M tokens": a million; "request": one)."""
    match = _UNIT_COUNT.match(unit)
    if match is None:
        return Decimal(1)
    return Decimal(match["count"]) * _SCALES[match["scale"].lower()]


_COUNT = re.compile(r"(?<![\d.,])\d{1,3}(?:[,.]\d{3})+(?![\d])|(?<![\d.,])\d+(?![\d.,]\d)")


def _chosen(prices: list[CardPrice]) -> list[CardPrice]:
    """Each price that says per what or per when, once; else the first price in each currency (a card
    showing the Korean store's "₩0" and the US store's "$0" has both). "$25 $19/mo" is one price (the struck
    $25 is gone), "$5 credit included" is none when a periodic price stands beside it; a zero shown first over
    fees per use only is the plan's price beside them."""
    overage = [p for p in prices if p.overage]
    prices = [p for p in prices if not p.overage]
    periodic = [p for p in prices if p.period or p.unit or p.per_when]
    if not periodic:
        first: dict[str | None, CardPrice] = {}
        for price in prices:
            first.setdefault(price.currency, price)
        return list(first.values()) + list(dict.fromkeys(overage))
    free = [prices[0]] if not prices[0].amount and prices[0] not in periodic and _per_use_only(periodic) else []
    return list(dict.fromkeys(free + periodic + _other_currency(prices, periodic) + overage))


def _per_use_only(periodic: list[CardPrice]) -> bool:
    """Whether a card's prices saying per what are all fees per use (charlady-en's "Job Posting Fee: KES 250 /
    post"): a zero shown first over them ("KES 0") is the plan's own price, nothing a month, beside its fee."""
    return all(p.unit and p.period in (None, "usage") for p in periodic)


def _flat_beside_rates(prices: list[CardPrice], lines: list[str], yen: str) -> list[CardPrice]:
    """A price standing alone on its line, saying neither per when nor per what, on a card whose other prices are
    all rates of use: translatepanda-en's `<li class="subscribe">$16.99</li>` over "$1.20/minute". `_chosen`
    keeps only the prices saying per what when any does (so "$5 credit included" beside "$19/mo" is none), but a
    rate of use does not stand for the plan's own price; the one flat figure on a line of its own, above every
    rate, is it."""
    rates = [p for p in prices if not p.overage and (p.period or p.unit or p.per_when)]
    if not rates or any(p.period != "usage" for p in rates):
        return []
    alone = set()
    for line in lines:
        matches = price_matches(line)
        if len(matches) == 1 and matches[0].start() == 0 and match_end(matches[0]) >= len(line.rstrip()):
            price = text_price(matches[0], yen)
            if price is not None and not (price.period or price.unit or price.per_when):
                alone.add((price.amount, price.currency))
    flat = [p for p in dict.fromkeys(prices) if p not in rates and not p.overage and (p.amount, p.currency) in alone]
    if len(flat) != 1 or any(flat[0].amount <= rate.amount for rate in rates):
        return []  # atptoken-en's per-resolution rates of a video model, each on its line: no flat fee among them
    return flat


def _other_currency(prices: list[CardPrice], periodic: list[CardPrice]) -> list[CardPrice]:
    """The card's one price in each other currency, over or beside its one periodic price ("Rs 999" over "$12/mo",
    nexresto-en): the plan's price in the local currency, the period said once for both."""
    if len(periodic) != 1 or periodic[0].currency is None or not periodic[0].amount:
        return []  # a free plan's "$0 /mo" has no twin: "+ 1birr when receiving" under it is a fee
    shown = periodic[0]
    bare: dict[str, list[CardPrice]] = {}
    for price in prices:
        if price.currency is not None and not _same_money(price.currency, shown.currency) and price.amount:
            bare.setdefault(price.currency, []).append(price)
    return [
        replace(found[0], period=shown.period, unit=shown.unit)
        for found in bare.values()
        if len(found) == 1 and not (found[0].period or found[0].unit or found[0].per_when)
    ]


YUANS = frozenset({"CNY", "TWD", "HKD"})
"""The currencies "元" may turn out to be once the page is read whole (`PageContext.yuan`)."""


def _same_money(one: str, other: str | None) -> bool:
    """Whether two currencies as the card reader sees them are one: "元" is the page's yuan, so beside "¥198.00/年"
    on a Chinese page (the renminbi) ftchinese-zh's "每日仅需0.5元" (only 0.5 yuan a day) is no price in a second
    currency; it restates the first per day."""
    return one == other or (YUAN in (one, other) and {one, other} - {YUAN} <= YUANS)


LINK_ON = re.compile(r"\s(?:→|->|›|»)\s*$")
"""A line ending in an arrow after a space ("Growth — $79/mo →"): a link on to something else, priced by it."""


def _card_prices(card: LexborNode, yen: str, page_currency: str | None) -> list[CardPrice]:
    """The card's prices. When it has price elements (`class="price"`) holding a number, those in them, and
    others only on a price line of their own that says per when or per what ("(17.88€ /year)") or that is in
    another currency (the US store's "미국 $0" under "₩0"), so a credit ("includes $20 of usage") or an add-on
    in a sentence beside them is not taken for the plan's price;
    a bare number in a price element when none has a currency sign; else every price of the card."""
    elements = [
        node
        for node in _price_elements(card)
        if re.search(r"\d", text := node.text(separator=" ")) and not FREE_ALLOWANCE_BOX.match(_clean(text))
    ]
    if not elements:  # none, or only captions classed as prices ("per agente al mese" under "€14")
        prices = _keyed_periods(card, list(_text_prices(card, yen)), yen)
        if (unit := _unit_line_after_price(_lines(card))) is not None:
            prices = [replace(p, unit=unit) if p.unit is None and p.amount else p for p in prices]
        return prices
    text = _card_text(card)
    spans = _spans(text, elements)
    short: list[tuple[int, int]] = []
    other_ways: list[tuple[int, int]] = []
    listed: list[tuple[int, int]] = []
    keyed: list[tuple[tuple[int, int], Period]] = []
    line_spans = _line_spans(card)
    for span, line in zip(line_spans, _lines(card), strict=True):
        if LINK_ON.search(line):
            continue  # adschecks-en's Starter card: "GEO routing from" a link "Growth — $79/mo →", another plan's
        if _overage_list(line):
            listed.append(span)
        elif len(without_conversions(line)) <= MAX_PRICE_LINE or _overage_line(line) or _added_seat_line(line):
            short.append(span)
        elif lead := _leading_price(line):
            short.append((span[0], span[0] + len(lead)))
        elif fee := FEE_KEYED.match(line):  # "Per-hire fee: + $1,000 per hire": the fee's price line after its key
            short.append((span[0] + fee.start("price"), span[1]))
        elif part := _marked_price_part(line):
            short.append((span[0] + part[0], span[0] + part[1]))
        elif part := _other_way_part(line):
            other_ways.append((span[0] + part[0], span[0] + part[1]))
        elif _billed_total_line(line) or _other_terms_line(line):
            short.append(span)
        elif (period := _billed_keyed(line)) is not None:
            keyed.append((span, period))
    inside = list(_text_prices(card, yen, spans))
    if not inside and page_currency:
        return list(_bare_prices(card, page_currency))
    if (below := _unit_line_below(text, spans, line_spans)) is not None:
        inside = [replace(p, unit=below) if p.unit is None and p.amount else p for p in inside]
    shown = {p.currency for p in inside}
    beside = [
        p
        for p in _text_prices(card, yen, short, outside=spans)
        if p.period or p.unit or p.per_when or p.currency not in shown
    ]
    units = {p.unit for p in inside if p.unit}
    for span, period in keyed:  # "فوترة سنوية: 7,200 ريال": the total billed each year
        beside += [replace(p, period=p.period or period) for p in _text_prices(card, yen, [span], outside=spans)]
    for price in _text_prices(card, yen, other_ways, outside=spans):  # the same price billed another way
        if price.unit is None and len(units) == 1:
            price = CardPrice(price.amount, price.currency, price.period, next(iter(units)), price.dimension)
        beside.append(price)
    if listed:
        local = next(iter(shown)) if len(shown) == 1 and shown <= DOLLAR_CODES else None
        for price in _text_prices(card, yen, listed, outside=spans):
            unit = price.unit
            if unit is None:
                continue  # "+$10/1000 IA": per nothing the vocabulary knows
            if local and price.currency == "USD":
                price = replace(price, currency=local)  # "+$25/usuario" under "$ 999 MXN/mes": the card's pesos
            if unit not in ("user", "seat"):  # "+$2/GB": per unit used, the word as written (`gb`)
                price = replace(price, period="usage", unit=unit.casefold(), overage=True)
            beside.append(price)
    return inside + [p for p in dict.fromkeys(beside) if p not in inside]


FREE_ALLOWANCE_BOX = re.compile(r"^free\s+(?:up\s+to|for\s+the\s+first)\s+[\d.,]+\s*[^\W\d_]{1,12}$", re.I)
"""A price element stating a free allowance ("Free up to 1GB") holds no amount of its own: the card's price is in
its text beside it ("$0.30/GB/Month for storage above 1GB")."""


OVERAGE_LIST = re.compile(
    r"^(?:excedentes?|overages?|extra\s+usage|mehrverbrauch|dépassements?|eccedenze)\s*[:：]\s*"
    r"(?P<items>\+\s*[$€£]\s*\d[^,;]*(?:[,;]\s*\+\s*[$€£]\s*\d[^,;]*)+)$",
    re.I,
)
"""A line listing what each unit beyond the allowance costs, after an overage word and a colon, each price led
by "+" ("Excedentes: +$25/usuario, +$2/GB, +$5/caso"): each a price per its unit beside the card's price."""
DOLLAR_CODES = frozenset({"MXN", "COP", "CLP", "ARS", "CAD", "AUD", "NZD", "SGD", "HKD", "TWD", "UYU", "DOP"})
"""Currencies written with a bare "$": a card showing one of them by its code ("$ 999 MXN/mes") means it by
the bare "$" of its overage line too."""


def _overage_list(line: str) -> bool:
    return len(line) <= MAX_OVERAGE_LINE and OVERAGE_LIST.match(line) is not None and "US$" not in line


BILLED_TOTAL = re.compile(r"^[^\d()（）]{0,32}[(（](?P<price>[^()（）]+)[)）]\s*$")
BILLED_AT = re.compile(r"^[^\d()（）]{0,40}?\s(?:at|à|a|zu|por|de)\s+(?P<price>\S.{0,30})$", re.I)
"""A billing line naming its total after "at" ("Billed annually at $468", "Facturés mensuellement à 90 euros TTC")."""
BILLED_AT_WORD = re.compile(r"(?P<period>[^\W\d_]+)\s+(?:at|à|zu)\s*$", re.I)
BILLED_KEYED = re.compile(r"^(?P<words>[^\d:：—–]{3,40}?)\s*[:：—–]\s*(?P<price>\S.{0,30})$")
"""A billing line keyed by its period, its total after a colon or a dash ("فوترة سنوية: 7,200 ريال", ara-ar:
billed yearly; "Річна підписка — 10 200 UAH", insightradar-uk: yearly subscription)."""
TAX_NOTE = re.compile(r"\s*(?:TTC|HT|incl\.?\s+(?:VAT|tax)|inkl\.?\s+MwSt\.?|IVA\s+incluido|\(.{0,20}\))?\s*", re.I)


def _billed_keyed(line: str) -> Period | None:
    """The period of a billing line keyed by it, its one price after a colon or a dash, maybe a note in brackets
    after that ("فوترة سنوية: 7,200 ريال", "Річна підписка — 10 200 UAH (економія 30%)"); None for any other line.
    The price is in that period, which comes before it, where a price's own tail would say it."""
    keyed = BILLED_KEYED.match(line)
    period = tail_period(keyed.group("words")) if keyed is not None else None
    if keyed is None or period is None:
        return None
    inner = keyed.group("price").strip()
    matches = price_matches(inner)
    if len(matches) != 1 or matches[0].start() != 0 or TAX_NOTE.fullmatch(inner[match_end(matches[0]) :]) is None:
        return None
    return period


def _keyed_periods(card: LexborNode, prices: list[CardPrice], yen: str) -> list[CardPrice]:
    """The card's prices, each said on a billing line keyed by its period (`_billed_keyed`) in that period: the
    period comes before the amount, where the price's own tail says none."""
    periods: dict[Decimal, Period] = {}
    for line in _lines(card):
        if (period := _billed_keyed(line)) is not None:
            for match in price_matches(line):
                if (price := text_price(match, yen)) is not None:
                    periods.setdefault(price.amount, period)
    return [replace(p, period=periods[p.amount]) if p.period is None and p.amount in periods else p for p in prices]


OTHER_TERMS = re.compile(r"\b(?:or|ou|oder|o)\s+$", re.I)
MAX_TERMS_LINE = 80


def _other_terms_line(line: str) -> bool:
    """A line offering the plan on other billing terms, each price with its own period and led by "or" ("Billed
    $3/quarter or $10/year", "Monthly, or $7/quarter, or $25/year", parachute-en): the plan's prices at those
    terms, read as price lines are."""
    matches = price_matches(line)
    if not matches or len(line) > MAX_TERMS_LINE:
        return False
    if not all(tail_period(tail) is not None or OTHER_PERIOD.match(tail) for _, _, tail in price_parts(line, matches)):
        return False
    return any(OTHER_TERMS.search(line[: m.start()]) for m in matches)


def _billed_total_line(line: str) -> bool:
    """A line saying how the card's price is billed, the total in brackets after it ("Facturé annuellement
    ($1 428)", "Billed annually ($468)") or after "at": a price line of its own when the words before the brackets
    end on a billing period, the bracket holds that one price and nothing else ("Facturé annuellement (économisez
    $96)" is a saving, not a total)."""
    found = BILLED_TOTAL.match(line) or BILLED_AT.match(line)
    if found is None:
        return False
    words = line[: found.start("price")].strip(" (（").split()
    if found.re is BILLED_AT:
        words = words[:-1]  # "Facturés mensuellement à": the period word is before the "à"
    if not words or tail_period(words[-1]) is None:
        return False
    inner = found.group("price").strip()
    matches = price_matches(inner)
    if found.re is BILLED_AT:  # "… à 90 euros TTC": the price, maybe said with its tax
        return (
            len(matches) == 1
            and matches[0].start() == 0
            and TAX_NOTE.fullmatch(inner[match_end(matches[0]) :]) is not None
        )
    return len(matches) == 1 and matches[0].start() == 0 and matches[0].group(0).strip() == inner


def _added_seat_line(line: str) -> bool:
    """A line of its own pricing one more seat ("$15/mo per additional member" in a team card's feature list):
    the card's price per user, however longer than a bare price line it runs."""
    if not PRICE_TEXT.search(line):
        return False
    return (len(line) <= 2 * MAX_PRICE_LINE and bool(ADDED_SEAT.search(line))) or bool(ADDED_USER_LABEL.match(line))


ADDED_USER_LABEL = re.compile(
    r"^\s*(?:(?:usu[aá]rios?|users?|seats?|members?|utilisateurs?|utent[ei]|nutzer|benutzer|licen[cç]as?)\s+"
    r"(?:adicional|adicionais|additional|extra|suppl[ée]mentaires?|aggiuntiv[oi])|"
    r"(?:each\s+)?(?:additional|extra)\s+(?:users?|seats?|members?)|weitere[rn]?\s+(?:nutzer|benutzer|mitglied\w*)|"
    r"(?:utilisateur|usuario|usuário|utente)\s+en\s+plus)\s*[:：]",
    re.I,
)
"""A feature line labelled as what one more user costs ("Usuário adicional: R$ 81/mês no anual", "Additional user:
$10/mo", "Weitere Nutzer: 5 €"): the card's price per user, its label before the price instead of after it."""


LEAD_MARK = re.compile(r"\s+[·•|]\s+")


FEE_KEYED = re.compile(rf"^[^:：]{{2,30}}\bfees?\s*[:：]\s*(?P<price>\+?\s*\S.{{0,{MAX_PRICE_LINE}}})$", re.I)
"""A feature line keying a fee ("Per-hire fee: + $1,000 per hire"): what follows the key is a price line of its own,
read as one beside the card's price when it says per what or per when; a bare "Setup fee: $750" stays unread."""


def _leading_price(line: str) -> str:
    """A line that opens with a price saying per when, set off by a mark from a note on it ("£10/ano · poupe
    £2 contra 12 × £1"): that opening is a price line of its own (the yearly price), the note after it is not
    (what the yearly price saves). "" for any other line."""
    parts = LEAD_MARK.split(line, maxsplit=1)
    if len(parts) < 2 or len(parts[0]) > MAX_PRICE_LINE:
        return ""
    matches = price_matches(parts[0])
    if len(matches) != 1 or not tail_period(matches[0].group("tail")):
        return ""
    return parts[0]


OTHER_WAY = re.compile(r"(?:^|\s)(?:or|o|ou|oder|oppure|of|veya|или|lub|albo|또는|または|或)\s+", re.IGNORECASE)


def _other_way_part(line: str) -> tuple[int, int] | None:
    """A note offering the card's price billed another way, the price after an "or" word and its period
    ("* Facturado anualmente o $11.99 facturado mensualmente", "Billed yearly, or $12 billed monthly"):
    that price with its tail, as (start, end) in the line, is a price of the card. None when a price stands
    before the "or" (such lines are read as they always were) or the part after it is not one price that
    opens it and says per when."""
    for found in OTHER_WAY.finditer(line):
        part = BRACKETS.sub(lambda note: " " * len(note.group()), line[found.end() :])  # "(save $60)" blanked
        matches = price_matches(part)
        if price_matches(line[: found.start()]) or len(matches) != 1 or matches[0].start() != 0:
            continue
        if tail_period(matches[0].group("tail")):
            return found.end(), len(line)
    return None


def _marked_price_part(line: str) -> tuple[int, int] | None:
    """A line of short parts set off by marks, one of them a price alone ("10 videos · $10 · Extra credits"):
    that part, as (start, end) in the line, is a price line of its own, the count and the note around it
    are not. None when no part or more than one shows a price ("월간 ₩4,400 / 월 · 연간 ₩29,000 / 년" is
    read as it always was), or the priced part says more than its price."""
    bounds: list[tuple[int, int]] = []
    at = 0
    for mark in LEAD_MARK.finditer(line):
        bounds.append((at, mark.start()))
        at = mark.end()
    bounds.append((at, len(line)))
    if len(bounds) < 2:
        return None
    priced = [(start, end) for start, end in bounds if price_matches(line[start:end])]
    if len(priced) != 1:
        return None
    start, end = priced[0]
    part = line[start:end]
    matches = price_matches(part)
    if len(part) > MAX_PRICE_LINE or len(matches) != 1 or part.replace(matches[0].group(0), "", 1).strip():
        return None
    return start, end


def _card_text(card: LexborNode) -> str:
    """The card's text, its text nodes joined by one space, or by a line break after a node that ends with an
    amount and the sign written after it ("190 ₽" over "20", a pack's coins: the sign is the amount's before it,
    never the next number's): the string every offset here is into."""
    lines = _lines(card)
    if not lines:
        return ""
    parts = [lines[0]]
    for before, line in itertools.pairwise(lines):
        parts.append("\n" if line[:1].isdigit() and AMOUNT_THEN_SIGN.search(before) else " ")
        parts.append(line)
    return "".join(parts)


_DIGIT_JOIN = re.compile(r"(?<=\d) (?=\d)")


def _card_matches(card: LexborNode) -> tuple[str, list[re.Match[str]]]:
    """The card's text and its prices. An amount ends where its element's text does: "€40" over
    "<small>100크레딧</small>" is forty euros and a hundred credits, not 40 100 grouped by a space (the space
    the lines are joined with is no thousands separator; one inside a line, "1 299 kr", still is)."""
    text = _card_text(card)
    lines = _lines(card)
    broken = list(text)
    at = 0
    for line in lines[:-1]:
        at += len(line)
        if _DIGIT_JOIN.match(text, at):
            broken[at] = "\n"
        at += 1
    return text, price_matches("".join(broken))


def _line_spans(card: LexborNode) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    at = 0
    for line in _lines(card):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    return spans


def _price_elements(card: LexborNode) -> list[LexborNode]:
    """The outermost elements inside the card whose class says they hold a price."""
    found: list[LexborNode] = []
    ids: set[int] = set()
    for node in card.traverse():
        if node.mem_id == card.mem_id or not PRICE_CLASS.search(node.attributes.get("class") or ""):
            continue
        if not (ancestor_ids(node) & ids):
            found.append(node)
            ids.add(node.mem_id)
    return found


MAX_UNIT_LINE = 40


def _unit_line_after_price(lines: list[str]) -> str | None:
    """The unit a line of its own right under the card's first price (past a saving: "SAVE ₹6,700/yr" over it) says,
    past a line saying only the period (zoomlocal-en's "₹120" "/day" then `<p>per location</p>`, on a card without
    price elements): per whom or what every price of the card is that says none, its billed total too ("₹3,600/mo").
    A line under a later price ("€1.00" "per image credit" under a pack's "€20") is that price's own."""
    priced = (
        at
        for at, line in enumerate(lines)
        if (found := price_matches(line)) and not _after_saving(line, found[0].start())
    )
    first = next(priced, None)
    if first is None:
        return None
    after = lines[first + 1 : first + 3]
    if after and PER_LEAD.match(after[0]) and not tail_unit(f" {after[0]}"):
        after = after[1:]  # "/day", "per month": the period said on its own line, per no one
    if not after or len(line := after[0]) > MAX_UNIT_LINE or re.search(r"\d", line) or not PER_LEAD.match(line):
        return None
    return tail_unit(f" {line}")


def _unit_line_below(text: str, spans: list[tuple[int, int]], lines: list[tuple[int, int]]) -> str | None:
    """The unit a short line right under the price elements names, a line of words alone ("per user", "USD por
    propiedad" under "$99/mes", or the first part of one set apart by "·", "per brand · 5% ad spend"): per whom or
    what the price in them is. A line with a figure ("+ 5-8% comision por reserva") is a note of its own."""
    if not spans:
        return None
    end = spans[-1][1]
    line = next((text[a:b].strip() for a, b in lines if a >= end and text[a:b].strip()), "")
    line = re.split(r"\s+[·•|]\s+", line, maxsplit=1)[0]  # "per brand · 5% ad spend": its first part says per what
    if not line or len(line) > MAX_UNIT_LINE or re.search(r"\d", line) or PRICE_TEXT.search(line):
        return None
    return tail_unit(f" {line}")


def _spans(text: str, elements: list[LexborNode]) -> list[tuple[int, int]]:
    """Where each element's text sits in the card's text, in document order."""
    spans: list[tuple[int, int]] = []
    cursor = 0
    for node in elements:
        own = _clean(node.text(separator=" "))
        at = text.find(own, cursor) if own else -1
        if at >= 0:
            spans.append((at, at + len(own)))
            cursor = at + len(own)
    return spans


OTHER_CURRENCY_JOIN = re.compile(r"\s*[/|]\s*")
"""What joins an amount to the same amount in another currency ("$189 / ₹15,800")."""


def _text_prices(
    card: LexborNode,
    yen: str,
    spans: list[tuple[int, int]] | None = None,
    outside: list[tuple[int, int]] | None = None,
) -> Iterator[CardPrice]:
    """The card's "$19/mo" texts; only those starting inside `spans` and outside `outside` when given."""
    text, matches = _card_matches(card)
    lines = _line_spans(card)
    saving_end = -1
    for match in matches:
        start = match.start()
        if (_after_saving(text, start) and not _saving_word_names(text, start, lines)) or (
            saving_end >= 0 and OTHER_CURRENCY_JOIN.fullmatch(text[saving_end:start])
        ):
            saving_end = match_end(match)
            continue  # "省 ¥60", "Save $40": what the yearly price saves, not a price; "Save $189 / ₹15,800": in both
        saving_end = -1
        if BOUND_BEFORE.search(text[max(0, start - MAX_SAVING_WORD) : start]):
            continue  # "<$0.01 per image" under a pack's "$9.9": a bound on what each works out to, no price
        if VALUE_BEFORE.search(text[max(0, start - MAX_SAVING_WORD) : start]):
            continue  # "价值3999元/张": what a perk is worth, not what the plan costs
        if TURNOVER_BEFORE.search(text[max(0, start - MAX_TURNOVER_LEAD) : start]):
            continue  # "inntil du omsetter for 5 000 kr/mnd": the turnover the plan is bound to
        if AUDIENCE_BEFORE.search(text[max(0, start - MAX_SAVING_WORD) : start]) and OPEN_ABOVE.match(
            match.group("tail") or ""
        ):
            continue  # eccellere-en's Enterprise card "For ₹50 Cr+ businesses": who it is for, over "Custom"
        if (
            AVERAGE.search(text[max(0, start - MAX_AVERAGE_WORDS) : start])
            and tail_period(match.group("tail")) != "year"
        ):
            continue  # "平均每月約 US$2.50": the yearly price worked out per month, said again (a year's, "soit
            # 90 CHF par an" under "7.50 CHF/mois" billed yearly, is what the year costs: the other side's price)
        if _restates(text[:start]) and usage_unit(match.group("tail")) is not None:
            continue  # "40 CHF" over "= 8 CHF / Stunde": the price before, restated per hour
        if SCHEDULED_BEFORE.search(text[max(0, start - MAX_SAVING_WORD) : start]) or (
            SCHEDULED_AFTER.match(match.group("tail")) and not _tentative_only(text, matches)
        ):
            continue  # "正式版で $14.99/月の予定": the price planned for later, not today's
        if spans is not None and not any(a <= start < b or a <= _amount_start(match) < b for a, b in spans):
            continue  # its sign may stand in an element of its own before the price element's amount
        if outside is not None and any(a <= start < b for a, b in outside):
            continue
        line_start = next((a for a, b in lines if a <= start < b), start)
        if LIMIT_LABEL.match(text[line_start:start]):
            continue  # "Monthly transfer limit: $2,500": how much the plan allows, not what it costs
        tail = match.group("tail") or ""
        if (
            EQUIVALENT_AFTER.match(tail)
            or SAVED_AFTER.match(tail)
            or GRANTED_AFTER.match(tail)
            or (
                BRACKETED_APPROXIMATE.search(text[max(0, start - 3) : start])
                and not tail_period(tail.partition(")")[0])
            )
            or (
                APPROXIMATE_LEAD.match(text[line_start:start])
                and not tail_period(tail)
                and _other_currencies(matches, yen)
            )
        ):
            continue  # foraai-en's "₹194/month equivalent" and "~$2.4 USD" under "₹199/month": figures about a price
        price = text_price(match, yen)
        if (
            price is not None
            and price.unit
            and APPROXIMATE_LEAD.match(text[line_start:start])
            and _flat_beside(matches, match, yen)
        ):
            continue  # googleindexing-en's "~$0.003 per request" under "$17/mo": what the plan works out to a request
        if price is not None and (
            overage := _overage(text[max(0, start - MAX_SAVING_WORD) : start], match)
            or _counted_overage(text[line_start:start], match)
        ):
            price = CardPrice(price.amount, price.currency, "usage", overage, overage=True)
        if price is not None and price.period is None and (opening := _line_opening(text, start, lines)):
            price = replace(price, period=OPENING_PERIODS.get(opening))
        if price is not None and price.dimension == "price" and price.unit is not None:
            price = replace(price, dimension=_line_label(text, start, lines) or "price")
        elif (
            price is not None
            and price.dimension == "price"
            and (side := _line_label(text, start, lines)) in TOKEN_SIDES
        ):
            price = replace(price, dimension=side)  # "Input: $30.00", its unit said once for the card's sides
        if (
            price is not None
            and price.dimension == "price"
            and not price.overage
            and (named := _row_label_dimension(text, start, lines))
        ):
            price = replace(price, dimension=named)
        if (
            price is not None
            and price.unit is None
            and not price.overage
            and (ADDED_MEMBER_BEFORE.search(text[line_start:start]) or ADDED_USER_LABEL.match(text[line_start:start]))
        ):
            price = replace(price, unit="user")  # "jedes weitere Mitglied 20€/Monat": what one more member costs
        elif price is not None and price.unit is None and not price.overage:
            before = text[line_start:start]
            if not before.strip(" (+"):  # "(+R$ 15/mês)" in a `<small>` of its own after "+1 Usuário"
                before = next((text[a:b] for a, b in reversed(lines) if b <= line_start), "") + " " + before
            if (one := _one_more(before)) is not None:
                price = replace(price, unit=one)  # "+1 Usuário (+R$ 15/mês)": what one more user costs
        if price is not None:
            yield price


def _amount_start(match: re.Match[str]) -> int:
    """Where the price's figure starts: `<span class="currency">₹</span><span class="price">49,000</span>` puts
    the sign outside the price element and the figure in it."""
    return match.start("amt") if match.group("amt") else match.start("amt2")


def _line_at(start: int, lines: list[tuple[int, int]]) -> int | None:
    """The number of the line (`lines`: its start and end offsets) holding the offset `start`."""
    return next((i for i, (a, b) in enumerate(lines) if a <= start < b), None)


LINE_LABEL = re.compile(r"^(?P<label>[^\W\d_][^\W\d_ -]*(?:[ -][^\W\d_]+){0,2})\s*:$")
"""A short label closing with a colon ("Input:", "Cached input:", "Output:"), on the amount's line or the line
right before it."""


LIMIT_LABEL = re.compile(
    r"^\s*[^:：]{0,40}?(?:\blimits?\b|\bmax(?:imum)?\b|\bcap\b|\bup\s+to\b|上限|限额|限額|制限|한도|\blimite\b|"
    r"\blímite\b|\bgrenze\b|höchst)[^:：]{0,20}[:：]\s*$",
    re.I,
)
"""A feature line's label naming a limit ("Monthly transfer limit:", "Max order value:", "送金上限："): the amount
after it is how much the plan allows, not a price."""


def _line_label(text: str, start: int, lines: list[tuple[int, int]]) -> str | None:
    """The dimension a usage price's label names ("Input:" over "$2.50 / 1M tokens", "Training:" over
    "$100.00 / training hour"): a model card's line per priced dimension, not a plan's price. Only a label the
    vocabulary knows as a dimension counts; None for any other."""
    at = _line_at(start, lines)
    if at is None:
        return None
    said = text[lines[at][0] : start].strip()
    if not said and at > 0:
        said = text[lines[at - 1][0] : lines[at - 1][1]].strip()
        if ROW_KEY.match(said) and dimension_of(said) in MODEL_SIDES:
            return dimension_of(said)  # a key/value row's key on a line of its own: "输入价格" | "$0.005 / 1K tokens"
        if ROW_KEY.match(said) and dimension_of(said) is None:
            return _grouped_key(text, said, at - 1, lines)
    match = LINE_LABEL.match(said)
    return (dimension_of(match.group("label")) or None) if match else None


MAX_GROUP_LINES = 8


def _grouped_key(text: str, key: str, at: int, lines: list[tuple[int, int]]) -> str | None:
    """A sub-key that names a side only under its group's key ("Prompt caching" over "Write" | "$6.25 / MTok" and
    "Read" | "$0.50 / MTok"): the nearest key above it that names a side and has no price of its own (the next
    key follows it with no figure between), with the sub-key, names the dimension (`cache_write`,
    `cached_input`); the sub-keys and prices between are passed over. A key priced itself ("Output" | "$25 /
    MTok") is a sibling, no group."""
    for back in range(at - 1, max(at - 1 - MAX_GROUP_LINES, -1), -1):
        above = text[lines[back][0] : lines[back][1]].strip()
        if not ROW_KEY.match(above) or dimension_of(above) not in MODEL_SIDES:
            continue
        own = next((i for i in range(back + 1, at + 1) if ROW_KEY.match(text[lines[i][0] : lines[i][1]].strip())), at)
        dimension = dimension_of(f"{above} {key}")
        priced = any(ch.isdigit() for ch in text[lines[back][1] : lines[own][0]])
        return dimension if dimension in MODEL_SIDES and not priced else None
    return None


ROW_KEY = re.compile(r"^(?=.{1,20}$)[^\W\d_][^\W\d_ -]*(?:[ -][^\W\d_]+){0,2}$")
"""A key/value row's key without its colon, a short line of one to three words ("Input", "Cached input", "输入价格")."""
ONE_MORE = re.compile(r"^\s*\+\s*1\s*(?P<noun>[^\W\d_]{2,20})(?:\s+[^\W\d_]{2,20})?\s*[(:\-–]?\s*\+?\s*$")
"""One more of something, said before its price on the line ("+1 Usuário (+R$ 15/mês)", "+1GB Storage (+R$ 10/mês)")."""


def _one_more(before: str) -> str | None:
    """The unit of a price said after "+1" and what it counts: a person (`user`, `seat`) or a measure the vocabulary
    knows (`gb`); None for anything else ("+1 Projeto"), whose price stays the card's."""
    match = ONE_MORE.match(before)
    if match is None:
        return None
    noun = match.group("noun")
    return tail_unit(f" per {noun}") if TAIL_UNIT.search(f" per {noun}") else usage_unit(f"/{noun}")


ADDED_MEMBER_BEFORE = re.compile(
    r"(?:\b(?:each|every|per|for\s+each)\s+(?:additional|extra|further)|\bjede[rs]?\s+weitere[rn]?|"
    r"\bpro\s+weitere[nm]?|\bchaque\s+\S+\s+suppl[ée]mentaire)\s+"
    r"(?:user|member|seat|person|nutzer|benutzer|mitglied|teammitglied|utilisateur|membre)s?\s*[:\-–]?\s*$",
    re.I,
)
"""What one more member costs, said before the amount on its line ("jedes weitere Mitglied 20€/Monat", "each
additional user $10/mo")."""


ROW_LABEL = re.compile(r"^(?P<what>[^\W\d_][^\d$€£¥￥:]{0,30}?)\s+(?:price|pricing|cost|fee|rate)\s*:?$", re.I)
"""A key/value row's label, on a line of its own over the value ("Storage price" over "$5 / TiB / month")."""


def _row_label_dimension(text: str, start: int, lines: list[tuple[int, int]]) -> str | None:
    """The dimension a card's key/value row prices when its label, the line right before the price's line, names
    one ("Storage price" | "$5 / TiB / month" is `storage`); a label naming none ("Gateway price") leaves it a
    price."""
    at = _line_at(start, lines)
    if not at:
        return None
    label = ROW_LABEL.match(text[lines[at - 1][0] : lines[at - 1][1]].strip())
    if label is None:
        return None
    return dimension_of(label.group("what")) or None


LATER_TIME = re.compile(r"正式|リリース|公開|launch|beta|release|GA\b", re.I)


def _tentative_only(text: str, matches: list[re.Match[str]]) -> bool:
    """Whether a card's one price, marked planned with no later time named ("4,980円/月 税別・予定" on an
    early-access page), is its tentative price: the plan's price, there being no price of today beside it.
    A card naming a later time ("正式版で", "at launch") or showing another price keeps the planned-price rule."""
    return len(matches) == 1 and not LATER_TIME.search(text)


SCHEDULED_AFTER = re.compile(r"^[^\d$€£¥￥。.!;；]{0,12}?(?:の予定|予定|\(planned\)|\bplanned\b|\bscheduled\b)", re.I)
SCHEDULED_BEFORE = re.compile(
    r"(?:正式版で|正式版では|正式リリース後|正式公開後|\bafter\s+(?:the\s+)?beta|\bat\s+launch|\bfrom\s+launch)\s*[:：]?\s*$",
    re.I,
)
"""A price the page says is planned for later ("正式版で $14.99/月の予定", "$19/mo at launch"): not today's price."""
OVERAGE_BEFORE = re.compile(
    r"(?:\bthen|\bthereafter|\bafter\s+that|\bbeyond\s+that|\bdanach|\banschlie(?:ß|ss)end|\bensuite|\bpuis|"
    r"\bdespués|\bluego|\bpoi|\bdaarna|以降|以後|超過分は?|超出部分|超出后|超出後|\boverage|\bextra|\badditional)"
    r"\s*[:：]?\s*$",
    re.I,
)
OVERAGE_PER = re.compile(
    r"^\s*(?:/|per\b|pro\b|je\b|par\b|por\b|每)\s*(?P<more>(?:additional|extra|further|zusätzliche[nrms]?|"
    r"weitere[nrms]?|supplémentaire)\s+)?(?P<noun>[^\W\d_][^\W\d]{1,23})",
    re.I,
)
"""What each unit beyond a plan's allowance costs: an amount after "then" / "danach" / "以降" priced per a unit
("danach $0.015 / Credit", "以降 $0.015 / クレジット"), or priced "per additional credit"."""


MAX_OVERAGE_LINE = 60
NEAR_OVERAGE = 12


def _overage_line(line: str) -> bool:
    """A line of its own saying what each unit beyond the allowance costs ("$0.01 per additional credit")."""
    return len(line) <= MAX_OVERAGE_LINE and any(
        _overage(line[max(0, m.start() - MAX_SAVING_WORD) : m.start()], m) or _counted_overage(line[: m.start()], m)
        for m in price_matches(line)
    )


def _overage(before: str, match: re.Match[str]) -> str | None:
    """The unit an overage price is per ("credit", "クレジット", "1M tokens"); None for any other price."""
    tail = match.group("tail")
    per = OVERAGE_PER.match(tail)
    if per is None or not (OVERAGE_BEFORE.search(before) or per.group("more")):
        return None
    if tail_period(tail[: per.end() + NEAR_OVERAGE]) is not None or tail_unit(per.group(0)) in ("user", "seat"):
        return None  # "then $10/month", "$10 per additional user / month": a later period's or a seat's price
    noun = per.group("noun")
    unit = usage_unit(per.group(0)) or noun.casefold()
    return unit.removesuffix("s") if unit.isascii() and len(unit) > 3 and unit.endswith("s") else unit


COUNTED_OVERAGE = re.compile(
    r"(?:每(?:个|個)?(?:额外|額外|增加|多出?|超出)|超出(?:部分)?每|"
    r"\b(?:each|every|per|for\s+every|for\s+each)\s+(?:additional|extra|further)|\bje\s+weitere|\bpor\s+cada|"
    r"\bpour\s+chaque)"
    r"\s*(?P<qty>\d[\d,.]*\s*[KkMm]?)\s*(?P<noun>[^\W\d_][^\d:：,，;；]{0,24}?)"
    r"\s*(?:加收|收取|收费|收費|需付?|为|為|costs?|is|are|at|for|kostet|kosten|coûte|cuesta|[:：=]|[-–—])?\s*$",
    re.I,
)
"""An overage said with its quantity first, on the line before the amount ("每额外 100 条回复加收 5 美元", "Each
additional 1,000 credits: $10"): the amount is per that many units."""


def _counted_overage(before: str, match: re.Match[str]) -> str | None:
    """The counted unit ("100 条回复") an amount is charged per, when the line says it before the amount."""
    counted = COUNTED_OVERAGE.search(before)
    if counted is None or tail_period(match.group("tail")[:NEAR_OVERAGE]) is not None:
        return None  # "每额外 100 条回复 $5/月" would be a monthly add-on, not a charge per use
    return " ".join(f"{counted.group('qty')} {counted.group('noun')}".split())


OPENING_PERIODS: dict[str, Period] = {"월": "month", "연": "year", "년": "year"}
"""Korean period words said alone before an amount ("월 2,900원", "연 19,900원"). Read only when the word
opens the amount's line: inside a sentence ("… 취소할 때까지 연 ₩39,000로 갱신됩니다", a renewal) it is not
the plan's price."""
LINE_MARKS = "·•|,/-–— "


def _line_opening(text: str, start: int, lines: list[tuple[int, int]]) -> str:
    """What the amount's line says before it, separators aside ("· 연" gives "연")."""
    line_start = next((a for a, b in lines if a <= start < b), start)
    return text[line_start:start].strip(LINE_MARKS)


def _bare_amount(number: str) -> Decimal | None:
    amount = zero_led(number)
    return amount if amount is not None else Price.fromstring(number).amount


FREE_LASTS = re.compile(r"^\s*(?:/|per)?\s*(?:永久|lifetime|forever)", re.I)
"""A word right after a free amount saying how long the plan lasts ("$0 / 永久", "$0 per lifetime"): no period."""


def text_price(match: re.Match[str], yen: str = "¥") -> CardPrice | None:
    """One "$19/mo"-like match: amount normalised by price-parser, period and unit from what follows."""
    if _in_volume_band(match) or _worked_fee(match) or _code_of_the_price_before(match):
        return None
    symbol = match.group("cur") or match.group("cur2")
    number = amount_digits(match.group("amt") or match.group("amt2"))
    amount = zero_led(number) or _token_decimals(match, number)
    if amount is None:
        # a space after a sign spelled in letters: "руб.9 000" would read as 0.9 by the abbreviation's full stop
        amount = Price.fromstring(f"{symbol} {number}" if symbol[:1].isalpha() else f"{symbol}{number}").amount
    if amount is None:
        return None
    currency, tail = currency_code(symbol, yen), _own_tail(match.group("tail"))
    amount = thousandths(number, currency) or amount
    if (scaled := SCALE_AFTER.match(tail)) is not None and (scale := _scale(scaled.group("scale"), currency)):
        amount, tail = amount * scale, tail[: scaled.start("scale")] + tail[scaled.end("scale") :]
    if symbol == "$" and (code := CODE_AFTER_SIGN.match(tail)) is not None:
        currency, tail = code.group("code"), tail[code.end() :]  # "$49.900 COP", "$ 999 MXN/mes": the code says
    elif symbol == "$" and (code := CODE_AFTER_PERIOD.match(tail)) is not None:
        currency, tail = code.group("code"), tail[: code.start("code")]  # "$997 /month CAD": the code after the period
    period, unit = _period_unit(tail)
    if (short := SHORT_SIDE.match(tail)) is not None and _paired_short_sides(match.string):
        period = "month" if short.group("side").casefold() == "m" else "year"  # "₦15,000/m" and "₦180,000/y"
        unit = tail_unit(tail[short.end() :])
    lead = _lead_period(match)
    if lead is not None and not _prompt_period(tail):
        period = lead  # "年額なら¥14,800", "yearly: $99": said before the amount, and nothing said right after it
    if amount == 0 and period == "one_time" and FREE_LASTS.match(tail):
        period = None  # "$0" "/ 永久": how long the free plan lasts, no one-time price
    per_when = period is None and unit is None and OTHER_PERIOD.match(tail) is not None
    dimension = _token_dimension(tail, unit)
    return CardPrice(amount, currency, period, unit, dimension, per_when=per_when)


RESTATED = re.compile(r"\s[=≈]\s")
"""An equals sign after a price ("40 CHF = 8 CHF / Stunde"): what follows restates it in other terms."""


def _restates(before: str) -> bool:
    """Whether an amount comes after an equals sign with another price just before it ("40 CHF = 8 CHF / Stunde",
    "0.20 CHF / Minute = 12 CHF / Stunde"): it restates that price in other terms, and restated per a unit it is
    none of its own (a yearly total, "€18,99/maand" over "= €227,88 op jaarbasis", is the plan's other side). After
    a count ("10 Benachrichtigungen = 1,99 €") it is the pack's price."""
    head = before.rstrip()
    if not head.endswith(("=", "≈")):
        return False
    return bool(price_matches(head[:-1].rstrip()[-40:]))


def _own_tail(tail: str) -> str:
    """What follows an amount up to a restatement of it: "40 CHF" over "= 8 CHF / Stunde" is no price per hour (a
    sign spelled in letters does not end the tail as "$" and "€" do), or up to the next price's sign ("₹2,999/month
    + 18% GST" then the other side's "₹ 600 Per User": that price's unit is no unit of this one)."""
    cut = RESTATED.search(tail)
    tail = tail[: cut.start()] if cut else tail
    sign = next((at for at, char in enumerate(tail) if unicodedata.category(char) == "Sc"), None)
    return tail[:sign] if sign is not None else tail


SCALE_AFTER = re.compile(
    r"^(?:\s*[–—-]\s*\d[\d.,]*)?(?P<scale>[kK]|L|M(?!\s*(?:tok|chars?\b|characters|input|output|requests?\b))|"
    r"\s?(?:Cr|lakhs?|lacs?|crores?)|\s?(?:rb|ribu|jt|juta))(?![^\W\d_])"
)
"""A multiplier written onto the amount, or onto the top of its range: "$5k", "$12–15k", "₹49K", "₹1.44L", "₹2Cr",
"$1.59M"."""


def _scale(word: str, currency: str | None) -> int | None:
    """What a multiplier word stands for: a thousand ("k"); a lakh and a crore only for rupees, where "L" and
    "Cr" are written so ("₹1.44L" is 144,000); Indonesian "rb" / "ribu" a thousand and "jt" / "juta" a million
    ("Rp 1,95jt" is 1,950,000)."""
    word = word.strip()
    if word in ("k", "K"):
        return 1000
    if word == "M":  # binah-es's "$6.71M/año" (Colombian pesos, the page's currency read later): millions
        return 1_000_000
    if word.casefold() in ("rb", "ribu", "jt", "juta"):  # rupiah's "350rb", "1,95jt": thousands, millions
        return 1000 if word.casefold().startswith("r") else 1_000_000 if currency in ("IDR", None) else None
    if currency != "INR" and currency not in RUPEE_SIGNS:
        return None
    return 100_000 if word.casefold().startswith("l") else 10_000_000  # "L", "lakh", "lac"; else "Cr", "crore"


TOKEN_DECIMALS = re.compile(r"[1-9]\d{0,2}\.\d{3}")


def _token_decimals(match: re.Match[str], number: str) -> Decimal | None:
    """An amount led by its sign with a dot before three digits, priced per tokens ("$2.000 / 1M tokens"
    beside "$0.250 / 1M tokens"): the dot is a decimal point, as a table's is ("$3.125"); a sign after the
    amount ("2.000 € / 1M tokens") keeps the European reading of thousands. None for any other."""
    if not match.group("cur") or not TOKEN_DECIMALS.fullmatch(number.strip()):
        return None
    if usage_unit(match.group("tail") or "") not in TOKEN_UNITS:
        return None
    return Decimal(number.strip())


CODE_AFTER_SIGN = re.compile(
    rf"^\s*(?P<code>(?-i:{'|'.join(sorted(ISO_CODES - WORD_CODES))}))(?![^\W\d_])(?!\s*[$€£¥￥]?\s*\d)"
)
"""An ISO code right after an amount led by a bare "$" ("$49.900 COP", "$ 999 MXN/mes"): the dollar or peso the
code names, not USD; a code that leads a next amount ("$5 CAD 7") is that amount's."""

PRICE_BEFORE_PERIOD = re.compile(r"\$\s?\d[\d.,]*\s*(?:/|per\s)\s*[^\W\d_]{2,6}\.?\s*$", re.I)


def _code_of_the_price_before(match: re.Match[str]) -> bool:
    """An amount led by an ISO code that closes a "$" price's slashed period ("$997 /month CAD" "25 to 30
    leads"): the code is that price's currency, so the number after it is no price in it."""
    code = match.group("cur")
    if not code or not code.isalpha() or CODE_AFTER_PERIOD.match(f"/month {code}") is None:
        return False
    if CODE_AFTER_PERIOD.match(f"/month {match.string[match.start() :]}") is None:
        return False  # "PKR 1,500 / month" after "$ 5 / month": a price of its own, in PKR
    return PRICE_BEFORE_PERIOD.search(match.string[: match.start()]) is not None


CODE_AFTER_PERIOD = re.compile(
    rf"^\s*(?:/|per\s)\s*(?:month|mo|year|yr|week|day|mes|mês|mois|monat|jahr|año|ano|an)\.?\s+"
    rf"(?P<code>(?-i:{'|'.join(sorted(ISO_CODES - WORD_CODES))}))(?![^\W\d_])"
    r"(?!\s*\d[\d.,]*\s*(?:/|per\s)\s*[^\W\d_])",
    re.I,
)
"""An ISO code right after the slashed period of an amount led by a bare "$" ("$997 /month CAD"): the dollar it
names, as a code right after the amount does; the period stays the amount's. A code leading an amount with a
period of its own ("$ 5 / month PKR 1,500 / month", islamicbankingfte-en) is that amount's: the same plan in
another currency."""


VOLUME_BAND = re.compile(
    r"(?<![A-Za-z])(?:[A-Z]{1,2})?[$€£]\s?\d[\d.,]*\s?[kKmM]?\s*(?:[-–—]|to)\s*(?:(?:[A-Z]{1,2})?[$€£])?\s?\d[\d.,]*\s?"
    r"[kKmM](?![a-zA-Z])|[$€£]\s?\d[\d.,]*\s?[kKmM]\+"
)
"""A band of amounts counted in thousands or millions ("$0 - $10k / month", "$10k - $50k", "$250k+ / month"):
how much a customer processes, the volume a tier's fee applies to, not a price; its sign may carry a country's
letters ("R$ 8-15k/mês") and the upper amount may share the lower's sign ("8-15k": eight to fifteen thousand)."""


def _in_volume_band(match: re.Match[str]) -> bool:
    return any(band.start() <= match.start() < band.end() for band in VOLUME_BAND.finditer(match.string))


WORKED_FEE = re.compile(r"^\s*(?:fees?|costs?|commission)\s+(?:on|for)\s*$", re.I)
FEE_BASE = re.compile(r"\s*[$€£]?\s?\d")


def _worked_fee(match: re.Match[str]) -> bool:
    """An amount said to be the fee on another amount ("$50" over "fee on $10k volume"): what a percentage fee
    comes to on a worked volume, not a price; nor is the volume it is worked out on."""
    if FEE_ON.search(match.string, 0, match.start()):
        return True  # the volume the fee is worked out on ("fee on $10k volume")
    return bool(WORKED_FEE.match(match.group("tail") or "")) and bool(FEE_BASE.match(match.string, match.end()))


FEE_ON = re.compile(r"\b(?:fees?|costs?|commission)\s+(?:on|for)\s*$", re.I)


OTHER_PERIOD = re.compile(
    r"^\s*(?:/|per\b|a\b|every\b|pro\b|par\b|por\b)\s*"
    r"(?:qtr|quarter|quartal|trimestre|trimester|semester|semestre|half[- ]year)s?\b",
    re.I,
)
"""A period right after the amount that is neither month nor year ("$25 /qtr", "€60 per quarter"): the price
says per when, so it is one, with no period the labels can give."""


TOKEN_UNITS = frozenset({"1M tokens", "1K tokens"})
_TOKEN_TAIL = re.compile(r"^[^$€£¥￥]{0,24}?\b(?:tokens?|tok)\b", re.I)


def _token_dimension(tail: str, unit: str | None) -> str:
    """What a price per tokens prices when its unit says so ("¥ 3.00 / M 输入 tokens", "$0.15 / 1M input
    tokens"): a model card's input or output line, not a plan's price. Only a price whose unit is tokens
    counts, so "$20/mo, 10M input tokens" (a monthly plan with tokens included) stays a plan's price."""
    if unit not in TOKEN_UNITS or (said := _TOKEN_TAIL.match(tail)) is None:
        return "price"
    dimension = dimension_of(said.group())
    return dimension if dimension else "price"


NEAR_TAIL = 4
"""How far after an amount its period is its own ("/ 月", "per month"); further on, it may be the next line's."""


def _prompt_period(tail: str) -> bool:
    """Whether the tail names a period right after the amount, not in a later line's text."""
    text = tail.lstrip()
    return any(
        (found := pattern.search(text)) is not None and found.start() <= NEAR_TAIL for pattern, _ in TAIL_PERIODS
    )


def _lead_period(match: re.Match[str]) -> Period | None:
    """The period the word right before an amount names ("年額なら", "月額", "Annual:", "yearly"), or before the
    bracket it opens ("Facturé annuellement ($468)")."""
    before = match.string[max(0, match.start() - 12) : match.start()].rstrip()
    if before.endswith(("(", "（")):
        before = match.string[max(0, match.start() - 24) : match.start()].rstrip()[:-1].rstrip()
    elif (billed := BILLED_AT_WORD.search(match.string[max(0, match.start() - 30) : match.start()])) is not None:
        before = billed.group("period")  # "Facturés mensuellement à 90 euros", "Billed annually at $468"
    word = re.split(r"\s", before)[-1] if before else ""
    return tail_period(word) if word else None


PROMPT_PER = re.compile(r"^\s*(?:/|per\b|每)\s*\S+", re.I)
"""The "/min", "per 1M", "/ M" right after an amount: what it is priced per, said before any later line."""


SHORT_PER_PERIOD = re.compile(r"^\s*p\s*/\s*(?P<p>m|mo|mth|y|yr|a)\b(?!\s*(?:tok|tokens?|chars?|characters)\b)", re.I)
""""p/m", "p/mo" (per month) and "p/y", "p/a" (per year) right after an amount ("$30 p/m"): a period, not
"/m" per million tokens."""


SHORT_SIDE = re.compile(r"^\s*/\s*(?P<side>[my])\b(?!\s*(?:tok|tokens?|chars?|characters)\b)", re.I)
SHORT_SIDES = {side: re.compile(rf"\d\s*/\s*{side}\b(?!\s*(?:tok|tokens?|chars?|characters)\b)", re.I) for side in "my"}


def _paired_short_sides(text: str) -> bool:
    """A bare "/m" is per million tokens on a model's price, but a month where the same text prices another side
    "/y" (swingscrm-en's toggle: "₦15,000/m" and "₦180,000/y"): the short forms of a month and a year, paired."""
    return all(pattern.search(text) is not None for pattern in SHORT_SIDES.values())


def _period_unit(tail: str) -> tuple[Period | None, str | None]:
    """The period and unit the text after an amount names. A usage unit said right after the amount ("$0.45/min
    超出部分") wins over a period a later line of the tail names ("每月抽查" in the feature list)."""
    if (short := SHORT_PER_PERIOD.match(tail)) is not None:
        return ("month" if short.group("p").casefold().startswith("m") else "year"), tail_unit(tail[short.end() :])
    prompt = PROMPT_PER.match(tail)
    if prompt is not None and not _prompt_period(tail) and (usage := usage_unit(prompt.group())) is not None:
        return "usage", usage
    period = tail_period(tail)
    unit = tail_unit(tail)
    if unit is None and period is None and (usage := usage_unit(tail)) is not None:
        return "usage", usage
    if unit is None and period is not None and prompt is not None and (usage := usage_unit(prompt.group())):
        return period, usage.casefold()  # "$0.30/GB/Month": a month's price per GB kept
    after = PERIOD_THEN_NOUN.match(tail) if unit is None and period is not None else None
    if after is not None and tail_period(after.group("period")) and tail_period(after.group("noun")) is None:
        unit = tail_unit(after.group("noun")) or own_tail_unit(after.group("noun"))
    return period, unit


PERIOD_THEN_NOUN = re.compile(r"^\s*(?P<period>/\s*[^\W\d_]{1,12}\.?)\s*(?P<noun>/\s*[^\W\d_]{2,20})(?![\w/])")
"""A slashed period, then a slashed noun ("$30" "/month" "/elder", elderella-en): the month's price per that
noun, as "/elder/month" would say it."""


def _bare_price_nodes(card: LexborNode) -> list[LexborNode]:
    """Price elements holding a number without a currency sign ("19/Platz")."""
    return [
        node
        for node in card.traverse()
        if node.tag not in ("-text",)
        and PRICE_CLASS.search(node.attributes.get("class") or "")
        and BARE_PRICE.match(_clean(node.text(separator=" ")))
    ]


def _bare_prices(card: LexborNode, currency: str) -> Iterator[CardPrice]:
    text = _card_text(card)
    for node in _bare_price_nodes(card):
        own = _clean(node.text(separator=" "))
        match = BARE_PRICE.match(own)
        if match is None:
            continue
        at = text.find(own)
        tail = (match.group("tail") or "") + " " + (text[at + len(own) : at + len(own) + 40] if at >= 0 else "")
        amount = _bare_amount(match.group("amt"))
        if amount is not None:
            period, unit = _period_unit(tail)
            yield CardPrice(amount, currency if amount else None, period, unit)


def _data_prices(
    card: LexborNode, shown: list[CardPrice], yen: str, shown_sides: frozenset[str] = frozenset()
) -> Iterator[CardPrice]:
    """The other side of a billing toggle, kept in `data-monthly` / `data-yearly` attributes: a figure
    with its own sign and period ("$390/yıl"), or with its sign only ("849.000đ" in `data-price-year`), in the
    period its attribute names, or a bare one ("32,5", "2,749") in the currency and period shown. A side the
    card shows in an element of its own (`shown_sides`) is read there: an attribute named for it on the other
    side's element holds a figure worked from it (convertio-id's `div.price-monthly` carrying
    `data-year-price="71.88"`, the year's total, beside its `div.price-annual` "$5.99")."""
    base = shown[0] if shown else None
    whole_terms = _whole_terms(card)
    for node in card.traverse():
        if node.tag in ("button", "a") and not _holds_figure(node):
            continue  # akkaui-en's checkout `<button data-month="9.90" data-year="99.90">Start Now</button>`
        if _sort_record(node):
            continue
        billing = base is not None and _keys_name_billing(node, base, yen)
        for key, value in node.attributes.items():
            if not (DATA_PRICE.match(key) or _short_toggle_key(node, key)) or not value or not re.search(r"\d", value):
                continue
            if _key_period(key) in shown_sides and _toggle_side(node) not in (None, _key_period(key)):
                continue
            match = PRICE_TEXT.search(value)
            if match is not None and billing and base is not None:
                price = text_price(match, yen)
                if price is not None and price.period is None:
                    yield CardPrice(price.amount, price.currency or base.currency, base.period, base.unit)
            elif match is not None:
                price = text_price(match, yen)
                if price is not None and price.period == "month" and key in whole_terms:
                    continue  # `data-yearly="S$4.99/mo"` under the year's "59.90": the year's monthly equivalent
                if price is not None and price.period is None:
                    price = replace(price, period=_key_period(key))
                if price is not None:
                    yield price
            elif base is not None and (dotted := _dot_grouped(value, base)) is not None:
                yield CardPrice(dotted, base.currency, _bare_side_period(key, dotted, base), base.unit)
            elif base is not None and (bare := BARE_PRICE.match(value) or GROUPED_AMOUNT.fullmatch(value)) is not None:
                amount = _bare_amount(bare.group("amt"))
                if amount is not None and base.period == "month" and "quarter" in key.casefold():
                    yield CardPrice(amount, base.currency, None, base.unit, per_when=True)  # a quarter's total
                elif amount is not None:
                    period = _bare_side_period(key, amount, base) or _count_up_period(key)
                    yield CardPrice(amount, base.currency, period, base.unit)


LONGER_TERM_KEY = re.compile(r"year|annual|quarter", re.I)
LONE_FIGURE = re.compile(r"\s*[^\s\d]{0,3}\s?\d[\d.,]*\s*")


def _whole_terms(card: LexborNode) -> set[str]:
    """The toggle attributes for a term longer than a month that some element of the card fills with a figure
    alone (quantiesunite-en's `div.plan-price` with `data-yearly="59.90"`): another element's figure
    per month under the same attribute (its `div.plan-price-sub` with `data-yearly="S$4.99/mo"`) is that term's
    monthly equivalent, no price. Where no element gives the term's own figure, a side per month
    (`data-year="$4,17 al mes"`) is the price that side shows."""
    terms: set[str] = set()
    for node in card.traverse():
        for key, value in node.attributes.items():
            if DATA_PRICE.match(key) and LONGER_TERM_KEY.search(key) and LONE_FIGURE.fullmatch(value or ""):
                terms.add(key)  # "59.90", "$490": the term's own figure, alone
    return terms


SORT_KEYS = frozenset({"data-name", "data-category", "data-sort", "data-filter"})
"""Attributes a sorting or filtering script reads a card by (`data-title` is left out: tooltips use it too)."""


def _sort_record(node: LexborNode) -> bool:
    """An element whose data attributes describe it for a script that sorts or filters the cards (isaral-en's
    `<div class="pl-card" data-category="tally" data-price-monthly="5499" data-price-annual="4999" data-name="Tally
    Gold">`): its prices are the script's keys, never shown, where the card shows its own toggle's figures."""
    return not SORT_KEYS.isdisjoint(node.attributes)


def _holds_figure(node: LexborNode) -> bool:
    return bool(re.search(r"\d", node.text(separator=" ")))


def _count_up_period(key: str) -> Period | None:
    """The period a count-up span's side is named for (`data-count-annually="990"` beside a shown "99" that says
    no period): a bare side of such a span is in it. None for any other attribute (`data-annual="6.4"` beside a
    bare "$8" stays in the shown period, a month billed yearly)."""
    return _key_period(key) if key.lower().startswith("data-count-") else None


def _keys_name_billing(node: LexborNode, base: CardPrice, yen: str) -> bool:
    """Whether a toggle's attribute names how the plan is billed, not the period of its figure: the element shows
    the figure of `data-annual="$490"` with "/site/month" beside it, so each side ("$580" monthly) is a price a
    month, per the unit shown, too."""
    if base.period is None:
        return False
    for key, value in node.attributes.items():
        period = _key_period(key) if DATA_PRICE.match(key) else None
        match = PRICE_TEXT.search(value or "")
        if period is None or period == base.period or match is None:
            continue
        price = text_price(match, yen)
        if price is not None and price.period is None and price.amount == base.amount:
            return True
    return False


YEAR_TOTAL_FACTOR = 6


def _bare_side_period(key: str, amount: Decimal, base: CardPrice) -> Period | None:
    """The period of a bare toggle figure: the shown one ("6.4" under `data-annual` beside "$8 /month" is a month
    billed yearly), unless its attribute names the year and it is six or more times the shown monthly amount
    (`data-yearly="4990"` beside "$499 /mo"): a year's total, in the year."""
    if base.period == "month" and _key_period(key) == "year" and amount >= YEAR_TOTAL_FACTOR * base.amount > 0:
        return "year"
    return base.period


GROUPED_AMOUNT = re.compile(r"\s*(?P<amt>[1-9]\d{0,2}(?:,\d{3})+(?:\.\d{1,2})?)\s*")
"""A bare toggle figure grouped by thousands with a comma (`data-annual="2,749"`), as the shown amount is."""


DOT_GROUPED_AMOUNT = re.compile(r"\s*(?P<amt>[1-9]\d{0,2}(?:\.\d{3})+)\s*")


def _dot_grouped(value: str, base: CardPrice) -> Decimal | None:
    """A bare toggle figure grouped by thousands with a dot (`data-annual="1.560"`) beside a shown amount of a
    thousand or more ("R$ 1.950"): the page groups its thousands with dots, so it is 1560, not 1.56. Beside a
    shown amount under a thousand the figure is left to the other readers."""
    bare = DOT_GROUPED_AMOUNT.fullmatch(value)
    if bare is None or base.amount < 1000:
        return None
    return Decimal(bare.group("amt").replace(".", ""))


SHORT_TOGGLE = {"data-m": "month", "data-a": "year", "data-y": "year"}


def _short_toggle_key(node: LexborNode, key: str) -> bool:
    """`data-m` / `data-a` (or `data-y`) on a price element holding both (`<div class="plan-price" data-m="12"
    data-a="9.60">`, `<span class="amt" data-m="99" data-y="79">`):
    a billing toggle's monthly and annual sides under short names; either name alone, or off a price element,
    says nothing."""
    attributes = node.attributes
    return (
        key in SHORT_TOGGLE
        and bool(attributes.get("data-m"))
        and any(attributes.get(name) for name in ("data-a", "data-y"))
        and bool(PRICE_CLASS.search(attributes.get("class") or ""))
    )


def _one_free_price(prices: list[CardPrice]) -> list[CardPrice]:
    """A card free on both sides of its billing toggle ("0đ /Tháng", `data-price-year="0đ"`) is one free
    price in that currency, not one per period: nothing is paid either way."""
    seen: set[tuple[str | None, str, str | None]] = set()
    kept: list[CardPrice] = []
    for price in prices:
        key = (price.currency, price.dimension, price.unit)
        if price.amount == 0 and not price.overage:
            if key in seen:
                continue
            seen.add(key)
        kept.append(price)
    return kept


def _key_period(key: str) -> Period | None:
    """The billing period a toggle's data attribute is named for (`data-price-year`, `data-monthly`, `data-a`)."""
    if key in SHORT_TOGGLE:
        return "month" if SHORT_TOGGLE[key] == "month" else "year"
    if re.search(r"month", key, re.I):
        return "month"
    return "year" if re.search(r"year|annual", key, re.I) else None


BILLED_AS = re.compile(r"^\(?\s*billed\s+(?:as|annually|yearly|monthly)\b", re.I)
"""A line saying what is billed in all ("Billed as ₹2,999/month", "(Billed Annually ₹29,999)"): a total for the
plan's minimum of seats, never per the seat its headline price is."""


SEATS_INCLUDED = re.compile(r"\bincludes?\s+(?:your\s+)?(?:first\s+)?\d+\s+(?:users|seats|members)\b", re.I)
"""A line saying what a price includes in seats ("Starting at $45/month which includes your first 5 users"): the
price of that bundle, a total as "Billed as" says one."""


def _billed_totals(lines: list[str], yen: str) -> set[Decimal]:
    return {
        price.amount
        for line in lines
        if BILLED_AS.match(line) or SEATS_INCLUDED.search(line)
        for match in price_matches(line)
        if (price := text_price(match, yen)) is not None
    }


SENTENCE_AFTER = re.compile(r"[^\W\d_]{2,}\s+[^\W\d_]{2,}\.\s+[^\W\d_]")
"""Two words and a full stop, then another sentence: a line opening "Per member" that goes on so ("Per member daily
caps. the intern can't drain you.", beckett-en) tells of a feature, not per whom the card's price is; an
abbreviation's full stop ("Pro Lizenz, zzgl. MwSt.") ends no sentence."""


def _footnote_unit(lines: list[str]) -> str | None:
    """A card's footnote ("(*) Per user. Minimum of 2 users.") saying per whom its prices are, or a line of its
    own that opens so and shows no price ("Per user, per month when billed monthly", "به ازای هر کاربر، در هر
    ماه …" beside "$10"). Its caller leaves the card's name out: "Pro License" names a plan, not "per licence"."""
    for line in lines:
        if FOOTNOTE.match(line) and (unit := tail_unit(line)) is not None:
            return unit
        opening = TAIL_UNIT.match(line)
        if opening and not PRICE_TEXT.search(line) and (unit := tail_unit(line)) in ("user", "seat"):
            rest = line[opening.end() :]
            if (CJK_CHAR.match(rest) or SENTENCE_AFTER.search(rest)) and tail_period(rest) is None:
                continue  # "每位成员独立书库", "Per member daily caps. the intern can't drain you.": features
            return unit
    return None


def _plan(
    name: str,
    amount: Decimal | None,
    currency: str | None,
    period: Period | None,
    unit: str | None,
    dimension: str = "price",
) -> PricePlan:
    return PricePlan(
        plan=name,
        dimension=dimension,
        amount=float(amount.normalize()) if amount is not None else None,
        currency=currency,
        period=period,
        unit=unit,
        custom=amount is None,
        method="heuristic",
    )


def _lines(node: LexborNode) -> list[str]:
    """The node's text nodes, each one line: a line break inside one text node is whitespace in the source, shown
    as a space ("Commencer l'essai" and "gratuit" wrapped in a button's markup is one button text, no free line)."""
    return [line for line in (_clean(raw) for raw in node.text(separator="\x00").split("\x00")) if line]


def _signal_lines(node: LexborNode) -> list[str]:
    """The node's lines without those of its feature tables: a `<table>` with no price in it compares the plans
    (✓ / ✗ / "10 GB" cells), so its column headers ("Free", "Pro") say which plan, not what one costs; and
    one the table reader left unread with a row of two or more priced cells sets costs side by side ("Cost
    (for 100 creatives)": in-house, agency, ours), a comparison, no card's price."""
    tables = [
        t for t in node.css("table") if not PRICE_TEXT.search(_clean(t.text(separator=" "))) or _costs_side_by_side(t)
    ]
    if not tables:
        return _lines(node)
    skipped = Counter(line for table in tables for line in _lines(table))
    kept: list[str] = []
    for line in _lines(node):
        if skipped[line] > 0:
            skipped[line] -= 1
            continue
        kept.append(line)
    return kept


def _costs_side_by_side(table: LexborNode) -> bool:
    """Whether a row of the table holds a price in two or more of its cells."""
    for row in table.css("tr"):
        priced = [cell for cell in row.iter() if cell.tag in ("td", "th") and PRICE_TEXT.search(_clean(cell.text()))]
        if len(priced) >= 2:
            return True
    return False


def _clean(text: str | None) -> str:
    return _SPACE.sub(" ", text or "").strip()
