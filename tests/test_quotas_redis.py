"""The Redis counters' request path: a batch of requests decided in one round trip, each exactly as if it
had been sent alone, and the connection's own rules (script reloading, timeouts, unix sockets, AUTH,
SELECT). The behaviour shared with SQLite is in tests/test_quotas.py."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Sequence
from contextlib import closing
from pathlib import Path

import pytest
import redis

from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings
from server.backends import open_quotas
from server.plans import plans
from server.quotas import Decision, QuotaStore
from tests.live import free_port

LIMITS = {
    "FEEDS_STARTER_MONTHLY": "5",
    "FEEDS_STARTER_DAILY_HISTORY": "3",
    "FEEDS_VELOCITY_LIMIT": "4",
    "FEEDS_VELOCITY_WINDOW": "600",
    "FEEDS_THROTTLE_SECONDS": "3600",
}

# (account, history call, items): two accounts interleaved, as they arrive at one worker.
REQUESTS: list[tuple[str, bool, Sequence[str]]] = [
    ("acct", False, ()),
    ("other", False, ()),
    ("acct", True, ["a"]),
    ("other", False, ()),
    ("acct", True, ["b"]),
    ("other", False, ()),
    ("acct", True, ["a"]),  # a repeat: no new item
    ("other", False, ()),
    ("acct", True, ()),  # a fourth history call: refused, consumes nothing
    ("other", False, ()),
    ("acct", False, ["c", "d", "e"]),  # 2 known + 3 new > 4: throttled
    ("other", False, ()),  # the sixth: over the monthly limit of 5
    ("acct", False, ()),  # throttled, whatever it asks
]
EXPECTED = [
    (True, None, 4),
    (True, None, 4),
    (True, None, 3),
    (True, None, 3),
    (True, None, 2),
    (True, None, 2),
    (True, None, 1),
    (True, None, 1),
    (False, "daily_history_limit", 1),
    (True, None, 0),
    (False, "velocity_throttled", 1),
    (False, "monthly_limit", 0),
    (False, "velocity_throttled", 1),
]


def settings_for(tmp_path: Path, url: str) -> Settings:
    return Settings(env={"FEEDS_DATA_DIR": str(tmp_path), "FEEDS_REDIS_URL": url, **LIMITS})


def verdicts(decisions: Sequence[Decision]) -> list[tuple[bool, str | None, int]]:
    return [(d.allowed, d.code, d.remaining) for d in decisions]


async def arrive_together(store: QuotaStore, settings: Settings) -> list[Decision]:
    """Every request in the same turn of the event loop, so they make one batch."""
    plan = plans(settings)["starter"]
    decisions = await asyncio.gather(
        *(store.hit_async(account, plan, history=h, items=items) for account, h, items in REQUESTS)
    )
    await store.aclose()
    return list(decisions)


def test_one_round_trip_decides_each_request_as_if_it_came_alone(tmp_path: Path, redis_server) -> None:
    """Thirteen requests of two accounts in one EVALSHA per account: the same verdicts, in order, as one
    `hit` at a time, and the counts they leave are exact."""
    redis_server.flush()
    settings = settings_for(tmp_path, redis_server.url)
    plan = plans(settings)["starter"]
    client = redis.Redis.from_url(redis_server.url)
    with closing(open_quotas(settings)) as store:
        one_at_a_time = [store.hit("seq-" + a, plan, history=h, items=items) for a, h, items in REQUESTS]
        client.config_resetstat()
        together = asyncio.run(arrive_together(store, settings))
        scripts = client.info("commandstats")["cmdstat_evalsha"]["calls"]
        assert verdicts(together) == verdicts(one_at_a_time) == EXPECTED
        assert scripts == 2  # one per account, in one round trip
        acct, other = store.usage("acct", plan), store.usage("other", plan)
    assert (acct["requests"], acct["history_calls"], acct["throttled_until"] is not None) == (4, 3, True)
    assert (other["requests"], other["history_calls"]) == (5, 0)
    client.close()


def test_a_redis_that_forgot_the_script_is_given_it_again(tmp_path: Path, redis_server) -> None:
    redis_server.flush()
    settings = settings_for(tmp_path, redis_server.url)
    plan = plans(settings)["starter"]
    client = redis.Redis.from_url(redis_server.url)
    with closing(open_quotas(settings)) as store:

        async def twice() -> list[Decision]:
            first = await store.hit_async("acct", plan)
            client.script_flush()  # as after a restart without the script
            second = await store.hit_async("acct", plan)
            await store.aclose()
            return [first, second]

        assert [d.remaining for d in asyncio.run(twice())] == [4, 3]
        assert store.usage("acct", plan)["requests"] == 2
    client.close()


def test_a_redis_that_does_not_answer_is_a_backend_unavailable_within_the_timeout(tmp_path: Path) -> None:
    """A server that accepts the connection and never replies: the batch fails after the reply timeout
    (1 s), and the requests that follow fail at once, not one timeout each."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)  # connections are accepted by the kernel; nothing is ever read or answered
        port = silent.getsockname()[1]
        settings = settings_for(tmp_path, f"redis://127.0.0.1:{port}/0")
        plan = plans(settings)["starter"]
        with closing(open_quotas(settings)) as store:

            async def attempts() -> list[float]:
                times = []
                for _ in range(5):
                    started = time.monotonic()
                    with pytest.raises(BackendUnavailable):
                        await store.hit_async("acct", plan)
                    times.append(time.monotonic() - started)
                await store.aclose()
                return times

            first, *rest = asyncio.run(attempts())
    assert 0.9 < first < 3
    assert max(rest) < 0.1


