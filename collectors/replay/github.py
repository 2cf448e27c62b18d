"""GitHub REST as the replay serves it: `/search/repositories` and `/repos/{owner}/{repo}`.

Items have the `repo-search-result-item` / `full-repository` shape of the real API, except that
the ~40 `*_url` template fields (`forks_url`, `issues_url{/number}`, ...) are left out: no
collector reads them and they would triple every page. Search behaves like the real one where a
collector can tell: sorted by stars, `link` header with next/last, at most 1,000 results (a page
starting past them is a 422), qualifiers ANDed, `x-ratelimit-*` headers that never run out.
"""

from __future__ import annotations

import math
import re
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any

import httpx
import orjson

from collectors.replay.words import LICENSE_OBJECTS
from collectors.replay.world import DAY, DayState, Repo, RepoNow, iso_seconds

SEARCH_CAP = 1000
DOCS = "https://docs.github.com/v3/search/"
_QUALIFIER = re.compile(r"^(?P<key>[a-z_-]+):(?P<value>\S+)$")


class QueryError(ValueError):
    """A `q` GitHub would refuse with 422 Validation Failed."""


def _bound_date(text: str, end: bool) -> float:
    if text == "*":
        return math.inf if end else -math.inf
    if "T" in text:
        return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()
    day = date.fromisoformat(text)
    start = datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()
    return start + DAY - 1e-6 if end else start


def _bound_int(text: str, end: bool) -> float:
    if text == "*":
        return math.inf if end else -math.inf
    return float(int(text))


def parse_range(value: str, bound: Any) -> tuple[float, float]:
    """`a..b`, `>=a`, `<=b`, `>a`, `<b`, `a` (inclusive, `*` open) -> [low, high]."""
    try:
        if ".." in value:
            low, _, high = value.partition("..")
            return bound(low, False), bound(high, True)
        for op in (">=", "<=", ">", "<"):
            if value.startswith(op):
                rest = value[len(op) :]
                if op == ">=":
                    return bound(rest, False), math.inf
                if op == "<=":
                    return -math.inf, bound(rest, True)
                if op == ">":
                    return bound(rest, True) + 1e-6, math.inf
                return -math.inf, bound(rest, False) - 1e-6
        return bound(value, False), bound(value, True)
    except ValueError as exc:
        raise QueryError(f"bad range {value!r}") from exc


class Query:
    """The parsed `q`: topics (ANDed), archived, created and star ranges, free words."""

    def __init__(self, q: str) -> None:
        self.topics: list[str] = []
        self.archived: bool | None = None
        self.created = (-math.inf, math.inf)
        self.stars = (-math.inf, math.inf)
        self.words: list[str] = []
        for token in q.split():
            match = _QUALIFIER.match(token)
            if not match:
                self.words.append(token.lower())
                continue
            key, value = match["key"], match["value"]
            if key == "topic":
                self.topics.append(value.lower())
            elif key == "archived":
                self.archived = value.lower() == "true"
            elif key == "created":
                self.created = parse_range(value, _bound_date)
            elif key == "stars":
                self.stars = parse_range(value, _bound_int)
            else:
                self.words.append(token.lower())

    def matches(self, state: RepoNow) -> bool:
        repo = state.repo
        if self.archived is not None and state.archived != self.archived:
            return False
        if not self.stars[0] <= state.stars <= self.stars[1]:
            return False
        if not self.created[0] <= int(repo.born) <= self.created[1]:
            return False
        if any(t not in repo.topics for t in self.topics):
            return False
        text = f"{repo.full_name} {repo.description or ''}".lower()
        return all(w in text for w in self.words)


def license_object(key: str | None) -> dict[str, Any] | None:
    if key is None:
        return None
    name, spdx, node = LICENSE_OBJECTS[key]
    url = None if key == "other" else f"https://api.github.com/licenses/{key}"
    return {"key": key, "name": name, "spdx_id": spdx, "url": url, "node_id": node}


