"""Warhammer Fantasy magic commands: `/whf winds|cast|dispel` and `/odds whf`.

When the channel tracks a Warhammer Fantasy game the roller plays in, winds set the pools (the
power of the player whose turn it is, the other side's dispel) in one undoable step and fill
missing wizard counts from the tracked ones; cast/dispel spend their dice from the roller's pool
first: too few dice is the tracker's refusal, and then nothing is rolled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.context import Ctx, UserRef
from bot.games.whfb import GAME, pools
from bot.games.whfb.dice import (
    MAX_CAST_DICE,
    MAX_LEVEL,
    MAX_VALUE,
    MAX_WIZARDS,
    check_magic,
    roll_cast,
    roll_dispel,
    roll_winds,
)
from bot.games.whfb.odds import cast_odds, dispel_odds, winds_odds
from bot.games.whfb.rules import (
    MagicAttempt,
    foreign_wizard,
    not_a_wizard,
    unknown_wizard,
    wizard_refusal,
)
from bot.games.whfb.ui import shapes, view
from bot.games.whfb.ui.last_cast import (
    CAST,
    HISTORY,
    PHASE_STARTS,
    POOL_STEP,
    last_cast,
    magic_rolls,
    mismatch,
    nothing_to_dispel,
    target,
)
from bot.games.whfb.ui.wizards import said as wizards_lines
from bot.games.whfb.ui.wizards import wizard_counts
from bot.handlers import tracker_ops as service
from bot.handlers.dice import AREA, PRIVATE, finish, log_roll
from bot.handlers.dice_names import named
from bot.handlers.tracker_describe import genitive_name
from bot.handlers.tracker_ops import Outcome
from bot.handlers.tracker_refusals import refusals
from bot.i18n import LANGUAGES, plural
from bot.registry import Localized, UserError, command
from bot.reply import Reply
from bot.tracker.model import GameState, Participant

if TYPE_CHECKING:
    from bot.storage.api import RollRecord

# ── the tracked game's magic pools ─────────────────────────────────────────────────────────────


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

    @property
    def caster(self) -> Participant:
        """Whose magic phase it is: the player whose turn it is draws the power (seed 002:3),
        whoever typed the roll (playtest 5, W1)."""
        return self.state.active_player or self.me

    @property
    def dispeller(self) -> Participant | None:
        """The other side, who draws the dispel dice: the one player who is not the caster, or
        the roller when several others play and the roller is not the caster."""
        others = [p for p in self.state.participants if p.id != self.caster.id]
        if len(others) == 1:
            return others[0]
        return self.me if self.me.id != self.caster.id else None


async def magic_side(ctx: Ctx) -> MagicSide | None:
    """The roller's side when they may change this channel's active `whfb` game, else None: a
    host or moderator who does not play rolls for the player whose turn it is (English walk 13,
    WF-1: their Winds were left unrecorded)."""
    state = await service.load_state(ctx.services.storage, ctx.channel_id)
    if state is None or state.slug != GAME.slug or not state.game.active:
        return None
    me = state.participant_by_user(ctx.user.id)
    if me is None and service.can_change(ctx, state):
        me = state.active_player
    if me is None:
        return None
    return MagicSide(state, me, [p for p in state.participants if p.id != me.id])


async def record_winds(
    ctx: Ctx, side: MagicSide, power: int, dispel: int, typed: tuple[Opt, Opt] = (None, None)
) -> service.Outcome:
    """The pools as ONE tracker step (`pools`): one `/game undo` takes the whole Winds of Magic
    back. A typed wizard count is for the roll only (playtest 13, W3)."""
    targets = [(side.caster, "power", power)]
    if side.dispeller is not None:
        targets.append((side.dispeller, "dispel", dispel))

    async def body(step: service.Step) -> None:
        for player, key, value in targets:
            counter = player.counter(key)
            if counter is not None:
                await step.set(player, counter.id, key, value)

    params = {"player": side.caster.name, WINDS: 1}
    return await service.run_step(ctx, side.state, "pools", body, params)


WINDS = "winds"  # marks the pools step of a Winds of Magic roll
Opt = int | None  # a count option left out: the game's, or 0


async def winds_rolled(ctx: Ctx, side: MagicSide) -> bool:
    """Whether a Winds of Magic roll already set the pools this phase (since the last
    `/game next`) and is not undone: a second one would silently overwrite both pools."""
    history = await ctx.services.storage.tracker.history(side.state.game.id, limit=HISTORY)
    for s in history:
        if s.status != "done":
            continue
        if s.action in PHASE_STARTS:
            return False
        if s.action == "pools" and s.params.get(WINDS):
            return True
    return False


# ── the pools as tracker steps (`pools.py`), refusals in the reader's words ─────────────────────


async def set_pools(
    ctx: Ctx,
    player: UserRef | None,
    power: int | None = None,
    dispel: int | None = None,
    *,
    command: str = "/whf winds",
) -> Outcome:
    """Set a side's power and/or dispel pool (after a Winds of Magic roll), as one step."""
    with refusals(ctx):
        return await pools.set_pools(service.table(ctx), player, power, dispel, command=command)


