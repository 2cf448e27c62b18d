"""`codehost-ai-repos`: AI-agent and MCP repositories from the GitHub REST API (SPEC §4.1).

Three sources of rows, merged by `full_name`:

- the top repositories by stars of each tracked topic, as far as search goes (1,000 results);
- every repository created in the last FEEDS_NEW_REPO_DAYS days. Search never returns more than
  1,000 results per query, so a window holding more is cut into date halves, down to single days,
  and a single day into star ranges; each slice is read in full;
- every repository a client queued with `repo=` (and those already tracked), fetched one by one
  when search did not find it.

The module is URLs, the narrow upstream schema and the pure `transform()`; the HTTP layer owns
retries and rate limits (search allows 30 requests a minute with a token, 10 without).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, timedelta
from typing import Annotated, Any, ClassVar

import httpx
from pydantic import AfterValidator, BaseModel

from collectors.http import CollectorError, InvalidResponse, NotFound
from collectors.models import REPO_NAME, REPO_TOPICS, RepoRow, Row, iso, parse_time
from collectors.protocol import BaseCollector, CollectContext
from collectors.validation import validate, validate_items

API = "https://api.github.com"
SEARCH_URL = f"{API}/search/repositories"
REPO_URL = f"{API}/repos/{{full_name}}"
PER_PAGE = 100
SEARCH_CAP = 1000
"""GitHub serves at most 1,000 results per search; a page starting past that is refused with a 422."""
CAP_MESSAGE = "Only the first 1000 search results are available"
"""`owner/name` as GitHub allows them; also keeps a queued name from walking out of `/repos/`."""


def _timestamp(value: str) -> str:
    """Canonical form at validation time, so an unparseable date skips the item instead of failing the run."""
    return iso(parse_time(value))


def _full_name(value: str) -> str:
    if not REPO_NAME.fullmatch(value):
        raise ValueError(f"not an owner/name: {value!r}")
    return value


Timestamp = Annotated[str, AfterValidator(_timestamp)]
FullName = Annotated[str, AfterValidator(_full_name)]


class License(BaseModel):
    key: str | None = None
    spdx_id: str | None = None


class Owner(BaseModel):
    login: str


class Parent(BaseModel):
    full_name: str


URL_FIELDS = (
    "url forks_url keys_url collaborators_url teams_url hooks_url issue_events_url events_url assignees_url"
    " branches_url tags_url blobs_url git_tags_url git_refs_url trees_url statuses_url languages_url stargazers_url"
    " contributors_url subscribers_url subscription_url commits_url git_commits_url comments_url issue_comment_url"
    " contents_url compare_url merges_url archive_url downloads_url issues_url pulls_url milestones_url"
    " notifications_url labels_url releases_url deployments_url git_url ssh_url clone_url svn_url mirror_url"
)
OTHER_FIELDS = (
    "id node_id private fork size watchers_count watchers forks open_issues default_branch master_branch score"
    " has_issues has_projects has_pages has_wiki has_downloads has_discussions has_pull_requests disabled visibility"
    " permissions text_matches temp_clone_token allow_merge_commit allow_squash_merge allow_rebase_merge"
    " allow_auto_merge allow_update_branch delete_branch_on_merge allow_forking is_template"
    " web_commit_signoff_required use_squash_pr_title_as_default squash_merge_commit_title"
    " squash_merge_commit_message merge_commit_title merge_commit_message subscribers_count network_count"
    " organization parent source template_repository security_and_analysis code_of_conduct"
    " anonymous_access_enabled custom_properties pull_request_creation_policy"
)


class RepoItem(BaseModel):
    """What we read of a search item (`repo-search-result-item`) or a `full-repository`."""

    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset(f"{URL_FIELDS} {OTHER_FIELDS}".split())

    full_name: FullName
    name: str
    owner: Owner | None = None
    html_url: str
    description: str | None = None
    homepage: str | None = None
    stargazers_count: int
    forks_count: int
    open_issues_count: int
    language: str | None = None
    license: License | None = None
    topics: list[str] = []
    archived: bool = False
    fork: bool = False
    parent: Parent | None = None
    """Only `full-repository` (GET /repos/...) names a fork's parent; search items say `fork` alone."""
    created_at: Timestamp
    updated_at: Timestamp | None = None
    pushed_at: Timestamp | None = None


class SearchPage(BaseModel):
    total_count: int
    incomplete_results: bool = False
    items: list[Any]


