"""Replies for every dice result, in the reader's language, shared by the handlers and the CLI.

Each builder takes `tr(key, **params)` (a catalogue lookup in one language) so the same text
reaches Discord, the console and `python -m bot roll`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.dice.chart import chart, decimal, distribution_chart, percent
from bot.dice.faces import AttackFace
from bot.dice.generic import ExprResult
from bot.dice.odds import AttackOdds, BerserkOdds, CastOdds, berserk_odds
from bot.games.berserk.dice import KINDS, BerserkResult, BerserkStrike
from bot.games.mage_wars.dice import AttackResult, BurnResult, D12Roll, MWAttack, Strike
from bot.games.whfb.dice import CastResult, DispelResult, MagicRoll, WindsResult
from bot.reply import Field, Kind, Reply

Tr = Callable[..., str]


def _lang(tr: Tr) -> str:
    """The language `tr` speaks (the catalogue's `format.lang`), for numbers and percentages."""
    return "ru" if tr("format.lang") == "ru" else "en"


def pct(tr: Tr, p: float) -> str:
    return percent(p, _lang(tr))


def mean(tr: Tr, x: float) -> str:
    return decimal(x, _lang(tr))


def faces_text(faces: Sequence[AttackFace]) -> str:
    return " ".join(f"[{f.label()}]" for f in faces) if faces else "—"


def plus_minus(value: int) -> str:
    """`+2`, `−2` (a true minus sign) or `0`: a modifier or a difference on its own."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def signed(value: int) -> str:
    """` + 2` / ` − 2` for a modifier in a sum; empty for 0."""
    if value == 0:
        return ""
    return f" + {value}" if value > 0 else f" − {-value}"


def calc(natural: int, *mods: int) -> str:
    """`7` or `7 + 1 − 2 = 6`: a roll and its modifiers, summed only when there are any."""
    if not any(mods):
        return str(natural)
    total = natural + sum(mods)
    shown = f"−{-total}" if total < 0 else str(total)
    return f"{natural}{''.join(signed(m) for m in mods)} = {shown}"


def _dice_formula(tr: Tr, a: MWAttack) -> str:
    parts = [str(a.dice)]
    if a.bonus:
        parts.append(f"+ {a.bonus} {tr('dice.word.bonus')}")
    if a.weak and not a.spell:
        parts.append(f"− {a.weak} {tr('dice.word.weak')}")
    if a.aegis:
        parts.append(f"− {a.aegis} {tr('dice.word.aegis')}")
    text = " ".join(parts)
    if a.weak and a.spell:
        text += f"; {tr('dice.word.spell_weak')}"
    if a.dice + a.bonus - (0 if a.spell else a.weak) - a.aegis < 1:
        text += f"; {tr('dice.word.min_one')}"
    return text


def _armor_formula(tr: Tr, a: MWAttack) -> str:
    parts = [str(a.armor)]
    if a.corrode:
        parts.append(f"− {a.corrode} {tr('dice.word.corrode')}")
    if a.piercing:
        parts.append(f"− {a.piercing} {tr('dice.word.piercing')}")
    return " ".join(parts)


def attack_setup_lines(tr: Tr, a: MWAttack) -> list[str]:
    """The modifiers applied: dice count, armor, defense and special traits."""
    formula = _dice_formula(tr, a)
    lines = [
        tr("dice.mw.dice_line", dice=a.attack_dice, formula=formula)
        if formula != str(a.attack_dice)
        else tr("dice.mw.dice_plain", dice=a.attack_dice)
    ]
    if a.incorporeal:
        lines.append(tr("dice.mw.armor_incorporeal"))
    elif a.corrode or a.piercing:
        lines.append(
            tr("dice.mw.armor_line", armor=a.effective_armor, formula=_armor_formula(tr, a))
        )
    else:
        lines.append(tr("dice.mw.armor_plain", armor=a.armor))
    if a.defense and a.unavoidable:
        lines.append(tr("dice.mw.unavoidable"))
    elif a.has_defense and a.defense_penalty:
        lines.append(
            tr("dice.mw.defense_penalty_line", defense=a.defense, penalty=a.defense_penalty)
        )
    elif a.has_defense:
        lines.append(tr("dice.mw.defense_line", defense=a.defense))
    if a.twos_blank:
        lines.append(tr("dice.mw.note_incorporeal"))
    if a.resilient:
        lines.append(tr("dice.mw.note_resilient"))
    return lines


def _strike_lines(tr: Tr, a: MWAttack, s: Strike) -> list[str]:
    if s.missed_daze:
        return [tr("dice.mw.strike_daze_miss")]
    lines: list[str] = []
    if s.defense is not None:
        key = "dice.mw.defense_avoided" if s.defense.success else "dice.mw.defense_failed"
        lines.append(
            tr(
                key,
                calc=calc(s.defense.natural, -a.defense_penalty),
                defense=a.defense,
            )
        )
        if s.defense.success:
            return lines
    lines.append(tr("dice.mw.faces", faces=faces_text(s.faces)))
    lines.append(
        tr(
            "dice.mw.damage_line" if s.armor else "dice.mw.damage_line_plain",
            normal=s.normal,
            armor=s.armor,
            critical=s.critical,
            damage=s.damage,
        )
    )
    if s.effect_blocked:
        lines.append(tr("dice.mw.effect_blocked"))
    elif s.effect is not None:
        lines.append(_effect_line(tr, a, s.effect))
    return lines


def _effect_line(tr: Tr, a: MWAttack, roll: D12Roll) -> str:
    text = calc(roll.natural, a.effect_bonus, -a.tough)
    if roll.row is not None:
        return tr("dice.mw.effect_hit", calc=text, row=roll.row.text())
    return tr("dice.mw.effect_miss", calc=text)


def attack_reply(tr: Tr, result: AttackResult) -> Reply:
    a = result.attack
    body = attack_setup_lines(tr, a)
    if result.daze is not None:
        key = "dice.mw.daze_hit" if result.daze.success else "dice.mw.daze_miss"
        body.append(tr(key, roll=result.daze.natural))
    fields = [
        Field(tr("dice.mw.strike", n=s.number), "\n".join(_strike_lines(tr, a, s)))
        for s in result.strikes
    ]
    if len(result.strikes) > 1:
        fields.append(Field(tr("dice.mw.total_name"), tr("dice.mw.total", total=result.total)))
    return Reply(
        title=tr("dice.mw.attack_title", total=result.total),
        body="\n".join(body),
        fields=fields,
        footer=tr("dice.word.critical_legend"),
    )


def effect_reply(tr: Tr, roll: D12Roll, bonus: int) -> Reply:
    return Reply(
        title=tr("dice.mw.effect_title", modified=roll.modified),
        body=tr("dice.mw.effect_body", calc=calc(roll.natural, bonus)),
    )


def burn_reply(tr: Tr, result: BurnResult) -> Reply:
    if not result.rolls:
        return Reply(title=tr("dice.mw.burn_title", damage=0), body=tr("dice.mw.burn_none"))
    return Reply(
        title=tr("dice.mw.burn_title", damage=result.damage),
        body=tr(
            "dice.mw.burn_body",
            tokens=len(result.rolls),
            faces=faces_text(result.rolls),
            damage=result.damage,
            left=result.tokens_left,
        ),
        footer=tr("dice.word.critical_legend"),
    )


def escape_reply(tr: Tr, roll: D12Roll) -> Reply:
    key = "dice.mw.escape_ok" if roll.success else "dice.mw.escape_fail"
    return Reply(title=tr(key, roll=roll.natural), kind=Kind.SUCCESS if roll.success else Kind.INFO)


def push_reply(tr: Tr, roll: int, direction: str) -> Reply:
    return Reply(
        title=tr("dice.mw.push", roll=roll, direction=tr(f"dice.direction.{direction}")),
        footer=tr("dice.mw.push_legend"),
    )


def _mods_text(tr: Tr, mod: int, blessing: bool, clumsiness: int, simple: bool) -> list[str]:
    items: list[str] = []
    if mod:
        items.append(tr("dice.berserk.mod", x=plus_minus(mod)))
    if blessing:
        items.append(tr("dice.berserk.blessing"))
    if clumsiness:
        items.append(
            tr("dice.berserk.clumsiness", x=clumsiness)
            if simple
            else tr("dice.berserk.clumsiness_ignored")
        )
    return items


def berserk_reply(tr: Tr, r: BerserkResult) -> Reply:
    s = r.strike
    strike_name = tr(f"dice.choice.{s.kind}")
    lines = [tr("dice.berserk.mode_fight" if r.fight else "dice.berserk.mode_closed")]
    if not r.fight and s.defender_given:  # QA: `mode:closed defender_values:…` was silent
        lines.append(tr("dice.berserk.defender_ignored"))
    items = _mods_text(tr, s.mod, s.blessing, s.clumsiness, s.kind == "simple")
    if items:
        lines.append(tr("dice.berserk.modifiers", items=", ".join(items)))
    if r.fight:
        items = _mods_text(tr, s.defender_mod, s.defender_blessing, s.defender_clumsiness, True)
        if items:
            lines.append(tr("dice.berserk.defender_modifiers", items=", ".join(items)))
    lines.append(
        tr(
            "dice.berserk.attacker_roll",
            calc=calc(r.attacker_roll, s.attacker_mod),
            kind=tr(f"dice.kind.{r.attacker_kind}"),
            wounds=r.wounds,
            values=s.values.text(),
        )
    )
    if r.defender_roll is not None and r.defender_total is not None:
        back = ""
        if s.defender_values is not None and r.defender_wounds is not None:
            back = tr(
                "dice.berserk.defender_wounds",
                wounds=r.defender_wounds,
                values=s.defender_values.text(),
            )
        lines.append(
            tr(
                "dice.berserk.defender_roll",
                calc=calc(r.defender_roll, s.defender_total_mod),
                kind=tr(f"dice.kind.{r.defender_kind}"),
                wounds=back,
            )
        )
        lines.append(tr("dice.berserk.difference", difference=plus_minus(r.difference or 0)))
    title = tr(
        "dice.berserk.title",
        strike=strike_name,
        kind=tr(f"dice.kind.{r.attacker_kind}"),
        wounds=r.wounds,
    )
    return Reply(title=title[:1].upper() + title[1:], body="\n".join(lines))


def _dice_list(dice: Sequence[int]) -> str:
    return " ".join(f"[{d}]" for d in dice) if dice else "—"


def winds_reply(tr: Tr, r: WindsResult) -> Reply:
    a, b = r.winds
    lines = [tr("dice.whf.winds_body", a=a, b=b, sum=a + b, high=max(a, b))]
    for key, rolls in (("own_wizards", r.wizard_rolls), ("enemy_wizards", r.enemy_rolls)):
        if rolls:
            lines.append(
                tr(
                    f"dice.whf.{key}",
                    count=len(rolls),
                    rolls=_dice_list(rolls),
                    sixes=rolls.count(6),
                )
            )
    if r.power_lost or r.dispel_lost:
        lines.append(tr("dice.whf.pool_cap", power=r.power_lost, dispel=r.dispel_lost))
    return Reply(
        title=tr("dice.whf.winds_title", power=r.power, dispel=r.dispel), body="\n".join(lines)
    )


def _magic_line(tr: Tr, key: str, r: MagicRoll, **target: int) -> str:
    """`Dice: [4] [6] = 10 + level 2 = **12** against …` for a cast or a dispel."""
    return tr(key, dice=_dice_list(r.dice), total=r.total, level=r.level, result=r.result, **target)


def cast_reply(tr: Tr, r: CastResult) -> Reply:
    lines = [_magic_line(tr, "dice.whf.cast_line", r, value=r.value)]
    if r.irresistible:
        title = tr("dice.whf.cast_title_if")
        lines.append(tr("dice.whf.if_note"))
        a, b = r.miscast
        lines.append(tr("dice.whf.miscast", a=a, b=b, total=a + b))
        kind = Kind.SUCCESS
    elif r.success:
        title = tr("dice.whf.cast_title_ok", result=r.result)
        kind = Kind.SUCCESS
    else:
        title = tr("dice.whf.cast_title_fail")
        if r.natural_fail:
            lines.append(tr("dice.whf.natural_fail"))
        lines.append(tr("dice.whf.cast_fail_note"))
        kind = Kind.INFO
    return Reply(title=title, body="\n".join(lines), kind=kind)


def dispel_reply(tr: Tr, r: DispelResult) -> Reply:
    lines = [_magic_line(tr, "dice.whf.dispel_line", r, against=r.against)]
    if r.natural_fail:
        lines.append(tr("dice.whf.natural_fail"))
    title = tr("dice.whf.dispel_title_ok" if r.success else "dice.whf.dispel_title_fail")
    return Reply(title=title, body="\n".join(lines), kind=Kind.SUCCESS if r.success else Kind.INFO)


def expr_reply(tr: Tr, r: ExprResult) -> Reply:
    if r.kind == "attack":
        return Reply(
            title=tr("dice.roll.attack_title", n=len(r.faces), total=r.total),
            body=tr(
                "dice.roll.attack_body",
                faces=faces_text(r.faces),
                normal=r.normal,
                critical=r.critical,
            ),
            footer=tr("dice.word.critical_legend"),
        )
    if r.kind == "effect":
        return Reply(title=tr("dice.roll.effect_title", total=r.total), body=r.text)
    return Reply(title=tr("dice.roll.title", expr=r.expr, total=r.total), body=r.text)


def mw_odds_reply(tr: Tr, a: MWAttack, odds: AttackOdds, life: int | None) -> Reply:
    lines = attack_setup_lines(tr, a)
    if a.strikes > 1:
        lines.append(tr("dice.odds.strikes", strikes=a.strikes))
    if odds.avoid:
        lines.append(tr("dice.odds.avoid", p=pct(tr, odds.avoid)))
    if odds.daze_miss:
        lines.append(tr("dice.odds.daze", p=pct(tr, odds.daze_miss)))
    if a.effect:
        lines.append(tr("dice.odds.effect", p=pct(tr, odds.effect)))
    kill = odds.kill(life)
    if kill is not None:
        lines.append(tr("dice.odds.kill", life=life, p=pct(tr, kill)))
    return Reply(
        title=tr("dice.odds.mw_title", mean=mean(tr, odds.mean)),
        body="\n".join(lines),
        fields=[
            Field(tr("dice.odds.distribution"), distribution_chart(odds.distribution, _lang(tr)))
        ],
    )


def _kind_rows(tr: Tr, probs: dict[str, float]) -> list[tuple[str, float]]:
    return [(tr(f"dice.odds_kind.{k}"), probs[k]) for k in KINDS]


def berserk_odds_reply(
    tr: Tr, values: str, odds: BerserkOdds, fight: bool, defender_given: bool = False
) -> Reply:
    fields = [Field(tr("dice.odds.attacker"), chart(_kind_rows(tr, odds.attacker), _lang(tr)))]
    body = [tr("dice.berserk.mode_fight" if fight else "dice.berserk.mode_closed")]
    if not fight and defender_given:
        body.append(tr("dice.berserk.defender_ignored"))
    if fight:
        fields.append(
            Field(tr("dice.odds.defender"), chart(_kind_rows(tr, odds.defender), _lang(tr)))
        )
        if odds.defender_wounds is not None:
            body.append(tr("dice.odds.defender_mean", mean=mean(tr, odds.defender_wounds)))
    return Reply(
        title=tr("dice.odds.berserk_title", values=values, mean=mean(tr, odds.mean_wounds)),
        body="\n".join(body),
        fields=fields,
    )


def berserk_both_odds_reply(tr: Tr, values: str, fight: BerserkOdds, closed: BerserkOdds) -> Reply:
    """No mode given: the fight (both roll) and the closed mode (attacker only) side by side."""
    body = [
        tr("dice.odds.both_modes"),
        tr("dice.odds.mean_fight", mean=mean(tr, fight.mean_wounds)),
    ]
    if fight.defender_wounds is not None:
        body.append(tr("dice.odds.defender_mean", mean=mean(tr, fight.defender_wounds)))
    body.append(tr("dice.odds.mean_closed", mean=mean(tr, closed.mean_wounds)))
    return Reply(
        title=tr("dice.odds.berserk_both_title", values=values),
        body="\n".join(body),
        fields=[
            Field(tr("dice.odds.fight_attacker"), chart(_kind_rows(tr, fight.attacker), _lang(tr))),
            Field(tr("dice.odds.fight_defender"), chart(_kind_rows(tr, fight.defender), _lang(tr))),
            Field(
                tr("dice.odds.closed_attacker"), chart(_kind_rows(tr, closed.attacker), _lang(tr))
            ),
        ],
    )


def berserk_odds_view(tr: Tr, strikes: Sequence[BerserkStrike]) -> Reply:
    """The `/odds berserk` reply for `options.odds_strikes`: one mode, or fight and closed."""
    values = strikes[0].values.text()
    if len(strikes) == 2:
        return berserk_both_odds_reply(
            tr, values, berserk_odds(strikes[0]), berserk_odds(strikes[1])
        )
    strike = strikes[0]
    return berserk_odds_reply(tr, values, berserk_odds(strike), strike.fight, strike.defender_given)


def whf_odds_reply(tr: Tr, dice: int, level: int, value: int, odds: CastOdds) -> Reply:
    fail = odds.fail
    rows = [
        (tr("dice.odds.whf_cast"), odds.plain),
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
        + chart(rows, _lang(tr)),
    )


def target_lines(
    tr: Tr,
    unit: str,
    taken: Sequence[tuple[str, int]],
    given: Sequence[tuple[str, object, int]],
    incapacitated: str,
    label: Callable[[str], str],
) -> list[str]:
    """Where the target's values came from: the tracked unit, or options given explicitly.

    `label(key)` names a tracker stat or token in the reader's language.
    """
    values = ", ".join(f"{label(key)} {value}" for key, value in taken)
    if values:
        lines = [tr("dice.target.from", unit=unit, values=values)]
    else:
        lines = [tr("dice.target.plain" if given else "dice.target.from_nothing", unit=unit)]
    if given:
        items = ", ".join(
            tr("dice.target.given_item", stat=label(key), given=_plain(value), tracked=tracked)
            for key, value, tracked in given
        )
        lines.append(tr("dice.target.given", values=items))
    if incapacitated:
        lines.append(tr("dice.target.incapacitated", unit=unit, token=label(incapacitated)))
    return lines


def _plain(value: object) -> str:
    """An option value as typed: `true`/`false` for flags, numbers as they are."""
    return str(value).lower() if isinstance(value, bool) else str(value)
