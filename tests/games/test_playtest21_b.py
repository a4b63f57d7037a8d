"""Playtest ru-19 and English walk 12 (issue 17), share b: each test pins the reworded or
corrected reply, in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

CAST = "/вфб сотворение кубики:1 уровень:4 сложность:3 заклинание:Молния"

# ── W6: one dispel attempt per cast spell; WF-5: a failed cast is said, not «give against» ──────


async def test_w6_a_spell_gets_one_dispel_attempt(console: Console) -> None:
    # seed 002:17: «один из магов второго игрока пытается разрушить сотворённое заклинание»
    seed_line("002", 17, "пытается разрушить сотворённое заклинание")
    await console.execute("/game start game:whfb player1:Борис")
    console.lang = "ru"
    await console.execute("/вфб ветры")
    for _ in range(6):  # the seeded dice: cast until one goes off
        out = await console.execute(CAST)
        if out.startswith("✔"):
            break
    assert out.startswith("✔"), out
    console.user = "Борис"
    for _ in range(6):  # the seeded dice: dispel until it works (each against the last cast)
        first = await console.execute("/вфб рассеивание кубики:1 уровень:4 против:5")
        if first.startswith("✔"):
            break
        await console.execute("/игра отменить")
    assert first.startswith("✔"), first
    board = await console.execute("/игра показать")
    second = await console.execute("/вфб рассеивание кубики:1 уровень:4")
    assert "Заклинание «Молния» уже рассеяно — рассеивать нечего" in second
    assert "Кубики:" not in second
    assert await console.execute("/игра показать") == board  # nothing spent


async def test_wf5_dispel_after_a_failed_cast_says_it_failed(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:whfb player1:Dieter")
    await console.execute("/whf winds")
    out = await console.execute("/whf cast dice:1 level:1 value:12")
    assert "not cast" in out.splitlines()[0].lower()
    console.user = "Dieter"
    out = await console.execute("/whf dispel dice:1 level:1")
    assert "was not cast, so there is nothing to dispel" in out
    assert "against" not in out


# ── B2, B3, B7, BK-1: a Berserk strike says each fact once ──────────────────────────────────


async def test_b3_missing_return_strike_info_said_once(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Циклоп владелец:Борис жизнь:99")
    seen = False
    for _ in range(20):
        out = await console.execute("/берсерк удар сила:2-3-4 цель:Циклоп")
        assert out.count("сила_цели") <= 1
        assert "При равных бросках" not in out or "**0**" in out  # B2
        if "Ответ атакованной карты:" in out:
            assert "Чтобы посчитать и записать раны ответа, укажите сила_цели:X-Y-Z" in out
            seen = True
    assert seen


async def test_b7_closed_mode_says_no_return_strike_once(console: Console) -> None:
    console.lang = "ru"
    out = await console.execute("/шансы берсерк сила:1-2-2 режим:закрыт сила_цели:3-4-5")
    assert "ответного удара нет" in out and "не бьёт в ответ" not in out
    assert "Сила атакованной карты и её модификаторы не учитываются." in out


async def test_bk1_a_miss_back_is_no_return_strike(console: Console) -> None:
    console.lang = "en"
    seen = False
    for _ in range(20):
        out = await console.execute("/berserk strike values:2-3-4")
        assert "strikes back: miss" not in out and "The defender strikes back" not in out
        seen = seen or "No return strike." in out
    assert seen


# ── B1, B5, B6: «максимум жизней», «победит Борис», «Карта «X» закрыта» ─────────────────────


async def test_b1_b5_b6_berserk_words(console: Console) -> None:
    seed_line("001", 281, "Максимум жизней")
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Борис жизнь:5")
    out = await console.execute("/задать цель:Лесной эльф показатель:жизнь значение:7")
    assert "Лесной эльф · максимум жизней: 5 → 7" in out
    await console.execute("/существо добавить имя:Циклоп владелец:Аня жизнь:5")
    await console.execute("/задать цель:Циклоп показатель:закрыта значение:1")
    out = await console.execute("/берсерк удар сила:1-2-2 цель:Лесной эльф атакующий:Циклоп")
    assert "Карта «Циклоп» закрыта, а закрытая карта не может нападать" in out
    out = await console.execute("/игра выйти")
    assert "партия на этом закончится и победит Борис." in out


# ── BK-5: a Berserk `/dmg` is «wounds» in the log ─────────────────────────────────────────────


async def test_bk5_berserk_log_says_wounds(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:berserk player1:Bob")
    await console.execute("/unit add name:Гном-ветеран life:9")
    await console.execute("/dmg target:Гном-ветеран amount:3")
    log = await console.execute("/game log")
    assert "Anna: wounds dealt — Гном-ветеран · wounds 0 → 3" in log
    console.lang = "ru"
    log = await console.execute("/игра журнал")
    assert "Anna: нанесение ран — Гном-ветеран · раны 0 → 3" in log


# ── BK-7: an untracked Berserk ability as printed (English, or another ending) is set aside ───


async def test_bk7_untracked_ability_keeps_the_card(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:berserk player1:Bob")
    out = await console.execute(
        "/unit add name:Гном-басаарг owner:Anna life:9 traits:Armor 1, flying"
    )
    assert out.startswith("✔") and "Armor 1" in out
    assert "The bot does not track the ability “flying”: keep track of it yourselves" in out
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Гном владелец:Anna жизнь:9 черты:летающий")
    assert out.startswith("✔")
    assert "Особенность «Летающее существо» бот не отслеживает — следите за ней сами" in out


# ── W2, W3: another side's non-wizard is «не маг»; «уже творил заклинание «X»» ───────────────


async def test_w2_w3_wizard_refusals(console: Console) -> None:
    console.lang = "ru"
    console.user = "Вика"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/существо добавить имя:Иерарх владелец:Борис жизнь:2")
    await console.execute("/существо добавить имя:Колдунья владелец:Борис жизнь:2 черты:маг")
    await console.execute("/вфб ветры")
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:3 маг:Иерарх")
    assert "Подразделение «Иерарх» — не маг" in out and "— маг Бориса" not in out
    out = await console.execute("/вфб сотворение кубики:1 уровень:1 сложность:3 маг:Колдунья")
    assert "«Колдунья» — маг Бориса, а сотворяет сейчас Вика" in out
    assert "Маг «Колдунья» — маг" not in out


# ── W4, C2, W5: nothing to take off, in each game's words; a slain WFB wizard ──────────────


async def test_w4_w5_wfb_wounds_words(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:whfb игрок1:Борис")
    await console.execute("/существо добавить имя:Иерарх владелец:Аня жизнь:3")
    out = await console.execute("/лечить цель:Иерарх лечение:1")
    assert "Подразделение «Иерарх»: ран нет — снимать нечего. Ничего не изменено." in out
    await console.execute("/существо добавить имя:Колдунья владелец:Аня жизнь:1 черты:маг")
    out = await console.execute("/урон цель:Колдунья урон:1")
    assert "💀 «Колдунья» погибает — снимите модель как потерю." in out


async def test_c2_conquest_removes_damage_tokens(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:7 окровавленный:4")
    await console.execute("/существо добавить имя:Космодесантник владелец:Аня жизнь:3")
    out = await console.execute("/лечить цель:Космодесантник лечение:1")
    assert "Отряд «Космодесантник»: значков урона нет — снимать нечего." in out
    out = await console.execute("/лечить цель:Аня лечение:1")
    assert "Аня: на военачальнике нет значков урона — снимать нечего." in out


# ── C1, CQ-1, CQ-2: exhaustion is no token; planet icons; a stopped blow shows the card ──────


async def test_c1_cq1_cq2_conquest_words(console: Console) -> None:
    seed_line("003", 116, "обессиленным")
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:conquest игрок1:Борис здоровье:7 окровавленный:4")
    await console.execute("/существо добавить имя:Космодесантник владелец:Аня жизнь:3")
    out = await console.execute("/жетон добавить цель:Аня жетон:истощён")
    assert "«истощён» — не жетон: в Conquest карта бывает обессилена." in out
    assert "военачальника бот отмечает сам" in out
    out = await console.execute("/жетон добавить цель:Космодесантник жетон:истощён")
    assert "показатель:обессилен значение:1" in out
    console.lang = "en"
    out = await console.execute("/dmg target:Космодесантник amount:1 shield:1")
    assert "no damage is dealt · ❤ 3/3" in out
    out = await console.execute("/planet name:Y'varn")
    assert "No planet icons given (material, technology, strongpoint)" in out
    assert "command icons" not in out


# ── K4, KF-2, K2: KeyForge armor left, a stunned attacker, Elusive in KeyForge's words ──────


async def test_k4_kf2_k2_keyforge_words(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:keyforge игрок1:Борис")
    await console.execute("/существо добавить имя:Огр сила:8 владелец:Борис черты:броня 2")
    out = await console.execute("/урон цель:Огр урон:1")
    assert "(до конца хода броня предотвратит ещё 1 урон)" in out
    console.lang = "en"
    await console.execute("/unit add name:Krump power:5 owner:Аня")
    await console.execute("/token add target:Krump token:stun")
    out = await console.execute("/kf fight attacker:Krump target:Огр")
    assert "fights" not in out
    assert "💫 Krump is stunned: it does not fight — it is exhausted and the stun" in out
    console.lang = "ru"
    out = await console.execute("/правило неуловимость")
    assert "проходит без урона для обеих сторон" in out and "повреждений" not in out
