"""`feeds claims`: the daily review of maintainer claims.

    feeds claims list [--status S]        # default: verified (the review queue); `all` for every claim
    feeds claims show ID
    feeds claims approve ID               # shown on the entity page from the next build
    feeds claims reject ID --reason R     # also withdraws an approved claim from the next build

Approval only takes a verified claim: an address that never followed its link is not a maintainer.
"""

from __future__ import annotations

import argparse
import sys

from collectors.claims import LIST_STATUSES, REASON_MAX, ClaimStateError, ClaimStore
from collectors.state_db import state_database
from feeds.settings import Settings


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = sub.add_parser("list", help="list claims (default: the verified ones awaiting review)")
    listing.add_argument("--status", choices=LIST_STATUSES, default="verified", help="which claims (default verified)")
    show = sub.add_parser("show", help="show one claim and its submission")
    show.add_argument("id")
    approve = sub.add_parser("approve", help="approve a verified claim; the next build shows it")
    approve.add_argument("id")
    reject = sub.add_parser("reject", help="reject a claim (an approved one leaves the next build)")
    reject.add_argument("id")
    reject.add_argument("--reason", required=True, help="why (kept with the claim)")


def _summary(text: str | None, width: int = 50) -> str:
    one = " ".join((text or "").split())
    return one if len(one) <= width else one[: width - 1] + "…"


def _list(store: ClaimStore, status: str) -> int:
    claims = store.list(status)
    if not claims:
        print(f"no {status} claims" if status != "all" else "no claims")
        return 0
    print(f"{'id':<19} {'status':<9} {'created':<20} {'proof':<5} {'email':<30} entity")
    for claim in claims:
        proof = "repo" if claim.proved_at else "-"
        print(
            f"{claim.id:<19} {claim.shown_status():<9} {claim.created_at:<20} {proof:<5} "
            f"{_summary(claim.email, 30):<30} {claim.entity}"
        )
    print(f"{len(claims)} claim(s)")
    return 0


def _show(store: ClaimStore, claim_id: str) -> int:
    claim = store.get(claim_id)
    if claim is None:
        print(f"feeds claims: no claim {claim_id}", file=sys.stderr)
        return 1
    fields = [
        ("id", claim.id),
        ("status", claim.shown_status()),
        ("entity", claim.entity),
        ("feed", claim.feed),
        ("key", claim.entity_key),
        ("email", claim.email),
        ("created", claim.created_at),
        ("expires", claim.expires_at),
        ("verified", claim.verified_at),
        ("repository", claim.repo),
        ("proved", claim.proved_at),
        ("reviewed", claim.reviewed_at),
        ("reason", claim.reason),
    ]
    for name, value in fields:
        print(f"{name + ':':<12}{value if value is not None else '-'}")
    submission = claim.submission
    if submission.get("description"):
        print("\ndescription:\n" + _indent(submission["description"]))
    for section, pairs, a, b in (("pricing", "plans", "plan", "price"), ("corrections", "fields", "field", "value")):
        part = submission.get(section)
        if not part:
            continue
        print(f"\n{section}:")
        if part.get("text"):
            print(_indent(part["text"]))
        for pair in part.get(pairs) or []:
            print(f"    {pair[a]}: {pair[b]}")
    return 0


def _indent(text: str) -> str:
    return "\n".join("    " + line for line in text.splitlines())


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    store = ClaimStore(state_database(settings))
    try:
        if args.action == "list":
            return _list(store, args.status)
        if args.action == "show":
            return _show(store, args.id)
        try:
            if args.action == "approve":
                claim = store.approve(args.id)
                print(f"approved {claim.id} ({claim.entity}); it shows from the next build")
            else:
                reason = " ".join(args.reason.split())
                if not reason or len(reason) > REASON_MAX:
                    print(f"feeds claims: --reason must be 1 to {REASON_MAX} characters", file=sys.stderr)
                    return 2
                claim = store.reject(args.id, reason)
                print(f"rejected {claim.id} ({claim.entity}): {reason}")
        except KeyError:
            print(f"feeds claims: no claim {args.id}", file=sys.stderr)
            return 1
        except ClaimStateError as exc:
            print(f"feeds claims: {exc}", file=sys.stderr)
            return 1
        return 0
    finally:
        store.close()
