"""Which store holds the shared state, decided once from the settings: SQLite files on one machine
(the default) or Redis shared by several origins (`FEEDS_REDIS_URL`; collectors/shared_redis.py).

The server and the command line open their quota counters, demand log and revocation notices here
and nowhere else; the build opens the demand log through `collectors.demand_log.open_demand_log`,
which makes the same choice on the same setting.
"""

from __future__ import annotations

from collectors.demand_log import open_demand_log
from collectors.shared_redis import shared_redis
from feeds.settings import Settings
from server.quotas import Quotas, QuotaStore
from server.quotas_redis import RedisQuotas
from server.revocations import LocalRevocations, RedisRevocations, Revocations

__all__ = ["open_demand_log", "open_quotas", "open_revocations"]


def open_quotas(settings: Settings, *, background_checkpoints: bool = False) -> QuotaStore:
    link = shared_redis(settings)
    if link is not None:
        return RedisQuotas(settings, link)
    return Quotas(settings, background_checkpoints=background_checkpoints)


def open_revocations(settings: Settings) -> Revocations:
    link = shared_redis(settings)
    return RedisRevocations(link) if link is not None else LocalRevocations()
