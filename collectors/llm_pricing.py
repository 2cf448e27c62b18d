"""LLM prices of the model marketplace (OpenRouter's public model list).

One request returns every model (`{"data": [...]}`, no pagination). Prices are decimal strings in
USD per token; they are turned into USD per 1M tokens with exact `Decimal` arithmetic, because a
float product shows drift (`0.00000125 * 1e6 = 1.2499999999999998`). The new-model and
price-change flags compare with each model's last archived row, whatever day it is from: a model
missing from one day's listing is not new when it comes back, and a price move across the gap is
reported against the price it had before.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Annotated, Any, ClassVar

from pydantic import AfterValidator, BaseModel, Field

from collectors.models import LlmRow, exact_money, iso, parse_time
from collectors.protocol import BaseCollector, CollectContext
from collectors.validation import validate, validate_items

MODELS_URL = "https://openrouter.ai/api/v1/models"
# The default is `text` only: image, embedding and speech models would silently go missing.
MODELS_PARAMS = {"output_modalities": "all"}


def _decimal_text(value: str) -> str:
    """Refuse a price that is not a decimal number, so one odd model cannot fail the whole feed later."""
    try:
        Decimal(value)
    except InvalidOperation as exc:
        raise ValueError(f"not a decimal price: {value!r}") from exc
    return value


Price = Annotated[str, AfterValidator(_decimal_text)]


class Architecture(BaseModel):
    input_modalities: list[str] = []
    output_modalities: list[str] = []
    tokenizer: str | None = None


class Pricing(BaseModel):
    """Every price is a decimal string in USD per unit; only prompt and completion are always sent."""

    prompt: Price
    completion: Price
    input_cache_read: Price | None = None
    input_cache_write: Price | None = None
    internal_reasoning: Price | None = None
    audio: Price | None = None
    image: Price | None = None
    request: Price | None = None
    web_search: Price | None = None


class TopProvider(BaseModel):
    max_completion_tokens: int | None = None


PRICE_FIELDS: tuple[tuple[str, str, int], ...] = (
    ("price_input_per_1m", "prompt", 1_000_000),
    ("price_output_per_1m", "completion", 1_000_000),
    ("price_cache_read_per_1m", "input_cache_read", 1_000_000),
    ("price_cache_write_per_1m", "input_cache_write", 1_000_000),
    ("price_reasoning_per_1m", "internal_reasoning", 1_000_000),
    ("price_audio_per_1m", "audio", 1_000_000),
    ("price_image", "image", 1),
    ("price_request", "request", 1),
    ("price_web_search", "web_search", 1),
)
"""Row field, upstream pricing key, scale: token prices are published per 1M tokens, the rest per unit."""


class Model(BaseModel):
    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {
            "top_provider",
            "per_request_limits",
            "default_parameters",
            "expiration_date",
            "knowledge_cutoff",
        }
    )

    id: str = Field(min_length=1)
    name: str
    canonical_slug: str | None = None
    hugging_face_id: str | None = None
    description: str | None = None
    created: int
    context_length: int | None = None
    architecture: Architecture
    pricing: Pricing
    top_provider: TopProvider | None = None
    supported_parameters: list[str] = []


class Envelope(BaseModel):
    data: list[Any]


Snapshots = dict[str, dict[str, Any]]


def prices_of(model: Model) -> dict[str, float | None]:
    """Every price of a model as its row fields, exactly (see PRICE_FIELDS)."""
    return {field: exact_money(getattr(model.pricing, key), scale) for field, key, scale in PRICE_FIELDS}


def _price_flags(
    model_id: str, prices: dict[str, float | None], ctx: CollectContext, last: Snapshots
) -> dict[str, Any]:
    """Flags against the model's last snapshot (`last`). The very first collection of the feed has
    nothing to compare: nothing is new. After it, new means never archived before today. Any price
    counts (a cache-read cut is a price change too); a dimension the last snapshot did not carry yet
    (archived before we read it) is not a change."""
    if ctx.previous_day is None:
        return {"is_new": False, "price_changed": False}
    old = last.get(model_id)
    if old is None:
        return {"is_new": True, "price_changed": False}
    moved = any(name in old and old[name] != value for name, value in prices.items())
    if not moved:
        return {"is_new": False, "price_changed": False}
    return {
        "is_new": False,
        "price_changed": True,
        "previous_price_input_per_1m": old.get("price_input_per_1m"),
        "previous_price_output_per_1m": old.get("price_output_per_1m"),
    }


def transform(model: Model, ctx: CollectContext, last: Snapshots | None = None) -> LlmRow:
    """One marketplace model -> one row. `last` holds the models' last archived rows
    (`ctx.last_snapshots`); without it, the previous archived day's rows stand for them."""
    # LlmRow's price fields by name (PRICE_FIELDS): keyword arguments built at runtime, validated by pydantic.
    prices: dict[str, Any] = prices_of(model)
    return LlmRow(
        entity=model.id,
        id=model.id,
        name=model.name,
        canonical_slug=model.canonical_slug,
        hugging_face_id=(model.hugging_face_id or "").strip() or None,
        description=model.description,
        context_length=model.context_length,
        input_modalities=model.architecture.input_modalities,
        output_modalities=model.architecture.output_modalities,
        **prices,
        max_completion_tokens=model.top_provider.max_completion_tokens if model.top_provider else None,
        tokenizer=model.architecture.tokenizer,
        supported_parameters=model.supported_parameters,
        created=iso(parse_time(model.created)),
        **_price_flags(model.id, prices, ctx, ctx.previous if last is None else last),
    )


class LlmPricingCollector(BaseCollector):
    feed = "llm-pricing"
    # The flags and previous prices describe the move since the last snapshot, not the model: two days
    # with the same prices must not count as "changed" just because yesterday's row was flagged.
    volatile_fields = frozenset(
        {"is_new", "price_changed", "previous_price_input_per_1m", "previous_price_output_per_1m"}
    )

    async def collect(self, ctx: CollectContext) -> list[LlmRow]:
        payload, _ = await ctx.http.get_json(MODELS_URL, params=MODELS_PARAMS)
        envelope = validate(Envelope, payload, "model list")
        models = validate_items(Model, envelope.data, "model", ctx.tally)
        ctx.progress.update(f"{len(models)} models")
        # One lookup for every model: one missing from yesterday's listing still has its last row.
        last = ctx.last_snapshots(model.id for model in models)
        return [transform(model, ctx, last) for model in models]
