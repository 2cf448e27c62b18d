"""Pydantic models of every API response and request body that is not a feed row.

Rows are defined once in collectors/models.py; this module wraps them in the bodies the server
sends (feed pages, history, entity cards, trends, momentum, demand, sample, watches, problems) so
that server/openapi.py can generate the OpenAPI document from models instead of hand-written
JSON, and so tests can validate real responses against the very models the document came from.

The server never builds a response through these models (the build serialises bodies once, the
server joins bytes); they describe those bytes. Every body model forbids unknown fields: a field the
build adds without adding it here fails the live validation test instead of shipping undocumented.
Per-feed bodies are concrete classes (not one generic) so generated clients get typed rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, RootModel, WithJsonSchema
from pydantic.config import JsonDict, JsonValue
from pydantic.json_schema import SkipJsonSchema

from build.changes import ChangeEvent, ChangeType
from build.trends import WINDOWS
from collectors.claims import EMAIL_MAX, FIELD_MAX, PAIRS_MAX, PLAN_MAX, PRICE_MAX, TEXT_MAX, VALUE_MAX
from collectors.models import (
    FEEDS,
    FeedName,
    ForumRow,
    HubRow,
    LlmRow,
    McpServerRow,
    PriceChange,
    PricingPageRow,
    RepoRow,
    Row,
    parse_time,
)
from server.contract import URL_MAX, WATCH_TYPES
from server.errors import CODES

# -- URLs the server fetches or posts to (collectors/safe_fetch.py) -------------------------------------------

HTTPS = "^[Hh][Tt][Tt][Pp][Ss]://"
"""Only https URLs are fetched or posted to (the scheme is case-insensitive)."""
URL_GUARD = (
    "The address guard answers 400 `unsafe_url` for: a scheme other than https; user info (`user:pass@`); a port "
    "other than 443; a host that is not a valid DNS name (labels of letters, digits, `-` and `_`, at most 63 "
    "characters each, 253 in all) or an IP address; a numeric spelling that only some resolvers read as an address "
    "(`127.1`, `2130706433`, `0x7f000001`); `localhost` and `*.localhost`; cloud metadata hosts "
    "(`metadata.google.internal`, `metadata`, `instance-data`, `instance-data.ec2.internal`); a name that does not "
    "resolve; and a host any of whose addresses is not public: loopback, private (10/8, 172.16/12, 192.168/16), "
    "carrier-grade NAT (100.64/10), link-local (169.254/16, fe80::/10), unique-local (fc00::/7), 0/8, multicast, "
    "reserved, unspecified, a cloud metadata address (169.254.169.254, fd00:ec2::254, 100.100.100.200), or an IPv6 "
    "address embedding such an IPv4 address (mapped, 6to4, NAT64)."
)
"""What `check_url` refuses, said once for `url=` (GET /ai-pricing) and for a watch's `webhook`."""


# -- scalar types ---------------------------------------------------------------------------------


def _date_time(value: str) -> str:
    """Reject anything that is not an ISO 8601 date-time, so format drift fails validation."""
    if "T" not in value:
        raise ValueError(f"not an ISO 8601 date-time: {value!r}")
    parse_time(value)
    return value


def _date(value: str) -> str:
    if len(value) != 10:
        raise ValueError(f"not a date YYYY-MM-DD: {value!r}")
    date.fromisoformat(value)
    return value


DateTime = Annotated[str, AfterValidator(_date_time), WithJsonSchema({"type": "string", "format": "date-time"})]
"""An ISO 8601 date-time kept as the exact string the build wrote (UTC, `Z`)."""
Day = Annotated[str, AfterValidator(_date), WithJsonSchema({"type": "string", "format": "date"})]
"""A calendar date `YYYY-MM-DD` (UTC day of the archive)."""

# Literal types are written out (a type checker cannot read a Literal built at run time); each is checked
# against the value it mirrors at import, so they cannot drift apart.
MomentumCategory = Literal["codehost-ai-repos", "mcp-servers", "llm-pricing", "modelhub-trending"]
Window = Literal["1d", "7d", "30d"]
WatchType = Literal["any", "price_change", "version_bump", "momentum_jump", "momentum_above"]
ErrorCode = Literal[
    "bad_request",
    "outside_plan_depth",
    "unsafe_url",
    "unauthorized",
    "not_found",
    "method_not_allowed",
    "request_too_large",
    "watch_limit",
    "licence_required",
    "range_not_satisfiable",
    "watch_exists",
    "unknown_feed_token",
    "monthly_limit",
    "daily_history_limit",
    "velocity_throttled",
    "not_ready",
    "backend_unavailable",
    "export_building",
    "claims_per_email",
    "claims_per_entity",
    "mail_unavailable",
    "internal",
]
for _literal, _values in (
    (FeedName, tuple(FEEDS)),
    (MomentumCategory, tuple(name for name, info in FEEDS.items() if info.momentum)),
    (Window, tuple(WINDOWS)),
    (WatchType, tuple(WATCH_TYPES)),
    (ErrorCode, tuple(CODES)),
):
    if get_args(_literal) != _values:
        raise RuntimeError(f"{_literal} lists {get_args(_literal)}, not {_values}")


