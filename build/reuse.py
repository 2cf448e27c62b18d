"""What a build may take from the previous one: immutable history months and past days' trends documents.

Every build writes `build-manifest.json`: a digest of the build's own code and, per feed, a fingerprint
(size and modification time) of every archived day file it read. The next build compares the archive
with that manifest: for each feed, the first day whose file appeared, vanished or changed is where the
feed's output may start to differ, and everything strictly before it is provably what the previous
tree holds, because nothing written for a day depends on a later day:

- a history month (build/history_parts.py) depends on its own days and, for MCP `releases`, on the days
  before it; it is reused when the month ends before the first changed day;
- a trends document of day D (its movers, events, base day) depends on days up to D; it is reused
  when D is before the first changed day.

Reused files are hard-linked from the previous tree (builds are never modified once published), so the
nightly build writes the current month and the new day, not the archive's whole age; a reused file of a
packed directory (entity pages, build/packs.py) has its bytes copied into the new pack instead.

Entity pages are reused by their inputs, not by their days: the manifest records, per page, a digest of
everything its template was given (build/pages.py `inputs_digest`), and a page whose digest is the
previous build's is taken instead of rendered. An entity absent from the feed keeps its page (no build
time, score or week dates on it), so most of a year's entities are links. Anything else a build writes
(feed pages, cards, badges, momentum, site pages) is computed again: it depends on the latest day. A
different code digest (the build's code and templates), a missing manifest or `feeds build --full`
reuses nothing.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from build import publish
from build.history_parts import index_path, part_path
from build.paths import MANIFEST
from build.series import FeedSeries
from build.writer import TreeWriter
from collectors.archive import Archive

FORMAT = 3
"""Bump when the manifest's meaning changes."""
CURRENT_PAGE = "current"
"""The manifest's record of the page of an entity in its feed's latest day, in place of a digest."""
CODE_ROOTS = ("build", "templates", "collectors/models.py", "collectors/columnar.py")
"""What the output of a day is made by (the page templates too: pages are reused by their inputs):
when any of it changes, nothing is reused."""


