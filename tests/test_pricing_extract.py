"""Extraction from pricing HTML: each method, each JSON-LD variant, dedupe and precedence."""

from __future__ import annotations

from decimal import Decimal

import pytest

from collectors.models import PricePlan
from collectors.pricing_extract import (
    content_hash,
    extract,
    load_json_values,
    parse_amount,
    visible_text,
)
from tests.conftest import FIXTURES

URL = "https://www.example.test/pricing"


def page(name: str) -> str:
    return (FIXTURES / "pricing" / name).read_text(encoding="utf-8")


def plans(html: str) -> list[tuple[str, float | None, str | None, str | None, str | None, bool, str]]:
    return [(p.plan, p.amount, p.currency, p.period, p.unit, p.custom, p.method) for p in extract(html, URL).plans]


def ld(body: str, title: str = "T") -> str:
    script = f'<script type="application/ld+json">{body}</script>'
    return f"<html><head><title>{title}</title>{script}</head><body></body></html>"


def test_typical_software_application_offers() -> None:
    result = extract(page("jsonld_software_app.html"), URL)
    assert result.title == "Pricing | ExampleApp"
    assert result.methods == ["jsonld"]  # the visible cards repeat the same plans and add nothing
    assert result.plans == [
        PricePlan(plan="Free", amount=0.0, currency="USD", period=None, unit=None, custom=False, method="jsonld"),
        PricePlan(plan="Pro", amount=19.0, currency="USD", period="month", unit="user", custom=False, method="jsonld"),
        PricePlan(plan="Enterprise", amount=None, currency=None, custom=True, method="jsonld"),
    ]


def test_unit_code_in_each_of_its_three_positions_and_as_a_count() -> None:
    assert plans(page("jsonld_unitcode_positions.html")) == [
        ("Starter", 9.0, "EUR", "month", None, False, "jsonld"),  # unitCode on the specification, number price
        ("Team", 120.0, "EUR", "year", None, False, "jsonld"),  # inside billingDuration, string price
        ("Business", 24.5, "EUR", "month", "seat", False, "jsonld"),  # inside referenceQuantity
        ("Business Annual", 245.0, "EUR", "year", None, False, "jsonld"),  # billingDuration 12 x MON
    ]


def test_iso_durations_graph_comments_trailing_garbage_and_several_objects() -> None:
    result = extract(page("jsonld_iso_messy.html"), URL)
    assert result.title == "Pricing – Quillbot Pro"
    assert [(p.plan, p.amount, p.currency, p.period, p.unit) for p in result.plans] == [
        ("Quill Plus", 19.99, "USD", "month", None),  # P1M
        ("Quill Plus", 199.9, "USD", "year", None),  # P1Y, same offer
        ("Quill Basic", 4.99, "USD", "month", None),  # standalone Offer in @graph, P30D, lower-case currency
        ("Quill Teams", 12.0, "USD", "month", "seat"),  # second object in one script; name from the Product
    ]


def test_aggregate_offer_low_price_nested_offers_ranges_and_offers_without_price() -> None:
    assert plans(page("jsonld_aggregate.html")) == [
        ("VoiceForge API", 5.0, "USD", None, None, False, "jsonld"),  # lowPrice
        ("Studio Creator", 15.0, "GBP", None, None, False, "jsonld"),  # "15-25" -> its low end
        ("Studio Enterprise", None, None, None, None, True, "jsonld"),  # no price: contact sales, in no currency
    ]