class Body(BaseModel):
    """Base of every body model: unknown fields are refused (see the module docstring)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


# -- feed responses (SPEC §2.1) -------------------------------------------------------------------


class Queued(Body):
    """Present only when `repo=` / `url=` named something the feed does not hold yet."""

    entity: str = Field(description="The `repo` or `url` exactly as asked for.")
    status: Literal["queued", "not_found", "tracked"] = Field(
        description="`queued`: added to the next daily collection. `not_found`: the upstream did not have it at the "
        "last collection; queued again. `tracked`: collected, it appears after the next daily build."
    )
    message: str = Field(description="Human-readable explanation of `status`.")


class FeedResponse(Body):
    """One page of a feed (SPEC §2.1). Rows are newest first by the feed's `since` field."""

    feed: str = Field(description="Feed name.")
    title: str = Field(description="Feed title.")
    source: str = Field(description="Origin of the data (upstream API or pages).")
    updatedAt: DateTime | None = Field(
        description="Start of the last successful collection of the feed; null if it never succeeded."
    )
    total: int = Field(ge=0, description="Rows matching the filters (`since`, `q`, `repo`, `url`) before paging.")
    offset: int = Field(ge=0, description="Offset applied.")
    limit: int = Field(ge=1, description="Limit applied (page size).")
    count: int = Field(ge=0, description="Rows in `data` of this response.")
    data: Sequence[Row] = Field(description="The rows of this page.")
    queued: Queued | None = Field(
        None,
        description="Only with `repo=`/`url=` naming an untracked entity: it was queued for daily collection; "
        "`data` is then empty and `total` 0.",
    )


class CodehostAiReposResponse(FeedResponse):
    """A page of `codehost-ai-repos`: repositories tagged with agent and MCP topics."""

    feed: Literal["codehost-ai-repos"] = Field(description="Feed name.")
    data: list[RepoRow] = Field(description="Repositories, newest `created_at` first.")


class ForumLaunchAiResponse(FeedResponse):
    """A page of `forum-launch-ai`: AI launch posts from the discussion forum."""

    feed: Literal["forum-launch-ai"] = Field(description="Feed name.")
    data: list[ForumRow] = Field(description="Posts, newest `created_at` first.")


class McpServersResponse(FeedResponse):
    """A page of `mcp-servers`: active servers of the official MCP registry, latest versions."""

    feed: Literal["mcp-servers"] = Field(description="Feed name.")
    data: list[McpServerRow] = Field(description="Servers, newest `publishedAt` first.")


class AiPricingResponse(FeedResponse):
    """A page of `ai-pricing`: snapshots of public pricing pages."""

    feed: Literal["ai-pricing"] = Field(description="Feed name.")
    data: list[PricingPageRow] = Field(description="Pricing page snapshots, newest `snapshotAt` first.")


class LlmPricingResponse(FeedResponse):
    """A page of `llm-pricing`: every model of the LLM routing marketplace with its prices."""

    feed: Literal["llm-pricing"] = Field(description="Feed name.")
    data: list[LlmRow] = Field(description="Models, newest `created` first.")


class ModelhubTrendingResponse(FeedResponse):
    """A page of `modelhub-trending`: top trending models, hosted apps (spaces) and datasets."""

    feed: Literal["modelhub-trending"] = Field(description="Feed name.")
    data: list[HubRow] = Field(description="Hub items, newest `createdAt` first; unknown creation date last.")


FEED_RESPONSES: dict[str, type[FeedResponse]] = {
    "codehost-ai-repos": CodehostAiReposResponse,
    "forum-launch-ai": ForumLaunchAiResponse,
    "mcp-servers": McpServersResponse,
    "ai-pricing": AiPricingResponse,
    "llm-pricing": LlmPricingResponse,
    "modelhub-trending": ModelhubTrendingResponse,
}

AnyFeedResponse = Annotated[
    CodehostAiReposResponse
    | ForumLaunchAiResponse
    | McpServersResponse
    | AiPricingResponse
    | LlmPricingResponse
    | ModelhubTrendingResponse,
    Field(discriminator="feed"),
]


class SampleFeed(RootModel[AnyFeedResponse]):
    """The sample of one feed: a feed response of its first 5 rows (`limit` 5, `total` = `count`)."""


class SampleAll(Body):
    """The sample of every feed, in the order of the feed list."""

    feeds: list[AnyFeedResponse] = Field(description="One feed response of up to 5 rows per feed.")


class SampleResponse(RootModel[SampleAll | SampleFeed]):
    """`/sample` without `name`: SampleAll; with `name`: that feed's SampleFeed."""


# -- history (SPEC §4.3) --------------------------------------------------------------------------


class HistoryRow(Body):
    """One archived day of one entity: `{date, ...metrics, rank}`, metrics named per feed (subclasses).

    Days without a row (a failed collection, or the entity not listed that day) are absent. A metric
    the upstream did not give that day is null.
    """


class CodehostAiReposHistoryRow(HistoryRow):
    """A repository's day. Rank is by stars."""

    date: Day = Field(description="Archive day (UTC).")
    stars: int | None = Field(description="Stars that day.")
    forks: int | None = Field(description="Forks that day.")
    open_issues: int | None = Field(description="Open issues that day.")
    rank: int | None = Field(description="1-based rank by stars that day.")


class ForumLaunchAiHistoryRow(HistoryRow):
    """A post's day. Rank is by points."""

    date: Day = Field(description="Archive day (UTC).")
    points: int | None = Field(description="Points that day.")
    comments: int | None = Field(description="Comments that day.")
    rank: int | None = Field(description="1-based rank by points that day.")


class McpServersHistoryRow(HistoryRow):
    """A server's day. Rank is by release count."""

    date: Day = Field(description="Archive day (UTC).")
    remotes: int | None = Field(description="Number of remote endpoints listed that day.")
    packages: int | None = Field(description="Number of packages listed that day.")
    releases: int | None = Field(description="Distinct versions seen so far in the archive (release cadence).")
    version: str | None = Field(description="Version listed that day.")
    rank: int | None = Field(description="1-based rank by `releases` that day.")


class AiPricingHistoryRow(HistoryRow):
    """A pricing page's day. Pages have no order: rank is always null."""

    date: Day = Field(description="Archive day (UTC).")
    plans: int | None = Field(description="Number of plans extracted that day.")
    min_price: float | None = Field(description="Lowest positive plan price that day; null if none.")
    max_price: float | None = Field(description="Highest plan price that day; null if none.")
    changes: list[PriceChange] | None = Field(description="What changed on the page that day; null if nothing.")
    rank: None = Field(description="Always null: pricing pages are not ranked.")


