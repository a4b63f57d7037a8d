"""Mage Wars dice commands: `/mw attack|effect|burn|escape|push` and `/odds mw`.

The options are declared once here (`ATTACK_OPTIONS`) for Discord, the console and
`python -m bot roll|odds`. `target:` aims a roll at a unit of this channel's tracked game: the
target is checked before anything is rolled (a Mage Wars game in this channel, a known unit
still standing and, for a change, a player or a moderator), so a refusal rolls and logs
nothing; missing options are read from the unit (`target.py`), and the result is written as
one tracker step, so one `/game undo` takes it back and the tracker's own consequences (a unit
destroyed, the last mage standing) run inside it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.context import Ctx
from bot.games.mage_wars import GAME
from bot.games.mage_wars import tracker as mw_tracker
from bot.games.mage_wars.dice import (
    ATTACK_LIMITS,
    MAX_BURN,
    MAX_EFFECT_BONUS,
    MWAttack,
    resolve_attack,
    roll_burn,
    roll_plain_effect,
    stop_at_kill,
)
from bot.games.mage_wars.odds import attack_odds
from bot.games.mage_wars.target import (
    Filled,
    effect_tokens,
    fill_attack,
    fill_attacker,
    fill_extinguish,
    remaining_life,
)
from bot.games.mage_wars.ui import shapes, view
from bot.handlers import tracker_ops as service
from bot.handlers.dice import AREA, PRIVATE, finish, log_roll
from bot.handlers.dice_names import named
from bot.handlers.dice_replies import calc
from bot.handlers.tracker import ac_target
from bot.handlers.tracker_ops import Outcome, load_state
from bot.handlers.tracker_quiet import applied_field
from bot.handlers.tracker_refusals import no_stat_key
from bot.registry import Choice, Option, UserError, command
from bot.reply import Reply
from bot.tracker.errors import NameList
from bot.tracker.model import GameState, Participant, Unit
from bot.tracker.names import md
from bot.tracker.resolve import living_namesake
from bot.tracker.templates import Template, template

MAX_LIFE = 999  # `/odds mw life`

# ── options, declared once ─────────────────────────────────────────────────────────────────────


def _int_option(name: str, **kw: Any) -> Option:
    lo, hi = ATTACK_LIMITS[name]
    return named(name, int, min_value=lo, max_value=hi, **kw)


ATTACK_OPTIONS: list[Option] = [
    _int_option("dice", required=True),
    _int_option("armor"),
    _int_option("defense"),
    _int_option("strikes"),
    _int_option("bonus"),
    _int_option("extra"),
    _int_option("weak"),
    named("spell", bool),
    _int_option("aegis"),
    _int_option("piercing"),
    _int_option("corrode"),
    named("unavoidable", bool),
    _int_option("target_daze"),
    named("restrained", bool),
    named("daze", bool),
    named("resilient", bool),
    named("incorporeal", bool),
    named("ethereal", bool),
    named("effect", str, max_length=100),
    _int_option("effect_bonus"),
    _int_option("tough"),
]


def build_attack(options: dict[str, Any]) -> MWAttack:
    """An `MWAttack` from command options (unknown keys ignored), range-checked."""
    fields = {o.name for o in ATTACK_OPTIONS} - {"effect"} | {"restrained_by"}
    attack = MWAttack(**{k: v for k, v in options.items() if k in fields and v is not None})
    return attack.with_effect(options.get("effect") or "").checked()


# ── tracked targets: finding the unit and writing the result ───────────────────────────────────


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


def destroyed_key(unit: Unit, *, odds: bool = False) -> str:
    """The refusal for a destroyed target, by what it is: «Маг «X» уничтожен»; an odds query
    changes nothing, so it is told what to ask instead (English walk 5, MW-8)."""
    kind = "mage" if unit.kind == "mage" else "creature"
    return f"dice.target.{'destroyed_odds' if odds else 'destroyed_kind'}.{kind}"


def self_attack_key(unit: Unit) -> str:
    """An attack aimed at its own attacker (playtest 6, M7) is refused, by what it is."""
    return f"dice.target.self_attack.{'mage' if unit.kind == 'mage' else 'creature'}"


async def find_target(ctx: Ctx, text: str, command: str, *, change: bool) -> Tracked:
    """The unit `text` names in this channel's Mage Wars game, or the tracker's refusal.

    `change` means the roll will write to the game: only players and moderators may.
    """
    state = await service.game_state(ctx, GAME.slug, command, change=change)
    holder = service.find_target(state, text)
    unit = state.leader(holder.id) if isinstance(holder, Participant) else holder
    if unit is None:
        raise service.refusal("tracker.error.not_a_unit", name=text)
    if unit.destroyed:
        alive = living_namesake(state, unit)  # a later add of its name is in play (M4)
        if alive and unit.kind != "mage":
            raise service.refusal(
                "dice.target.destroyed_alive.creature", unit=unit.name, alive=alive
            )
        raise service.refusal(destroyed_key(unit, odds=not change), unit=unit.name)
    tpl = template(state.slug)
    if change and unit.counter(tpl.damage) is None:
        raise service.refusal(
            no_stat_key(unit.kind, state.slug),
            name=tpl.label(tpl.damage, ctx.lang),
            target=unit.name,
            known=NameList([]),
        )
    return Tracked(state, unit)


@dataclass(frozen=True)
class HitTraits:
    """What the attack does beyond damage (seed 000 lines 309, 178, 180), and who made it: the
    attacker's traits (`/unit add traits:Вампиризм, Потеря маны 2`); Discord allows no more
    options on `/mw attack`."""

    attacker: Unit | None = None
    vampiric: bool = False
    drain: int = 0
    transfer: int = 0
    burn: int = 0  # Extinguish (line 100): the target's Burn tokens it puts out
    first: int | None = None  # the first strike's damage: Vampiric and Mana Drain count only it

    @classmethod
    def of(cls, attacker: Unit | None) -> HitTraits:
        if attacker is None:
            return cls()
        return cls(
            attacker,
            attacker.value("vampiric") > 0,
            attacker.value("mana_drain"),
            attacker.value("mana_transfer"),
        )


async def apply_attack(
    ctx: Ctx,
    tracked: Tracked,
    damage: int,
    tokens: dict[str, int],
    *,
    melee: bool = False,
    hit: HitTraits | None = None,
) -> service.Outcome:
    """The attack's damage and its effect tokens as one tracker step (action `attack`).

    Built on `service.run_step`, so the tracker's access check, destroyed and last-mage
    consequences and live-message notification are the ones `/dmg` uses. A melee attack takes
    the target's Guard token off (seed 000 line 184).
    """
    unit = tracked.unit

    async def body(step: service.Step) -> None:
        counter = unit.counter(step.tpl.damage)
        before = (await step.tx.counter(counter.id)).value if counter is not None else 0
        await hit_unit(step, unit, damage, tokens)
        if hit is not None and hit.burn:
            burning = unit.token("burn")
            if burning is not None:
                await step.set(unit, burning.id, "burn", 0)
                step.note("tracker.note.mw_extinguished", unit=unit.name, count=hit.burn)
        if hit is not None and counter is not None:
            dealt = (await step.tx.counter(counter.id)).value - before
            await mw_tracker.after_hit(
                step,
                unit,
                hit.attacker,
                dealt,
                first=dealt if hit.first is None else min(dealt, hit.first),
                vampiric=hit.vampiric,
                drain=hit.drain,
                transfer=hit.transfer,
            )
        if melee:
            await mw_tracker.drop_guard(step, unit, "tracker.note.mw_guard_melee")

    params = {"target": unit.name, "amount": damage, "tokens": tokens}
    return await service.run_step(ctx, tracked.state, "attack", body, params)


async def hit_unit(step: service.Step, unit: Unit, damage: int, tokens: dict[str, int]) -> int:
    """An attack's damage and effect tokens on one unit, inside an open step (the tracker turns
    Sleep into Daze when the damage lands, and Corrode beyond armor into direct damage).

    Returns the damage the attack itself wrote (after armor, no overkill)."""
    counter = unit.counter(step.tpl.damage)
    assert counter is not None  # find_target(change=True) checked it
    dealt = 0
    if damage:
        before = (await step.tx.counter(counter.id)).value
        dealt = await step.adjust(unit, counter.id, counter.key, damage) - before
    for key, n in tokens.items():
        await mw_tracker.put_tokens(step, unit, key, n)
    return dealt


async def apply_burn(ctx: Ctx, tracked: Tracked, damage: int, tokens_left: int) -> service.Outcome:
    """Burn upkeep on a tracked unit: the tracker's `update_burn`, one step."""
    return await service.update_burn(ctx, tracked.ref, damage, tokens_left)