@pytest.mark.parametrize(
    ("spec", "period", "unit"),
    [
        ('{"billingDuration": "P1M"}', "month", None),
        ('{"billingDuration": "P1Y"}', "year", None),
        ('{"billingDuration": "P12M"}', "year", None),
        ('{"billingDuration": "P3M"}', None, None),
        ('{"billingDuration": 1, "unitCode": "ANN"}', "year", None),
        ('{"billingDuration": {"value": 1, "unitCode": "MON"}}', "month", None),
        ('{"billingDuration": {"value": "12", "unitCode": "MON"}}', "year", None),
        ('{"unitCode": "MON"}', "month", None),
        ('{"unitCode": "DAY"}', None, None),
        ('{"referenceQuantity": {"value": 1, "unitCode": "ANN", "unitText": "users"}}', "year", "user"),
        ('{"unitText": "per user per month"}', "month", "user"),
        ('{"unitText": "1M tokens"}', None, "1M tokens"),
    ],
)
def test_unit_price_specification_variants(spec: str, period: str | None, unit: str | None) -> None:
    html = ld(f'{{"@type": "Offer", "name": "Pro", "price": 10, "priceCurrency": "USD", "priceSpecification": {spec}}}')
    [plan] = extract(html, URL).plans
    assert (plan.period, plan.unit, plan.amount) == (period, unit, 10.0)


def test_an_offer_without_a_name_takes_its_product_name_then_the_vendor() -> None:
    html = ld(
        '[{"@type": "Product", "name": "Widget", "offers": {"price": "7", "priceCurrency": "EUR"}},'
        ' {"@type": "Offer", "price": 3, "priceCurrency": "EUR"}]'
    )
    assert [p.plan for p in extract(html, URL).plans] == ["Widget", "example.test"]


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("19.99", Decimal("19.99")),
        (19.99, Decimal("19.99")),
        (19, Decimal("19")),
        ("245.00", Decimal("245.00")),
        ("$1,299", Decimal("1299")),
        ("19,99 €", Decimal("19.99")),
        ("15-25", Decimal("15")),
        ({"@value": "5"}, Decimal("5")),
        ("", None),
        ("Free", Decimal("0")),  # price-parser reads "Free" as 0, as a page means it
        ("Contact us", None),
        (True, None),
        (-1, None),
    ],
)
def test_parse_amount(value: object, expected: Decimal | None) -> None:
    assert parse_amount(value) == expected


def test_money_keeps_the_decimal_digits() -> None:
    html = ld(
        '{"@type": "Offer", "name": "A", "price": "0.1", "priceCurrency": "USD"}'
        '{"@type": "Offer", "name": "B", "price": 19.99, "priceCurrency": "USD"}'
    )
    assert [p.amount for p in extract(html, URL).plans] == [0.1, 19.99]


def test_tolerant_json_loading() -> None:
    assert load_json_values('<!-- {"a": 1} -->') == [{"a": 1}]
    assert load_json_values('{"u": "https://x.test/a//b", /* c */ "b": [1, 2,],} // end') == [
        {"u": "https://x.test/a//b", "b": [1, 2]}
    ]
    assert load_json_values('{"a": 1}\n{"b": 2}; trailing()') == [{"a": 1}, {"b": 2}]
    assert load_json_values('{"s": "line\nbreak"}') == [{"s": "line\nbreak"}]
    assert load_json_values("{ not json") == []
    assert load_json_values("") == []


def test_microdata_prices_with_content_attributes() -> None:
    result = extract(page("microdata.html"), URL)
    assert result.methods == ["microdata"]
    assert plans(page("microdata.html")) == [
        ("Basic", 8.0, "GBP", "month", None, False, "microdata"),
        ("Premium", 96.0, "GBP", "year", None, False, "microdata"),
    ]


def test_next_data_app_state() -> None:
    result = extract(page("nextjs_pricing.html"), URL)
    assert result.title == "Pricing — Nimbus AI"
    assert result.methods == ["app_state"]
    assert plans(page("nextjs_pricing.html")) == [
        ("Hobby", 0.0, "USD", "month", None, False, "app_state"),
        ("Hobby", 0.0, "USD", "year", None, False, "app_state"),
        ("Pro", 20.0, "USD", "month", None, False, "app_state"),
        ("Pro", 192.0, "USD", "year", None, False, "app_state"),
        ("Teams", 40.0, "USD", "month", "user", False, "app_state"),
        ("Teams", 384.0, "USD", "year", "user", False, "app_state"),
        ("Enterprise", None, None, None, None, True, "app_state"),
    ]


