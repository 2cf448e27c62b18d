"""API keys: random, shown once, stored only as a hash; created, listed, revoked and rotated.

A key is `fk_<prefix>_<secret>` with a 256-bit random secret, so a fast SHA-256 is as safe as a slow
password hash and keeps authentication off the request's critical path. Quotas are counted per
account (the first key of a rotation chain), so rotating a key is no free refill. Lookups are cached
for `cache_ttl` seconds, so a revocation reaches other workers within that time. See docs/keys.md.
"""

from __future__ import annotations

import builtins
import hashlib
import hmac
import re
import secrets
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from collectors.db import Database, Session
from collectors.state_db import connect
from server.plans import PLAN_NAMES

KEY_RE = re.compile(r"fk_([0-9a-f]{8})_[A-Za-z0-9_-]{32,128}")
"""A well-formed key; the upper bound keeps garbage from costing a long hash."""
PREFIX_RE = re.compile(r"(?:fk_)?([0-9a-f]{8})")
CACHE_MAX = 10_000
"""Cached prefixes (known and unknown) before the cache is dropped: random probes cannot grow it."""

# The recursive walk up `rotated_from` to the first key of the chain: that key's prefix is the account.
_ACCOUNT_SQL = """
WITH RECURSIVE chain(prefix, rotated_from) AS (
    SELECT prefix, rotated_from FROM api_keys WHERE prefix = ?
    UNION ALL
    SELECT k.prefix, k.rotated_from FROM api_keys k JOIN chain c ON k.prefix = c.rotated_from
)
SELECT prefix FROM chain WHERE rotated_from IS NULL
"""
_COLUMNS = "prefix, hash, name, plan, created_at, revoked_at, rotated_from"


@dataclass(frozen=True)
class ApiKey:
    prefix: str
    name: str | None
    plan: str
    created_at: str
    revoked: bool
    account: str
    """Prefix of the first key of this key's rotation chain: quotas are counted per account."""


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def new_secret() -> tuple[str, str]:
    """A fresh (prefix, whole key)."""
    prefix = secrets.token_hex(4)
    return prefix, f"fk_{prefix}_{secrets.token_urlsafe(32)}"


