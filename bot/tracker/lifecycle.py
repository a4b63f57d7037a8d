"""A game's life: start (players seated with their counters), join, leave (concede), end."""

from __future__ import annotations

from collections.abc import Sequence

from bot.tracker import caps
from bot.tracker.access import may_end, not_participant, require_state
from bot.tracker.errors import AmountOutOfRange, GameRef, NameList, TrackerError
from bot.tracker.model import GameState, Participant
from bot.tracker.ports import GameExists, Person, Table, TrackerTx
from bot.tracker.step import Outcome, Step, run_step
from bot.tracker.templates import TEMPLATE_SLUGS, Template, holds_initiative, known_game, template


async def start(
    table: Table,
    slug: str,
    players: Sequence[Person],
    options: dict[str, int],
    *,
    seat_self: bool = True,
) -> Outcome:
    """Create the channel's game; the starter (unless `seat_self` is off) and the named players
    join with their counters."""
    if not known_game(slug):
        raise TrackerError("no_such_game", game=slug, known=", ".join(TEMPLATE_SLUGS))
    tpl = template(slug)
    for name in options:
        if name not in tpl.start:
            allowed = NameList(list(tpl.start))  # named as the client shows them, or none
            raise TrackerError("start_option", option=name, game=GameRef(slug), allowed=allowed)
    for name in tpl.required:
        if name not in options:
            # the example is the game's own default for that stat (a warlord's 7, a mage's 36)
            example = tpl.leader_stats.get(tpl.start.get(name, name), 1)
            raise TrackerError("start_needs", option=name, game=GameRef(slug), example=example)
    for name, value in options.items():
        d = tpl.define(tpl.start[name])
        if (d.min is not None and value < d.min) or (d.max is not None and value > d.max):
            raise AmountOutOfRange(
                name=name,
                value=value,
                min=d.min if d.min is not None else "−∞",
                max=d.max if d.max is not None else "∞",
            )
    actor = table.actor
    seated = [*([actor] if seat_self else []), *players]
    users: list[Person] = list({u.id: u for u in seated}.values())
    if not users:
        raise TrackerError("nobody_seated")
    if tpl.max_players and len(users) > tpl.max_players:
        # who would sit, and the asker counted among them: the fix is играю:нет (playtest 4, 32)
        code = "too_many_players_self" if seat_self else "too_many_players"
        names = ", ".join(u.name for u in users)
        raise TrackerError(code, game=GameRef(slug), max=tpl.max_players, names=names)
    try:
        async with table.repo.create_game(
            channel_id=table.channel_id,
            guild_id=table.guild_id,
            slug=slug,
            options=options,
            at=table.clock(),
            user_id=actor.id,
            user_name=actor.name,
        ) as tx:
            for user in users:
                await seat(tx, tpl, user, options)
            game_id = tx.game_id
    except GameExists:
        raise TrackerError("exists") from None
    state = await table.repo.load(game_id)
    assert state is not None
    await table.changed(table.channel_id)
    return Outcome(state)


async def seat(tx: TrackerTx, tpl: Template, user: Person, options: dict[str, int]) -> int:
    """Seat one player: their counters, and their leader unit (named after them) if any."""
    pid = await tx.add_participant(user.id, user.name)
    existing = {c.key for c in await tx.counters_of("participant", pid)}
    values = dict(tpl.player)
    leader_values = dict(tpl.leader_stats)
    for option, value in options.items():
        key = tpl.start[option]
        if tpl.leader and key in leader_values:
            leader_values[key] = value
        else:
            values[key] = value
    for pos, (key, value) in enumerate(values.items()):
        if key not in existing:
            d = tpl.define(key)
            await tx.ensure_counter(
                "participant",
                pid,
                key,
                value=value,
                min_value=d.min,
                max_value=d.max,
                position=pos,
            )
    if tpl.leader and (await tx.state()).leader(pid) is None:
        uid = await tx.add_unit(pid, tpl.leader, user.name)
        for pos, (key, value) in enumerate(leader_values.items()):
            d = tpl.define(key)
            await tx.ensure_counter(
                "unit", uid, key, value=value, min_value=d.min, max_value=d.max, position=pos
            )
    return pid


async def join(table: Table) -> Outcome:
    state = await require_state(table)
    actor = table.actor
    if state.participant_by_user(actor.id):
        raise TrackerError("already_joined")
    tpl = template(state.slug)
    if tpl.max_players and len(state.participants) >= tpl.max_players:
        names = NameList([p.name for p in state.participants])  # «Alice and Bob» (en-3, 45)
        raise TrackerError("table_full", game=GameRef(state.slug), max=tpl.max_players, names=names)
    if tpl.leader:
        caps.check_units(state)  # the newcomer's mage or warlord

    async def body(step: Step) -> None:
        await seat(step.tx, tpl, actor, state.game.options)
        step.note("tracker.note.joined", name=actor.name)

    return await run_step(table, state, "join", body, check=False, anyone=True, keep_redo=True)


def leaving_ends(state: GameState, user_id: int) -> bool:
    """Whether this player's leaving ends the game (one player or none left standing)."""
    me = state.participant_by_user(user_id)
    if me is None or not state.game.active:
        return False
    others = [p for p in state.participants if p.id != me.id]
    return len([p for p in others if not _fallen(state, p)]) <= 1


async def leave(table: Table, game_id: int | None = None) -> Outcome:
    """Leave the game; `game_id` (a confirmation button's) must still be the channel's game."""
    state = await require_state(table)
    if game_id is not None and state.game.id != game_id:
        raise TrackerError("stale_game")
    me = state.participant_by_user(table.actor.id)
    if me is None:
        raise TrackerError("not_joined")

    held = state.active_player is not None and state.active_player.id == me.id

    async def body(step: Step) -> None:
        await step.tx.set_field("participant", me.id, "present", 0)
        after = await step.fresh()
        heir = after.active_player if held and holds_initiative(after.slug) else None
        if heir is not None and sum(not _fallen(after, p) for p in after.participants) > 1:
            # the initiative moves with the seat: say to whom, not only in the header (MW-6)
            step.note("tracker.note.left_initiative", name=me.name, other=heir.name)
        else:
            step.note("tracker.note.left", name=me.name)
        await _after_leaving(step)
        # A leave that does not end the game touches only the seat: the players' undone steps
        # stay redoable (else joining and leaving again would erase them, issue 18).
        step.tx.keep_redo = (await step.fresh()).game.active

    return await run_step(table, state, "leave", body)


async def _after_leaving(step: Step) -> None:
    """Leaving is conceding: one player still in the game wins it; nobody left ends it.

    "Still in" means present with their mage or Warlord standing (where the game has one).
    Like any step, the leave can be undone while the game is the channel's latest.
    """
    state = await step.fresh()
    if not state.participants:
        await step.close()
        step.note("tracker.note.abandoned")
        return
    standing = [p for p in state.participants if not _fallen(state, p)]
    if len(standing) == 1:
        await step.end_game(standing[0])


def _fallen(state: GameState, p: Participant) -> bool:
    leader = state.leader(p.id)
    return leader is not None and leader.destroyed


async def end(table: Table, game_id: int | None = None) -> Outcome:
    """End the game (kept in the database, ended); the outcome's state is the final summary."""
    state = await require_state(table)
    if game_id is not None and state.game.id != game_id:
        raise TrackerError("stale_game")
    if not may_end(table.actor, state):
        raise not_participant(state)

    async def body(step: Step) -> None:
        await step.close()

    return await run_step(table, state, "end", body, check=False, anyone=True)
