"""`target:` for the Mage Wars dice: read a tracked unit, fill the attack, write the result back.

The bridge between the pure dice engines and the tracker service. The target is checked before
anything is rolled (a Mage Wars game in this channel, a known unit still standing and, for a
change, a player or a moderator), so a refusal rolls and logs nothing. The result is written as
one tracker step, so one `/game undo` takes it back, and the tracker's own consequences (a unit
destroyed, the last mage standing) run inside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.context import Ctx
from bot.games.mage_wars import rules as mw_rules
from bot.games.mage_wars import tracker as mw_tracker
from bot.games.mage_wars.dice import AttackResult
from bot.registry import UserError
from bot.tracker import service
from bot.tracker.model import GameState, Participant, Unit
from bot.tracker.templates import Template, template

MW_SLUG = "mage-wars"

# `MWAttack` field ← the tracker key (a stat or token of the unit) it is read from. Keys the unit
# does not hold are skipped, so traits a template may add later (restrained, incorporeal …) are
# picked up without code changes. Weak is the attacker's, so it is never read from the target.
ATTACK_FROM_UNIT: dict[str, str] = {
    "armor": "armor",
    "defense": "defense",
    "corrode": "corrode",
    "target_daze": "daze",
    "restrained": "restrained",
    "resilient": "resilient",
    "incorporeal": "incorporeal",
    "aegis": "aegis",
    "tough": "tough",
}
FLAGS = frozenset({"restrained", "resilient", "incorporeal"})
# Codex: Stun, Slam and Sleep make a creature Incapacitated, and it cannot use its defense.
INCAPACITATING = ("stun", "slam", "sleep")


@dataclass(frozen=True)
class Tracked:
    """The unit a roll is aimed at, in the snapshot its checks were made on."""

    state: GameState
    unit: Unit

    @property
    def tpl(self) -> Template:
        return template(self.state.slug)

    @property
    def ref(self) -> str:
        """The tracker's exact reference to this unit (no second name lookup)."""
        return f"#u{self.unit.id}"


async def find_target(ctx: Ctx, text: str, command: str, *, change: bool) -> Tracked:
    """The unit `text` names in this channel's Mage Wars game, or the tracker's refusal.

    `change` means the roll will write to the game: only players and moderators may.
    """
    state = await service.require_state(ctx)
    if state.slug != MW_SLUG:
        raise service.wrong_game(ctx, command, state.slug)  # the game by its players' name
    if change:
        service.require_player(ctx, state)
    holder = service.find_target(state, text)
    unit = state.leader(holder.id) if isinstance(holder, Participant) else holder
    if unit is None:
        raise service.refusal("tracker.error.not_a_unit", name=text)
    if unit.destroyed:
        raise service.refusal("dice.target.destroyed", unit=unit.name)
    tpl = template(state.slug)
    if change and unit.counter(tpl.damage) is None:
        raise service.refusal(
            "tracker.error.no_stat",
            name=tpl.label(tpl.damage, ctx.lang),
            target=unit.name,
            known="—",
        )
    return Tracked(state, unit)


@dataclass(frozen=True)
class Filled:
    """Attack options after the target filled the missing ones, and what came from where."""

    options: dict[str, Any]
    taken: list[tuple[str, int]] = field(default_factory=list)  # tracker key, value used
    given: list[tuple[str, Any, int]] = field(default_factory=list)  # key, given, tracked
    incapacitated: str = ""  # the token that took the defense away, if any
    restrained: str = ""  # the token (Cripple, Stuck) that makes the target Restrained


def fill_attack(options: dict[str, Any], tracked: Tracked) -> Filled:
    """Options the user did not give are read from the unit; options given always win."""
    out = dict(options)
    taken: list[tuple[str, int]] = []
    given: list[tuple[str, Any, int]] = []
    unit = tracked.unit
    for name, key in ATTACK_FROM_UNIT.items():
        c = unit.counter(key) or unit.token(key)
        if c is None:
            continue
        if name in options:
            given.append((key, options[name], c.value))
            continue
        if c.token and not c.value:
            continue  # an empty token slot says nothing worth showing
        out[name] = bool(c.value) if name in FLAGS else c.value
        taken.append((key, c.value))
    restrained = ""
    if "restrained" not in options and not out.get("restrained"):
        # Seed 000 lines 57 and 271: Cripple and Stuck make the creature Restrained (−2 defense).
        restrained = mw_rules.restraining({t.key: t.value for t in unit.tokens})
        if restrained:
            out["restrained"] = True
    incapacitated = ""
    if "defense" not in options and out.get("defense"):
        incapacitated = next((k for k in INCAPACITATING if unit.value(k) > 0), "")
        if incapacitated:
            out["defense"] = 0
    return Filled(out, taken, given, incapacitated, restrained)


def remaining_life(tracked: Tracked) -> int:
    """Life left: the unit's toughness stats minus its damage and Tainted (`/odds mw life`)."""
    tpl, unit = tracked.tpl, tracked.unit
    toughness = sum(unit.value(k) for k in tpl.toughness)
    # Tainted counts as 3 damage (seed 000 line 281), as on the board.
    return toughness - (service.effective_damage(tpl, unit) if tpl.damage else 0)


_COUNT_FIRST = re.compile(r"^(\d{1,2})\s*[x×]?\s*(\D.*)$")
_COUNT_LAST = re.compile(r"^(\D.*?)\s*[x×]\s*(\d{1,2})$")
_PARTS = re.compile(r"\s*(?:\+|&|\bи\b|\band\b)\s*", re.IGNORECASE)


