"""The repository proof of maintainer claims: look for the token file, once per nightly run.

A claim of a repository (or of an MCP server whose repository is on GitHub) is proved when the file
`.ai-feeds-claim` at the repository root (default branch) holds the claim's proof token on a line of its
own. One GitHub contents API request per open claim, through the shared HttpClient (retries, rate limits,
error mapping); a 404 simply means "not proved yet", and the offline replay has no such file. A proved
pending claim counts as verified: only whoever received the link's mail can know its proof token.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
from pydantic import BaseModel

from collectors.claims import CLAIM_FILE, ClaimStore
from collectors.http import CollectorError, HttpClient, NotFound, make_client
from collectors.offline import upstream
from collectors.state_db import state_database
from collectors.validation import validate
from feeds.settings import Settings

CONTENTS_URL = "https://api.github.com/repos/{repo}/contents/" + CLAIM_FILE
MAX_FILE_BYTES = 4096
"""A token file is a few lines; anything bigger is not one."""


class ContentsFile(BaseModel):
    """The fields of GitHub's contents API answer that the check uses."""

    type: str
    size: int
    encoding: str | None = None
    content: str | None = None


@dataclass
class ProofSummary:
    checked: int = 0
    proved: int = 0
    failed: int = 0

    def line(self) -> str:
        return f"claim proofs: {self.checked} checked, {self.proved} proved, {self.failed} failed (retried next run)"


def file_lines(payload: ContentsFile) -> list[str]:
    """The token file's lines, or none when the answer is not a small base64 file."""
    if payload.type != "file" or payload.size > MAX_FILE_BYTES or payload.encoding != "base64" or not payload.content:
        return []
    try:
        text = base64.b64decode(payload.content, validate=False).decode("utf-8", errors="replace")
    except (binascii.Error, ValueError):
        return []
    return [line.strip() for line in text.splitlines() if line.strip()]


def github_headers(settings: Settings) -> dict[str, str]:
    headers = {"Accept": "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28"}
    if settings.github_token:
        headers["Authorization"] = f"Bearer {settings.github_token}"
    return headers


async def check_proofs(
    store: ClaimStore,
    http: HttpClient,
    headers: dict[str, str],
    *,
    now: datetime | None = None,
    warn: Callable[[str], None] = lambda message: None,
) -> ProofSummary:
    """Check every claim a token file could still prove; mark those whose file holds their token."""
    summary = ProofSummary()
    for claim in store.to_prove(now):
        summary.checked += 1
        try:
            data, _ = await http.get_json(CONTENTS_URL.format(repo=claim.repo), headers=headers)
            lines = file_lines(validate(ContentsFile, data, f"{claim.repo}/{CLAIM_FILE}"))
        except NotFound:
            continue
        except CollectorError as exc:
            summary.failed += 1
            warn(f"claim {claim.id}: {claim.repo}: {exc}")
            continue
        if store.proof_matches(claim.id, lines):
            store.mark_proved(claim.id, now)
            summary.proved += 1
    return summary


def run_checks(
    settings: Settings, offline: bool = False, transport: httpx.AsyncBaseTransport | None = None
) -> ProofSummary:
    """The nightly step: the network, or (offline) the replay, whose code host has no token files."""
    now = datetime.now(UTC)
    if transport is None:
        transport, _resolver, _ = upstream(settings, offline, now.date())
    settings.ensure_dirs()
    store = ClaimStore(state_database(settings))

    async def go() -> ProofSummary:
        async with make_client(settings.feeds_http_timeout, transport) as client:
            http = HttpClient(client, retries=settings.feeds_http_retries, max_wait=settings.feeds_max_retry_wait)
            return await check_proofs(
                store, http, github_headers(settings), now=now, warn=lambda m: print(m, file=sys.stderr)
            )

    try:
        return asyncio.run(go())
    finally:
        store.close()
