"""The one error every shared backend raises when it cannot be reached right now.

Redis (quota counters, demand log, revocation notices) and PostgreSQL (the state store) fail the
same way for a client: the request is refused with a 503 `backend_unavailable` and `Retry-After`,
nothing is counted or given, and a later retry may succeed. One class lets every caller (the request
steps, the error handler, the CLI, the demand flush) handle both without knowing which engine is down.
"""

from __future__ import annotations

RETRY_AFTER = 2
"""Seconds a client is told to wait (Retry-After) when a shared backend is unavailable."""


class BackendUnavailable(Exception):
    """A shared backend cannot be reached; retrying after `retry_after` seconds may succeed."""

    retry_after: float = RETRY_AFTER
