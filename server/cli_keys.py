"""`feeds keys`: create, list, revoke and rotate API keys.

A new key is printed once, alone on the last line of output, so a script can take it with
`tail -n 1`; only its hash is stored, so a lost key cannot be shown again, only rotated.
Keys live in the state store (FEEDS_DATA_DIR/state.sqlite); a revocation reaches running server
workers within their key cache's lifetime (5 s), and at once through a notice when FEEDS_REDIS_URL
is set (server/revocations.py).
"""

from __future__ import annotations

import argparse
import sys

from collectors.state_db import state_database
from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings
from server.backends import open_quotas, open_revocations
from server.keys import ApiKey, KeyStore
from server.plans import PLAN_NAMES, plans


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    create = actions.add_parser("create", help="create a key (printed once, on the last line)")
    create.add_argument("--plan", required=True, choices=PLAN_NAMES, help="the key's plan")
    create.add_argument("--name", help="who or what the key is for (shown in lists)")
    actions.add_parser("list", help="every key with its plan, state and this month's usage")
    revoke = actions.add_parser("revoke", help="revoke a key at once (running servers: within seconds)")
    revoke.add_argument("key", metavar="KEY_OR_PREFIX", help="the whole key or its 8-hex-digit prefix")
    rotate = actions.add_parser("rotate", help="replace a key by a new one; quotas carry over")
    rotate.add_argument("key", metavar="KEY_OR_PREFIX", help="the whole key or its 8-hex-digit prefix")


def _describe(key: ApiKey) -> str:
    name = f" {key.name!r}" if key.name else ""
    return f"{key.prefix}{name} plan={key.plan} created={key.created_at} account={key.account}"


def _print_new(key: ApiKey, secret: str) -> None:
    print(_describe(key))
    print("The key follows on the last line. It is shown only this once; store it now.")
    print(secret)


def _list(store: KeyStore, settings: Settings) -> None:
    keys = store.list()
    if not keys:
        print(f"no keys; create one with `feeds keys create --plan {'|'.join(PLAN_NAMES)}`")
        return
    by_name = plans(settings)
    quotas = open_quotas(settings)
    try:
        usage = {k.account: quotas.usage(k.account, by_name[k.plan]) for k in keys if k.plan in by_name}
    finally:
        quotas.close()
    header = ("prefix", "name", "plan", "created", "revoked", "month", "requests", "history today")
    table = [header]
    for k in keys:
        u = usage.get(k.account)
        table.append(
            (
                k.prefix,
                k.name or "-",
                k.plan,
                k.created_at,
                "yes" if k.revoked else "no",
                u["month"] if u else "-",
                f"{u['requests']}/{u['monthly_limit']}" if u else "-",
                f"{u['history_calls']}/{u['daily_history_limit']}" if u else "-",
            )
        )
    widths = [max(len(row[i]) for row in table) for i in range(len(header))]
    for row in table:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    print("Usage is per account (a key and the keys rotated from it); it includes quota reserved by running servers.")


def _announce(settings: Settings, prefix: str) -> None:
    """Send the revocation notice; if it cannot be sent, the key cache's TTL still ends the key."""
    notices = open_revocations(settings)
    try:
        notices.announce(prefix)
    except BackendUnavailable:
        print(
            "feeds keys: Redis unreachable, no revocation notice sent; servers refuse the key within 5 s",
            file=sys.stderr,
        )
    finally:
        notices.close()


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    store = KeyStore(state_database(settings))
    try:
        if args.action == "create":
            _print_new(*store.create(args.plan, args.name))
        elif args.action == "list":
            _list(store, settings)
        elif args.action == "revoke":
            was_revoked = store.get(args.key).revoked
            key = store.revoke(args.key)
            print(f"{'already revoked' if was_revoked else 'revoked'} {_describe(key)}")
            _announce(settings, key.prefix)
        elif args.action == "rotate":
            old = store.get(args.key)
            new, secret = store.rotate(args.key)
            print(f"revoked {_describe(old)}")
            _announce(settings, old.prefix)
            _print_new(new, secret)
    except KeyError as exc:
        print(f"feeds keys: {exc.args[0]}", file=sys.stderr)
        return 1
    except ValueError as exc:
        print(f"feeds keys: {exc}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0
