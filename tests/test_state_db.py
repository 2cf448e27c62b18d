"""The state store's backends: the tracking queue and demand log on each, schema versions and
`feeds db migrate`, and what a server does with a database that is not ready."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from collectors.db import PostgresDatabase, SchemaNotReady, SqliteDatabase, to_pyformat
from collectors.schema import LATEST, MIGRATIONS, require_current, schema_version
from collectors.state import StateStore
from collectors.state_db import sqlite_store
from feeds.cli import main
from server.keys import KeyStore
from server.watches import WatchLimit, WatchStore
from tests.conftest import StateBackend
from tests.live import free_port


def test_tracking_queue_and_demand_log(state_backend: StateBackend) -> None:
    state = StateStore(state_backend.open())
    try:
        assert state.enqueue("codehost-ai-repos", "acme/a") == "queued"
        assert state.enqueue("codehost-ai-repos", "acme/b") == "queued"
        state.mark("codehost-ai-repos", "acme/a", "tracked")
        assert state.enqueue("codehost-ai-repos", "acme/a") == "tracked"  # an existing status is kept
        state.mark("codehost-ai-repos", "acme/b", "not_found")
        assert state.status("codehost-ai-repos", "acme/b") == "not_found"
        assert state.status("codehost-ai-repos", "acme/c") is None
        assert state.entities("codehost-ai-repos") == ["acme/a"]
        assert state.entities("codehost-ai-repos", "not_found") == ["acme/b"]
        state.add_demand("2026-11-20", {("mcp-servers", "x"): 2, ("mcp-servers", "y"): 1})
        state.add_demand("2026-11-20", {("mcp-servers", "x"): 3})
        state.add_demand("2026-11-22", {("mcp-servers", "x"): 1})
        assert state.demand_between("2026-11-20", "2026-11-21") == {("mcp-servers", "x"): 5, ("mcp-servers", "y"): 1}
    finally:
        state.close()


def test_watch_limit_holds_across_connections_racing(state_backend: StateBackend) -> None:
    """Writers adding watches at once share the limit: the count and the insert are one locked unit."""
    stores = [WatchStore(state_backend.open()) for _ in range(6)]
    start = threading.Barrier(len(stores))

    def add(n: int) -> bool:
        start.wait()
        try:
            stores[n].add("acct", 3, f"/repo/a/{n}", "codehost-ai-repos", f"a/{n}", "any", None)
        except WatchLimit:
            return False
        return True

    try:
        with ThreadPoolExecutor(len(stores)) as pool:
            added = list(pool.map(add, range(len(stores))))
        assert sum(added) == 3
        assert len(stores[0].list("acct")) == 3
    finally:
        for store in stores:
            store.close()


def test_placeholders_are_translated_and_percent_signs_kept() -> None:
    assert to_pyformat("SELECT ? WHERE a LIKE '5%' AND b = ?") == "SELECT %s WHERE a LIKE '5%%' AND b = %s"


def test_a_sqlite_store_of_an_older_release_is_adopted_and_upgraded(tmp_path: Path) -> None:
    """A state.sqlite written before schema versions (no webhook columns, no versions table) migrates on open."""
    path = tmp_path / "state.sqlite"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE watches (id TEXT PRIMARY KEY, account TEXT NOT NULL, entity TEXT NOT NULL, feed TEXT NOT NULL,"
        " entity_key TEXT NOT NULL, type TEXT NOT NULL, threshold REAL, created_at TEXT NOT NULL);"
        "INSERT INTO watches VALUES ('w_1', 'acct', '/repo/a/b', 'codehost-ai-repos', 'a/b', 'any', NULL, 'x');"
    )
    old.close()
    store = WatchStore(path)
    try:
        (watch,) = store.list("acct")
        assert (watch.id, watch.webhook, watch.webhook_failures) == ("w_1", None, 0)
        assert schema_version(store.db) == LATEST
    finally:
        store.close()


def test_migrate_on_postgres_creates_then_has_nothing_to_do(
    pg_server, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    url = pg_server.database(migrated=False)
    monkeypatch.setenv("FEEDS_DATABASE_URL", url)
    monkeypatch.setenv("FEEDS_DATA_DIR", str(pg_server.root / "unused"))
    db = PostgresDatabase(url)
    try:
        with pytest.raises(SchemaNotReady, match=r"has no schema yet.*feeds db migrate"):
            require_current(db)
    finally:
        db.close()
    assert main(["keys", "create", "--plan", "starter"]) == 3  # no command creates tables on the side
    assert "feeds db migrate" in capsys.readouterr().err
    assert main(["db", "status"]) == 3
    assert f"missing {LATEST}" in capsys.readouterr().out
    assert main(["db", "migrate"]) == 0
    out = capsys.readouterr().out
    assert [f"applied {m.version}: {m.name}" for m in MIGRATIONS] == out.splitlines()[: len(MIGRATIONS)]
    assert f"schema version 0 -> {LATEST}" in out and "password" not in out
    assert main(["db", "migrate"]) == 0
    assert "is current; nothing to do" in capsys.readouterr().out
    assert main(["db", "status"]) == 0
    assert main(["keys", "create", "--plan", "starter"]) == 0


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    db = sqlite_store(tmp_path / "state.sqlite")
    db.execute("INSERT INTO schema_migrations VALUES (?, 'from the future', 'x')", (LATEST + 1,))
    with pytest.raises(SchemaNotReady, match="newer than this release"):
        require_current(db)
    db.close()


def test_the_build_never_creates_a_sqlite_store(tmp_path: Path) -> None:
    db = SqliteDatabase(tmp_path / "absent.sqlite", readonly=True)
    db.close()
    assert not (tmp_path / "absent.sqlite").exists()


def test_serve_refuses_an_unmigrated_postgres_with_a_clear_message(pg_server, tmp_path: Path) -> None:
    url = pg_server.database(migrated=False)
    env = {
        "FEEDS_DATABASE_URL": url,
        "FEEDS_DATA_DIR": str(tmp_path / "var"),
        "FEEDS_SITE_DIR": str(tmp_path / "site"),
        "PATH": "/usr/bin:/bin",
    }
    done = subprocess.run(
        [sys.executable, "-m", "ai_feeds", "serve", "--port", str(free_port()), "--no-mcp"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 3
    assert "not starting" in done.stderr and "run `feeds db migrate` first" in done.stderr
    assert "Traceback" not in done.stderr
    db = PostgresDatabase(url)
    try:
        assert schema_version(db) == 0  # refused, and nothing was created on the way
    finally:
        db.close()


def test_keys_on_postgres_are_the_same_keys_for_every_connection(pg_server) -> None:
    url = pg_server.database()
    admin, server = KeyStore(PostgresDatabase(url)), KeyStore(PostgresDatabase(url), cache_ttl=0)
    try:
        key, secret = admin.create("pro", name="acme")
        assert server.authenticate(secret) == key
        admin.revoke(key.prefix)
        assert server.authenticate(secret) is None
    finally:
        admin.close()
        server.close()
