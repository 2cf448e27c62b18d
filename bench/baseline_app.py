"""The server benchmark's baseline: a bare Sanic app answering one page's bytes from memory, no key, no work.

    python -m bench.baseline_app --port 8100 --workers 2 --body page.json

It is served the same way as `feeds serve` (AppLoader, N workers, no access log), so the gap between
the two is what the real handlers cost.
"""

from __future__ import annotations

import argparse
from functools import partial
from pathlib import Path

from sanic import DefaultSanic, Request, Sanic
from sanic.response import HTTPResponse

PATH = "/page"


def create_app(body_path: str) -> DefaultSanic:
    body = Path(body_path).read_bytes()
    app = Sanic("baseline")
    app.config.ACCESS_LOG = False

    async def page(request: Request) -> HTTPResponse:
        return HTTPResponse(body, content_type="application/json")

    app.add_route(page, PATH, methods=["GET"], name="page")
    return app


def main(argv: list[str] | None = None) -> None:
    from sanic.worker.loader import AppLoader

    from bench.baseline_app import create_app as factory  # by its import name, so workers can load it

    parser = argparse.ArgumentParser(prog="python -m bench.baseline_app")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--body", required=True, help="file whose bytes every response carries")
    args = parser.parse_args(argv)
    loader = AppLoader(factory=partial(factory, args.body))
    app = loader.load()
    app.prepare(
        host="127.0.0.1",
        port=args.port,
        workers=args.workers,
        access_log=False,
        motd=False,
        single_process=args.workers == 1,
    )
    Sanic.serve(primary=app, app_loader=loader)


if __name__ == "__main__":
    main()
