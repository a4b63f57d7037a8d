"""Mage Wars replies: attacks, effects, Burn, escape, push, exact odds and tracked targets.

Each builder takes `tr(key, **params)` so the same text reaches Discord, the console and the CLI.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from bot.games.mage_wars.dice import (
    DEFENSE_PENALTY,
    AttackResult,
    BurnResult,
    D12Roll,
    MWAttack,
    Strike,
)
from bot.games.mage_wars.odds import AttackOdds
from bot.games.mage_wars.target import FLAGS
from bot.handlers.dice_chart import distribution_chart, lang_of, mean, pct
from bot.handlers.dice_replies import Tr, calc, counted, faces_text
from bot.reply import Field, Kind, Reply
from bot.tracker.names import md

# An attack that recorded nothing says so in the codex's word «повреждения» (playtest 9, M2).
NOTHING = "dice.mw.no_change"


def _dice_formula(tr: Tr, a: MWAttack) -> str:
    parts = [str(a.dice)]
    if a.bonus:
        parts.append(f"+ {a.bonus} {tr('dice.word.bonus')}")
    if a.extra:
        parts.append(f"+ {a.extra} {tr('dice.word.extra')}")
    if a.weak and not a.spell:
        parts.append(f"− {a.weak} {tr('dice.word.weak')}")
    if a.aegis:
        parts.append(f"− {a.aegis} {tr('dice.word.aegis')}")
    notes: list[str] = []
    if a.weak and a.spell:
        notes.append(tr("dice.word.spell_weak"))
    if a.dice + a.bonus + a.extra - (0 if a.spell else a.weak) - a.aegis < 1:
        notes.append(tr("dice.word.min_one"))
    # a bare count repeats the bold number: «4 (4; …)» (playtest 7, M7)
    sums = [" ".join(parts)] if len(parts) > 1 else []
    return "; ".join(sums + notes) or str(a.dice)


def _penalty_reasons(tr: Tr, a: MWAttack) -> str:
    """«Оцепенение ×2 = −4, Застрявший ⇒ Связанный = −2»: each part of the defense penalty with
    its own amount when there are two (playtest 18, M2), the token the board shows and why it
    costs −2 (it restrains the creature; playtest 10, M2)."""
    parts: list[tuple[str, int]] = []
    if a.target_daze:
        parts.append((tr("dice.mw.penalty_daze", n=a.target_daze), DEFENSE_PENALTY * a.target_daze))
    if a.restrained:
        why = f"dice.mw.penalty_restrained.{a.restrained_by}" if a.restrained_by else ""
        parts.append((tr(why or "dice.mw.penalty_restrained"), DEFENSE_PENALTY))
    if len(parts) == 1:
        return parts[0][0]
    return ", ".join(tr("dice.mw.penalty_part", reason=r, amount=n) for r, n in parts)


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
    if a.strikes > 1 and a.later_dice != a.attack_dice:
        lines.append(tr("dice.mw.later_dice_line", dice=a.later_dice))
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
            tr(
                "dice.mw.defense_penalty_line",
                defense=a.defense,
                penalty=a.defense_penalty,
                reasons=_penalty_reasons(tr, a),
            )
        )
    elif a.has_defense:
        lines.append(tr("dice.mw.defense_line", defense=a.defense))
    if a.twos_blank:
        lines.append(tr("dice.mw.note_incorporeal"))
    elif a.incorporeal and a.ethereal:
        lines.append(tr("dice.mw.note_ethereal"))
    if a.resilient:
        lines.append(tr("dice.mw.note_resilient"))
    if a.tough:  # said either way, so a given «прочный» is seen to be read (playtest 3 slip 33)
        lines.append(
            tr("dice.mw.note_tough" if a.effect else "dice.mw.note_tough_unused", n=a.tough)
        )
    return lines


def _strike_lines(tr: Tr, a: MWAttack, s: Strike) -> list[str]:
    if s.no_target:
        return [tr("dice.mw.strike_no_target")]
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
            damage=counted(tr, "dice.plural.damage", s.damage),
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
        return tr("dice.mw.effect_hit", calc=text, row=md(roll.row.text()))
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
        fields.append(
            Field(
                tr("dice.mw.total_name"),
                tr("dice.mw.total", total=counted(tr, "dice.plural.damage", result.total)),
            )
        )
    return Reply(
        title=tr(
            "dice.mw.attack_title", total=counted(tr, "dice.plural.damage_plain", result.total)
        ),
        body="\n".join(body),
        fields=fields,
        footer=tr("dice.word.critical_legend") if faces_shown(result) else "",
    )


def faces_shown(result: AttackResult) -> bool:
    """Whether any strike shows its dice (not lost to Daze, not avoided): the legend of `*` and
    `·` is printed only under dice it explains."""
    return any(
        not s.missed_daze and not s.no_target and not (s.defense is not None and s.defense.success)
        for s in result.strikes
    )


def effect_reply(tr: Tr, roll: D12Roll, bonus: int) -> Reply:
    return Reply(
        title=tr("dice.mw.effect_title", modified=roll.modified),
        body=tr("dice.mw.effect_body", calc=calc(roll.natural, bonus)),
    )


def burn_reply(tr: Tr, result: BurnResult) -> Reply:
    if not result.rolls:
        return Reply(
            title=tr("dice.mw.burn_title", damage=counted(tr, "dice.plural.damage_plain", 0)),
            body=tr("dice.mw.burn_none"),
        )
    return Reply(
        title=tr(
            "dice.mw.burn_title", damage=counted(tr, "dice.plural.damage_plain", result.damage)
        ),
        body=tr(
            "dice.mw.burn_body",
            tokens=len(result.rolls),
            faces=result.faces(),
            damage=result.damage,
            left=result.tokens_left,
        ),
        footer=tr("dice.word.blank_legend"),
    )


def escape_reply(tr: Tr, roll: D12Roll) -> Reply:
    """The roll in the title; what to do with the token, and that nothing was recorded, in the
    body (playtest en-3, slip 9)."""
    key = "dice.mw.escape_ok" if roll.success else "dice.mw.escape_fail"
    return Reply(
        title=tr(key, roll=roll.natural),
        body=tr(f"{key}_body"),
        kind=Kind.SUCCESS if roll.success else Kind.INFO,
    )


def push_reply(tr: Tr, roll: int, direction: str) -> Reply:
    return Reply(
        title=tr("dice.mw.push", roll=roll, direction=tr(f"dice.direction.{direction}")),
        footer=tr("dice.mw.push_legend"),
    )


def mw_odds_reply(tr: Tr, a: MWAttack, odds: AttackOdds, life: int | None) -> Reply:
    lines = attack_setup_lines(tr, a)
    if a.strikes > 1:
        lines.append(tr("dice.odds.strikes", strikes=a.strikes))
    if odds.avoid:
        lines.append(tr("dice.odds.avoid", p=pct(tr, odds.avoid)))
    if odds.daze_miss:
        lines.append(tr("dice.odds.daze", p=pct(tr, odds.daze_miss)))
    if a.effect:
        key = "dice.odds.effect_each" if a.strikes > 1 else "dice.odds.effect"
        lines.append(tr(key, p=pct(tr, odds.effect)))
    kill = odds.kill(life)
    if kill is not None:
        lines.append(tr("dice.odds.kill", life=life, p=pct(tr, kill)))
    return Reply(
        title=tr("dice.odds.mw_title", mean=mean(tr, odds.mean)),
        body="\n".join(lines),
        fields=[
            Field(tr("dice.odds.distribution"), distribution_chart(odds.distribution, lang_of(tr)))
        ],
    )


def target_lines(
    tr: Tr,
    unit: str,
    taken: Sequence[tuple[str, int]],
    given: Sequence[tuple[str, object, int | None]],
    incapacitated: str,
    label: Callable[[str], str],
    restrained: str = "",
    shown: Callable[[str, int], str] | None = None,
    said: Collection[str] = (),
) -> list[str]:
    """Where the target's values came from: the tracked unit, or options given explicitly.

    `said` are the given keys whose source `note_given` already wrote on their value line.

    `shown(key, value)` writes a value as its card does («Прочный −2»), when given.

    `label(key)` names a tracker stat or token in the reader's language.
    """
    values = ", ".join(
        _taken_item(tr, key, value, label, shown) for key, value in taken
    )  # «защиты нет», not «защита 0» that reads like «0+» (playtest 4, slip 17)
    # Playtest 11 M1: values typed for a unit that records none are said to come from the
    # command; M2: a typed value equal to the recorded one is not worth a line.
    typed = [key for key, _, tracked in given if tracked is None]
    differ = [(k, v, n) for k, v, n in given if n is not None and _plain(v) != _plain(n)]
    if values:
        lines = [tr("dice.target.from", unit=unit, values=values)]
    elif typed:
        key = "dice.target.typed" if "defense" in typed else "dice.target.typed_no_defense"
        lines = [tr(key, unit=unit, stats=", ".join(label(k) for k in typed))]
        typed = []
    else:
        lines = [tr("dice.target.plain" if given else "dice.target.from_nothing", unit=unit)]
    items = [  # en-12 MW-2: a recorded 0 is «none», not «has 0»
        tr("dice.target.given_item", stat=label(k), tracked=n)
        if n
        else tr("dice.target.given_item_none", stat=label(k))
        for k, _, n in differ
        if k not in said
    ]
    items += [tr("dice.target.typed_item", stat=label(k)) for k in typed if k not in said]
    if items:
        text = ", ".join(items)
        lines.append(tr("dice.target.given", values=text[:1].upper() + text[1:]))
    if incapacitated:
        lines.append(tr("dice.target.incapacitated", unit=unit, token=label(incapacitated)))
    elif restrained:  # no defense roll is made, so no modifier to it (playtest 8 M4)
        lines.append(tr("dice.target.restrained", unit=unit, token=label(restrained)))
    return lines


def _taken_item(
    tr: Tr,
    key: str,
    value: int,
    label: Callable[[str], str],
    shown: Callable[[str, int], str] | None,
) -> str:
    """«защиты нет», not «защита 0» that reads like «0+» (playtest 4, slip 17); a yes/no trait
    by its name alone, «Бесплотный», not «Бесплотный 1» (playtest 5, M4)."""
    if key == "defense" and value == 0:
        return tr("dice.target.no_defense")
    if key in FLAGS:
        return label(key)
    return shown(key, value) if shown is not None else f"{label(key)} {value}"


def rule_lines(
    tr: Tr,
    applied: Sequence[tuple[str, int]],
    attacker: str,
    attacker_tokens: Sequence[tuple[str, int]],
    label: Callable[[str], str],
) -> list[str]:
    """The tracked traits and tokens the roll applied, each by its name (issue 16):
    «Бесплотный: считаются только единицы», the attacker's Weak and Daze."""
    lines = [
        tr(f"dice.rule.{key}", trait=label(key), n=n, counted=counted(tr, "dice.mw.n_dice", n))
        for key, n in applied
    ]
    lines += [
        tr(
            f"dice.rule.attacker_{key}",
            unit=attacker,
            token=label(key),
            n=n,
            counted=counted(tr, "dice.mw.n_dice", n),
        )
        for key, n in attacker_tokens
    ]
    return lines


