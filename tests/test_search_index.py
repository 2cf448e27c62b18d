import random

import numpy as np

from build.search_index import build_index, candidates


def brute(lines: list[str], q: str) -> list[int]:
    return [i for i, line in enumerate(lines) if q in line]


def search(lines: list[str], q: str) -> list[int]:
    encoded = [line.encode() for line in lines]
    index = build_index(encoded)
    found = candidates(index, q.encode())
    ids = range(len(lines)) if found is None else found.tolist()
    return [i for i in ids if q in lines[i]]


def test_matches_a_brute_force_scan_on_random_text() -> None:
    rng = random.Random(7)
    alphabet = "abcde é日本/:-\x1f"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(300)]
    for _ in range(300):
        line = rng.choice(lines) or "abc"
        start = rng.randint(0, max(0, len(line) - 1))
        q = line[start : start + rng.randint(1, 8)] or "a"
        assert search(lines, q) == brute(lines, q), q


def test_trigrams_never_span_two_rows() -> None:
    lines = ["xxab", "cdyy"]
    index = build_index([line.encode() for line in lines])
    assert candidates(index, b"abc").tolist() == []
    assert candidates(index, b"bcd").tolist() == []


def test_short_needles_ask_for_a_scan_and_empty_input_is_fine() -> None:
    assert candidates(build_index([b"hello"]), b"he") is None
    assert len(build_index([])) == 0
    assert candidates(np.zeros(0, dtype=np.uint64), b"abc").tolist() == []
