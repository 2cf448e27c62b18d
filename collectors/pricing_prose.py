"""Prices said only in a sentence of the page's text ("Pro costs $12 per month", "월 9,900원",
"Place fondatrice : 99 AED par mois"): the last resort, read only when no other method gave a price.

A price in a sentence is as often an example, a saving or a competitor's as the page's own, so prose is
never read beside a table, a card, JSON-LD or embedded state: only on a page that says its price nowhere
else (a one-time unlock described in a paragraph, a single founding offer under its heading). Pure
functions over a tree. See docs/pricing-extraction.md.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from selectolax.lexbor import LexborHTMLParser, LexborNode

from collectors.models import PricePlan
from collectors.pricing_cards import (
    AVERAGE,
    MAX_SAVING_WORD,
    OPENING_PERIODS,
    SAVING,
    SCHEDULED_AFTER,
    SCHEDULED_BEFORE,
    TABLE_OF_CONTENTS,
    VALUE_BEFORE,
    _clean,
    _plan,
    ancestor_ids,
    asks_quantities,
    text_price,
)
from collectors.pricing_grid import BLOCK_TAGS
from collectors.pricing_vocab import (
    CUSTOM_TEXT,
    MODEL_SIDES,
    PRICE_LABEL,
    TOTAL_WORDS,
    UPGRADE_CALL,
    PageContext,
    dimension_of,
    header_period,
    price_matches,
)

HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
SKIPPED = frozenset({"nav", "footer", "form", "button", "select", "table"})
"""Where no sentence states the page's price: menus, footers, forms, and tables (read by their own method)."""
SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])")
MAX_SENTENCE = 240
MAX_PRICES = 2
"""More amounts than this in one sentence is a comparison or a worked example, not a plan's price."""
MIN_WORDS = 2
WORD = re.compile(r"[^\W\d_]{2,}|[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7a3]")
"""A sentence says at least two words besides its amount ("Place fondatrice : 99 AED", "월 9,900원에 이용하세요"):
an amount alone on a line ("$199" under a heading) is a price line the card reader weighed, not a sentence."""
TIER_WORD = re.compile(
    r"(?<![A-Za-z])(?:Basic|Starter|Pro|PRO|Plus|Premium|Standard|Business|Team|Teams|Enterprise|Professional|"
    r"Personal|Growth|Scale|Ultimate|Advanced|Lite|Hobby|Max|Essential|Essentials|Unlimited)(?![A-Za-z])"
)
"""A tier's usual name written in a sentence ("SiteReportKit Pro는 USD 9.99", "the Team plan is $8"): capitalised,
as a name is, and never "Free" (a free tier has no amount to say)."""
MAX_HEADING = 40
MAX_HEADING_WORDS = 4
PRICING_HEADING = re.compile(
    r"pric|tarif|preis|precio|prezz|preç|cost|plan|abonnement|\bofferings\b|料金|価格|价格|價格|定价|定價|가격|요금",
    re.I,
)
"""A heading about the prices themselves ("Pricing", "Tarifs", "가격 및 액세스") or all that is offered ("OFFERINGS"
over sued-en's "Shell-Dweller — £5/month" and "Hobbyist — £10/month"): the page's, no plan's name."""
NOT_A_NAME = re.compile(
    r"[.,;:!?。、，；：！？・]|\b(?:faq|questions?|fragen|preguntas|domande|perguntas)\b|よくある質問|常见问题|常見問題|"
    r"\b(?:payment|checkout|billing)\s+(?:information|info|details|method)\b|"
    r"자주\s*묻는|購入手順|手順|步骤|步驟",
    re.I,
)
"""A heading that is a phrase (punctuated: "シンプルな従量課金。", "Credits, die nie verfallen"), a FAQ's or a
procedure's title ("よくある質問", "銀行振込でのご購入手順"): it heads the text, it names no plan."""
NOT_A_PRICE_BEFORE = re.compile(
    r"(?:\bover|\bunder|\bup\s+to|\bbis\s+zu|\bjusqu['’]à|\bhasta|\binstead\s+of|\bstatt|"
    r"\bau\s+lieu\s+de|\bwas|\bcompetitors?|\bothers?\s+charge|\bcredit|\bbonus|\brefund\w*|\bfine|\bpenalt\w*|"
    r"\bincludes?|\bincluded|\binklusive|\binclus|\bincluye|包含|최대|까지)\W{0,3}$",
    re.I,
)
"""Words before an amount that make it a threshold, a credit or someone else's price ("orders over $50",
"instead of $20"), not what the plan costs. What a perk is worth ("worth $200") is the card reader's
`VALUE_BEFORE`, checked beside these."""
NOT_A_PRICE_AFTER = re.compile(
    r"^\s*(?:of\b|in\s+credits?\b|worth\b|off\b|discount|rabatt|de\s+(?:réduction|remise|descuento)|"
    r"d['’]économie|折扣|优惠|優惠|할인|割引|の割引|credits?\b|guthaben)",
    re.I,
)
"""Words right after an amount that make it an allowance or a discount ("$20 of usage", "$10 off", "5 € Rabatt",
"$5 credit"), not what the plan costs."""

