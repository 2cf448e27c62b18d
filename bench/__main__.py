"""`python -m bench [backfill|build|server|redis|edge|asof|pricing|all] [--profile] [--prefix-days N]
[--corpus DIR]`: run the benchmark parts and print their figures."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from bench import asof, backfill, build, edge, pricing, redis_backend, server
from bench.report import cache_root


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parts = ("backfill", "build", "server", "redis", "edge", "asof", "pricing", "all")
    parser.add_argument("part", nargs="?", default="all", choices=parts)
    parser.add_argument("--profile", action="store_true", help="profile the build even when it meets its targets")
    parser.add_argument(
        "--growth-days",
        type=int,
        help="build: also time the nightly build over an archive of this many days (1095: three years; "
        "generated and cached first, ~3x the one-year archive's time)",
    )
    parser.add_argument(
        "--prefix-days",
        type=int,
        help="build: also time the nightly build over the archive's first N days (e.g. 182), from the same "
        "cached archive: how the nightly cost grows with the archive's age, with no longer archive to generate",
    )
    parser.add_argument("--corpus", type=Path, help="pricing: a labelled corpus other than the committed one")
    parser.add_argument("--verbose", action="store_true", help="pricing: list every missed and wrong price")
    args = parser.parse_args(argv)
    started = time.monotonic()
    print(f"feeds bench: {args.part} (cache: {cache_root()})", flush=True)
    ok = True
    if args.part in ("backfill", "all"):
        ok &= backfill.run()
    if args.part in ("build", "all"):
        ok &= build.run(force_profile=args.profile, growth_days=args.growth_days, prefix_days=args.prefix_days)
    if args.part in ("server", "all"):
        ok &= server.run()
    if args.part in ("redis", "all"):
        ok &= redis_backend.run()
    if args.part in ("edge", "all"):
        ok &= edge.run()
    if args.part in ("asof", "all"):
        ok &= asof.run()
    if args.part in ("pricing", "all"):
        ok &= pricing.run(args.corpus, verbose=args.verbose)
    print(f"\nbench finished in {time.monotonic() - started:.0f} s", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
