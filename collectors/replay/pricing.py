"""Vendor pricing pages as the replay serves them: HTML, deterministic per URL and instant.

Each URL gets a vendor, a currency, a page style and a starting plan ladder from a generator keyed
by (seed, URL), then a schedule of changes (about one every seven weeks per page: a cut, a rise, a
plan added or removed) replayed up to `now`, so a page changes only when one of its events passes
and is byte-identical in between. Styles mix what real pages do: schema.org JSON-LD
`SoftwareApplication` offers (with `UnitPriceSpecification` and `unitCode` MON/ANN in its
different positions), a Next.js `__NEXT_DATA__` blob with a client-rendered shell, plain plan
cards (`$19/mo`, `Free`, `Contact sales`), and a model API's prices: tables per 1M tokens, or model
cards with one line per dimension ("Input:" over "$0.250 / 1M tokens") as OpenAI's page draws them, or as a
catalogue's tiles, each side a value over its label, as atptoken's page does.
"""

from __future__ import annotations

import html
import json
import math
from dataclasses import dataclass, replace
from functools import lru_cache
from urllib.parse import urlsplit

from collectors.replay.rng import rng, text_key, unit, weighted
from collectors.replay.world import DAY, EPOCH

NICE = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    12,
    15,
    16,
    18,
    19,
    20,
    24,
    25,
    29,
    30,
    35,
    39,
    40,
    45,
    49,
    50,
    59,
    60,
    69,
    75,
    79,
    89,
    99,
    119,
    129,
    149,
    179,
    199,
    249,
    299,
    349,
    399,
    499,
    599,
    799,
    999,
)
TIERS = ("Starter", "Plus", "Pro", "Team", "Business", "Scale", "Max", "Premium", "Growth", "Ultra")
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}
FEATURES = (
    "Unlimited projects",
    "Priority support",
    "SSO / SAML",
    "API access",
    "Audit logs",
    "Custom models",
    "Team workspaces",
    "Usage analytics",
    "Higher rate limits",
    "Private deployments",
    "SOC 2 report",
)
BRANDS = {
    "openai": "OpenAI",
    "github": "GitHub",
    "huggingface": "Hugging Face",
    "elevenlabs": "ElevenLabs",
    "deepl": "DeepL",
    "openrouter": "OpenRouter",
    "jetbrains": "JetBrains",
    "chatgpt": "ChatGPT",
}


@dataclass(frozen=True)
class Plan:
    name: str
    level: int | None  # index into NICE; None: contact sales; -1: free
    home: int = 0  # the level the plan started at; prices move at most one notch away from it

    @property
    def monthly(self) -> int | None:
        if self.level is None:
            return None
        return 0 if self.level < 0 else NICE[self.level]


@dataclass(frozen=True)
class Site:
    url: str
    vendor: str
    style: str  # jsonld | nextdata | cards | jsonld+cards | tables
    variant: int  # where JSON-LD puts its unitCode; on a model API's page (tables), 3 draws model cards
    currency: str
    per_seat: bool
    annual_months: int | None  # an annual plan costs this many months; None: no annual billing
    plans: tuple[Plan, ...]
    every: float
    phase: float
    key: int


def vendor_name(host: str) -> str:
    labels = [label for label in host.split(".") if label not in ("www", "api", "platform")]
    first = labels[0] if labels else host
    return BRANDS.get(first, first.replace("-", " ").title())


@lru_cache(maxsize=20_000)
def site(seed: int, url: str) -> Site:
    r = rng(seed, "pricing", url)
    host = urlsplit(url).hostname or url
    plans: list[Plan] = []
    if r.random() < 0.6:
        plans.append(Plan("Free", -1))
    level = r.randint(4, 16)
    for name in sorted(r.sample(TIERS[:6], r.randint(1, 3)), key=TIERS.index):
        plans.append(Plan(name, level, level))
        level = min(level + r.randint(3, 7), len(NICE) - 2)
    if r.random() < 0.6:
        plans.append(Plan("Enterprise", None))
    return Site(
        url=url,
        vendor=vendor_name(host),
        style=weighted(
            r, (("jsonld", 30.0), ("nextdata", 25.0), ("cards", 20.0), ("jsonld+cards", 10.0), ("tables", 15.0))
        ),
        variant=r.randint(0, 3),
        currency="CNY" if host.endswith(".cn") else weighted(r, (("USD", 80.0), ("EUR", 12.0), ("GBP", 8.0))),
        per_seat=r.random() < 0.3,
        annual_months=r.choice((None, 10, 10, 12)),
        plans=tuple(plans),
        every=math.exp(r.gauss(math.log(50), 0.4)) * DAY,
        phase=r.uniform(0, 60) * DAY,
        key=text_key(f"{seed}:{url}"),
    )