@lru_cache(maxsize=50_000)
def _static_fields(repo: Repo) -> dict[str, Any]:
    """Everything about a repository that does not change from day to day, in the upstream's key order."""
    owner_url = f"https://github.com/{repo.owner}"
    return {
        "id": repo.id,
        "node_id": f"R_kgDO{repo.id:08X}",
        "name": repo.name,
        "full_name": repo.full_name,
        "private": False,
        "owner": {
            "login": repo.owner,
            "id": repo.owner_id,
            "node_id": f"{'O' if repo.owner_type != 'User' else 'U'}_kgDO{repo.owner_id:07X}",
            "avatar_url": f"https://avatars.githubusercontent.com/u/{repo.owner_id}?v=4",
            "gravatar_id": "",
            "url": f"https://api.github.com/users/{repo.owner}",
            "html_url": owner_url,
            "type": repo.owner_type,
            "user_view_type": "public",
            "site_admin": False,
        },
        "html_url": f"https://github.com/{repo.full_name}",
        "description": repo.description,
        "fork": repo.k % 23 == 0,  # some tracked repositories are forks, as on the real code host
        "url": f"https://api.github.com/repos/{repo.full_name}",
        "created_at": iso_seconds(int(repo.born)),
        "updated_at": None,
        "pushed_at": None,
        "git_url": f"git://github.com/{repo.full_name}.git",
        "ssh_url": f"git@github.com:{repo.full_name}.git",
        "clone_url": f"https://github.com/{repo.full_name}.git",
        "homepage": repo.homepage,
        "size": 0,
        "stargazers_count": 0,
        "watchers_count": 0,
        "language": repo.language,
        "has_issues": True,
        "has_projects": True,
        "has_downloads": True,
        "has_wiki": repo.k % 3 != 0,
        "has_pages": repo.k % 11 == 0,
        "has_discussions": repo.k % 5 == 0,
        "forks_count": 0,
        "mirror_url": None,
        "archived": False,
        "disabled": False,
        "open_issues_count": 0,
        "license": license_object(repo.license),
        "allow_forking": True,
        "is_template": False,
        "web_commit_signoff_required": False,
        "topics": list(repo.topics),
        "visibility": "public",
        "forks": 0,
        "open_issues": 0,
        "watchers": 0,
        "default_branch": repo.default_branch,
    }


def repository(state: RepoNow, full: bool = False) -> dict[str, Any]:
    """One repository in the search-item shape, or the full-repository shape with `full`."""
    item = dict(_static_fields(state.repo))
    item.update(
        updated_at=iso_seconds(state.updated_at),
        pushed_at=iso_seconds(state.pushed_at),
        size=state.size,
        stargazers_count=state.stars,
        watchers_count=state.stars,
        forks_count=state.forks,
        archived=state.archived,
        open_issues_count=state.open_issues,
        forks=state.forks,
        open_issues=state.open_issues,
        watchers=state.stars,
    )
    if full:
        item["temp_clone_token"] = None
        item["network_count"] = state.forks
        item["subscribers_count"] = max(1, int(state.stars**0.5))
        item["organization"] = item["owner"] if state.repo.owner_type == "Organization" else None
        if item["fork"]:  # the full shape names a fork's parent and the root of its network
            upstream = f"upstream-{state.repo.owner}/{state.repo.name}"
            parent = {"full_name": upstream, "html_url": f"https://github.com/{upstream}", "fork": False}
            item["parent"] = item["source"] = parent
    else:
        item["score"] = 1.0
    return item


