"""The one writer for all build output.

It refuses a path outside the tree or written twice (two outputs claiming one file is a bug,
not something to resolve silently), counts files and bytes for the summary, streams large
outputs through `open_stream` so a big file is never held whole in memory, and puts a file under a
packed directory into that directory's pack (build/packs.py) instead of a file of its own: the
callers write paths, and which of them are packed is decided in one place (build/paths.py).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np
import orjson

from build.packs import Packs, PackWriter, path_key
from build.paths import pack_of


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
        self._packs: dict[str, PackWriter] = {}
        self._previous: dict[Path, Packs] = {}

    def _claim(self, relpath: str) -> None:
        """Refuse a path outside the tree or one already written; otherwise record it as written.
        Plain string checks: this runs for every file of the tree (~155,000 a year's build)."""
        if (
            relpath in ("", ".", "..")
            or relpath.startswith(("/", "./", "../"))
            or relpath.endswith(("/", "/.", "/.."))
            or "//" in relpath
            or "/./" in relpath
            or "/../" in relpath
            or "\\" in relpath
            or "\x00" in relpath
        ):  # an empty, "." or ".." part, without splitting the path
            raise WriterError(f"refusing path outside the tree: {relpath!r}")
        if relpath in self.written:
            raise WriterError(f"refusing to write {relpath!r} twice")
        self.written.add(relpath)

    _UNSAFE = (
        *("\n\n", "\n.\n", "\n..\n"),  # "", ".", ".."
        *("\n/", "\n./", "\n../", "/\n", "/.\n", "/..\n"),  # starting or ending outside the tree
        *("//", "/./", "/../", "\\", "\x00"),
    )
    """What `_claim` refuses, as it shows in paths joined by (and wrapped in) newlines."""

    def _claim_all(self, relpaths: list[str]) -> None:
        """`_claim` of each of `relpaths` (a night's settled pages and cards: ~80,000 at three years), checked
        on the joined paths and as sets; on any doubt each is claimed alone, which raises the exact error."""
        joined = "\n" + "\n".join(relpaths) + "\n"
        if (
            joined.count("\n") != len(relpaths) + 1  # a newline inside a path
            or any(bad in joined for bad in self._UNSAFE)
            or len(set(relpaths)) != len(relpaths)
            or not self.written.isdisjoint(relpaths)
        ):
            for relpath in relpaths:
                self._claim(relpath)
            return
        self.written.update(relpaths)

    def _target(self, relpath: str) -> Path:
        self._claim(relpath)
        target = self.root / relpath
        parent = target.parent
        if parent not in self._dirs:
            parent.mkdir(parents=True, exist_ok=True)
            self._dirs.add(parent)
        return target

    def _pack(self, relpath: str) -> PackWriter | None:
        directory = pack_of(relpath)
        return None if directory is None else self._pack_of(directory)

    def _pack_of(self, directory: str) -> PackWriter:
        pack = self._packs.get(directory)
        if pack is None:
            pack = self._packs[directory] = PackWriter(self.root, directory)
        return pack

    def _reader(self, previous: Path) -> Packs:
        reader = self._previous.get(previous)
        if reader is None:
            reader = self._previous[previous] = Packs(previous, keep_open=True)
        return reader

    @staticmethod
    def _by_pack(relpaths: list[str]) -> dict[str, tuple[list[str], np.ndarray]]:
        """Packed directory -> its paths among `relpaths` and their `path_key`s (S16); WriterError for a
        path of no packed directory."""
        groups: dict[str, list[str]] = {}
        for relpath in relpaths:
            directory = pack_of(relpath)
            if directory is None:
                raise WriterError(f"not a packed path: {relpath!r}")
            groups.setdefault(directory, []).append(relpath)
        return {d: (paths, np.array([path_key(p) for p in paths], dtype="S16")) for d, paths in groups.items()}

    def write_bytes(self, relpath: str, data: bytes) -> None:
        pack = self._pack(relpath)
        if pack is not None:
            self._claim(relpath)
            pack.add(relpath, data)
            self.files += 1
            self.bytes += len(data)
            return
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

    def take(self, relpath: str, previous: Path) -> None:
        """Carry a file unchanged from the previous build at `previous` (build/reuse.py): hard-linked when
        loose (a build is never modified once published); when packed, its range of the previous build's
        segment is kept and the segment linked (build/packs.py), its bytes neither read nor copied.
        FileNotFoundError when that build has no such file; the caller may write it instead."""
        pack = self._pack(relpath)
        if pack is None:
            self.link(relpath, previous / relpath)
            return
        reader = self._reader(previous)
        key = path_key(relpath)
        span = reader.span(relpath, key, pack.directory)
        if span is None:
            raise FileNotFoundError(relpath)
        self._claim(relpath)
        pack.adopt(relpath, key, previous, *span)
        self.files += 1
        self.bytes += span[2] - span[1]
        self.linked += 1

    def take_all(self, relpaths: list[str], previous: Path) -> np.ndarray:
        """`take` for many files of packed directories at once (the pages and cards of the entities absent
        from their feed: ~80,000 a night at three years), looked up and adopted as arrays. bool [paths]:
        False where the previous build has no such file (the caller writes it)."""
        taken = np.zeros(len(relpaths), dtype=bool)
        at = {relpath: n for n, relpath in enumerate(relpaths)}
        reader = self._reader(previous)
        for directory, (paths, keys) in self._by_pack(relpaths).items():
            hit, rows, segments = reader.find_all(directory, keys)
            chosen = [relpath for relpath, found in zip(paths, hit.tolist(), strict=True) if found]
            self._claim_all(chosen)
            taken[[at[relpath] for relpath in chosen]] = True
            self._pack_of(directory).adopt_all(chosen, rows, previous, segments)
            self.files += len(chosen)
            self.bytes += int((rows["end"] - rows["start"]).sum())
            self.linked += len(chosen)
        return taken

    def write_shared_all(self, relpaths: list[str], data: bytes) -> None:
        """`write_shared(relpath, data)` for each of `relpaths`, all of packed directories: one range each
        directory, keyed as arrays (the badges of every entity absent from its feed)."""
        for directory, (paths, keys) in self._by_pack(relpaths).items():
            self._claim_all(paths)
            self._pack_of(directory).add_all(paths, keys, data)
            self.files += len(paths)
            self.bytes += len(data) * len(paths)

    def read(self, relpath: str) -> bytes | None:
        """A file this build has written or taken so far, packed or loose (None if it has not)."""
        if relpath not in self.written:
            return None
        pack = self._pack(relpath)
        if pack is not None:
            return pack.read(relpath)
        with open(self.root / relpath, "rb") as fh:
            return fh.read()

    def write_shared(self, relpath: str, data: bytes) -> None:
        """Write `data`, or share the bytes of the file of this tree already holding them (one range of
        a pack, or a hard link): for outputs that take few distinct values across very many paths
        (badges: ~2,000 SVGs for ~57,000 paths)."""
        pack = self._pack(relpath)
        if pack is not None:
            self._claim(relpath)
            pack.add(relpath, data, shared=True)
            self.files += 1
            self.bytes += len(data)
            return
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
        if pack_of(relpath) is not None:
            raise WriterError(f"refusing to stream {relpath!r} into a pack")
        target = self._target(relpath)
        with open(target, "wb", buffering=1 << 20) as fh:
            yield fh
            size = fh.tell()
        self.files += 1
        self.bytes += size

    def exists(self, relpath: str) -> bool:
        return relpath in self.written

    def close_packs(self) -> None:
        """Finish every pack (its index and path list): before the tree is published. Each pack is
        finished once: after a failure part way, a second call finishes only those left."""
        try:
            while self._packs:
                _, pack = self._packs.popitem()
                try:
                    pack.close()
                except BaseException:
                    pack.abandon()  # its segment file closed, whatever failed
                    raise
        finally:
            self.abandon_packs()

    def abandon_packs(self) -> None:
        """Close every open pack and reader without finishing the packs: a failed build's tree is never
        published, so its segments need no index, no links and no copies."""
        for pack in self._packs.values():
            pack.abandon()
        self._packs.clear()
        for reader in self._previous.values():
            reader.close()
        self._previous.clear()

    def fsync_tree(self) -> None:
        """Flush directory entries so a power cut after publish cannot leave a half-visible tree."""
        fd = os.open(self.root, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
