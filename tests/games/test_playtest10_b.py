"""Playtest 10, second share (issue 17, `docs/playtest-ru-10.md`, `docs/playtest-en-5.md`): the
replies a blind reader found unclear — the export's counts (G3), a custom game's result with no
winner (G5), and the others named in each test."""

from __future__ import annotations

from bot.console import Console


async def test_g3_the_export_explains_its_two_counts(console: Console) -> None:
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    out = await console.execute("/игра экспорт")
    assert "Партия целиком: 1 шаг в журнале (/игра журнал), а в файле — " in out
    assert "изменений счётчиков и полей, из которых эти шаги складываются." in out
    assert "событ" not in out


async def test_g5_a_game_ended_without_winner_says_who_ended_it(console: Console) -> None:
    await console.execute("/игра начать игра:custom игрок1:Борис")
    await console.execute("/игра закончить")
    await console.execute("!press 1")
    out = await console.execute("/игра показать")
    head = "Сейчас партия не идёт. Итог последней:\n"
    assert head + "Партию закончил(а) alice после хода 1." in out
    assert "Победитель не назван." in out
    assert "\n\n\n" not in out
    console.lang = "en"
    out = await console.execute("/game show")
    assert "alice ended the game after turn 1." in out and "No winner was named." in out