class GitHub:
    """The code host at one instant: search results cached per query, pages cut from them."""

    def __init__(self, day: DayState) -> None:
        self.day = day
        self.used = {"search": 0, "core": 0}
        self._results: dict[tuple[str, str, str], list[RepoNow]] = {}
        self._items: dict[tuple[int, bool], bytes] = {}

    def _headers(self, resource: str, extra: dict[str, str] | None = None) -> dict[str, str]:
        limit = 30 if resource == "search" else 5000
        self.used[resource] += 1
        used = self.used[resource] % (limit - 1)
        return {
            "content-type": "application/json; charset=utf-8",
            "x-github-api-version-selected": "2022-11-28",
            "x-ratelimit-limit": str(limit),
            "x-ratelimit-remaining": str(limit - 1 - used),
            "x-ratelimit-used": str(used + 1),
            "x-ratelimit-reset": str(int(self.day.now) + (60 if resource == "search" else 3600)),
            "x-ratelimit-resource": resource,
            **(extra or {}),
        }

    def _error(self, status: int, message: str, resource: str, docs: str) -> httpx.Response:
        body = {"message": message, "documentation_url": docs, "status": str(status)}
        return httpx.Response(status, headers=self._headers(resource), content=orjson.dumps(body))

    def _item(self, state: RepoNow, full: bool = False) -> bytes:
        key = (state.repo.k, full)
        cached = self._items.get(key)
        if cached is None:
            cached = self._items[key] = orjson.dumps(repository(state, full))
        return cached

    def results(self, q: str, sort: str, order: str) -> list[RepoNow]:
        key = (" ".join(sorted(q.split())), sort, order)
        if key not in self._results:
            query = Query(q)
            if query.topics:  # start from the smallest cached list that can hold the answer
                pool = min((self.day.repos_by_topic.get(t, []) for t in query.topics), key=len)
            else:
                pool = self.day.repos
            found = [s for s in pool if query.matches(s)]
            if sort == "updated":
                found.sort(key=lambda s: (-s.updated_at, s.repo.id))
            elif sort == "forks":
                found.sort(key=lambda s: (-s.forks, s.repo.id))
            if order == "asc" and sort in ("stars", "forks", "updated"):
                found.reverse()
            self._results[key] = found
        return self._results[key]

    def search(self, request: httpx.Request) -> httpx.Response:
        params = request.url.params
        q = params.get("q", "").strip()
        if not q:
            return self._error(422, "Validation Failed", "search", DOCS)
        try:
            per_page = min(100, max(1, int(params.get("per_page", "30"))))
            page = max(1, int(params.get("page", "1")))
            found = self.results(q, params.get("sort", ""), params.get("order", "desc"))
        except (ValueError, QueryError):
            return self._error(422, "Validation Failed", "search", DOCS)
        if (page - 1) * per_page >= SEARCH_CAP:
            return self._error(422, "Only the first 1000 search results are available", "search", DOCS)
        start = (page - 1) * per_page
        chunk = found[start : min(start + per_page, SEARCH_CAP)]
        body = b"".join(
            (
                b'{"total_count":',
                str(len(found)).encode(),
                b',"incomplete_results":false,"items":[',
                b",".join(self._item(s) for s in chunk),
                b"]}",
            )
        )
        last = max(1, math.ceil(min(len(found), SEARCH_CAP) / per_page))
        link = _link(request.url, page, last) if last > 1 else ""
        headers = self._headers("search", {"link": link} if link else None)
        return httpx.Response(200, headers=headers, content=body)

    def repo(self, owner: str, name: str) -> httpx.Response:
        state = self.day.repos_by_name.get(f"{owner}/{name}".lower())
        if state is None:
            docs = "https://docs.github.com/rest/repos/repos#get-a-repository"
            return self._error(404, "Not Found", "core", docs)
        return httpx.Response(200, headers=self._headers("core"), content=self._item(state, full=True))

    def rate_limit(self) -> httpx.Response:
        reset = int(self.day.now) + 3600
        core = {"limit": 5000, "used": self.used["core"], "remaining": 5000 - self.used["core"], "reset": reset}
        search = {"limit": 30, "used": 0, "remaining": 30, "reset": int(self.day.now) + 60}
        body = {"resources": {"core": core, "search": search}, "rate": core}
        return httpx.Response(
            200, headers={"content-type": "application/json; charset=utf-8"}, content=orjson.dumps(body)
        )


def _link(url: httpx.URL, page: int, last: int) -> str:
    """GitHub's `link` header for `page` of `last`, every URL the request's own with a new `page`."""

    def at(number: int) -> str:
        return str(url.copy_set_param("page", str(number)))

    parts = []
    if page > 1:
        parts += [f'<{at(page - 1)}>; rel="prev"']
    if page < last:
        parts += [f'<{at(page + 1)}>; rel="next"', f'<{at(last)}>; rel="last"']
    if page > 1:
        parts += [f'<{at(1)}>; rel="first"']
    return ", ".join(parts)
