"""The data licence: the `licence` plan, `GET /api/v1/export` and `GET /api/v1/export/<feed>`, and history as CSV.

Against a real server (tests/live.py, the tiny archive, 2 workers): downloads are read back with pyarrow and
the csv module and compared with the archive's own rows; resuming with `Range`, conditional requests, the
403 of the other plans and how exports are counted. The building blocks (ranges, the digest cache, the
cache's eviction) are tested in-process below.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pyarrow.parquet as pq
import pytest

from collectors.archive import Archive
from collectors.models import FEED_NAMES
from feeds.cli import main
from feeds.settings import Settings
from server.errors import ApiError
from server.export import archive_root, digests_for, ensure_built, evict, listing, plan_export
from server.export_routes import byte_range
from server.keys import KeyStore
from server.plans import PLAN_NAMES, plans
from server.schemas import ExportList
from tests.live import LiveServer, live_server_fixture
from tests.tiny_archive import DAYS, make_tiny_archive

API = "/api/v1"
LICENCE_DAILY_HISTORY = 3
"""Small, so that exports past it prove they do not count toward the daily history cap."""


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    env = {"FEEDS_LICENCE_DAILY_HISTORY": str(LICENCE_DAILY_HISTORY), "FEEDS_LICENCE_MONTHLY": "1000"}
    yield from live_server_fixture(tmp_path_factory.mktemp("export"), env)


@pytest.fixture(scope="module")
def licence(live: LiveServer) -> str:
    return live.key("licence", "licensee")


def archive_of(server: LiveServer) -> Archive:
    return Archive(server.settings.archive_path)


def problem(response: httpx.Response, status: int, code: str, parameter: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text[:500]
    assert response.headers["content-type"] == "application/problem+json"
    body: dict[str, Any] = response.json()
    assert body["code"] == code and body["status"] == status, body
    if parameter is not None:
        assert body.get("parameter") == parameter, body
    return body


def archived(server: LiveServer, feed: str, days: list[str] | None = None) -> list[tuple[str, str, bytes]]:
    """(day, entity, data) of every archived row, in day then entity order."""
    archive = archive_of(server)
    try:
        return [
            (day, entity, data)
            for day in (days if days is not None else archive.days(feed))
            for entity, data in archive.raw_rows_on(feed, day)
        ]
    finally:
        archive.close()


# -- the plan ---------------------------------------------------------------------------------------------


def test_the_licence_plan_has_pros_limits_plus_export() -> None:
    assert PLAN_NAMES == ("starter", "pro", "licence")
    by_name = plans(Settings(env={}))
    pro, licence = by_name["pro"], by_name["licence"]
    assert (licence.monthly_requests, licence.daily_history, licence.watches, licence.history_days) == (
        pro.monthly_requests,
        pro.daily_history,
        pro.watches,
        pro.history_days,
    )
    assert licence.export and not pro.export and not by_name["starter"].export
    changed = plans(Settings(env={"FEEDS_LICENCE_MONTHLY": "7", "FEEDS_LICENCE_WATCHES": "2"}))["licence"]
    assert (changed.monthly_requests, changed.watches) == (7, 2)


def test_feeds_keys_create_plan_licence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> None:
    monkeypatch.setenv("FEEDS_DATA_DIR", str(tmp_path / "var"))
    # A state store created before the plan existed takes the new plan as it is (no constraint on names).
    KeyStore(tmp_path / "var" / "state.sqlite").create("pro")
    assert main(["keys", "create", "--plan", "licence", "--name", "acme"]) == 0
    secret = capsys.readouterr().out.rstrip("\n").split("\n")[-1]
    store = KeyStore(tmp_path / "var" / "state.sqlite")
    try:
        key = store.authenticate(secret)
        assert key is not None and key.plan == "licence"
    finally:
        store.close()
    assert main(["keys", "list"]) == 0
    assert "licence" in capsys.readouterr().out


# -- listing ----------------------------------------------------------------------------------------------


def test_the_listing_names_every_days_file_size_and_sha256(live: LiveServer, licence: str) -> None:
    with live.client(licence) as http:
        response = http.get(f"{API}/export")
    assert response.status_code == 200, response.text
    assert response.headers["cache-control"] == "no-store" and "etag" not in response.headers
    body = response.json()
    ExportList.model_validate(body)
    assert body["formats"] == ["parquet", "csv"]
    assert [f["feed"] for f in body["feeds"]] == list(FEED_NAMES)
    root = archive_root(live.settings)
    for entry in body["feeds"]:
        files = sorted((root / entry["feed"]).glob("*.parquet"))
        assert [f["file"] for f in entry["files"]] == [f"{entry['feed']}/{p.name}" for p in files]
        for listed, path in zip(entry["files"], files, strict=True):
            assert listed["day"] == path.stem
            assert listed["bytes"] == path.stat().st_size
            assert listed["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
            assert listed["rows"] == pq.read_metadata(path).num_rows
        assert entry["days"] == len(files) and entry["bytes"] == sum(p.stat().st_size for p in files)
        assert (entry["from"], entry["to"]) == (files[0].stem, files[-1].stem)
    codehost = next(f for f in body["feeds"] if f["feed"] == "codehost-ai-repos")
    assert [f["day"] for f in codehost["files"]] == [DAYS[0], DAYS[1], DAYS[3]]  # day 3 failed: a gap


# -- downloads --------------------------------------------------------------------------------------------


def test_parquet_download_holds_the_archives_rows(live: LiveServer, licence: str) -> None:
    feed = "codehost-ai-repos"
    with live.client(licence) as http:
        response = http.get(f"{API}/export/{feed}")
    assert response.status_code == 200, response.text
    headers = response.headers
    assert headers["content-type"] == "application/vnd.apache.parquet"
    assert headers["content-disposition"] == f'attachment; filename="{feed}_{DAYS[0]}_{DAYS[3]}.parquet"'
    assert int(headers["content-length"]) == len(response.content)
    assert headers["accept-ranges"] == "bytes" and headers["etag"].startswith('"')
    assert {"x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"} <= set(headers)
    table = pq.read_table(io.BytesIO(response.content))
    assert table.column_names[:3] == ["day", "entity", "data"]
    got = list(zip(*(table.column(c).to_pylist() for c in ("day", "entity", "data")), strict=True))
    assert got == [(d, e, data.decode()) for d, e, data in archived(live, feed)]
    # The typed columns are the archive's (the build's numbers), row for row.
    assert table.column("stars").to_pylist() == [orjson.loads(data)["stars"] for _, _, data in archived(live, feed)]


def test_from_and_to_select_days(live: LiveServer, licence: str) -> None:
    feed = "mcp-servers"
    with live.client(licence) as http:
        response = http.get(f"{API}/export/{feed}", params={"from": DAYS[1], "to": DAYS[2]})
        wide = http.get(f"{API}/export/{feed}", params={"from": "2000-01-01", "to": "2099-12-31"})
        whole = http.get(f"{API}/export/{feed}")
    assert response.status_code == 200
    table = pq.read_table(io.BytesIO(response.content))
    assert sorted(set(table.column("day").to_pylist())) == [DAYS[1], DAYS[2]]
    assert table.num_rows == len(archived(live, feed, [DAYS[1], DAYS[2]]))
    assert f"_{DAYS[1]}_{DAYS[2]}.parquet" in response.headers["content-disposition"]
    # A range is normalised to the days it holds: the same days are the same file (same ETag, same bytes).
    assert wide.headers["etag"] == whole.headers["etag"] and wide.content == whole.content


def test_csv_download_is_gzipped_flat_and_complete(live: LiveServer, licence: str) -> None:
    feed = "ai-pricing"
    with live.client(licence) as http:
        response = http.get(f"{API}/export/{feed}", params={"format": "csv"})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/gzip"
    assert "content-encoding" not in response.headers  # the file is the gzip, not a transfer coding
    assert response.headers["content-disposition"].endswith(f'{DAYS[3]}.csv.gz"')
    lines = list(csv.reader(io.StringIO(gzip.decompress(response.content).decode("utf-8"), newline="")))
    header, body = lines[0], lines[1:]
    rows = [(day, orjson.loads(data)) for day, _, data in archived(live, feed)]
    fields = list(dict.fromkeys(name for _, row in rows for name in row))
    assert header == ["day", *fields]
    assert len(body) == len(rows)
    for line, (day, row) in zip(body, rows, strict=True):
        assert line[0] == day
        for name, cell in zip(fields, line[1:], strict=True):
            value = row.get(name)
            if value is None:
                assert cell == ""
            elif isinstance(value, str):
                assert cell == value
            else:  # numbers, booleans, objects and lists: as JSON
                assert orjson.loads(cell) == value


def test_range_resumes_a_download(live: LiveServer, licence: str) -> None:
    path = f"{API}/export/modelhub-trending"
    with live.client(licence) as http:
        whole = http.get(path)
        etag, size = whole.headers["etag"], len(whole.content)
        cut = size // 3
        first = http.get(path, headers={"Range": f"bytes=0-{cut}"})
        rest = http.get(path, headers={"Range": f"bytes={cut + 1}-", "If-Range": etag})
        assert (first.status_code, rest.status_code) == (206, 206)
        assert first.headers["content-range"] == f"bytes 0-{cut}/{size}"
        assert rest.headers["content-range"] == f"bytes {cut + 1}-{size - 1}/{size}"
        assert int(rest.headers["content-length"]) == size - cut - 1
        assert first.content + rest.content == whole.content
        tail = http.get(path, headers={"Range": "bytes=-100"})
        assert tail.status_code == 206 and tail.content == whole.content[-100:]
        past_end = http.get(path, headers={"Range": f"bytes=0-{size * 2}"})
        assert past_end.status_code == 206 and past_end.content == whole.content
        # Another file since (a changed ETag): the whole file, not a piece of the new one.
        stale = http.get(path, headers={"Range": "bytes=10-", "If-Range": '"stale"'})
        assert stale.status_code == 200 and stale.content == whole.content
        for ignored in ("bytes=5-2", "items=0-5", "bytes=0-1,4-5", "nonsense"):
            response = http.get(path, headers={"Range": ignored})
            assert response.status_code == 200 and response.content == whole.content, ignored
        refused = http.get(path, headers={"Range": f"bytes={size}-"})
        problem(refused, 416, "range_not_satisfiable")
        assert refused.headers["content-range"] == f"bytes */{size}"


def test_etag_and_head(live: LiveServer, licence: str) -> None:
    path = f"{API}/export/forum-launch-ai"
    with live.client(licence) as http:
        whole = http.get(path, params={"format": "csv"})
        etag = whole.headers["etag"]
        again = http.get(path, params={"format": "csv"}, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == etag
        other = http.get(path, params={"format": "parquet"})
        assert other.headers["etag"] != etag
        head = http.head(path, params={"format": "csv"})
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-length"] == str(len(whole.content)) and head.headers["etag"] == etag


def test_bad_requests(live: LiveServer, licence: str) -> None:
    path = f"{API}/export/llm-pricing"
    with live.client(licence) as http:
        problem(http.get(path, params={"from": DAYS[2], "to": DAYS[1]}), 400, "bad_request", "from")
        problem(http.get(path, params={"format": "xlsx"}), 400, "bad_request", "format")
        problem(http.get(path, params={"from": "2026-13-01"}), 400, "bad_request", "from")
        problem(http.get(path, params={"from": "2030-01-01"}), 404, "not_found")
        problem(http.get(f"{API}/export/no-such-feed"), 404, "not_found")
        problem(httpx.get(f"{live.base_url}{path}"), 401, "unauthorized")


# -- plans and counting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("plan", ["starter", "pro"])
def test_starter_and_pro_keys_get_licence_required(live: LiveServer, plan: str) -> None:
    with live.client(live.key(plan)) as http:
        before = int(http.get(f"{API}/mcp-servers").headers["x-ratelimit-remaining"])
        for path in (f"{API}/export", f"{API}/export/mcp-servers", f"{API}/export/mcp-servers?format=csv"):
            body = problem(http.get(path), 403, "licence_required")
            assert "licence" in body["detail"]
        after = int(http.get(f"{API}/mcp-servers").headers["x-ratelimit-remaining"])
    assert after == before - 1  # the refusals cost nothing


def test_an_export_is_one_request_and_no_history_call(live: LiveServer) -> None:
    with live.client(live.key("licence")) as http:
        remaining = [int(http.get(f"{API}/export").headers["x-ratelimit-remaining"])]
        for query in ({}, {"format": "csv"}, {"from": DAYS[1]}):
            response = http.get(f"{API}/export/codehost-ai-repos", params=query)
            assert response.status_code == 200
            remaining.append(int(response.headers["x-ratelimit-remaining"]))
        for _ in range(LICENCE_DAILY_HISTORY + 1):
            ranged = http.get(f"{API}/export/codehost-ai-repos", headers={"Range": "bytes=0-9"})
            assert ranged.status_code == 206
            remaining.append(int(ranged.headers["x-ratelimit-remaining"]))
        assert remaining == list(range(remaining[0], remaining[0] - len(remaining), -1))
        # More exports than the daily history cap, and the history calls are all still there.
        for _ in range(LICENCE_DAILY_HISTORY):
            history = http.get(f"{API}/codehost-ai-repos/history", params={"entity": "acme/agent-kit"})
            assert history.status_code == 200, history.text
        problem(
            http.get(f"{API}/codehost-ai-repos/history", params={"entity": "acme/agent-kit"}),
            429,
            "daily_history_limit",
        )


# -- history as CSV (every plan) --------------------------------------------------------------------------


def test_history_csv_for_a_starter_key(live: LiveServer) -> None:
    path = f"{API}/ai-pricing/history"
    entity = "https://example.com/pricing"
    with live.client(live.key("starter")) as http:
        page = http.get(path, params={"entity": entity, "limit": 2})
        table = http.get(path, params={"entity": entity, "limit": 2, "format": "csv"})
        again = http.get(path, params={"entity": entity, "limit": 2, "format": "csv"})  # from the answer cache
        json_remaining = int(page.headers["x-ratelimit-remaining"])
        assert int(table.headers["x-ratelimit-remaining"]) == json_remaining - 1
        problem(http.get(path, params={"entity": entity, "format": "xml"}), 400, "bad_request", "format")
    assert table.status_code == 200 and table.headers["content-type"] == "text/csv; charset=utf-8"
    assert table.content == again.content and table.headers["etag"] != page.headers["etag"]
    data = page.json()
    assert table.headers["x-next-cursor"] == data["nextCursor"]
    lines = list(csv.reader(io.StringIO(table.text, newline="")))
    assert lines[0] == ["date", "plans", "min_price", "max_price", "changes", "rank"]
    assert len(lines) == 1 + len(data["data"]) == 3
    for line, row in zip(lines[1:], data["data"], strict=True):
        assert line[0] == row["date"]
        assert [orjson.loads(cell) if cell else None for cell in line[1:]] == [
            row[name] for name in ("plans", "min_price", "max_price", "changes", "rank")
        ]
    with live.client(live.key("starter")) as http:
        last = http.get(path, params={"entity": entity, "format": "csv"})
    assert last.status_code == 200 and "x-next-cursor" not in last.headers


def test_history_csv_counts_toward_the_daily_cap(live: LiveServer) -> None:
    cap = int(live.env["FEEDS_STARTER_DAILY_HISTORY"])
    with live.client(live.key("starter")) as http:
        for i in range(cap):
            response = http.get(
                f"{API}/forum-launch-ai/history", params={"entity": "41000001", "format": "csv", "limit": 1 + i % 2}
            )
            assert response.status_code == 200, response.text
        problem(
            http.get(f"{API}/forum-launch-ai/history", params={"entity": "41000001", "format": "csv"}),
            429,
            "daily_history_limit",
        )


# -- in-process: ranges, digests, builds, eviction --------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, None),
        ("bytes=0-99", (0, 99)),
        ("bytes=10-", (10, 999)),
        ("bytes=-10", (990, 999)),
        ("bytes=-5000", (0, 999)),
        ("bytes=990-5000", (990, 999)),
        ("bytes = 1 - 2", (1, 2)),
        ("bytes=5-1", None),
        ("bytes=-", None),
        ("bytes=0-1,3-4", None),
        ("pages=1-2", None),
    ],
)
def test_byte_range(header: str | None, expected: tuple[int, int] | None) -> None:
    assert byte_range(header, 1000) == expected


@pytest.mark.parametrize("header", ["bytes=1000-", "bytes=5000-6000", "bytes=-0"])
def test_byte_range_unsatisfiable(header: str) -> None:
    with pytest.raises(ApiError) as raised:
        byte_range(header, 1000)
    assert raised.value.status == 416 and raised.value.headers == {"Content-Range": "bytes */1000"}


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path / "var")})
    settings.ensure_dirs()
    make_tiny_archive(settings.archive_path).close()
    return settings


def test_a_file_is_hashed_once_per_version(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    import server.export as export

    hashed: list[Path] = []
    real = export._digest

    def counting(path: Path) -> tuple[str, int]:
        hashed.append(path)
        return real(path)

    monkeypatch.setattr(export, "_digest", counting)
    first = listing(settings)
    assert len(hashed) == sum(len(f["files"]) for f in first["feeds"])
    hashed.clear()
    assert listing(settings) == first and hashed == []
    # Another process (or a restart) reads the digests kept on disk.
    export._digests.clear()
    assert listing(settings) == first and hashed == []
    # A re-collected day is hashed again, and only it; the export of its range gets a new key.
    before = plan_export(settings, "mcp-servers", None, None, "parquet")
    archive = Archive(settings.archive_path)
    rows = list(archive.raw_rows_on("mcp-servers", DAYS[1]))
    archive.replace_day("mcp-servers", DAYS[1], rows[:1])
    archive.close()
    after = plan_export(settings, "mcp-servers", None, None, "parquet")
    assert [p.name for p in hashed] == [f"{DAYS[1]}.parquet"]
    assert before is not None and after is not None and before.key != after.key
    assert (settings.feeds_data_dir / Path("exports/digests/mcp-servers.json")).is_file()


def test_builds_are_cached_and_evicted_least_recently_served_first(settings: Settings) -> None:
    exports = [plan_export(settings, feed, None, None, "parquet") for feed in ("mcp-servers", "llm-pricing")]
    assert all(e is not None for e in exports)
    first, second = exports[0], exports[1]
    assert first is not None and second is not None
    size = ensure_built(first, 10**9)
    stamp = first.path.stat().st_ino
    assert ensure_built(first, 10**9) == size and first.path.stat().st_ino == stamp  # not rebuilt
    os.utime(first.path, ns=(1, 1))  # served long ago
    ensure_built(second, size)  # room for about one: the older goes
    assert not first.path.exists() and second.path.exists()
    evict(second.path.parent.parent, 0, keep=second.path)  # never the one being served
    assert second.path.exists()
    assert digests_for(settings).files(archive_root(settings), "no-such-feed") == []


def test_one_build_per_file_runs_outside_the_request(settings: Settings) -> None:
    import server.export as export

    planned = plan_export(settings, "forum-launch-ai", None, None, "csv")
    assert planned is not None
    gate = threading.Event()
    real = export.ensure_built

    def slow(e: Any, budget: int) -> int:
        gate.wait(10)
        return real(e, budget)

    export_ensure = export.ensure_built
    export.ensure_built = slow  # type: ignore[assignment]
    try:
        first = export.build(planned, 10**9)
        assert export.build(planned, 10**9) is first and not first.done()  # a second request joins the build
    finally:
        gate.set()
        export.ensure_built = export_ensure  # type: ignore[assignment]
    assert first.result(10) == planned.path.stat().st_size
    assert export.build(planned, 10**9).result(10) == first.result()  # built: a new request finds the file