class LlmPricingHistoryRow(HistoryRow):
    """A model's day. Rank is by context length."""

    date: Day = Field(description="Archive day (UTC).")
    price_input_per_1m: float | None = Field(description="USD per 1M input tokens; null if variable.")
    price_output_per_1m: float | None = Field(description="USD per 1M output tokens; null if variable.")
    context_length: int | None = Field(description="Context length in tokens.")
    rank: int | None = Field(description="1-based rank by context length that day.")


class ModelhubTrendingHistoryRow(HistoryRow):
    """A hub item's day. Rank is by trending score."""

    date: Day = Field(description="Archive day (UTC).")
    likes: int | None = Field(description="Likes that day.")
    downloads: int | None = Field(description="Rolling downloads that day; null for hosted apps.")
    trending_score: int | None = Field(description="Trending score that day.")
    rank: int | None = Field(description="1-based rank by trending score that day.")


class HistoryResponse(Body):
    """A page of one entity's daily series, oldest first. Follow `nextCursor` for the next page."""

    feed: str = Field(description="Feed name.")
    entity: str = Field(description="The entity key as asked for.")
    from_: Day = Field(alias="from", description="First day of the window (after defaults and plan depth).")
    to: Day = Field(description="Last day of the window.")
    limit: int = Field(ge=1, le=90, description="Page size applied.")
    count: int = Field(ge=0, description="Rows in `data`.")
    nextCursor: Day | None = Field(
        description="Date of the next row after this page; pass it as `cursor` (same `from`/`to`) for the next "
        "page. Null on the last page."
    )
    data: Sequence[HistoryRow] = Field(description="Daily rows `{date, ...metrics, rank}`, oldest first.")


class CodehostAiReposHistory(HistoryResponse):
    """History of one repository (entity `owner/repo`)."""

    feed: Literal["codehost-ai-repos"] = Field(description="Feed name.")
    data: list[CodehostAiReposHistoryRow] = Field(description="Daily rows, oldest first.")


class ForumLaunchAiHistory(HistoryResponse):
    """History of one forum post (entity: the item id)."""

    feed: Literal["forum-launch-ai"] = Field(description="Feed name.")
    data: list[ForumLaunchAiHistoryRow] = Field(description="Daily rows, oldest first.")


class McpServersHistory(HistoryResponse):
    """History of one MCP server (entity: the server name)."""

    feed: Literal["mcp-servers"] = Field(description="Feed name.")
    data: list[McpServersHistoryRow] = Field(description="Daily rows, oldest first.")


class AiPricingHistory(HistoryResponse):
    """History of one pricing page (entity: the page URL)."""

    feed: Literal["ai-pricing"] = Field(description="Feed name.")
    data: list[AiPricingHistoryRow] = Field(description="Daily rows, oldest first.")


class LlmPricingHistory(HistoryResponse):
    """History of one LLM (entity: the marketplace model id)."""

    feed: Literal["llm-pricing"] = Field(description="Feed name.")
    data: list[LlmPricingHistoryRow] = Field(description="Daily rows, oldest first.")


class ModelhubTrendingHistory(HistoryResponse):
    """History of one hub item (entity `model:<id>`, `space:<id>` or `dataset:<id>`)."""

    feed: Literal["modelhub-trending"] = Field(description="Feed name.")
    data: list[ModelhubTrendingHistoryRow] = Field(description="Daily rows, oldest first.")


HISTORY_RESPONSES: dict[str, type[HistoryResponse]] = {
    "codehost-ai-repos": CodehostAiReposHistory,
    "forum-launch-ai": ForumLaunchAiHistory,
    "mcp-servers": McpServersHistory,
    "ai-pricing": AiPricingHistory,
    "llm-pricing": LlmPricingHistory,
    "modelhub-trending": ModelhubTrendingHistory,
}
HISTORY_ROWS: dict[str, type[HistoryRow]] = {
    feed: get_args(model.model_fields["data"].annotation)[0] for feed, model in HISTORY_RESPONSES.items()
}


class AnyHistoryResponse(
    RootModel[
        Annotated[
            CodehostAiReposHistory
            | ForumLaunchAiHistory
            | McpServersHistory
            | AiPricingHistory
            | LlmPricingHistory
            | ModelhubTrendingHistory,
            Field(discriminator="feed"),
        ]
    ]
):
    """The history of one entity; the shape of its rows depends on `feed`."""


# -- as of a day -----------------------------------------------------------------------------------


SHA256_HEX = r"^[0-9a-f]{64}$"


class AsOfResponse(Body):
    """One entity's row exactly as archived on `date`, or on the last archived day before it that holds the entity
    (`observedOn`): the values in force that day, with the name of the snapshot they come from."""

    feed: str = Field(description="Feed name.")
    entity: str = Field(description="The entity key as asked for.")
    date: Day = Field(description="The day asked for (UTC).")
    observedOn: Day = Field(
        description="The archived day the row comes from: `date` itself, or the last archived day before it on which "
        "the entity had a row (a day without a collection, or without the entity, falls back to the one before)."
    )
    source: str = Field(description="Origin of the data (upstream API or pages), as the feed response names it.")
    snapshotHash: str = Field(
        pattern=SHA256_HEX,
        description="SHA-256 of the whole snapshot of the feed on `observedOn`: its rows in entity order, each as "
        "the entity's UTF-8 length (4 bytes, big-endian), the entity, the row's length (8 bytes, big-endian) and the "
        "row's bytes. The same day always gives the same hash; `feeds archive verify` recomputes it from the file.",
    )
    snapshotRows: int = Field(ge=1, description="Rows of the feed in that snapshot.")
    row: Row = Field(description="The entity's row on `observedOn`, exactly as the feed served it that day.")


class CodehostAiReposAsOf(AsOfResponse):
    """A repository as archived on a day (entity `owner/repo`)."""

    feed: Literal["codehost-ai-repos"] = Field(description="Feed name.")
    row: RepoRow = Field(description="The row on `observedOn`.")


