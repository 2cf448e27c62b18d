"""Feed `ai-pricing`: one snapshot a day of each public AI/SaaS pricing page we watch.

The pages are the seed list (`pricing_seed.txt`) plus the pages clients asked for with `url=`
(the tracking queue). Every page goes through the SSRF guard of `safe_fetch`, because half of
the URLs come from strangers. Pages are independent: one page timing out, failing or being
refused is a warning and that page is missing for the day; the feed fails only when every page
fails, which means the network (or the guard) is down rather than a site.

A page we know to be a pricing page (one of the seed list, or one that showed prices on its last
snapshot) that yields no price today is kept, with no plans, but counted as a failed item: one such
page is a warning, many at once (a redesign, a reader that stopped fitting) are drift, and fail the
run through the runner's share of failing items (`FEEDS_DRIFT_MAX_SKIPPED`). A page a client asked
for that never showed a price is only a warning: it says nothing about the reader, and counting it
would let anyone fail the feed by asking for pages that are no pricing pages.

A queued page is checked once: fetched and extracted, it becomes `tracked`; refused by the guard
or gone (404/410), it becomes `not_found`; any other failure leaves it queued for the next run.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

from collectors.http import CollectorError, Inaccessible, NotFound
from collectors.models import ChangeKind, PriceChange, PricePlan, PricingPageRow, Row, iso
from collectors.pricing_extract import content_hash, extract
from collectors.protocol import BaseCollector, CollectContext
from collectors.safe_fetch import UnsafeURL, fetch_page

FEED = "ai-pricing"
SEED_PATH = Path(__file__).with_name("pricing_seed.txt")
CONCURRENCY = 6  # different hosts, but one night run should not look like a crawler burst

PlanKey = tuple[str, str, str | None, str | None, str | None]
"""(plan, dimension, section, period, currency): what one price is, so a repricing is one typed change."""


def load_seed(path: Path | None = None) -> list[str]:
    """The seed URLs in file order, without comments, blanks or repeats."""
    urls: list[str] = []
    for line in (path or SEED_PATH).read_text(encoding="utf-8").splitlines():
        url = line.split("#", 1)[0].strip()
        if url and url not in urls:
            urls.append(url)
    return urls


def vendor_of(url: str) -> str:
    host = (urlsplit(url).hostname or "").lower()
    return host.removeprefix("www.")


def _key(plan: dict[str, Any]) -> PlanKey:
    return (
        str(plan.get("plan")),
        plan.get("dimension") or "price",
        plan.get("section"),
        plan.get("period"),
        plan.get("currency"),
    )


def _pct(old: float | None, new: float | None) -> float | None:
    if old is None or new is None or old == 0:
        return None
    return round((new - old) / old * 100, 2)


def plan_changes(previous: list[dict[str, Any]], plans: list[PricePlan]) -> list[PriceChange]:
    """Prices added, removed and repriced since the previous snapshot, one per (plan, dimension, section,
    period, currency): "GPT-x output price cut" is one `price` change, not a removal and an addition."""
    old: dict[PlanKey, dict[str, Any]] = {}
    for plan in previous:
        old.setdefault(_key(plan), plan)
    new: dict[PlanKey, dict[str, Any]] = {}
    for price in plans:
        dumped = price.model_dump()
        new.setdefault(_key(dumped), dumped)
    changes: list[PriceChange] = []

    def change(
        key: PlanKey, kind: ChangeKind, before: dict[str, Any] | None, after: dict[str, Any] | None
    ) -> PriceChange:
        name, dimension, section, period, currency = key
        old_amount = before.get("amount") if before else None
        new_amount = after.get("amount") if after else None
        return PriceChange(
            plan=name,
            dimension=dimension,
            section=section,
            change=kind,
            old=old_amount,
            new=new_amount,
            pct=_pct(old_amount, new_amount) if kind == "price" else None,
            currency=currency,
            period=period,
            unit=(after or before or {}).get("unit"),
        )

    for key, plan in new.items():
        before = old.get(key)
        if before is None:
            changes.append(change(key, "added", None, plan))
        elif before.get("amount") != plan["amount"]:
            changes.append(change(key, "price", before, plan))
    changes.extend(change(key, "removed", plan, None) for key, plan in old.items() if key not in new)
    return changes


def build_row(url: str, html: str, snapshot_at: str, previous: dict[str, Any] | None, tracked: bool) -> PricingPageRow:
    """The pure transform: one page's HTML (and its last archived row) to today's row."""
    extraction = extract(html, url)
    return PricingPageRow(
        entity=url,
        url=url,
        vendor=vendor_of(url),
        title=extraction.title,
        plans=extraction.plans,
        methods=extraction.methods,
        changes=plan_changes(previous.get("plans") or [], extraction.plans) if previous else [],
        previousSnapshotAt=previous.get("snapshotAt") if previous else None,
        contentHash=content_hash(html),
        tracked=tracked,
        snapshotAt=snapshot_at,
    )


class PricingPagesCollector(BaseCollector):
    feed: ClassVar[str] = FEED
    volatile_fields: ClassVar[frozenset[str]] = frozenset({"snapshotAt", "previousSnapshotAt", "changes"})

    async def collect(self, ctx: CollectContext) -> list[Row]:
        requested = set(ctx.state.entities(FEED))
        seeded = load_seed()
        urls = list(dict.fromkeys([*seeded, *ctx.state.entities(FEED)]))
        ours = set(seeded)
        queued = set(ctx.state.entities(FEED, "queued"))
        # Compared against each page's last snapshot, not yesterday's rows: a page that failed to fetch
        # yesterday still has its price change from the day before reported today.
        last = ctx.last_snapshots(urls)
        semaphore = asyncio.Semaphore(CONCURRENCY)
        failures: list[CollectorError] = []
        done = 0

        async def one(url: str) -> PricingPageRow | None:
            nonlocal done
            async with semaphore:
                row = await self._page(ctx, url, last.get(url), url in requested, url in queued, url in ours, failures)
            done += 1
            ctx.progress.update(f"{done}/{len(urls)} pages")
            return row

        rows = await asyncio.gather(*(one(url) for url in urls))
        kept: list[Row] = [row for row in rows if row is not None]
        if not kept and failures:
            raise _all_failed(failures)
        return kept

    async def _page(
        self,
        ctx: CollectContext,
        url: str,
        previous: dict[str, Any] | None,
        tracked: bool,
        queued: bool,
        seeded: bool,
        failures: list[CollectorError],
    ) -> PricingPageRow | None:
        try:
            page = await fetch_page(
                ctx.http,
                url,
                ctx.resolver,
                max_bytes=ctx.settings.feeds_fetch_max_bytes,
                timeout=ctx.settings.feeds_fetch_timeout,
            )
        except CollectorError as exc:
            failures.append(exc)
            if queued and isinstance(exc, UnsafeURL | NotFound):
                ctx.state.mark(FEED, url, "not_found")
                ctx.warn(f"requested page not tracked, {exc}")
            else:
                ctx.warn(f"skipped {url} today: {exc}")
            return None
        ctx.tally.seen += 1
        try:
            row = build_row(url, page.text, iso(ctx.now), previous, tracked)
        except Exception as exc:  # third-party HTML is arbitrary: one odd page must not sink the feed
            failures.append(CollectorError(f"{type(exc).__name__}: {exc}"))
            ctx.tally.skip(f"skipped {url} today: could not read its plans ({type(exc).__name__}: {exc})")
            return None
        had = len(previous.get("plans") or []) if previous else 0
        if not row.plans and (had or seeded):
            # Kept (the page may really have dropped its prices), but counted with the failed items: many
            # pages losing every price at once is a reader that stopped fitting the pages, and fails the feed.
            ctx.tally.skip(f"{url}: no prices read today" + (f", {had} on its last snapshot" if had else ""))
        elif not row.plans:
            ctx.warn(f"{url}: no prices read (the row is kept, with no plans)")  # never silent: a reader may miss
        if queued:
            ctx.state.mark(FEED, url, "tracked")
        return row


def _all_failed(failures: list[CollectorError]) -> CollectorError:
    """One error for a run where no page could be read, of the failures' class when they agree."""
    kinds = Counter(type(f) for f in failures)
    kind, count = kinds.most_common(1)[0]
    cls = kind if count == len(failures) else Inaccessible
    return cls(f"all {len(failures)} pricing pages failed; first: {failures[0]}")
