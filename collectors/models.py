"""Row models of the six feeds: the single definition of what every feed row holds.

Field names follow SPEC §2.1/§4.1 exactly, including each upstream's own casing (`created_at`
on repositories and forum posts, `publishedAt` on MCP servers, `createdAt` on hub items) because
clients filter on them with `since`. Every row also carries `entity`, its key in the format that
`/history?entity=` takes (SPEC §4.3), so a client can go from any row to its series.

Money is computed with `Decimal` and stored as the float whose shortest repr is that decimal
(`Decimal("0.2") -> 0.2`), so JSON shows exactly the upstream digits without float drift.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, Literal

import orjson
from pydantic import BaseModel, ConfigDict, Field

FeedName = Literal[
    "codehost-ai-repos",
    "forum-launch-ai",
    "mcp-servers",
    "ai-pricing",
    "llm-pricing",
    "modelhub-trending",
]

# SPEC §4.1 content scope.
REPO_TOPICS: tuple[str, ...] = (
    "mcp",
    "mcp-server",
    "ai-agent",
    "ai-agents",
    "llm-agent",
    "agentic-ai",
    "autonomous-agents",
)
FORUM_TERMS: tuple[str, ...] = (
    "AI",
    "LLM",
    "GPT",
    "MCP",
    "agent",
    "agents",
    "agentic",
    "Claude",
    "RAG",
    "OpenAI",
    "Anthropic",
    "Gemini",
    "Llama",
    "Mistral",
    "embedding",
    "copilot",
)


class Row(BaseModel):
    """Base of every feed row. Unknown fields are refused so a typo cannot silently ship."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    entity: str = Field(description="Entity key as taken by /history?entity= (SPEC §4.3).")


REPO_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9-]{0,38}/(?!\.\.?$)[A-Za-z0-9._-]{1,100}$")
"""The one `owner/name` rule (GitHub's: an owner of 1-39 letters, digits or inner hyphens; a name of
1-100 letters, digits, `.`, `_` or `-`, never `.` or `..`), for the collector, `feeds track`, `repo=`
and the OpenAPI pattern alike."""


class RepoRow(Row):
    full_name: str = Field(description="`owner/name`.")
    owner: str
    name: str
    description: str | None
    html_url: str
    homepage: str | None = None
    stars: int
    forks: int
    open_issues: int
    language: str | None
    license: str | None = Field(description="SPDX id, `other`, or null when there is no licence.")
    topics: list[str]
    matched_topics: list[str] = Field(description="Which of the tracked topics the repository carries.")
    archived: bool = False
    fork: bool = Field(False, description="A fork of another repository: its stars are its own, its code mostly not.")
    parent: str | None = Field(
        None, description="`owner/name` of the repository this is a fork of, when the code host says (null otherwise)."
    )
    created_at: str
    updated_at: str | None = None
    pushed_at: str | None = None
    tracked: bool = Field(False, description="Collected because a client asked for it with `repo=`.")


class ForumRow(Row):
    id: str = Field(description="Forum item id.")
    title: str
    url: str | None = Field(description="Link of the post; null for text posts.")
    discussion_url: str
    author: str
    points: int
    comments: int
    kind: Literal["story", "show_hn", "ask_hn", "launch_hn"] = Field(
        "story", description="`launch_hn` from the title (the forum has no such tag); `show_hn`/`ask_hn` from its tags."
    )
    matched_terms: list[str]
    created_at: str


