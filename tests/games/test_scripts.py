"""Whole turns typed into the console, kept as scripts under `tests/games/scripts/`.

A Mage Wars round (Counterstrike, Damage Barrier, zone attack, Corrode beyond armor, the upkeep
where Regenerate goes first) and a KeyForge turn (capture, steal, ward, armor, Check!). A line
`#= text` asserts that the reply to the previous command contains `text`. Run as a script
(`python -m tests.games.test_scripts`) it prints the transcripts.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.app import create_services
from bot.config import Settings
from bot.console import Console
from bot.context import Services
from tests.helpers.clock import FakeClock
from tests.helpers.tracker import state_of, unit
from tests.tracker.test_console_games import play

SCRIPTS = Path(__file__).with_name("scripts")


async def test_mage_wars_round(console: Console, services: Services) -> None:
    transcript = await play(console, SCRIPTS / "mage_wars_round.txt")
    assert any("!press 1" in t for t in transcript)
    state = await state_of(services)
    troll = unit(state, "Тролль")
    assert troll.value("corrode") == 2 and not troll.destroyed
    assert state.round == 2


async def test_keyforge_turn(console: Console, services: Services) -> None:
    await play(console, SCRIPTS / "keyforge_turn.txt")
    state = await state_of(services)
    bob = next(p for p in state.participants if p.name == "bob")
    assert bob.value("aember") == 2  # 3 − 1 captured − 1 stolen + 1 back from Krump
    assert unit(state, "Крамп").destroyed


@pytest.mark.parametrize("name", ["mage_wars_round.txt", "keyforge_turn.txt"])
async def test_scripts_are_reproducible(name: str) -> None:
    first, second = await transcript(name), await transcript(name)
    assert first == second  # seeded dice: the same transcript every time


async def transcript(name: str) -> str:
    services = await create_services(Settings(), db_path=":memory:", rng=random.Random(1234))
    services.clock = FakeClock()
    try:
        console = Console(services, user="alice", channel="table", lang="ru")
        lines = await play(console, SCRIPTS / name)
    finally:
        await services.storage.close()
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - prints the transcripts for the report
    for script in ("mage_wars_round.txt", "keyforge_turn.txt"):
        print(f"===== {script}")
        print(asyncio.run(transcript(script)))
