"""`as_of`: the names units had at each logged step (playtest 18, G1), from the step stream."""

from __future__ import annotations

from bot.tracker.model import Game, GameState, Unit
from bot.tracker.names_then import as_of
from bot.tracker.records import EventRecord, StepRecord


def _state(name: str) -> GameState:
    game = Game(1, 10, None, "berserk", "active", 1, 0, 0.0)
    return GameState(game, (), (Unit(7, None, "creature", name, 0),))


def _step(sid: int, *events: EventRecord, status: str = "done") -> StepRecord:
    return StepRecord(sid, 0.0, None, "a", "act", {}, status, events=events)


def _rename(sid: int, before: str, after: str, status: str = "done") -> StepRecord:
    return _step(sid, EventRecord(sid, "unit", 7, "name", before, after), status=status)


def _names(state: GameState, steps: list[StepRecord]) -> list[str]:
    return [then.unit(7).name for _, then in as_of(state, steps)]  # type: ignore[union-attr]


def test_each_step_under_the_name_after_it() -> None:
    steps = [_step(4), _rename(3, "Тролль", "Горный тролль"), _step(2), _step(1)]
    assert _names(_state("Горный тролль"), steps) == [
        "Горный тролль",
        "Горный тролль",  # the rename's own line says both names
        "Тролль",
        "Тролль",
    ]


def test_an_undone_rename_renames_nothing() -> None:
    steps = [_rename(3, "Тролль", "Тр", status="undone"), _step(2)]
    assert _names(_state("Тролль"), steps) == ["Тролль", "Тролль"]


def test_a_log_without_rename_events_keeps_the_current_name() -> None:
    """A log written before names were looked up by step reads as before: today's name."""
    assert _names(_state("Гоблин"), [_step(2), _step(1)]) == ["Гоблин", "Гоблин"]
