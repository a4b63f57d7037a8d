"""What follows a Mage Wars attack by itself: Counterstrike, Damage Barrier, zone and Sweeping.

Pure: the tracker bridge (`bot/games/mage_wars/ui/followups.py`) reads the units, asks these what is
offered and resolves the attacks with `resolve_attack`. Seed lines refer to
`glossary/sources/000_c24c5dd4a3038de3.txt`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from bot.games.mage_wars.effects import counterstrike_dice
from bot.tracker.names import norm

# Line 135 (Incapacitated): «Не проводит counterstrike» … «Damage barrier остается и работает».
INCAPACITATING = ("stun", "slam", "sleep")
MAX_ZONE_TARGETS = 8


class FollowupError(Exception):
    """A follow-up that cannot be made; `key` is the catalogue message, `params` its values."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Offer:
    """The follow-ups a melee attack on a tracked target offers: dice of each (0 = none)."""

    counterstrike: int
    barrier: int
    # Counterstrike with no number (seed 000:52) whose quick attack's dice are not set: offered
    # in words, not as a button.
    dice_unknown: bool = False


def offers(
    target: Mapping[str, int], *, melee: bool, target_destroyed: bool, guarded: bool = False
) -> Offer:
    """Line 53: a creature with Counterstrike attacked in melee may strike the attacker back
    with its quick attack (not when Incapacitated, line 135, nor once destroyed). Line 62: a
    Damage Barrier makes an automatic attack on each enemy that attacks its object in melee
    (it still works on an Incapacitated object; the tracker's reading is that it also attacks
    when the object was destroyed by that attack, since the barrier answers the attack).
    Line 235: ranged attacks trigger neither. Line 119 (Guarding): a guard gets counterstrike,
    so `guarded` (it held Guard when the attack came) strikes back with its Counterstrike dice,
    or its melee attack's dice (`melee`) when it has no Counterstrike of its own. Line 52:
    Counterstrike has no number, so one typed without dice is its melee attack's."""
    if not melee:
        return Offer(0, 0)
    incapacitated = any(target.get(k, 0) > 0 for k in INCAPACITATING)
    counter, has = counterstrike_dice(target)
    if guarded and not counter:
        counter = target.get("melee", 0)
    if incapacitated or target_destroyed:
        counter, has = 0, False
    return Offer(counter, target.get("barrier", 0), has and not counter)


_SPLIT = re.compile(r"\s*[,;]\s*")


def split_targets(text: str, *, sweeping: bool) -> list[str]:
    """`A, B; C` → names. Line 279 (Sweeping): two different targets, no more; line 323 (Zone
    Attack): every object in the zone, a separate attack on each."""
    names = [n for n in _SPLIT.split(text.strip()) if n]
    if sweeping and len(names) != 2:
        raise FollowupError("dice.mw.sweeping_two", count=len(names))
    if not names:
        raise FollowupError("dice.mw.zone_no_targets")
    if len(names) > MAX_ZONE_TARGETS:
        raise FollowupError("dice.mw.zone_too_many", max=MAX_ZONE_TARGETS)
    return names


def comma_split(text: str, known: Iterable[str]) -> list[str] | None:
    """Targets typed with spaces where commas belong («Тролль Волк-страж», playtest 6 M2): the
    fewest known names its words make up, in order, or None when it is one name or none fits."""
    names = {norm(k): k for k in known}
    words = text.split()
    best: list[list[str] | None] = [[]] + [None] * len(words)  # best[i]: names for words[:i]
    for end in range(1, len(words) + 1):
        for start in range(end):
            head, name = best[start], names.get(norm(" ".join(words[start:end])))
            so_far = best[end]
            if (
                head is not None
                and name is not None
                and (so_far is None or len(head) < len(so_far) - 1)
            ):
                best[end] = [*head, name]
    found = best[-1]
    return found if found is not None and len(found) > 1 else None


def distinct(ids: list[int], *, sweeping: bool) -> None:
    """The same unit named twice: Sweeping forbids it (line 279), a zone holds it once."""
    if len(set(ids)) != len(ids):
        raise FollowupError("dice.mw.sweeping_same" if sweeping else "dice.mw.zone_same")
