"""The runner: one source's failure is recorded and contained; days are written whole or not at all."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import ClassVar

import httpx
import pytest
from pydantic import BaseModel

from collectors import registry
from collectors.http import InvalidResponse
from collectors.models import ForumRow
from collectors.protocol import BaseCollector, CollectContext
from collectors.runner import count_changes
from collectors.validation import Tally, validate_items
from feeds.settings import Shares
from tests.conftest import make_env

DAY1, DAY2, DAY3 = date(2026, 11, 1), date(2026, 11, 2), date(2026, 11, 3)


def post(item_id: str, points: int) -> ForumRow:
    return ForumRow(
        entity=item_id,
        id=item_id,
        title=f"Show HN: thing {item_id}",
        url=None,
        discussion_url=f"https://news.ycombinator.com/item?id={item_id}",
        author="a",
        points=points,
        comments=0,
        matched_terms=["AI"],
        created_at="2026-11-01T00:00:00Z",
    )


class FakeCollector(BaseCollector):
    """Fetches one URL so the network edge is real; what it returns is set by the test."""

    feed: ClassVar[str] = "forum-launch-ai"
    rows: ClassVar[list[ForumRow]] = []
    fail: ClassVar[bool] = False

    async def collect(self, ctx: CollectContext) -> list[ForumRow]:
        data, _ = await ctx.http.get_json("https://hn.example/api")
        if self.fail or not data.get("ok"):
            raise InvalidResponse("upstream said no")
        ctx.progress.update("fetched")
        return list(self.rows)


@pytest.fixture(autouse=True)
def fake_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.COLLECTORS, "forum-launch-ai", f"{__name__}:FakeCollector")
    FakeCollector.rows = []
    FakeCollector.fail = False


def ok(request: httpx.Request) -> httpx.Response:
    return httpx.Response(200, json={"ok": True})


async def test_rows_are_stored_and_counted(env) -> None:
    FakeCollector.rows = [post("1", 5), post("2", 7)]
    first = await env.collect("forum-launch-ai", ok, day=DAY1)
    assert (first.status, first.rows, first.new, first.changed) == ("ok", 2, 2, 0)
    FakeCollector.rows = [post("1", 5), post("2", 9), post("3", 1)]
    second = await env.collect("forum-launch-ai", ok, day=DAY2)
    assert (second.rows, second.new, second.changed) == (3, 1, 1)
    assert env.archive.rows_on("forum-launch-ai", DAY2)["2"]["points"] == 9


async def test_failure_keeps_earlier_days_and_is_logged(env) -> None:
    FakeCollector.rows = [post("1", 5)]
    await env.collect("forum-launch-ai", ok, day=DAY1)
    before = env.archive.rows_on("forum-launch-ai", DAY1)

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("network off")

    record = await env.collect("forum-launch-ai", down, day=DAY2)
    assert record.status == "failed" and "Inaccessible" in (record.error or "")
    assert env.archive.rows_on("forum-launch-ai", DAY1) == before
    assert env.archive.rows_on("forum-launch-ai", DAY2) == {}
    assert env.archive.runs("forum-launch-ai")[0].status == "failed"
    assert env.archive.last_success("forum-launch-ai").day == str(DAY1)


class LookingBackCollector(FakeCollector):
    """Asks for the last snapshots of three entities before collecting; `seen` keeps the answers."""

    seen: ClassVar[list[dict[str, dict]]] = []

    async def collect(self, ctx: CollectContext) -> list[ForumRow]:
        self.seen.append(ctx.last_snapshots(["1", "2", "3"]))
        return await super().collect(ctx)


async def test_every_collector_can_ask_for_its_entities_last_snapshots_across_gaps(env, monkeypatch) -> None:
    monkeypatch.setitem(registry.COLLECTORS, "forum-launch-ai", f"{__name__}:LookingBackCollector")
    LookingBackCollector.seen = []
    FakeCollector.rows = [post("1", 5), post("2", 7)]
    await env.collect("forum-launch-ai", ok, day=DAY1)
    FakeCollector.rows = [post("1", 6)]  # "2" is missing on day 2
    await env.collect("forum-launch-ai", ok, day=DAY2)
    FakeCollector.rows = [post("1", 8), post("2", 9)]
    record = await env.collect("forum-launch-ai", ok, day=DAY3)
    assert record.status == "ok"
    first, _, third = LookingBackCollector.seen
    assert first == {}
    assert {entity: row["points"] for entity, row in third.items()} == {"1": 6, "2": 7}
    # The run log's counts compare with each entity's last snapshot too: "2" is back, not new, and changed.
    assert (record.new, record.changed) == (0, 2)


async def test_run_log_counts_an_entity_back_after_a_gap_against_its_last_snapshot(tmp_path) -> None:
    """Day 1 has "2" and "3", day 2 misses both, day 3 has them again: neither is new; "3" moved since day 1."""
    env = make_env(tmp_path, FEEDS_DRIFT_MIN_ROWS="0")  # day 2 keeps a third of day 1's rows on purpose
    FakeCollector.rows = [post("1", 5), post("2", 7), post("3", 4)]
    await env.collect("forum-launch-ai", ok, day=DAY1)
    FakeCollector.rows = [post("1", 5)]
    await env.collect("forum-launch-ai", ok, day=DAY2)
    FakeCollector.rows = [post("1", 5), post("2", 7), post("3", 11), post("4", 1)]
    record = await env.collect("forum-launch-ai", ok, day=DAY3)
    assert record.status == "ok"
    # "4" is the only one never archived before; "3" changed 4 -> 11 across the gap; "1" and "2" are as they were.
    assert (record.rows, record.new, record.changed) == (4, 1, 1)
    assert "3" not in env.archive.rows_on("forum-launch-ai", DAY2)

    # Re-collecting day 3 counts the same: day 3's own first rows are not "before today".
    again = await env.collect("forum-launch-ai", ok, day=DAY3)
    assert (again.new, again.changed) == (1, 1)


async def test_failed_recollection_keeps_the_days_earlier_content(env) -> None:
    FakeCollector.rows = [post("1", 5)]
    await env.collect("forum-launch-ai", ok, day=DAY1)
    FakeCollector.fail = True
    record = await env.collect("forum-launch-ai", ok, day=DAY1)
    assert record.status == "failed"
    assert env.archive.rows_on("forum-launch-ai", DAY1)["1"]["points"] == 5


async def test_duplicate_entities_keep_the_first_with_a_warning(env) -> None:
    FakeCollector.rows = [post("1", 5), post("1", 6)]
    record = await env.collect("forum-launch-ai", ok, day=DAY1)
    assert record.rows == 1 and record.warnings == 1
    assert env.archive.rows_on("forum-launch-ai", DAY1)["1"]["points"] == 5


async def test_a_broken_collector_module_is_a_failed_run_not_a_crash(env, monkeypatch) -> None:
    monkeypatch.setitem(registry.COLLECTORS, "forum-launch-ai", "collectors.no_such_module:X")
    record = await env.collect("forum-launch-ai", ok, day=DAY1)
    assert record.status == "failed" and "ModuleNotFoundError" in (record.error or "")


def test_count_changes_ignores_volatile_fields() -> None:
    previous = {"a": {"x": 1, "seen": "mon"}, "b": {"x": 2, "seen": "mon"}}
    today = {"a": {"x": 1, "seen": "tue"}, "b": {"x": 3, "seen": "tue"}, "c": {"x": 0, "seen": "tue"}}
    assert count_changes(previous, today, frozenset({"seen"})) == (1, 1)
    assert count_changes(previous, today, frozenset()) == (1, 2)


def test_count_changes_looks_up_only_the_entities_missing_from_the_previous_day() -> None:
    previous = {"a": {"x": 1}, "b": {"x": 2}}
    earlier = {"c": {"x": 3}, "d": {"x": 4}}  # last seen before the previous day
    asked: list[list[str]] = []

    def last_snapshots(entities) -> dict[str, dict]:
        entities = list(entities)
        asked.append(entities)
        return {e: earlier[e] for e in entities if e in earlier}

    today = {"a": {"x": 1}, "b": {"x": 5}, "c": {"x": 3}, "d": {"x": 6}, "e": {"x": 0}}
    assert count_changes(previous, today, frozenset(), last_snapshots) == (1, 2)  # new: e; changed: b, d
    assert asked == [["c", "d", "e"]]
    assert count_changes(previous, {"a": {"x": 1}}, frozenset(), last_snapshots) == (0, 0)
    assert asked == [["c", "d", "e"]]  # nobody missing: no lookup at all


class ItemsCollector(FakeCollector):
    """Validates the upstream's `items` one by one, as every real collector does."""

    async def collect(self, ctx: CollectContext) -> list[ForumRow]:
        data, _ = await ctx.http.get_json("https://hn.example/api")
        return validate_items(ForumRow, data["items"], "items", ctx.tally)


