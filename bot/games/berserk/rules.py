"""Berserk fight-mode choices the dice show by themselves (issue 9).

In the fight table (`fight.toml`) three rows have both sides strike: +4 (strong / weak), +2
(medium / weak) and −4 (weak / medium). The side with the advantage may take the next weaker
strike, which is exactly the neighbouring row where the other side does not strike back
(+3 medium / —, +1 weak / —, −3 — / weak). The table is the judges' (issue 4), not the seed's.
"""

from __future__ import annotations

from dataclasses import dataclass

KIND_ORDER = ("miss", "weak", "medium", "strong")


@dataclass(frozen=True)
class WeakerChoice:
    """The advantaged side's alternative: its weaker strike, and the other side's (a miss)."""

    side: str  # "attacker" or "defender"
    attacker: str
    defender: str


def weaker_choice(attacker: str, defender: str) -> WeakerChoice | None:
    """The alternative when both strike and one is stronger; None otherwise."""
    if attacker == "miss" or defender == "miss" or attacker == defender:
        return None
    a, d = KIND_ORDER.index(attacker), KIND_ORDER.index(defender)
    if a > d:
        return WeakerChoice("attacker", KIND_ORDER[a - 1], "miss")
    return WeakerChoice("defender", "miss", KIND_ORDER[d - 1])


@dataclass(frozen=True)
class Armor:
    """Wounds coming at a card with Броня X: how many it prevents, how many are dealt."""

    prevented: int
    dealt: int


# Where wounds come from (`/berserk wound source:`). Seed 001 line 37: Броня Х prevents wounds
# from non-magical attacks only; line 161: a spell is a magical ability and not an attack; line
# 73: an effect (воздействие) is not an attack; line 275: a magic strike and a discharge are
# magical. Poison is dealt by an effect, so it goes through as well.
WOUND_SOURCES = ("attack", "magic", "spell", "effect", "poison")
MAGIC_STRIKES = ("discharge", "magic")


def armor_applies(source: str) -> bool:
    """Броня Х stands only against a non-magical attack (a strike, shot or throw)."""
    return source == "attack"


def strike_source(kind: str) -> str:
    """The wound source of a strike kind: a magic strike or a discharge is magical."""
    return "magic" if kind in MAGIC_STRIKES else "attack"


def armor(wounds: int, armor_x: int, used: int) -> Armor:
    """Seed 001 line 37 (Броня Х): prevent the first X wounds from non-magical attacks on this
    card during each player's turn (counted from the start of the turn); prevented wounds are
    not dealt. The tracker cannot tell a magical attack: its wounds go on with `/set`."""
    prevented = max(0, min(wounds, armor_x - used))
    return Armor(prevented, wounds - prevented)


def tracked_mode(mode: str | None, closed: bool) -> str | None:
    """The mode a strike at a tracked card takes. A closed card does not fight (seed 001:229,
    «Как по закрытой карте … цель атаки не сражается»), so it is struck in closed mode even
    when `mode:fight` is asked for (playtest 6, B3); an open card keeps the mode given."""
    if closed:
        return "closed"
    return mode


def fight_refused(mode: str | None, closed: bool) -> bool:
    """`mode:fight` asked for at a closed card: the reply says why it is not fought out."""
    return closed and mode == "fight"


def closed_attacker_refused(closed: bool) -> bool:
    """Seed 001:163 (Закрыть): «Закрытая карта не может объявлять и/или выполнять какие-либо
    действия», and an attack is an action (001:125), so a closed attacker is refused before any
    die is rolled (playtest 7, B4). A card whose text lets it strike while closed is opened
    first with `/set … closed 0`, as a judge would have the player show it."""
    return closed
