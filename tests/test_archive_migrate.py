"""`feeds archive migrate`: an archive of the old SQLite layout becomes Parquet files, verified, twice safely."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import orjson
import pytest

from collectors import cli_archive
from collectors.archive import Archive, LegacyArchiveError
from collectors.columnar import checksum
from feeds.cli import main
from feeds.settings import Settings
from feeds.site_build import build_site
from tests.test_build import normalised_tree
from tests.tiny_archive import make_tiny_archive

LEGACY_SCHEMA = """
CREATE TABLE rows (
    feed   TEXT NOT NULL,
    day    TEXT NOT NULL,
    entity TEXT NOT NULL,
    data   BLOB NOT NULL,
    PRIMARY KEY (feed, day, entity)
) WITHOUT ROWID;
CREATE INDEX rows_by_entity ON rows (feed, entity, day);
CREATE TABLE runs (
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
"""
NOW = datetime(2026, 11, 4, 12, 0, tzinfo=UTC)


def legacy_copy(source: Archive, target: Path) -> dict[tuple[str, str], list[tuple[str, bytes]]]:
    """Write `source`'s rows and run log into `target` in the old layout (raw SQL, as the old code did)."""
    db = sqlite3.connect(target)
    db.executescript(LEGACY_SCHEMA)
    days: dict[tuple[str, str], list[tuple[str, bytes]]] = {}
    for feed in source.files.feeds():
        for day in source.days(feed):
            days[feed, day] = list(source.raw_rows_on(feed, day))
            db.executemany("INSERT INTO rows VALUES (?, ?, ?, ?)", [(feed, day, e, d) for e, d in days[feed, day]])
    for run in reversed(source.runs(limit=10_000)):
        db.execute(
            "INSERT INTO runs (feed, day, status, rows, new, changed, warnings, started_at, duration_s, error) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            ),
        )
    db.commit()
    db.close()
    return days


def settings_for(root: Path) -> Settings:
    return Settings(env={"FEEDS_DATA_DIR": str(root / "var"), "FEEDS_SITE_DIR": str(root / "site")})


@pytest.fixture
def legacy(tmp_path: Path):
    reference = settings_for(tmp_path / "reference")
    reference.ensure_dirs()
    source = make_tiny_archive(reference.archive_path)
    settings = settings_for(tmp_path / "migrated")
    settings.ensure_dirs()
    days = legacy_copy(source, settings.archive_path)
    runs = source.runs(limit=10_000)
    source.close()
    return reference, settings, days, runs


def test_an_unmigrated_archive_is_refused_with_the_command_to_run(legacy, capsys, monkeypatch) -> None:
    _, settings, _, _ = legacy
    with pytest.raises(LegacyArchiveError, match="feeds archive migrate"):
        Archive(settings.archive_path)
    # the command line says so in one line, no traceback, and exits 2
    monkeypatch.setenv("FEEDS_DATA_DIR", str(settings.feeds_data_dir))
    assert main(["status"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("feeds: ") and "feeds archive migrate" in err and "Traceback" not in err


def test_migrate_converts_verifies_and_is_safe_to_run_twice(legacy, capsys) -> None:
    reference, settings, days, runs = legacy
    path = settings.archive_path
    assert cli_archive.migrate(path) == 0
    first = capsys.readouterr().out
    assert f"migrated {len(days)} (feed, day) files" in first and f"{len(days)} written, 0 already there" in first

    with Archive(path) as archive:
        for (feed, day), pairs in days.items():
            assert archive.count(feed, day) == len(pairs)
            assert checksum(archive.raw_rows_on(feed, day)) == checksum(pairs)
            assert archive.rows_on(feed, day) == {e: orjson.loads(d) for e, d in pairs}
        assert archive.runs(limit=10_000) == runs  # the run log, ids and order kept
    legacy_file = cli_archive.legacy_path(path)
    assert legacy_file.exists() and sqlite3.connect(legacy_file).execute("SELECT COUNT(*) FROM rows").fetchone()[0]
    assert not sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE name = 'rows'").fetchall()

    assert cli_archive.migrate(path) == 0
    assert "nothing to migrate" in capsys.readouterr().out
    assert cli_archive.verify(path) == 0
    out = capsys.readouterr().out
    assert f"compared {len(days)} days with" in out and out.rstrip().endswith("ok")

    # The build over the migrated archive publishes exactly the tree of the archive written directly.
    build_site(reference, now=NOW, quiet=True)
    build_site(settings, now=NOW, quiet=True)
    assert normalised_tree(Path(settings.feeds_site_dir)) == normalised_tree(Path(reference.feeds_site_dir))


def test_an_interrupted_migration_resumes_and_keeps_verified_days(legacy, capsys, monkeypatch) -> None:
    _, settings, days, _ = legacy
    path = settings.archive_path
    calls = 0
    original = cli_archive.DayFiles.write

    def crash_on_third(self, feed, day, table):
        nonlocal calls
        calls += 1
        if calls == 3:
            raise KeyboardInterrupt
        return original(self, feed, day, table)

    monkeypatch.setattr(cli_archive.DayFiles, "write", crash_on_third)
    with pytest.raises(KeyboardInterrupt):
        cli_archive.migrate(path)
    monkeypatch.undo()
    with pytest.raises(LegacyArchiveError):  # still the old layout: nothing was swapped
        Archive(path)
    assert cli_archive.migrate(path) == 0
    assert f"{len(days) - 2} written, 2 already there" in capsys.readouterr().out


def test_verify_finds_a_day_that_differs_from_the_old_file(legacy, capsys) -> None:
    _, settings, days, _ = legacy
    path = settings.archive_path
    assert cli_archive.migrate(path) == 0
    (feed, day), pairs = next(iter(days.items()))
    with Archive(path) as archive:
        archive.replace_day(feed, day, pairs[1:])
    capsys.readouterr()
    assert cli_archive.verify(path) == 1
    assert f"{feed} {day}: differs from" in capsys.readouterr().out