def items(*points: object) -> Callable[[httpx.Request], httpx.Response]:
    """An upstream serving one item per value; a non-int value fails validation, like a changed format."""
    body = {"items": [post(str(i), 0).model_dump() | {"points": p} for i, p in enumerate(points, 1)]}
    return lambda request: httpx.Response(200, json=body)


@pytest.fixture
def items_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.COLLECTORS, "forum-launch-ai", f"{__name__}:ItemsCollector")


@pytest.mark.usefixtures("items_collector")
async def test_one_bad_item_in_many_is_skipped_and_counted_in_the_run_log(env) -> None:
    record = await env.collect("forum-launch-ai", items(*range(19), "n/a"), day=DAY1)
    assert (record.status, record.rows, record.items, record.skipped) == ("ok", 19, 20, 1)
    assert env.archive.runs("forum-launch-ai")[0].skipped == 1
    assert "skipped=1/20" in record.summary()


@pytest.mark.usefixtures("items_collector")
async def test_most_items_failing_validation_fails_the_source_and_keeps_yesterday(env) -> None:
    await env.collect("forum-launch-ai", items(*range(10)), day=DAY1)
    before = env.archive.rows_on("forum-launch-ai", DAY1)
    record = await env.collect("forum-launch-ai", items(1, 2, "x", "y", "z", "w", 7, 8, 9, 10), day=DAY2)
    assert record.status == "failed"
    assert "Drift" in (record.error or "") and "4 of 10 items skipped (40%)" in (record.error or "")
    assert "skipped item 2 (3): points" in (record.error or "")  # the run log names the first validation errors
    assert (record.items, record.skipped) == (10, 4)
    assert env.archive.rows_on("forum-launch-ai", DAY2) == {}
    assert env.archive.rows_on("forum-launch-ai", DAY1) == before
    assert env.archive.last_success("forum-launch-ai").day == str(DAY1)


