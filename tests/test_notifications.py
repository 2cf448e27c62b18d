"""Watch notifications: evaluation across two builds, the events list, and signed webhooks to a real receiver.

Evaluation runs on a small archive built twice (the second build adds a day with a version bump, price
changes and momentum moves); the endpoints run on a real server (tests/live.py); webhooks are POSTed to
a real threaded HTTP server on 127.0.0.1 started here (allowed by FEEDS_WEBHOOK_ALLOW_LOOPBACK=1 on one
server, and refused at creation and at delivery without it).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest

from build.changes import ChangeEvent, llm_price_change, momentum_change
from build.packs import Packs
from build.paths import entity_card_path
from collectors.archive import Archive, RunRecord
from collectors.models import Row
from collectors.state_db import state_database
from feeds.settings import Settings
from feeds.site_build import build_site
from server import schemas
from server.keys import KeyStore
from server.notifications import Notification, NotificationStore, notification_id, notify_build
from server.watches import WatchStore
from server.webhooks import (
    EVENT_ID_HEADER,
    SIGNATURE_HEADER,
    Attempt,
    DeliveryLog,
    DeliveryReport,
    Outgoing,
    deliver_events,
    sign,
    verify,
)
from tests.conftest import StateBackend
from tests.live import LiveServer, live_server_fixture
from tests.tiny_archive import DAYS, llm, repo, rows_for, server

API = "/api/v1"
FEEDS = ("codehost-ai-repos", "forum-launch-ai", "mcp-servers", "ai-pricing", "llm-pricing", "modelhub-trending")
FAST = 0.01
"""Backoff base of the webhook tests: the retry rule is tested, not the waiting."""


# -- evaluation across two builds --------------------------------------------------------------------


def _put(archive: Archive, feed: str, d: int, rows: list[Row]) -> None:
    archive.replace_day(feed, DAYS[d], [(r.entity, orjson.dumps(r.model_dump(mode="json"))) for r in rows])
    archive.log_run(RunRecord(feed, DAYS[d], "ok", len(rows), 0, 0, 0, f"{DAYS[d]}T03:00:00Z", 1.0))


def _first_days(archive: Archive) -> None:
    """Three days of every feed (the tiny archive's, with the code host's failed day filled in)."""
    for d in range(3):
        for feed in FEEDS:
            rows = rows_for(feed, d)
            if rows is None:
                rows = [
                    repo("acme/agent-kit", 100 + 30 * d, d),
                    repo("bob/mcp-lite", 50 + 5 * d, d),
                    repo("new/shiny-mcp", 10 + 40 * d, d),
                ]
            _put(archive, feed, d, rows)


def _fourth_day(archive: Archive) -> None:
    """2026-11-04: weather 1.1.0 -> 1.2.0, big-model input price 2.0 -> 1.5, the pricing page 20 -> 16,
    and bob/mcp-lite's stars jump (its momentum rises past acme/agent-kit's, which falls)."""
    d = 3
    _put(
        archive,
        "codehost-ai-repos",
        d,
        [repo("acme/agent-kit", 190, d), repo("bob/mcp-lite", 400, d), repo("new/shiny-mcp", 130, d)],
    )
    _put(archive, "mcp-servers", d, [server("io.github.example/weather", "1.2.0"), server("com.acme/files", "0.3.0")])
    _put(archive, "llm-pricing", d, [llm("lab/big-model", 1.5, d, 2.0), llm("lab/small", 0.5, d, None)])
    for feed in ("ai-pricing", "forum-launch-ai", "modelhub-trending"):
        _put(archive, feed, d, rows_for(feed, d) or [])


def _settings(root: Path, **extra: str) -> Settings:
    settings = Settings(env={"FEEDS_DATA_DIR": str(root / "var"), "FEEDS_SITE_DIR": str(root / "site"), **extra})
    settings.ensure_dirs()
    return settings


def _account(settings: Settings, plan: str) -> str:
    keys = KeyStore(state_database(settings))
    try:
        return keys.create(plan)[0].account
    finally:
        keys.close()


WATCHES: list[tuple[str, str, str, float | None]] = [
    # (plan, entity page, type, threshold)
    ("starter", "/mcp/io.github.example/weather", "version_bump", None),
    ("starter", "/llm/lab/big-model", "price_change", None),
    ("starter", "/pricing/example.com/pricing", "price_change", None),
    ("starter", "/mcp/com.acme/files", "version_bump", None),  # no bump: nothing
    ("starter", "/repo/acme/agent-kit", "any", None),  # no change event; a -16.9 jump
    ("pro", "/repo/bob/mcp-lite", "momentum_jump", 20.0),  # +22.5
    ("pro", "/repo/new/shiny-mcp", "momentum_jump", None),  # -5.6 < 10: nothing
    ("pro", "/repo/acme/agent-kit", "momentum_jump", 17.0),  # 16.9 < 17: nothing
    ("pro", "/repo/bob/mcp-lite", "momentum_above", 60.0),  # 39.9 -> 62.4
    ("pro", "/mcp/io.github.example/weather", "momentum_above", None),  # 83.0 -> 82.6: already above
    ("pro", "/mcp/io.github.example/weather", "any", None),  # the bump; a -0.4 move is no jump
    ("pro", "/llm/lab/big-model", "any", None),
    ("pro", "/pricing/example.com/pricing", "momentum_above", 1.0),  # pricing pages have no momentum
]
PAGES = {
    "/mcp/io.github.example/weather": ("mcp-servers", "io.github.example/weather"),
    "/mcp/com.acme/files": ("mcp-servers", "com.acme/files"),
    "/llm/lab/big-model": ("llm-pricing", "lab/big-model"),
    "/pricing/example.com/pricing": ("ai-pricing", "https://example.com/pricing"),
    "/repo/acme/agent-kit": ("codehost-ai-repos", "acme/agent-kit"),
    "/repo/bob/mcp-lite": ("codehost-ai-repos", "bob/mcp-lite"),
    "/repo/new/shiny-mcp": ("codehost-ai-repos", "new/shiny-mcp"),
}


@pytest.fixture
def two_builds(tmp_path: Path, state_backend: StateBackend) -> tuple[Settings, dict[str, str], dict[int, str]]:
    """Build, add the watches, add a day, build again (the build runs the notification step itself), on every
    state store backend."""
    settings = _settings(tmp_path, **state_backend.env)
    archive = Archive(settings.archive_path)
    _first_days(archive)
    first = build_site(settings, now=datetime(2026, 11, 3, 12, tzinfo=UTC), quiet=True)
    assert first.notify.startswith("notify: 0 watches")
    accounts = {plan: _account(settings, plan) for plan in ("starter", "pro")}
    store = WatchStore(state_database(settings))
    ids = {}
    for n, (plan, page, type_, threshold) in enumerate(WATCHES):
        feed, key = PAGES[page]
        ids[n] = store.add(accounts[plan], 50, page, feed, key, type_, threshold).id
    store.close()
    _fourth_day(archive)
    archive.close()
    second = build_site(settings, now=datetime(2026, 11, 4, 12, tzinfo=UTC), quiet=True)
    assert second.notify.startswith(f"notify: {len(WATCHES)} watches, 8 new notifications"), second.notify
    return settings, accounts, ids


def _listed(settings: Settings, account: str) -> list[dict[str, Any]]:
    store = NotificationStore(state_database(settings))
    try:
        return store.page(account, limit=1000).data
    finally:
        store.close()


def test_each_watch_type_notifies_exactly_the_changes_of_the_new_day(two_builds) -> None:
    settings, accounts, ids = two_builds
    site = Path(settings.feeds_site_dir)
    packs = Packs(site.resolve())
    cards = {page: orjson.loads(packs.read(entity_card_path(*where)) or b"null") for page, where in PAGES.items()}

    def scores(page: str) -> list[float]:
        return [point["score"] for point in cards[page]["momentum"]["history"][-2:]]

    # The scores the momentum watches were set against (a change in build/momentum.py shows here first).
    assert scores("/repo/bob/mcp-lite") == [39.9, 62.4]
    assert scores("/repo/acme/agent-kit") == [79.3, 62.4]
    assert scores("/repo/new/shiny-mcp") == [68.0, 62.4]
    assert scores("/mcp/io.github.example/weather") == [83.0, 82.6]

    def change(page: str, type_: str) -> dict[str, Any]:
        [event] = [e for e in cards[page]["events"] if e["date"] == "2026-11-04" and e["type"] == type_]
        return event

    def move(page: str, type_: str, old: float, new: float, threshold: float) -> dict[str, Any]:
        return momentum_change(type_, *PAGES[page], "2026-11-04", old, new, threshold, "2026-11-03")

    expected = {
        "starter": [
            (
                0,
                "/mcp/io.github.example/weather",
                "mcp-servers",
                "version_bump",
                change("/mcp/io.github.example/weather", "version_bump"),
            ),
            (1, "/llm/lab/big-model", "llm-pricing", "price_change", change("/llm/lab/big-model", "price_change")),
            (
                2,
                "/pricing/example.com/pricing",
                "ai-pricing",
                "price_change",
                change("/pricing/example.com/pricing", "price_change"),
            ),
            (
                4,
                "/repo/acme/agent-kit",
                "codehost-ai-repos",
                "momentum_jump",
                move("/repo/acme/agent-kit", "momentum_jump", 79.3, 62.4, 10.0),
            ),
        ],
        "pro": [
            (
                5,
                "/repo/bob/mcp-lite",
                "codehost-ai-repos",
                "momentum_jump",
                move("/repo/bob/mcp-lite", "momentum_jump", 39.9, 62.4, 20.0),
            ),
            (
                8,
                "/repo/bob/mcp-lite",
                "codehost-ai-repos",
                "momentum_above",
                move("/repo/bob/mcp-lite", "momentum_above", 39.9, 62.4, 60.0),
            ),
            (
                10,
                "/mcp/io.github.example/weather",
                "mcp-servers",
                "version_bump",
                change("/mcp/io.github.example/weather", "version_bump"),
            ),
            (11, "/llm/lab/big-model", "llm-pricing", "price_change", change("/llm/lab/big-model", "price_change")),
        ],
    }
    assert change("/mcp/io.github.example/weather", "version_bump")["old"] == "1.1.0"
    # The build lists the same momentum jump (default 10 points) in the card: one envelope, one id.
    assert change("/repo/acme/agent-kit", "momentum_jump") == move(
        "/repo/acme/agent-kit", "momentum_jump", 79.3, 62.4, 10.0
    )
    assert change("/llm/lab/big-model", "price_change")["detail"] == {"direction": "cut"}
    for plan, account in accounts.items():
        listed = _listed(settings, account)
        got = sorted(
            (n["watchId"], n["entity"], n["feed"], n["type"], n["date"], json.dumps(n["event"])) for n in listed
        )
        want = sorted(
            (ids[w], page, feed, type_, "2026-11-04", json.dumps(event))
            for w, page, feed, type_, event in expected[plan]
        )
        assert got == want, plan
        for n in listed:
            assert n["id"] == notification_id(n["watchId"], n["type"], n["date"])
            assert n["delivery"] == {
                "state": "none",
                "attempts": 0,
                "lastAttemptAt": None,
                "lastError": None,
                "deliveredAt": None,
            }
            schemas.WatchEvent.model_validate(n)


def test_evaluating_again_creates_no_duplicates(two_builds) -> None:
    settings, accounts, _ = two_builds
    before = {plan: _listed(settings, account) for plan, account in accounts.items()}
    again = notify_build(settings, Path(settings.feeds_site_dir))
    assert (again.evaluated, again.created) == (len(WATCHES), 0)
    rebuilt = build_site(settings, now=datetime(2026, 11, 4, 13, tzinfo=UTC), quiet=True)  # the same day, rebuilt
    assert ", 0 new notifications" in rebuilt.notify
    assert {plan: _listed(settings, account) for plan, account in accounts.items()} == before


def test_starter_notifications_expire_after_30_days_pro_ones_never(two_builds) -> None:
    settings, accounts, _ = two_builds
    store = NotificationStore(state_database(settings))
    old = {
        plan: Notification(
            f"ev_old_{plan}",
            account,
            "w_gone",
            "/repo/acme/agent-kit",
            "codehost-ai-repos",
            "momentum_jump",
            "2026-10-05",
            {"old": 1.0, "new": 20.0, "change": 19.0, "threshold": 10.0, "previousDate": "2026-10-04"},
            "2026-10-05T04:00:00Z",
        )
        for plan, account in accounts.items()
    }
    edge = Notification(
        "ev_edge",
        accounts["starter"],
        "w_gone",
        "/repo/acme/agent-kit",
        "codehost-ai-repos",
        "momentum_jump",
        "2026-10-06",
        old["starter"].event,
        "2026-10-06T04:00:00Z",
    )
    assert store.add([*old.values(), edge], {}) == 3
    store.close()
    report = notify_build(settings, Path(settings.feeds_site_dir))
    assert report.pruned == 1  # 2026-10-06 is the first of the 30 days ending 2026-11-04: kept
    assert {n["id"] for n in _listed(settings, accounts["starter"])} >= {"ev_edge"}
    assert "ev_old_starter" not in {n["id"] for n in _listed(settings, accounts["starter"])}
    assert "ev_old_pro" in {n["id"] for n in _listed(settings, accounts["pro"])}


def test_a_failing_notification_step_leaves_the_build_published(tmp_path: Path, capsys, monkeypatch) -> None:
    settings = _settings(tmp_path)
    archive = Archive(settings.archive_path)
    _first_days(archive)
    archive.close()

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("feeds.site_build.notify_build", broken)
    summary = build_site(settings, now=datetime(2026, 11, 3, 12, tzinfo=UTC), quiet=True)
    assert summary.notify.startswith("notify: failed (OSError: disk full)") and "stays published" in summary.notify
    assert "notify: failed" in capsys.readouterr().err
    assert (Path(settings.feeds_site_dir) / "build.json").is_file()
    assert Path(settings.feeds_site_dir).resolve() == summary.path.resolve()


def test_old_state_stores_gain_the_webhook_columns(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "state.sqlite"
    db = sqlite3.connect(path)
    db.executescript(
        "CREATE TABLE watches (id TEXT PRIMARY KEY, account TEXT NOT NULL, entity TEXT NOT NULL, feed TEXT NOT NULL,"
        " entity_key TEXT NOT NULL, type TEXT NOT NULL, threshold REAL, created_at TEXT NOT NULL);"
        "INSERT INTO watches VALUES ('w_1', 'a', '/repo/a/b', 'codehost-ai-repos', 'a/b', 'any', NULL,"
        " '2026-11-01T00:00:00Z');"
    )
    db.commit()
    db.close()
    store = WatchStore(path)
    [watch] = store.list("a")
    assert (watch.id, watch.webhook, watch.to_json()["webhook"]) == ("w_1", None, None)
    store.close()
    WatchStore(path).close()  # a second open finds the columns there


# -- a real receiver -------------------------------------------------------------------------------------


class Receiver:
    """A threaded HTTP server on 127.0.0.1: records every POST; answers each path from a script of statuses."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        self.scripts: dict[str, list[int]] = {}
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                with receiver.lock:
                    receiver.requests.append((self.path, dict(self.headers.items()), body))
                    script = receiver.scripts.get(self.path, [])
                    status = script.pop(0) if len(script) > 1 else (script[0] if script else 200)
                self.send_response(status)
                if status == 429:
                    self.send_header("Retry-After", "0")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def at(self, path: str) -> list[tuple[dict[str, str], bytes]]:
        with self.lock:
            return [(headers, body) for p, headers, body in self.requests if p == path]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def receiver() -> Iterator[Receiver]:
    made = Receiver()
    yield made
    made.close()