def test_window_state_assignments_that_are_json_and_stripe_like_prices() -> None:
    html = """<html><head><title>P</title><script>
      window.__NUXT__=(function(a,b){return {plans:[{name:"Nope",price:a}]}}(9,1));
      window.__INITIAL_STATE__ = {"catalog": {"tiers": [
        {"displayName": "Solo",
         "prices": [{"unit_amount": 1200, "currency": "eur", "recurring": {"interval": "month"}}]},
        {"displayName": "Crew", "priceMonthly": "$30", "priceYearly": "$300"}
      ]}};
    </script></head><body></body></html>"""
    assert plans(html) == [
        ("Solo", 12.0, "EUR", "month", None, False, "app_state"),
        ("Crew", 30.0, "USD", "month", None, False, "app_state"),
        ("Crew", 300.0, "USD", "year", None, False, "app_state"),
    ]


def test_visible_plan_cards() -> None:
    result = extract(page("plan_cards.html"), URL)
    assert result.title == "Pricing · Relay"
    assert result.methods == ["heuristic"]
    assert plans(page("plan_cards.html")) == [
        ("Free", 0.0, None, None, None, False, "heuristic"),
        ("Starter", 19.0, "USD", "month", None, False, "heuristic"),  # the struck-through $25 and "$5 credit" ignored
        ("Team", 15.0, "EUR", "month", "user", False, "heuristic"),  # "€15 per user/month"
        ("Enterprise", None, None, None, None, True, "heuristic"),  # "Contact sales"
    ]


@pytest.mark.parametrize(
    ("price_text", "expected"),
    [
        ("$49 per month", (49.0, "USD", "month", None)),
        ("£8/user/mo", (8.0, "GBP", "month", "user")),
        ("USD 1,200 / year", (1200.0, "USD", "year", None)),
        ("29 € pro Sitz / monthly", (29.0, "EUR", "month", "seat")),
        ("¥1,000/mo", (1000.0, "JPY", "month", None)),
        ("$16/mo, billed annually", (16.0, "USD", "month", None)),
        ("$199 billed yearly", (199.0, "USD", "year", None)),
        ("$12.50 per seat per month", (12.5, "USD", "month", "seat")),
        ("$299 one-time", (299.0, "USD", "one_time", None)),
    ],
)
def test_visible_price_texts(price_text: str, expected: tuple[object, ...]) -> None:
    html = f'<html><body><div class="plan"><h3>Pro</h3><p>{price_text}</p></div></body></html>'
    [plan] = extract(html, URL).plans
    assert (plan.amount, plan.currency, plan.period, plan.unit) == expected


def test_headings_outside_marked_cards_and_prose_prices_are_not_plans() -> None:
    # a page whose marked card gives a price: a heading over a sentence with an amount is no card, and the
    # sentence is not read (prose is read only on a page that no other method priced)
    html = """<html><body><h2>Pro</h2><p>Only $10/mo!</p>
      <div class="plan-grid"><div class="note">Prices from $5</div></div>
      <div class="plan"><h3>Team</h3><div class="price">$30/mo</div></div></body></html>"""
    assert [(p.plan, p.amount) for p in extract(html, URL).plans] == [("Team", 30.0)]


def test_a_page_without_prices_gives_no_plans_and_no_crash() -> None:
    result = extract(page("no_prices.html"), URL)
    assert result.title == "Talk to us | Helix"
    assert result.plans == []
    assert result.methods == []


@pytest.mark.parametrize("html", ["", "<html>", "<<<>>>", "\x00\x01 binary", "<script type='application/ld+json'>"])
def test_garbage_html_does_not_crash(html: str) -> None:
    assert extract(html, URL).plans == []


