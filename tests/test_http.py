"""The shared HTTP layer: retries, rate-limit waits and the status-to-error mapping."""

from __future__ import annotations

import email.utils
import time

import httpx
import pytest

from collectors.http import (
    HttpClient,
    ImproperlyConfigured,
    Inaccessible,
    InvalidResponse,
    NotFound,
    RateLimited,
    rate_limit_wait,
)


def client_for(responses: list[httpx.Response | Exception], sleeps: list[float], **kw) -> HttpClient:
    queue = list(responses)

    def handler(request: httpx.Request) -> httpx.Response:
        item = queue.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    return HttpClient(httpx.AsyncClient(transport=httpx.MockTransport(handler)), sleep=sleep, **kw)


async def test_retries_5xx_with_exponential_backoff() -> None:
    sleeps: list[float] = []
    http = client_for([httpx.Response(502), httpx.Response(503), httpx.Response(200, json={"ok": 1})], sleeps)
    data, _ = await http.get_json("https://up.example/x")
    assert data == {"ok": 1}
    assert sleeps == [0.5, 1.0]


async def test_gives_up_after_the_retry_budget() -> None:
    sleeps: list[float] = []
    http = client_for([httpx.Response(500)] * 3, sleeps, retries=2)
    with pytest.raises(Inaccessible, match="after 3 attempts"):
        await http.get("https://up.example/x")


async def test_timeouts_and_connection_errors_are_retried() -> None:
    sleeps: list[float] = []
    http = client_for(
        [httpx.ConnectTimeout("slow"), httpx.ConnectError("refused"), httpx.Response(200, text="fine")], sleeps
    )
    response = await http.get("https://up.example/x")
    assert response.text == "fine"
    assert len(sleeps) == 2


async def test_network_off_is_inaccessible() -> None:
    http = client_for([httpx.ConnectError("no route")] * 5, [])
    with pytest.raises(Inaccessible, match="ConnectError"):
        await http.get("https://up.example/x")


@pytest.mark.parametrize(
    "headers,expected",
    [
        ({"retry-after": "7"}, 7.0),
        ({"ratelimit": '"api";r=0;t=42', "ratelimit-policy": '"fixed window";"api";q=500;w=300'}, 42.0),
    ],
)
async def test_rate_limit_headers_set_the_wait(headers: dict[str, str], expected: float) -> None:
    sleeps: list[float] = []
    http = client_for([httpx.Response(429, headers=headers), httpx.Response(200)], sleeps)
    await http.get("https://up.example/x")
    assert sleeps == [expected]


async def test_github_403_with_spent_budget_waits_until_reset() -> None:
    sleeps: list[float] = []
    reset = int(time.time()) + 30
    limited = httpx.Response(403, headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)})
    http = client_for([limited, httpx.Response(200)], sleeps)
    await http.get("https://api.github.example/search")
    assert len(sleeps) == 1 and 25 <= sleeps[0] <= 32


async def test_a_wait_longer_than_allowed_fails_now() -> None:
    http = client_for([httpx.Response(429, headers={"retry-after": "3600"})], [], max_wait=120)
    with pytest.raises(RateLimited, match="3600s"):
        await http.get("https://up.example/x")


async def test_spent_budget_on_a_success_delays_the_next_request() -> None:
    sleeps: list[float] = []
    reset = int(time.time()) + 20
    spent = httpx.Response(200, headers={"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(reset)})
    http = client_for([spent, httpx.Response(200)], sleeps)
    await http.get("https://up.example/1")
    assert sleeps == []
    await http.get("https://up.example/2")
    assert len(sleeps) == 1 and 15 <= sleeps[0] <= 22


async def test_ietf_spent_budget_on_a_success_delays_the_next_request() -> None:
    sleeps: list[float] = []
    spent = httpx.Response(200, headers={"ratelimit": '"api";r=0;t=12'})
    http = client_for([spent, httpx.Response(200)], sleeps)
    await http.get("https://hub.example/1")
    await http.get("https://hub.example/2")
    assert len(sleeps) == 1 and 10 <= sleeps[0] <= 13


@pytest.mark.parametrize(
    "status,error", [(404, NotFound), (401, ImproperlyConfigured), (403, Inaccessible), (422, InvalidResponse)]
)
async def test_status_mapping(status: int, error: type[Exception]) -> None:
    http = client_for([httpx.Response(status, text="nope")], [])
    with pytest.raises(error):
        await http.get("https://up.example/x")


async def test_malformed_json_is_an_invalid_response() -> None:
    http = client_for([httpx.Response(200, text="<html>oops</html>")], [])
    with pytest.raises(InvalidResponse, match="malformed JSON"):
        await http.get_json("https://up.example/x")


def test_retry_after_as_http_date() -> None:
    now = time.time()
    when = email.utils.formatdate(now + 90, usegmt=True)
    wait = rate_limit_wait(httpx.Response(503, headers={"retry-after": when}), now=now)
    assert wait is not None and 88 <= wait <= 91


def test_a_plain_403_is_not_a_rate_limit() -> None:
    assert rate_limit_wait(httpx.Response(403)) is None