def license_id(license: License | None) -> str | None:
    """SPDX id; `other` (the key) for a licence GitHub could not identify; None without a licence."""
    if license is None:
        return None
    if license.spdx_id and license.spdx_id != "NOASSERTION":
        return license.spdx_id
    return license.key


def transform(item: RepoItem, tracked: bool) -> RepoRow:
    """One upstream repository -> one feed row."""
    return RepoRow(
        entity=item.full_name,
        full_name=item.full_name,
        owner=item.owner.login if item.owner else item.full_name.partition("/")[0],
        name=item.name,
        description=item.description,
        html_url=item.html_url,
        homepage=item.homepage or None,
        stars=item.stargazers_count,
        forks=item.forks_count,
        open_issues=item.open_issues_count,
        language=item.language,
        license=license_id(item.license),
        topics=item.topics,
        matched_topics=sorted(set(item.topics) & set(REPO_TOPICS)),
        archived=item.archived,
        fork=item.fork,
        parent=item.parent.full_name if item.parent else None,
        created_at=item.created_at,
        updated_at=item.updated_at,
        pushed_at=item.pushed_at,
        tracked=tracked,
    )


@dataclass(frozen=True)
class Slice:
    """One search query: a topic, optionally narrowed to a creation-date and a star range (inclusive)."""

    topic: str
    created: tuple[date, date] | None = None
    stars: tuple[int, int] | None = None

    @property
    def q(self) -> str:
        parts = [f"topic:{self.topic}", "archived:false"]
        if self.created:
            parts.append(f"created:{self.created[0]:%Y-%m-%d}..{self.created[1]:%Y-%m-%d}")
        if self.stars:
            parts.append(f"stars:{self.stars[0]}..{self.stars[1]}")
        return " ".join(parts)

    def halves(self, top_stars: int) -> tuple[Slice, Slice] | None:
        """Two slices covering this one: date halves first, then star halves; None when indivisible.

        `top_stars` is the most-starred result seen (results come sorted by stars), the upper end
        of the first star range.
        """
        if self.created and self.created[0] < self.created[1]:
            first, last = self.created
            middle = first + (last - first) // 2
            return replace(self, created=(first, middle)), replace(self, created=(middle + timedelta(days=1), last))
        low, high = self.stars or (0, top_stars)
        if low < high:
            mid = (low + high) // 2
            return replace(self, stars=(low, mid)), replace(self, stars=(mid + 1, high))
        return None


@dataclass
class Page:
    q: str
    number: int
    total_count: int
    items: list[RepoItem]
    next_url: str | None


def page_number(url: str) -> tuple[int, int]:
    """(page, per_page) of a search URL, so a next link past the cap is never followed."""
    params = httpx.URL(url).params
    try:
        return int(params.get("page", "1")), int(params.get("per_page", str(PER_PAGE)))
    except ValueError:
        return 1, PER_PAGE


def starts_past_cap(url: str) -> bool:
    page, per_page = page_number(url)
    return (page - 1) * per_page >= SEARCH_CAP


