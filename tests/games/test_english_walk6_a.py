"""English walk 6 (issue 17): the Mage Wars, Berserk and general slips of docs/playtest-en-6.md."""

from __future__ import annotations

from bot.console import Console

# ── G-2: a custom game's end is not “this game of Custom game” ─────────────────────────────────


async def test_ending_a_custom_game_names_it_in_brackets(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:custom player1:Bob life:20")
    out = await console.execute("/game end")
    assert "End this game (Custom game)? It will be saved as finished." in out
    assert "game of" not in out


# ── G-3: a search of a common word says it is too common ──────────────────────────────────────


async def test_a_too_common_search_word_is_said_plainly(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/search text:a")
    assert "“a” is too common to search for. Add a more specific word, e.g. /search text:burn" in out
    assert "little words" not in out
