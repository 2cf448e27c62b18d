"""`feeds archive migrate|verify`: convert an archive of the SQLite layout to Parquet files, and check them.

`migrate` reads every (feed, day) of the `rows` table of `archive.sqlite`, writes it as
`archive/<feed>/<day>.parquet` (collectors/columnar.py) and verifies the file against the table: the
row count and a SHA-256 over the day's rows sorted by entity (`columnar.checksum`). A day whose file
already verifies is kept as it is, so an interrupted migration resumes where it stopped. When every
day verifies, the old file is kept aside as `archive.legacy.sqlite` (a hard link, so nothing is
copied) and `archive.sqlite` becomes a database holding only the run log (swapped in with one rename).
Delete `archive.legacy.sqlite` once satisfied. A second run finds nothing to migrate and says so.

`migrate` also rewrites day files whose typed columns are missing or stale (a column added or
changed in `FeedInfo.columns`), or whose footer lacks the day's checksum, from their own `data`.

`verify` checks every day file: readable, entities unique and sorted, typed columns and the footer's
checksum equal to those derived from `data` again; and, while `archive.legacy.sqlite` exists, count and
checksum of every day against it. Stop the nightly job while migrating: the old layout is read, the new one written.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyarrow as pa

from collectors.archive import RUN_COLUMNS, SCHEMA, Archive, LegacyArchiveError, legacy_row_count, rows_dir_for
from collectors.columnar import CHECKSUM_KEY, DayFiles, checksum, day_table, fsync_path, typed_columns
from feeds.settings import Settings

LEGACY_SUFFIX = ".legacy.sqlite"

Say = Callable[[str], None]
NEXT_DAY = "SELECT feed, day FROM rows WHERE feed = ? AND day > ? ORDER BY day LIMIT 1"
NEXT_FEED = "SELECT feed, day FROM rows WHERE feed > ? ORDER BY feed, day LIMIT 1"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("action", choices=("migrate", "verify"), help="migrate: SQLite rows to Parquet; verify: check")


def legacy_path(path: Path) -> Path:
    """`archive.sqlite` -> `archive.legacy.sqlite`: where `migrate` keeps the old file."""
    return path.with_name(path.stem + LEGACY_SUFFIX)


def _legacy_days(db: sqlite3.Connection) -> Iterator[tuple[str, str]]:
    """(feed, day) of the old `rows` table in key order, found by seeking from one to the next (the
    primary key is (feed, day, entity)), so listing them reads no row."""
    row = db.execute("SELECT feed, day FROM rows ORDER BY feed, day LIMIT 1").fetchone()
    while row is not None:
        feed, day = row
        yield feed, day
        row = db.execute(NEXT_DAY, (feed, day)).fetchone() or db.execute(NEXT_FEED, (feed,)).fetchone()


def _legacy_rows(db: sqlite3.Connection, feed: str, day: str) -> list[tuple[str, bytes]]:
    cur = db.execute("SELECT entity, data FROM rows WHERE feed = ? AND day = ? ORDER BY entity", (feed, day))
    return [(entity, bytes(data)) for entity, data in cur]


def _matches(files: DayFiles, feed: str, day: str, count: int, digest: str) -> bool:
    return files.num_rows(feed, day) == count and checksum(files.pairs(feed, day)) == digest


def _current(files: DayFiles, feed: str, day: str) -> bool:
    """The day's file holds every typed column of the feed, in its current version, and its checksum."""
    return {c.signature for c in typed_columns(feed)} <= files.signatures(feed, day) and bool(
        files.stored_checksum(feed, day)
    )


