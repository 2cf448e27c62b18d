"""A throwaway PostgreSQL server for a benchmark: Debian's binaries, a fresh cluster in a temporary
directory, on a free loopback port, gone when the block ends.

Tuned as the test cluster is (fsync off): the benchmark measures the API's use of the database, not
the disk. PostgreSQL refuses to run as root, so as root the cluster belongs to `nobody`.
"""

from __future__ import annotations

import glob
import os
import pwd
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from bench.processes import free_port

MISSING = "PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install -y postgresql)"


def bin_dir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin with initdb and postgres, or None."""
    found = [
        Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb") if Path(p).with_name("postgres").exists()
    ]
    return max(found, key=lambda d: int(d.parent.name) if d.parent.name.isdigit() else 0) if found else None


@contextmanager
def postgres_server(binaries: Path) -> Iterator[str]:
    """A running cluster; yields the URL of its `feeds` database (empty: run `feeds db migrate`)."""
    with tempfile.TemporaryDirectory(prefix="bench-pg-") as tmp_name:
        root = Path(tmp_name)
        as_user: list[str] = []
        if os.geteuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chown(root, nobody.pw_uid, nobody.pw_gid)
            as_user = ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}", "--clear-groups"]
        env = {**os.environ, "LC_ALL": "C"}
        initdb = [str(binaries / "initdb"), "-D", str(root / "data"), "-U", "postgres", "--auth=trust"]
        subprocess.run(
            [*as_user, *initdb, "-E", "UTF8", "--locale=C", "--no-sync"],
            check=True,
            capture_output=True,
            cwd=root,
            env=env,
        )
        port = free_port()
        settings = ["listen_addresses=127.0.0.1", "fsync=off", "synchronous_commit=off", "max_connections=200"]
        process = subprocess.Popen(
            [*as_user, str(binaries / "postgres"), "-D", str(root / "data"), "-p", str(port), "-k", str(root)]
            + [arg for setting in settings for arg in ("-c", setting)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=root,
        )
        try:
            admin = f"postgresql://postgres@127.0.0.1:{port}/postgres"
            deadline = time.monotonic() + 30
            while True:
                try:
                    with psycopg.connect(admin, connect_timeout=2, autocommit=True) as conn:
                        conn.execute("CREATE DATABASE feeds")
                    break
                except psycopg.OperationalError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("PostgreSQL did not start") from None
                    time.sleep(0.1)
            yield f"postgresql://postgres@127.0.0.1:{port}/feeds"
        finally:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
