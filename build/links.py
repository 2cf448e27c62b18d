"""One entity across feeds: which entities of different feeds are the same thing, and how we know.

Four rules, each a field one upstream publishes about another's entity (docs/links.md):

- `mcp_repository`: an MCP server's registry `repository` URL names a tracked GitHub repository;
- `hugging_face_id`: the LLM marketplace's Hugging Face id of a model names a hub model;
- `provider_host`: a pricing page's host is the provider part of LLM ids (`openai/gpt-4o` and
  `https://openai.com/api/pricing/`);
- `hub_repository`: a hub model's or hosted app's card names its GitHub repository.

Names are compared as upstreams compare them: GitHub and the hub ignore case, so an exact spelling
wins and otherwise a single case-insensitive match does. Where a rule expects one partner and finds
several (two tracked spellings of one repository, a provider with two pricing pages, a host that fits
two providers), the link is left out rather than guessed. Links join the entities of each feed's
latest archived day: what the upstreams say about each other now.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import orjson

from build.paths import entity_page
from collectors.archive import Archive
from collectors.models import FEED_NAMES

REPOS = "codehost-ai-repos"
SERVERS = "mcp-servers"
PAGES = "ai-pricing"
LLMS = "llm-pricing"
HUB = "modelhub-trending"

VIA_MCP_REPOSITORY = "mcp_repository"
VIA_HUGGING_FACE_ID = "hugging_face_id"
VIA_PROVIDER_HOST = "provider_host"
VIA_HUB_REPOSITORY = "hub_repository"
VIAS: tuple[str, ...] = (VIA_MCP_REPOSITORY, VIA_HUGGING_FACE_ID, VIA_PROVIDER_HOST, VIA_HUB_REPOSITORY)

GITHUB_HOSTS = frozenset({"github.com", "www.github.com"})
_GITHUB_PART = re.compile(r"^[A-Za-z0-9._-]+$")
# Second-level labels under a two-letter country code that are not themselves a name (`example.co.uk`).
_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "ac", "gov", "edu"})


@dataclass
class LinkSources:
    """What the rules read of each feed's latest day: entity keys and the one field each rule needs."""

    repos: list[str] = field(default_factory=list)
    servers: dict[str, str | None] = field(default_factory=dict)
    """MCP server name -> its registry repository URL."""
    llms: dict[str, str | None] = field(default_factory=dict)
    """Marketplace model id -> its Hugging Face id."""
    hub: dict[str, str | None] = field(default_factory=dict)
    """Hub entity (`model:<id>`, ...) -> the repository URL its card names."""
    pages: list[str] = field(default_factory=list)
    """Pricing page URLs."""


Links = dict[tuple[str, str], list[dict[str, str]]]
"""(feed, entity) -> [{feed, entity, page, via}], sorted by feed order then entity."""


def github_repo(url: str | None) -> str | None:
    """`owner/name` of a GitHub repository URL (`.git`, a trailing path such as `/tree/main/x` allowed)."""
    if not url:
        return None
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return None
    if parts.scheme not in ("https", "http", "git") or (parts.hostname or "").lower() not in GITHUB_HOSTS:
        return None
    segments = [s for s in parts.path.split("/") if s]
    if len(segments) < 2:
        return None
    owner, name = segments[0], segments[1].removesuffix(".git")
    if not (_GITHUB_PART.match(owner) and _GITHUB_PART.match(name)) or name in (".", ".."):
        return None
    return f"{owner}/{name}"


class Names:
    """Entity keys of one feed, looked up as upstream compares them: exact spelling first, else one
    case-insensitive match; several case-insensitive matches and no exact one is ambiguous (None)."""

    def __init__(self, keys: Iterable[str]) -> None:
        self.exact = set(keys)
        self.folded: dict[str, list[str]] = defaultdict(list)
        for key in sorted(self.exact):
            self.folded[key.lower()].append(key)

    def find(self, key: str) -> str | None:
        if key in self.exact:
            return key
        found = self.folded.get(key.lower(), [])
        return found[0] if len(found) == 1 else None


def provider_of(model_id: str) -> str | None:
    """The provider part of a marketplace id (`openai/gpt-4o` -> `openai`)."""
    provider, slash, rest = model_id.partition("/")
    return provider if slash and provider and rest else None


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


