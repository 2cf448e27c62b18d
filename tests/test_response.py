from email.utils import parsedate_to_datetime

from server.response import TrustedHeadersResponse


def _without_date(response: TrustedHeadersResponse) -> list[tuple[bytes, bytes]]:
    pairs = list(response.processed_headers)
    assert [name for name, _ in pairs].count(b"date") == 1
    return [pair for pair in pairs if pair[0] != b"date"]


def test_headers_are_encoded_as_sanic_would() -> None:
    response = TrustedHeadersResponse(b"{}", headers={"ETag": '"b-1"', "X-RateLimit-Limit": 5}, content_type="a/b")
    assert _without_date(response) == [
        (b"ETag", b'"b-1"'),
        (b"X-RateLimit-Limit", b"5"),
        (b"content-type", b"a/b"),
    ]


def test_a_value_with_cr_or_lf_takes_sanics_sanitising_path() -> None:
    response = TrustedHeadersResponse(b"{}", headers={"X-Evil": "a\r\nSet-Cookie: x"}, content_type="a/b")
    headers = dict(response.processed_headers)
    assert b"\r" not in headers[b"X-Evil"] and b"\n" not in headers[b"X-Evil"]


def test_repeating_headers_come_from_the_encoded_cache_and_stay_correct() -> None:
    for remaining in (5, 4):  # the second response reuses the encoded Cache-Control and content type
        response = TrustedHeadersResponse(
            b"{}",
            headers={"Cache-Control": "private, max-age=300", "X-RateLimit-Remaining": remaining},
            content_type="application/json",
        )
        assert _without_date(response) == [
            (b"Cache-Control", b"private, max-age=300"),
            (b"X-RateLimit-Remaining", str(remaining).encode()),
            (b"content-type", b"application/json"),
        ]
    evil = TrustedHeadersResponse(b"{}", headers={"Cache-Control": "x\r\nSet-Cookie: y"}, content_type="a/b")
    assert all(b"\n" not in value for _, value in evil.processed_headers)


def test_every_response_carries_a_current_date_for_caches(monkeypatch) -> None:
    monkeypatch.setattr("server.response.time.time", lambda: 1_795_000_000.7)
    clean = dict(TrustedHeadersResponse(b"{}", headers={"ETag": '"b-1"'}, content_type="a/b").processed_headers)
    assert clean[b"date"] == b"Wed, 18 Nov 2026 11:06:40 GMT"
    assert parsedate_to_datetime(clean[b"date"].decode()).timestamp() == 1_795_000_000
    monkeypatch.setattr("server.response.time.time", lambda: 1_795_000_061.2)  # a minute later: formatted anew
    evil = dict(TrustedHeadersResponse(b"{}", headers={"X-Evil": "a\nb"}, content_type="a/b").processed_headers)
    assert evil[b"date"] == b"Wed, 18 Nov 2026 11:07:41 GMT"
