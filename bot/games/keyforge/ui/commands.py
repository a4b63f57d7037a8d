"""KeyForge's own tracker commands: `/kf forge`, and `/kf capture` and `/kf steal` (issue 9).

Seed 004 line 73 (Захват Янтаря): captured Æmber is taken from the opponent's pool and put on a
creature of the capturing player; it cannot be spent (line 75: it goes to the opponent when the
creature leaves play, `tracker.py`). Stealing moves Æmber from the opponent's pool to the
player's. Both take as much as the opponent has (`rules.take`), as one step.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.context import Ctx, UserRef
from bot.games.keyforge import GAME
from bot.games.keyforge import fight as fighting
from bot.games.keyforge import forge as forging
from bot.games.keyforge.rules import take
from bot.games.keyforge.tracker import opponent
from bot.handlers import tracker_ops as service
from bot.handlers.tracker import AREA, TARGET, ac_target, outcome_reply
from bot.handlers.tracker_describe import note_line, plural
from bot.handlers.tracker_ops import table
from bot.handlers.tracker_quiet import change_reply
from bot.handlers.tracker_refusals import refusals, user_error
from bot.registry import Option, command
from bot.reply import Kind, Reply
from bot.tracker.errors import TrackerError
from bot.tracker.model import GameState, Participant, Unit
from bot.tracker.names import md
from bot.tracker.step import Note, Outcome, Step


async def forge(ctx: Ctx, player: UserRef | None = None) -> Outcome:
    """Forge a key for `player` (default: whoever acts), refusals in the reader's words."""
    with refusals(ctx):
        return await forging.forge(table(ctx), player)


@command("kf", "forge", area=AREA, options=[Option("player", UserRef)])
async def kf_forge(ctx: Ctx, player: UserRef | None = None) -> Reply:
    return outcome_reply(ctx, await forge(ctx, player))


AMOUNT = Option("amount", int, min_value=1, max_value=99)


def _opponent_of(state: GameState, p: Participant, lang: str) -> Participant:
    other = opponent(state, p.id)
    if other is None:
        raise user_error(TrackerError("kf_no_opponent", name=p.name), lang)
    return other


async def capture(ctx: Ctx, target: str, amount: int) -> Outcome:
    """Æmber from the opponent's pool onto the creature `target` of the capturing player."""
    state = await service.game_state(ctx, GAME.slug, "/kf capture")
    found = service.find_target(state, target, ctx.lang)
    if not isinstance(found, Unit):  # KF-1: say what to name instead of a player
        raise service.refusal("tracker.error.kf_capture_player", name=found.name)
    holder = found
    service.require_standing(holder)
    owner = state.participant(holder.owner_id)
    assert owner is not None
    other = _opponent_of(state, owner, ctx.lang)
    if other.value("aember") <= 0:
        raise user_error(TrackerError("kf_nothing_to_take", name=other.name), ctx.lang)

    async def body(step: Step) -> None:
        pool = other.counter("aember")
        assert pool is not None
        n = take(amount, (await step.tx.counter(pool.id)).value)
        await step.adjust(other, pool.id, "aember", -n)
        cid = await step.ensure(holder, "captured", token=True)
        await step.adjust(holder, cid, "captured", n)
        # Playtest 8 slip K5: less than asked says that the pool held no more.
        key = "tracker.note.kf_captured" + ("_short" if n < amount else "")
        step.note(key, unit=holder.name, count=n, name=other.name, asked=amount)

    params = {"target": holder.name, "amount": amount}
    return await service.run_step(ctx, state, "kf_capture", body, params)


def _seated(state: GameState, who: UserRef) -> Participant:
    found = state.participant_by_user(who.id)
    if found is None:
        raise service.refusal("tracker.error.not_in_game", name=who.name)
    return found


async def steal(
    ctx: Ctx, amount: int, player: UserRef | None, victim: UserRef | None = None
) -> Outcome:
    """Æmber from one pool to the other: `player` is the thief (you by default), `victim` the
    one robbed (playtest 16 K1: naming the opponent reads as "steal from"; the thief is then
    the victim's opponent)."""
    state = await service.game_state(ctx, GAME.slug, "/kf steal")
    if victim is not None:
        other = _seated(state, victim)
        me = _opponent_of(state, other, ctx.lang)
        if player is not None and _seated(state, player).id == other.id:
            raise service.refusal("tracker.error.kf_steal_self", name=other.name)
    else:
        me = _seated(state, player or ctx.user)
        other = _opponent_of(state, me, ctx.lang)
    if other.value("aember") <= 0:
        raise user_error(TrackerError("kf_nothing_to_take", name=other.name), ctx.lang)

    async def body(step: Step) -> None:
        theirs, mine = other.counter("aember"), me.counter("aember")
        assert theirs is not None and mine is not None
        n = take(amount, (await step.tx.counter(theirs.id)).value)
        await step.adjust(other, theirs.id, "aember", -n)
        await step.adjust(me, mine.id, "aember", n)
        key = "tracker.note.kf_stole" + ("_short" if n < amount else "")
        step.note(key, name=me.name, count=n, other=other.name, asked=amount)

    return await service.run_step(ctx, state, "kf_steal", body, {"player": me.name})


@command("kf", "capture", area=AREA, options=[TARGET, AMOUNT])
async def kf_capture(ctx: Ctx, target: str, amount: int = 1) -> Reply:
    return change_reply(ctx, await capture(ctx, target, amount))


@command(
    "kf", "steal", area=AREA, options=[AMOUNT, Option("player", UserRef), Option("victim", UserRef)]
)
async def kf_steal(
    ctx: Ctx, amount: int = 1, player: UserRef | None = None, victim: UserRef | None = None
) -> Reply:
    return change_reply(ctx, await steal(ctx, amount, player, victim))