@pytest.mark.usefixtures("items_collector")
async def test_a_day_with_every_item_invalid_is_never_an_empty_ok_day(env) -> None:
    record = await env.collect("forum-launch-ai", items("a", "b", "c"), day=DAY1)
    assert record.status == "failed" and (record.items, record.skipped) == (3, 3)
    assert env.archive.days("forum-launch-ai") == []


async def test_rows_falling_below_the_share_of_the_last_day_fail_the_source(env, tmp_path) -> None:
    FakeCollector.rows = [post(str(i), 1) for i in range(10)]
    await env.collect("forum-launch-ai", ok, day=DAY1)
    FakeCollector.rows = [post(str(i), 1) for i in range(4)]
    record = await env.collect("forum-launch-ai", ok, day=DAY2)
    assert record.status == "failed" and "4 rows, fewer than 50% of the last archived day's 10" in (record.error or "")
    assert env.archive.rows_on("forum-launch-ai", DAY2) == {}

    # The threshold is a setting, per source where one must differ.
    lenient = make_env(tmp_path / "lenient", FEEDS_DRIFT_MIN_ROWS="0.5,forum-launch-ai=0.3")
    FakeCollector.rows = [post(str(i), 1) for i in range(10)]
    await lenient.collect("forum-launch-ai", ok, day=DAY1)
    FakeCollector.rows = [post(str(i), 1) for i in range(4)]
    assert (await lenient.collect("forum-launch-ai", ok, day=DAY2)).status == "ok"
    lenient.archive.close()
    lenient.state.close()


async def test_a_collection_with_no_rows_fails(env) -> None:
    record = await env.collect("forum-launch-ai", ok, day=DAY1)
    assert record.status == "failed" and "no rows" in (record.error or "")


class ExtraFields(BaseModel):
    """A narrow upstream model that documents the upstream fields it does not read."""

    UPSTREAM_FIELDS: ClassVar[frozenset[str]] = frozenset({"documented"})
    id: str


def test_unknown_upstream_fields_are_counted_never_fatal() -> None:
    tally = Tally()
    raw = [{"id": "1", "documented": 1, "brand_new": 2}, {"id": "2", "brand_new": 3, "other": 4}, {"id": "3"}]
    assert [item.id for item in validate_items(ExtraFields, raw, "items", tally)] == ["1", "2", "3"]
    assert (tally.seen, tally.skipped, tally.new_fields()) == (3, 0, "brand_new(2), other(1)")


def test_the_share_setting_reads_a_default_and_per_source_values() -> None:
    shares = Shares("0.1, forum-launch-ai=0.25")
    assert (shares.of("forum-launch-ai"), shares.of("mcp-servers")) == (0.25, 0.1)
    for bad in ("1.5", "x", "0.1,forum", "0.1,=0.2"):
        with pytest.raises(ValueError):
            Shares(bad)
