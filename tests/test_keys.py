"""API keys: creation, authentication, revocation, rotation (same account), storage and the CLI."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from feeds.cli import main
from feeds.settings import Settings
from server.backends import open_revocations
from server.keys import KEY_RE, KeyStore
from server.revocations import RedisRevocations
from tests.conftest import StateBackend


@pytest.fixture
def store(state_backend: StateBackend) -> KeyStore:
    """A key store on every backend (SQLite, PostgreSQL)."""
    s = KeyStore(state_backend.open())
    yield s
    s.close()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("FEEDS_DATA_DIR", str(tmp_path / "var"))
    return tmp_path / "var"


def test_created_key_has_the_documented_format_and_authenticates(store: KeyStore) -> None:
    key, secret = store.create("starter", name="acme")
    assert re.fullmatch(r"fk_[0-9a-f]{8}_[A-Za-z0-9_-]{32,}", secret)
    assert secret.split("_", 2)[1] == key.prefix
    assert (key.plan, key.name, key.revoked, key.account) == ("starter", "acme", False, key.prefix)
    assert store.authenticate(secret) == key
    assert store.list() == [key]


def test_unknown_plan_is_refused(store: KeyStore) -> None:
    with pytest.raises(ValueError, match="unknown plan"):
        store.create("enterprise")


@pytest.mark.parametrize(
    "mangle",
    [
        lambda s: "",
        lambda s: s[:-1] + ("A" if s[-1] != "A" else "B"),  # right prefix, wrong secret
        lambda s: s.upper(),
        lambda s: s[:20],
        lambda s: "Bearer " + s,
        lambda s: s + " ",
        lambda s: s.replace("fk_", "sk_", 1),
        lambda s: s[:3] + "0" * 8 + s[11:],  # unknown prefix, well-formed
        lambda s: s + "x" * 200,  # too long
    ],
)
def test_malformed_wrong_and_unknown_keys_are_refused(store: KeyStore, mangle) -> None:
    _, secret = store.create("pro")
    bad = mangle(secret)
    assert bad != secret
    assert store.authenticate(bad) is None
    assert store.authenticate(secret) is not None


def test_non_string_is_refused(store: KeyStore) -> None:
    assert store.authenticate(None) is None  # type: ignore[arg-type]


def test_revoke_by_prefix_or_whole_key(store: KeyStore) -> None:
    a, secret_a = store.create("starter")
    _, secret_b = store.create("starter")
    assert store.revoke(a.prefix).revoked
    assert store.authenticate(secret_a) is None
    assert store.revoke(secret_b).revoked
    assert store.authenticate(secret_b) is None
    assert store.revoke(f"fk_{a.prefix}").revoked  # idempotent, accepts the fk_ form too
    assert [k.revoked for k in store.list()] == [True, True]


def test_unknown_key_or_prefix_is_a_clear_key_error(store: KeyStore) -> None:
    key, secret = store.create("starter")
    with pytest.raises(KeyError, match="no API key with prefix 00000000"):
        store.revoke("00000000")
    with pytest.raises(KeyError, match="neither an API key nor a key prefix"):
        store.rotate("nope")
    wrong = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    with pytest.raises(KeyError, match=key.prefix):  # a whole key must match its hash to act on it
        store.revoke(wrong)
    assert store.authenticate(secret) == key


def test_rotate_revokes_the_old_key_and_keeps_plan_name_and_account(store: KeyStore) -> None:
    first, secret1 = store.create("pro", name="acme")
    second, secret2 = store.rotate(first.prefix)
    third, secret3 = store.rotate(secret2)
    assert store.authenticate(secret1) is None
    assert store.authenticate(secret2) is None
    found = store.authenticate(secret3)
    assert found == third
    assert (third.plan, third.name, third.revoked) == ("pro", "acme", False)
    assert first.account == second.account == third.account == first.prefix
    assert len({first.prefix, second.prefix, third.prefix}) == 3
    assert {k.prefix: k.account for k in store.list()} == dict.fromkeys(
        (first.prefix, second.prefix, third.prefix), first.prefix
    )
    with pytest.raises(ValueError, match="revoked"):
        store.rotate(first.prefix)


def test_only_the_hash_is_stored(tmp_path: Path) -> None:
    store = KeyStore(tmp_path / "state.sqlite")
    secrets_made = [store.create("starter")[1], store.rotate(store.create("pro")[0].prefix)[1]]
    store.close()
    blob = b"".join(p.read_bytes() for p in tmp_path.iterdir() if p.is_file())
    assert blob, "nothing written"
    for secret in secrets_made:
        prefix, random_part = secret.split("_", 2)[1:]
        assert prefix.encode() in blob  # the prefix is stored, so the search does look at the data
        assert secret.encode() not in blob
        assert random_part.encode() not in blob
        assert random_part[:16].encode() not in blob


def test_revocation_reaches_another_store_within_its_ttl(state_backend: StateBackend) -> None:
    admin = KeyStore(state_backend.open())
    server = KeyStore(state_backend.open(), cache_ttl=0.2)
    key, secret = admin.create("starter")
    assert server.authenticate(secret) == key  # now cached in the server
    admin.revoke(key.prefix)
    assert admin.authenticate(secret) is None  # the revoking process forgets at once
    assert server.authenticate(secret) == key  # the other process may still accept it within the TTL
    deadline = time.monotonic() + 2
    while server.authenticate(secret) is not None:
        assert time.monotonic() < deadline, "revocation not seen after the TTL"
        time.sleep(0.05)
    admin.close()
    server.close()


def test_a_revocation_notice_ends_a_cached_key(tmp_path: Path, backend_env: dict[str, str]) -> None:
    """The notice reaches listeners at once: in this process with SQLite, in every process with Redis;
    even with a key store that never sees the revocation itself (a long TTL, another keys table)."""
    settings = Settings(env={"FEEDS_DATA_DIR": str(tmp_path), **backend_env})
    admin = KeyStore(tmp_path / "admin.sqlite")
    key, secret = admin.create("starter")
    server = KeyStore(tmp_path / "admin.sqlite", cache_ttl=3600)
    assert server.authenticate(secret) == key  # cached for an hour
    listening = open_revocations(settings)
    listening.listen(server.forget)
    announcing = open_revocations(settings) if backend_env else listening
    try:
        if isinstance(listening, RedisRevocations):
            assert listening.connected.wait(5)
        announcing.announce(key.prefix)
        deadline = time.monotonic() + 2
        while server.authenticate(secret) is not None:
            assert time.monotonic() < deadline, "notice not heard"
            time.sleep(0.01)
        later = KeyStore(tmp_path / "admin.sqlite", cache_ttl=3600)  # a worker started after the notice
        assert later.authenticate(secret) == key
        relisten = open_revocations(settings)
        relisten.listen(later.forget)
        if isinstance(relisten, RedisRevocations):  # Redis keeps the set: a late listener hears past notices
            assert relisten.connected.wait(5)
            assert later.authenticate(secret) is None
        relisten.close()
        later.close()
    finally:
        for notices in {id(listening): listening, id(announcing): announcing}.values():
            notices.close()
        admin.close()
        server.close()


def test_authenticate_is_fast(store: KeyStore) -> None:
    _, secret = store.create("starter")
    store.authenticate(secret)
    n = 20_000
    start = time.perf_counter()
    for _ in range(n):
        store.authenticate(secret)
    per_call = (time.perf_counter() - start) / n
    assert per_call < 50e-6, f"authenticate() takes {per_call * 1e6:.1f} µs"


# -- the command line ---------------------------------------------------------------------------


def test_cli_create_prints_the_key_alone_on_the_last_line(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["keys", "create", "--plan", "starter", "--name", "acme"]) == 0
    out = capsys.readouterr().out
    lines = out.rstrip("\n").split("\n")
    secret = lines[-1]
    assert KEY_RE.fullmatch(secret)
    assert out.count(secret) == 1  # shown once
    store = KeyStore(data_dir / "state.sqlite")
    key = store.authenticate(secret)
    assert key is not None and (key.plan, key.name) == ("starter", "acme")
    store.close()


def test_cli_list_revoke_rotate(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    main(["keys", "create", "--plan", "pro", "--name", "acme"])
    first = capsys.readouterr().out.splitlines()[-1]
    prefix = first.split("_")[1]

    assert main(["keys", "rotate", prefix]) == 0
    second = capsys.readouterr().out.splitlines()[-1]
    assert KEY_RE.fullmatch(second) and second != first

    store = KeyStore(data_dir / "state.sqlite", cache_ttl=0)  # no cache: sees the CLI's changes at once
    assert store.authenticate(first) is None
    new = store.authenticate(second)
    assert new is not None and new.account == prefix and new.plan == "pro"

    assert main(["keys", "revoke", second]) == 0
    assert "revoked" in capsys.readouterr().out
    assert store.authenticate(second) is None
    store.close()

    assert main(["keys", "list"]) == 0
    out = capsys.readouterr().out
    assert prefix in out and new.prefix in out
    assert first not in out and second not in out
    rows = [line.split() for line in out.splitlines() if line.startswith((prefix, new.prefix))]
    assert [row[4] for row in rows] == ["yes", "yes"]  # revoked column
    assert all(row[-2] == "0/250000" for row in rows)  # this month's usage column


def test_cli_list_shows_this_months_usage(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    from feeds.settings import Settings
    from server.plans import plans
    from server.quotas import Quotas

    main(["keys", "create", "--plan", "starter"])
    prefix = capsys.readouterr().out.splitlines()[-1].split("_")[1]
    settings = Settings()
    quotas = Quotas(settings)
    for _ in range(3):
        assert quotas.hit(prefix, plans(settings)["starter"], history=True).allowed
    quotas.close()
    main(["keys", "list"])
    row = next(line.split() for line in capsys.readouterr().out.splitlines() if line.startswith(prefix))
    assert row[-2:] == ["3/10000", "3/200"]


@pytest.mark.parametrize("action", ["revoke", "rotate"])
def test_cli_unknown_key_is_an_error(data_dir: Path, capsys: pytest.CaptureFixture, action: str) -> None:
    assert main(["keys", action, "abcdef12"]) == 1
    captured = capsys.readouterr()
    assert "no API key with prefix abcdef12" in captured.err
    assert captured.out == ""


def test_cli_rotating_a_revoked_key_is_an_error(data_dir: Path, capsys: pytest.CaptureFixture) -> None:
    main(["keys", "create", "--plan", "starter"])
    prefix = capsys.readouterr().out.splitlines()[-1].split("_")[1]
    main(["keys", "revoke", prefix])
    capsys.readouterr()
    assert main(["keys", "rotate", prefix]) == 1
    assert "revoked" in capsys.readouterr().err