def _moved(plan: Plan, step: int) -> Plan:
    """One notch cheaper (-1) or dearer (+1), bouncing off the one-notch band around the starting price."""
    assert plan.level is not None
    level = plan.level + step
    if abs(level - plan.home) > 1 or not 0 <= level < len(NICE):
        level = plan.level - step
    return replace(plan, level=level)


def plans_at(s: Site, now: float) -> tuple[Plan, ...]:
    """The site's plans at `now`: its starting ladder with every change up to `now` applied in order.

    Prices wander one notch around where they started and tiers come and go, so a page years into
    the simulation still looks like a pricing page rather than the end of a random walk.
    """
    plans = list(s.plans)
    j = 1
    while True:
        t = EPOCH + s.phase + (j + 0.8 * unit(s.key, j, 1)) * s.every
        if t > now:
            return tuple(plans)
        paid = [i for i, p in enumerate(plans) if p.level is not None and p.level >= 0]
        roll, pick = unit(s.key, j, 2), unit(s.key, j, 3)
        grow = roll >= 0.7 and roll < 0.85 and len(paid) < 4
        shrink = roll >= 0.85 and len(paid) >= 3
        if not (grow or shrink):
            i = paid[int(pick * len(paid))]
            plans[i] = _moved(plans[i], -1 if roll < 0.35 else 1)
        elif grow:
            used = {p.name for p in plans}
            top = max((plans[i].level or 0 for i in paid), default=2)
            name = next(
                (n for n in TIERS[TIERS.index(plans[paid[-1]].name) + 1 if paid else 0 :] if n not in used), None
            )
            if name and top + 3 < len(NICE):
                plans.insert(
                    (paid[-1] + 1) if paid else len(plans) - (plans[-1].level is None), Plan(name, top + 3, top + 3)
                )
        else:
            del plans[paid[int(pick * len(paid))]]
        j += 1


def _money(s: Site, amount: int) -> str:
    return f"{SYMBOLS[s.currency]}{amount}"


def _unit(s: Site) -> str:
    return "/user" if s.per_seat else ""


def _features(s: Site, index: int) -> str:
    chosen = [FEATURES[(s.key >> (4 * n) ^ index * 7 + n) % len(FEATURES)] for n in range(2 + index % 3)]
    return "".join(f"<li>{html.escape(f)}</li>" for f in dict.fromkeys(chosen))


def _offer_spec(s: Site, amount: int, code: str) -> dict[str, object]:
    """A UnitPriceSpecification, with `unitCode` where this site's markup happens to put it."""
    spec: dict[str, object] = {"@type": "UnitPriceSpecification", "price": amount, "priceCurrency": s.currency}
    if s.variant == 0:
        spec["unitCode"] = code
    elif s.variant == 1:
        spec["billingDuration"] = {"@type": "QuantitativeValue", "value": 1, "unitCode": code}
    elif s.variant == 2:
        spec["referenceQuantity"] = {"@type": "QuantitativeValue", "value": 1, "unitCode": code}
    else:
        spec["billingDuration"] = "P1M" if code == "MON" else "P1Y"
    if s.per_seat:
        spec["unitText"] = "user"
    return spec


