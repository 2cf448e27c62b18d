"""The simulated AI ecosystem: every entity's state at any instant, in closed form.

Why closed form: a backfill replays day after day, a test jumps straight to one day, and both must
see the same world. So nothing here is simulated step by step. Each entity k of a kind gets fixed
parameters from a generator keyed by (seed, kind, k) -- its birth, its lifetime, its growth curve,
its release and price schedules -- and its state at `now` is a pure function of those parameters
and `now`. The state on a day therefore cannot depend on which earlier days were looked at.

Entities are an endless stream: entity k of a kind is born at EPOCH + (k + jitter) * spacing,
spacing = window / population, and lives for about one window. At any instant about `population`
entities are alive, a steady trickle of new ones appears every day, and old ones retire (a
repository is archived, a registry server deleted, a marketplace model expires). Nothing depends
on the wall clock, so any `now`, past or future, has a world.

Windows per kind: repositories and marketplace models two years; registry servers one year (the
registry is young); hub items eight months (trending is about what is recent). A repository
archived more than 60 days ago is no longer simulated, so a lookup of it is a 404.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cached_property, lru_cache
from typing import TypeVar

from collectors.models import REPO_TOPICS
from collectors.replay import words
from collectors.replay.rng import h64, rng, unique_digits, unit, weighted

S = TypeVar("S")

EPOCH = datetime(2024, 1, 1, tzinfo=UTC).timestamp()
DAY = 86_400.0
INF = math.inf

# Integer codes of the kinds, mixed into the per-day hashes.
REPO, POST, SERVER, LLM, MODEL, SPACE, DATASET = range(1, 8)
HUB_KINDS = {"model": MODEL, "space": SPACE, "dataset": DATASET}

OWNERS: tuple[tuple[str, str], ...] = tuple(
    [(p + s, "User") for p in words.PEOPLE for s in words.PEOPLE_SUFFIXES]
    + [(o + s, "Organization") for o in words.ORGS for s in words.ORG_SUFFIXES]
)


@dataclass(frozen=True)
class Timeline:
    """Birth times and lifetimes of one kind's endless stream of entities."""

    seed: int
    code: int
    population: int
    window_days: float

    @property
    def spacing(self) -> float:
        return self.window_days * DAY / max(self.population, 1)

    def born(self, k: int) -> float:
        return EPOCH + (k + unit(self.seed, self.code, k, 1)) * self.spacing

    def lifetime(self, k: int) -> float:
        return self.window_days * DAY * (0.75 + 0.5 * unit(self.seed, self.code, k, 2))

    def indices(self, now: float, grace_days: float = 0.0) -> range:
        """Every k that may be alive (or retired less than `grace_days` ago) at `now`."""
        oldest = now - (1.25 * self.window_days + grace_days) * DAY
        return range(math.floor((oldest - EPOCH) / self.spacing) - 1, math.floor((now - EPOCH) / self.spacing) + 1)


