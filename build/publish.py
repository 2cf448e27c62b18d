"""Atomic publication: each build is a fresh directory; `FEEDS_SITE_DIR` is a symlink swapped in one rename.

    site            -> site.builds/20261122T031500Z-3f9a1c   (the served tree)
    site.builds/    every kept build, newest last; a build is complete once its build.json exists

A build that fails or is killed never touches the symlink, so the served tree stays exactly as it
was; its partial directory is removed by the next build. One build or publish of a site at a time
(`exclusive`): a second one started meanwhile (an overlapping cron run) would take the first one's
partial directory for a killed build's and remove it under it. The last KEEP builds stay for rollback,
and so that a request that started on the previous tree can still finish reading it.
"""

from __future__ import annotations

import fcntl
import os
import secrets
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from build.paths import BUILD_INFO

KEEP = 3


class PublishError(Exception):
    pass


@contextmanager
def exclusive(site: Path) -> Iterator[None]:
    """Hold the site's build lock (`flock` on `site.builds/.lock`, released by the kernel when the
    process dies, so a killed build never leaves it held); PublishError at once when another process
    holds it, rather than waiting behind a build that may take minutes."""
    root = builds_dir(site)
    root.mkdir(parents=True, exist_ok=True)
    with open(root / ".lock", "a+b") as fh:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise PublishError(f"another build or publish of {site} is running; try again when it ends") from None
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def new_build_id(now: datetime | None = None) -> str:
    now = now or datetime.now(UTC)
    return f"{now.strftime('%Y%m%dT%H%M%SZ')}-{secrets.token_hex(3)}"


def builds_dir(site: Path) -> Path:
    return site.parent / f"{site.name}.builds"


def prepare(site: Path, build_id: str) -> Path:
    """Create the fresh directory for a build and clear away incomplete ones left by killed builds."""
    root = builds_dir(site)
    root.mkdir(parents=True, exist_ok=True)
    if site.exists() and not site.is_symlink():
        raise PublishError(f"{site} is a real directory, not a published symlink; move it away first")
    current = current_build(site)
    for entry in root.iterdir():
        if entry.is_dir() and entry.name != current and not (entry / BUILD_INFO).exists():
            shutil.rmtree(entry, ignore_errors=True)
    target = root / build_id
    target.mkdir()
    return target


def current_build(site: Path) -> str | None:
    if not site.is_symlink():
        return None
    return Path(os.readlink(site)).name


def complete_builds(site: Path) -> list[str]:
    root = builds_dir(site)
    if not root.exists():
        return []
    return sorted(e.name for e in root.iterdir() if e.is_dir() and (e / BUILD_INFO).exists())


def swap(site: Path, build_id: str) -> None:
    """Point `site` at the build in one atomic rename of a fresh symlink over the old one."""
    target = builds_dir(site) / build_id
    if not (target / BUILD_INFO).exists():
        raise PublishError(f"build {build_id} is incomplete; refusing to publish it")
    relative = os.path.relpath(target, site.parent)
    tmp = site.parent / f".{site.name}.swap-{build_id}"
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    os.symlink(relative, tmp)
    os.replace(tmp, site)
    dir_fd = os.open(site.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def prune(site: Path, keep: int = KEEP) -> list[str]:
    """Remove complete builds beyond the newest `keep`, never the one being served."""
    current = current_build(site)
    builds = complete_builds(site)
    removed = []
    for name in builds[:-keep] if len(builds) > keep else []:
        if name != current:
            shutil.rmtree(builds_dir(site) / name, ignore_errors=True)
            removed.append(name)
    return removed


class Pruning:
    """Old builds removed in a thread while a new build is computed.

    Removing a build of ~155,000 files is file-system work that took 30-80 s on a slow disk, as long as a
    nightly build's own work; it waits on the disk, not the CPU, so it runs beside the build instead of
    after it. Only builds the publish would remove anyway are taken (beyond the newest KEEP - 1, never
    the served one): while a build runs, KEEP - 1 builds are kept, and a build that fails has removed
    one old build that the next one would have."""

    def __init__(self, site: Path, keep: int = KEEP) -> None:
        current = current_build(site)
        builds = complete_builds(site)
        older = builds[: -(keep - 1)] if keep > 1 else builds
        self.names = [name for name in older if name != current]
        self._root = builds_dir(site)
        self._thread = threading.Thread(target=self._remove, name="prune-old-builds", daemon=True)
        self._thread.start()

    def _remove(self) -> None:
        for name in self.names:
            # incomplete first: if the process dies mid-way, the remains are never served or rolled back
            # to, and the next build's `prepare` clears them
            (self._root / name / BUILD_INFO).unlink(missing_ok=True)
            shutil.rmtree(self._root / name, ignore_errors=True)

    def wait(self) -> list[str]:
        """The builds removed, once they are."""
        self._thread.join()
        return self.names


def copy_to(site: Path, destination: Path) -> str:
    """Publish the build `site` serves under `destination` too (another origin's site directory).

    The build is copied into `destination`'s own builds directory under the same id, `build.json`
    last (so the copy counts as complete only once whole), then swapped in like a fresh build: a
    server reading `destination` sees the old tree or the new one, never a half copy. Publishing a
    build the destination already holds only swaps. Returns the build id.
    """
    build_id = current_build(site)
    if build_id is None:
        raise PublishError(f"{site} serves no published build; run `feeds build` first")
    source = builds_dir(site) / build_id
    if not (source / BUILD_INFO).exists():
        raise PublishError(f"build {build_id} is incomplete; refusing to publish it")
    if destination.resolve() == site.resolve() or destination.absolute() == site.absolute():
        raise PublishError(f"{destination} is the site being published")
    with exclusive(destination):
        if (builds_dir(destination) / build_id / BUILD_INFO).exists():
            swap(destination, build_id)
            return build_id
        target = prepare(destination, build_id)
        target.rmdir()
        shutil.copytree(source, target, ignore=lambda folder, _names: [BUILD_INFO] if Path(folder) == source else [])
        shutil.copy2(source / BUILD_INFO, target / BUILD_INFO)
        swap(destination, build_id)
        prune(destination)
        return build_id


def rollback(site: Path) -> str:
    """Serve the complete build just before the current one; returns its id."""
    current = current_build(site)
    builds = complete_builds(site)
    if current not in builds:
        raise PublishError("nothing is published yet")
    position = builds.index(current)
    if position == 0:
        raise PublishError(f"no build older than {current} is kept")
    previous = builds[position - 1]
    swap(site, previous)
    return previous
