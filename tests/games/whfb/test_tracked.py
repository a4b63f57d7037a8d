"""`/whf` with a tracked `whfb` game: winds set the pools, cast and dispel spend from them."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services, UserRef, stable_id
from bot.handlers.tracker_ops import load_state
from bot.i18n import t

CHANNEL = stable_id("#table")


async def pools(services: Services) -> dict[str, tuple[int, int]]:
    state = await load_state(services.storage, CHANNEL)
    assert state is not None
    return {p.name: (p.value("power"), p.value("dispel")) for p in state.participants}


async def game_id(services: Services) -> int:
    found = await services.storage.tracker.latest_game_id(CHANNEL)
    assert found is not None
    return found


async def logged(services: Services, user: str) -> int:
    return len(await services.storage.rolls.recent(CHANNEL, UserRef.from_name(user).id, 25))


async def test_winds_set_pools_and_casting_spends(console: Console, services: Services) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:wizards value:2")
    await console.execute("/set target:bob stat:wizards value:1")
    out = await console.execute("/whf winds")
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert rec.inputs == {"wizards": 2, "enemy_wizards": 1}  # taken from the tracked game
    power, dispel = rec.result["power"], rec.result["dispel"]
    assert await pools(services) == {"alice": (power, 0), "bob": (0, dispel)}
    assert (
        f"Итого, записано в партию: пул силы **{power}** — alice,"
        f" пул рассеивания **{dispel}** — bob" in out
    )

    out = await console.execute("/whf cast dice:2 level:1 value:5")
    assert f"alice: потрачено 2 кубика силы, в пуле осталось {power - 2}" in out
    assert (await pools(services))["alice"][0] == power - 2

    await console.execute("/set target:alice stat:power value:3")
    before = await logged(services, "alice")
    out = await console.execute("/whf cast dice:4 level:1 value:5")
    assert out.startswith("✖")  # too few dice: refused, nothing rolled or logged
    assert await logged(services, "alice") == before
    assert (await pools(services))["alice"][0] == 3

    console.user = "bob"
    out = await console.execute("/whf dispel dice:1 level:1 against:5")
    assert f"Рассеивает bob: потрачен 1 кубик рассеивания, в пуле осталось {dispel - 1}" in out
    assert (await pools(services))["bob"][1] == dispel - 1


async def test_untracked_or_outsider_rolls_only(console: Console, services: Services) -> None:
    out = await console.execute("/whf cast dice:3 level:1 value:5")
    assert "пула" not in out
    await console.execute("/game start game:whfb player1:alice player2:bob")
    console.user = "carol"  # not a player: the roll is not tied to the game
    out = await console.execute("/whf cast dice:3 level:1 value:5")
    assert "пула" not in out and not out.startswith("✖")


async def test_winds_are_one_undo_step(console: Console, services: Services) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:power value:4")
    await console.execute("/set target:bob stat:dispel value:3")
    await console.execute("/whf winds wizards:0 enemy_wizards:0")
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert await pools(services) == {
        "alice": (rec.result["power"], 0),
        "bob": (0, rec.result["dispel"]),
    }
    await console.execute("/game undo")  # one step takes back both pools
    assert await pools(services) == {"alice": (4, 0), "bob": (0, 3)}


async def test_a_refused_cast_draws_no_die(console: Console, services: Services) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    state = services.rng.getstate()
    out = await console.execute("/whf cast dice:3 level:1 value:5")  # the pool is empty
    assert out.startswith("✖") and "alice: пул силы пуст — бросать нечего." in out  # playtest 12 W3
    assert services.rng.getstate() == state
    out = await console.execute("/whf dispel dice:2 level:1 against:5")
    assert out.startswith("✖")
    assert services.rng.getstate() == state


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize(
    "line",
    ["/whf winds private:true", "/whf cast dice:2 level:1 value:5 private:true"],
)
async def test_a_private_roll_that_would_change_the_pools_is_refused(
    console: Console, services: Services, line: str, lang: str
) -> None:
    """The same rule as `/mw attack target: private:true`: a roll that changes the shared game is
    seen by the table, so a player's private winds or cast is refused before any die is drawn."""
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:power value:4")
    events_before = await services.storage.tracker.event_count(await game_id(services))
    state = services.rng.getstate()
    console.lang = lang
    out = await console.execute(line)
    assert out.startswith("✖") and t("dice.whf.private", lang) in out, out
    assert services.rng.getstate() == state
    assert await logged(services, "alice") == 0
    assert await pools(services) == {"alice": (4, 0), "bob": (0, 0)}
    assert await services.storage.tracker.event_count(await game_id(services)) == events_before


async def test_private_rolls_stay_open_to_outsiders_and_untracked_channels(
    console: Console, services: Services
) -> None:
    out = await console.execute("/whf winds private:true")  # no game here: just a roll
    assert not out.startswith("✖") and await logged(services, "alice") == 1
    await console.execute("/game start game:whfb player1:alice player2:bob")
    console.user = "carol"  # not a player: her roll is not tied to the game
    out = await console.execute("/whf cast dice:2 level:1 value:5 private:true")
    assert not out.startswith("✖") and await logged(services, "carol") == 1
    assert await pools(services) == {"alice": (0, 0), "bob": (0, 0)}


