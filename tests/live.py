"""A real server on a real port for integration tests: `feeds serve` in a subprocess, 2 workers.

With `mcp=True` the server also runs its MCP child (`feeds mcp`) on another free port (`mcp_url`);
otherwise it runs with `--no-mcp`, so parallel test servers never compete for FEEDS_MCP_PORT.

The tree is built from the tiny hand-made archive (tests/tiny_archive.py); keys are created in the
server's own state store. Limits are shrunk through settings so every limit can be reached fast.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import BinaryIO

import httpx

from collectors.state_db import state_database
from feeds.settings import Settings
from feeds.site_build import build_site
from server.keys import KeyStore
from tests.tiny_archive import make_tiny_archive

LIMITS = {
    "FEEDS_STARTER_MONTHLY": "400",
    "FEEDS_PRO_MONTHLY": "5000",
    "FEEDS_STARTER_DAILY_HISTORY": "25",
    "FEEDS_PRO_DAILY_HISTORY": "60",
    "FEEDS_STARTER_WATCHES": "5",
    "FEEDS_PRO_WATCHES": "50",
    "FEEDS_VELOCITY_LIMIT": "12",
    "FEEDS_VELOCITY_WINDOW": "600",
    "FEEDS_THROTTLE_SECONDS": "3600",
    "FEEDS_QUOTA_BLOCK": "20",
}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class LiveServer:
    base_url: str
    env: dict[str, str]
    settings: Settings
    process: subprocess.Popen[bytes]
    log: BinaryIO
    mcp_url: str | None = None

    def key(self, plan: str = "starter", name: str | None = None) -> str:
        store = KeyStore(state_database(self.settings))  # the server's own store: SQLite or PostgreSQL
        try:
            return store.create(plan, name)[1]
        finally:
            store.close()

    def client(self, key: str | None = None, **kwargs: object) -> httpx.Client:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        return httpx.Client(base_url=self.base_url, headers=headers, timeout=30, **kwargs)  # type: ignore[arg-type]


def start_live_server(
    root: Path, extra_env: dict[str, str] | None = None, workers: int = 2, mcp: bool = False, build: bool = True
) -> LiveServer:
    """`build=False`: serve FEEDS_SITE_DIR as it is (another origin, filled by `feeds publish`)."""
    env = {
        **os.environ,
        "FEEDS_DATA_DIR": str(root / "var"),
        "FEEDS_SITE_DIR": str(root / "site"),
        **LIMITS,
        **({"FEEDS_MCP_PORT": str(free_port())} if mcp else {}),
        **(extra_env or {}),
    }
    settings = Settings(env=env)
    settings.ensure_dirs()
    if build:
        make_tiny_archive(settings.archive_path).close()
        build_site(settings, now=datetime(2026, 11, 4, 12, tzinfo=UTC), quiet=True)
    port = free_port()
    log = open(root / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "ai_feeds",
            "serve",
            "--port",
            str(port),
            "--workers",
            str(workers),
            *([] if mcp else ["--no-mcp"]),
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    mcp_base = f"http://127.0.0.1:{env['FEEDS_MCP_PORT']}" if mcp else None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            log.close()
            raise RuntimeError(f"server exited: {(root / 'server.log').read_text()[-2000:]}")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200 and (
                mcp_base is None or httpx.get(f"{mcp_base}/healthz", timeout=1).status_code == 200
            ):
                break
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    else:
        stop(process)
        log.close()
        raise RuntimeError(f"server did not start: {(root / 'server.log').read_text()[-2000:]}")
    return LiveServer(base, env, settings, process, log, f"{mcp_base}/mcp" if mcp_base else None)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Graceful stop (SIGINT to the process group), so workers return unused quota reservations."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def live_server_fixture(root: Path, extra_env: dict[str, str] | None = None) -> Iterator[LiveServer]:
    server = start_live_server(root, extra_env)
    try:
        yield server
    finally:
        stop(server.process)
        server.log.close()