def jsonld(s: Site, plans: tuple[Plan, ...]) -> str:
    offers: list[dict[str, object]] = []
    for plan in plans:
        if plan.monthly is None:
            offers.append(
                {
                    "@type": "Offer",
                    "name": plan.name,
                    "description": "Contact sales",
                    "priceSpecification": {"@type": "PriceSpecification", "priceCurrency": s.currency},
                }
            )
        elif plan.monthly == 0:
            offers.append({"@type": "Offer", "name": plan.name, "price": "0", "priceCurrency": s.currency})
        else:
            offers.append(
                {
                    "@type": "Offer",
                    "name": plan.name,
                    "price": str(plan.monthly),
                    "priceCurrency": s.currency,
                    "priceSpecification": _offer_spec(s, plan.monthly, "MON"),
                }
            )
            if s.annual_months and s.variant % 2 == 0:
                yearly = plan.monthly * s.annual_months
                offers.append(
                    {
                        "@type": "Offer",
                        "name": plan.name,
                        "price": str(yearly),
                        "priceCurrency": s.currency,
                        "priceSpecification": _offer_spec(s, yearly, "ANN"),
                    }
                )
    data = {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        "name": s.vendor,
        "applicationCategory": "BusinessApplication",
        "operatingSystem": "Web",
        "offers": offers,
    }
    return f'<script type="application/ld+json">{json.dumps(data, ensure_ascii=False)}</script>'


def next_data(s: Site, plans: tuple[Plan, ...]) -> str:
    data = {
        "props": {
            "pageProps": {
                "pricing": {
                    "currency": s.currency,
                    "billingPeriods": ["monthly", "annual"] if s.annual_months else ["monthly"],
                    "plans": [
                        {
                            "id": p.name.lower(),
                            "name": p.name,
                            "currency": s.currency,
                            "monthlyPrice": p.monthly,
                            "annualPrice": p.monthly * s.annual_months if p.monthly and s.annual_months else None,
                            "perSeat": s.per_seat and bool(p.monthly),
                            "cta": "Contact sales"
                            if p.monthly is None
                            else ("Get started" if p.monthly == 0 else "Start trial"),
                        }
                        for p in plans
                    ],
                }
            },
            "__N_SSG": True,
        },
        "page": "/pricing",
        "query": {},
        "buildId": f"{s.key:x}"[:12],
        "isFallback": False,
        "gsp": True,
        "scriptLoader": [],
    }
    return f'<script id="__NEXT_DATA__" type="application/json">{json.dumps(data, ensure_ascii=False)}</script>'


SPEND_CAP = 50
"""A variant 1 card's usage cap, in months of its price: a feature line "Monthly spend cap: $450" is no price."""


def _card_head(s: Site, name: str, popular: bool) -> str:
    """A card's name: a heading; on a variant 1 site a plain line under a ribbon-classed phrase on the popular
    card (`<span class="badge">Best for growing teams</span>` over `<p class="eyebrow">Pro</p>`), as
    Upscaler Studio's page draws it (tests/fixtures/pricing/heldout35). A variant 1 card's price stands in
    utility classes that name nothing, and its features end with a spend cap in money. A variant 2 card draws its
    currency sign in an element of its own before the price element's figure, grouped in thousands on its
    yearly line, as OptiFlow's page does (tests/fixtures/pricing/heldout38)."""
    if s.variant != 1:
        return f"<h3>{html.escape(name)}</h3>"
    ribbon = '<span class="badge">Best for growing teams</span>' if popular else ""
    return f'{ribbon}<p class="eyebrow">{html.escape(name)}</p>'


