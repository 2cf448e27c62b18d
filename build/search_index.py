"""Byte-trigram index for `q` (case-insensitive substring over every field), built once per build.

Every row's search line (lowercase UTF-8) is cut into byte trigrams; the index is one sorted
uint64 array of `trigram << 32 | row`. A query's candidate rows are the intersection of its
trigrams' posting ranges (binary searches, no scan), then each candidate is confirmed with a real
substring test, so the index only has to be complete, never exact. Byte trigrams of UTF-8 text
find every substring, whatever the script. Queries shorter than three bytes fall back to a scan.

Building is vectorised with numpy (a few hundred ms for 15,000 rows); loading is `np.load`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

ROW_MASK = np.uint64(0xFFFFFFFF)


def _codes(data: np.ndarray) -> np.ndarray:
    a = data.astype(np.uint64)
    return (a[:-2] << np.uint64(16)) | (a[1:-1] << np.uint64(8)) | a[2:]


def build_index(lines: Sequence[bytes]) -> np.ndarray:
    """Sorted unique `trigram << 32 | row` for every trigram inside each line."""
    if not lines:
        return np.zeros(0, dtype=np.uint64)
    blob = b"\n".join(lines) + b"\n"
    data = np.frombuffer(blob, dtype=np.uint8)
    if len(data) < 3:
        return np.zeros(0, dtype=np.uint64)
    codes = _codes(data)
    newline = data == 10
    # a trigram is inside a line when none of its three bytes is the separator
    inside = ~(newline[:-2] | newline[1:-1] | newline[2:])
    row_of_byte = np.cumsum(newline) - newline  # row number of each byte (separator belongs to its row)
    rows = row_of_byte[:-2].astype(np.uint64)
    keys = (codes[inside] << np.uint64(32)) | rows[inside]
    return np.unique(keys)


def candidates(index: np.ndarray, needle: bytes) -> np.ndarray | None:
    """Sorted row ids that contain every trigram of `needle`; None when the needle is too short.

    All posting ranges come from two vectorised binary searches; they are intersected rarest first
    through a boolean mask (linear, no sorting), so a common trigram costs one pass over its rows.
    """
    if len(needle) < 3:
        return None
    codes = np.unique(_codes(np.frombuffer(needle, dtype=np.uint8)))
    lows = np.searchsorted(index, codes << np.uint64(32), side="left")
    highs = np.searchsorted(index, (codes + np.uint64(1)) << np.uint64(32), side="left")
    sizes = highs - lows
    if not sizes.all():
        return np.zeros(0, dtype=np.uint64)
    order = np.argsort(sizes, kind="stable")
    result = index[lows[order[0]] : highs[order[0]]] & ROW_MASK
    for k in order[1:]:
        if len(result) == 0:
            break
        rows = index[lows[k] : highs[k]] & ROW_MASK
        mask = np.zeros(int(result[-1]) + 1, dtype=bool)
        mask[result] = True
        rows = rows[: np.searchsorted(rows, result[-1], side="right")]
        result = rows[mask[rows]]
    return result
