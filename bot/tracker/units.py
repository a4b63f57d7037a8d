"""Units and per-player lists: `/unit add|remove|rename` and list items (Conquest's planets)."""

from __future__ import annotations

from bot.tracker import caps
from bot.tracker.access import player_of, require_player, require_state
from bot.tracker.errors import GameRef, OutOfBounds, TrackerError, WrongGame
from bot.tracker.model import Unit
from bot.tracker.names import norm
from bot.tracker.plugin import plugin_for
from bot.tracker.ports import Person, Table
from bot.tracker.resolve import Holder, find_unit, require_standing, valid_name
from bot.tracker.step import Note, Outcome, Step, run_step
from bot.tracker.templates import CREATURE, Template, template, templates
from bot.tracker.traits import parse_traits

# The stat options `/unit add` declares (their names are the command's contract).
STAT_OPTIONS = ("life", "armor", "defense", "power", "regenerate")


def life_note(tpl: Template) -> str:
    """The note `/unit add life:N` adds where the game's cards print no life and `life` sets
    another stat (KeyForge: power), so the change is said, not silent (playtest en-4, KF-6);
    "" where `life` names the game's own stat."""
    if tpl.resolve_stat("life") is not None or not tpl.toughness:
        return ""
    return f"tracker.note.life_as.{tpl.toughness[0]}"


def option_stat(tpl: Template, option: str) -> str | None:
    """The stat a `/unit add` option sets in this game: `life` is its toughness (Conquest's
    здоровье, KeyForge's сила), any other option the stat it names, None when the game has none."""
    return tpl.toughness[0] if option == "life" and tpl.toughness else tpl.resolve_stat(option)


async def add_unit(
    table: Table, name: str, owner: Person | None, stats: dict[str, int], traits: str = ""
) -> Outcome:
    """`/unit add`: a creature with the template's counters; `stats` override the defaults.

    `traits` (issue 16): what the card says of it, by the template's trait names (`parse_traits`);
    a stat given both ways takes the option's number."""
    state = await require_state(table)
    require_player(table.actor, state)
    caps.check_units(state)
    tpl = template(state.slug)
    clean = valid_name(name)
    p = player_of(table, state, owner)
    for option in tpl.unit_required:
        if option not in stats:
            raise TrackerError("unit_needs", option=option, unit=clean, game=GameRef(tpl.slug))
    values = dict(tpl.creature)
    carried = parse_traits(tpl, traits, plugin_for(tpl.slug))
    tokens = {k: v for k, v in carried.items() if k in tpl.tokens and k not in tpl.stats}
    for trait, value in carried.items():
        if trait not in tokens and trait not in stats:
            values[trait] = value
    given: dict[str, tuple[str, int]] = {}  # stat → the option that set it, and its number
    skipped = [o for o in stats if tpl.unit_skip_note and option_stat(tpl, o) not in values]
    for option, value in stats.items():
        key = option_stat(tpl, option)
        if option in skipped:
            continue
        if key is None or key not in values:
            # `name` is the option as declared; the handler names it as the reader's client does
            raise TrackerError("unit_no_stat", name=option, target=clean, game=GameRef(tpl.slug))
        first = given.setdefault(key, (option, value))
        if first[1] != value:  # KeyForge: `life` is power too (playtest 5 slip K1)
            raise TrackerError(
                "unit_same_stat", first=first[0], second=option, stat=tpl.define(key)
            )
        values[key] = value
        d = tpl.define(key)
        if (d.min is not None and value < d.min) or (d.max is not None and value > d.max):
            raise OutOfBounds(
                target=clean,
                stat=d,
                value=value,
                min=d.min if d.min is not None else "−∞",
                max=d.max if d.max is not None else "∞",
            )

    values = plugin_for(tpl.slug).unit_values(clean, values)
    # What was typed, echoed back (toughness first) so a typo shows: «❤ 12 · броня 3 · …».
    typed = list(dict.fromkeys(k for k in (option_stat(tpl, o) for o in stats) if k is not None))
    typed += [k for k in carried if k not in typed]
    typed.sort(key=lambda k: k not in tpl.toughness)
    echo = tuple((k, {**values, **tokens}[k]) for k in typed if k in values or k in tokens)

    async def body(step: Step) -> None:
        # «Bear 2» is numbered from the game as this step sees it under its lock, so adds that
        # race each other (in any process) get distinct names.
        now = await step.fresh()
        everyone: list[Holder] = [*now.units, *now.participants]
        taken = {norm(h.name) for h in everyone}
        final = clean
        n = 2
        while norm(final) in taken:
            final = f"{clean} {n}"
            n += 1
        step.tx.params["unit"] = final
        uid = await step.tx.add_unit(p.id, CREATURE, final)
        for pos, (key, value) in enumerate(values.items()):
            d = tpl.define(key)
            await step.tx.ensure_counter(
                "unit", uid, key, value=value, min_value=d.min, max_value=d.max, position=pos
            )
        for pos, (key, value) in enumerate(tokens.items(), start=1000):
            d = tpl.define(key)
            await step.tx.ensure_counter(
                "unit",
                uid,
                key,
                value=value,
                min_value=0,
                max_value=d.max,
                token=True,
                position=pos,
            )
        note = plugin_for(tpl.slug).unit_note(tpl.unit_note, values)
        said = plugin_for(tpl.slug).note_says(note)
        step.note(note, unit=final, owner=p.name, stats=tuple(e for e in echo if e[0] not in said))
        for option in skipped:  # `unit_option`: named as the reader's client shows it
            step.note(tpl.unit_skip_note, unit=final, unit_option=option, value=stats[option])
        # said only where `life` alone set that stat: `power:8 life:8` shows its own reading
        if life_note(tpl) and [o for o in stats if option_stat(tpl, o) == tpl.toughness[0]] == [
            "life"
        ]:
            step.note(life_note(tpl), value=stats["life"])
        for key in plugin_for(tpl.slug).untyped_notes(typed):
            step.note(key, unit=final)
        if final != clean:  # players will keep typing the name they gave: say it is taken
            holder = next(h for h in everyone if norm(h.name) == norm(clean))
            if isinstance(holder, Unit) and holder.destroyed:  # a dead one keeps its name (M4)
                dead = holder.kind
                step.note("tracker.note.unit_renamed_dead", name=clean, unit=final, kind=dead)
            else:
                step.note("tracker.note.unit_renamed", name=clean, unit=final)
        await plugin_for(tpl.slug).unit_added(step, final, p)
        step.units.add(uid)  # a KeyForge creature with power 0 is destroyed at once

    return await run_step(table, state, "unit.add", body, {"unit": clean})


