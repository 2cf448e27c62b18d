"""The change-event envelope: one shape for every change the service detects.

The build detects changes (build/trends.py) and lists them in /trends, in entity cards and in each
feed's Atom feed; watch notifications and their webhooks carry the same object (server/notifications.py),
momentum notifications included. So a reader, an agent or a webhook receiver parses one shape whatever
told it, and an event has one id everywhere: a hash of (feed, entity, type, day), the same in /trends,
in the Atom entry and inside every notification about it.

The models below describe the JSON; the builders return plain dicts of that shape, because the build
writes thousands of them and serialises each once. Tests validate the dicts against the models, and
server/schemas.py publishes the models in the OpenAPI document. See docs/trends.md.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from build.paths import entity_page
from collectors.models import FEEDS, FeedName, PriceChange

ChangeType = Literal[
    "new_entity",
    "version_bump",
    "price_change",
    "momentum_jump",
    "momentum_above",
    "trending_enter",
    "trending_exit",
]
CHANGE_TYPES: tuple[str, ...] = get_args(ChangeType)
BUILD_TYPES = ("new_entity", "version_bump", "price_change", "momentum_jump", "trending_enter", "trending_exit")
"""What the build detects. `momentum_above` depends on a watch's own level, so only notifications carry it."""
MOMENTUM_JUMP_POINTS = 10.0
"""A momentum move of at least this many points (either way) between two scored days is a `momentum_jump`
event of the build; a `momentum_jump` watch may set its own threshold."""
PCT_DECIMALS = 2

Day = Annotated[str, Field(pattern=r"^\d{4}-\d{2}-\d{2}$", json_schema_extra={"format": "date"})]


class _Shape(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class PricePair(_Shape):
    """Input and output price of an LLM, USD per 1M tokens (null: variable)."""

    input: float | None = Field(description="USD per 1M input tokens.")
    output: float | None = Field(description="USD per 1M output tokens.")


class VersionDetail(_Shape):
    """Detail of a `new_entity` event on a feed with versions (MCP servers)."""

    version: str | None = Field(description="Version the entity appeared with.")


class DirectionDetail(_Shape):
    """Detail of an LLM `price_change`."""

    direction: Literal["cut", "rise", "mixed"] = Field(
        description="`cut`: every changed price went down; `rise`: every one went up; `mixed`: one each way."
    )


class PageChangesDetail(_Shape):
    """Detail of a pricing page `price_change`: the page's own change list of that day."""

    changes: list[PriceChange] = Field(description="Plans added, removed or repriced.")


class MomentumDetail(_Shape):
    """Detail of a `momentum_jump` or `momentum_above` event."""

    threshold: float = Field(description="Points moved (jump) or the level crossed (above) that made it an event.")
    previousDate: Day = Field(description="The entity's previous scored day (`old`).")


class TrendingDetail(_Shape):
    """Detail of a `trending_enter` or `trending_exit` event (feeds that are a top-N list)."""

    size: int = Field(ge=1, description="Size of the list (the model hub's top 100).")
    rank: int | None = Field(description="Rank on the event's day (enter); null for an exit.")
    previousRank: int | None = Field(description="Rank on the previous archived day (exit); null for an enter.")
    previousDate: Day | None = Field(description="The previous archived day of the feed.")


class Dimension(_Shape):
    """One quantity that changed: its value before and after, and by how much."""

    name: str = Field(
        description="What changed: `input`, `output`, `min_price`, `<plan> <dimension>`, `version`, "
        "`score`, `rank`, or the feed's main metric for a new entity."
    )
    unit: str | None = Field(
        description="Unit of `before`/`after` (`USD per 1M tokens`, `USD`, `points`); null for counts and versions."
    )
    before: float | str | None = Field(description="Value before (null: none, as for a new entity or a new plan).")
    after: float | str | None = Field(description="Value after (null: none, as for a removed plan or an exit).")
    change: float | None = Field(description="`after` - `before` for numbers; null otherwise.")
    percent: float | None = Field(
        description="Change in percent of `before`, 2 decimals; null when not numeric or `before` is 0."
    )


class ChangeEvent(_Shape):
    """One change of one entity on one archived day: the envelope /trends, entity cards, watch notifications,
    webhooks and the Atom feeds all carry."""

    id: str = Field(
        pattern="^chg_[0-9a-f]{24}$",
        description="Stable id: a hash of (feed, entity, type, date), the same wherever the event appears.",
    )
    type: ChangeType = Field(
        description="`new_entity`: first archived day of the entity (none on a feed's first archived day). "
        "`version_bump`: the version differs from the previous one (MCP servers). `price_change`: an LLM's input "
        "or output price changed, or a pricing page reported changed plans. `momentum_jump`: the momentum score "
        "moved by at least 10 points (a watch's own threshold in its notifications) since the previous scored "
        "day. `momentum_above`: the score crossed a watch's level (notifications only). `trending_enter` / "
        "`trending_exit`: an entity seen before came back into / dropped out of a top-N list (model hub)."
    )
    feed: FeedName = Field(description="Feed of the entity.")
    entity: str = Field(description="Entity key (as /history?entity= takes it).")
    page: str = Field(description="The entity's public page path (also what a watch's `entity` names).")
    date: Day = Field(description="Archive day of the change.")
    title: str = Field(description="One line naming the entity and the change.")
    summary: str = Field(
        description="What changed, readable: e.g. `output price $10.00 -> $8.00 per 1M tokens (-20%)`."
    )
    old: float | str | PricePair | None = Field(
        description="Before: the version (version_bump), {input, output} (LLM price_change), the page's lowest "
        "price on the previous present day (page price_change), the score (momentum), the rank (trending_exit); "
        "null for new_entity and trending_enter."
    )
    new: float | str | PricePair | None = Field(
        description="After: as `old`; for new_entity the feed's main metric that day, for trending_enter the rank."
    )
    detail: VersionDetail | DirectionDetail | PageChangesDetail | MomentumDetail | TrendingDetail | None = Field(
        description="Extra facts by type and feed; null where there are none."
    )
    dimensions: list[Dimension] = Field(
        description="Each quantity that changed, with before, after, change and percent (empty for a new entity)."
    )


# -- builders --------------------------------------------------------------------------------------


def event_id(feed: str, entity: str, type_: str, day: str) -> str:
    """Deterministic, so a rebuild, an Atom reader and a notification all name one change alike."""
    return "chg_" + hashlib.sha256(f"{feed}|{entity}|{type_}|{day}".encode()).hexdigest()[:24]


def percent(before: Any, after: Any) -> float | None:
    if not isinstance(before, int | float) or not isinstance(after, int | float) or before == 0:
        return None
    return round(100.0 * (after - before) / before, PCT_DECIMALS)


def dimension(name: str, before: Any, after: Any, unit: str | None = None) -> dict[str, Any]:
    numeric = isinstance(before, int | float) and isinstance(after, int | float)
    return {
        "name": name,
        "unit": unit,
        "before": before,
        "after": after,
        "change": round(after - before, 6) if numeric else None,
        "percent": percent(before, after),
    }


def _number(value: Any, unit: str | None) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    if unit is not None and unit.startswith("USD"):
        return f"${value:,.2f}" if abs(value) >= 0.01 or value == 0 else f"${value:g}"
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.0f}"


