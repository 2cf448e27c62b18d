"""Maintainer claims end to end: rules, store, review CLI, token-file proof, the next build, a live server
with a real SMTP server on loopback (following the link changes nothing, its confirmation verifies once and only
once), and the no-JavaScript form."""

from __future__ import annotations

import base64
import re
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import orjson
import pytest

from build.packs import Packs
from collectors import claim_proof
from collectors.claims import (
    CLAIM_FILE,
    ClaimInvalid,
    ClaimLimit,
    ClaimStateError,
    ClaimStore,
    parse_submission,
    proof_token,
)
from collectors.http import HttpClient, make_client
from feeds.cli import main
from feeds.settings import Settings
from feeds.site_build import build_site
from server import schemas
from server.site import load_site
from tests.conftest import StateBackend
from tests.live import LiveServer, start_live_server, stop
from tests.test_mailer import Inbox, smtp  # noqa: F401 - the fixture
from tests.tiny_archive import make_tiny_archive

NOW = datetime(2026, 11, 4, 12, 0, tzinfo=UTC)
REPO = "/repo/acme/agent-kit"
MCP = "/mcp/io.github.example/weather"
LLM = "/llm/lab/big-model"
LINK = re.compile(r"https?://\S+/claim/verify\?token=(\S+)")


def settings_for(tmp_path: Path, **env: str) -> Settings:
    return Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var"), "FEEDS_SITE_DIR": str(tmp_path / "site"), **env})


def submission(entity: str = REPO, email: str = "Owner@Example.com", **fields: Any) -> Any:
    return parse_submission({"entity": entity, "email": email, "description": "The real description.", **fields})


def create(
    store: ClaimStore,
    entity: str = REPO,
    email: str = "owner@example.com",
    now: datetime = NOW,
    feed: str = "codehost-ai-repos",
    key: str = "acme/agent-kit",
    repo: str | None = "acme/agent-kit",
    **fields: Any,
) -> Any:
    return store.create(
        submission(entity, email, **fields), feed, key, repo, ttl_hours=48, per_email=5, per_entity=10, now=now
    )


# -- the rules ---------------------------------------------------------------------------------------


LONG = "x" * 2001
INVALID = [
    ({"email": ""}, "email"),
    ({"email": "owner@example.com\r\nBcc: x@example.com"}, "email"),
    ({"email": "owner@example.com\n"}, "email"),
    ({"email": "Owner <owner@example.com>"}, "email"),
    ({"email": "a@b.com, c@d.com"}, "email"),
    ({"email": "no-at-sign.example.com"}, "email"),
    ({"email": "owner@localhost"}, "email"),
    ({"email": "x" * 65 + "@example.com"}, "email"),
    ({"email": "a@" + "b" * 250 + ".com"}, "email"),
    ({"entity": ""}, "entity"),
    ({"entity": "/repo/a\nb"}, "entity"),
    ({"description": LONG}, "description"),
    ({"description": "bell \x07"}, "description"),
    ({"description": 3}, "description"),
    ({"pricing": {"text": LONG}}, "pricing.text"),
    ({"pricing": {"plans": [{"plan": "p", "price": "1"}] * 21}}, "pricing.plans"),
    ({"pricing": {"plans": [{"plan": "p" * 101, "price": "1"}]}}, "pricing.plans.plan"),
    ({"pricing": {"plans": [{"plan": "Pro", "price": ""}]}}, "pricing.plans"),
    ({"pricing": {"plans": [{"plan": "Pro", "price": "1", "extra": 1}]}}, "pricing.plans"),
    ({"pricing": {"cost": 1}}, "pricing.cost"),
    ({"pricing": 12}, "pricing"),
    ({"corrections": {"fields": [{"field": "license", "value": "v" * 501}]}}, "corrections.fields.value"),
    ({"corrections": {"fields": [{"field": "f" * 65, "value": "MIT"}]}}, "corrections.fields.field"),
    ({"corrections": {"fields": [{"field": "a", "value": "b"}] * 21}}, "corrections.fields"),
    ({"corrections": {"fields": [{"field": "lic\nense", "value": "MIT"}]}}, "corrections.fields.field"),
    ({"colour": "red"}, "colour"),
]