def iso_seconds(t: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def iso_millis(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{int(t * 1000) % 1000:03d}Z"


def iso_go(t: float) -> str:
    """Go's RFC3339Nano: up to nine fraction digits with trailing zeros dropped (the registry's form)."""
    micros = round(t * 1_000_000) % 1_000_000
    base = datetime.fromtimestamp(math.floor(t), UTC).strftime("%Y-%m-%dT%H:%M:%S")
    fraction = f"{micros:06d}".rstrip("0")
    return f"{base}.{fraction}Z" if fraction else f"{base}Z"


def periodic_before(t: float, start: float, phase: float, period: float) -> float:
    """The latest tick start + phase + n*period not after t (or `start` before the first tick)."""
    if t < start + phase:
        return start
    return start + phase + math.floor((t - start - phase) / period) * period


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


# --------------------------------------------------------------------------------------------- repos


@dataclass(frozen=True, slots=True)
class Repo:
    k: int
    id: int
    owner: str
    owner_id: int
    owner_type: str
    name: str
    description: str | None
    language: str | None
    license: str | None
    topics: tuple[str, ...]
    homepage: str | None
    default_branch: str
    born: float
    retires: float
    base: float
    scale: float
    tau: float
    rate: float
    stall: float
    bursts: tuple[tuple[float, float, float], ...]
    fork_ratio: float
    issue_ratio: float
    push_phase: float
    push_period: float
    size0: int
    size_rate: float

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"

    def stars_at(self, t: float) -> int:
        """Monotone in t: a saturating start, a linear tail until the repo stalls, and ramped bursts."""
        age = max(0.0, (min(t, self.retires) - self.born) / DAY)
        stars = self.base + self.scale * (1.0 - math.exp(-age / self.tau)) + self.rate * min(age, self.stall)
        for start, height, width in self.bursts:
            if age > start:
                stars += height * min(1.0, (age - start) / width)
        return int(stars)


def _repo_topics(rand: random.Random) -> tuple[str, ...]:
    """About 42% carry `mcp` (so that topic outgrows one search), the rest spread over the others, with overlaps."""
    topics: list[str] = []
    mcp = rand.random() < 0.42
    if mcp:
        topics.append("mcp")
    if rand.random() < (0.4 if mcp else 0.06):
        topics.append("mcp-server")
    for topic, p in (
        ("ai-agent", 0.3),
        ("ai-agents", 0.22),
        ("llm-agent", 0.14),
        ("agentic-ai", 0.12),
        ("autonomous-agents", 0.08),
    ):
        if rand.random() < (p * 0.5 if mcp else p):
            topics.append(topic)
    if not topics:
        topics.append(rand.choice(REPO_TOPICS[1:]))
    extras = rand.sample(words.EXTRA_TOPICS, rand.randint(0, 4))
    return tuple(sorted(set(topics) | set(extras)))


@lru_cache(maxsize=200_000)
def repo_params(seed: int, population: int, k: int) -> Repo:
    timeline = Timeline(seed, REPO, population, 730.0)
    r = rng(seed, "repo", k)
    owner_i, prefix_i, stem_i = unique_digits(
        k, (len(OWNERS), len(words.NAME_PREFIXES), len(words.NAME_STEMS)), seed * 7919 + 13
    )
    owner, owner_type = OWNERS[owner_i]
    topics = _repo_topics(r)
    base = f"{words.NAME_PREFIXES[prefix_i]}-{words.NAME_STEMS[stem_i]}"
    is_mcp = "mcp" in topics or "mcp-server" in topics
    roll = r.random()
    if is_mcp and roll < 0.6:
        decoration = words.DECORATIONS_MCP[int(roll / 0.2)]
    elif not is_mcp and roll < 0.45:
        decoration = words.DECORATIONS_AGENT[int(roll / 0.15)]
    else:
        decoration = ""
    name = decoration + base if decoration.endswith("-") else base + decoration
    thing = words.STEM_THINGS.get(words.NAME_STEMS[stem_i]) or r.choice(words.THINGS)
    templates = words.REPO_DESCRIPTIONS_MCP if is_mcp else words.REPO_DESCRIPTIONS_AGENT
    description = None if r.random() < 0.08 else r.choice(templates).format(thing=thing, adj=r.choice(words.ADJECTIVES))
    born = timeline.born(k)
    lifetime = timeline.lifetime(k)
    scale = math.exp(r.gauss(2.3, 1.6))
    stall = r.uniform(20, 400) if r.random() < 0.35 else INF
    bursts: list[tuple[float, float, float]] = []
    for _ in range(r.choice((0, 0, 1, 1, 2))):
        bursts.append((r.uniform(0, lifetime / DAY), scale * r.uniform(0.2, 2.0), r.uniform(1, 10)))
    if r.random() < 0.03:  # goes viral, possibly during the replayed weeks
        bursts.append((r.uniform(0, lifetime / DAY), math.exp(r.gauss(7.5, 1.2)), r.uniform(2, 14)))
    bursts = [b for b in bursts if b[0] < stall]
    return Repo(
        k=k,
        id=650_000_000 + k * 97_331 + (h64(seed, k) % 97_000),
        owner=owner,
        owner_id=10_000_000 + owner_i * 7_919 + seed % 1000,
        owner_type=owner_type,
        name=name,
        description=description,
        language=weighted(r, words.LANGUAGES),
        license=weighted(r, words.LICENSES),
        topics=topics,
        homepage=f"https://{name}.{owner}.dev" if r.random() < 0.2 else ("" if r.random() < 0.2 else None),
        default_branch="main" if r.random() < 0.9 else "master",
        born=born,
        retires=born + lifetime,
        base=r.uniform(0, 3),
        scale=scale,
        tau=r.uniform(20, 200),
        rate=scale * r.uniform(0.0, 0.012),
        stall=stall,
        bursts=tuple(bursts),
        fork_ratio=r.uniform(0.03, 0.2),
        issue_ratio=r.uniform(0.05, 0.6),
        push_phase=r.uniform(0, 2) * DAY,
        push_period=r.uniform(0.3, 12) * DAY,
        size0=r.randint(20, 400),
        size_rate=r.uniform(1, 60),
    )


@dataclass(frozen=True, slots=True)
class RepoNow:
    repo: Repo
    stars: int
    forks: int
    open_issues: int
    size: int
    pushed_at: float
    updated_at: float
    archived: bool


def repo_now(repo: Repo, seed: int, now: float) -> RepoNow:
    stars = repo.stars_at(now)
    archived = now >= repo.retires
    active_until = min(now, repo.retires, repo.born + repo.stall * DAY)
    pushed = periodic_before(active_until, repo.born, repo.push_phase, repo.push_period)
    day_hash = h64(seed, REPO, repo.k, int(now // DAY))
    if archived:
        updated = repo.retires
    elif repo.stall < INF and now > repo.born + repo.stall * DAY:
        updated = pushed
    else:  # stars keep arriving: GitHub bumps updated_at on every star
        updated = max(pushed, now - (day_hash & 0xFFFF) / 65536 * 6 * 3600)
    issues = int(stars**0.6 * repo.issue_ratio * (0.8 + 0.4 * (day_hash >> 48) / 65536))
    age_days = max(0.0, (active_until - repo.born) / DAY)
    return RepoNow(
        repo=repo,
        stars=stars,
        forks=int(stars * repo.fork_ratio),
        open_issues=issues,
        size=int(repo.size0 + repo.size_rate * age_days),
        pushed_at=pushed,
        updated_at=updated,
        archived=archived,
    )


# ------------------------------------------------------------------------------------------- forum


@dataclass(frozen=True, slots=True)
class Post:
    id: int
    created: int
    title: str
    url: str | None
    author: str
    kind: str  # story | show_hn | ask_hn | launch_hn
    final_points: float
    final_comments: float
    tau_points: float
    tau_comments: float
    words: frozenset[str]

    def points_at(self, now: float) -> int:
        hours = max(0.0, (now - self.created) / 3600)
        return 1 + int((self.final_points - 1) * (1.0 - math.exp(-hours / self.tau_points)))

    def comments_at(self, now: float) -> int:
        hours = max(0.0, (now - self.created) / 3600)
        return int(self.final_comments * (1.0 - math.exp(-hours / self.tau_comments)))


def title_words(title: str) -> frozenset[str]:
    """The whole words of a title, lower-cased: what a one-word query must match."""
    cleaned = "".join(ch.lower() if ch.isalnum() else " " for ch in title)
    return frozenset(cleaned.split())


def _slug(text: str) -> str:
    return "-".join("".join(c.lower() if c.isalnum() else " " for c in text).split())[:60]


@lru_cache(maxsize=8_192)
def forum_day(seed: int, per_day: int, d: int) -> tuple[Post, ...]:
    """The posts of simulated day d (days since EPOCH), newest first. Weekends are quieter."""
    r = rng(seed, "forum", per_day, d)
    weekend = (d % 7) >= 5  # EPOCH is a Monday
    ai_posts = max(0, round(per_day * (0.75 + 0.5 * r.random()) * (0.65 if weekend else 1.0)))
    filler = round(ai_posts * 0.3)
    start = EPOCH + d * DAY
    drafts: list[tuple[float, str, str, bool]] = []
    year = datetime.fromtimestamp(start, UTC).year
    month = datetime.fromtimestamp(start, UTC).strftime("%B %Y")
    for i in range(ai_posts + filler):
        thing = r.choice(words.THINGS)
        fill = {
            "thing": thing,
            "product": r.choice(words.PRODUCTS),
            "vendor": r.choice(words.VENDORS),
            "year": year,
            "month": month,
            "batch": r.choice(("W25", "S25", "F25", "W26", "X25")),
        }
        if i >= ai_posts:
            kind, template = "story", r.choice(words.FORUM_FILLER)
        else:
            kind = weighted(r, (("story", 62.0), ("show_hn", 24.0), ("ask_hn", 10.0), ("launch_hn", 4.0)))
            pool = {
                "story": words.FORUM_TEMPLATES_STORY,
                "show_hn": words.FORUM_TEMPLATES_SHOW,
                "ask_hn": words.FORUM_TEMPLATES_ASK,
                "launch_hn": words.FORUM_TEMPLATES_LAUNCH,
            }[kind]
            template = r.choice(pool)
        if template.startswith("Show HN"):
            kind = "show_hn"
        elif template.startswith("Ask HN"):
            kind = "ask_hn"
        title = template.format(**fill)
        drafts.append((r.random(), title, kind, r.random() < 0.05))
    drafts.sort()
    stride = max(4_000, 8 * per_day)  # ids grow with time and never overlap the next day's
    posts: list[Post] = []
    for rank, (fraction, title, kind, front_page) in enumerate(drafts):
        post_id = 10 * (4_000_000 + d * stride + int(fraction * (stride - 4 * per_day)) + rank)
        author = r.choice(words.AUTHORS_A) + r.choice(words.AUTHORS_B)
        if kind == "ask_hn" or (kind == "show_hn" and r.random() < 0.15):
            url = None
        elif kind == "show_hn" and r.random() < 0.6:
            url = f"https://github.com/{author.lower().strip('_')}/{_slug(title.split(':', 1)[-1])[:30].strip('-')}"
        else:
            host = r.choice(
                (
                    "techcrunch.com",
                    "arstechnica.com",
                    "theverge.com",
                    "blog.example.org",
                    "simonwillison.net",
                    "arxiv.org",
                    "www.nytimes.com",
                    "substack.com",
                )
            )
            url = f"https://{host}/{year}/{_slug(title)}"
        if front_page:
            points = math.exp(r.gauss(5.3, 0.8))
            comments = points * r.uniform(0.2, 1.3)
        else:
            points = 1 + math.exp(r.gauss(0.8, 1.3))
            comments = points * r.uniform(0.0, 0.9)
        posts.append(
            Post(
                id=post_id,
                created=int(start + fraction * DAY),
                title=title,
                url=url,
                author=author,
                kind=kind,
                final_points=points,
                final_comments=comments,
                tau_points=r.uniform(2, 14),
                tau_comments=r.uniform(3, 24),
                words=title_words(title),
            )
        )
    posts.reverse()
    return tuple(posts)


# ------------------------------------------------------------------------------------- MCP servers


@dataclass(frozen=True, slots=True)
class Server:
    k: int
    name: str
    title: str | None
    description: str
    website: str | None
    repository: str | None
    subfolder: str | None
    package_kind: str | None  # npm | pypi | oci
    package_id: str | None
    env_vars: tuple[tuple[str, str, bool], ...]
    remotes: tuple[tuple[str, str], ...]
    born: float
    retires: float
    first_version: tuple[int, int, int]
    bump_every: float
    stall: float
    deprecated_at: float
    deleted_at: float
    schema: str
    publisher_meta: bool


def tracked_repository(seed: int, repos: int, salt: str, k: int, share: float, born: float) -> str | None:
    """The URL of a simulated repository born before `born`, for a `share` of the `k`s (its own random
    stream, so the other draws of the entity stay as they were): what makes an MCP server or a hub
    item name a repository the code-host feed tracks."""
    r = rng(seed, salt, k)
    if repos <= 0 or r.random() >= share:
        return None
    repo = repo_params(seed, repos, r.randrange(repos))
    return f"https://github.com/{repo.full_name}" if repo.born <= born else None


@lru_cache(maxsize=100_000)
def server_params(seed: int, population: int, k: int, repos: int = 0) -> Server:
    """`repos`: the code host's population; with it, a third of the servers come from a simulated repository."""
    timeline = Timeline(seed, SERVER, population, 365.0)
    r = rng(seed, "server", k)
    owner_i, prefix_i, stem_i, style = unique_digits(
        k, (len(OWNERS), len(words.NAME_PREFIXES), len(words.NAME_STEMS), 3), seed * 104_729 + 7
    )
    owner = OWNERS[owner_i][0]
    prefix, stem = words.NAME_PREFIXES[prefix_i], words.NAME_STEMS[stem_i]
    base = f"{prefix}-{stem}"
    namespace = (f"io.github.{owner}", f"com.{owner}", f"ai.{owner}")[style]
    thing = words.STEM_THINGS.get(stem) or r.choice(words.THINGS)
    description = r.choice(
        (
            f"MCP server for {thing}",
            f"Connect AI assistants to {thing}",
            f"Read and act on {thing} from any MCP client",
            f"{thing[:1].upper()}{thing[1:]} tools for LLM agents",
            f"Search, query and update {thing}",
        )
    )[:100]
    born = timeline.born(k)
    repository = f"https://github.com/{owner}/{base}" if r.random() < 0.8 else None
    repository = tracked_repository(seed, repos, "server-repository", k, 0.35, born) or repository
    roll = r.random()
    package_kind = None if roll < 0.3 else ("npm" if roll < 0.65 else ("pypi" if roll < 0.9 else "oci"))
    package_id = {
        None: None,
        "npm": f"@{owner}/{base}-mcp" if r.random() < 0.6 else f"{base}-mcp",
        "pypi": f"{base}-mcp",
        "oci": f"ghcr.io/{owner}/{base}",
    }[package_kind]
    remotes: list[tuple[str, str]] = []
    if package_kind is None or r.random() < 0.25:
        remotes.append(("streamable-http" if r.random() < 0.8 else "sse", f"https://mcp.{owner}.com/{stem}"))
    env_vars = tuple(
        (f"{stem.upper()}_{name}", description, secret)
        for name, description, secret in (("API_KEY", "API key", True), ("BASE_URL", "Base URL", False))
        if package_kind and r.random() < 0.4
    )
    major = r.choice((0, 0, 0, 1, 1, 2))
    return Server(
        k=k,
        name=f"{namespace}/{base}",
        title=f"{prefix.title()} {stem.title()}" if r.random() < 0.7 else None,
        description=description,
        website=f"https://{owner}.dev/{stem}" if r.random() < 0.4 else None,
        repository=repository,
        subfolder=f"servers/{stem}" if repository and r.random() < 0.1 else None,
        package_kind=package_kind,
        package_id=package_id,
        env_vars=env_vars,
        remotes=tuple(remotes),
        born=born,
        retires=born + timeline.lifetime(k),
        first_version=(major, r.randint(0, 3), 0) if major else (0, r.randint(0, 2), r.randint(0, 3)),
        bump_every=math.exp(r.gauss(math.log(14), 0.8)) * DAY,
        stall=r.uniform(10, 200) * DAY if r.random() < 0.4 else INF,
        deprecated_at=born + r.uniform(20, 300) * DAY if r.random() < 0.06 else INF,
        deleted_at=born + r.uniform(5, 200) * DAY if r.random() < 0.02 else INF,
        schema=(
            "https://static.modelcontextprotocol.io/schemas/2025-10-17/server.schema.json"
            if born < datetime(2025, 12, 11, tzinfo=UTC).timestamp()
            else "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json"
        ),
        publisher_meta=r.random() < 0.1,
    )


@lru_cache(maxsize=100_000)
def release_schedule(seed: int, server: Server) -> tuple[tuple[str, float], ...]:
    """(version, publishedAt) of every release the server will ever make, oldest first.

    Semver bumps on a jittered schedule until the server stalls, is deprecated or deleted. The
    schedule does not depend on `now`, so it is computed once per process and cut at `now`.
    """
    major, minor, patch = server.first_version
    releases = [(f"{major}.{minor}.{patch}", server.born)]
    active_until = min(server.retires, server.deprecated_at, server.deleted_at, server.born + server.stall)
    j = 1
    while True:
        t = server.born + (j + 0.6 * unit(seed, SERVER, server.k, 100 + j)) * server.bump_every
        if t > active_until:
            return tuple(releases)
        roll = unit(seed, SERVER, server.k, 10_000 + j)
        if roll < 0.04 or (major == 0 and roll < 0.06 and minor >= 3):
            major, minor, patch = major + 1, 0, 0
        elif roll < 0.27:
            minor, patch = minor + 1, 0
        else:
            patch += 1
        releases.append((f"{major}.{minor}.{patch}", t))
        j += 1


def server_versions(server: Server, seed: int, now: float) -> tuple[tuple[str, float], ...]:
    """The releases published by `now`."""
    schedule = release_schedule(seed, server)
    return schedule[: bisect.bisect_right(schedule, now, key=lambda release: release[1])]


@dataclass(frozen=True, slots=True)
class ServerNow:
    server: Server
    versions: tuple[tuple[str, float], ...]
    status: str
    status_changed: float | None
    status_message: str | None

    @property
    def version(self) -> str:
        return self.versions[-1][0]

    @property
    def published(self) -> float:
        return self.versions[-1][1]

    @property
    def updated(self) -> float:
        return max(self.published, self.status_changed or 0.0)


DELETED_GRACE_DAYS = 21.0


def server_now(server: Server, seed: int, now: float) -> ServerNow | None:
    """The server as the registry shows it at `now`; None before it is published or long after deletion."""
    if now < server.born:
        return None
    deleted = min(server.retires, server.deleted_at)
    if now >= deleted + DELETED_GRACE_DAYS * DAY:
        return None
    versions = server_versions(server, seed, now)
    if now >= deleted:
        return ServerNow(server, versions, "deleted", deleted, "Removed by the publisher")
    if now >= server.deprecated_at:
        return ServerNow(server, versions, "deprecated", server.deprecated_at, "No longer maintained")
    return ServerNow(server, versions, "active", None, None)


# -------------------------------------------------------------------------------------------- LLMs

LLM_VENDORS: tuple[tuple[str, str, str, tuple[str, ...], bool], ...] = (
    # slug, display name, tokenizer, families, open weights
    ("openai", "OpenAI", "GPT", ("gpt", "o"), False),
    ("anthropic", "Anthropic", "Claude", ("claude-sonnet", "claude-haiku", "claude-opus"), False),
    ("google", "Google", "Gemini", ("gemini", "gemma"), False),
    ("meta-llama", "Meta", "Llama3", ("llama",), True),
    ("mistralai", "Mistral", "Mistral", ("mistral", "magistral", "codestral"), True),
    ("qwen", "Qwen", "Qwen", ("qwen", "qwq"), True),
    ("deepseek", "DeepSeek", "DeepSeek", ("deepseek-chat", "deepseek-r"), True),
    ("x-ai", "xAI", "Grok", ("grok",), False),
    ("cohere", "Cohere", "Cohere", ("command",), False),
    ("nvidia", "NVIDIA", "Llama3", ("nemotron",), True),
    ("microsoft", "Microsoft", "Other", ("phi",), True),
    ("z-ai", "Z.AI", "Other", ("glm",), True),
    ("moonshotai", "MoonshotAI", "Other", ("kimi",), True),
    ("amazon", "Amazon", "Nova", ("nova",), False),
    ("minimax", "MiniMax", "Other", ("minimax",), True),
)
LLM_FAMILIES: tuple[tuple[int, str], ...] = tuple(
    (vendor_i, family) for vendor_i, vendor in enumerate(LLM_VENDORS) for family in vendor[3]
)
LLM_GENERATIONS = ("1", "1.5", "2", "2.5", "3", "3.1", "3.5", "4", "4.1", "4.5", "5", "5.1")
LLM_VARIANTS = ("mini", "pro", "flash", "8b", "70b", "instruct", "turbo", "nano", "large", "small", "medium", "max")
OPTIONAL_PARAMETERS = (
    "tools",
    "tool_choice",
    "response_format",
    "structured_outputs",
    "seed",
    "reasoning",
    "include_reasoning",
    "frequency_penalty",
    "presence_penalty",
    "top_k",
    "logprobs",
)


@dataclass(frozen=True, slots=True)
class Llm:
    k: int
    id: str
    vendor: int
    name: str
    canonical_slug: str
    hugging_face_id: str | None
    description: str
    born: float
    retires: float
    context_length: int
    max_completion: int | None
    input_modalities: tuple[str, ...]
    output_modalities: tuple[str, ...]
    instruct_type: str | None
    prompt: float  # USD per 1M tokens at birth
    completion: float
    extra_prices: tuple[tuple[str, str], ...]
    event_every: float
    parameters: tuple[str, ...]
    knowledge_cutoff: str | None
    free_twin: bool


@lru_cache(maxsize=100_000)
def llm_params(seed: int, population: int, k: int) -> Llm:
    timeline = Timeline(seed, LLM, population, 730.0)
    r = rng(seed, "llm", k)
    family_i, generation_i, variant_i = unique_digits(
        k, (len(LLM_FAMILIES), len(LLM_GENERATIONS), len(LLM_VARIANTS)), seed * 31 + 5
    )
    vendor_i, family = LLM_FAMILIES[family_i]
    slug, display, _, _, open_weights = LLM_VENDORS[vendor_i]
    generation, variant = LLM_GENERATIONS[generation_i], LLM_VARIANTS[variant_i]
    model_id = f"{slug}/{family}-{generation}-{variant}"
    born = timeline.born(k)
    output = weighted(r, ((("text",), 93.0), (("text", "image"), 4.0), (("embeddings",), 3.0)))
    inputs = ["text"]
    for modality, p in (("image", 0.35), ("file", 0.1), ("audio", 0.04)):
        if r.random() < p:
            inputs.append(modality)
    prompt = snap_price(math.exp(r.gauss(-0.7, 1.3)))
    if r.random() < 0.04:
        prompt = 0.0
    completion = 0.0 if output == ("embeddings",) else snap_price(prompt * r.choice((2, 3, 4, 5, 8)))
    extra: list[tuple[str, str]] = [("request", "0")]
    if "image" in inputs:
        extra.append(("image", _per_unit(prompt * r.choice((500, 1000, 1500)))))
    if "reasoning" in (params := _llm_parameters(r)):
        extra.append(("internal_reasoning", _per_unit(completion)))
    if r.random() < 0.4:
        extra.append(("input_cache_read", _per_unit(prompt * 0.1)))
    date_part = datetime.fromtimestamp(born, UTC).strftime("%Y%m%d")
    name = f"{display}: {family.replace('-', ' ').title()} {generation} {variant.title()}"
    return Llm(
        k=k,
        id=model_id,
        vendor=vendor_i,
        name=name,
        canonical_slug=f"{model_id}-{date_part}",
        hugging_face_id=f"{slug}/{family.title()}-{generation}-{variant.title()}" if open_weights else "",
        description=f"{name} is a {variant} model from {display} for chat, coding and agentic tool use.",
        born=born,
        retires=born + timeline.lifetime(k),
        context_length=r.choice((8192, 32768, 65536, 128000, 131072, 200000, 262144, 1000000, 1048576)),
        max_completion=r.choice((4096, 8192, 16384, 32768, 65536, None)),
        input_modalities=tuple(inputs),
        output_modalities=output,
        instruct_type=r.choice((None, None, "chatml", "llama3", "deepseek-r1")),
        prompt=prompt,
        completion=completion,
        extra_prices=tuple(extra),
        event_every=math.exp(r.gauss(math.log(220), 0.5)) * DAY,
        parameters=params,
        knowledge_cutoff=(
            datetime.fromtimestamp(born - r.uniform(90, 300) * DAY, UTC).strftime("%Y-%m-%d")
            if r.random() < 0.7
            else None
        ),
        free_twin=prompt > 0 and r.random() < 0.05,
    )


PRICE_GRID = (
    0.01,
    0.02,
    0.03,
    0.04,
    0.05,
    0.06,
    0.075,
    0.08,
    0.1,
    0.12,
    0.15,
    0.18,
    0.2,
    0.25,
    0.3,
    0.35,
    0.4,
    0.5,
    0.6,
    0.7,
    0.8,
    0.9,
    1.0,
    1.2,
    1.25,
    1.5,
    2.0,
    2.5,
    3.0,
    3.5,
    4.0,
    5.0,
    6.0,
    8.0,
    10.0,
    12.0,
    15.0,
    20.0,
    25.0,
    30.0,
    40.0,
    50.0,
    60.0,
    75.0,
)
"""USD per 1M tokens as marketplaces quote them: nobody charges $0.194."""


def snap_price(per_million: float) -> float:
    if per_million <= 0:
        return 0.0
    return min(PRICE_GRID, key=lambda p: abs(math.log(p / per_million)))


def moved_price(price: float, factor: float) -> float:
    """The grid price nearest price*factor, at least one step away from `price` in the factor's direction."""
    if price <= 0:
        return price
    target = snap_price(price * factor)
    if target == price:
        i = PRICE_GRID.index(price) + (1 if factor > 1 else -1)
        target = PRICE_GRID[min(max(i, 0), len(PRICE_GRID) - 1)]
    return target


def _llm_parameters(r: random.Random) -> tuple[str, ...]:
    chosen = [p for p in OPTIONAL_PARAMETERS if r.random() < 0.5]
    return ("max_tokens", "temperature", "top_p", "stop", *chosen)


def _per_unit(per_million: float) -> str:
    """USD per 1M tokens -> the marketplace's decimal string per token, to three significant digits."""
    from decimal import Decimal

    if per_million <= 0:
        return "0"
    per_token = Decimal(f"{per_million:.3g}") / Decimal(1_000_000)
    text = format(per_token.normalize(), "f")
    return text


@dataclass(frozen=True, slots=True)
class LlmNow:
    llm: Llm
    prompt: str
    completion: str
    expiration_date: str | None


def llm_prices(llm: Llm, seed: int, now: float) -> tuple[float, float]:
    """Prices per 1M tokens at `now`: the launch price times every cut or rise so far."""
    prompt, completion = llm.prompt, llm.completion
    j = 1
    while True:
        t = llm.born + (j + 0.5 * unit(seed, LLM, llm.k, 200 + j)) * llm.event_every
        if t > min(now, llm.retires):
            return prompt, completion
        roll = unit(seed, LLM, llm.k, 300 + j)
        size = unit(seed, LLM, llm.k, 400 + j)
        factor = 0.5 + 0.4 * size if roll < 0.75 else 1.1 + 0.4 * size  # mostly cuts, now and then a rise
        which = unit(seed, LLM, llm.k, 600 + j)
        if which < 0.85:
            prompt = moved_price(prompt, factor)
        if which < 0.7 or which >= 0.85:
            completion = moved_price(completion, factor)
        j += 1


def llm_now(llm: Llm, seed: int, now: float) -> LlmNow | None:
    if now < llm.born or now >= llm.retires:
        return None
    prompt, completion = llm_prices(llm, seed, now)
    expires = datetime.fromtimestamp(llm.retires, UTC).strftime("%Y-%m-%d") if now >= llm.retires - 40 * DAY else None
    return LlmNow(llm, _per_unit(prompt), _per_unit(completion), expires)


# ---------------------------------------------------------------------------------------- hub items

HUB_MODEL_FAMILIES = (
    "Orion",
    "Lyra",
    "Vega",
    "Nova",
    "Atlas",
    "Helix",
    "Zephyr",
    "Aurora",
    "Kestrel",
    "Pulsar",
    "Cirrus",
    "Quill",
    "Falcon",
    "Mosaic",
    "Sable",
    "Tundra",
    "Echo",
    "Onyx",
    "Iris",
    "Juno",
)
HUB_SIZES = ("0.5B", "1B", "1.5B", "3B", "4B", "7B", "8B", "14B", "24B", "32B", "70B", "120B")
HUB_VARIANTS = ("Instruct", "Base", "Chat", "GGUF", "AWQ", "Coder", "Vision", "Thinking")
PIPELINES = (
    ("text-generation", 45.0),
    ("image-text-to-text", 12.0),
    ("text-to-image", 10.0),
    ("automatic-speech-recognition", 5.0),
    ("feature-extraction", 5.0),
    ("sentence-similarity", 4.0),
    ("text-to-speech", 4.0),
    ("image-to-video", 3.0),
    ("text-to-video", 3.0),
    ("any-to-any", 3.0),
    (None, 6.0),
)
LIBRARIES = (
    ("transformers", 55.0),
    ("diffusers", 12.0),
    ("sentence-transformers", 8.0),
    ("gguf", 8.0),
    ("mlx", 4.0),
    ("peft", 4.0),
    (None, 9.0),
)
HUB_LICENSES = (
    ("apache-2.0", 40.0),
    ("mit", 22.0),
    ("other", 12.0),
    ("llama3.1", 5.0),
    ("cc-by-4.0", 6.0),
    ("cc-by-nc-4.0", 5.0),
    ("openrail", 3.0),
    (None, 7.0),
)
SDKS = (("gradio", 60.0), ("docker", 20.0), ("static", 12.0), ("streamlit", 8.0))
TASK_CATEGORIES = (
    "text-generation",
    "question-answering",
    "text-classification",
    "image-text-to-text",
    "automatic-speech-recognition",
    "translation",
    "summarization",
    "reinforcement-learning",
)
SIZE_CATEGORIES = ("n<1K", "1K<n<10K", "10K<n<100K", "100K<n<1M", "1M<n<10M", "10M<n<100M")
PLACEHOLDER_CREATED = "2022-03-02T23:29:04.000Z"


@dataclass(frozen=True, slots=True)
class HubItem:
    k: int
    kind: str
    object_id: str
    id: str
    author: str
    born: float
    retires: float
    legacy: bool
    task: str | None  # pipeline tag or task category
    library: str | None
    sdk: str | None
    tags: tuple[str, ...]
    peaks: tuple[tuple[float, float, float], ...]  # (day after birth, height, width in days)
    baseline: float
    like_factor: float
    like_rate: float
    downloads: float | None
    update_phase: float
    update_period: float
    stall: float
    repository: str | None = None
    """The GitHub repository its card names (models and hosted apps), if any."""

    def trending_at(self, age: float) -> int:
        score = self.baseline
        for peak, height, width in self.peaks:
            score += height * math.exp(-0.5 * ((age - peak) / width) ** 2)
        return int(score)

    def likes_at(self, age: float) -> int:
        likes = self.like_rate * age
        for peak, height, width in self.peaks:
            likes += self.like_factor * height * (_phi((age - peak) / width) - _phi(-peak / width))
        return int(likes)

    def downloads_at(self, age: float, jitter: float) -> int | None:
        """Rolling 30-day downloads: follows the trending curve, so it rises and falls."""
        if self.downloads is None:
            return None
        recent = sum(_phi((age - peak) / width) - _phi((age - 30 - peak) / width) for peak, _, width in self.peaks)
        return int(self.downloads * (1 + 4 * recent) * (0.9 + 0.2 * jitter))


def _open_weights(seed: int, llms: int, k: int) -> str | None:
    """For a fifth of the hub's models: the Hugging Face id of a simulated marketplace model with open
    weights, so the marketplace's `hugging_face_id` names a model the hub lists."""
    r = rng(seed, "hub-open-weights", k)
    if llms <= 0 or r.random() >= 0.2:
        return None
    return llm_params(seed, llms, r.randrange(llms)).hugging_face_id or None


@lru_cache(maxsize=100_000)
def hub_params(seed: int, population: int, kind: str, k: int, repos: int = 0, llms: int = 0) -> HubItem:
    """`repos`, `llms`: the code host's and the marketplace's populations; with them some models are the
    open weights of marketplace models and some models and apps name a simulated repository."""
    code = HUB_KINDS[kind]
    timeline = Timeline(seed, code, population, 240.0)
    r = rng(seed, kind, k)
    born = timeline.born(k)
    lifetime = timeline.lifetime(k)
    license_id = weighted(r, HUB_LICENSES)
    license_tags = (f"license:{license_id}",) if license_id else ()
    task = library = sdk = None
    if kind == "model":
        owner_i, family_i, size_i, variant_i = unique_digits(
            k, (len(OWNERS), len(HUB_MODEL_FAMILIES), len(HUB_SIZES), len(HUB_VARIANTS)), seed * 17 + code
        )
        name = f"{HUB_MODEL_FAMILIES[family_i]}-{HUB_SIZES[size_i]}-{HUB_VARIANTS[variant_i]}"
        task, library = weighted(r, PIPELINES), weighted(r, LIBRARIES)
        tags = [t for t in (library, "safetensors" if library != "gguf" else None, task) if t]
        if task == "text-generation":
            tags.append("conversational")
        tags.append("en")
        if r.random() < 0.3:
            parent = HUB_MODEL_FAMILIES[(family_i + 3) % len(HUB_MODEL_FAMILIES)]
            base = f"{OWNERS[(owner_i + 17) % len(OWNERS)][0]}/{parent}-{HUB_SIZES[size_i]}"
            tags += [f"base_model:{base}", f"base_model:finetune:{base}"]
        if r.random() < 0.3:
            tags.append(f"arxiv:25{r.randint(1, 12):02d}.{r.randint(1000, 29999):05d}")
        tags += [*license_tags, "endpoints_compatible", "region:us"]
        downloads = math.exp(r.gauss(7.5, 2.0))
    elif kind == "space":
        owner_i, prefix_i, stem_i = unique_digits(
            k, (len(OWNERS), len(words.NAME_PREFIXES), len(words.NAME_STEMS)), seed * 19 + code
        )
        name = f"{words.NAME_PREFIXES[prefix_i]}-{words.NAME_STEMS[stem_i]}"
        sdk = weighted(r, SDKS)
        tags = [sdk, *(("mcp-server",) if r.random() < 0.2 else ())]
        tags += [*(license_tags if r.random() < 0.5 else ()), "region:us"]
        downloads = None
    else:
        owner_i, prefix_i, stem_i = unique_digits(
            k, (len(OWNERS), len(words.NAME_PREFIXES), len(words.NAME_STEMS)), seed * 23 + code
        )
        suffix = r.choice(("qa", "sft", "bench", "corpus", "v2"))
        name = f"{words.NAME_STEMS[stem_i]}-{words.NAME_PREFIXES[prefix_i]}-{suffix}"
        task = r.choice(TASK_CATEGORIES)
        tags = [
            f"task_categories:{task}",
            "language:en",
            f"size_categories:{r.choice(SIZE_CATEGORIES)}",
            "format:parquet",
            "modality:text",
            *license_tags,
            "region:us",
        ]
        downloads = math.exp(r.gauss(6.5, 1.8))
    author = OWNERS[owner_i][0]
    item_id = f"{author}/{name}"
    if kind == "model" and (weights := _open_weights(seed, llms, k)) is not None:
        item_id, author = weights, weights.split("/", 1)[0]
    repository = (
        tracked_repository(seed, repos, f"hub-repository-{kind}", k, 0.3 if kind == "space" else 0.1, born)
        if kind != "dataset"
        else None
    )
    height = math.exp(r.gauss(3.2, 1.1))
    peaks = [(r.uniform(0.5, 12), height, r.uniform(2, 10))]
    if r.random() < 0.35:  # trends again later: a new version, a paper, a viral demo
        peaks.append((r.uniform(20, lifetime / DAY), height * r.uniform(0.2, 1.2), r.uniform(2, 8)))
    return HubItem(
        k=k,
        kind=kind,
        object_id=f"{h64(seed, code, k):016x}{h64(seed, code, k, 1) & 0xFFFFFFFF:08x}",
        id=item_id,
        author=author,
        born=born,
        retires=born + lifetime,
        legacy=kind != "space" and r.random() < 0.05,
        task=task,
        library=library,
        sdk=sdk,
        tags=tuple(tags),
        peaks=tuple(peaks),
        baseline=r.uniform(0, 4),
        like_factor=r.uniform(2, 8),
        like_rate=r.uniform(0, 1.5),
        downloads=downloads,
        update_phase=r.uniform(0, 3) * DAY,
        update_period=r.uniform(1, 40) * DAY,
        stall=r.uniform(5, 120) * DAY if r.random() < 0.5 else INF,
        repository=repository,
    )


@dataclass(frozen=True, slots=True)
class HubNow:
    item: HubItem
    trending: int
    likes: int
    downloads: int | None
    last_modified: float


def hub_now(item: HubItem, seed: int, now: float) -> HubNow | None:
    if now < item.born or now >= item.retires:
        return None
    age = (now - item.born) / DAY
    modified = periodic_before(min(now, item.born + item.stall), item.born, item.update_phase, item.update_period)
    jitter = unit(seed, HUB_KINDS[item.kind], item.k, int(now // DAY))
    return HubNow(item, item.trending_at(age), item.likes_at(age), item.downloads_at(age, jitter), modified)


# -------------------------------------------------------------------------------------- day state


@dataclass(frozen=True)
class WorldConfig:
    seed: int
    repos: int
    servers: int
    llms: int
    hub_items: int
    forum_posts: int


class DayState:
    """The whole world at one instant, each upstream's part computed on first use and then reused."""

    def __init__(self, config: WorldConfig, now: float) -> None:
        self.config = config
        self.now = now

    # repos
    @cached_property
    def repos(self) -> list[RepoNow]:
        """Every repository born by now (archived ones too, for direct lookups), most-starred first."""
        c = self.config
        timeline = Timeline(c.seed, REPO, c.repos, 730.0)
        states = []
        for k in timeline.indices(self.now, grace_days=60):
            repo = repo_params(c.seed, c.repos, k)
            if repo.born <= self.now:
                states.append(repo_now(repo, c.seed, self.now))
        states.sort(key=lambda s: (-s.stars, s.repo.id))
        return _dedupe(states, lambda s: s.repo.full_name.lower())

    @cached_property
    def repos_by_topic(self) -> dict[str, list[RepoNow]]:
        topics: dict[str, list[RepoNow]] = {}
        for state in self.repos:  # archived ones too: search drops them only when asked `archived:false`
            for topic in state.repo.topics:
                topics.setdefault(topic, []).append(state)
        return topics

    @cached_property
    def repos_by_name(self) -> dict[str, RepoNow]:
        return {s.repo.full_name.lower(): s for s in self.repos}

    # forum
    def posts_between(self, start: int, end: int) -> list[Post]:
        """Posts created in [start, end) and by now, newest first."""
        end = min(end, int(self.now) + 1)
        if end <= start:
            return []
        first_day, last_day = math.floor((start - EPOCH) / DAY), math.floor((end - 1 - EPOCH) / DAY)
        posts: list[Post] = []
        for d in range(last_day, first_day - 1, -1):
            posts.extend(p for p in forum_day(self.config.seed, self.config.forum_posts, d) if start <= p.created < end)
        return posts

    # registry
    @cached_property
    def servers(self) -> list[ServerNow]:
        """Registry entries visible now (active, deprecated, recently deleted), by name."""
        c = self.config
        timeline = Timeline(c.seed, SERVER, c.servers, 365.0)
        states = []
        for k in timeline.indices(self.now, grace_days=DELETED_GRACE_DAYS + 1):
            state = server_now(server_params(c.seed, c.servers, k, c.repos), c.seed, self.now)
            if state is not None:
                states.append(state)
        states.sort(key=lambda s: s.server.name)
        return _dedupe(states, lambda s: s.server.name)

    # marketplace
    @cached_property
    def llms(self) -> list[LlmNow]:
        """Models listed now, newest first (the marketplace's order)."""
        c = self.config
        timeline = Timeline(c.seed, LLM, c.llms, 730.0)
        states = []
        for k in timeline.indices(self.now):
            state = llm_now(llm_params(c.seed, c.llms, k), c.seed, self.now)
            if state is not None:
                states.append(state)
        states.sort(key=lambda s: (-int(s.llm.born), s.llm.id))
        return _dedupe(states, lambda s: s.llm.id)

    # hub
    def hub(self, kind: str) -> list[HubNow]:
        """Items of one kind alive now, highest trendingScore first (cached per kind)."""
        cache: dict[str, list[HubNow]] = self.__dict__.setdefault("_hub", {})
        if kind not in cache:
            c = self.config
            timeline = Timeline(c.seed, HUB_KINDS[kind], c.hub_items, 240.0)
            states = []
            for k in timeline.indices(self.now):
                state = hub_now(hub_params(c.seed, c.hub_items, kind, k, c.repos, c.llms), c.seed, self.now)
                if state is not None:
                    states.append(state)
            states.sort(key=lambda s: (-s.trending, -s.likes, s.item.id))
            cache[kind] = _dedupe(states, lambda s: s.item.id.lower())
        return cache[kind]


def _dedupe(states: list[S], key: Callable[[S], str]) -> list[S]:
    """Safety net for a name collision between two entities: the first in order keeps the name."""
    seen: set[str] = set()
    kept = []
    for state in states:
        name = key(state)
        if name not in seen:
            seen.add(name)
            kept.append(state)
    return kept
