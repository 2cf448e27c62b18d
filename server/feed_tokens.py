"""Secret addresses of the accounts' notification Atom feeds.

A feed reader cannot send an `Authorization` header, so an account's watch notifications are read at
`/api/v1/watches/events.atom?token=...`: the token is the credential. One token per account, created
or rotated (the old one stops working at once) and revoked through the keyed API
(server/atom_routes.py); only its SHA-256 is stored, as for API keys, so a copy of the state store opens
no feed. The table lives in the state store next to the watches (collectors/schema.py, migration 3).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import UTC, datetime
from pathlib import Path

from collectors.db import Database
from collectors.state_db import connect

TOKEN_PREFIX = "fft_"
TOKEN_RE = re.compile(r"fft_[A-Za-z0-9_-]{43}")
"""A well-formed token (32 random bytes, base64url): anything else is refused before hashing or a lookup."""


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class FeedTokenStore:
    def __init__(self, source: Database | Path | str) -> None:
        self.db = connect(source)

    def close(self) -> None:
        self.db.close()

    def create(self, account: str) -> tuple[str, str]:
        """(token, created at): a new token for the account; its previous one, if any, stops working."""
        token, now = TOKEN_PREFIX + secrets.token_urlsafe(32), _now()
        self.db.execute(
            "INSERT INTO feed_tokens VALUES (?, ?, ?) ON CONFLICT (account) DO UPDATE"
            " SET token_hash = excluded.token_hash, created_at = excluded.created_at",
            (account, _hash(token), now),
        )
        return token, now

    def revoke(self, account: str) -> bool:
        """True when the account had a token (now gone)."""
        return self.db.execute("DELETE FROM feed_tokens WHERE account = ?", (account,)).rowcount > 0

    def created_at(self, account: str) -> str | None:
        row = self.db.execute("SELECT created_at FROM feed_tokens WHERE account = ?", (account,)).fetchone()
        return str(row[0]) if row else None

    def account_of(self, token: str) -> str | None:
        """The account a token opens, or None (malformed, unknown, rotated away or revoked)."""
        if not TOKEN_RE.fullmatch(token):
            return None
        row = self.db.execute("SELECT account FROM feed_tokens WHERE token_hash = ?", (_hash(token),)).fetchone()
        return str(row[0]) if row else None
