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
        "c/d": {"entity": "c/d", "stars": 6},
        "e/f": {"entity": "e/f", "stars": 7},
    }
    assert archive.latest_rows("f", "2026-11-01", ["a/b"]) == {}
    assert archive.latest_rows("f", "2026-11-03", []) == {}


def test_latest_rows_reads_only_the_days_it_needs(tmp_path, monkeypatch) -> None:
    archive = Archive(tmp_path / "a.sqlite")
    for n in range(1, 8):
        archive.replace_day("f", f"2026-11-0{n}", rows(("a/b", n), ("c/d", 10 * n)))
    read: list[tuple[str, tuple[str, ...]]] = []
    original = archive.files.read

    def spy(feed, day, columns):
        read.append((day, tuple(columns)))
        return original(feed, day, columns)

    monkeypatch.setattr(archive.files, "read", spy)
    assert archive.latest_rows("f", "2026-11-07", ["a/b", "c/d"]) == {
        "a/b": {"entity": "a/b", "stars": 6},
        "c/d": {"entity": "c/d", "stars": 60},
    }
    # Every entity is on the latest day before 2026-11-07: one day read, never the whole feed.
    assert read == [("2026-11-06", ("entity",)), ("2026-11-06", ("data",))]


def test_a_crash_mid_write_leaves_the_previous_file(tmp_path, monkeypatch) -> None:
    import pyarrow.parquet as pq

    from collectors import columnar

    archive = Archive(tmp_path / "a.sqlite")
    archive.replace_day("f", "2026-11-01", rows(("a/b", 1)))
    before = archive.files.path("f", "2026-11-01").read_bytes()
    write_table = pq.write_table

    def dies_half_way(table, where, **kwargs):
        write_table(table.slice(0, 1), where, **kwargs)  # a file on disk, under the temporary name
        raise OSError("disk full")

    monkeypatch.setattr(columnar.pq, "write_table", dies_half_way)
    with pytest.raises(OSError, match="disk full"):
        archive.replace_day("f", "2026-11-01", rows(("x/y", 7), ("z/z", 8)))
    monkeypatch.undo()
    assert archive.files.path("f", "2026-11-01").read_bytes() == before
    assert archive.rows_on("f", "2026-11-01") == {"a/b": {"entity": "a/b", "stars": 1}}
    assert sorted(p.name for p in (tmp_path / "a" / "f").iterdir()) == ["2026-11-01.parquet"]  # no temporary left

    monkeypatch.setattr(columnar.os, "replace", lambda *_: (_ for _ in ()).throw(OSError("power cut")))
    with pytest.raises(OSError, match="power cut"):
        archive.replace_day("f", "2026-11-01", rows(("x/y", 7)))
    monkeypatch.undo()
    assert archive.rows_on("f", "2026-11-01") == {"a/b": {"entity": "a/b", "stars": 1}}
    assert archive.days("f") == ["2026-11-01"]


def test_rows_are_stored_sorted_with_typed_columns_and_one_entity_once(tmp_path) -> None:
    import pyarrow.parquet as pq

    archive = Archive(tmp_path / "a.sqlite")
    feed = "codehost-ai-repos"
    data = [
        ("z/z", {"entity": "z/z", "stars": 5, "forks": 1, "open_issues": None, "created_at": "2026-01-01T00:00:00Z"}),
        ("a/a", {"entity": "a/a", "stars": 7, "forks": 2, "open_issues": 3, "pushed_at": "2026-02-01T00:00:00Z"}),
    ]
    assert archive.replace_day(feed, "2026-11-01", [(e, orjson.dumps(r)) for e, r in data]) == 2
    table = pq.read_table(archive.files.path(feed, "2026-11-01"))
    assert table.column("entity").to_pylist() == ["a/a", "z/z"]
    assert table.column("stars").to_pylist() == [7.0, 5.0] and table.column("open_issues").to_pylist() == [3.0, None]
    assert table.column("activity").to_pylist() == [1769904000.0, 1767225600.0]
    assert archive.files.signatures(feed, "2026-11-01") == {
        "stars:number:1",
        "forks:number:1",
        "open_issues:number:1",
        "activity:number:1",
    }
    with pytest.raises(ValueError, match="twice"):
        archive.replace_day(feed, "2026-11-02", [("a/a", b"{}"), ("a/a", b"{}")])
    assert archive.days(feed) == ["2026-11-01"]
    archive.replace_day(feed, "2026-11-01", [])  # a day re-collected empty has no rows, like before
    assert archive.days(feed) == [] and archive.count(feed) == 0


def test_the_build_reads_the_same_series_from_typed_columns_and_from_the_rows(tmp_path) -> None:
    """A file without typed columns (written before they existed, or with a value that does not fit) is
    read from its rows: the matrices are the same either way."""
    from build.series import load_series
    from collectors.columnar import day_table
    from collectors.models import FEED_NAMES
    from tests.series_check import assert_same_series
    from tests.tiny_archive import make_tiny_archive

    archive = make_tiny_archive(tmp_path / "a.sqlite")
    typed = {feed: load_series(archive, feed) for feed in FEED_NAMES}
    for feed in FEED_NAMES:
        for day in archive.days(feed)[::2]:
            table = day_table(feed, list(archive.raw_rows_on(feed, day))).select(["entity", "data"])
            table = table.replace_schema_metadata(None)
            archive.files.write(feed, day, table)
    for feed in FEED_NAMES:
        assert_same_series(typed[feed], load_series(archive, feed))
