"""Plans and their limits (SPEC §8), from settings so tests and operators can change them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from feeds.settings import Settings

PlanName = Literal["starter", "pro", "licence"]
PLAN_NAMES: tuple[PlanName, ...] = ("starter", "pro", "licence")


@dataclass(frozen=True)
class Plan:
    name: PlanName
    monthly_requests: int
    daily_history: int
    """History + trends calls per UTC day."""
    watches: int
    history_days: int | None
    """How far back history and trends reach; None = the whole archive."""
    export: bool = False
    """Bulk access: `/api/v1/export` (the data licence, SPEC §8 "a separate data licence")."""


def plans(settings: Settings) -> dict[str, Plan]:
    return {
        "starter": Plan(
            "starter",
            settings.feeds_starter_monthly,
            settings.feeds_starter_daily_history,
            settings.feeds_starter_watches,
            30,
        ),
        "pro": Plan(
            "pro", settings.feeds_pro_monthly, settings.feeds_pro_daily_history, settings.feeds_pro_watches, None
        ),
        # Pro's limits (each its own setting, Pro's values by default) plus the export endpoints.
        "licence": Plan(
            "licence",
            settings.feeds_licence_monthly,
            settings.feeds_licence_daily_history,
            settings.feeds_licence_watches,
            None,
            export=True,
        ),
    }
