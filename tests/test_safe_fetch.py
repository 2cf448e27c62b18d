"""The SSRF guard: every refusal says why, and a normal page still comes through its redirects."""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import httpcore
import httpx
import pytest

from collectors.http import HttpClient, Inaccessible, InvalidResponse, NotFound, make_client
from collectors.protocol import Resolver
from collectors.safe_fetch import NameRouted, UnsafeURL, address_refusal, check_url, fetch_page

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
    "xn--bcher-kva.example.com": [PUBLIC],  # bücher.example.com: DNS only ever sees the IDNA form
}


async def resolver(host: str) -> list[str]:
    """A test resolver: fixed answers, and NXDOMAIN (OSError, like getaddrinfo) for anything else."""
    try:
        return HOSTS[host]
    except KeyError:
        raise OSError(f"[Errno -2] Name or service not known: {host}") from None


def by_name(request: httpx.Request) -> httpx.URL:
    """The URL a pinned request stands for: its host is the checked address, its `Host` header the name."""
    return request.url.copy_with(netloc=request.headers["host"].encode("ascii"))


class Recorder:
    """The network edge: records where each request connects (`sent`) and what it asks for by name (`urls`)."""

    def __init__(self, handler: Callable[[httpx.Request], httpx.Response]) -> None:
        self.handler = handler
        self.urls: list[str] = []
        self.sent: list[tuple[str, str, str | None]] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.urls.append(str(by_name(request)))
        self.sent.append((str(request.url), request.headers["host"], request.extensions.get("sni_hostname")))
        return self.handler(request)


async def fetch(
    handler: Callable[[httpx.Request], httpx.Response],
    url: str,
    *,
    max_bytes: int = 100_000,
    resolve: Resolver = resolver,
    **kwargs: object,
) -> tuple[object, Recorder, list[float]]:
    recorder = Recorder(handler)
    sleeps: list[float] = []

    async def sleep(seconds: float) -> None:
        sleeps.append(seconds)

    async with make_client(10, httpx.MockTransport(recorder)) as client:
        http = HttpClient(client, retries=2, sleep=sleep)
        page = await fetch_page(http, url, resolve, max_bytes=max_bytes, timeout=5, **kwargs)  # type: ignore[arg-type]
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
        if request.headers["host"] == "pricing.example.com":
            assert request.headers["accept"].startswith("text/html")
            return httpx.Response(301, headers={"location": "https://www.example.com/pricing?ref=old"})
        return httpx.Response(200, headers=HTML, content=PAGE)

    page, recorder, _ = await fetch(handler, "https://pricing.example.com/plans")
    assert recorder.urls == ["https://pricing.example.com/plans", "https://www.example.com/pricing?ref=old"]
    assert recorder.sent == [
        (f"https://{PUBLIC}/plans", "pricing.example.com", "pricing.example.com"),
        (f"https://{PUBLIC}/pricing?ref=old", "www.example.com", "www.example.com"),  # IPv4 before IPv6
    ]
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
        if request.headers["host"] == "pricing.example.com":
            return httpx.Response(302, headers={"location": "https://127.0.0.1/admin"})
        raise AssertionError("followed a redirect to loopback")

    with pytest.raises(UnsafeURL, match=r"loopback address 127\.0\.0\.1"):
        await fetch(handler, "https://pricing.example.com/")


async def test_a_redirect_to_a_host_resolving_private_is_refused() -> None:
    recorder_hosts: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        recorder_hosts.append(request.headers["host"])
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

    with pytest.raises(NotFound, match=r"HTTP 404 from https://www\.example\.com/gone"):  # the page, not its address
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


# -- pinning: the connection goes to the address that was checked, not to a second lookup -------------


class Rebinding:
    """A hostile DNS server: the `first` answer the first time a name is asked, `later` on every lookup after."""

    def __init__(self, first: dict[str, list[str]], later: list[str]) -> None:
        self.first = first
        self.later = later
        self.asked: list[str] = []

    async def __call__(self, host: str) -> list[str]:
        self.asked.append(host)
        return self.first[host] if self.asked.count(host) == 1 else self.later


def page_ok(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, headers=HTML, content=PAGE)


async def test_the_connection_goes_to_the_checked_address_with_the_name_as_host_and_tls_server_name() -> None:
    dns = Rebinding({"pricing.example.com": [PUBLIC]}, later=["127.0.0.1"])
    headers: list[httpx.Headers] = []

    def handler(request: httpx.Request) -> httpx.Response:
        headers.append(request.headers)
        return page_ok(request)

    page, recorder, _ = await fetch(handler, "https://Pricing.Example.com/plans?tier=pro#team", resolve=dns)
    assert dns.asked == ["pricing.example.com"]  # one lookup: the one that was checked, nothing left to rebind
    assert recorder.sent == [(f"https://{PUBLIC}/plans?tier=pro#team", "pricing.example.com", "pricing.example.com")]
    assert headers[0]["connection"] == "close"  # no pooled connection (keyed by address) serves another name
    assert page.final_url == "https://Pricing.Example.com/plans?tier=pro#team"  # type: ignore[attr-defined]


