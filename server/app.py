"""The Sanic app: its stores, its background tasks and the route blueprints, composed in one place.

Every route module registers its routes on its own Blueprint and imports the shared request steps
(server/steps.py), never this module; so this module is the only one that knows all the others.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from sanic import DefaultSanic, Sanic

from collectors.archive import rows_dir_for
from collectors.claims import ClaimStore
from collectors.protocol import resolver_for
from collectors.state_db import state_database
from feeds.settings import Settings
from server import atom_routes, claim_routes, export_routes, feed_routes, public_routes, static, watch_routes
from server.asof import AsOfArchive
from server.backends import open_demand_log, open_quotas, open_revocations
from server.demand import FLUSH_SECONDS, DemandRecorder
from server.errors import handle_error
from server.feed_tokens import FeedTokenStore
from server.keys import KeyStore
from server.notifications import NotificationStore
from server.plans import plans
from server.quotas import VELOCITY_FLUSH_SECONDS
from server.site import SiteHolder
from server.watches import WatchStore

BLUEPRINTS = (
    feed_routes.routes,
    watch_routes.routes,
    atom_routes.routes,
    public_routes.routes,
    claim_routes.routes,
    export_routes.routes,
    static.routes,
)


def create_app(settings: Settings | None = None, name: str = "feeds") -> DefaultSanic:
    settings = settings or Settings()
    app = Sanic(name)
    app.config.REQUEST_MAX_SIZE = 1024 * 1024
    app.config.ACCESS_LOG = False
    app.config.FALLBACK_ERROR_FORMAT = "json"
    app.error_handler.add(Exception, handle_error)

    @app.before_server_start
    async def open_resources(app: DefaultSanic) -> None:
        app.ctx.settings = settings
        app.ctx.plans = plans(settings)
        app.ctx.site = SiteHolder(Path(settings.feeds_site_dir))
        app.ctx.keys = KeyStore(state_database(settings))
        app.ctx.revocations = open_revocations(settings)
        app.ctx.revocations.listen(app.ctx.keys.forget)
        app.ctx.quotas = open_quotas(settings, background_checkpoints=True)
        app.ctx.watches = WatchStore(state_database(settings))
        app.ctx.notifications = NotificationStore(state_database(settings))
        app.ctx.feed_tokens = FeedTokenStore(state_database(settings))
        app.ctx.claims = ClaimStore(state_database(settings))
        app.ctx.demand = DemandRecorder(open_demand_log(settings))
        app.ctx.resolver = resolver_for(settings)
        app.ctx.asof = AsOfArchive(rows_dir_for(settings.archive_path))
        app.add_task(app.ctx.site.watch(), name="site-watch")
        app.add_task(_flush_demand(app), name="demand-flush")
        app.add_task(_flush_quotas(app), name="quotas-flush")

    @app.after_server_stop
    async def close_resources(app: DefaultSanic) -> None:
        app.ctx.demand.close()
        await app.ctx.quotas.aclose()
        app.ctx.quotas.close()
        app.ctx.revocations.close()
        app.ctx.keys.close()
        app.ctx.watches.close()
        app.ctx.notifications.close()
        app.ctx.feed_tokens.close()
        app.ctx.claims.close()

    for blueprint in BLUEPRINTS:
        app.blueprint(blueprint)
    return app


async def _flush_quotas(app: DefaultSanic) -> None:
    """Every second: repeat lookups to the shared velocity table (a short write, on the loop: the
    SQLite connection belongs to this thread), then the counters' log checkpoint (in a thread).
    Both are no-ops with Redis, where every request is already counted in the shared store."""
    while True:
        await asyncio.sleep(VELOCITY_FLUSH_SECONDS)
        app.ctx.quotas.flush()
        await asyncio.to_thread(app.ctx.quotas.checkpoint)


async def _flush_demand(app: DefaultSanic) -> None:
    while True:
        await asyncio.sleep(FLUSH_SECONDS)
        await asyncio.to_thread(app.ctx.demand.flush)