def cards(s: Site, plans: tuple[Plan, ...]) -> str:
    out = ['<section class="pricing-grid">']
    if s.annual_months:
        saving = round(100 * (12 - s.annual_months) / 12)
        toggle = f"Save {saving}% with annual billing" if saving else "Monthly or annual billing"
        out.append(f'<div class="billing-toggle">{toggle}</div>')
    for index, plan in enumerate(plans):
        if plan.monthly is None:
            price, cta = "Contact sales", "Talk to us"
        elif plan.monthly == 0:
            price, cta = "Free", "Get started"
        else:
            price, cta = f"{_money(s, plan.monthly)}{_unit(s)}/mo", "Start free trial"
        popular = " popular" if plan.name == "Pro" else ""
        out.append(f'<div class="pricing-card{popular}">{_card_head(s, plan.name, bool(popular))}')
        if s.variant == 1:  # a price in utility classes that name nothing (spllit-en, heldout35)
            out.append(f'<div class="mb-6"><span class="text-4xl font-bold">{html.escape(price)}</span></div>')
        elif s.variant == 2 and plan.monthly:  # the sign in an element of its own (optiflow-en, heldout38)
            out.append(
                f'<div class="pc-pricing"><span class="pc-currency">{SYMBOLS[s.currency]}</span>'
                f'<span class="pc-price">{plan.monthly:,}</span><span class="pc-period">{_unit(s)}/mo</span></div>'
            )
        else:
            out.append(f'<p class="price">{html.escape(price)}</p>')
        if plan.monthly and s.annual_months and s.variant == 2:
            yearly = plan.monthly * s.annual_months
            out.append(
                f'<p class="billed-annually"><span class="pc-currency">{SYMBOLS[s.currency]}</span>'
                f'<span class="pc-price">{yearly:,}</span>{_unit(s)}/yr billed annually</p>'
            )
        elif plan.monthly and s.annual_months:
            yearly = plan.monthly * s.annual_months
            out.append(f'<p class="price-annual">{html.escape(_money(s, yearly))}{_unit(s)}/yr billed annually</p>')
        limit = ""
        if s.variant == 1 and plan.monthly:
            limit = f"<li>Monthly spend cap: {html.escape(_money(s, plan.monthly * SPEND_CAP))}</li>"
        features = _features(s, index) + limit
        out.append(f'<ul class="features">{features}</ul><a class="cta" href="/signup">{cta}</a></div>')
    out.append("</section>")
    return "".join(out)


def _per_million(level: int, factor: float) -> str:
    """A token price derived from a plan's notch: tenths of the ladder, so cuts and rises follow the plan's."""
    return f"{NICE[level] * factor / 10:.4f}".rstrip("0").rstrip(".")


def tables(s: Site, plans: tuple[Plan, ...]) -> str:
    """A model API's price tables, as real ones are: one model per row, input / cached input / output per
    1M tokens, a Batch table at half price under its own heading; a Chinese page says 元 and 百万tokens.
    Variant 1 of an English page sets them in switchable panes with a Flex pane of Batch's figures (`PANES`);
    variant 2 of a page in another currency draws each table with `<div>`s, a head beside a body (`div_tables`)."""
    chinese = s.currency == "CNY"
    models = _models(s, plans)
    if s.variant == 2 and not chinese:
        return div_tables(s, models)
    if chinese:
        head = "<tr><th>模型</th><th>输入（缓存命中）</th><th>输入（缓存未命中）</th><th>输出</th></tr>"
        note = "<p>价格单位：元 / 百万 tokens</p>"
    else:
        head = (
            "<tr><th>Model</th><th>Input<br>(per 1M tokens)</th><th>Cached input</th>"
            "<th>Output<br>(per 1M tokens)</th></tr>"
        )
        note = "<p>Prices per 1M tokens.</p>"
    panes = s.variant == 1 and not chinese
    out = []
    for section, factor in PANES if panes else (("Standard", 1.0), ("Batch", 0.5)):
        order = (0.25, 1, 4) if chinese else (1, 0.25, 4)  # the columns' order: cache hit first in Chinese
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td>"
            + "".join(f"<td>{SYMBOLS[s.currency]}{_per_million(level, factor * k)}</td>" for k in order)
            + "</tr>"
            for name, level in models
        )
        table = f"{note}<table><thead>{head}</thead><tbody>{rows}</tbody></table>"
        if panes:
            hidden = "" if section == PANES[0][0] else " hidden"
            out.append(
                f'<div data-content-switcher-pane="true" data-value="{section.lower()}"{hidden}>'
                f'<div class="hidden">{section}</div><h3>Text tokens</h3>{table}</div>'
            )
        else:
            out.append(f"<h2>{section}</h2>{table}")
    if panes:
        switcher = "".join(
            f'<button type="button" role="radio" data-value="{section.lower()}">{section}</button>'
            for section, _ in PANES
        )
        out.insert(0, f'<div role="radiogroup" class="content-switcher">{switcher}</div>')
    return '<section class="pricing">' + "".join(out) + "</section>"


