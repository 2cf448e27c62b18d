"""The daily archive: one normalised row per (feed, entity, day) in one SQLite file.

Why SQLite: one file, transactional, fast enough for millions of rows, nothing to install.
A day of a feed is replaced in a single transaction, so re-collecting is idempotent and a crash
mid-write leaves the previous content of that day. A failed collection writes only its run-log
line: earlier days are never touched.

Schema (also in the README):

    rows(feed TEXT, day TEXT 'YYYY-MM-DD', entity TEXT, data BLOB  -- the row as JSON (orjson)
         PRIMARY KEY (feed, day, entity)) WITHOUT ROWID
    runs(id INTEGER PRIMARY KEY, feed, day, status 'ok'|'failed', rows, new, changed, warnings,
         started_at, duration_s, error, items, skipped, new_fields)
         -- items: upstream items validated; skipped: those that failed; new_fields: unknown
         -- upstream fields with counts (`name(3), ...`), the early warning of a format change
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import orjson

SCHEMA = """
CREATE TABLE IF NOT EXISTS rows (
    feed   TEXT NOT NULL,
    day    TEXT NOT NULL,
    entity TEXT NOT NULL,
    data   BLOB NOT NULL,
    PRIMARY KEY (feed, day, entity)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rows_by_entity ON rows (feed, entity, day);
CREATE TABLE IF NOT EXISTS runs (
    id         INTEGER PRIMARY KEY,
    feed       TEXT NOT NULL,
    day        TEXT NOT NULL,
    status     TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
    rows       INTEGER NOT NULL DEFAULT 0,
    new        INTEGER NOT NULL DEFAULT 0,
    changed    INTEGER NOT NULL DEFAULT 0,
    warnings   INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    duration_s REAL NOT NULL,
    error      TEXT,
    items      INTEGER NOT NULL DEFAULT 0,
    skipped    INTEGER NOT NULL DEFAULT 0,
    new_fields TEXT
);
CREATE INDEX IF NOT EXISTS runs_by_feed ON runs (feed, day);
"""

# The entities (a JSON array) drive the loop: CROSS JOIN keeps SQLite from scanning the feed's rows
# instead, which it would pick on an archive it has no statistics for.
LATEST_ROWS = """
SELECT r.entity, r.data FROM json_each(?1) AS e
CROSS JOIN rows AS r ON r.feed = ?2 AND r.entity = e.value AND r.day = (
    SELECT MAX(day) FROM rows WHERE feed = ?2 AND entity = e.value AND day < ?3)
"""


RUN_COUNT_COLUMNS = (("items", "INTEGER NOT NULL DEFAULT 0"), ("skipped", "INTEGER NOT NULL DEFAULT 0"),
                     ("new_fields", "TEXT"))
RUN_COLUMNS = (
    "feed, day, status, rows, new, changed, warnings, started_at, duration_s, error, items, skipped, new_fields"
)


@dataclass(frozen=True)
class RunRecord:
    feed: str
    day: str
    status: str
    rows: int
    new: int
    changed: int
    warnings: int
    started_at: str
    duration_s: float
    error: str | None = None
    items: int = 0
    skipped: int = 0
    new_fields: str | None = None

    def summary(self) -> str:
        counts = f"skipped={self.skipped}/{self.items}" + (f" new_fields={self.new_fields}" if self.new_fields else "")
        if self.status == "ok":
            return (
                f"{self.feed:<18} {self.day}  ok      rows={self.rows:<6} new={self.new:<5} "
                f"changed={self.changed:<5} warnings={self.warnings:<3} {counts} {self.duration_s:.1f}s"
            )
        return (
            f"{self.feed:<18} {self.day}  FAILED  {self.error}  ({counts}; {self.duration_s:.1f}s; earlier days kept)"
        )


class Archive:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self._upgrade_runs()

    def _upgrade_runs(self) -> None:
        """Add the item counts to a run log written before they existed (idempotent)."""
        have = {row[1] for row in self.db.execute("PRAGMA table_info(runs)")}
        for column, kind in RUN_COUNT_COLUMNS:
            if column not in have:
                self.db.execute(f"ALTER TABLE runs ADD COLUMN {column} {kind}")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Archive:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- writing -------------------------------------------------------------------------------

    def replace_day(self, feed: str, day: date | str, rows: Iterable[tuple[str, bytes]]) -> int:
        """Replace everything of `feed` on `day` with `rows` (entity, JSON bytes), atomically."""
        day_s = str(day)
        cur = self.db.cursor()
        cur.execute("BEGIN IMMEDIATE")
        try:
            cur.execute("DELETE FROM rows WHERE feed = ? AND day = ?", (feed, day_s))
            cur.executemany(
                "INSERT INTO rows (feed, day, entity, data) VALUES (?, ?, ?, ?)",
                ((feed, day_s, entity, data) for entity, data in rows),
            )
            count = cur.execute(
                "SELECT COUNT(*) FROM rows WHERE feed = ? AND day = ?", (feed, day_s)
            ).fetchone()[0]
            cur.execute("COMMIT")
        except BaseException:
            cur.execute("ROLLBACK")
            raise
        return int(count)

    def log_run(self, run: RunRecord) -> None:
        self.db.execute(
            f"INSERT INTO runs ({RUN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                run.feed,
                run.day,
                run.status,
                run.rows,
                run.new,
                run.changed,
                run.warnings,
                run.started_at,
                run.duration_s,
                run.error,
                run.items,
                run.skipped,
                run.new_fields,
            ),
        )

    # -- reading -------------------------------------------------------------------------------

    def days(self, feed: str) -> list[str]:
        """Days that hold rows for `feed`, oldest first."""
        cur = self.db.execute("SELECT DISTINCT day FROM rows WHERE feed = ? ORDER BY day", (feed,))
        return [r[0] for r in cur]

    def latest_day(self, feed: str, before: date | str | None = None) -> str | None:
        """Most recent day with rows for `feed`, strictly before `before` when given."""
        if before is None:
            row = self.db.execute("SELECT MAX(day) FROM rows WHERE feed = ?", (feed,)).fetchone()
        else:
            row = self.db.execute(
                "SELECT MAX(day) FROM rows WHERE feed = ? AND day < ?", (feed, str(before))
            ).fetchone()
        return row[0] if row else None

    def rows_on(self, feed: str, day: date | str) -> dict[str, dict[str, Any]]:
        cur = self.db.execute("SELECT entity, data FROM rows WHERE feed = ? AND day = ?", (feed, str(day)))
        return {entity: orjson.loads(data) for entity, data in cur}

    def raw_rows_on(self, feed: str, day: date | str) -> Iterator[tuple[str, bytes]]:
        cur = self.db.execute(
            "SELECT entity, data FROM rows WHERE feed = ? AND day = ? ORDER BY entity", (feed, str(day))
        )
        yield from cur

    def latest_rows(self, feed: str, before: date | str, entities: Iterable[str]) -> dict[str, dict[str, Any]]:
        """Each of `entities`' most recent row of `feed` strictly before `before`, whatever day it is from.

        Unlike `rows_on(feed, latest_day(feed, before))`, an entity missing from the latest day (a page
        that failed to fetch that day) still gets its last snapshot. Entities never archived before
        `before` are absent. Two index seeks per entity (`rows_by_entity` for its latest day, then the
        primary key for the row), so the cost follows the entities asked for, not the archive's length.
        """
        cur = self.db.execute(LATEST_ROWS, (orjson.dumps(sorted(set(entities))), feed, str(before)))
        return {entity: orjson.loads(data) for entity, data in cur}

    def entity_series(self, feed: str, entity: str) -> list[tuple[str, dict[str, Any]]]:
        cur = self.db.execute(
            "SELECT day, data FROM rows WHERE feed = ? AND entity = ? ORDER BY day", (feed, entity)
        )
        return [(day, orjson.loads(data)) for day, data in cur]

    def iter_feed(self, feed: str) -> Iterator[tuple[str, str, bytes]]:
        """Every (entity, day, data) of a feed, grouped by entity and in day order: streams the archive."""
        cur = self.db.execute(
            "SELECT entity, day, data FROM rows WHERE feed = ? ORDER BY entity, day", (feed,)
        )
        yield from cur

    def count(self, feed: str | None = None, day: date | str | None = None) -> int:
        sql, args = "SELECT COUNT(*) FROM rows WHERE 1=1", []
        if feed is not None:
            sql += " AND feed = ?"
            args.append(feed)
        if day is not None:
            sql += " AND day = ?"
            args.append(str(day))
        return int(self.db.execute(sql, args).fetchone()[0])

    def runs(self, feed: str | None = None, limit: int = 50) -> list[RunRecord]:
        sql = f"SELECT {RUN_COLUMNS} FROM runs"
        args: list[Any] = []
        if feed is not None:
            sql += " WHERE feed = ?"
            args.append(feed)
        sql += " ORDER BY id DESC LIMIT ?"
        args.append(limit)
        return [RunRecord(*r) for r in self.db.execute(sql, args)]

    def last_success(self, feed: str) -> RunRecord | None:
        """The latest successful collection of `feed`: what `updatedAt` of the feed reports."""
        row = self.db.execute(
            f"SELECT {RUN_COLUMNS} FROM runs"
            " WHERE feed = ? AND status = 'ok' ORDER BY day DESC, id DESC LIMIT 1",
            (feed,),
        ).fetchone()
        return RunRecord(*row) if row else None
