import random
from pathlib import Path

import numpy as np
import pytest

from build.search_index import FILES, SearchIndex, build_index, previous_of_same_row


def index_of(lines: list[str], tmp_path: Path | None = None) -> SearchIndex:
    blob = "".join(line + "\n" for line in lines).encode()
    arrays = build_index(blob)
    if tmp_path is None:
        return SearchIndex(blob, arrays)
    for name, array in arrays.files():
        np.save(tmp_path / name, array, allow_pickle=False)
    return SearchIndex.load(tmp_path, blob)


def brute(lines: list[str], q: str) -> list[int]:
    return [i for i, line in enumerate(lines) if q in line]


# A varied alphabet, and two letters only: long runs of equal four-byte prefixes, so the five-to-
# eight-byte lookup (bisecting the next four bytes) and the longer one (the text) both get exercised.
@pytest.mark.parametrize("alphabet", ["abcde é日本/:-\x1f\x00", "ab"])
def test_matches_a_brute_force_scan_on_random_text(tmp_path: Path, alphabet: str) -> None:
    rng = random.Random(7)
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 60))) for _ in range(300)]
    index = index_of(lines, tmp_path)  # through the saved, memory-mapped files, as the server reads them
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(FILES)
    needles = ["a", "é", "日", "ab", "\x1f", "zz", "本/", "abcdeabcde", "\x00", "a\x00", "abcd", "abcde", "日本"]
    for _ in range(400):
        line = rng.choice(lines) or "abc"
        start = rng.randint(0, max(0, len(line) - 1))
        needles.append(line[start : start + rng.randint(1, 14)] or "a")
    for q in needles:
        found = index.search(q.encode())
        assert [int(i) for i in found] == brute(lines, q), q


def test_many_occurrences_take_the_dense_path_and_stay_exact() -> None:
    lines = ["x" * 50 if i % 3 else "y" for i in range(200)]
    index = index_of(lines)
    assert list(index.search(b"x")) == brute(lines, "x")  # 6,650 occurrences in 133 rows
    assert list(index.search(b"xxx")) == brute(lines, "x")


@pytest.mark.parametrize("needle", [b"b\nc", b"\n", b"b\n"])
def test_a_match_never_straddles_two_rows(needle: bytes) -> None:
    assert list(index_of(["ab", "cd"]).search(needle)) == []


def test_needles_past_the_text_and_empty_input() -> None:
    index = index_of(["hello", "help"])
    assert list(index.search(b"hel")) == [0, 1]
    assert list(index.search(b"hello world")) == []
    assert list(index.search(b"\xff\xff")) == []
    assert list(index.search(b"")) == []
    empty = index_of([])
    assert list(empty.search(b"a")) == []
    assert list(empty.search(b"abc")) == []


@pytest.mark.parametrize("hits", [3, 20, 150])  # 6, 40, 300 occurrences: the set, sort and mark paths
def test_every_dedupe_path_gives_sorted_distinct_rows(hits: int) -> None:
    rng = random.Random(hits)
    chosen = set(rng.sample(range(400), hits))
    lines = [f"row {i} needle and needle" if i in chosen else f"row {i} other" for i in range(400)]
    assert list(index_of(lines).search(b"needle")) == sorted(chosen)


def test_a_tree_from_before_the_index_format_is_searched_from_its_text(tmp_path: Path) -> None:
    lines = ["alpha beta", "gamma", "beta delta"]
    blob = "".join(line + "\n" for line in lines).encode()
    (tmp_path / "search.buckets.npy").write_bytes(b"an older format")  # what an older build left
    index = SearchIndex.load(tmp_path, blob)
    assert list(index.search(b"beta")) == [0, 2]
    assert list(index.search(b"gam")) == [1]


@pytest.mark.parametrize("highest", [40, 70_000])  # row ids that fit 16 bits (a radix sort), and that do not
def test_previous_of_same_row_matches_a_scan(highest: int) -> None:
    rng = np.random.default_rng(5)
    rows = rng.integers(0, highest, size=20_000).astype(np.int32)
    rows[:5] = highest - 1  # the largest id, at the start and repeated
    last: dict[int, int] = {}
    expected = []
    for position, row in enumerate(rows.tolist()):
        expected.append(last.get(row, -1))
        last[row] = position
    assert previous_of_same_row(rows).tolist() == expected