class ForumLaunchAiAsOf(AsOfResponse):
    """A forum post as archived on a day (entity: the item id)."""

    feed: Literal["forum-launch-ai"] = Field(description="Feed name.")
    row: ForumRow = Field(description="The row on `observedOn`.")


class McpServersAsOf(AsOfResponse):
    """An MCP server as archived on a day (entity: the server name)."""

    feed: Literal["mcp-servers"] = Field(description="Feed name.")
    row: McpServerRow = Field(description="The row on `observedOn`.")


class AiPricingAsOf(AsOfResponse):
    """A pricing page as archived on a day (entity: the page URL)."""

    feed: Literal["ai-pricing"] = Field(description="Feed name.")
    row: PricingPageRow = Field(description="The row on `observedOn`.")


class LlmPricingAsOf(AsOfResponse):
    """An LLM's prices as archived on a day (entity: the marketplace model id)."""

    feed: Literal["llm-pricing"] = Field(description="Feed name.")
    row: LlmRow = Field(description="The row on `observedOn`.")


class ModelhubTrendingAsOf(AsOfResponse):
    """A hub item as archived on a day (entity `model:<id>`, `space:<id>` or `dataset:<id>`)."""

    feed: Literal["modelhub-trending"] = Field(description="Feed name.")
    row: HubRow = Field(description="The row on `observedOn`.")


ASOF_RESPONSES: dict[str, type[AsOfResponse]] = {
    "codehost-ai-repos": CodehostAiReposAsOf,
    "forum-launch-ai": ForumLaunchAiAsOf,
    "mcp-servers": McpServersAsOf,
    "ai-pricing": AiPricingAsOf,
    "llm-pricing": LlmPricingAsOf,
    "modelhub-trending": ModelhubTrendingAsOf,
}


class AnyAsOfResponse(
    RootModel[
        Annotated[
            CodehostAiReposAsOf
            | ForumLaunchAiAsOf
            | McpServersAsOf
            | AiPricingAsOf
            | LlmPricingAsOf
            | ModelhubTrendingAsOf,
            Field(discriminator="feed"),
        ]
    ]
):
    """One entity as of a day; the shape of `row` depends on `feed`."""


# -- change events and trends (SPEC §4.4, §6) -----------------------------------------------------


Event = ChangeEvent
"""Change events are the envelope of build/changes.py: the same model in /trends, entity cards, watch
notifications, webhooks and the Atom feeds."""


class Mover(Body):
    """An entity whose main metric changed between the base day and the date."""

    entity: str = Field(description="Entity key.")
    from_: float | None = Field(alias="from", description="Main metric on the base day.")
    to: float | None = Field(description="Main metric on the date.")
    change: float | None = Field(description="`to` - `from` (negative for a price cut).")
    changePct: float | None = Field(description="Change in percent of `from`, 2 decimals; null when `from` is 0.")
    rankFrom: int | None = Field(description="Rank on the base day; null if unranked.")
    rankTo: int | None = Field(description="Rank on the date; null if unranked.")


class TrendsResponse(Body):
    """Top movers and change events of one feed over a window ending on `date`."""

    feed: FeedName = Field(description="Feed name.")
    window: Window = Field(description="Window length: 1, 7 or 30 days.")
    date: Day | None = Field(description="Last day of the window; null when the feed has no archived day.")
    from_: Day | None = Field(
        None,
        alias="from",
        description="Base day actually compared with: the latest archived day on or before `date` - window.",
    )
    metric: str | None = Field(
        None,
        description="Main metric movers are ranked by: stars, points, releases, min_price, price_input_per_1m, likes.",
    )
    movers: list[Mover] = Field(description="Up to 50 movers by absolute change, largest first.")
    moversRelative: list[Mover] = Field(description="Up to 50 movers by relative change, largest first.")
    events: list[Event] = Field(description="Every change event of the days after `from` up to `date`.")
    partial: bool = Field(
        False, description="Present (true) only when the archive is younger than the window: `from` is its first day."
    )


class TrendsLatestResponse(Body):
    """Latest trends of every feed for one window (no `feed`, no `date`)."""

    window: Window = Field(description="Window length.")
    feeds: list[TrendsResponse] = Field(description="One trends document per feed, in feed-list order.")


class TrendsResult(RootModel[TrendsResponse | TrendsLatestResponse]):
    """With `feed` (and optional `date`): TrendsResponse. Without `feed`: TrendsLatestResponse."""


# -- momentum, demand, entity card (SPEC §2.3, §4.5, §4.6) ------------------------------------


class MomentumComponents(Body):
    """The four 0-100 components of the score (null when the entity is absent that day)."""

    growth: float | None = Field(description="Growth velocity percentile, weight 45%.")
    consistency: float | None = Field(description="Share of recent days (weeks for MCP) with growth, weight 20%.")
    recency: float | None = Field(description="Decaying recency of the latest push, update or release, weight 20%.")
    demand: float | None = Field(description="Percentile of this week's agent lookups, weight 15%.")


class MomentumEntry(Body):
    """One row of a momentum leaderboard."""

    rank: int = Field(ge=1, description="1-based position by score (ties by entity name).")
    entity: str = Field(description="Entity key.")
    score: float = Field(ge=0, le=100, description="Momentum score 0-100, 1 decimal.")
    components: MomentumComponents = Field(description="Score components.")
    basis: Literal["archive", "bootstrap"] = Field(
        description="`bootstrap`: lifetime rates are used until the archive has enough days; else `archive`."
    )


class MomentumBoard(Body):
    """The momentum leaderboard of one category, recomputed daily."""

    category: MomentumCategory = Field(description="Category (a feed name).")
    date: Day | None = Field(description="Day the scores are for; null when the category has no build yet.")
    updatedAt: DateTime | None = Field(None, description="Last successful collection of the category's feed.")
    count: int = Field(ge=0, description="Rows in `data`.")
    limit: int = Field(ge=1, le=100, description="Limit applied.")
    data: list[MomentumEntry] = Field(description="Entities by score, highest first.")