def host_keys(url: str) -> frozenset[str]:
    """The names a pricing page's host may go by as a provider: its registrable label (`openai` of
    `openai.com`, `deepseek` of `api-docs.deepseek.com`) and that label with its suffix
    (`mistralai` of `mistral.ai`, `xai` of `x.ai`), letters and digits only."""
    try:
        host = (urlsplit(url).hostname or "").lower().rstrip(".")
    except ValueError:
        return frozenset()
    labels = [label for label in host.split(".") if label]
    if len(labels) < 2:
        return frozenset()
    suffix = 2 if len(labels) >= 3 and len(labels[-1]) == 2 and labels[-2] in _SECOND_LEVEL else 1
    name, tail = labels[-suffix - 1], "".join(labels[-suffix:])
    return frozenset(k for k in (_key(name), _key(name + tail)) if k)


def _link(feed: str, entity: str, via: str) -> dict[str, str]:
    return {"feed": feed, "entity": entity, "page": entity_page(feed, entity), "via": via}


def compute_links(sources: LinkSources) -> Links:
    """Every link the four rules find, both ways."""
    pairs: set[tuple[str, str, str, str, str]] = set()  # (feed a, entity a, feed b, entity b, via)
    repos = Names(sources.repos)
    for server, url in sources.servers.items():
        named = github_repo(url)
        repo = repos.find(named) if named else None
        if repo is not None:
            pairs.add((SERVERS, server, REPOS, repo, VIA_MCP_REPOSITORY))
    for item, url in sources.hub.items():
        named = github_repo(url)
        repo = repos.find(named) if named and item.startswith(("model:", "space:")) else None
        if repo is not None:
            pairs.add((HUB, item, REPOS, repo, VIA_HUB_REPOSITORY))
    hub_models = Names(e for e in sources.hub if e.startswith("model:"))
    for llm, hf_id in sources.llms.items():
        model = hub_models.find(f"model:{hf_id.strip()}") if hf_id and hf_id.strip() else None
        if model is not None:
            pairs.add((LLMS, llm, HUB, model, VIA_HUGGING_FACE_ID))
    for page, provider in _provider_pages(sources).items():
        for llm in sources.llms:
            if provider_of(llm) == provider:
                pairs.add((PAGES, page, LLMS, llm, VIA_PROVIDER_HOST))
    links: Links = defaultdict(list)
    for feed_a, a, feed_b, b, via in pairs:
        links[(feed_a, a)].append(_link(feed_b, b, via))
        links[(feed_b, b)].append(_link(feed_a, a, via))
    order = {feed: n for n, feed in enumerate(FEED_NAMES)}
    for found in links.values():
        found.sort(key=lambda link: (order[link["feed"]], link["entity"], link["via"]))
    return dict(links)


def _provider_pages(sources: LinkSources) -> dict[str, str]:
    """Pricing page -> the one provider it prices, where page and provider pick each other alone."""
    providers = sorted({p for p in map(provider_of, sources.llms) if p})
    by_key: dict[str, list[str]] = defaultdict(list)
    for provider in providers:
        by_key[_key(provider)].append(provider)
    page_providers: dict[str, set[str]] = {}
    provider_pages: dict[str, set[str]] = defaultdict(set)
    for page in sources.pages:
        fits = {p for key in host_keys(page) for p in by_key.get(key, [])}
        page_providers[page] = fits
        for provider in fits:
            provider_pages[provider].add(page)
    return {
        page: next(iter(fits))
        for page, fits in page_providers.items()
        if len(fits) == 1 and len(provider_pages[next(iter(fits))]) == 1
    }


def _latest_rows(archive: Archive, feed: str, columns: tuple[str, ...]) -> list[dict[str, Any]]:
    day = archive.latest_day(feed)
    if day is None:
        return []
    rows: list[dict[str, Any]] = archive.files.read(feed, day, columns).to_pylist()
    return rows


def _field(rows: list[dict[str, Any]], name: str) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for row in rows:
        value = orjson.loads(row["data"]).get(name)
        out[row["entity"]] = value if isinstance(value, str) else None
    return out


def read_sources(archive: Archive) -> LinkSources:
    """The rules' inputs from each feed's latest archived day: one day file per feed, read before the
    feeds are built so every entity card can carry its links."""
    both = ("entity", "data")
    return LinkSources(
        repos=[row["entity"] for row in _latest_rows(archive, REPOS, ("entity",))],
        servers=_field(_latest_rows(archive, SERVERS, both), "repository"),
        llms=_field(_latest_rows(archive, LLMS, both), "hugging_face_id"),
        hub=_field(_latest_rows(archive, HUB, both), "repository"),
        pages=[row["entity"] for row in _latest_rows(archive, PAGES, ("entity",))],
    )


def links_of(links: Mapping[tuple[str, str], list[dict[str, str]]], feed: str, entity: str) -> list[dict[str, str]]:
    return links.get((feed, entity), [])