ATTACKER = Option("attacker", str, required=True, autocomplete=ac_target, max_length=100)


def _left(ctx: Ctx, outcome: Outcome, was: Unit, side: str) -> str:
    """`теперь на нём 5 урона (сила 8, …)`, or `💀 уничтожена`, as the fight left it; said of
    the side (`target`, `attacker`), so a card's name never has to agree (playtest 18, K2)."""
    unit = outcome.state.unit(was.id)
    if unit is None or unit.destroyed:
        return ctx.t(f"tracker.kf_fight_destroyed.{side}")
    damage = unit.value(outcome.template.damage)
    key = f"tracker.kf_fight_left.{side}" if damage else f"tracker.kf_fight_unhurt.{side}"
    power = fighting.power_of(unit)
    return ctx.t(key, power=power, damage=damage, left=power - damage)


_ARMOR = ("tracker.note.kf_armor", "tracker.note.kf_armor_left")
_WARD = ("tracker.note.kf_ward", "tracker.note.kf_ward_rest")
_TOLD = (*_ARMOR, *_WARD, "tracker.note.destroyed")


def _guard(ctx: Ctx, notes: Sequence[Note], was: Unit, amount: int) -> list[str]:
    """What armor or a ward took of `amount` dealt to `was`, as `notes` tell it."""
    guard: list[str] = []
    taken = 0
    for note in notes:
        if note.params.get("unit") != was.name:
            continue
        if note.key in _ARMOR:
            taken += int(note.params["absorbed"])
            absorbed = plural("tracker.plural.kf_damage", int(note.params["absorbed"]), ctx.lang)
            guard.append(
                ctx.t("tracker.kf_fight_armor", armor=note.params["armor"], absorbed=absorbed)
            )
        elif note.key in _WARD and taken and amount > taken:
            guard.append(ctx.t("tracker.kf_fight_ward_rest", rest=amount - taken))
        elif note.key in _WARD:
            guard.append(ctx.t("tracker.kf_fight_ward"))
    return guard


def _hit(
    ctx: Ctx, outcome: Outcome, notes: Sequence[Note], was: Unit, amount: int, side: str
) -> str:
    """One side's damage as it happened (K1): the power dealt, then what armor or a ward took
    of it, then how the creature stands — so nothing is said before armor and again after."""
    guard = _guard(ctx, notes, was, amount)
    damage = plural("tracker.plural.kf_damage", amount, ctx.lang)
    key = "tracker.kf_fight_hit_guarded" if guard else "tracker.kf_fight_hit"
    left = _left(ctx, outcome, was, side)
    return ctx.t(key, damage=damage, guard=", ".join(guard), left=left)


def _assault(ctx: Ctx, outcome: Outcome, a: Unit, t: Unit, dealt: fighting.Dealt) -> str:
    """Assault before the fight (playtest 18, K1): its damage and what armor or a ward took of
    it; when it destroyed the target, that the fight ends with no blow back."""
    start, end = dealt.assault_notes
    guard = _guard(ctx, outcome.notes[start:end], t, dealt.assault)
    line = ctx.t(
        "tracker.kf_assault_guarded" if guard else "tracker.kf_assault",
        n=dealt.assault,
        attacker_name=md(a.name),
        target_name=md(t.name),
        damage=plural("tracker.plural.kf_damage", dealt.assault, ctx.lang),
        guard=", ".join(guard),
    )
    return line + (" " + ctx.t("tracker.kf_assault_ends", unit=md(t.name)) if dealt.ended else "")


_STUNNED = "tracker.note.kf_fight_stunned"  # the stun is used up instead of the fight


@command("kf", "fight", area=AREA, options=[ATTACKER, TARGET])
async def kf_fight(ctx: Ctx, attacker: str, target: str) -> Reply:
    """A fight in one line: each side's damage, what armor or a ward took, and how it stands;
    what Elusive or a stun did follows on its own line."""
    with refusals(ctx):
        outcome, a, t, dealt = await fighting.fight(table(ctx), attacker, target)
    start, end = dealt.assault_notes
    notes = [*outcome.notes[:start], *outcome.notes[end:]]  # the Assault's are in its line
    head = [_assault(ctx, outcome, a, t, dealt)] if dealt.assault else []
    sides = {a.name, t.name}  # their armor, ward and death are in the lines: said once
    if dealt.ended:  # the Assault destroyed the target: there was no fight
        line = ""
        notes = [n for n in notes if n.key not in _TOLD or n.params.get("unit") not in sides]
    elif dealt.to_target or dealt.to_attacker:  # who dealt how much, then how each side stands
        line = ctx.t(
            "tracker.kf_fight_dealt",
            attacker_name=md(a.name),
            target_name=md(t.name),
            to_target=_hit(ctx, outcome, notes, t, dealt.to_target, "target"),
            to_attacker=_hit(ctx, outcome, notes, a, dealt.to_attacker, "attacker"),
        )
        notes = [n for n in notes if n.key not in _TOLD or n.params.get("unit") not in sides]
    elif any(n.key == _STUNNED for n in notes):  # EN12 KF-2: a stunned creature does not fight
        line = ""
    else:  # Elusive: no damage either way, the note says why
        line = ctx.t("tracker.kf_fight", attacker_name=md(a.name), target_name=md(t.name))
    lines = [*head, *([line] if line else []), *(note_line(n, ctx.lang) for n in notes)]
    return Reply(body="\n".join(lines), kind=Kind.SUCCESS)
