"""The repository interfaces handlers depend on. A PostgreSQL back end implements the same ones.

Handlers and domain modules only see these protocols (through `Storage`), never SQL.
"""

from __future__ import annotations

from typing import Protocol


class MetaRepo(Protocol):
    async def get(self, key: str) -> str | None: ...

    async def set(self, key: str, value: str) -> None: ...
