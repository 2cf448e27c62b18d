"""Secret settings are never printed: not by `feeds settings`, not in logs, not in error messages.

Distinctive values are planted in every secret setting, real commands and a real SMTP server are run
with them, and everything they wrote (output, log, archive, published tree) is searched for them.
"""

from __future__ import annotations

import asyncio
import base64
import logging
import os
import subprocess
import sys
import traceback
import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from collectors.http import CollectorError, HttpClient, ImproperlyConfigured, Inaccessible, make_client, shown_url
from feeds.cli_settings import markdown_table
from feeds.settings import MASK, SETTINGS, Setting, Settings, SettingsError, _convert
from server.mailer import MailError, send_mail, verification_mail
from tests.conftest import make_env
from tests.live import free_port
from tests.pg_server import PgServer
from tests.redis_server import RedisServer

SECRET_WORDS = ("TOKEN", "PASSWORD", "PASSWD", "SECRET", "KEY", "CREDENTIAL", "AUTH", "PRIVATE")
NOT_SECRET: frozenset[str] = frozenset()
"""Settings whose names contain a secret word but which are not credentials (none yet): naming one
here is a decision someone made, not an accident of spelling."""

TOKENS = {s.name: f"pl4nted-{s.name.lower().replace('_', '-')}-{uuid.uuid4().hex[:12]}" for s in SETTINGS if s.secret}
"""A distinctive value for every secret setting, so that any of them turning up anywhere is a leak."""


def database_url(port: int = 9, dbname: str = "feeds") -> str:
    """FEEDS_DATABASE_URL with its planted token as the password (the part of a database URL that is secret)."""
    return f"postgresql://postgres:{TOKENS['FEEDS_DATABASE_URL']}@127.0.0.1:{port}/{dbname}"


def redis_url(port: int = 9) -> str:
    """FEEDS_REDIS_URL with its planted token as the password (a Redis without a password accepts any)."""
    return f"redis://default:{TOKENS['FEEDS_REDIS_URL']}@127.0.0.1:{port}/0"


PLANTED = {**TOKENS, "FEEDS_DATABASE_URL": database_url(), "FEEDS_REDIS_URL": redis_url()}
"""The planted settings: the tokens, in the shape each setting takes."""


SMALL_WORLD = {
    "FEEDS_SIM_REPOS": "60",
    "FEEDS_SIM_MCP_SERVERS": "20",
    "FEEDS_SIM_LLMS": "20",
    "FEEDS_SIM_HUB_ITEMS": "10",
    "FEEDS_SIM_FORUM_POSTS": "5",
}


def leaks(text: str | bytes, values: dict[str, str] | None = None) -> list[str]:
    """The secret settings whose planted value (or its random part) occurs in `text`."""
    data = text.encode() if isinstance(text, str) else text
    found = []
    for name, value in (values or TOKENS).items():
        if value.encode() in data or value.rsplit("-", 1)[-1].encode() in data:
            found.append(name)
    return found


# -- the declaration ---------------------------------------------------------------------------


def test_every_credential_looking_setting_is_marked_secret() -> None:
    """A new FEEDS_..._TOKEN cannot be added without deciding whether it is a secret."""
    unmarked = [
        s.name
        for s in SETTINGS
        if any(word in s.name for word in SECRET_WORDS) and s.name not in NOT_SECRET and not s.secret
    ]
    assert unmarked == []
    assert {s.name for s in SETTINGS} >= NOT_SECRET, "NOT_SECRET names a setting that no longer exists"
    assert {"GITHUB_TOKEN", "FEEDS_SMTP_PASSWORD"} <= set(PLANTED)


def test_secrets_have_no_default_worth_showing() -> None:
    """A secret's default would be printed by the README table otherwise; a default credential is a
    shared credential."""
    assert [s.name for s in SETTINGS if s.secret and s.default] == []


# -- Settings and its errors -------------------------------------------------------------------


def test_repr_and_str_of_settings_mask_secrets() -> None:
    settings = Settings(env=PLANTED)
    for text in (repr(settings), str(settings), f"{settings}", f"{settings!r}"):
        assert leaks(text) == []
        assert f"github_token={MASK}" in text and "feeds_seed=42" in text
    assert "github_token=''" in repr(Settings(env={}))


