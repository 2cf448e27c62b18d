"""Outgoing mail: the claim verification message, sent over SMTP or written to the outbox.

Real SMTP goes through aiosmtplib (FEEDS_SMTP_TLS: `starttls` required, implicit `tls`, or `none`;
a login only when FEEDS_SMTP_USER is set). With FEEDS_SMTP_HOST empty, the offline default, each
message is written to FEEDS_DATA_DIR/outbox/ as an .eml file and its path printed, so a machine without
a mail server still shows exactly what would have been sent.

The message is plain text and built with email.message.EmailMessage, which refuses header values
with line breaks. It never contains text the claimant typed (only the entity page path, which names a
listing of the current build): otherwise anyone could send arbitrary text to any address through us.
"""

from __future__ import annotations

import base64
import logging
import os
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from urllib.parse import quote

import aiosmtplib

from collectors.claims import CLAIM_FILE
from feeds.settings import Settings, SettingsError

log = logging.getLogger("feeds.mail")

TLS_MODES = ("starttls", "tls", "none")
SMTP_TIMEOUT = 20.0
OUTBOX = "outbox"


class MailError(Exception):
    """The message could not be handed to the SMTP server (or written to the outbox)."""


@dataclass(frozen=True)
class Delivery:
    via: str
    """`smtp` or `outbox`."""
    path: Path | None = None
    """The .eml file, for the outbox."""


def _printable(text: str, limit: int = 200) -> str:
    """Text safe for a header: no control characters, bounded."""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in text)
    return cleaned[:limit]


def verification_link(settings: Settings, token: str) -> str:
    return f"{str(settings.feeds_base_url).rstrip('/')}/claim/verify?token={quote(token, safe='')}"


def verification_mail(
    settings: Settings,
    *,
    to: str,
    entity: str,
    link: str,
    expires_at: str,
    proof: str | None,
    now: datetime | None = None,
) -> EmailMessage:
    """The verification message: the link, its expiry and, for repositories, the token-file instructions."""
    sender = settings.feeds_mail_from
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = _printable(f"Verify your claim of {entity}")
    message["Date"] = format_datetime(now or datetime.now(UTC))
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or "localhost")
    message["Auto-Submitted"] = "auto-generated"
    lines = [
        "Hello,",
        "",
        f"someone (we hope you) asked to claim the listing {_printable(entity, 2048)} on",
        f"{str(settings.feeds_base_url).rstrip('/')} and gave this address.",
        "",
        "To verify the claim, open this link and confirm on the page it shows",
        "(the confirmation works once):",
        "",
        link,
        "",
        f"The link expires at {expires_at} (UTC). Verified submissions are reviewed daily;",
        "once approved they appear on the listing's page, marked maintainer-provided.",
    ]
    if proof:
        lines += [
            "",
            "Stronger proof (optional): commit a file named",
            f"    {CLAIM_FILE}",
            "at the root of the repository's default branch, containing this line:",
            f"    {proof}",
            "It is checked on the next nightly run; you can delete it afterwards.",
        ]
    lines += ["", "If you did not ask for this, ignore this message: nothing happens without the link.", ""]
    message.set_content("\n".join(lines))
    return message


def _write_outbox(settings: Settings, message: EmailMessage, name: str) -> Path:
    outbox = Path(settings.feeds_data_dir) / OUTBOX
    outbox.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
    path = outbox / f"{stamp}-{name}.eml"
    partial = path.with_suffix(".eml.part")
    partial.write_bytes(bytes(message))
    os.replace(partial, path)  # a reader never sees half a message
    return path


def _auth_forms(user: str, password: str) -> list[str]:
    """The credentials as they travel in AUTH PLAIN and AUTH LOGIN (base64), for `_scrubbed`."""
    if not password:
        return []
    plain = b"\0" + user.encode() + b"\0" + password.encode()
    return [base64.b64encode(raw).decode("ascii") for raw in (plain, password.encode())]


def _scrubbed(settings: Settings, text: str) -> str:
    """An SMTP error without the password. aiosmtplib puts the server's reply in its exceptions, never
    what we sent; but a server may quote the command it rejects, AUTH line included, so the password
    is taken out both as typed and in the base64 forms it is sent in."""
    for form in _auth_forms(str(settings.feeds_smtp_user), str(settings.feeds_smtp_password)):
        text = text.replace(form, "***")
    return settings.redact(text)


async def send_mail(settings: Settings, message: EmailMessage, name: str = "mail") -> Delivery:
    """Send `message` through FEEDS_SMTP_HOST, or write it to the outbox when no host is set."""
    if not settings.feeds_smtp_host:
        try:
            path = _write_outbox(settings, message, name)
        except OSError as exc:
            raise MailError(f"could not write to the outbox: {exc}") from exc
        log.info("mail to %s written to %s", message["To"], path)
        print(f"feeds: mail written to {path}", file=sys.stderr)
        return Delivery("outbox", path)
    mode = str(settings.feeds_smtp_tls).strip().lower()
    if mode not in TLS_MODES:
        raise SettingsError(f"FEEDS_SMTP_TLS={settings.feeds_smtp_tls!r}: expected one of {', '.join(TLS_MODES)}")
    user = settings.feeds_smtp_user or None
    try:
        await aiosmtplib.send(
            message,
            hostname=settings.feeds_smtp_host,
            port=settings.feeds_smtp_port,
            username=user,
            password=settings.feeds_smtp_password if user else None,
            use_tls=mode == "tls",
            start_tls=mode == "starttls",
            timeout=SMTP_TIMEOUT,
        )
    except (aiosmtplib.SMTPException, OSError) as exc:
        reason = _scrubbed(settings, f"{type(exc).__name__}: {exc}")
        log.warning("mail to %s failed: %s", message["To"], reason)
        # No `from exc`: the original exception, reply and all, would be printed with any traceback.
        raise MailError(reason) from None
    return Delivery("smtp")
