"""Which guilds this process serves when several shard processes share one database.

Discord puts a guild on shard `(guild_id >> 22) % shard_count` and direct messages on shard 0.
A process runs the shard ids in `ARBITER_SHARD_IDS` (all of them when only the count is set, and
the single shard 0 when neither is). What the gateway does not decide for us, the live board and
the command sync, asks this set.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.config import Settings


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard that receives a guild's events (shard 0 for direct messages)."""
    if guild_id is None or shard_count <= 1:
        return 0
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class ShardSet:
    """The shards one process runs, out of `count`."""

    count: int = 1
    ids: frozenset[int] = frozenset({0})

    @classmethod
    def from_settings(cls, settings: Settings) -> ShardSet:
        count = settings.shard_count or 1
        ids = settings.shard_ids if settings.shard_ids is not None else range(count)
        return cls(count, frozenset(ids))

    def owns(self, guild_id: int | None) -> bool:
        """True when this process receives (and so answers for) the guild."""
        return shard_of(guild_id, self.count) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """Commands are global: only the process running shard 0 pushes them."""
        return 0 in self.ids

    def describe(self) -> str:
        return f"shards {','.join(map(str, sorted(self.ids)))} of {self.count}"