def test_attribute_errors_do_not_carry_values() -> None:
    settings = Settings(env=PLANTED)
    with pytest.raises(AttributeError) as wrote:
        settings.github_token = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError) as read:
        _ = settings.github_tokens
    assert leaks(str(wrote.value) + str(read.value)) == []


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_a_secret_with_a_line_break_fails_without_echoing_it(name: str) -> None:
    """The usual bad secret: read from a file with its line break. It fails at start-up, naming the
    setting but not the value (which would otherwise end up in httpx's 'Illegal header value')."""
    with pytest.raises(SettingsError, match=name) as caught:
        Settings(env={**PLANTED, name: PLANTED[name] + "\r\n"})
    assert leaks("".join(traceback.format_exception(caught.value))) == []


def test_a_bad_value_of_a_typed_secret_is_not_echoed_nor_chained() -> None:
    """No secret is typed today; this pins the rule for the first one that is (an int-valued PIN, a
    bool), including the chained ValueError whose message would repeat the value."""
    planted = f"pl4nted-pin-{uuid.uuid4().hex[:12]}"
    for kind in (int, float, bool):
        setting = Setting("FEEDS_TEST_PIN", "", "a typed secret", kind, secret=True)
        with pytest.raises(SettingsError, match="FEEDS_TEST_PIN") as caught:
            _convert(setting, planted)
        assert leaks("".join(traceback.format_exception(caught.value)), {"pin": planted}) == []
    # The same bad value of an ordinary setting is echoed, so that the message is useful.
    with pytest.raises(SettingsError, match="'many'"):
        _convert(Setting("FEEDS_TEST_COUNT", "1", "", int), "many")


def test_redact_masks_every_secret_that_is_set() -> None:
    settings = Settings(env=PLANTED)
    text = " ".join(f"{name}: {value}." for name, value in PLANTED.items())
    redacted = settings.redact(text)
    assert leaks(redacted) == [] and redacted.count(MASK) == len(PLANTED)
    assert Settings(env={}).redact("nothing set, nothing masked") == "nothing set, nothing masked"


# -- real commands -----------------------------------------------------------------------------


def feeds_command() -> list[str]:
    """The installed `feeds` script, as an operator runs it; `python -m ai_feeds` where there is none."""
    script = Path(sys.executable).with_name("feeds")
    return [str(script)] if script.exists() else [sys.executable, "-m", "ai_feeds"]


