"""Warhammer Fantasy magic replies: Winds of Magic, casting, dispelling and the cast odds.

Each builder takes `tr(key, **params)` so the same text reaches Discord, the console and the CLI.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.whfb.dice import DOUBLE_ONES, CastResult, DispelResult, MagicRoll, WindsResult
from bot.games.whfb.odds import CastOdds
from bot.games.whfb.rules import dispel_notes, miscast_hits, miscast_row
from bot.handlers.dice_chart import chart, lang_of, mean, pct
from bot.handlers.dice_replies import Tr, counted
from bot.reply import Field, Kind, Reply
from bot.tracker.names import md


def _dice_list(dice: Sequence[int]) -> str:
    return " ".join(f"[{d}]" for d in dice) if dice else "—"


def _pool_cap(tr: Tr, power: int, dispel: int) -> str:
    """`Лимит 12, лишние кубики теряются: 1 кубик силы.`: only the pools that lost dice."""
    parts = [
        counted(tr, f"dice.whf.plural.{key}", n)
        for key, n in (("power_lost", power), ("dispel_lost", dispel))
        if n
    ]
    return tr("dice.whf.pool_cap", lost=tr("dice.whf.pool_cap_and").join(parts))


def winds_reply(tr: Tr, r: WindsResult, sides: tuple[str, str | None] | None = None) -> Reply:
    """The Winds of Magic and the pools they give, ending with both totals (playtest 5, W7).

    `sides` (a tracked game): the caster's and the dispeller's names (None: not known), whose
    wizards add to which pool and who was given which pool.
    """
    a, b = r.winds
    lines = [tr("dice.whf.winds_body", a=a, b=b, sum=a + b, high=max(a, b))]
    caster, dispeller = sides if sides is not None else (None, None)
    for pool, rolls, name in (
        ("power", r.wizard_rolls, caster),
        ("dispel", r.enemy_rolls, dispeller),
    ):
        if not rolls:
            continue
        if sides is None:
            key = "dice.whf.own_wizards" if pool == "power" else "dice.whf.enemy_wizards"
        else:
            key = f"dice.whf.{pool}_side_wizards" if name else "dice.whf.dispel_side_unnamed"
        sixes = rolls.count(6)
        lines.append(
            tr(
                key,
                name=md(name or ""),
                count=len(rolls),
                rolls=_dice_list(rolls),
                sixes=sixes,
                wizards=counted(tr, "dice.plural.wizards", len(rolls)),
                sixes_text=counted(tr, "dice.whf.plural.sixes", sixes)
                if sixes
                else tr("dice.whf.no_sixes"),
                gain_text=counted(tr, f"dice.whf.plural.{pool}_dice", sixes),
            )
        )
    if r.power_lost or r.dispel_lost:
        lines.append(_pool_cap(tr, r.power_lost, r.dispel_lost))
    if sides is None:
        lines.append(tr("dice.whf.winds_total", power=r.power, dispel=r.dispel))
    elif dispeller is None:
        lines.append(
            tr(
                "dice.whf.winds_total_caster",
                power=r.power,
                dispel=r.dispel,
                caster=md(caster or ""),
            )
        )
    else:
        lines.append(
            tr(
                "dice.whf.winds_total_tracked",
                power=r.power,
                dispel=r.dispel,
                caster=md(caster or ""),
                dispeller=md(dispeller),
            )
        )
    return Reply(
        title=tr(
            "dice.whf.winds_title",
            power=r.power,
            dispel=r.dispel,
            power_text=counted(tr, "dice.whf.plural.power_dice", r.power),
            dispel_text=counted(tr, "dice.whf.plural.dispel_dice", r.dispel),
        ),
        body="\n".join(lines),
    )


def _magic_line(tr: Tr, key: str, r: MagicRoll, **target: int) -> str:
    """`Dice: [4] [6] = 10 + level 2 = **12** against …` for a cast or a dispel."""
    return tr(key, dice=_dice_list(r.dice), total=r.total, level=r.level, result=r.result, **target)


def cast_reply(tr: Tr, r: CastResult, wizard: str | None = None, spell: str | None = None) -> Reply:
    """The cast, headed by who casts what when the caster said so (`маг:`, `заклинание:`)."""
    lines = [tr("dice.whf.cast_wizard", wizard=md(wizard))] if wizard else []
    if spell:
        lines.append(tr("dice.whf.cast_spell", spell=md(spell)))
    lines.append(_magic_line(tr, "dice.whf.cast_line", r, value=r.value))
    if r.irresistible:
        title = tr("dice.whf.cast_title_if")
        lines.append(tr("dice.whf.if_note"))
        a, b = r.miscast
        row = tr(miscast_row(a + b))
        lines.append(tr("dice.whf.miscast", a=a, b=b, total=a + b, row=row))
        if miscast_hits(a + b):
            lines.append(tr("dice.whf.miscast_next"))
        kind = Kind.SUCCESS
    elif r.success:
        if spell:
            title = tr("dice.whf.cast_title_named", spell=md(spell), result=r.result, value=r.value)
        else:
            title = tr("dice.whf.cast_title_ok", result=r.result, value=r.value)
        kind = Kind.SUCCESS
    else:
        title = tr("dice.whf.cast_title_fail")
        if r.natural_fail:
            lines.append(tr(_natural_key(r.dice)))
        if wizard:
            lines.append(tr("dice.whf.cast_fail_named", wizard=md(wizard)))
        else:
            lines.append(tr("dice.whf.cast_fail_note"))
        kind = Kind.INFO
    return Reply(title=title, body="\n".join(lines), kind=kind)


def _natural_key(dice: list[int]) -> str:
    """Name the natural fail that happened: two or more 1s, or a total of 1–2 on one die."""
    return "dice.whf.double_ones" if dice.count(1) >= DOUBLE_ONES else "dice.whf.natural_fail"


def dispel_reply(tr: Tr, r: DispelResult, wizard: str | None = None) -> Reply:
    lines = [_magic_line(tr, "dice.whf.dispel_line", r, against=r.against)]
    if r.natural_fail:
        lines.append(tr(_natural_key(r.dice)))
    shown = md(wizard) if wizard else ""
    lines += [tr(key, wizard=shown) for key in dispel_notes(r.success, r.level, bool(wizard))]
    title = tr("dice.whf.dispel_title_ok" if r.success else "dice.whf.dispel_title_fail")
    return Reply(title=title, body="\n".join(lines), kind=Kind.SUCCESS if r.success else Kind.INFO)


def whf_odds_reply(tr: Tr, dice: int, level: int, value: int, odds: CastOdds) -> Reply:
    fail = odds.fail
    rows = [
        (tr("dice.odds.whf_cast_plain"), odds.plain),
        (tr("dice.odds.whf_if"), odds.irresistible),
        (tr("dice.odds.whf_fail"), fail),
    ]
    return Reply(
        title=tr("dice.odds.whf_title", dice=dice, level=level, value=value),
        body=tr(
            "dice.odds.whf_body",
            success=pct(tr, odds.success),
            irresistible=pct(tr, odds.irresistible),
            fail=pct(tr, fail),
        )
        + "\n"
        + chart(rows, lang_of(tr))
        + "\n"
        + tr(_cast_natural_key(dice)),
    )


def _cast_natural_key(dice: int) -> str:
    """One die fails on 1–2; two or more 1s fail, but from four dice two 6s may outrank them."""
    if dice == 1:
        return "dice.odds.whf_natural_one"
    return "dice.odds.whf_natural_two" if dice < 4 else "dice.odds.whf_natural_many"


def dispel_odds_reply(tr: Tr, dice: int, level: int, against: int, p: float) -> Reply:
    lines = [tr("dice.odds.dispel_body", success=pct(tr, p), fail=pct(tr, 1 - p))]
    # A natural total of 1 or 2 fails (dice.NATURAL_FAIL) on one die; with two or more dice
    # two or more 1s fail (dice.DOUBLE_ONES), whatever the total.
    natural = "dice.odds.dispel_natural_one" if dice == 1 else "dice.odds.dispel_natural_two"
    lines.append(tr(natural))
    lines += [tr(key) for key in dispel_notes(True, level)]
    return Reply(
        title=tr("dice.odds.dispel_title", dice=dice, level=level, against=against),
        body="\n".join(lines),
    )


def winds_odds_reply(
    tr: Tr,
    wizards: int,
    enemy_wizards: int,
    power: Sequence[float],
    dispel: Sequence[float],
    from_board: bool = False,
) -> Reply:
    """The pools' odds; a side with no wizards is said in words (WF-2), and counts not typed
    but taken from the game's board are said to be so, so the default is never a guess."""

    def rows(dist: Sequence[float]) -> list[tuple[str, float]]:
        return [(str(n), p) for n, p in enumerate(dist) if p > 0]

    def average(dist: Sequence[float]) -> str:
        return mean(tr, sum(n * p for n, p in enumerate(dist)))

    key = "dice.odds.winds_title"
    if not enemy_wizards:
        key = "dice.odds.winds_title_mine"
    elif not wizards:
        key = "dice.odds.winds_title_theirs"
    title = tr(
        key,
        wizards=counted(tr, "dice.plural.wizards", wizards),
        enemy_wizards=counted(tr, "dice.plural.wizards_against", enemy_wizards),
        enemy=counted(tr, "dice.plural.wizards", enemy_wizards),
    )
    body = tr("dice.odds.winds_body", power=average(power), dispel=average(dispel))
    if from_board:
        body += "\n" + tr("dice.odds.winds_from_board")
    return Reply(
        title=title if wizards or enemy_wizards else tr("dice.odds.winds_title_none"),
        body=body,
        fields=[
            Field(tr("dice.odds.winds_power"), chart(rows(power), lang_of(tr))),
            Field(tr("dice.odds.winds_dispel"), chart(rows(dispel), lang_of(tr))),
        ],
    )


def dispel_next(tr: Tr, r: CastResult, dispeller: str | None) -> str | None:
    """After a spell is cast the table's next step is the opponent's dispel against its result
    (WF-3), said last; Irresistible Force cannot be dispelled, and a failed cast has nothing."""
    if not r.success or r.irresistible:
        return None
    key = "dice.whf.dispel_next_named" if dispeller else "dice.whf.dispel_next"
    return tr(key, name=md(dispeller or ""), result=r.result)


def with_first_line(reply: Reply, line: str | None) -> Reply:
    """The reply with one line before its body: a note that changes how the rest reads (a typed
    result that differs from the last cast, playtest EN-9 WF-1) must be read first."""
    if line:
        reply.body = f"{line}\n{reply.body}" if reply.body else line
    return reply


def with_line(reply: Reply, line: str | None) -> Reply:
    """The reply with one more line at the end of its body (the tracked pool's spend)."""
    if line:
        reply.body = f"{reply.body}\n{line}" if reply.body else line
    return reply