class KeyStore:
    """The API keys in the state store (collectors/state_db.py), shared by every server worker and the CLI."""

    def __init__(self, source: Database | Path | str, cache_ttl: float = 5.0) -> None:
        self.cache_ttl = cache_ttl
        self._lock = threading.Lock()
        self._cache: dict[str, tuple[float, str | None, ApiKey | None]] = {}
        self._verified: dict[str, tuple[float, ApiKey]] = {}
        """Whole keys already matched against their hash, until their prefix entry expires: a
        repeat request skips the regex and the SHA-256 (only valid keys ever enter)."""
        self._revoked: set[str] = set()
        """Prefixes announced as revoked: refused even if the keys table this process reads lags."""
        self.db = connect(source)

    def close(self) -> None:
        with self._lock:
            self.db.close()

    # -- the hot path -------------------------------------------------------------------------

    def authenticate(self, secret: str) -> ApiKey | None:
        """The key `secret` names, or None if it is malformed, unknown or revoked.

        Hashes are compared in constant time, so response timing tells nothing about how much of
        a guessed key matched.
        """
        now = time.monotonic()
        verified = self._verified.get(secret)
        if verified is not None and verified[0] > now:
            return verified[1]  # this exact key was checked against its hash within the TTL
        match = KEY_RE.fullmatch(secret) if isinstance(secret, str) else None
        if match is None:
            return None
        prefix = match.group(1)
        entry = self._cache.get(prefix)
        if entry is None or entry[0] <= now:
            entry = self._load(prefix)
        expires, stored, key = entry
        if stored is None or key is None or key.revoked or prefix in self._revoked:
            return None
        if not hmac.compare_digest(hash_key(secret), stored):
            return None
        if len(self._verified) >= CACHE_MAX:
            self._verified.clear()
        self._verified[secret] = (expires, key)
        return key

    def _load(self, prefix: str) -> tuple[float, str | None, ApiKey | None]:
        with self._lock:
            row = self.db.execute(f"SELECT {_COLUMNS} FROM api_keys WHERE prefix = ?", (prefix,)).fetchone()
            key = self._key(row) if row else None
        entry = (time.monotonic() + self.cache_ttl, row[1] if row else None, key)
        if len(self._cache) >= CACHE_MAX:
            self._cache.clear()
        self._cache[prefix] = entry
        return entry

    def forget(self, prefix: str) -> None:
        """A revocation notice for `prefix` (server/revocations.py): refuse it from now on, whatever the
        cache held. Called from the notice listener's thread; each step is one atomic dict/set operation."""
        self._revoked.add(prefix)
        self._cache.pop(prefix, None)
        self._verified.clear()

    # -- administration -----------------------------------------------------------------------

    def create(self, plan: str, name: str | None = None) -> tuple[ApiKey, str]:
        """A new key on `plan`; returns it and the whole key, which is never stored or shown again."""
        with self._lock:
            return self._insert(plan, name, None)

    def list(self) -> builtins.list[ApiKey]:
        """Every key, revoked ones included, oldest first."""
        with self._lock:
            rows = self.db.execute(f"SELECT {_COLUMNS} FROM api_keys ORDER BY created_at, prefix").fetchall()
            parents = {row[0]: row[6] for row in rows}
            keys = []
            for row in rows:
                account = row[0]
                for _ in range(len(parents)):  # bounded walk: a corrupt cycle cannot hang the listing
                    if parents.get(account) is None:
                        break
                    account = parents[account]
                keys.append(self._key(row, account))
            return keys

    def get(self, key_or_prefix: str) -> ApiKey:
        with self._lock:
            return self._key(self._find(key_or_prefix))

    def revoke(self, key_or_prefix: str) -> ApiKey:
        """Revoke a key (idempotent: revoking a revoked key keeps its first revocation time)."""
        with self._lock:
            row = self._find(key_or_prefix)
            self.db.execute(
                "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE prefix = ?", (_now(), row[0])
            )
            self._cache.pop(row[0], None)
            self._verified.clear()
            return self._key(self._find(row[0]))

    def rotate(self, key_or_prefix: str) -> tuple[ApiKey, str]:
        """Replace a key by a new one on the same plan, name and account; the old one is revoked.

        A revoked key cannot be rotated: that would bring a key someone chose to kill back to life.
        """
        with self._lock:
            old = self._find(key_or_prefix)
            if old[5] is not None:
                raise ValueError(f"key {old[0]} is revoked; create a new key instead")
            with self.db.transaction() as tx:
                tx.execute("UPDATE api_keys SET revoked_at = ? WHERE prefix = ?", (_now(), old[0]))
                created = self._insert(old[3], old[2], old[0], tx)
            self._cache.pop(old[0], None)
            self._verified.clear()
            return created

    # -- helpers (called with the lock held) --------------------------------------------------

    def _insert(
        self, plan: str, name: str | None, rotated_from: str | None, session: Session | None = None
    ) -> tuple[ApiKey, str]:
        if plan not in PLAN_NAMES:
            raise ValueError(f"unknown plan {plan!r}; expected one of {', '.join(PLAN_NAMES)}")
        db = session or self.db
        for _ in range(10):  # 32-bit prefixes can collide once there are many keys: draw again
            prefix, secret = new_secret()
            # DO NOTHING rather than catching the conflict: in PostgreSQL an error would abort the
            # enclosing transaction (a rotation), not just this statement.
            inserted = db.execute(
                f"INSERT INTO api_keys ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, NULL, ?) ON CONFLICT DO NOTHING",
                (prefix, hash_key(secret), name, plan, _now(), rotated_from),
            ).rowcount
            if not inserted:
                continue
            self._cache.pop(prefix, None)
            self._verified.clear()
            return self._key(self._find(prefix, db), None, db), secret
        raise RuntimeError("could not draw an unused key prefix")

    def _find(self, key_or_prefix: str, session: Session | None = None) -> tuple[Any, ...]:
        """The row of a whole key (its hash must match) or of a prefix (`abcd1234` or `fk_abcd1234`)."""
        text = key_or_prefix.strip()
        whole = KEY_RE.fullmatch(text)
        short = PREFIX_RE.fullmatch(text.lower())
        prefix = whole.group(1) if whole else short.group(1) if short else None
        if prefix is None:
            raise KeyError(f"{key_or_prefix!r} is neither an API key nor a key prefix (8 hex digits)")
        row = (session or self.db).execute(f"SELECT {_COLUMNS} FROM api_keys WHERE prefix = ?", (prefix,)).fetchone()
        if row is None or (whole and not hmac.compare_digest(hash_key(text), row[1])):
            raise KeyError(f"no API key with prefix {prefix}")
        return row

    def _key(self, row: tuple[Any, ...], account: str | None = None, session: Session | None = None) -> ApiKey:
        if account is None:
            found = (session or self.db).execute(_ACCOUNT_SQL, (row[0],)).fetchone()
            account = found[0] if found else row[0]
        return ApiKey(
            prefix=row[0], name=row[2], plan=row[3], created_at=row[4], revoked=row[5] is not None, account=account
        )