async def spend_pool(
    ctx: Ctx,
    pool: str,
    amount: int,
    player: UserRef | None = None,
    *,
    command: str = "/whf",
    action: str = "add",
    spell: str = "",
) -> Outcome:
    """Spend `amount` dice from a side's pool; too few is refused (checked again in the step)."""
    with refusals(ctx):
        return await pools.spend_pool(
            service.table(ctx), pool, amount, player, command=command, action=action, spell=spell
        )


async def spend_magic(ctx: Ctx, side: MagicSide, pool: str, dice: int) -> int:
    """Spend `dice` from the roller's `power` or `dispel` pool (the tracker refuses too few).

    Returns what is left in that pool. Too few dice is said in the roller's terms first (the
    tracker's own bounds check still guards the write).
    """
    return (await spend_magic_step(ctx, side, pool, dice))[0]


async def spend_magic_step(
    ctx: Ctx,
    side: MagicSide,
    pool: str,
    dice: int,
    payer: Participant | None = None,
    spell: str = "",
) -> tuple[int, int | None]:
    """`spend_magic`, and the id of the tracker step that spent the dice.

    `payer` is whose pool pays (default: the roller); a refusal names them, so the table sees
    whose pool is short.
    """
    who = payer or side.me
    have = who.value(pool)
    if have < dice:  # an empty pool is said so, not «только 0 кубиков» (playtest 12, W3)
        have_text = Localized(*(plural("dice.whf.plural.dice", have, lg) for lg in LANGUAGES))
        key = f"dice.whf.{'empty' if have == 0 else 'short'}_{pool}"
        raise UserError(key, name=who.name, have=have, have_text=have_text, dice=dice)
    action = "cast" if pool == "power" else "dispel"
    outcome = await spend_pool(
        ctx, pool, dice, UserRef(who.user_id, who.name), action=action, spell=spell
    )
    after = outcome.state.participant_by_user(who.user_id)
    return (after.value(pool) if after is not None else 0), outcome.step_id


# ── per-wizard state of a tracked phase (issue 9) ──────────────────────────────────────────────
# A cast or dispel by a player of a tracked game spends from the pool as a tracker step; the roll
# log keeps that step's id (`pool_step`) and the wizard and spell named. The phase's attempts are
# the logged rolls whose pool step is still done and came after the last `/game next`, so an
# undone spend is forgotten with it. The rules: `bot/games/whfb/rules.py: wizard_refusal`.

SIDE = "side"  # the user id of the player whose pool a dispel spent, when not the roller's


