"""Berserk: the weaker-strike choice in fight mode, Броня X (seed 001 line 37), `target:`."""

from __future__ import annotations

import random

import pytest

from bot.console import Console
from bot.context import Services
from bot.games.berserk.dice import BerserkStrike, fight_table, parse_values, roll_strike
from bot.games.berserk.odds import berserk_joint, choice_chances
from bot.games.berserk.rules import WeakerChoice, armor, tracked_mode, weaker_choice
from bot.games.berserk.ui.view import berserk_reply
from bot.i18n import t
from tests.games.seeds import seed_line
from tests.helpers.tracker import CHANNEL, state_of, unit


def test_weaker_choice_is_the_neighbouring_unanswered_row() -> None:
    # Every row where both strike (+4, +2, −4 in fight.toml) has a choice, and the choice is
    # exactly the next row toward 0, where the other side does not strike back.
    rows = {(r.min, r.max): (r.attacker, r.defender) for r in fight_table()}
    both = {k: v for k, v in rows.items() if "miss" not in v}
    assert sorted(k[0] for k in both if k[0] is not None) == [-4, 2, 4]
    for (lo, _), (a, d) in both.items():
        assert lo is not None
        choice = weaker_choice(a, d)
        assert choice is not None
        step = lo - 1 if lo > 0 else lo + 1
        assert rows[(step, step)] == (choice.attacker, choice.defender)
    assert weaker_choice("strong", "miss") is None
    assert weaker_choice("weak", "weak") is None
    assert weaker_choice("weak", "medium") == WeakerChoice("defender", "miss", "weak")


def test_choice_odds_by_hand() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), mode="fight", defender_values=parse_values("1"))
    split = choice_chances(strike)
    # plain d6 against d6: difference +4 in 2 ways, +2 in 4 ways, −4 in 2 ways (of 36)
    assert split["attacker"] == pytest.approx(6 / 36)
    assert split["defender"] == pytest.approx(2 / 36)
    assert sum(berserk_joint(strike).values()) == pytest.approx(1)


def test_reply_shows_the_choice() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), mode="fight", defender_values=parse_values("1"))
    rng = random.Random(0)
    for _ in range(200):
        result = roll_strike(strike, rng)
        text = berserk_reply(lambda key, **p: t(key, "ru", **p), result).body
        has = weaker_choice(result.attacker_kind, result.defender_kind) is not None
        assert ("может вместо этого" in text and "на ступень слабее" in text) == has


def test_armor_x() -> None:
    seed_line("001", 37, "Предотвратить первые X ран от немагических атак")
    assert armor(3, 1, 0).prevented == 1 and armor(3, 1, 0).dealt == 2
    assert armor(3, 1, 1).prevented == 0 and armor(3, 1, 1).dealt == 3
    assert armor(1, 3, 0).dealt == 0


def test_tracked_mode() -> None:
    assert tracked_mode(None, True) == "closed"
    assert tracked_mode("auto", True) == "closed"
    # a closed card does not fight, even when fight mode is asked for (playtest 6, B3)
    seed_line("001", 229, "цель атаки не сражается")
    assert tracked_mode("fight", True) == "closed"
    assert tracked_mode("fight", False) == "fight"
    assert tracked_mode(None, False) is None


async def test_armor_and_target_in_the_tracker(console: Console, services: Services) -> None:
    await console.execute("/game start game:berserk player1:bob")
    await console.execute("/unit add Гном life:5 armor:1")
    await console.execute("/set target:Гном stat:закрыт value:1")
    out = await console.execute("/berserk strike values:2-3-4 target:Гном")
    assert "(карта закрыта: бросает только атакующий, ответного удара нет)" in out
    assert "Режим: закрытый" not in out  # said once, in the target line (BK-6)
    # The strike's wounds are written on the target (playtest 2, M5): Броня 1 takes the first.
    [roll] = await services.storage.rolls.recent(CHANNEL, 0, 1)
    dealt = roll.result["attacker"]["wounds"]
    assert "Броня 1 предотвратила 1 рану (до конца хода Броня израсходована)" in out
    assert unit(await state_of(services), "Гном").value("wounds") == dealt - 1
    await console.execute("/dmg Гном amount:1")  # armor spent this turn: the wound is dealt
    assert unit(await state_of(services), "Гном").value("wounds") == dealt
    await console.execute("/game next")
    await console.execute("/dmg Гном amount:1")  # a new turn: armor counts again
    assert unit(await state_of(services), "Гном").value("wounds") == dealt


async def test_descending_strike_values_are_refused(console: Console) -> None:
    """English walk 8, BK-1: `5-4-3` would make the weaker strike wound more; a card's weak,
    medium and strong wounds never go down (seed 001: «удар на X-X-X» names them in that order)."""
    seed_line("001", 17, "удар на X-X-X")  # one number is X-X-X: the three grow or stay
    console.lang = "en"
    out = await console.execute("/berserk strike values:5-4-3")
    assert "never go down" in out and "Nothing" not in out and "wounds" not in out.split("\n")[0]
    console.lang = "ru"
    out = await console.execute("/берсерк удар сила:3-2-4")
    assert "сила удара идёт от слабого к сильному и не убывает" in out
    assert "рана" not in out  # nothing rolled
    out = await console.execute("/берсерк удар сила:2-2-3")
    assert "удар" in out and "не убывает" not in out