def code_digest(root: Path | None = None) -> str:
    """SHA-256 over the build's source files and templates (paths and bytes, in path order)."""
    base = root or Path(__file__).resolve().parent.parent
    files: list[Path] = []
    for name in CODE_ROOTS:
        path = base / name
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts))
        else:
            files.append(path)
    digest = hashlib.sha256()
    for path in files:
        data = path.read_bytes()
        digest.update(path.relative_to(base).as_posix().encode() + b"\0" + len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def fingerprints(archive: Archive, feed: str, days: list[str]) -> dict[str, str]:
    """Day -> `size:mtime_ns` of its archive file: a day archived again is a new file (written and
    renamed over the old one, collectors/columnar.py), so its fingerprint changes."""
    out = {}
    for day in days:
        stat = os.stat(archive.files.path(feed, day))
        out[day] = f"{stat.st_size}:{stat.st_mtime_ns}"
    return out


def first_changed(days: Mapping[str, str], before: Mapping[str, str]) -> str | None:
    """The earliest day that is new, gone or different between two fingerprint maps (None: identical)."""
    changed = [day for day in days.keys() | before.keys() if days.get(day) != before.get(day)]
    return min(changed) if changed else None


@dataclass
class FeedReuse:
    """One feed's share of the previous tree: what may be linked, and what was."""

    feed: str
    previous: Path | None
    """The previous build's root, None when nothing may be reused."""
    stable_before: str | None
    """Days strictly before this one are unchanged (None: every day is)."""
    scored_again: str | None = None
    """The previous build's last day: its momentum is scored again (its lookups kept coming in after that
    build), so its dated outputs that carry momentum jumps are written again too (`file`)."""
    previous_days: list[str] = field(default_factory=list)
    """The feed's days the previous build read, ascending."""

    def stable(self, day: str) -> bool:
        """Whether the feed's archived days up to `day` are those the previous build read."""
        return self.previous is not None and (self.stable_before is None or day < self.stable_before)

    def history_month(self, writer: TreeWriter, month: str) -> bool:
        """Link the month's part and index when every day of the month (`YYYY-MM`) is unchanged and the
        previous tree has them; True when linked."""
        if not self.stable(f"{month}-32"):  # after every day of the month
            return False
        assert self.previous is not None
        paths = (part_path(self.feed, month), index_path(self.feed, month))
        if not all((self.previous / p).is_file() for p in paths):
            return False
        for relpath in paths:
            writer.link(relpath, self.previous / relpath)
        return True

    def file(self, writer: TreeWriter, relpath: str, day: str) -> bool:
        """Take a dated file (a trends head or events file of `day`, packed: build/packs.py) from the
        previous tree when its day is unchanged and before the previous build's last day; True when
        taken."""
        if not self.stable(day) or (self.scored_again is not None and day >= self.scored_again):
            return False
        assert self.previous is not None
        try:
            writer.take(relpath, self.previous)
        except FileNotFoundError:
            return False
        return True


@dataclass
class Reuse:
    """The previous tree and its manifest, and the manifest this build will write."""

    previous: Path | None
    before: dict[str, Any]
    code: str
    feeds: dict[str, dict[str, str]] = field(default_factory=dict)
    pages: dict[str, str] = field(default_factory=dict)
    """Tree path -> digest of the inputs it was rendered from, for every page this build wrote or linked."""
    settled_keys: dict[str, str] = field(default_factory=dict)
    """Tree path -> `build.pages.settled_key` of an absent entity's page (see `settled`)."""
    volatile: dict[str, list[str]] = field(default_factory=dict)
    """Feed -> its entities whose page has an input that can change any night besides its days and events
    (build/pages.py `SitePages.volatile`): what the next build's `carry` needs to know of this one."""
    base_url: str | None = None
    """The site's base URL, which every page's settled key digests (set by the build)."""
    linked_pages: int = 0

    @classmethod
    def open(cls, site: Path, *, full: bool) -> Reuse:
        code = code_digest()
        current = publish.current_build(site)
        previous = publish.builds_dir(site) / current if current else None
        before: dict[str, Any] = {}
        if previous is not None and not full:
            try:
                before = orjson.loads((previous / MANIFEST).read_bytes())
            except (FileNotFoundError, orjson.JSONDecodeError):
                before = {}
        if before.get("format") != FORMAT or before.get("code") != code:
            previous, before = None, {}
        return cls(previous, before, code)

    def feed(self, archive: Archive, feed: str) -> FeedReuse:
        """The feed's reuse, from its day files as they are before the build reads them."""
        now = fingerprints(archive, feed, archive.days(feed))
        self.feeds[feed] = now
        if self.previous is None or feed not in self.before.get("feeds", {}):
            return FeedReuse(feed, None, None)
        before = self.before["feeds"][feed]
        return FeedReuse(feed, self.previous, first_changed(now, before), max(before, default=None), sorted(before))

    def confirm(self, archive: Archive, feed: str, read: FeedReuse, days: list[str]) -> FeedReuse:
        """`read` if the feed's day files are still those fingerprinted before the series was read (and
        its days those the series holds); otherwise a collection replaced one meanwhile: nothing of the
        feed is reused, and the manifest records no day of it, so the next build writes it all again."""
        if list(self.feeds[feed]) == days and fingerprints(archive, feed, days) == self.feeds[feed]:
            return read
        self.feeds[feed] = {}
        return FeedReuse(feed, None, None)

    def page(self, writer: TreeWriter, relpath: str, inputs: str | None) -> bool:
        """Record that `relpath` is rendered from `inputs` (a digest of everything its template is given,
        build/pages.py `inputs_digest`); link it from the previous tree when that tree's manifest records
        the same digest for it. True when linked; otherwise the caller renders it. `inputs` None: the page
        of an entity in its feed's latest day, new every night (recorded as CURRENT_PAGE, never linked)."""
        self.pages[relpath] = CURRENT_PAGE if inputs is None else inputs
        if inputs is None or self.previous is None or self.before.get("pages", {}).get(relpath) != inputs:
            return False
        try:
            writer.take(relpath, self.previous)
        except FileNotFoundError:  # the manifest names it but the tree lacks it: render it
            return False
        self.linked_pages += 1
        return True

    def settled(self, relpath: str, key: str, unchanged: bool) -> bool:
        """Record `key` (build/pages.py `settled_key`) for the page of an entity absent from its feed, and say
        whether its page and card may be taken from the previous tree (`take_all`) without their inputs being
        gathered: when the entity's archived days up to its last are the previous build's (`unchanged`: the
        caller checks them with `FeedReuse.stable`) and that build recorded the same key. Every build
        records the keys, so a `--full` build writes the same manifest."""
        self.settled_keys[relpath] = key
        return (
            unchanged
            and self.previous is not None
            and relpath in self.before.get("pages", {})
            and self.before.get("settled", {}).get(relpath) == key
        )

    def record_volatile(self, feed: str, entities: list[str]) -> None:
        self.volatile[feed] = sorted(entities)

    def volatile_before(self, series: FeedSeries) -> np.ndarray | None:
        """bool [entities]: the series' entities the previous build recorded as volatile; None when it
        recorded none for the feed or built for another base URL (every key it holds differs then)."""
        listed = self.before.get("volatile", {}).get(series.feed)
        if self.previous is None or listed is None or self.before.get("base") != self.base_url:
            return None
        out = np.zeros(len(series.entities), dtype=bool)
        out[[series.index[name] for name in listed if name in series.index]] = True
        return out

    def carry(self, relpath: str) -> bool:
        """Settle the page at `relpath` with the key the previous build recorded for it, when it recorded
        one and has the page: for an entity whose inputs are known to be unchanged without digesting them
        (build/pipeline.py `quiet_entities`). False: the caller digests its inputs (`settled`)."""
        key = self.before.get("settled", {}).get(relpath)
        if key is None or relpath not in self.before.get("pages", {}):
            return False
        self.settled_keys[relpath] = key
        return True

    def take_all(self, writer: TreeWriter, relpaths: list[str], page: bool = False) -> np.ndarray:
        """Carry `relpaths` unchanged from the previous tree (settled entities' pages and cards: build/writer.py
        `TreeWriter.take_all`); `page`: record the digests the previous manifest has for them. bool [paths]:
        False where that tree lacks the file (the caller writes it)."""
        if self.previous is None:
            return np.zeros(len(relpaths), dtype=bool)
        taken = writer.take_all(relpaths, self.previous)
        if page:
            pages = self.before["pages"]
            for relpath, ok in zip(relpaths, taken.tolist(), strict=True):
                if ok:
                    self.pages[relpath] = pages[relpath]
            self.linked_pages += int(taken.sum())
        return taken

    def manifest(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "code": self.code,
            "feeds": self.feeds,
            "pages": dict(sorted(self.pages.items())),  # taken ones first (`take_all`), then rendered
            "settled": dict(sorted(self.settled_keys.items())),  # recorded carried first (`carry`), then digested
            "volatile": self.volatile,
            "base": self.base_url,
        }