HOSTS = "FEEDS_OFFLINE_HOSTS"
NAMES = "hooks.example.org=93.184.215.14,intranet.example.org=10.9.8.7"


@pytest.fixture(scope="module")
def hooks(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that admits loopback webhooks (tests only), and disables a webhook after 2 failed deliveries."""
    env = {"FEEDS_WEBHOOK_ALLOW_LOOPBACK": "1", "FEEDS_WEBHOOK_MAX_FAILURES": "2", "FEEDS_OFFLINE": "1", HOSTS: NAMES}
    yield from live_server_fixture(tmp_path_factory.mktemp("hooks"), env)


@pytest.fixture(scope="module")
def strict(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with the production setting: no loopback webhooks."""
    yield from live_server_fixture(tmp_path_factory.mktemp("strict"), {"FEEDS_OFFLINE": "1", HOSTS: NAMES})


def _notify(live: LiveServer, **overrides: str) -> Any:
    settings = Settings(env={**live.env, **overrides}) if overrides else live.settings
    return notify_build(settings, Path(settings.feeds_site_dir), backoff=FAST)


def _account_of(live: LiveServer, key: str) -> str:
    keys = KeyStore(live.settings.state_path)
    try:
        return keys.get(key).account
    finally:
        keys.close()


def _deliveries(live: LiveServer, event_id: str) -> list[dict[str, Any]]:
    store = NotificationStore(live.settings.state_path)
    try:
        return store.deliveries(event_id)
    finally:
        store.close()


# -- the events list -------------------------------------------------------------------------------------


def _synthetic(account: str, n: int) -> Notification:
    event = llm_price_change(
        "llm-pricing",
        "lab/big-model",
        "2026-10-20",
        {"input": 3.0, "output": 12.0},
        {"input": 2.0, "output": 8.0},
        ["input", "output"],
        "cut",
    )
    return Notification(
        f"ev_synthetic_{account}_{n:02d}",
        account,
        "w_synthetic",
        "/llm/lab/big-model",
        "llm-pricing",
        "price_change",
        "2026-10-20",
        event,
        f"2020-01-01T00:{n:02d}:00Z",
    )


def test_events_endpoint_pages_with_offset_and_cursor_and_filters_since(hooks: LiveServer) -> None:
    key = hooks.key("pro")
    account = _account_of(hooks, key)
    store = NotificationStore(hooks.settings.state_path)
    assert store.add([_synthetic(account, n) for n in range(25)], {}) == 25  # older than what the build gives
    store.close()
    with hooks.client(key) as http:
        for entity in ("/pricing/example.com/pricing", "/llm/lab/big-model"):
            assert http.post(f"{API}/watches", json={"entity": entity, "type": "price_change"}).status_code == 201
        report = _notify(hooks)
        assert report.created >= 2
        everything = http.get(f"{API}/watches/events", params={"limit": 1000})
        assert everything.status_code == 200, everything.text
        assert everything.headers["cache-control"] == "no-store" and "x-ratelimit-remaining" in everything.headers
        whole = schemas.WatchEventList.model_validate_json(everything.content)
        assert (whole.total, whole.count, whole.nextCursor) == (27, 27, None)
        ids = [n.id for n in whole.data]
        real = whole.data[:2]  # newest first: the build's notifications, then the 25 older ones
        assert {(n.type, n.feed, n.date) for n in real} == {
            ("price_change", "ai-pricing", "2026-11-04"),
            ("price_change", "llm-pricing", "2026-11-03"),
        }
        assert all(n.delivery.state == "none" for n in real)
        assert ids[2:] == [f"ev_synthetic_{account}_{n:02d}" for n in reversed(range(25))]
        assert http.get(f"{API}/watches/events").json()["limit"] == 100

        paged, cursor = [], None
        while True:
            page = http.get(f"{API}/watches/events", params={"limit": 10, **({"cursor": cursor} if cursor else {})})
            body = schemas.WatchEventList.model_validate_json(page.content)
            assert body.total == 27 and body.count == len(body.data) <= 10
            paged += [n.id for n in body.data]
            cursor = body.nextCursor
            if cursor is None:
                break
        assert paged == ids

        by_offset = http.get(f"{API}/watches/events", params={"limit": 10, "offset": 20}).json()
        assert [n["id"] for n in by_offset["data"]] == ids[20:] and by_offset["nextCursor"] is None
        assert http.get(f"{API}/watches/events", params={"limit": 10, "offset": 10}).json()["nextCursor"]

        since = http.get(f"{API}/watches/events", params={"since": "2020-01-01T00:10:00Z"}).json()
        assert since["total"] == 17 and [n["id"] for n in since["data"]] == ids[:17]
        assert all(n["createdAt"] >= "2020-01-01T00:10:00Z" for n in since["data"])
        recent = http.get(f"{API}/watches/events", params={"since": "2021-01-01"}).json()
        assert [n["id"] for n in recent["data"]] == ids[:2]

        for params, parameter in (
            ({"limit": 0}, "limit"),
            ({"limit": 1001}, "limit"),
            ({"offset": -1}, "offset"),
            ({"cursor": "abc"}, "cursor"),
            ({"cursor": "5", "offset": 1}, "cursor"),
            ({"since": "yesterday"}, "since"),
        ):
            bad = http.get(f"{API}/watches/events", params=params)
            assert bad.status_code == 400 and bad.json()["parameter"] == parameter, (params, bad.text)
        assert http.put(f"{API}/watches/events").status_code == 405
    with hooks.client(hooks.key("starter")) as other:
        assert other.get(f"{API}/watches/events").json() == {
            "total": 0,
            "limit": 100,
            "offset": 0,
            "count": 0,
            "nextCursor": None,
            "data": [],
        }
    with hooks.client() as anonymous:
        assert anonymous.get(f"{API}/watches/events").status_code == 401
        assert anonymous.get(f"{API}/watches/webhook-secret").status_code == 401


# -- webhooks ---------------------------------------------------------------------------------------------


def test_webhook_is_signed_retried_on_500_then_delivered_once(hooks: LiveServer, receiver: Receiver) -> None:
    key = hooks.key("starter")
    receiver.scripts["/retry"] = [500, 200]
    with hooks.client(key) as http:
        secret = http.get(f"{API}/watches/webhook-secret")
        assert secret.status_code == 200 and secret.headers["cache-control"] == "no-store"
        parsed = schemas.WebhookSecret.model_validate_json(secret.content)
        assert parsed.secret.startswith("whsec_") and http.get(f"{API}/watches/webhook-secret").json() == secret.json()
        created = http.post(
            f"{API}/watches",
            json={"entity": "/pricing/example.com/pricing", "type": "price_change", "webhook": receiver.url("/retry")},
        )
        assert created.status_code == 201, created.text
        watch = schemas.Watch.model_validate_json(created.content)
        assert watch.webhook is not None and (watch.webhook.url, watch.webhook.state) == (
            receiver.url("/retry"),
            "active",
        )
        report = _notify(hooks)
        assert report.delivery is not None and report.delivery.delivered >= 1
        calls = receiver.at("/retry")
        assert len(calls) == 2
        (first_headers, first_body), (headers, body) = calls
        assert body == first_body and headers[EVENT_ID_HEADER] == first_headers[EVENT_ID_HEADER]
        assert headers["Content-Type"] == "application/json" and headers["Connection"] == "close"
        assert verify(parsed.secret, headers[SIGNATURE_HEADER], body)
        assert verify(parsed.secret, first_headers[SIGNATURE_HEADER], first_body)
        assert not verify(parsed.secret + "x", headers[SIGNATURE_HEADER], body)
        assert not verify(parsed.secret, headers[SIGNATURE_HEADER], body + b" ")
        # The README's receiver: hex HMAC-SHA256 of "<t>.<body>" under the secret.
        t = headers[SIGNATURE_HEADER].split(",")[0].removeprefix("t=")
        assert headers[SIGNATURE_HEADER] == sign(parsed.secret, body, int(t))
        payload = orjson.loads(body)
        assert set(payload) == {"id", "watchId", "entity", "feed", "type", "date", "event", "createdAt"}
        assert (payload["watchId"], payload["type"], payload["date"]) == (watch.id, "price_change", "2026-11-04")
        assert payload["id"] == headers[EVENT_ID_HEADER]
        assert payload["event"]["detail"]["changes"][0]["new"] == 16.0
        # The webhook body embeds the change-event envelope /trends lists, summary included.
        assert ChangeEvent.model_validate(payload["event"]).summary == "Pro price $20.00 -> $16.00 (-20%)"

        log = _deliveries(hooks, payload["id"])
        assert [(d["attempt"], d["status"], d["error"]) for d in log] == [(1, 500, "HTTP 500"), (2, 200, None)]
        assert all(d["durationMs"] >= 0 and d["url"] == receiver.url("/retry") for d in log)
        [listed] = [n for n in http.get(f"{API}/watches/events").json()["data"] if n["id"] == payload["id"]]
        assert listed["delivery"]["state"] == "delivered" and listed["delivery"]["attempts"] == 2
        assert listed["delivery"]["deliveredAt"] and listed["delivery"]["lastError"] is None
        assert {k: v for k, v in listed.items() if k != "delivery"} == payload

        _notify(hooks)  # a second run: already delivered, nothing is posted again
        assert len(receiver.at("/retry")) == 2

        rotated = http.post(f"{API}/watches/webhook-secret").json()
        assert rotated["secret"] != parsed.secret and http.get(f"{API}/watches/webhook-secret").json() == rotated


def test_webhook_4xx_is_not_retried_429_is(hooks: LiveServer, receiver: Receiver) -> None:
    key = hooks.key("starter")
    receiver.scripts["/picky"] = [429, 404]
    with hooks.client(key) as http:
        assert (
            http.post(
                f"{API}/watches",
                json={"entity": "/llm/lab/big-model", "type": "price_change", "webhook": receiver.url("/picky")},
            ).status_code
            == 201
        )
        _notify(hooks)
        [event] = http.get(f"{API}/watches/events").json()["data"]
    assert len(receiver.at("/picky")) == 2
    assert [(d["status"], d["error"]) for d in _deliveries(hooks, event["id"])] == [
        (429, "HTTP 429"),
        (404, "HTTP 404"),
    ]
    assert event["delivery"]["state"] == "failed" and event["delivery"]["lastError"] == "HTTP 404"
    _notify(hooks)
    assert len(receiver.at("/picky")) == 2


def test_webhook_disabled_after_max_failures_in_a_row(hooks: LiveServer, receiver: Receiver) -> None:
    key = hooks.key("starter")
    receiver.scripts["/down"] = [503]
    with hooks.client(key) as http:
        created = http.post(
            f"{API}/watches",
            json={"entity": "/llm/lab/big-model", "type": "price_change", "webhook": receiver.url("/down")},
        ).json()
        _notify(hooks)  # three attempts, one failed delivery: still active, the event waits
        assert len(receiver.at("/down")) == 3
        [watch] = http.get(f"{API}/watches").json()["data"]
        assert watch["webhook"]["state"] == "active" and watch["webhook"]["consecutiveFailures"] == 1
        [event] = http.get(f"{API}/watches/events").json()["data"]
        assert event["delivery"]["state"] == "pending" and event["delivery"]["attempts"] == 3

        _notify(hooks)  # retried on the next run: the second failure in a row disables it (max 2 here)
        assert len(receiver.at("/down")) == 6
        listed = http.get(f"{API}/watches").json()
        [watch] = schemas.WatchList.model_validate(listed).data
        assert watch.id == created["id"] and watch.webhook is not None and watch.webhook.state == "disabled"
        assert watch.webhook.consecutiveFailures == 2 and "HTTP 503" in (watch.webhook.disabledReason or "")
        assert watch.webhook.disabledAt
        [event] = http.get(f"{API}/watches/events").json()["data"]
        assert event["delivery"]["state"] == "disabled" and event["delivery"]["attempts"] == 6
        assert [d["attempt"] for d in _deliveries(hooks, event["id"])] == [1, 2, 3, 4, 5, 6]

        _notify(hooks)
        assert len(receiver.at("/down")) == 6  # disabled: never posted again


def test_unsafe_webhooks_are_refused_at_creation(strict: LiveServer, hooks: LiveServer, receiver: Receiver) -> None:
    body = {"entity": "/repo/acme/agent-kit", "type": "any"}
    with strict.client(strict.key("pro")) as http:
        for url in (
            receiver.url("/never"),
            "https://127.0.0.1/hook",
            "https://localhost/hook",
            "https://[::1]/hook",
            "https://10.0.0.7/hook",
            "https://169.254.169.254/latest",
            "https://intranet.example.org/hook",
            "http://hooks.example.org/hook",
            "https://hooks.example.org:8443/hook",
            "https://user:pw@hooks.example.org/hook",
            "https://unknown.example.org/hook",
        ):
            refused = http.post(f"{API}/watches", json={**body, "webhook": url})
            assert refused.status_code == 400, (url, refused.text)
            assert (refused.json()["code"], refused.json()["parameter"]) == ("unsafe_url", "webhook"), url
        for url in ("https://x", "not a url", 7, "", "https://" + "a" * 2100 + ".org/"):
            malformed = http.post(f"{API}/watches", json={**body, "webhook": url})
            assert (malformed.status_code, malformed.json()["code"]) == (400, "bad_request"), url
        assert http.get(f"{API}/watches").json()["count"] == 0
        ok = http.post(f"{API}/watches", json={**body, "webhook": "https://hooks.example.org/feeds"})
        assert ok.status_code == 201 and ok.json()["webhook"]["url"] == "https://hooks.example.org/feeds"
    with hooks.client(hooks.key("pro")) as http:  # the loopback allowance admits loopback, nothing else
        for url in ("https://10.0.0.7/hook", "https://intranet.example.org/hook", "http://169.254.169.254/"):
            assert http.post(f"{API}/watches", json={**body, "webhook": url}).json()["code"] == "unsafe_url"
    assert receiver.at("/never") == []


def test_unsafe_webhooks_are_refused_at_delivery(hooks: LiveServer, receiver: Receiver) -> None:
    key = hooks.key("starter")
    with hooks.client(key) as http:
        assert (
            http.post(
                f"{API}/watches",
                json={
                    "entity": "/pricing/example.com/pricing",
                    "type": "price_change",
                    "webhook": receiver.url("/off"),
                },
            ).status_code
            == 201
        )
    # A host name that resolves to a private address, stored behind the API's back (DNS may change after
    # creation): the delivery resolves it again and refuses it.
    account = _account_of(hooks, key)
    watches = WatchStore(hooks.settings.state_path)
    sneaky = watches.add(
        account,
        50,
        "/llm/lab/big-model",
        "llm-pricing",
        "lab/big-model",
        "price_change",
        None,
        "https://intranet.example.org/hook",
    )
    watches.close()
    _notify(hooks, FEEDS_WEBHOOK_ALLOW_LOOPBACK="0")
    assert receiver.at("/off") == []
    with hooks.client(key) as http:
        events = {n["watchId"]: n for n in http.get(f"{API}/watches/events").json()["data"]}
    assert len(events) == 2
    for event in events.values():
        assert event["delivery"]["state"] == "failed" and "unsafe URL" in event["delivery"]["lastError"]
        [attempt] = _deliveries(hooks, event["id"])
        assert attempt["status"] is None
    assert "http://127.0.0.1" in next(e for w, e in events.items() if w != sneaky.id)["delivery"]["lastError"]
    assert "10.9.8.7" in events[sneaky.id]["delivery"]["lastError"]
    _notify(hooks)  # refused events are not retried, even once loopback is allowed again
    assert receiver.at("/off") == []


def test_signature_helpers_match_the_documented_recipe() -> None:
    import hashlib
    import hmac

    body = b'{"id":"ev_1"}'
    header = sign("whsec_test", body, 1_700_000_000)
    expected = hmac.new(b"whsec_test", b"1700000000." + body, hashlib.sha256).hexdigest()
    assert header == f"t=1700000000,v1={expected}"
    assert verify("whsec_test", header, body, now=1_700_000_100)
    assert not verify("whsec_test", header, body, now=1_700_001_000)  # too old: a replay
    assert not verify("whsec_test", "v1=" + expected, body, now=1_700_000_000)


# -- where a delivery connects: the checked address, never a second lookup ------------------------------


PUBLIC_V4 = "93.184.215.14"
PUBLIC_V6 = "2606:2800:21f:cb07:6820:80da:af6b:8b2c"


class MemoryLog(DeliveryLog):
    """The storage side of `deliver_events`, in memory."""

    def __init__(self) -> None:
        self.attempts: list[Attempt] = []
        self.states: dict[str, tuple[str, str | None]] = {}

    def previous_attempts(self, event_id: str) -> int:
        return sum(a.event_id == event_id for a in self.attempts)

    def record_attempt(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def mark(self, event_id: str, state: str, error: str | None, at: str) -> None:
        self.states[event_id] = (state, error)

    def webhook_succeeded(self, watch_id: str) -> None:
        pass

    def webhook_failed(self, watch_id: str, error: str, at: str) -> bool:
        return False

    def secret(self, account: str) -> str:
        return "whsec_test"


class Answers:
    """A DNS server with fixed answers that records what it was asked; NXDOMAIN (OSError) for the rest."""

    def __init__(self, hosts: dict[str, list[str]]) -> None:
        self.hosts = hosts
        self.asked: list[str] = []

    async def __call__(self, host: str) -> list[str]:
        self.asked.append(host)
        try:
            return self.hosts[host]
        except KeyError:
            raise OSError(f"[Errno -2] Name or service not known: {host}") from None


def _deliver(
    url: str,
    resolver: Any,
    handler: Any = None,
    *,
    transport: httpx.AsyncBaseTransport | None = None,
    allow_loopback: bool = False,
    attempts: int = 1,
) -> tuple[DeliveryReport, MemoryLog, Outgoing]:
    import asyncio

    event = Outgoing("ev_pin", "w_pin", "acct", url, b'{"id":"ev_pin"}')
    log = MemoryLog()
    report = asyncio.run(
        deliver_events(
            [event],
            log,
            resolver=resolver,
            allow_loopback=allow_loopback,
            timeout=5,
            backoff=0,
            attempts_per_run=attempts,
            transport=transport or httpx.MockTransport(handler),
        )
    )
    return report, log, event


class Sent:
    """A recording network edge: where each request connects, its `Host`, TLS server name and headers."""

    def __init__(self, unreachable: tuple[str, ...] = ()) -> None:
        self.unreachable = unreachable
        self.requests: list[httpx.Request] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        if request.url.host in self.unreachable:
            raise httpx.ConnectError("[Errno 101] Network is unreachable", request=request)
        return httpx.Response(204)

    @property
    def where(self) -> list[tuple[str, str, str | None]]:
        return [(str(r.url), r.headers["host"], r.extensions.get("sni_hostname")) for r in self.requests]


def test_delivery_connects_to_the_checked_address_with_the_idna_name_as_host_and_tls_server_name() -> None:
    """An internationalised webhook host: Host and SNI carry `xn--...` (the Unicode spelling cannot be sent)."""
    dns = Answers({"xn--bcher-kva.example.org": [PUBLIC_V4]})
    sent = Sent()
    report, log, event = _deliver("https://Bücher.example.org/hook?b=1", dns, sent)
    assert (report.delivered, log.states) == (1, {"ev_pin": ("delivered", None)})
    assert dns.asked == ["xn--bcher-kva.example.org"]  # one lookup, the one that was checked
    assert sent.where == [(f"https://{PUBLIC_V4}/hook?b=1", "xn--bcher-kva.example.org", "xn--bcher-kva.example.org")]
    [request] = sent.requests
    assert request.headers["connection"] == "close"  # no pooled connection (keyed by address) serves another site
    assert request.method == "POST" and request.content == event.body
    assert request.headers[EVENT_ID_HEADER] == "ev_pin"
    assert verify("whsec_test", request.headers[SIGNATURE_HEADER], event.body)
    assert [a.url for a in log.attempts] == ["https://Bücher.example.org/hook?b=1"]  # the log names the webhook


def test_delivery_tries_the_checked_ipv4_address_first_and_moves_on_when_it_is_unreachable() -> None:
    dns = Answers({"hooks.example.org": [PUBLIC_V6, PUBLIC_V4]})  # as a resolver sorting its answers as text
    reachable = Sent()
    _deliver("https://hooks.example.org/a", dns, reachable)
    assert [url for url, _, _ in reachable.where] == [f"https://{PUBLIC_V4}/a"]

    no_v4 = Sent(unreachable=(PUBLIC_V4,))
    report, log, _ = _deliver("https://hooks.example.org/a", dns, no_v4)
    assert no_v4.where == [
        (f"https://{PUBLIC_V4}/a", "hooks.example.org", "hooks.example.org"),
        (f"https://[{PUBLIC_V6}]/a", "hooks.example.org", "hooks.example.org"),
    ]
    assert all(r.headers["connection"] == "close" for r in no_v4.requests)
    assert report.delivered == 1 and len(log.attempts) == 1  # one attempt: the fallback is not a retry
    assert dns.asked == ["hooks.example.org", "hooks.example.org"]  # once per delivery, never per address


def test_delivery_with_every_checked_address_unreachable_stays_pending() -> None:
    dns = Answers({"hooks.example.org": [PUBLIC_V6, PUBLIC_V4]})
    sent = Sent(unreachable=(PUBLIC_V4, PUBLIC_V6))
    report, log, _ = _deliver("https://hooks.example.org/a", dns, sent, attempts=2)
    assert len(sent.requests) == 4 and report.pending == 1 and len(log.attempts) == 2
    state, error = log.states["ev_pin"]
    assert state == "pending" and error is not None and error.startswith("ConnectError")


def test_delivery_to_an_ip_literal_or_an_admitted_loopback_host_goes_as_it_is() -> None:
    dns = Answers({})
    sent = Sent()
    _deliver(f"https://{PUBLIC_V4}/a", dns, sent)
    _deliver("http://localhost:8080/a", dns, sent, allow_loopback=True)
    assert sent.where == [
        (f"https://{PUBLIC_V4}/a", PUBLIC_V4, None),
        ("http://localhost:8080/a", "localhost:8080", None),
    ]
    assert all(r.headers["connection"] == "close" for r in sent.requests) and dns.asked == []


def test_delivery_over_real_tls_dials_the_checked_addresses_with_the_idna_server_name(tmp_path: Path) -> None:
    """httpx and httpcore as installed, a real TLS handshake on loopback, for an internationalised name whose
    first checked address cannot be connected to: the next one is dialled, the certificate verified for the
    name, and the receiver sees the IDNA name in SNI and Host."""
    import asyncio

    from tests.test_safe_fetch import Dialler, TlsReceiver, dialling_transport

    name = "xn--bcher-kva.example.org"
    receiver = TlsReceiver(tmp_path, name, b"HTTP/1.1 204 No Content\r\n\r\n")

    async def run() -> tuple[DeliveryReport, MemoryLog, list[tuple[str, int]]]:
        server = await receiver.start()
        dialler = Dialler(server.sockets[0].getsockname()[1], refused=("127.0.0.2",))
        log = MemoryLog()
        async with server:
            report = await deliver_events(
                [Outgoing("ev_tls", "w_tls", "acct", "https://bücher.example.org/hook", b"{}")],
                log,
                resolver=Answers({name: ["127.0.0.2", "127.0.0.1"]}),
                allow_loopback=True,
                timeout=5,
                attempts_per_run=1,
                transport=dialling_transport(receiver.ca_pem, dialler),
            )
        return report, log, dialler.dialled

    report, log, dialled = asyncio.run(run())
    assert (report.delivered, log.states["ev_tls"]) == (1, ("delivered", None))
    assert dialled == [("127.0.0.2", 443), ("127.0.0.1", 443)]
    assert receiver.server_names == [name]
    head = receiver.heads[0]
    assert head.startswith("POST /hook HTTP/1.1\r\n")
    assert f"\r\nHost: {name}\r\n" in head and "\r\nConnection: close\r\n" in head


def test_the_readme_verification_example_accepts_our_signatures() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    section = readme.split("## Watch notifications", 1)[1]
    code = section.split("Verifying a delivery", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)
    body = b'{"id":"ev_1","type":"version_bump"}'
    import time

    header = sign("whsec_readme", body, int(time.time()))
    assert namespace["verify"]("whsec_readme", header, body)
    assert not namespace["verify"]("whsec_other", header, body)
    assert not namespace["verify"]("whsec_readme", sign("whsec_readme", body, int(time.time()) - 3600), body)


LEGACY = [
    (
        "momentum_jump",
        "/mcp/io.github.a/b",
        "mcp-servers",
        {"old": 40.0, "new": 55.5, "change": 15.5, "threshold": 10.0, "previousDate": "2026-10-04"},
        "momentum 40 -> 55.5 (+15.5 points, at least 10)",
    ),
    (
        "momentum_above",
        "/hub/model/org/m",
        "modelhub-trending",
        {"old": 70.0, "new": 81.0, "change": 11.0, "threshold": 80.0, "previousDate": "2026-10-04"},
        "momentum 70 -> 81 (+11 points, crossed 80)",
    ),
    (
        "price_change",
        "/llm/lab/big",
        "llm-pricing",
        {
            "type": "price_change",
            "feed": "llm-pricing",
            "entity": "lab/big",
            "date": "2026-10-05",
            "old": {"input": 3.0, "output": 10.0},
            "new": {"input": 3.0, "output": 8.0},
            "detail": {"direction": "cut"},
        },
        "output price $10.00 -> $8.00 per 1M tokens (-20%)",
    ),
    (
        "version_bump",
        "/mcp/io.github.a/b",
        "mcp-servers",
        {
            "type": "version_bump",
            "feed": "mcp-servers",
            "entity": "io.github.a/b",
            "date": "2026-10-05",
            "old": "1.0.0",
            "new": "1.1.0",
            "detail": None,
        },
        "version 1.0.0 -> 1.1.0",
    ),
]


def test_notifications_stored_before_the_envelope_read_as_envelopes(state_backend: StateBackend) -> None:
    """Rows written by an earlier release keep their bytes; reading them gives the envelope a new row would
    have (entity key from the watch's page where the old event did not keep it), valid for the API's schema."""
    store = NotificationStore(state_backend.open())
    try:
        store.add(
            [
                Notification(
                    f"ev_legacy_{n}", "acct", "w_1", page, feed, type_, "2026-10-05", event, "2026-10-05T04:00Z"
                )
                for n, (type_, page, feed, event, _) in enumerate(LEGACY)
            ],
            {"w_1": "none"},
        )
        listed = {item["id"]: item for item in store.page("acct", limit=10).data}
    finally:
        store.close()
    for n, (type_, page, feed, _, summary) in enumerate(LEGACY):
        event = ChangeEvent.model_validate(listed[f"ev_legacy_{n}"]["event"]).model_dump()
        assert (event["type"], event["feed"], event["page"], event["summary"]) == (type_, feed, page, summary)
        assert event["date"] == "2026-10-05" and event["id"].startswith("chg_")
    assert listed["ev_legacy_0"]["event"]["entity"] == "io.github.a/b"
    assert listed["ev_legacy_1"]["event"]["entity"] == "model:org/m"