def _pct(value: float | None) -> str:
    return "" if value is None else f" ({value:+g}%)"


def dimension_text(d: dict[str, Any]) -> str:
    """`output price $10.00 -> $8.00 per 1M tokens (-20%)`: one dimension as a phrase."""
    unit = d["unit"]
    suffix = " per 1M tokens" if unit == "USD per 1M tokens" else (" points" if unit == "points" else "")
    label = f"{d['name']} price" if unit == "USD per 1M tokens" else d["name"]
    return f"{label} {_number(d['before'], unit)} -> {_number(d['after'], unit)}{suffix}{_pct(d['percent'])}".replace(
        "_", " "
    )


def envelope(
    type_: str,
    feed: str,
    entity: str,
    day: str,
    summary: str,
    *,
    old: Any = None,
    new: Any = None,
    detail: dict[str, Any] | None = None,
    dimensions: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    """The event as JSON-ready dict, in the field order of ChangeEvent."""
    return {
        "id": event_id(feed, entity, type_, day),
        "type": type_,
        "feed": feed,
        "entity": entity,
        "page": entity_page(feed, entity),
        "date": day,
        "title": f"{entity}: {TITLES[type_]}",
        "summary": summary,
        "old": old,
        "new": new,
        "detail": detail,
        "dimensions": list(dimensions),
    }


TITLES = {
    "new_entity": "new",
    "version_bump": "new version",
    "price_change": "price change",
    "momentum_jump": "momentum jump",
    "momentum_above": "momentum above threshold",
    "trending_enter": "back in trending",
    "trending_exit": "left trending",
}


METRIC_PHRASES = {
    "price_input_per_1m": "input price {} per 1M tokens",
    "min_price": "lowest price {}",
}
"""How a new entity's main metric reads (build/feedspec.py); otherwise `<value> <metric>` (`20 stars`)."""


def new_entity(
    feed: str, entity: str, day: str, metric: str, value: Any, *, versioned: bool, version: str | None
) -> dict[str, Any]:
    unit = "USD" if "price" in metric else None
    what = f"first seen in {FEEDS[feed].title}"
    if value is not None:
        phrase = METRIC_PHRASES.get(metric, "{} " + metric.replace("_", " "))
        what += " with " + phrase.format(_number(value, unit))
    if version is not None:
        what += f", version {version}"
    detail = {"version": version} if versioned else None
    return envelope("new_entity", feed, entity, day, what, new=value, detail=detail)


def version_bump(feed: str, entity: str, day: str, old: str, new: str) -> dict[str, Any]:
    d = dimension("version", old, new)
    return envelope("version_bump", feed, entity, day, f"version {old} -> {new}", old=old, new=new, dimensions=[d])


def llm_price_change(
    feed: str, entity: str, day: str, old: dict[str, Any], new: dict[str, Any], moved: Sequence[str], direction: str
) -> dict[str, Any]:
    dims = [dimension(name, old[name], new[name], "USD per 1M tokens") for name in moved]
    return envelope(
        "price_change",
        feed,
        entity,
        day,
        "; ".join(dimension_text(d) for d in dims),
        old=old,
        new=new,
        detail={"direction": direction},
        dimensions=dims,
    )


def _plan_dimension(change: dict[str, Any]) -> dict[str, Any]:
    name = f"{change.get('plan')} {change.get('dimension', 'price')}"
    return dimension(name, change.get("old"), change.get("new"), change.get("currency") or "USD")


def page_price_change(
    feed: str, entity: str, day: str, old: Any, new: Any, changes: list[dict[str, Any]]
) -> dict[str, Any]:
    dims = []
    if old is not None or new is not None:
        dims.append(dimension("min_price", old, new, "USD"))
    dims += [_plan_dimension(c) for c in changes]
    parts = []
    for c in changes:
        plan = f"{c.get('plan')} {c.get('dimension', 'price')}"
        unit = c.get("currency") or "USD"
        if c.get("change") == "added":
            parts.append(f"{plan} added at {_number(c.get('new'), unit)}")
        elif c.get("change") == "removed":
            parts.append(f"{plan} removed (was {_number(c.get('old'), unit)})")
        else:
            parts.append(dimension_text(_plan_dimension(c)))
    summary = "; ".join(parts) or (dimension_text(dims[0]) if dims else "the page reported changed plans")
    return envelope(
        "price_change", feed, entity, day, summary, old=old, new=new, detail={"changes": changes}, dimensions=dims
    )


def momentum_change(
    type_: str, feed: str, entity: str, day: str, before: float, after: float, threshold: float, previous_day: str
) -> dict[str, Any]:
    d = dimension("score", before, after, "points")
    d["change"] = round(after - before, 1)
    moved = f"momentum {_number(before, None)} -> {_number(after, None)} ({d['change']:+g} points"
    moved += f", at least {threshold:g})" if type_ == "momentum_jump" else f", crossed {threshold:g})"
    return envelope(
        type_,
        feed,
        entity,
        day,
        moved,
        old=before,
        new=after,
        detail={"threshold": threshold, "previousDate": previous_day},
        dimensions=[d],
    )


def trending_change(
    type_: str,
    feed: str,
    entity: str,
    day: str,
    size: int,
    rank: int | None,
    previous_rank: int | None,
    previous_day: str | None,
) -> dict[str, Any]:
    if type_ == "trending_enter":
        summary = f"back in the trending top {size}" + (f" at rank {rank}" if rank is not None else "")
        old, new = None, rank
    else:
        summary = f"dropped out of the trending top {size}"
        summary += f" (rank {previous_rank} on {previous_day})" if previous_rank is not None else ""
        old, new = previous_rank, None
    return envelope(
        type_,
        feed,
        entity,
        day,
        summary,
        old=old,
        new=new,
        detail={"size": size, "rank": rank, "previousRank": previous_rank, "previousDate": previous_day},
        dimensions=[dimension("rank", previous_rank, rank)],
    )


def from_legacy(type_: str, feed: str, entity: str, day: str, event: dict[str, Any]) -> dict[str, Any]:
    """The envelope of an event stored before the envelope existed (a watch notification's `event`: a bare
    change event, or a momentum move `{old, new, change, threshold, previousDate}`), rebuilt from the facts it
    kept, so a stored notification reads like a new one. An envelope (it has an `id`) is returned as it is."""
    if "id" in event:
        return event
    old: Any = event.get("old")
    new: Any = event.get("new")
    detail: dict[str, Any] = event.get("detail") or {}
    entity = str(event.get("entity") or entity)
    if "threshold" in event:
        previous = str(event.get("previousDate") or day)
        return momentum_change(type_, feed, entity, day, float(old), float(new), float(event["threshold"]), previous)
    if type_ == "version_bump":
        return version_bump(feed, entity, day, str(old), str(new))
    if type_ == "price_change" and isinstance(old, dict) and isinstance(new, dict):
        moved = [name for name in ("input", "output") if old.get(name) != new.get(name)]
        return llm_price_change(feed, entity, day, old, new, moved, str(detail.get("direction") or "mixed"))
    if type_ == "price_change":
        return page_price_change(feed, entity, day, old, new, list(detail.get("changes") or []))
    return envelope(type_, feed, entity, day, f"first seen in {FEEDS[feed].title}", new=new, detail=detail or None)
