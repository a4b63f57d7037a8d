"""Playtest 13 (issue 17, `docs/playtest-en-7.md`, `docs/playtest-ru-13.md`): the Mage Wars
English slips MW-1…MW-6 and the KeyForge slips KF-1…KF-5, K1, K2, G2, in both languages."""

from __future__ import annotations

from bot.console import Console


async def _keyforge(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Аня player2:Борис")


async def test_kf2_k1_the_keys_entry_says_its_goal_once(console: Console) -> None:
    """The retold «Ключи» entry said the three keys twice."""
    out = await console.execute("/rule term:ключи game:keyforge")
    assert "Цель игры — выковать три ключа: кто первым выкует третий, сразу побеждает." in out
    assert "Для победы нужно три ключа" not in out
    console.lang = "en"
    out = await console.execute("/rule term:forge game:keyforge")
    assert "Three keys are needed" not in out


async def test_kf3_kf4_forging_reads_as_one_sentence(console: Console) -> None:
    """The turn's key and a card's key: who forges, for how much, in one sentence."""
    await _keyforge(console)
    await console.execute("/add target:Аня stat:янтарь amount:11")
    out = await console.execute("/кф выковать")
    assert (
        "🔑 Аня выковывает ключ по эффекту карты, заплатив 6 янтаря: янтарь 11 → 5, ключи 0 → 1."
        in out
    )
    await console.execute("/game undo")
    console.lang = "en"
    out = await console.execute("/kf forge")
    assert "🔑 Аня forges a key by a card effect, paying 6 Æmber: Æmber 11 → 5, keys 0 → 1." in out
    await console.execute("/game undo")
    await console.execute("/game next")
    out = await console.execute("/game next")
    assert (
        "🔑 At the start of the turn, Аня forges a key for 6 Æmber (a player must forge when able)."
        in out
    )
    assert "Keys: 1/3." in out


async def test_kf1_already_n_agrees_with_a_plural_stat(console: Console) -> None:
    """«Anna's keys is already 2» → "Anna already has 2 keys"; other stats need no «is»."""
    await _keyforge(console)
    await console.execute("/set target:Аня stat:ключи value:2")
    out = await console.execute("/set target:Аня stat:ключи value:2")
    assert "У Ани уже 2 ключа — ничего не изменено." in out
    await console.execute("/set target:Аня stat:цепи value:5")
    out = await console.execute("/set target:Аня stat:цепи value:5")
    assert "У Ани уже 5 цепей — ничего не изменено." in out
    console.lang = "en"
    out = await console.execute("/set target:Аня stat:keys value:2")
    assert "Аня already has 2 keys; nothing changed." in out
    out = await console.execute("/set target:Аня stat:keycost value:6")
    assert "Аня's key cost: already 6; nothing changed." in out


async def _mage_wars(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Аня player2:Борис life:36")
    await console.execute("/unit add name:Рыцарь life:10")


async def test_mw4_negative_damage_points_to_heal(console: Console) -> None:
    """`/dmg amount:-2` meant healing: the range refusal names /heal."""
    await _mage_wars(console)
    out = await console.execute("/урон цель:Рыцарь урон:-2")
    assert "Чтобы вылечить, используйте /лечить." in out
    console.lang = "en"
    out = await console.execute("/dmg target:Рыцарь amount:-2")
    assert "out of range; it must be between 0 and 1000. To heal, use /heal." in out
    out = await console.execute("/dmg target:Рыцарь amount:5000")
    assert "To heal" not in out


async def test_mw3_end_of_round_lines_read_naturally(console: Console) -> None:
    """ "End of round: Knight rolls 11 to escape (7+ needed) — Stuck marker removed." (seed
    000:271), and the Daze marker said removed from the unit."""
    await _mage_wars(console)
    console.lang = "en"
    await console.execute("/token add target:Рыцарь token:daze")
    await console.execute("/token add target:Рыцарь token:stuck")
    out = await console.execute("/game next")
    assert "End of round: 1 Daze marker removed from Рыцарь." in out
    assert "End of round: Рыцарь rolls " in out and " to escape (7+ needed) — " in out
    assert "End of the round" not in out
    console.lang = "ru"
    await console.execute("/жетон добавить цель:Рыцарь жетон:застрявший count:3")
    out = await console.execute("/игра дальше")
    assert "Конец раунда: Рыцарь — бросок на спасение " in out and "(нужно 7+), жетон" in out


async def test_mw6_history_says_the_escape_not_stuck(console: Console) -> None:
    """An escape roll may be for Cripple: the history says whether the escape succeeded."""
    await _mage_wars(console)
    await console.execute("/mw escape")
    out = await console.execute("/history rolls")
    assert "спасение удалось" in out or "спасение не удалось" in out
    assert "спасся" not in out
    console.lang = "en"
    out = await console.execute("/history rolls")
    assert "escape succeeds" in out or "escape fails" in out
    assert "still stuck" not in out


async def test_mw1_mage_wars_english_says_marker(console: Console) -> None:
    """The rulebook's condition *marker*: /help, the /token refusals and the board agree."""
    await _mage_wars(console)
    console.lang = "en"
    out = await console.execute("/help command:mw attack")
    assert "Weak markers on the attacker (−1 die each)" in out
    assert "Daze markers on the target" in out and "tokens" not in out.split("Usage")[-1]
    out = await console.execute("/token clear target:Рыцарь")
    assert "Рыцарь · no markers — nothing to remove." in out
    out = await console.execute("/token remove target:Рыцарь token:burn")
    assert "Рыцарь · Burn: 0 — nothing to remove." in out  # ru-19 G4: as the board line
    console.lang = "ru"
    out = await console.execute("/жетон убрать цель:Рыцарь жетон:горение")
    assert "Рыцарь · горение: 0 — снимать нечего." in out


async def test_mw5_stat_names_capitalised_as_the_rulebook(console: Console) -> None:
    """Stat names read alike in lists and on the board: lower case mid-line (G-3, MW-4)."""
    await _mage_wars(console)
    console.lang = "en"
    out = await console.execute("/set target:Рыцарь stat:banana value:1")
    assert "Known: life, damage, armor, defense." in out
    out = await console.execute("/game show")
    assert "channeling 9" in out and "Channeling 9" not in out