async def test_every_redirect_hop_is_resolved_checked_and_pinned_on_its_own() -> None:
    dns = Rebinding(
        {"pricing.example.com": ["93.184.215.20"], "www.example.com": ["93.184.215.21"]}, later=["169.254.169.254"]
    )

    def handler(request: httpx.Request) -> httpx.Response:
        if request.headers["host"] == "pricing.example.com":
            return httpx.Response(301, headers={"location": "https://www.example.com/pricing"})
        return httpx.Response(302, headers={"location": "https://pricing.example.com/final"})  # back, rebound

    recorder = Recorder(handler)
    async with make_client(10, httpx.MockTransport(recorder)) as client:
        with pytest.raises(UnsafeURL, match=r"pricing\.example\.com resolves to cloud metadata address"):
            await fetch_page(HttpClient(client), "https://pricing.example.com/plans", dns, max_bytes=1000, timeout=5)
    assert dns.asked == ["pricing.example.com", "www.example.com", "pricing.example.com"]
    assert recorder.sent == [
        ("https://93.184.215.20/plans", "pricing.example.com", "pricing.example.com"),
        ("https://93.184.215.21/pricing", "www.example.com", "www.example.com"),
    ]


async def test_an_internationalised_name_goes_out_in_its_idna_form_as_host_and_tls_server_name() -> None:
    headers: list[httpx.Headers] = []

    def handler(request: httpx.Request) -> httpx.Response:
        headers.append(request.headers)
        return page_ok(request)

    page, recorder, _ = await fetch(handler, "https://Bücher.example.com/preise")
    assert recorder.sent == [(f"https://{PUBLIC}/preise", "xn--bcher-kva.example.com", "xn--bcher-kva.example.com")]
    assert headers[0]["connection"] == "close"
    assert page.final_url == "https://Bücher.example.com/preise"  # type: ignore[attr-defined]


async def test_the_checked_ipv4_address_is_tried_before_an_ipv6_one_listed_first() -> None:
    async def v6_first(host: str) -> list[str]:
        return ["2606:2800:21f:cb07:6820:80da:af6b:8b2c", PUBLIC]  # a resolver sorting its answers as text

    _, recorder, _ = await fetch(page_ok, "https://www.example.com/pricing", resolve=v6_first)
    assert [url for url, _, _ in recorder.sent] == [f"https://{PUBLIC}/pricing"]


async def test_an_ipv6_only_host_is_connected_to_by_its_bracketed_address() -> None:
    async def v6(host: str) -> list[str]:
        return ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"]

    _, recorder, _ = await fetch(page_ok, "https://v6.example.com/pricing", resolve=v6)
    assert recorder.sent == [
        ("https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/pricing", "v6.example.com", "v6.example.com")
    ]


async def test_an_unreachable_address_moves_on_to_the_next_checked_one_without_waiting() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.host == PUBLIC:
            raise httpx.ConnectError("Network is unreachable", request=request)
        return page_ok(request)

    page, recorder, sleeps = await fetch(handler, "https://www.example.com/pricing")
    assert [host for _, host, _ in recorder.sent] == ["www.example.com", "www.example.com"]
    assert [url for url, _, _ in recorder.sent] == [
        f"https://{PUBLIC}/pricing",
        "https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/pricing",
    ]
    assert page.status == 200 and sleeps == []  # type: ignore[attr-defined]


async def test_every_address_unreachable_is_inaccessible_after_the_usual_retries() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("Network is unreachable", request=request)

    recorder = Recorder(handler)
    async with make_client(10, httpx.MockTransport(recorder)) as client:
        with pytest.raises(Inaccessible, match="ConnectError"):
            await fetch_page(
                HttpClient(client, retries=1, sleep=_no_sleep),
                "https://www.example.com/",
                resolver,
                max_bytes=1000,
                timeout=5,
            )
    assert len(recorder.sent) == 4  # two attempts, each trying both checked addresses


async def _no_sleep(seconds: float) -> None:
    return None


async def test_an_ip_literal_url_is_sent_as_it_is() -> None:
    _, recorder, _ = await fetch(page_ok, f"https://{PUBLIC}/pricing")
    assert recorder.sent == [(f"https://{PUBLIC}/pricing", PUBLIC, None)]


async def test_a_stand_in_network_gets_pinned_requests_by_name_and_the_rest_untouched() -> None:
    seen: list[tuple[str, str, str | None]] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append((str(request.url), request.headers["host"], request.extensions.get("sni_hostname")))
        return page_ok(request)

    async with make_client(10, NameRouted(httpx.MockTransport(handler))) as client:
        page = await fetch_page(
            HttpClient(client), "https://pricing.example.com/plans?x=1", resolver, max_bytes=100_000, timeout=5
        )
        await client.get("https://api.example.com/v1/things")
    assert page.status == 200
    assert seen == [
        ("https://pricing.example.com/plans?x=1", "pricing.example.com", None),
        ("https://api.example.com/v1/things", "api.example.com", None),
    ]


