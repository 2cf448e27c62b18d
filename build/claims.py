"""Approved maintainer submissions, as the build applies them, and the claim form's page context.

The build reads the approved claims from the state store once (read-only) and attaches each to its
entity: the entity card JSON gets a `maintainer` object and the entity page a block marked
"maintainer-provided" with the approval date. Nothing else of the row changes: the upstream data stays
what the upstream said, and readers can tell the two apart. Entities without an approved claim get no
`maintainer` key at all, so their files are byte-identical to a build without claims.
"""

from __future__ import annotations

from typing import Any

from collectors.claims import CLAIM_FILE, LIMITS, PRICING_FEEDS, PROOF_FEEDS, Claim, approved_by_entity
from collectors.state_db import state_database
from feeds.settings import Settings

FORM_PAIR_ROWS = 5
"""Empty plan/price and field/value rows on the form (the API takes up to 20 of each)."""


def maintainer_of(claim: Claim) -> dict[str, Any]:
    """The `maintainer` object of an entity card (and the entity page's block)."""
    submission = claim.submission
    return {
        "description": submission.get("description"),
        "pricing": submission.get("pricing"),
        "corrections": submission.get("corrections"),
        "approvedAt": (claim.reviewed_at or claim.created_at)[:10],
        "submittedAt": claim.created_at[:10],
        "repositoryProof": claim.proved_at is not None,
    }


def load_maintainers(settings: Settings) -> dict[str, dict[str, Any]]:
    """Page path -> `maintainer` object of every entity with an approved claim."""
    db = state_database(settings, readonly=True)
    try:
        return {path: maintainer_of(claim) for path, claim in approved_by_entity(db).items()}
    finally:
        db.close()


def claim_form_context(
    entity: str = "",
    label: str | None = None,
    feed: str | None = None,
    *,
    values: dict[str, Any] | None = None,
    error: str | None = None,
    error_field: str | None = None,
    state: str = "form",
    email: str | None = None,
) -> dict[str, Any]:
    """What templates/claim.html needs beyond the common page context; the build's static /claim page uses
    the defaults, the server fills in the entity (and on a refused submission, the values and the error)."""
    values = values or {}
    pricing = values.get("pricing") or {}
    corrections = values.get("corrections") or {}
    plans = list(pricing.get("plans") or [])
    fields = list(corrections.get("fields") or [])
    plans += [{"plan": "", "price": ""}] * max(0, FORM_PAIR_ROWS - len(plans))
    fields += [{"field": "", "value": ""}] * max(0, FORM_PAIR_ROWS - len(fields))
    return {
        "claim_entity": entity,
        "claim_label": label,
        "claim_feed": feed,
        "pricing_allowed": feed is None or feed in PRICING_FEEDS,
        "repo_proof": feed in PROOF_FEEDS,
        "form": {
            "email": values.get("email") or "",
            "description": values.get("description") or "",
            "pricing_text": pricing.get("text") or "",
            "plans": plans,
            "corrections_text": corrections.get("text") or "",
            "fields": fields,
        },
        "limits": LIMITS,
        "claim_file": CLAIM_FILE,
        "error": error,
        "error_field": error_field,
        "state": state,
        "sent_to": email,
    }