class MomentumAll(Body):
    """Every category's leaderboard (no `category` given)."""

    limit: int = Field(ge=1, le=100, description="Limit applied to each board.")
    categories: list[MomentumBoard] = Field(description="One board per momentum category.")


class MomentumResult(RootModel[MomentumBoard | MomentumAll]):
    """With `category`: MomentumBoard. Without: MomentumAll."""


class DemandEntry(Body):
    """One entity of the demand index."""

    rank: int = Field(ge=1, description="1-based position by lookups.")
    feed: FeedName = Field(description="Feed of the entity.")
    entity: str = Field(description="Entity key.")
    lookups: int = Field(ge=1, description="Keyed API/MCP lookups of this exact entity in the week.")


class DemandResponse(Body):
    """The entities most looked up by AI agents over the seven days ending on `to` (top 100)."""

    from_: Day = Field(alias="from", description="First day of the week.")
    to: Day = Field(description="Last day of the week.")
    updatedAt: DateTime = Field(description="When the index was built.")
    count: int = Field(ge=0, description="Rows in `data`.")
    data: list[DemandEntry] = Field(description="Entities by lookups, most first.")


class ScorePoint(Body):
    """The momentum score of one archived day."""

    date: Day = Field(description="Archive day.")
    score: float = Field(description="Momentum score that day.")


class EntityMomentum(Body):
    """An entity's momentum: current score and its recent history."""

    score: float | None = Field(description="Current score 0-100; null when absent on the current day.")
    components: MomentumComponents = Field(description="Current components.")
    basis: Literal["archive", "bootstrap", ""] = Field(description="As on the leaderboard; empty when absent.")
    history: list[ScorePoint] = Field(description="Score on recent archived days (absent days left out).")


# -- one entity across feeds, demand per entity (docs/links.md) -------------------------------------


LinkVia = Literal["mcp_repository", "hugging_face_id", "provider_host", "hub_repository"]


class EntityLink(Body):
    """The same thing tracked in another feed, and how the link was found."""

    feed: FeedName = Field(description="Feed of the linked entity.")
    entity: str = Field(description="Entity key of the linked entity (its `/entity?entity=`).")
    page: str = Field(description="Public entity page path of the linked entity.")
    via: LinkVia = Field(
        description="The rule that found the link: `mcp_repository` (the MCP registry's repository URL names "
        "the repository), `hugging_face_id` (the LLM marketplace's Hugging Face id names the hub model), "
        "`provider_host` (the pricing page's host is the provider part of the LLM's id), `hub_repository` "
        "(the hub item's card names the repository)."
    )


class DemandWeek(Body):
    """The entity in the demand index of one week (seven days ending on `to`)."""

    from_: Day = Field(alias="from", description="First day of the week.")
    to: Day = Field(description="Last day of the week.")
    rank: int | None = Field(ge=1, description="1-based rank in that week's demand index; null without lookups.")
    lookups: int = Field(ge=0, description="Keyed API/MCP lookups of the entity that week.")


class EntityDemandInfo(Body):
    """How often AI agents looked the entity up: this week's rank and the last eight weeks."""

    rank: int | None = Field(
        ge=1,
        description="Rank in this week's demand index (the ranking /demand publishes the top 100 of, "
        "counted however far down); null when the entity had no lookups this week.",
    )
    lookups: int = Field(ge=0, description="Keyed lookups this week.")
    weeks: list[DemandWeek] = Field(
        min_length=8,
        max_length=8,
        description="The last 8 weeks, oldest first; the last one is this week (same rank and lookups).",
    )


# -- maintainer claims (SPEC §1): submissions, the API's request and answer --------------------------


LINE = r"^[^\x00-\x1f\x7f]*$"
"""One line without control characters (collectors/claims.py refuses them in names, prices and paths)."""
FILLED_LINE = r"^[^\x00-\x1f\x7f]*[^\s\x00-\x1f\x7f][^\x00-\x1f\x7f]*$"
"""One line without control characters and not only spaces (the server strips before it checks)."""
TEXT = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$"
"""Free text: tabs and line breaks are fine, other control characters are refused."""
FILLED = r"\S"
"""Something other than spaces: a text that is blank counts as absent."""
ENTITY_PATH_MAX = 2048


class PlanPrice(Body):
    """One plan and its price, as the maintainer writes them (free text: `$20 / month`, `contact us`)."""

    plan: str = Field(
        min_length=1,
        max_length=PLAN_MAX,
        pattern=FILLED_LINE,
        description=f"Plan name, one line, at most {PLAN_MAX} characters.",
    )
    price: str = Field(
        min_length=1,
        max_length=PRICE_MAX,
        pattern=FILLED_LINE,
        description=f"Price, one line, at most {PRICE_MAX} characters.",
    )


class FieldValue(Body):
    """One corrected field of the listing and its right value."""

    field: str = Field(
        min_length=1,
        max_length=FIELD_MAX,
        pattern=FILLED_LINE,
        description="Field name as on the listing (e.g. license), one line.",
    )
    value: str = Field(
        min_length=1,
        max_length=VALUE_MAX,
        pattern=FILLED_LINE,
        description=f"Right value, one line, at most {VALUE_MAX} characters.",
    )


class ClaimPricing(Body):
    """Pricing (pricing pages and LLMs only): free text, plan/price pairs, or both."""

    text: str | None = Field(
        None, max_length=TEXT_MAX, pattern=TEXT, description=f"Free text, at most {TEXT_MAX:,} characters."
    )
    plans: list[PlanPrice] = Field([], max_length=PAIRS_MAX, description=f"At most {PAIRS_MAX} pairs.")


class ClaimCorrections(Body):
    """Corrections: free text, field/value pairs, or both."""

    text: str | None = Field(
        None, max_length=TEXT_MAX, pattern=TEXT, description=f"Free text, at most {TEXT_MAX:,} characters."
    )
    fields: list[FieldValue] = Field([], max_length=PAIRS_MAX, description=f"At most {PAIRS_MAX} pairs.")


