"""Maintainer claims (SPEC §1): the submission rules and the claim store in the state store.

Nobody is trusted on their word: a claim is verified by a mailed link or a token file in the
repository, then reviewed; tokens are stored only as hashes, so the database never holds a usable
link. Daily abuse limits are counted inside one write transaction, so they are exact across server
workers, and expiry is computed when read, so it needs no sweeper. See docs/claims.md.
"""

from __future__ import annotations

import builtins
import hashlib
import re
import secrets
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson

from collectors.db import Database
from collectors.models import FEEDS
from collectors.state_db import connect

CLAIM_FILE = ".ai-feeds-claim"
"""The token file at the root of a repository that proves a claim (one proof token per line)."""

STATUSES = ("pending", "verified", "approved", "rejected")
LIST_STATUSES = (*STATUSES, "expired", "all")
PRICING_FEEDS = frozenset(name for name, info in FEEDS.items() if info.claim_pricing)
"""Only pricing pages and LLMs take maintainer pricing; elsewhere `pricing` is a 400."""
PROOF_FEEDS = frozenset(name for name, info in FEEDS.items() if info.claim_proof)

EMAIL_MAX = 254
TEXT_MAX = 2000
PAIRS_MAX = 20
PLAN_MAX = 100
PRICE_MAX = 100
FIELD_MAX = 64
VALUE_MAX = 500
TOKEN_MAX = 128
REASON_MAX = 500
LIMITS = {
    "email": f"at most {EMAIL_MAX} characters",
    "description": f"at most {TEXT_MAX} characters",
    "pricing.text": f"at most {TEXT_MAX} characters",
    "pricing.plans": f"at most {PAIRS_MAX} plan/price pairs, plan {PLAN_MAX} and price {PRICE_MAX} characters",
    "corrections.text": f"at most {TEXT_MAX} characters",
    "corrections.fields": f"at most {PAIRS_MAX} field/value pairs, field {FIELD_MAX} and value {VALUE_MAX} characters",
}
"""Size limits, for the API document and the form page."""

