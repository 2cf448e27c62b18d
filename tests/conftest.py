"""Shared test fixtures: an isolated data dir, and running a real collector on a mocked upstream.

Mocks live only at the network edge: `httpx.MockTransport` answers with recorded or synthesised
upstream payloads (tests/fixtures/<source>/), and the real collector, HTTP layer, runner and
archive do the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import httpx
import pytest

from collectors.archive import Archive, RunRecord
from collectors.db import Database, PostgresDatabase
from collectors.protocol import Resolver
from collectors.runner import collect_day
from collectors.state import StateStore
from feeds.settings import Settings

if TYPE_CHECKING:
    from tests.pg_server import PgServer

FIXTURES = Path(__file__).parent / "fixtures"
DAY = date(2026, 11, 20)


def fixture_bytes(source: str, name: str) -> bytes:
    return (FIXTURES / source / name).read_bytes()


async def public_resolver(host: str) -> list[str]:
    """Every host resolves to a public documentation-free address (tests never touch the network)."""
    return ["93.184.215.14"]


@dataclass
class Env:
    settings: Settings
    archive: Archive
    state: StateStore
    sleeps: list[float] = field(default_factory=list)

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)

    async def collect(
        self,
        feed: str,
        handler: Callable[[httpx.Request], httpx.Response],
        day: date = DAY,
        now: datetime | None = None,
        resolver: Resolver = public_resolver,
    ) -> RunRecord:
        """Run the real collector of `feed` for `day` against `handler`; returns its run record."""
        records = await collect_day(
            [feed],
            day,
            settings=self.settings,
            archive=self.archive,
            state=self.state,
            now=now or datetime.combine(day, datetime.min.time(), tzinfo=UTC).replace(hour=12),
            transport=httpx.MockTransport(handler),
            resolver=resolver,
            sleep=self.sleep,
        )
        return records[0]

    async def check_network_off(
        self, feed: str, handler: Callable[[httpx.Request], httpx.Response], day: date = DAY
    ) -> None:
        """The shared collector case: a good day, then the network off the next day. The failure is
        in the run log, the earlier day is intact, and nothing is stored for the failed day."""
        assert (await self.collect(feed, handler, day=day)).status == "ok"
        before = self.archive.rows_on(feed, day)
        assert before

        def offline(request: httpx.Request) -> httpx.Response:
            raise httpx.ConnectError("network is unreachable", request=request)

        next_day = day + timedelta(days=1)
        record = await self.collect(feed, offline, day=next_day)
        assert record.status == "failed"
        assert "inaccessible" in (record.error or "") and "ConnectError" in (record.error or "")
        logged = self.archive.runs(feed)[0]
        assert (logged.day, logged.status) == (str(next_day), "failed")
        assert self.archive.rows_on(feed, day) == before
        assert self.archive.rows_on(feed, next_day) == {}
        assert self.archive.last_success(feed).day == str(day)


def make_env(tmp_path: Path, **extra: str) -> Env:
    settings = Settings(
        env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site"), **extra}
    )
    settings.ensure_dirs()
    return Env(settings, Archive(settings.archive_path), StateStore(settings.state_path))


@pytest.fixture
def env(tmp_path: Path) -> Iterator[Env]:
    made = make_env(tmp_path)
    yield made
    made.archive.close()
    made.state.close()


@pytest.fixture
def lenient_env(tmp_path: Path) -> Iterator[Env]:
    """An env whose drift check lets any share of a small fixture's items fail: for tests of the skip
    itself (a real day with that share skipped fails the source, see test_runner's drift tests)."""
    made = make_env(tmp_path, FEEDS_DRIFT_MAX_SKIPPED="1")
    yield made
    made.archive.close()
    made.state.close()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):
    """A real `feeds serve` (2 workers) on a free port over the tiny archive's tree, per test module."""
    from tests.live import live_server_fixture

    yield from live_server_fixture(tmp_path_factory.mktemp("live"))


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory):
    """One real redis-server for the session's store tests (skips, naming the package, if not installed)."""
    from tests.redis_server import redis_server_fixture

    yield from redis_server_fixture(tmp_path_factory.mktemp("redis"))


@pytest.fixture(params=["sqlite", "redis"])
def backend_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The settings that choose a store backend: none (SQLite, the default) or an emptied real Redis."""
    if request.param == "sqlite":
        return {}
    server = request.getfixturevalue("redis_server")
    server.flush()
    return {"FEEDS_REDIS_URL": server.url}


# -- the state store's backends ---------------------------------------------------------------------

STATE_BACKENDS = ("sqlite", "postgres")


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """A real PostgreSQL server for the session (tests/pg_server.py); skipped without Debian's `postgresql`."""
    from tests.pg_server import PgServer, find_bin_dir

    bin_dir = find_bin_dir()
    if bin_dir is None:
        pytest.skip(
            "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin: install the `postgresql` package"
        )
    server = PgServer(bin_dir)
    yield server
    server.close()


@dataclass
class StateBackend:
    """Where a test's state store lives: `open()` gives a new connection to the same store, `env` the settings
    that point the service at it."""

    name: str
    path: Path
    url: str | None

    def open(self) -> Database | Path:
        return PostgresDatabase(self.url) if self.url else self.path

    @property
    def env(self) -> dict[str, str]:
        return {"FEEDS_DATABASE_URL": self.url} if self.url else {}


@pytest.fixture(params=STATE_BACKENDS)
def state_backend(request: pytest.FixtureRequest, tmp_path: Path) -> StateBackend:
    """Each store test runs on every backend: the SQLite file, and a fresh migrated PostgreSQL database."""
    if request.param == "postgres":
        server = request.getfixturevalue("pg_server")
        return StateBackend("postgres", tmp_path / "var" / "state.sqlite", server.database())
    return StateBackend("sqlite", tmp_path / "var" / "state.sqlite", None)