EXAMPLE = re.compile(
    r"\b(?:e\.g\.|i\.e\.|for\s+example|for\s+instance|such\s+as|typical(?:ly)?|z\.\s?B\.|zum\s+Beispiel|"
    r"par\s+exemple|por\s+ejemplo|per\s+esempio|bijvoorbeeld)(?!\w)|例えば|たとえば|例如|比如|예를\s*들어|예시",
    re.I,
)
"""A sentence giving an example or a typical figure ("a typical cloud server costs $200/month", "z. B. 5 €"):
no price of the page's own."""
FOOTNOTE = re.compile(r"^\s*(?:\(\d{1,2}\)|\d{1,2}\)|[*†‡¹²³]+)\s*\S")
"""A footnote's opening marker ("(1) Hosting: ...", "* Taxes excluded"): a note on the prices, none of its own."""


@dataclass(frozen=True)
class Said:
    name: str | None
    plan: PricePlan


def prose_plans(tree: LexborHTMLParser, page: PageContext) -> list[PricePlan]:
    """Every price said in a sentence of the page's visible text, named by the tier word the sentence says
    nearest the amount, else by the short heading the sentence sits under, else by the page's host when it
    is the one amount nothing names. The same amount said again where nothing names it (the hero line
    restating the FAQ's "Pro ... USD 9.99") is that price again, not another plan's; a name over more than
    two amounts is a listing, not a plan's price."""
    body = tree.body
    if body is None:
        return []
    said: list[Said] = []
    for heading, block in _blocks(body):
        for sentence in SENTENCE_END.split(block):
            if len(sentence) <= MAX_SENTENCE and not CUSTOM_TEXT.search(sentence):
                said.extend(_sentence_prices(sentence, heading, page))
    named = {_key(s.plan) for s in said if s.name}
    unnamed = {_key(s.plan) for s in said if s.name is None} - named
    amounts: dict[str, set[tuple[float | None, str | None, str, str | None]]] = {}
    for price in said:
        if price.name:
            amounts.setdefault(price.name, set()).add(_key(price.plan))
    plans: list[PricePlan] = []
    for price in said:
        if price.name is None and (_key(price.plan) in named or len(unnamed) > 1):
            continue  # said again; or several amounts that nothing names (unnamed tiers, examples): none is sure
        if price.name and len(amounts[price.name]) > MAX_PRICES:
            continue  # one name over many amounts: a listing (a model's rates, a table in prose), not a plan's price
        plan = price.plan if price.name else price.plan.model_copy(update={"plan": page.host})
        if plan not in plans:
            plans.append(plan)
    return plans


def button_plans(tree: LexborHTMLParser, page: PageContext) -> list[PricePlan]:
    """The price a page states only on the button that buys it ("Subscribe for $9.99/month", "Upgrade Now
    ($9.99/month)" under a payment form): read after the prose, when nothing else gave a price, each button as
    a sentence named by its tier word or by the last heading before it that names something (a form's "Payment
    Information" names nothing; the "Upgrade to Premium" over it does). A page's buttons in its menus and
    footer are no offer; two buttons stating prices nothing names are none either."""
    body = tree.body
    if body is None:
        return []
    said: list[Said] = []
    named_heading: str | None = None
    menus = {node.mem_id for node in body.css("nav, footer")}
    for node in body.traverse():
        if node.tag in HEADINGS:
            named_heading = _heading_name(" ".join(node.text(separator=" ").split())) or named_heading
        elif _buys(node) and not ancestor_ids(node) & menus:
            shown = (node.attributes.get("value") or "") if node.tag == "input" else node.text()
            text = " ".join(shown.split())
            if len(text) <= MAX_SENTENCE:
                said.extend(_sentence_prices(text, named_heading, page))
    unnamed = [s for s in said if s.name is None]
    return [s.plan for s in said if s.name is not None or len(unnamed) == 1]