async def phase_attempts(
    ctx: Ctx, side: MagicSide, rolls: list[RollRecord] | None = None
) -> list[MagicAttempt]:
    """The phase's attempts by named wizards; `rolls`: the phase's, when the caller read them."""
    out: list[MagicAttempt] = []
    rolls = await magic_rolls(ctx, side) if rolls is None else rolls
    for r in rolls:  # this phase's, whose spend is still done
        wizard = r.inputs.get("wizard")
        if not wizard:
            continue
        kind = r.command.split()[1]
        spell = str(r.inputs.get("spell") or "")
        by = r.result.get(SIDE)
        user_id = by if isinstance(by, int) else r.user_id
        out.append(MagicAttempt(user_id, kind, str(wizard), spell, bool(r.result.get("success"))))
    return out


async def dispeller(
    ctx: Ctx, side: MagicSide, rolls: list[RollRecord] | None = None
) -> Participant:
    """Who dispels: the opponent of the phase's latest caster. At one table one player often
    types for both, so when the roller cast the spell themselves, the dispel is the opponent's
    and spends the opponent's pool (seed 002:15: the opposing player dispels). With two players
    that is simply the one whose turn it is not (002:3, playtest 5 W1)."""
    if len(side.state.participants) == 2 and side.dispeller is not None:
        return side.dispeller
    rolls = await magic_rolls(ctx, side) if rolls is None else rolls
    cast = next((r for r in rolls if r.command == CAST), None)
    if cast is not None and cast.user_id == ctx.user.id and side.opponent is not None:
        return side.opponent
    return side.me


async def check_wizard(
    ctx: Ctx,
    side: MagicSide | None,
    kind: str,
    wizard: str | None,
    spell: str | None,
    player: Participant | None = None,
    rolls: list[RollRecord] | None = None,
) -> None:
    """Refuse a named wizard who may not try now, before any die is spent or rolled: another
    side's tracked wizard (W3), or one who failed or already cast that spell this phase."""
    if side is None or not wizard:
        return
    if player is not None:
        known = unknown_wizard(side.state.units, wizard, player.id)
        if known is not None:  # playtest 12, W3: a name no unit has is said, with the wizards
            raise UserError("dice.whf.no_such_wizard", wizard=wizard, wizards=", ".join(known))
        plain = not_a_wizard(side.state.units, wizard, player.id)
        if plain is not None:  # playtest 18, W1: only wizards cast and dispel (002:17, 79)
            raise UserError(f"dice.whf.not_a_wizard_{kind}", unit=plain.name)
        other = foreign_wizard(side.state.units, wizard, player.id)
        holder = side.state.participant(other.owner_id) if other is not None else None
        if other is not None and holder is not None:
            raise UserError(
                f"dice.whf.not_own_wizard_{kind}",
                wizard=other.name,
                owner=genitive_name(holder.name, ctx.lang),
                player=player.name,
            )
    attempts = await phase_attempts(ctx, side, rolls)
    owner = player.user_id if player is not None else ctx.user.id
    refusal = wizard_refusal(attempts, owner, kind, wizard, spell or "")
    if refusal is not None:
        raise UserError(refusal.key, **refusal.params)


# ── the commands ───────────────────────────────────────────────────────────────────────────────


@command(
    "whf",
    "winds",
    area=AREA,
    options=[
        named("wizards", int, min_value=0, max_value=MAX_WIZARDS),
        named("enemy_wizards", int, min_value=0, max_value=MAX_WIZARDS),
        PRIVATE,
    ],
)
async def whf_winds(
    ctx: Ctx, wizards: int | None = None, enemy_wizards: int | None = None, private: bool = False
) -> Reply:
    side = await _magic_side(ctx, private)
    if side is not None and await winds_rolled(ctx, side):
        raise UserError("dice.whf.winds_again")
    # `wizards` are the casting side's, `enemy_wizards` the dispelling side's (EN-6 WF-1)
    typed = (wizards, enemy_wizards)
    wizards, enemy_wizards = counts = wizard_counts(side, wizards, enemy_wizards)
    result = roll_winds(*counts, ctx.services.rng)
    if side is None:
        reply = view.winds_reply(ctx.t, result)
    else:
        dispeller = side.dispeller.name if side.dispeller is not None else None
        reply = view.winds_reply(ctx.t, result, (side.caster.name, dispeller))
        reply.body = "\n".join([reply.body, *wizards_lines(ctx, side, typed)])
        await record_winds(ctx, side, result.power, result.dispel, typed)
    inputs = {"wizards": wizards, "enemy_wizards": enemy_wizards}
    summary = ("dice.summary.winds", {"power": result.power, "dispel": result.dispel})
    await log_roll(ctx, "whf winds", inputs, shapes.whf_winds(result), summary, private)
    return finish(reply, private)


