"""Russian names of the dice options, in one place.

The registry shows them on Discord and the console accepts them; the engines' errors name an
option by its English name and `bot/handlers/dice_errors.py` shows it through `option_label`,
so a Russian user reads the same name they typed.
"""

from __future__ import annotations

from typing import Any

from bot.registry import Localized, Option, OptionType

RU_NAMES: dict[str, str] = {
    # Mage Wars
    "dice": "кубики",
    "armor": "броня",
    "defense": "защита",
    "strikes": "удары",
    "bonus": "бонус",
    "extra": "кубики_всем",
    "weak": "слабость",
    "spell": "заклинание",
    "aegis": "эгида",
    "piercing": "пробивание",
    "corrode": "коррозия",
    "unavoidable": "неотвратимая",
    "target_daze": "оглушение_цели",
    "restrained": "сдерживание",
    "daze": "оглушение",
    "resilient": "стойкость",
    "incorporeal": "бестелесность",
    "ethereal": "эфирная",
    "effect": "эффект",
    "effect_bonus": "бонус_эффекта",
    "tough": "прочность",
    "life": "жизнь",
    "tokens": "жетоны",
    "target": "цель",
    "attacker": "атакующий",
    "melee": "ближний_бой",
    "targets": "цели",
    # Berserk (the glossary's «благословление», «неповоротливость»)
    "values": "сила",
    "kind": "вид",
    "mode": "режим",
    "mod": "модификатор",
    "blessing": "благословление",
    "clumsiness": "неповоротливость",
    "defender_values": "сила_защитника",
    "defender_mod": "модификатор_защитника",
    "defender_blessing": "благословление_защитника",
    "defender_clumsiness": "неповоротливость_защитника",
    # Warhammer Fantasy
    "wizards": "маги",
    "enemy_wizards": "маги_врага",
    "level": "уровень",
    "value": "сложность",
    "against": "против",
    "wizard": "маг",
    # generic
    "expr": "выражение",
    "n": "сколько",
    "private": "лично",  # as `/rule` and `/search` name it
}


def option_label(name: str) -> Localized:
    """An option's name as the user sees it: Russian in Russian, the English name otherwise."""
    return Localized(ru=RU_NAMES.get(name, name), en=name)


def named(name: str, kind: OptionType, **kw: Any) -> Option:
    """An `Option` with its Russian name from `RU_NAMES`."""
    return Option(name, kind, ru_name=RU_NAMES[name], **kw)