def _filled(section: str, pairs: str) -> JsonDict:
    """`section` is there and says something: non-blank text (as a string or as `text`), or at least one pair."""
    text: JsonDict = {"type": "string", "pattern": FILLED}
    return {
        "required": [section],
        "properties": {
            section: {
                "anyOf": [
                    text,
                    {"type": "object", "required": ["text"], "properties": {"text": text}},
                    {"type": "object", "required": [pairs], "properties": {pairs: {"type": "array", "minItems": 1}}},
                ]
            }
        },
    }


SOMETHING_SUBMITTED: list[JsonValue] = [
    {"required": ["description"], "properties": {"description": {"type": "string", "pattern": FILLED}}},
    _filled("pricing", "plans"),
    _filled("corrections", "fields"),
]
"""The server's "submit at least one of `description`, `pricing` or `corrections`" (blank ones count as absent)."""

ENTITY_PATH = Field(
    min_length=1,
    max_length=ENTITY_PATH_MAX,
    pattern=FILLED_LINE,
    description="The listing's page path: `/repo/<owner>/<name>`, `/mcp/<server>`, `/llm/<id>`, `/hub/<kind>/<id>`, "
    "`/forum/<id>` or `/pricing/<host>/<path>` (one line; a trailing `/` is ignored). An unknown path is a 404.",
)
EMAIL_FIELD = Field(
    max_length=EMAIL_MAX,
    json_schema_extra={"format": "email"},
    description="Where the verification link goes: a plain address `local@domain.tld` (local part at most 64 "
    "characters of letters, digits and !#$%&'*+/=?^_`{|}~- with single dots between; a domain of at least two "
    "labels), no display name, no line breaks. Never shown.",
)


class ClaimCreate(Body):
    """Request body of POST /claims (JSON). Unknown fields are refused (400); at least one of `description`,
    `pricing` and `corrections` is required (a blank one counts as absent). A string for `pricing` or
    `corrections` is their free text."""

    model_config = ConfigDict(**Body.model_config, json_schema_extra={"anyOf": SOMETHING_SUBMITTED})

    entity: str = ENTITY_PATH
    email: str = EMAIL_FIELD
    description: str | None = Field(
        None,
        max_length=TEXT_MAX,
        pattern=TEXT,
        description=f"The listing's description, at most {TEXT_MAX:,} characters.",
    )
    pricing: ClaimPricing | Annotated[str, Field(max_length=TEXT_MAX, pattern=TEXT)] | None = Field(
        None, description="Pricing pages and LLMs only (else a 400 naming `pricing`)."
    )
    corrections: ClaimCorrections | Annotated[str, Field(max_length=TEXT_MAX, pattern=TEXT)] | None = Field(
        None, description="Corrections of the listing's data."
    )


FormText = Annotated[str, Field(max_length=TEXT_MAX, pattern=TEXT)] | SkipJsonSchema[None]
"""A form's text field: absent or a string (a form has no null)."""


def _no_default(schema: dict[str, Any]) -> None:
    """Drop `default: null` from a form field's schema: a form has no null, absent is absent."""
    schema.pop("default", None)


def _form_filled(name: str, array: bool) -> JsonDict:
    """The form field `name` is there and not blank (a list field: one of its rows)."""
    text: JsonDict = {"type": "string", "pattern": FILLED}
    return {"required": [name], "properties": {name: {"type": "array", "contains": text} if array else text}}


FORM_SUBMITTED: list[JsonValue] = [
    *(_form_filled(name, False) for name in ("description", "pricing_text", "corrections_text")),
    *(_form_filled(name, True) for name in ("plan", "field")),
]
"""The form's "at least one of": a non-blank text, or a non-blank plan or field (its pair is checked by position)."""


class ClaimForm(BaseModel):
    """Request body of POST /claims as an HTML form (application/x-www-form-urlencoded): the claim form's fields.
    `plan`/`price` and `field`/`value` repeat once per row and pair up by position; rows empty on both sides are
    ignored, a row with only one side is a 400. At least one of description, pricing and corrections is
    required, as in the JSON body."""

    model_config = ConfigDict(json_schema_extra={"anyOf": FORM_SUBMITTED})

    entity: str = ENTITY_PATH
    email: str = EMAIL_FIELD
    description: FormText = Field(
        None, description=f"The listing's description, at most {TEXT_MAX:,} characters.", json_schema_extra=_no_default
    )
    pricing_text: FormText = Field(None, description="Pricing as free text.", json_schema_extra=_no_default)
    plan: list[Annotated[str, Field(max_length=PLAN_MAX, pattern=LINE)]] = Field(
        [], max_length=PAIRS_MAX, description="Plan names (one per row)."
    )
    price: list[Annotated[str, Field(max_length=PRICE_MAX, pattern=LINE)]] = Field(
        [], max_length=PAIRS_MAX, description="Prices (one per row, same order as `plan`)."
    )
    corrections_text: FormText = Field(None, description="Corrections as free text.", json_schema_extra=_no_default)
    field: list[Annotated[str, Field(max_length=FIELD_MAX, pattern=LINE)]] = Field(
        [], max_length=PAIRS_MAX, description="Corrected field names (one per row)."
    )
    value: list[Annotated[str, Field(max_length=VALUE_MAX, pattern=LINE)]] = Field(
        [], max_length=PAIRS_MAX, description="Correct values (one per row, same order as `field`)."
    )


class ClaimAccepted(Body):
    """Answer of POST /claims: the claim waits for its link to be followed. The same for every listing,
    whether or not anyone else claimed it."""

    id: str = Field(description="Claim id (for correspondence; the link is sent by mail only).")
    status: Literal["pending"] = Field(description="`pending` until the verification link is followed.")
    entity: str = Field(description="The listing's page path.")
    email: str = Field(description="The address the link was sent to (lowercased).")
    expiresAt: DateTime = Field(description="When the verification link expires (FEEDS_CLAIM_TTL_HOURS).")
    message: str = Field(description="What happens next, for humans.")


