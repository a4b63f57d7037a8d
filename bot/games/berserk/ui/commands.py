"""Berserk dice commands: `/berserk strike` and `/odds berserk`.

The options are declared once here (`BERSERK_OPTIONS`) for Discord, the console and
`python -m bot roll|odds`, and turned into engine parameters by `build_strike`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from bot.context import Ctx
from bot.games.berserk import GAME
from bot.games.berserk.dice import (
    MAX_CLUMSINESS,
    MAX_MOD,
    MODES,
    STRIKE_KINDS,
    BerserkResult,
    BerserkStrike,
    parse_values,
    roll_strike,
)
from bot.games.berserk.rules import (
    WOUND_SOURCES,
    closed_attacker_refused,
    fight_refused,
    strike_source,
    tracked_mode,
    weaker_choice,
)
from bot.games.berserk.tracker import ROLLED
from bot.games.berserk.ui import shapes, view
from bot.handlers import tracker_ops as service
from bot.handlers.dice import AREA, PRIVATE, finish, log_roll
from bot.handlers.dice_names import named
from bot.handlers.tracker import ac_target, outcome_reply
from bot.handlers.tracker_quiet import change_reply
from bot.registry import Choice, Option, UserError, command
from bot.reply import Field, Reply, clip
from bot.tracker.model import Unit
from bot.tracker.names import md
from bot.tracker.step import Step

STRIKE_CHOICES = tuple(Choice(f"dice.choice.{k}", k) for k in STRIKE_KINDS)
# scout B3: the closed mode reads «по закрытой» (the strike at a closed card); the old word stays
MODE_ALIASES = {"closed": ("закрытый", "закрытая", "закрыт", "closed")}
MODE_CHOICES = tuple(Choice(f"dice.choice.{m}", m, MODE_ALIASES.get(m, ())) for m in MODES)
# The target lines that already say only the attacker rolls and no strike comes back (BK-6).
_SAYS_WHO_ROLLS = ("target_closed", "target_closed_no_fight", "target_open_closed_mode")
BERSERK_OPTIONS: list[Option] = [
    named("values", str, required=True, max_length=20),
    named("kind", str, choices=STRIKE_CHOICES),
    named("mode", str, choices=MODE_CHOICES),
    named("mod", int, min_value=-MAX_MOD, max_value=MAX_MOD),
    named("blessing", bool),
    named("clumsiness", int, min_value=0, max_value=MAX_CLUMSINESS),
    named("defender_values", str, max_length=20),
    named("defender_mod", int, min_value=-MAX_MOD, max_value=MAX_MOD),
    named("defender_blessing", bool),
    named("defender_clumsiness", int, min_value=0, max_value=MAX_CLUMSINESS),
]


def build_strike(options: dict[str, Any]) -> BerserkStrike:
    dv = options.get("defender_values")
    return BerserkStrike(
        values=parse_values(str(options["values"])),
        kind=options.get("kind") or "simple",
        mode=options.get("mode") or "auto",
        mod=options.get("mod") or 0,
        blessing=bool(options.get("blessing")),
        clumsiness=options.get("clumsiness") or 0,
        defender_values=parse_values(dv, "defender_values") if dv else None,
        defender_mod=options.get("defender_mod") or 0,
        defender_blessing=bool(options.get("defender_blessing")),
        defender_clumsiness=options.get("defender_clumsiness") or 0,
    ).checked()


def odds_strikes(options: dict[str, Any]) -> list[BerserkStrike]:
    """What `/odds berserk` shows: the mode asked for or, with none, both modes a simple strike
    can be in (a fight at an open card that fights, closed otherwise), fight first."""
    strike = build_strike(options)
    if options.get("mode") not in (None, "", "auto") or strike.kind != "simple":
        return [strike]
    return [replace(strike, mode="fight"), replace(strike, mode="closed")]


# ── `target:`: a tracked card's closed flag picks the mode by itself (issue 9) ────────────────


@dataclass(frozen=True)
class AimedCard:
    unit: Unit
    closed: bool
    options: dict[str, Any]
    no_fight: bool = False  # `mode:fight` asked for at a closed card (playtest 6, B3)


async def aim(ctx: Ctx, target: str, options: dict[str, Any]) -> AimedCard:
    """The card in this channel's Berserk game, and the options with its mode filled in."""
    state = await service.game_state(ctx, GAME.slug, "/berserk strike", change=False)
    holder = service.find_unit(state, target)
    closed = holder.value("closed") > 0
    out = dict(options)
    mode = tracked_mode(options.get("mode"), closed)
    if mode is not None:
        out["mode"] = mode
    return AimedCard(holder, closed, out, fight_refused(options.get("mode"), closed))


