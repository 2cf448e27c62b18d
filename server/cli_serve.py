"""`feeds serve`: the API server (Sanic, several worker processes) over the published tree."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path

from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="listen address (default FEEDS_HOST)")
    parser.add_argument("--port", type=int, help="port (default FEEDS_PORT)")
    parser.add_argument("--workers", type=int, help="worker processes (default FEEDS_WORKERS)")


def run(args: argparse.Namespace, settings: Settings) -> int:
    from sanic import Sanic
    from sanic.worker.loader import AppLoader

    from server.app import create_app

    host = args.host or settings.feeds_host
    port = args.port or settings.feeds_port
    workers = args.workers or settings.feeds_workers
    if not 1 <= workers <= 64:
        print("feeds serve: --workers must be between 1 and 64", file=sys.stderr)
        return 2
    if not (Path(settings.feeds_site_dir) / "build.json").exists():
        print(f"feeds serve: nothing published in {settings.feeds_site_dir} yet; run `feeds build` first "
              "(serving anyway: API calls answer 503 until a build appears)", file=sys.stderr)
    loader = AppLoader(factory=partial(create_app, settings))
    app = loader.load()
    app.prepare(host=host, port=port, workers=workers, access_log=False, motd=False, single_process=workers == 1)
    print(f"serving {settings.feeds_site_dir} on http://{host}:{port} with {workers} worker(s)", flush=True)
    Sanic.serve(primary=app, app_loader=loader)
    return 0
