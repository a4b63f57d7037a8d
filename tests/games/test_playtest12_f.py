"""Playtest 12 (issue 17, `docs/playtest-ru-12.md`), share F: M1, M2, M4, M5, G1, B4, B5, C2,
K1 — each test pins the reworded reply or the rule applied, in both languages where shared."""

from __future__ import annotations

from bot.console import Console
from tests.games.seeds import seed_line

# ── K1: a second ward is refused as the rule (one ward at most), not as a range ────────────────


async def test_k1_a_second_ward_is_refused_in_words(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    await console.execute("/unit add name:Страж owner:Аня")
    console.lang = "ru"
    await console.execute("/жетон добавить цель:Страж жетон:оберег")
    out = await console.execute("/жетон добавить цель:Страж жетон:оберег")
    assert "Страж · оберег: на карте бывает не больше одного такого жетона" in out
    assert "вне пределов" not in out and "Ничего не изменено" in out
    console.lang = "en"
    out = await console.execute("/token add target:Страж token:ward")
    assert "a card never has more than one" in out and "out of bounds" not in out


# ── M2: an upkeep line that claims more than life allowed says what the counter recorded ───────


async def test_m2_bleed_past_life_says_what_was_recorded(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Гоблин owner:Аня life:6")
    await console.execute("/dmg target:Гоблин amount:5")
    await console.execute("/token add target:Гоблин token:bleed count:5")
    console.lang = "ru"
    out = await console.execute("/игра дальше")
    assert "🩸 Гоблин: кровотечение — 5 повреждений." in out
    assert "Гоблин: записано 1 повреждение — больше жизни не оставалось." in out


# ── M4, M5: ending a game says it once, and names the player in the genitive where sure ────────


async def test_m4_m5_ending_says_it_once_with_the_name_declined(console: Console) -> None:
    console.user = "Аня"
    console.lang = "ru"
    await console.execute("/игра начать игра:mage-wars игрок1:Борис жизнь:36")
    await console.execute("/игра закончить")
    out = await console.execute("!press 1")
    assert "Партия окончена по команде Ани после раунда 1." in out
    assert "Игра окончена." not in out and "игрока Аня" not in out
    out = await console.execute("/игра показать")
    assert "Партия окончена по команде Ани после раунда 1." in out
    console.lang = "en"
    assert "Аня ended the game after round 1." in await console.execute("/game show")


# ── B4: an untracked trait shows the card's own number, not the title's «Х» ───────────────────


async def test_b4_untracked_clumsiness_shows_the_value_given(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    console.lang = "ru"
    out = await console.execute(
        "/существо добавить имя:Гном владелец:Аня жизнь:8 черты:неповоротливость 2"
    )
    assert (
        "Особенность «Неповоротливость 2» на карте не хранится — указывайте её при ударе: "
        "/берсерк удар неповоротливость:2." in out
    )
    assert "Х»" not in out and "(неповоротливость" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Гном2 owner:Аня life:8 traits:неповоротливость 3")
    assert "is not kept on the card: give it with the strike, /berserk strike clumsiness:3." in out


# ── C2: a Conquest unit is added when an extra value is typed; one clause says it is skipped ───


async def test_c2_conquest_unit_with_attack_is_added(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:conquest player1:Вика hale:7 bloodied:4")
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Орочьи парни владелец:Вика жизнь:3 сила:2")
    assert "Новый отряд: Орочьи парни (Вика) · ❤ 3" in out
    assert "«сила:2» не записано: у отрядов бот ведёт только здоровье и урон." in out
    assert "не добавлен" not in out
    console.lang = "en"
    out = await console.execute("/unit add name:Гретчин owner:Вика life:1 power:2")
    assert "“power:2” is not recorded: for a unit the bot tracks only HP and damage." in out


# ── M1: a Stuck creature rolls its escape at the end of the round, as its Daze goes then ───────


async def test_m1_round_end_rolls_the_escape_for_stuck(console: Console) -> None:
    seed_line("000", 271, "В конце каждой фазы действий", "кидает кубик спасения", "на 7 и выше")
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Тролль owner:Аня life:10")
    console.lang = "ru"
    await console.execute("/жетон добавить цель:Тролль жетон:застрявший")
    for _ in range(40):  # the seeded die: each round end rolls once until the token is off
        out = await console.execute("/игра дальше")
        lines = [line for line in out.splitlines() if "бросок на спасение" in line]
        assert len(lines) == 1, out
        if "(нужно 7+), жетон «застрявший» снят." in lines[0]:
            break
        assert "(нужно 7+), жетон «застрявший» остаётся." in lines[0]
    else:
        raise AssertionError("40 round ends without a 7+")
    assert lines[0].startswith("Конец раунда: Тролль — бросок на спасение ")
    out = await console.execute("/игра дальше")
    assert "бросок на спасение" not in out  # the token is off: no more rolls


async def test_m1_a_unit_that_acted_does_not_roll_again_at_round_end(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:mage-wars player1:Борис life:36")
    await console.execute("/unit add name:Тролль owner:Аня life:10")
    await console.execute("/token add target:Тролль token:stuck")
    console.lang = "ru"
    out = await console.execute("/мв действие цель:Тролль")
    assert "Тролль: бросок на спасение" in out
    out = await console.execute("/игра дальше")
    assert "бросок на спасение" not in out


# ── G1: destroyed units fold into one line per player and are no longer offered as targets ─────


async def test_g1_destroyed_units_fold_into_one_line(console: Console) -> None:
    console.user = "Аня"
    await console.execute("/game start game:keyforge player1:Борис")
    for name, power in (("Страж", 3), ("Громила", 2), ("Волк", 1)):
        await console.execute(f"/unit add name:{name} owner:Аня power:{power}")
    await console.execute("/dmg target:Громила amount:2")
    await console.execute("/dmg target:Волк amount:1")
    console.lang = "ru"
    board = await console.execute("/игра показать")
    assert "💀 Уничтожены: Громила, Волк" in board
    assert "• Громила" not in board and "• Волк" not in board and "• Страж" in board
    out = await console.execute("/урон цель:Дракон урон:1")
    known = next(line for line in out.splitlines() if "Есть:" in line)
    assert "Страж" in known and "Громила" not in known and "Волк" not in known
    console.lang = "en"
    assert "💀 Destroyed: Громила, Волк" in await console.execute("/game show")


# ── B5: a poisoned Berserk card is named at the start of its owner's turn ──────────────────────


async def test_b5_poison_reminder_at_the_owners_turn(console: Console) -> None:
    seed_line("001", 53, "В начале хода", "Шаге открыт")
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    await console.execute("/unit add name:Костедробитель owner:Борис life:8")
    console.lang = "ru"
    await console.execute("/жетон добавить цель:Костедробитель жетон:яд сколько:2")
    out = await console.execute("/игра дальше")  # Борис's turn: his poisoned card
    assert (
        "☠ Костедробитель: отравление 2 — нанесите 2 раны от яда: "
        "/берсерк раны цель:Костедробитель источник:яд сколько:2." in out
    )
    out = await console.execute("/игра дальше")  # Аня's turn: not hers
    assert "отравлен" not in out
    console.lang = "en"
    out = await console.execute("/game next")
    poison = "☠ Костедробитель: Poison 2 — at the start of this turn it takes 2 wounds from poison"
    assert poison in out