class Maintainer(Body):
    """An approved maintainer submission, as the entity page shows it (marked maintainer-provided)."""

    description: str | None = Field(description="The maintainer's description.")
    pricing: ClaimPricing | None = Field(description="The maintainer's pricing (pricing pages and LLMs).")
    corrections: ClaimCorrections | None = Field(description="The maintainer's corrections.")
    approvedAt: Day = Field(description="Day the submission was approved.")
    submittedAt: Day = Field(description="Day the claim was submitted.")
    repositoryProof: bool = Field(description="The claim was also proved by a token file in the repository.")


class EntityCard(Body):
    """One entity: its latest row, momentum (momentum feeds only) and its most recent change events."""

    entity: str = Field(description="Entity key.")
    feed: str = Field(description="Feed name.")
    current: bool = Field(description="The entity is in the feed's current day.")
    firstSeen: Day = Field(description="First archived day of the entity.")
    lastSeen: Day = Field(description="Latest archived day of the entity.")
    row: Row = Field(description="The entity's latest archived row.")
    momentum: EntityMomentum | None = Field(description="Momentum; null on feeds without momentum.")
    events: list[Event] = Field(description="Up to 20 most recent change events, newest first.")
    links: list[EntityLink] = Field(
        description="The same thing tracked in other feeds (docs/links.md); empty when none is known."
    )
    demand: EntityDemandInfo = Field(description="Agent demand: rank this week and the last 8 weeks.")
    maintainer: Maintainer | None = Field(
        None, description="Approved maintainer submission (maintainer-provided); absent when there is none."
    )


class CodehostAiReposEntity(EntityCard):
    """One repository (entity `owner/repo`)."""

    feed: Literal["codehost-ai-repos"] = Field(description="Feed name.")
    row: RepoRow = Field(description="Latest archived row.")


class ForumLaunchAiEntity(EntityCard):
    """One forum post (entity: the item id); no momentum."""

    feed: Literal["forum-launch-ai"] = Field(description="Feed name.")
    row: ForumRow = Field(description="Latest archived row.")


class McpServersEntity(EntityCard):
    """One MCP server (entity: the server name)."""

    feed: Literal["mcp-servers"] = Field(description="Feed name.")
    row: McpServerRow = Field(description="Latest archived row.")


class AiPricingEntity(EntityCard):
    """One pricing page (entity: the page URL); no momentum."""

    feed: Literal["ai-pricing"] = Field(description="Feed name.")
    row: PricingPageRow = Field(description="Latest archived row.")


class LlmPricingEntity(EntityCard):
    """One LLM (entity: the marketplace model id)."""

    feed: Literal["llm-pricing"] = Field(description="Feed name.")
    row: LlmRow = Field(description="Latest archived row.")


class ModelhubTrendingEntity(EntityCard):
    """One hub item (entity `model:<id>`, `space:<id>` or `dataset:<id>`)."""

    feed: Literal["modelhub-trending"] = Field(description="Feed name.")
    row: HubRow = Field(description="Latest archived row.")


class AnyEntityCard(
    RootModel[
        Annotated[
            CodehostAiReposEntity
            | ForumLaunchAiEntity
            | McpServersEntity
            | AiPricingEntity
            | LlmPricingEntity
            | ModelhubTrendingEntity,
            Field(discriminator="feed"),
        ]
    ]
):
    """One entity card; the shape of `row` depends on `feed`."""


# -- watches (SPEC §2.4, §4.7) ------------------------------------------------------------------


class WatchCreate(Body):
    """Request body of POST /watches. Unknown fields are refused (400)."""

    entity: str = Field(
        min_length=1,
        pattern=FILLED,
        description="Entity page path: `/repo/<owner>/<name>`, `/mcp/<server>`, `/llm/<id>`, `/hub/<kind>/<id>`, "
        "`/forum/<id>` or `/pricing/<host>/<path>`, not blank. Must name an entity of the current build (else a 404).",
    )
    type: WatchType = Field("any", description="Which changes the watch concerns.")
    threshold: float | None = Field(
        None,
        description="Finite number. Defaults: 10 points for momentum_jump, 80 for momentum_above; unused otherwise.",
    )
    webhook: str | None = Field(
        None,
        max_length=URL_MAX,
        pattern=HTTPS,
        json_schema_extra={"format": "uri"},
        description="Optional https URL (default port, a public host) each of the watch's notifications is POSTed "
        "to, signed (`X-Feeds-Signature`, see GET /watches/webhook-secret). Not an absolute URL, or a host that is "
        "neither a fully qualified name (with a dot) nor an IP address: 400 `bad_request`. " + URL_GUARD,
    )


class WatchWebhook(Body):
    """A watch's webhook and its health: disabled after consecutive failed deliveries."""

    url: str = Field(description="Where notifications are POSTed.")
    state: Literal["active", "disabled"] = Field(
        description="`disabled` after FEEDS_WEBHOOK_MAX_FAILURES (default 5) failed deliveries in a row; delete the "
        "watch and add it again to re-enable."
    )
    consecutiveFailures: int = Field(ge=0, description="Failed deliveries since the last success.")
    disabledAt: DateTime | None = Field(description="When it was disabled; null while active.")
    disabledReason: str | None = Field(description="Why it was disabled (the last error); null while active.")


class Watch(Body):
    """A watch of the key's account (a rotated key keeps its watches)."""

    id: str = Field(description="Watch id; pass it to DELETE /watches?id=.")
    entity: str = Field(description="Entity page path.")
    type: WatchType = Field(description="Which changes the watch concerns.")
    threshold: float | None = Field(description="Threshold in effect (momentum types), else null.")
    feed: FeedName = Field(description="Feed of the watched entity.")
    key: str = Field(description="Entity key of the watched entity (as /history?entity= takes it).")
    createdAt: DateTime = Field(description="When the watch was added.")
    webhook: WatchWebhook | None = Field(description="The watch's webhook; null when it has none.")