def _swap_in_run_log(path: Path, legacy: Path) -> int:
    """Keep the old file as `legacy` (hard link) and replace `path` by a database holding only its run
    log, in one rename. Returns the runs copied. Safe to repeat after a crash at any point."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # everything in the main file before linking it
    finally:
        db.close()
    if legacy.exists():
        if not os.path.samefile(legacy, path):
            raise SystemExit(f"feeds archive migrate: {legacy} exists and is another file; move it away first")
    else:
        try:
            os.link(path, legacy)
        except OSError:  # a file system without hard links: a copy instead
            import shutil

            shutil.copy2(path, legacy)
    temporary = path.with_name(f"{path.name}.tmp-{os.getpid()}")
    with contextlib.suppress(FileNotFoundError):
        temporary.unlink()
    fresh = sqlite3.connect(temporary, isolation_level=None)
    try:
        fresh.execute("PRAGMA journal_mode=DELETE")
        fresh.executescript(SCHEMA)
        fresh.execute("ATTACH DATABASE ? AS old", (f"file:{legacy}?mode=ro",))
        old_columns = {row[1] for row in fresh.execute("PRAGMA old.table_info(runs)")}
        copied = 0
        if old_columns:
            wanted = ["id", *(c.strip() for c in RUN_COLUMNS.split(","))]
            present = [c for c in wanted if c in old_columns]
            names = ", ".join(present)
            fresh.execute("BEGIN")
            copied = fresh.execute(f"INSERT INTO runs ({names}) SELECT {names} FROM old.runs").rowcount
            fresh.execute("COMMIT")
        fresh.execute("DETACH DATABASE old")
    finally:
        fresh.close()
    fsync_path(temporary)
    for suffix in ("-wal", "-shm"):  # the old file's (checkpointed, empty) WAL must not meet the new file
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + suffix).unlink()
    os.replace(temporary, path)
    fsync_path(path.parent)
    return copied


def migrate(path: Path, say: Say = print) -> int:
    """Convert the SQLite archive at `path` (see the module docstring); returns an exit code."""
    files = DayFiles(rows_dir_for(path))
    legacy = legacy_path(path)
    if not path.exists():
        say(f"nothing to migrate: no {path}")
        return 0
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        has_rows = bool(legacy_row_count(db))
        if has_rows:
            started = time.monotonic()
            written = kept = rows = 0
            for feed, day in _legacy_days(db):
                pairs = _legacy_rows(db, feed, day)
                digest = checksum(pairs)
                rows += len(pairs)
                if (
                    files.exists(feed, day)
                    and _current(files, feed, day)
                    and _matches(files, feed, day, len(pairs), digest)
                ):
                    kept += 1
                    continue
                files.write(feed, day, day_table(feed, pairs))
                if not _matches(files, feed, day, len(pairs), digest):
                    say(f"feeds archive migrate: {feed} {day}: the written file does not match the SQLite rows")
                    return 1
                written += 1
                if written % 100 == 0:
                    say(f"  {written:,} days written ({feed} {day}), {time.monotonic() - started:.0f} s")
            say(
                f"migrated {written + kept:,} (feed, day) files, {rows:,} rows, into {files.root}: "
                f"{written:,} written, {kept:,} already there; each verified (row count and SHA-256 of its rows) "
                f"in {time.monotonic() - started:.0f} s"
            )
    finally:
        db.close()
    if has_rows:
        runs = _swap_in_run_log(path, legacy)
        size = legacy.stat().st_size / 2**30
        say(f"{path} now holds only the run log ({runs:,} runs); the old file is kept as {legacy} ({size:.2f} GiB):")
        say("  delete it once satisfied (`feeds archive verify` compares every day with it while it exists)")
    else:
        say(f"nothing to migrate: {path} holds only the run log; rows are in {files.root}")
    with Archive(path) as archive:  # typed columns added or changed since a file was written
        rewritten = 0
        for feed in archive.files.feeds():
            for day in archive.days(feed):
                if not _current(archive.files, feed, day):
                    archive.files.write(feed, day, day_table(feed, archive.files.pairs(feed, day)))
                    rewritten += 1
        if rewritten:
            say(f"rewrote {rewritten:,} day files whose typed columns or checksum were missing or stale")
    return 0


def _same(a: pa.ChunkedArray, b: pa.Array) -> bool:
    left, right = a.to_pylist(), b.to_pylist()
    return len(left) == len(right) and all(
        x == y or (isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y))
        for x, y in zip(left, right, strict=True)
    )


def verify(path: Path, say: Say = print) -> int:
    legacy = legacy_path(path)
    problems: list[str] = []
    with Archive(path) as archive:
        files = archive.files
        checked = rows = 0
        for feed in files.feeds():
            for day in files.days(feed):
                table = files.read(feed, day, ("entity", "data", *(c.name for c in typed_columns(feed))))
                names = table.column("entity").to_pylist()
                if names != sorted(set(names)):
                    problems.append(f"{feed} {day}: entities not unique and sorted")
                expected = day_table(feed, list(zip(names, table.column("data").to_pylist(), strict=True)))
                for name in expected.column_names[2:]:
                    if name in table.column_names and not _same(table.column(name), expected.column(name)):
                        problems.append(f"{feed} {day}: typed column {name} differs from its rows")
                stored = files.stored_checksum(feed, day)
                if stored is not None and stored != (expected.schema.metadata or {}).get(CHECKSUM_KEY, b"").decode():
                    problems.append(f"{feed} {day}: the checksum in the file's footer differs from its rows")
                checked += 1
                rows += table.num_rows
        say(f"checked {checked:,} day files, {rows:,} rows in {files.root}")
        if legacy.exists():
            db = sqlite3.connect(f"file:{legacy}?mode=ro", uri=True)
            try:
                compared = 0
                for feed, day in _legacy_days(db):
                    pairs = _legacy_rows(db, feed, day)
                    if not _matches(files, feed, day, len(pairs), checksum(pairs)):
                        problems.append(f"{feed} {day}: differs from {legacy.name}")
                    compared += 1
                say(f"compared {compared:,} days with {legacy} (count and SHA-256 each)")
            finally:
                db.close()
    for problem in problems[:50]:
        say(f"  PROBLEM {problem}")
    if problems:
        say(f"{len(problems):,} problem(s)")
        return 1
    say("ok")
    return 0


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    path = Path(settings.archive_path)
    if args.action == "migrate":
        return migrate(path)
    try:
        return verify(path)
    except LegacyArchiveError as exc:
        print(f"feeds archive verify: {exc}")
        return 1
