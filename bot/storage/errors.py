"""What can go wrong with the database, as types: one per machine fault, each with its message key.

Back ends translate their driver's errors into these, so the handler layer can answer a fault in
the user's language ("the disk is full, nothing was changed") without knowing the driver.
A fault is raised before anything is committed: the transaction it hit was rolled back.
"""

from __future__ import annotations


class StorageError(RuntimeError):
    """The database cannot be used; the message says which database and why, in one line."""


class SchemaTooNew(StorageError):
    """The database was written by a newer version of Arbiter."""


class StorageFault(StorageError):
    """A machine fault met while serving a command; `key` names its catalogue message."""

    key = "storage.error.unavailable"


class DatabaseUnavailable(StorageFault):
    """The database cannot be reached (server stopped, connection lost, I/O error)."""

    key = "storage.error.unavailable"


class DatabaseReadOnly(StorageFault):
    """The database (file or server) refuses writes."""

    key = "storage.error.read_only"


class DatabaseFull(StorageFault):
    """The disk under the database is full."""

    key = "storage.error.full"


class DatabaseBusy(StorageFault):
    """Another program held the database's lock for longer than the busy timeout."""

    key = "storage.error.busy"


class DatabaseCorrupt(StorageFault):
    """The database's pages are damaged (or the file is not a database)."""

    key = "storage.error.corrupt"


class UniqueViolation(Exception):
    """A unique constraint refused a row (for example a second active game in a channel)."""


FAULTS: tuple[type[StorageFault], ...] = (
    DatabaseUnavailable,
    DatabaseReadOnly,
    DatabaseFull,
    DatabaseBusy,
    DatabaseCorrupt,
)
