"""Progress lines for long steps (collect, backfill, build).

On a terminal it redraws one line; in a log (cron, CI) it prints at most one line every few
seconds, so a nightly log stays readable while still showing that work is moving.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, label: str, stream: TextIO | None = None, every: float = 5.0) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.tty = self.stream.isatty()
        self.every = every
        self._last = 0.0
        self._dirty = False

    def update(self, message: str) -> None:
        now = time.monotonic()
        if self.tty:
            self.stream.write(f"\r\033[K{self.label}: {message}")
            self.stream.flush()
            self._dirty = True
        elif now - self._last >= self.every:
            self.stream.write(f"{self.label}: {message}\n")
            self.stream.flush()
            self._last = now

    def clear(self) -> None:
        if self.tty and self._dirty:
            self.stream.write("\r\033[K")
            self.stream.flush()
            self._dirty = False


class NullProgress(Progress):
    def __init__(self) -> None:
        super().__init__("", stream=sys.stderr)
        self.tty = False
        self.every = float("inf")

    def update(self, message: str) -> None:
        return None
