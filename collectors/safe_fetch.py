"""Fetching a web page on someone else's say-so without becoming a proxy into our own network.

Pricing pages and webhook URLs come from clients, so every fetch is hostile input: https on the
default port only, every resolved address must be public, and the connection goes to an address
that was checked (never a second DNS lookup, which rebinding could answer differently), with each
redirect checked the same way. Body size and total time are capped. See docs/safe-fetch.md.
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
METADATA_ADDRESSES = frozenset(ipaddress.ip_address(a) for a in ("169.254.169.254", "fd00:ec2::254", "100.100.100.200"))
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


async def check_url(url: str, resolver: Resolver, allow_loopback: bool = False) -> list[IPAddress]:
    """Raise UnsafeURL (with the reason) unless `url` is https to a host whose every address is public.

    Returns the addresses that passed, in the resolver's order (the address itself for an IP-literal
    host): connect to one of these, never to a fresh lookup of the name.
    """
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
        return [literal]
    name = host.rstrip(".")
    if not HOST_NAME.match(name):
        raise UnsafeURL(f"invalid host name {host!r}: {url}")
    if NUMERIC_LABEL.match(name.rsplit(".", 1)[-1]):
        raise UnsafeURL(f"numeric host {host!r} is not a canonical IP address: {url}")
    if name in METADATA_HOSTS:
        raise UnsafeURL(f"cloud metadata host {name}: {url}")
    if (name == "localhost" or name.endswith(".localhost")) and not allow_loopback:
        raise UnsafeURL(f"loopback host {name}: {url}")
    return await _check_resolved(name, url, resolver, allow_loopback)


async def _check_resolved(name: str, url: str, resolver: Resolver, allow_loopback: bool) -> list[IPAddress]:
    try:
        addresses = await resolver(name)
    except Exception as exc:  # any resolver failure means we cannot vouch for the host
        raise UnsafeURL(f"could not resolve {name} ({type(exc).__name__}: {exc}): {url}") from exc
    if not addresses:
        raise UnsafeURL(f"{name} resolves to no address: {url}")
    checked: list[IPAddress] = []
    for text in addresses:
        try:
            ip = ipaddress.ip_address(text)
        except ValueError as exc:
            raise UnsafeURL(f"{name} resolved to something that is not an address ({text!r}): {url}") from exc
        reason = address_refusal(ip, allow_loopback)
        if reason:
            raise UnsafeURL(f"{name} resolves to {reason}: {url}")
        if ip not in checked:
            checked.append(ip)
    return checked


@dataclass(frozen=True)
class Pin:
    """Where the requests of one URL connect: addresses that passed the check, and the name they stand for."""

    addresses: tuple[IPAddress, ...]
    """In the order they are tried: IPv4 first (reachable from nearly anywhere), then IPv6."""
    name: str | None
    """The TLS server name; None for an IP-literal URL, which is connected to as it is."""


async def pin_url(url: str, resolver: Resolver, allow_loopback: bool = False) -> Pin:
    """Check `url` like `check_url` and say where its connection must go."""
    addresses = await check_url(url, resolver, allow_loopback)
    host = httpx.URL(url).raw_host.decode("ascii").lower().strip("[]")
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return Pin(tuple(sorted(addresses, key=lambda ip: ip.version)), host.rstrip("."))
    return Pin(tuple(addresses), None)


def pinned_request(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    address: IPAddress | None,
    name: str | None,
    headers: Any = None,
    *,
    content: bytes | None = None,
    timeout: Any = httpx.USE_CLIENT_DEFAULT,
) -> httpx.Request:
    """A request for `url` that connects to `address`, with `Host` and the TLS server name still `url`'s.

    `address` None (or an IP-literal URL, `name` None) sends the URL as it is. `Host` is the URL's host
    as httpx encodes it (`raw_host`: IDNA for an internationalised name, never the Unicode spelling).
    Every guarded request asks for `Connection: close`, so no pooled connection (keyed by address)
    serves two names.
    """
    sent = httpx.Headers(headers)
    sent["Connection"] = "close"
    target = httpx.URL(url)
    extensions: dict[str, Any] = {}
    if address is not None and name is not None:
        host = target.raw_host.decode("ascii")
        sent["Host"] = host if target.port is None else f"{host}:{target.port}"
        extensions["sni_hostname"] = name
        target = target.copy_with(host=str(address))  # httpx brackets an IPv6 address itself
    return client.build_request(method, target, headers=sent, extensions=extensions, content=content, timeout=timeout)


async def send_pinned(
    client: httpx.AsyncClient,
    method: str,
    url: str,
    pin: Pin,
    headers: Any = None,
    *,
    content: bytes | None = None,
    timeout: Any = httpx.USE_CLIENT_DEFAULT,
) -> httpx.Response:
    """Send one request for `url` to the first of `pin`'s checked addresses that can be connected to.

    The addresses are tried in order while one cannot be connected to (nothing was sent yet, so the
    next one is as good); the last one's error is raised. Redirects are not followed. The response is
    streamed: the caller reads or closes it. `response.request` is the request that reached an address.
    """
    candidates: tuple[IPAddress | None, ...] = pin.addresses if pin.name is not None else (None,)
    for index, address in enumerate(candidates):
        request = pinned_request(client, method, url, address, pin.name, headers, content=content, timeout=timeout)
        try:
            return await client.send(request, stream=True, follow_redirects=False)
        except (httpx.ConnectError, httpx.ConnectTimeout):
            if index == len(candidates) - 1:
                raise
    raise UnsafeURL(f"no checked address to connect to: {url}")  # a name always has one; never by name


class _PinnedClient:
    """Stands in for the httpx client under HttpClient: same retries, but pinned and with a capped body.

    HttpClient owns the retry and error policy; this only changes where a request connects and how
    its body is read. A URL is requested only once `_follow` has checked it and stored its `Pin` in
    `pins`; its checked addresses are tried in order while they cannot be connected to (nothing was
    sent yet, so the next one is as good). Redirects are never followed here, only by `_follow`. The
    body is cut off after `max_bytes` instead of being buffered whole.
    """

    def __init__(self, client: httpx.AsyncClient, max_bytes: int) -> None:
        self.client = client
        self.max_bytes = max_bytes
        self.pins: dict[str, Pin] = {}

    async def request(
        self, method: str, url: str, *, params: Any = None, headers: Any = None, follow_redirects: bool = False
    ) -> httpx.Response:
        pin = self.pins.get(url)
        if pin is None or params:
            raise UnsafeURL(f"not checked before it was requested: {url}")
        response = await send_pinned(self.client, method, url, pin, headers)
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
        named = httpx.Request(method, url, headers=response.request.headers)  # errors name the page, not its address
        return httpx.Response(response.status_code, headers=plain, content=bytes(body), request=named)


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
    pinned = _PinnedClient(http.client, max_bytes)
    capped = HttpClient(
        pinned,  # type: ignore[arg-type]  # duck-typed stand-in: HttpClient only calls `client.request`
        retries=http.retries,
        max_wait=http.max_wait,
        backoff=http.backoff,
        sleep=http.sleep,
    )
    try:
        async with asyncio.timeout(timeout):
            return await _follow(capped, pinned, url, resolver, max_redirects, allow_loopback)
    except TimeoutError as exc:
        raise Inaccessible(f"gave up after {timeout:g}s: {url}") from exc
    finally:
        http.requests += capped.requests


async def _follow(
    http: HttpClient, pinned: _PinnedClient, url: str, resolver: Resolver, max_redirects: int, allow_loopback: bool
) -> FetchedPage:
    current = url
    for _ in range(max_redirects + 1):
        pinned.pins[current] = await pin_url(current, resolver, allow_loopback)  # re-resolved on every hop
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


class NameRouted(httpx.AsyncBaseTransport):
    """Hands pinned requests, by name, to a transport that stands in for the network.

    A real server behind a shared address tells its sites apart by the TLS server name and `Host`;
    the offline replay and test doubles route on the URL's host instead. Wrapped in this, they get a
    request that `fetch_page` pinned to an address back under the name it was checked for (from its
    `Host` header), and every other request untouched. Never wrap a transport that reaches the network:
    it would connect by name, i.e. look the name up again.
    """

    def __init__(self, inner: httpx.AsyncBaseTransport) -> None:
        self.inner = inner

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        if request.extensions.get("sni_hostname") and "host" in request.headers:
            extensions = {k: v for k, v in request.extensions.items() if k != "sni_hostname"}
            request = httpx.Request(
                request.method,
                request.url.copy_with(netloc=request.headers["host"].encode("ascii")),
                headers=request.headers,
                stream=request.stream,
                extensions=extensions,
            )
        return await self.inner.handle_async_request(request)

    async def aclose(self) -> None:
        await self.inner.aclose()