async def ac_berserk_target(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != GAME.slug:
        return []
    return await ac_target(ctx, current, values)


BERSERK_TARGET = named("target", str, autocomplete=ac_berserk_target, max_length=100)


BERSERK_ATTACKER = named("attacker", str, autocomplete=ac_berserk_target, max_length=100)


@command(
    "berserk",
    "strike",
    area=AREA,
    options=[*BERSERK_OPTIONS, BERSERK_TARGET, BERSERK_ATTACKER, PRIVATE],
)
async def berserk_strike(
    ctx: Ctx,
    private: bool = False,
    target: str | None = None,
    attacker: str | None = None,
    **options: Any,
) -> Reply:
    """`target` (a card of the tracked Berserk game): a closed card is struck in closed mode.

    With `attacker` as well, the wounds are written both ways in one step (issue 16): the
    strike's on the target, the one struck back on the attacker, Броня Х on each."""
    if attacker and not target:
        raise UserError("dice.berserk.attacker_needs_target")
    if attacker and private:
        raise UserError("dice.target.private")
    aimed = await aim(ctx, target, options) if target else None
    hitter = await _card(ctx, attacker, "/berserk strike") if attacker else None
    if hitter is not None and aimed is not None and hitter.id == aimed.unit.id:
        raise UserError("dice.berserk.same_card")
    if hitter is not None and closed_attacker_refused(hitter.value("closed") > 0):
        raise UserError("dice.berserk.attacker_closed", unit=md(hitter.name))
    strike = build_strike(aimed.options if aimed is not None else options)
    result = roll_strike(strike, ctx.services.rng)
    summary = (
        "dice.summary.berserk",
        {
            "kind": "@" + view.kind_key(strike.kind, result.attacker_kind).removeprefix("dice."),
            "wounds": result.wounds,
        },
    )
    data = shapes.berserk_strike(result)
    await log_roll(ctx, "berserk strike", options, data, summary, private)
    key = ""
    if aimed is not None:
        key = "dice.berserk.target_closed" if aimed.closed else "dice.berserk.target_open"
        if aimed.no_fight:
            key = "dice.berserk.target_closed_no_fight"
        if not aimed.closed and not result.fight and strike.kind == "simple":
            key = "dice.berserk.target_open_closed_mode"  # playtest 4 slip 9
        if aimed.closed and strike.kind != "simple":  # en-8 BK-3: no answer is the attack's own
            key = "dice.berserk.target_closed_ranged"
    says = key.endswith(_SAYS_WHO_ROLLS)
    hint = aimed is None or hitter is not None  # else `_record` says what is missing (B3)
    reply = view.berserk_reply(ctx.t, result, who_rolls_said=says, back_hint=hint)
    if aimed is not None:
        reply.body = ctx.t(key, unit=md(aimed.unit.name)) + "\n" + reply.body
    if aimed is not None:
        await _record(ctx, reply, aimed.unit, hitter, result, strike.kind, private)
    return finish(reply, private)


async def _record(
    ctx: Ctx,
    reply: Reply,
    card: Unit,
    hitter: Unit | None,
    result: BerserkResult,
    kind: str,
    private: bool,
) -> None:
    """Write a strike's wounds on the struck card (and, with `attacker:`, the wounds struck
    back on the attacker) as one step; whatever is not written is said, never left silent."""
    back = result.defender_kind not in (None, "miss")
    if hitter is None:
        state = await service.require_state(ctx)
        why = (
            "private"
            if private
            else "outsider"
            if state.participant_by_user(ctx.user.id) is None
            else "destroyed"
            if card.destroyed
            else None
        )
        unknown = back and result.strike.defender_values is None
        if why is not None:
            if unknown:
                reply.body += "\n" + ctx.t("dice.berserk.defender_no_values")
            reply.body += "\n" + ctx.t(f"dice.berserk.not_recorded_{why}")
            return
        if back:  # B3: what the return strike's wounds need, said once
            key = "back_not_recorded_values" if unknown else "back_not_recorded"
            reply.body += "\n" + ctx.t(f"dice.berserk.{key}")
    hits = [(card, result.wounds, strike_source(kind))]
    if hitter is not None:
        hits.append((hitter, result.defender_wounds or 0, "attack"))
    if hitter is None and all(n <= 0 for _, n, _ in hits):  # a step that changes nothing
        reply.body += "\n" + ctx.t("dice.berserk.nothing_recorded")
        return
    if hitter is not None:
        await _off_turn(ctx, reply, hitter)
    outcome = await write_wounds(ctx, hits, strike=True, closes=hitter)
    body = outcome_reply(ctx, outcome).body
    choice = weaker_choice(result.attacker_kind, result.defender_kind)
    if choice is not None:  # BZ-5; en-7 BK-5: names the side that had the choice
        who = card if choice.side == "defender" else hitter
        said = f"dice.berserk.choice_recorded.{choice.side if who else 'someone'}"
        body += "\n" + ctx.t(said, unit=md(who.name) if who else "")
    reply.fields.append(Field(ctx.t("dice.target.applied"), clip(body, 1024)))


async def _card(ctx: Ctx, text: str, command: str) -> Unit:
    """A standing card of this channel's Berserk game, checked before anything is rolled; a
    refusal names the `command` typed (playtest 6, W4: `/berserk wound` was called «удар»)."""
    state = await service.game_state(ctx, GAME.slug, command)
    holder = service.find_unit(state, text)
    service.require_standing(holder, ctx.lang, GAME.slug)  # B1: «погибло», not «уничтожено»
    return holder


async def _off_turn(ctx: Ctx, reply: Reply, hitter: Unit) -> None:
    """B5: a card acts in its owner's turn; one short remark when it does not (a card's own
    ability may allow it, so the strike is still recorded)."""
    state = await service.require_state(ctx)
    active = state.active_player
    if active is not None and hitter.owner_id not in (None, active.id):
        reply.body += "\n" + ctx.t(
            "dice.berserk.off_turn", unit=md(hitter.name), name=md(active.name)
        )


async def write_wounds(
    ctx: Ctx, hits: list[tuple[Unit, int, str]], strike: bool = False, closes: Unit | None = None
) -> service.Outcome:
    """Wounds on cards as one tracker step; each source is its own step param, so Броня Х
    (`tracker.py`) sees whether it stands. One source per step: a strike's two sides are both
    attacks unless the strike was magical, then the target's wounds go first, alone. A rolled
    strike is logged as a strike (`berserk_strike`), wounds put on by hand as wounds
    (playtest en-3, slip 16)."""
    state = await service.require_state(ctx)
    sources = {source for unit, n, source in hits if n > 0}
    source = next(iter(sources)) if len(sources) == 1 else "attack"

    async def body(step: Step) -> None:
        for unit, n, src in hits:
            if n <= 0:
                continue
            step.tx.params["source"] = src
            now = (await step.fresh()).unit(unit.id) or unit
            counter = now.counter(step.tpl.damage)
            if counter is None or now.destroyed:
                continue
            await step.adjust(now, counter.id, counter.key, n)
        step.tx.params["source"] = source
        if closes is not None:  # B5, seed 001:163: the attacker closes as its action's cost
            now = (await step.fresh()).unit(closes.id) or closes
            closed = now.counter("closed")
            if closed is not None and not now.destroyed and closed.value == 0:
                with step.told():
                    await step.set(now, closed.id, "closed", 1)
                step.note("tracker.note.berserk_attacker_closes", unit=now.name)

    params: dict[str, Any] = {"targets": [u.name for u, _, _ in hits], "source": source}
    if strike:
        params[ROLLED] = True
        return await service.run_step(ctx, state, "berserk_strike", body, params)
    return await service.run_step(ctx, state, "berserk_wound", body, params)


SOURCE_CHOICES = tuple(Choice(f"dice.choice.wound_{k}", k) for k in WOUND_SOURCES)


@command(
    "berserk",
    "wound",
    area=AREA,
    options=[
        replace(BERSERK_TARGET, required=True),
        Option("amount", int, required=True, min_value=1, max_value=99),
        named("source", str, choices=SOURCE_CHOICES),
    ],
)
async def berserk_wound(ctx: Ctx, target: str, amount: int, source: str = "attack") -> Reply:
    """Wounds on a tracked card; Броня Х prevents only those of a non-magical attack (seed 001
    line 37): a spell, a magical attack, an effect and poison go through whole."""
    card = await _card(ctx, target, "/berserk wound")
    # B2: the short form /dmg answers with, not the game banner on every wound record
    return change_reply(ctx, await write_wounds(ctx, [(card, amount, source or "attack")]))


@command("odds", "berserk", area=AREA, options=BERSERK_OPTIONS)
async def odds_berserk(ctx: Ctx, **options: Any) -> Reply:
    """The mode given, or both modes of a simple strike when none is (as the issue asks)."""
    return view.berserk_odds_view(ctx.t, odds_strikes(options))
