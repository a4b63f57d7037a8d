"""Conquest glue for the tracker: shields and planet icons inside an open step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.conquest.rules import ICONS, SHIELD, icon_win, shield
from bot.tracker.errors import NameList, TrackerError
from bot.tracker.model import Participant, Unit

if TYPE_CHECKING:
    from bot.tracker.step import Step
    from bot.tracker.templates import Template


async def before_damage(step: Step, unit: Unit, amount: int) -> int:
    """`/dmg … shield:N`: the shield card discarded as this damage is dealt prevents up to its
    N icons (seed 003:137, EN-8 CQ-2); nothing is set aside and nothing carries over."""
    icons = step.options.pop(SHIELD, 0)  # one card per unit per damage: spent at once
    if icons <= 0:
        return amount
    result = shield(amount, icons)
    step.note("tracker.note.cq_shield", unit=unit.name, prevented=result.prevented)
    return result.dealt


async def item_added(
    step: Step, player: Participant, list_name: str, icons: list[str], item: str = ""
) -> None:
    """The tracker's hook for a list item: a planet's icons count towards the icon win."""
    if list_name == "planets":
        await planet_icons(step, player, icons, item)


async def planet_icons(step: Step, player: Participant, icons: list[str], planet: str = "") -> None:
    """Count the captured planet's icons; three planets with one icon win the game. A planet
    with none is said to count for none (en-7 CQ-3), with the command that adds them (ru-14 C2),
    so the icon win never ignores it silently."""
    if not icons:
        step.note("tracker.note.cq_no_icons", planet=planet or "…")
        return
    for key in icons:
        cid = await step.ensure(player, key)
        await step.adjust(player, cid, key, 1)
    fresh = await step.fresh()
    now = fresh.participant(player.id) or player
    icon = icon_win({k: now.value(k) for k in ICONS})
    if icon and fresh.game.active:
        step.note(f"tracker.note.cq_icon_win.{icon}", name=now.name)
        await step.end_game(now)


def icon_keys(tpl: Template, text: str) -> list[str]:
    """`материалы, технологии` → Conquest's icon stats; an unknown name is refused."""
    keys: list[str] = []
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        key = tpl.resolve_stat(part)
        if key is None or not key.startswith("icon_"):
            known = [d for k, d in tpl.stats.items() if k.startswith("icon_")]
            raise TrackerError("cq_icon", name=part, known=NameList(known))
        if key not in keys:
            keys.append(key)
    return keys
