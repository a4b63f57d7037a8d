"""The copies of games a store keeps in memory, bounded by count and by estimated bytes.

A game at the unit cap takes about a third of a megabyte as Python objects, so a count alone
does not bound memory (issue 18: 512 games of 3,800 units would be about 2 GB). The estimate is
calibrated against `tracemalloc` on parsed games: about 500 bytes per player or unit row, 110
per counter or token, 100 per list item, 1 kB for the game itself.
"""

from __future__ import annotations

from collections import OrderedDict

from bot.tracker.model import GameState

CACHED_GAMES = 512
CACHED_BYTES = 64 * 1024 * 1024


def estimate(state: GameState) -> int:
    """Bytes the game's objects take in memory, roughly (within a factor of two)."""
    holders = (*state.all_participants, *state.all_units)
    counters = sum(len(h.counters) + len(h.tokens) for h in holders)
    items = sum(len(v) for p in state.all_participants for v in p.lists.values())
    return 1000 + 500 * len(holders) + 110 * counters + 100 * items


class GameCache:
    """Least recently used games by id, evicted past `max_games` or `max_bytes` (estimated).

    A game bigger than `max_bytes` alone is not kept at all."""

    def __init__(self, max_games: int = CACHED_GAMES, max_bytes: int = CACHED_BYTES) -> None:
        self.max_games = max_games
        self.max_bytes = max_bytes
        self._games: OrderedDict[int, tuple[GameState, int]] = OrderedDict()
        self._channels: dict[int, int] = {}  # channel id -> the active game last kept for it
        self.bytes = 0

    def __len__(self) -> int:
        return len(self._games)

    def get(self, game_id: int) -> GameState | None:
        """The game kept (now the most recently used), or None."""
        found = self._games.get(game_id)
        if found is None:
            return None
        self._games.move_to_end(game_id)
        return found[0]

    def peek(self, game_id: int) -> GameState | None:
        found = self._games.get(game_id)
        return found[0] if found else None

    def put(self, state: GameState, *, same_shape: bool = False) -> None:
        """Keep `state`; `same_shape` (a change's replay: counter values moved, no row came or
        went) keeps the estimate of the copy it replaces instead of counting the game again."""
        gid = state.game.id
        kept = self._games.get(gid) if same_shape else None
        self.pop(gid)
        size = kept[1] if kept is not None else estimate(state)
        if size > self.max_bytes:
            return
        self._games[gid] = (state, size)
        self.bytes += size
        if state.game.active:
            self._channels[state.game.channel_id] = gid
        while len(self._games) > self.max_games or self.bytes > self.max_bytes:
            _, (_, dropped) = self._games.popitem(last=False)
            self.bytes -= dropped

    def active_in(self, channel_id: int) -> GameState | None:
        """The copy kept of the channel's active game, if any (unchecked: see `scope.trusting`)."""
        gid = self._channels.get(channel_id)
        found = self._games.get(gid) if gid is not None else None
        if found is None or not found[0].game.active or found[0].game.channel_id != channel_id:
            return None
        return found[0]

    def pop(self, game_id: int) -> None:
        found = self._games.pop(game_id, None)
        if found is not None:
            self.bytes -= found[1]
