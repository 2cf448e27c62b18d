"""A first pass over the live server: auth, a feed page, public endpoints, errors as problem+json."""

from __future__ import annotations

import orjson


def test_health_and_public_endpoints_need_no_key(live) -> None:
    with live.client() as http:
        assert http.get("/healthz").json()["status"] == "ok"
        sample = http.get("/api/v1/sample")
        assert sample.status_code == 200
        assert sample.headers["access-control-allow-origin"] == "*"
        assert "public" in sample.headers["cache-control"]
        assert [len(f["data"]) for f in sample.json()["feeds"]] == [3, 2, 2, 1, 2, 3]
        board = http.get("/api/v1/momentum", params={"category": "codehost-ai-repos", "limit": 2}).json()
        assert board["count"] == 2 and board["data"][0]["rank"] == 1
        assert http.get("/api/v1/demand").json()["data"] == []


def test_feed_requires_a_key_and_pages_with_headers(live) -> None:
    with live.client() as anonymous:
        denied = anonymous.get("/api/v1/codehost-ai-repos")
    assert denied.status_code == 401
    assert denied.headers["content-type"] == "application/problem+json"
    assert denied.json()["code"] == "unauthorized"
    key = live.key("starter")
    with live.client(key) as http:
        page = http.get("/api/v1/codehost-ai-repos", params={"limit": 2})
        assert page.status_code == 200
        body = page.json()
        assert (body["total"], body["count"], body["limit"], body["offset"]) == (3, 2, 2, 0)
        assert int(page.headers["x-ratelimit-limit"]) == 400
        assert "private" in page.headers["cache-control"]
        again = http.get(
            "/api/v1/codehost-ai-repos", params={"limit": 2}, headers={"If-None-Match": page.headers["etag"]}
        )
        assert again.status_code == 304
        searched = http.get("/api/v1/codehost-ai-repos", params={"q": "SHINY"}).json()
        assert [r["entity"] for r in searched["data"]] == ["new/shiny-mcp"]


def test_gzip_when_asked(live) -> None:
    key = live.key("pro")
    with live.client(key) as http:
        response = http.get("/api/v1/codehost-ai-repos", headers={"Accept-Encoding": "gzip"})
    assert response.headers["content-encoding"] == "gzip"
    assert orjson.loads(response.content)["total"] == 3


def test_gzip_and_identity_are_two_representations_with_their_own_etag(live) -> None:
    key = live.key("pro")
    for auth in ({"Authorization": f"Bearer {key}"}, {}):  # keyed and public answers alike
        path = "/api/v1/codehost-ai-repos" if auth else "/api/v1/momentum"
        with live.client() as http:
            zipped = http.get(path, headers={**auth, "Accept-Encoding": "gzip"})
            plain = http.get(path, headers={**auth, "Accept-Encoding": "identity"})
            assert zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
            assert zipped.headers["etag"] == plain.headers["etag"][:-1] + '-gzip"'
            # Either tag revalidates either representation; the 304 names the one the client would get.
            for tag in (zipped.headers["etag"], plain.headers["etag"]):
                again = http.get(path, headers={**auth, "Accept-Encoding": "gzip", "If-None-Match": tag})
                assert (again.status_code, again.headers["etag"]) == (304, zipped.headers["etag"])
            assert http.get(path, headers={**auth, "If-None-Match": "*"}).status_code == 304
            stale = http.get(path, headers={**auth, "If-None-Match": '"other-00000000"'})
            assert stale.status_code == 200 and stale.headers["date"].endswith(" GMT")
