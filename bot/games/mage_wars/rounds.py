"""Mage Wars' round: new round and initiative, Channeling, then Upkeep."""

from __future__ import annotations

import random

from bot.games.mage_wars.dice import roll_burn
from bot.tracker.rounds import pass_turn
from bot.tracker.step import Step


async def next_round(step: Step, rng: random.Random) -> None:
    """New round, initiative passes; Channeling; Upkeep: Burn, Bleed, Rot, then Regenerate."""
    await pass_turn(step, new_round=True)
    state = step.state
    for unit in state.units:
        if unit.destroyed or unit.kind != "mage":
            continue
        mana, channeling = unit.counter("mana"), unit.value("channeling")
        if mana is not None and channeling:
            await step.adjust(unit, mana.id, "mana", channeling)
    for unit in state.units:
        if unit.destroyed:
            continue
        damage = unit.counter("damage")
        if damage is None:
            continue
        dealt = 0
        burn = unit.token("burn")
        if burn is not None and burn.value > 0:
            result = roll_burn(burn.value, rng)
            dealt += result.damage
            await step.set(unit, burn.id, "burn", result.tokens_left)
            step.note(
                "tracker.note.burn",
                unit=unit.name,
                rolls=" ".join(face.label() for face in result.rolls),
                damage=result.damage,
                left=result.tokens_left,
            )
        for key in ("bleed", "rot"):
            tokens = unit.value(key)
            if tokens > 0:
                dealt += tokens
                step.note(f"tracker.note.{key}", unit=unit.name, damage=tokens)
        current = await step.adjust(unit, damage.id, "damage", dealt) if dealt else damage.value
        regen = unit.value("regenerate")
        if regen > 0:
            tainted = step.tpl.token_damage({c.key: c.value for c in unit.tokens})
            if current + tainted >= unit.value("life") > 0:
                continue  # destroyed by this upkeep before it could regenerate
            healed = min(regen, current)
            if healed:
                await step.adjust(unit, damage.id, "damage", -healed)
                step.note("tracker.note.regenerate", unit=unit.name, healed=healed)