def test_a_unix_socket_with_a_password_and_a_database(tmp_path: Path) -> None:
    """`unix://` URLs, AUTH and SELECT: the counts land in the database the URL names."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server not installed (Debian/Ubuntu: apt-get install redis-server)")
    path = tmp_path / "redis.sock"
    process = subprocess.Popen(
        [
            binary,
            "--port",
            "0",
            "--unixsocket",
            str(path),
            "--requirepass",
            "s3cret",
            "--save",
            "",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while not path.exists():
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.02)
        url = f"unix://:s3cret@{path}?db=3"
        settings = settings_for(tmp_path, url)
        plan = plans(settings)["starter"]
        with closing(open_quotas(settings)) as store:

            async def once() -> Decision:
                decision = await store.hit_async("acct", plan)
                await store.aclose()
                return decision

            assert asyncio.run(once()).remaining == 4
            assert store.usage("acct", plan)["requests"] == 1
        admin = redis.Redis(unix_socket_path=str(path), password="s3cret", db=3)
        assert any(b"{acct}:m:" in k for k in admin.keys("feeds:q:*"))
        assert redis.Redis(unix_socket_path=str(path), password="s3cret", db=0).keys("feeds:q:*") == []
        admin.close()
        wrong = settings_for(tmp_path, f"unix://:wrong@{path}?db=3")
        with closing(open_quotas(wrong)) as store:

            async def refused() -> None:
                with pytest.raises(BackendUnavailable):
                    await store.hit_async("acct", plan)
                await store.aclose()

            asyncio.run(refused())
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_a_tls_url_verified_against_its_certificate(tmp_path: Path) -> None:
    """`rediss://` with `ssl_ca_certs`: the request path speaks TLS and checks the server's certificate."""
    binary, openssl = shutil.which("redis-server"), shutil.which("openssl")
    if binary is None or openssl is None:
        pytest.skip("redis-server or openssl not installed (Debian/Ubuntu: apt-get install redis-server openssl)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            *(openssl, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"),
            *("-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)),
        ],
        check=True,
        capture_output=True,
    )
    port = free_port()
    process = subprocess.Popen(
        [
            *(binary, "--port", "0", "--tls-port", str(port), "--tls-cert-file", str(cert), "--tls-key-file", str(key)),
            *("--tls-ca-cert-file", str(cert), "--tls-auth-clients", "no", "--save", "", "--dir", str(tmp_path)),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port)
        settings = settings_for(tmp_path, f"rediss://127.0.0.1:{port}/0?ssl_ca_certs={cert}")
        plan = plans(settings)["starter"]
        with closing(open_quotas(settings)) as store:

            async def twice() -> list[int]:
                decisions = [await store.hit_async("acct", plan) for _ in range(2)]
                await store.aclose()
                return [d.remaining for d in decisions]

            assert asyncio.run(twice()) == [4, 3]
            assert store.usage("acct", plan)["requests"] == 2
        untrusted = settings_for(tmp_path / "other", f"rediss://127.0.0.1:{port}/0")  # the system's CAs only
        with closing(open_quotas(untrusted)) as store:

            async def refused() -> None:
                with pytest.raises(BackendUnavailable):
                    await store.hit_async("acct", plan)
                await store.aclose()

            asyncio.run(refused())
    finally:
        process.terminate()
        process.wait(timeout=10)


def wait_for_port(port: int) -> None:
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            assert time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.02)


def test_a_redis_busy_with_a_script_is_a_backend_unavailable_until_it_is_free(tmp_path: Path, redis_server) -> None:
    """Redis refusing work for now is the counters being unavailable (503), not a failure of ours (500):
    here BUSY, another client's script running past the busy threshold; after a restart the same holds
    for LOADING, while Redis reads its append-only file. Both paths: the request path's pipe (which hands
    the error reply back in the request's place) and the pooled client's."""
    redis_server.flush()
    settings = settings_for(tmp_path, redis_server.url)
    plan = plans(settings)["starter"]
    admin = redis.Redis.from_url(redis_server.url)
    threshold = admin.config_get("lua-time-limit")["lua-time-limit"]
    admin.config_set("lua-time-limit", 10)
    ended: list[str] = []

    def block() -> None:
        blocker = redis.Redis.from_url(redis_server.url)
        try:
            blocker.eval("while true do end", 0)
        except redis.exceptions.ResponseError as exc:  # killed by SCRIPT KILL
            ended.append(str(exc))
        finally:
            blocker.close()

    thread = threading.Thread(target=block)
    thread.start()
    probe = redis.Redis.from_url(redis_server.url)
    deadline = time.monotonic() + 10
    while True:  # until Redis answers BUSY
        try:
            probe.ping()
        except redis.exceptions.ResponseError as exc:
            assert str(exc).startswith("BUSY")
            break
        assert time.monotonic() < deadline, "Redis never became busy"
        time.sleep(0.02)
    try:
        with closing(open_quotas(settings)) as store:

            async def busy() -> None:
                with pytest.raises(BackendUnavailable):
                    await store.hit_async("acct", plan)
                await store.aclose()

            asyncio.run(busy())
            with pytest.raises(BackendUnavailable):
                store.hit("acct", plan)
            probe.script_kill()
            thread.join(timeout=10)
            time.sleep(0.6)  # past the pause that follows a failure

            async def free() -> Decision:
                decision = await store.hit_async("acct", plan)
                await store.aclose()
                return decision

            assert asyncio.run(free()).allowed
            assert store.usage("acct", plan)["requests"] == 1  # the refused requests counted nothing
    finally:
        if thread.is_alive():
            probe.script_kill()
            thread.join(timeout=10)
        admin.config_set("lua-time-limit", threshold)
        admin.close()
        probe.close()
    assert ended and "kill" in ended[0].lower()
