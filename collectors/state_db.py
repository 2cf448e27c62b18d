"""Which database holds the state store, decided in one place: PostgreSQL when FEEDS_DATABASE_URL is
set (several API machines share it), else the SQLite file FEEDS_DATA_DIR/state.sqlite (embedded,
zero setup). Every store and command opens its database through here.
"""

from __future__ import annotations

import threading
from pathlib import Path

import psycopg

from collectors.db import CONNECT_TIMEOUT, Database, PostgresDatabase, SqliteDatabase
from collectors.schema import LATEST, migrate, require_current, schema_version
from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings

_CHECKED: set[str] = set()
"""PostgreSQL URLs whose schema this process has found current: checked once, not per store opened."""
_CHECKED_LOCK = threading.Lock()


def state_database(settings: Settings, *, readonly: bool = False) -> Database:
    """The configured state database; raises SchemaNotReady for a PostgreSQL database `feeds db migrate`
    has not brought to this release's schema, BackendUnavailable when it cannot be reached.

    `readonly` (the build): a SQLite file is neither created nor migrated; a missing one reads as empty."""
    url = settings.feeds_database_url
    if not url:
        path = settings.state_path
        return SqliteDatabase(path, readonly=True) if readonly else sqlite_store(path)
    db = PostgresDatabase(url)
    if url not in _CHECKED:
        try:
            require_current(db)
        except BackendUnavailable as exc:
            db.close()
            raise BackendUnavailable(f"{exc} ({settings.redact(why_unreachable(url))})") from exc
        except BaseException:
            db.close()
            raise
        with _CHECKED_LOCK:
            _CHECKED.add(url)
    return db


def why_unreachable(url: str) -> str:
    """The server's own reason (refused, unknown host, bad password), from one direct connection attempt:
    the pool only reports that no connection came in time."""
    try:
        psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT).close()
    except psycopg.Error as exc:
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return "reachable again"


def unchecked_database(settings: Settings) -> Database:
    """The configured database without the schema check: for `feeds db migrate` and `feeds db status`."""
    url = settings.feeds_database_url
    return PostgresDatabase(url) if url else SqliteDatabase(settings.state_path)


def sqlite_store(path: Path | str) -> SqliteDatabase:
    """A SQLite state store, brought to the current schema on open (one read when it already is)."""
    db = SqliteDatabase(path)
    try:
        if schema_version(db) != LATEST:
            migrate(db)
    except BaseException:
        db.close()
        raise
    return db


def connect(source: Database | Path | str) -> Database:
    """What a store was given: a database, or the path of a SQLite state store (tests, tools)."""
    return source if isinstance(source, Database) else sqlite_store(source)
