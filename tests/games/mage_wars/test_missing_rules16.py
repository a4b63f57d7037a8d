"""Issue 16, the rules a table did by hand: Rage and Growth in melee, Vampiric, Mana Drain and
Mana Transfer (seed 000)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.mage_wars.rules import mana_lost, melee_bonus, vampiric_heal
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


def test_pure_rules() -> None:
    # seed 000:309 «атакующий лечит половину нанесенных повреждений, округленную вверх»
    seed_line("000", 309, "лечит половину нанесенных повреждений, округленную вверх")
    assert [vampiric_heal(n, living=True) for n in (0, 1, 4, 7)] == [0, 1, 2, 4]
    assert vampiric_heal(7, living=False) == 0
    # seed 000:178 «хозяин существа теряет X мана (если есть)»
    seed_line("000", 178, "теряет X мана (если есть)")
    assert (mana_lost(3, 2, 10), mana_lost(3, 2, 1), mana_lost(0, 2, 10)) == (2, 1, 0)
    # seed 000:231 «Каждый маркер дает свойство Melee +1»; seed 000:117 Growth «Melee+1»
    seed_line("000", 231, "Каждый маркер дает свойство Melee +1")
    seed_line("000", 117, "добавляет Melee+1")
    assert melee_bonus(2, 1) == 3


async def _duel(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Вампир life:10")
    console.user = "bob"
    await console.execute("/unit add Голем life:30")
    await console.execute("/unit add Скелет life:30 traits:Неживое")
    console.user = "alice"


async def _last(services: Services) -> dict[str, object]:
    return (await services.storage.rolls.recent(CHANNEL, 0, 1))[0].result


async def test_rage_and_growth_add_melee_dice_to_the_attackers_first_strike(
    console: Console, services: Services
) -> None:
    await _duel(console)
    await console.execute("/token add target:Вампир token:ярость count:2")
    await console.execute("/token add target:Вампир token:рост")
    out = await console.execute(
        "/mw attack dice:2 strikes:2 target:Голем attacker:Вампир melee:true"
    )
    assert "ярость 2: ближний бой +2" in out and "рост 1: ближний бой +1" in out
    strikes = (await _last(services))["strikes"]
    assert isinstance(strikes, list)
    assert [s["dice"] for s in strikes] == [5, 2]
    await console.execute("/mw attack dice:2 target:Голем attacker:Вампир")  # ranged: no bonus
    assert (await _last(services))["dice"] == 2


async def test_vampiric_heals_half_the_damage_to_a_living_target(
    console: Console, services: Services
) -> None:
    await _duel(console)
    await console.execute("/dmg Вампир amount:8")
    await console.execute("/set target:Вампир stat:Вампиризм value:1")
    await console.execute("/mw attack dice:6 target:Голем attacker:Вампир")
    state = await state_of(services)
    dealt = unit(state, "Голем").value("damage")
    assert dealt > 0
    assert unit(state, "Вампир").value("damage") == 8 - (dealt + 1) // 2
    await console.execute("/mw attack dice:6 target:Скелет attacker:Вампир")
    state2 = await state_of(services)
    assert unit(state2, "Скелет").value("damage") > 0  # Nonliving: nothing healed
    assert unit(state2, "Вампир").value("damage") == unit(state, "Вампир").value("damage")


async def test_mana_drain_and_transfer(console: Console, services: Services) -> None:
    # seed 000:180 «хозяин атаки получает ману, которую теряет жертва»
    seed_line("000", 180, "получает ману, которую теряет жертва")
    await _duel(console)
    await console.execute("/set target:Вампир stat:Потеря маны value:3")
    await console.execute("/mw attack dice:6 target:Голем attacker:Вампир")
    state = await state_of(services)
    assert (unit(state, "bob").value("mana"), unit(state, "alice").value("mana")) == (7, 10)
    await console.execute("/set target:Вампир stat:Потеря маны value:0")
    await console.execute("/unit add Пиявка life:9 traits:Перекачка маны 2")
    await console.execute("/mw attack dice:6 target:Голем attacker:Пиявка")
    state = await state_of(services)
    assert (unit(state, "bob").value("mana"), unit(state, "alice").value("mana")) == (5, 12)
    out = await console.execute("/game undo")
    assert "Отменён 1 шаг" in out  # the attack and its mana move back as one step
    state = await state_of(services)
    assert (unit(state, "bob").value("mana"), unit(state, "alice").value("mana")) == (7, 10)


async def test_upkeep_is_paid_or_the_unit_is_destroyed(
    console: Console, services: Services
) -> None:
    # seed 000:305 «Требуется оплачивать ману в каждую фазу Содержания, иначе этот объект
    # уничтожается»
    seed_line("000", 305, "оплачивать ману в каждую фазу Содержания", "уничтожается")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Дух life:5 traits:Содержание 4")
    await console.execute("/unit add Голем life:5 traits:Содержание 20")
    out = await console.execute("/game next")
    assert "Дух: Содержание 4 — alice платит маны: 4" in out
    assert "Голем: не хватает маны на Содержание 20" in out
    state = await state_of(services)
    assert unit(state, "alice").value("mana") == 10 + 9 - 4  # channeling first, then upkeep
    assert unit(state, "Голем").destroyed and not unit(state, "Дух").destroyed


async def test_slam_becomes_daze_when_the_creature_activates(
    console: Console, services: Services
) -> None:
    # seed 000:259 «Когда существо активируется: удалите маркер Slam и замените маркером Daze»
    seed_line("000", 259, "удалите маркер Slam и замените маркером Daze")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Голем life:9")
    out = await console.execute("/mw act target:Голем begin:true")
    assert "нечего менять" in out
    await console.execute("/token add target:Голем token:нокаут")
    out = await console.execute("/mw act target:Голем begin:true")
    assert "«нокаут» заменён на «оцепенение»" in out
    golem = unit(await state_of(services), "Голем")
    assert (golem.value("slam"), golem.value("daze"), golem.value("acted")) == (0, 1, 0)
    await console.execute("/mw act target:Голем")  # its action phase ends: the Daze goes
    golem = unit(await state_of(services), "Голем")
    assert (golem.value("daze"), golem.value("acted")) == (0, 1)


async def test_growth_adds_three_life_per_token(console: Console, services: Services) -> None:
    # seed 000:117 «Каждый жетон Growth добавляет Melee+1 и черту Innate Life +3»
    seed_line("000", 117, "Innate Life +3")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Дуб life:5")
    await console.execute("/token add target:Дуб token:рост count:2")
    await console.execute("/dmg Дуб amount:6")
    assert not unit(await state_of(services), "Дуб").destroyed  # 5 + 2 × 3 = 11 life
    assert "5/11" in await console.execute("/game show")
    out = await console.execute("/odds mw dice:1 target:Дуб")
    assert "оставшаяся жизнь 5" in out and "Шанс убить (жизнь 5)" in out
    await console.execute("/dmg Дуб amount:5")
    assert unit(await state_of(services), "Дуб").destroyed


def test_extinguish_rule() -> None:
    # seed 000:100 «уменьшите количество кубиков на X (минимум 1) и вычтите X из кубика эффектов,
    # где X = количество жетонов Burn на Защитнике. Затем удалите все жетоны Burn»
    seed_line(
        "000", 100, "уменьшите количество кубиков на X (минимум 1)", "удалите все жетоны Burn"
    )
    from bot.games.mage_wars.rules import extinguish

    done = extinguish(4, 1, 0, 2, effect_floor=-10)
    assert (done.dice, done.bonus, done.effect_bonus, done.burn) == (2, 1, -2, 2)
    done = extinguish(2, 2, 1, 5, effect_floor=-10)  # 2 + 2 dice, 5 off: one die is left
    assert (done.dice + done.bonus, done.effect_bonus) == (1, -4)
    assert extinguish(3, 0, 0, 0, effect_floor=-10).burn == 0


async def test_extinguish_attack_rolls_fewer_dice_and_puts_the_burn_out(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Водник life:10 traits:Гашение")
    await console.execute("/unit add Голем life:30")
    await console.execute("/token add target:Голем token:горение count:2")
    out = await console.execute("/mw attack dice:4 target:Голем attacker:Водник effect:7+ Daze")
    assert "Гашение: горение на цели 2" in out
    roll = await _last(services)
    strikes = roll["strikes"]
    assert isinstance(strikes, list) and roll["dice"] == 2
    effect = strikes[0]["effect"]
    assert effect is not None and effect["modified"] == effect["roll"] - 2
    assert unit(await state_of(services), "Голем").value("burn") == 0
    await console.execute("/mw attack dice:4 target:Голем attacker:Водник")  # nothing to put out
    assert (await _last(services))["dice"] == 4


async def test_rage_is_gained_by_attacking_and_by_an_enemys_damage(
    console: Console, services: Services
) -> None:
    # seed 000:231 «При атаке и получении урона от врага, поместите на него жетон ярости (Rage).
    # Х – сколько маркеров оно может иметь»
    seed_line("000", 231, "При атаке и получении урона от врага", "Х – сколько маркеров")
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Берсерк life:10 traits:Ярость 2")
    console.user = "bob"
    await console.execute("/unit add Голем life:60 traits:Ярость +X 1")
    console.user = "alice"
    for _ in range(3):
        await console.execute("/mw attack dice:4 target:Голем attacker:Берсерк melee:true")
    state = await state_of(services)
    assert unit(state, "Берсерк").value("rage") == 2  # three attacks, at most X = 2
    golem = unit(state, "Голем")
    assert golem.value("damage") > 0 and golem.value("rage") == 1


async def test_vampiric_counts_the_first_of_several_strikes_only(
    console: Console, services: Services
) -> None:
    # seed 000:309 «Если наносятся несколько атак, то бонус только для первой»
    seed_line("000", 309, "бонус только для первой")
    await _duel(console)
    await console.execute("/dmg Вампир amount:9")
    await console.execute("/set target:Вампир stat:Вампиризм value:1")
    await console.execute("/mw attack dice:6 strikes:2 target:Голем attacker:Вампир")
    strikes = (await _last(services))["strikes"]
    assert isinstance(strikes, list) and len(strikes) == 2
    first = strikes[0]["damage"]
    assert unit(await state_of(services), "Вампир").value("damage") == max(0, 9 - (first + 1) // 2)