def _buys(node: LexborNode) -> bool:
    return node.tag == "button" or (node.tag == "input" and (node.attributes.get("type") or "").lower() == "submit")


def _key(plan: PricePlan) -> tuple[float | None, str | None, str, str | None]:
    return (plan.amount, plan.currency, plan.dimension, plan.unit)


def _blocks(body: LexborNode) -> Iterator[tuple[str | None, str]]:
    """The text of each block element that holds text of its own, with the heading last seen before it. Walked
    with a stack of its own, so a page nested deeper than Python's recursion limit is read too."""
    heading: str | None = None
    current: list[str] = []
    stack: list[LexborNode | None] = list(reversed(list(body.iter(include_text=True))))  # None ends a block

    def flush() -> Iterator[tuple[str | None, str]]:
        text = " ".join(" ".join(current).split())
        current.clear()
        if text:
            yield heading, text

    while stack:
        child = stack.pop()
        if child is None:
            yield from flush()
        elif child.tag == "-text":
            current.append(child.text(deep=False) or "")
        elif child.tag in SKIPPED or (child.tag == "header" and _site_header(child)) or asks_quantities(child):
            yield from flush()
        elif child.tag in HEADINGS:
            yield from flush()
            text = " ".join(child.text(separator=" ").split())
            yield None, text  # a heading is a sentence too ("USD 9.99의 일회성 잠금 해제 ..."), under no heading
            heading = text
        elif child.tag == "br":
            current.append(" ")
        else:
            block = child.tag in BLOCK_TAGS or child.tag in ("li", "dd", "dt", "summary", "details", "blockquote")
            if block:
                yield from flush()
                stack.append(None)
            stack.extend(reversed(list(child.iter(include_text=True))))
    yield from flush()


def _site_header(node: LexborNode) -> bool:
    """The site's header (logo, menu, a promotion bar), not the header of an article or a section."""
    parent = node.parent
    while parent is not None:
        if parent.tag in ("main", "article", "section"):
            return False
        parent = parent.parent
    return True


def _sentence_prices(sentence: str, heading: str | None, page: PageContext) -> Iterator[Said]:
    if EXAMPLE.search(sentence) or FOOTNOTE.match(sentence):
        return
    matches = price_matches(sentence)
    if not matches or len(matches) > MAX_PRICES or len(_words_beside(sentence, matches)) < MIN_WORDS:
        return
    for match in matches:
        before = sentence[max(0, match.start() - MAX_SAVING_WORD) : match.start()]
        if any(p.search(before) for p in (SAVING, AVERAGE, VALUE_BEFORE, SCHEDULED_BEFORE, NOT_A_PRICE_BEFORE)):
            continue
        if SCHEDULED_AFTER.match(match.group("tail")) or NOT_A_PRICE_AFTER.match(match.group("tail")):
            continue
        price = text_price(match, page.yen)
        if price is None or price.amount <= 0:
            continue
        period = price.period
        if period is None:
            period = OPENING_PERIODS.get(sentence[: match.start()].rstrip().rsplit(" ", 1)[-1])  # "월 9,900원"
        end = match.end("cur2") if match.group("cur2") else match.end("amt")  # the amount, not its tail
        name = _tier_word(sentence, match.start(), end)
        keyed = _keyed_name(sentence, match.start())
        dashed = _dashed_name(sentence, match.start())
        whole = keyed or dashed  # "Pro Membership: NGN 5.00/month", "GTM Starter Pack — $199 one-time"
        if name is not None and whole is not None and TIER_WORD.search(whole):
            name = whole  # the tier word is part of the name keying the amount or set off from it by the dash
        if name is None and heading and heading.rstrip().endswith(("?", "？")):
            continue  # a FAQ answer ("Can I pay yearly? Yes, from $10."): an example unless a tier is named
        name = name or _heading_name(heading) or dashed or keyed
        plan = _plan(name or page.host, price.amount, price.currency, period, price.unit, price.dimension)
        yield Said(name, plan)


