"""A real PostgreSQL server for the tests: Debian's binaries, a throwaway cluster, one per test session.

PostgreSQL refuses to run as root, and the tests run as root in CI: the cluster then belongs to
`nobody` (initdb and postgres run through `setpriv`), in a temporary directory it owns, listening on
a free port of 127.0.0.1 with trust authentication. Each test gets its own database, copied from a
template (already migrated, or empty), which takes milliseconds. `stop()` and `start()` take the
server away and bring it back on the same port and data, for the fault tests.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

import psycopg

from collectors.db import PostgresDatabase
from collectors.schema import migrate
from tests.live import free_port

SUPERUSER = "postgres"
MIGRATED = "feeds_migrated"
EMPTY = "feeds_empty"


def find_bin_dir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin holding initdb and postgres, or None."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found = [d for d in found if (d / "postgres").exists() and (d / "pg_ctl").exists()]
    return max(found, key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0) if found else None


class PgServer:
    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="feeds-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # postgres will not run as root
            nobody = pwd.getpwnam("nobody")
            os.chown(self.root, nobody.pw_uid, nobody.pw_gid)
            self.as_user = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        self._run(
            "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"
        )
        self.start()
        self._create(EMPTY, "template0")
        self._create(MIGRATED, "template0")
        db = PostgresDatabase(self.url(MIGRATED))
        try:
            migrate(db)
        finally:
            db.close()

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run(
            [*self.as_user, str(self.bin_dir / tool), *args],
            check=True,
            capture_output=True,
            cwd=self.root,
            env={**os.environ, "LC_ALL": "C"},
        )

    def url(self, dbname: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def start(self) -> None:
        """Start (or restart) the server on its port and data directory; returns once it accepts connections."""
        log = open(self.root / "postgres.log", "ab")  # noqa: SIM115 - closed by the child's exit
        self.process = subprocess.Popen(
            [
                *self.as_user,
                str(self.bin_dir / "postgres"),
                "-D",
                str(self.data),
                "-p",
                str(self.port),
                "-k",
                str(self.root),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "synchronous_commit=off",
                "-c",
                "full_page_writes=off",
                "-c",
                "max_connections=300",
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.root,
        )
        log.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError((self.root / "postgres.log").read_text()[-2000:]) from None
                time.sleep(0.05)

    def stop(self) -> None:
        """Stop the server now (fast shutdown: open connections are cut, as in a crash of the database host)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # "fast" shutdown; SIGTERM would wait for clients to leave
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def _create(self, name: str, template: str) -> None:
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')

    def database(self, *, migrated: bool = True) -> str:
        """The URL of a new database of its own, with the current schema (or none)."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        self._create(name, MIGRATED if migrated else EMPTY)
        return self.url(name)

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
