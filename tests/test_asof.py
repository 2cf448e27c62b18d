"""GET /api/v1/{feed}/asof on a real server: the row in force on a day, its snapshot's hash, the fallback to the
last archived day before, the plan's depth, the history quota, and the refusals.

The world is the tiny archive (tests/tiny_archive.py: four days, 2026-11-01..04; codehost's 11-03 and
llm-pricing's 11-04 failed) plus one older codehost day, 2026-09-01, holding only `old/gone`, so an entity last
archived before a Starter key's depth exists.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from collectors.archive import Archive
from collectors.columnar import DayFiles, checksum, day_table
from collectors.models import FEEDS
from feeds.site_build import build_site
from server import schemas
from server.asof import AsOfArchive
from server.contract import API
from server.errors import CODES
from tests.live import LIMITS, LiveServer, start_live_server, stop
from tests.tiny_archive import repo

CODEHOST = "codehost-ai-repos"
ASOF = f"{API}/{CODEHOST}/asof"
OLD_DAY = "2026-09-01"


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    server = start_live_server(tmp_path_factory.mktemp("asof"))
    try:
        with Archive(server.settings.archive_path) as archive:
            gone = repo("old/gone", 7, 0)
            archive.replace_day(CODEHOST, OLD_DAY, [(gone.entity, orjson.dumps(gone.model_dump(mode="json")))])
        before = httpx.get(f"{server.base_url}/healthz").json()["build"]
        build_site(server.settings, now=datetime(2026, 11, 4, 12, tzinfo=UTC), quiet=True)
        deadline = time.monotonic() + 20  # the server swaps in the new build within a second or two
        while httpx.get(f"{server.base_url}/healthz").json()["build"] == before:
            assert time.monotonic() < deadline, "the new build was not picked up"
            time.sleep(0.2)
        time.sleep(2.5)  # each of the two workers swaps on its own, within a second of the other
        yield server
    finally:
        stop(server.process)
        server.log.close()


def problem(response: httpx.Response, status: int, code: str, parameter: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    body = response.json()
    assert body["code"] == code and code in CODES, body
    if parameter is not None:
        assert body.get("parameter") == parameter, body
    return body


def asof(http: httpx.Client, entity: str, day: str, feed: str = CODEHOST) -> httpx.Response:
    return http.get(f"{API}/{feed}/asof", params={"entity": entity, "date": day})


def archived(live: LiveServer, feed: str, day: str) -> list[tuple[str, bytes]]:
    return DayFiles(Path(live.settings.archive_path).with_suffix("")).pairs(feed, day)


def test_two_days_give_the_two_rows_in_force_with_their_snapshot_hashes(live: LiveServer) -> None:
    with live.client(live.key("pro")) as http:
        first, second = asof(http, "acme/agent-kit", "2026-11-01"), asof(http, "acme/agent-kit", "2026-11-02")
        cheaper = asof(http, "lab/big-model", "2026-11-03", "llm-pricing")
        dearer = asof(http, "lab/big-model", "2026-11-01", "llm-pricing")
    for response in (first, second, cheaper, dearer):
        assert response.status_code == 200, response.text
        schemas.AnyAsOfResponse.model_validate_json(response.content)  # the documented model, exactly
    a, b = first.json(), second.json()
    assert (a["date"], a["observedOn"], a["row"]["stars"]) == ("2026-11-01", "2026-11-01", 100)
    assert (b["date"], b["observedOn"], b["row"]["stars"]) == ("2026-11-02", "2026-11-02", 130)
    assert a["source"] == FEEDS[CODEHOST].source and a["feed"] == CODEHOST and a["entity"] == "acme/agent-kit"
    # the row is the archived bytes, unchanged; the hash is the whole day's content hash, as `verify` computes it
    for body, day in ((a, "2026-11-01"), (b, "2026-11-02")):
        pairs = archived(live, CODEHOST, day)
        assert body["snapshotHash"] == checksum(pairs) and body["snapshotRows"] == len(pairs)
        assert orjson.dumps(body["row"]) == dict(pairs)["acme/agent-kit"]
    assert a["snapshotHash"] != b["snapshotHash"]
    # "cost past usage at the price then in force": the price cut of 11-03 shows from that day on only
    assert dearer.json()["row"]["price_input_per_1m"] == 3.0
    assert cheaper.json()["row"]["price_input_per_1m"] == 2.0
    assert dearer.json()["source"] == FEEDS["llm-pricing"].source


def test_a_day_without_the_entity_falls_back_to_the_last_archived_day_before(live: LiveServer) -> None:
    with live.client(live.key("pro")) as http:
        failed_day = asof(http, "acme/agent-kit", "2026-11-03")  # codehost's collection failed that day
        llm_failed = asof(http, "lab/big-model", "2026-11-04", "llm-pricing")
        after_latest = asof(http, "acme/agent-kit", "2026-11-10")  # after the latest archived day, before today
        gone = asof(http, "old/gone", "2026-11-02")  # last archived long before
        exact = asof(http, "acme/agent-kit", "2026-11-04")
    assert (failed_day.json()["date"], failed_day.json()["observedOn"]) == ("2026-11-03", "2026-11-02")
    assert failed_day.json()["row"]["stars"] == 130
    assert failed_day.json()["snapshotHash"] == checksum(archived(live, CODEHOST, "2026-11-02"))
    assert llm_failed.json()["observedOn"] == "2026-11-03"
    assert (after_latest.json()["observedOn"], after_latest.json()["row"]["stars"]) == ("2026-11-04", 190)
    assert (gone.json()["observedOn"], gone.json()["row"]["stars"]) == (OLD_DAY, 7)
    assert gone.json()["snapshotRows"] == 1
    assert exact.json()["observedOn"] == "2026-11-04"


def test_the_plans_depth_is_that_of_history(live: LiveServer) -> None:
    with live.client(live.key("starter")) as starter, live.client(live.key("pro")) as pro:
        # Starter sees the last 30 days up to the latest archived day (2026-11-04): from 2026-10-06
        problem(asof(starter, "acme/agent-kit", "2026-10-05"), 400, "outside_plan_depth", "date")
        problem(asof(starter, "acme/agent-kit", OLD_DAY), 400, "outside_plan_depth", "date")
        # a day inside the depth whose row would come from before it is refused too
        refused = problem(asof(starter, "old/gone", "2026-11-02"), 400, "outside_plan_depth", "date")
        assert "2026-10-06" in refused["detail"]
        assert asof(starter, "acme/agent-kit", "2026-10-06").status_code == 404  # inside: before its first day
        assert asof(starter, "acme/agent-kit", "2026-11-02").json()["row"]["stars"] == 130
        # Pro sees the whole archive: before the entity's first archived day is a 404, not a depth refusal
        problem(asof(pro, "acme/agent-kit", "2026-10-05"), 404, "not_found")
        problem(asof(pro, "new/shiny-mcp", "2026-11-01"), 404, "not_found")  # first archived on 11-02
        assert asof(pro, "old/gone", OLD_DAY).status_code == 200


def test_it_counts_as_a_history_call(live: LiveServer) -> None:
    cap = int(LIMITS["FEEDS_STARTER_DAILY_HISTORY"])
    with live.client(live.key("starter")) as http:
        remaining = None
        for i in range(cap):
            response = (
                asof(http, "acme/agent-kit", f"2026-11-0{1 + i % 4}")
                if i % 2
                else http.get(f"{API}/{CODEHOST}/history", params={"entity": "acme/agent-kit"})
            )
            assert response.status_code == 200, (i, response.text)
            left = int(response.headers["x-ratelimit-remaining"])
            assert remaining is None or left == remaining - 1  # one request of the monthly quota each
            remaining = left
        for refused in (
            asof(http, "acme/agent-kit", "2026-11-02"),
            http.get(f"{API}/{CODEHOST}/history", params={"entity": "acme/agent-kit"}),
        ):
            problem(refused, 429, "daily_history_limit")
            midnight = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)
            assert math.isclose(int(refused.headers["retry-after"]), (midnight - datetime.now(UTC)).seconds, abs_tol=5)
        assert http.get(f"{API}/{CODEHOST}", params={"limit": 1}).status_code == 200  # feeds are not capped by it


def test_bad_dates_and_entities_are_refused(live: LiveServer) -> None:
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).date().isoformat()
    with live.client(live.key("pro")) as http:
        problem(http.get(ASOF, params={"entity": "acme/agent-kit"}), 400, "bad_request", "date")
        problem(http.get(ASOF, params={"date": "2026-11-02"}), 400, "bad_request", "entity")
        for bad in ("2026-13-01", "2026-11-1", "yesterday", "2026-11-02T00:00:00Z", ""):
            problem(asof(http, "acme/agent-kit", bad), 400, "bad_request", "date")
        future = problem(asof(http, "acme/agent-kit", tomorrow), 400, "bad_request", "date")
        assert "future" in future["detail"]
        unknown = problem(asof(http, "nobody/nothing", "2026-11-02"), 404, "not_found")
        assert "owner/repo" in unknown["detail"]
        problem(asof(http, "Acme/Agent-Kit", "2026-11-02"), 404, "not_found")  # exact keys, as on /entity
        problem(http.get(f"{API}/no-such-feed/asof", params={"entity": "a", "date": "2026-11-02"}), 404, "not_found")
    with httpx.Client(base_url=live.base_url) as anonymous:
        problem(anonymous.get(ASOF, params={"entity": "acme/agent-kit", "date": "2026-11-02"}), 401, "unauthorized")


def test_an_answer_is_cached_by_the_client_and_the_server(live: LiveServer) -> None:
    with live.client(live.key("pro")) as http:
        first = asof(http, "bob/mcp-lite", "2026-11-02")
        again = asof(http, "bob/mcp-lite", "2026-11-02")  # from the worker's answer cache, or read again
        assert first.status_code == again.status_code == 200 and first.content == again.content
        query = {"entity": "bob/mcp-lite", "date": "2026-11-02"}
        revalidated = http.get(ASOF, params=query, headers={"If-None-Match": first.headers["etag"]})
        assert revalidated.status_code == 304 and revalidated.headers["x-ratelimit-remaining"]
        assert first.headers["cache-control"].startswith("private")


def test_a_day_file_without_a_stored_checksum_is_hashed_the_same(tmp_path: Path) -> None:
    """Files written before footers carried the checksum: the reader computes the same hash, and `migrate`
    rewrites them with it."""
    from collectors.cli_archive import migrate, verify

    archive = Archive(tmp_path / "archive.sqlite")
    rows = [("b/b", b'{"entity":"b/b"}'), ("a/a", b'{"entity":"a/a"}')]
    archive.replace_day(CODEHOST, "2026-11-01", rows)
    assert archive.files.stored_checksum(CODEHOST, "2026-11-01") == checksum(rows)
    archive.files.write(CODEHOST, "2026-11-01", day_table(CODEHOST, rows).replace_schema_metadata(None))
    assert archive.files.stored_checksum(CODEHOST, "2026-11-01") is None
    reader = AsOfArchive(archive.files.root)
    found = reader.snapshot(CODEHOST, "a/a", ["2026-11-01"])
    assert found is not None and (found.row, found.rows, found.sha256) == (b'{"entity":"a/a"}', 2, checksum(rows))
    assert reader.snapshot(CODEHOST, "c/c", ["2026-11-01"]) is None
    archive.close()
    said: list[str] = []
    assert migrate(tmp_path / "archive.sqlite", said.append) == 0
    assert any("rewrote 1 day files" in line for line in said), said
    assert DayFiles(archive.files.root).stored_checksum(CODEHOST, "2026-11-01") == checksum(rows)
    assert verify(tmp_path / "archive.sqlite", said.append) == 0
