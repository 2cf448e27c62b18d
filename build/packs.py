"""Packed directories: the many small files of one kind kept as a few pack files with an index.

Entity cards, entity pages and badges are one file per entity: ~150,000 files in a one-year tree,
a few hundred MB in all. Creating their directory entries (and the ~60,000 directories of the pages)
was most of a nightly build, while their bytes are written in seconds. So every file under a packed
directory (build/paths.py `PACKED_DIRS`) keeps its tree path as its name but lives in one of that
directory's pack segments:

    packs/<dir>.<build>.pack   bytes, concatenated in the order they were written by the build <build>
    packs/<dir>.segments       the directory's segment files (tree paths), one per line: segment n is line n
    packs/<dir>.idx.npy        sorted (path hash, segment, start, end): a file is one byte range of one
                               segment, found by binary search
    packs/<dir>.paths          the paths, one per line, in index order (for listing: tools, tests, publish)

A build writes one segment per directory; a file it carries unchanged from the previous build (a settled
entity's page or card, build/reuse.py) keeps its range in the previous build's segment, which is
hard-linked into the new tree (a published build is never modified). Taking ~80,000 such files a night is
then an index entry each rather than a copy of their bytes, whatever the archive's age. A linked segment
less than KEEP_SHARE of whose bytes are still referenced, or smaller than MIN_SEGMENT_BYTES, has those
bytes copied into the new segment instead (`PackWriter.close`), so dead pages do not pile up (each night's
segment of re-rendered pages is mostly replaced the next night and is folded in then) and a directory that
gains a few files a day (dated trends) keeps few segments.

The index is keyed by 16 bytes of SHA-256 of the path. Files written with the same bytes (badges: ~2,000
distinct SVGs for ~57,000 paths) share one range. Readers go through `Packs`, which answers for a path
whether or not it is packed, so a caller never needs to know which directories are. A tree written
before segments existed (one `packs/<dir>.pack`, an index without segments) is read the same way.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import numpy as np

from build.history_parts import find_row
from build.paths import PACKS, pack_of

PACK_SUFFIX = ".pack"
INDEX_SUFFIX = ".idx.npy"
PATHS_SUFFIX = ".paths"
SEGMENTS_SUFFIX = ".segments"
PACK_INDEX_DTYPE = np.dtype([("key", "S16"), ("segment", "<u4"), ("start", "<i8"), ("end", "<i8")])
KEEP_SHARE = 0.5
"""A previous build's segment is linked while at least this share of its bytes is still referenced;
below it, what is referenced is copied into the new segment."""
MIN_SEGMENT_BYTES = 4 << 20
"""A smaller segment is copied into the new one rather than linked: a directory that gains a few files a
day and keeps them (dated trends) would otherwise gain a segment a day; this way its segments are at
least this big and a night copies at most this much of them."""


def path_key(relpath: str) -> bytes:
    return hashlib.sha256(relpath.encode()).digest()[:16]


def pack_file(directory: str, suffix: str) -> str:
    """Tree path of one of a packed directory's files (`suffix`: one of the *_SUFFIX above)."""
    return f"{PACKS}/{directory}{suffix}"


def segment_file(directory: str, build: str) -> str:
    """Tree path of the segment the build named `build` writes for `directory`."""
    return f"{PACKS}/{directory}.{build}{PACK_SUFFIX}"