def _plain(value: object) -> str:
    """An option value as typed: `true`/`false` for flags, numbers as they are."""
    return str(value).lower() if isinstance(value, bool) else str(value)


# The reply's own value line for a stat a command may type over the tracked one.
_VALUE_LINES = {
    "armor": ("dice.mw.armor_plain", "armor"),
    "defense": ("dice.mw.defense_line", "defense"),
}


def note_given(tr: Tr, reply: Reply, given: Sequence[tuple[str, object, int | None]]) -> set[str]:
    """Say where a typed armor or defense came from on the reply's own «Armor: **2**» line (en-9
    MW-1: a second «Armor:» line, a label with no value, stood above it). Returns the keys
    said; the others are listed above the roll as before."""
    lines = reply.body.split("\n")
    said: set[str] = set()
    for key, value, tracked in given:
        if key not in _VALUE_LINES or (tracked is not None and _plain(value) == _plain(tracked)):
            continue  # equal to the recorded one: not worth a word (playtest 11 M2)
        template, param = _VALUE_LINES[key]
        prefix = tr(template, **{param: ""}).split(":")[0] + ":"
        at = next((i for i, line in enumerate(lines) if line.startswith(prefix)), None)
        if at is None:
            continue
        if tracked is None:
            note = tr("dice.target.typed_note")
        elif not tracked:  # en-12 MW-2: a recorded 0 is «no defense», not «has 0» (0+)
            note = tr(f"dice.target.given_note_none.{key}")
        else:
            note = tr("dice.target.given_note", tracked=tracked)
        line = lines[at]
        lines[at] = f"{line[:-1]}; {note})" if line.endswith(")") else f"{line} ({note})"
        said.add(key)
    reply.body = "\n".join(lines)
    return said
