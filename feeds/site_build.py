"""A build as the service runs it: the tree (with the API document the server serves), then the watch
notifications against the tree just published.

The build knows nothing of the server and the server nothing of the build's internals; this module,
beside the command line, is where the two meet. Notifications run after the swap, so they see exactly
what the API serves.
"""

from __future__ import annotations

import sys
from datetime import datetime

from build.pipeline import BuildSummary, run_build
from feeds.settings import Settings
from server.notifications import notify_build
from server.openapi import openapi_bytes


def build_site(
    settings: Settings, *, now: datetime | None = None, quiet: bool = False, full: bool = False
) -> BuildSummary:
    summary = run_build(settings, api_document=openapi_bytes(settings), now=now, quiet=quiet, full=full)
    summary.notify = notify_watches(settings, summary)
    return summary


def notify_watches(settings: Settings, summary: BuildSummary) -> str:
    """Evaluate the watches against the published tree and deliver webhooks; returns the summary line.

    A failure is printed and returned, never raised: the build is good and stays published, and the
    next build evaluates (and delivers) again.
    """
    try:
        return notify_build(settings, summary.path).line()
    except Exception as exc:
        message = f"notify: failed ({type(exc).__name__}: {exc}); the build stays published"
        print(message, file=sys.stderr)
        return message
