import gc
import time
import weakref
from datetime import date
from pathlib import Path

import orjson

from collectors.state import StateStore
from server.demand import DemandRecorder
from server.site import ByteBudgetCache, Site, load_site

GOLDEN = Path(__file__).parent / "golden" / "tree"


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


def test_a_replaced_site_is_freed_by_reference_counting_alone() -> None:
    """The server freezes each loaded site for the cycle collector (`server.site.keep`); that only
    frees the old one on a new build if nothing in a site refers back to it in a cycle."""
    gc.disable()
    try:
        site = load_site(GOLDEN)
        assert site is not None
        data = site.feeds["llm-pricing"]
        assert data.matching("a", None, 0, 10)[0] > 0  # fill the caches as requests do
        data.pages.put("q=a", b"{}")
        data.histories.put("pro|entity=x", (b"{}", "x"))
        history = next((GOLDEN / "api" / "history" / "llm-pricing").rglob("*.jsonl")).relative_to(GOLDEN)
        assert site.file(history.as_posix())
        entity = orjson.loads(data.rows[0])["entity"]
        assert site.history("llm-pricing", entity, date(2026, 10, 1), date(2026, 11, 30))  # index and range kept
        assert site.pages_index
        refs = [weakref.ref(site), weakref.ref(data), weakref.ref(data.index)]
        del site, data
        assert [ref() for ref in refs] == [None, None, None]
    finally:
        gc.enable()
