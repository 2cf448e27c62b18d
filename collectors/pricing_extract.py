"""Plans and prices from a pricing page's HTML: pure functions, no I/O.

There is no pricing API, so we read what pages publish, most reliable first (`METHODS`: JSON-LD,
microdata, price tables, app state, plan cards), and a later method never re-prices a plan's
dimension an earlier one found: the structured figure wins over what the page happens to display.
Real markup breaks every rule, so every reader is tolerant and skips what it cannot read.
See docs/pricing-extraction.md.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from functools import cached_property
from typing import Any
from urllib.parse import urlsplit

from price_parser import Price
from selectolax.lexbor import LexborHTMLParser, LexborNode

from collectors.models import Method, Period, PricePlan
from collectors.pricing_cards import (
    BARE_PRICE,
    DATA_PRICE,
    ancestor_ids,
    asks_quantities,
    heuristic_plans,
    plan_cards,
    text_price,
)
from collectors.pricing_prose import button_plans, prose_plans, rate_list_plans
from collectors.pricing_tables import has_ancestor, match_end, name_key, table_plans
from collectors.pricing_vocab import (
    CUSTOM_LINE,
    CUSTOM_TEXT,
    DOLLAR_REGIONS,
    FREE_LINE,
    KRONA,
    PRICE_TEXT,
    RUPEE_SIGNS,
    TOKEN_SIDES,
    TOTAL_NAME,
    UPGRADE_CALL,
    VERSUS,
    VOLUME_BAND,
    YUAN,
    PageContext,
    dimension_of,
    header_period,
    price_matches,
    tail_period,
    tail_unit,
    usage_unit,
    without_pictographs,
    zero_led,
)
from collectors.pricing_vocab import currency_code as vocab_currency_code

METHODS = ("jsonld", "microdata", "table", "app_state", "heuristic")
INVISIBLE_TAGS = ["script", "style", "noscript", "template", "svg"]
MAX_DEPTH = 40

OFFER_TYPES = {"Offer", "AggregateOffer"}

_SPACE = re.compile(r"\s+")
_PLAIN_NUMBER = re.compile(r"^\d+(?:\.\d+)?$")
_ISO_DURATION = re.compile(r"^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?$", re.I)
_MONTH_WORD = re.compile(r"\b(?:month|months|monthly|mo|mon|mth)\b", re.I)
_YEAR_WORD = re.compile(r"\b(?:year|years|yearly|annual|annually|annum|yr|ann)\b", re.I)
_UNIT_WORD = re.compile(r"\b(user|seat|member|editor)s?\b", re.I)

STRUCK_TAGS = frozenset({"s", "del", "strike"})
_CLASS_END = r"(?:_{2,}[\w-]+)?(?![\w-])"
"""Where a class name ends: its end, or a CSS module's hash after two or more underscores
(`pricing_originalPrice___N1C_`)."""
STRUCK_CLASS = re.compile(
    rf"line-?through|strike|(?:^|[\s_-])(?:old|was|original|previous|compare|regular)[-_]?price{_CLASS_END}|"
    rf"(?:^|[\s_-])price[-_](?:old|was|original|previous|regular|gr[ae]yed){_CLASS_END}|"
    rf"(?:^|[\s_-])(?:tachad[oa]|barr[ée]e?|riscad[oa]|durchgestrichen|doorgestreept){_CLASS_END}",
    re.I,
)
"""A class that strikes its text, or that names the price it holds the old one (`plan-old-price`,
`price-original`, `promo-price-old`, `regular-price`, llime-en's `price-grayed` under "Regular price", a CSS
module's `pricing_originalPrice___N1C_`), in the page's language too (taurix-es's `lp-plan-eur-tachado`, "struck",
"29€" before the card's "19€"; French `barre`, Portuguese `riscado`, German `durchgestrichen`): the page shows it
struck, whatever the style sheet it links says."""
STATE_ASSIGN = re.compile(r"(?:window|self|globalThis)\.(__[A-Za-z0-9_]+__|__[A-Z0-9_]+)\s*=\s*")


BLADE_DIRECTIVES = (
    "if",
    "elseif",
    "else",
    "endif",
    "unless",
    "endunless",
    "isset",
    "endisset",
    "empty",
    "endempty",
    "foreach",
    "endforeach",
    "forelse",
    "endforelse",
    "for",
    "endfor",
    "while",
    "endwhile",
    "switch",
    "case",
    "break",
    "continue",
    "default",
    "endswitch",
    "auth",
    "endauth",
    "guest",
    "endguest",
    "can",
    "endcan",
    "cannot",
    "endcannot",
    "csrf",
    "method",
    "extends",
    "section",
    "endsection",
    "show",
    "yield",
    "parent",
    "include",
    "includeIf",
    "includeWhen",
    "each",
    "push",
    "endpush",
    "prepend",
    "endprepend",
    "stack",
    "props",
    "once",
    "endonce",
    "env",
    "endenv",
    "production",
    "endproduction",
    "error",
    "enderror",
    "json",
    "vite",
    "livewireStyles",
    "livewireScripts",
    "livewire",
    "component",
    "endcomponent",
    "slot",
    "endslot",
    "verbatim",
    "endverbatim",
)
"""Laravel Blade's control directives (`@if(…)`, `@foreach(…)`, `@csrf`): markup for the server, never text on
the page. CSS at-rules (`@media`) and Alpine's `@click` are none of them."""
TEMPLATE_TAG = re.compile(
    r"\{%-?\s*(?:trans|translate|t)\s+(?P<q>[\"'])(?P<text>[^\"'{}]*)(?P=q)[^%]*%\}"
    r"|\{\{-?\s*(?:_|__|gettext|trans|t|lang)\s*\(\s*(?P<q2>[\"'])(?P<call>[^\"'{}]*)(?P=q2)\s*\)\s*-?\}\}"
    r"|@(?<![\w@.]@)lang\s*\(\s*(?P<q3>[\"'])(?P<lang>[^\"'{}]*)(?P=q3)\s*\)"
    r"|\{\{-?\s*(?P<q4>[\"'])(?P<filtered>[^\"'{}]*)(?P=q4)\s*\|\s*(?:trans|t|translate)\b[^{}]*\}\}"
    r"|\{%-?\s*comment\b[^%]*%\}.*?\{%-?\s*endcomment\s*-?%\}"
    r"|\{%.*?%\}|\{#\s.*?#\}|\{\{--.*?--\}\}"
    r"|<%(?:#.*?|[=-]?\s*t\(\s*(?P<q5>[\"'])(?P<erb>[^\"'<>%]*)(?P=q5)[^%]*?"
    r"|[=-]?\s*(?:link_to|button_to)\s*\(?\s*(?P<q6>[\"'])(?P<link>[^\"'<>%]*)(?P=q6)[^%]*?|.*?)-?%>"
    r"|@(?<![\w@.]@)(?:L|Localizer|SharedLocalizer|localizer)\[\s*\"(?P<razor>[^\"<>]*)\"\s*\]"
    r"|@(?<![\w@.]@)php\b.*?@endphp\b"
    rf"|@(?<![\w@.]@)(?:{'|'.join(BLADE_DIRECTIVES)})\b(?:\s*\((?:[^()]|\([^()]*\))*\))?",
    re.S,
)
"""A server template's tags left in a page (a Django, Jinja, Twig, Laravel Blade, Rails ERB, EJS or Razor
template committed as the page): `{% trans "Professional" %}`, `{{ _('Quick Cleanup') }}`, `{{ __('Monthly') }}`,
`@lang('Pro')`, Twig's `{{ 'basic'|trans }}`, ERB's `<%= t('pricing.pro') %>`, a link's text in `<%= link_to
"Pro - $29/mo", … %>` and Razor's `@L["PricingFreeTitle"]` show their text; `{% if … %}`, `@if($plan->free)` /
`@endif`, `<% if … %>`, `<%= plan.price %>`, comments (`{# … #}`, `{{-- … --}}`, `<%# … %>`, and Django's
`{% comment %} … {% endcomment %}` with all it holds: nachopr-en's two cards there are never rendered) and `@php …
@endphp` show nothing. A variable's print in braces (`{{ plan.name }}`) and Smarty's `{#PRICE#}` stay as written:
a card named by one is still a card."""


SHOWN = ("text", "call", "lang", "filtered", "erb", "link", "razor")
"""The groups of `TEMPLATE_TAG` holding the text a tag shows."""
BLADE_HINT = re.compile(
    r"@(?<![\w@.]@)(?:if|foreach|forelse|csrf|php|lang|extends|section|include|auth|guest)\b|@(?:L|Localizer)\["
)


SFC_ROOT = re.compile(r"^\ufeff?<template\b", re.M)
DOCUMENT_TAG = re.compile(r"<(?:html|body)\b", re.I)
TEMPLATE_ELEMENT = re.compile(r"<(/?)template\b[^>]*>", re.I)


def _component_markup(html: str) -> str:
    """A Vue single-file component as its template shows it: a `<template>` at the start of a line, beside its
    `<script>` and with no document around it, holds the whole page, and `<template v-if>` groups inside it render
    their content. In a served page a `<template>` is inert and stays hidden; in a component its elements are the
    page, so each is read as a plain block, and so are its UI kit's tags, hyphenated ones too (`_component_tags`)."""
    # a served page (one opening on `<template>` is a component, whatever `<body>` its template draws):
    # only a component's own self-closed tag is closed
    if DOCUMENT_TAG.search(html) and not SFC_ROOT.match(html.lstrip()):
        closed = SELF_CLOSED.sub(lambda m: _closed(m) if PASCAL_TAG.match(f"<{m.group('tag')} ") else m.group(0), html)
        return _component_tags(closed, PASCAL_TAG)
    html = SELF_CLOSED.sub(_closed, _closed_scripts(html))  # `<Header />`, a spacer `<div … />`: never an opening
    if not SFC_ROOT.search(html):  # a Svelte or Astro component, a partial
        return _component_tags(_mapped_arrays(html), PASCAL_TAG)
    return _component_tags(TEMPLATE_ELEMENT.sub(lambda m: f"<{m.group(1)}div>", html), COMPONENT_TAG)


MAP_CALL = re.compile(
    r"\]\s*\.map\(\s*(?:\(\s*(?P<fields>\{[\w\s,$]*\})\s*\)|\(?\s*(?P<param>[A-Za-z_$][\w$]*)\s*\)?)\s*=>\s*\("
)
"""`].map(({ product, price }) => (` or `].map((plan) => (`: a literal array drawn item by item by the markup after."""
LITERAL_ITEM = re.compile(r"\{(?P<body>[^{}\[\]]*)\}\s*,?\s*")
LITERAL_FIELD = re.compile(
    r"(?P<key>[A-Za-z_$][\w$]*)\s*:\s*(?:'(?P<single>[^'\\]*)'|\"(?P<double>[^\"\\]*)\"|(?P<bare>-?\d+(?:\.\d+)?|true|false|null))"
    r"\s*,?\s*"
)


def _mapped_arrays(html: str) -> str:
    """A component's literal array drawn by `.map()` (thecontext-en's Astro rows: `{[{ product: 'Preset (single)',
    price: '$12', period: 'one-time' }, …].map(({ product, price, period }) => (<div class="pricing-row card">…
    {price}…</div>))}`, facturons-fr's `(plan) => (… {plan.price} …)`) as the page renders it: the markup once per
    item, each `{field}` or `{plan.field}` its value, a `{plan.badge && (…)}` shown where the value is. Only arrays
    of objects whose fields are plain strings, numbers or flags are drawn; any other array stays as written."""
    out: list[str] = []
    at = 0
    for call in MAP_CALL.finditer(html):
        if call.start() < at:
            continue
        opened = _opening_bracket(html, call.start())
        close = _closing_paren(html, call.end())
        if opened is None or close is None or not re.match(r"\s*\)\s*\}", html[close + 1 :]):
            continue
        items = _literal_items(html[opened + 1 : call.start()])
        lead = html.rfind("{", at, opened)
        if not items or lead < 0 or html[lead + 1 : opened].strip():
            continue
        names = re.findall(r"[A-Za-z_$][\w$]*", call.group("fields") or "")
        prefix = f"{call.group('param')}." if call.group("param") else ""
        body = html[call.end() : close]
        drawn = "".join(_drawn_item(body, item, prefix, names) for item in items)
        end = html.index("}", html.index(")", close + 1)) + 1
        out.append(html[at:lead] + drawn)
        at = end
    return "".join(out) + html[at:] if out else html


def _opening_bracket(html: str, close: int) -> int | None:
    """Where the `[` closed by the `]` at `close` opens, counting brackets back."""
    return _balanced(html, range(close, -1, -1), "]", "[", 0)


def _closing_paren(html: str, start: int) -> int | None:
    """Where the `(` opened just before `start` closes, counting parentheses on."""
    return _balanced(html, range(start, len(html)), "(", ")", 1)


def _balanced(text: str, positions: range, deeper: str, shallower: str, depth: int) -> int | None:
    """The first position, walking `positions`, where the count of `deeper` less `shallower` marks comes back to
    nothing from `depth`."""
    for i in positions:
        if text[i] == deeper:
            depth += 1
        elif text[i] == shallower:
            depth -= 1
            if depth == 0:
                return i
    return None


def _literal_items(text: str) -> list[dict[str, str]]:
    """The objects of an array literal, each field to its printed value; [] unless the whole text is such objects."""
    items: list[dict[str, str]] = []
    at = 0
    text = text.strip()
    while at < len(text):
        item = LITERAL_ITEM.match(text, at)
        if item is None:
            return []
        fields: dict[str, str] = {}
        body, pos = item.group("body").strip(), 0
        while pos < len(body):
            field = LITERAL_FIELD.match(body, pos)
            if field is None:
                return []
            value = field.group("single") if field.group("single") is not None else field.group("double")
            bare = field.group("bare")
            fields[field.group("key")] = value if value is not None else ("" if bare in ("false", "null") else bare)
            pos = field.end()
        items.append(fields)
        at = item.end()
    return items


def _drawn_item(body: str, item: dict[str, str], prefix: str, names: list[str]) -> str:
    """The markup of one item: its `{plan.badge && (…)}` blocks kept or dropped by the value, each print filled."""
    keys = list(item) if prefix else [name for name in names if name in item]
    for key in keys:
        ref = re.escape(f"{prefix}{key}")
        while (block := re.search(rf"\{{\s*{ref}\s*&&\s*\(", body)) is not None:
            close = _closing_paren(body, block.end())
            brace = body.find("}", close) if close is not None else -1
            if close is None or brace < 0 or body[close + 1 : brace].strip():
                break
            shown = body[block.end() : close] if item[key] and item[key] != "0" else ""
            body = body[: block.start()] + shown + body[brace + 1 :]
        value = item[key].replace("&", "&amp;").replace("<", "&lt;").replace("\\", "\\\\")
        body = re.sub(rf"\{{\s*{ref}\s*\}}", value, body)
    return body


def _component_tags(html: str, tag: re.Pattern[str]) -> str:
    """A framework component's tag as the element it renders: a UI kit's `<Card>`, `<v-card>` or `<Card.Root>` is a
    block (`div`), its `<CardTitle>` or `<v-card-title>` a heading, `<Button>` or `<v-btn>` a button,
    `<CardDescription>` a paragraph. A served page never shows them; a component's template is all of them, and
    read as unknown tags its cards are no cards and its titles no names. Icons and images keep their tags."""
    if not tag.search(html):
        return html
    table = TABLE_PARTS | {"TableHead": "thead" if "<TableHeadCell" in html else "th"}
    return tag.sub(lambda m: _rendered_tag(m, table), html)


PASCAL_NAME = r"(?:[A-Z][a-z0-9]+)+(?:\.[A-Z][a-z0-9]+)*"
PASCAL_TAG = re.compile(rf"<(?P<end>/?)(?P<name>{PASCAL_NAME})(?=[\s/>])")
"""A PascalCase component (`<CardTitle>`, `<Card.Root>`): no served page writes one."""
COMPONENT_TAG = re.compile(rf"<(?P<end>/?)(?P<name>{PASCAL_NAME}|[a-z]+(?:-[a-z0-9]+)+)(?=[\s/>])")
"""A PascalCase or hyphenated component (`<v-card>`) in a Vue component's template; in a served page a hyphenated tag
is a custom element (`<app-header>`, `<zyllio-price-plan>`) whose markup stays as the page wrote it."""
COMPONENT_PART = re.compile(r"[A-Z][a-z0-9]*|[a-z0-9]+")
RENDERED_TAG = {"title": "h3", "heading": "h3", "button": "button", "btn": "button", "link": "a"}
RENDERED_TAG |= dict.fromkeys(("description", "subtitle", "paragraph"), "p")
"""What a kit's part renders, by the last word of its name; any other part (`<v-card-text>`, which holds blocks of
its own, `<CardContent>`) is a block."""
KEPT_PART = frozenset({"icon", "img", "image", "island", "svg", "logo", "avatar"})


TABLE_PARTS = {"Table": "table", "TableHeader": "thead", "TableBody": "tbody", "TableFooter": "tfoot"}
TABLE_PARTS |= {"TableRow": "tr", "TableBodyRow": "tr", "TableCell": "td", "TableBodyCell": "td"}
TABLE_PARTS |= {"TableHeadCell": "th", "TableCaption": "caption"}
"""A UI kit's table parts (shadcn's `<TableHead>` is a header cell, flowbite's a header row group, beside its
`<TableHeadCell>`): a table still, for the table reader."""
HTML_TAGS = frozenset(
    {"html", "head", "body", "title", "meta", "link", "script", "style", "div", "span", "p", "a", "br", "img"}
    | {"table", "tr", "td", "th", "form", "input", "select", "option", "label", "button", "font", "center", "b", "i"}
)
"""Tags an old page may write capitalised (`<Table>`, `<Script>`): the element itself, never a component."""


def _rendered_tag(match: re.Match[str], table: dict[str, str]) -> str:
    name = match.group("name")
    if name in table:
        return f"<{match.group('end')}{table[name]}"
    if name.casefold() in HTML_TAGS:
        return match.group(0)
    parts = [part.casefold() for part in COMPONENT_PART.findall(name)]
    if parts[-1] in KEPT_PART:
        return match.group(0)
    if "item" in parts[:-1]:  # `<v-list-item-title>`: a line of a list, titled or not, never a heading
        return f"<{match.group('end')}div"
    return f"<{match.group('end')}{RENDERED_TAG.get(parts[-1], 'div')}"


SELF_CLOSED = re.compile(r"<(?P<tag>[A-Za-z][\w.:-]*)(?P<attrs>(?:\s[^<>]*?)?)\s*/>")
VOID_TAGS = frozenset(
    {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr", "path"}
)


SCRIPT_OPEN = re.compile(r"<(?P<tag>script|style)\b", re.I)


def _closed_scripts(html: str) -> str:
    """A component's `<script>` or `<style>` closed by its own slash, whose attribute is an expression holding
    `>` (bonuskarte-de's Astro `<script type="application/ld+json" set:html={JSON.stringify({… item => ({…})})} />`):
    an empty element. Read as HTML reads it, the slash closes nothing and the whole page after it is script."""
    if "/>" not in html:
        return html
    out: list[str] = []
    at = 0
    for opening in SCRIPT_OPEN.finditer(html):
        if opening.start() < at:
            continue
        end = _tag_end(html, opening.end())
        if end is not None and html[end - 1] == "/":
            tag = opening.group("tag")
            out += [html[at : opening.start()], f"<{tag}></{tag}>"]
            at = end + 1
    return "".join(out) + html[at:]


def _tag_end(html: str, at: int) -> int | None:
    """The index of the `>` that ends the tag whose attributes start at `at`: outside quoted values and a
    framework's `{…}` expressions, which may hold `>` ("=>") of their own. A quote opens a string only where a
    value or an expression may hold one (after `=`, or inside braces): a stray apostrophe in an unquoted value
    would otherwise run the tag on to a later `/>` and drop what lies between."""
    depth, quote = 0, ""
    for index in range(at, len(html)):
        char = html[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'`" and (depth or html[index - 1] == "="):
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            depth = max(0, depth - 1)
        elif char == ">" and not depth:
            return index
    return None


def _closed(match: re.Match[str]) -> str:
    tag = match.group("tag")
    if tag.casefold() in VOID_TAGS:
        return match.group(0)
    return f"<{tag}{match.group('attrs')}></{tag}>"


def _tabled(html: str) -> str:
    """Table rows and cells with no `<table>` around them (an Angular component's `<div class="table">` holding
    `<thead>` and `<tr>`s, which its compiler builds as written; a page's pricing rows kept without their table's
    opening) inside one table, as the page lays them out: an HTML parser drops such tags outside a table, and the
    rows would run into one line of text."""
    if TABLE_OPEN.search(html) is not None or (first := TABLE_PART_OPEN.search(html)) is None:
        return html
    end = max((close.end() for close in TABLE_PART_CLOSE.finditer(html, first.start())), default=len(html))
    return f"{html[: first.start()]}<table>{html[first.start() : end]}</table>{html[end:]}"


TABLE_OPEN = re.compile(r"<table\b", re.I)
TABLE_PART_OPEN = re.compile(r"<(?:thead|tbody|tr|th|td)\b", re.I)
TABLE_PART_CLOSE = re.compile(r"</(?:thead|tbody|tr|th|td)\s*>", re.I)


def _without_template_tags(html: str) -> str:
    """The page as its template shows it: a tag read as text would name a plan `{% trans "Professional" %}`, and
    the words of a condition's branches would run into one line with the free word between them."""
    if "{%" not in html and "{#" not in html and "{{" not in html and "<%" not in html and not BLADE_HINT.search(html):
        return html  # no template: the tag pattern, tried at every character, is spared
    if " if " in html:
        lang = _declared_lang(html)
        html = CONDITIONAL_PRINT.sub(lambda m: _branch_shown(m, lang), html)
    return TEMPLATE_TAG.sub(lambda m: next((said for key in SHOWN if (said := m.group(key))), " "), html)


CONDITIONAL_PRINT = re.compile(
    r"\{\{-?\s*(?P<q>[\"'])(?P<then>[^\"'{}]*)(?P=q)\s+if\s+(?P<cond>[^{}]*?)\s+else\s+"
    r"(?P<q2>[\"'])(?P<other>[^\"'{}]*)(?P=q2)\s*-?\}\}"
)
"""A print choosing between two written texts (Jinja's `{{ 'شهري' if lang == 'ar' else 'Monthly' }}`,
mcidia-en's plan names)."""
LANG_TEST = re.compile(
    r"^(?:lang|language|locale|current_lang\w*|get_locale\(\)|session\.get\([^()]*\))\s*==\s*"
    r"[\"'](?P<code>[A-Za-z]{2,3})(?:[-_][A-Za-z]{2})?[\"']$"
)
HTML_LANG = re.compile(r"<html\b[^>]*?\blang=[\"']?(?P<code>[A-Za-z]{2,3})", re.I)


def _declared_lang(html: str) -> str | None:
    found = HTML_LANG.search(html)
    return found.group("code").lower() if found else None


def _branch_shown(match: re.Match[str], lang: str | None) -> str:
    """The text such a print shows: where it tests the page's language and the page declares one, the branch for
    that language; else the branch after "else", what it shows when its condition fails (a language not set, a
    flag off), which is the page's default wording."""
    test = LANG_TEST.match(match.group("cond").strip())
    if test is not None and lang is not None and test.group("code").lower() == lang:
        return match.group("then")
    return match.group("other")


TERNARY_PRINT = re.compile(
    r"\{\s*(?P<cond>[^{}?:'\"`]{1,80}?)\s*\?\s*(?P<q>['\"`])(?P<then>[^'\"`{}]*)(?P=q)\s*:\s*"
    r"(?P<q2>['\"`])(?P<other>[^'\"`{}]*)(?P=q2)\s*\}"
)
"""A Svelte or JSX print choosing between two written texts (wajom-ms's `{isYearly ? '499' : '49'}` and
`/{isYearly ? 'tahun' : 'bulan'}` under a monthly/yearly switch)."""


def _ternary_prints(html: str) -> str:
    """The page as it first shows: each such print whose condition is a switch the page's script starts false or
    true (`let isYearly = $state(false)`, `let yearly = true`; `START_STATE`) as the branch it shows until the switch
    is flipped, as a Jinja print shows its "else" branch; and a Svelte block under the same condition (`{#if
    isYearly}` "RM41.58 / bulan" `{/if}`, the yearly price worked out per month) as it shows then: hidden or shown,
    its `{:else}` part the other way round. A print choosing between two prices on a billing switch
    (`{isYearly ? '499' : '49'}`) keeps the side it hides where a toggle's attribute would keep it
    (`data-price-yearly`), so both sides are read, as an Alpine binding's are (`_write_bound_text`). A flag naming
    a language holds as `LANGUAGE_FLAG` says."""
    if "? '" not in html and '? "' not in html and "? `" not in html:
        return html
    start = {m.group("name"): m.group("value") == "true" for m in START_STATE.finditer(html)}
    lang = _declared_lang(html)
    start |= {name: code.lower() == lang for name, code in LANGUAGE_FLAG.findall(html)}
    if not start:
        return html  # a condition the page starts neither way (a feature flag it imports) is left as written

    def holds(cond: str) -> bool | None:
        negated = cond.startswith("!")
        value = start.get(cond.lstrip("!").strip())
        return None if value is None else value != negated

    def printed(m: re.Match[str]) -> str:
        cond = m.group("cond").strip()
        if (value := holds(cond)) is None:
            return m.group(0)
        shown, hidden = (m.group("then"), m.group("other")) if value else (m.group("other"), m.group("then"))
        yearly = YEARLY_WORD.search(cond) is not None
        priced = all(PRICE_TEXT.search(t) or BARE_PRICE.match(t) for t in (shown, hidden)) and shown != hidden
        if m.string[m.start() - 1 : m.start()] == "=" or not priced or not (yearly or MONTHLY_WORD.search(cond)):
            return shown
        # the hidden branch is the one the condition picks when it does not hold now
        side = "yearly" if (not value) == (yearly != cond.startswith("!")) else "monthly"
        return f'<span data-price-{side}="{hidden}">{shown}</span>'

    html = TERNARY_PRINT.sub(printed, html)
    if "{#if" not in html:
        return html

    def shown(block: re.Match[str]) -> str:
        then, _, other = block.group("body").partition("{:else}")
        value = holds(block.group("cond").strip())
        return block.group(0) if value is None else then if value else other

    return SVELTE_IF.sub(shown, html)


LANGUAGE_FLAG = re.compile(r"(?<![\w$.])(?P<name>is(?P<code>Zh|En|Fr|De|Es|Pt|It|Ja|Ko|Ru|Ar|Tr|Nl|Pl|Vi|Id))(?![\w$])")
"""A flag naming a language (`isZh`, set from the path: sshconfigmanager-en's `{isZh ? '海外用户 (itch.io)' : 'Global
Users (itch.io)'}`): it holds only where the page declares that language, and a component declaring none shows
its default wording, the branch after the colon, as a Jinja print testing the language shows its "else" branch."""
START_STATE = re.compile(
    r"\b(?:let|var|const)\s+(?:\[\s*)?(?P<name>[A-Za-z_$][\w$]*)(?:\s*,\s*[A-Za-z_$][\w$]*\s*\])?\s*=\s*"
    r"(?:\$state\(\s*|(?:React\.)?useState\(\s*|ref\(\s*)?(?P<value>false|true)\b"
)
"""A switch the page's script starts false or true (Svelte's `let isYearly = $state(false)`, `let annual = false`,
`let yearly = true`, React's `const [yearly, setYearly] = useState(false)`, Vue's `const yearly = ref(false)`)."""
SVELTE_IF = re.compile(r"\{#if\s+(?P<cond>[^{}]{1,80})\}(?P<body>(?:(?!\{#if\b).)*?)\{/if\}", re.S)


@dataclass(frozen=True)
class Extraction:
    title: str | None
    plans: list[PricePlan]
    methods: list[str]


def extract(html: str, url: str) -> Extraction:
    """Every price the page publishes, most reliable method first, deduplicated."""
    tree = LexborHTMLParser(_tabled(_without_template_tags(_ternary_prints(_component_markup(html)))))
    _draw_css_signs(tree)
    _drop_icon_ligatures(tree)
    _drop_permalinks(tree)
    _join_raised_cents(tree)
    _read_stat_cells(tree)
    _write_letter_signs(tree, url)
    _write_bound_text(tree)
    _write_toggle_options(tree)
    fallback = _host(url)
    page = page_context(tree, fallback)
    offers = jsonld_plans(tree, fallback)
    microdata = microdata_plans(tree, fallback)
    struck = struck_classes(tree)
    _drop_unreachable_panes(tree)
    _drop_placeholders(tree)
    _drop_calculators(tree)
    _drop_slider_results(tree)
    tree.strip_tags(INVISIBLE_TAGS[:-1])  # tables are read as a reader sees them; app state is read above
    markdowns = struck_markdowns(tree, struck, page.yen)
    drop_struck(tree, struck)
    offers = _offers_marked_down(offers, markdowns, tree, page.yen)
    tables, used = table_plans(tree, page)
    state = app_state_plans(LexborHTMLParser(html))
    for table in used:  # a section heading over a priced table is not a plan card priced by its first cell
        table.decompose()
    tree.strip_tags(INVISIBLE_TAGS)
    _drop_code_blocks(tree)
    _drop_versus_strips(tree)
    _drop_aria_tables(tree)
    _drop_count_up_placeholders(tree)
    _drop_restating_stats(tree, page.yen)
    lists: list[LexborNode] = []
    rate_lists = rate_list_plans(tree, page, lists)
    cards = _without_listed(heuristic_plans(tree, page), tree, lists, rate_lists)
    offers, microdata, tables, state, cards, rate_lists = (
        _plainly_named(plans) for plans in (offers, microdata, tables, state, cards, rate_lists)
    )
    found: list[PricePlan] = []
    kept = _offers_beside_cards(offers, cards)
    tables = _tables_restating_cards(tables, cards)
    tables = _without_rivals(tables, offers, fallback, _site_name(tree))
    for plans in (kept, microdata, tables, state, cards, rate_lists):
        _merge(found, plans)
    _merge_other_sides(found, kept, cards)
    if all(plan.amount is None for plan in found):  # no method gave a price: the page may say it only in a sentence
        _merge(found, _plainly_named(prose_plans(tree, page)))
    if all(plan.amount is None for plan in found):  # or only on the button that buys it
        _merge(found, _plainly_named(button_plans(tree, page)))
    found = _bands_of_a_rate(found)
    found = _terms_of_a_plan(found)
    found = [
        plan
        for plan in found
        if not TOTAL_NAME.match(plan.plan)
        and not SHARED_NAME.match(plan.plan)
        and not QUESTION.search(plan.plan)
        and not _unit_as_name(plan.plan)
    ]
    found = _without_shown_summaries(_named_where_others_are(_without_lead_sentences(found)), _aggregate_lows(html))
    found = _once(_resolve_signs(found, _declared_dollar(page, offers, found)))
    methods = [m for m in METHODS if any(p.method == m for p in found)]
    return Extraction(title=page_title(html), plans=found, methods=methods)


SENTENCE = re.compile(r"^\S+(?:\s+\S+){2,}(?<=[^\W\d_]{2})\.$")
"""Three words or more ending in a full stop: a sentence ("One setup fee. One monthly price. Never a cut of your
sales.", "What a typical member actually costs."), not a name, which a style may end in a stop but is short."""


ASKED = re.compile(
    r"^(?:what(?:['’]s)?|how|why|when|where|which|что|как|почему|зачем|qu[ée]|c[óo]mo|por\s+qu[ée]|qu['’]est|"
    r"comment|pourquoi|was|wie|warum|o\s+que|porque|cosa|perch[ée])(?![^\W\d_])",
    re.I,
)
"""A line opening with a question word, its mark left off ("What You Receive", "How little it costs to connect",
"Что входит в каждый план", "Que incluye"): a section's heading over what it explains, never a plan's name."""


FREE_TRIAL = re.compile(
    r"\bfree\s+trial\b|\b\d+\s*-?\s*days?\s+free\b|\bdagen\s+gratis\b|\b(?:semaines?|jours?)\s+gratuit(?:e?s)?\b|"
    r"\bessai\s+gratuit\b|\bprueba\s+gratis\b|\bteste\s+gr[áa]tis\b|\bkostenlos\s+testen\b",
    re.I,
)
"""A free trial's offer ("30-Day Free Trial", "Claim 28 Days Free Trial", "3 dagen gratis", "Deux semaines
gratuites")."""


CALL_NAME = re.compile(
    r"^(?:subscribe(?:\s+now)?|get\s+started(?:\s+(?:today|now))?|sign\s+up(?:\s+now)?|buy\s+now|start\s+now|"
    r"order\s+now|learn\s+more|scroll\s+down|contact\s+(?:us|sales)|get\s+in\s+touch|book\s+a\s+(?:demo|call)|"
    r"choose\s+(?:a\s+)?payment\s+method|payment\s+process|subscription\s+activated|no\s+active\s+subscription)"
    r"[.!]?$",
    re.I,
)
"""A button's call or an account's state taken for a name ("Get Started Today", "Contact Sales", "Choose Payment
Method", "Subscription activated"): what the page asks or tells the reader, never what a plan is called."""


def _paid_free_trial(plan: PricePlan) -> bool:
    """Whether a free trial's offer names a price above nothing (slate-en's "30-DAY FREE TRIAL" over "$5 per user
    / month"): the badge over the plan's price, not its name; a trial priced at nothing is the free plan."""
    return bool(plan.amount) and FREE_TRIAL.search(plan.plan) is not None


def _without_lead_sentences(plans: list[PricePlan]) -> list[PricePlan]:
    """The page's prices less those named by a sentence, by a heading opening with a question word, by a button's
    call, or by a free trial's offer priced above nothing, where others are named otherwise: klar-en's lead "One
    setup fee. One monthly price. Never a cut of your sales." and its "What decides your setup fee" over its
    cards, objectivedone-en's worked example "What a typical member actually costs.", simbase-en's "How little it
    costs to connect", goshare-en's "Choose Payment Method", vakento-nl's "3 dagen gratis" over €29. A page priced
    only under such a line keeps it: it is all the page says its price is for."""
    return _beside_others(
        plans,
        lambda plan: (
            bool(SENTENCE.match(plan.plan) or ASKED.match(plan.plan) or CALL_NAME.match(plan.plan))
            or _paid_free_trial(plan)
        ),
    )


def _named_where_others_are(plans: list[PricePlan]) -> list[PricePlan]:
    """The page's prices less those no name was found for, where others have one (booogle-en's third card, its
    name lost among ribbons, beside "Premium" and "Pro"; kaptan-en's service list): a price the feed cannot say
    whose it is tells a reader nothing beside named plans. A page whose every price is unnamed (one product, one
    price) keeps them: the price is the page's own."""
    return _beside_others(plans, lambda plan: not plan.plan)


def _beside_others(plans: list[PricePlan], unnamed: Callable[[PricePlan], bool]) -> list[PricePlan]:
    """The prices less those `unnamed` says name no plan, where some others do; all of them where none does."""
    flagged = [unnamed(plan) for plan in plans]
    if all(flagged) or not any(flagged):
        return plans
    return [plan for plan, drop in zip(plans, flagged, strict=True) if not drop]


def _plainly_named(plans: list[PricePlan]) -> list[PricePlan]:
    """Each method's plans without the pictures around their names ("★ Premium" in a table's head, "PME en
    croissance 🚀" on a card) and the full stop a short name ends in as a style ("Autonomous capture.", "Custom."
    on spaceport-en's cards): the name a reader quotes, so one plan read by two methods is one plan. A name that
    is only a template's print of a variable (`{{ t.pricing_free }}`, `{{ $plan['name'] }}`, Smarty's
    `{#free_account#}`) is filled in by the server and names nothing on the page as committed: the card is still a
    card, but unnamed."""
    return [
        plan if (name := _name_as_quoted(plan.plan)) == plan.plan else plan.model_copy(update={"plan": name})
        for plan in plans
    ]


def _name_as_quoted(name: str) -> str:
    """One method's plan name as `_plainly_named` keeps it."""
    if VARIABLE_PRINT.match(name):
        return ""
    name = DECORATIVE_STOP.sub(r"\1", without_pictographs(PROMPT_LEAD.sub("", name)))
    return UPGRADE_CALL.sub("", name)


PROMPT_LEAD = re.compile(r"^(?:>{2,3}|[»›]{1,2}|//)\s+(?=\S)")
"""A terminal-style mark drawn before a name and set off by a space (kordbio-en's `<h2>>> BIT_CITIZEN</h2>`,
"» Pro", "// Team"): a decoration, never part of the name. A single ">" is a bound ("> 300B", a band of model
sizes) and stays."""


VARIABLE_PRINT = re.compile(r"^\s*(?:\{\{[^{}]*\}\}|\{#\w+#\}|\{\$?[\w.\[\]'\"]+\}|\$\{[^{}]*\})\s*$")
"""A whole name that is one print of a server or script template's variable: Jinja/Blade `{{ … }}`, Smarty's
`{#key#}`, `{product}` and `${name}` placeholders."""


DECORATIVE_STOP = re.compile(r"^(?=[^.?!]*\.$)((?:[^\W\d_][\w'’-]*\s+){0,3}[^\W\d_][\w'’-]{2,})\.$")
"""A name of one to four words with one full stop, at its end: a style, not a sentence or an abbreviation ("sp. z
o.o.", "No commitment. Pay per month." keep theirs)."""


def _drop_code_blocks(tree: LexborHTMLParser) -> None:
    """A code block (`<pre>`) shows source text, no offer: "awk '{node=$1}'" is a field of awk, not $1. Read after
    the tables, so a price table drawn inside a `<pre>` is not lost, but before the cards and the prose. A FAQ
    question (`<summary>` ending in "?") quoting a price asks about it: no offer either."""
    body = tree.body
    if body is None:
        return
    for block in body.css("pre"):
        block.decompose()
    for summary in body.css("summary"):
        text = summary.text(separator=" ").strip()
        if text.endswith(("?", "？")) and PRICE_TEXT.search(text):
            summary.decompose()  # a FAQ question quoting a price ("Is the Student plan really worth ₹299?")


COUNT_UP_TARGET = re.compile(r"^\s*-?\d[\d.,]*\s*$")


def _drop_count_up_placeholders(tree: LexborHTMLParser) -> None:
    """An animated counter (`<div data-count="51000" data-prefix="$">$0</div>` in an ROI stat block) shows a
    placeholder its script counts up to the figure in `data-count`: the "$0" is no price, and the figure a stat,
    not an offer; so is a counter classed for its script showing a run of zeros ("0000") with no target written.
    Dropped before the cards and the prose; a counter showing its own figure stays."""
    body = tree.body
    if body is None:
        return
    for node in body.css("[data-count]"):
        target = node.attributes.get("data-count") or ""
        if not COUNT_UP_TARGET.match(target):
            continue
        shown = re.sub(r"\D", "", node.text(separator=" "))
        if shown != re.sub(r"\D", "", target):
            node.decompose()
    for node in body.css(COUNTER_CLASSES):
        if ZEROS.match(node.text(separator=" ")):
            node.decompose()  # hidoc-es's "Anual $<span class="amount odometer">0000</span>": the digits to roll


COUNTER_CLASSES = "[class*='odometer'], [class*='countup'], [class*='count-up'], [class*='counter']"
"""Elements a counting script animates (Odometer.js's `odometer`, CountUp.js's `countup`)."""
ZEROS = re.compile(r"^\s*0{2,}\s*$")
"""A run of zeros such a counter shows before it rolls to its figure ("0000"): no amount, and nothing like "0"."""


def _without_listed(
    cards: list[PricePlan], tree: LexborHTMLParser, lists: list[LexborNode], rates: list[PricePlan]
) -> list[PricePlan]:
    """The card plans but those a card takes from a rate card it holds: "Paid Plans" over a list of "Basic:
    ₹99/month" and "Pro: ₹499 lifetime" is no plan at ₹99 and ₹499; the items name their plans."""
    if not lists:
        return cards
    holding: set[str] = set()
    for card, name in plan_cards(tree):
        if any(card.mem_id in ancestor_ids(listing) for listing in lists):
            holding.add(name.casefold())
    listed = {(rate.amount, rate.currency) for rate in rates}
    return [p for p in cards if not (p.plan.casefold() in holding and (p.amount, p.currency) in listed)]


ACTIVE_CLASS = re.compile(r"(?:^|[-_\s])(?:active|current|selected|show)(?=$|[-_\s])", re.I)


STAT_CLASS = re.compile(r"(?:^|[-_\s])stats?(?=$|[-_\s])", re.I)
"""A class naming a figure shown as a statistic (`pricing-stat`, `pricing-proof-stats`, `hero-stat`)."""


def _drop_restating_stats(tree: LexborHTMLParser, yen: str) -> None:
    """A block classed as a statistic whose every price the page shows again outside such blocks (4ds-nexus-en's
    hero `a.pricing-stat` "From R799" over "Core / month", linking to the Core card priced "R799 / month"; its
    proof strip's "R799" over "Core platform per month") sums the plans up: the cards price them, under their
    names. It goes before the cards take it for a plan named by the text around it. A statistic whose figure the
    page says nowhere else is left to the readers."""
    stats = _outermost(
        _body_blocks(
            tree,
            lambda node: (
                bool(STAT_CLASS.search(node.attributes.get("class") or ""))
                and bool(price_matches(node.text(separator=" ")))
            ),
        )
    )
    if not stats or tree.body is None:
        return
    inside = Counter(a for node in stats for a in _shown_amounts(node.text(separator=" "), yen))
    shown = Counter(_shown_amounts(tree.body.text(separator=" "), yen))
    restating = [
        node
        for node in stats
        if (amounts := _shown_amounts(node.text(separator=" "), yen)) and all(shown[a] > inside[a] for a in amounts)
    ]
    for node in restating:
        node.decompose()


def _shown_amounts(text: str, yen: str) -> list[Decimal]:
    """The amounts of the prices a text shows, as the card reader would read them."""
    return [price.amount for match in price_matches(text) if (price := text_price(match, yen)) is not None]


def _drop_versus_strips(tree: LexborHTMLParser) -> None:
    """A row of priced blocks split by elements saying only "VS" ("Time humano equivalente R$ 35.000+/mês"
    VS "Orbit Advanced R$ 1.950/mês"; "Aegis Pro $29/mo" vs "TrendSpider $89/mo" vs "Bloomberg $2,665/mo")
    weighs the product against what it replaces or competes with: a comparison, not plans. So does a row split
    by "+" and ending in "=" (voiceai-en's "£2 Number Rental" + "~£10 Typical Usage" = "£12/mo Average Total"):
    a worked sum of what a month may cost. It goes before the cards; a row where any block is unpriced, or any
    other child stands between two blocks, is left."""
    body = tree.body
    if body is None:
        return
    strips = []
    for node in body.css("div, section, ul"):
        children = [c for c in node.iter() if c.tag not in ("-text", "-comment", "br")]
        if len(children) < 3 or len(children) % 2 == 0:
            continue
        texts = [_clean(c.text(separator=" ")) for c in children]
        marks = texts[1::2]
        weighed = all(VERSUS.match(text) for text in marks) or (
            all(text in SUM_MARKS for text in marks) and marks[-1] in ("=", "≈")
        )
        if weighed and all(price_matches(text) for text in texts[::2]):
            strips.append(node)
    for node in strips:
        node.decompose()


SUM_MARKS = frozenset({"+", "=", "≈", "＋", "＝"})
"""The marks of a sum written out in elements of their own."""


CALCULATOR_MARK = re.compile(
    r"(?:^|[-_\s])(?:calc|calculator|roi|estimator|savings)(?=$|[-_\s])|[a-z](?:Calc|Calculator|Estimator)(?=$|[-_\s])"
)
"""A class or id naming a calculator (`roi-calc`, `calc-grid`, `savingsCalculator`)."""


def _drop_calculators(tree: LexborHTMLParser) -> None:
    """A block named as a calculator that asks for quantities (sliders, number fields) works costs out of the
    visitor's numbers: its rows ("Regional retainer, per year $168,000", "Traditional SaaS (Annual) ₹5,99,400",
    the slider's "₹199" and "₹5,000" ends) are results and examples, no plan's price. It goes before any reader
    sees the page. A calculator without a field (a static example) is left to the card reader's own checks."""
    _decompose_outermost(
        _body_blocks(
            tree,
            lambda node: (
                bool(CALCULATOR_MARK.search(f"{node.attributes.get('class') or ''} {node.attributes.get('id') or ''}"))
                and asks_quantities(node)
            ),
        )
    )


SLIDERS = '[role="slider"], [data-slot="slider"], input[type="range"]'
MAX_SLIDER_CLIMB = 3
SLIDER_COUNT = re.compile(r"\d[\d,.\s]*")


def _drop_slider_results(tree: LexborHTMLParser) -> None:
    """A row of a usage estimator drawn with a slider (thorbis-en's "AI Phone Answering", "$0.18 per minute", then
    "$9.00" over "50" beside a Radix slider): the bare figure over the slider's count is what that many units cost,
    worked out, and the rate beside it is the price. The figure goes before the card reader takes it for the
    row's flat price; a row whose only figure is that result keeps it."""
    body = tree.body
    if body is None:
        return
    results: list[LexborNode] = []
    for slider in body.css(SLIDERS):
        row, text = slider.parent, ""
        for _ in range(MAX_SLIDER_CLIMB):
            if row is None or price_matches(text := row.text(separator=" ")):
                break
            row = row.parent
        if row is None or row.tag == "body":
            continue
        found = [node for node in row.traverse() if node is not row and _result_over_count(node)]
        rates = [m for m in price_matches(text) if UNIT_LEAD.match(text[match_end(m) :])]
        if found and rates:
            results.extend(found)
    _decompose_outermost(results)


def _result_over_count(node: LexborNode) -> bool:
    """An element showing only a bare price (no per-what after it) whose next element shows only a count."""
    if node.tag in ("-text", "-comment") or any(child.tag not in ("-text", "-comment") for child in node.iter()):
        return False
    text = " ".join(node.text().split())
    matches = price_matches(text)
    if len(matches) != 1 or matches[0].start() != 0 or match_end(matches[0]) < len(text):
        return False
    count = node.next
    while count is not None and count.tag in ("-text", "-comment") and not count.text().strip():
        count = count.next
    return (
        count is not None
        and count.tag not in ("-text", "-comment")
        and bool(SLIDER_COUNT.fullmatch(count.text().strip()))
    )


def _drop_aria_tables(tree: LexborHTMLParser) -> None:
    """A table drawn with `div`s and ARIA roles (`role="table"` over `role="row"` over cells) compares: cost by
    team size ("10" | "₹1.44L" | "₹49K" | "Save ₹95K"), or features by plan. Its rows are no plan cards, their
    header cell no plan's name, and the block around it no card priced by its cells; it goes before the card
    reader, as a `<table>` the grid reader has read does."""
    body = tree.body
    if body is None:
        return
    _decompose_outermost(body.css('[role="table"], [role="grid"], [role="treegrid"]'))


def _decompose_outermost(nodes: list[LexborNode]) -> None:
    """Remove the nodes from the tree: those inside another of them go with it, never twice."""
    for node in _outermost(nodes):
        node.decompose()


def _outermost(nodes: list[LexborNode]) -> list[LexborNode]:
    """The nodes inside none of the others."""
    ids = {node.mem_id for node in nodes}
    return [node for node in nodes if not ancestor_ids(node) & ids]


def _body_blocks(tree: LexborHTMLParser, picks: Callable[[LexborNode], bool]) -> list[LexborNode]:
    """The elements of the page's body that `picks` marks, the body itself aside, in the order they are read."""
    body = tree.body
    return [] if body is None else [node for node in body.traverse() if node.tag != "body" and picks(node)]


INVISIBLE_CLASS = re.compile(r"(?:^|\s)invisible(?=$|\s)")
"""Bootstrap's and Tailwind's `invisible` (visibility: hidden): the element keeps its room in the layout and shows
nothing; no toggle ever makes it visible again the way `display: none` sides are."""


MAX_PLACEHOLDER_WORDS = 3
"""A placeholder keeps a badge's or a line's room: a word or two. A whole page or section hidden by inline style
until a script shows it (qianfan-intl-api's `<div class="html is-desktop" style="visibility:hidden">`, edibio-en's
fade-in wrapper) is the page itself."""


SAVING_CLASS = re.compile(r"(?:^|[-_\s])savings?(?:$|[-_\s])", re.I)
"""An element classed as a saving (sakinafinance-fr's `span.price-savings` "Économisez 20% · XOF 119 880/an" under
the yearly side's "XOF 39 900" "/ mois, facturé annuellement", kesefle-ru's hidden `p.kfl-savings`): it says what
the other side saves or totals, never a price of its own."""


def _drop_placeholders(tree: LexborHTMLParser) -> None:
    """An element kept in the layout but never shown (`<div class="plan-price invisible">₹0/month</div>` on a
    contact card, autodl-en; a badge's room kept by inline `visibility:hidden` holding the word "placeholder" over
    evntry-en's free card): a placeholder holding the row's height, no price and no name; so is a note classed as
    a saving (`SAVING_CLASS`). Dropped before any reader; an element made visible by a toggle is hidden by
    `display`, which this leaves alone."""
    body = tree.body
    if body is None:
        return
    for node in body.css("[class]"):
        klass = node.attributes.get("class") or ""
        if (INVISIBLE_CLASS.search(klass) or SAVING_CLASS.search(klass)) and PRICE_TEXT.search(
            node.text(separator=" ")
        ):
            node.decompose()  # a whole price; a digit roller's spare digits (`span.invisible` "7") stay
    for node in body.css("[style]"):
        style = (node.attributes.get("style") or "").replace(" ", "").lower()
        text = node.text(separator=" ")
        if "visibility:hidden" in style and re.search(r"[^\W\d_]", text) and len(text.split()) <= MAX_PLACEHOLDER_WORDS:
            node.decompose()  # evntry-en's `<div class="plan-badge" style="visibility:hidden">placeholder</div>`


def _drop_unreachable_panes(tree: LexborHTMLParser) -> None:
    """A tab panel (`role="tabpanel"`) that is not the one shown and whose tab (`aria-labelledby`) is no
    element of the page can never be opened: no reader sees it (a site builder's leftover pane of template
    plans). A hidden panel whose tab exists is a view a reader can switch to, and stays."""
    body = tree.body
    if body is None:
        return
    ids = {(node.attributes.get("id") or "").strip() for node in body.css("[id]")}
    for panel in body.css("[role]"):
        if (panel.attributes.get("role") or "").strip().casefold() != "tabpanel":
            continue
        labelled = (panel.attributes.get("aria-labelledby") or "").split()
        if not labelled or ACTIVE_CLASS.search(panel.attributes.get("class") or ""):
            continue
        if not any(label in ids for label in labelled):
            panel.decompose()


CSS_SIGN = re.compile(r"^(?P<side>before|after):content-\[(?P<q>['\"])(?P<sign>[^'\"\]]{1,4})(?P=q)\]$")
"""A Tailwind arbitrary `content` on the element's `::before` / `::after` (`before:content-['$']`), unprefixed:
`md:before:content-['-$']` is a variant for wide screens, the plain one is what every screen shows."""


ICON_SIGNS = {
    **dict.fromkeys(("fa-dollar", "fa-usd", "fa-dollar-sign", "bi-currency-dollar"), "$"),
    **dict.fromkeys(("fa-euro", "fa-eur", "fa-euro-sign", "bi-currency-euro"), "€"),
    **dict.fromkeys(("fa-gbp", "fa-pound-sign", "fa-sterling-sign", "bi-currency-pound"), "£"),
    **dict.fromkeys(("fa-inr", "fa-rupee", "fa-rupee-sign", "fa-indian-rupee-sign", "bi-currency-rupee"), "₹"),
    **dict.fromkeys(("fa-try", "fa-turkish-lira", "fa-turkish-lira-sign", "fa-lira-sign", "bi-currency-lira"), "₺"),
    **dict.fromkeys(("fa-rub", "fa-ruble", "fa-rouble", "fa-ruble-sign"), "₽"),
    **dict.fromkeys(("fa-krw", "fa-won", "fa-won-sign"), "₩"),
    **dict.fromkeys(("fa-ils", "fa-shekel", "fa-sheqel", "fa-shekel-sign"), "₪"),
    **dict.fromkeys(("fa-jpy", "fa-yen", "fa-cny", "fa-rmb", "fa-yen-sign", "bi-currency-yen"), "¥"),
    "fa-brazilian-real-sign": "R$",
    "fa-naira-sign": "₦",
}
"""Icon-font classes that draw a currency sign (Font Awesome 4-6, Bootstrap Icons): anonyazilim-tr's `<i class="fa
fa-turkish-lira"></i><span>59.90</span>` shows "₺59.90", and its text holds no sign at all."""


def _draw_css_signs(tree: LexborHTMLParser) -> None:
    """Write into the text a currency sign the page draws with a style class (`<span class="before:content-['$']">
    36</span>` reads "$36" on screen) or an icon font (`<i class="fa fa-euro"></i>`): a sign, never other drawn
    text (a dash, an arrow, a bullet)."""
    root = tree.body
    if root is None:
        return
    for node in list(root.traverse()):
        icon = next((ICON_SIGNS[k] for k in (node.attributes.get("class") or "").split() if k in ICON_SIGNS), None)
        if icon is not None and not node.text().strip():
            node.insert_child(icon)
            continue
        for klass in (node.attributes.get("class") or "").split():
            match = CSS_SIGN.match(klass)
            if match is None:
                continue
            sign = match.group("sign").replace("_", " ").strip()
            if not sign or vocab_currency_code(sign, "¥") is None:
                continue
            first, last = node.child, node.last_child
            if match.group("side") == "before":
                if first is not None and first.tag == "-text":
                    first.replace_with(sign + (first.text(deep=False) or "").lstrip())  # one text: "$36"
                elif first is not None:
                    first.insert_before(sign)
                else:
                    node.insert_child(sign)
            elif last is not None and last.tag == "-text":
                last.replace_with((last.text(deep=False) or "").rstrip() + " " + sign)  # "36 €"
            elif last is not None:
                last.insert_after(sign)
            else:
                node.insert_child(sign)


def _offers_beside_cards(offers: list[PricePlan], cards: list[PricePlan]) -> list[PricePlan]:
    """When the page shows priced plan cards, they decide which JSON-LD offers are prices. An offer no card
    shows is stale metadata (Starter, Pro, Business beside the credit packs the page sells now): it goes.
    An offer a card shows under another name is that card said again ("Free Lifetime Plan" for "मुफ़्त
    योजना", "YOMUVIA Pro Monthly" for "PRO", the product's own name for "Premium"): it goes too, so the
    card's entry stays under the name the page shows. An offer a card shows under its own name stays, the
    structured figure winning as everywhere else. A page with no priced card keeps all its offers."""
    priced = [card for card in cards if card.amount is not None]
    if not priced:
        return offers

    def shown_as_named(offer: PricePlan) -> bool:
        return any(
            card.plan.casefold() == offer.plan.casefold()
            and card.amount == offer.amount
            and card.currency in (None, offer.currency)
            and (offer.period is None or card.period in (None, offer.period))
            for card in priced
        )

    custom = {card.plan.casefold() for card in cards if card.custom}

    def said_again(offer: PricePlan) -> bool:
        """An offer without an amount beside a custom card of another name is that card said again ("Enterprise
        Plan" in JSON-LD for the card "エンタープライズ版"), and so is one whose name holds a priced card's name
        as whole words ("AdShorts AI PRO", no price, for the card "PRO" at $24): the card gives its price."""
        if offer.amount is not None:
            return False
        if any(card.plan.casefold() != offer.plan.casefold() and _holds_name(offer.plan, card.plan) for card in priced):
            return True
        return bool(custom) and offer.plan.casefold() not in custom

    def said_better(offer: PricePlan) -> bool:
        """An offer with no period nor unit whose price a card of its name shows with a period ("$8" beside the
        card's "$8" "/month"), the card's other prices of the plan being lower (its toggle's discounted side,
        "$6.40"): the card says more, and gives the plan's prices. A card price above the offer's (a feature
        line's "$80 value") leaves the offer the plan's price."""
        if offer.amount is None or offer.period is not None or offer.unit is not None:
            return False
        same = [card for card in priced if card.plan.casefold() == offer.plan.casefold()]
        shown = any(
            card.amount == offer.amount and card.currency == offer.currency and card.period is not None for card in same
        )
        return shown and all(card.amount is not None and card.amount <= offer.amount for card in same)

    def free_in_words(offer: PricePlan) -> bool:
        """A zero offer ("price": "0", "priceCurrency": "USD") for a card that says free only in words ("Free"):
        a zero costs nothing in any currency, and the card gives the plan as the page shows it."""
        return offer.amount == 0 and any(
            card.plan.casefold() == offer.plan.casefold() and card.amount == 0 and card.currency is None
            for card in priced
        )

    return [
        offer
        for offer in offers
        if ((offer.amount is None and not said_again(offer)) or shown_as_named(offer))
        and not said_better(offer)
        and not free_in_words(offer)
    ]


def _tables_restating_cards(tables: list[PricePlan], cards: list[PricePlan]) -> list[PricePlan]:
    """A table column whose every price is a priced card's amount, in rows no card is named after, restates the
    cards per row (a "Founding price" column giving each vertical its tier's "$1,997/mo"): the cards give those
    prices, the column goes. Only a column of two or more rows; a column with one amount no card shows, or a row
    named as a card, stays, and a free row restates no card (immoconnect-fr's tiers at "0 €" per contact)."""
    priced = {card.amount for card in cards if card.amount}  # a free row tells of no card: every card may be free
    names = {card.plan.casefold() for card in cards}
    if not priced:
        return tables
    columns: dict[tuple[str, str | None], list[PricePlan]] = {}
    for plan in tables:
        columns.setdefault((plan.dimension, plan.section), []).append(plan)
    restating = {
        key
        for key, rows in columns.items()
        if len(rows) >= 2 and all(row.amount in priced and row.plan.casefold() not in names for row in rows)
    }
    return [
        plan for plan in tables if (plan.dimension, plan.section) not in restating and not _restates_a_card(plan, cards)
    ]


def _restates_a_card(row: PricePlan, cards: list[PricePlan]) -> bool:
    """Whether a table row is a card said again under a longer name: "KaçNet Premium Haftalık" at 59,99 TL in a
    summary table under the card "Haftalık" at 59,99 TL. The row's name holds the card's name as whole words and
    the amounts and currencies agree; the card's name is the page's own for the plan. So is a row named by the
    card's name's last words ("Lite" and "Pro" in seoagent-en's comparison table, the cards "SEO Agent Lite" and
    "SEO Agent Pro"). So is a row naming a card and showing one side of the card's billing toggle (lightspeed-en's
    "Monthly price | $79 /mo" under the card "Starter" at $79 a month or $63 a year): the card holds both sides."""
    if row.amount is None:
        return False
    words = row.plan.casefold().split()
    for card in cards:
        if (card.plan.casefold(), card.dimension, card.amount) == (row.plan.casefold(), row.dimension, row.amount) and (
            row.unit in (None, card.unit) and len(_sides(card, cards)) > 1
        ):
            return True  # the card's shown side again in a comparison table's "Monthly price" row: the card has both
        free = card.amount == row.amount == 0 and None in (card.currency, row.currency)  # "Free" beside "£0"
        if card.amount != row.amount or (card.currency != row.currency and not free) or card.dimension != row.dimension:
            continue
        name = card.plan.casefold().split()
        if name and len(name) < len(words) and any(words[at : at + len(name)] == name for at in range(len(words))):
            return True
        if words and len(words) < len(name) and name[-len(words) :] == words and card.unit == row.unit:
            return True  # "Lite" in a comparison table under the card "SEO Agent Lite": the product's name set aside
    return False


def _sides(card: PricePlan, cards: list[PricePlan]) -> set[float | None]:
    """The amounts the cards price the card's plan's dimension at: two when a billing toggle gave both sides."""
    return {other.amount for other in cards if other.plan == card.plan and other.dimension == card.dimension}


def _site_name(tree: LexborHTMLParser) -> str:
    """The name the site gives itself for link previews (`<meta property="og:site_name" content="Thorbis">`)."""
    meta = tree.css_first('meta[property="og:site_name"]')
    return _clean(meta.attributes.get("content") or "") if meta is not None else ""


def _without_rivals(tables: list[PricePlan], offers: list[PricePlan], host: str, site: str) -> list[PricePlan]:
    """A table comparing the page's own product with others ("Account Password Helper | Bitwarden | 1Password |
    Chrome Built-in", a row "Price"): the column named as the page's product is its price, the others are rivals'
    prices, none of this page's. The own product is the one a JSON-LD offer names, the page's host spells
    ("accountpasswordhelper.com") or the site calls itself (`og:site_name` "Thorbis" over rows ServiceTitan,
    Jobber, ..., Thorbis). Read per table (entries sharing a section): only where exactly one of three or more
    names is the page's own."""
    own = {name_key(offer.plan) for offer in offers if offer.plan}
    if site:
        own.add(name_key(site))
    brand = name_key(host.split(".")[0]) if host else ""
    groups: dict[str | None, set[str]] = {}
    for plan in tables:
        groups.setdefault(plan.section, set()).add(plan.plan)
    rivals: set[tuple[str | None, str]] = set()
    for section, names in groups.items():
        mine = {name for name in names if name_key(name) in own or (len(brand) >= 5 and name_key(name) == brand)}
        if len(names) >= 3 and len(mine) == 1:
            rivals |= {(section, name) for name in names - mine}
    return [plan for plan in tables if (plan.section, plan.plan) not in rivals]


QUESTION = re.compile(r"[?？؟]\s*$")
"""A name that asks ("Are there any setup fees?" over "normally $997" in leadaisy-en's questions drawn as a grid):
a question and its answer, which quotes prices, whichever reader took it for a plan."""


UNIT_LEAD = re.compile(r"^\s*(?:/|per\b)", re.I)


def _unit_as_name(name: str) -> bool:
    """A name that is only what a price is per ("/ 千tokens" in its own `<span>` after "0.72 元" in zhipu's add-on
    quote, heldout60): the tail of the price beside it, never the plan's name, so the entry is dropped."""
    return bool(UNIT_LEAD.match(name)) and usage_unit(name) is not None


SHARED_NAME = re.compile(
    r"^(?:(?:all|every)\s+plans?\s+(?:includes?|come\s+with|get|have|offer)|included\s+in\s+(?:all|every)\s+plans?|"
    r"alle\s+(?:pläne|tarife|pakete)\s+(?:enthalten|beinhalten|bieten|inklusive)|in\s+allen\s+(?:plänen|tarifen)|"
    r"tous\s+les\s+(?:plans|forfaits|abonnements|offres)\s+(?:incluent|comprennent)|inclus\s+dans\s+tous|"
    r"todos\s+los\s+planes\s+incluyen|incluido\s+en\s+todos|todos\s+os\s+planos\s+incluem|"
    r"tutti\s+i\s+piani\s+includono|alle\s+abonnementen)\b",
    re.I,
)
"""A heading over what every plan has ("All plans include", "Alle Pläne enthalten", "Tous les plans incluent"):
a panel of shared features beside the cards, no plan, whatever its small print says."""


TERM_NAME = re.compile(
    r"^(?:\d{1,2}\s*(?:months?|monate?n?|mois|mes(?:es)?|mesi|maanden|ay|месяц(?:а|ев)?|мес\.?|ヶ月|か月|个月|個月|개월)|"
    r"(?:1|one|ein|un|uno|um)\s+(?:year|jahr|an|año|anno|ano))$",
    re.I,
)
"""A name that is a billing term ("6 Monate", "12 months", "1 year"), or a period word ("Monatlich", "Annual")."""


def _terms_of_a_plan(found: list[PricePlan]) -> list[PricePlan]:
    """Prices named by billing terms ("Monatlich 24,99 €", "6 Monate 19,99 €", "12 Monate 16,99 €": 6heroes-de's
    term buttons) are one plan's prices per term: the plan whose own card shows one of them ("Hero 24,99 €").
    Only where exactly one other plan shows such an amount, in the same currency; else they stay as read."""
    terms = [p for p in found if p.amount and (TERM_NAME.match(p.plan) or header_period(p.plan))]
    if not terms:
        return found
    others = {p.plan for p in found if p not in terms}
    shown = {(p.amount, p.currency) for p in terms}
    owners = {p.plan for p in found if p.plan in others and (p.amount, p.currency) in shown}
    if len(owners) != 1:
        return found
    [owner] = owners
    keys = {_dedupe_key(p) for p in found if p not in terms}
    out = [p for p in found if p not in terms]
    for term in terms:
        renamed = term.model_copy(update={"plan": owner})
        if _dedupe_key(renamed) not in keys:
            keys.add(_dedupe_key(renamed))
            out.append(renamed)
    return out


def _bands_of_a_rate(found: list[PricePlan]) -> list[PricePlan]:
    """Volume bands named by their quantities ("1 – 999/mo" · "$0.06/verification", "1,000 – 4,999/mo" ·
    "$0.054/verification", … "100,000+/mo") are one rate's tiers, not plans: the rate is the one named entry
    (a card, "Standard" "$0.06" "/verification") priced at the bands' highest amount in their currency and
    unit. Each band becomes that rate's price with the band as its `section`; the band at the rate's own price
    says it again and goes. Two or more bands and exactly one such rate, else the bands are left as found."""
    bands = [p for p in found if p.amount is not None and VOLUME_BAND.match(p.plan.strip())]
    if len(bands) < 2 or len({(p.currency, p.unit) for p in bands}) != 1:
        return found
    top = max(p.amount for p in bands if p.amount is not None)
    rates = [
        p
        for p in found
        if p not in bands and p.amount == top and p.currency == bands[0].currency and p.unit == bands[0].unit
    ]
    if len({p.plan for p in rates}) != 1:
        return found
    rate = rates[0]
    out: list[PricePlan] = []
    for plan in found:
        if plan not in bands:
            out.append(plan)
        elif plan.amount != top:
            out.append(plan.model_copy(update={"plan": rate.plan, "section": plan.plan, "period": rate.period}))
    return out


def _merge_other_sides(found: list[PricePlan], offers: list[PricePlan], cards: list[PricePlan]) -> None:
    """A JSON-LD offer gives one price of a plan (the monthly one); the card showing that same price may show
    the plan's other prices too, the other side of its billing toggle ("$17 / 月" billed yearly, "$200 按年计费"):
    those are the plan's prices as well, added beside the offer's. Only for a card that shows the offer's
    amount in its currency under the offer's name, and only amounts no offer of that plan gives, in a period
    the offer names and the card's price differs from (a card price in the offer's own period, "$80k salary"
    read as "$80 /month", adds nothing). An offer naming no period is in the period its card shows its amount
    in: enovo-fr's offers at "97.00" beside cards at "97 $ /mois" and `data-amount-annual="1 164 $"` are monthly,
    and the yearly sides are the plans' prices too."""
    keys = {_dedupe_key(p) for p in found}
    for offer in offers:
        if offer.amount is None:
            continue
        same = [
            card
            for card in cards
            if card.plan.casefold() == offer.plan.casefold()
            and card.dimension == offer.dimension
            and card.section == offer.section
        ]
        shown = [card for card in same if card.amount == offer.amount and card.currency in (None, offer.currency)]
        if not shown:
            continue
        period = offer.period or shown[0].period  # an offer saying no period is in the one its card shows
        if period is None:
            continue
        given = {
            p.amount for p in offers if p.plan.casefold() == offer.plan.casefold() and p.dimension == offer.dimension
        }
        for card in same:
            if card.amount is None or card.amount in given or card.period in (None, period):
                continue
            if _dedupe_key(card) in keys:
                continue
            keys.add(_dedupe_key(card))
            found.append(card)


def _holds_name(text: str, name: str) -> bool:
    """Whether `name` stands in `text` as whole words, case aside ("AdShorts AI PRO" holds "PRO")."""
    return bool(name.strip()) and re.search(rf"(?<!\w){re.escape(name.strip())}(?!\w)", text, re.IGNORECASE) is not None


def _ld_documents(html: str) -> Iterator[Any]:
    for script in LexborHTMLParser(html).css("script"):
        if _script_type(script) == "application/ld+json":
            yield from load_json_values(script.text())


def _aggregate_lows(html: str) -> set[float]:
    """The `lowPrice` of JSON-LD aggregate offers that list no offers of their own: "from $0.55"."""
    lows: set[float] = set()

    def walk(node: Any, depth: int) -> None:
        if depth > MAX_DEPTH:
            return
        if isinstance(node, list):
            for item in node:
                walk(item, depth + 1)
        elif isinstance(node, dict):
            if "AggregateOffer" in _types(node) and node.get("price") is None and "offers" not in node:
                amount = parse_amount(node.get("lowPrice"))
                if amount is not None:
                    lows.add(money(amount))
            for value in node.values():
                walk(value, depth + 1)

    for document in _ld_documents(html):
        walk(document, 0)
    return lows


def _without_shown_summaries(plans: list[PricePlan], lows: set[float]) -> list[PricePlan]:
    """An aggregate's low price summarises the prices the page lists; when the page's own tables or cards
    show that price, the summary (named after the product, not a plan) adds a wrong entry, not a price."""
    if not lows:
        return plans
    shown = {(p.amount, p.currency) for p in plans if p.method in ("table", "heuristic")}
    return [p for p in plans if not (p.method == "jsonld" and p.amount in lows and (p.amount, p.currency) in shown)]


CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
STRUCK_DECLARATION = re.compile(r"text-decoration(?:-line)?\s*:[^;}]*line-through", re.I)
LAST_CLASS = re.compile(r"\.([A-Za-z_][\w-]*)(?::[\w-]+(?:\([^)]*\))?)*\s*$")


def struck_classes(tree: LexborHTMLParser) -> frozenset[str]:
    """The classes the page's own style sheets strike through (`.price-original { text-decoration:
    line-through }`): the element a selector ends on, by its last class. Read before the styles go."""
    found: set[str] = set()
    for style in tree.css("style"):
        for selectors, declarations in CSS_RULE.findall(style.text() or ""):
            if STRUCK_DECLARATION.search(declarations):
                found.update(m.group(1) for s in selectors.split(",") if (m := LAST_CLASS.search(s.strip())))
    return frozenset(found)


def _struck_nodes(root: LexborNode, classes: frozenset[str]) -> list[LexborNode]:
    """The struck elements: a striking tag, a class named for it, a class the page's style sheet strikes, or a
    style of their own that strikes (`style="text-decoration:line-through"`)."""
    return [
        node
        for node in root.traverse()
        if node.tag in STRUCK_TAGS
        or (STRUCK_CLASS.search(node.attributes.get("class") or "") and not _bare_styled_component(node))
        or (classes and not classes.isdisjoint((node.attributes.get("class") or "").split()))
        or STRUCK_DECLARATION.search(node.attributes.get("style") or "") is not None
    ]


STYLED_COMPONENT = re.compile(r"^[\w-]*__Styled\w*-sc-[0-9a-f]+-\d+$")


def _bare_styled_component(node: LexborNode) -> bool:
    """Whether the element's only class is a styled-components name (`gpu-droplets__StyledStrikeThrough-sc-…-0`):
    the name of the component it is drawn by, on every price of the page alike, not a style that strikes; the one
    carrying a generated class beside it (`… dvynub`) is the variant drawn struck."""
    names = (node.attributes.get("class") or "").split()
    return len(names) == 1 and STYLED_COMPONENT.match(names[0]) is not None


def _one_price(text: str, yen: str) -> tuple[float, str | None] | None:
    matches = price_matches(text)
    if len(matches) != 1 or (price := text_price(matches[0], yen)) is None:
        return None
    return money(price.amount), price.currency


def struck_markdowns(
    tree: LexborHTMLParser, classes: frozenset[str], yen: str
) -> dict[tuple[float, str | None], set[float]]:
    """What each struck price was marked down to: the price the element right after the strike shows
    ("<s>1750€</s> <strong>1300€</strong>": 1750 → 1300), in the same currency. Read before the strikes go."""
    root = tree.body
    found: dict[tuple[float, str | None], set[float]] = {}
    if root is None:
        return found
    for node in _struck_nodes(root, classes):
        old = _one_price(_SPACE.sub(" ", node.text(separator=" ")), yen)
        after = node.next
        while after is not None and after.tag == "-text" and not (after.text() or "").strip():
            after = after.next
        new = _one_price(_SPACE.sub(" ", after.text(separator=" ")), yen) if after is not None else None
        if old is not None and new is not None and new[1] in (None, old[1]) and new[0] != old[0]:
            found.setdefault(old, set()).add(new[0])
    return found


def _offers_marked_down(
    offers: list[PricePlan], markdowns: dict[tuple[float, str | None], set[float]], tree: LexborHTMLParser, yen: str
) -> list[PricePlan]:
    """A JSON-LD offer priced at what the page shows only struck through, beside one price it was marked down
    to ("price": "1750" where the page reads "<s>1750€</s> 1300€"), is priced at that current price: the
    structured data kept the list price the page says is no longer asked. An amount the page still shows
    unstruck where a price stands (a line of its own, not a sentence: "cuesta entre 850€ y 1750€" sums the
    list prices up), or struck beside several different prices, is left as the offer says."""
    if not markdowns:
        return offers
    root = tree.body
    lines = [_clean(node.text(deep=False)) for node in root.traverse(include_text=True)] if root else []
    shown = {
        price
        for line in lines
        if line and len(line) <= MAX_SHOWN_LINE
        for m in price_matches(line)
        if (price := _one_of(m, yen))
    }
    repriced: list[PricePlan] = []
    for offer in offers:
        key = (offer.amount, offer.currency) if offer.amount is not None else None
        current = markdowns.get(key) if key is not None else None
        if key is not None and current is not None and len(current) == 1 and key not in shown:
            offer = offer.model_copy(update={"amount": next(iter(current))})
        repriced.append(offer)
    return repriced


MAX_SHOWN_LINE = 24


def _one_of(match: re.Match[str], yen: str) -> tuple[float, str | None] | None:
    price = text_price(match, yen)
    return (money(price.amount), price.currency) if price is not None else None


ICON_FONT = re.compile(r"(?:^|\s)material-(?:icons|symbols)(?:-[a-z]+)?(?=$|\s)")
LIGATURE = re.compile(r"[a-z][a-z0-9_]*")


BOUND_CHOICE = re.compile(
    r"""^\s*(?P<cond>!?\s*[\w.$]+(?:\s*[!=]==?\s*(?P<q>['"])\w+(?P=q))?)\s*\?\s*"""
    r"""(?P<a>['"`])(?P<yes>[^'"`]*)(?P=a)\s*:\s*(?P<b>['"`])(?P<no>[^'"`]*)(?P=b)\s*$"""
)
"""An Alpine.js binding choosing between two texts (`x-text="annual ? '$15' : '$19'"`): a billing toggle's sides."""
YEARLY_WORD = re.compile(r"annual|year", re.I)
MONTHLY_WORD = re.compile(r"month", re.I)


def _write_bound_text(tree: LexborHTMLParser) -> None:
    """Write the text a script binds into an empty element (`<span x-text="annual ? '$15' : '$19'"></span>`): the
    side shown first (the condition false, as the toggle starts), with the other side kept where a toggle's
    attribute would keep it (`data-price-yearly="$15"`), so both sides are read as any toggle's are. An element
    already showing the side the condition picks (kbeats-en's `<h3 x-text="annual ? '£3.99' : '£4.99'">£3.99</h3>`,
    the page starting on the yearly side) keeps it, and the other side is kept so too (`data-price-monthly`)."""
    root = tree.body
    if root is None:
        return
    for node in root.css("[x-text]"):
        bound = node.attributes.get("x-text") or ""
        choice = BOUND_CHOICE.match(bound)
        if choice is None:
            _write_dataset_side(node, bound)
            continue
        cond, yes, no = choice.group("cond"), choice.group("yes"), choice.group("no")
        shown = node.text(separator=" ").strip()
        if shown and shown not in (no.strip(), yes.strip()):
            continue
        if not shown:
            node.insert_child(no)  # `$<span x-text="annual ? '15.20' : '19'">19</span>` shows it already
        other, picked = (no, False) if shown and shown == yes.strip() != no.strip() else (yes, True)
        negated = cond.lstrip().startswith("!") or "!=" in cond
        yearly = YEARLY_WORD.search(cond) is not None
        if (yearly or MONTHLY_WORD.search(cond)) and (PRICE_TEXT.search(other) or BARE_PRICE.match(other)):
            side = "yearly" if (yearly != negated) == picked else "monthly"
            node.attrs[f"data-price-{side}"] = other


@dataclass(frozen=True)
class LetterSign:
    """A currency written as one letter before its amount ("R9 000", the rand; "E10", Eswatini's lilangeni): one
    letter is no sign elsewhere, so it is one only on a page of that country, by its host's ending or by the page
    naming the currency or the country, or, for the rand, where it and its amount are an element's whole text."""

    letter: str
    code: str
    host_end: str
    page: re.Pattern[str]
    alone_anywhere: bool = False

    @cached_property
    def amount(self) -> re.Pattern[str]:
        """The letter before an amount of two digits or more, or grouped ("R9 000", "R499", "E10"); "R2" or "E5"
        alone (a product, a model, a grade) is never an amount."""
        return re.compile(
            rf"(?<![\w.]){self.letter}(?=[\s\u00a0]?(?:\d{{1,3}}(?:[\s\u00a0,]\d{{3}})+|\d{{2,}})(?![\w]))"
        )

    @cached_property
    def alone(self) -> re.Pattern[str]:
        """The letter and its amount as an element's whole text ("<span>R299</span>", "R 30.00"): set apart as a
        price is, the rand's letter is its sign on any page, where inside a sentence it needs the country. Not so
        "E10" (a fuel grade alone in a cell as often as a price), so only a sign marked `alone_anywhere`."""
        return re.compile(rf"[\s\u00a0]*{self.amount.pattern}[\s\u00a0]?[\d\s\u00a0,.]+")

    @cached_property
    def header(self) -> re.Pattern[str]:
        """The letter alone in brackets after a column's word ("Fee (E)", "Price (R)"): the column's currency."""
        return re.compile(rf"(?<=[^\W\d_]\s)\({self.letter}\)")


LETTER_SIGNS = (
    LetterSign("R", "ZAR", ".za", re.compile(r"\bZAR\b|\brand\b|South\s+Africa", re.I), alone_anywhere=True),
    LetterSign("E", "SZL", ".sz", re.compile(r"\bSZL\b|\bEswatini\b|\b(?:li|ema)langeni\b|\bSwaziland\b", re.I)),
)


TOGGLE_OPTIONS = ("data-hs-toggle-switch-item-options", "data-hs-toggle-count")
"""The attributes in which Htmlstream's toggle switch and Preline's toggle count keep a figure's two sides as JSON
(`data-hs-toggle-switch-item-options='{"min": 79, "max": 853}'`): the first side, shown as the page loads, and the
other, which the switch puts in its place."""


def _write_toggle_options(tree: LexborHTMLParser) -> None:
    """Keep the side a toggle's JSON options hold off screen where a toggle's attribute would keep it (`"max": 853`
    beside the shown "79" is `data-price-yearly="853"`; the switch runs monthly, then yearly), so both sides are
    read as any toggle's are. Options that are no pair of figures, or a shown figure that is neither, are left."""
    root = tree.body
    if root is None:
        return
    for node in root.css(", ".join(f"[{name}]" for name in TOGGLE_OPTIONS)):
        raw = next((value for name in TOGGLE_OPTIONS if (value := node.attributes.get(name))), None)
        try:
            options = json.loads(raw or "")
        except ValueError:
            continue
        if not isinstance(options, dict):
            continue
        low, high, shown = options.get("min"), options.get("max"), node.text(separator=" ").strip()
        if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in (low, high)) or low == high:
            continue
        if shown == f"{low:g}":
            node.attrs["data-price-yearly"] = f"{high:g}"
        elif shown == f"{high:g}":
            node.attrs["data-price-monthly"] = f"{low:g}"


def _write_letter_signs(tree: LexborHTMLParser, url: str) -> None:
    """Write a one-letter currency's code where a page of its country writes the letter before an amount ("R9 000"
    reads "ZAR 9 000", lusitohub-en's "E10/month" on an Eswatini page "SZL 10/month") or alone in a column's
    brackets ("Fee (E)" is "Fee (SZL)"): the sign table leaves single letters alone, and such a price is otherwise
    no price at all."""
    root = tree.body
    if root is None:
        return
    host = urlsplit(url).hostname or ""
    text = root.text(separator=" ")
    for sign in LETTER_SIGNS:
        country = host.endswith(sign.host_end) or sign.page.search(text) is not None
        if not (country or sign.alone_anywhere):
            continue
        amount, header = sign.amount, sign.header
        for node in list(root.traverse(include_text=True)):
            if node.tag != "-text" or sign.letter not in (own := node.text(deep=False) or ""):
                continue
            found = (amount.search(own) or header.search(own)) if country else sign.alone.fullmatch(own)
            if found:
                node.replace_with(header.sub(f"({sign.code})", amount.sub(f"{sign.code} ", own)))


def _write_dataset_side(node: LexborNode, bound: str) -> None:
    """Write the side an empty element binds from its own toggle attributes (chatx-en's `<span data-monthly="$29.00"
    data-annual="$19.00" x-text="$el.dataset[duration]">` under `x-data="{duration: 'monthly'}"`): the monthly one,
    as the switch starts, or the first; the other stays in its attribute, read as any toggle's side is."""
    if "dataset" not in bound or node.text(separator=" ").strip():
        return
    sides = [(key, value) for key, value in node.attributes.items() if value and DATA_PRICE.match(key)]
    if len(sides) < 2:
        return
    key, value = next(((k, v) for k, v in sides if MONTHLY_WORD.search(k)), sides[0])
    node.insert_child(value)
    del node.attrs[key]


RAISED_CENTS = re.compile(r"[.,]\d{2}(?!\d)")


def _join_raised_cents(tree: LexborHTMLParser) -> None:
    """Write cents set raised or smaller after the amount back onto it: `29<sup>.99</sup>` and `4<span
    style="font-size:1.5rem">.99</span>` are $29.99 and $4.99, which a reader sees and text joined element by
    element splits into "29 .99" (read as $29), and so is a figure in an element of its own (convertio-id's `<b>9</b>
    <span>.99</span>`). Only a separator and two digits right after a figure are cents;
    a footnote mark (`Pro<sup>1</sup>`) stays what it is."""
    root = tree.body
    if root is None:
        return
    _join_flanking_cents(root)
    _join_cents_blocks(root)
    for raised in root.css("sup, span, small"):
        before = raised.prev
        cents = RAISED_CENTS.match(raised.text().strip())
        if before is not None and before.tag == "-text" and not before.text(deep=False).strip():
            figure = before.prev  # `<b>9</b> <span>.99</span>`: the figure in an element of its own
            if figure is not None and figure.tag in INLINE_FIGURE and not _holds_elements(figure):
                before = figure
        if before is None or before.tag not in ("-text", *INLINE_FIGURE) or cents is None or _holds_elements(raised):
            continue
        text, rest = before.text(deep=before.tag != "-text"), raised.text().strip()[cents.end() :]
        if not text.rstrip()[-1:].isdigit() or (rest and rest[0] not in "/ "):
            continue
        before.replace_with(text.rstrip() + cents.group())
        if rest:
            raised.replace_with(rest)  # "12<small>.99/mo</small>": the period stays where it was
        else:
            raised.decompose()


MAX_STAT_LABEL = 24
EMPTY_STAT = re.compile(r"^[—–-]$")


def _read_stat_cells(tree: LexborHTMLParser) -> None:
    """Write a stat cell, its value set over its label, in the order it is read: a model card's `<div>$30.00</div>
    <div>Input</div>` beside `<div>—</div><div>Cache read</div>` (atptoken-en) is "Input: $30.00", the
    dimension keying its price as a label before it does; read as drawn, the label would head the next cell's
    price. Only token-price dimensions: a SaaS card's "$29" over "per month" is a price and its tail."""
    root = tree.body
    if root is None:
        return
    for cell in root.css("div, li, dl"):
        parts = [node for node in cell.iter(include_text=True) if node.tag != "-text" or node.text().strip()]
        if len(parts) != 2 or any(node.tag == "-text" or _holds_elements(node) for node in parts):
            continue
        value, label = (" ".join(node.text().split()) for node in parts)
        if len(label) > MAX_STAT_LABEL or re.search(r"\d", label) or dimension_of(label) not in TOKEN_SIDES:
            continue
        matches = price_matches(value)
        if not EMPTY_STAT.match(value) and not (len(matches) == 1 and matches[0].group().strip() == value):
            continue
        parts[0].replace_with(f"{label}: {value}")
        parts[1].decompose()


INLINE_FIGURE = ("b", "strong", "span", "em", "big")
"""Inline elements a price's whole figure is set in apart from its cents (`<b>9</b><span>.99</span>`)."""


def _holds_elements(node: LexborNode) -> bool:
    return any(True for _ in node.iter())


def _element_siblings_before(node: LexborNode, count: int) -> list[LexborNode]:
    """Up to `count` element siblings right before `node`, nearest first, blank text between them aside."""
    found: list[LexborNode] = []
    sibling = node.prev
    while sibling is not None and len(found) < count:
        if sibling.tag == "-text":
            if sibling.text(deep=False).strip():
                return found
        elif sibling.tag != "-comment":
            found.append(sibling)
        sibling = sibling.prev
    return found


def _join_flanking_cents(root: LexborNode) -> None:
    """Cents drawn as two digits in an element styled as the sign before the figure, with no separator
    (`<span class="mt-2 mr-2 text-4xl">$</span><span class="font-extrabold">9</span><span class="mt-2 ml-2
    text-4xl">99</span>`, pestector-en): raised beside the figure as the sign is, they are its cents, $9.99."""
    for cents in root.css("span, sup, small"):
        if not re.fullmatch(r"\d{2}", cents.text().strip()) or _holds_elements(cents):
            continue
        before = _element_siblings_before(cents, 2)
        if len(before) != 2 or any(_holds_elements(node) for node in before):
            continue
        figure, sign = before
        classes = _look_of(cents)
        if (
            classes
            and _look_of(sign) == classes
            and SIGN_ONLY.fullmatch(sign.text().strip())
            and re.fullmatch(r"\d{1,6}", figure.text().strip())
        ):
            figure.replace_with(f"{figure.text().strip()}.{cents.text().strip()}")
            cents.decompose()


CENTS_BLOCK_FIGURE = re.compile(r"(?P<sign>[$€£])\s?(?P<whole>\d{1,5})|(?P<whole2>\d{1,5})\s?(?P<sign2>[€£])")


def _join_cents_blocks(root: LexborNode) -> None:
    """Cents drawn as two digits in a block of their own beside the signed figure, the pair alone in a box
    that aligns them at the top (`<div class="d-flex align-items-start"><h4>€19</h4><p>99</p></div>`,
    lestudiok-fr): a reader sees €19.99, which text joined block by block splits into "€19" and "99"."""
    for cents in root.css("p, span, sup, small, div"):
        if not re.fullmatch(r"\d{2}", cents.text().strip()) or _holds_elements(cents):
            continue
        parent = cents.parent
        if parent is None:
            continue
        pair = _elements_of(parent)
        if len(pair) != 2 or pair[1].mem_id != cents.mem_id or _holds_elements(pair[0]):
            continue
        figure = CENTS_BLOCK_FIGURE.fullmatch(pair[0].text().strip())
        loose = (c.text(deep=False) or "" for c in parent.iter(include_text=True) if c.tag == "-text")
        if figure is None or any(text.strip() for text in loose):
            continue
        if figure["sign"]:
            pair[0].replace_with(f"{figure['sign']}{figure['whole']}.{cents.text().strip()}")
        else:
            pair[0].replace_with(f"{figure['whole2']},{cents.text().strip()} {figure['sign2']}")
        cents.decompose()


def _elements_of(node: LexborNode) -> list[LexborNode]:
    return [child for child in node.iter() if child.tag not in ("-text", "-comment")]


SPACING_CLASS = re.compile(r"^-?[mp][trblxy]?-\S+$")


def _look_of(node: LexborNode) -> frozenset[str]:
    """The element's classes, its margins and paddings aside (`mr-2` left of the figure, `ml-2` right of it)."""
    return frozenset(c for c in (node.attributes.get("class") or "").split() if not SPACING_CLASS.match(c))


SIGN_ONLY = re.compile(r"[$€£¥￥₹₩]|US\$|R\$")


def _drop_icon_ligatures(tree: LexborHTMLParser) -> None:
    """Remove icons drawn by a ligature font: `<span class="material-symbols-outlined">rocket_launch</span>`
    shows a rocket, and its text is the glyph's name, never a word of the page (a plan's name, a line); Angular
    Material's `<mat-icon>dashboard_customize</mat-icon>` draws one the same way."""
    root = tree.body
    if root is None:
        return
    for node in root.css("[class*=material-], mat-icon"):
        drawn = node.tag == "mat-icon" or ICON_FONT.search(node.attributes.get("class") or "")
        if drawn and LIGATURE.fullmatch(node.text().strip()):
            node.decompose()


PERMALINK_MARK = re.compile(r"^[¶#§🔗\u200b]*$")
"""What a heading's permalink shows: a pilcrow, a hash, a section sign, a link symbol, or nothing visible."""


def _drop_permalinks(tree: LexborHTMLParser) -> None:
    """Remove a heading's permalink (`<h2 id="compute-services">Compute Services<a class="headerlink"
    href="#compute-services">¶</a></h2>`, as MkDocs, Sphinx and Docusaurus draw one): a link to the heading
    itself, shown as a mark on hover, never a word of the heading ("Compute Services ¶" names no plan)."""
    root = tree.body
    if root is None:
        return
    headings = ", ".join(f"h{n} a[href^='#']" for n in range(1, 7))
    for link in root.css(headings):
        if PERMALINK_MARK.match(link.text().strip()):
            link.decompose()


def drop_struck(tree: LexborHTMLParser, classes: frozenset[str] = frozenset()) -> None:
    """Remove struck-through texts: a crossed-out price ("<s>$25</s> $19") is the old one, and a crossed-out
    feature is one the plan lacks. Pages strike with `<s>`/`<del>`/`<strike>`, with a class named for it
    (or for the old price it holds), or with a class their style sheet strikes (`struck_classes`)."""
    root = tree.body
    if root is None:
        return
    struck = _struck_nodes(root, classes)
    ids = {node.mem_id for node in struck}
    for node in struck:
        if not has_ancestor(node, ids):  # a struck node inside another goes with it
            node.decompose()


def page_context(tree: LexborHTMLParser, host: str) -> PageContext:
    """The page's language (`<html lang>`), the country it declares (`geo.region`), and what `¥` and a bare `$`
    mean on it."""
    html_node = tree.css_first("html")
    lang = (html_node.attributes.get("lang") or None) if html_node is not None else None
    geo = tree.css_first('meta[name="geo.region" i]')
    region = (geo.attributes.get("content") or None) if geo is not None else None
    body = tree.body
    text = body.text(separator=" ") if body is not None else ""
    return PageContext.of(host, lang, text, tree.html or "", region)


def page_title(html: str) -> str | None:
    node = LexborHTMLParser(html).css_first("title")
    title = _clean(node.text()) if node is not None else ""
    return title or None


def visible_text(html: str) -> str:
    """The page's text as a reader sees it, whitespace-normalised: what `contentHash` is taken over."""
    tree = LexborHTMLParser(html)
    tree.strip_tags(INVISIBLE_TAGS)
    root = tree.body or tree.root
    return _clean(root.text(separator=" ")) if root is not None else ""


def content_hash(html: str) -> str:
    return hashlib.sha256(visible_text(html).encode()).hexdigest()


def _merge(found: list[PricePlan], new: list[PricePlan]) -> None:
    """Append `new` unless an earlier method already priced that plan's dimension in the same currency (or one
    of the two says none: toolify-ja's `$9.99` cards beside its table's "¥1,500/月" are the plan's price in
    two currencies, both published), or the same
    plan/dimension/period/price is already there. A later method showing an earlier entry's price with the
    unit or currency it left out (a comparison table's "$0" under a card's "$0 /developer", an app state's bare
    8.99 under a card's "$8.99/mo per user") completes that entry (`_complete`). A
    plan's usage-priced entries (a compare grid's "then $0.125 per GB" under Pro) do not stand for its flat
    price (the card's "$25 per month"), which has no unit and is no usage price."""
    earlier = {(p.plan.casefold(), p.dimension, _rated(p), p.currency) for p in found}
    keys = {_dedupe_key(p) for p in found}
    for plan in new:
        key = _dedupe_key(plan)
        blocked = {False} if not _rated(plan) else {False, True}
        currencies = {None, plan.currency} if plan.currency is not None else {p.currency for p in found} | {None}
        said = {(plan.plan.casefold(), plan.dimension, rated, c) for rated in blocked for c in currencies}
        if said & earlier or key in keys or _said_again(found, plan):
            _complete(found, plan)
            continue
        keys.add(key)
        found.append(plan)


UNSTATED_PERIODS = (None, "usage")
"""What a table says of a row's period when its cell states none (`usage`), and what a card says (none)."""


def _said_again(found: list[PricePlan], plan: PricePlan) -> bool:
    """Whether an earlier method gave this plan's very price with no unit and no period of its own: a summary
    table's row "Landing Page | R$ 250+" (read as charged per use, as a table's bare cell is) and the card
    "Landing Page" at "R$ 250" are one price, not a flat price beside a usage price."""
    if plan.amount is None or plan.unit is not None or plan.period not in UNSTATED_PERIODS:
        return False
    return any(
        p.plan.casefold() == plan.plan.casefold()
        and (p.dimension, p.amount, p.currency, p.unit) == (plan.dimension, plan.amount, plan.currency, None)
        and p.period in UNSTATED_PERIODS
        and (p.section == plan.section or None in (p.section, plan.section))  # a pane's own figures stay apart
        for p in found
    )


def _rated(plan: PricePlan) -> bool:
    """A usage price or a price per a unit ("per domain per month"): no plan's flat price."""
    return plan.period == "usage" or plan.unit is not None


def _complete(found: list[PricePlan], plan: PricePlan) -> None:
    """Give the one earlier entry of the same plan, dimension and amount, in the same currency or none, what
    `plan` says and it left out: the unit, the currency. An app's state often holds the bare figure
    (`monthlyPrice: 8.99`) that its rendered card shows as "$8.99/mo per user"; the state is read first, and
    the card completes it. Several such entries, or one that already says them, are left as they are."""
    if plan.amount is None or (plan.unit is None and plan.currency is None):
        return
    same = [
        at
        for at, p in enumerate(found)
        if p.plan.casefold() == plan.plan.casefold()
        and p.dimension == plan.dimension
        and p.amount == plan.amount
        and p.currency in (None, plan.currency)
    ]
    if len(same) != 1:
        return
    earlier = found[same[0]]
    update = {"unit": earlier.unit or plan.unit, "currency": earlier.currency or plan.currency}
    found[same[0]] = earlier.model_copy(update=update)


def _dedupe_key(plan: PricePlan) -> tuple[str, str, str | None, str | None, str | None, float | None, str | None]:
    """Two usage prices of one amount per different units ("$10 per 1000" connections, "$10 per additional 100"
    functions) are two prices; a flat price and the same one with its unit are one."""
    unit = plan.unit if plan.period == "usage" else None
    return (plan.plan.casefold(), plan.dimension, plan.section, plan.period, plan.currency, plan.amount, unit)


# ---------------------------------------------------------------- values


def _clean(text: str | None) -> str:
    return _SPACE.sub(" ", text or "").strip()


def _host(url: str) -> str:
    host = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url, flags=re.I).split("/", 1)[0].split(":", 1)[0].lower()
    return host.removeprefix("www.")


def money(amount: Decimal) -> float:
    """Decimal to the float whose shortest repr is that decimal (like models.money_per_million)."""
    return float(amount.normalize())


def parse_amount(value: Any) -> Decimal | None:
    """A price as schema.org says it should be ("19.00") or as sites write it (19, "$19", "15-25", "19,99")."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, dict):
        return parse_amount(value.get("@value"))
    if isinstance(value, int | float):
        amount: Decimal | None = Decimal(str(value))
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        # price-parser reads "$19", "19,99" and gives a range ("15-25") its low end; an amount below one
        # ("0,035") keeps its separator decimal, which price-parser would read as grouping (35).
        if _PLAIN_NUMBER.match(text):
            amount = Decimal(text)
        else:
            amount = zero_led(re.sub(r"^\D+|\D+$", "", text))
            if amount is None:
                amount = Price.fromstring(text).amount
    else:
        return None
    if amount is None or not amount.is_finite() or amount < 0:
        return None
    return amount


YEN = "¥"
"""What `¥` reads as until the page's language decides between CNY and JPY (`_resolve_signs`)."""


def currency_code(value: Any) -> str | None:
    """ISO 4217 code from a code or a symbol (`¥` left as is for `extract` to resolve); None when unknown."""
    return vocab_currency_code(value, YEN)


def _declared_dollar(page: PageContext, offers: list[PricePlan], found: list[PricePlan]) -> PageContext:
    """The page, its bare `$` read as the dollar its own offers declare (fitzhr-en's JSON-LD `"priceCurrency":
    "AUD"` beside cards showing "$21/mo"): only when every declared offer is in that one currency, one that a
    bare "$" writes, one of their amounts is shown with the "$", and the page never says US dollars. A
    translated page whose offers declare another edition's prices (`"TWD"` at 8000 beside "$250") keeps USD.
    Without such offers, a page whose prices read with a dollar's code all name one ("$79" over "CAD / mo")
    writes its other bare "$" in that dollar too (ratesift-en's "+$25/seat add-on")."""
    if page.says_usd:
        return page
    declared = {offer.currency for offer in offers}
    code = next(iter(declared)) if len(declared) == 1 else None
    shown = {plan.amount for plan in found if plan.currency in ("USD", code) and plan.amount}
    if code is not None and code in DOLLAR_REGIONS.values() and shown & {offer.amount for offer in offers}:
        return replace(page, dollar=code)
    written = {
        plan.currency for plan in found if plan.currency is not None and plan.currency in DOLLAR_REGIONS.values()
    }
    if page.dollar == "USD" and len(written) == 1:
        return replace(page, dollar=written.pop())
    return page


def _once(plans: list[PricePlan]) -> list[PricePlan]:
    """Each entry once, now that every sign is resolved: cooby-zh's card "$299" and its "每月付 299 元" were two
    currencies to the merge and are one price in New Taiwan dollars. An entry saying no period beside one the same
    in all else that says one is that price shown again without it (papermark-en's cards drawn a second time, for
    another layout, with no "/month"): the entry with its period stands for both."""
    timed = {(p.plan, p.dimension, p.amount, p.currency, p.unit, p.section) for p in plans if p.period is not None}
    seen: set[tuple[object, ...]] = set()
    kept: list[PricePlan] = []
    for plan in plans:
        if (
            plan.period is None
            and (plan.plan, plan.dimension, plan.amount, plan.currency, plan.unit, plan.section) in timed
        ):
            continue
        key = (plan.plan, plan.dimension, plan.amount, plan.currency, plan.unit, plan.period, plan.section)
        if key not in seen:
            seen.add(key)
            kept.append(plan)
    return kept


def _resolve_signs(plans: list[PricePlan], page: PageContext) -> list[PricePlan]:
    """`¥` as the page means it, a bare `$` as its region writes its money (`PageContext.dollar`), "FCFA" as
    the franc of its zone (`PageContext.cfa`), "kr" as the krona of its language (`PageContext.krona`), and "元"
    as the yuan of its country (`PageContext.yuan`), "Rs" and "₨" as the rupee the page names (`PageContext.rupee`),
    and the rouble as its country's (`PageContext.rouble`)."""
    resolved = {YEN: page.yen, "USD": page.dollar, "XOF": page.cfa, KRONA: page.krona, YUAN: page.yuan}
    if page.rouble != "RUB":
        resolved["RUB"] = page.rouble  # "руб." on a page of Belarus: what reads as the Russian rouble is its own
    resolved |= {sign: page.rupee or rupee for sign, rupee in RUPEE_SIGNS.items()}
    return [p.model_copy(update={"currency": resolved[p.currency]}) if p.currency in resolved else p for p in plans]


def _period_from_code(code: Any, value: Any = 1) -> Period | None:
    """UN/CEFACT unit code (MON, ANN) times a count: 1 MON is a month, 12 MON or 1 ANN a year."""
    if not isinstance(code, str):
        return None
    try:
        count = Decimal(str(value)) if value not in (None, "") else Decimal(1)
    except InvalidOperation:
        return None
    months = {"MON": count, "ANN": count * 12}.get(code.strip().upper())
    periods: dict[Decimal, Period] = {Decimal(1): "month", Decimal(12): "year"}
    return periods.get(months) if months is not None else None


def _period_from_iso(text: str) -> Period | None:
    match = _ISO_DURATION.match(text.strip())
    if not match or not any(match.groups()):
        return None
    years, months, weeks, days = (int(g or 0) for g in match.groups())
    total_months, total_days = years * 12 + months, weeks * 7 + days
    if total_days == 0:
        periods: dict[int, Period] = {1: "month", 12: "year"}
        return periods.get(total_months)
    if total_months == 0:
        return "month" if total_days in (28, 30, 31) else "year" if total_days in (365, 366) else None
    return None


def _slashed(text: str) -> str:
    """A unit or period field's text as the tail after an amount's slash, so the page-language words the card
    reader knows ("sitio/mes" is "/sitio/mes", "Monat" is "/Monat") read here too."""
    return "/" + text.strip().lstrip("/")


def _period_from_words(text: Any) -> Period | None:
    if not isinstance(text, str):
        return None
    if _MONTH_WORD.search(text):
        return "month"
    if _YEAR_WORD.search(text):
        return "year"
    return tail_period(_slashed(text)) if len(text) <= 40 else None


def _unit_from_words(text: Any) -> str | None:
    """`user`/`seat` from "per user", "seats", a unit in the page's language ("sitio/mes" is per `sitio`); other
    unit texts ("1M tokens") kept as written."""
    if not isinstance(text, str) or not _clean(text):
        return None
    match = _UNIT_WORD.search(text)
    if match:
        return "seat" if match.group(1).lower() in ("seat", "editor") else "user"
    worded = tail_unit(text) or tail_unit(_slashed(text))
    if worded is not None:
        return worded
    if (joined := UNIT_BY_TIME.match(_clean(text))) and _period_from_words(joined.group("time")):
        return joined.group("unit").casefold()  # verda's "GiB-month": per GiB, by the month
    if _period_from_words(text) or PER_WHEN_WORD.match(_clean(text)):
        return None
    return _clean(text)[:40]


UNIT_BY_TIME = re.compile(r"^(?P<unit>[^\W\d_]{2,20})\s*(?:-|/|\s+per\s+)\s*(?P<time>[^\W\d_]+)$", re.I)
"""A `unitText` joining a unit to a stretch of time ("GiB-month", "TB/month"): the price is per the unit, each month."""


PER_WHEN_WORD = re.compile(r"^(?:per\s+|a\s+|/\s*)?(?:weeks?|wk|weekly|quarters?|qtr|quarterly)$", re.I)
"""An offer's `unitText` naming a stretch of time neither month nor year ("week", bountyoperator-en's $10 offer): when
the price is paid, as the card's "$10 / week" says, not what it is paid per."""


# ---------------------------------------------------------------- tolerant JSON


def _strip_js(text: str) -> str:
    """Drop // and /* */ comments and trailing commas that sit outside strings."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(text[i : j + 1])
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == "," and re.match(r"\s*[}\]]", text[i + 1 : i + 200]):
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def load_json_values(text: str) -> list[Any]:
    """Every JSON value in a script body, tolerating HTML/JS comments, trailing commas and garbage."""
    text = text.strip()
    try:
        return [json.loads(text)]
    except ValueError:
        pass
    for opener, closer in (("<!--", "-->"), ("<![CDATA[", "]]>"), ("//<![CDATA[", "//]]>")):
        if text.startswith(opener):
            text = text[len(opener) :]
        if text.endswith(closer):
            text = text[: -len(closer)]
    text = _strip_js(text)
    decoder = json.JSONDecoder(strict=False)
    values: list[Any] = []
    pos = 0
    while True:
        while pos < len(text) and (text[pos].isspace() or text[pos] in ",;"):
            pos += 1
        if pos >= len(text) or text[pos] not in "{[":
            return values  # the end, or trailing garbage after the last value
        try:
            value, pos = decoder.raw_decode(text, pos)
        except ValueError:
            return values
        values.append(value)


def _script_type(node: LexborNode) -> str:
    return (node.attributes.get("type") or "").split(";")[0].strip().lower()


# ---------------------------------------------------------------- 1. JSON-LD


def jsonld_plans(tree: LexborHTMLParser, fallback_name: str) -> list[PricePlan]:
    plans: list[PricePlan] = []
    for script in tree.css("script"):
        if _script_type(script) == "application/ld+json":
            for document in load_json_values(script.text()):
                _walk_ld(document, None, fallback_name, plans, 0)
    if not any(plan.amount is not None or plan.currency for plan in plans):
        return []  # a catalogue naming the services sold (Hot Aisle's GPU offers), pricing none: no custom plans
    return _products_of_shared_offers(plans)


MIN_SHARING_PRODUCTS = 2


def _products_of_shared_offers(plans: list[PricePlan]) -> list[PricePlan]:
    """Offers listed under a product's aggregate offer carry the product in `section` for now. An offer name
    that recurs under two or more products ("Community Cloud" / "Secure Cloud" under each "H200 GPU on Runpod")
    names a variant of each product, not a plan: the product is the plan, the offer name its section. Any other
    offer stays the plan, with no section."""
    products: dict[str, set[str]] = {}
    for plan in plans:
        if plan.section:
            products.setdefault(plan.plan.casefold(), set()).add(plan.section.casefold())
    shared = {name for name, owners in products.items() if len(owners) >= MIN_SHARING_PRODUCTS}
    return [
        plan
        if not plan.section
        else plan.model_copy(update={"plan": plan.section, "section": plan.plan})
        if plan.plan.casefold() in shared
        else plan.model_copy(update={"section": None})
        for plan in plans
    ]


def _types(node: dict[str, Any]) -> set[str]:
    raw = node.get("@type")
    names = raw if isinstance(raw, list) else [raw]
    return {str(t).rsplit("/", 1)[-1] for t in names if isinstance(t, str)}


def _walk_ld(node: Any, parent: str | None, fallback: str, out: list[PricePlan], depth: int) -> None:
    """Find offers anywhere: under `offers` of a product-like node, in `@graph`, or standing alone."""
    if depth > MAX_DEPTH:
        return
    if isinstance(node, list):
        for item in node:
            _walk_ld(item, parent, fallback, out, depth + 1)
        return
    if not isinstance(node, dict):
        return
    if _types(node) & OFFER_TYPES:
        _ld_offer(node, parent, fallback, out, depth)
        return
    name = _clean(node.get("name")) if isinstance(node.get("name"), str) else ""
    for key, value in node.items():
        if key == "offers":
            _ld_offers(value, name or parent, fallback, out, depth + 1)
        elif isinstance(value, dict | list):
            _walk_ld(value, None if key == "@graph" else name or parent, fallback, out, depth + 1)


def _ld_offers(value: Any, parent: str | None, fallback: str, out: list[PricePlan], depth: int) -> None:
    """Items under `offers` are offers whether or not they say `@type`."""
    for offer in value if isinstance(value, list) else [value]:
        if isinstance(offer, dict):
            _ld_offer(offer, parent, fallback, out, depth + 1)


def _ld_offer(offer: dict[str, Any], parent: str | None, fallback: str, out: list[PricePlan], depth: int) -> None:
    name = _offer_name(offer) or parent or fallback
    if "offers" in offer:  # an AggregateOffer listing its offers: the offers are the plans
        before = len(out)
        _ld_offers(offer["offers"], name, fallback, out, depth + 1)
        if parent and name == parent:  # the product's own aggregate: its offers keep it by for a moment
            out[before:] = [p if p.plan == name else p.model_copy(update={"section": name}) for p in out[before:]]
        if len(out) > before:
            return
    price = offer.get("price")
    if price is None:
        price = offer.get("lowPrice")
    specs = offer.get("priceSpecification")
    spec_list = [s for s in (specs if isinstance(specs, list) else [specs]) if isinstance(s, dict)] or [{}]
    for spec in spec_list:
        spec_price = spec.get("price") if spec.get("price") is not None else spec.get("minPrice")
        amount = parse_amount(spec_price if spec_price is not None else price)
        period, unit = _spec_period(spec)
        if period is None and unit is None and (per := _described_time_unit(offer)) is not None:
            period, unit = "usage", per
        currency = currency_code(spec.get("priceCurrency")) or currency_code(offer.get("priceCurrency"))
        if amount is None:
            currency = None  # an offer with no price ("Enterprise", a currency and nothing else) costs no sum in it
        out.append(_plan(name, amount, currency, period, unit, "jsonld"))


DESCRIBED_TIME_UNIT = re.compile(r"\bper[- ](?P<unit>hour|minute|second)\b", re.I)


def _described_time_unit(offer: dict[str, Any]) -> str | None:
    """The unit of time an offer's own description prices it by ("B300 per-hour on-demand rate"), when its
    price specification says no period or unit."""
    description = offer.get("description")
    match = DESCRIBED_TIME_UNIT.search(description) if isinstance(description, str) else None
    return match.group("unit").casefold() if match else None


def _offer_name(offer: dict[str, Any]) -> str:
    for candidate in (
        offer.get("name"),
        (offer.get("itemOffered") or {}).get("name") if isinstance(offer.get("itemOffered"), dict) else None,
    ):
        if isinstance(candidate, str) and _clean(candidate):
            return _clean(candidate)
    return ""


def _spec_period(spec: dict[str, Any]) -> tuple[Period | None, str | None]:
    """(period, unit) of a UnitPriceSpecification, wherever this page put its unit code."""
    period: Period | None = None
    duration = spec.get("billingDuration")
    if isinstance(duration, str):
        period = _period_from_iso(duration) or _period_from_words(duration)
    elif isinstance(duration, int | float) and not isinstance(duration, bool):
        period = _period_from_code(spec.get("unitCode"), duration)
    elif isinstance(duration, dict):
        period = _period_from_code(duration.get("unitCode"), duration.get("value", 1)) or _period_from_words(
            duration.get("unitText")
        )
    period = period or _period_from_code(spec.get("unitCode"))
    unit: str | None = None
    reference = spec.get("referenceQuantity")
    if isinstance(reference, dict):
        period = period or _period_from_code(reference.get("unitCode"), reference.get("value", 1))
        unit = _unit_from_words(reference.get("unitText"))
    unit_text = spec.get("unitText")
    period = period or _period_from_words(unit_text)
    return period, unit or _unit_from_words(unit_text)


def _plan(
    name: str, amount: Decimal | None, currency: str | None, period: Period | None, unit: str | None, method: Method
) -> PricePlan:
    return PricePlan(
        plan=name,
        amount=money(amount) if amount is not None else None,
        currency=currency,
        period=period,
        unit=unit,
        custom=amount is None,
        method=method,
    )


# ---------------------------------------------------------------- 2. microdata


def microdata_plans(tree: LexborHTMLParser, fallback_name: str) -> list[PricePlan]:
    plans: list[PricePlan] = []
    for node in tree.css('[itemprop~="price"]'):
        raw = node.attributes.get("content") or node.text()
        amount = parse_amount(raw)
        if amount is None:
            continue
        scope = _scope(node)
        name = _scoped_prop(scope, "name") if scope is not None else ""
        outer = _scope(scope) if scope is not None else None
        name = name or (_scoped_prop(outer, "name") if outer is not None else "") or fallback_name
        currency = currency_code(_scoped_prop(scope, "priceCurrency") if scope is not None else None)
        currency = currency or currency_code(Price.fromstring(node.text()).currency)
        period = None
        if scope is not None:
            duration = _scoped_prop(scope, "billingDuration")
            period = (
                (_period_from_iso(duration) if duration else None)
                or _period_from_code(_scoped_prop(scope, "unitCode"))
                or _period_from_words(_scoped_prop(scope, "unitText"))
            )
        out_unit = _unit_from_words(_scoped_prop(scope, "unitText")) if scope is not None else None
        plans.append(_plan(name, amount, currency, period, out_unit if not period else None, "microdata"))
    return plans


def _scope(node: LexborNode) -> LexborNode | None:
    parent = node.parent
    while parent is not None:
        if "itemscope" in parent.attributes:
            return parent
        parent = parent.parent
    return None


def _scoped_prop(scope: LexborNode, prop: str) -> str:
    node = scope.css_first(f'[itemprop~="{prop}"]')
    if node is None:
        return ""
    return _clean(node.attributes.get("content") or node.text())


# ---------------------------------------------------------------- 3. embedded app state


_NAME_KEYS = ("name", "title", "planName", "plan_name", "displayName", "display_name", "label", "tier", "plan")
_PERIOD_KEYS = ("interval", "period", "billingPeriod", "billing_period", "billingInterval", "billing", "frequency")
_CURRENCY_KEYS = ("currency", "currencyCode", "currency_code", "priceCurrency")
_UNIT_KEYS = ("unit", "per", "unitLabel", "unit_label")


def app_state_plans(tree: LexborHTMLParser) -> list[PricePlan]:
    plans: list[PricePlan] = []
    for blob in _state_blobs(tree):
        _walk_state(blob, plans, 0)
    return plans


def _state_blobs(tree: LexborHTMLParser) -> Iterator[Any]:
    """`__NEXT_DATA__` and other JSON scripts, and `window.__X__ = {...}` assignments that are plain JSON."""
    decoder = json.JSONDecoder(strict=False)
    for script in tree.css("script"):
        kind = _script_type(script)
        text = script.text()
        if kind == "application/ld+json":
            continue
        if kind == "application/json" or script.attributes.get("id") == "__NEXT_DATA__":
            yield from load_json_values(text)
        elif kind in ("", "text/javascript", "application/javascript", "module"):
            for match in STATE_ASSIGN.finditer(text):
                try:
                    yield decoder.raw_decode(text, match.end())[0]
                except ValueError:
                    continue  # a JS expression (e.g. Nuxt's IIFE), not JSON
    for island in tree.css("astro-island[props]"):
        yield from (astro_props(value) for value in load_json_values(island.attributes.get("props") or ""))


ASTRO_PLAIN, ASTRO_ARRAY = 0, 1
"""Astro's tags for a serialised island prop: `[0, value]` a plain value, `[1, [...]]` an array of tagged props;
its other tags (dates, maps, sets, URLs, typed arrays) hold nothing a price is read from."""


def astro_props(value: Any, depth: int = 0) -> Any:
    """An Astro island's `props` attribute as the plain JSON the component receives: a price list a page
    ships in its islands is read like any other app state, by its keys. Rows shipped as keyless arrays (a
    table's cells, tied to the column names the page shows only by their position) name no plan or price
    key and stay unread: their bare numbers say no currency."""
    if depth > MAX_DEPTH:
        return None
    if isinstance(value, dict):
        return {key: astro_props(item, depth + 1) for key, item in value.items()}
    if isinstance(value, list) and len(value) == 2 and value[0] in (ASTRO_PLAIN, ASTRO_ARRAY):
        tag, inner = value
        if tag == ASTRO_ARRAY and isinstance(inner, list):
            return [astro_props(item, depth + 1) for item in inner]
        return astro_props(inner, depth + 1) if isinstance(inner, dict) else inner
    return None


def _walk_state(value: Any, out: list[PricePlan], depth: int) -> None:
    if depth > MAX_DEPTH:
        return
    if isinstance(value, list):
        for item in value:
            _walk_state(item, out, depth + 1)
    elif isinstance(value, dict):
        plans = _state_plan(value)
        if plans:
            out.extend(plans)
            return  # a plan's own add-ons and features are not plans
        for item in value.values():
            if isinstance(item, dict | list):
                _walk_state(item, out, depth + 1)


def _first_str(node: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        value = node.get(key)
        if isinstance(value, str) and _clean(value):
            return _clean(value)
    return None


def _state_plan(node: dict[str, Any]) -> list[PricePlan]:
    """Plans of one app-state object that has a plan name and price-like keys."""
    name = _first_str(node, _NAME_KEYS)
    if not name or len(name) > 60:
        return []
    base_period = _period_from_words(_first_str(node, _PERIOD_KEYS))
    currency = currency_code(_first_str(node, _CURRENCY_KEYS))
    unit = _unit_from_words(_first_str(node, _UNIT_KEYS))
    prices = list(_state_prices(node, base_period, 0))
    plans: list[PricePlan] = []
    for amount, period, price_currency, custom_text in prices:
        if amount is None and not custom_text:
            continue
        plans.append(_plan(name, amount, price_currency or currency, period, unit, "app_state"))
    return plans


def _price_key_period(key: str) -> tuple[bool, Period | None]:
    """(is a price key, period it implies) for keys like price, amount, monthly, priceYearly, unit_amount."""
    k = key.lower().replace("_", "")
    if k.endswith("id") or "currency" in k or k in ("pricing", "priceslug"):
        return False, None
    is_price = "price" in k or k in ("amount", "cost", "unitamount", "monthly", "annual", "yearly", "annually")
    if not is_price:
        return False, None
    return True, "month" if "month" in k else "year" if ("annual" in k or "year" in k) else None


def _state_prices(
    node: dict[str, Any], period: Period | None, depth: int
) -> Iterator[tuple[Decimal | None, Period | None, str | None, bool]]:
    """(amount, period, currency, is custom) for each price-like value of `node`, one level of nesting."""
    for key, value in node.items():
        is_price, key_period = _price_key_period(key)
        if not is_price:
            continue
        this_period = key_period or period
        if isinstance(value, dict | list) and depth == 0:
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict):
                    yield from _nested_prices(item, this_period)
            continue
        if isinstance(value, str):
            if CUSTOM_TEXT.search(value) or CUSTOM_LINE.match(value.strip()):
                yield None, this_period, None, True
                continue
            if not re.search(r"\d", value) and not FREE_LINE.match(value.strip()):
                continue
            symbol = Price.fromstring(value).currency
            amount = Decimal(0) if FREE_LINE.match(value.strip()) else parse_amount(value)
            yield amount, this_period, currency_code(symbol), False
        elif isinstance(value, int | float) and not isinstance(value, bool):
            amount = parse_amount(value)
            if amount is not None and ("cents" in key.lower() or key.lower().replace("_", "") == "unitamount"):
                amount = amount / 100
            yield amount, this_period, None, False


def _nested_prices(
    node: dict[str, Any], period: Period | None
) -> Iterator[tuple[Decimal | None, Period | None, str | None, bool]]:
    """A price object: {"monthly": 20, "annual": 192}, {"amount": 20, "currency": "USD"}, Stripe-like prices."""
    recurring = node.get("recurring")
    interval = recurring.get("interval") if isinstance(recurring, dict) else _first_str(node, _PERIOD_KEYS)
    nested_period = _period_from_words(interval) or period
    nested_currency = currency_code(_first_str(node, _CURRENCY_KEYS))
    found = False
    for amount, p, c, custom in _state_prices(node, nested_period, 1):
        found = True
        yield amount, p, c or nested_currency, custom
    if not found and "value" in node:
        yield parse_amount(node.get("value")), nested_period, nested_currency, False