class PackWriter:
    """One packed directory being written: bytes appended to this build's segment, ranges of earlier
    segments adopted (`adopt`, `adopt_all`), entries kept for the index."""

    def __init__(self, root: Path, directory: str) -> None:
        self.root = root
        self.directory = directory
        self._segments = [segment_file(directory, f"{root.name}-{secrets.token_hex(4)}")]
        """Segment n's tree path; 0 is this build's own (named apart from any build's it may adopt)."""
        target = root / self._segments[0]
        target.parent.mkdir(parents=True, exist_ok=True)
        self._fh: IO[bytes] = open(target, "wb", buffering=1 << 20)  # noqa: SIM115  (closed in `close`)
        self._offset = 0
        self._entries: list[tuple[bytes, int, int, int, str]] = []
        self._blocks: list[tuple[np.ndarray, list[str]]] = []
        """Entries adopted together (`adopt_all`): index rows (PACK_INDEX_DTYPE, segments numbered as in
        `_segments`) and their paths."""
        self._shared: dict[bytes, tuple[int, int]] = {}
        self._adopted: dict[str, int] = {}
        """Linked segment's tree path -> its number."""
        self._sources: dict[int, Path] = {}
        self._where: dict[str, int] = {}
        """Path -> its entry, for reading a file back before the pack is closed (`read`)."""

    def add(self, relpath: str, data: bytes, shared: bool = False) -> None:
        """Append `data` as `relpath`; `shared`: reuse the range of an earlier file with the same bytes."""
        span = self._shared.get(data) if shared else None
        if span is None:
            span = self._append(data)
            if shared:
                self._shared[data] = span
        self._where[relpath] = len(self._entries)
        self._entries.append((path_key(relpath), 0, span[0], span[1], relpath))

    def add_all(self, relpaths: list[str], keys: np.ndarray, data: bytes) -> None:
        """`add(relpath, data, shared=True)` for each of `relpaths` (`keys`: their `path_key`s, S16): one
        range, many paths (the badges of every entity absent from its feed)."""
        span = self._shared.get(data)
        if span is None:
            span = self._shared[data] = self._append(data)
        rows = np.zeros(len(relpaths), dtype=PACK_INDEX_DTYPE)
        rows["key"], rows["start"], rows["end"] = keys, span[0], span[1]
        self._blocks.append((rows, relpaths))

    def _append(self, data: bytes) -> tuple[int, int]:
        self._fh.write(data)
        span = (self._offset, self._offset + len(data))
        self._offset += len(data)
        return span

    def _number(self, previous: Path, segment: str) -> int:
        """This pack's number for the segment `segment` of the tree at `previous`, linked into this tree."""
        number = self._adopted.get(segment)
        if number is None:
            number = self._adopted[segment] = len(self._segments)
            self._segments.append(segment)
            self._sources[number] = previous / segment
        return number

    def adopt(self, relpath: str, key: bytes, previous: Path, segment: str, start: int, end: int) -> None:
        """Keep `relpath` (`key`: its `path_key`) as the range [start, end) of the segment `segment` of the
        tree at `previous`: the segment is linked into this tree (once), the bytes are not read."""
        number = self._number(previous, segment)
        self._where[relpath] = len(self._entries)
        self._entries.append((key, number, start, end, relpath))

    def adopt_all(self, relpaths: list[str], rows: np.ndarray, previous: Path, segments: list[str]) -> None:
        """`adopt` for each of `relpaths`: `rows` are their rows of the index of the tree at `previous`
        (PACK_INDEX_DTYPE; `segments`: that index's segment list)."""
        rows = rows.copy()
        numbers = np.zeros(len(segments), dtype=np.uint32)
        for used in np.unique(rows["segment"]).tolist():
            numbers[used] = self._number(previous, segments[used])
        rows["segment"] = numbers[rows["segment"]]
        self._blocks.append((rows, relpaths))

    def read(self, relpath: str) -> bytes | None:
        """The bytes of a file added or adopted so far (None if neither), before the pack is closed."""
        at = self._where.get(relpath)
        if at is not None:
            _, number, start, end, _ = self._entries[at]
        else:
            for rows, paths in self._blocks:  # not a file the build reads back: no index of them is kept
                if relpath in paths:
                    row = rows[paths.index(relpath)]
                    number, start, end = int(row["segment"]), int(row["start"]), int(row["end"])
                    break
            else:
                return None
        if number == 0:
            self._fh.flush()
            source = self.root / self._segments[0]
        else:
            source = self._sources[number]
        with open(source, "rb") as fh:
            return os.pread(fh.fileno(), end - start, start)

    def abandon(self) -> None:
        """Close this build's segment without an index (the build failed: its tree is not published)."""
        self._fh.close()

    def close(self) -> int:
        """Link or fold in the adopted segments, finish this build's segment and write the index, the
        segment list and the path list; returns the bytes of the segments the index refers to."""
        index = np.empty(len(self._entries), dtype=PACK_INDEX_DTYPE)
        if self._entries:
            keys, numbers, starts, ends, _ = zip(*self._entries, strict=True)
            index["key"], index["segment"], index["start"], index["end"] = keys, numbers, starts, ends
        paths = [entry[4] for entry in self._entries]
        for rows, block_paths in self._blocks:
            index = np.concatenate([index, rows])
            paths.extend(block_paths)
        kept = np.zeros(len(self._segments), dtype=np.uint32)
        count = 1
        for number in range(1, len(self._segments)):
            chosen = np.flatnonzero(index["segment"] == number)
            spans, inverse = np.unique(
                np.stack([index["start"][chosen], index["end"][chosen]], axis=1), axis=0, return_inverse=True
            )
            source = self._sources[number]
            size = source.stat().st_size
            if size >= MIN_SEGMENT_BYTES and int((spans[:, 1] - spans[:, 0]).sum()) >= KEEP_SHARE * size:
                os.link(source, self.root / self._segments[number])
                kept[number], count = count, count + 1
                continue
            with open(source, "rb") as fh:  # mostly dead: its live ranges are copied, in file order
                moved = np.array(
                    [self._append(os.pread(fh.fileno(), end - start, start)) for start, end in spans.tolist()],
                    dtype=np.int64,
                ).reshape(-1, 2)
            inverse = inverse.reshape(-1)
            index["start"][chosen], index["end"][chosen] = moved[inverse, 0], moved[inverse, 1]
            index["segment"][chosen] = 0
        self._fh.close()
        index["segment"] = kept[index["segment"]]
        order = np.argsort(index["key"], kind="stable")
        index = index[order]
        with open(self.root / pack_file(self.directory, INDEX_SUFFIX), "wb") as fh:
            np.save(fh, index, allow_pickle=False)
        segments: list[str] = [self._segments[0]] + [
            self._segments[number] for number in np.argsort(kept, kind="stable").tolist() if kept[number]
        ]
        (self.root / pack_file(self.directory, SEGMENTS_SUFFIX)).write_bytes(
            "".join(f"{s}\n" for s in segments).encode()
        )
        listing = "".join(f"{paths[n]}\n" for n in order.tolist()).encode()
        with open(self.root / pack_file(self.directory, PATHS_SUFFIX), "wb") as fh:
            fh.write(listing)
        return self._offset + sum((self.root / s).stat().st_size for s in segments[1:])


