"""Quotas: the monthly limit, daily history calls, the velocity throttle, persistence, and exactness
across processes and threads.

The behaviour tests run against every backend (`backend_env`: SQLite, the default, and a real Redis);
the tests of SQLite's blocks, memos and files read its tables and run against SQLite only."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
import time
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path

import pytest

from feeds.settings import Settings
from server.backends import open_quotas
from server.plans import Plan, plans
from server.quotas import Quotas, QuotaStore

NOW = datetime(2026, 11, 20, 12, 0, 0, tzinfo=UTC).timestamp()
DEC_1 = datetime(2026, 12, 1, tzinfo=UTC).timestamp()
NOV_21 = datetime(2026, 11, 21, tzinfo=UTC).timestamp()


def make_settings(data_dir: Path, backend: dict[str, str] | None = None, **values: str) -> Settings:
    env = {"FEEDS_DATA_DIR": str(data_dir), **(backend or {})}
    env.update({f"FEEDS_{k.upper()}": v for k, v in values.items()})
    return Settings(env=env)


def starter(settings: Settings) -> Plan:
    return plans(settings)["starter"]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path, **LIMITS)


LIMITS = {
    "starter_monthly": "20",
    "starter_daily_history": "3",
    "velocity_limit": "5",
    "velocity_window": "600",
    "throttle_seconds": "3600",
}


@pytest.fixture
def quotas(tmp_path: Path, backend_env: dict[str, str]) -> QuotaStore:
    """The store of one backend, with the limits of `settings`."""
    q = open_quotas(make_settings(tmp_path, backend_env, **LIMITS))
    yield q
    q.close()


def shared_used(settings: Settings, account: str, month: str = "2026-11") -> int:
    """The shared monthly counter as stored on disk, read behind the Quotas' back."""
    db = sqlite3.connect(Path(settings.feeds_data_dir) / "counters" / "quotas.sqlite")
    row = db.execute("SELECT used FROM monthly WHERE account = ? AND month = ?", (account, month)).fetchone()
    db.close()
    return row[0] if row else 0


# -- monthly ------------------------------------------------------------------------------------


