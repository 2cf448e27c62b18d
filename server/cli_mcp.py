"""`feeds mcp`: the remote MCP server (streamable HTTP at /mcp) under uvicorn, in front of the API.

`feeds serve` starts it as a child process; run it alone to put MCP on another machine or port,
pointing `--api-url` at the API.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
import time

from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", help="listen address (default FEEDS_HOST)")
    parser.add_argument("--port", type=int, help="port (default FEEDS_MCP_PORT)")
    parser.add_argument("--api-url", help="base URL of the API the tools call (default http://127.0.0.1:FEEDS_PORT)")
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="HOST",
        help="extra public host name clients reach this server by (repeatable)",
    )
    parser.add_argument("--parent", type=int, help=argparse.SUPPRESS)  # set by `feeds serve`


def _exit_with_parent(parent: int) -> None:
    """Stop (as on Ctrl-C) once the parent is gone, so a killed `feeds serve` leaves no orphan behind."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def run(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from server.mcp_server import create_mcp_app, default_api_url

    host = args.host or settings.feeds_host
    port = args.port or settings.feeds_mcp_port
    if not 1 <= port <= 65535:
        print("feeds mcp: --port must be between 1 and 65535", file=sys.stderr)
        return 2
    api_url = args.api_url or default_api_url(settings)
    app = create_mcp_app(settings, api_url=api_url, extra_hosts=args.allow_host)
    if args.parent:
        _exit_with_parent(args.parent)
    print(f"serving MCP (streamable HTTP) on http://{host}:{port}/mcp, calling the API at {api_url}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False, lifespan="on")
    return 0
