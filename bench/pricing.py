"""Precision and recall of the pricing extractor over a labelled corpus of real pricing pages.

A corpus is a folder of `<page>.html` files, each with `<page>.labels.json` written by hand from what
the page shows: `{"url", "lang", "kind", "entries": [{"plan", "dimension", "amount", "currency",
"unit", "period"}]}`. `kind` is `api` (model price tables) or `saas` (plan cards); both kinds live in
one folder and are scored together, with a line per kind. An extracted price is right when its plan (or
model), dimension, amount, currency and unit all match a label; matching is one-to-one. Plan names are
compared casefolded, with whitespace runs and footnote markers removed. Targets: precision >= 0.95,
recall >= 0.85 over the whole corpus, and no page without a single price where its labels have some.

    python -m bench pricing                       # the corpus in tests/fixtures/pricing/real (API and SaaS)
    python -m bench pricing --corpus DIR          # any other corpus in the same format
    python -m bench pricing --corpus tests/fixtures/pricing   # every labelled set there, pooled
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from collectors.pricing_extract import extract
from collectors.pricing_tables import label_text

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "pricing" / "real"
PRECISION_TARGET = 0.95
RECALL_TARGET = 0.85

Key = tuple[str, str, float | None, str | None, str | None]


def plan_name(text: str) -> str:
    return label_text(text).casefold()


def entry_key(entry: dict[str, Any]) -> Key:
    amount = entry.get("amount")
    return (
        plan_name(str(entry.get("plan") or "")),
        str(entry.get("dimension") or "price"),
        None if amount is None else round(float(amount), 9),
        entry.get("currency"),
        entry.get("unit"),
    )


@dataclass
class PageScore:
    name: str
    kind: str
    labelled: int
    extracted: int
    matched: int
    missed: list[Key] = field(default_factory=list)
    wrong: list[Key] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.matched / self.extracted if self.extracted else (1.0 if not self.labelled else 0.0)

    @property
    def recall(self) -> float:
        return self.matched / self.labelled if self.labelled else 1.0


@dataclass
class CorpusScore:
    pages: list[PageScore]

    @property
    def labelled(self) -> int:
        return sum(p.labelled for p in self.pages)

    @property
    def extracted(self) -> int:
        return sum(p.extracted for p in self.pages)

    @property
    def matched(self) -> int:
        return sum(p.matched for p in self.pages)

    @property
    def precision(self) -> float:
        return self.matched / self.extracted if self.extracted else 0.0

    @property
    def recall(self) -> float:
        return self.matched / self.labelled if self.labelled else 0.0

    @property
    def empty_pages(self) -> list[str]:
        """Pages whose labels hold prices and from which nothing was extracted."""
        return [p.name for p in self.pages if p.labelled and not p.extracted]

    def of_kind(self, kind: str) -> CorpusScore:
        return CorpusScore([p for p in self.pages if p.kind == kind])

    @property
    def ok(self) -> bool:
        return self.precision >= PRECISION_TARGET and self.recall >= RECALL_TARGET and not self.empty_pages


def _page_url(url: str) -> str:
    """The page's address for the extractor: a labels file without a canonical one says "(no canonical) <path of
    Product>", which is no host to name a plan or decide a currency by, so the page is read as served from none."""
    return url if url.startswith(("http://", "https://")) else ""


def score_page(html_path: Path) -> PageScore:
    labels = orjson.loads(html_path.with_suffix(".labels.json").read_bytes())
    html = html_path.read_text(encoding="utf-8", errors="replace")
    gold = Counter(entry_key(e) for e in labels["entries"])
    found = Counter(entry_key(p.model_dump()) for p in extract(html, _page_url(labels["url"])).plans)
    both = gold & found
    return PageScore(
        name=html_path.stem,
        kind=str(labels.get("kind") or "api"),
        labelled=sum(gold.values()),
        extracted=sum(found.values()),
        matched=sum(both.values()),
        missed=sorted((gold - found).elements(), key=repr),
        wrong=sorted((found - gold).elements(), key=repr),
    )


def score_corpus(folder: Path = CORPUS) -> CorpusScore:
    """A folder of labelled pages, or a folder of such folders pooled as one corpus (`tests/fixtures/pricing`:
    the committed pages and every held-out set, the figure the README gives)."""
    pages = sorted(p for p in folder.glob("*.html") if p.with_suffix(".labels.json").exists())
    if not pages:
        pages = sorted(p for p in folder.glob("*/*.html") if p.with_suffix(".labels.json").exists())
    return CorpusScore([score_page(page) for page in pages])


def run(folder: Path | None = None, verbose: bool = False) -> bool:
    folder = folder or CORPUS
    score = score_corpus(folder)
    print(f"\n== pricing extraction over {len(score.pages)} labelled real pages ({folder})")
    for page in score.pages:
        print(
            f"  {page.name:<28} labelled={page.labelled:<4} extracted={page.extracted:<4} "
            f"precision={page.precision:.2f} recall={page.recall:.2f}"
        )
        if verbose:
            for key in page.missed:
                print(f"      missed {key}")
            for key in page.wrong:
                print(f"      wrong  {key}")
    for kind in sorted({p.kind for p in score.pages}):
        part = score.of_kind(kind)
        print(f"  {kind}: {len(part.pages)} pages, precision {part.precision:.3f}, recall {part.recall:.3f}")
    mark = "ok" if score.ok else "MISSED"
    print(
        f"  all: precision {score.precision:.3f} (target >= {PRECISION_TARGET}), "
        f"recall {score.recall:.3f} (target >= {RECALL_TARGET}), "
        f"pages with no price extracted: {len(score.empty_pages)} (target 0)  [{mark}]"
    )
    return score.ok
