"""Playtest 5 (issue 17): the Mage Wars slips M2–M17 and the general slips G1, G2, each asserted
where the reply is made, in Russian and, where the wording changed, in English."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from bot.games.mage_wars import rules
from bot.i18n import plural, t
from bot.tracker.templates import template
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")


async def test_m2_m3_signed_traits_read_as_the_card_writes_them(console: Console) -> None:
    # seed 000:230 «Rage +X (Ярость +X)» · 000:290 «Tough - X (Прочный –X)» · 000:181 Melee +X
    seed_line("000", 230, "Ярость +X")
    seed_line("000", 290, "Прочный –X")
    seed_line("000", 181, "Ближний бой +X")
    await _start(console)
    out = await console.execute("/unit add Медведь life:13 armor:1 traits:Ярость +1, Прочный 2")
    assert "· ярость +1 · прочный −2" in out and "+X 1" not in out
    out = await console.execute("/unit add Ворг life:10 traits:Ближний бой +1")
    assert "· ближний бой +1" in out and "ближний бой 1" not in out
    board = await console.execute("/game show")
    assert "ярость +1 · прочный −2" in board and "ближний бой +1" in board
    # «Ближний бой 3» with no «+» is still the dice of its quick melee attack (000:184)
    await console.execute("/unit add Ёж life:5 traits:Ближний бой 3")
    state = await state_of(console.services)
    wolf, hedgehog = unit(state, "Ворг"), unit(state, "Ёж")
    assert wolf.value("melee_bonus") == 1 and wolf.value("melee") == 0
    assert hedgehog.value("melee") == 3 and hedgehog.value("melee_bonus") == 0
    assert template("mage-wars").define("rage_max").with_value(2, "en") == "Rage +2"
    assert template("mage-wars").define("tough").with_value(1, "en") == "Tough −1"


async def test_m3_melee_plus_adds_a_die_to_the_first_melee_attack(console: Console) -> None:
    # seed 000:182 «Существо получает +Х кубиков при атаке ближнего боя … только первая»
    seed_line("000", 182, "получает +Х кубиков при атаке ближнего боя")
    await _start(console)
    await console.execute("/unit add Ворг life:10 traits:Ближний бой +1")
    await console.execute("/unit add Голем life:30")
    out = await console.execute("/mw attack dice:2 target:Голем attacker:Ворг melee:true")
    assert "Ворг · Ближний бой +1: +1 кубик к первой атаке" in out
    assert "Кубиков атаки: **3**" in out
    # a typed bonus already counts it: not added twice
    out = await console.execute("/mw attack dice:2 bonus:1 target:Голем attacker:Ворг melee:true")
    assert "Кубиков атаки: **3**" in out and "к первой атаке" not in out


async def test_m4_m5_m9_a_trait_rule_is_said_once_and_right(console: Console) -> None:
    # seed 000:137 only 1s count on Incorporeal · 000:96 Ethereal deals full damage to it
    seed_line("000", 137, "считаются только 1")
    seed_line("000", 96, "наносит полные повреждения Incorporeal")
    seed_line("000", 249, "игнорирует все некритические повреждения")
    await _start(console)
    await console.execute("/unit add Призрак life:30 defense:8 traits:Бесплотный")
    await console.execute("/unit add Голем life:30 traits:Упругий")
    out = await console.execute("/mw attack dice:5 target:Призрак")
    assert "(из партии: броня 0, защита 8, Бесплотный)" in out and "Бесплотный 1" not in out
    assert out.count("единицы") == 1
    assert "кубик с двойкой не наносит повреждений, считаются только единицы" in out
    out = await console.execute("/mw attack dice:5 target:Призрак ethereal:true")
    assert "Магическая атака: бесплотность цели не действует" in out
    assert "только единицы" not in out
    out = await console.execute("/mw attack dice:5 target:Голем")
    assert out.count("Упругий:") == 1 and "Упругий: считается только критическое повреждение" in out
    assert "(из партии: броня 0, защиты нет, Упругий)" in out


async def test_m6_rage_token_in_a_sentence(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Медведь life:13 traits:Ярость +1")
    out = await console.execute("/dmg Медведь amount:3")
    assert "Медведь получает жетон ярости (черта «Ярость +X»)." in out
    assert (
        t("tracker.note.mw_rage_gained", "en", unit="Bear") == "Bear gains a Rage marker (Rage +X)."
    )


async def test_m7_history_keeps_the_effect_modifier(console: Console) -> None:
    await console.execute("/mw effect bonus:-2")
    history = await console.execute("/history rolls n:1")
    assert " − 2 = " in history and "d12 = " in history


async def test_m8_life_given_in_the_command(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Голем life:14")
    await console.execute("/dmg Голем amount:4")
    out = await console.execute("/odds mw dice:6 target:Голем life:9")
    assert "Оставшаяся жизнь: значение из команды (в партии записано 10)" in out
    assert out.count("из команды") == 1  # said once, beside the value it explains


async def test_m10_m11_counterstrike_hint_in_russian(console: Console) -> None:
    # seed 000:52–53: Counterstrike strikes back with the quick melee attack
    seed_line("000", 52, "Counterstrike (Ответный удар)")
    await _start(console)
    await console.execute("/unit add Огненный ёж life:15 traits:Ответный удар")
    console.user = "bob"
    await console.execute("/unit add Серый ворг life:10")
    out = await console.execute(
        "/mw attack dice:1 target:Огненный ёж attacker:Серый ворг melee:true"
    )
    assert "У существа «Огненный ёж» есть Ответный удар" in out
    assert "`/мв атака атакующий:Огненный ёж цель:Серый ворг кубики:N`" in out
    assert "`/задать цель:Огненный ёж показатель:Ближний бой значение:N`" in out
    assert "/mw attack" not in out and "/set" not in out and "value:" not in out


async def test_m10_m11_in_english_too(services: Services) -> None:
    en = Console(services, user="alice", channel="table", lang="en")
    await en.execute("/game start game:mage-wars player1:bob life:36")
    await en.execute("/unit add Hedgehog life:15 traits:Counterstrike")
    en.user = "bob"
    await en.execute("/unit add Wolf life:10")
    out = await en.execute("/mw attack dice:1 target:Hedgehog attacker:Wolf melee:true")
    assert "`/mw attack attacker:Hedgehog target:Wolf dice:N`" in out
    assert "`/set target:Hedgehog stat:melee attack value:N`" in out


async def test_m12_act_names_only_the_tokens_it_removed(console: Console) -> None:
    # seed 000:68 Daze tokens come off at the end of the creature's action phase
    seed_line("000", 68, "Daze")
    await _start(console)
    await console.execute("/unit add Ёж life:5")
    await console.execute("/token add target:Ёж token:оцепенение count:2")
    out = await console.execute("/mw act target:Ёж")
    assert "сняты 2 жетона оцепенения" in out and "оглушени" not in out
    await console.execute("/unit add Волк life:5")
    await console.execute("/token add target:Волк token:оцепенение count:5")
    await console.execute("/token add target:Волк token:оглушение")
    out = await console.execute("/mw act target:Волк")
    assert "сняты 5 жетонов оцепенения и 1 жетон оглушения" in out


async def test_m13_m14_nonliving_is_not_healed_nor_regenerated(console: Console) -> None:
    # seed 000:190 «У всех Nonliving объектов черты Poison Immunity и Finite Life»
    # seed 000:107 Finite Life: «Существо не лечится, не регенерирует»
    seed_line("000", 190, "Nonliving", "Finite Life")
    seed_line("000", 107, "не лечится, не регенерирует")
    seed_line("000", 138, "Nonliving")  # Incorporeal objects are Nonliving too
    await _start(console)
    await console.execute("/unit add Голем life:14 traits:Неживое, регенерация 2")
    await console.execute("/dmg Голем amount:8")
    out = await console.execute("/heal target:Голем amount:3")
    assert "Голем: неживое, а значит «нельзя лечиться» — лечение и регенерация не действуют" in out
    assert unit(await state_of(console.services), "Голем").value("damage") == 8
    out = await console.execute("/game next")
    assert "Голем: неживое, а значит «нельзя лечиться» — регенерация не действует." in out
    assert "регенерация — вылечено" not in out
    assert unit(await state_of(console.services), "Голем").value("damage") == 8
    assert rules.finite_life({"incorporeal": 1}) and not rules.finite_life({"life": 5})
    assert not rules.nonliving({"nonliving": 0})


async def test_m15_bleed_healing_in_a_sentence(console: Console) -> None:
    # seed 000:19 one Bleed token per point of healing
    seed_line("000", 19, "удалить 1 жетон Bleed за каждую единицу лечения")
    await _start(console)
    await console.execute("/unit add Ворг life:10")
    await console.execute("/token add target:Ворг token:кровотечение")
    await console.execute("/dmg Ворг amount:3")
    out = await console.execute("/heal target:Ворг amount:2")
    assert (
        "🩸 Ворг: 1 единица лечения сняла 1 жетон кровотечения (по правилам это по желанию)" in out
    )
    assert plural("tracker.plural.mw_bleed_healed", 5, "ru").startswith("5 единиц лечения сняли")
    assert plural("tracker.plural.mw_bleed_healed", 2, "en") == (
        "2 points of healing removed 2 Bleed markers"
    )


async def test_m16_no_stat_names_the_kind(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Серый ворг life:10")
    out = await console.execute("/set target:Серый ворг stat:скорость value:2")
    assert "У существа «Серый ворг» нет показателя «скорость»" in out
    assert "У «" not in out


async def test_m16_every_game_names_its_own_kind(console: Console) -> None:
    await console.execute("/game start game:conquest player1:bob hale:7 bloodied:4")
    await console.execute("/unit add Орки life:2")
    out = await console.execute("/set target:Орки stat:скорость value:2")
    assert "У отряда «Орки» нет показателя «скорость»" in out


async def test_m17_the_selected_holder_is_not_the_stat(console: Console) -> None:
    await _start(console)
    board = await console.execute("/game show")
    assert "Кнопки ± меняют повреждения, выбрано: **alice**" in board


def test_g1_option_descriptions_are_whole_phrases() -> None:
    assert t("cmd.mw.attack.opt.dice", "ru") == "Число кубиков атаки"
    assert t("cmd.whf.cast.opt.dice", "ru") == "Число кубиков силы (1–6)"
    assert t("cmd.whf.winds.opt.wizards", "ru") == (
        "Маги сотворяющего (чья фаза магии); без параметра — как на поле"
    )
    assert t("cmd.whf.winds.opt.enemy_wizards", "ru") == (
        "Маги рассеивающего (противника сотворяющего); без параметра — как на поле"
    )


def test_g2_life_option_says_what_each_game_wants() -> None:
    text = t("cmd.unit.add.opt.life", "ru")
    assert text == "Жизнь (в Conquest — здоровье; в KeyForge не нужна — укажите «сила»)"
    assert "KeyForge" in t("cmd.unit.add.opt.life", "en")
