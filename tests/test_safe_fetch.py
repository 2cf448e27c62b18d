"""The SSRF guard: every refusal says why, and a normal page still comes through its redirects."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable

import httpx
import pytest

from collectors.http import HttpClient, Inaccessible, InvalidResponse, NotFound, make_client
from collectors.safe_fetch import UnsafeURL, address_refusal, check_url, fetch_page

PUBLIC = "93.184.215.14"
HTML = {"content-type": "text/html; charset=utf-8"}
PAGE = b"<html><head><title>Plans</title></head><body><h1>Plans</h1></body></html>"

HOSTS = {
    "pricing.example.com": [PUBLIC],
    "www.example.com": [PUBLIC, "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
    "intranet.example.com": ["10.1.2.3"],
    "mixed.example.com": [PUBLIC, "192.168.1.20"],
    "mapped.example.com": ["::ffff:127.0.0.1"],
    "cgnat.example.com": ["100.64.3.4"],
    "ula.example.com": ["fd12:3456::1"],
}


async def resolver(host: str) -> list[str]:
    """A test resolver: fixed answers, and NXDOMAIN (OSError, like getaddrinfo) for anything else."""
    try:
        return HOSTS[host]
    except KeyError:
        raise OSError(f"[Errno -2] Name or service not known: {host}") from None


class Recorder:
    def __init__(self, handler: Callable[[httpx.Request], httpx.Response]) -> None:
        self.handler = handler
        self.urls: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.urls.append(str(request.url))
        return self.handler(request)


async def fetch(
    handler: Callable[[httpx.Request], httpx.Response], url: str, *, max_bytes: int = 100_000, **kwargs: object
) -> tuple[object, Recorder, list[float]]:
    recorder = Recorder(handler)
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    async with make_client(10, httpx.MockTransport(recorder)) as client:
        http = HttpClient(client, retries=2, sleep=sleep)
        page = await fetch_page(http, url, resolver, max_bytes=max_bytes, timeout=5, **kwargs)  # type: ignore[arg-type]
    return page, recorder, sleeps


def never_called(request: httpx.Request) -> httpx.Response:
    raise AssertionError(f"the guard let {request.url} through")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://pricing.example.com/", "only https"),
        ("ftp://pricing.example.com/", "only https"),
        ("https://user:secret@pricing.example.com/", "user info"),
        ("https://pricing.example.com:8443/", "port"),
        ("https://127.0.0.1/", "loopback address 127.0.0.1"),
        ("https://10.0.0.1/", "private address 10.0.0.1"),
        ("https://172.16.5.4/", "private address"),
        ("https://192.168.0.1/", "private address"),
        ("https://169.254.169.254/latest/meta-data/", "cloud metadata address 169.254.169.254"),
        ("https://169.254.10.10/", "link-local"),
        ("https://[::1]/", "loopback address ::1"),
        ("https://[fe80::1]/", "link-local"),
        ("https://[fd00:ec2::254]/", "cloud metadata"),
        ("https://[::ffff:10.0.0.1]/", "embeds private address 10.0.0.1"),
        ("https://[64:ff9b::7f00:1]/", "embeds loopback"),
        ("https://0.0.0.0/", "address 0.0.0.0"),
        ("https://224.0.0.1/", "multicast"),
        ("https://100.64.0.7/", "carrier-grade NAT"),
        ("https://127.1/", "numeric host"),
        ("https://2130706433/", "numeric host"),
        ("https://0x7f000001/", "numeric host"),
        ("https://metadata.google.internal/computeMetadata/v1/", "cloud metadata host"),
        ("https://localhost/", "loopback host"),
        ("https://intranet.example.com/", "resolves to private address 10.1.2.3"),
        ("https://mixed.example.com/", "resolves to private address 192.168.1.20"),
        ("https://mapped.example.com/", "embeds loopback"),
        ("https://cgnat.example.com/", "carrier-grade NAT"),
        ("https://ula.example.com/", "unique-local"),
        ("https://nxdomain.example.com/", "could not resolve"),
        ("not a url at all", "only https"),
    ],
)
async def test_refused_urls_name_their_reason_and_are_never_requested(url: str, reason: str) -> None:
    with pytest.raises(UnsafeURL) as caught:
        await fetch(never_called, url)
    assert reason in str(caught.value)
    assert str(caught.value).startswith("unsafe URL: ")


async def test_loopback_can_be_allowed_for_local_use_but_private_cannot() -> None:
    await check_url("https://127.0.0.1/", resolver, allow_loopback=True)
    await check_url("https://[::1]/", resolver, allow_loopback=True)
    with pytest.raises(UnsafeURL, match="private"):
        await check_url("https://10.0.0.1/", resolver, allow_loopback=True)
    with pytest.raises(UnsafeURL, match="metadata"):
        await check_url("https://169.254.169.254/", resolver, allow_loopback=True)


async def test_public_hosts_and_ip_literals_pass_the_check() -> None:
    await check_url("https://www.example.com/pricing", resolver)  # v4 and v6, both public
    await check_url("https://pricing.example.com:443/", resolver)
    await check_url("https://93.184.215.14/", resolver)


def test_address_refusal_is_none_only_for_public_addresses() -> None:
    import ipaddress

    assert address_refusal(ipaddress.ip_address(PUBLIC)) is None
    assert address_refusal(ipaddress.ip_address("2606:4700::6810:84e5")) is None
    assert "reserved" in (address_refusal(ipaddress.ip_address("240.0.0.1")) or "")
    assert "non-public" in (address_refusal(ipaddress.ip_address("192.0.2.1")) or "")  # documentation range


async def test_a_normal_page_is_fetched_through_one_redirect_to_a_public_host() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "pricing.example.com":
            assert request.headers["accept"].startswith("text/html")
            return httpx.Response(301, headers={"location": "https://www.example.com/pricing?ref=old"})
        return httpx.Response(200, headers=HTML, content=PAGE)

    page, recorder, _ = await fetch(handler, "https://pricing.example.com/plans")
    assert recorder.urls == ["https://pricing.example.com/plans", "https://www.example.com/pricing?ref=old"]
    assert page.url == "https://pricing.example.com/plans"  # type: ignore[attr-defined]
    assert page.final_url == "https://www.example.com/pricing?ref=old"  # type: ignore[attr-defined]
    assert page.status == 200  # type: ignore[attr-defined]
    assert "<title>Plans</title>" in page.text  # type: ignore[attr-defined]


async def test_relative_redirects_resolve_against_the_current_url() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/old/plans":
            return httpx.Response(308, headers={"location": "../pricing/"})
        return httpx.Response(200, headers=HTML, content=PAGE)

    page, recorder, _ = await fetch(handler, "https://www.example.com/old/plans")
    assert recorder.urls[-1] == "https://www.example.com/pricing/"
    assert page.final_url == "https://www.example.com/pricing/"  # type: ignore[attr-defined]


async def test_a_302_to_loopback_is_refused_before_it_is_requested() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == "pricing.example.com":
            return httpx.Response(302, headers={"location": "https://127.0.0.1/admin"})
        raise AssertionError("followed a redirect to loopback")

    with pytest.raises(UnsafeURL, match=r"loopback address 127\.0\.0\.1"):
        await fetch(handler, "https://pricing.example.com/")


async def test_a_redirect_to_a_host_resolving_private_is_refused() -> None:
    recorder_hosts: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        recorder_hosts.append(request.url.host)
        return httpx.Response(307, headers={"location": "https://intranet.example.com/"})

    with pytest.raises(UnsafeURL, match=r"intranet\.example\.com resolves to private address 10\.1\.2\.3"):
        await fetch(handler, "https://pricing.example.com/")
    assert recorder_hosts == ["pricing.example.com"]


async def test_a_redirect_downgrading_to_http_is_refused() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(301, headers={"location": "http://www.example.com/pricing"})

    with pytest.raises(UnsafeURL, match="only https"):
        await fetch(handler, "https://pricing.example.com/")


async def test_too_many_redirects_are_refused() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        hop = int(request.url.params.get("hop", "0"))
        return httpx.Response(302, headers={"location": f"/loop?hop={hop + 1}"})

    with pytest.raises(InvalidResponse, match="more than 3 redirects") as caught:
        await fetch(handler, "https://www.example.com/loop", max_redirects=3)
    assert "invalid response" in str(caught.value)


async def test_a_declared_oversize_body_is_refused() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers=HTML, content=b"<html>" + b"x" * 5000)

    with pytest.raises(InvalidResponse, match="declares 5006 bytes, more than the 1000 allowed"):
        await fetch(handler, "https://www.example.com/", max_bytes=1000)


async def test_an_undeclared_oversize_body_is_cut_off_while_streaming() -> None:
    sent: list[int] = []

    async def endless() -> AsyncIterator[bytes]:
        for index in range(1000):
            sent.append(index)
            yield b"<p>" + b"y" * 1000 + b"</p>"

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers=HTML, content=endless())

    with pytest.raises(InvalidResponse, match="larger than the 10000 bytes allowed"):
        await fetch(handler, "https://www.example.com/", max_bytes=10_000)
    assert len(sent) < 20  # stopped reading, did not buffer the whole megabyte


async def test_non_html_content_is_refused() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers={"content-type": "application/pdf"}, content=b"%PDF-1.7")

    with pytest.raises(InvalidResponse, match=r"not an HTML page .*application/pdf"):
        await fetch(handler, "https://www.example.com/pricing.pdf")


async def test_a_5xx_is_retried_with_backoff_then_served() -> None:
    calls: list[int] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(1)
        if len(calls) == 1:
            return httpx.Response(503, headers=HTML, content=b"<h1>busy</h1>")
        return httpx.Response(200, headers=HTML, content=PAGE)

    page, _, sleeps = await fetch(handler, "https://www.example.com/")
    assert page.status == 200  # type: ignore[attr-defined]
    assert sleeps == [0.5]


async def test_a_404_is_not_found() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(404, headers=HTML, content=b"<h1>Not found</h1>")

    with pytest.raises(NotFound):
        await fetch(handler, "https://www.example.com/gone")


async def test_the_whole_fetch_is_capped_in_time() -> None:
    import asyncio

    async def slow() -> AsyncIterator[bytes]:
        yield b"<html>"
        await asyncio.sleep(10)
        yield b"</html>"

    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, headers=HTML, content=slow())

    async with make_client(10, httpx.MockTransport(handler)) as client:
        with pytest.raises(Inaccessible, match=r"gave up after 0.05s"):
            await fetch_page(HttpClient(client), "https://www.example.com/", resolver, max_bytes=1000, timeout=0.05)