def _certificates(tmp_path: Path, name: str) -> tuple[Path, Path, Path]:
    """A throwaway CA (its PEM) and a certificate + key for `name` only, signed by it."""
    from datetime import UTC, datetime, timedelta

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    now = datetime.now(UTC)
    ca_key, key = ec.generate_private_key(ec.SECP256R1()), ec.generate_private_key(ec.SECP256R1())
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "safe_fetch test CA")])
    ca = (
        x509.CertificateBuilder()
        .subject_name(ca_name)
        .issuer_name(ca_name)
        .public_key(ca_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(False, False, False, False, False, True, True, False, False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    leaf = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)]))
        .issuer_name(ca_name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - timedelta(hours=1))
        .not_valid_after(now + timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    paths = tmp_path / "ca.pem", tmp_path / "leaf.pem", tmp_path / "leaf.key"
    paths[0].write_bytes(ca.public_bytes(serialization.Encoding.PEM))
    paths[1].write_bytes(leaf.public_bytes(serialization.Encoding.PEM))
    paths[2].write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return paths


class TlsReceiver:
    """A real TLS server on loopback with a certificate for `name` only (from a throwaway CA), answering
    every request with `response` and recording the SNI names and request heads it saw."""

    def __init__(self, tmp_path: Path, name: str, response: bytes) -> None:
        self.ca_pem, leaf_pem, key_pem = _certificates(tmp_path, name)
        self.context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        self.context.load_cert_chain(leaf_pem, key_pem)
        self.server_names: list[str | None] = []
        self.context.sni_callback = lambda _sock, sni, _ctx: self.server_names.append(sni)  # type: ignore[assignment]
        self.heads: list[str] = []
        self.response = response

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.heads.append((await reader.readuntil(b"\r\n\r\n")).decode())
        writer.write(self.response)
        await writer.drain()
        writer.close()

    async def start(self) -> asyncio.Server:
        return await asyncio.start_server(self._serve, "127.0.0.1", 0, ssl=self.context)


class Dialler(httpcore.AsyncNetworkBackend):
    """The machine's own network, except that port 443 is a test's server and `refused` hosts cannot be
    connected to (as an address without a route); records every dial."""

    def __init__(self, server_port: int, refused: tuple[str, ...] = ()) -> None:
        self.inner = httpcore.AnyIOBackend()
        self.server_port = server_port
        self.refused = refused
        self.dialled: list[tuple[str, int]] = []

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: object = None,
    ) -> object:
        self.dialled.append((host, port))
        if host in self.refused:
            raise httpcore.ConnectError("[Errno 101] Network is unreachable")
        return await self.inner.connect_tcp(
            host, self.server_port if port == 443 else port, timeout, local_address, socket_options
        )  # type: ignore[arg-type]

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


def dialling_transport(ca_pem: Path, dialler: Dialler) -> httpx.AsyncHTTPTransport:
    """httpx's own transport, trusting only the test CA, connecting through `dialler`."""
    import ssl

    client_ctx = ssl.create_default_context(cafile=str(ca_pem))
    transport = httpx.AsyncHTTPTransport(verify=client_ctx)
    # httpx has no public hook for a network backend; the pool is what its transport sends through.
    transport._pool = httpcore.AsyncConnectionPool(ssl_context=client_ctx, network_backend=dialler)  # type: ignore[arg-type]
    return transport


async def test_over_real_tls_the_checked_address_is_dialled_and_the_certificate_verified_for_the_name(
    tmp_path: Path,
) -> None:
    """httpx and httpcore as installed, a real TLS handshake on loopback: the pin is not just headers."""
    receiver = TlsReceiver(
        tmp_path,
        "pricing.example.com",
        b"HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: %d\r\n\r\n%s" % (len(PAGE), PAGE),
    )
    server = await receiver.start()
    dialler = Dialler(server.sockets[0].getsockname()[1])
    transport = dialling_transport(receiver.ca_pem, dialler)
    dns = Rebinding({"pricing.example.com": ["127.0.0.1"], "other.example.com": ["127.0.0.1"]}, later=["10.9.9.9"])
    async with server, make_client(5, transport) as client:
        http = HttpClient(client, retries=0)
        page = await fetch_page(
            http, "https://pricing.example.com/plans", dns, max_bytes=10_000, timeout=5, allow_loopback=True
        )
        with pytest.raises(Inaccessible, match="CERTIFICATE_VERIFY_FAILED"):  # a name the certificate does not cover
            await fetch_page(http, "https://other.example.com/", dns, max_bytes=10_000, timeout=5, allow_loopback=True)
    assert "<title>Plans</title>" in page.text
    assert dialler.dialled == [("127.0.0.1", 443), ("127.0.0.1", 443)]
    assert receiver.server_names == ["pricing.example.com", "other.example.com"]
    head = receiver.heads[0]
    assert head.startswith("GET /plans HTTP/1.1\r\n")
    assert "\r\nHost: pricing.example.com\r\n" in head and "\r\nConnection: close\r\n" in head
