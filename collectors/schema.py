"""The state store's schema, versioned: every table of every store, per engine, and how to upgrade.

A migration is applied once, in order, inside one transaction with its row in `schema_migrations`,
so `feeds db migrate` is safe to run twice or from two machines at once (PostgreSQL: an advisory
lock serialises them). SQLite stores run the same migrations when a store opens its file (an
embedded file has one host and no rolling deploys, and `make run` needs no setup step);
PostgreSQL is only ever migrated by `feeds db migrate`: a server refuses to start on an older schema.

A new table or column is a new migration at the end of MIGRATIONS, with a statement per engine;
a released migration is never edited. The statements of the stores themselves (DML) are portable
and live in each store's module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from collectors.db import Database, SchemaNotReady, Session

ADVISORY_LOCK = 7_301_946_218
"""pg_advisory_xact_lock key of `feeds db migrate`: concurrent runs wait for each other."""

Step = tuple[str, ...] | Callable[[Session], None]
"""A migration for one engine: statements, or a function for what SQL alone cannot say portably."""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sqlite: Step
    postgres: Step


_SQLITE_V1 = (
    """CREATE TABLE IF NOT EXISTS tracked (
    feed       TEXT NOT NULL,
    entity     TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('queued', 'tracked', 'not_found')),
    added_at   TEXT NOT NULL,
    checked_at TEXT,
    PRIMARY KEY (feed, entity)
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS demand (
    day    TEXT NOT NULL,
    feed   TEXT NOT NULL,
    entity TEXT NOT NULL,
    count  INTEGER NOT NULL,
    PRIMARY KEY (day, feed, entity)
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS api_keys (
    prefix       TEXT PRIMARY KEY,
    hash         TEXT NOT NULL,
    name         TEXT,
    plan         TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT,
    rotated_from TEXT REFERENCES api_keys (prefix)
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS watches (
    id         TEXT PRIMARY KEY,
    account    TEXT NOT NULL,
    entity     TEXT NOT NULL,        -- page path
    feed       TEXT NOT NULL,
    entity_key TEXT NOT NULL,        -- the entity key of the feed (as /history takes it)
    type       TEXT NOT NULL,
    threshold  REAL,
    created_at TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS watches_by_account ON watches (account, created_at)",
    """CREATE TABLE IF NOT EXISTS watch_events (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    id              TEXT NOT NULL UNIQUE,
    account         TEXT NOT NULL,
    watch_id        TEXT NOT NULL,
    entity          TEXT NOT NULL,
    feed            TEXT NOT NULL,
    type            TEXT NOT NULL,
    date            TEXT NOT NULL,
    event           BLOB NOT NULL,
    created_at      TEXT NOT NULL,
    delivery        TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    last_attempt_at TEXT,
    last_error      TEXT,
    delivered_at    TEXT
)""",
    "CREATE INDEX IF NOT EXISTS watch_events_by_account ON watch_events (account, seq)",
    "CREATE INDEX IF NOT EXISTS watch_events_by_delivery ON watch_events (delivery, seq)",
    """CREATE TABLE IF NOT EXISTS webhook_deliveries (
    id          INTEGER PRIMARY KEY,
    event_id    TEXT NOT NULL,
    watch_id    TEXT NOT NULL,
    attempt     INTEGER NOT NULL,
    url         TEXT NOT NULL,
    status      INTEGER,
    error       TEXT,
    duration_ms REAL NOT NULL,
    at          TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS webhook_deliveries_by_event ON webhook_deliveries (event_id, attempt)",
    """CREATE TABLE IF NOT EXISTS webhook_secrets (
    account    TEXT PRIMARY KEY,
    secret     TEXT NOT NULL,
    created_at TEXT NOT NULL
) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS claims (
    id          TEXT PRIMARY KEY,
    entity      TEXT NOT NULL,          -- page path (/repo/<owner>/<name>, /mcp/<server>, ...)
    feed        TEXT NOT NULL,
    entity_key  TEXT NOT NULL,          -- the feed's entity key
    email       TEXT NOT NULL,          -- lowercased
    submission  TEXT NOT NULL,          -- JSON: description, pricing, corrections
    repo        TEXT,                   -- owner/name on GitHub, when a token file can prove the claim
    token_hash  TEXT NOT NULL UNIQUE,   -- SHA-256 of the verification token
    proof_hash  TEXT NOT NULL,          -- SHA-256 of the proof token
    status      TEXT NOT NULL CHECK (status IN ('pending', 'verified', 'approved', 'rejected')),
    day         TEXT NOT NULL,          -- UTC day of submission, for the daily limits
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    verified_at TEXT,
    proved_at   TEXT,
    reviewed_at TEXT,
    reason      TEXT
)""",
    "CREATE INDEX IF NOT EXISTS claims_by_email ON claims (email, day)",
    "CREATE INDEX IF NOT EXISTS claims_by_entity ON claims (entity, day)",
    "CREATE INDEX IF NOT EXISTS claims_by_status ON claims (status, created_at)",
)
"""The tables as SQLite stores created them before schema versions: IF NOT EXISTS adopts such a store."""

# PostgreSQL: the same tables; DOUBLE PRECISION where SQLite says REAL (PostgreSQL's REAL is 4 bytes),
# BYTEA for blobs, identity columns for SQLite's rowid keys.
_POSTGRES_V1 = tuple(
    statement.replace(" WITHOUT ROWID", "")
    .replace("INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    .replace("id          INTEGER PRIMARY KEY", "id          BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY")
    .replace("REAL", "DOUBLE PRECISION")
    .replace("BLOB", "BYTEA")
    for statement in _SQLITE_V1
)

WEBHOOK_COLUMNS = {
    "webhook": "TEXT",
    "webhook_failures": "INTEGER NOT NULL DEFAULT 0",
    "webhook_disabled_at": "TEXT",
    "webhook_disabled_reason": "TEXT",
}
"""Columns added to `watches` for webhooks (server/watches.py)."""


def _sqlite_webhook_columns(session: Session) -> None:
    """SQLite has no ADD COLUMN IF NOT EXISTS; stores of an older release may hold some columns already."""
    present = {row[1] for row in session.execute("PRAGMA table_info(watches)")}
    for name, declaration in WEBHOOK_COLUMNS.items():
        if name not in present:
            session.execute(f"ALTER TABLE watches ADD COLUMN {name} {declaration}")


_FEED_TOKENS = """CREATE TABLE IF NOT EXISTS feed_tokens (
    account    TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
)"""
"""One secret notification-feed token per account, stored as its SHA-256 (server/feed_tokens.py)."""


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "state store tables", _SQLITE_V1, _POSTGRES_V1),
    Migration(
        2,
        "webhook columns on watches",
        _sqlite_webhook_columns,
        tuple(f"ALTER TABLE watches ADD COLUMN IF NOT EXISTS {n} {d}" for n, d in WEBHOOK_COLUMNS.items()),
    ),
    Migration(3, "secret Atom feed tokens of the accounts", (_FEED_TOKENS + " WITHOUT ROWID",), (_FEED_TOKENS,)),
)
LATEST = MIGRATIONS[-1].version

_VERSIONS_TABLE = (
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
    " applied_at TEXT NOT NULL)"
)


def _has_versions_table(session: Session, dialect: str) -> bool:
    if dialect == "postgres":
        return session.execute("SELECT to_regclass('schema_migrations') IS NOT NULL").rows[0][0] is True
    sql = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    return session.execute(sql).fetchone() is not None


def schema_version(db: Database) -> int:
    """The highest migration applied (0: none, e.g. an empty database)."""
    if not _has_versions_table(db, db.dialect):
        return 0
    return int(db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").rows[0][0])


def migrate(db: Database) -> list[Migration]:
    """Apply the migrations the database lacks, each with its version row; returns those applied."""
    applied: list[Migration] = []
    for migration in MIGRATIONS:
        with db.transaction() as tx:
            if db.dialect == "postgres":
                tx.execute(f"SELECT pg_advisory_xact_lock({ADVISORY_LOCK})")
            tx.execute(_VERSIONS_TABLE)
            done = tx.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,))
            if done.fetchone() is not None:
                continue
            step = migration.postgres if db.dialect == "postgres" else migration.sqlite
            if callable(step):
                step(tx)
            else:
                for statement in step:
                    tx.execute(statement)
            stamp = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, stamp),
            )
            applied.append(migration)
    newer = schema_version(db)
    if newer > LATEST:
        raise SchemaNotReady(_newer(db, newer))
    return applied


def require_current(db: Database) -> None:
    """Refuse a database whose schema is older (not migrated) or newer (a later release) than this code's."""
    version = schema_version(db)
    if version < LATEST:
        state = "has no schema yet" if version == 0 else f"is at schema version {version}"
        raise SchemaNotReady(
            f"the state database {db.describe()} {state}; this release needs version {LATEST}: "
            "run `feeds db migrate` first"
        )
    if version > LATEST:
        raise SchemaNotReady(_newer(db, version))


def _newer(db: Database, version: int) -> str:
    return (
        f"the state database {db.describe()} is at schema version {version}, newer than this release knows "
        f"({LATEST}); run a release that knows it"
    )
