"""Issue 16: tracked units carry their traits, the tracker knows who has acted, and the rules a
judge corrected at the table (Guard, the counterstriker's Weak and Daze, Incorporeal, Sweeping's
first-attack bonus, a mage's armor). Console tests; each cites the seed line it rests on."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


async def _start(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:20")


async def _last_roll(services: Services) -> dict[str, object]:
    rolls = await services.storage.rolls.recent(CHANNEL, 0, 1)
    return rolls[0].result


# ── traits on the unit ─────────────────────────────────────────────────────────────────────────


async def test_traits_at_unit_add_are_on_the_unit_and_the_board(
    console: Console, services: Services
) -> None:
    # seed 000:136 Incorporeal (Бесплотный); seed 000:6 Aegis X (Эгида); seed 000:290 Tough - X
    seed_line("000", 136, "Incorporeal (Бесплотный)")
    seed_line("000", 6, "Aegis X (Эгида)")
    seed_line("000", 290, "Tough - X (Прочный")
    await _start(console)
    out = await console.execute(
        "/unit add Призрак life:5 traits:Бесплотный, Эгида 1, Прочный 2, страж, броня 1"
    )
    assert "Новое существо: Призрак" in out
    ghost = unit(await state_of(services), "Призрак")
    assert [ghost.value(k) for k in ("incorporeal", "aegis", "tough", "guard", "armor")] == [
        1,
        1,
        2,
        1,
        1,
    ]
    assert ghost.token("guard") is not None  # Guard is a token, the others are stats
    board = await console.execute("/game show")
    assert "бесплотный · эгида 1 · прочный −2" in board  # lowercase in a line (G7)


async def test_a_trait_set_later_and_a_mages_armor(console: Console, services: Services) -> None:
    # seed 000:8 Armor (Броня) is a property of an object: a mage has it too
    seed_line("000", 8, "Armor (Броня)")
    await _start(console)
    await console.execute("/unit add Голем life:9")
    out = await console.execute("/set target:Голем stat:Упругий value:1")
    assert "Голем: отмечено «Упругий»" in out
    out = await console.execute("/set target:alice stat:броня value:2")
    assert "alice · броня: 0 → 2" in out
    assert unit(await state_of(services), "alice").value("armor") == 2


async def test_an_unknown_trait_is_refused_and_nothing_is_added(
    console: Console, services: Services
) -> None:
    await _start(console)
    before = await state_of(services)
    out = await console.execute("/unit add Кот life:3 traits:Мурлыка")
    assert "Черты «Мурлыка» бот не знает. Он учитывает черты:" in out and "Бесплотный" in out
    out = await console.execute("/unit add Кот life:3 traits:Эгида")
    assert "Черте «Эгида» нужно число" in out
    out = await console.execute("/unit add Кот life:3 traits:Полет 3")
    assert "вне пределов (0…1)" in out
    assert await state_of(services) == before


# ── Test 4: Incorporeal set with /unit add, hit by a zone attack ─────────────────────────────


async def test_zone_attack_on_an_incorporeal_unit_counts_only_ones(
    console: Console, services: Services
) -> None:
    # seed 000:137 «Все значения атакующих кубиков с цифрой 2 игнорируются (считаются только 1)»
    seed_line("000", 137, "считаются только 1")
    await _start(console)
    await console.execute("/unit add Призрак life:30 traits:Бесплотный")
    await console.execute("/unit add Голем life:30")
    out = await console.execute("/mw zone dice:8 targets:Призрак, Голем")
    assert "кубик с двойкой не наносит повреждений, считаются только единицы" in out
    attacks = (await _last_roll(services))["attacks"]
    assert isinstance(attacks, list)
    ghost, golem = attacks
    faces = [f for s in ghost["strikes"] for f in s["faces"]]
    assert any(f.startswith("2") for f in faces)  # seeded: some 2s were rolled, and ignored
    assert ghost["total"] == sum(1 for f in faces if f.startswith("1"))
    assert unit(await state_of(services), "Призрак").value("damage") == ghost["total"]
    assert golem["total"] == unit(await state_of(services), "Голем").value("damage")


async def test_an_explicit_option_still_overrides_the_tracked_trait(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Призрак life:30 traits:Бесплотный")
    out = await console.execute("/mw attack dice:6 target:Призрак incorporeal:false")
    assert "Бесплотная цель" not in out
    assert ": значение из команды (в партии записано " in out


# ── Sweeping and zone: the bonus goes to the first attack only ───────────────────────────────


async def test_sweep_bonus_only_on_the_first_attack(console: Console, services: Services) -> None:
    # seed 000:182 «Если при атаке проводится несколько атак, то бонус получает только первая»
    seed_line("000", 182, "бонус получает только первая")
    await _start(console)
    await console.execute("/unit add Волк life:30")
    await console.execute("/unit add Медведь life:30")
    await console.execute("/mw sweep dice:3 bonus:2 targets:Волк, Медведь")
    attacks = (await _last_roll(services))["attacks"]
    assert isinstance(attacks, list)
    assert [a["dice"] for a in attacks] == [5, 3]


async def test_zone_bonus_only_on_the_first_attack(console: Console, services: Services) -> None:
    # seed 000:188 Multiple Attacks; seed 000:182 the bonus to the first attack only
    seed_line("000", 188, "Некоторые действия атаки состоят из ряда последовательных атак")
    await _start(console)
    await console.execute("/unit add Волк life:30")
    await console.execute("/unit add Медведь life:30")
    await console.execute("/mw zone dice:3 bonus:1 targets:Волк, Медведь, bob")
    attacks = (await _last_roll(services))["attacks"]
    assert isinstance(attacks, list)
    assert [a["dice"] for a in attacks] == [4, 3, 3]


# ── Test 3: a melee attack on a guard ─────────────────────────────────────────────────────────


async def test_melee_attack_on_a_guard_removes_guard_and_offers_its_counterstrike(
    console: Console, services: Services
) -> None:
    # seed 000:184 «Атака ближнего боя удаляет жетон Guard с существа»
    # seed 000:119 «существо может стать Guard, с целью защищать зону и получить counterstrike»
    seed_line("000", 184, "удаляет жетон Guard")
    seed_line("000", 119, "получить counterstrike")
    await _start(console)
    await console.execute("/unit add Часовой life:20 traits:страж, ближний бой 3")
    console.user = "bob"
    await console.execute("/unit add Волк life:20")
    out = await console.execute(
        "/mw attack dice:2 target:Часовой attacker:Волк melee:true defense:0"
    )
    assert "ближняя атака снимает жетон «страж»" in out
    assert "Ответный удар («Часовой»): 3 кубика" in out
    assert unit(await state_of(services), "Часовой").value("guard") == 0
    out = await console.execute("!press 1")
    assert "Ответный удар («Часовой»):" in out
    assert (await _last_roll(services))["dice"] == 3


async def test_ranged_attack_leaves_guard_and_offers_nothing(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Часовой life:20 traits:страж, ближний бой 3")
    await console.execute("/unit add Волк life:20")
    out = await console.execute("/mw attack dice:2 target:Часовой attacker:Волк defense:0")
    assert "Ответный удар" not in out
    assert unit(await state_of(services), "Часовой").value("guard") == 1


async def test_guard_without_dice_asks_for_them(console: Console) -> None:
    await _start(console)
    await console.execute("/unit add Часовой life:20 traits:страж")
    await console.execute("/unit add Волк life:20")
    out = await console.execute("/mw attack dice:2 target:Часовой attacker:Волк melee:true")
    assert "Существо «Часовой» было на страже и может нанести ответный удар" in out


async def test_incapacitated_removes_guard(console: Console, services: Services) -> None:
    # seed 000:135 «если есть жетон Guard, он немедленно удаляется»
    seed_line("000", 135, "если есть жетон Guard, он немедленно удаляется")
    await _start(console)
    await console.execute("/unit add Часовой life:20 traits:страж")
    out = await console.execute("/token add target:Часовой token:оглушение")
    assert "жетон «страж» снят" in out
    guard = unit(await state_of(services), "Часовой")
    assert (guard.value("guard"), guard.value("stun")) == (0, 1)


# ── Test 2: the counterstriker's Weak and Daze ─────────────────────────────────────────────────


async def test_counterstrike_reads_weak_and_rolls_daze_first(
    console: Console, services: Services
) -> None:
    # seed 000:317 «За каждый жетон Weak, существо теряет 1 кубик атаки»
    # seed 000:68 «При атаке бросьте кубик эффектов после объявления атаки. Результат 7 или выше»
    # seed 000:53 Counterstrike: its quick attack against the attacker
    seed_line("000", 317, "теряет 1 кубик атаки")
    seed_line("000", 68, "Результат 7 или выше")
    seed_line("000", 53, "быструю атаку против атакующего")
    await _start(console)
    await console.execute("/unit add Голем life:30 traits:ответный удар 4")
    await console.execute("/token add target:Голем token:слабость count:2")
    console.user = "bob"
    await console.execute("/unit add Волк life:30")
    await console.execute("/mw attack dice:1 target:Голем attacker:Волк melee:true defense:0")
    out = await console.execute("!press 1")
    assert "Голем · слабость 2: на 2 кубика атаки меньше" in out
    plain = await _last_roll(services)
    assert plain["dice"] == 2 and plain["daze"] is None
    await console.execute("/token add target:Голем token:оцепенение")
    await console.execute("/mw attack dice:1 target:Голем attacker:Волк melee:true defense:0")
    out = await console.execute("!press 1")
    assert "Голем в оцепенении: сначала бросок кубика эффектов — на 7 и выше атака проходит." in out
    dazed = await _last_roll(services)
    assert dazed["dice"] == 2 and dazed["daze"] is not None


async def test_attacker_option_reads_the_attackers_own_weak(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Волк life:30")
    await console.execute("/token add target:Волк token:слабость count:1")
    await console.execute("/unit add Голем life:30")
    await console.execute("/mw attack dice:4 target:Голем attacker:Волк")
    assert (await _last_roll(services))["dice"] == 3
    await console.execute("/mw attack dice:4 target:Голем attacker:Волк weak:0")
    assert (await _last_roll(services))["dice"] == 4  # the option given wins


# ── Test 1 and activations ─────────────────────────────────────────────────────────────────────


async def test_stun_after_acting_survives_next_and_goes_at_its_act(
    console: Console, services: Services
) -> None:
    # seed 000:273 «Все жетоны Stun удаляются в конце фазы действия существа»
    # seed 000:68 «Все жетоны Daze удаляются в конце фазы действий существа» (same rule for Daze)
    seed_line("000", 273, "удаляются в конце фазы действия существа")
    await _start(console)
    await console.execute("/unit add Голем life:9")
    out = await console.execute("/mw act target:Голем")
    # said once, in words (playtest 2, U6): no «действовал: нет → да» line beside the note
    assert "Голем: фаза действий окончена, маркер действия перевёрнут" in out
    assert "нет → да" not in out and out.count("фаза действий") == 1
    assert "действие выполнено" in await console.execute("/game show")
    out = await console.execute("/mw act target:Голем")
    assert "фаза действий в этом раунде уже закончена" in out
    await console.execute("/token add target:Голем token:оглушение")
    await console.execute("/game next")
    golem = unit(await state_of(services), "Голем")
    assert (golem.value("stun"), golem.value("acted")) == (1, 0)
    out = await console.execute("/mw act target:Голем")
    assert "снят 1 жетон оглушения" in out
    assert unit(await state_of(services), "Голем").value("stun") == 0


async def test_next_still_clears_daze_of_a_unit_that_did_not_act(
    console: Console, services: Services
) -> None:
    await _start(console)
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:оцепенение")
    await console.execute("/game next")
    assert unit(await state_of(services), "Голем").value("daze") == 0


async def test_act_rolls_stucks_escape(console: Console, services: Services) -> None:
    # seed 000:271 «В конце каждой фазы действий, застрявшее существо кидает кубик спасения – на
    # 7 и выше, уберите жетон Stuck»
    seed_line("000", 271, "застрявшее существо кидает кубик спасения", "7 и выше")
    await _start(console)
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:застрял count:3")
    out = await console.execute("/mw act target:Голем")
    stuck = unit(await state_of(services), "Голем").value("stuck")
    if "(нужно 7+) — жетон «застрявший» снят" in out:
        assert stuck == 2
    else:
        assert "(нужно 7+) — жетон «застрявший» остаётся" in out and stuck == 3
    await console.execute("/game undo")
    assert unit(await state_of(services), "Голем").value("stuck") == 3


# ── a mage's armor: Corrode and zone attacks ───────────────────────────────────────────────────


async def test_corrode_on_an_armored_mage_stays_a_token(
    console: Console, services: Services
) -> None:
    # seed 000:49 «За каждый жетон коррозии … Armor -1. Объект не может иметь броню менее 0»
    seed_line("000", 49, "Объект не может иметь броню менее 0")
    await _start(console)
    await console.execute("/set target:alice stat:броня value:2")
    await console.execute("/token add target:alice token:коррозия count:2")
    mage = unit(await state_of(services), "alice")
    assert (mage.value("corrode"), mage.value("damage")) == (2, 0)
    await console.execute("/token add target:alice token:коррозия")  # beyond the armor
    mage = unit(await state_of(services), "alice")
    assert (mage.value("corrode"), mage.value("damage")) == (2, 1)


async def test_zone_attack_hits_a_mage_through_its_armor(
    console: Console, services: Services
) -> None:
    # seed 000:9 «Во время атаки, Armor вычитается из общего обычного урона»
    seed_line("000", 9, "Armor вычитается из общего обычного урона")
    await _start(console)
    await console.execute("/unit add Голем life:30")
    await console.execute("/set target:bob stat:броня value:3")
    out = await console.execute("/mw zone dice:4 targets:bob, Голем")
    assert "броня 3" in out
    attacks = (await _last_roll(services))["attacks"]
    assert isinstance(attacks, list)
    mage, golem = attacks
    assert all(s["armor"] == 3 for s in mage["strikes"])
    assert all(s["armor"] == 0 for s in golem["strikes"])


async def test_act_and_round_end_roll_cripples_escape(console: Console, services: Services) -> None:
    """English walk 12, MW-8: Cripple ends on an escape roll too, at the end of each action
    phase (seed 000:57), at `/mw act` and, for a unit that did not act, when the round ends."""
    seed_line("000", 57, "В конце каждой фазы действий, оно может бросить кубик спасения")
    await _start(console)
    await console.execute("/unit add Голем life:9")
    await console.execute("/token add target:Голем token:паралич count:3")
    out = await console.execute("/mw act target:Голем")
    crippled = unit(await state_of(services), "Голем").value("cripple")
    if "(нужно 7+) — жетон «паралич» снят" in out:
        assert crippled == 2
    else:
        assert "(нужно 7+) — жетон «паралич» остаётся" in out and crippled == 3
    await console.execute("/game undo")
    assert unit(await state_of(services), "Голем").value("cripple") == 3
    out = await console.execute("/game next")  # it did not act: it rolls as the round ends
    assert "Конец раунда: Голем — бросок на спасение" in out and "«паралич»" in out


async def test_odds_read_the_board_of_a_game_just_over(console: Console) -> None:
    """English walk 12, MW-4: odds write nothing, so `target:` reads the finished game's board;
    a roll that would write to it is still refused."""
    await _start(console)
    await console.execute("/unit add Голем life:12 armor:3")
    await console.execute("/dmg target:bob amount:200")
    out = await console.execute("/odds mw dice:6 target:Голем")
    assert "(life 12)" in out or "(жизнь 12)" in out
    refused = await console.execute("/mw attack dice:3 target:Голем")
    assert refused.startswith("✖") and ("is over" in refused or "окончена" in refused)
