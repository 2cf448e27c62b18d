"""A real `redis-server` for tests: started on a free port in a temp dir, stopped and restarted at will.

Persistence is on (append-only file, fsync always), so a stop and a restart keep the counters, as a
deployed Redis must (deploy/README.md). Tests that need it skip, naming the package, when the
binary is missing.
"""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.live import free_port

BINARY = "redis-server"
MISSING = "redis-server not installed (Debian/Ubuntu: apt-get install redis-server)"


class RedisServer:
    def __init__(self, directory: Path) -> None:
        binary = shutil.which(BINARY) or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)
        if binary is None:
            pytest.skip(MISSING)
        self.binary = binary
        self.directory = directory
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
                "--protected-mode",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port)
        deadline = time.monotonic() + 10
        while True:
            try:
                client.ping()
                break
            except redis.exceptions.ConnectionError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.02)
        client.close()

    def stop(self) -> None:
        """SIGTERM: Redis finishes its append-only file and exits, as on a planned restart."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def flush(self) -> None:
        client = redis.Redis(port=self.port)
        client.flushall()
        client.close()


def redis_server_fixture(directory: Path) -> Iterator[RedisServer]:
    server = RedisServer(directory)
    server.start()
    try:
        yield server
    finally:
        server.stop()
