"""A tiny hand-made archive of all six feeds over four days, for build tests and the golden tree.

Rows are built with the real row models, so they are valid feed rows. Day 3 of
`codehost-ai-repos` is missing (its collection failed), to exercise gaps; `llm-pricing` fails on the
last day, so that feed is stale.
"""

from __future__ import annotations

from pathlib import Path

import orjson

from collectors.archive import Archive, RunRecord
from collectors.models import (
    ForumRow,
    HubRow,
    LlmRow,
    McpPackage,
    McpRemote,
    McpServerRow,
    PriceChange,
    PricePlan,
    PricingPageRow,
    RepoRow,
    Row,
)

DAYS = ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"]


def repo(name: str, stars: int, day: int) -> RepoRow:
    owner, short = name.split("/")
    return RepoRow(
        entity=name,
        full_name=name,
        owner=owner,
        name=short,
        description=f"{short} <b>agent</b> toolkit",
        html_url=f"https://github.com/{name}",
        stars=stars,
        forks=stars // 10,
        open_issues=1,
        language="Python",
        license="MIT",
        topics=["mcp", "ai-agents"],
        matched_topics=["ai-agents", "mcp"],
        created_at=f"2026-10-{10 + len(short):02d}T08:00:00Z",
        pushed_at=f"{DAYS[day]}T06:00:00Z",
    )


def post(item: str, points: int, day: int) -> ForumRow:
    return ForumRow(
        entity=item,
        id=item,
        title=f"Show HN: LLM tool {item}",
        url=f"https://example.com/{item}",
        discussion_url=f"https://news.ycombinator.com/item?id={item}",
        author="jdoe",
        points=points,
        comments=points // 3,
        kind="show_hn",
        matched_terms=["LLM"],
        created_at=f"{DAYS[0]}T1{item[-1]}:00:00Z",
    )


def server(name: str, version: str, repository: str = "https://github.com/example/weather") -> McpServerRow:
    return McpServerRow(
        entity=name,
        name=name,
        description="Weather forecasts over MCP",
        version=version,
        url="https://github.com/example/weather",
        repository=repository,
        remotes=[McpRemote(type="streamable-http", url="https://mcp.example.com/weather")],
        packages=[McpPackage(registryType="npm", identifier="@example/weather", version=version, transport="stdio")],
        publishedAt="2026-09-01T00:00:00Z",
        updatedAt="2026-10-30T00:00:00Z",
    )


def page(url: str, amount: float, day: int, changes: list[PriceChange]) -> PricingPageRow:
    return PricingPageRow(
        entity=url,
        url=url,
        vendor="example.com",
        title="Pricing",
        plans=[
            PricePlan(plan="Free", amount=0.0, currency="USD", period="month", method="jsonld"),
            PricePlan(plan="Pro", amount=amount, currency="USD", period="month", method="jsonld"),
        ],
        methods=["jsonld"],
        changes=changes,
        contentHash=f"h{amount}",
        snapshotAt=f"{DAYS[day]}T12:00:00Z",
    )


def llm(model: str, price_in: float, day: int, previous: float | None, hugging_face_id: str | None = None) -> LlmRow:
    return LlmRow(
        entity=model,
        id=model,
        name=model.title(),
        hugging_face_id=hugging_face_id,
        context_length=128000 if "big" in model else 32000,
        input_modalities=["text"],
        output_modalities=["text"],
        price_input_per_1m=price_in,
        price_output_per_1m=price_in * 4,
        previous_price_input_per_1m=previous,
        previous_price_output_per_1m=previous * 4 if previous else None,
        is_new=False,
        price_changed=previous is not None,
        created="2026-08-01T00:00:00Z",
    )


def hub(kind: str, hub_id: str, likes: int, rank: int, repository: str | None = None) -> HubRow:
    return HubRow(
        entity=f"{kind}:{hub_id}",
        id=hub_id,
        kind=kind,
        author=hub_id.split("/")[0],
        likes=likes,
        downloads=likes * 10 if kind != "space" else None,
        task="text-generation",
        license="apache-2.0",
        trending_score=100 - rank,
        trending_rank=rank,
        repository=repository,
        createdAt="2026-10-01T00:00:00Z",
        lastModified="2026-10-31T00:00:00Z",
    )