def _words_beside(sentence: str, matches: list[re.Match[str]]) -> list[str]:
    """The sentence's words outside its amounts and their signs: what makes a line of text a sentence."""
    for match in reversed(matches):
        end = match.end("cur2") if match.group("cur2") else match.end("amt")
        sentence = sentence[: match.start()] + " " + sentence[end:]
    return WORD.findall(sentence)


TAGLINE_DASH = re.compile(r"\s[—–-]\s*$")
MIN_TAGLINE_WORDS = 4
"""A phrase of this many words set off from the amount by a dash ("Applied AI in Professional Workflows —
$1,250 / month") is the tier's tagline: a tier word in it is a word of the phrase, no name."""


DASHED_NAME = re.compile(
    r"\s*(?P<name>[^\W\d_][^\W_]*(?:-[^\W_]+)*(?:\s+[^\W_]+(?:-[^\W_]+)*){0,2})\s+[—–]\s+(?:[^\W\d_]{1,12}\.?\s+)?$"
)
"""A short name opening the sentence, set off by a dash from its amount, maybe after a lead word ("Start — от 2 000
$", "Start — from $2,000"), its words maybe hyphened ("Shell-Dweller — £5/month")."""


def _dashed_name(sentence: str, start: int) -> str | None:
    """A short name opening the sentence, set off by a dash from the amount ("Start — от 2 000 $"): the tier's
    name when no tier word and no heading over it names one (under a heading, it is the heading's tagline)."""
    dashed = DASHED_NAME.match(sentence, 0, start)
    if dashed is None or len(WORD.findall(dashed.group("name"))) >= MIN_TAGLINE_WORDS:
        return None
    return dashed.group("name")


KEYED_NAME = re.compile(r"\s*(?P<name>[^\W\d_][^\W_]*(?:\s+[^\W_]+){0,2})\s*[:：]\s*$")
"""A short name keying the sentence's amount, all that stands before it ("Pro Membership: NGN 5.00/month")."""
NOT_KEYED_NAME = re.compile(rf"(?:{TOTAL_WORDS})\b", re.I)
"""A key that adds up ("Total:", "Итого:"): a checkout summary's line, no offer's name."""


def _keyed_name(sentence: str, start: int) -> str | None:
    """The name keying the amount by a colon, whole: knowledgenavigator-en's `<h3>Pro Membership: NGN
    5.00/month</h3>` is the price of "Pro Membership", not of the tier word "Pro" in it. It names the amount in
    place of the tier word it holds, and where neither a tier word nor a heading does (a heading over it names the
    offer: qovalx-fr's "Place fondatrice : 99 AED" under "Professionnels"). A key that only says price, total or
    when ("Price:", "Current price:", "Total:", "Monthly:") names nothing."""
    keyed = KEYED_NAME.match(sentence, 0, start)
    if keyed is None:
        return None
    name = keyed.group("name")
    last = name.split()[-1]
    if PRICE_LABEL.match(last) or NOT_KEYED_NAME.match(name) or header_period(name) is not None:
        return None
    return name


def _tier_word(sentence: str, start: int, end: int) -> str | None:
    """The tier word nearest before the amount, else the nearest after it; none from a tagline set off from the
    amount by a dash (the heading over it names the tier)."""
    dash = TAGLINE_DASH.search(sentence, 0, start)
    if dash is not None and len(WORD.findall(sentence[: dash.start()])) >= MIN_TAGLINE_WORDS:
        return None
    before = list(TIER_WORD.finditer(sentence, 0, start))
    if before:
        return before[-1].group()
    after = TIER_WORD.search(sentence, end)
    return after.group() if after else None


def _heading_name(heading: str | None) -> str | None:
    """A short heading naming what is sold ("Professionnels"), not a price or the prices' own title, nor a
    table of contents ("Table of Contents" over an essay's links: the essay's sentences are under no name). A
    heading calling to move up to a plan names that plan, however it is worded ("Subscribe to Our Premium Plan"
    over foodpromoter-en's "Get full access for $20/month.": "Premium Plan")."""
    if heading and (called := UPGRADE_CALL.match(heading.strip())):
        return heading.strip()[called.end() :]  # "Subscribe to Our Premium Plan": the plan it calls to
    if not heading or len(heading) > MAX_HEADING or len(heading.split()) > MAX_HEADING_WORDS:
        return None
    if TABLE_OF_CONTENTS.match(heading.strip()):
        return None
    if price_matches(heading) or PRICING_HEADING.search(heading) or NOT_A_NAME.search(heading):
        return None
    return heading


