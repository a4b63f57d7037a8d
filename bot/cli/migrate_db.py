"""`python -m bot migrate-db --to postgresql://…`: move an install's database, verified."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import Settings

from .texts import h


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "migrate-db",
        help=h("migrate_db"),
    )
    p.add_argument("--to", required=True, help=h("opt.to"))
    p.add_argument("--from", dest="source", help=h("opt.from"))
    p.set_defaults(func=cmd_migrate_db)


def cmd_migrate_db(args: argparse.Namespace, settings: Settings) -> int:
    from bot.storage import is_postgres_url
    from bot.storage.migrate import MigrationRefused, migrate
    from bot.storage.postgres import safe_url

    source = args.source or str(settings.db_path)
    if not is_postgres_url(source) and not Path(source).is_file():
        print(f"arbiter: migrate-db: no database at {source!r}", file=sys.stderr)
        return 1
    try:
        report = asyncio.run(migrate(source, args.to))
    except MigrationRefused as exc:
        print(f"arbiter: migrate-db refused: {exc}", file=sys.stderr)
        return 1
    shown = safe_url(args.to) if is_postgres_url(args.to) else args.to
    print(f"copied {source} → {shown}")
    for table, n in report.counts.items():
        print(f"  {table}: {n} rows")
    print(f"verified: row counts, rows checksum {report.rows_checksum[:16]},")
    print(f"  state checksum of {report.games} games {report.state_checksum[:16]}")
    return 0
