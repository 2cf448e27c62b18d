"""The state store's connection: one small interface over SQLite (embedded) and PostgreSQL (shared).

Every store (keys, watches, notifications, claims, the tracking queue) writes its statements once,
in the SQL both engines accept (`?` placeholders, `ON CONFLICT`, recursive CTEs), and runs them
through a `Database`. The differences that remain live here: placeholder translation, how a
transaction takes its write lock, and which errors mean "the database is unreachable". The schema
differs per engine and lives in collectors/schema.py.

PostgreSQL connections come from one pool per process and URL (psycopg_pool), shared by every store
of that process; while the server is unreachable, calls fail fast with `BackendUnavailable` (the API
answers 503 `backend_unavailable`) instead of each waiting for a connection that will not come.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

import psycopg
import psycopg_pool
from psycopg.conninfo import conninfo_to_dict

from collectors.unavailable import BackendUnavailable

POOL_MAX = 8
"""Connections per process: the stores are synchronous, so a worker seldom holds more than two."""
POOL_WAIT = 1.0
"""Longest wait (s) for a pooled connection before a call gives up as unavailable."""
CONNECT_TIMEOUT = 3
"""Seconds allowed to open one PostgreSQL connection."""
RETRY_SECONDS = 2.0
"""After a failure, calls fail at once for this long (and clients are told to retry after it), so an
outage does not block a server worker for POOL_WAIT on every request."""


class DatabaseError(Exception):
    """The state store cannot be used; the message says why and what to do (never a password)."""


class SchemaNotReady(DatabaseError):
    """The database's schema is not the one this release needs (`feeds db migrate` creates or upgrades it)."""


class Result:
    """The rows of a statement (read eagerly: every store reads small results) and its row count."""

    __slots__ = ("rowcount", "rows")

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int) -> None:
        self.rows = rows
        self.rowcount = rowcount

    def fetchone(self) -> tuple[Any, ...] | None:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        return self.rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.rows)


class Session(ABC):
    """Where statements run: the database itself (each statement commits) or an open transaction."""

    @abstractmethod
    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> int:
        """Run `sql` once per row; returns the rows changed in all."""
        return sum(self.execute(sql, row).rowcount for row in rows)


class Database(Session):
    dialect: ClassVar[str]

    @abstractmethod
    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Session]:
        """One atomic unit. `lock` names a table whose writers must queue for this transaction: a count
        followed by an insert (the watch limit, the claim limits) stays exact across processes."""

    @abstractmethod
    def close(self) -> None: ...

    @abstractmethod
    def describe(self) -> str:
        """Where the data is, for messages: a path, or user@host:port/database (never a password)."""


class SqliteDatabase(Database):
    """One SQLite file (WAL) on one connection, shared by the threads of one store."""

    dialect = "sqlite"

    def __init__(self, path: Path | str, *, readonly: bool = False) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        if readonly:
            # Readers that must never create the file or its tables (the build): a missing file reads as empty.
            target = f"file:{self.path}?mode=ro" if self.path.exists() else "file::memory:"
            self.db = sqlite3.connect(target, uri=True, isolation_level=None, check_same_thread=False, timeout=30)
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        with self._lock:
            cursor = self.db.execute(sql, params)
            return Result(cursor.fetchall() if cursor.description else [], cursor.rowcount)

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Session]:
        with self._lock:
            self.db.execute("BEGIN IMMEDIATE")  # the file's write lock: every writer queues, whatever `lock` is
            try:
                yield self
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
            self.db.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def describe(self) -> str:
        return str(self.path)


@lru_cache(maxsize=256)
def to_pyformat(sql: str) -> str:
    """`?` placeholders as psycopg's `%s` (a literal `%` doubled). The stores' SQL has no `?` in literals."""
    return sql.replace("%", "%%").replace("?", "%s")


def describe_url(url: str) -> str:
    """user@host:port/database of a PostgreSQL URL: enough to tell which server, without the password."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unparsable URL)"
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = parts.get("host") or "localhost"
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


class _SharedPool:
    """A pool and the number of open `PostgresDatabase` objects using it; the last close closes it."""

    def __init__(self, url: str) -> None:
        self.pool = psycopg_pool.ConnectionPool(
            url,
            min_size=1,
            max_size=POOL_MAX,
            timeout=POOL_WAIT,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            # A pooled connection is checked before use: after a restart of the server, stale connections
            # are replaced instead of failing the request that drew them.
            check=psycopg_pool.ConnectionPool.check_connection,
            open=False,
            name="feeds-state",
        )
        self.pool.open(wait=False)
        self.users = 0
        self.down_until = 0.0


_POOLS: dict[str, _SharedPool] = {}
_POOLS_LOCK = threading.Lock()


class PostgresDatabase(Database):
    dialect = "postgres"

    def __init__(self, url: str) -> None:
        self.url = url
        with _POOLS_LOCK:
            shared = _POOLS.get(url)
            if shared is None:
                shared = _POOLS[url] = _SharedPool(url)
            shared.users += 1
        self._shared: _SharedPool | None = shared

    @property
    def _pool(self) -> _SharedPool:
        if self._shared is None:
            raise DatabaseError("the database connection is closed")
        return self._shared

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        shared = self._pool
        if time.monotonic() < shared.down_until:
            raise BackendUnavailable(f"the state database ({self.describe()}) is unavailable; retrying shortly")
        try:
            with shared.pool.connection() as conn:
                yield conn
        except (psycopg.OperationalError, psycopg_pool.PoolTimeout) as exc:
            shared.down_until = time.monotonic() + RETRY_SECONDS
            raise BackendUnavailable(
                f"the state database ({self.describe()}) is unavailable: {type(exc).__name__}"
            ) from exc

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        with self._connection() as conn:
            return _run(conn, sql, params)

    @contextmanager
    def transaction(self, lock: str | None = None) -> Iterator[Session]:
        with self._connection() as conn, conn.transaction():
            if lock is not None:
                # Blocks other writers of the table (not its readers) until this transaction ends.
                conn.execute(f"LOCK TABLE {lock} IN SHARE ROW EXCLUSIVE MODE")
            yield _Transaction(conn)

    def close(self) -> None:
        shared, self._shared = self._shared, None
        if shared is None:
            return
        with _POOLS_LOCK:
            shared.users -= 1
            if shared.users > 0:
                return
            _POOLS.pop(self.url, None)
        shared.pool.close(timeout=2)

    def describe(self) -> str:
        return describe_url(self.url)


def _run(conn: psycopg.Connection[Any], sql: str, params: Sequence[Any]) -> Result:
    cursor = conn.execute(to_pyformat(sql), params) if params else conn.execute(sql)
    return Result(cursor.fetchall() if cursor.description else [], cursor.rowcount)


class _Transaction(Session):
    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self.conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Result:
        return _run(self.conn, sql, params)
