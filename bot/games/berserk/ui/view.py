"""Berserk replies: a strike by the fight table and its exact odds.

Each builder takes `tr(key, **params)` so the same text reaches Discord, the console and the CLI.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.berserk.dice import (
    KINDS,
    BerserkResult,
    BerserkStrike,
    fight_row,
    fight_table,
    value_differences,
)
from bot.games.berserk.odds import BerserkOdds, berserk_odds, choice_chances
from bot.games.berserk.rules import WeakerChoice, weaker_choice
from bot.handlers.dice_chart import chart, lang_of, mean, pct
from bot.handlers.dice_replies import Tr, calc, plus_minus
from bot.i18n import plural_form
from bot.reply import Field, Reply


def _mods_text(tr: Tr, mod: int, blessing: bool, clumsiness: int, simple: bool) -> list[str]:
    items: list[str] = []
    if mod:
        items.append(plus_minus(mod))
    if blessing:
        items.append(tr("dice.berserk.blessing"))
    if clumsiness:
        items.append(
            tr("dice.berserk.clumsiness", x=clumsiness)
            if simple
            else tr("dice.berserk.clumsiness_ignored")
        )
    return items


def mods_line(tr: Tr, s: BerserkStrike, fight: bool) -> str | None:
    """Both sides' roll modifiers on one line, the noun said once (playtest 8, B5): «Модификатор
    броска: +2; у атакованной карты: −1»; the defender's only in a fight."""
    mine = _mods_text(tr, s.mod, s.blessing, s.clumsiness, s.kind == "simple")
    theirs = (
        _mods_text(tr, s.defender_mod, s.defender_blessing, s.defender_clumsiness, True)
        if fight
        else []
    )
    if not mine and not theirs:
        return None
    if not mine:
        key = (
            "dice.berserk.defender_modifier"
            if len(theirs) == 1
            else "dice.berserk.defender_modifiers"
        )
        return tr(key, items=", ".join(theirs))
    key = "dice.berserk.modifier" if len(mine) == 1 else "dice.berserk.modifiers"
    line = tr(key, items=", ".join(mine))
    return (
        tr("dice.berserk.and_defender", attacker=line, items=", ".join(theirs)) if theirs else line
    )


def wounds_text(tr: Tr, n: int) -> str:
    """`2 раны`, `1 рана`, `0 ран` (playtest 3 slip 19: not the form-like «ран: 2»)."""
    return plural_form(n, tr("dice.plural.wounds", n=n).split("|"), lang_of(tr))


def kind_key(strike: str, kind: str) -> str:
    """The catalogue key naming a strike's kind in that attack's own noun: a shot is «слабый
    выстрел», a throw «слабое метание», not «слабый удар» (seed 001:63, 99, 299)."""
    if strike == "simple" or kind == "miss":
        return f"dice.kind.{kind}"
    return f"dice.kind_{strike}.{kind}"


def mode_key(fight: bool, kind: str) -> str:
    """Who rolls, said of the attack itself for any attack but a simple strike (playtest 4 slip
    10, playtest 5 B5: «закрытый» reads as the target card's state): «Выстрел: бросает только
    стреляющий», «Магический удар: бросает только атакующий, цель не отвечает»."""
    if fight:
        return "dice.berserk.mode_fight"
    return f"dice.berserk.mode_{kind}" if kind != "simple" else "dice.berserk.mode_closed"


def berserk_reply(
    tr: Tr, r: BerserkResult, who_rolls_said: bool = False, back_hint: bool = True
) -> Reply:
    """The strike's reply; `who_rolls_said` when the target line already says that only the
    attacker rolls (a closed card, BK-6), so the mode line would repeat it; `back_hint` False
    when the caller says itself what the return strike's wounds need (B3: said once)."""
    s = r.strike
    strike_name = tr(f"dice.choice.{s.kind}")
    # BK-3: at X-X-X (seed 001:17) every kind deals the same wounds; the title leaves the kind out
    flat = s.values.label() != s.values.text() and r.attacker_kind != "miss"
    lines = [] if who_rolls_said and not r.fight else [_mode_line(tr, r)]
    if not r.fight and s.defender_given:  # QA: `mode:closed defender_values:…` was silent
        lines.append(tr("dice.berserk.defender_ignored"))
    mods = mods_line(tr, s, r.fight)
    if mods:
        lines.append(mods)
    if r.fight and r.defender_roll is not None:
        lines.extend(_fight_lines(tr, r, back_hint))
    else:
        lines.append(
            tr(
                "dice.berserk.attacker_roll_flat" if flat else "dice.berserk.attacker_roll",
                calc=calc(r.attacker_roll, *s.attacker_mods),
                kind=tr(kind_key(s.kind, r.attacker_kind)),
                wounds=wounds_text(tr, r.wounds),
                values=s.values.text(),
            )
        )
    title = tr(
        "dice.berserk.title_flat" if flat else "dice.berserk.title",
        strike=strike_name,
        values=s.values.label(),
        kind=tr(kind_key(s.kind, r.attacker_kind)),
        wounds=wounds_text(tr, r.wounds),
    )
    title += _title_back(tr, r)
    return Reply(title=title[:1].upper() + title[1:], body="\n".join(lines))


