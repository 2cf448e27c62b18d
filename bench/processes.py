"""Servers started for a benchmark: a free loopback port, and a server process that is surely gone
when the measurement ends (its whole process group)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.report import ROOT


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def serving(command: list[str], env: dict[str, str], probe: str, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A server in its own process group until the block ends (then SIGINT, SIGKILL if it lingers)."""
    with open(log, "wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                if process.poll() is not None:
                    raise RuntimeError(f"server exited: {log.read_text()[-2000:]}")
                try:
                    if httpx.get(probe, timeout=2).status_code < 500:
                        break
                except httpx.TransportError:
                    pass
                if time.monotonic() > deadline:
                    raise RuntimeError(f"server did not start: {log.read_text()[-2000:]}")
                time.sleep(0.2)
            yield process
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGINT)
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
