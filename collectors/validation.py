"""Validating upstream payloads, and the tally of what validation saw, for drift detection.

An envelope that does not validate fails the source at once. Items are validated one by one: one
odd item is skipped with a warning and the rest are kept, but every item seen and skipped is
counted in the collection's `Tally`, so the runner can tell one odd item from an upstream whose
format changed under us (most items skipped) and fail the source loudly instead of archiving a
near-empty day. Top-level item fields that neither the model nor its documented upstream schema
names are counted too: a cheap early warning that the upstream added something.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from collectors.http import InvalidResponse

M = TypeVar("M", bound=BaseModel)

FIRST_ERRORS = 5
"""Validation errors kept verbatim for the run log; the rest are only counted."""


@dataclass
class Tally:
    """Items seen and skipped by one collection, the first errors, and unknown upstream fields."""

    warn: Callable[[str], None] = field(default=lambda message: None)
    seen: int = 0
    skipped: int = 0
    errors: list[str] = field(default_factory=list)
    unknown: Counter[str] = field(default_factory=Counter)

    def skip(self, message: str) -> None:
        """One item that could not be used: counted, warned about, and kept for the log if among the first."""
        self.skipped += 1
        if len(self.errors) < FIRST_ERRORS:
            self.errors.append(message)
        self.warn(message)

    @property
    def skipped_share(self) -> float:
        return self.skipped / self.seen if self.seen else 0.0

    def new_fields(self) -> str | None:
        """`name(count), ...` of unknown upstream fields, most frequent first; None when there are none."""
        if not self.unknown:
            return None
        return ", ".join(f"{name}({count})" for name, count in self.unknown.most_common(10))


class Drift(InvalidResponse):
    """The upstream's items stopped fitting what we read: too many skipped, or far fewer rows than before."""

    public = "upstream format drift"


def check_drift(tally: Tally, rows: int, last_rows: int, max_skipped: float, min_rows: float) -> None:
    """Fail the collection (raise `Drift`) when it looks like a format change rather than a bad item.

    `last_rows` is the row count of the feed's last archived day (0 on the first day: nothing to
    compare). A collection with no rows at all always fails: an empty day is never archived as ok.
    """
    first = f"; first errors: {' | '.join(tally.errors)}" if tally.errors else ""
    counts = f"{tally.skipped} of {tally.seen} items skipped"
    if tally.skipped and tally.skipped_share > max_skipped:
        raise Drift(f"{counts} ({tally.skipped_share:.0%}), more than the {max_skipped:.0%} allowed{first}")
    if rows == 0:
        raise Drift(f"no rows ({counts}){first}")
    if last_rows and rows < min_rows * last_rows:
        raise Drift(f"{rows} rows, fewer than {min_rows:.0%} of the last archived day's {last_rows} ({counts}){first}")


def validate(model: type[M], data: Any, what: str) -> M:
    """Validate a whole payload (an envelope): any error fails the source."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise InvalidResponse(f"{what}: {exc.error_count()} schema errors: {exc.errors()[0]}") from exc


def _item_key(item: Any) -> Any:
    """Something to name a skipped item by in the warning (registry items nest it under `server`)."""
    if not isinstance(item, dict):
        return None
    server = item.get("server")
    nested = server if isinstance(server, dict) else {}
    return item.get("id") or item.get("name") or item.get("objectID") or nested.get("name")


def known_fields(model: type[BaseModel]) -> frozenset[str] | None:
    """Field names the upstream is known to send for `model`: its own fields, their aliases, and the
    documented ones it does not read (`UPSTREAM_FIELDS`); None when the model does not say."""
    documented = getattr(model, "UPSTREAM_FIELDS", None)
    if documented is None:
        return None
    names = set(documented)
    for name, info in model.model_fields.items():
        names.add(name)
        if isinstance(info.alias, str):
            names.add(info.alias)
    return frozenset(names)


def validate_items(model: type[M], items: Any, what: str, tally: Tally) -> list[M]:
    """Validate items one by one: a bad item is skipped and counted, the rest are kept."""
    if not isinstance(items, list):
        raise InvalidResponse(f"{what}: expected a list, got {type(items).__name__}")
    known = known_fields(model)
    good: list[M] = []
    for index, item in enumerate(items):
        tally.seen += 1
        if known is not None and isinstance(item, dict):
            tally.unknown.update(key for key in item if key not in known)
        try:
            good.append(model.model_validate(item))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(map(str, first["loc"]))
            tally.skip(f"{what}: skipped item {index} ({_item_key(item)}): {where}: {first['msg']}")
    return good