def _mode_line(tr: Tr, r: BerserkResult) -> str:
    """Who rolls; in a fight, at which differences the table also looks at the rolls' values
    (playtest 14, B1: two ties of 0 gave opposite results under «решает разница»)."""
    diffs = value_differences() if r.fight else ()
    if not diffs or r.difference not in diffs:  # B2: the tie rows only on a tie
        return tr(mode_key(r.fight, r.strike.kind))
    if diffs == (0,):  # BK-2: a difference of 0 is a tie, said as one; BZ-1: and its rows
        return tr("dice.berserk.mode_fight_tie", rows="; ".join(_tie_rows(tr)))
    return tr("dice.berserk.mode_fight_values", differences=", ".join(map(plus_minus, diffs)))


def _tie_rows(tr: Tr) -> list[str]:
    """The fight table's rows for a tie, each as «both N or less — what each side deals», so
    the reader learns what decides a tie, not only that the values do (EN11 BZ-1)."""
    rows = []
    for row in fight_table():
        bound = "both_max" if row.both_max is not None else "both_min"
        n = row.both_max if row.both_max is not None else row.both_min
        if row.min != 0 or row.max != 0 or n is None:
            continue
        attacker = (
            tr("dice.berserk.tie_attacker_miss")
            if row.attacker == "miss"
            else tr("dice.berserk.tie_attacker", kind=tr(f"dice.kind.{row.attacker}"))
        )
        defender = (
            tr("dice.berserk.tie_defender_miss")
            if row.defender == "miss"
            else tr("dice.berserk.tie_defender", kind=tr(f"dice.kind.{row.defender}"))
        )
        rows.append(tr(f"dice.berserk.tie_row.{bound}", n=n, attacker=attacker, defender=defender))
    return rows


def _value_lines(tr: Tr, r: BerserkResult) -> list[str]:
    """The table row's condition on both rolls, in the table's terms, when it had one."""
    if r.defender_total is None:
        return []
    row = fight_row(r.attacker_total, r.defender_total)
    diff = plus_minus(r.difference or 0)
    lines = []
    if row.both_max is not None:
        lines.append(tr("dice.berserk.fight_both_max", difference=diff, n=row.both_max))
    if row.both_min is not None:
        lines.append(tr("dice.berserk.fight_both_min", difference=diff, n=row.both_min))
    return lines


def _title_back(tr: Tr, r: BerserkResult) -> str:
    """A fight's return strike in the title too: it can be the bigger result (English walk 6,
    BK-4); nothing when the defender misses."""
    if not r.fight or r.defender_kind == "miss":
        return ""
    s = r.strike
    wounds = ""
    if s.defender_values is not None and r.defender_wounds is not None:
        wounds = tr("dice.berserk.title_back_wounds", wounds=wounds_text(tr, r.defender_wounds))
    return tr("dice.berserk.title_back", kind=tr(f"dice.kind.{r.defender_kind}"), wounds=wounds)


def _fight_lines(tr: Tr, r: BerserkResult, back_hint: bool = True) -> list[str]:
    """Both dice and the difference first, then what each side deals by the fight table
    (playtest 4 slip 8: a die line that ended in «→ слабый удар» read as if that die decided)."""
    s = r.strike
    lines = [
        tr(
            "dice.berserk.fight_rolls",
            attacker=calc(r.attacker_roll, *s.attacker_mods),
            defender=calc(r.defender_roll or 0, *s.defender_mods),
            difference=plus_minus(r.difference or 0),
        ),
        *_value_lines(tr, r),
        tr("dice.berserk.fight_attacker_miss")
        if r.attacker_kind == "miss"
        else tr(
            "dice.berserk.fight_attacker",
            kind=tr(kind_key(s.kind, r.attacker_kind)),
            wounds=wounds_text(tr, r.wounds),
            values=s.values.text(),
        ),
    ]
    if r.defender_kind == "miss":  # BK-1: no return strike, not «strikes back: miss»
        lines.append(tr("dice.berserk.fight_defender_miss"))
        return lines
    back = ""
    if s.defender_values is not None and r.defender_wounds is not None:
        back = tr(
            "dice.berserk.defender_wounds",
            wounds=wounds_text(tr, r.defender_wounds),
            values=s.defender_values.text(),
        )
    lines.append(
        tr("dice.berserk.fight_defender", kind=tr(f"dice.kind.{r.defender_kind}"), wounds=back)
    )
    choice = weaker_choice(r.attacker_kind, r.defender_kind)
    if choice is not None:
        lines.append(_choice_line(tr, s, choice))
    if not back and back_hint:  # B3: what is missing, said once
        lines.append(tr("dice.berserk.defender_no_values"))
    return lines