class Packs:
    """Reads files of a tree by path, packed or not; each pack's index is loaded on first use."""

    def __init__(self, root: Path, keep_open: bool = False) -> None:
        self.root = root
        self._prefix = f"{root}{os.sep}"
        self._indexes: dict[str, tuple[np.ndarray, list[str]] | None] = {}
        self._open: dict[str, int] | None = {} if keep_open else None
        """`keep_open`: each segment's file descriptor, kept until `close` (a build taking tens of
        thousands of settled pages and cards from the previous build's packs opens each once), and each
        index as a dict (a binary search through NumPy costs more per call than the read it finds)."""
        self._ranges: dict[str, dict[bytes, tuple[int, int, int]]] = {}

    def _index(self, directory: str) -> tuple[np.ndarray, list[str]] | None:
        if directory not in self._indexes:
            try:
                with open(self._prefix + pack_file(directory, INDEX_SUFFIX), "rb") as fh:
                    index = np.load(fh, allow_pickle=False)
            except FileNotFoundError:  # a directory with no file in this build
                self._indexes[directory] = None
                return None
            try:
                with open(self._prefix + pack_file(directory, SEGMENTS_SUFFIX), "rb") as fh:
                    segments = fh.read().decode().splitlines()
            except FileNotFoundError:  # written before segments: one pack, segment 0
                segments = [pack_file(directory, PACK_SUFFIX)]
                old, index = index, np.zeros(index.size, dtype=PACK_INDEX_DTYPE)
                for name in ("key", "start", "end"):
                    index[name] = old[name]
            self._indexes[directory] = (index, segments)
        return self._indexes[directory]

    def span(self, relpath: str, key: bytes | None = None, directory: str | None = None) -> tuple[str, int, int] | None:
        """(segment file's tree path, start, end) of a packed path, or None when the build has no such
        file. Only for paths under a packed directory. `key`: the path's `path_key`, `directory` its
        packed directory (`pack_of`), when known."""
        directory = directory or pack_of(relpath)
        found = None if directory is None else self._index(directory)
        if directory is None or found is None:
            return None
        index, segments = found
        if self._open is not None:  # a build reading many: each index as a dict, built once
            ranges = self._ranges.get(directory)
            if ranges is None:
                keys, numbers, starts, ends = (index[name].tolist() for name in PACK_INDEX_DTYPE.names or ())
                ranges = self._ranges[directory] = dict(zip(keys, zip(numbers, starts, ends, strict=True), strict=True))
            # NumPy hands keys back without trailing NUL bytes (build/history_parts.py `find_row`)
            hit = ranges.get((key or path_key(relpath)).rstrip(b"\x00"))
            return None if hit is None else (segments[hit[0]], hit[1], hit[2])
        at = find_row(index, key or path_key(relpath))
        if at is None:
            return None
        return segments[int(index["segment"][at])], int(index["start"][at]), int(index["end"][at])

    def find_all(self, directory: str, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[str]]:
        """Many paths of the packed `directory` at once, by their `path_key`s (`keys`, S16): whether each is
        in this tree, the index rows of those that are (in `keys`' order) and the index's segment list."""
        found = self._index(directory)
        if found is None or not len(found[0]):
            return np.zeros(len(keys), dtype=bool), np.zeros(0, dtype=PACK_INDEX_DTYPE), []
        index, segments = found
        at = np.minimum(np.searchsorted(index["key"], keys), len(index) - 1)
        hit: np.ndarray = index["key"][at] == keys
        return hit, index[at[hit]], segments

    def read(self, relpath: str) -> bytes | None:
        """The bytes of the tree's file at `relpath` (None if absent), wherever it is kept. A directory
        with no pack is read as loose files: a tree written before the directory was packed."""
        directory = pack_of(relpath)
        if directory is None or self._index(directory) is None:
            try:
                with open(self._prefix + relpath, "rb") as fh:
                    return fh.read()
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
                return None
        span = self.span(relpath)
        if span is None:
            return None
        try:
            if self._open is not None:
                fd = self._open.get(span[0])
                if fd is None:
                    fd = self._open[span[0]] = os.open(self._prefix + span[0], os.O_RDONLY)
                return os.pread(fd, span[2] - span[1], span[1])
            with open(self._prefix + span[0], "rb") as fh:
                return os.pread(fh.fileno(), span[2] - span[1], span[1])
        except FileNotFoundError:  # the tree was pruned under a reader that still held its index
            return None

    def close(self) -> None:
        """Close the segments kept open (`keep_open`)."""
        for fd in (self._open or {}).values():
            os.close(fd)
        if self._open is not None:
            self._open.clear()

    def exists(self, relpath: str) -> bool:
        directory = pack_of(relpath)
        if directory is None or self._index(directory) is None:
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
