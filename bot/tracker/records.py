"""The event log as read back from storage, and the refusal storage raises on a bound."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.tracker.model import Counter

# A step's params key: what moved a counter, for the log (`Step.caused`, M2): a list of
# [counter id, before, after, phrase, [stat or token keys]].
CAUSES = "causes"


@dataclass(frozen=True)
class EventRecord:
    """One changed field: `entity` (game, participant, unit, counter, item) row `row_id`."""

    id: int
    entity: str
    row_id: int
    field: str
    before: Any
    after: Any


@dataclass(frozen=True)
class StepRecord:
    """One user action and the events it wrote; `status` is done, undone or dropped."""

    id: int
    at: float
    user_id: int | None
    user_name: str | None
    action: str
    params: dict[str, Any]
    status: str
    undone_at: float | None = None
    undone_by: str | None = None
    events: tuple[EventRecord, ...] = field(default=())


class OutOfBounds(Exception):
    """A change would take a counter outside its bounds; the transaction rolls back."""

    def __init__(self, counter: Counter, value: int) -> None:
        super().__init__(f"{counter.key}={value} outside [{counter.min}, {counter.max}]")
        self.counter = counter
        self.value = value
