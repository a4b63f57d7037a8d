"""Playtest 14 (issue 17, `docs/playtest-ru-14.md`), share K: Mage Wars (M1–M3), Berserk (B1–B3)
and the general replies (G1, G2) — each test pins the reworded reply or the rule applied."""

from __future__ import annotations

from bot.console import Console
from bot.games.berserk.dice import BerserkResult, BerserkStrike, fight_outcome, parse_values
from bot.games.berserk.ui.view import berserk_reply
from bot.i18n import t
from tests.games.seeds import seed_line


async def _mage_wars(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")


async def _berserk(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:berserk игрок1:Борис")


# ── M1: Bleed first is said once, and the way back is one undo ─────────────────────────────────


async def test_m1_bleed_healed_says_it_once_with_one_way_back(console: Console) -> None:
    seed_line("000", 19, "можно удалить 1 жетон Bleed")  # seed 000:19: optional
    await _mage_wars(console)
    await console.execute("/существо добавить имя:Серый медведь владелец:Аня жизнь:10")
    await console.execute("/урон цель:Серый медведь урон:3")
    await console.execute("/жетон добавить цель:Серый медведь жетон:кровотечение")
    out = await console.execute("/лечить цель:Серый медведь лечение:2")
    assert "🩸 Серый медведь: 1 единица лечения сняла 1 жетон кровотечения" in out
    assert "(по правилам это по желанию)" in out
    assert "можно, но не обязательно" not in out and "/жетон добавить" not in out
    assert (
        "Если хотели вылечить повреждения — /игра отменить и /прибавить цель:Серый медведь "
        "показатель:повреждения сколько:-2."
    ) in out
    console.lang = "en"
    await console.execute("/game undo")
    out = await console.execute("/heal target:Серый медведь amount:2")
    assert "(the rules make this optional)" in out
    assert "/game undo, then /add target:Серый медведь stat:damage amount:-2" in out


# ── M2: a guard's counterstrike — whole sentences, and the command to roll it with ─────────────


async def test_m2_guard_counterstrike_names_the_roll(console: Console) -> None:
    await _mage_wars(console)
    await console.execute("/существо добавить имя:Рыцарь владелец:Борис жизнь:10 черты:страж")
    await console.execute("/существо добавить имя:Волк владелец:Аня жизнь:8")
    out = await console.execute("/мв атака кубики:4 цель:Рыцарь атакующий:Волк ближний_бой:да")
    assert (
        "Существо «Рыцарь» было на страже и может нанести ответный удар. Бросьте его атаку: "
        "/мв атака кубики:N цель:Волк (или один раз задайте кубики его ближнего боя: "
        "/задать цель:Рыцарь показатель:ближний бой значение:N)."
    ) in out
    assert "Ответный удар возможен" not in out and "бросьте сами" not in out


# ── B3: a dead Berserk card is already on the кладбище — nothing to take off the table ─────────


async def test_b3_dead_card_is_not_taken_off_the_table(console: Console) -> None:
    seed_line("001", 107, "Гибель", "кладбище")
    await _berserk(console)
    await console.execute("/существо добавить имя:Гном владелец:Борис жизнь:1")
    await console.execute("/берсерк раны цель:Гном сколько:1")
    out = await console.execute("/жетон добавить цель:Гном жетон:фишка сколько:2")
    assert (
        "Существо «Гном» погибло, карта лежит на кладбище — менять нечего. "
        "Если это ошибка — /игра отменить."
    ) in out
    assert "убрать со стола" not in out


# ── G1: the non-playing starter's note names no «счёт» ─────────────────────────────────────────


async def test_g1_non_playing_starter_note(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    out = await console.execute(
        "/игра начать игра:mage-wars игрок1:Борис игрок2:Вика играю:нет жизнь:32"
    )
    assert "Вы не играете сами. Партию начали вы, поэтому можете вести её наравне с игроками" in out
    assert "счёт" not in out and "переходить дальше" not in out


# ── G2: the help line of /берсерк раны is a sentence ───────────────────────────────────────────


async def test_g2_berserk_wound_help_is_a_sentence(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/помощь команда:берсерк раны")
    assert "Нанести раны от атаки (их предотвращает Броня Х)" in out
    assert "Раны карте:" not in out


# ── M3: the board's Undo button says what it undid, as /игра отменить does ─────────────────────


async def test_m3_board_undo_says_what_was_undone(console: Console) -> None:
    await _mage_wars(console)
    await console.execute("/игра дальше")
    board = await console.execute("/игра показать")
    assert "[8] ⟨Отменить⟩" in board
    out = await console.execute("!press 8")
    assert "Mage Wars · раунд 1" in out
    assert "✔ Отменён 1 шаг" in out
    assert "следующий раунд — раунд 1 → 2" in out and "(отменено)" in out


# ── B1: a tie of 0 is decided by the rolls' values too (fight.toml's both_max / both_min) ──────


def _tie(a: int, d: int, lang: str) -> str:
    strike = BerserkStrike(values=parse_values("1-2-3"), mode="fight")
    kinds = fight_outcome(a, d)
    result = BerserkResult(strike, True, a, a, kinds[0], 0, d, d, kinds[1])
    return berserk_reply(lambda key, **p: t(key, lang, **p), result).body


def test_b1_a_tie_says_the_values_decide() -> None:
    low, high = _tie(1, 1, "ru"), _tie(5, 5, "ru")
    mode = (  # EN11 BZ-1: the tie rows said outright
        "Режим: сражение — бросают оба, исход решает разница бросков. При равных бросках: у обоих "
        "не больше 4 — атакующий наносит слабый удар, ответа нет; у обоих не меньше 5 — "
        "атакующий промахивается, в ответ слабый удар."
    )
    assert mode in low and mode in high
    assert "При разнице 0 решают значения бросков: у обоих не больше 4." in low
    assert "Атакующий наносит: слабый удар" in low
    assert "При разнице 0 решают значения бросков: у обоих не меньше 5." in high
    assert "Атакующий промахивается" in high and "Ответ атакованной карты: слабый удар" in high
    assert "both rolls are 5 or more" in _tie(6, 6, "en")
    assert "решают значения" not in _tie(3, 1, "ru")  # a difference of 2: the difference alone


# ── B2: «полёт» in a Berserk channel finds the Berserk subtype first ───────────────────────────


async def test_b2_polyot_in_berserk_finds_the_flying_creature(console: Console) -> None:
    seed_line("001", 263, "Летающее существо")
    await _berserk(console)
    out = await console.execute("/правило полёт")
    first = out.index("Летающее существо · Берсерк ККИ")
    assert first < out.index("Полет (Flying) · Mage Wars")
