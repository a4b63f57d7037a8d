"""`python -m bot migrate-db --to postgresql://…`: move an install's database, verified.

`--verify` only compares an existing copy with its source. No URL is printed with its password.
"""

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
    p.add_argument("--verify", action="store_true", help=h("opt.verify"))
    p.set_defaults(func=cmd_migrate_db)


def shown(target: str) -> str:
    """A database as messages may show it: a URL without its password."""
    from bot.storage import is_postgres_url
    from bot.storage.postgres import safe_url

    return safe_url(target) if is_postgres_url(target) else target


def cmd_migrate_db(args: argparse.Namespace, settings: Settings) -> int:
    from bot.storage import StorageError, StorageFault, is_postgres_url
    from bot.storage.migrate import MigrationRefused, migrate

    source = args.source or str(settings.db_path)
    if not is_postgres_url(source) and not Path(source).is_file():
        print(f"arbiter: migrate-db: no database at {shown(source)!r}", file=sys.stderr)
        return 1
    try:
        report = asyncio.run(migrate(source, args.to, verify_only=args.verify))
    except MigrationRefused as exc:
        print(f"arbiter: migrate-db refused: {exc}", file=sys.stderr)
        return 1
    except (StorageError, StorageFault) as exc:
        print(f"arbiter: migrate-db: {_masked(str(exc), source, args.to)}", file=sys.stderr)
        return 1
    if report.existing:
        print(f"{shown(args.to)} already holds a copy of {shown(source)}; nothing was copied")
    else:
        print(f"copied {shown(source)} → {shown(args.to)}")
    for table, n in report.counts.items():
        print(f"  {table}: {n} rows")
    print(f"verified: row counts and checksums per table ({report.rows_checksum[:16]}),")
    print(f"  state checksum of {report.games} games {report.state_checksum[:16]}")
    return 0


def _masked(text: str, *urls: str) -> str:
    for url in urls:
        text = text.replace(url, shown(url))
    return text
