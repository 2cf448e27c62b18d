"""`feeds db migrate` and `feeds db status`: the state store's schema, created and upgraded on purpose.

With FEEDS_DATABASE_URL set, `feeds db migrate` is the only thing that changes the PostgreSQL schema
(run it before starting a release that needs a newer one; a server refuses to start on an older
schema). Without it, the SQLite file is migrated when opened; the command works there too.
Exit codes: 0 done (or nothing to do), 1 the database is unreachable, 3 the schema is newer than this
release knows (or, for `status`, not current).
"""

from __future__ import annotations

import argparse
import sys

from collectors.db import SchemaNotReady
from collectors.schema import LATEST, MIGRATIONS, migrate, schema_version
from collectors.state_db import unchecked_database
from collectors.unavailable import BackendUnavailable
from feeds.settings import Settings

EXIT_UNREACHABLE = 1
EXIT_SCHEMA = 3


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    actions.add_parser("migrate", help="create or upgrade the state store's schema (safe to run again)")
    actions.add_parser("status", help="show the schema version of the state store and what is missing")


def run(args: argparse.Namespace, settings: Settings) -> int:
    settings.ensure_dirs()
    db = unchecked_database(settings)
    where = f"{db.describe()} ({db.dialect})"
    try:
        if args.action == "migrate":
            before = schema_version(db)
            applied = migrate(db)
            for migration in applied:
                print(f"applied {migration.version}: {migration.name}")
            if applied:
                print(f"{where}: schema version {before} -> {LATEST}")
            else:
                print(f"{where}: schema version {before} is current; nothing to do")
            return 0
        version = schema_version(db)
        print(f"{where}: schema version {version} (this release: {LATEST})")
        for migration in MIGRATIONS:
            if migration.version > version:
                print(f"missing {migration.version}: {migration.name}")
        return 0 if version == LATEST else EXIT_SCHEMA
    except BackendUnavailable as exc:
        print(f"feeds db {args.action}: {exc}", file=sys.stderr)
        return EXIT_UNREACHABLE
    except SchemaNotReady as exc:
        print(f"feeds db {args.action}: {exc}", file=sys.stderr)
        return EXIT_SCHEMA
    finally:
        db.close()