# ── tracked targets: the replies ───────────────────────────────────────────────────────────────
# Every check happens before the roll, so a refusal rolls nothing.

LIFE_LEFT = "life_left"  # the pseudo-key `/odds mw` shows remaining life under


async def ac_mw_target(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """The tracker's own target autocomplete, offered only when the channel plays Mage Wars."""
    state = await load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != GAME.slug:
        return []
    return await ac_target(ctx, current, values)


MW_TARGET = named("target", str, autocomplete=ac_mw_target, max_length=100)


def _label(ctx: Ctx, tracked: Tracked) -> Callable[[str], str]:
    def label(key: str) -> str:
        if key == LIFE_LEFT:
            return ctx.t("dice.target.life_left")
        return tracked.tpl.label(key, ctx.lang)

    return label


def _show_target(
    ctx: Ctx, reply: Reply, tracked: Tracked, filled: Filled, attacker: str = ""
) -> None:
    """Put the lines saying which values came from the unit above the roll, and the tracked
    traits and attacker's tokens it applied."""
    label = _label(ctx, tracked)
    # playtest 13, M1: where a defense roll is made its line names the −2 already
    rolled = bool(filled.options.get("defense")) and not filled.options.get("unavoidable")
    said = view.note_given(ctx.t, reply, filled.given)
    lines = view.target_lines(
        ctx.t,
        md(tracked.unit.name),
        filled.taken,
        filled.given,
        filled.incapacitated,
        label,
        "" if rolled else filled.restrained,
        lambda key, value: (
            f"{label(key)} {value}"
            if key == LIFE_LEFT
            else tracked.tpl.define(key).with_value(value, ctx.lang)
        ),
        said,
    )
    lines += view.rule_lines(ctx.t, filled.applied, md(attacker), filled.attacker, label)
    reply.body = "\n".join([*lines, reply.body]) if reply.body else "\n".join(lines)


def _public_target(target: str | None, private: bool) -> None:
    """A roll at a tracked unit changes the game everyone at the table follows, so it is never
    private: refused before anything is read or rolled (use `/odds mw target:` to look)."""
    if target and private:
        raise UserError("dice.target.private")


def _show_outcome(ctx: Ctx, reply: Reply, outcome: Outcome, extra: list[str]) -> None:
    """What the step changed and announced, in the tracker's own words, with life left (as `/dmg`
    says it); a roll that changed nothing says so in the heading."""
    reply.fields.append(applied_field(ctx, outcome, extra, view.NOTHING))


MW_ATTACKER = named("attacker", str, autocomplete=ac_mw_target, max_length=100)
MW_MELEE = named("melee", bool)


@command(
    "mw",
    "attack",
    area=AREA,
    options=[*ATTACK_OPTIONS, MW_TARGET, MW_ATTACKER, MW_MELEE, PRIVATE],
)
async def mw_attack(
    ctx: Ctx,
    private: bool = False,
    target: str | None = None,
    attacker: str | None = None,
    melee: bool = False,
    **options: Any,
) -> Reply:
    """Resolve one attack, all strikes, with every die shown; `target` reads and hits a unit.

    A melee attack (`melee:true`) on a tracked target offers its Counterstrike and Damage
    Barrier as buttons aimed at `attacker` (`bot/games/mage_wars/ui/followups.py`)."""
    from bot.games.mage_wars.ui.followups import find_attacker, followup_buttons

    _public_target(target or attacker, private)
    tracked = await find_target(ctx, target, "/mw attack", change=True) if target else None
    hitter = await find_attacker(ctx, attacker) if tracked is not None else None
    if tracked is not None and hitter is not None and hitter.unit.id == tracked.unit.id:
        raise service.refusal(self_attack_key(hitter.unit), unit=hitter.unit.name)
    filled = fill_attack(options, tracked) if tracked is not None else Filled(options)
    filled = fill_attacker(filled, hitter.unit if hitter is not None else None, melee=melee)
    put_out = 0
    if tracked is not None:
        floor = -MAX_EFFECT_BONUS
        filled, put_out = fill_extinguish(
            filled, hitter.unit if hitter else None, tracked.unit, floor
        )
    attack = build_attack(filled.options)
    result = resolve_attack(attack, ctx.services.rng)
    if tracked is not None:
        result = stop_at_kill(result, remaining_life(tracked))
    data = shapes.mw_attack(result)
    reply = view.attack_reply(ctx.t, result)
    inputs: dict[str, Any] = dict(options)
    summary: tuple[str, dict[str, Any]] = ("dice.summary.mw_damage", {"total": result.total})
    if tracked is not None:
        effects = effect_tokens(result, tracked.tpl)
        guarded = melee and tracked.unit.value("guard") > 0
        first = result.strikes[0].damage if result.strikes else result.total
        hit = replace(
            HitTraits.of(hitter.unit if hitter is not None else None), burn=put_out, first=first
        )
        outcome = await apply_attack(
            ctx, tracked, result.total, effects.tokens, melee=melee, hit=hit
        )
        _show_target(ctx, reply, tracked, filled, hitter.unit.name if hitter is not None else "")
        unknown = [ctx.t("dice.target.effect_not_token", row=row) for row in effects.unknown]
        buttons, lines = await followup_buttons(
            ctx,
            outcome.state,
            tracked.unit,
            hitter.unit if hitter is not None else None,
            outcome.step_id,
            melee=melee,
            guarded=guarded,
        )
        _show_outcome(ctx, reply, outcome, [*unknown, *lines])
        reply.actions.extend(buttons)
        inputs["target"] = tracked.unit.name
        data["target"] = {
            "unit": tracked.unit.name,
            "from_unit": dict(filled.taken),
            "tokens": effects.tokens,
        }
        summary = (
            "dice.summary.mw_damage_target",
            {"total": result.total, "unit": md(tracked.unit.name)},
        )
    await log_roll(ctx, "mw attack", inputs, data, summary, private)
    return finish(reply, private)


@command(
    "mw",
    "effect",
    area=AREA,
    options=[
        named("bonus", int, min_value=-MAX_EFFECT_BONUS, max_value=MAX_EFFECT_BONUS),
        PRIVATE,
    ],
)
async def mw_effect(ctx: Ctx, bonus: int = 0, private: bool = False) -> Reply:
    roll = roll_plain_effect(ctx.services.rng, bonus)
    data = {"roll": roll.natural, "modified": roll.modified}
    await log_roll(
        ctx,
        "mw effect",
        {"bonus": bonus},
        data,
        # the history keeps the bonus too: «d12 = 1 − 2 = −1», never a bare «−1» (playtest 5, M7)
        ("dice.summary.d12", {"value": calc(roll.natural, bonus)}),
        private,
    )
    return finish(view.effect_reply(ctx.t, roll, bonus), private)


@command(
    "mw",
    "burn",
    area=AREA,
    options=[
        named("tokens", int, min_value=0, max_value=MAX_BURN),
        MW_TARGET,
        named("extra_roll", bool),
        PRIVATE,
    ],
)
async def mw_burn(
    ctx: Ctx,
    tokens: int | None = None,
    target: str | None = None,
    extra_roll: bool = False,
    private: bool = False,
) -> Reply:
    """Burn upkeep; with `target` the unit's Burn tokens are rolled, then damage and tokens left
    are written back in one step. Given `tokens` win over the tracked count. `/game next` rolls
    Burn at each Upkeep (seed 000:25), so a targeted roll is refused unless `extra_roll` says a card
    gives one more roll (playtest 15, M2: a hand roll mid-round was a second Burn roll)."""
    _public_target(target, private)
    tracked = await find_target(ctx, target, "/mw burn", change=True) if target else None
    filled = Filled({})
    if tracked is not None and not extra_roll:  # the coming (or a past) Upkeep rolls it
        raise UserError("dice.mw.burn_in_upkeep", unit=tracked.unit.name)
    if tracked is not None:
        held = tracked.unit.value("burn")
        if tokens is None:
            tokens = held
            filled = Filled({}, taken=[("burn", held)])
        else:
            filled = Filled({}, given=[("burn", tokens, held)])
    if tokens is None:
        raise UserError("dice.mw.burn_needs_tokens")
    result = roll_burn(tokens, ctx.services.rng)
    data = shapes.mw_burn(result)
    reply = view.burn_reply(ctx.t, result)
    inputs: dict[str, Any] = {"tokens": tokens}
    summary = ("dice.summary.mw_burn", {"damage": result.damage, "left": result.tokens_left})
    if tracked is not None:
        if result.rolls:  # no tokens, nothing rolled: the game is left as it is
            outcome = await apply_burn(ctx, tracked, result.damage, result.tokens_left)
            _show_outcome(ctx, reply, outcome, [])
        _show_target(ctx, reply, tracked, filled)
        inputs["target"] = data["target"] = tracked.unit.name
    await log_roll(ctx, "mw burn", inputs, data, summary, private)
    return finish(reply, private)


@command(
    "odds",
    "mw",
    area=AREA,
    options=[*ATTACK_OPTIONS, named("life", int, min_value=1, max_value=MAX_LIFE), MW_TARGET],
)
async def odds_mw(
    ctx: Ctx, life: int | None = None, target: str | None = None, **options: Any
) -> Reply:
    """Exact odds; `target` reads armor, defense, tokens and remaining life (nothing written)."""
    if not target:
        attack = build_attack(options)
        return view.mw_odds_reply(ctx.t, attack, attack_odds(attack), life)
    tracked = await find_target(ctx, target, "/odds mw", change=False)
    filled = fill_attack(options, tracked)
    left = remaining_life(tracked)
    if life is not None:
        filled = replace(filled, given=[*filled.given, (LIFE_LEFT, life, left)])
    elif left > 0:
        life = left
        filled = replace(filled, taken=[*filled.taken, (LIFE_LEFT, left)])
    attack = build_attack(filled.options)
    reply = view.mw_odds_reply(ctx.t, attack, attack_odds(attack), life)
    _show_target(ctx, reply, tracked, filled)
    return reply
