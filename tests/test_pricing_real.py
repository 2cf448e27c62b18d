"""The pricing extractor on real pricing pages saved by others, scored against hand-written labels.

The corpus (tests/fixtures/pricing/real/, provenance in its PROVENANCE.md) holds API price tables in
English and Chinese (USD, CNY) and SaaS plan-card pages in German, Japanese, Turkish, French and English (EUR,
CHF, USD). `python -m bench pricing` prints precision and recall page by page against the targets
(precision >= 0.95, recall >= 0.85); `--corpus DIR` scores any other corpus in the same format. The
floors below sit just under what is reached, so a regression fails.
"""

from __future__ import annotations

import orjson
import pytest

from bench.pricing import CORPUS, PRECISION_TARGET, RECALL_TARGET, score_corpus, score_page
from collectors.pricing_extract import extract

LABELS = sorted(CORPUS.glob("*.labels.json"))
PRECISION_FLOOR = 0.98
RECALL_FLOOR = 0.98
KIND_FLOOR = 0.95


def labels(path) -> dict:
    return orjson.loads(path.read_bytes())


def test_the_corpus_is_real_varied_and_documented() -> None:
    provenance = "".join(p.read_text(encoding="utf-8") for p in CORPUS.glob("PROVENANCE*.md"))
    assert len(LABELS) >= 15
    currencies = {e["currency"] for p in LABELS for e in labels(p)["entries"]}
    assert {"USD", "CNY", "EUR"} <= currencies
    assert {"api", "saas"} == {labels(p)["kind"] for p in LABELS}
    languages = {str(labels(p)["lang"])[:2] for p in LABELS}
    assert {"zh", "de", "ja", "en"} <= languages
    for path in LABELS:
        page = path.name.removesuffix(".labels.json")
        assert (CORPUS / f"{page}.html").exists(), page
        assert f"{page}.html" in provenance, f"{page}.html has no provenance"


def test_no_page_that_shows_prices_gives_none_and_the_floors_hold() -> None:
    score = score_corpus()
    assert score.empty_pages == []
    assert score.precision >= PRECISION_FLOOR
    assert score.recall >= RECALL_FLOOR
    assert score.ok


def test_a_folder_of_labelled_sets_is_scored_as_one_pooled_corpus(tmp_path) -> None:
    """`python -m bench pricing --corpus tests/fixtures/pricing` pools every set under it: each page counted once,
    from whichever set holds it, as the README's pooled figure is."""
    sets = [CORPUS.parent / "heldout56", CORPUS.parent / "heldout61"]
    for folder in sets:
        (tmp_path / folder.name).mkdir()
        for page in folder.glob("*.html"):
            for path in (page, page.with_suffix(".labels.json")):
                (tmp_path / folder.name / path.name).write_bytes(path.read_bytes())
    pooled = score_corpus(tmp_path)
    apart = [score_corpus(folder) for folder in sets]
    assert len(pooled.pages) == sum(len(score.pages) for score in apart) > 0
    assert (pooled.matched, pooled.extracted, pooled.labelled) == (
        sum(score.matched for score in apart),
        sum(score.extracted for score in apart),
        sum(score.labelled for score in apart),
    )


@pytest.mark.parametrize("kind", ["api", "saas"])
def test_each_kind_of_page_meets_the_targets_on_its_own(kind: str) -> None:
    part = score_corpus().of_kind(kind)
    assert len(part.pages) >= 9
    assert part.precision >= KIND_FLOOR and part.recall >= KIND_FLOOR