@pytest.mark.parametrize(("change", "field"), INVALID, ids=[f for _, f in INVALID])
def test_every_field_is_checked_and_named(change: dict[str, Any], field: str) -> None:
    body = {"entity": REPO, "email": "owner@example.com", "description": "ok", **change}
    with pytest.raises(ClaimInvalid) as caught:
        parse_submission(body)
    assert caught.value.field == field


def test_a_submission_needs_something_to_review_and_is_normalised() -> None:
    with pytest.raises(ClaimInvalid) as caught:
        parse_submission({"entity": REPO, "email": "a@example.com"})
    assert caught.value.field == "description"
    sub = parse_submission(
        {
            "entity": REPO + "/",
            "email": " Owner@Example.COM ",
            "pricing": "Free for everyone",
            "corrections": {
                "text": " line one\r\nline two ",
                "fields": [{"field": "license", "value": "MIT"}, {"field": "", "value": ""}],
            },
        }
    )
    assert (sub.entity, sub.email, sub.description) == (REPO, "owner@example.com", None)
    assert sub.pricing == {"text": "Free for everyone", "plans": []}
    assert sub.corrections == {"text": "line one\nline two", "fields": [{"field": "license", "value": "MIT"}]}
    at_limit = parse_submission(
        {
            "entity": REPO,
            "email": "a@example.com",
            "description": "x" * 2000,
            "pricing": {"plans": [{"plan": "p", "price": "1"}] * 20},
        }
    )
    assert at_limit.description and len(at_limit.pricing["plans"]) == 20  # type: ignore[index]


# -- the store ---------------------------------------------------------------------------------------


