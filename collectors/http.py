"""The one HTTP layer every collector goes through: client, timeouts, retries, rate limits, errors.

A collector module is mostly its URLs, its upstream schema and a pure transform; everything that
is the same for every upstream lives here, once:

- retries with exponential backoff on timeouts, connection errors and 5xx;
- rate limits: `Retry-After` (seconds or HTTP date), GitHub's `x-ratelimit-remaining/reset`,
  the IETF `RateLimit: "api";r=0;t=N` of the model hub; a response that says the budget is spent
  makes the *next* request wait instead of failing it; a wait longer than FEEDS_MAX_RETRY_WAIT
  fails the source now rather than stalling the night;
- status codes mapped to four collector errors, each with a short public message and a detail;
- no credential in any of them: a detail goes to the run log and, as a feed's `lastError`, into the
  published tree, so the request's credential headers and credential-looking URL parts are masked.
"""

from __future__ import annotations

import asyncio
import email.utils
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import orjson

USER_AGENT = "ai-feeds/0.1 (daily AI-ecosystem data feeds; +https://example.invalid/ai-feeds)"

Sleep = Callable[[float], Awaitable[None]]


class CollectorError(Exception):
    """A source could not be collected. `public` is safe to show; `detail` is for the run log."""

    public = "source failed"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail

    def __str__(self) -> str:
        return f"{self.public}: {self.detail}"


class NotFound(CollectorError):
    public = "not found"


class InvalidResponse(CollectorError):
    public = "invalid response"


class Inaccessible(CollectorError):
    public = "inaccessible"


class RateLimited(Inaccessible):
    public = "rate limited"


class ImproperlyConfigured(CollectorError):
    public = "improperly configured"


_IETF_RATELIMIT = re.compile(r"\br=(\d+)\s*;\s*t=(\d+)")


def rate_limit_wait(response: httpx.Response, now: float | None = None) -> float | None:
    """Seconds the upstream asks us to wait, or None when the response is not a rate limit."""
    now = time.time() if now is None else now
    headers = response.headers
    retry_after = headers.get("retry-after")
    if retry_after is not None:
        retry_after = retry_after.strip()
        if retry_after.isdigit():
            return float(retry_after)
        parsed = email.utils.parsedate_to_datetime(retry_after) if retry_after else None
        if parsed is not None:
            return max(0.0, parsed.timestamp() - now)
    if headers.get("x-ratelimit-remaining") == "0":
        reset = headers.get("x-ratelimit-reset", "")
        if reset.isdigit():
            return max(1.0, float(reset) - now + 1)
        return 60.0
    match = _IETF_RATELIMIT.search(headers.get("ratelimit", ""))
    if match and match.group(1) == "0":
        return float(match.group(2))
    if response.status_code == 429:
        return 60.0  # a 429 without a hint: GitHub's advice for secondary limits is "at least 60 s"
    return None


def _budget_spent(response: httpx.Response) -> bool:
    """A success that says the budget is now zero (GitHub's or the IETF draft's headers)."""
    if response.headers.get("x-ratelimit-remaining") == "0":
        return True
    match = _IETF_RATELIMIT.search(response.headers.get("ratelimit", ""))
    return bool(match and match.group(1) == "0")


CREDENTIAL_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "x-api-key", "private-token"})
"""Request headers whose values are credentials."""

_CREDENTIAL_PARAM = re.compile(
    r"([?&;](?:[^=&#;]*[_.-])?(?:token|key|apikey|secret|password|passwd|sig|signature)=)[^&#;]*", re.IGNORECASE
)
_URL_PASSWORD = re.compile(r"(://[^/@:?#]*:)[^/@?#]*@")
_NOT_IN_REPR = re.compile(r"[^\x21-\x7e]|[\\'\"]")
"""Characters a repr may escape: a credential is masked by its runs of the other characters, so it is
found however an exception quoted it (`b'Bearer abc\\r'`)."""
_MIN_PIECE = 4
"""Shorter runs are not masked: they would garble every message and are no credential on their own."""


def shown_url(url: httpx.URL | str) -> str:
    """`url` for a message: a password in it and query values named like credentials become ***. A
    redirect may land on a signed URL whose query is the credential."""
    text = _CREDENTIAL_PARAM.sub(r"\1***", str(url))
    return _URL_PASSWORD.sub(r"\1***@", text)


def credential_pieces(*header_sets: Any) -> list[str]:
    """The credential parts of these headers' values (the auth scheme word left out), longest first."""
    pieces: set[str] = set()
    for headers in header_sets:
        for name, value in (headers or {}).items():
            if name.lower() not in CREDENTIAL_HEADERS or not value:
                continue
            scheme, sep, credential = value.partition(" ")
            secret = credential if sep and scheme.isalpha() and credential.strip() else value
            pieces.update(piece for piece in _NOT_IN_REPR.split(secret) if len(piece) >= _MIN_PIECE)
    return sorted(pieces, key=len, reverse=True)


def mask(text: str, pieces: list[str]) -> str:
    for piece in pieces:
        text = text.replace(piece, "***")
    return text


