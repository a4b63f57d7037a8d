"""Playtest 7 (issue 17, `docs/playtest-ru-7.md`): the general slips G2 (`/rule` lists keep to
the channel's game) and G3 (`/explain` finds inflected and verb forms), and the Berserk lookup
slip B5 (a flying creature attacking a closed card)."""

from __future__ import annotations

from bot.console import Console


async def test_g2_berserk_suggestions_keep_to_berserk(console: Console) -> None:
    """«сражение» in a Berserk game: Berserk's entries, no Mage Wars «Бросок на спасение»."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/rule сражение")
    assert "· Берсерк ККИ" in out and "Mage Wars" not in out


async def test_g2_conquest_suggestions_keep_to_conquest(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Борис hale:7 bloodied:4")
    out = await console.execute("/rule щиты")
    assert "Warhammer 40,000: Conquest" in out and "Берсерк ККИ" not in out


async def test_g2_other_games_when_nothing_of_the_channels_fits(console: Console) -> None:
    """«Эгида» is Mage Wars' only: in a Berserk game it is still offered, marked as another's."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/rule эгида")
    assert "Mage Wars" in out


async def test_g2_no_game_in_the_channel_mixes_games(console: Console) -> None:
    out = await console.execute("/rule сражение")
    assert "Mage Wars" in out and "Берсерк ККИ" in out