def test_monthly_limit_then_refusal_until_the_month_ends(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    for i in range(20):
        d = quotas.hit("acct", plan, now=NOW + i)
        assert d.allowed and d.code is None and d.retry_after is None
        assert (d.limit, d.remaining, d.reset) == (20, 19 - i, int(DEC_1))
    d = quotas.hit("acct", plan, now=NOW + 100)
    assert not d.allowed
    assert d.code == "monthly_limit"
    assert d.retry_after == int(DEC_1 - (NOW + 100))
    assert (d.limit, d.remaining, d.reset) == (20, 0, int(DEC_1))
    assert quotas.hit("acct", plan, now=DEC_1 - 0.5).retry_after == 1  # never 0
    assert quotas.hit("other", plan, now=NOW).allowed  # per account


def test_month_rollover_resets_the_count(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    for _ in range(20):
        assert quotas.hit("acct", plan, now=NOW).allowed
    assert not quotas.hit("acct", plan, now=DEC_1 - 1).allowed
    d = quotas.hit("acct", plan, now=DEC_1)
    assert d.allowed and d.remaining == 19
    assert d.reset == int(datetime(2027, 1, 1, tzinfo=UTC).timestamp())  # December rolls into the next year
    assert quotas.usage("acct", plan, now=DEC_1)["requests"] == 1
    assert quotas.usage("acct", plan, now=NOW)["requests"] == 20


# -- daily history ------------------------------------------------------------------------------


def test_daily_history_cap_and_midnight_retry_after(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    for _ in range(3):
        assert quotas.hit("acct", plan, history=True, now=NOW).allowed
    d = quotas.hit("acct", plan, history=True, now=NOW + 60)
    assert not d.allowed
    assert d.code == "daily_history_limit"
    assert d.retry_after == int(NOV_21 - (NOW + 60))
    assert d.remaining == 17  # monthly headers still filled in
    assert quotas.hit("acct", plan, now=NOW + 61).allowed  # other endpoints are not capped
    assert quotas.hit("acct", plan, history=True, now=NOV_21).allowed  # a new UTC day
    usage = quotas.usage("acct", plan, now=NOV_21)
    assert (usage["history_calls"], usage["requests"]) == (1, 5)  # the refused call consumed nothing


def shared_rows(settings: Settings, sql: str, *args: object) -> list[tuple]:
    db = sqlite3.connect(Path(settings.feeds_data_dir) / "counters" / "quotas.sqlite")
    try:
        return db.execute(sql, args).fetchall()
    finally:
        db.close()


def test_history_calls_are_reserved_in_blocks_and_given_back_exactly(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, starter_daily_history="200", quota_block="50")
    plan = starter(settings)
    q = Quotas(settings)
    for _ in range(3):
        assert q.hit("acct", plan, history=True, now=NOW).allowed
    daily = "SELECT used FROM daily_history WHERE account = 'acct' AND day = ?"
    assert shared_rows(settings, daily, "2026-11-20") == [(25,)]  # one block of min(50, 200 // 8)
    assert q.usage("acct", plan, now=NOW)["history_calls"] == 3  # this process's unused part subtracted
    assert q.hit("acct", plan, history=True, now=NOV_21).allowed  # a new day: yesterday's block goes back
    assert shared_rows(settings, daily, "2026-11-20") == [(3,)]
    q.close()
    assert shared_rows(settings, daily, "2026-11-21") == [(1,)]


# -- velocity -----------------------------------------------------------------------------------


def test_velocity_throttle(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    for i, item in enumerate("abcde"):
        assert quotas.hit("acct", plan, items=[item], now=NOW + i).allowed
    for _ in range(5):  # items already seen in the window do not count again
        assert quotas.hit("acct", plan, items=["a", "c"], now=NOW + 10).allowed
    d = quotas.hit("acct", plan, items=["f"], now=NOW + 20)
    assert not d.allowed
    assert d.code == "velocity_throttled"
    assert d.retry_after == 3600
    assert quotas.hit("acct", plan, items=["a"], now=NOW + 1020).retry_after == 2600  # the true remaining time
    late = quotas.hit("acct", plan, now=NOW + 3619.5)  # every keyed request of the key is throttled
    assert (late.allowed, late.code, late.retry_after) == (False, "velocity_throttled", 1)
    assert quotas.hit("other", plan, items=["f"], now=NOW + 30).allowed  # per account
    assert quotas.hit("acct", plan, items=["f", "g", "h"], now=NOW + 3620).allowed
    assert quotas.usage("acct", plan, now=NOW + 3620)["requests"] == 11  # throttled requests consumed nothing


def test_velocity_window_slides(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    assert quotas.hit("acct", plan, items=["a", "b", "c"], now=NOW).allowed
    assert quotas.hit("acct", plan, items=["d", "e"], now=NOW + 300).allowed
    assert quotas.hit("acct", plan, items=["a"], now=NOW + 500).allowed  # "a" seen again: stays in the window
    # At NOW + 650, "b" and "c" have left the window; "a", "d", "e" are still in it: 2 new items fit.
    assert quotas.hit("acct", plan, items=["x", "y"], now=NOW + 650).allowed
    assert quotas.usage("acct", plan, now=NOW + 650)["velocity_items"] == 5
    d = quotas.hit("acct", plan, items=["z"], now=NOW + 651)
    assert (d.allowed, d.code) == (False, "velocity_throttled")


VELOCITY = "SELECT item, seen FROM velocity WHERE account = 'acct' ORDER BY item"


def test_a_repeat_lookup_writes_nothing_until_the_flush(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, starter_daily_history="200")
    plan = starter(settings)
    with Quotas(settings) as q:
        assert q.hit("acct", plan, history=True, items=["a"], now=NOW).allowed
        assert q.hit("acct", plan, history=True, items=["a"], now=NOW + 100).allowed
        assert shared_rows(settings, VELOCITY) == [("a", NOW)]  # the repeat is only in this process so far
        q.flush()
        assert shared_rows(settings, VELOCITY) == [("a", NOW + 100)]
        assert q.usage("acct", plan, now=NOW + 100)["history_calls"] == 2


def test_a_flushed_repeat_keeps_the_item_in_the_window_for_other_processes(
    tmp_path: Path, backend_env: dict[str, str]
) -> None:
    settings = make_settings(tmp_path, backend_env, velocity_limit="3", velocity_window="600")
    plan = starter(settings)
    with closing(open_quotas(settings)) as here, closing(open_quotas(settings)) as other:
        assert here.hit("acct", plan, items=["a"], now=NOW).allowed
        assert here.hit("acct", plan, items=["a"], now=NOW + 500).allowed  # a repeat, in memory
        here.flush()
        assert other.hit("acct", plan, items=["b", "c"], now=NOW + 650).allowed  # "a" (seen at +500) still counts
        d = other.hit("acct", plan, items=["d"], now=NOW + 651)
        assert (d.allowed, d.code) == (False, "velocity_throttled")


def test_repeats_of_an_account_throttled_meanwhile_are_not_written_back(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, velocity_limit="3")
    plan = starter(settings)
    with Quotas(settings) as here, Quotas(settings) as other:
        assert here.hit("acct", plan, items=["a"], now=NOW).allowed
        assert here.hit("acct", plan, items=["a"], now=NOW + 1).allowed
        assert other.hit("acct", plan, items=list("bcde"), now=NOW + 2).code == "velocity_throttled"
        here.flush()
        assert shared_rows(settings, VELOCITY) == []  # the throttle's clean slate stays clean
        after = here.hit("acct", plan, items=["a"], now=NOW + 3)  # and the item is not taken as known
        assert (after.allowed, after.code) == (False, "velocity_throttled")


def test_one_request_with_too_many_distinct_items_is_throttled(quotas: QuotaStore, settings: Settings) -> None:
    plan = starter(settings)
    assert quotas.hit("acct", plan, items=["a"] * 50, now=NOW).allowed  # duplicates inside a request: one item
    assert not quotas.hit("acct", plan, items=list("bcdef"), now=NOW).allowed


# -- a refused request consumes nothing ---------------------------------------------------------


def test_a_monthly_refusal_consumes_no_history_and_no_velocity(tmp_path: Path, backend_env: dict[str, str]) -> None:
    settings = make_settings(tmp_path, backend_env, starter_monthly="2", starter_daily_history="5", velocity_limit="3")
    plan = starter(settings)
    with closing(open_quotas(settings)) as q:
        assert q.hit("acct", plan, history=True, items=["a"], now=NOW).allowed
        assert q.hit("acct", plan, now=NOW).allowed
        for item in "bcdefg":
            d = q.hit("acct", plan, history=True, items=[item], now=NOW)
            assert d.code == "monthly_limit"
        usage = q.usage("acct", plan, now=NOW)
        assert (usage["requests"], usage["history_calls"], usage["velocity_items"]) == (2, 1, 1)
        assert usage["throttled_until"] is None


def test_a_history_refusal_consumes_no_velocity_and_no_monthly(tmp_path: Path, backend_env: dict[str, str]) -> None:
    settings = make_settings(tmp_path, backend_env, starter_daily_history="1", velocity_limit="3")
    plan = starter(settings)
    with closing(open_quotas(settings)) as q:
        assert q.hit("acct", plan, history=True, items=["a"], now=NOW).allowed
        for item in "bcdefg":
            assert q.hit("acct", plan, history=True, items=[item], now=NOW).code == "daily_history_limit"
        usage = q.usage("acct", plan, now=NOW)
        assert (usage["requests"], usage["history_calls"], usage["velocity_items"]) == (1, 1, 1)


# -- persistence --------------------------------------------------------------------------------


def test_counts_survive_a_restart(tmp_path: Path, backend_env: dict[str, str]) -> None:
    settings = make_settings(tmp_path, backend_env, **LIMITS)
    plan = starter(settings)
    first = open_quotas(settings)
    for i in range(7):
        assert first.hit("acct", plan, history=i < 3, now=NOW).allowed
    first.close()
    if not backend_env:
        assert shared_used(settings, "acct") == 7  # unused reservation given back
    second = open_quotas(settings)
    usage = second.usage("acct", plan, now=NOW)
    assert (usage["requests"], usage["history_calls"]) == (7, 3)
    assert not second.hit("acct", plan, history=True, now=NOW).allowed
    allowed = sum(second.hit("acct", plan, now=NOW).allowed for _ in range(30))
    assert allowed == 13
    second.close()


def test_closing_prunes_history_days_by_the_counts_own_clock(tmp_path: Path) -> None:
    """History counts older than a week before the newest counted day go at close(); the day the counts were made
    in stays whatever the wall clock says (a count made at NOW, a week and more before today, survives)."""
    settings = make_settings(tmp_path, **LIMITS)
    plan = starter(settings)
    with closing(Quotas(settings)) as q:
        assert q.hit("acct", plan, history=True, now=NOW - 8 * 86400).allowed  # 2026-11-12
        assert q.hit("acct", plan, history=True, now=NOW - 7 * 86400).allowed  # 2026-11-13
        assert q.hit("acct", plan, history=True, now=NOW).allowed  # 2026-11-20
    db = sqlite3.connect(Path(settings.feeds_data_dir) / "counters" / "quotas.sqlite")
    days = [row[0] for row in db.execute("SELECT day FROM daily_history ORDER BY day")]
    db.close()
    assert days == ["2026-11-13", "2026-11-20"]


def test_a_crash_loses_at_most_one_block_counted_as_used(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, starter_monthly="1000", quota_block="50")
    plan = starter(settings)
    crashed = Quotas(settings)
    for _ in range(10):
        assert crashed.hit("acct", plan, now=NOW).allowed
    crashed.db.close()  # no close(): the reservation is never given back
    crashed._lockfile.close()  # the OS closes a dead process's files
    after = Quotas(settings)
    used = after.usage("acct", plan, now=NOW)["requests"]
    assert 10 <= used <= 10 + 50  # errs against the customer, by at most one block
    assert used > 10  # and it did reserve ahead, which is what makes requests cheap
    after.close()


def test_usage_subtracts_this_processes_unused_reservation(settings: Settings) -> None:
    plan = starter(settings)
    with Quotas(settings) as quotas:
        quotas.hit("acct", plan, now=NOW)
        assert shared_used(settings, "acct") > 1
        assert quotas.usage("acct", plan, now=NOW)["requests"] == 1


def test_closed_quotas_refuse_to_count(tmp_path: Path, backend_env: dict[str, str]) -> None:
    settings = make_settings(tmp_path, backend_env)
    q = open_quotas(settings)
    q.close()
    q.close()  # idempotent
    with pytest.raises(RuntimeError):
        q.hit("acct", starter(settings))


def test_hit_fast_path_is_fast(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, starter_monthly="1000000")
    plan = starter(settings)
    with Quotas(settings) as q:
        n = 20_000
        start = time.perf_counter()
        for _ in range(n):
            q.hit("acct", plan)
        per_call = (time.perf_counter() - start) / n
        assert q.usage("acct", plan)["requests"] == n
    assert per_call < 50e-6, f"hit() takes {per_call * 1e6:.1f} µs"


# -- exactness across processes and threads -----------------------------------------------------

THREADS = 8


def _hammer(env: dict[str, str], account: str, attempts: int, history: bool, barrier, results) -> None:
    """One server-like process: THREADS threads share one Quotas and hit one account `attempts` times."""
    settings = Settings(env=env)
    plan = plans(settings)["starter"]
    quotas = open_quotas(settings)
    allowed = [0] * THREADS
    codes: set[str | None] = set()

    def worker(i: int) -> None:
        for _ in range(attempts // THREADS):
            d = quotas.hit(account, plan, history=history)
            allowed[i] += d.allowed
            codes.add(d.code)
            assert d.remaining >= 0

    barrier.wait()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    quotas.close()
    results.put((sum(allowed), sorted(c or "" for c in codes)))


def _run_processes(env: dict[str, str], account: str, attempts: int, history: bool = False) -> list[tuple]:
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    results = ctx.Queue()
    procs = [ctx.Process(target=_hammer, args=(env, account, attempts, history, barrier, results)) for _ in range(2)]
    for p in procs:
        p.start()
    out = [results.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    return out


def used_now(env: dict[str, str]) -> int:
    """This month's shared count of "acct", exact once every process has closed its store."""
    settings = Settings(env=env)
    with closing(open_quotas(settings)) as q:
        return int(q.usage("acct", starter(settings))["requests"])


@pytest.fixture
def hammer_env(tmp_path: Path, backend_env: dict[str, str]) -> dict[str, str]:
    """An account with 150 of its 1,000 monthly requests left, counted through the real API."""
    env = {
        "FEEDS_DATA_DIR": str(tmp_path),
        "FEEDS_STARTER_MONTHLY": "1000",
        "FEEDS_STARTER_DAILY_HISTORY": "100",
        "FEEDS_QUOTA_BLOCK": "50",
        **backend_env,
    }
    settings = Settings(env=env)
    with closing(open_quotas(settings)) as q:
        for _ in range(850):
            assert q.hit("acct", starter(settings)).allowed
    assert used_now(env) == 850
    return env


def test_two_processes_of_threads_allow_exactly_what_is_left(hammer_env: dict[str, str]) -> None:
    results = _run_processes(hammer_env, "acct", attempts=2000)
    assert sum(allowed for allowed, _ in results) == 150
    assert all(codes[-1] == "monthly_limit" and set(codes) <= {"", "monthly_limit"} for _, codes in results)
    assert used_now(hammer_env) == 1000


def test_the_shared_counter_is_exact_after_close_when_quota_is_left(hammer_env: dict[str, str]) -> None:
    results = _run_processes(hammer_env, "acct", attempts=6 * THREADS)
    allowed = sum(a for a, _ in results)
    assert allowed == 2 * 6 * THREADS  # 96 of the 150 left: every request allowed
    assert used_now(hammer_env) == 850 + allowed


def test_daily_history_is_exact_across_processes(hammer_env: dict[str, str]) -> None:
    results = _run_processes(hammer_env, "acct", attempts=160, history=True)
    assert sum(allowed for allowed, _ in results) == 100
    settings = Settings(env=hammer_env)
    with closing(open_quotas(settings)) as q:
        usage = q.usage("acct", starter(settings))
    assert (usage["history_calls"], usage["requests"]) == (100, 950)


def test_a_throttle_set_by_another_process_reaches_every_request(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = starter(settings)
    monkeypatch.setattr("server.quotas.THROTTLE_RECHECK", 60.0)
    with Quotas(settings) as other, Quotas(settings) as here, Quotas(settings) as third:
        for q in (here, third):
            assert q.hit("acct", plan, now=NOW).allowed  # quota in hand: the next hits take the fast path
        assert other.hit("acct", plan, items=list("abcdef"), now=NOW).code == "velocity_throttled"
        assert here.hit("acct", plan, now=NOW + 1).allowed  # the fast path trusts its memo until it is re-read
        d = here.hit("acct", plan, items=["a"], now=NOW + 1)  # item lookups read the shared table: at once
        assert (d.allowed, d.code, d.retry_after) == (False, "velocity_throttled", 3599)
        assert here.hit("acct", plan, now=NOW + 2).code == "velocity_throttled"
        monkeypatch.setattr("server.quotas.THROTTLE_RECHECK", 0.0)  # the memo is due: read again
        d = third.hit("acct", plan, now=NOW + 2)
        assert (d.allowed, d.code, d.retry_after) == (False, "velocity_throttled", 3598)


@pytest.mark.parametrize("limit", ["12", "40"])  # throttled again and again; never throttled, items expire
def test_the_kept_item_count_always_equals_the_rows(tmp_path: Path, limit: str) -> None:
    """Random lookups from two processes, with repeats, expiry, flushes and throttles along the way."""
    import random

    settings = make_settings(tmp_path, velocity_limit=limit, velocity_window="100", throttle_seconds="50")
    plan = starter(settings)
    rng = random.Random(5)
    with Quotas(settings) as one, Quotas(settings) as two:
        at = NOW
        for step in range(400):
            at += rng.choice((0.5, 1, 3, 20))
            q = rng.choice((one, two))
            items = [f"e{rng.randint(0, 20)}" for _ in range(rng.randint(1, 2))]
            q.hit("acct", plan, items=items, now=at)
            if step % 7 == 0:
                rng.choice((one, two)).flush()
            rows = shared_rows(settings, "SELECT COUNT(*) FROM velocity WHERE account = 'acct'")[0][0]
            kept = shared_rows(settings, "SELECT items FROM velocity_count WHERE account = 'acct'")
            assert kept and kept[0][0] == rows, step


def test_a_counters_file_without_the_count_is_counted_once(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, velocity_limit="3")
    plan = starter(settings)
    with Quotas(settings) as q:
        assert q.hit("acct", plan, items=["a", "b"], now=NOW).allowed
    db = sqlite3.connect(Path(settings.feeds_data_dir) / "counters" / "quotas.sqlite")
    db.execute("DELETE FROM velocity_count")  # as an older version left it
    db.commit()
    db.close()
    with Quotas(settings) as q:
        assert q.hit("acct", plan, items=["c"], now=NOW + 1).allowed
        assert q.hit("acct", plan, items=["d"], now=NOW + 2).code == "velocity_throttled"


def test_background_checkpoints_keep_the_log_off_the_request_path(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, starter_monthly="100000", velocity_limit="100000")
    plan = starter(settings)
    wal = Path(settings.feeds_data_dir) / "counters" / "quotas.sqlite-wal"
    with Quotas(settings, background_checkpoints=True) as q:
        for i in range(600):  # a shared write each: a new item every time
            assert q.hit("acct", plan, items=[f"e{i}"], now=NOW).allowed
        assert wal.stat().st_size > 1000 * 4096  # no commit paid for a checkpoint (SQLite's default is 1,000 pages)
        q.checkpoint()
        probe = sqlite3.connect(wal.with_name("quotas.sqlite"))
        busy, logged, copied = probe.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        probe.close()
        assert (busy, copied) == (0, logged)  # everything was already in the database
        assert q.usage("acct", plan, now=NOW)["velocity_items"] == 600


def test_items_that_left_the_window_are_forgotten_in_memory(tmp_path: Path) -> None:
    settings = make_settings(tmp_path, velocity_limit="100000", velocity_window="600")
    plan = starter(settings)
    with Quotas(settings) as q:
        for i in range(500):
            assert q.hit("acct", plan, items=[f"old{i}"], now=NOW).allowed
        for i in range(500):  # an hour later: the old items are out of the window, and out of memory
            assert q.hit("acct", plan, items=[f"new{i}"], now=NOW + 3600).allowed
        kept = q._seen["acct"].items
        assert len(kept) == 500 and not any(item.startswith("old") for item in kept)


# -- Redis: every origin sees every count at once ------------------------------------------------


@pytest.fixture
def redis_env(redis_server) -> dict[str, str]:
    redis_server.flush()
    return {"FEEDS_REDIS_URL": redis_server.url}


def test_redis_stores_share_every_count_at_once(tmp_path: Path, redis_env: dict[str, str]) -> None:
    """Two origins' stores: no reservation ahead, so the last request goes to whichever asks first."""
    settings = make_settings(tmp_path, redis_env, **LIMITS)
    plan = starter(settings)
    with closing(open_quotas(settings)) as one, closing(open_quotas(settings)) as two:
        for i in range(20):
            d = (one, two)[i % 2].hit("acct", plan, now=NOW)
            assert d.allowed and d.remaining == 19 - i
        assert one.usage("acct", plan, now=NOW)["requests"] == 20
        assert two.hit("acct", plan, now=NOW).code == "monthly_limit"
        assert one.hit("other", plan, items=list("abcdef"), now=NOW).code == "velocity_throttled"
        d = two.hit("other", plan, now=NOW + 1)  # a throttle set through one origin holds on the other at once
        assert (d.allowed, d.code, d.retry_after) == (False, "velocity_throttled", 3599)
        assert two.usage("other", plan, now=NOW + 1)["throttled_until"] == int(NOW + 3600)


def test_redis_unreachable_raises_backend_unavailable_and_counts_nothing(tmp_path: Path) -> None:
    from collectors.unavailable import BackendUnavailable
    from tests.live import free_port

    settings = make_settings(tmp_path, {"FEEDS_REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}, **LIMITS)
    with closing(open_quotas(settings)) as q:
        started = time.monotonic()
        for _ in range(50):
            with pytest.raises(BackendUnavailable):
                q.hit("acct", starter(settings), now=NOW)
        assert time.monotonic() - started < 2  # refused fast, not one timeout per request
