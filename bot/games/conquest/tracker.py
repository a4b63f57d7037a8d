"""Conquest glue for the tracker: shields and planet icons inside an open step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.games.conquest.rules import (
    ICONS,
    OLD_SHIELD,
    PLANETS_TO_WIN,
    SHIELD,
    WARLORD,
    icon_win,
    shield,
)
from bot.tracker.errors import NameList, TrackerError
from bot.tracker.model import Participant, Unit
from bot.tracker.names import md
from bot.tracker.plugin import StatNote, StatNotes

if TYPE_CHECKING:
    from bot.tracker.step import Step
    from bot.tracker.templates import Template


async def before_damage(step: Step, unit: Unit, amount: int) -> int:
    """`/dmg … shield:N`: the shield card discarded as this damage is dealt prevents up to its
    N icons (seed 003:137, EN-8 CQ-2); nothing is set aside and nothing carries over. A card
    marked ahead by the previous version stands for this damage's card when none is typed."""
    icons = step.options.pop(SHIELD, 0)  # one card per unit per damage: spent at once
    old = await _spend_old_shield(step, unit, typed=icons > 0)
    if icons <= 0 and old <= 0:
        return amount
    result = shield(amount, icons or old)
    key = "tracker.note.cq_shield_old"
    if icons > 0:  # scout C2: the warlord named as its damage line names it; a whole blow stopped
        warlord = "_warlord" if unit.kind == WARLORD else ""
        key = f"tracker.note.cq_shield{warlord}" + ("_all" if result.dealt == 0 else "")
    if result.dealt == 0 and icons > 0:  # EN12 CQ-2: no damage line follows; the card's state
        left, total = step.tpl.life_left({c.key: c.value for c in (*unit.counters, *unit.tokens)})
        step.note(key, unit=unit.name, prevented=result.prevented, left=left, total=total)
        return result.dealt
    step.note(key, unit=unit.name, prevented=result.prevented)
    return result.dealt


async def _spend_old_shield(step: Step, unit: Unit, *, typed: bool) -> int:
    """The icons of a shield card the previous version marked on the unit (a game saved before
    the update), now spent: the mark goes either way, since one card goes against one damage
    (003:137). With a card typed in `shield:` that one is discarded, and the note says the old
    mark is off. 0 when there was none."""
    fresh = await step.fresh()
    now = fresh.unit(unit.id) or unit
    token = now.token(OLD_SHIELD)
    if token is None or token.value <= 0:
        return 0
    since = len(step.changes)
    await step.set(now, token.id, OLD_SHIELD, 0)
    step.cover(since)  # the note tells it
    if typed:
        step.note("tracker.note.cq_shield_old_dropped", unit=now.name)
    return token.value


async def clear_old_shields(step: Step) -> None:
    """The round's end: a shield mark left from before the update stood for a card meant for
    damage that never came, so the card stays in hand and the mark goes, in one line."""
    cleared: list[str] = []
    holders: list[Participant | Unit] = [*step.state.participants, *step.state.units]
    for holder in holders:
        token = holder.token(OLD_SHIELD)
        if token is None or token.value <= 0:
            continue
        since = len(step.changes)
        await step.set(holder, token.id, OLD_SHIELD, 0)
        step.cover(since)
        cleared.append(holder.name)
    if cleared:
        step.note("tracker.note.cq_shield_old_cleared", units=", ".join(md(n) for n in cleared))


async def item_added(
    step: Step, player: Participant, list_name: str, icons: list[str], item: str = ""
) -> bool:
    """The tracker's hook for a list item: a planet's icons count towards the icon win. True
    when the planet was told with its icons in one line."""
    if list_name == "planets":
        return await planet_icons(step, player, icons, item)
    return False


async def planet_icons(step: Step, player: Participant, icons: list[str], planet: str = "") -> bool:
    """Count the captured planet's icons; three planets with one icon win the game. A planet
    with none is said to count for none (en-7 CQ-3), with the command that adds them (ru-14 C2),
    so the icon win never ignores it silently. One planet is one line, its icons in brackets
    and the player's way to the icon win after them (EN-10 CQ-3: «material planets: 0 → 1»
    and «strongpoint planets: 0 → 1» read as two planets). True when that line was said."""
    if not icons:
        step.note("tracker.note.cq_no_icons", planet=planet or "…")
        return False
    with step.told():  # the line below says each icon's count
        for key in icons:
            cid = await step.ensure(player, key)
            await step.adjust(player, cid, key, 1)
    fresh = await step.fresh()
    now = fresh.participant(player.id) or player
    held = {k: now.value(k) for k in ICONS}
    step.note(
        "tracker.note.cq_planet_captured",
        name=now.name,
        item=planet,
        icons=StatNotes(tuple(StatNote(f"tracker.cq_icon.{k}") for k in icons)),
        progress=StatNotes(
            tuple(
                StatNote(f"live.cq_icons.{k}", {"n": n, "win": PLANETS_TO_WIN})
                for k, n in held.items()
                if n > 0
            )
        ),
    )
    icon = icon_win(held)
    if icon and fresh.game.active:
        step.note(f"tracker.note.cq_icon_win.{icon}", name=now.name)
        await step.end_game(now)
    return True


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
