"""Games saved by an older version (issue 17): what they stored still reads, comes off and is
honoured after the bot is updated mid-game. CQ-2 follow-up: a Conquest shield card marked
ahead of the damage (the stored token `shield`, N = its icons) is named as the card it is,
removed as usual, spent by the unit's next damage once, and cleared at the round's end."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services, stable_id
from bot.tracker.caps import MAX_TOKENS
from tests.games.seeds import seed_line

CHANNEL = stable_id("#table")  # the console's channel «table»


async def _old_game(console: Console, lang: str = "ru") -> None:
    """A Conquest game with a unit, as the previous version would have started it."""
    console.lang = lang
    console.user = "Аня"
    await console.execute(
        "/game start game:conquest player1:Борис player2:Вика hale:7 bloodied:4 play:no"
    )
    console.user = "Борис"
    await console.execute("/unit add name:Орки owner:Борис life:3")


async def _old_shield(services: Services, unit: str, icons: int = 1) -> None:
    """The rows the previous version wrote for `/token add цель:<unit> жетон:щит сколько:N`:
    a token counter keyed `shield` on the unit, raised by N in one step (storage API only)."""
    repo = services.storage.tracker
    gid = await repo.active_game_id(CHANNEL)
    assert gid is not None
    state = await repo.load(gid)
    assert state is not None
    held = next(u for u in state.units if u.name == unit)
    params = {"target": unit, "token": "shield"}
    async with repo.change(
        gid, at=1.0, user_id=stable_id("Борис"), user_name="Борис", action="token", params=params
    ) as tx:
        cid = await tx.ensure_counter(
            "unit", held.id, "shield", min_value=0, max_value=MAX_TOKENS, token=True, position=1000
        )
        await tx.adjust(cid, icons)


async def test_old_shield_mark_is_named_in_russian_and_removable(
    console: Console, services: Services
) -> None:
    await _old_game(console)
    await _old_shield(services, "Орки", 2)
    out = await console.execute("/игра показать")
    assert "Орки ❤ ▰▰▰▰▰ 3/3 · карта щита наготове на 2 урона" in out
    assert "shield" not in out and "жетоны:" not in out
    out = await console.execute("/жетон убрать цель:Орки жетон:щит сколько:2")
    assert "Орки: карта щита больше не отмечена." in out
    out = await console.execute("/игра показать")
    assert "карта щита" not in out
    await console.execute("/игра отменить")  # nothing a player had is lost: undo brings it back
    assert "карта щита наготове на 2 урона" in await console.execute("/игра показать")
    out = await console.execute("/жетон снять-все цель:Орки")
    assert "shield" not in out
    assert "карта щита" not in await console.execute("/игра показать")
    console.lang = "en"
    await console.execute("/game undo")
    assert "shield card ready for 2 damage" in await console.execute("/game show")


async def test_old_shield_mark_is_spent_by_the_next_damage_once(
    console: Console, services: Services
) -> None:
    # seed 003:137: «может сбросить из руки 1 карту щита, чтобы предотвратить … урона»
    seed_line("003", 137, "может сбросить из руки 1 карту щита", "предотвратить")
    await _old_game(console)
    await _old_shield(services, "Орки", 1)
    out = await console.execute("/урон цель:Орки урон:2")
    assert (
        "🛡 Орки: карта щита, отмеченная до обновления бота, сбрасывается против этого урона "
        "и предотвращает 1 урон."
    ) in out
    assert "Орки · урон: 0 → 1 · ❤ 2/3" in out
    assert "shield" not in out
    out = await console.execute("/урон цель:Орки урон:1")  # once: the next damage goes through
    assert "🛡" not in out and "урон: 1 → 2" in out
    assert "карта щита" not in await console.execute("/игра показать")


async def test_old_shield_mark_in_english(console: Console, services: Services) -> None:
    await _old_game(console, "en")
    await _old_shield(services, "Орки", 3)
    out = await console.execute("/game show")
    assert "shield card ready for 3 damage" in out
    out = await console.execute("/dmg target:Орки amount:2")
    assert (
        "🛡 Орки: the shield card marked before the bot's update is discarded against this "
        "damage and prevents 2 damage."
    ) in out
    out = await console.execute("/game show")
    assert "Орки ❤ ▰▰▰▰▰ 3/3" in out and "shield card" not in out


async def test_a_typed_shield_wins_and_the_old_mark_goes(
    console: Console, services: Services
) -> None:
    await _old_game(console)
    await _old_shield(services, "Орки", 1)
    out = await console.execute("/урон цель:Орки урон:3 щит:2")
    # one card per unit per damage (003:137): the card typed is the one discarded
    assert "отметка карты щита, сделанная до обновления бота, снята" in out
    assert "🛡 Орки: карта щита предотвращает 2 урона и сбрасывается." in out
    assert "Орки · урон: 0 → 1 · ❤ 2/3" in out
    assert "карта щита" not in await console.execute("/игра показать")


async def test_round_end_clears_an_unused_old_mark_in_one_line(
    console: Console, services: Services
) -> None:
    await _old_game(console)
    await _old_shield(services, "Орки", 2)
    out = await console.execute("/игра дальше")
    assert out.count("🛡") == 1
    assert (
        "🛡 Отметка карты щита, сделанная до обновления бота, снята (Орки): урона не было, "
        "карта остаётся в руке."
    ) in out
    assert "карта щита" not in await console.execute("/игра показать")
    out = await console.execute("/урон цель:Орки урон:2")
    assert "🛡" not in out and "урон: 0 → 2" in out


async def test_shield_token_stays_refused_with_the_way_to_type_it(
    console: Console, services: Services
) -> None:
    await _old_game(console)
    await _old_shield(services, "Орки", 1)  # even on a unit that holds the old mark
    out = await console.execute("/жетон добавить цель:Орки жетон:щит")
    assert "Жетона «щит» в Conquest нет." in out
    assert "/урон цель:… урон:N щит:M (M — значки щита на карте, 1–3). Ничего не изменено." in out
    console.lang = "en"
    out = await console.execute("/token add target:Орки token:shield card")
    assert "/dmg target:… amount:N shield:M (M = the shield icons on the card, 1–3)" in out
    assert "shield card ready for 1 damage" in await console.execute("/game show")


async def test_autocomplete_does_not_offer_the_old_mark(console: Console) -> None:
    from bot.handlers.tracker import ac_token

    await _old_game(console)
    assert await ac_token(console.ctx(), "щит", {}) == []


# ── MW-2 (English walk 7): Counterstrike is a yes/no trait (seed 000:52), not a number ─────────


async def test_mw2_counterstrike_reads_as_a_trait(console: Console) -> None:
    seed_line("000", 52, "Ответный удар")
    console.lang = "en"
    console.user = "Alice"
    await console.execute("/game start game:mage-wars player1:Alice player2:Bob life:36")
    await console.execute("/unit add name:Knight life:5 traits:Counterstrike")
    await console.execute("/unit add name:Wolf life:5 traits:Counterstrike 2")
    out = await console.execute("/token add target:Knight token:counterstrike")
    assert "“Counterstrike” is a creature's trait, not a marker" in out
    assert "/set target:Knight stat:Counterstrike (quick attack) value:1" in out
    out = await console.execute("/game show")
    assert "Knight ❤ ▰▰▰▰▰ 5/5 · Counterstrike\n" in out
    assert "Wolf ❤ ▰▰▰▰▰ 5/5 · Counterstrike (2 dice)" in out  # the dice it was given: kept
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Knight жетон:ответный удар")
    assert "/задать цель:Knight показатель:Ответный удар (быстрая атака) значение:1" in out
    out = await console.execute("/игра показать")
    assert "· Ответный удар\n" in out and "Ответный удар (2 кубика)" in out
