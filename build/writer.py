"""The one writer for all build output.

It refuses a path outside the tree or written twice (two outputs claiming one file is a bug,
not something to resolve silently), counts files and bytes for the summary, and streams large
outputs through `open_stream` so a big file is never held whole in memory.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath
from typing import IO, Any

import orjson


class WriterError(Exception):
    pass


class TreeWriter:
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.root.mkdir(parents=True, exist_ok=True)
        self.written: set[str] = set()
        self.files = 0
        self.bytes = 0
        self.linked = 0
        """Files hard-linked from the previous build rather than written."""
        self._dirs: set[Path] = set()
        self._shared: dict[bytes, str] = {}
        """Bytes written by `write_shared` -> the first path that holds them."""

    def _target(self, relpath: str) -> Path:
        raw_parts = relpath.split("/")
        if relpath.startswith("/") or any(part in ("..", ".", "") for part in raw_parts) or "\\" in relpath:
            raise WriterError(f"refusing path outside the tree: {relpath!r}")
        if relpath in self.written:
            raise WriterError(f"refusing to write {relpath!r} twice")
        target = self.root.joinpath(*PurePosixPath(relpath).parts)
        if self.root not in target.parents:
            raise WriterError(f"refusing path outside the tree: {relpath!r}")
        self.written.add(relpath)
        parent = target.parent
        if parent not in self._dirs:
            parent.mkdir(parents=True, exist_ok=True)
            self._dirs.add(parent)
        return target

    def write_bytes(self, relpath: str, data: bytes) -> None:
        target = self._target(relpath)
        with open(target, "wb") as fh:
            fh.write(data)
        self.files += 1
        self.bytes += len(data)

    def link(self, relpath: str, source: Path) -> None:
        """Hard-link an unchanged file of the previous build into this tree (build/reuse.py): a build is
        never modified once published, so the two trees may share the file's bytes."""
        target = self._target(relpath)
        try:
            os.link(source, target)
        except OSError:
            self.written.discard(relpath)  # not written: the caller may write it instead
            raise
        self.files += 1
        self.bytes += target.stat().st_size
        self.linked += 1

    def write_shared(self, relpath: str, data: bytes) -> None:
        """Write `data`, or hard-link it to the file of this tree already holding the same bytes: for
        outputs that take few distinct values across very many paths (badges: ~2,000 SVGs for ~57,000
        paths), where a link costs a fraction of creating and writing a file on a slow disk."""
        first = self._shared.get(data)
        if first is None:
            self.write_bytes(relpath, data)
            self._shared[data] = relpath
            return
        target = self._target(relpath)
        try:
            os.link(self.root / first, target)
        except OSError as error:
            if error.errno != errno.EMLINK:
                raise
            self.written.discard(relpath)  # the first file has as many links as the file system allows
            self.write_bytes(relpath, data)
            self._shared[data] = relpath
            return
        self.files += 1
        self.bytes += len(data)

    def write_json(self, relpath: str, obj: Any) -> bytes:
        data = orjson.dumps(obj, option=orjson.OPT_NON_STR_KEYS)
        self.write_bytes(relpath, data)
        return data

    @contextmanager
    def open_stream(self, relpath: str) -> Iterator[IO[bytes]]:
        target = self._target(relpath)
        with open(target, "wb", buffering=1 << 20) as fh:
            yield fh
            size = fh.tell()
        self.files += 1
        self.bytes += size

    def exists(self, relpath: str) -> bool:
        return relpath in self.written

    def fsync_tree(self) -> None:
        """Flush directory entries so a power cut after publish cannot leave a half-visible tree."""
        fd = os.open(self.root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
