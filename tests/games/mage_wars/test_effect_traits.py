"""Issue 16, what a card's Counterstrike and Damage Barrier carry (`/unit add traits:`): a
Counterstrike with no number, effect rows on both, and the counted dice in their buttons.
Console tests with a seeded RNG; each cites the seed line it rests on."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.mage_wars.effects import RowsText
from bot.tracker.errors import TrackerError
from bot.tracker.plugin import plugin_for
from bot.tracker.templates import template
from bot.tracker.traits import parse_traits
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")


async def _last_roll(services: Services) -> dict[str, object]:
    rolls = await services.storage.rolls.recent(CHANNEL, 0, 1)
    return rolls[0].result


# ── Counterstrike takes no X ───────────────────────────────────────────────────────────────────


async def test_counterstrike_with_no_number_is_accepted_and_strikes_with_its_melee_dice(
    console: Console, services: Services
) -> None:
    # seed 000:52 «Counterstrike (Ответный удар) (атакующая черта)» — no number
    # seed 000:53 «может использовать свою быструю атаку против атакующего»
    seed_line("000", 52, "Counterstrike (Ответный удар) (атакующая черта)")
    seed_line("000", 53, "быструю атаку против атакующего")
    await _start(console)
    out = await console.execute("/unit add Рыцарь life:10 traits:Ответный удар, Ближний бой 3")
    assert "Новое существо: Рыцарь" in out and "нужно число" not in out
    knight = unit(await state_of(services), "Рыцарь")
    assert knight.value("counterstrike_melee") == 1 and knight.value("counterstrike") == 0
    board = await console.execute("/game show")
    # en-7 MW-2: the trait alone on the board, no «(быстрая атака)»
    assert "Ответный удар" in board and "быстрая атака" not in board
    console.user = "bob"
    await console.execute("/unit add Волк life:12")
    out = await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true")
    assert "Ответный удар («Рыцарь»): 3 кубика" in out
    out = await console.execute("!press 1")
    assert "Ответный удар («Рыцарь»):" in out
    assert (await _last_roll(services))["dice"] == 3


async def test_counterstrike_without_dice_is_offered_in_words(
    console: Console, services: Services
) -> None:
    # seed 000:52 Counterstrike has no number; the bot cannot know the quick attack's dice
    seed_line("000", 52, "Counterstrike (Ответный удар)")
    await _start(console)
    out = await console.execute("/unit add Рыцарь life:10 traits:ответный удар")
    assert "Новое существо: Рыцарь" in out
    console.user = "bob"
    await console.execute("/unit add Волк life:12")
    out = await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true")
    assert "У существа «Рыцарь» есть Ответный удар, но кубики его быстрой атаки не заданы" in out
    assert "/мв атака атакующий:Рыцарь цель:Волк кубики:N" in out  # playtest 5, M11
    assert "⟨Ответный удар" not in out  # no button: the dice are not known
    assert unit(await state_of(services), "Волк").value("damage") == 0


async def test_counterstrike_number_still_gives_its_dice_and_barrier_counts_dice(
    console: Console,
) -> None:
    # seed 000:61 «Damage Barrier (Защитное поле) (черта объекта)»
    seed_line("000", 61, "Damage Barrier (Защитное поле)")
    await _start(console)
    await console.execute("/unit add Рыцарь life:10 traits:Ответный удар 1, Защитное поле 5")
    console.user = "bob"
    await console.execute("/unit add Волк life:12")
    out = await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true")
    assert "Ответный удар («Рыцарь»): 1 кубик" in out
    assert "Защитное поле («Рыцарь»): 5 кубиков" in out


# ── effect rows on Counterstrike and Damage Barrier ────────────────────────────────────────────


async def test_barrier_effect_row_is_rolled_and_its_token_put_on_the_attacker(
    console: Console, services: Services
) -> None:
    # seed 000:62 «Поле … проводит автоматическую атаку против каждого врага»
    # seed 000:86 «12-гранный кубик для бросков на эффекты»
    seed_line("000", 62, "проводит автоматическую атаку")
    seed_line("000", 86, "12-гранный кубик для бросков на эффекты")
    services.rng.seed(7)
    await _start(console)
    out = await console.execute(
        "/unit add Рыцарь life:10 traits:Защитное поле 2 горение 7-9, 2 горение 10+, Бесплотный"
    )
    assert "Новое существо: Рыцарь" in out
    knight = unit(await state_of(services), "Рыцарь")
    assert (knight.value("barrier_fx_7_9_burn"), knight.value("barrier_fx_10_0_burn")) == (1, 2)
    board = await console.execute("/game show")
    assert "защитное поле 2 (горение 7–9; 2 горение 10+)" in board
    assert "fx" not in board
    console.user = "bob"
    await console.execute("/unit add Волк life:12")
    for _ in range(6):  # until the effect die reaches a row (seeded: the same every run)
        await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true")
        out = await console.execute("!press 1")
        assert "Защитное поле («Рыцарь»):" in out
        roll = await _last_roll(services)
        strikes = roll["strikes"]
        assert isinstance(strikes, list) and len(strikes) == 1
        effect = strikes[0]["effect"]
        modified = effect["modified"]
        want = 2 if modified >= 10 else 1 if modified >= 7 else 0
        target = roll["target"]
        assert isinstance(target, dict)
        assert target["tokens"] == ({"burn": want} if want else {})
        if want:
            break
    else:
        raise AssertionError("the seeded effect die never reached a row")
    assert "Эффект: d12 = " in out
    assert unit(await state_of(services), "Волк").value("burn") == want


async def test_counterstrike_effect_row_always_reached_puts_its_token(
    console: Console, services: Services
) -> None:
    # seed 000:53 Counterstrike is its quick attack; seed 000:68 Daze (Оцепенение) is a token
    seed_line("000", 53, "быструю атаку против атакующего")
    await _start(console)
    await console.execute("/unit add Рыцарь life:10 traits:Ответный удар 2 оцепенение 1+")
    console.user = "bob"
    await console.execute("/unit add Волк life:12")
    await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true")
    out = await console.execute("!press 1")
    assert "Ответный удар («Рыцарь»):" in out
    assert unit(await state_of(services), "Волк").value("daze") == 1
    await console.execute("/game undo")
    assert unit(await state_of(services), "Волк").value("daze") == 0


async def test_a_bad_effect_row_is_refused_and_nothing_added(
    console: Console, services: Services
) -> None:
    await _start(console)
    before = await state_of(services)
    out = await console.execute("/unit add Рыцарь life:10 traits:Защитное поле 2 мурлыка 7+")
    assert "строку эффекта черты «Защитное поле» не понять" in out
    out = await console.execute("/unit add Рыцарь life:10 traits:Защитное поле 2 горение 13+")
    assert "строку эффекта черты «Защитное поле» не понять" in out
    out = await console.execute("/unit add Рыцарь life:10 traits:Бесплотный, горение 7+")
    assert "Черты «горение 7+» бот не знает" in out
    assert len((await state_of(services)).units) == len(before.units)


# ── gaining Rage from every kind of hit ────────────────────────────────────────────────────────


async def test_rage_from_dmg_zone_sweep_and_counterstrike_up_to_x(
    console: Console, services: Services
) -> None:
    # seed 000:230 «Rage +X (Ярость +X) (черта объекта)»
    # seed 000:231 «При атаке и получении урона от врага, поместите на него жетон ярости (Rage).
    # Х – сколько маркеров оно может иметь»
    seed_line("000", 230, "Rage +X (Ярость +X)")
    seed_line("000", 231, "При атаке и получении урона от врага", "Х – сколько маркеров")
    await _start(console)
    await console.execute("/unit add Берсерк life:60 traits:Ярость 3")
    await console.execute("/unit add Тролль life:60 traits:Ярость 1")
    out = await console.execute("/dmg target:Берсерк amount:2")
    assert "Берсерк получает жетон ярости (черта «Ярость +X»)." in out
    assert unit(await state_of(services), "Берсерк").value("rage") == 1
    # A zone attack names no attacker: each damaged unit gains one, up to its X.
    await console.execute("/mw zone dice:6 targets:Берсерк, Тролль")
    state = await state_of(services)
    zone = await _last_roll(services)
    attacks = zone["attacks"]
    assert isinstance(attacks, list)
    hurt = {a["target"]["unit"]: a["total"] > 0 for a in attacks}
    assert unit(state, "Берсерк").value("rage") == 1 + hurt["Берсерк"]
    assert unit(state, "Тролль").value("rage") == int(hurt["Тролль"])
    await console.execute("/mw sweep dice:8 targets:Берсерк, Тролль")
    await console.execute("/mw sweep dice:8 targets:Берсерк, Тролль")
    state = await state_of(services)
    assert unit(state, "Тролль").value("rage") == 1  # never more than X = 1
    assert unit(state, "Берсерк").value("rage") == 3
    await console.execute("/dmg target:Берсерк amount:1")
    assert unit(await state_of(services), "Берсерк").value("rage") == 3


async def test_rage_from_a_counterstrike_both_ways_and_undone_with_it(
    console: Console, services: Services
) -> None:
    # seed 000:231: the counterstriker attacks (a token), the attacker is damaged by an enemy
    seed_line("000", 231, "При атаке и получении урона от врага")
    await _start(console)
    await console.execute("/unit add Рыцарь life:60 traits:Ответный удар 6, Ярость 2")
    console.user = "bob"
    await console.execute("/unit add Волк life:60 traits:Ярость 2")
    await console.execute("/mw attack dice:1 target:Рыцарь attacker:Волк melee:true defense:0")
    after_attack = await state_of(services)
    wolf_rage = unit(after_attack, "Волк").value("rage")  # it attacked: +1
    knight_rage = unit(after_attack, "Рыцарь").value("rage")
    assert wolf_rage == 1
    out = await console.execute("!press 1")
    assert "Ответный удар («Рыцарь»):" in out
    roll = await _last_roll(services)
    state = await state_of(services)
    assert unit(state, "Рыцарь").value("rage") == knight_rage + 1  # it attacked back
    hurt = unit(state, "Волк").value("damage") > 0
    assert roll["total"] == unit(state, "Волк").value("damage")
    assert unit(state, "Волк").value("rage") == wolf_rage + int(hurt)
    await console.execute("/game undo")
    state = await state_of(services)
    assert unit(state, "Рыцарь").value("rage") == 0 and unit(state, "Волк").value("rage") == 0


def test_trait_parts_read_with_the_games_reader() -> None:
    # seed 000:52 Counterstrike with no number; seed 000:6 Aegis X; seed 000:290 Tough - X
    seed_line("000", 52, "Counterstrike (Ответный удар)")
    seed_line("000", 290, "Tough - X")
    tpl = template("mage-wars")
    reader = plugin_for("mage-wars")
    read = parse_traits(
        tpl,
        "Эгида:1, Прочный -2, Ярость +X 1, Ответный удар 3 7+ оцепенение, "
        "Защитное поле 2 оцепенение + горение 10+",
        reader,
    )
    assert read == {
        "aegis": 1,
        "tough": 2,
        "rage_max": 1,
        "counterstrike": 3,
        "counterstrike_fx_7_0_daze": 1,
        "barrier": 2,
        "barrier_fx_10_0_daze": 1,
        "barrier_fx_10_0_burn": 1,
    }
    assert RowsText(read, "barrier", tpl).name("ru") == "оцепенение + горение 10+"
    assert RowsText(read, "counterstrike", tpl).name("en") == "Daze 7+"
    assert parse_traits(tpl, "Ответный удар", reader) == {"counterstrike_melee": 1}
    with pytest.raises(TrackerError) as err:
        parse_traits(tpl, "Защитное поле", reader)  # the barrier's dice are on its card
    assert err.value.code == "trait_value"
    with pytest.raises(TrackerError) as err:
        parse_traits(tpl, "Ответный удар 3 горение 0+", reader)
    assert err.value.code == "trait_extra"
    with pytest.raises(TrackerError) as err:
        parse_traits(tpl, "Эгида 1 горение 7+", reader)  # only the two attacks carry rows
    assert err.value.code == "no_trait"