def test_an_earlier_method_wins_and_later_methods_add_only_new_plans() -> None:
    html = """<html><head><title>Mixed</title>
      <script type="application/ld+json">{"@type": "Offer", "name": "Pro", "price": "20", "priceCurrency": "USD",
        "priceSpecification": {"@type": "UnitPriceSpecification", "price": "20", "billingDuration": "P1M"}}</script>
      <script id="__NEXT_DATA__" type="application/json">
        {"props": {"plans": [{"name": "pro", "price": 25}, {"name": "Team", "price": 40, "currency": "USD"}]}}</script>
      </head><body>
      <div class="plan"><h3>Pro</h3><p>$20/mo</p></div>
      <div class="plan"><h3>Team</h3><p>$40</p></div>
      <div class="plan"><h3>Scale</h3><p>$99/mo</p></div>
      <div class="plan"><h3>Scale</h3><p>$99/mo</p></div>
    </body></html>"""
    assert plans(html) == [
        ("Pro", 20.0, "USD", "month", None, False, "jsonld"),
        ("Team", 40.0, "USD", None, None, False, "app_state"),
        ("Scale", 99.0, "USD", "month", None, False, "heuristic"),  # the repeated card counted once
    ]
    assert extract(html, URL).methods == ["jsonld", "app_state", "heuristic"]


def test_content_hash_follows_the_visible_text_only() -> None:
    base = "<html><head><title>A</title><script>var t = {};</script></head><body><p>Pro  $10</p></body></html>"
    same = "<html><head><title>A</title><script>var t = {x: 1};</script></head><body><p>Pro\n$10</p></body></html>"
    other = base.replace("$10", "$12")
    assert visible_text(base) == "Pro $10"
    assert content_hash(base) == content_hash(same)
    assert content_hash(base) != content_hash(other)
    assert len(content_hash(base)) == 64


def test_a_sentence_price_on_a_page_nested_deeper_than_the_recursion_limit_is_read() -> None:
    from selectolax.lexbor import LexborHTMLParser

    from collectors.pricing_prose import prose_plans
    from collectors.pricing_vocab import PageContext

    html = "<html><body>" + "<div>" * 3000 + "<p>Pro costs $12 per month.</p>" + "</div>" * 3000 + "</body></html>"
    plans = prose_plans(LexborHTMLParser(html), PageContext("example.test"))
    assert [(p.plan, p.amount, p.currency, p.period) for p in plans] == [("Pro", 12.0, "USD", "month")]


def test_a_transposed_row_naming_a_dimension_again_is_that_dimension_another_way() -> None:
    html = (
        "<html><body><main><h1>Preços</h1><p>Todos os preços são por milhão de tokens processados.</p>"
        "<table><thead><tr><th></th><th><strong>Sabiá 4</strong></th><th><strong>Sabiazinho 4</strong></th>"
        "</tr></thead><tbody>"
        "<tr><td><strong>Input</strong></td><td>R$ 5,00</td><td>R$ 1,00</td></tr>"
        "<tr><td><strong>Output</strong></td><td>R$ 20,00</td><td>R$ 4,00</td></tr>"
        "<tr><td><strong>Input noturno ²</strong></td><td>R$ 3,50</td><td>R$ 0,70</td></tr>"
        "<tr><td><strong>Output Batch API</strong></td><td>R$ 10,00</td><td>R$ 2,00</td></tr>"
        "</tbody></table></main></body></html>"
    )
    found = {(p.plan, p.dimension, float(p.amount or 0), p.section) for p in extract(html, URL).plans}
    assert ("Sabiá 4", "input", 3.5, "Preços · Input noturno") in found
    assert ("Sabiazinho 4", "output", 2.0, "Preços · Output Batch API") in found
    # Negative: the first rows naming each dimension keep only the heading as their section.
    assert ("Sabiá 4", "input", 5.0, "Preços") in found
    assert len(found) == 8
