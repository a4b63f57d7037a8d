"""The small interface every back end offers the repositories: snapshots, write transactions.

Repositories write SQL once, with `?` placeholders (PostgreSQL's back end numbers them), and ask
the back end for round trips by need: `snapshot` runs several reads as one consistent read, a
write transaction begins with its first statement, `many` sends one statement for many rows in
one trip, and `final` is the last statement (alone, the whole transaction on PostgreSQL). Each
call is one trip, so the repositories send few statements that return what they need.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

Row = Sequence[Any]
Statement = tuple[str, Sequence[Any]]

_MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path) -> list[Migration]:
    """Every migration file in version order; gaps or duplicates are an error."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _MIGRATION_NAME.match(path.name)
        if not match:
            raise ValueError(f"bad migration file name: {path.name}")
        found.append(Migration(int(match.group(1)), path.stem, path.read_text("utf-8")))
    versions = [m.version for m in found]
    if versions != list(range(1, len(found) + 1)):
        raise ValueError(f"migrations must be numbered 1..n without gaps, got {versions}")
    return found


class Tx(Protocol):
    """An open write transaction."""

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def batch(self, statements: Sequence[Statement]) -> list[list[Row]]: ...

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """`sql` once per row of arguments, in one trip; no answer."""
        ...

    async def final(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        """The transaction's last statement before COMMIT (alone, it is the whole transaction:
        PostgreSQL then runs it without BEGIN and COMMIT)."""
        ...

    def at_commit(self, sql: str, args: Sequence[Any] = ()) -> None:
        """Run this statement just before COMMIT (in the same trip where the back end can)."""
        ...


class Db(Protocol):
    """One database: SQLite file or PostgreSQL server."""

    dialect: str  # "sqlite" or "postgresql"
    name: str  # what messages call it: the file path or the URL without its password

    async def snapshot(self, statements: Sequence[Statement]) -> list[list[Row]]:
        """Several reads that see one consistent state of the database."""
        ...

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    def write(self) -> AbstractAsyncContextManager[Tx]:
        """A write transaction: committed on exit, rolled back on any error."""
        ...

    def ids(self, values: Sequence[int]) -> Any:
        """`values` as the argument of `IN_IDS` (see `in_ids`)."""
        ...

    def in_ids(self, column: str) -> str:
        """SQL for `column` being one of a list of ids passed as one argument."""
        ...

    def encode(self, value: Any) -> Any:
        """An event's before/after value as the column stores it."""
        ...

    def decode(self, value: Any) -> Any: ...

    async def schema_version(self) -> int: ...

    async def migrate(self, migrations: list[Migration] | None = None) -> list[int]: ...

    async def self_check(self) -> list[str]:
        """Problems that make the database unfit to serve (read-only, damaged); empty when fine."""
        ...

    async def close(self) -> None: ...
