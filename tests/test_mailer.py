"""The verification mail: a real SMTP server on loopback receives it; without a host it lands in the outbox."""

from __future__ import annotations

import asyncio
import email
import email.policy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller

from feeds.settings import Settings
from server.mailer import MailError, send_mail, verification_link, verification_mail
from tests.live import free_port


class Inbox:
    """aiosmtpd handler that keeps every message it is given."""

    def __init__(self) -> None:
        self.messages: list[email.message.EmailMessage] = []
        self.envelopes: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.envelopes.append(envelope)
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))  # type: ignore[arg-type]
        return "250 OK"

    def wait(self, count: int, timeout: float = 10.0) -> None:
        import time

        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        assert len(self.messages) >= count, f"{len(self.messages)} of {count} mails arrived"


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


def settings_for(tmp_path: Path, **env: str) -> Settings:
    return Settings(
        env={
            "FEEDS_DATA_DIR": str(tmp_path / "var"),
            "FEEDS_BASE_URL": "https://feeds.example",
            "FEEDS_MAIL_FROM": "claims@feeds.example",
            **env,
        }
    )


def message_for(settings: Settings, proof: str | None = "afc_0123") -> email.message.EmailMessage:
    return verification_mail(
        settings,
        to="owner@example.com",
        entity="/repo/acme/agent-kit",
        link=verification_link(settings, "tok-en_1"),
        expires_at="2026-11-06T12:00:00Z",
        proof=proof,
    )


def test_the_message_is_plain_text_with_the_link_and_the_proof_instructions(tmp_path: Path) -> None:
    settings = settings_for(tmp_path)
    message = message_for(settings)
    assert message["To"] == "owner@example.com" and message["From"] == "claims@feeds.example"
    assert message["Subject"] == "Verify your claim of /repo/acme/agent-kit"
    assert message.get_content_type() == "text/plain" and not message.is_multipart()
    body = message.get_content()
    assert "https://feeds.example/claim/verify?token=tok-en_1" in body
    assert ".ai-feeds-claim" in body and "afc_0123" in body and "2026-11-06T12:00:00Z" in body
    assert ".ai-feeds-claim" not in message_for(settings, proof=None).get_content()


def test_header_injection_through_the_address_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        verification_mail(
            settings_for(tmp_path),
            to="a@example.com\r\nBcc: victim@example.com",
            entity="/x",
            link="https://x",
            expires_at="t",
            proof=None,
        )


def test_smtp_delivery_to_a_real_server(tmp_path: Path, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    settings = settings_for(tmp_path, FEEDS_SMTP_HOST="127.0.0.1", FEEDS_SMTP_PORT=str(port), FEEDS_SMTP_TLS="none")
    delivery = asyncio.run(send_mail(settings, message_for(settings), "c_1"))
    assert delivery.via == "smtp" and delivery.path is None
    inbox.wait(1)
    received = inbox.messages[0]
    assert received["To"] == "owner@example.com" and received["Subject"].startswith("Verify your claim")
    assert inbox.envelopes[0].rcpt_tos == ["owner@example.com"]
    assert "claim/verify?token=tok-en_1" in received.get_content()
    assert not (tmp_path / "var" / "outbox").exists()


def test_required_starttls_against_a_server_without_it_fails_cleanly(tmp_path: Path, smtp: tuple[Inbox, int]) -> None:
    inbox, port = smtp
    settings = settings_for(tmp_path, FEEDS_SMTP_HOST="127.0.0.1", FEEDS_SMTP_PORT=str(port), FEEDS_SMTP_TLS="starttls")
    with pytest.raises(MailError):
        asyncio.run(send_mail(settings, message_for(settings), "c_1"))
    assert inbox.messages == []


def test_unreachable_server_is_a_mail_error(tmp_path: Path) -> None:
    settings = settings_for(
        tmp_path, FEEDS_SMTP_HOST="127.0.0.1", FEEDS_SMTP_PORT=str(free_port()), FEEDS_SMTP_TLS="none"
    )
    with pytest.raises(MailError):
        asyncio.run(send_mail(settings, message_for(settings), "c_1"))


def test_without_a_host_the_mail_is_written_to_the_outbox(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings = settings_for(tmp_path)
    delivery = asyncio.run(send_mail(settings, message_for(settings), "c_abc"))
    assert delivery.via == "outbox" and delivery.path is not None
    assert delivery.path.parent == tmp_path / "var" / "outbox" and delivery.path.name.endswith("-c_abc.eml")
    parsed = email.message_from_bytes(delivery.path.read_bytes(), policy=email.policy.default)
    assert parsed["To"] == "owner@example.com" and "claim/verify?token=tok-en_1" in parsed.get_content()  # type: ignore[attr-defined]
    assert str(delivery.path) in capsys.readouterr().err