PANES = (("Standard", 1.0), ("Batch", 0.5), ("Flex", 0.5))
"""A variant 1 page's tables as OpenAI draws them (tests/fixtures/pricing/heldout53): switchable panes named by a
radio group's buttons, one table each, Flex at the same figures as Batch."""


COMMITMENT_TERMS = (("6_months", "Commitment - 6 months", 0.9), ("12_months", "Commitment - 12 months", 0.8))
"""A provisioned-throughput table's commitment terms: each a block of its own in the cell, its share of the
on-demand rate; the longest term is the one shown (Civo's GPU tables, tests/fixtures/pricing/heldout50)."""
HOURS_A_MONTH = 730
CAPACITY_VARIANTS = (0, 2)
"""The model API pages (tables style, not in CNY) that also price provisioned capacity, bandwidth and GPU instances:
the plain tables and the `<div>`-drawn ones."""


def _hourly(s: Site, amount: float) -> str:
    """An hourly rate and its hidden monthly twin, the two sides of an hourly / monthly toggle."""
    sign = SYMBOLS[s.currency]
    return (
        f'<div data-option="hourly" class="price-value">{sign}{amount:.2f}<span>per hour</span></div>'
        f'<div data-option="monthly" class="price-value hidden">{sign}{amount * HOURS_A_MONTH:,.2f}'
        "<span>per month</span></div>"
    )


def _hidden_unless(shown: bool) -> str:
    return "" if shown else ' class="hidden"'


