"""Playtest 3 slips 8, 15 and 24 (issue 17): each game's own word for its pieces, the acted mark
in words, and a plain /add logged under the stat it moved."""

from __future__ import annotations

from bot.console import Console


async def test_whfb_pieces_are_wizards(console: Console) -> None:
    await console.execute("/game start game:whfb player1:bob")
    out = await console.execute("/unit add Маг огня")
    # the new wizard first, then the count it moved (notes and changes in the order they happened)
    assert out.strip().splitlines()[1:] == [
        "Новый маг: Маг огня (alice)",
        "Раны по профилю не указаны — записано 1. Если ран больше: "  # EN-6 WF-2, RU-19 W1
        "/задать цель:Маг огня показатель:раны по профилю значение:N "
        "(в следующий раз — сразу «жизнь:N»).",
        "alice · маги: 0 → 1",
    ]
    assert "существо" not in out.lower()
    out = await console.execute("/dmg Маг огня amount:1")
    assert "💀 «Маг огня» погибает — снимите модель как потерю." in out and "Существо" not in out
    log = await console.execute("/game log")
    assert "новый маг — Маг огня" in log and "существо" not in log  # playtest 10 W3


async def test_conquest_units_are_squads_in_the_log(console: Console) -> None:
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/unit add Штурмовики life:2")
    out = await console.execute("/dmg Штурмовики amount:2")
    assert "💀 Отряд «Штурмовики» уничтожен." in out
    log = await console.execute("/game log")
    assert "новый отряд — Штурмовики" in log and "существо" not in log


async def test_acted_mark_is_said_in_words_and_add_is_logged_by_its_stat(
    console: Console,
) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Гоблин life:8")
    await console.execute("/mw act target:Гоблин")
    out = await console.execute("/game next")
    assert "Гоблин: маркер действия снова готов." in out and "действовал:" not in out
    await console.execute("/add target:alice stat:мана amount:-3")
    log = await console.execute("/game log")
    assert "alice: мана — alice · мана" in log and "изменение" not in log


async def test_a_player_without_the_stat_is_named_in_the_genitive(console: Console) -> None:
    """Slip 4: «У Ани нет показателя «раны»», not «У «Аня» нет…»; «игрока bob» when unsure."""
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:bob")
    out = await console.execute("/add target:Аня stat:раны amount:3")
    assert "У Ани нет показателя «раны». Есть: золотые кристаллы" in out
    out = await console.execute("/dmg Аня amount:3")  # playtest 4 slip 13: wounds go on cards
    assert "Раны в Берсерке получают только существа, а не игроки" in out
    out = await console.execute("/add target:bob stat:мана amount:1")
    assert "У игрока bob нет показателя «мана»." in out


async def test_a_destroyed_wizard_is_refused_as_a_wizard(console: Console) -> None:
    """Slip 8: changing a destroyed WFB wizard names it «Маг», not «Существо»."""
    await console.execute("/game start game:whfb player1:bob")
    await console.execute("/unit add Маг огня")
    await console.execute("/dmg Маг огня amount:1")
    out = await console.execute("/dmg Маг огня amount:1")
    assert "Маг «Маг огня» уничтожен и уже вне игры" in out and "Существо" not in out


async def test_acting_with_a_destroyed_creature_says_it_is_destroyed(console: Console) -> None:
    """Slip 34: `/mw act begin:true` on a destroyed creature says so, not «нечего менять»."""
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Медведь life:2")
    await console.execute("/dmg Медведь amount:3")
    for line in ("/mw act target:Медведь begin:true", "/mw act target:Медведь"):
        out = await console.execute(line)
        assert "Существо «Медведь» уничтожено и уже вне игры" in out, line
        assert "нечего менять" not in out


async def test_not_enough_names_the_player_in_the_genitive(console: Console) -> None:
    """Slips 1–6 apply to «у игрока X есть» as well: «у Ани есть 0»."""
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:bob")
    out = await console.execute("/add target:Аня stat:янтарь amount:-2")
    assert "Не хватает янтаря: у Ани есть 0, нужно 2." in out
    console.lang = "en"
    out = await console.execute("/add target:Аня stat:янтарь amount:-2")
    assert "Not enough Æmber: Аня has 0, 2 needed." in out
