import time
from pathlib import Path

from collectors.state import StateStore
from server.demand import DemandRecorder
from server.site import ByteBudgetCache, Site


def test_cache_is_bounded_by_bytes_and_evicts_oldest_first() -> None:
    cache: ByteBudgetCache[bytes] = ByteBudgetCache(800, len)
    for n in range(12):
        cache.put(f"q={n}", bytes(100))
    assert list(cache.items) == [f"q={n}" for n in range(4, 12)]
    assert cache.size == 800
    cache.put("big", bytes(101))  # over an eighth of the budget: never kept
    assert cache.get("big") is None
    assert cache.get("q=11") == bytes(100)


def test_recent_files_are_kept_but_absent_files_are_not(tmp_path: Path) -> None:
    (tmp_path / "history").mkdir()
    (tmp_path / "history" / "a.jsonl").write_bytes(b"first\n")
    site = Site(tmp_path, "b1", {}, {})
    assert site.file("history/a.jsonl") == b"first\n"
    (tmp_path / "history" / "a.jsonl").write_bytes(b"changed on disk\n")  # a build never changes: no re-read
    assert site.file("history/a.jsonl") == b"first\n"
    for n in range(50):
        assert site.file(f"history/missing-{n}.jsonl") is None
    assert list(site.recent.items) == ["history/a.jsonl"]


def test_demand_counted_before_midnight_goes_to_that_day(tmp_path: Path) -> None:
    recorder = DemandRecorder(tmp_path / "state.sqlite")
    recorder.add("mcp-servers", "io.github.a/b")
    recorder.day, recorder.day_ends = "2026-11-21", time.time() - 1  # as if the clock just passed midnight
    recorder.add("mcp-servers", "io.github.a/b")
    recorder.flush()
    state = StateStore(tmp_path / "state.sqlite")
    try:
        today = recorder.day
        assert today != "2026-11-21"
        assert state.demand_between("2026-11-21", "2026-11-21") == {("mcp-servers", "io.github.a/b"): 1}
        assert state.demand_between(today, today) == {("mcp-servers", "io.github.a/b"): 1}
    finally:
        state.close()