def provisioned(s: Site, models: list[tuple[str, int]]) -> str:
    """Dedicated capacity per model by the hour, as GPU clouds price it (Civo, heldout50): an on-demand cell and a
    commitment cell holding a block per term (`<div id="6_months" class="hidden">`), a select choosing the term
    shown; each cell an hourly rate with its monthly twin hidden behind a toggle."""
    options = "".join(f'<option value="{key}">{label}</option>' for key, label, _ in COMMITMENT_TERMS)
    rows = []
    for name, level in models:
        rate, shown = NICE[level] / 10, COMMITMENT_TERMS[-1][0]
        terms = "".join(
            f'<div id="{key}"{_hidden_unless(key == shown)}>{_hourly(s, round(rate * share, 2))}</div>'
            for key, _, share in COMMITMENT_TERMS
        )
        rows.append(f"<tr><td>{html.escape(name)}</td><td>1 x GPU</td><td>{_hourly(s, rate)}</td><td>{terms}</td></tr>")
    return (
        f'<h2>Provisioned throughput</h2><select class="commitment-term">{options}</select>'
        "<table><caption>Provisioned throughput pricing</caption><thead><tr><th>Model</th><th>GPUs</th>"
        f"<th>On-demand</th><th>Commitment</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


BANDWIDTH_BANDS = ("0 - 1", "2 - 10", "11 - 100", "101 - 1000", "1001+")
"""The quantity bands of a bandwidth rate table, each at half the rate of the one before (CoCreate's "Bandwidth
Range (GB) | Rate ($)", tests/fixtures/pricing/heldout93)."""


def bandwidth_rates(s: Site) -> list[tuple[str, float]]:
    """Each band and its rate per GB: a site's own top rate, halved band by band."""
    top = 0.05 * (1 + s.key % 4)
    return [(band, round(top / 2**at, 4)) for at, band in enumerate(BANDWIDTH_BANDS)]


def bandwidth(s: Site) -> str:
    """A rate in tiers, each row named only by its quantity band under a header saying what the bands count."""
    rows = "".join(f"<tr><td>{band}</td><td>{rate:g}</td></tr>" for band, rate in bandwidth_rates(s))
    sign = SYMBOLS[s.currency]
    return (
        f"<h2>Bandwidth</h2><table><thead><tr><th>Bandwidth Range (GB)</th><th>Rate ({sign})</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


GPU_TYPES = ("NVIDIA H100 SXM", "NVIDIA A100 PCIe", "NVIDIA A10")


def gpu_rates(s: Site) -> list[tuple[str, float | None]]:
    """Each GPU instance and its rate per GPU-hour (None: reserved capacity, priced on request)."""
    base = 0.75 + 0.25 * (s.key % 3)
    rates: list[tuple[str, float | None]] = [
        (f"On-demand 1x {gpu}", round(base * (len(GPU_TYPES) - at), 2)) for at, gpu in enumerate(GPU_TYPES)
    ]
    return [*rates, (f"Reserved 8x {GPU_TYPES[0]}", None)]


def gpu_instances(s: Site) -> str:
    """GPU instances by the hour in a table with no header row, as Lambda's list is (tests/fixtures/pricing/
    heldout31, lambda-gpu-cloud): a name, the GPU's memory and cores, and "$2.99 / GPU / hr" or a call to sales."""
    sign = SYMBOLS[s.currency]
    rows = "".join(
        f"<tr><td><strong>{name}</strong></td><td>80 GB</td><td>208</td><td>"
        + (f"{sign}{rate:.2f} / GPU / hr" if rate is not None else '<a href="/talk">CONTACT SALES</a>')
        + "</td></tr>"
        for name, rate in gpu_rates(s)
    )
    return f"<h2>GPU instances</h2><table>{rows}</table>"


def div_tables(s: Site, models: list[tuple[str, int]]) -> str:
    """The price tables drawn with `<div>`s as Nebius's price list is (tests/fixtures/pricing/heldout31): a head
    holding one row of column names beside a body holding a row per model, each cell's text in a `<p>`, and a
    column that is no price ("Context, tokens": 128,000) among the priced ones."""

    def row(cells: list[str]) -> str:
        return (
            '<div class="table__row">' + "".join(f'<div class="table__cell"><p>{c}</p></div>' for c in cells) + "</div>"
        )

    head = row(["Model", "Context, tokens", "Input, per 1M tokens", "Cached input", "Output, per 1M tokens"])
    out = []
    for section, factor in (("Standard", 1.0), ("Batch", 0.5)):
        body = "".join(
            row(
                [html.escape(name), f"{CONTEXT_TOKENS:,}"]
                + [f"{SYMBOLS[s.currency]}{_per_million(level, factor * k)}" for k in (1, 0.25, 4)]
            )
            for name, level in models
        )
        out.append(
            f'<h2>{section}</h2><div class="table"><div class="table__head">{head}</div>'
            f'<div class="table__body">{body}</div></div>'
        )
    return '<section class="pricing">' + "".join(out) + "</section>"


CONTEXT_TOKENS = 128_000
"""The context window a div-drawn table lists beside the prices: a number that is no price."""


MODEL_CARD_LINES = (("Input", 1.0), ("Cached input", 0.25), ("Output", 4.0))
"""A model card's priced lines and their share of the model's notch (as the tables' columns)."""


def _models(s: Site, plans: tuple[Plan, ...]) -> list[tuple[str, int]]:
    """The site's paid plans as models of its API: (model name, notch)."""
    prefix = s.vendor.lower().replace(" ", "-")
    return [(f"{prefix}-{p.name.lower()}", p.level) for p in plans if p.level is not None and p.level >= 0]


def model_cards(s: Site, plans: tuple[Plan, ...]) -> str:
    """A model API's prices as cards, the way OpenAI's pricing page draws them (tests/fixtures/pricing/heldout31):
    per model its name and a line about it, then a "Price" heading over one line per dimension, the label and
    the price split by a line break ("Input:<br>$2.50 / 1M tokens"). A card whose prices need three decimals
    writes all of them with three ("$0.250", "$2.000"), as that page does. Half the sites (by their key) draw
    them as a model catalogue's tiles instead (`model_tiles`)."""
    if s.key % 2:
        return model_tiles(s, plans)
    out = ['<section class="models">']
    for name, level in _models(s, plans):
        prices = [(label, NICE[level] * share / 10) for label, share in MODEL_CARD_LINES]
        decimals = max(2, *(len(f"{amount:.4f}".rstrip("0").split(".")[1]) for _, amount in prices))
        lines = "".join(
            f'<div class="price-line"><span>{label}:<br>{SYMBOLS[s.currency]}{amount:.{decimals}f} / 1M tokens'
            "</span></div>"
            for label, amount in prices
        )
        out.append(
            f'<div class="model-card"><div><h2>{html.escape(name)}</h2><p>A model of {html.escape(s.vendor)}</p></div>'
            f'<div><h3>Price</h3><div class="price-lines">{lines}</div></div></div>'
        )
    out.append("</section>")
    return "".join(out)


def model_tiles(s: Site, plans: tuple[Plan, ...]) -> str:
    """A model API's prices as a catalogue's tiles, the way atptoken-en draws them (tests/fixtures/pricing/heldout129):
    per model a `<button aria-label="View <model> details">`, the maker's caption over the model's id, then one
    stat cell per side, its value over its label ("$0.90" over "Input"; "—" over "Cache read" on a model with no
    cached price), and the unit said once under the cells ("USD / 1M tokens"). Each cell writes its own amount with
    two decimals or as many as it needs ("$30.00", "$0.725", "$3.851"), as that page does: no "€2.900" a reader
    would have to take for a decimal."""
    out = ['<section class="models"><div class="grid grid-cols-3">']
    for at, (name, level) in enumerate(_models(s, plans)):
        prices = [(label, NICE[level] * share / 10) for label, share in MODEL_CARD_LINES]
        cells = "".join(
            '<div class="min-w-0"><div class="tabular-nums">'
            + ("—" if label == "Cached input" and at % 2 else f"{SYMBOLS[s.currency]}{_cell_amount(amount)}")
            + f'</div><div class="uppercase">{"Cache read" if label == "Cached input" else label}</div></div>'
            for label, amount in prices
        )
        out.append(
            f'<button type="button" aria-label="View {html.escape(name)} details" class="group flex flex-col">'
            f'<div class="flex"><span class="text-slate-400">{html.escape(s.vendor)}</span></div>'
            f'<div class="font-mono">{html.escape(name)}</div><div class="grid grid-cols-3">{cells}</div>'
            f'<div class="text-right">{s.currency} / 1M tokens</div></button>'
        )
    out.append("</div></section>")
    return "".join(out)


def _cell_amount(amount: float) -> str:
    """An amount with two decimals, or as many as it needs up to four ("30.00", "0.725")."""
    decimals = max(2, len(f"{amount:.4f}".rstrip("0").split(".")[1]))
    return f"{amount:.{decimals}f}"


def render(s: Site, now: float) -> str:
    """The page at `now`."""
    plans = plans_at(s, now)
    title = f"Pricing | {html.escape(s.vendor)}"
    head = [
        f'<meta charset="utf-8"><title>{title}</title>',
        f'<meta name="description" content="Plans and pricing for {html.escape(s.vendor)}.">',
    ]
    body = [
        f'<header><nav><a href="/">{html.escape(s.vendor)}</a> <a href="/docs">Docs</a> '
        '<a href="/pricing">Pricing</a></nav></header><main>'
    ]
    if "jsonld" in s.style:
        head.append(jsonld(s, plans))
    if s.style == "nextdata":
        body.append('<div id="__next"><div class="skeleton">Loading plans…</div></div>')
        body.append(next_data(s, plans))
    else:
        body.append(f"<h1>Simple pricing for {html.escape(s.vendor)}</h1>")
        if "cards" in s.style:
            body.append(cards(s, plans))
        elif s.style == "tables":
            body.append(model_cards(s, plans) if s.variant == 3 and s.currency != "CNY" else tables(s, plans))
            if s.variant in CAPACITY_VARIANTS and s.currency != "CNY":
                body.append(provisioned(s, _models(s, plans)) + bandwidth(s) + gpu_instances(s))
        else:
            body.append('<div id="plans" data-render="client"></div>')
    body.append(
        '<section class="faq"><h2>FAQ</h2><p>Can I cancel any time? Yes.</p></section></main>'
        f"<footer>{html.escape(s.vendor)} Inc.</footer>"
    )
    lang = "zh-CN" if s.currency == "CNY" else "en"
    return f'<!DOCTYPE html><html lang="{lang}"><head>{"".join(head)}</head><body>{"".join(body)}</body></html>\n'
