"""Suffix-array index for `q` (case-insensitive substring over every field), built once per build.

A feed's search lines (lowercase UTF-8, one per row, `\\n`-terminated: `search.txt`) are one blob.
Its suffix array lists every byte position in the sorted order of the text that starts there, so
the positions where a needle occurs are one contiguous range of it, found by binary search. That
makes the answer exact with no confirmation step: the earlier byte-trigram index only narrowed
the rows down and then tested `needle in line` on each candidate in Python, which was most of the
cost of a `q` request (mean 156 us for the benchmark's queries against 18.8 us now, 15,000 rows).
It also answers one- and two-byte needles, which trigrams could not.

Files per feed, next to `search.txt`, all written at build time and memory-mapped by the server
(one copy in the page cache, however many workers):

- `search.sa.npy`: the suffix array (int32, one entry per byte), by libdivsufsort
  (`pydivsufsort`, a maintained binding: ~0.3 s for the 4.7 MB blob of 15,000 repositories);
- `search.rows.npy`: the row of each suffix-array entry (int32), so a range maps to rows with
  one slice instead of a binary search per occurrence;
- `search.prefix4.npy`: each four-byte prefix present in the text (as a big-endian number, zero
  padded at the end of the text) and where its run starts in the suffix array (2 x k int64; 24,782
  prefixes, 400 KB for the 4.7 MB blob). A needle of up to four bytes is then two C-level
  bisections of this table; a longer one bisects the text only inside its prefix's run. Against
  two-byte buckets this halved the span lookup (13.6 -> 7.9 us on the benchmark's queries).

A needle never contains `\\n` (search lines hold none), so no match can straddle two rows, and
the zero padding can only ever follow a `\\n`, so it never matches either.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from pydivsufsort import divsufsort

SA_FILE = "search.sa.npy"
ROWS_FILE = "search.rows.npy"
BUCKETS_FILE = "search.prefix4.npy"
FILES = (SA_FILE, ROWS_FILE, BUCKETS_FILE)
_EMPTY = np.zeros(0, dtype=np.int64)
PAST_KEYS = 1 << 32
"""Sentinel after the last four-byte key."""


@dataclass(frozen=True)
class IndexArrays:
    sa: np.ndarray
    rows: np.ndarray
    buckets: np.ndarray

    def files(self) -> list[tuple[str, np.ndarray]]:
        """(file name, array) of each file the build writes."""
        return [(SA_FILE, self.sa), (ROWS_FILE, self.rows), (BUCKETS_FILE, self.buckets)]


def build_index(blob: bytes) -> IndexArrays:
    """The three arrays for `blob` (the whole `search.txt`: lines each ending in `\\n`)."""
    if len(blob) >= 2**31 - 1:
        raise ValueError("search text over 2 GiB does not fit an int32 suffix array")
    data = np.frombuffer(blob, dtype=np.uint8)
    if not len(data):
        return IndexArrays(np.zeros(0, np.int32), np.zeros(0, np.int32), np.array([[PAST_KEYS], [0]], np.int64))
    sa = np.ascontiguousarray(divsufsort(data.copy()), dtype=np.int32)  # the binding wants writable memory
    newline = data == 10
    row_of_byte = np.cumsum(newline, dtype=np.int32)
    row_of_byte -= newline  # a line's `\n` belongs to that line
    rows = row_of_byte[sa]
    del row_of_byte
    # Each suffix's first four bytes as one big-endian uint32, gathered through a strided view of the
    # (zero-padded) text: 4 bytes per position, not int64 temporaries (peak memory is the build's limit).
    padded = np.concatenate([data, np.zeros(3, dtype=np.uint8)])
    windows = np.lib.stride_tricks.as_strided(padded, shape=(len(data), 4), strides=(1, 1), writeable=False)
    prefix4 = np.ascontiguousarray(windows[sa]).view(">u4").ravel()
    first = np.empty(len(sa), dtype=bool)  # nondecreasing along the suffix array: runs, no sort needed
    first[0] = True
    np.not_equal(prefix4[1:], prefix4[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    keys = prefix4[starts].astype(np.int64)
    buckets = np.stack([np.append(keys, PAST_KEYS), np.append(starts, len(sa))]).astype(np.int64)
    return IndexArrays(sa, rows, buckets)


def _ints(array: np.ndarray, code: str = "i") -> memoryview:
    """An integer array as a memoryview of Python ints: indexing it is a C read, not a numpy scalar."""
    dtype = {"i": np.int32, "q": np.int64}[code]
    return memoryview(np.ascontiguousarray(array, dtype=dtype)).cast("B").cast(code)


class SearchIndex:
    """Row ids (ascending) of the lines that contain a needle, from the build's three arrays."""

    def __init__(self, blob: bytes, arrays: IndexArrays) -> None:
        self.blob = blob
        self.rows_of = arrays.rows
        self.nrows = blob.count(b"\n")
        self._sa = _ints(arrays.sa)
        self._keys = _ints(arrays.buckets[0], "q")
        self._starts = _ints(arrays.buckets[1], "q")

    @classmethod
    def load(cls, base: Path, blob: bytes) -> SearchIndex:
        """Map the arrays read-only: workers share one copy through the page cache.

        A tree published before this format (a server upgraded between two builds) lacks some of
        the files: the index is then built in memory from `search.txt` (about a second for 15,000
        rows, once per worker) rather than misread.
        """
        if not all((base / name).exists() for name in FILES):
            return cls(blob, build_index(blob))
        # viewed as plain arrays: a memmap's slices are memmaps too, and each costs a Python-level hook
        sa, rows = (
            np.load(base / name, mmap_mode="r", allow_pickle=False).view(np.ndarray) for name in (SA_FILE, ROWS_FILE)
        )
        buckets = np.load(base / BUCKETS_FILE, allow_pickle=False)
        return cls(blob, IndexArrays(sa, rows, buckets))

    def span(self, needle: bytes) -> tuple[int, int]:
        """The suffix-array range [lo, hi) of the positions where `needle` occurs."""
        m = len(needle)
        if m == 0 or b"\n" in needle:
            return 0, 0
        keys, starts = self._keys, self._starts
        if m < 4:  # every four-byte prefix that starts with the needle: one run of the table
            lo = starts[bisect.bisect_left(keys, int.from_bytes(needle.ljust(4, b"\0"), "big"))]
            return lo, starts[bisect.bisect_right(keys, int.from_bytes(needle.ljust(4, b"\xff"), "big"))]
        key = int.from_bytes(needle[:4], "big")
        i = bisect.bisect_left(keys, key)
        if keys[i] != key:
            return 0, 0
        lo, hi = starts[i], starts[i + 1]
        if m > 4:
            blob = self.blob

            def prefix(position: int) -> bytes:
                return blob[position : position + m]

            lo = bisect.bisect_left(self._sa, needle, lo, hi, key=prefix)
            hi = bisect.bisect_right(self._sa, needle, lo, hi, key=prefix)
        return lo, hi

    def search(self, needle: bytes) -> np.ndarray:
        """Sorted row ids whose line contains `needle` (exact: no candidate needs confirming)."""
        lo, hi = self.span(needle)
        if lo >= hi:
            return _EMPTY
        rows = self.rows_of[lo:hi]
        n = hi - lo
        # Dedupe the occurrences into sorted rows, by size (measured, 15,000 rows): a Python set for
        # the common handful, a sort for hundreds, a mark per row past a quarter of the rows.
        # (np.unique is 5-10x slower than the sort here.)
        if n <= 32:
            return np.array(sorted(set(rows.tolist())), dtype=np.int64)
        if n <= self.nrows // 4:
            ordered = np.sort(rows)
            keep = np.empty(n, dtype=bool)
            keep[0] = True
            np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
            return ordered[keep].astype(np.int64)
        seen = np.zeros(self.nrows, dtype=bool)
        seen[rows] = True
        return np.flatnonzero(seen)
