"""Packed directories: the many small files of one kind kept as one pack file with an index.

Entity cards, entity pages and badges are one file per entity: ~150,000 files in a one-year tree,
a few hundred MB in all. Creating their directory entries (and the ~60,000 directories of the pages)
was most of a nightly build, while their bytes are written in seconds. So every file under a packed
directory (build/paths.py `PACKED_DIRS`) keeps its tree path as its name but lives in that
directory's pack:

    packs/<dir>.pack      the files' bytes, concatenated in the order they were written
    packs/<dir>.idx.npy   sorted (path hash, start, end): a file is one byte range, found by binary search
    packs/<dir>.paths     the paths, one per line, in index order (for listing: tools, tests, publish)

The index is the history parts' (build/history_parts.py INDEX_DTYPE), keyed by 16 bytes of SHA-256
of the path. Files written with the same bytes (badges: ~2,000 distinct SVGs for ~57,000 paths) share
one range. Readers go through `Packs`, which answers for a path whether or not it is packed, so a
caller never needs to know which directories are.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import numpy as np

from build.history_parts import INDEX_DTYPE, find
from build.paths import PACKS, pack_of

PACK_SUFFIX = ".pack"
INDEX_SUFFIX = ".idx.npy"
PATHS_SUFFIX = ".paths"


def path_key(relpath: str) -> bytes:
    return hashlib.sha256(relpath.encode()).digest()[:16]


def pack_file(directory: str, suffix: str) -> str:
    """Tree path of one of a packed directory's three files."""
    return f"{PACKS}/{directory}{suffix}"


class PackWriter:
    """One packed directory being written: bytes appended to the pack, entries kept for the index."""

    def __init__(self, root: Path, directory: str) -> None:
        self.root = root
        self.directory = directory
        target = root / pack_file(directory, PACK_SUFFIX)
        target.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[bytes] = open(target, "wb", buffering=1 << 20)  # noqa: SIM115  (closed in `close`)
        self._offset = 0
        self._entries: list[tuple[bytes, int, int, str]] = []
        self._shared: dict[bytes, tuple[int, int]] = {}

    def add(self, relpath: str, data: bytes, shared: bool = False) -> None:
        """Append `data` as `relpath`; `shared`: reuse the range of an earlier file with the same bytes."""
        span = self._shared.get(data) if shared else None
        if span is None:
            self._fh.write(data)
            span = (self._offset, self._offset + len(data))
            self._offset += len(data)
            if shared:
                self._shared[data] = span
        self._entries.append((path_key(relpath), span[0], span[1], relpath))

    def close(self) -> int:
        """Finish the pack and write its index and path list; returns the pack's size."""
        self._fh.close()
        self._entries.sort()
        index = np.array([entry[:3] for entry in self._entries], dtype=INDEX_DTYPE)
        with open(self.root / pack_file(self.directory, INDEX_SUFFIX), "wb") as fh:
            np.save(fh, index, allow_pickle=False)
        paths = "".join(f"{entry[3]}\n" for entry in self._entries).encode()
        with open(self.root / pack_file(self.directory, PATHS_SUFFIX), "wb") as fh:
            fh.write(paths)
        return self._offset


class Packs:
    """Reads files of a tree by path, packed or not; each pack's index is loaded on first use."""

    def __init__(self, root: Path, keep_open: bool = False) -> None:
        self.root = root
        self._prefix = f"{root}{os.sep}"
        self._indexes: dict[str, np.ndarray | None] = {}
        self._open: dict[str, int] | None = {} if keep_open else None
        """`keep_open`: each pack's file descriptor, kept until `close` (a build taking tens of thousands
        of settled pages and cards from the previous build's packs opens each pack once), and each index
        as a dict (a binary search through NumPy costs more per call than the read it finds)."""
        self._ranges: dict[str, dict[bytes, tuple[int, int]]] = {}

    def _index(self, directory: str) -> np.ndarray | None:
        if directory not in self._indexes:
            try:
                with open(self._prefix + pack_file(directory, INDEX_SUFFIX), "rb") as fh:
                    self._indexes[directory] = np.load(fh, allow_pickle=False)
            except FileNotFoundError:  # a directory with no file in this build
                self._indexes[directory] = None
        return self._indexes[directory]

    def span(self, relpath: str) -> tuple[str, int, int] | None:
        """(pack file's tree path, start, end) of a packed path, or None when the build has no such file.
        Only for paths under a packed directory."""
        directory = pack_of(relpath)
        index = None if directory is None else self._index(directory)
        if directory is None or index is None:
            return None
        if self._open is not None:  # a build reading many: each index as a dict, built once
            ranges = self._ranges.get(directory)
            if ranges is None:
                keys, starts, ends = (index[name].tolist() for name in ("key", "start", "end"))
                ranges = self._ranges[directory] = dict(zip(keys, zip(starts, ends, strict=True), strict=True))
            # NumPy hands keys back without trailing NUL bytes (build/history_parts.py `find`)
            hit = ranges.get(path_key(relpath).rstrip(b"\x00"))
            return None if hit is None else (pack_file(directory, PACK_SUFFIX), *hit)
        found = find(index, path_key(relpath))
        return None if found is None else (pack_file(directory, PACK_SUFFIX), *found)

    def read(self, relpath: str) -> bytes | None:
        """The bytes of the tree's file at `relpath` (None if absent), wherever it is kept."""
        if pack_of(relpath) is None:
            try:
                with open(self._prefix + relpath, "rb") as fh:
                    return fh.read()
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
                return None
        span = self.span(relpath)
        if span is None:
            return None
        if self._open is not None:
            fd = self._open.get(span[0])
            if fd is None:
                fd = self._open[span[0]] = os.open(self._prefix + span[0], os.O_RDONLY)
            return os.pread(fd, span[2] - span[1], span[1])
        with open(self._prefix + span[0], "rb") as fh:
            return os.pread(fh.fileno(), span[2] - span[1], span[1])

    def close(self) -> None:
        """Close the packs kept open (`keep_open`)."""
        for fd in (self._open or {}).values():
            os.close(fd)
        if self._open is not None:
            self._open.clear()

    def exists(self, relpath: str) -> bool:
        if pack_of(relpath) is None:
            return os.path.isfile(self._prefix + relpath)
        return self.span(relpath) is not None


def tree_paths(root: Path) -> Iterator[str]:
    """Every file path of the tree at `root` as served (packed files by their own paths, not the packs')."""
    packs = root / PACKS
    for path in sorted(root.rglob("*")):
        if path.is_file() and packs not in path.parents:
            yield path.relative_to(root).as_posix()
    for listing in sorted(packs.rglob(f"*{PATHS_SUFFIX}")):
        yield from listing.read_text().splitlines()


def tree_files(root: Path) -> Iterator[tuple[str, bytes]]:
    """(path, bytes) of every file of the tree, packed or not: for tests and tools comparing trees."""
    reader = Packs(root)
    for relpath in tree_paths(root):
        data = reader.read(relpath)
        assert data is not None, relpath
        yield relpath, data
