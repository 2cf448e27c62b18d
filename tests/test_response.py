from server.response import TrustedHeadersResponse


def test_headers_are_encoded_as_sanic_would() -> None:
    response = TrustedHeadersResponse(b"{}", headers={"ETag": '"b-1"', "X-RateLimit-Limit": 5}, content_type="a/b")
    assert list(response.processed_headers) == [
        (b"ETag", b'"b-1"'), (b"X-RateLimit-Limit", b"5"), (b"content-type", b"a/b")
    ]


def test_a_value_with_cr_or_lf_takes_sanics_sanitising_path() -> None:
    response = TrustedHeadersResponse(b"{}", headers={"X-Evil": "a\r\nSet-Cookie: x"}, content_type="a/b")
    headers = dict(response.processed_headers)
    assert b"\r" not in headers[b"X-Evil"] and b"\n" not in headers[b"X-Evil"]
