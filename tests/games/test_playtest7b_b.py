"""Playtest 7 (issue 17, `docs/playtest-ru-7.md`): the Conquest slips C2 and C3, the KeyForge
question K2 and the general slip G1."""

from __future__ import annotations

from bot.console import Console
from tests.glossary.search_data import real_glossary


async def test_c2_a_unit_with_a_trait_is_added_and_the_trait_said(console: Console) -> None:
    """Conquest units carry no traits in the bot: the unit is added, the trait left out."""
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    out = await console.execute("/unit add name:Космодесантник owner:Аня life:3 traits:Броня 1")
    assert "Новый отряд: Космодесантник" in out
    assert "Черту «Броня 1» бот не отслеживает" in out and "Ничего не изменено" not in out
    out = await console.execute("/dmg target:Космодесантник amount:1")
    assert "❤ 2/3" in out


def test_c3_the_warlord_opens_damage() -> None:
    """The «Урон (Damage)» entry rules the warlord's health and its bloodied side."""
    g = real_glossary()
    for query in ("военачальник", "Warlord", "Когда военачальник становится окровавленным?"):
        for prefer in (None, "conquest"):
            found = g.lookup(query, prefer_game=prefer)
            assert found.confident and found.hits[0].entry.id == "conquest/uron", (query, prefer)


def test_k2_captured_amber_leaving_play_opens_capture() -> None:
    """In a KeyForge channel as well as elsewhere (the entry says where the Æmber goes)."""
    g = real_glossary()
    query = "Что будет, если существо с захваченным янтарём покинет игру?"
    for prefer in (None, "keyforge"):
        found = g.lookup(query, prefer_game=prefer)
        assert found.confident and found.hits[0].entry.id == "keyforge/zakhvat-yantarya"


async def test_g1_another_games_roll_says_it_is_not_recorded(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    for command in ("/mw attack dice:3", "/whf winds", "/berserk strike сила:2-3-4"):
        out = await console.execute(command)
        assert "(в этом канале идёт KeyForge — бросок не записан в партию)" in out, command
    out = await console.execute("/kf forge")
    assert "бросок не записан" not in out


async def test_g1_the_games_own_roll_has_no_note(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:whfb player1:Борис")
    out = await console.execute("/whf winds")
    assert "бросок не записан" not in out


async def test_g1_reads_well_in_english(console: Console) -> None:
    console.lang = "en"
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/mw attack dice:3")
    assert "(this channel is playing Berserk" in out and "not recorded in the game)" in out
