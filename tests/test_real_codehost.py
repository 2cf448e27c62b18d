"""codehost-ai-repos against REAL GitHub REST payloads recorded by others (tests/fixtures/codehost/real/).

Provenance of every payload is in tests/fixtures/codehost/real/PROVENANCE.md. The expected rows below
were written by hand from those files; none was produced by running the collector.

The stand-in upstream (`RecordedGitHub`) serves a recorded search page, verbatim, for the first page of
one search query (`topic:mcp archived:false`) and the recorded empty search page for every other search,
and serves recorded `full-repository` payloads, verbatim, at `/repos/{owner}/{name}`. No `link` header is
sent, so the collector reads exactly the recorded page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from collectors.codehost import RepoItem, SearchPage
from tests.conftest import DAY, FIXTURES, Env

FEED = "codehost-ai-repos"
REAL = FIXTURES / "codehost" / "real"
QUERY = "topic:mcp archived:false"

SEARCH_2014 = "search_pygithub_2014-03-03.json"
SEARCH_2017 = "search_github3py_2017-02-07.json"
SEARCH_EMPTY = "search_empty_pygithub_2018-11-22.json"
REPO_FORK = "repo_fork_EnricoMi_PyGithub_2026-08-20.json"
REPO_PYGITHUB = "repo_PyGithub_PyGithub_2026-04-24.json"
REPO_OPENFRAMEWORKS = "repo_openframeworks_openFrameworks_2018-10-26.json"
REPO_GITHUB3PY = "repo_sigmavirus24_github3py_2017-12-29.json"
REPO_HELLO_WORLD = "repo_octokit-fixture-org_hello-world_2022-07-19.json"
REPOS = [REPO_FORK, REPO_PYGITHUB, REPO_OPENFRAMEWORKS, REPO_GITHUB3PY, REPO_HELLO_WORLD]


def payload(name: str) -> dict[str, Any]:
    return json.loads((REAL / name).read_bytes())


class RecordedGitHub:
    """Recorded pages at api.github.com (see the module docstring)."""

    def __init__(self, search: str | None = None, repos: tuple[str, ...] = ()) -> None:
        self.search = payload(search) if search else None
        self.empty = payload(SEARCH_EMPTY)
        self.repos = {payload(name)["full_name"].lower(): payload(name) for name in repos}
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        assert request.url.host == "api.github.com"
        path = request.url.path
        if path == "/search/repositories":
            params = request.url.params
            if self.search is not None and params["q"] == QUERY and params.get("page") == "1":
                return httpx.Response(200, json=self.search)
            return httpx.Response(200, json=self.empty)
        if path.startswith("/repos/"):
            found = self.repos.get(path.removeprefix("/repos/").lower())
            if found is not None:
                return httpx.Response(200, json=found)
        return httpx.Response(404, json={"message": "Not Found", "status": "404"})

    def repo_requests(self) -> list[str]:
        return [r.url.path for r in self.requests if r.url.path.startswith("/repos/")]


def rows(env: Env) -> dict[str, dict[str, Any]]:
    return env.archive.rows_on(FEED, DAY)


# -- whole rows, written by hand from the payloads -----------------------------------------------------

SEARCH_2014_ROWS: dict[str, dict[str, Any]] = {
    "kennethreitz/legit": {
        "entity": "kennethreitz/legit",
        "full_name": "kennethreitz/legit",
        "owner": "kennethreitz",
        "name": "legit",
        "description": "Git for Humans, Inspired by GitHub for Mac™.",
        "html_url": "https://github.com/kennethreitz/legit",
        "homepage": "http://www.git-legit.org/",
        "stars": 3036,
        "forks": 118,
        "open_issues": 56,
        "language": "Python",
        "license": None,  # 2014 search items have no `license` key at all
        "topics": [],  # ... nor `topics`
        "matched_topics": [],
        "archived": False,  # ... nor `archived`
        "fork": False,
        "parent": None,
        "created_at": "2011-06-25T05:58:18Z",
        "updated_at": "2014-01-27T17:39:32Z",
        "pushed_at": "2014-01-27T17:39:31Z",
        "tracked": False,
    },
    "RuudBurger/CouchPotatoV1": {
        "entity": "RuudBurger/CouchPotatoV1",
        "full_name": "RuudBurger/CouchPotatoV1",
        "owner": "RuudBurger",
        "name": "CouchPotatoV1",
        "description": "This is the old version, please use https://github.com/RuudBurger/CouchPotatoServer",
        "html_url": "https://github.com/RuudBurger/CouchPotatoV1",
        "homepage": "couchpota.to",  # free text, no scheme: kept as sent
        "stars": 1062,
        "forks": 215,
        "open_issues": 5,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2010-06-15T21:27:32Z",
        "updated_at": "2014-01-17T01:41:31Z",
        "pushed_at": "2012-10-26T13:25:40Z",
        "tracked": False,
    },
    "gelstudios/gitfiti": {
        "entity": "gelstudios/gitfiti",
        "full_name": "gelstudios/gitfiti",
        "owner": "gelstudios",
        "name": "gitfiti",
        "description": "abusing github commit history for the lulz",
        "html_url": "https://github.com/gelstudios/gitfiti",
        "homepage": None,  # upstream ""
        "stars": 669,
        "forks": 42,
        "open_issues": 1,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2013-04-23T19:32:02Z",
        "updated_at": "2014-01-17T19:19:07Z",
        "pushed_at": "2014-01-17T19:19:07Z",
        "tracked": False,
    },
    "gpjt/webgl-lessons": {
        "entity": "gpjt/webgl-lessons",
        "full_name": "gpjt/webgl-lessons",
        "owner": "gpjt",
        "name": "webgl-lessons",
        "description": (
            "https://github.com/tparisi/webgl-lessons is now the officially maintained fork for this project"
        ),
        "html_url": "https://github.com/gpjt/webgl-lessons",
        "homepage": "http://learningwebgl.com/lessons/",
        "stars": 585,
        "forks": 351,
        "open_issues": 3,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2009-10-06T12:30:19Z",
        "updated_at": "2014-01-15T01:27:33Z",
        "pushed_at": "2013-04-10T18:01:09Z",
        "tracked": False,
    },
    "jacquev6/PyGithub": {
        "entity": "jacquev6/PyGithub",
        "full_name": "jacquev6/PyGithub",
        "owner": "jacquev6",
        "name": "PyGithub",
        "description": "Python library implementing the full Github API v3",
        "html_url": "https://github.com/jacquev6/PyGithub",
        "homepage": "http://jacquev6.github.io/PyGithub",
        "stars": 354,
        "forks": 103,
        "open_issues": 4,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2012-02-25T12:53:47Z",
        "updated_at": "2014-03-03T03:41:47Z",
        "pushed_at": "2014-03-03T03:41:46Z",
        "tracked": False,
    },
}

SEARCH_2017_ROWS: dict[str, dict[str, Any]] = {
    "sigmavirus24/github3.py": {
        "entity": "sigmavirus24/github3.py",
        "full_name": "sigmavirus24/github3.py",
        "owner": "sigmavirus24",
        "name": "github3.py",
        "description": "Python library for interfacing with the GitHub APIv3",
        "html_url": "https://github.com/sigmavirus24/github3.py",
        "homepage": "https://github3py.readthedocs.io",
        "stars": 637,
        "forks": 223,
        "open_issues": 67,
        "language": "Python",
        "license": None,  # no `license` key in 2017 search items either
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2012-03-13T19:58:53Z",
        "updated_at": "2017-01-30T12:46:14Z",
        "pushed_at": "2017-02-05T15:00:49Z",
        "tracked": False,
    },
    "kennethreitz-archive/python-github3": {
        "entity": "kennethreitz-archive/python-github3",
        "full_name": "kennethreitz-archive/python-github3",
        "owner": "kennethreitz-archive",
        "name": "python-github3",
        "description": "[In Progress] Python wrapper for the new GitHub API.",
        "html_url": "https://github.com/kennethreitz-archive/python-github3",
        "homepage": "developer.github.com/v3",  # no scheme: kept as sent
        "stars": 92,
        "forks": 104,
        "open_issues": 1,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2011-04-05T19:54:24Z",
        "updated_at": "2017-02-03T19:12:58Z",
        "pushed_at": "2011-12-27T04:39:43Z",
        "tracked": False,
    },
    "ChristopherMacGown/python-github3": {
        "entity": "ChristopherMacGown/python-github3",
        "full_name": "ChristopherMacGown/python-github3",
        "owner": "ChristopherMacGown",
        "name": "python-github3",
        "description": "Github API v3 library for Python.",
        "html_url": "https://github.com/ChristopherMacGown/python-github3",
        "homepage": None,  # upstream ""
        "stars": 28,
        "forks": 13,
        "open_issues": 3,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2011-04-28T17:07:29Z",
        "updated_at": "2016-09-26T03:20:35Z",
        "pushed_at": "2012-09-06T20:37:01Z",
        "tracked": False,
    },
    "thedjpetersen/Py-Github3": {
        "entity": "thedjpetersen/Py-Github3",
        "full_name": "thedjpetersen/Py-Github3",
        "owner": "thedjpetersen",
        "name": "Py-Github3",
        "description": "Python wrapper for Github API",
        "html_url": "https://github.com/thedjpetersen/Py-Github3",
        "homepage": None,
        "stars": 2,
        "forks": 1,
        "open_issues": 0,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2011-11-10T07:45:13Z",
        "updated_at": "2013-12-25T01:10:43Z",
        "pushed_at": "2011-11-10T07:46:18Z",
        "tracked": False,
    },
    "hytra/hello-github3": {
        "entity": "hytra/hello-github3",
        "full_name": "hytra/hello-github3",
        "owner": "hytra",
        "name": "hello-github3",
        "description": None,  # upstream null
        "html_url": "https://github.com/hytra/hello-github3",
        "homepage": None,  # upstream null
        "stars": 0,
        "forks": 0,
        "open_issues": 0,
        "language": "Python",
        "license": None,
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2013-11-23T07:37:42Z",
        "updated_at": "2014-04-25T15:40:49Z",
        "pushed_at": "2013-11-23T07:37:48Z",
        "tracked": False,
    },
}

QUEUED_ROWS: dict[str, dict[str, Any]] = {
    "EnricoMi/PyGithub": {
        "entity": "EnricoMi/PyGithub",
        "full_name": "EnricoMi/PyGithub",
        "owner": "EnricoMi",
        "name": "PyGithub",
        "description": "Typed interactions with the GitHub API v3",
        "html_url": "https://github.com/EnricoMi/PyGithub",
        "homepage": "https://pygithub.readthedocs.io/",
        "stars": 0,
        "forks": 2,
        "open_issues": 16,
        "language": "Python",
        "license": "LGPL-3.0",
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": True,
        "parent": "PyGithub/PyGithub",
        "created_at": "2022-01-10T09:52:53Z",
        "updated_at": "2026-08-18T20:26:54Z",
        "pushed_at": "2026-08-20T08:27:36Z",
        "tracked": True,
    },
    "PyGithub/PyGithub": {
        "entity": "PyGithub/PyGithub",
        "full_name": "PyGithub/PyGithub",
        "owner": "PyGithub",
        "name": "PyGithub",
        "description": "Typed interactions with the GitHub API v3",
        "html_url": "https://github.com/PyGithub/PyGithub",
        "homepage": "https://pygithub.readthedocs.io/",
        "stars": 7701,
        "forks": 1874,
        "open_issues": 393,
        "language": "Python",
        "license": "LGPL-3.0",
        "topics": ["github", "github-api", "pygithub", "python"],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2012-02-25T12:53:47Z",
        "updated_at": "2026-04-24T00:49:07Z",
        "pushed_at": "2026-04-14T07:25:38Z",
        "tracked": True,
    },
    "openframeworks/openFrameworks": {
        "entity": "openframeworks/openFrameworks",
        "full_name": "openframeworks/openFrameworks",
        "owner": "openframeworks",
        "name": "openFrameworks",
        "description": "openFrameworks is a community-developed cross platform toolkit for creative coding in C++.",
        "html_url": "https://github.com/openframeworks/openFrameworks",
        "homepage": "http://openframeworks.cc",
        "stars": 6453,
        "forks": 2143,
        "open_issues": 874,
        "language": "C++",
        "license": "other",  # {"key": "other", "spdx_id": "NOASSERTION"}
        "topics": [],  # no `topics` key in this 2018 payload
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2009-10-21T21:55:54Z",
        "updated_at": "2018-10-26T04:18:01Z",
        "pushed_at": "2018-10-18T15:56:59Z",
        "tracked": True,
    },
    "sigmavirus24/github3.py": {
        "entity": "sigmavirus24/github3.py",
        "full_name": "sigmavirus24/github3.py",
        "owner": "sigmavirus24",
        "name": "github3.py",
        "description": "Python library for interfacing with the GitHub APIv3",
        "html_url": "https://github.com/sigmavirus24/github3.py",
        "homepage": "https://github3py.readthedocs.io",
        "stars": 744,
        "forks": 277,
        "open_issues": 105,
        "language": "Python",
        "license": "other",  # {"key": "other", "spdx_id": null}
        "topics": [],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2012-03-13T19:58:53Z",
        "updated_at": "2017-12-28T04:56:43Z",
        "pushed_at": "2017-12-28T23:45:09Z",
        "tracked": True,
    },
    "octokit-fixture-org/hello-world": {
        "entity": "octokit-fixture-org/hello-world",
        "full_name": "octokit-fixture-org/hello-world",
        "owner": "octokit-fixture-org",
        "name": "hello-world",
        "description": None,
        "html_url": "https://github.com/octokit-fixture-org/hello-world",
        "homepage": None,
        "stars": 0,
        "forks": 0,
        "open_issues": 0,
        "language": None,
        "license": None,  # upstream null
        "topics": ["fixtures", "hello", "hello-world"],
        "matched_topics": [],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2017-09-15T21:43:08Z",
        "updated_at": "2017-09-19T15:57:54Z",
        "pushed_at": "2017-11-03T20:11:46Z",
        "tracked": True,
    },
}


async def test_search_page_2014_gives_exactly_the_hand_written_rows(env: Env) -> None:
    upstream = RecordedGitHub(search=SEARCH_2014)

    run = await env.collect(FEED, upstream)

    assert run.status == "ok", run.error
    assert (run.rows, run.warnings, run.skipped) == (5, 0, 0)
    assert rows(env) == SEARCH_2014_ROWS
    assert upstream.repo_requests() == []


async def test_search_page_2017_gives_exactly_the_hand_written_rows(env: Env) -> None:
    upstream = RecordedGitHub(search=SEARCH_2017)

    run = await env.collect(FEED, upstream)

    assert run.status == "ok", run.error
    assert (run.rows, run.warnings, run.skipped) == (5, 0, 0)
    assert rows(env) == SEARCH_2017_ROWS


async def test_queued_full_repositories_give_exactly_the_hand_written_rows(env: Env) -> None:
    upstream = RecordedGitHub(repos=tuple(REPOS))
    for name in QUEUED_ROWS:
        env.state.enqueue(FEED, name)

    run = await env.collect(FEED, upstream)

    assert run.status == "ok", run.error
    assert (run.rows, run.warnings, run.skipped) == (5, 0, 0)
    assert rows(env) == QUEUED_ROWS
    assert sorted(upstream.repo_requests()) == sorted(f"/repos/{name}" for name in QUEUED_ROWS)
    for name in QUEUED_ROWS:
        assert env.state.status(FEED, name) == "tracked"


# -- what the real data teaches ------------------------------------------------------------------------


async def test_a_fork_keeps_its_parent(env: Env) -> None:
    """The real fork names its parent (and its root, `source`, the same repo here) only in the
    full-repository payload; the row keeps `fork` and the parent's owner/name."""
    raw = payload(REPO_FORK)
    assert (raw["fork"], raw["parent"]["full_name"], raw["source"]["full_name"]) == (
        True,
        "PyGithub/PyGithub",
        "PyGithub/PyGithub",
    )
    env.state.enqueue(FEED, "EnricoMi/PyGithub")

    await env.collect(FEED, RecordedGitHub(repos=(REPO_FORK,)))

    row = rows(env)["EnricoMi/PyGithub"]
    assert (row["fork"], row["parent"], row["stars"], row["forks"]) == (True, "PyGithub/PyGithub", 0, 2)