@pytest.mark.parametrize(
    "page",
    [
        "kimi-zh",  # unit in its own column, ¥ on a Chinese page is CNY
        "deepseek-zh",  # transposed: models as columns, dimensions as row labels over a colspan, 元 after the amount
        "deepseek-en",  # transposed, with peak / off-peak sub-rows under each dimension
        "tencent-intl-zh",  # a Chinese page priced in 美元 (USD), hidden placeholder cells after row spans
        "zhipu-bigmodel-zh",  # header row in a table of its own, badges under model names, 限时免费, /小时 units
        "minimax-zh",  # prices in CSS-grid <div> rows, struck-through list prices, units in the page's own words
        "openai-api",  # two-row headers (Short / Long context), a modality variant column, a price per second
        "aliyun-hologres-zh",  # a region column before the model, context-tier rows, explicit vs implicit cache
        "volcengine-ark-zh",  # headings drawn as classed divs, audio / non-audio columns, two fine-tuning columns
        "tencent-tokenhub-zh",  # a billing-item column naming each row's dimension, search per 1K calls
        "zai-api",  # "Limited-time Free", "Cached Input Storage", per-cell "/ use" and "/ video"
        "skydeck-de",  # a bare "19/Platz" in the page's currency, "49 $", a credit beside the price ignored
        "illa-ja",  # plan names in title-classed spans, two prices per card (per editor + per viewer)
        "image4io-tr",  # data-monthly / data-yearly toggle values, decimal comma, a struck old price
        "joplin",  # monthly, monthly-billed-yearly and yearly figures, "(*) Per user" footnote
        "cryptomator-de",  # unmarked cards named by platform badges, "19,99 €", free plus paid on one card
        "jobrunr",  # "14.950,00 $ per PRD cluster / year"
        "signaturecat-de",  # tier rows; the JSON-LD aggregate's low price is a summary, not a plan
        "multiroute-de",  # a plan table with Monatspreis / Jahrespreis columns, "1.290 €" grouped by a dot
        "byteshield-ja",  # a highlighted card with other classes; a comparison table's header shows the prices
        "rakucapture-ja",  # a 近日公開 tag in the name, a price planned for later, a div grid of plan columns
        "aliyun-expanded-zh",  # <td> header rows, one header cell drawn into two rows over two output columns
        "opencode-zen-api",  # "Free" cells in the table's currency, context tiers kept in brackets
        "swisscv-credits-fr",  # credit packs named by a number over its word, per-credit figures divided
    ],
)
def test_pages_read_without_a_wrong_price(page: str) -> None:
    scored = score_page(CORPUS / f"{page}.html")
    assert not scored.wrong and scored.recall >= 0.9


@pytest.mark.parametrize("path", LABELS, ids=lambda p: p.name.removesuffix(".labels.json"))
def test_every_page_gives_prices_with_a_method_and_no_crash(path) -> None:
    page = labels(path)
    html = (CORPUS / path.name.replace(".labels.json", ".html")).read_text(encoding="utf-8", errors="replace")
    result = extract(html, page["url"])
    if page["entries"]:
        assert result.plans and result.methods
    assert {p.method for p in result.plans} <= set(result.methods)


HELD_OUT = [
    CORPUS.parent / name
    for name in (
        "heldout",
        "heldout2",
        "heldout3",
        "heldout4",
        "heldout5",
        "heldout7",
        "heldout8",
        "heldout9",
        "heldout10",
        "heldout11",
        "heldout12",
        "heldout13",
        "heldout14",
        "heldout15",
        "heldout16",
        "heldout17",
        "heldout18",
        "heldout19",
        "heldout20",
        "heldout21",
        "heldout22",
        "heldout23",
        "heldout24",
        "heldout25",
        "heldout26",
        "heldout27",
        "heldout28",
        "heldout30",
        "heldout31",
        "heldout34",
        "heldout35",
        "heldout38",
        "heldout39",
        "heldout41",
        "heldout45",
        "heldout47",
        "heldout52",
        "heldout54",
        "heldout56",
        "heldout65",
        "heldout85",
        "heldout87",
        "heldout90",
        "heldout97",
        "heldout99",
        "heldout104",
        "heldout106",
        "heldout117",
        "heldout127",
        "heldout128",
        "heldout139",
        "heldout140",
        "heldout141",
        "heldout144",
        "heldout149",
        "heldout49",
        "heldout50",
        "heldout102",
        "heldout130",
        "heldout153",
        "heldout154",
        "heldout156",
        "heldout157",
        "heldout158",
        "heldout160",
        "heldout161",
        "heldout163",
        "heldout164",
        "heldout169",
        "heldout172",
        "heldout175",
        "heldout179",
        "heldout181",
        "heldout183",
        "heldout95",
        "heldout115",
        "heldout185",
        "heldout197",
        "heldout208",
        "heldout207",
        "heldout214",
        "heldout220",
        "heldout177",
        "heldout186",
        "heldout219",
        "heldout222",
        "heldout223",
        "heldout224",
        "heldout60",
        "heldout187",
        "heldout193",
        "heldout142",
        "heldout238",
        "heldout239",
        "heldout61",
        "heldout162",
        "heldout96",
        "heldout33",
        "heldout48",
        "heldout108",
        "heldout180",
        "heldout84",
        "heldout47",
        "heldout101",
        "heldout77",
        "heldout91",
    )
]
"""The held-out sets whose misses have been fixed (each PROVENANCE.md holds its untuned figures)."""


@pytest.mark.parametrize("folder", HELD_OUT, ids=lambda p: p.name)
def test_every_held_out_set_keeps_meeting_the_targets(folder) -> None:
    """Held-out sets were scored before any rule was drawn from them (figures in their PROVENANCE.md);
    once their misses are fixed by general rules, a later rule must not break them again."""
    score = score_corpus(folder)
    assert score.pages and score.empty_pages == []
    assert score.precision >= PRECISION_TARGET and score.recall >= RECALL_TARGET
