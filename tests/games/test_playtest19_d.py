"""Playtest ru-17 / en-10, share d: general replies, /help and the glossary replies (issue 17).

Each test pins the reworded reply, so the slip a reader found stays fixed."""

from __future__ import annotations

import pytest

from bot.console import Console

# ── G-1: the play:no note is short sentences, in both languages ────────────────────────────────


async def test_g_1_play_no_note_in_short_sentences(console: Console) -> None:
    console.lang = "en"
    out = await console.execute(
        "/game start game:mage-wars player1:bob player2:carol play:no life:32"
    )
    assert (
        "You are not playing (play:no). As the host you can still run the game like a player" in out
    )
    assert "advance it (/game next) and undo (/game undo). To end it: /game end." in out
    assert "move it on" not in out


async def test_g_1_play_no_note_russian(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute(
        "/игра начать игра:mage-wars игрок1:Борис игрок2:Вика играю:нет жизнь:32"
    )
    assert "Вы не играете сами. Партию начали вы, поэтому можете вести её наравне с игроками" in out
    assert "отменять шаги (/игра отменить). Закончить партию — /игра закончить." in out


# ── G-2: a change by a non-player names the game, not «it» ─────────────────────────────────────


async def test_g_2_non_player_refusal(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:bob life:32")
    console.user = "dave"
    out = await console.execute("/dmg target:bob amount:2")
    assert (
        "Only this game's players, its host and channel moderators can change the game. "
        "To play, join with /game join." in out
    )
    console.lang = "ru"
    out = await console.execute("/урон цель:bob урон:2")
    assert "Чтобы играть, войдите в партию: /игра войти." in out


# ── W6: a word of an entry's name opens that entry, said plainly ───────────────────────────────


async def test_w6_word_of_a_title(console: Console) -> None:
    out = await console.execute("/правило рассеивание игра:whfb")
    assert "Статьи «рассеивание» нет; вот статья, в названии которой есть это слово." in out
    console.lang = "en"
    out = await console.execute("/rule рассеивание game:whfb")
    assert "here is an entry with that word in its name" in out


# ── G2: /лечить is described in words that fit every game ──────────────────────────────────────


async def test_g2_heal_description_fits_every_game(console: Console) -> None:
    out = await console.execute("/помощь команда:лечить")
    assert "Снять урон (повреждения, раны)" in out and "Вылечить урон" not in out
    console.lang = "en"
    out = await console.execute("/help command:heal")
    assert "Heal damage (wounds)" in out


# ── G1: a hyphenated command name typed with a space is recognised, or offered ────────────────


async def test_g1_name_with_a_space_is_recognised(console: Console) -> None:
    out = await console.execute("/о боте")
    assert "Нет такой команды" not in out and "Версия" in out
    out = await console.execute("/помощь команда:о боте")
    assert "/о-боте" in out and "Нет такой команды" not in out


async def test_g1_near_name_is_offered(console: Console) -> None:
    for typed in ("/о ботэ", "/о"):
        out = await console.execute(typed)
        assert "Нет такой команды: /о. Может быть, /о-боте?" in out
    console.lang = "en"
    out = await console.execute("/о ботэ")
    assert "No such command: /о. Did you mean /about?" in out


async def test_g1_sub_command_with_a_space(console: Console) -> None:
    out = await console.execute("/жетон снять все цель:Борис")
    assert "нет такой подкоманды" not in out  # recognised as /жетон снять-все


# ── G3: /помощь opens on an overview, or on the game's page when a game is running ─────────────


async def test_g3_help_opens_on_an_overview(console: Console) -> None:
    out = await console.execute("/помощь")
    assert out.startswith("Команды Arbiter · Обзор")
    assert "Правила и термины: /правило, /поиск, /глоссарий, /объяснить" in out
    assert "Учёт партии: /игра, " in out and "`/о-боте` — " in out
    assert "(видно только вам)" in out and "[1] ⟨Обзор⟩ (недоступна)" in out
    console.lang = "en"
    out = await console.execute("/help")
    assert out.startswith("Arbiter commands · Overview") and "Rules and terms: /rule, " in out


async def test_g3_help_opens_on_the_tracker_while_a_game_runs(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/помощь")
    assert out.startswith("Команды Arbiter · Учёт партии") and "`/урон цель:… урон:…" in out
    assert "[4] ⟨Учёт партии⟩ (недоступна)" in out and "(видно только вам)" in out
    out = await console.execute("!press 1")
    assert "Команды Arbiter · Обзор" in out


# ── BK-5: an English word in Russian rule texts: say so, and offer /rule ───────────────────────


async def test_bk_5_latin_word_in_russian_texts(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/search text:regeneration game:conquest")
    assert "No Warhammer 40,000: Conquest rule text contains “regeneration”." in out
    assert "The rule texts are in Russian" in out and "/rule term:regeneration" in out
    assert "Drop the “game” option" not in out
    console.lang = "ru"
    out = await console.execute("/поиск текст:regeneration игра:conquest")
    assert "Тексты правил — на русском" in out and "/правило термин:regeneration" in out
    out = await console.execute("/поиск текст:щщщ игра:berserk")  # a Russian word: as before
    assert "Уберите параметр «игра»" in out


# ── BK-6: nothing alike: no unrelated entries, the game's index instead ────────────────────────


async def test_bk_6_nothing_alike_offers_the_index(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/rule first strike game:berserk")
    assert out.startswith("Nothing like “first strike”")
    assert "All Berserk CCG terms: /glossary game:berserk." in out
    assert "to start with" not in out and "[1]" not in out
    console.lang = "ru"
    out = await console.execute("/правило first strike игра:berserk")
    assert "Все термины игры «Берсерк ККИ»: /глоссарий игра:berserk." in out and "[1]" not in out


# ── C2: a pick list of one is no choice: the entry opens, with the note it is the nearest ──────


async def test_c2_single_candidate_opens(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:8 окровавленный:4")
    out = await console.execute("/правило что значит чтобы")
    assert out.startswith('Цены: Слово "To" ("Чтобы")')
    assert "Точной статьи «что значит чтобы» нет; ближайшая — эта." in out
    assert "Выберите статью" not in out and "[1]" not in out


@pytest.mark.parametrize(
    "query",
    [
        "что делать если из носа кровотечение",  # one stray hit in a text (Bleed)
        "принесите воды пожалуйста",  # (Extinguish, by its text)
        "во сколько завтра собираемся",  # one word alike in a name (Сбор)
    ],
)
async def test_c2_a_single_stray_match_of_an_off_topic_question_stays_a_list(
    console: Console, query: str
) -> None:
    # the no-answer sets: a list of one is opened only when its name holds the words asked
    out = await console.execute(f"/правило {query}")
    assert "— Источник" not in out and "[1]" in out