async def test_winds_read_the_wizards_counter_under_its_tracker_name(
    console: Console, services: Services
) -> None:
    """QA 23: the counter is set as players name it («волшебники» is an alias of the tracker's
    «маги»), and `/whf winds` reads it and calls it the same word as the board."""
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:волшебники value:3")
    await console.execute("/set target:bob stat:маги value:2")
    board = await console.execute("/game show")
    assert "маги 3" in board and "маги 2" in board
    out = await console.execute("/whf winds")
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert rec.inputs == {"wizards": 3, "enemy_wizards": 2}
    assert "Сотворяет alice — 3 мага:" in out and "Рассеивает bob — 2 мага:" in out
    await console.execute("/game undo")  # one Winds roll a phase: take it back to reroll
    out = await console.execute("/whf winds wizards:1")  # a given count wins
    [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
    assert rec.inputs == {"wizards": 1, "enemy_wizards": 2}


async def test_winds_rolled_twice_in_a_phase_are_refused(
    console: Console, services: Services
) -> None:
    """A second Winds of Magic in the same phase would silently overwrite both pools."""
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/whf winds wizards:1 enemy_wizards:1")
    before = await pools(services)
    rolls = await logged(services, "alice")
    out = await console.execute("/whf winds wizards:1 enemy_wizards:1")
    assert out.startswith("✖") and "уже брошены" in out
    assert await pools(services) == before and await logged(services, "alice") == rolls
    await console.execute("/game next")  # a new phase: a new roll
    out = await console.execute("/whf winds wizards:1 enemy_wizards:1")
    assert not out.startswith("✖")


async def test_a_spell_cast_with_irresistible_force_cannot_be_dispelled(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:bob stat:dispel value:6")
    for _ in range(60):  # cast 6 dice until two sixes come up (p ≈ 0.26 a cast)
        await console.execute("/set target:alice stat:power value:6")
        await console.execute("/whf cast dice:6 level:1 value:5")
        [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
        if rec.result["irresistible"]:
            break
        await console.execute("/game undo")  # the spend undone: that cast is forgotten
    assert rec.result["irresistible"]
    console.user = "bob"
    rolls = await logged(services, "bob")
    out = await console.execute("/whf dispel dice:2 level:1 against:5")
    assert out.startswith("✖") and "нельзя рассеять" in out
    assert (await pools(services))["bob"][1] == 6 and await logged(services, "bob") == rolls
    console.user = "alice"  # the caster typing the dispel for bob is refused the same way
    out = await console.execute("/whf dispel dice:2 level:1 against:5")
    assert out.startswith("✖") and "нельзя рассеять" in out
    assert (await pools(services))["bob"][1] == 6
    # An ordinary cast after it can be dispelled again.
    console.user = "alice"
    await console.execute("/game undo")  # the irresistible cast's spend
    for _ in range(20):  # a cast that goes off (a natural 1 or 2 fails)
        await console.execute("/set target:alice stat:power value:2")
        await console.execute("/whf cast dice:2 level:1 value:3")
        [rec] = await services.storage.rolls.recent(CHANNEL, UserRef.from_name("alice").id, 1)
        if rec.result["success"]:
            break
        await console.execute("/game undo")
    assert rec.result["success"]
    console.user = "bob"
    out = await console.execute("/whf dispel dice:2 level:1")
    assert not out.startswith("✖"), out


async def test_the_caster_typing_the_dispel_spends_the_opponents_pool(
    console: Console, services: Services
) -> None:
    """Seed 002:17: the other player's wizard dispels the spell just cast. At one table the
    caster often types for both; the dispel then spends the opponent's pool, and a refusal
    says whose pool is short (playtest 2, M7)."""
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:power value:6")
    await console.execute("/set target:bob stat:dispel value:6")
    await console.execute("/whf cast dice:2 level:1 value:3 spell:Огненный шар")
    out = await console.execute("/whf dispel dice:2 level:1 against:12")
    assert "Рассеивает bob: потрачено 2 кубика рассеивания, в пуле осталось 4" in out
    assert await pools(services) == {"alice": (4, 0), "bob": (0, 4)}
    out = await console.execute("/whf dispel dice:5 level:1 against:12")
    assert out == (
        "✖\nРассеивает bob: в пуле рассеивания только 4 кубика, а бросить вы просили 5. "
        "Ничего не брошено.\n"
    )
    log = await console.execute("/game log")
    assert "alice: сотворение «Огненный шар» — alice · кубики силы 6 → 4" in log
    assert "alice: рассеивание — bob · кубики рассеивания 6 → 4" in log


async def test_the_opponent_dispelling_spends_their_own_pool(
    console: Console, services: Services
) -> None:
    await console.execute("/game start game:whfb player1:alice player2:bob")
    await console.execute("/set target:alice stat:power value:6")
    await console.execute("/set target:bob stat:dispel value:1")
    await console.execute("/whf cast dice:2 level:1 value:3")
    console.user = "bob"
    out = await console.execute("/whf dispel dice:2 level:1 against:12")
    assert "Рассеивает bob: в пуле рассеивания только 1 кубик, а бросить вы просили 2" in out
    assert await pools(services) == {"alice": (4, 0), "bob": (0, 1)}
