"""`target:` on `/mw attack`, `/mw burn` and `/odds mw`: read the tracked unit, write one step.

The console plays a Mage Wars game; the damage a seeded attack deals is checked against the same
attack resolved independently by the engine with the same seed.
"""

from __future__ import annotations

import random

import pytest

from bot.console import Console
from bot.context import Services, UserRef, stable_id
from bot.games.mage_wars.dice import MWAttack, resolve_attack, roll_burn
from bot.games.mage_wars.target import ATTACK_FROM_UNIT, fill_attack, row_tokens
from bot.games.mage_wars.ui.commands import Tracked
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.tracker.model import Counter, Game, GameState, Unit
from bot.tracker.templates import template

CHANNEL = stable_id("#table")
MW = template("mage-wars")


async def unit(services: Services, name: str) -> Unit:
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    found = next(u for u in state.all_units if u.name == name)
    return found


async def rolls_of(services: Services, user: str) -> int:
    return len(await services.storage.rolls.recent(CHANNEL, UserRef.from_name(user).id, 25))


async def events(services: Services) -> int:
    game_id = await services.storage.tracker.latest_game_id(CHANNEL)
    assert game_id is not None
    return await services.storage.tracker.event_count(game_id)


@pytest.fixture
async def guard(console: Console) -> Console:
    """alice and bob play Mage Wars; alice's Страж has life 9, armor 2, defense 8, Corrode 1."""
    await console.execute("/game start game:mage-wars player1:bob life:20")
    await console.execute("/unit add Страж life:9 armor:2 defense:8")
    await console.execute("/token add Страж token:коррозия")
    return console


# --- the scripted game ---------------------------------------------------------------------------


async def test_attack_lands_on_the_unit_in_one_step_and_undo_restores_it(
    guard: Console, services: Services
) -> None:
    services.rng = random.Random(3)
    expected = resolve_attack(MWAttack(dice=4, armor=2, defense=8, corrode=1), random.Random(3))
    assert 0 < expected.total < 9  # the seed makes a hit that does not destroy the guard
    before = await events(services)

    out = await guard.execute("/mw attack dice:4 target:Страж")

    assert "Цель: **Страж** (из партии: броня 2, защита 8, коррозия 1)" in out
    assert "Броня: **1** (2 − 1 коррозия)" in out and "Защита цели: 8+" in out
    assert f"Атака: {expected.total} повреждени" in out
    assert f"Страж · повреждения: 0 → {expected.total}" in out
    assert (await unit(services, "Страж")).value("damage") == expected.total
    # the roll log says what was read from the unit
    [record] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert record.inputs == {"dice": 4, "target": "Страж"}
    assert record.result["target"]["from_unit"] == {"armor": 2, "defense": 8, "corrode": 1}
    assert record.result["total"] == expected.total
    # exactly one new step with one event, named as an attack in the game log
    assert await events(services) == before + 1
    log = await guard.execute("/game log n:1")
    assert f"alice: атака — Страж · повреждения 0 → {expected.total}" in log

    out = await guard.execute("/game undo")
    assert "Отменён 1 шаг" in out
    assert (await unit(services, "Страж")).value("damage") == 0


async def test_effect_tokens_go_in_the_same_step(guard: Console, services: Services) -> None:
    services.rng = random.Random(1)
    attack = MWAttack(dice=6).with_effect("5-8 Burn; 9+ 2 Burn")
    expected = resolve_attack(attack, random.Random(1))
    [strike] = expected.strikes
    assert strike.effect is not None and strike.effect.row is not None
    assert strike.effect.row.label == "2 Burn"

    out = await guard.execute(
        "/mw attack dice:6 armor:0 defense:0 target:Страж effect:5-8 Burn; 9+ 2 Burn"
    )
    # en-9 MW-1: armor on its own line; defense 0 rolls nothing, so it is listed above
    assert "Броня: **0** (0 − 1 коррозия; из команды, а в партии записано 2)" in out
    assert "Защита: значение из команды (в партии записано 8)" in out
    assert "Страж · горение: 0 → 2" in out
    guard_now = await unit(services, "Страж")
    assert guard_now.value("burn") == 2 and guard_now.value("damage") == expected.total

    await guard.execute("/game undo")
    guard_now = await unit(services, "Страж")
    assert guard_now.value("burn") == 0 and guard_now.value("damage") == 0


async def test_an_effect_that_is_no_token_is_only_shown(guard: Console, services: Services) -> None:
    out = await guard.execute("/mw attack dice:2 defense:0 target:Страж effect:1+ Push")
    assert "Эффект «Push» не записан: это не жетон этой игры." in out
    tokens = {t.key: t.value for t in (await unit(services, "Страж")).tokens if t.value}
    assert tokens == {"corrode": 1}


async def test_killing_a_mage_ends_the_game_as_dmg_does(guard: Console, services: Services) -> None:
    await guard.execute("/dmg bob amount:19")
    services.rng = random.Random(4)
    expected = resolve_attack(MWAttack(dice=8), random.Random(4))
    assert expected.total >= 1
    out = await guard.execute("/mw attack dice:8 target:bob")
    assert "💀 bob: маг погиб." in out and "🏆 Победитель: **alice**" in out
    assert await service.load_state(services.storage, CHANNEL) is None
    out = await guard.execute("/game undo")  # the killing blow can be taken back
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None and (await unit(services, "bob")).value("damage") == 19