_LOCAL = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
EMAIL = re.compile(rf"^(?P<local>{_LOCAL})@(?P<domain>{_LABEL}(?:\.{_LABEL})+)$")
"""A plain address (no display name, no comments, no quoted local part): all a verification mail needs."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_TEXT_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_GITHUB_REPO = re.compile(r"^https?://github\.com/([A-Za-z0-9-]{1,39})/([A-Za-z0-9._-]{1,100}?)(?:\.git)?/?$")


def _ts(when: datetime) -> str:
    return when.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _now(now: datetime | None) -> datetime:
    return (now or datetime.now(UTC)).astimezone(UTC)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def proof_token(token: str) -> str:
    """The repository proof token of a claim, derived from its link token (so neither is stored)."""
    return "afc_" + hashlib.sha256(b"ai-feeds claim proof\x00" + token.encode()).hexdigest()[:32]


def github_repo(feed: str, entity_key: str, row: Mapping[str, Any] | None) -> str | None:
    """`owner/name` of the GitHub repository that can prove a claim, or None (other feeds, other hosts)."""
    if feed == "codehost-ai-repos":
        return entity_key
    if feed == "mcp-servers" and row:
        match = _GITHUB_REPO.match(str(row.get("repository") or ""))
        if match:
            return f"{match[1]}/{match[2]}"
    return None


# -- submission rules ---------------------------------------------------------------------------------


class ClaimInvalid(ValueError):
    """A field of a submission breaks a rule; `field` names it (the API's `parameter`)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Submission:
    entity: str
    email: str
    description: str | None
    pricing: dict[str, Any] | None
    corrections: dict[str, Any] | None

    def content(self) -> dict[str, Any]:
        return {"description": self.description, "pricing": self.pricing, "corrections": self.corrections}


def valid_email(value: Any) -> str:
    """The address, lowercased; refuses CR/LF or any control character anywhere, display names, lists."""
    if not isinstance(value, str) or not value.strip():
        raise ClaimInvalid("email", "`email` is required: the address the verification link is sent to")
    if _CONTROL.search(value):
        raise ClaimInvalid("email", "`email` must not contain line breaks or control characters")
    address = value.strip()
    if len(address) > EMAIL_MAX:
        raise ClaimInvalid("email", f"`email` is over {EMAIL_MAX} characters")
    match = EMAIL.match(address)
    if not match or len(match["local"]) > 64:
        raise ClaimInvalid("email", "`email` is not a valid address (expected name@example.com)")
    return address.lower()


def _text(value: Any, field: str, limit: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ClaimInvalid(field, f"`{field}` must be a string")
    text = value.replace("\r\n", "\n").strip()
    if _TEXT_CONTROL.search(text):
        raise ClaimInvalid(field, f"`{field}` must not contain control characters")
    if len(text) > limit:
        raise ClaimInvalid(field, f"`{field}` is over {limit:,} characters ({len(text):,})")
    return text or None


def _line(value: Any, field: str, limit: int) -> str:
    if not isinstance(value, str):
        raise ClaimInvalid(field, f"`{field}` must be a string")
    text = value.strip()
    if _CONTROL.search(text):
        raise ClaimInvalid(field, f"`{field}` must be one line without control characters")
    if len(text) > limit:
        raise ClaimInvalid(field, f"`{field}` is over {limit} characters")
    return text


def _pairs(value: Any, field: str, names: tuple[str, str], limits: tuple[int, int]) -> list[dict[str, str]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ClaimInvalid(field, f"`{field}` must be a list of {{{names[0]}, {names[1]}}} objects")
    pairs = []
    for item in value:
        if not isinstance(item, dict) or set(item) - set(names):
            raise ClaimInvalid(field, f"`{field}` items are objects with `{names[0]}` and `{names[1]}` only")
        first = _line(item.get(names[0], ""), f"{field}.{names[0]}", limits[0])
        second = _line(item.get(names[1], ""), f"{field}.{names[1]}", limits[1])
        if not first and not second:
            continue  # an empty row of the form
        if not first or not second:
            raise ClaimInvalid(field, f"each of `{field}` needs both `{names[0]}` and `{names[1]}`")
        pairs.append({names[0]: first, names[1]: second})
    if len(pairs) > PAIRS_MAX:
        raise ClaimInvalid(field, f"`{field}` has {len(pairs)} pairs, more than {PAIRS_MAX}")
    return pairs


def _section(
    value: Any, field: str, list_name: str, names: tuple[str, str], limits: tuple[int, int]
) -> dict[str, Any] | None:
    if value is None:
        return None
    if isinstance(value, str):  # free text alone
        value = {"text": value}
    if not isinstance(value, dict):
        raise ClaimInvalid(field, f"`{field}` must be an object {{text, {list_name}}} or a string")
    unknown = set(value) - {"text", list_name}
    if unknown:
        names_ = ", ".join(sorted(unknown))
        raise ClaimInvalid(f"{field}.{sorted(unknown)[0]}", f"unknown field(s) in `{field}`: {names_}")
    text = _text(value.get("text"), f"{field}.text", TEXT_MAX)
    pairs = _pairs(value.get(list_name), f"{field}.{list_name}", names, limits)
    if text is None and not pairs:
        return None
    return {"text": text, list_name: pairs}


SUBMISSION_FIELDS = frozenset({"entity", "email", "description", "pricing", "corrections"})


def parse_submission(body: Mapping[str, Any]) -> Submission:
    """Check a submission (a JSON object, or the form mapped to the same shape) against every rule."""
    unknown = set(body) - SUBMISSION_FIELDS
    if unknown:
        raise ClaimInvalid(sorted(unknown)[0], f"unknown field(s): {', '.join(sorted(unknown))}")
    entity = body.get("entity")
    if not isinstance(entity, str) or not entity.strip():
        raise ClaimInvalid("entity", "`entity` is required: the listing's page path, e.g. /repo/<owner>/<name>")
    if len(entity) > 2048 or _CONTROL.search(entity):
        raise ClaimInvalid("entity", "`entity` is not a page path")
    email = valid_email(body.get("email"))
    description = _text(body.get("description"), "description", TEXT_MAX)
    pricing = _section(body.get("pricing"), "pricing", "plans", ("plan", "price"), (PLAN_MAX, PRICE_MAX))
    corrections = _section(body.get("corrections"), "corrections", "fields", ("field", "value"), (FIELD_MAX, VALUE_MAX))
    if description is None and pricing is None and corrections is None:
        raise ClaimInvalid("description", "submit at least one of `description`, `pricing` or `corrections`")
    path = entity.strip()
    path = path.rstrip("/") or path
    return Submission(path, email, description, pricing, corrections)


def form_to_body(form: Mapping[str, list[str]]) -> dict[str, Any]:
    """The HTML form's fields (`plan`/`price` and `field`/`value` repeated per row) as a JSON body."""

    def one(name: str) -> str | None:
        values = form.get(name) or []
        return values[0] if values else None

    def rows(a: str, b: str) -> list[dict[str, str]]:
        left, right = form.get(a) or [], form.get(b) or []
        width = max(len(left), len(right))
        left, right = left + [""] * (width - len(left)), right + [""] * (width - len(right))
        return [{a: x, b: y} for x, y in zip(left, right, strict=True)]

    body: dict[str, Any] = {"entity": one("entity") or "", "email": one("email") or ""}
    if one("description"):
        body["description"] = one("description")
    pricing_text, plans = one("pricing_text"), rows("plan", "price")
    if pricing_text or any(r["plan"] or r["price"] for r in plans):
        body["pricing"] = {"text": pricing_text, "plans": plans}
    corrections_text, fields = one("corrections_text"), rows("field", "value")
    if corrections_text or any(r["field"] or r["value"] for r in fields):
        body["corrections"] = {"text": corrections_text, "fields": fields}
    return body


# -- the store ----------------------------------------------------------------------------------------


class ClaimLimit(Exception):
    """A daily limit is reached; `code` is the API error code, `retry_after` the seconds to UTC midnight."""

    def __init__(self, code: str, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.code = code
        self.retry_after = retry_after


class ClaimStateError(Exception):
    """A review action that the claim's status does not allow (approving a pending claim, ...)."""


@dataclass(frozen=True)
class Claim:
    id: str
    entity: str
    feed: str
    entity_key: str
    email: str
    submission: dict[str, Any]
    repo: str | None
    status: str
    created_at: str
    expires_at: str
    verified_at: str | None
    proved_at: str | None
    reviewed_at: str | None
    reason: str | None

    def shown_status(self, now: datetime | None = None) -> str:
        """`expired` for a pending claim past its link's expiry, else the stored status."""
        if self.status == "pending" and self.expires_at <= _ts(_now(now)):
            return "expired"
        return self.status

    def to_json(self, now: datetime | None = None) -> dict[str, Any]:
        return {
            "id": self.id,
            "entity": self.entity,
            "feed": self.feed,
            "key": self.entity_key,
            "email": self.email,
            "status": self.shown_status(now),
            "repo": self.repo,
            "createdAt": self.created_at,
            "expiresAt": self.expires_at,
            "verifiedAt": self.verified_at,
            "provedAt": self.proved_at,
            "reviewedAt": self.reviewed_at,
            "reason": self.reason,
            **self.submission,
        }


@dataclass(frozen=True)
class NewClaim:
    claim: Claim
    token: str
    """The link token, returned once to be mailed; only its hash is stored."""

    @property
    def proof(self) -> str:
        return proof_token(self.token)


_COLUMNS = (
    "id, entity, feed, entity_key, email, submission, repo, status, created_at, expires_at, verified_at, "
    "proved_at, reviewed_at, reason"
)


def _claim(row: tuple[Any, ...]) -> Claim:
    values = list(row)
    values[5] = orjson.loads(values[5])
    return Claim(*values)


def _seconds_to_midnight(now: datetime) -> int:
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), tzinfo=UTC)
    return max(1, int((midnight - now).total_seconds()))


class ClaimStore:
    """Claims in the state store (collectors/state_db.py), shared by every server worker, the CLI and the build."""

    def __init__(self, source: Database | Path | str) -> None:
        self.db = connect(source)

    def close(self) -> None:
        self.db.close()

    def create(
        self,
        submission: Submission,
        feed: str,
        entity_key: str,
        repo: str | None,
        *,
        ttl_hours: int,
        per_email: int,
        per_entity: int,
        now: datetime | None = None,
    ) -> NewClaim:
        """Store a pending claim and return its link token, or raise ClaimLimit, atomically across workers.

        The e-mail limit is checked first: the entity limit alone could tell a stranger that others claimed
        an entity, so it only answers once the caller's own address is within its limit."""
        when = _now(now)
        day = when.date().isoformat()
        token = secrets.token_urlsafe(32)
        claim = Claim(
            f"c_{secrets.token_hex(8)}",
            submission.entity,
            feed,
            entity_key,
            submission.email,
            submission.content(),
            repo,
            "pending",
            _ts(when),
            _ts(when + timedelta(hours=ttl_hours)),
            None,
            None,
            None,
            None,
        )
        with self.db.transaction(lock="claims") as tx:
            wait = _seconds_to_midnight(when)
            by_email = tx.execute("SELECT COUNT(*) FROM claims WHERE email = ? AND day = ?", (claim.email, day)).rows[
                0
            ][0]
            if by_email >= per_email:
                raise ClaimLimit(
                    "claims_per_email", f"this address has submitted {per_email} claims today, the daily limit", wait
                )
            by_entity = tx.execute(
                "SELECT COUNT(*) FROM claims WHERE entity = ? AND day = ?", (claim.entity, day)
            ).rows[0][0]
            if by_entity >= per_entity:
                raise ClaimLimit("claims_per_entity", "this listing has received its daily number of claims", wait)
            tx.execute(
                f"INSERT INTO claims ({_COLUMNS}, token_hash, proof_hash, day)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    claim.id,
                    claim.entity,
                    claim.feed,
                    claim.entity_key,
                    claim.email,
                    orjson.dumps(claim.submission).decode(),  # a TEXT column: text in both engines
                    claim.repo,
                    claim.status,
                    claim.created_at,
                    claim.expires_at,
                    None,
                    None,
                    None,
                    None,
                    token_hash(token),
                    token_hash(proof_token(token)),
                    day,
                ),
            )
        return NewClaim(claim, token)

    def forget(self, claim_id: str) -> None:
        """Drop a claim whose mail could not be sent, so it neither waits nor counts toward the limits."""
        self.db.execute("DELETE FROM claims WHERE id = ? AND status = 'pending'", (claim_id,))

    def check(self, token: str, now: datetime | None = None) -> tuple[str, Claim | None]:
        """What following the link would do, changing nothing: ('valid', claim) where `verify` would answer
        ('verified', claim), else the same ('used', None), ('expired', None) or ('invalid', None).

        Read only, for the GET of the link: mail scanners and link previews fetch it before its owner does."""
        if not token or len(token) > TOKEN_MAX:
            return "invalid", None
        row = self.db.execute(f"SELECT {_COLUMNS} FROM claims WHERE token_hash = ?", (token_hash(token),)).fetchone()
        if row is None:
            return "invalid", None
        claim = _claim(row)
        if claim.status != "pending":
            return "used", None
        if claim.expires_at <= _ts(_now(now)):
            return "expired", None
        return "valid", claim

    def verify(self, token: str, now: datetime | None = None) -> tuple[str, Claim | None]:
        """Confirm a link once: ('verified', claim), ('used', None), ('expired', None) or ('invalid', None).

        One conditional UPDATE, so two clicks racing on two workers verify exactly once."""
        if not token or len(token) > TOKEN_MAX:
            return "invalid", None
        digest = token_hash(token)
        stamp = _ts(_now(now))
        cur = self.db.execute(
            "UPDATE claims SET status = 'verified', verified_at = ?"
            " WHERE token_hash = ? AND status = 'pending' AND expires_at > ?",
            (stamp, digest, stamp),
        )
        row = self.db.execute(f"SELECT {_COLUMNS} FROM claims WHERE token_hash = ?", (digest,)).fetchone()
        if row is None:
            return "invalid", None
        claim = _claim(row)
        if cur.rowcount == 1:
            return "verified", claim
        if claim.status == "pending":
            return "expired", None
        return "used", None

    def get(self, claim_id: str) -> Claim | None:
        row = self.db.execute(f"SELECT {_COLUMNS} FROM claims WHERE id = ?", (claim_id,)).fetchone()
        return _claim(row) if row else None

    def list(self, status: str = "all", now: datetime | None = None) -> list[Claim]:
        """Claims with the given (shown) status, oldest first; `all` lists every claim."""
        claims = [_claim(r) for r in self.db.execute(f"SELECT {_COLUMNS} FROM claims ORDER BY created_at, id")]
        if status == "all":
            return claims
        return [c for c in claims if c.shown_status(now) == status]

    def _review(
        self, claim_id: str, status: str, allowed: tuple[str, ...], reason: str | None, now: datetime | None
    ) -> Claim:
        cur = self.db.execute(
            f"UPDATE claims SET status = ?, reviewed_at = ?, reason = ? WHERE id = ?"
            f" AND status IN ({','.join('?' for _ in allowed)})",
            (status, _ts(_now(now)), reason, claim_id, *allowed),
        )
        claim = self.get(claim_id)
        if claim is None:
            raise KeyError(claim_id)
        if cur.rowcount != 1:
            raise ClaimStateError(
                f"claim {claim_id} is {claim.shown_status(now)}; only {' or '.join(allowed)} claims can be {status}"
            )
        return claim

    def approve(self, claim_id: str, now: datetime | None = None) -> Claim:
        """Approve a verified claim: the next build shows its submission on the entity page."""
        return self._review(claim_id, "approved", ("verified",), None, now)

    def reject(self, claim_id: str, reason: str, now: datetime | None = None) -> Claim:
        """Reject a pending, verified or approved claim (an approved one leaves the next build)."""
        return self._review(claim_id, "rejected", ("pending", "verified", "approved"), reason, now)

    # -- repository proofs (nightly) --

    def to_prove(self, now: datetime | None = None, days: int = 30) -> builtins.list[Claim]:
        """Claims a token file could still prove: a repository, not proved yet, live, at most `days` old."""
        stamp = _now(now)
        cur = self.db.execute(
            f"SELECT {_COLUMNS} FROM claims WHERE repo IS NOT NULL AND proved_at IS NULL AND created_at >= ?"
            " AND (status IN ('verified', 'approved') OR (status = 'pending' AND expires_at > ?))"
            " ORDER BY created_at, id",
            (_ts(stamp - timedelta(days=days)), _ts(stamp)),
        )
        return [_claim(r) for r in cur]

    def proof_matches(self, claim_id: str, candidates: builtins.list[str]) -> bool:
        row = self.db.execute("SELECT proof_hash FROM claims WHERE id = ?", (claim_id,)).fetchone()
        return row is not None and any(secrets.compare_digest(token_hash(c), row[0]) for c in candidates)

    def mark_proved(self, claim_id: str, now: datetime | None = None) -> None:
        """The token file was found: the claim is proved and, if still pending, verified by it."""
        stamp = _ts(_now(now))
        self.db.execute(
            "UPDATE claims SET proved_at = ?, verified_at = COALESCE(verified_at, ?),"
            " status = CASE status WHEN 'pending' THEN 'verified' ELSE status END WHERE id = ?",
            (stamp, stamp, claim_id),
        )


def approved_by_entity(db: Database) -> dict[str, Claim]:
    """The latest approved claim per entity page path (a later approval supersedes an earlier one).

    For the build, which opens the state store read-only: it must never create or change its tables,
    so a store without a claims table (nothing claimed yet) reads as no claims."""
    try:
        rows = db.execute(f"SELECT {_COLUMNS} FROM claims WHERE status = 'approved' ORDER BY reviewed_at, id").rows
    except sqlite3.OperationalError:  # a SQLite store without the claims table
        return {}
    return {claim.entity: claim for claim in map(_claim, rows)}