def test_a_link_verifies_once_and_is_stored_only_as_a_hash(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    new = create(store)
    if state_backend.url is None:
        raw = state_backend.path.read_bytes() + Path(f"{state_backend.path}-wal").read_bytes()
        assert new.claim.id.encode() in raw and new.token.encode() not in raw and new.proof.encode() not in raw
    stored = store.db.execute("SELECT token_hash, proof_hash FROM claims").rows
    assert new.token not in str(stored) and new.proof not in str(stored)
    assert store.get(new.claim.id).status == "pending"  # type: ignore[union-attr]
    assert store.verify("not-a-token", NOW) == ("invalid", None)
    outcome, claim = store.verify(new.token, NOW + timedelta(hours=1))
    assert outcome == "verified" and claim is not None and claim.entity == REPO and claim.verified_at
    assert store.verify(new.token, NOW + timedelta(hours=2)) == ("used", None)
    assert store.list("verified")[0].id == new.claim.id


def test_check_answers_like_verify_and_changes_nothing(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    new = create(store)
    other = create(store, email="other@example.com")
    for token in ("", "not-a-token", "x" * 129, new.token + "x"):
        assert store.check(token, NOW) == ("invalid", None)
    for _ in range(3):
        outcome, claim = store.check(new.token, NOW + timedelta(hours=1))
        assert outcome == "valid" and claim is not None and claim.id == new.claim.id and claim.entity == REPO
    assert store.check(new.token, NOW + timedelta(hours=48)) == ("expired", None)  # the expiry itself is past
    assert store.get(new.claim.id).status == "pending"  # type: ignore[union-attr]
    assert store.verify(new.token, NOW + timedelta(hours=1))[0] == "verified"
    assert store.check(new.token, NOW + timedelta(hours=2)) == ("used", None)
    assert store.check(new.token, NOW + timedelta(hours=49)) == ("used", None)  # verified links never expire
    store.reject(other.claim.id, "spam")
    assert store.check(other.token, NOW) == store.verify(other.token, NOW) == ("used", None)


def test_an_expired_link_fails_and_shows_as_expired(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    new = create(store)
    late = NOW + timedelta(hours=48, seconds=1)
    assert store.check(new.token, late) == ("expired", None)
    assert store.verify(new.token, late) == ("expired", None)
    assert store.get(new.claim.id).shown_status(late) == "expired"  # type: ignore[union-attr]
    assert [c.id for c in store.list("expired", late)] == [new.claim.id]
    with pytest.raises(ClaimStateError):
        store.approve(new.claim.id, late)


def test_daily_limits_per_address_then_per_listing(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    for n in range(5):
        create(store, email="busy@example.com", entity=f"/repo/acme/r{n}")
    with pytest.raises(ClaimLimit) as caught:
        create(store, email="busy@example.com", entity="/repo/acme/other")
    assert caught.value.code == "claims_per_email" and caught.value.retry_after == 12 * 3600
    for n in range(5):  # 5 more on REPO from other addresses: 10 in all today
        create(store, email=f"user{n}@example.com")
    for n in range(5):
        create(store, email=f"more{n}@example.com", entity=REPO + "x")
    create(store, email="late@example.com", entity=REPO + "y")
    for n in range(5):
        create(store, email=f"again{n}@example.com")
    with pytest.raises(ClaimLimit) as caught:
        create(store, email="fresh@example.com")
    assert caught.value.code == "claims_per_entity"
    create(store, email="fresh@example.com", now=NOW + timedelta(days=1))  # a new UTC day


def test_review_transitions(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    new = create(store)
    with pytest.raises(ClaimStateError):
        store.approve(new.claim.id)  # not verified yet
    store.verify(new.token, NOW)
    assert store.approve(new.claim.id).status == "approved"
    assert store.reject(new.claim.id, "not the owner").reason == "not the owner"
    with pytest.raises(ClaimStateError):
        store.reject(new.claim.id, "twice")
    with pytest.raises(KeyError):
        store.approve("c_nothing")


# -- the token file ----------------------------------------------------------------------------------


def contents(text: str) -> dict[str, Any]:
    raw = text.encode()
    return {
        "type": "file",
        "size": len(raw),
        "encoding": "base64",
        "name": CLAIM_FILE,
        "path": CLAIM_FILE,
        "content": base64.encodebytes(raw).decode(),
        "sha": "abc",
    }


def test_token_file_proof_through_the_github_contents_api(tmp_path: Path, state_backend: StateBackend) -> None:
    store = ClaimStore(state_backend.open())
    good = create(store, email="a@example.com")
    wrong = create(store, email="b@example.com", entity="/repo/other/thing", key="other/thing", repo="other/thing")
    missing = create(store, email="c@example.com", entity="/repo/gone/repo", key="gone/repo", repo="gone/repo")
    create(store, email="d@example.com", entity=LLM, feed="llm-pricing", key="lab/big-model", repo=None)
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.url.path)
        if request.url.path == f"/repos/acme/agent-kit/contents/{CLAIM_FILE}":
            return httpx.Response(200, json=contents(f"someone-else\n{good.proof}\n"))
        if request.url.path == f"/repos/other/thing/contents/{CLAIM_FILE}":
            return httpx.Response(200, json=contents(proof_token("a guess")))
        return httpx.Response(404, json={"message": "Not Found"})

    async def check() -> claim_proof.ProofSummary:
        async with make_client(5, httpx.MockTransport(handler)) as client:
            return await claim_proof.check_proofs(store, HttpClient(client, retries=0), {}, now=NOW)

    import asyncio

    summary = asyncio.run(check())
    assert (summary.checked, summary.proved, summary.failed) == (3, 1, 0)
    assert sorted(seen) == sorted(
        f"/repos/{r}/contents/{CLAIM_FILE}" for r in ("acme/agent-kit", "other/thing", "gone/repo")
    )
    proved = store.get(good.claim.id)
    assert proved is not None and proved.proved_at and proved.status == "verified"  # the file verifies it too
    assert store.get(wrong.claim.id).proved_at is None  # type: ignore[union-attr]
    assert store.get(missing.claim.id).status == "pending"  # type: ignore[union-attr]
    assert sorted(c.id for c in store.to_prove(NOW)) == sorted([wrong.claim.id, missing.claim.id])


def test_offline_replay_has_no_token_file(tmp_path: Path) -> None:
    settings = settings_for(tmp_path, FEEDS_SIM_REPOS="20", FEEDS_SIM_MCP_SERVERS="5")
    store = ClaimStore(settings.state_path)
    create(store, now=datetime.now(UTC))
    store.close()
    summary = claim_proof.run_checks(settings, offline=True)
    assert (summary.checked, summary.proved, summary.failed) == (1, 0, 0)


# -- review CLI and the next build -------------------------------------------------------------------


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    settings = settings_for(tmp_path)
    monkeypatch.setenv("FEEDS_DATA_DIR", str(settings.feeds_data_dir))
    monkeypatch.setenv("FEEDS_SITE_DIR", str(settings.feeds_site_dir))
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    build_site(settings, now=NOW, quiet=True)
    return settings


def page(settings: Settings, path: str) -> str:
    data = Packs(Path(settings.feeds_site_dir).resolve()).read(f"pages/{path.strip('/')}/index.html")
    assert data is not None, path
    return data.decode()


def card(settings: Settings, feed: str, key: str) -> dict[str, Any]:
    """The entity's card as the API serves it (server/site.py `Site.card`)."""
    site = load_site(Path(settings.feeds_site_dir))
    assert site is not None
    return orjson.loads(site.card(feed, key) or b"null")


def test_cli_review_and_approval_changes_the_next_build(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    settings = built
    before = page(settings, MCP)
    assert "maintainer-provided" not in before and "maintainer" not in card(
        settings, "mcp-servers", "io.github.example/weather"
    )
    store = ClaimStore(settings.state_path)
    hostile = '<script>alert("x")</script>'
    real_now = datetime.now(UTC)  # the CLI reviews at the real time
    new = create(
        store,
        entity=MCP,
        feed="mcp-servers",
        key="io.github.example/weather",
        repo="example/weather",
        now=real_now,
        description=f"Forecasts for every city. {hostile}",
        corrections={"text": "Licence is wrong.", "fields": [{"field": "license", "value": "Apache-2.0"}]},
    )
    other = create(
        store, email="other@example.com", entity=MCP, feed="mcp-servers", key="io.github.example/weather", now=real_now
    )
    store.verify(new.token)
    store.close()

    assert main(["claims", "list"]) == 0
    out = capsys.readouterr().out
    assert new.claim.id in out and other.claim.id not in out and "1 claim(s)" in out
    assert main(["claims", "list", "--status", "all"]) == 0
    assert other.claim.id in capsys.readouterr().out
    assert main(["claims", "show", new.claim.id]) == 0
    shown = capsys.readouterr().out
    assert "status:     verified" in shown and "license: Apache-2.0" in shown and "Forecasts" in shown
    assert main(["claims", "approve", other.claim.id]) == 1  # never verified
    assert "pending" in capsys.readouterr().err
    assert main(["claims", "approve", "c_missing"]) == 1
    capsys.readouterr()
    assert main(["claims", "approve", new.claim.id]) == 0
    assert "approved" in capsys.readouterr().out
    assert main(["claims", "reject", other.claim.id, "--reason", "no link followed"]) == 0
    capsys.readouterr()

    build_site(settings, now=NOW + timedelta(minutes=1), quiet=True)
    html = page(settings, MCP)
    today = datetime.now(UTC).date().isoformat()
    assert "maintainer-provided" in html and f"approved {today}" in html
    assert "Forecasts for every city." in html and "<td>Apache-2.0</td>" in html and "Licence is wrong." in html
    assert hostile not in html and "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    entity_card = card(settings, "mcp-servers", "io.github.example/weather")
    assert entity_card["maintainer"] == {
        "description": f"Forecasts for every city. {hostile}",
        "pricing": None,
        "corrections": {"text": "Licence is wrong.", "fields": [{"field": "license", "value": "Apache-2.0"}]},
        "approvedAt": today,
        "submittedAt": real_now.date().isoformat(),
        "repositoryProof": False,
    }
    schemas.AnyEntityCard.model_validate(entity_card)
    assert "maintainer" not in card(settings, "codehost-ai-repos", "acme/agent-kit")

    assert main(["claims", "reject", new.claim.id, "--reason", "withdrawn"]) == 0
    build_site(settings, now=NOW + timedelta(minutes=2), quiet=True)
    assert "maintainer-provided" not in page(settings, MCP)


def test_the_static_claim_page_is_the_form(built: Settings) -> None:
    html = page(built, "/claim")
    assert '<form class="claim-form" method="post" action="/claim"' in html
    assert 'name="email"' in html and 'name="plan"' in html and CLAIM_FILE in html


# -- a live server with a real SMTP server -----------------------------------------------------------


@pytest.fixture
def live_claims(tmp_path: Path, smtp: tuple[Inbox, int]) -> Iterator[tuple[LiveServer, Inbox]]:  # noqa: F811
    inbox, port = smtp
    server = start_live_server(
        tmp_path,
        {
            "FEEDS_SMTP_HOST": "127.0.0.1",
            "FEEDS_SMTP_PORT": str(port),
            "FEEDS_SMTP_TLS": "none",
            "FEEDS_MAIL_FROM": "claims@feeds.example",
            "FEEDS_BASE_URL": "https://feeds.example",
            "FEEDS_CLAIMS_PER_EMAIL": "3",
            "FEEDS_CLAIMS_PER_ENTITY": "4",
        },
    )
    try:
        yield server, inbox
    finally:
        stop(server.process)
        server.log.close()


def link_of(message: Any) -> str:
    match = LINK.search(message.get_content())
    assert match, message.get_content()
    url = urlsplit(match[0])
    return f"{url.path}?{url.query}"


class Forms(HTMLParser):
    """The forms of a page: method, action and the fields (name, value) each would submit."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "form":
            self.forms.append(
                {
                    "method": (named.get("method") or "get").lower(),
                    "action": named.get("action"),
                    "fields": [],
                    "buttons": 0,
                }
            )
        elif tag == "input" and self.forms and named.get("name"):
            self.forms[-1]["fields"].append((named["name"], named.get("value") or "", named.get("type")))
        elif tag == "button" and self.forms and (named.get("type") or "submit") == "submit":
            self.forms[-1]["buttons"] += 1


def status_of(live: LiveServer, claim_id: str) -> str | None:
    store = ClaimStore(live.settings.state_path)
    try:
        claim = store.get(claim_id)
        return claim.shown_status() if claim else None
    finally:
        store.close()


def test_live_api_claim_mail_and_single_use_link(live_claims: tuple[LiveServer, Inbox]) -> None:
    live, inbox = live_claims
    with live.client() as http:
        body = {
            "entity": MCP,
            "email": "Maintainer@Example.com",
            "description": "Zebra-unique text",
            "corrections": {"fields": [{"field": "license", "value": "MIT"}]},
        }
        response = http.post("/api/v1/claims", json=body)
        assert response.status_code == 202, response.text
        accepted = schemas.ClaimAccepted.model_validate_json(response.content)
        assert (accepted.status, accepted.entity, accepted.email) == ("pending", MCP, "maintainer@example.com")
        assert response.headers["cache-control"] == "no-store" and "access-control-allow-origin" not in response.headers
        inbox.wait(1)
        mail = inbox.messages[0]
        assert mail["To"] == "maintainer@example.com" and mail["From"] == "claims@feeds.example"
        assert mail["Subject"] == f"Verify your claim of {MCP}"
        text = mail.get_content()
        assert "https://feeds.example/claim/verify?token=" in text and "Zebra-unique" not in text  # no claimant text
        assert "confirm" in text  # the mail does not promise that opening the link is enough
        assert CLAIM_FILE in text  # a GitHub repository: the token file is offered
        link = link_of(mail)
        token = LINK.search(text)[1]  # type: ignore[index]

        # What a mail scanner or a link preview does: GET (twice) and HEAD. Nothing changes.
        pages = [http.get(link), http.get(link)]
        assert http.head(link).status_code == 405
        assert status_of(live, accepted.id) == "pending"
        for shown in pages:
            assert shown.status_code == 200 and "Confirm your claim of" in shown.text and MCP in unescape(shown.text)
            assert shown.headers["cache-control"] == "no-store" and shown.headers["referrer-policy"] == "no-referrer"
            assert "form-action 'self'" in shown.headers["content-security-policy"]
            assert "afc_" not in shown.text and "Verified" not in shown.text and "<script" not in shown.text
        [form] = Forms(pages[0].text).forms
        assert (form["method"], form["action"], form["buttons"]) == ("post", "/claim/verify", 1)
        assert form["fields"] == [("token", token, "hidden")]

        # The body is read as the claim form's is: urlencoded only, within the same size; a refused one uses nothing up.
        as_json = http.post("/claim/verify", json={"token": token})
        huge = http.post("/claim/verify", data={"token": token, "pad": "x" * (64 * 1024)})
        for refused, status in ((as_json, 400), (huge, 413)):
            assert refused.status_code == status and 'role="alert"' in refused.text, refused.text
            assert refused.headers["content-type"].startswith("text/html") and "Verified" not in refused.text
        assert "application/json" in as_json.text and "65536" in huge.text
        assert status_of(live, accepted.id) == "pending"

        first = http.post(form["action"], data={name: value for name, value, _ in form["fields"]})
        assert first.status_code == 200 and "Verified" in first.text and MCP in unescape(first.text)
        assert first.headers["cache-control"] == "no-store" and first.headers["referrer-policy"] == "no-referrer"
        assert "afc_" in first.text and "<form" not in first.text
        assert status_of(live, accepted.id) == "verified"
        again = http.post("/claim/verify", data={"token": token})
        assert again.status_code == 200 and "already used" in again.text and "afc_" not in again.text
        assert MCP not in unescape(again.text)
        followed = http.get(link)
        assert followed.status_code == 200 and "already used" in followed.text and "<form" not in followed.text

        for invalid in (
            http.get("/claim/verify", params={"token": "x" * 43}),
            http.get("/claim/verify"),
            http.post("/claim/verify", data={"token": "x" * 43}),
            http.post("/claim/verify", data={"token": ""}),
            http.post("/claim/verify", data={"tokens": token}),
        ):  # no `token` field
            assert invalid.status_code == 404 and "not valid" in invalid.text, invalid.request
            assert MCP not in unescape(invalid.text) and "<form" not in invalid.text

        # An expired link: move the expiry of a second claim into the past.
        second = http.post("/api/v1/claims", json={**body, "email": "second@example.com"})
        assert second.status_code == 202
        inbox.wait(2)
        db = sqlite3.connect(live.settings.state_path)
        db.execute("UPDATE claims SET expires_at = '2000-01-01T00:00:00Z' WHERE email = 'second@example.com'")
        db.commit()
        db.close()
        late_link = link_of(inbox.messages[1])
        expired = http.get(late_link)
        assert expired.status_code == 410 and "expired" in expired.text and "<form" not in expired.text
        expired_post = http.post("/claim/verify", data={"token": LINK.search(inbox.messages[1].get_content())[1]})
        assert expired_post.status_code == 410 and "expired" in expired_post.text
        assert MCP not in unescape(expired.text + expired_post.text)
        assert status_of(live, second.json()["id"]) == "expired"

    store = ClaimStore(live.settings.state_path)
    try:
        [verified] = store.list("verified")
        assert verified.email == "maintainer@example.com" and verified.repo == "example/weather"
    finally:
        store.close()


def problem(response: httpx.Response) -> dict[str, Any]:
    assert response.headers["content-type"] == "application/problem+json", response.text
    return schemas.Problem.model_validate_json(response.content).model_dump()


def test_live_limits_validation_and_unknown_entities(live_claims: tuple[LiveServer, Inbox]) -> None:
    live, inbox = live_claims
    with live.client() as http:

        def claim(**change: Any) -> httpx.Response:
            return http.post(
                "/api/v1/claims", json={"entity": REPO, "email": "a@example.com", "description": "d", **change}
            )

        for bad, field in [
            ({"email": "a@example.com\r\nBcc: b@example.com"}, "email"),
            ({"description": "x" * 2001}, "description"),
            ({"entity": LLM, "pricing": {"plans": [{"plan": "p", "price": "1"}] * 21}}, "pricing.plans"),
            ({"pricing": "Free"}, "pricing"),  # a repository takes no pricing
            ({"extra": 1}, "extra"),
        ]:
            response = claim(**bad)
            assert response.status_code == 400 and problem(response)["parameter"] == field, (bad, response.text)
        unknown = claim(entity="/repo/nobody/nothing")
        assert unknown.status_code == 404 and problem(unknown)["code"] == "not_found"
        assert (
            http.post("/api/v1/claims", content=b"not json", headers={"content-type": "application/json"}).status_code
            == 400
        )
        assert http.post("/api/v1/claims", content=b"x", headers={"content-type": "text/plain"}).status_code == 400

        # Same answer whether or not someone else claimed the listing.
        first = claim(email="one@example.com")
        second = claim(email="two@example.com")
        assert first.status_code == second.status_code == 202
        assert set(first.json()) == set(second.json())
        strip = {"id", "email", "expiresAt"}
        assert {k: v for k, v in first.json().items() if k not in strip} == {
            k: v for k, v in second.json().items() if k not in strip
        }

        for _ in range(2):
            assert claim(email="one@example.com", entity=MCP).status_code == 202
        over = claim(email="one@example.com", entity=LLM)
        assert over.status_code == 429 and problem(over)["code"] == "claims_per_email"
        assert 0 < int(over.headers["retry-after"]) <= 86400
        assert claim(email="three@example.com").status_code == 202
        assert claim(email="four@example.com").status_code == 202
        full = claim(email="five@example.com")
        assert full.status_code == 429 and problem(full)["code"] == "claims_per_entity"
        assert full.headers["retry-after"]
    inbox.wait(6)
    assert len(inbox.messages) == 6  # one per accepted claim, none for a refused one


def test_live_form_page_without_javascript(live_claims: tuple[LiveServer, Inbox]) -> None:
    live, inbox = live_claims
    with live.client() as http:
        form = http.get("/claim", params={"entity": LLM})
        assert form.status_code == 200 and form.headers["content-type"].startswith("text/html")
        assert f'value="{LLM}"' in form.text and 'name="pricing_text"' in form.text
        assert "script-src 'self'" in form.headers["content-security-policy"]
        repo_form = http.get("/claim", params={"entity": REPO})
        assert 'name="pricing_text"' not in repo_form.text  # pricing only for pricing pages and LLMs
        assert http.get("/claim", params={"entity": "/repo/no/such"}).status_code == 404
        assert http.get("/claim").status_code == 200

        fields = {
            "entity": LLM,
            "email": "vendor@example.com",
            "description": "<b>Best</b> model",
            "pricing_text": "",
            "plan": ["Pro", ""],
            "price": ["$20/month", ""],
            "corrections_text": "",
            "field": ["context_length"],
            "value": ["200000"],
        }
        sent = http.post("/claim", data=fields)
        assert sent.status_code == 200 and "Check your inbox" in sent.text and "vendor@example.com" in sent.text
        assert sent.headers["cache-control"] == "no-store"
        inbox.wait(1)
        assert inbox.messages[0]["To"] == "vendor@example.com"
        assert CLAIM_FILE not in inbox.messages[0].get_content()  # an LLM has no repository to prove with

        refused = http.post("/claim", data={"entity": LLM, "email": "bad\r\naddress", "description": "<i>x</i>"})
        assert refused.status_code == 400 and 'role="alert"' in refused.text
        assert "&lt;i&gt;x&lt;/i&gt;" in refused.text and "<i>x</i>" not in refused.text  # the value comes back escaped

        api_form = http.post("/api/v1/claims", data=fields)
        assert api_form.status_code == 202 and api_form.json()["entity"] == LLM
        link = link_of(inbox.messages[-1]) if len(inbox.messages) > 1 else None
    inbox.wait(2)
    assert link is None or link.startswith("/claim/verify?token=")
    store = ClaimStore(live.settings.state_path)
    try:
        claims = store.list("pending")
        assert len(claims) == 2
        assert claims[0].submission["pricing"] == {"text": None, "plans": [{"plan": "Pro", "price": "$20/month"}]}
        assert claims[0].submission["corrections"]["fields"] == [{"field": "context_length", "value": "200000"}]
    finally:
        store.close()
