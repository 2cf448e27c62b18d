"""`FeedData.matching` (q + since + offset/limit) against a brute-force filter of the same rows,
on a feed big enough for every result shape: empty, a handful (a list) and many (an array)."""

import itertools
import random

import orjson
import pytest

from build.search_index import SearchIndex, build_index
from server.site import FeedData


def feed(count: int, seed: int) -> tuple[FeedData, list[dict[str, str]]]:
    rng = random.Random(seed)
    words = ["agent", "mcp", "server", "llm", "tool", "rag", "vector", "chat"]
    rows = []
    for i in range(count):
        text = " ".join(rng.choice(words) for _ in range(rng.randint(1, 6)))
        day = f"2026-{rng.randint(1, 11):02d}-{rng.randint(1, 28):02d}T00:00:00Z"
        rows.append({"entity": f"owner/repo-{i}", "description": text, "createdAt": day})
    rows.sort(key=lambda r: r["createdAt"], reverse=True)  # newest first, as the build writes them
    lines = [f"{r['entity']}\x1f{r['description']}\x1f{r['createdAt'].lower()}" for r in rows]
    blob = "".join(line + "\n" for line in lines).encode()
    data = FeedData(
        name="codehost-ai-repos",
        meta={},
        rows=[orjson.dumps(r) for r in rows],
        since_asc=[r["createdAt"] for r in reversed(rows)],
        index=SearchIndex(blob, build_index(blob)),
        by_entity={r["entity"]: i for i, r in enumerate(rows)},
    )
    return data, rows


@pytest.mark.parametrize("seed", [1, 2])
def test_matching_equals_a_brute_force_filter(seed: int) -> None:
    data, rows = feed(2000, seed)
    rng = random.Random(seed)
    needles = ["agent", "a", "mcp server", "repo-1", "repo-19", "zzz", "chat tool", "-11-", "t00", "owner/repo-7"]
    needles += ["repo-123", "repo-1999"]  # a handful of occurrences: the list path
    sinces = [None, "2026-03-01T00:00:00Z", "2026-10-15T00:00:00Z", "2027-01-01T00:00:00Z"]
    for needle, since in itertools.product(needles, sinces):
        offset, limit = rng.choice([0, 0, 3, 150]), rng.choice([1, 10, 100, 1000])
        expected = [
            r
            for r in rows
            if needle in f"{r['entity']}\x1f{r['description']}\x1f{r['createdAt'].lower()}"
            and (since is None or r["createdAt"] >= since)
        ]
        total, page = data.matching(needle, since, offset, limit)
        assert total == len(expected), (needle, since)
        assert [orjson.loads(row)["entity"] for row in page] == [r["entity"] for r in expected[offset : offset + limit]]