def test_search_items_carry_no_parent_even_for_the_repos_that_the_full_payload_names() -> None:
    """No real search item has `parent`/`source`: a fork found only by search gets parent null."""
    for name in (SEARCH_2014, SEARCH_2017):
        for item in payload(name)["items"]:
            assert "parent" not in item and "source" not in item
            assert RepoItem.model_validate(item).full_name == item["full_name"]


async def test_a_queued_repo_that_search_found_keeps_the_search_item(env: Env) -> None:
    """sigmavirus24/github3.py is both in the 2017 search page (no `license` key) and in the 2017
    full-repository payload (license other). Queued and found by search, it is not fetched: its row
    is the search item's, tracked, with license null."""
    upstream = RecordedGitHub(search=SEARCH_2017, repos=(REPO_GITHUB3PY,))
    env.state.enqueue(FEED, "sigmavirus24/github3.py")

    run = await env.collect(FEED, upstream)

    assert run.status == "ok", run.error
    assert upstream.repo_requests() == []
    assert rows(env)["sigmavirus24/github3.py"] == {**SEARCH_2017_ROWS["sigmavirus24/github3.py"], "tracked": True}


async def test_the_real_empty_search_page_validates_and_an_empty_day_fails_as_no_rows(env: Env) -> None:
    page = SearchPage.model_validate(payload(SEARCH_EMPTY))
    assert (page.total_count, page.incomplete_results, page.items) == (0, False, [])

    run = await env.collect(FEED, RecordedGitHub())

    assert run.status == "failed"
    assert "no rows" in (run.error or "")
    assert "invalid response" not in (run.error or "")
    assert rows(env) == {}


def test_the_2014_envelope_has_no_incomplete_results_key() -> None:
    """Old search pages lack `incomplete_results`; the envelope model must default it."""
    raw = payload(SEARCH_2014)
    assert set(raw) == {"total_count", "items"}
    assert SearchPage.model_validate(raw).incomplete_results is False


def test_provenance_lists_every_payload() -> None:
    provenance = (REAL / "PROVENANCE.md").read_text()
    names = sorted(p.name for p in Path(REAL).glob("*.json"))
    assert names == sorted([SEARCH_2014, SEARCH_2017, SEARCH_EMPTY, *REPOS])
    for name in names:
        assert f"`{name}`" in provenance, name