def row_tokens(label: str, tpl: Template) -> dict[str, int] | None:
    """`2 Burn`, `Burn`, `Burn x2`, `Daze + Burn` → tokens; None when a part is not a token."""
    found: dict[str, int] = {}
    for part in _PARTS.split(label.strip()):
        if not part:
            continue
        count, name = 1, part
        if m := _COUNT_FIRST.match(part):
            count, name = int(m.group(1)), m.group(2)
        elif m := _COUNT_LAST.match(part):
            name, count = m.group(1), int(m.group(2))
        key = tpl.resolve_token(name)
        if key is None or count < 1:
            return None
        found[key] = found.get(key, 0) + count
    return found or None


@dataclass(frozen=True)
class EffectTokens:
    """Tokens the rolled effect rows put on the target, and rows that name no token."""

    tokens: dict[str, int]
    unknown: list[str]


def effect_tokens(result: AttackResult, tpl: Template) -> EffectTokens:
    """Sum the token rows reached over all strikes; an empty label (`7+`) adds nothing."""
    tokens: dict[str, int] = {}
    unknown: list[str] = []
    for strike in result.strikes:
        row = strike.effect.row if strike.effect is not None else None
        if row is None or not row.label.strip():
            continue
        found = row_tokens(row.label, tpl)
        if found is None:
            if row.label not in unknown:
                unknown.append(row.label)
            continue
        for key, n in found.items():
            tokens[key] = tokens.get(key, 0) + n
    return EffectTokens(tokens, unknown)


async def apply_attack(
    ctx: Ctx, tracked: Tracked, damage: int, tokens: dict[str, int]
) -> service.Outcome:
    """The attack's damage and its effect tokens as one tracker step (action `attack`).

    Built on `service.run_step`, so the tracker's access check, destroyed and last-mage
    consequences and live-message notification are the ones `/dmg` uses.
    """
    unit = tracked.unit

    async def body(step: service.Step) -> None:
        await hit_unit(step, unit, damage, tokens)

    params = {"target": unit.name, "amount": damage, "tokens": tokens}
    return await service.run_step(ctx, tracked.state, "attack", body, params)


async def hit_unit(step: service.Step, unit: Unit, damage: int, tokens: dict[str, int]) -> None:
    """An attack's damage and effect tokens on one unit, inside an open step."""
    counter = unit.counter(step.tpl.damage)
    assert counter is not None  # find_target(change=True) checked it
    if damage:
        await step.adjust(unit, counter.id, counter.key, damage)  # Sleep → Daze in the tracker
    for key, n in tokens.items():
        await mw_tracker.place_tokens(step, unit, key, n)  # Corrode beyond armor


async def apply_burn(ctx: Ctx, tracked: Tracked, damage: int, tokens_left: int) -> service.Outcome:
    """Burn upkeep on a tracked unit: the tracker's `update_burn`, one step."""
    return await service.update_burn(ctx, tracked.ref, damage, tokens_left)


# ── Warhammer Fantasy: the magic pools of a tracked `whfb` game ───────────────────────────────

WHF_SLUG = "whfb"


@dataclass(frozen=True)
class MagicSide:
    """The roller's side in this channel's active `whfb` game, and the other players."""

    state: GameState
    me: Participant
    others: list[Participant]

    @property
    def opponent(self) -> Participant | None:
        """The one opponent, or None when there are several (whose dispel pool is unclear)."""
        return self.others[0] if len(self.others) == 1 else None


async def magic_side(ctx: Ctx) -> MagicSide | None:
    """The roller's side when they play in this channel's active `whfb` game, else None."""
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != WHF_SLUG or not state.game.active:
        return None
    me = state.participant_by_user(ctx.user.id)
    if me is None:
        return None
    return MagicSide(state, me, [p for p in state.participants if p.id != me.id])


async def record_winds(ctx: Ctx, side: MagicSide, power: int, dispel: int) -> service.Outcome:
    """The roller's power pool and the opponent's dispel pool as ONE tracker step (`pools`).

    One `/game undo` takes the whole Winds of Magic back.
    """
    targets = [(side.me, "power", power)]
    if side.opponent is not None:
        targets.append((side.opponent, "dispel", dispel))

    async def body(step: service.Step) -> None:
        for player, key, value in targets:
            counter = player.counter(key)
            if counter is not None:
                await step.set(player, counter.id, key, value)

    return await service.run_step(ctx, side.state, "pools", body, {"player": side.me.name})


async def spend_magic(ctx: Ctx, side: MagicSide, pool: str, dice: int) -> int:
    """Spend `dice` from the roller's `power` or `dispel` pool (the tracker refuses too few).

    Returns what is left in that pool. Too few dice is said in the roller's terms first (the
    tracker's own bounds check still guards the write).
    """
    return (await spend_magic_step(ctx, side, pool, dice))[0]


async def spend_magic_step(
    ctx: Ctx, side: MagicSide, pool: str, dice: int
) -> tuple[int, int | None]:
    """`spend_magic`, and the id of the tracker step that spent the dice."""
    have = side.me.value(pool)
    if have < dice:
        raise UserError(f"dice.whf.short_{pool}", have=have, dice=dice)
    outcome = await service.spend_pool(ctx, pool, dice)
    me = outcome.state.participant_by_user(ctx.user.id)
    return (me.value(pool) if me is not None else 0), outcome.step_id
