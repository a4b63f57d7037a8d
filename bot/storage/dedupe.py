"""Each Discord interaction applies once, even if two processes receive it (a second guard
behind the instance lock, bot/storage/lock.py).

The front end marks the interaction being served (`delivering(interaction_id)`, a context
variable, so the core never sees it); the first write transaction of that interaction claims
its id in `interactions` inside the same transaction as the change. If the id is there already,
another delivery applied it: `DuplicateInteraction`, the transaction rolls back and the front
end answers nothing (Discord takes one answer per interaction). Ids older than `KEEP_S` are
pruned now and then, in a claiming transaction; Discord never redelivers one that old.
"""

from __future__ import annotations

import itertools
import time
from contextvars import ContextVar
from dataclasses import dataclass

from bot.storage.db import Tx

KEEP_S = 3600.0  # an interaction can be answered for 15 minutes; kept four times as long
PRUNE_EVERY = 200  # claims between two prunes in one process


class DuplicateInteraction(Exception):
    """This interaction was already applied (by this process or another one)."""


@dataclass
class Delivery:
    interaction_id: int
    claimed: bool = False
    by: object = None  # the transaction that claimed it (its rollback takes the claim back)


_current: ContextVar[Delivery | None] = ContextVar("arbiter_delivery", default=None)
_claims = itertools.count(1)


def delivering(interaction_id: int) -> None:
    """The rest of this task serves interaction `interaction_id`."""
    _current.set(Delivery(int(interaction_id)))


async def claim(tx: Tx) -> None:
    """In a write transaction: record the interaction being served, once; or refuse a repeat."""
    delivery = _current.get()
    if delivery is None or delivery.claimed:
        return
    now = time.time()
    rows = await tx.fetch(
        "INSERT INTO interactions (id, at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING RETURNING id",
        (delivery.interaction_id, now),
    )
    if not rows:
        raise DuplicateInteraction(delivery.interaction_id)
    delivery.claimed = True  # the interaction's later steps are its own, not repeats
    delivery.by = tx
    _prune_now_and_then(tx, now)


def pending() -> Delivery | None:
    """The interaction being served, while none of its writes has claimed it yet."""
    delivery = _current.get()
    return None if delivery is None or delivery.claimed else delivery


def carried(tx: Tx, delivery: Delivery) -> tuple[int, float]:
    """Claim `delivery` inside a statement of `tx` (a step's close inserts the id itself, so
    the claim costs no trip): the id and time to insert; a duplicate id fails that statement."""
    now = time.time()
    _prune_now_and_then(tx, now)
    return delivery.interaction_id, now


def _prune_now_and_then(tx: Tx, now: float) -> None:
    """Every `PRUNE_EVERY`th claim of this process drops the ids older than `KEEP_S` at commit."""
    if next(_claims) % PRUNE_EVERY == 0:
        tx.at_commit("DELETE FROM interactions WHERE at < ?", (now - KEEP_S,))


def claimed(tx: object, delivery: Delivery) -> None:
    """The statement that carried the claim succeeded in `tx`."""
    delivery.claimed = True
    delivery.by = tx


def rolled_back(tx: object) -> None:
    """`tx` rolled back: a claim it made is gone with it, so the next write claims again (a step
    run again after a stale copy or a conflict is still recorded once)."""
    delivery = _current.get()
    if delivery is not None and delivery.by is tx:
        delivery.claimed, delivery.by = False, None


__all__ = [
    "KEEP_S",
    "Delivery",
    "DuplicateInteraction",
    "carried",
    "claim",
    "claimed",
    "delivering",
    "pending",
    "rolled_back",
]