def rows_for(feed: str, d: int) -> list[Row] | None:
    if feed == "codehost-ai-repos":
        if d == 2:
            return None
        out = [repo("acme/agent-kit", 100 + 30 * d, d), repo("bob/mcp-lite", 50 + 5 * d, d)]
        if d >= 1:
            out.append(repo("new/shiny-mcp", 10 + 40 * d, d))
        return out
    if feed == "forum-launch-ai":
        return [post("41000001", 10 + 20 * d, d), post("41000002", 5 + d, d)]
    if feed == "mcp-servers":
        # com.acme/files comes from a tracked repository (a link, docs/links.md)
        files = server("com.acme/files", "0.3.0", "https://github.com/acme/agent-kit/tree/main/servers/files")
        return [server("io.github.example/weather", "1.0.0" if d < 2 else "1.1.0"), files]
    if feed == "ai-pricing":
        amount = 20.0 if d < 3 else 16.0
        changes = [PriceChange(plan="Pro", change="price", old=20.0, new=16.0, currency="USD", period="month")]
        return [page("https://example.com/pricing", amount, d, changes if d == 3 else [])]
    if feed == "llm-pricing":
        if d == 3:
            return None
        cut = d >= 2
        big = llm("lab/big-model", 2.0 if cut else 3.0, d, 3.0 if d == 2 else None, hugging_face_id="org/llm-8b")
        return [big, llm("lab/small", 0.5, d, None)]
    if feed == "modelhub-trending":
        return [
            hub("model", "org/llm-8b", 100 + 10 * d, 1),
            hub("space", "org/demo", 20 + d, 1, repository="https://github.com/bob/mcp-lite"),
            hub("dataset", "org/data", 7, 1),
        ]
    raise KeyError(feed)


def make_tiny_archive(path: Path) -> Archive:
    archive = Archive(path)
    for d, day in enumerate(DAYS):
        for feed in (
            "codehost-ai-repos",
            "forum-launch-ai",
            "mcp-servers",
            "ai-pricing",
            "llm-pricing",
            "modelhub-trending",
        ):
            rows = rows_for(feed, d)
            started = f"{day}T03:00:00Z"
            if rows is None:
                archive.log_run(RunRecord(feed, day, "failed", 0, 0, 0, 0, started, 1.0, "Inaccessible: HTTP 503"))
                continue
            archive.replace_day(feed, day, [(r.entity, orjson.dumps(r.model_dump(mode="json"))) for r in rows])
            archive.log_run(RunRecord(feed, day, "ok", len(rows), 0, 0, 0, started, 1.0))
    return archive


HOSTILE_SERVER = "io.github.evil/xss"
HOSTILE_TEXT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">'
HOSTILE_URL = "javascript:window.__pwned = 3"


def hostile_server(version: str) -> McpServerRow:
    """An MCP server whose upstream text tries script injection: pages must show it as text only."""
    return McpServerRow(
        entity=HOSTILE_SERVER,
        name=HOSTILE_SERVER,
        title=None,
        description=HOSTILE_TEXT,
        version=version,
        url=HOSTILE_URL,
        repository="javascript:alert(document.domain)",
        websiteUrl=" javascript:alert(1)",
        remotes=[McpRemote(type='<b onmouseover="window.__pwned = 4">sse</b>', url=HOSTILE_URL)],
        packages=[McpPackage(registryType="npm", identifier="<script>x</script>", version=version, transport="stdio")],
        publishedAt="2026-10-01T00:00:00Z",
        updatedAt="2026-11-01T00:00:00Z",
    )


def add_hostile_entity(archive: Archive) -> None:
    """Add `HOSTILE_SERVER` to every archived day of mcp-servers (not part of the default tiny archive,
    whose counts other tests rely on)."""
    for d, day in enumerate(DAYS):
        rows = [*rows_for("mcp-servers", d), hostile_server("0.1.0" if d < 3 else "0.2.0")]
        archive.replace_day("mcp-servers", day, [(r.entity, orjson.dumps(r.model_dump(mode="json"))) for r in rows])