def _choice_line(tr: Tr, s: BerserkStrike, choice: WeakerChoice) -> str:
    """The advantaged side may strike weaker so the other side does not strike back."""
    wounds: int | None
    if choice.side == "attacker":
        kind, wounds = choice.attacker, s.values.wounds(choice.attacker)
    else:
        kind = choice.defender
        wounds = s.defender_values.wounds(kind) if s.defender_values is not None else None
    if wounds is None:  # the defender's values not given: said so, never a bare «?» (B4)
        return tr("dice.berserk.choice_defender_unknown", kind=tr(f"dice.kind.{kind}"))
    return tr(
        f"dice.berserk.choice_{choice.side}",
        kind=tr(f"dice.kind.{kind}"),
        wounds=wounds_text(tr, wounds),
    )


def _kind_rows(tr: Tr, probs: dict[str, float]) -> list[tuple[str, float]]:
    return [(tr(f"dice.odds_kind.{k}"), probs[k]) for k in KINDS]


def berserk_odds_reply(
    tr: Tr,
    values: str,
    odds: BerserkOdds,
    fight: bool,
    defender_given: bool = False,
    kind: str = "simple",
) -> Reply:
    fields = [Field(tr("dice.odds.attacker"), chart(_kind_rows(tr, odds.attacker), lang_of(tr)))]
    body = [tr(mode_key(fight, kind))]
    if not fight and defender_given:
        body.append(tr("dice.berserk.defender_ignored"))
    if fight:
        fields.append(
            Field(tr("dice.odds.defender"), chart(_kind_rows(tr, odds.defender), lang_of(tr)))
        )
        if odds.defender_wounds is not None:
            body.append(tr("dice.odds.defender_mean", mean=mean(tr, odds.defender_wounds)))
    return Reply(
        title=tr(
            "dice.odds.berserk_title",
            strike=tr(f"dice.choice.{kind}"),
            values=values,
            mean=mean(tr, odds.mean_wounds),
        ),
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
            Field(
                tr("dice.odds.fight_attacker"), chart(_kind_rows(tr, fight.attacker), lang_of(tr))
            ),
            Field(
                tr("dice.odds.fight_defender"), chart(_kind_rows(tr, fight.defender), lang_of(tr))
            ),
            Field(
                tr("dice.odds.closed_attacker"), chart(_kind_rows(tr, closed.attacker), lang_of(tr))
            ),
        ],
    )


def berserk_odds_view(tr: Tr, strikes: Sequence[BerserkStrike]) -> Reply:
    """The `/odds berserk` reply for `options.odds_strikes`: one mode, or fight and closed."""
    values = strikes[0].values.text()
    if len(strikes) == 2:
        both = berserk_both_odds_reply(
            tr, values, berserk_odds(strikes[0]), berserk_odds(strikes[1])
        )
        return _with_choices(tr, _with_mods(tr, both, strikes[0]), strikes[0])
    strike = strikes[0]
    odds = berserk_odds(strike)
    reply = berserk_odds_reply(tr, values, odds, strike.fight, strike.defender_given, strike.kind)
    return _with_choices(tr, _with_mods(tr, reply, strike), strike)


def _with_mods(tr: Tr, reply: Reply, s: BerserkStrike) -> Reply:
    """The modifiers the odds were worked out with (playtest 4 slip 28: «+1» was not shown)."""
    mods = mods_line(tr, s, s.fight)
    if mods:
        reply.body += "\n" + mods
    return reply


def _with_choices(tr: Tr, reply: Reply, fight: BerserkStrike) -> Reply:
    """How often the fight lands on a row where the advantaged side may strike weaker."""
    if not fight.fight:
        return reply
    split = choice_chances(fight)
    reply.body += "\n" + tr(
        "dice.odds.berserk_choice",
        attacker=pct(tr, split["attacker"]),
        defender=pct(tr, split["defender"]),
    )
    return reply