async def test_stunned_target_does_not_defend(guard: Console, services: Services) -> None:
    await guard.execute("/token add Страж token:оглушение")
    out = await guard.execute("/mw attack dice:3 target:Страж")
    assert "Страж: недееспособность (оглушение), защита не бросается" in out
    assert "Защита:" not in out
    [record] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert all(s["defense"] is None for s in record.result["strikes"])


async def test_destroyed_unit_is_refused(guard: Console, services: Services) -> None:
    await guard.execute("/dmg Страж amount:9")
    out = await guard.execute("/mw attack dice:3 target:Страж")
    assert out.startswith("✖") and "Существо «Страж» уничтожено и уже вне игры" in out


# --- refusals: nothing rolled, nothing logged, nothing changed -----------------------------------


async def test_outsider_is_refused_before_anything_is_rolled(
    guard: Console, services: Services
) -> None:
    state = random.Random(99)
    services.rng = state
    rng_before = state.getstate()
    events_before = await events(services)
    guard.user = "mallory"
    for line in ("/mw attack dice:4 target:Страж", "/mw burn target:Страж extra_roll:true"):
        out = await guard.execute(line)
        assert out.startswith("✖") and "Менять партию могут только её участники" in out
    assert state.getstate() == rng_before  # not a single die was drawn
    assert await rolls_of(services, "mallory") == 0
    assert await events(services) == events_before
    # looking is open to anyone, and a moderator may change the game
    assert "Шансы атаки" in await guard.execute("/odds mw dice:4 target:Страж")
    guard.can_manage = True
    out = await guard.execute("/mw attack dice:4 target:Страж")
    assert "Записано в партию" in out and await rolls_of(services, "mallory") == 1


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(
    "line",
    [
        "/mw attack dice:4 target:Страж private:true",
        "/mw attack dice:4 armor:0 defense:0 target:Страж private:true effect:1+ 2 Burn",
        "/mw burn target:Страж private:true extra_roll:true",
        "/mw burn tokens:2 target:Страж private:true extra_roll:true",
    ],
)
async def test_private_roll_at_a_target_is_refused(
    guard: Console, services: Services, line: str, lang: str
) -> None:
    """QA: a private attack at a tracked unit changed the shared game behind a hidden reply.
    The table sees every change of its game, so target + private is refused before the roll."""
    await guard.execute("/token add Страж token:горение count:2")
    state = random.Random(7)
    services.rng = state
    rng_before = state.getstate()
    events_before = await events(services)
    guard.lang = lang
    out = await guard.execute(line)
    assert out.startswith("✖") and t("dice.target.private", lang) in out, out
    assert "Записано в партию" not in out and "Recorded in the game" not in out
    assert state.getstate() == rng_before  # not a single die was drawn
    assert await rolls_of(services, "alice") == 0
    assert await events(services) == events_before
    now = await unit(services, "Страж")
    assert now.value("damage") == 0 and now.value("burn") == 2
    # the same roll made public goes through and is recorded
    out = await guard.execute(line.replace(" private:true", ""))
    assert not out.startswith("✖") and await rolls_of(services, "alice") == 1


def test_private_target_message_in_both_languages() -> None:
    ru, en = t("dice.target.private", "ru"), t("dice.target.private", "en")
    assert "скрытым он быть не может" in ru and "Ничего не брошено" in ru
    assert "cannot be private" in en and "Nothing was rolled" in en


@pytest.mark.parametrize(
    ("setup", "line", "text"),
    [
        (
            "/game start game:keyforge player1:bob",
            "/mw attack dice:2 target:bob",
            "Команда /мв атака — из игры Mage Wars, а в этом канале идёт партия KeyForge.",
        ),
        (
            "/game start game:keyforge player1:bob",
            "/mw burn target:bob",
            "Команда /мв горение — из игры Mage Wars, а в этом канале идёт партия KeyForge.",
        ),
        (
            "/game start game:keyforge player1:bob",
            "/odds mw dice:2 target:bob",
            "Команда /шансы мв — из игры Mage Wars, а в этом канале идёт партия KeyForge.",
        ),
        (
            "/game start game:berserk player1:bob",
            "/mw attack dice:2 target:bob",
            "идёт партия Берсерк ККИ.",  # the players' name of the game, not its slug
        ),
        ("", "/mw attack dice:2 target:Страж", "В этом канале нет партии"),
        (
            "/game start game:mage-wars player1:bob life:20",
            "/mw attack dice:2 target:Гоблин",
            "Нет существа или игрока «Гоблин»",
        ),
        ("/game start game:mage-wars player1:bob life:20", "/mw burn", "Укажите «жетоны»"),
    ],
)
async def test_wrong_game_or_unknown_unit_is_a_clear_error(
    console: Console, services: Services, setup: str, line: str, text: str
) -> None:
    if setup:
        await console.execute(setup)
    rng = random.Random(5)
    services.rng = rng
    before = rng.getstate()
    out = await console.execute(line)
    assert out.startswith("✖") and text in out, out
    assert rng.getstate() == before
    assert await rolls_of(services, "alice") == 0


