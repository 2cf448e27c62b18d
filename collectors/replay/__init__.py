"""The offline replay: a simulated, evolving AI ecosystem served in the real upstream formats.

`ReplayWorld(settings).transport(now)` is an httpx transport that answers the six collectors as
GitHub, the HN Algolia API, the MCP registry, OpenRouter, the Hugging Face Hub and vendor pricing
pages would at `now`; `world.resolve` is the matching DNS. The real collector code runs against
it unchanged, which is how this machine, with no network, fills a multi-week archive.

Everything is a pure function of (FEEDS_SEED, sizes, now): two worlds with the same settings
answer the same request at the same instant with the same bytes, whatever else they were asked.
"""

from __future__ import annotations

import socket
from collections import OrderedDict
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from collectors.replay import github, world
from collectors.replay.pricing import render, site
from collectors.replay.rng import text_key
from collectors.replay.transport import API_HOSTS, ReplayTransport
from collectors.replay.world import DayState, WorldConfig
from feeds.settings import Settings

SEED_FILE = Path(__file__).resolve().parent.parent / "pricing_seed.txt"
FALLBACK_PRICING_URLS = (
    "https://openai.com/api/pricing/",
    "https://www.anthropic.com/pricing",
    "https://github.com/features/copilot/plans",
    "https://cursor.com/pricing",
    "https://www.notion.com/pricing",
    "https://elevenlabs.io/pricing",
)
SAAS_SUFFIX = ".example-saas.test"
"""Any https URL on a host under this suffix is a pricing page, so tests and benchmarks can queue more."""
OTHER_HOSTS = frozenset(("github.com", "news.ycombinator.com"))


def load_pricing_urls(path: Path = SEED_FILE) -> tuple[str, ...]:
    """The seed list of pricing pages (one https URL a line, `#` comments), or a few real ones without it."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return FALLBACK_PRICING_URLS
    urls = []
    for line in lines:
        token = line.split("#", 1)[0].strip().split()
        if token and token[0].startswith("https://"):
            urls.append(token[0])
    return tuple(urls) or FALLBACK_PRICING_URLS


def page_key(url: str) -> tuple[str, str]:
    """(host, path) with no trailing slash, scheme, query or fragment: the identity of a page."""
    parts = urlsplit(url)
    return (parts.hostname or "").lower(), parts.path.rstrip("/") or "/"


def reset_caches() -> None:
    """Forget every entity computed so far (they are pure, so this only frees memory or proves purity)."""
    for cached in (
        world.repo_params,
        world.forum_day,
        world.server_params,
        world.release_schedule,
        world.llm_params,
        world.hub_params,
        site,
        github._static_fields,
    ):
        cached.cache_clear()


class ReplayWorld:
    """One simulated ecosystem, fixed by the settings' seed and sizes."""

    def __init__(self, settings: Settings, pricing_urls: tuple[str, ...] | None = None) -> None:
        self.config = WorldConfig(
            seed=settings.feeds_seed,
            repos=settings.feeds_sim_repos,
            servers=settings.feeds_sim_mcp_servers,
            llms=settings.feeds_sim_llms,
            hub_items=settings.feeds_sim_hub_items,
            forum_posts=settings.feeds_sim_forum_posts,
        )
        urls = load_pricing_urls() if pricing_urls is None else pricing_urls
        self.pricing_urls: dict[tuple[str, str], str] = {page_key(u): u for u in urls}
        self.pricing_hosts = frozenset(host for host, _ in self.pricing_urls)
        self._days: OrderedDict[float, DayState] = OrderedDict()

    def day(self, now: datetime | float) -> DayState:
        """The world at `now`, computed once per instant (the last few are kept)."""
        stamp = now.timestamp() if isinstance(now, datetime) else float(now)
        if stamp not in self._days:
            self._days[stamp] = DayState(self.config, stamp)
            while len(self._days) > 4:
                self._days.popitem(last=False)
        return self._days[stamp]

    def transport(self, now: datetime) -> ReplayTransport:
        return ReplayTransport(self, self.day(now))

    def is_pricing_host(self, host: str) -> bool:
        host = host.lower()
        return host in self.pricing_hosts or host.endswith(SAAS_SUFFIX)

    def knows(self, host: str) -> bool:
        host = host.lower()
        return host in API_HOSTS or host in OTHER_HOSTS or self.is_pricing_host(host)

    def pricing_page(self, url: str, now: float) -> str | None:
        """The HTML of a pricing page at `now`, or None when no simulated page lives at `url`."""
        key = page_key(url)
        if key not in self.pricing_urls and not key[0].endswith(SAAS_SUFFIX):
            return None
        return render(site(self.config.seed, f"https://{key[0]}{key[1]}"), now)

    async def resolve(self, host: str) -> list[str]:
        """DNS of the simulated internet: a stable public address per known host, OSError otherwise."""
        if not self.knows(host):
            raise socket.gaierror(socket.EAI_NONAME, f"Name or service not known: {host}")
        h = text_key(host.lower())
        return [f"93.184.{215 + h % 2}.{10 + (h >> 8) % 240}"]


__all__ = ["FALLBACK_PRICING_URLS", "ReplayTransport", "ReplayWorld", "load_pricing_urls", "reset_caches"]
