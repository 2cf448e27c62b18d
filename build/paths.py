"""Where things live in the published tree. The server resolves the same paths, so both import this.

Entity keys are arbitrary upstream text (`owner/repo`, URLs, `model:org/x`), so per-entity files are
named by a hash of the key: no escaping rules, no path traversal, an even spread over
directories. The key itself is stored inside the file.
"""

from __future__ import annotations

import hashlib

from collectors.models import FEEDS


def entity_hash(entity: str) -> str:
    return hashlib.sha256(entity.encode()).hexdigest()[:32]


def _sharded(entity: str) -> str:
    digest = entity_hash(entity)
    return f"{digest[:2]}/{digest}"


def feed_dir(feed: str) -> str:
    return f"api/feeds/{feed}"


def entity_card_path(feed: str, entity: str) -> str:
    """One entity's current row, momentum (with score history) and recent change events."""
    return f"api/entities/{feed}/{_sharded(entity)}.json"


def trends_path(feed: str, window: str, date: str) -> str:
    """A dated trends document's head: its movers, with the events of its window composed in by whoever
    reads it (build/trends_files.py)."""
    return f"api/trends/{feed}/{window}/{date}.json"


def trends_events_path(feed: str, date: str) -> str:
    """The change events of one archived day: stored once, listed by every window that reaches the day."""
    return f"api/trends/{feed}/events/{date}.json"


def latest_trends_path(window: str, feed: str | None = None) -> str:
    return f"api/trends/{feed}/{window}/latest.json" if feed else f"api/trends/latest/{window}.json"


def momentum_path(category: str) -> str:
    return f"api/momentum/{category}.json"


def changes_feed_path(feed: str) -> str:
    """The feed's Atom feed of change events, served at `/feeds/<feed>/changes.atom` (a public page)."""
    return f"pages/{changes_feed_url(feed).lstrip('/')}"


def changes_feed_url(feed: str) -> str:
    return f"/feeds/{feed}/changes.atom"


SAMPLE_ALL = "api/sample/index.json"
DEMAND = "api/demand.json"
BUILD_INFO = "build.json"
MANIFEST = "build-manifest.json"
"""What the build read (per feed and day, the archive file's fingerprint) and the code that built it:
what the next build compares to decide what it may reuse (build/reuse.py). Not served."""


def recent_events_state_path(feed: str) -> str:
    """The feed's recent-events state (build/recent_events.py `RecentEvents.state`): which ranges of the
    events files hold each entity's last events, for the next build to start from. Not served."""
    return f"build-state/recent-events-{feed}.json"


def sample_path(feed: str) -> str:
    return f"api/sample/{feed}.json"


def entity_page(feed: str, entity: str) -> str:
    """Public page path of an entity; also the `entity` of a watch (SPEC §2.4: `/repo/<owner>/<name>`).

    The feed's page prefix, then the entity: a hub item's `kind:id` as `kind/id`, a pricing page's URL
    without its scheme (a URL with a query or fragment as host plus a hash, so it stays a file path)."""
    prefix = FEEDS[feed].page_prefix
    if feed == "modelhub-trending":
        kind, _, hub_id = entity.partition(":")
        return f"/{prefix}/{kind}/{hub_id}"
    if feed == "ai-pricing":
        rest = entity.split("://", 1)[-1].rstrip("/")
        if "?" in rest or "#" in rest:
            rest = f"{rest.split('/', 1)[0]}/{entity_hash(entity)[:12]}"
        return f"/{prefix}/{rest}"
    return f"/{prefix}/{entity}"


def entity_of_page(feed: str, page: str) -> str:
    """The entity key a page path names: the inverse of `entity_page`, but for pricing URLs with a query or
    fragment (their page holds a hash), which come back without it."""
    rest = page.removeprefix(f"/{FEEDS[feed].page_prefix}/")
    if feed == "modelhub-trending":
        kind, _, hub_id = rest.partition("/")
        return f"{kind}:{hub_id}"
    if feed == "ai-pricing":
        return f"https://{rest}"
    return rest


def badge_path(feed: str, entity: str) -> str:
    """`/badge/mcp/<server_id>.svg` (SPEC §1) and the same shape under each kind's page prefix."""
    return f"/badge{entity_page(feed, entity)}.svg"


PACKS = "packs"
"""Where the packs of the packed directories live (build/packs.py)."""


def _packed_dirs() -> frozenset[str]:
    dirs = set()
    for feed, info in FEEDS.items():
        dirs.add(f"api/entities/{feed}")  # entity cards
        dirs.add(f"api/trends/{feed}")  # dated trends heads and events files: ~5 a day, kept for ever
        dirs.add(f"pages/{info.page_prefix}")  # entity pages
        dirs.add(f"pages/badge/{info.page_prefix}")
        dirs.add(f"pages/badge-dark/{info.page_prefix}")
    return frozenset(dirs)


PACKED_DIRS = _packed_dirs()
"""Directories whose files are kept in packs (build/packs.py): one file per entity, or several per day
for ever, so many."""


def pack_of(relpath: str) -> str | None:
    """The packed directory holding `relpath` (a file strictly under it), or None for a loose file."""
    parts = relpath.split("/", 3)
    if len(parts) == 4 and "/".join(parts[:3]) in PACKED_DIRS:
        return "/".join(parts[:3])
    if len(parts) >= 3 and "/".join(parts[:2]) in PACKED_DIRS:
        return "/".join(parts[:2])
    return None


PAGES_INDEX = "api/entities/pages.json"
"""Page path -> [feed, entity] for every entity of the build (watches and page routing resolve with it)."""
