"""English walk 4 (issue 17, `docs/playtest-en-4.md`): the Conquest slips CQ-3–CQ-5 and the
KeyForge slips KF-1, KF-3–KF-6, pinned in the console's English (and Russian where changed)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.tracker import state_of


async def _conquest(console: Console, extra: str = "") -> str:
    console.lang = "en"
    console.user = "Anna"
    return await console.execute(
        f"/game start game:conquest player2:Vicky hale:7 bloodied:4 {extra}".strip()
    )


async def test_cq3_damage_and_shield_tokens_get_one_consistent_message(
    console: Console, services: Services
) -> None:
    """Damage is dealt with /dmg, a shield card is marked with /token: both refusals say so."""
    await _conquest(console)
    await console.execute("/unit add name:Ork Kannon life:3")
    before = await state_of(services)
    damage = await console.execute("/token add target:Ork Kannon token:damage")
    other = await console.execute("/token add target:Ork Kannon token:xyz")
    # playtest 14, C1: the shield card only where the token asked for was not damage
    assert "/dmg target:… amount:N shield:M (M = the shield icons on the card, 1–3)" in other
    assert "shield" not in damage
    for out in (damage, other):
        assert "/heal" in out and "is not a token" not in out and "not a token but" not in out
    assert "Damage tokens are placed with /dmg target:Ork Kannon amount:N" in damage
    assert "Conquest has no “xyz” token. Damage goes on cards as damage tokens" in other
    assert await state_of(services) == before
    out = await console.execute("/dmg target:Ork Kannon amount:2 shield:1")  # EN-8 CQ-2
    assert "🛡 Ork Kannon: the shield card prevents 1 damage and is discarded." in out
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Ork Kannon жетон:урон")
    assert "Значки урона кладёт /урон цель:Ork Kannon урон:N" in out
    assert "карта щита" not in out and "Ничего не изменено." in out


async def test_cq5_the_start_asks_for_the_warlords_hp_in_the_words_it_uses_later(
    console: Console,
) -> None:
    console.lang = "en"
    out = await console.execute("/game start game:conquest player2:Vicky")
    assert "Give the Warlord's HP for both sides of the card: hale:7 bloodied:4" in out
    assert "health" not in out


async def _keyforge(console: Console) -> None:
    console.lang = "en"
    console.user = "Anna"
    await console.execute("/game start game:keyforge player2:Vicky")
    await console.execute("/unit add name:Troll power:5")


async def test_kf3_check_and_the_forced_forge_say_enough_aember(console: Console) -> None:
    await _keyforge(console)
    await console.execute("/set target:Anna stat:aember value:7")
    out = await console.execute("/game next")
    assert "🔑 Check! Anna has enough Æmber to forge a key at the start of their next turn." in out
    out = await console.execute("/game next")
    assert "(a player must forge when able). Keys: 1/3." in out
    assert "Æmber enough" not in out


async def test_kf4_a_short_steal_and_capture_say_whose_pool_held_less(console: Console) -> None:
    await _keyforge(console)
    await console.execute("/set target:Vicky stat:aember value:1")
    out = await console.execute("/kf steal amount:10")
    assert "Anna steals 1 Æmber from Vicky (asked for 10, but Vicky had only 1 Æmber)." in out
    await console.execute("/set target:Vicky stat:aember value:2")
    out = await console.execute("/kf capture target:Troll amount:5")
    assert "(asked for 5, but the pool held only 2 Æmber)." in out
    assert "there is no more" not in out


async def test_kf5_stun_says_the_use_exhausts_the_creature(console: Console) -> None:
    """Seed 004:9: an Action is used by exhausting the card; removing a stun is such a use."""
    assert seed_line("004", 9, "истощает карту")
    await _keyforge(console)
    out = await console.execute("/token add target:Troll token:stun")
    assert (
        "Stun: the next time this creature is used, it is exhausted and the stun is removed; "
        "it does not fight, reap or use its Action ability."
    ) in out
    console.lang = "ru"
    await console.execute("/unit add name:Гоблин power:2 owner:Vicky")
    out = await console.execute("/кф бой атакующий:Troll цель:Гоблин")
    assert "боя нет, существо истощается и только снимает оглушение" in out  # EN12 KF-2
    assert "⚔" not in out


async def test_kf1_an_untracked_printed_keyword_is_accepted_with_a_note(
    console: Console, services: Services
) -> None:
    """As Mage Wars does for its untracked traits: the creature is added, the keyword named."""
    await _keyforge(console)
    out = await console.execute("/unit add name:Krump power:6 traits:Ward, Taunt")
    assert "New creature: Krump (Anna) · power 6 · ward" in out
    assert "The bot does not track the keyword “Taunt”: apply it yourselves." in out
    out = await console.execute("/unit add name:Snek power:2 traits:Poison, Hazardous 2")
    assert "“Poison”" in out and "“Hazardous 2”" in out
    before = await state_of(services)
    out = await console.execute("/unit add name:Foo power:2 traits:Tuant")
    # a typo is still refused; playtest 18 K1: KeyForge says «keyword», as its cards do
    assert "does not know the keyword “Tuant”" in out
    assert await state_of(services) == before
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Крамп сила:6 черты:Оберег, Провокация")
    assert "Ключевое слово «Провокация» бот не отслеживает — применяйте его сами." in out


async def test_kf6_life_typed_for_a_creature_is_said_to_be_its_power(console: Console) -> None:
    await _keyforge(console)
    out = await console.execute("/unit add name:Big Guy life:5")
    assert "New creature: Big Guy (Anna) · power 5" in out
    assert "KeyForge creatures have power, not life: `life:5` is recorded as power 5." in out
    out = await console.execute("/unit add name:Small Guy power:2")
    assert "not life" not in out
    console.lang = "ru"
    out = await console.execute("/существо добавить имя:Громила жизнь:4")
    assert "В KeyForge у существ есть только сила: `жизнь:4` записана как сила 4." in out


async def test_kf6_games_whose_cards_print_life_add_no_such_note(console: Console) -> None:
    out = await _conquest(console)
    out = await console.execute("/unit add name:Ork Kannon life:3")
    assert "not life" not in out and "recorded as" not in out


async def test_kf6_life_with_power_adds_no_note(console: Console) -> None:
    await _keyforge(console)
    out = await console.execute("/unit add name:Ogre life:8 power:8")
    assert "New creature: Ogre (Anna) · power 8" in out and "not life" not in out


async def test_cq4_the_start_sets_or_asks_for_the_warlords_starting_resources(
    console: Console, services: Services
) -> None:
    """Published rules: the starting resources are printed on each Warlord (docs/rules.md)."""
    out = await _conquest(console, "resources:7")
    assert "Each player starts with 7 resources." in out and "at 0 for now" not in out
    state = await state_of(services)
    assert [p.value("resources") for p in state.participants] == [7, 7]
    out = await console.execute("/game next")
    assert "Anna · resources 7 → 11" in out and "0 → 4" not in out


async def test_cq4_without_the_option_the_start_says_how_to_set_them(console: Console) -> None:
    out = await _conquest(console)
    assert (
        "Resources are at 0 for now, but each player starts with the resources printed on their "
        "Warlord (usually 7): set them for each player with /set target:Vicky stat:resources "
        "value:7, or start with resources:7."
    ) in out
    console.lang = "ru"
    await console.execute("/set target:Vicky stat:ресурсы value:7")
    out = await console.execute("/игра дальше")
    assert "Vicky · ресурсы 7 → 11" in out


async def test_cq4_the_russian_start_counts_the_resources(console: Console) -> None:
    console.user = "Аня"
    out = await console.execute(
        "/игра начать игра:conquest игрок2:Вика здоровье:7 окровавленный:4 ресурсы:1"
    )
    assert "У каждого игрока в начале партии 1 ресурс." in out
    assert "пока 0" not in out
