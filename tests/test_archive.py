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
