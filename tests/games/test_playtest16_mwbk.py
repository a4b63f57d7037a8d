"""Playtest RU-15, EN-8 and EN-7 (issue 17), Mage Wars and Berserk share: each test pins the
reworded reply or the rule reading in both languages where the slip was in a shared template."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── M1, MW-6: Life on a mage is the printed maximum; the reply says so and names /dmg ─────────


async def test_m1_lowering_life_names_the_damage_command(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Вика жизнь:36")
    out = await console.execute("/прибавить цель:Вика показатель:жизнь сколько:-4")
    assert "Вика · максимум жизни: 36 → 32 · ❤ 32/32" in out  # the stat keeps its meaning
    assert "Изменён максимум жизни." in out
    assert "/игра отменить" in out and "/урон цель:Вика урон:4." in out
    out = await console.execute("/урон цель:Вика урон:2")
    assert "Изменён" not in out
    out = await console.execute("/прибавить цель:Вика показатель:жизнь сколько:3")
    assert "/лечить цель:Вика лечение:3." in out


async def test_mw6_setting_life_in_english(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:mage-wars player1:Bob life:36")
    out = await console.execute("/set target:Bob stat:life value:20")
    assert "Bob · max life: 36 → 20 · ❤ 20/20" in out
    assert "This changed the maximum Life." in out
    assert "/dmg target:Bob amount:16." in out
    out = await console.execute("/set target:Bob stat:life value:24")
    assert "This changed" not in out  # raised on an unhurt mage: nothing to heal


# ── B1: the weaker-strike choice is one plain sentence; the record line does not repeat it ────


async def test_b1_weaker_return_strike_reads_plainly(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Борис жизнь:99")
    await console.execute("/существо добавить имя:Гном-воитель владелец:Аня жизнь:99")
    seen = False
    for _ in range(80):
        out = await console.execute(
            "/берсерк удар сила:2-3-4 атакующий:Гном-воитель цель:Лесной эльф"
        )
        if "**−4**" in out:
            assert (
                "Атакованная карта может вместо этого ответить на ступень слабее (слабый удар) — "
                "тогда атакующий ран не наносит.\n"
                "Раны ответа не посчитаны: укажите сила_цели:X-Y-Z."
            ) in out  # playtest 19, B3: the missing values on their own line, said once
            assert out.count("сила_цели") == 1
            assert "На выбор" not in out and ", —" not in out
            assert out.count("на ступень слабее") == 1
            assert "Если карта «Лесной эльф» ответила слабее, отмените запись" in out
            seen = True
        await console.execute("/задать цель:Гном-воитель показатель:закрыта значение:0")
    assert seen


# ── B2: a dead card is already in the graveyard; /unit remove only clears its board line ──────


async def test_b2_removing_a_dead_card_says_it_is_in_the_graveyard(console: Console) -> None:
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:berserk игрок1:Борис")
    await console.execute("/существо добавить имя:Лесной эльф владелец:Борис жизнь:5")
    await console.execute("/берсерк раны цель:Лесной эльф сколько:5")
    out = await console.execute("/существо убрать цель:Лесной эльф")
    assert "Существо «Лесной эльф» уже на кладбище; убираю его и с доски." in out
    assert "уходит со стола" not in out
    await console.execute("/игра отменить")
    console.lang = "en"
    out = await console.execute("/unit remove target:Лесной эльф")
    assert "Лесной эльф is already in the graveyard; removed from the board too." in out
    await console.execute("/unit add name:Тролль owner:Аня life:5")
    out = await console.execute("/unit remove target:Тролль")
    assert "Тролль is removed from the game." in out  # a standing card still leaves the table


# ── BK-2, BK-3, BK-4 (English walk 8): closed mode in English, a shot's own line, one format ──


async def test_bk2_closed_mode_reads_as_english(console: Console) -> None:
    console.lang = "en"
    out = await console.execute("/berserk strike values:1-2-3 mode:closed")
    said = "Mode: closed — as against a closed card: only the attacker rolls, no return strike"
    assert said in out
    assert "as at a closed card" not in out


async def test_bk3_a_shot_at_a_closed_card_says_why_there_is_no_answer(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    await console.execute("/unit add name:Gnome Warrior life:8")
    await console.execute("/set target:Gnome Warrior stat:closed value:1")
    out = await console.execute("/berserk strike values:2 kind:shot target:Gnome Warrior")
    assert "Target: **Gnome Warrior** (closed)." in out
    assert "Shot: only the shooter rolls; the target does not strike back" in out
    assert "(closed: only the attacker rolls" not in out
    console.lang = "ru"
    out = await console.execute("/берсерк удар сила:2 вид:выстрел цель:Gnome Warrior")
    assert "Цель: **Gnome Warrior** (карта закрыта)." in out
    assert "Выстрел: бросает только стреляющий, цель не отвечает" in out


async def test_bk4_poison_and_counters_read_alike(console: Console) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    console.user = "Bob"
    await console.execute("/unit add name:Troll life:8")
    await console.execute("/token add target:Troll token:poison count:2")
    await console.execute("/token add target:Troll token:counters count:3")
    assert "Poison 2 · Counters 3" in await console.execute("/game show")
    out = await console.execute("/game next")
    assert (
        "☠ Troll: Poison 2 — at the start of this turn it takes 2 wounds from poison; record this "
        "with /berserk wound target:Troll source:poison amount:2." in out  # EN12 BK-3
    )
    assert "“Troll”" not in out


# ── M2: Burn is rolled at Upkeep (seed 000:25); a hand roll mid-round is refused ─────────────


async def test_m2_a_hand_burn_roll_mid_round_is_refused(console: Console) -> None:
    # seed 000:25
    assert seed_line("000", 25, "Каждую фазу Содержание")
    console.lang = "ru"
    console.user = "Аня"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/существо добавить имя:Серый медведь владелец:Аня жизнь:10")
    await console.execute("/жетон добавить цель:Серый медведь жетон:горение")
    before = await console.execute("/игра показать")
    out = await console.execute("/мв горение цель:Серый медведь")
    assert out.lstrip().startswith("✖")
    assert "бот бросит сам в фазе содержания (/игра дальше)" in out  # en-9 MW-4, ru-19 M1
    assert "лишний_бросок:да" in out and "/мв горение жетоны:N" in out
    assert await console.execute("/игра показать") == before  # a refusal changes nothing
    out = await console.execute("/мв горение цель:Серый медведь лишний_бросок:да")
    assert "Записано в партию" in out
    console.lang = "en"
    out = await console.execute("/mw burn target:Серый медведь")
    assert "is rolled by itself in the Upkeep Phase (/game next), so no dice were rolled" in out
    assert "one too many" not in out and "add extra_roll:yes" in out


# ── BK-1 (English walk 7): crystals only once set; the ± buttons change a card's wounds ──────


async def test_bk1_board_buttons_change_wounds_and_crystals_hide_at_zero(
    console: Console,
) -> None:
    console.lang = "en"
    await console.execute("/game start game:berserk player1:Bob")
    await console.execute("/unit add name:Gnome life:5")
    out = await console.execute("/game show")
    assert "The ± buttons change **Gnome**'s wounds" in out
    assert "crystals" not in out
    await console.execute("/set target:alice stat:gold value:3")
    out = await console.execute("/game show")
    assert "gold crystals 3" in out and "silver crystals" not in out
    console.lang = "ru"
    out = await console.execute("/игра показать")
    assert "Кнопки ± меняют раны, выбрано: **Gnome**" in out
    out = await console.execute("/задать цель:alice показатель:раны значение:1")
    assert "Есть: золотые кристаллы, серебряные кристаллы" in out  # still named as stats