# -- rate cards written as lists ---------------------------------------------------------------------------

RATE_ITEM = re.compile(
    r"^(?:[^\w\s+$€£¥₹]+\s+)?"  # a check mark or bullet drawn before the item ("✅ Basic: ₹99/month")
    r"(?P<name>[^\W\d_][^:：–—$€£¥₹]{1,58}?|(?P<count>\+?\d[\d,]*\s?[^\W\d_]{1,12}))"
    r"(?:\s+[-–—:]|\s*[:：])\s*(?P<price>\S.*)$"
)
"""A list item naming what is priced, a dash or colon, then its price ("Principal SAS Consultant - 1200 EUR per
day", "Setup: $300", "Basic: ₹99/month", the colon against the name), maybe after a check mark; or naming a pack
by its count ("+120分: ¥1,440", minutes bought as a pack: `one_time` when the price says no period)."""
FOOTNOTE_MARKS = "*†‡¹²³"
"""A mark after the price sending to a note below ("Rs. 200*"): the item still ends with its price."""
RATE_TIME = re.compile(r"^\s*(?:per|/|an?)\s*(?P<unit>hour|day)\b", re.I)
"""A rate per hour or per day: the price's unit, charged by use."""
MAX_RATE_NAME_WORDS = 6
MIN_RATE_ITEMS = 2


def rate_list_plans(tree: LexborHTMLParser, page: PageContext, used: list[LexborNode] | None = None) -> list[PricePlan]:
    """A list (`<ul>`, `<ol>`) whose every item is a name, a dash or colon, and one price that ends the item
    is a rate card: each item prices the plan it names ("Junior JS Developer - 450 EUR per day" is 450 EUR per
    `day`). A list with an item of any other shape (a feature list, a sentence) is no rate card. The lists
    read are added to `used`: a card holding one ("Paid Plans" over "Basic: ₹99/month", "Pro: ₹499 lifetime")
    is priced by the plans the list names, not under its own heading."""
    body = tree.body
    if body is None:
        return []
    plans: list[PricePlan] = []
    for listing in body.css("ul, ol"):
        items = [child for child in listing.iter() if child.tag == "li"]
        if len(items) < MIN_RATE_ITEMS:
            continue
        rates = [_rate(_clean(item.text(separator=" ")), page) for item in items]
        if all(rate is not None for rate in rates):
            plans.extend(rate for rate in rates if rate is not None)
            if used is not None:
                used.append(listing)
    return plans


def _rate(text: str, page: PageContext) -> PricePlan | None:
    item = RATE_ITEM.match(text)
    if item is None or len(item.group("name").split()) > MAX_RATE_NAME_WORDS:
        return None
    if dimension_of(item.group("name")) in MODEL_SIDES:
        return None  # "Input: $0.25 / MTok" under a model card's "Haiku": a side of its price, no plan (the cards)
    matches = price_matches(item.group("price"))
    if len(matches) != 1 or matches[0].start() != 0:
        return None
    match = matches[0]
    price = text_price(match, page.yen)
    if price is None:
        return None
    tail = match.group("tail")
    time = RATE_TIME.match(tail)
    said = r"^\s*(?:/|per\s+)\s*[^\W\d_]+" if price.period is None else r"^\s*(?:/|per\s+)?\s*[^\W\d_]+"
    rest = tail[time.end() :] if time else re.sub(said, "", tail)  # "₹499 lifetime": its period word ends it
    if rest.strip(FOOTNOTE_MARKS + " "):
        return None  # the price is not the item's end: a sentence about it
    name = item.group("name").strip()
    if time is not None:
        return _plan(name, price.amount, price.currency, "usage", time.group("unit").lower())
    period = "one_time" if item.group("count") and price.period is None and price.unit is None else price.period
    return _plan(name, price.amount, price.currency, period, price.unit)