class WatchList(Body):
    """The key's watches, oldest first."""

    count: int = Field(ge=0, description="Watches held.")
    limit: int = Field(ge=0, description="Most watches the plan allows (Starter 5, Pro and Licence 50).")
    data: list[Watch] = Field(description="The watches.")


class WatchDeleted(Body):
    """Confirmation of DELETE /watches."""

    deleted: str = Field(description="Id of the deleted watch.")


class WatchEventDelivery(Body):
    """Webhook delivery state of one notification."""

    state: Literal["none", "pending", "delivered", "failed", "disabled", "cancelled"] = Field(
        description="`none`: the watch has no webhook; `pending`: not delivered yet, retried on the next run; "
        "`delivered`; `failed`: refused by the receiver (3xx/4xx other than 429) or by the address guard, not "
        "retried; `disabled`: the webhook was disabled first; `cancelled`: the watch was deleted first."
    )
    attempts: int = Field(ge=0, description="Delivery attempts so far.")
    lastAttemptAt: DateTime | None = Field(description="Time of the last attempt.")
    lastError: str | None = Field(description="Error of the last failed attempt (`HTTP 500`, a network error).")
    deliveredAt: DateTime | None = Field(description="When the receiver answered 2xx.")


class WatchEvent(Body):
    """One notification of a watch; the webhook body is this object without `delivery`."""

    id: str = Field(description="Notification id; also sent as `X-Feeds-Event-Id` (the same on every retry).")
    watchId: str = Field(description="The watch that matched (it may have been deleted since).")
    entity: str = Field(description="Entity page path of the watch.")
    feed: FeedName = Field(description="Feed of the entity.")
    type: ChangeType = Field(
        description="What happened (the `type` of `event`); an `any` watch gets every change event type the build "
        "detects (momentum jumps at 10 points)."
    )
    date: Day = Field(description="Archive day of the change (the build's latest day of the feed).")
    event: ChangeEvent = Field(
        description="The change event: the same envelope /trends lists (same `id` for a build's event); momentum "
        "notifications carry the watch's own threshold in `detail`."
    )
    createdAt: DateTime = Field(description="When the notification was created (after the build).")
    delivery: WatchEventDelivery = Field(description="Webhook delivery state.")


class WatchEventList(Body):
    """The key's notifications, newest first."""

    total: int = Field(ge=0, description="Notifications matching `since` (all pages).")
    limit: int = Field(ge=1, le=1000, description="Page size applied.")
    offset: int = Field(ge=0, description="Offset applied.")
    count: int = Field(ge=0, description="Notifications in `data`.")
    nextCursor: str | None = Field(description="Pass as `cursor` for the next (older) page; null on the last page.")
    data: list[WatchEvent] = Field(description="The notifications.")


class WebhookSecret(Body):
    """The account's webhook signing secret."""

    secret: str = Field(description="HMAC-SHA256 key (the whole string, UTF-8). Keep it private.")
    createdAt: DateTime = Field(description="When this secret was created (or rotated in).")
    algorithm: Literal["HMAC-SHA256"] = Field(description="Signature algorithm.")
    header: str = Field(description="How the signature is sent.")


class EventsFeed(Body):
    """The account's secret Atom feed of watch notifications (GET /watches/events.atom?token=...)."""

    active: bool = Field(description="The account has a feed address now.")
    createdAt: DateTime | None = Field(description="When the current address was created; null without one.")
    url: str | None = Field(
        description="The feed address with its token: returned once, by POST; null otherwise (only a hash is kept). "
        "Anyone with it reads the account's notifications: treat it as a password."
    )


# -- export (the data licence) --------------------------------------------------------------------------


class ExportFile(Body):
    """One archived day of one feed: one Parquet file of the archive."""

    day: Day = Field(description="Archive day (UTC).")
    file: str = Field(description="The archive file, `<feed>/<YYYY-MM-DD>.parquet`.")
    bytes: int = Field(ge=0, description="Size of the archive file in bytes.")
    rows: int = Field(ge=0, description="Rows (entities) archived that day.")
    sha256: str = Field(pattern="^[0-9a-f]{64}$", description="SHA-256 of the archive file, lowercase hex.")


class ExportFeed(Body):
    """What can be exported of one feed."""

    feed: FeedName = Field(description="Feed name.")
    days: int = Field(ge=0, description="Archived days.")
    from_: Day | None = Field(alias="from", description="First archived day; null without any.")
    to: Day | None = Field(description="Last archived day; null without any.")
    bytes: int = Field(ge=0, description="Total size of the feed's archive files in bytes.")
    rows: int = Field(ge=0, description="Total rows over every archived day.")
    files: list[ExportFile] = Field(description="Every archived day, oldest first.")


class ExportList(Body):
    """Every feed's archived days, files, sizes and checksums: what `GET /api/v1/export/{feed}` can download."""

    formats: list[Literal["parquet", "csv"]] = Field(description="The `format`s an export can take.")
    feeds: list[ExportFeed] = Field(description="One entry per feed, in the API's feed order.")


# -- problems and health --------------------------------------------------------------------------


class Problem(Body):
    """RFC 9457 problem details (`application/problem+json`) with a machine-readable top-level `code`."""

    type: str = Field(description="URI naming the error code.", json_schema_extra={"format": "uri"})
    title: str = Field(description="HTTP status text.")
    status: int = Field(ge=400, le=599, description="HTTP status, repeated.")
    code: ErrorCode = Field(
        description="Machine-readable error code: " + "; ".join(f"`{c}`: {m.rstrip('.')}" for c, m in CODES.items())
    )
    detail: str = Field(description="What went wrong, for humans.")
    parameter: str | None = Field(None, description="Query parameter or body field at fault (400 only).")


class Health(Body):
    """Liveness and the build being served."""

    status: Literal["ok", "no_build"] = Field(description="`no_build` (with 503) until a build is published.")
    build: str | None = Field(description="Id of the build being served.")
