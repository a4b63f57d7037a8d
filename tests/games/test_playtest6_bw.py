"""Playtest 6 (issue 17), the Berserk and WFB slips: B1–B5 and W1–W4."""

from __future__ import annotations

from bot.categories import category_label
from bot.console import Console
from bot.context import Services
from bot.games.whfb.rules import foreign_wizard
from bot.tracker.model import Unit
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of, unit

# ── B3: a closed card does not fight, even when fight mode is asked for ─────────────────────────


async def test_fight_mode_at_a_closed_card_is_worked_out_as_closed(
    console: Console, services: Services
) -> None:
    # seed 001:229 «Если атака наносится как по закрытой карте, то цель атаки не сражается»
    seed_line("001", 229, "Как по закрытой карте", "цель атаки не сражается")
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Циклоп life:9")
    await console.execute("/set target:Циклоп stat:закрыт value:1")
    for _ in range(12):  # whatever the dice: no defender roll, no answer
        out = await console.execute(
            "/berserk strike values:2-3-4 mode:fight target:Циклоп defender_values:1-2-3"
        )
        assert "закрытая карта не сражается, поэтому режим сражения неприменим" in out
        assert "бросает только атакующий, ответного удара нет" in out
        assert "Режим: закрытый" not in out and "Режим: сражение" not in out
        assert "Ответ атакованной карты" not in out and "Броски:" not in out
        assert "На выбор" not in out and "на ступень слабее" not in out
        if unit(await state_of(services), "Циклоп").destroyed:
            break
    console.lang = "en"
    await console.execute("/unit add Ogre life:50")
    await console.execute("/set target:Ogre stat:закрыт value:1")
    out = await console.execute("/berserk strike values:1 mode:fight target:Ogre")
    assert "a closed card does not fight, so fight mode does not apply" in out
    assert "The defender strikes back" not in out


