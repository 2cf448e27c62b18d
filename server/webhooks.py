"""Webhook URLs, signatures and delivery: posting watch events to URLs that clients gave us.

A webhook URL is hostile input exactly like a pricing page URL, so it goes through the same address
guard and pinned connection as pricing pages (collectors/safe_fetch.py), at creation and again at
every delivery, and redirects are never followed. Bodies are HMAC-signed per account; retries are
bounded per run and by a time budget, so one failing receiver cannot hold up the nightly step.
See docs/notifications-and-webhooks.md.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

import httpx

from collectors.protocol import Resolver
from collectors.safe_fetch import Pin, UnsafeURL, pin_url, send_pinned

SIGNATURE_HEADER = "X-Feeds-Signature"
EVENT_ID_HEADER = "X-Feeds-Event-Id"
USER_AGENT = "ai-feeds-webhooks/1"
MAX_URL = 2048
ATTEMPTS_PER_RUN = 3
BACKOFF_SECONDS = 1.0
RETRY_AFTER_CAP = 60.0
DELIVERY_BUDGET_SECONDS = 120.0
"""Longest time one run spends starting delivery attempts; the rest waits for the next run."""
CONCURRENCY = 8
"""Webhooks delivered at once (each webhook's own events go one after another, oldest first)."""
SIGNATURE_TOLERANCE = 300
"""Suggested receiver tolerance for `t`, in seconds (used by `verify`)."""

LOOPBACK_NAMES = frozenset({"localhost"})


# -- signatures ------------------------------------------------------------------------------------


def sign(secret: str, body: bytes, timestamp: int) -> str:
    """The `X-Feeds-Signature` value of `body` sent at `timestamp`."""
    mac = hmac.new(secret.encode(), str(timestamp).encode() + b"." + body, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={mac}"


def verify(
    secret: str, header: str, body: bytes, *, now: float | None = None, tolerance: int = SIGNATURE_TOLERANCE
) -> bool:
    """What a receiver does: recompute the HMAC, compare in constant time, refuse a stale `t`."""
    parts = dict(part.split("=", 1) for part in header.split(",") if "=" in part)
    try:
        timestamp = int(parts["t"])
    except (KeyError, ValueError):
        return False
    if abs((time.time() if now is None else now) - timestamp) > tolerance:
        return False
    expected = sign(secret, body, timestamp).split("v1=", 1)[1]
    return hmac.compare_digest(expected, parts.get("v1", ""))


# -- URLs ------------------------------------------------------------------------------------------


def syntax_error(url: Any) -> str | None:
    """Why `url` is not even a candidate webhook URL (a 400 `bad_request`), or None.

    Only the shape is judged here; whether the host is one we may post to is `check_webhook`'s job.
    A host must be a fully qualified name or an IP address: a single label (`https://x`) would be
    resolved through the server's own search domains, i.e. inside our network.
    """
    if not isinstance(url, str) or not url.strip():
        return "`webhook` must be a URL string such as https://hooks.example.com/feeds"
    if len(url) > MAX_URL:
        return f"`webhook` is longer than {MAX_URL} characters"
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        return f"`webhook` is not a valid URL ({exc})"
    if not parsed.scheme or not parsed.host:
        return "`webhook` must be an absolute URL such as https://hooks.example.com/feeds"
    host = parsed.host.rstrip(".")
    if "." not in host and ":" not in host and host not in LOOPBACK_NAMES:
        return f"`webhook` host {host!r} is not a fully qualified domain name"
    return None


def _loopback_host(host: str) -> bool:
    if host.lower().rstrip(".") in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


async def check_webhook(url: str, resolver: Resolver, allow_loopback: bool) -> Pin:
    """Raise UnsafeURL unless we may POST to `url`; returns where its connection must go (`send_pinned`).

    A pin without a name connects by the URL's own host: an IP literal, or a loopback host admitted by
    FEEDS_WEBHOOK_ALLOW_LOOPBACK (which skips the https and port rules, see docs/notifications-and-webhooks.md).
    """
    problem = syntax_error(url)
    if problem:
        raise UnsafeURL(problem)
    parsed = httpx.URL(url)
    if allow_loopback and _loopback_host(parsed.host):
        if parsed.scheme not in ("http", "https") or parsed.userinfo:
            raise UnsafeURL(f"only http(s) URLs without user info are allowed: {url}")
        return Pin((), None)
    return await pin_url(url, resolver, allow_loopback)


# -- delivery --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outgoing:
    """One event to post: its id, the exact body (signed as is), and where."""

    event_id: str
    watch_id: str
    account: str
    url: str
    body: bytes


@dataclass(frozen=True)
class Attempt:
    event_id: str
    watch_id: str
    attempt: int
    url: str
    status: int | None
    error: str | None
    duration_ms: float
    at: str


@dataclass
class DeliveryReport:
    delivered: int = 0
    failed: int = 0
    """Events given up (3xx/4xx, refused URL); they are not retried."""
    pending: int = 0
    """Events left for the next run (retryable failures, budget, a webhook stopped for this run)."""
    attempts: int = 0
    disabled: list[str] = field(default_factory=list)
    """Watch ids whose webhook was disabled in this run."""


class DeliveryLog:
    """What `deliver_events` needs from storage; server/notifications.py implements it on SQLite."""

    def previous_attempts(self, event_id: str) -> int:
        raise NotImplementedError

    def record_attempt(self, attempt: Attempt) -> None:
        raise NotImplementedError

    def mark(self, event_id: str, state: str, error: str | None, at: str) -> None:
        raise NotImplementedError

    def webhook_succeeded(self, watch_id: str) -> None:
        raise NotImplementedError

    def webhook_failed(self, watch_id: str, error: str, at: str) -> bool:
        """Count a failed delivery; True when that disabled the webhook."""
        raise NotImplementedError

    def secret(self, account: str) -> str:
        raise NotImplementedError


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _retry_after(response_headers: httpx.Headers) -> float | None:
    raw = response_headers.get("retry-after", "").strip()
    return float(raw) if raw.isdigit() else None


async def deliver_events(
    events: list[Outgoing],
    log: DeliveryLog,
    *,
    resolver: Resolver,
    allow_loopback: bool,
    timeout: float,
    budget: float = DELIVERY_BUDGET_SECONDS,
    backoff: float = BACKOFF_SECONDS,
    attempts_per_run: int = ATTEMPTS_PER_RUN,
    transport: httpx.AsyncBaseTransport | None = None,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> DeliveryReport:
    """POST every event to its webhook (rules: docs/notifications-and-webhooks.md); `events` oldest first."""
    report = DeliveryReport()
    deadline = time.monotonic() + budget
    by_watch: dict[str, list[Outgoing]] = {}
    for event in events:
        by_watch.setdefault(event.watch_id, []).append(event)
    gate = asyncio.Semaphore(CONCURRENCY)
    # trust_env=False: a proxy from the environment would connect on our behalf and defeat the pinning.
    async with httpx.AsyncClient(
        transport=transport, timeout=timeout, follow_redirects=False, trust_env=False
    ) as client:

        async def one_webhook(queue: list[Outgoing]) -> None:
            async with gate:
                for n, event in enumerate(queue):
                    outcome = await _deliver_one(
                        client,
                        event,
                        log,
                        report,
                        resolver=resolver,
                        allow_loopback=allow_loopback,
                        timeout=timeout,
                        deadline=deadline,
                        backoff=backoff,
                        attempts_per_run=attempts_per_run,
                        sleep=sleep,
                    )
                    if outcome == "delivered":
                        report.delivered += 1
                        log.webhook_succeeded(event.watch_id)
                        continue
                    if outcome == "budget":
                        report.pending += len(queue) - n
                        return
                    state, error = outcome
                    if state == "failed":
                        report.failed += 1
                    else:
                        report.pending += 1
                    if log.webhook_failed(event.watch_id, error, _now()):
                        report.disabled.append(event.watch_id)
                        for later in queue[n + 1 :]:
                            log.mark(later.event_id, "disabled", "the webhook was disabled", _now())
                        if state == "pending":
                            log.mark(event.event_id, "disabled", error, _now())
                        return
                    report.pending += len(queue) - n - 1  # the endpoint is failing: the rest waits a run
                    return

        await asyncio.gather(*(one_webhook(queue) for queue in by_watch.values()))
    return report


async def _deliver_one(
    client: httpx.AsyncClient,
    event: Outgoing,
    log: DeliveryLog,
    report: DeliveryReport,
    *,
    resolver: Resolver,
    allow_loopback: bool,
    timeout: float,
    deadline: float,
    backoff: float,
    attempts_per_run: int,
    sleep: Callable[[float], Awaitable[None]],
) -> Literal["delivered", "budget"] | tuple[Literal["failed", "pending"], str]:
    """ "delivered", "budget" (not attempted), or (state, error) with state "failed" or "pending"."""
    error = "not attempted"
    for n in range(attempts_per_run):
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return "budget" if n == 0 else ("pending", error)
        attempt = log.previous_attempts(event.event_id) + 1
        started = time.monotonic()
        status: int | None = None
        retry_after: float | None = None
        try:
            pin = await check_webhook(event.url, resolver, allow_loopback)
        except UnsafeURL as exc:
            error = str(exc)  # "unsafe URL: <why>"
            _record(log, report, event, attempt, None, error, started)
            log.mark(event.event_id, "failed", error, _now())
            return "failed", error
        timestamp = int(time.time())
        headers = {
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            SIGNATURE_HEADER: sign(log.secret(event.account), event.body, timestamp),
            EVENT_ID_HEADER: event.event_id,
        }
        limit = min(timeout, remaining)
        try:
            # httpx times each read and write; this caps the whole attempt (a receiver trickling bytes,
            # every checked address tried in turn).
            async with asyncio.timeout(limit):
                response = await send_pinned(client, "POST", event.url, pin, headers, content=event.body, timeout=limit)
                await response.aclose()  # the receiver's body is of no interest; never read an endless one
            status = response.status_code
            retry_after = _retry_after(response.headers)
            failure = None if 200 <= status < 300 else f"HTTP {status}"
        except TimeoutError:
            failure = f"no answer within {limit:g}s"
        except httpx.HTTPError as exc:
            failure = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        _record(log, report, event, attempt, status, failure, started)
        if failure is None:
            log.mark(event.event_id, "delivered", None, _now())
            return "delivered"
        error = failure
        if status is not None and status < 500 and status != 429:
            log.mark(event.event_id, "failed", error, _now())
            return "failed", error
        log.mark(event.event_id, "pending", error, _now())
        if n + 1 < attempts_per_run:
            wait = backoff * 2**n
            if retry_after is not None:
                wait = max(wait, min(retry_after, RETRY_AFTER_CAP))
            if time.monotonic() + wait >= deadline:
                return "pending", error
            await sleep(wait)
    return "pending", error


def _record(
    log: DeliveryLog,
    report: DeliveryReport,
    event: Outgoing,
    attempt: int,
    status: int | None,
    error: str | None,
    started: float,
) -> None:
    report.attempts += 1
    log.record_attempt(
        Attempt(
            event.event_id,
            event.watch_id,
            attempt,
            event.url,
            status,
            error,
            round((time.monotonic() - started) * 1000, 1),
            _now(),
        )
    )