async def _magic_side(ctx: Ctx, private: bool) -> MagicSide | None:
    """The roller's side in a tracked `whfb` game. Its pools are shared with the table, so a
    roll that would change them is never private: refused before anything is rolled."""
    side = await magic_side(ctx)
    if side is not None and private:
        raise UserError("dice.whf.private")
    return side


async def _spend(
    ctx: Ctx,
    pool: str,
    dice: int,
    private: bool,
    wizard: str | None = None,
    spell: str | None = None,
    rolls: list[RollRecord] | None = None,
) -> tuple[str | None, int | None, Participant | None]:
    """Spend from the tracked pool before rolling: the reply line, the step id, and the player
    who paid when not the roller (a cast is the caster's whose turn it is, a dispel the other
    side's, whoever types it).

    A named `wizard` who may not try (failed this phase, spell already cast) is refused first.
    `rolls`: the phase's magic rolls when the caller read them already (a dispel does).
    """
    side = await _magic_side(ctx, private)
    payer = None
    if side is not None and pool == "dispel":
        payer = await dispeller(ctx, side, rolls)
    elif side is not None:  # the power is the caster's, whoever types the cast (W1)
        payer = side.caster
    kind = "cast" if pool == "power" else "dispel"
    await check_wizard(ctx, side, kind, wizard, spell, payer, rolls)
    if side is None:
        return None, None, None
    left, step_id = await spend_magic_step(ctx, side, pool, dice, payer, spell or "")
    who = payer or side.me
    line = ctx.t(f"dice.whf.spent_{pool}", name=who.name, spent=dice, left=left)  # W1
    return line, step_id, (who if who.id != side.me.id else None)


CAST_DICE = named("dice", int, required=True, min_value=1, max_value=MAX_CAST_DICE)
CAST_OPTIONS = [
    CAST_DICE,
    named("level", int, required=True, min_value=1, max_value=MAX_LEVEL),
    named("value", int, required=True, min_value=1, max_value=MAX_VALUE),
]


WIZARD = named("wizard", str, max_length=60)
SPELL = named("spell", str, max_length=60)


@command("whf", "cast", area=AREA, options=[*CAST_OPTIONS, WIZARD, SPELL, PRIVATE])
async def whf_cast(
    ctx: Ctx,
    dice: int,
    level: int,
    value: int,
    private: bool = False,
    wizard: str | None = None,
    spell: str | None = None,
) -> Reply:
    check_magic(dice, level, "value", value)
    # refused before anything is rolled
    spent, step_id, payer = await _spend(ctx, "power", dice, private, wizard, spell)
    result = roll_cast(dice, level, value, ctx.services.rng)
    outcome = (
        "@odds.whf_if"
        if result.irresistible
        else ("@odds.whf_cast" if result.success else "@odds.whf_fail")
    )
    summary = ("dice.summary.cast", {"result": result.result, "outcome": outcome})
    inputs: dict[str, Any] = {"dice": dice, "level": level, "value": value}
    inputs.update({k: v for k, v in (("wizard", wizard), ("spell", spell)) if v})
    data = {**shapes.whf_cast(result), POOL_STEP: step_id}
    if payer is not None:  # typed for the player whose turn it is: their wizard's attempt
        data[SIDE] = payer.user_id
    await log_roll(ctx, CAST, inputs, data, summary, private)
    side = await magic_side(ctx)  # who dispels next: the caster's opponent (WF-3)
    them = side.dispeller.name if side is not None and side.dispeller is not None else None
    reply = view.with_line(view.cast_reply(ctx.t, result, wizard, spell), spent)
    return finish(view.with_line(reply, view.dispel_next(ctx.t, result, them)), private)


