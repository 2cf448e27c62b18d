"""`feeds serve`: the API server (Sanic, several worker processes) over the published tree.

It also starts the remote MCP server (`feeds mcp`, a child process on FEEDS_MCP_PORT) pointed at
this API, and stops it on the way out; `--no-mcp` serves the API alone.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from functools import partial
from pathlib import Path

from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="listen address (default FEEDS_HOST)")
    parser.add_argument("--port", type=int, help="port (default FEEDS_PORT)")
    parser.add_argument("--workers", type=int, help="worker processes (default FEEDS_WORKERS)")
    parser.add_argument("--no-mcp", action="store_true", help="do not start the MCP server (`feeds mcp`) alongside")


def start_mcp(host: str, port: int) -> subprocess.Popen[bytes]:
    """`feeds mcp` as a child calling this API; it shares our stdout/stderr and exits if we die."""
    api_host = "127.0.0.1" if host in ("", "0.0.0.0", "::") else (f"[{host}]" if ":" in host else host)
    command = [
        sys.executable,
        "-m",
        "ai_feeds",
        "mcp",
        "--api-url",
        f"http://{api_host}:{port}",
        "--parent",
        str(os.getpid()),
    ]
    return subprocess.Popen(command)


def stop_mcp(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def run(args: argparse.Namespace, settings: Settings) -> int:
    from sanic import Sanic
    from sanic.worker.loader import AppLoader

    from collectors.db import SchemaNotReady
    from collectors.state_db import state_database
    from collectors.unavailable import BackendUnavailable
    from server.app import create_app

    host = args.host or settings.feeds_host
    port = args.port or settings.feeds_port
    workers = args.workers or settings.feeds_workers
    if not 1 <= workers <= 64:
        print("feeds serve: --workers must be between 1 and 64", file=sys.stderr)
        return 2
    if not (Path(settings.feeds_site_dir) / "build.json").exists():
        print(
            f"feeds serve: nothing published in {settings.feeds_site_dir} yet; run `feeds build` first "
            "(serving anyway: API calls answer 503 until a build appears)",
            file=sys.stderr,
        )
    try:  # never migrate implicitly: a PostgreSQL schema is `feeds db migrate`'s job (SQLite files migrate on open)
        state_database(settings).close()
    except SchemaNotReady as exc:
        print(f"feeds serve: not starting: {exc}", file=sys.stderr)
        return 3
    except BackendUnavailable as exc:
        print(f"feeds serve: not starting: {exc}", file=sys.stderr)
        return 1
    loader = AppLoader(factory=partial(create_app, settings))
    app = loader.load()
    app.prepare(host=host, port=port, workers=workers, access_log=False, motd=False, single_process=workers == 1)
    print(f"serving {settings.feeds_site_dir} on http://{host}:{port} with {workers} worker(s)", flush=True)
    mcp = None if args.no_mcp else start_mcp(host, port)
    try:
        Sanic.serve(primary=app, app_loader=loader)
    finally:
        if mcp is not None:
            stop_mcp(mcp)
    return 0
