"""`python -m bot backup PATH`: an online, verified SQLite copy of the bot's database.

Safe while the bot runs (see bot/storage/backup.py); exit 0 when PATH holds the verified copy,
1 when it could not be made (PATH is then not written).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.config import Settings

from .migrate_db import shown
from .texts import h


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("backup", help=h("backup"))
    p.add_argument("path", type=Path, help=h("opt.backup_path"))
    p.add_argument("--from", dest="source", help=h("opt.from"))
    p.set_defaults(func=cmd_backup)


def cmd_backup(args: argparse.Namespace, settings: Settings) -> int:
    from bot.storage import StorageError
    from bot.storage.backup import BackupFailed, backup

    source = str(args.source or settings.database)
    try:
        report = asyncio.run(backup(source, args.path))
    except (BackupFailed, StorageError) as exc:
        message = str(exc).replace(source, shown(source))
        print(f"arbiter: backup failed: {message}", file=sys.stderr)
        return 1
    print(f"backup of {shown(source)} → {report.path}")
    for table, entry in report.tables.items():
        print(f"  {table}: {entry.rows} rows")
    print("verified: row counts and checksums per table, integrity check ok")
    return 0