class McpRemote(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: str = Field(description="Transport: `streamable-http` or `sse`.")
    url: str


class McpPackage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    registryType: str
    identifier: str
    version: str | None = None
    transport: str = Field(description="Transport type of the package, e.g. `stdio`.")


class McpServerRow(Row):
    name: str = Field(description="Reverse-domain server name, e.g. `io.github.owner/weather`.")
    title: str | None = None
    description: str
    version: str
    url: str = Field(description="Best public URL: website, else repository, else registry entry.")
    websiteUrl: str | None = None
    repository: str | None = Field(description="Source repository URL, when published.")
    remotes: list[McpRemote]
    packages: list[McpPackage]
    status: str = "active"
    publishedAt: str
    updatedAt: str


Period = Literal["month", "year", "one_time", "usage"]
"""A price's billing period: per month, per year, once, or per use (usage-priced API dimensions)."""
Method = Literal["jsonld", "microdata", "app_state", "table", "heuristic"]
"""Which extractor read a price off the page."""


class PricePlan(BaseModel):
    """One price a page shows: a plan's subscription price, or one dimension of a model's usage price."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    plan: str = Field(description="Plan name (plan cards) or model name (price tables).")
    dimension: str = Field(
        "price",
        description="What is priced: `price` for a plan; `input`, `cached_input`, `cache_write`, `output`, "
        "`training`, `image`, `audio_input`, `audio_output`, `video`, `request`, `search`, `storage`, or the "
        "column header for others.",
    )
    amount: float | None = Field(description="Price in `currency`; null for custom/contact-sales plans.")
    currency: str | None = Field(
        description="ISO 4217 code where known; a crypto ticker (`USDT`, `BTC`) for a price in one."
    )
    period: Period | None = None
    unit: str | None = Field(None, description="Per what: `user`, `seat`, `1M tokens`, `1K tokens`, `image`, ...")
    section: str | None = Field(None, description="The table's heading or caption when a page has several (`Batch`).")
    custom: bool = False
    method: Method


ChangeKind = Literal["added", "removed", "price"]


class PriceChange(BaseModel):
    """One typed change of one price since the page's previous snapshot, keyed by (plan, dimension)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    plan: str
    dimension: str = "price"
    section: str | None = None
    change: ChangeKind
    old: float | None = None
    new: float | None = None
    pct: float | None = Field(None, description="Percentage change of a repriced entry (old to new), 2 decimals.")
    currency: str | None = None
    period: str | None = None
    unit: str | None = None


class PricingPageRow(Row):
    url: str
    vendor: str = Field(description="Host name of the page, e.g. `openai.com`.")
    title: str | None = None
    plans: list[PricePlan]
    methods: list[str] = Field(description="Extraction methods that found at least one price.")
    changes: list[PriceChange] = Field(description="What changed since this page's previous snapshot.")
    previousSnapshotAt: str | None = None
    contentHash: str = Field(description="SHA-256 of the normalised page text; changes when the page does.")
    tracked: bool = Field(False, description="Watched because a client asked for it with `url=`.")
    snapshotAt: str


class LlmRow(Row):
    id: str = Field(description="Marketplace model id, e.g. `openai/gpt-4o`.")
    name: str
    canonical_slug: str | None = None
    hugging_face_id: str | None = Field(
        None, description="The model's Hugging Face id (`owner/name`) when the marketplace names one; null otherwise."
    )
    description: str | None = None
    context_length: int | None
    input_modalities: list[str]
    output_modalities: list[str]
    price_input_per_1m: float | None = Field(description="USD per 1M input tokens; null if variable.")
    price_output_per_1m: float | None = Field(description="USD per 1M output tokens; null if variable.")
    price_cache_read_per_1m: float | None = Field(None, description="USD per 1M cached input tokens read.")
    price_cache_write_per_1m: float | None = Field(None, description="USD per 1M input tokens written to the cache.")
    price_reasoning_per_1m: float | None = Field(None, description="USD per 1M internal reasoning tokens.")
    price_audio_per_1m: float | None = Field(None, description="USD per 1M audio input tokens.")
    price_image: float | None = Field(None, description="USD per input image.")
    price_request: float | None = Field(None, description="USD per request.")
    price_web_search: float | None = Field(None, description="USD per web search.")
    max_completion_tokens: int | None = Field(None, description="Most output tokens of the top provider.")
    previous_price_input_per_1m: float | None = None
    previous_price_output_per_1m: float | None = None
    is_new: bool = Field(description="Never listed before today (a model absent for some days is not new again).")
    price_changed: bool = Field(description="Any of the model's prices differs from its last listing.")
    tokenizer: str | None = None
    supported_parameters: list[str] = []
    created: str = Field(description="When the marketplace added the model (ISO 8601).")


class HubRow(Row):
    id: str = Field(description="Hub repository id, `owner/name`.")
    kind: Literal["model", "space", "dataset"]
    author: str | None
    likes: int
    downloads: int | None = Field(description="Rolling downloads; null for hosted apps.")
    task: str | None = Field(description="Pipeline tag (models), task category (datasets), SDK (apps).")
    license: str | None
    library: str | None = None
    trending_score: int | None = Field(description="The hub's trending score; null when the hub did not send one.")
    trending_rank: int = Field(description="1-based position in this kind's trending list.")
    tags: list[str] = []
    repository: str | None = Field(
        None,
        description="The GitHub repository URL a model's or app's card names (`github`, `repository`, `repo` or "
        "`code` in its metadata); null otherwise.",
    )
    lastModified: str | None = None
    createdAt: str | None = Field(description="Null when the hub does not know the creation date.")


ColumnKind = Literal["number", "text"]
"""`number`: float64 (null = no value); `text`: a string (null = none)."""
ACTIVITY = "activity"
"""The typed column with an entity's latest push, update or release (epoch seconds): what momentum's
recency decays from."""


@dataclass(frozen=True)
class ArchiveColumn:
    """A typed column of the archive (collectors/archive.py): one value per row, derived from the row as
    served when the day is written, so the build reads numbers without decoding a single row.

    The row itself (`data`) stays the truth: a file without the column, or with another `version` of
    it, is read from `data` with the same `extract`, so the columns can change without a migration."""

    name: str
    kind: ColumnKind
    extract: Callable[[dict[str, Any]], Any]
    """Value of one row (a decoded `data`); None = no value."""
    version: int = 1
    """Bump when `extract` changes meaning: files written before are then read from `data`."""

    @property
    def signature(self) -> str:
        return f"{self.name}:{self.kind}:{self.version}"


def _number(name: str) -> ArchiveColumn:
    """A numeric field of the row as it is."""
    return ArchiveColumn(name, "number", lambda row: row.get(name))


def _count(name: str) -> ArchiveColumn:
    """How many items a list field holds (0 when absent)."""
    return ArchiveColumn(name, "number", lambda row: float(len(row.get(name) or ())))


def _text(name: str) -> ArchiveColumn:
    return ArchiveColumn(name, "text", lambda row: row.get(name))


@functools.lru_cache(maxsize=1 << 16)
def _seconds(value: str) -> float:
    """Epoch seconds of a timestamp string. Memoised: an entity's timestamp repeats day after day."""
    return parse_time(value).timestamp()


def _activity(*names: str) -> ArchiveColumn:
    """The first present timestamp field of a row, as epoch seconds."""

    def extract(row: dict[str, Any]) -> float | None:
        for name in names:
            value = row.get(name)
            if value:
                return _seconds(value) if isinstance(value, str) else parse_time(value).timestamp()
        return None

    return ArchiveColumn(ACTIVITY, "number", extract)


def _min_price(row: dict[str, Any]) -> float | None:
    """Lowest positive price of a pricing page: what a 'price cut' of the page is measured on."""
    amounts = [p["amount"] for p in row.get("plans", ()) if p.get("amount")]
    return min(amounts) if amounts else None


def _max_price(row: dict[str, Any]) -> float | None:
    amounts = [p["amount"] for p in row.get("plans", ()) if p.get("amount") is not None]
    return max(amounts) if amounts else None


def _price_changes(row: dict[str, Any]) -> str | None:
    """A pricing page's own change list of that day (JSON), when it has one."""
    changes = row.get("changes")
    return orjson.dumps(changes).decode() if changes else None


@dataclass(frozen=True)
class FeedInfo:
    """Everything about one feed that more than one part of the service needs: the collector, the
    row model, the entity's format and page, the exact-lookup parameter, momentum and claims.

    Each part reads this record instead of keeping its own table keyed by feed name; the tables that
    must stay apart (the build's metric functions, the response models) are checked to be keyed by
    exactly `FEED_NAMES` (tests/test_feed_records.py)."""

    name: str
    title: str
    source: str
    row: type[Row]
    collector: str
    """`module:Class` of the collector, imported only when the feed is collected."""
    since_field: str
    """The row's creation time: `since=` filters on it, and momentum's age counts from it."""
    entity_help: str
    example: str
    """An entity in the documented format, for the API document and the MCP tools."""
    page_prefix: str
    """First segment of the entity's public page (`/repo/<owner>/<name>`) and badge."""
    exact_param: str | None = None
    """The feed endpoint's exact-lookup parameter (`repo=`, `url=`); an untracked one is queued."""
    exact_help: str = ""
    momentum_metric: str | None = None
    """The growth metric of a momentum category; None: the feed has no leaderboard."""
    claim_proof: bool = False
    """A claim can be proved by a token file in the entity's repository."""
    claim_pricing: bool = False
    """Maintainers may submit pricing for the entity."""
    columns: tuple[ArchiveColumn, ...] = ()
    """Typed archive columns: every value the build reads of a row (its history metrics, texts and
    `activity`), so reading a year of the feed decodes no row (build/feedspec.py picks from these)."""

    def column(self, name: str) -> ArchiveColumn:
        return next(c for c in self.columns if c.name == name)

    @property
    def momentum(self) -> bool:
        return self.momentum_metric is not None


FEEDS: dict[str, FeedInfo] = {
    f.name: f
    for f in (
        FeedInfo(
            "codehost-ai-repos",
            "AI agent and MCP repositories",
            "GitHub REST API (search by topic, repositories)",
            RepoRow,
            "collectors.codehost:CodehostCollector",
            "created_at",
            "`owner/repo`",
            "modelcontextprotocol/servers",
            "repo",
            exact_param="repo",
            exact_help="exact `owner/name`; an untracked repository is queued for daily collection",
            momentum_metric="stars",
            claim_proof=True,
            columns=(
                _number("stars"),
                _number("forks"),
                _number("open_issues"),
                _activity("pushed_at", "updated_at", "created_at"),
            ),
        ),
        FeedInfo(
            "forum-launch-ai",
            "AI launch posts",
            "Hacker News via the Algolia HN Search API",
            ForumRow,
            "collectors.forum:ForumCollector",
            "created_at",
            "the forum item id",
            "41000001",
            "forum",
            columns=(_number("points"), _number("comments"), _activity("created_at")),
        ),
        FeedInfo(
            "mcp-servers",
            "Official MCP registry servers",
            "registry.modelcontextprotocol.io (v0.1)",
            McpServerRow,
            "collectors.mcp_registry:McpRegistryCollector",
            "publishedAt",
            "the server name",
            "io.github.example/weather",
            "mcp",
            momentum_metric="releases",
            claim_proof=True,
            columns=(_count("remotes"), _count("packages"), _text("version"), _activity("updatedAt", "publishedAt")),
        ),
        FeedInfo(
            "ai-pricing",
            "AI and SaaS pricing pages",
            "Public pricing pages (JSON-LD, embedded app data, visible prices)",
            PricingPageRow,
            "collectors.pricing_pages:PricingPagesCollector",
            "snapshotAt",
            "the page URL",
            "https://example.com/pricing",
            "pricing",
            exact_param="url",
            exact_help="exact pricing page URL; an untracked https URL is added to the daily watchlist",
            claim_pricing=True,
            columns=(
                _count("plans"),
                ArchiveColumn("min_price", "number", _min_price),
                ArchiveColumn("max_price", "number", _max_price),
                ArchiveColumn("changes", "text", _price_changes),
            ),
        ),
        FeedInfo(
            "llm-pricing",
            "LLM prices",
            "OpenRouter models API",
            LlmRow,
            "collectors.llm_pricing:LlmPricingCollector",
            "created",
            "the marketplace model id",
            "openai/gpt-4o",
            "llm",
            momentum_metric="price_input_per_1m",
            claim_pricing=True,
            columns=(
                _number("price_input_per_1m"),
                _number("price_output_per_1m"),
                _number("context_length"),
                _activity("created"),
            ),
        ),
        FeedInfo(
            "modelhub-trending",
            "Trending models, apps and datasets",
            "Hugging Face Hub API",
            HubRow,
            "collectors.modelhub:ModelhubCollector",
            "createdAt",
            "`model:<id>`, `space:<id>` or `dataset:<id>`",
            "model:meta-llama/Llama-3.1-8B",
            "hub",
            momentum_metric="likes",
            columns=(
                _number("likes"),
                _number("downloads"),
                _number("trending_score"),
                _activity("lastModified", "createdAt"),
            ),
        ),
    )
}

FEED_NAMES: tuple[str, ...] = tuple(FEEDS)


def hub_entity(kind: str, hub_id: str) -> str:
    """Hub entity key (SPEC §4.3): hosted apps are `space:<id>`."""
    return f"{kind}:{hub_id}"


def parse_time(value: str | int | float) -> datetime:
    """One tolerant parser for every upstream timestamp form (Z, offsets, 0-9 fraction digits, epoch)."""
    if isinstance(value, int | float):
        return datetime.fromtimestamp(value, tz=UTC)
    text = value.strip()
    if text.endswith(("Z", "z")):
        text = text[:-1] + "+00:00"
    if "." in text:  # fromisoformat wants 3 or 6 fraction digits before 3.12 on some inputs
        head, _, rest = text.partition(".")
        digits = ""
        while rest and rest[0].isdigit():
            digits, rest = digits + rest[0], rest[1:]
        text = f"{head}.{(digits + '000000')[:6]}{rest}"
    parsed = datetime.fromisoformat(text)
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def iso(value: datetime) -> str:
    """Canonical timestamp form of every row: UTC, seconds, `Z`."""
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def money_per_million(per_unit: str | int | float | None) -> float | None:
    """USD per token (decimal string) to USD per 1M tokens, exactly; negative means variable."""
    return exact_money(per_unit, 1_000_000)


def exact_money(value: str | int | float | None, scale: int = 1) -> float | None:
    """A decimal price string times `scale`, exactly, as the float whose repr is that decimal; None
    when absent or negative (a marketplace's "-1" means the price varies)."""
    if value is None or value == "":
        return None
    amount = Decimal(str(value))
    if amount < 0:
        return None
    return float((amount * scale).normalize())