async def test_wrong_game_in_english(console: Console) -> None:
    await console.execute("/game start game:keyforge player1:bob")
    console.lang = "en"
    out = await console.execute("/mw attack dice:2 target:bob")
    assert "/mw attack is a Mage Wars command, and this channel is playing KeyForge." in out
    await console.execute("/game end")
    await console.execute("!press 1")
    await console.execute("/game start game:berserk player1:bob")
    out = await console.execute("/mw burn target:bob")
    assert (
        "/mw burn is a Mage Wars command, and this channel is playing Berserk CCG." in out
        and "berserk" not in out
    )


# --- /mw burn and /odds mw --------------------------------------------------------------------


async def test_burn_uses_and_updates_the_units_tokens(guard: Console, services: Services) -> None:
    await guard.execute("/token add Страж token:горение count:3")
    services.rng = random.Random(2)
    expected = roll_burn(3, random.Random(2))
    out = await guard.execute("/mw burn target:Страж extra_roll:true")
    assert "Цель: **Страж** (из партии: горение 3)" in out
    now = await unit(services, "Страж")
    assert now.value("burn") == expected.tokens_left
    assert now.value("damage") == expected.damage
    await guard.execute("/game undo")
    now = await unit(services, "Страж")
    assert now.value("burn") == 3 and now.value("damage") == 0


async def test_burn_without_tokens_changes_nothing(guard: Console, services: Services) -> None:
    before = await events(services)
    out = await guard.execute("/mw burn target:Страж extra_roll:true")
    assert "Жетонов горения нет" in out and "Записано в партию" not in out
    assert await events(services) == before


async def test_odds_take_armor_defense_and_life_left(guard: Console, services: Services) -> None:
    await guard.execute("/dmg Страж amount:4")
    out = await guard.execute("/odds mw dice:4 target:Страж")
    assert "оставшаяся жизнь 5" in out and "Шанс убить (жизнь 5)" in out
    plain = await guard.execute("/odds mw dice:4 armor:2 corrode:1 defense:8 life:5")
    assert out.split("\n", 1)[0] == plain.split("\n", 1)[0]  # the same mean
    out = await guard.execute("/odds mw dice:4 target:Страж life:2")
    assert "Оставшаяся жизнь: значение из команды (в партии записано 5)" in out
    assert "Шанс убить (жизнь 2)" in out


# --- the pure parts ------------------------------------------------------------------------------


def tracked_unit(counters: dict[str, int], tokens: dict[str, int]) -> Tracked:
    cs = tuple(Counter(i, k, v) for i, (k, v) in enumerate(counters.items()))
    ts = tuple(Counter(100 + i, k, v, token=True) for i, (k, v) in enumerate(tokens.items()))
    u = Unit(1, 1, "creature", "Страж", 0, counters=cs, tokens=ts)
    game = Game(1, CHANNEL, None, "mage-wars", "active", 1, 0, 0.0)
    return Tracked(GameState(game, (), (u,)), u)


def test_fill_reads_the_unit_and_explicit_options_win() -> None:
    t = tracked_unit(
        {"armor": 3, "defense": 7, "resilient": 1},
        {"corrode": 1, "daze": 2, "weak": 4, "burn": 0},
    )
    filled = fill_attack({"dice": 4, "armor": 1}, t)
    assert filled.options == {
        "dice": 4,
        "armor": 1,
        "defense": 7,
        "corrode": 1,
        "target_daze": 2,
        "resilient": True,
    }  # Weak is the attacker's and never read from the target
    assert filled.given == [("armor", 1, 3)]
    assert ("daze", 2) in filled.taken and not filled.incapacitated
    assert set(ATTACK_FROM_UNIT) >= {"armor", "defense", "corrode", "target_daze"}


def test_fill_incapacitated_only_when_defense_is_not_given() -> None:
    t = tracked_unit({"defense": 7}, {"slam": 1})
    assert fill_attack({"dice": 2}, t).options["defense"] == 0
    assert fill_attack({"dice": 2}, t).incapacitated == "slam"
    given = fill_attack({"dice": 2, "defense": 6}, t)
    assert given.options["defense"] == 6 and not given.incapacitated


@pytest.mark.parametrize(
    ("label", "tokens"),
    [
        ("Burn", {"burn": 1}),
        ("2 Burn", {"burn": 2}),
        ("Burn x2", {"burn": 2}),
        ("2 горение", {"burn": 2}),
        ("Daze + 2 Burn", {"daze": 1, "burn": 2}),
        ("Stun и Weak", {"stun": 1, "weak": 1}),
        ("Push", None),
        ("Burn + Push", None),
        ("", None),
    ],
)
def test_effect_rows_naming_tokens(label: str, tokens: dict[str, int] | None) -> None:
    assert row_tokens(label, MW) == tokens
