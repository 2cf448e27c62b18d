import gc
import time
import weakref
from datetime import date
from pathlib import Path

import orjson

from build.packs import Packs
from collectors.demand_log import open_demand_log
from feeds.settings import Settings
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
    site = Site(tmp_path, "b1", {}, {}, Packs(tmp_path))
    assert site.file("history/a.jsonl") == b"first\n"
    (tmp_path / "history" / "a.jsonl").write_bytes(b"changed on disk\n")  # a build never changes: no re-read
    assert site.file("history/a.jsonl") == b"first\n"
    for n in range(50):
        assert site.file(f"history/missing-{n}.jsonl") is None
    assert list(site.recent.items) == ["history/a.jsonl"]


def test_demand_counted_before_midnight_goes_to_that_day(tmp_path: Path, backend_env: dict[str, str]) -> None:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path), **backend_env})
    recorder = DemandRecorder(open_demand_log(settings))
    recorder.add("mcp-servers", "io.github.a/b")
    recorder.day, recorder.day_ends = "2026-11-21", time.time() - 1  # as if the clock just passed midnight
    recorder.add("mcp-servers", "io.github.a/b")
    recorder.flush()
    log = open_demand_log(settings)  # what the build reads, from another connection
    try:
        today = recorder.day
        assert today != "2026-11-21"
        assert log.between("2026-11-21", "2026-11-21") == {("mcp-servers", "io.github.a/b"): 1}
        assert log.between(today, today) == {("mcp-servers", "io.github.a/b"): 1}
        assert log.between("2026-11-20", today) == {("mcp-servers", "io.github.a/b"): 2}
    finally:
        log.close()
        recorder.close()


def test_demand_a_flush_without_its_store_keeps_the_counts(tmp_path: Path) -> None:
    """Redis stopped: the counts wait in memory, and go out with the first flush after it is back."""
    from tests.redis_server import RedisServer

    own = RedisServer(tmp_path / "redis")
    (tmp_path / "redis").mkdir()
    own.start()
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path), "FEEDS_REDIS_URL": own.url})
    recorder = DemandRecorder(open_demand_log(settings))
    try:
        recorder.add("mcp-servers", "io.github.a/b")
        own.stop()
        recorder.flush()  # fails quietly: nothing lost
        recorder.add("mcp-servers", "io.github.a/b")
        own.start()
        time.sleep(0.6)  # past the pause after a failure
        recorder.flush()
        log = open_demand_log(settings)
        assert log.between(recorder.day, recorder.day) == {("mcp-servers", "io.github.a/b"): 2}
        log.close()
    finally:
        recorder.close()
        own.stop()


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
