"""The code-host collector against a small fake of GitHub's search and repository endpoints.

The fake is a search engine over a list of full-shape repository dicts: it filters by the
`topic:`, `archived:`, `created:` and `stars:` qualifiers, sorts by stars, pages, sets the `link`
header and refuses pages past its cap with GitHub's 422, so slicing is exercised for real.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest

from collectors.codehost import Slice
from tests.conftest import DAY, Env, fixture_bytes, make_env

FEED = "codehost-ai-repos"
CAP_BODY = {
    "message": "Only the first 1000 search results are available",
    "documentation_url": "https://docs.github.com/v3/search/",
    "status": "422",
}
SEARCH_PAGE = json.loads(fixture_bytes("codehost", "search_page.json"))
REPO = json.loads(fixture_bytes("codehost", "repo.json"))
TEMPLATE = SEARCH_PAGE["items"][0]


def make_repo(
    full_name: str, stars: int, created: str = "2024-01-01T00:00:00Z", topics: tuple[str, ...] = ("mcp",), **fields: Any
) -> dict[str, Any]:
    """A full-shape search item for `full_name`, built from the recorded item."""
    owner, _, name = full_name.partition("/")
    text = json.dumps(TEMPLATE).replace("example-org/weather-mcp", full_name).replace("example-org", owner)
    item = json.loads(text)
    item.update(
        name=name,
        stargazers_count=stars,
        watchers_count=stars,
        watchers=stars,
        created_at=created,
        topics=list(topics),
        id=abs(hash(full_name)) % 10**9,
    )
    item.update(fields)
    return item


def spread(count: int, start: date, days: int, topic: str, prefix: str) -> list[dict[str, Any]]:
    """`count` repositories of `topic` created evenly over `days` days from `start`, distinct star counts."""
    return [
        make_repo(
            f"{prefix}/r{i:05d}",
            stars=i,
            created=f"{start + timedelta(days=i % days):%Y-%m-%d}T08:00:00Z",
            topics=(topic,),
        )
        for i in range(count)
    ]


class FakeGitHub:
    """Answers like api.github.com; `script` holds responses (or errors) served before the normal ones."""

    def __init__(self, repos: list[dict[str, Any]], *, cap: int = 1000, incomplete: bool = False) -> None:
        self.repos = repos
        self.cap = cap
        self.incomplete = incomplete
        self.repo_api: dict[str, dict[str, Any]] = {}
        self.moved: dict[str, int] = {}
        self.by_id: dict[int, dict[str, Any]] = {}
        self.script: list[httpx.Response | Exception] = []
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if self.script:
            step = self.script.pop(0)
            if isinstance(step, Exception):
                raise step
            return step
        path = request.url.path
        if path == "/search/repositories":
            return self.search(request)
        if path.startswith("/repositories/"):
            return self.repo(self.by_id.get(int(path.rsplit("/", 1)[1])))
        if path.startswith("/repos/"):
            full_name = path.removeprefix("/repos/").lower()
            if full_name in self.moved:
                location = f"https://api.github.com/repositories/{self.moved[full_name]}"
                return httpx.Response(
                    301, headers={"location": location}, json={"message": "Moved Permanently", "url": location}
                )
            found = self.repo_api.get(full_name) or next(
                (r for r in self.repos if r.get("full_name", "").lower() == full_name), None
            )
            return self.repo(found)
        return httpx.Response(404, json={"message": "Not Found"})

    @staticmethod
    def headers(resource: str) -> dict[str, str]:
        return {
            "x-ratelimit-limit": "30",
            "x-ratelimit-remaining": "29",
            "x-ratelimit-used": "1",
            "x-ratelimit-reset": str(int(time.time()) + 60),
            "x-ratelimit-resource": resource,
        }

    def repo(self, found: dict[str, Any] | None) -> httpx.Response:
        if found is None:
            return httpx.Response(
                404,
                json={
                    "message": "Not Found",
                    "status": "404",
                    "documentation_url": "https://docs.github.com/rest/repos/repos#get-a-repository",
                },
            )
        return httpx.Response(200, json=found, headers=self.headers("core"))

    def matches(self, q: str) -> list[dict[str, Any]]:
        found = self.repos
        for qualifier in q.split():
            key, _, value = qualifier.partition(":")
            low, _, high = value.partition("..")
            if key == "topic":
                found = [r for r in found if value in r.get("topics", [])]
            elif key == "archived":
                found = [r for r in found if r.get("archived", False) == (value == "true")]
            elif key == "created":
                found = [r for r in found if low <= r["created_at"][:10] <= high]
            elif key == "stars":
                found = [r for r in found if int(low) <= r.get("stargazers_count", 0) <= int(high)]
            else:
                raise AssertionError(f"fake search does not know {qualifier!r}")
        return sorted(found, key=lambda r: (-r.get("stargazers_count", 0), r.get("full_name", "")))

    def search(self, request: httpx.Request) -> httpx.Response:
        params = request.url.params
        page, per_page = int(params["page"]), int(params["per_page"])
        assert params["sort"] == "stars" and params["order"] == "desc" and per_page <= 100
        start = (page - 1) * per_page
        if start >= self.cap:
            return httpx.Response(422, json=CAP_BODY, headers=self.headers("search"))
        found = self.matches(params["q"])
        headers = self.headers("search")
        if start + per_page < len(found):  # like GitHub, the link does not know about the cap
            following = request.url.copy_set_param("page", str(page + 1))
            last = request.url.copy_set_param("page", str(-(-len(found) // per_page)))
            headers["link"] = f'<{following}>; rel="next", <{last}>; rel="last"'
        body = {
            "total_count": len(found),
            "incomplete_results": self.incomplete,
            "items": found[start : start + per_page],
        }
        return httpx.Response(200, json=body, headers=headers)

    def searches(self) -> Iterator[tuple[str, int]]:
        for request in self.requests:
            if request.url.path == "/search/repositories":
                yield request.url.params["q"], int(request.url.params["page"])


def stored(env: Env, day: date = DAY) -> dict[str, dict[str, Any]]:
    return env.archive.rows_on(FEED, day)


# -- the common cases --------------------------------------------------------------------------


async def test_typical_rows_from_recorded_payloads(env: Env) -> None:
    fake = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]))
    fake.repo_api["someone/queued-tool"] = REPO
    env.state.enqueue(FEED, "someone/queued-tool")

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows, run.warnings) == ("ok", 4, 0)
    rows = stored(env)
    assert rows["example-org/weather-mcp"] == {
        "entity": "example-org/weather-mcp",
        "full_name": "example-org/weather-mcp",
        "owner": "example-org",
        "name": "weather-mcp",
        "description": "MCP server exposing weather forecasts and alerts",
        "html_url": "https://github.com/example-org/weather-mcp",
        "homepage": None,
        "stars": 1532,
        "forks": 87,
        "open_issues": 12,
        "language": "TypeScript",
        "license": "MIT",
        "topics": ["mcp", "model-context-protocol", "weather"],
        "matched_topics": ["mcp"],
        "archived": False,
        "fork": False,
        "parent": None,
        "created_at": "2025-03-02T10:15:42Z",
        "updated_at": "2025-11-30T08:01:12Z",
        "pushed_at": "2025-11-29T21:44:03Z",
        "tracked": False,
    }
    agent_kit = rows["jdoe/agent-kit"]
    assert (agent_kit["license"], agent_kit["description"], agent_kit["homepage"]) == (
        "other",
        None,
        "https://agentkit.example",
    )
    assert agent_kit["matched_topics"] == ["ai-agents", "llm-agent"]
    notes = rows["tiny-labs/mcp-notes"]
    assert (notes["license"], notes["language"], notes["homepage"]) == (None, None, None)
    assert notes["matched_topics"] == ["mcp", "mcp-server"]
    queued = rows["someone/queued-tool"]
    assert (queued["tracked"], queued["license"], queued["stars"], queued["matched_topics"]) == (
        True,
        "Apache-2.0",
        77,
        [],
    )
    assert env.state.status(FEED, "someone/queued-tool") == "tracked"
    for request in fake.requests:
        assert request.headers["accept"] == "application/vnd.github+json"
        assert request.headers["x-github-api-version"] == "2022-11-28"
        assert "authorization" not in request.headers
    topics = {q.split()[0] for q, _ in fake.searches()}
    assert topics == {
        f"topic:{t}"
        for t in ("mcp", "mcp-server", "ai-agent", "ai-agents", "llm-agent", "agentic-ai", "autonomous-agents")
    }


async def test_pagination_follows_next_links_to_the_end_and_merges_topics(env: Env) -> None:
    repos = [make_repo(f"org/repo{i:03d}", stars=1000 - i) for i in range(250)]
    repos += [make_repo(f"both/repo{i}", stars=5000 + i, topics=("mcp-server", "mcp", "rust")) for i in range(3)]
    fake = FakeGitHub(repos)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows) == ("ok", 253)
    assert set(stored(env)) == {r["full_name"] for r in repos}
    assert stored(env)["both/repo1"]["matched_topics"] == ["mcp", "mcp-server"]
    assert [p for q, p in fake.searches() if q == "topic:mcp archived:false"] == [1, 2, 3]
    last = [r for r in fake.requests if r.url.params.get("q") == "topic:mcp archived:false"][-1]
    assert "link" not in fake.search(last).headers


@pytest.mark.parametrize(
    ("status", "headers", "expected"),
    [
        (403, {"x-ratelimit-remaining": "0", "x-ratelimit-reset": "+30"}, (29.0, 32.0)),
        (429, {"retry-after": "17"}, (17.0, 17.0)),
    ],
)
async def test_rate_limit_waits_as_told_then_succeeds(
    env: Env, status: int, headers: dict[str, str], expected: tuple[float, float]
) -> None:
    if headers.get("x-ratelimit-reset") == "+30":
        headers = {
            **headers,
            "x-ratelimit-limit": "10",
            "x-ratelimit-resource": "search",
            "x-ratelimit-reset": str(int(time.time()) + 30),
        }
    fake = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]))
    fake.script.append(
        httpx.Response(
            status,
            headers=headers,
            json={
                "message": "API rate limit exceeded for 192.0.2.1.",
                "documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
            },
        )
    )

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows) == ("ok", 3)
    assert len(env.sleeps) == 1
    assert expected[0] <= env.sleeps[0] <= expected[1]


async def test_server_error_is_retried_with_backoff(env: Env) -> None:
    fake = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]))
    fake.script.append(httpx.Response(502, text="<html><body>Bad gateway</body></html>"))

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows) == ("ok", 3)
    assert env.sleeps == [0.5]


async def test_malformed_response_fails_and_keeps_earlier_days(env: Env) -> None:
    assert (await env.collect(FEED, FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"])))).status == "ok"

    def html(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, text="<!DOCTYPE html><html>Unicorn!</html>", headers={"content-type": "text/html"})

    run = await env.collect(FEED, html, day=DAY + timedelta(days=1))

    assert run.status == "failed"
    assert "invalid response" in (run.error or "")
    assert len(stored(env)) == 3
    assert stored(env, DAY + timedelta(days=1)) == {}


async def test_item_missing_required_fields_is_skipped_with_a_warning(lenient_env: Env) -> None:
    repos = copy.deepcopy(SEARCH_PAGE["items"])
    del repos[1]["stargazers_count"]
    repos[2]["created_at"] = "not a date"

    run = await lenient_env.collect(FEED, FakeGitHub(repos))

    assert (run.status, run.rows) == ("ok", 1)
    assert run.warnings >= 2
    assert set(stored(lenient_env)) == {"example-org/weather-mcp"}


async def test_network_off_fails_and_keeps_earlier_days(env: Env) -> None:
    await env.check_network_off(FEED, FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"])))


async def test_recollecting_is_idempotent_and_counts_new_and_changed(env: Env) -> None:
    repos = copy.deepcopy(SEARCH_PAGE["items"])
    first = await env.collect(FEED, FakeGitHub(repos))
    again = await env.collect(FEED, FakeGitHub(repos))
    assert (first.new, again.new, again.rows) == (3, 3, 3)
    day_one = stored(env)

    repos[0]["stargazers_count"] += 10
    repos.append(make_repo("fresh/agent", stars=2, created="2026-11-20T06:00:00Z", topics=("ai-agent",)))
    run = await env.collect(FEED, FakeGitHub(repos), day=DAY + timedelta(days=1))

    assert (run.status, run.rows, run.new, run.changed) == ("ok", 4, 1, 1)
    assert stored(env) == day_one
    assert stored(env, DAY + timedelta(days=1))["example-org/weather-mcp"]["stars"] == 1542


# -- the search cap ----------------------------------------------------------------------------


async def test_new_repositories_past_the_cap_are_sliced_by_date(env: Env) -> None:
    repos = spread(2500, date(2026, 10, 21), 31, "ai-agent", "new")
    fake = FakeGitHub(repos)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows, run.warnings) == ("ok", 2500, 0)
    assert set(stored(env)) == {r["full_name"] for r in repos}
    asked = {q for q, _ in fake.searches()}
    assert "topic:ai-agent archived:false created:2026-10-21..2026-11-20" in asked
    assert "topic:ai-agent archived:false created:2026-10-21..2026-11-05" in asked
    assert "topic:ai-agent archived:false created:2026-11-06..2026-11-20" in asked
    assert max(page for _, page in fake.searches()) == 10
    assert [p for q, p in fake.searches() if q == "topic:ai-agent archived:false"] == list(range(1, 11))


async def test_the_window_follows_the_run_clock(env: Env) -> None:
    fake = FakeGitHub([])
    now = datetime(2026, 11, 20, 23, 30, tzinfo=UTC)

    await env.collect(FEED, fake, now=now)

    assert "topic:mcp archived:false created:2026-10-21..2026-11-20" in {q for q, _ in fake.searches()}


async def test_a_single_day_past_the_cap_is_sliced_by_stars(env: Env) -> None:
    repos = [
        make_repo(f"busy/r{i:04d}", stars=i, created="2026-11-15T09:00:00Z", topics=("agentic-ai",))
        for i in range(1200)
    ]
    fake = FakeGitHub(repos)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows, run.warnings) == ("ok", 1200, 0)
    asked = {q for q, _ in fake.searches()}
    assert "topic:agentic-ai archived:false created:2026-11-15..2026-11-15" in asked
    assert "topic:agentic-ai archived:false created:2026-11-15..2026-11-15 stars:0..599" in asked
    assert "topic:agentic-ai archived:false created:2026-11-15..2026-11-15 stars:600..1199" in asked


async def test_an_indivisible_slice_keeps_its_first_thousand_with_a_warning(env: Env) -> None:
    repos = [
        make_repo(f"flat/r{i:04d}", stars=0, created="2026-11-15T09:00:00Z", topics=("llm-agent",)) for i in range(1100)
    ]
    fake = FakeGitHub(repos)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows) == ("ok", 1000)
    assert run.warnings == 1
    assert max(page for _, page in fake.searches()) == 10


async def test_a_422_past_the_cap_ends_the_query(env: Env) -> None:
    repos = [make_repo(f"org/repo{i:03d}", stars=i) for i in range(700)]
    fake = FakeGitHub(repos, cap=500)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows) == ("ok", 500)
    assert min(row["stars"] for row in stored(env).values()) == 200
    assert [p for q, p in fake.searches() if q == "topic:mcp archived:false"] == [1, 2, 3, 4, 5, 6]


async def test_another_422_fails_the_source(env: Env) -> None:
    fake = FakeGitHub([])
    fake.script.append(
        httpx.Response(
            422,
            json={
                "message": "Validation Failed",
                "errors": [
                    {
                        "message": "The search is longer than 256 characters.",
                        "resource": "Search",
                        "field": "q",
                        "code": "invalid",
                    }
                ],
                "documentation_url": "https://docs.github.com/v3/search/",
            },
        )
    )

    run = await env.collect(FEED, fake)

    assert run.status == "failed"
    assert "invalid response" in (run.error or "")


async def test_incomplete_results_are_kept_with_a_warning(env: Env) -> None:
    run = await env.collect(FEED, FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]), incomplete=True))

    assert (run.status, run.rows) == ("ok", 3)
    assert run.warnings >= 1


# -- tracked repositories ----------------------------------------------------------------------


async def test_queued_repositories_are_tracked_or_marked_not_found(env: Env) -> None:
    fake = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]))
    renamed = copy.deepcopy(REPO)
    fake.by_id[renamed["id"]] = renamed
    fake.moved["someone/old-name"] = renamed["id"]
    for entity in ("Example-Org/weather-mcp", "gone/missing", "someone/old-name", "../../rate_limit"):
        env.state.enqueue(FEED, entity)

    run = await env.collect(FEED, fake)

    assert (run.status, run.rows, run.warnings) == ("ok", 4, 2)
    rows = stored(env)
    assert rows["example-org/weather-mcp"]["tracked"] is True
    assert rows["someone/queued-tool"]["tracked"] is True
    assert rows["jdoe/agent-kit"]["tracked"] is False
    assert env.state.status(FEED, "Example-Org/weather-mcp") == "tracked"
    assert env.state.status(FEED, "gone/missing") == "not_found"
    assert env.state.status(FEED, "someone/old-name") == "tracked"
    assert env.state.status(FEED, "../../rate_limit") == "not_found"
    fetched = [r.url.path for r in fake.requests if not r.url.path.startswith("/search/")]
    assert fetched == ["/repos/gone/missing", "/repos/someone/old-name", f"/repositories/{renamed['id']}"]


async def test_tracked_repositories_are_fetched_again_the_next_day(env: Env) -> None:
    fake = FakeGitHub([])
    fake.repo_api["someone/queued-tool"] = REPO
    env.state.enqueue(FEED, "someone/queued-tool")
    await env.collect(FEED, fake)

    run = await env.collect(FEED, fake, day=DAY + timedelta(days=1))

    assert (run.status, run.rows, run.new, run.changed) == ("ok", 1, 0, 0)
    assert stored(env, DAY + timedelta(days=1))["someone/queued-tool"]["tracked"] is True


# -- authentication ----------------------------------------------------------------------------


@pytest.fixture
def token_env(tmp_path: Path) -> Iterator[Env]:
    made = make_env(tmp_path / "token", GITHUB_TOKEN="x")
    yield made
    made.archive.close()
    made.state.close()


async def test_token_is_sent_only_when_set(env: Env, token_env: Env) -> None:
    with_token, without = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"])), FakeGitHub([])
    for fake, target in ((with_token, token_env), (without, env)):
        fake.repo_api["someone/queued-tool"] = REPO
        target.state.enqueue(FEED, "someone/queued-tool")
        assert (await target.collect(FEED, fake)).status == "ok"

    assert {r.headers.get("authorization") for r in with_token.requests} == {"Bearer x"}
    assert {r.headers.get("authorization") for r in without.requests} == {None}
    assert any(r.url.path.startswith("/repos/") for r in with_token.requests)


async def test_a_blocked_queued_repository_is_skipped_not_fatal(env: Env) -> None:
    fake = FakeGitHub(copy.deepcopy(SEARCH_PAGE["items"]))
    env.state.enqueue(FEED, "blocked/legal")

    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/repos/blocked/legal":
            return httpx.Response(451, json={"message": "Repository access blocked"})
        return fake(request)

    run = await env.collect(FEED, handler)

    assert (run.status, run.rows, run.warnings) == ("ok", 3, 1)
    assert env.state.status(FEED, "blocked/legal") == "queued"


def test_a_slice_halves_its_dates_first_then_its_stars() -> None:
    """Dates and stars are split by the same method: date halves while the range has two days, then stars."""
    part = Slice("llm", created=(date(2026, 1, 1), date(2026, 1, 10)))
    assert part.halves(500) == (
        Slice("llm", created=(date(2026, 1, 1), date(2026, 1, 5))),
        Slice("llm", created=(date(2026, 1, 6), date(2026, 1, 10))),
    )
    one_day = Slice("llm", created=(date(2026, 1, 6), date(2026, 1, 6)))
    assert one_day.halves(500) == (
        Slice("llm", created=one_day.created, stars=(0, 250)),
        Slice("llm", created=one_day.created, stars=(251, 500)),
    )
    assert Slice("llm", created=one_day.created, stars=(7, 7)).halves(500) is None