class Search:
    """The search side of one collection: pages, slicing, and the repositories found so far."""

    def __init__(self, ctx: CollectContext, headers: dict[str, str]) -> None:
        self.ctx = ctx
        self.headers = headers
        self.found: dict[str, RepoItem] = {}
        self.requests = 0

    def _keep(self, items: list[RepoItem]) -> None:
        for item in items:
            self.found.setdefault(item.full_name.lower(), item)

    async def _fetch(self, q: str, number: int, url: str, params: dict[str, Any] | None) -> Page | None:
        """One search page; None when GitHub says the page lies past its result cap."""
        self.requests += 1
        self.ctx.progress.update(f"search {q!r} page {number} ({len(self.found)} repos, {self.requests} requests)")
        data, response = await self.ctx.http.get_json(url, params=params, headers=self.headers, ok_statuses=(422,))
        if response.status_code == 422:
            message = data.get("message", "") if isinstance(data, dict) else ""
            if CAP_MESSAGE.lower() in str(message).lower():
                return None
            raise InvalidResponse(f"HTTP 422 from {response.request.url}: {str(data)[:200]}")
        envelope = validate(SearchPage, data, f"search {q!r} page {number}")
        if envelope.incomplete_results:
            self.ctx.warn(f"search {q!r} page {number}: incomplete results (upstream timed out), some may be missing")
        items = validate_items(RepoItem, envelope.items, f"search {q!r} page {number}", self.ctx.tally)
        next_url = response.links.get("next", {}).get("url")
        return Page(q, number, envelope.total_count, items, next_url)

    async def first_page(self, q: str) -> Page | None:
        params = {"q": q, "sort": "stars", "order": "desc", "per_page": PER_PAGE, "page": 1}
        return await self._fetch(q, 1, SEARCH_URL, params)

    async def rest(self, page: Page) -> None:
        """Keep `page` and follow its next links to the end or to the cap, whichever comes first."""
        self._keep(page.items)
        seen = {page.number}
        while page.next_url and not starts_past_cap(page.next_url):
            number = page_number(page.next_url)[0]
            if number in seen or not page.next_url.startswith(f"{API}/"):
                self.ctx.warn(f"search {page.q!r}: odd next link {page.next_url!r} ignored")
                return
            seen.add(number)
            following = await self._fetch(page.q, number, page.next_url, None)
            if following is None:
                return
            self._keep(following.items)
            page = following

    async def top(self, topic: str) -> None:
        """The most-starred repositories of `topic`, as many as search serves."""
        page = await self.first_page(Slice(topic).q)
        if page is not None:
            await self.rest(page)

    async def sliced(self, part: Slice) -> None:
        """Every repository of `part`, cutting it until each slice fits under the cap."""
        page = await self.first_page(part.q)
        if page is None:
            return
        if page.total_count <= SEARCH_CAP:
            await self.rest(page)
            return
        halves = part.halves(max((i.stargazers_count for i in page.items), default=0))
        if halves is None:
            self.ctx.warn(
                f"search {part.q!r}: {page.total_count} results cannot be sliced further, kept the first {SEARCH_CAP}"
            )
            await self.rest(page)
            return
        self._keep(page.items)
        for half in halves:
            await self.sliced(half)


class CodehostCollector(BaseCollector):
    feed: ClassVar[str] = "codehost-ai-repos"

    def headers(self, ctx: CollectContext) -> dict[str, str]:
        headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
        if ctx.settings.github_token:
            headers["Authorization"] = f"Bearer {ctx.settings.github_token}"
        return headers

    def window(self, ctx: CollectContext) -> tuple[date, date]:
        """Creation dates that count as new, from the run's clock (a replayed day has its own)."""
        return (ctx.now - timedelta(days=ctx.settings.feeds_new_repo_days)).date(), ctx.now.date()

    async def collect(self, ctx: CollectContext) -> list[Row]:
        headers = self.headers(ctx)
        search = Search(ctx, headers)
        for topic in REPO_TOPICS:
            await search.top(topic)
        for topic in REPO_TOPICS:
            await search.sliced(Slice(topic, created=self.window(ctx)))
        tracked = await self.queued(ctx, search.found, headers)
        return [transform(item, key in tracked) for key, item in search.found.items()]

    async def queued(self, ctx: CollectContext, found: dict[str, RepoItem], headers: dict[str, str]) -> set[str]:
        """Fetch queued and tracked repositories search did not bring; returns the keys of tracked ones."""
        tracked: set[str] = set()
        entities = ctx.state.entities(self.feed)
        for index, entity in enumerate(entities, 1):
            ctx.progress.update(f"tracked repositories {index}/{len(entities)}")
            item = found.get(entity.lower()) or await self.fetch_repo(ctx, entity, headers)
            if item is None:
                continue
            key = item.full_name.lower()
            found.setdefault(key, item)
            tracked.add(key)
            ctx.state.mark(self.feed, entity, "tracked")
        return tracked

    async def fetch_repo(self, ctx: CollectContext, entity: str, headers: dict[str, str]) -> RepoItem | None:
        """One repository by name (renames are followed); None, marked not_found, when it is gone."""
        if not REPO_NAME.fullmatch(entity):
            ctx.state.mark(self.feed, entity, "not_found")
            ctx.warn(f"queued repository {entity!r} is not an owner/name, dropped")
            return None
        try:
            data, _ = await ctx.http.get_json(REPO_URL.format(full_name=entity), headers=headers)
        except NotFound:
            ctx.state.mark(self.feed, entity, "not_found")
            ctx.warn(f"queued repository {entity} not found (deleted or private)")
            return None
        except CollectorError as exc:
            # One blocked (451/403) or flaky repository must not cost the day's whole feed; it stays
            # queued and is tried again on the next run.
            ctx.warn(f"queued repository {entity} skipped today: {exc}")
            return None
        items = validate_items(RepoItem, [data], f"repository {entity}", ctx.tally)
        return items[0] if items else None
