"""Fetching a web page on someone else's say-so without becoming a proxy into our own network.

Pricing pages come from the seed list and from clients (`url=`), and webhooks post to URLs that
clients give us, so every fetch is treated as hostile input. The rules:

- `https` only; no user info (`user:pass@`) and no port other than the default 443, so a URL
  cannot aim at an internal service listening on some other port or smuggle credentials.
- The host is resolved with the injected `Resolver` and *every* address must be public: loopback,
  private, link-local, unique-local, CGNAT, multicast, reserved and unspecified ranges are refused,
  as are IPv4 addresses hidden in IPv6 (mapped, compatible, 6to4, NAT64) and the cloud metadata
  endpoints. One bad address is enough to refuse: the connection may pick any of them.
  IP-literal hosts are checked as they are, without DNS; numeric host spellings that only some
  resolvers read as addresses (`127.1`, `2130706433`, `0x7f000001`) are refused outright.
- Redirects are followed by hand, and each `Location` is checked like the first URL before it is
  requested, because a public page redirecting to `https://127.0.0.1/` is the classic bypass.
- The body is streamed and refused past `max_bytes` (a declared `Content-Length` over the cap is
  refused before reading), the whole fetch including retries is capped at `timeout` seconds, and
  anything that is not HTML is refused.

Known limit: the address is checked when the URL is resolved, and the HTTP client resolves the
name again when it connects. A hostile DNS server can answer the second lookup differently
(DNS rebinding). Pinning the connection to the checked address is future work.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
from dataclasses import dataclass
from typing import Any

import httpx

from collectors.http import CollectorError, HttpClient, Inaccessible, InvalidResponse
from collectors.protocol import Resolver

REDIRECT_STATUSES = (301, 302, 303, 307, 308)
HTML_TYPES = ("text/html", "application/xhtml+xml")
_BODY_HEADERS = ("content-encoding", "content-length")
ACCEPT = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1"

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

# Cloud metadata services: they hand out instance credentials to anyone who can reach them.
METADATA_ADDRESSES = frozenset(
    ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200")
)
METADATA_HOSTS = frozenset({"metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal"})

# Checked in order; the first match names the reason. `is_global` below catches the rest.
BLOCKED_NETWORKS: tuple[tuple[str, ipaddress.IPv4Network | ipaddress.IPv6Network], ...] = tuple(
    (reason, ipaddress.ip_network(net))
    for reason, net in (
        ("private", "10.0.0.0/8"),
        ("private", "172.16.0.0/12"),
        ("private", "192.168.0.0/16"),
        ("carrier-grade NAT", "100.64.0.0/10"),
        ("link-local", "169.254.0.0/16"),
        ("link-local", "fe80::/10"),
        ("unique-local", "fc00::/7"),
        ("this-network", "0.0.0.0/8"),
    )
)
NAT64 = ipaddress.ip_network("64:ff9b::/96")
IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_LABEL = r"[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?"
HOST_NAME = re.compile(rf"^(?=.{{1,253}}$){_LABEL}(?:\.{_LABEL})*$")
NUMERIC_LABEL = re.compile(r"^(?:0x[0-9a-f]*|[0-9]+)$")


class UnsafeURL(CollectorError):
    """The URL, or an address it resolves to, is not one we are willing to fetch."""

    public = "unsafe URL"


@dataclass(frozen=True)
class FetchedPage:
    url: str
    final_url: str
    status: int
    text: str


def address_refusal(ip: IPAddress, allow_loopback: bool = False) -> str | None:
    """Why `ip` must not be contacted, or None when it is a public address."""
    if ip in METADATA_ADDRESSES:
        return f"cloud metadata address {ip}"
    if isinstance(ip, ipaddress.IPv6Address):
        embedded = _embedded_ipv4(ip)
        if embedded is not None:
            reason = address_refusal(embedded, allow_loopback)
            return f"IPv6 address {ip} embeds {reason}" if reason else None
    if ip.is_loopback:
        return None if allow_loopback else f"loopback address {ip}"
    for reason, network in BLOCKED_NETWORKS:
        if ip.version == network.version and ip in network:
            return f"{reason} address {ip} (in {network})"
    if ip.is_multicast:
        return f"multicast address {ip}"
    if ip.is_unspecified:
        return f"unspecified address {ip}"
    if ip.is_reserved:
        return f"reserved address {ip}"
    if not ip.is_global:
        return f"non-public address {ip}"
    return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 address routes to, for the forms that carry one."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip in NAT64 or (ip in IPV4_COMPATIBLE and int(ip) > 1):  # ::1 is plain loopback, :: unspecified
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


def _parse(url: str) -> httpx.URL:
    try:
        parsed = httpx.URL(url)
    except (httpx.InvalidURL, TypeError, ValueError) as exc:
        raise UnsafeURL(f"not a valid URL: {url!r} ({exc})") from exc
    if parsed.scheme != "https":
        raise UnsafeURL(f"only https URLs are fetched, not {parsed.scheme or 'no scheme'}: {url}")
    if parsed.userinfo:
        raise UnsafeURL(f"URLs with user info are refused: {url}")
    if parsed.port is not None and parsed.port != 443:
        raise UnsafeURL(f"only the default https port is allowed, not {parsed.port}: {url}")
    if not parsed.raw_host:
        raise UnsafeURL(f"URL has no host: {url}")
    return parsed


async def check_url(url: str, resolver: Resolver, allow_loopback: bool = False) -> None:
    """Raise UnsafeURL (with the reason) unless `url` is https to a host whose every address is public."""
    parsed = _parse(url)
    host = parsed.raw_host.decode("ascii", "replace").lower()
    try:
        literal: IPAddress | None = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        literal = None
    if literal is not None:
        reason = address_refusal(literal, allow_loopback)
        if reason:
            raise UnsafeURL(f"{reason}: {url}")
        return
    name = host.rstrip(".")
    if not HOST_NAME.match(name):
        raise UnsafeURL(f"invalid host name {host!r}: {url}")
    if NUMERIC_LABEL.match(name.rsplit(".", 1)[-1]):
        raise UnsafeURL(f"numeric host {host!r} is not a canonical IP address: {url}")
    if name in METADATA_HOSTS:
        raise UnsafeURL(f"cloud metadata host {name}: {url}")
    if (name == "localhost" or name.endswith(".localhost")) and not allow_loopback:
        raise UnsafeURL(f"loopback host {name}: {url}")
    await _check_resolved(name, url, resolver, allow_loopback)


async def _check_resolved(name: str, url: str, resolver: Resolver, allow_loopback: bool) -> None:
    try:
        addresses = await resolver(name)
    except Exception as exc:  # any resolver failure means we cannot vouch for the host
        raise UnsafeURL(f"could not resolve {name} ({type(exc).__name__}: {exc}): {url}") from exc
    if not addresses:
        raise UnsafeURL(f"{name} resolves to no address: {url}")
    for text in addresses:
        try:
            ip = ipaddress.ip_address(text)
        except ValueError as exc:
            raise UnsafeURL(f"{name} resolved to something that is not an address ({text!r}): {url}") from exc
        reason = address_refusal(ip, allow_loopback)
        if reason:
            raise UnsafeURL(f"{name} resolves to {reason}: {url}")


class _CappedClient:
    """Stands in for the httpx client under HttpClient: same retries, but the body is read with a cap.

    HttpClient owns the retry and error policy; this only changes how a body is read, so a huge or
    endless response is cut off after `max_bytes` instead of being buffered whole.
    """

    def __init__(self, client: httpx.AsyncClient, max_bytes: int) -> None:
        self.client = client
        self.max_bytes = max_bytes

    async def request(
        self, method: str, url: str, *, params: Any = None, headers: Any = None, follow_redirects: bool = False
    ) -> httpx.Response:
        request = self.client.build_request(method, url, params=params, headers=headers)
        response = await self.client.send(request, stream=True, follow_redirects=follow_redirects)
        try:
            declared = response.headers.get("content-length", "")
            if declared.isdigit() and int(declared) > self.max_bytes:
                raise InvalidResponse(f"page declares {declared} bytes, more than the {self.max_bytes} allowed: {url}")
            body = bytearray()
            async for chunk in response.aiter_bytes():  # decoded bytes: a gzip bomb counts at full size
                body += chunk
                if len(body) > self.max_bytes:
                    raise InvalidResponse(f"page is larger than the {self.max_bytes} bytes allowed: {url}")
        finally:
            await response.aclose()
        # The body is already decoded: drop the headers that would make httpx decode or size it again.
        plain = [(k, v) for k, v in response.headers.multi_items() if k.lower() not in _BODY_HEADERS]
        return httpx.Response(response.status_code, headers=plain, content=bytes(body), request=request)


async def fetch_page(
    http: HttpClient,
    url: str,
    resolver: Resolver,
    *,
    max_bytes: int,
    timeout: float,
    max_redirects: int = 5,
    allow_loopback: bool = False,
) -> FetchedPage:
    """GET an HTML page under the rules of this module; raises UnsafeURL, InvalidResponse or the HTTP errors.

    Retries and rate limits follow `http`'s policy; the total time, retries included, is `timeout`.
    """
    capped = HttpClient(
        _CappedClient(http.client, max_bytes),  # type: ignore[arg-type]
        retries=http.retries,
        max_wait=http.max_wait,
        backoff=http.backoff,
        sleep=http.sleep,
    )
    try:
        async with asyncio.timeout(timeout):
            return await _follow(capped, url, resolver, max_redirects, allow_loopback)
    except TimeoutError as exc:
        raise Inaccessible(f"gave up after {timeout:g}s: {url}") from exc
    finally:
        http.requests += capped.requests


async def _follow(
    http: HttpClient, url: str, resolver: Resolver, max_redirects: int, allow_loopback: bool
) -> FetchedPage:
    current = url
    for _ in range(max_redirects + 1):
        await check_url(current, resolver, allow_loopback)
        response = await http.request(
            "GET", current, headers={"Accept": ACCEPT}, follow_redirects=False, ok_statuses=REDIRECT_STATUSES
        )
        if response.status_code not in REDIRECT_STATUSES:
            _check_html(response, current)
            return FetchedPage(url=url, final_url=current, status=response.status_code, text=response.text)
        location = response.headers.get("location", "").strip()
        if not location:
            raise InvalidResponse(f"HTTP {response.status_code} redirect without a Location: {current}")
        try:
            current = str(httpx.URL(current).join(location))
        except (httpx.InvalidURL, ValueError) as exc:
            raise UnsafeURL(f"redirect to an invalid URL {location!r}: {current}") from exc
    raise InvalidResponse(f"more than {max_redirects} redirects, last to {current}: {url}")


def _check_html(response: httpx.Response, url: str) -> None:
    content_type = response.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type not in HTML_TYPES:
        raise InvalidResponse(f"not an HTML page (content-type {content_type or 'missing'!r}): {url}")