def run_feeds(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """A real `feeds` process with the secrets planted; no setting of the caller's shell leaks in."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("FEEDS_") and k not in PLANTED}
    full = {
        **base,
        "FEEDS_DATA_DIR": str(tmp_path / "var"),
        "FEEDS_SITE_DIR": str(tmp_path / "site"),
        **SMALL_WORLD,
        **PLANTED,
        **env,
    }
    return subprocess.run([*feeds_command(), *args], env=full, capture_output=True, text=True, timeout=120)


def files_under(root: Path) -> Iterator[Path]:
    return (path for path in root.rglob("*") if path.is_file() and not path.is_symlink())


def test_feeds_settings_shows_secrets_as_stars(tmp_path: Path) -> None:
    done = run_feeds(tmp_path, "settings")
    assert done.returncode == 0, done.stderr
    assert leaks(done.stdout + done.stderr) == []
    lines = done.stdout.splitlines()
    for name in PLANTED:
        assert f"{name}={MASK}" in lines
    assert "FEEDS_SEED=42" in lines and f"FEEDS_SIM_REPOS={SMALL_WORLD['FEEDS_SIM_REPOS']}" in lines

    unset = run_feeds(tmp_path, "settings", **dict.fromkeys(PLANTED, ""))
    for name in PLANTED:
        assert f"{name}=" in unset.stdout.splitlines()


def test_feeds_settings_markdown_shows_no_secret_default(tmp_path: Path) -> None:
    done = run_feeds(tmp_path, "settings", "--markdown")
    assert done.returncode == 0, done.stderr
    assert leaks(done.stdout + done.stderr) == []
    assert done.stdout.strip() == markdown_table()
    rows = {line.split("|")[1].strip(" `"): line.split("|")[2].strip() for line in done.stdout.splitlines()[2:]}
    assert {name: rows[name] for name in PLANTED} == dict.fromkeys(PLANTED, "*secret*")
    assert rows["FEEDS_SEED"] == "`42`"


@pytest.mark.parametrize(
    "bad",
    [
        {"FEEDS_SIM_REPOS": "many"},
        {"GITHUB_TOKEN": PLANTED["GITHUB_TOKEN"] + "\n"},
        {"FEEDS_SMTP_PASSWORD": "\t" + PLANTED["FEEDS_SMTP_PASSWORD"]},
    ],
    ids=["ordinary", "token", "password"],
)
def test_a_command_failing_on_a_bad_setting_does_not_print_secrets(tmp_path: Path, bad: dict[str, str]) -> None:
    done = run_feeds(tmp_path, "status", **bad)
    assert done.returncode == 2
    (name,) = bad
    assert f"bad setting: {name}" in done.stderr
    assert leaks(done.stdout + done.stderr) == []


@pytest.mark.slow
def test_a_nightly_run_with_secrets_set_writes_them_nowhere(
    tmp_path: Path, pg_server: PgServer, redis_server: RedisServer
) -> None:
    """Collection (the token goes into every code-host request), claim proofs, build and the run log, with the
    state store on a real PostgreSQL and the counters on a real Redis (the password in each URL; both test
    servers accept any): nothing printed and no file written under the data or site directory holds a secret,
    nor does an unreachable database's error."""
    url = pg_server.database()
    backends = {
        "FEEDS_DATABASE_URL": database_url(pg_server.port, url.rsplit("/", 1)[1]),
        "FEEDS_REDIS_URL": redis_url(redis_server.port),
    }
    nightly = run_feeds(tmp_path, "nightly", "--offline", **backends)
    assert "collected" in nightly.stdout and "published" in nightly.stdout, nightly.stderr[-2000:]
    runs = run_feeds(tmp_path, "runs", **backends)
    status = run_feeds(tmp_path, "status", **backends)
    unreachable = run_feeds(tmp_path, "track", "codehost-ai-repos", "acme/x")
    assert unreachable.returncode == 1 and "is unavailable" in unreachable.stderr
    printed = "".join(p.stdout + p.stderr for p in (nightly, runs, status, unreachable))
    assert leaks(printed) == []
    written = list(files_under(tmp_path))
    assert any(p.name == "archive.sqlite" for p in written)
    assert {str(p.relative_to(tmp_path)): leaks(p.read_bytes()) for p in written if leaks(p.read_bytes())} == {}


# -- HTTP errors -------------------------------------------------------------------------------


TOKEN = PLANTED["GITHUB_TOKEN"]


async def _echo_server(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """An upstream whose error page quotes the request's Authorization header, as some do."""
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
    auth = next(
        (line.split(":", 1)[1].strip() for line in head.split("\r\n") if line.lower().startswith("authorization:")), ""
    )
    path = head.split(" ", 2)[1]
    if path == "/redirect":
        response = f"HTTP/1.1 302 Found\r\nlocation: /signed?access_token={TOKEN}&page=2\r\ncontent-length: 0\r\n\r\n"
    else:
        body = f"invalid credentials: {auth!r}"
        status = "500 Internal Server Error" if path.startswith("/signed") else "401 Unauthorized"
        response = f"HTTP/1.1 {status}\r\ncontent-length: {len(body)}\r\nconnection: close\r\n\r\n{body}"
    writer.write(response.encode())
    await writer.drain()
    writer.close()


@pytest.fixture
async def upstream() -> AsyncIterator[str]:
    server = await asyncio.start_server(_echo_server, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.close()
        await server.wait_closed()


async def _failure(url: str, headers: dict[str, str]) -> CollectorError:
    async with make_client(5.0) as client:
        http = HttpClient(client, retries=0)
        with pytest.raises(CollectorError) as caught:
            await http.get(url, headers=headers)
    return caught.value


async def test_a_token_with_a_line_break_is_not_quoted_by_the_transport_error(upstream: str) -> None:
    """h11 refuses the header with "Illegal header value b'Bearer <token>\\r'", which used to go
    verbatim into the run log and the published feed's lastError."""
    error = await _failure(f"{upstream}/x", {"Authorization": f"Bearer {TOKEN}\r"})
    assert isinstance(error, Inaccessible) and "LocalProtocolError" in str(error)
    assert leaks(str(error)) == [] and leaks("".join(traceback.format_exception(error))) == []


async def test_an_upstream_quoting_the_token_back_is_masked(upstream: str) -> None:
    error = await _failure(f"{upstream}/x", {"Authorization": f"Bearer {TOKEN}"})
    assert isinstance(error, ImproperlyConfigured) and "invalid credentials" in error.detail
    assert leaks(str(error)) == [] and MASK in error.detail


async def test_a_redirect_to_a_url_carrying_a_token_is_not_shown(upstream: str) -> None:
    error = await _failure(f"{upstream}/redirect", {})
    assert isinstance(error, Inaccessible) and "page=2" in error.detail
    assert leaks(str(error)) == []


def test_shown_url_masks_credentials_and_nothing_else() -> None:
    assert shown_url("https://u:pw1234@h.example/p?q=mcp&api_key=abc&X-Amz-Signature=ff#f") == (
        "https://u:***@h.example/p?q=mcp&api_key=***&X-Amz-Signature=***#f"
    )
    plain = "https://api.github.com/search/repositories?q=topic:mcp&monkey=1&keyword=x&page=2"
    assert shown_url(plain) == plain


async def test_the_run_log_of_a_refused_token_does_not_hold_it(tmp_path: Path) -> None:
    """The real collector with the token set, against an upstream that quotes it back in a 401."""
    env = make_env(tmp_path, GITHUB_TOKEN=TOKEN)
    try:

        def refuse(request: httpx.Request) -> httpx.Response:
            return httpx.Response(401, json={"message": f"Bad credentials: {request.headers['authorization']}"})

        record = await env.collect("codehost-ai-repos", refuse)
        assert record.status == "failed" and "credentials refused" in (record.error or "")
        assert leaks(repr(record)) == [] and leaks(repr(env.archive.runs("codehost-ai-repos"))) == []
    finally:
        env.archive.close()
        env.state.close()


# -- SMTP login failures -----------------------------------------------------------------------


PASSWORD = PLANTED["FEEDS_SMTP_PASSWORD"]
USER = "feeds-mailer"
SMTP_FORMS = {
    "raw": PASSWORD,
    "login": base64.b64encode(PASSWORD.encode()).decode(),
    "plain": base64.b64encode(f"\0{USER}\0{PASSWORD}".encode()).decode(),
}
"""The password as typed and as it travels in AUTH LOGIN and AUTH PLAIN."""


class QuotingHandler:
    """A server that quotes the rejected AUTH command (the base64 credentials) in its reply."""

    async def handle_AUTH(self, server: Any, session: Any, envelope: Any, args: list[str]) -> str:
        return f"535 5.7.8 rejected: AUTH {' '.join(args)}"


def reject(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
    return AuthResult(success=False, handled=False)


def reject_quoting(server: Any, session: Any, envelope: Any, mechanism: str, data: Any) -> AuthResult:
    """A server that quotes the decoded login and password in its 535."""
    assert isinstance(data, LoginPassword)
    return AuthResult(
        success=False, handled=False, message=f"535 5.7.8 no such login {data.login.decode()}:{data.password.decode()}"
    )


SERVERS = {
    "rejects": ({}, {"authenticator": reject}),
    "quotes-password": ({}, {"authenticator": reject_quoting}),
    "quotes-auth-line": ({"handler": QuotingHandler()}, {"auth_exclude_mechanism": ["LOGIN"]}),
}


@pytest.mark.parametrize("kind", sorted(SERVERS))
def test_an_smtp_login_failure_does_not_show_the_password(
    tmp_path: Path, kind: str, caplog: pytest.LogCaptureFixture
) -> None:
    handler_args, smtp_args = SERVERS[kind]

    class Sink:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            raise AssertionError("a rejected login must not send the message")

    port = free_port()
    controller = Controller(
        handler_args.get("handler", Sink()), hostname="127.0.0.1", port=port, auth_require_tls=False, **smtp_args
    )
    controller.start()
    settings = Settings(
        env={
            "FEEDS_DATA_DIR": str(tmp_path / "var"),
            "FEEDS_SMTP_HOST": "127.0.0.1",
            "FEEDS_SMTP_PORT": str(port),
            "FEEDS_SMTP_TLS": "none",
            "FEEDS_SMTP_USER": USER,
            "FEEDS_SMTP_PASSWORD": PASSWORD,
        }
    )
    message = verification_mail(
        settings,
        to="owner@example.com",
        entity="/repo/acme/kit",
        link="https://feeds.example/claim/verify?token=t",
        expires_at="soon",
        proof=None,
    )
    try:
        with caplog.at_level(logging.WARNING, logger="feeds"), pytest.raises(MailError) as caught:
            asyncio.run(send_mail(settings, message, "c_1"))
    finally:
        controller.stop()
    error = caught.value
    assert "535" in str(error)
    ours = [r.getMessage() for r in caplog.records if r.name.startswith("feeds")]
    assert ours, "the failure is logged"
    everything = "\n".join([str(error), "".join(traceback.format_exception(error)), *ours])
    assert leaks(everything, SMTP_FORMS) == []
    if kind != "rejects":  # the server did quote it: the reply is kept, the credential masked
        assert MASK in str(error)
