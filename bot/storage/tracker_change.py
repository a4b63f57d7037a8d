"""One undoable step's transaction as an async context (`TrackerStore.change`).

A class rather than an `asynccontextmanager` generator: the step's closing statement and its
COMMIT run in `__aexit__`, and every trip of a change resumes through this frame, so the
generator's extra layers were paid on each of them (issue 20).
"""

from __future__ import annotations

from types import TracebackType
from typing import TYPE_CHECKING, Any

from bot.storage.dedupe import pending
from bot.storage.scope import StaleCopy, Trust
from bot.storage.scope import trusting as _trusting
from bot.storage.tracker_read import stamped
from bot.storage.tracker_tx import StepTx
from bot.tracker.model import GameState
from bot.tracker.ports import GameChanged

if TYPE_CHECKING:
    from contextlib import AbstractAsyncContextManager

    from bot.storage.db import Tx
    from bot.storage.tracker import TrackerStore


class StepChange:
    """`async with store.change(game_id, …) as tx`: see `TrackerStore.change`."""

    __slots__ = (
        "base",
        "game_id",
        "keep_redo",
        "params",
        "step",
        "step_row",
        "store",
        "trust",
        "unchecked",
        "write",
    )

    def __init__(
        self,
        store: TrackerStore,
        game_id: int,
        step_row: tuple[float, int | None, str | None, str],
        params: dict[str, Any] | None,
        base: GameState | None,
        keep_redo: bool,
    ) -> None:
        self.store = store
        self.game_id = game_id
        self.step_row = step_row
        self.params = params
        self.base = base
        self.keep_redo = keep_redo
        self.trust: Trust | None = None
        self.unchecked = False
        self.write: AbstractAsyncContextManager[Tx] | None = None
        self.step: StepTx | None = None

    async def __aenter__(self) -> StepTx:
        store, base, game_id = self.store, self.base, self.game_id
        await store._prepare()
        expected = base.stamp[0] if base is not None and base.stamp is not None else None
        if expected is not None and base is not None and base.game.id != game_id:
            expected = None
        self.trust = trust = _trusting()
        self.unchecked = trust is not None and game_id in trust.unchecked and expected is not None
        self.write = write = store._db.write()
        tx = await write.__aenter__()
        step = StepTx(store._db, tx, game_id, expected=expected, base=base, params=self.params)
        step.claim = pending()  # claimed by the close, or before the step's first statement
        step.strict = self.unchecked
        self.step = step
        return step

    async def _end(self, exc: BaseException | None) -> None:
        """Leave the write transaction: COMMIT when `exc` is None, else roll back."""
        assert self.write is not None
        if exc is None:
            await self.write.__aexit__(None, None, None)
        else:
            await self.write.__aexit__(type(exc), exc, exc.__traceback__)

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        step = self.step
        assert step is not None
        version = 0
        try:
            if exc is not None:
                await self._end(exc)
                return
            try:
                if not step.events:
                    await step.lock()  # changed nothing: still refused if the game has ended
                else:
                    at, user_id, user_name, action = self.step_row
                    version = await step.close(
                        (at, user_id, user_name, action, step.params),
                        drop_redo=not (self.keep_redo or step.keep_redo),
                    )
            except BaseException as failed:
                await self._end(failed)
                raise
            await self._end(None)
        except GameChanged:
            self._changed()
            raise
        finally:
            if exc is not None and isinstance(exc, GameChanged):
                self._changed()
        self._committed(step, version)

    def _changed(self) -> None:
        """The copy the step stood on was stale: forget it; an unchecked one reruns the command."""
        self.store._games.pop(self.game_id)
        if self.unchecked:
            raise StaleCopy(self.game_id) from None

    def _committed(self, step: StepTx, version: int) -> None:
        store, game_id = self.store, self.game_id
        store._wrote(self.trust, game_id)
        if step.events and step.base is not None and step.base.stamp == (version - 1, 0):
            # The game went from `base` (version v) to this: v + 1.
            after = step.replayed(step.base)
            if after is not None:
                store._keep(stamped(after, version), replayed=True)
                store._checked(game_id, version)
                return
        if step.events:  # written, but not replayable here: the next read fetches the game
            store._games.pop(game_id)
