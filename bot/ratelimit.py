"""Per-user budgets for heavy commands: big rolls, exports, `/game show` of a big game.

Each kind has a budget of units per sliding window (dice rolled per minute, exports per minute).
A user over it is refused in words, privately, with the seconds until enough of the window has
passed; everyone else is unaffected. The counts live in this process only: with several shard
processes a user is limited per process (a guild is served by one shard, so in practice per
guild), which is what protects each process's event loop.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    amount: float  # units allowed in any `window`
    window: float  # seconds


BUDGETS: dict[str, Budget] = {
    "dice": Budget(5000, 60.0),  # dice rolled by `/roll` (a `1000d1000` is 1000)
    "export": Budget(3, 60.0),  # `/game export`
    "show": Budget(12, 60.0),  # `/game show` of a game with `HEAVY_UNITS` or more
}
HEAVY_UNITS = 50
KEEP_USERS = 10_000  # past this many (kind, user) entries, idle ones are forgotten


class RateLimited(Exception):
    """Over budget: `retry_after` seconds until the command is taken again."""

    def __init__(self, kind: str, retry_after: float) -> None:
        super().__init__(f"{kind}: retry in {retry_after:.1f} s")
        self.kind = kind
        self.retry_after = retry_after


class RateLimits:
    """What each user spent of each budget, by (kind, user id): (time, units) newest last."""

    def __init__(self, budgets: dict[str, Budget] | None = None) -> None:
        self.budgets = dict(BUDGETS if budgets is None else budgets)
        self._spent: dict[tuple[str, int], deque[tuple[float, float]]] = {}

    def _window(self, kind: str, user_id: int, now: float) -> deque[tuple[float, float]]:
        budget = self.budgets[kind]
        spent = self._spent.setdefault((kind, user_id), deque())
        while spent and spent[0][0] <= now - budget.window:
            spent.popleft()
        return spent

    def check(self, kind: str, user_id: int, now: float, units: float = 1) -> None:
        """Refuse (RateLimited) when `units` more would pass the user's budget of `kind`.

        A single request bigger than the whole budget is allowed once the window is empty; a kind
        with no budget is not limited."""
        budget = self.budgets.get(kind)
        if budget is None:
            return
        spent = self._window(kind, user_id, now)
        used = sum(u for _, u in spent)
        if not spent or used + min(units, budget.amount) <= budget.amount:
            return
        # The earliest time enough of what was spent has left the window.
        need = used + min(units, budget.amount) - budget.amount
        freed = 0.0
        for at, u in spent:
            freed += u
            if freed >= need:
                raise RateLimited(kind, max(0.0, at + budget.window - now))
        raise RateLimited(kind, max(0.0, spent[-1][0] + budget.window - now))

    def spend(self, kind: str, user_id: int, now: float, units: float = 1) -> None:
        if units <= 0 or kind not in self.budgets:
            return
        self._window(kind, user_id, now).append((now, units))
        if len(self._spent) > KEEP_USERS:
            self._forget(now)

    def take(self, kind: str, user_id: int, now: float, units: float = 1) -> None:
        """`check`, then `spend`: one request of `units`."""
        self.check(kind, user_id, now, units)
        self.spend(kind, user_id, now, units)

    def _forget(self, now: float) -> None:
        for key in list(self._spent):
            if not self._window(key[0], key[1], now):
                del self._spent[key]