@command(
    "whf",
    "dispel",
    area=AREA,
    options=[
        CAST_DICE,
        named("level", int, required=True, min_value=0, max_value=MAX_LEVEL),
        named("against", int, min_value=1, max_value=MAX_VALUE),
        WIZARD,
        PRIVATE,
    ],
)
async def whf_dispel(
    ctx: Ctx,
    dice: int,
    level: int,
    against: int | None = None,
    private: bool = False,
    wizard: str | None = None,
) -> Reply:
    side = await _magic_side(ctx, private)
    rolls = await magic_rolls(ctx, side)  # read once: the cast to dispel and whether it can be
    if side is not None:  # before `target`: a failed cast is said as such (WF-5)
        nothing_to_dispel(rolls)
    cast = last_cast(rolls)  # `against` left out: the last cast's (EN-8 WF-3)
    typed, against = against, target(cast, against)
    check_magic(dice, level, "against", against)
    spent, step_id, payer = await _spend(ctx, "dispel", dice, private, wizard, rolls=rolls)
    result = roll_dispel(dice, level, against, ctx.services.rng)
    outcome = "@odds.whf_dispelled" if result.success else "@odds.whf_not_dispelled"
    summary = ("dice.summary.cast", {"result": result.result, "outcome": outcome})
    inputs: dict[str, Any] = {"dice": dice, "level": level, "against": against}
    if wizard:
        inputs["wizard"] = wizard
    data: dict[str, Any] = {**shapes.whf_dispel(result), POOL_STEP: step_id}
    if payer is not None:
        data[SIDE] = payer.user_id
    await log_roll(ctx, "whf dispel", inputs, data, summary, private)
    reply = view.with_first_line(
        view.dispel_reply(ctx.t, result, wizard), mismatch(ctx, cast, typed)
    )
    return finish(view.with_line(reply, spent), private)


@command("odds", "whf", area=AREA, options=CAST_OPTIONS)
async def odds_whf(ctx: Ctx, dice: int, level: int, value: int) -> Reply:
    return view.whf_odds_reply(ctx.t, dice, level, value, cast_odds(dice, level, value))


# ── `/odds dispel` and `/odds winds` (issue 9): the exact odds the engine already computes ─────


@command(
    "odds",
    "dispel",
    area=AREA,
    options=[
        CAST_DICE,
        named("level", int, required=True, min_value=0, max_value=MAX_LEVEL),
        named("against", int, required=True, min_value=1, max_value=MAX_VALUE),
    ],
)
async def odds_dispel(ctx: Ctx, dice: int, level: int, against: int) -> Reply:
    """P(a dispel reaches the casting result), exact over the 6^dice rolls."""
    check_magic(dice, level, "against", against)
    return view.dispel_odds_reply(ctx.t, dice, level, against, dispel_odds(dice, level, against))


@command(
    "odds",
    "winds",
    area=AREA,
    options=[
        named("wizards", int, min_value=0, max_value=MAX_WIZARDS),
        named("enemy_wizards", int, min_value=0, max_value=MAX_WIZARDS),
    ],
)
async def odds_winds(ctx: Ctx, wizards: Opt = None, enemy_wizards: Opt = None) -> Reply:
    """Exact pool sizes after the Winds (002:41–71), with the game's wizards unless typed (W4)."""
    mine, theirs = wizard_counts(await magic_side(ctx), wizards, enemy_wizards)
    power, dispel = winds_odds(mine, theirs)
    from_board = (wizards is None and bool(mine)) or (enemy_wizards is None and bool(theirs))
    return view.winds_odds_reply(ctx.t, mine, theirs, power, dispel, from_board)
