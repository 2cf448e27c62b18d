import orjson
import pytest

from collectors.archive import Archive, RunRecord


def rows(*pairs: tuple[str, int]) -> list[tuple[str, bytes]]:
    return [(entity, orjson.dumps({"entity": entity, "stars": stars})) for entity, stars in pairs]


def test_recollecting_a_day_replaces_it_and_is_idempotent(tmp_path) -> None:
    archive = Archive(tmp_path / "a.sqlite")
    archive.replace_day("f", "2026-11-01", rows(("a/b", 1), ("c/d", 2)))
    archive.replace_day("f", "2026-11-02", rows(("a/b", 3)))
    archive.replace_day("f", "2026-11-02", rows(("a/b", 4), ("e/f", 5)))
    archive.replace_day("f", "2026-11-02", rows(("a/b", 4), ("e/f", 5)))
    assert archive.rows_on("f", "2026-11-02") == {
        "a/b": {"entity": "a/b", "stars": 4},
        "e/f": {"entity": "e/f", "stars": 5},
    }
    assert archive.rows_on("f", "2026-11-01")["c/d"]["stars"] == 2
    assert archive.days("f") == ["2026-11-01", "2026-11-02"]
    assert archive.latest_day("f", before="2026-11-02") == "2026-11-01"
    assert [d for d, _ in archive.entity_series("f", "a/b")] == ["2026-11-01", "2026-11-02"]


def test_a_failing_write_leaves_the_day_as_it_was(tmp_path) -> None:
    archive = Archive(tmp_path / "a.sqlite")
    archive.replace_day("f", "2026-11-01", rows(("a/b", 1)))

    def broken():
        yield ("x/y", b"{}")
        raise RuntimeError("source died mid-stream")

    with pytest.raises(RuntimeError):
        archive.replace_day("f", "2026-11-01", broken())
    assert archive.rows_on("f", "2026-11-01") == {"a/b": {"entity": "a/b", "stars": 1}}


def test_run_log_and_last_success(tmp_path) -> None:
    archive = Archive(tmp_path / "a.sqlite")
    ok = RunRecord("f", "2026-11-01", "ok", 2, 2, 0, 0, "2026-11-01T01:00:00Z", 1.5)
    bad = RunRecord("f", "2026-11-02", "failed", 0, 0, 0, 0, "2026-11-02T01:00:00Z", 0.2, "Inaccessible: x")
    archive.log_run(ok)
    archive.log_run(bad)
    assert archive.runs("f")[0] == bad
    assert archive.last_success("f") == ok
    assert "FAILED" in bad.summary() and "earlier days kept" in bad.summary()


def test_latest_rows_gives_each_entity_its_last_row_before_a_day_across_gaps(tmp_path) -> None:
    archive = Archive(tmp_path / "a.sqlite")
    archive.replace_day("f", "2026-11-01", rows(("a/b", 1), ("c/d", 2)))
    archive.replace_day("f", "2026-11-02", rows(("a/b", 3)))  # c/d missing that day
    archive.replace_day("f", "2026-11-03", rows(("a/b", 5), ("c/d", 6), ("e/f", 7)))
    archive.replace_day("g", "2026-11-02", rows(("c/d", 99)))  # another feed never leaks in

    latest = archive.latest_rows("f", "2026-11-03", ["a/b", "c/d", "e/f", "x/y", "a/b"])
    assert latest == {"a/b": {"entity": "a/b", "stars": 3}, "c/d": {"entity": "c/d", "stars": 2}}
    assert archive.latest_rows("f", "2026-11-04", ["c/d", "e/f"]) == {
        "c/d": {"entity": "c/d", "stars": 6}, "e/f": {"entity": "e/f", "stars": 7},
    }
    assert archive.latest_rows("f", "2026-11-01", ["a/b"]) == {}
    assert archive.latest_rows("f", "2026-11-03", []) == {}


def test_latest_rows_seeks_per_entity_instead_of_scanning_the_feed(tmp_path) -> None:
    from collectors.archive import LATEST_ROWS

    archive = Archive(tmp_path / "a.sqlite")
    plan = [row[3] for row in archive.db.execute(f"EXPLAIN QUERY PLAN {LATEST_ROWS}", ('["a/b"]', "f", "2026-11-03"))]
    # The outer loop walks the entities asked for; each is two seeks, never a range over the whole feed.
    assert plan[0].startswith("SCAN e VIRTUAL TABLE"), plan
    assert "SEARCH r USING PRIMARY KEY (feed=? AND day=? AND entity=?)" in plan, plan
    assert "SEARCH rows USING COVERING INDEX rows_by_entity (feed=? AND entity=? AND day<?)" in plan, plan
    assert not [step for step in plan[1:] if step.startswith("SCAN")], plan