def _snippet(response: httpx.Response) -> str:
    text = response.text[:200].replace("\n", " ")
    return f"HTTP {response.status_code} from {shown_url(response.request.url)}: {text}"


class HttpClient:
    """Wraps an httpx.AsyncClient with the retry and error policy above."""

    def __init__(
        self,
        client: httpx.AsyncClient,
        *,
        retries: int = 4,
        max_wait: float = 120.0,
        backoff: float = 0.5,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.client = client
        self.retries = retries
        self.max_wait = max_wait
        self.backoff = backoff
        self.sleep = sleep
        self.requests = 0
        self._blocked_until = 0.0

    async def _wait(self, seconds: float, why: str) -> None:
        if seconds > self.max_wait:
            raise RateLimited(f"{why}: upstream asks for {seconds:.0f}s, more than {self.max_wait:.0f}s")
        if seconds > 0:
            await self.sleep(seconds)

    async def request(
        self,
        method: str,
        url: str,
        *,
        params: Any = None,
        headers: dict[str, str] | None = None,
        follow_redirects: bool = True,
        ok_statuses: tuple[int, ...] = (),
    ) -> httpx.Response:
        """Send with retries; return a 2xx/3xx response (or one in `ok_statuses`) or raise.

        Every error's detail is masked with the credentials sent: an upstream's error page, or httpx's
        own "Illegal header value" for a token with a line break, may quote them."""
        try:
            return await self._request(
                method, url, params=params, headers=headers, follow_redirects=follow_redirects, ok_statuses=ok_statuses
            )
        except CollectorError as exc:
            # The client may be a stand-in with only `request` (safe_fetch's pinned client).
            pieces = credential_pieces(getattr(self.client, "headers", None), headers)
            detail = mask(exc.detail, pieces)
            if detail == exc.detail:
                raise
            exc.detail, exc.args = detail, (detail,)
            # The cause is dropped: its message is the unmasked one, printed with any traceback.
            raise exc from None

    async def _request(
        self,
        method: str,
        url: str,
        *,
        params: Any,
        headers: dict[str, str] | None,
        follow_redirects: bool,
        ok_statuses: tuple[int, ...],
    ) -> httpx.Response:
        attempt = 0
        while True:
            if self._blocked_until:
                remaining = self._blocked_until - time.time()
                self._blocked_until = 0.0
                if remaining > 0:
                    await self._wait(remaining, "rate-limit budget spent")
            try:
                self.requests += 1
                response = await self.client.request(
                    method, url, params=params, headers=headers, follow_redirects=follow_redirects
                )
            except httpx.TimeoutException as exc:
                if attempt >= self.retries:
                    raise Inaccessible(f"timed out after {attempt + 1} attempts: {shown_url(url)}") from exc
                await self._wait(self.backoff * 2**attempt, "timeout")
                attempt += 1
                continue
            except httpx.TransportError as exc:
                if attempt >= self.retries:
                    raise Inaccessible(f"{type(exc).__name__}: {exc} ({shown_url(url)})") from exc
                await self._wait(self.backoff * 2**attempt, "connection error")
                attempt += 1
                continue

            status = response.status_code
            if status in ok_statuses:
                return response
            if status in (403, 429):
                wait = rate_limit_wait(response)
                if wait is not None:
                    if attempt >= self.retries:
                        raise RateLimited(f"still limited after {attempt + 1} attempts: {_snippet(response)}")
                    await self._wait(wait, f"HTTP {status}")
                    attempt += 1
                    continue
            if status >= 500:
                if attempt >= self.retries:
                    raise Inaccessible(f"{_snippet(response)} (after {attempt + 1} attempts)")
                await self._wait(self.backoff * 2**attempt, f"HTTP {status}")
                attempt += 1
                continue
            if status == 404 or status == 410:
                raise NotFound(_snippet(response))
            if status == 401:
                raise ImproperlyConfigured(f"credentials refused: {_snippet(response)}")
            if status == 403:
                raise Inaccessible(_snippet(response))
            if status >= 400:
                raise InvalidResponse(_snippet(response))

            # Honour a spent budget announced on a successful response before the next request.
            wait = rate_limit_wait(response) if _budget_spent(response) else None
            if wait:
                self._blocked_until = time.time() + wait
            return response

    async def get(self, url: str, **kwargs: Any) -> httpx.Response:
        return await self.request("GET", url, **kwargs)

    async def get_json(self, url: str, **kwargs: Any) -> tuple[Any, httpx.Response]:
        response = await self.get(url, **kwargs)
        try:
            return orjson.loads(response.content), response
        except orjson.JSONDecodeError as exc:
            raise InvalidResponse(f"malformed JSON from {shown_url(response.request.url)}: {exc}") from exc


def make_client(timeout: float, transport: httpx.AsyncBaseTransport | None = None) -> httpx.AsyncClient:
    return httpx.AsyncClient(
        transport=transport,
        timeout=httpx.Timeout(timeout),
        headers={"User-Agent": USER_AGENT},
        follow_redirects=True,
    )