async def test_fight_mode_at_an_open_card_still_fights(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:30")
    out = await console.execute("/berserk strike values:1 mode:fight target:Гном")
    assert "Режим: сражение" in out and "(карта открыта)" in out


# ── W3: a tracked wizard casts and dispels only for its own side ───────────────────────────────


def test_a_wizard_is_foreign_only_when_tracked_for_another_side() -> None:
    # seed 002:79 «Любой маг сотворяющего игрока может попытаться сотворить заклинание»;
    # 002:17 «один из магов второго игрока пытается разрушить сотворённое заклинание»
    seed_line("002", 79, "Любой маг сотворяющего игрока")
    seed_line("002", 17, "один из магов второго игрока пытается разрушить")
    fire = Unit(1, owner_id=10, kind="creature", name="Мастер огня", position=0)
    shaman = Unit(2, owner_id=20, kind="creature", name="Шаман", position=1)
    assert foreign_wizard([fire, shaman], "мастер огня", 20) == fire
    assert foreign_wizard([fire, shaman], "Мастер огня", 10) is None
    assert foreign_wizard([fire, shaman], "Теклис", 20) is None  # not tracked: not checked


async def test_the_casters_own_wizard_does_not_dispel_nor_cast_on_the_other_turn(
    console: Console, services: Services
) -> None:
    console.user = "Аня"
    await console.execute("/game start game:whfb player1:Дима")
    await console.execute("/unit add Мастер огня traits:wizard")  # Аня's wizard (RU-19 W2)
    console.user = "Дима"
    await console.execute("/unit add Шаман traits:wizard")
    console.user = "Аня"
    await console.execute("/set target:Аня stat:power value:6")
    await console.execute("/set target:Дима stat:dispel value:4")
    out = await console.execute("/whf dispel dice:1 level:1 against:9 wizard:Мастер огня")
    assert "«Мастер огня» — маг Ани, а рассеивает сейчас Дима" in out
    assert "Ничего не брошено" in out
    assert (await _pool(services, "Дима", "dispel")) == 4  # nothing spent
    out = await console.execute("/whf dispel dice:1 level:1 against:9 wizard:Шаман")
    assert "Рассеивает Дима: потрачен 1 кубик рассеивания, в пуле осталось 3" in out
    out = await console.execute("/whf cast dice:1 level:1 value:20 wizard:Шаман")
    assert "«Шаман» — маг Димы, а сотворяет сейчас Аня" in out
    await console.execute("/game next")  # Дима's turn: Аня's wizard may not cast now
    await console.execute("/set target:Дима stat:power value:5")
    out = await console.execute("/whf cast dice:2 level:1 value:3 wizard:Мастер огня")
    assert "«Мастер огня» — маг Ани, а сотворяет сейчас Дима" in out
    assert (await _pool(services, "Дима", "power")) == 5
    console.lang = "en"
    out = await console.execute("/whf cast dice:2 level:1 value:3 wizard:Мастер огня")
    assert "Мастер огня is Аня's wizard, and Дима is casting now" in out


async def _pool(services: Services, name: str, key: str) -> int:
    state = await state_of(services)
    [player] = [p for p in state.participants if p.name == name]
    return player.value(key)


# ── W1: the option is named in words, not glued in as «укажите маг:, чтобы» ───────────────────


async def test_a_failed_cast_or_dispel_names_the_option_in_words(console: Console) -> None:
    for command in ("/whf cast dice:1 level:1 value:20", "/whf dispel dice:1 level:1 against:20"):
        out = await console.execute(command)
        assert "укажите мага в параметре «маг»" in out  # playtest 11 W1
        assert "бот это запомнит" not in out
        assert "маг:," not in out
    console.lang = "en"
    out = await console.execute("/whf cast dice:1 level:1 value:20")
    assert "(name the wizard in the option “wizard” and Arbiter will keep track)." in out
    assert "маг" not in out


# ── W2: the miscast is «магический сбой» (playtest 7), never «провал», the seed's failed cast ──


async def test_the_miscast_is_not_called_a_failure(console: Console) -> None:
    # seed 002:13 «Если бросок на сотворение провален, то маг больше не может пытаться творить»
    seed_line("002", 13, "Если бросок на сотворение провален")
    out = await console.execute("/odds whf dice:3 level:2 value:9")
    assert "неодолимой силой, которая влечёт магический сбой" in out and "провал" not in out
    for _ in range(40):  # no tracked game: nothing is spent
        out = await console.execute("/whf cast dice:6 level:1 value:5")
        if "Неодолимая сила" in out or "неодолимая сила" in out:
            break
    assert "маг получает магический сбой — бросок по таблице магических сбоев" in out
    assert "Магический сбой: 2D6 =" in out and "провал" not in out
    out = await console.execute("/rule мискаст")
    assert "Неодолимая сила" in out


# ── W4: a Berserk command in another game's channel is named as typed ─────────────────────────


async def test_berserk_wound_in_a_wfb_game_names_itself(console: Console) -> None:
    await console.execute("/game start game:whfb player1:bob")
    await console.execute("/unit add Мастер огня")
    out = await console.execute("/berserk wound target:Мастер огня amount:1")
    assert (
        "Команда /берсерк раны — из игры Берсерк ККИ, а в этом канале идёт партия Warhammer Fantasy"
        in out
    )
    assert "удар" not in out
    out = await console.execute("/berserk strike values:1 target:Мастер огня attacker:Мастер огня")
    assert "Команда /берсерк удар — из игры Берсерк ККИ" in out
    console.lang = "en"
    out = await console.execute("/berserk wound target:Мастер огня amount:1")
    assert "/berserk wound is a Berserk CCG command" in out


# ── B1, B2: Berserk's «особенность»; a card is added without the abilities not tracked ─────────


async def test_an_untracked_ability_is_said_and_the_card_is_added(
    console: Console, services: Services
) -> None:
    # seed 001:37 «Броня Х. Именная особенность. …»: the book's word for a card's ability
    seed_line("001", 37, "Именная особенность")
    console.user = "Аня"
    await console.execute("/game start game:berserk player1:Борис")
    out = await console.execute("/unit add Мечник life:7 traits:Ловкость")
    assert "Особенность «Ловкость» бот не отслеживает — следите за ней сами" in out
    assert "Ничего не изменено" not in out and "Черт" not in out
    out = await console.execute(
        "/unit add Рыцарь life:7 traits:Броня 1, Вампиризм, Неповоротливость 2"
    )
    assert "Особенность «Вампиризм» бот не отслеживает" in out
    assert "/берсерк удар неповоротливость:2." in out  # the card's number, not 1
    state = await state_of(services)
    assert unit(state, "Мечник").value("life") == 7
    assert unit(state, "Рыцарь").value("armor") == 1
    out = await console.execute("/unit add Кот life:3 traits:Мурлыка")  # no such word
    assert "Особенности «Мурлыка» бот не знает. На карте он отслеживает: броня, закрыт" in out
    out = await console.execute("/unit add Кот life:3 traits:Броня")
    assert "Особенности «броня» нужно число" in out
    out = await console.execute("/unit add Кот life:3 traits:жизнь 3")
    assert "«жизнь» — показатель, а не особенность" in out
    console.lang = "en"
    out = await console.execute("/unit add Лучник life:3 traits:Ловкость")
    assert "The bot does not track the ability “" in out and "Лучник" in out


async def test_other_games_keep_their_word(console: Console) -> None:
    await console.execute("/game start game:mage-wars player1:bob life:36")
    out = await console.execute("/unit add Ворг life:10 traits:Быстрый")
    assert "Черту «Быстрый» бот не отслеживает" in out and "Особенност" not in out


# ── B4: a value past a one-sided bound is said without «(0…∞)» ──────────────────────────────────


async def test_a_value_below_an_open_ended_stat_says_its_one_bound(console: Console) -> None:
    await console.execute("/game start game:berserk player1:bob")
    out = await console.execute("/set target:bob stat:серебряные кристаллы value:-1")
    assert "bob · серебряные кристаллы: значение не может быть меньше 0 (указано -1)." in out
    assert "∞" not in out and "Ничего не изменено" in out
    await console.execute("/unit add Гном life:3")
    out = await console.execute("/set target:Гном stat:закрыт value:3")
    assert "вне пределов (0…1)" in out  # both bounds known: the range stays
    console.lang = "en"
    out = await console.execute("/set target:bob stat:gold value:-2")
    assert "the value cannot be below 0 (given -2)" in out and "∞" not in out


# ── B5: a category of several parts is a list, not sentences glued with small letters ──────────


def test_a_category_of_several_parts_is_listed_with_commas() -> None:
    shown = category_label("Именная особенность. Эффект предотвращения", "ru")
    assert shown == "именная особенность, эффект предотвращения"
    assert ". " not in category_label("Срабатывающая особенность. Именная особенность", "ru")


async def test_the_rule_reply_lists_the_category(console: Console) -> None:
    out = await console.execute("/rule Броня Х")
    assert "именная особенность, эффект предотвращения" in out
    assert "особенность. эффект" not in out
