"""Names as players type them → the unit, player or stat they mean (pure, no writes).

Exact names first (units before players, so a player's mage named after them is found), then a
unique prefix, then a unique substring; `#u12`/`#p3` ids from autocomplete work too. Misses and
ambiguity are refusals that list what could have been meant.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.numbers import ascii_int
from bot.tracker.errors import (
    Ambiguous,
    BadName,
    Destroyed,
    GameRef,
    NameList,
    NameTooLong,
    NoStat,
    NoTarget,
    TrackerError,
)
from bot.tracker.model import Counter, GameState, Participant, Unit
from bot.tracker.names import clean_name, norm, slug_key, stat_key
from bot.tracker.plugin import plugin_for
from bot.tracker.templates import CREATURE, Template

Holder = Participant | Unit
MAX_UNIT_NAME = 40
MAX_STAT_NAME = 32


def valid_name(text: str, limit: int = MAX_UNIT_NAME) -> str:
    """A unit, planet or stat name as it will be kept, or the refusal saying what is wrong."""
    clean = clean_name(text)
    if not clean or clean.startswith("#"):
        raise BadName(name=clean or text.strip() or "—")
    if len(clean) > limit:
        raise NameTooLong(name=clean[:limit] + "…", max=limit)
    return clean


def find_target(state: GameState, text: str) -> Holder:
    """A unit or participant by name (`#u12`/`#p3` ids from autocomplete work too)."""
    raw = text.strip()
    wanted = ascii_int(raw[2:]) if raw.startswith("#") and len(raw) > 2 else None
    if wanted is not None:
        pool: list[Holder] = list(state.units if raw[1] == "u" else state.participants)
        for h in pool:
            if h.id == wanted:
                return h
    n = norm(raw)
    holders: list[Holder] = [*state.units, *state.participants]
    if not n:
        raise NoTarget(name=text, known=_known(state), game=GameRef(state.game.slug))
    tests: tuple[Callable[[str], bool], ...] = (
        lambda name: name == n,
        lambda name: name.startswith(n),
        lambda name: n in name,
    )
    for match in tests:
        found = [h for h in holders if match(norm(h.name))]
        if len(found) == 1 or (found and isinstance(found[0], Unit) and _same_name(found)):
            return found[0]
        if found:
            names = ", ".join(sorted({h.name for h in found}))
            raise Ambiguous(name=text, options=names)
    raise NoTarget(name=text, known=_known(state), game=GameRef(state.game.slug))


def _same_name(found: list[Holder]) -> bool:
    """A player and the mage named after them count as one match (the unit wins)."""
    units = [h for h in found if isinstance(h, Unit)]
    return len(units) == 1 and all(norm(h.name) == norm(units[0].name) for h in found)


def _known(state: GameState) -> NameList:
    """The names a refusal offers instead: a destroyed unit is no target (playtest 12, G1)."""
    units = [u.name for u in state.units if u.present and not u.destroyed]
    names = units + [p.name for p in state.participants]
    return NameList(list(dict.fromkeys(names)))


def find_unit(state: GameState, target: str) -> Unit:
    holder = find_target(state, target)
    if not isinstance(holder, Unit):
        raise TrackerError("not_a_unit", name=target, game=GameRef(state.game.slug))
    return holder


@dataclass(frozen=True)
class StatRef:
    """A resolved `target stat`: the holder, the key, and the counter if it exists yet."""

    holder: Holder
    key: str
    counter: Counter | None
    token: bool


def find_stat(state: GameState, tpl: Template, holder: Holder, text: str) -> StatRef:
    """A counter or token of `holder` by any of its names; a player falls back to their leader."""
    key = tpl.resolve_stat(text)
    token = False
    if key is None:
        # A token reached through a stat option must be named in full (playtest 8 slip C1:
        # «карты» is no stat, and the prefix of «карты щита» put a shield on a Warlord).
        key = tpl.token_names.resolve_exact(text)
        token = key is not None
    if key is None and tpl.open and norm(text):
        key = open_key(state, holder, text)
    if key is None:
        raise NoStat(
            name=text,
            target=holder.name,
            known=stats_of(tpl, stand_ins(state, holder)),
            player=isinstance(holder, Participant),
            kind=holder.kind if isinstance(holder, Unit) else "",
            slug=tpl.slug,
        )
    candidates = stand_ins(state, holder)
    for h in candidates:
        c = h.counter(key) or h.token(key)
        if c is not None:
            return StatRef(h, key, c, c.token)
    if token:
        return StatRef(_token_holder(candidates), key, None, True)
    if key in tpl.traits:  # a card's trait, first given now (issue 16): made on the unit
        return StatRef(_token_holder(candidates), key, None, False)
    if tpl.open:
        return StatRef(holder, key, None, False)
    raise NoStat(
        name=text,
        target=holder.name,
        known=stats_of(tpl, candidates),
        player=isinstance(holder, Participant),
        kind=holder.kind if isinstance(holder, Unit) else "",
        slug=tpl.slug,
    )


def open_key(state: GameState, holder: Holder, text: str) -> str:
    """A stat made on the fly (custom game): the existing one under any spelling, else a new key.

    A new key keeps the case it was typed in (`VP` shows as `VP`); `vp` later finds it.
    """
    wanted = slug_key(text)
    for h in stand_ins(state, holder):
        for c in (*h.counters, *h.tokens):
            if slug_key(c.key) == wanted:
                return c.key
    clean = clean_name(text)
    if not clean:
        raise BadName(name=text.strip() or "—")
    if len(clean) > MAX_STAT_NAME:
        raise NameTooLong(name=clean[:MAX_STAT_NAME] + "…", max=MAX_STAT_NAME)
    return stat_key(clean)


def stand_ins(state: GameState, holder: Holder) -> list[Holder]:
    """The holder, then who stands in for it: a player's mage/warlord, or a leader's player.

    A Mage Wars player's life is on their mage; a Conquest player's resources are on the player
    while `alice` (the warlord named after her) is found first. Either name reaches both.
    """
    if isinstance(holder, Participant):
        leader = state.leader(holder.id)
        return [holder, leader] if leader is not None else [holder]
    owner = state.participant(holder.owner_id)
    if holder.kind != CREATURE and owner is not None:
        return [holder, owner]
    return [holder]


def require_standing(holder: Holder, slug: str = "", state: GameState | None = None) -> None:
    """A destroyed unit is frozen: only `/unit remove` and `/game undo` touch it any more. With
    the game's `slug` the refusal can use that game's word for the piece (a WFB wizard); with the
    `state` it names the living namesake a later add was given («Волк 2», M4), so a player who
    types the old name is not stuck."""
    if isinstance(holder, Unit) and holder.destroyed:
        alive = living_namesake(state, holder) if state is not None else None
        named = {"alive": alive} if alive else {}
        raise Destroyed(unit=holder.name, kind=holder.kind, slug=slug, **named)


def living_namesake(state: GameState, dead: Unit) -> str | None:
    """The unit in play that a later `/unit add` of `dead`'s name was numbered as («Волк 2»):
    the dead keep their name, since the log and undo refer to it."""
    base = norm(dead.name)
    for u in state.units:
        name = norm(u.name)
        numbered = name.startswith(base + " ") and name[len(base) + 1 :].isdigit()
        if numbered and not u.destroyed:  # (`state.units` are the units in play)
            return u.name
    return None


def _token_holder(candidates: list[Holder]) -> Holder:
    """Where a new token goes: on the unit (the mage rather than the player)."""
    return next((h for h in candidates if isinstance(h, Unit)), candidates[0])


def stats_of(tpl: Template, holders: list[Holder]) -> NameList:
    """The stats one can name on these holders (named in the reader's language): what the
    holder has, as the board shows it. A trait the card lacks (a 0 the template hides, such as
    «Защитное поле» on every creature) and a game's hidden counters (a barrier's effect rows)
    are left out, and a name is said once (playtest 6, M4)."""
    hides = plugin_for(tpl.slug).board_hides
    keys = dict.fromkeys(
        c.key
        for h in holders
        for c in (*h.counters, *h.tokens)
        # a unit's trait it lacks; a player's stat is always one to name (Berserk crystals)
        if not hides(c.key)
        and not (
            c.value == 0 and c.key in tpl.hide_zero and c.key != tpl.damage and isinstance(h, Unit)
        )
    )
    return NameList([tpl.define(k) for k in keys])


def unit_stats(state: GameState, text: str) -> dict[str, int]:
    """Counters and tokens of a unit (for `/mw attack target:`: armor, defense, corrode, daze …)."""
    holder = find_target(state, text)
    if isinstance(holder, Participant):
        holder = state.leader(holder.id) or holder
    return {c.key: c.value for c in (*holder.counters, *holder.tokens)}
