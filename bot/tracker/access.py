"""Reads and who may act: the channel's game, its players, and the refusals before any write."""

from __future__ import annotations

from bot.tracker.errors import NameList, NoGame, NotInGame, NotParticipant, WrongGame
from bot.tracker.model import GameState, Participant
from bot.tracker.ports import Actor, Person, Table, TrackerRepo
from bot.tracker.templates import template


async def load_state(repo: TrackerRepo, channel_id: int) -> GameState | None:
    """The channel's active game, or None."""
    return await repo.load_active(channel_id)


async def current_or_last(repo: TrackerRepo, channel_id: int) -> GameState | None:
    """The channel's active game, else its most recent one (a game just won: log, undo, board)."""
    state = await repo.load_active(channel_id)
    if state is not None:
        return state
    game_id = await repo.latest_game_id(channel_id)
    return await repo.load(game_id) if game_id is not None else None


async def require_state(table: Table) -> GameState:
    """The channel's active game; none is refused, naming the winner of a game just won, so
    a command typed a moment after the win is not told «нет партии» (playtest 5 slip C6), and
    saying a game ended without a winner is over, as its board still shows (ru-19, G3)."""
    state = await load_state(table.repo, table.channel_id)
    if state is None:
        last = await current_or_last(table.repo, table.channel_id)
        if last is None:
            raise NoGame()
        won = last.winner
        raise NoGame(winner=won.name) if won is not None else NoGame(ended=True)
    return state


def can_change(actor: Actor, state: GameState) -> bool:
    """Participants, the game's starter (a host who does not play runs the table like a player,
    ru-19 G2) and members with Manage Messages may change a game; anyone may look."""
    seated = state.participant_by_user(actor.id) is not None
    return actor.may_manage or seated or started(actor, state)


def require_player(actor: Actor, state: GameState) -> None:
    if not can_change(actor, state):
        raise not_participant(state)


def not_participant(state: GameState) -> NotParticipant:
    """The refusal of an outsider; at a full table it does not offer to join (playtest en-3,
    slip 46: `/game join` had just been refused)."""
    seats = template(state.slug).max_players
    if seats and len(state.participants) >= seats:  # ru-19 G2: who may record instead
        return NotParticipant(full=True, players=NameList([p.name for p in state.participants]))
    return NotParticipant()


def may_undo_others(actor: Actor, state: GameState) -> bool:
    """The game's starter and server managers may undo anyone's steps; a player only their own."""
    return actor.may_moderate or started(actor, state)


def started(actor: Actor, state: GameState) -> bool:
    """Whether `actor` started the game: an organiser who does not play (играю:нет) still runs
    the table — ends it, undoes, passes the turn (playtest 13, G4)."""
    return state.game.created_by is not None and state.game.created_by == actor.id


def may_end(actor: Actor, state: GameState) -> bool:
    """Players, moderators and the game's starter may end a game; anyone may end one that
    nobody plays any more."""
    return can_change(actor, state) or not state.participants


async def game_of(table: Table, slug: str, command: str) -> GameState:
    """The channel's game, refused when it is not a `slug` game (`/kf forge` in Mage Wars)."""
    state = await require_state(table)
    if state.slug != slug:
        raise WrongGame(command, state.slug)
    return state


def player_of(table: Table, state: GameState, user: Person | None) -> Participant:
    """The seat of `user` (default: whoever acts), refused when they do not play."""
    who: Person = user or table.actor
    p = state.participant_by_user(who.id)
    if p is None:  # playtest ru-17, C3: the refusal names who does play
        players = NameList([q.name for q in state.participants])
        raise NotInGame("not_in_game_seated", name=who.name, players=players)
    return p