async def remove_unit(table: Table, target: str) -> Outcome:
    state = await require_state(table)
    require_player(table.actor, state)
    unit = find_unit(state, target)
    if unit.kind != CREATURE:
        raise TrackerError("leader_unit", name=unit.name)

    async def body(step: Step) -> None:
        before = len(step.notes)
        await plugin_for(step.tpl.slug).leave_play(step, unit)  # KeyForge: captured Æmber goes back
        await step.tx.set_field("unit", unit.id, "present", 0)
        if len(step.notes) == before:  # the game's own note already says it leaves (slip 25)
            # playtest 15, B2: a dead piece already left play; only its line on the board goes
            dead = "_dead" if unit.destroyed else ""
            step.note(f"tracker.note.unit_removed{dead}", unit=unit.name, kind=unit.kind)

    return await run_step(table, state, "unit.remove", body, {"unit": unit.name}, check=False)


async def rename_unit(table: Table, target: str, new_name: str) -> Outcome:
    state = await require_state(table)
    require_player(table.actor, state)
    unit = find_unit(state, target)
    require_standing(unit, state.slug, state)
    clean = valid_name(new_name)
    everyone: list[Holder] = [*state.units, *state.participants]
    if any(norm(h.name) == norm(clean) for h in everyone if h != unit):
        raise TrackerError("name_taken", name=clean)

    async def body(step: Step) -> None:
        await step.tx.set_field("unit", unit.id, "name", clean)
        step.note("tracker.note.renamed", old=unit.name, new=clean, kind=unit.kind)

    return await run_step(table, state, "unit.rename", body, {"unit": clean}, check=False)


async def add_item(
    table: Table,
    list_name: str,
    text: str,
    player: Person | None,
    *,
    command: str,
    icons: str = "",
) -> Outcome:
    """A name on a player's list (`/planet`); an item is won once, whoever holds it.

    `icons` (Conquest): the planet's icons, by any of their names; three planets sharing one win.
    """
    state = await require_state(table)
    tpl = template(state.slug)
    if list_name not in tpl.lists:
        fits = [slug for slug, t in templates().items() if list_name in t.lists]
        raise WrongGame(command, state.slug, fits)
    require_player(table.actor, state)
    p = player_of(table, state, player)
    clean = valid_name(text)
    for other in state.all_participants:
        for item in other.lists.get(list_name, ()):
            if norm(item) == norm(clean):
                raise TrackerError("item_taken", list=list_name, item=item, name=other.name)

    keys = plugin_for(tpl.slug).item_keys(tpl, icons)

    async def body(step: Step) -> None:
        await step.tx.add_item(p.id, list_name, clean)
        at, changes = len(step.notes), len(step.changes)  # the generic line goes first
        if not await plugin_for(tpl.slug).item_added(step, p, list_name, keys, clean):
            said = Note("tracker.note.item_added", {"name": p.name, "item": clean}, changes)
            step.notes.insert(at, said)

    return await run_step(table, state, "item.add", body, {"item": clean}, check=False)
