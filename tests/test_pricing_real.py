"""The pricing extractor on real pricing pages saved by others, scored against hand-written labels.

The corpus (tests/fixtures/pricing/real/, provenance in its PROVENANCE files) holds API price tables in
English and Chinese, in USD and CNY. `python -m bench pricing` prints precision and recall page by
page against the targets (precision >= 0.95, recall >= 0.85); `--corpus DIR` scores any other corpus
in the same format. The targets are not met yet: the floors below keep what is reached from sliding.
"""

from __future__ import annotations

import orjson
import pytest

from bench.pricing import CORPUS, score_corpus, score_page
from collectors.pricing_extract import extract

LABELS = sorted(CORPUS.glob("*.labels.json"))
PRECISION_FLOOR = 0.68
RECALL_FLOOR = 0.28


def labels(path) -> dict:
    return orjson.loads(path.read_bytes())


def test_the_corpus_is_real_varied_and_documented() -> None:
    provenance = "".join(p.read_text(encoding="utf-8") for p in CORPUS.glob("PROVENANCE*.md"))
    assert len(LABELS) >= 10
    currencies = {e["currency"] for p in LABELS for e in labels(p)["entries"]}
    assert {"USD", "CNY"} <= currencies
    assert any(str(labels(p)["lang"]).startswith("zh") for p in LABELS)
    for path in LABELS:
        page = path.name.removesuffix(".labels.json")
        assert (CORPUS / f"{page}.html").exists(), page
        assert f"{page}.html" in provenance, f"{page}.html has no provenance"


def test_no_page_that_shows_prices_gives_none_and_the_floors_hold() -> None:
    score = score_corpus()
    assert score.empty_pages == []
    assert score.precision >= PRECISION_FLOOR
    assert score.recall >= RECALL_FLOOR


@pytest.mark.parametrize(
    "page",
    [
        "kimi-zh",  # unit in its own column, ¥ on a Chinese page is CNY
        "deepseek-zh",  # transposed: models as columns, dimensions as row labels over a colspan, 元 after the amount
        "tencent-intl-zh",  # a Chinese page priced in 美元 (USD), hidden placeholder cells after row spans
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
