"""The dice commands in SimCord: every command answers, private rolls are ephemeral, errors too."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.context import Services
from bot.discord.live import EDIT_INTERVAL
from bot.games.mage_wars.dice import MWAttack, resolve_attack
from bot.handlers import tracker_ops as service
from bot.i18n import t
from tests.helpers.clock import FakeClock
from tests.helpers.cogs import Table, lang_locale


def later(services: Services) -> None:
    """Move the injected clock past the live message's edit interval, so the next game change
    is shown at once instead of after a real wait."""
    clock = services.clock
    assert isinstance(clock, FakeClock)
    clock.advance(EDIT_INTERVAL)


async def logged(services: Services, channel: Any, user: Any) -> list[Any]:
    return await services.storage.rolls.recent(channel.id, user.id, 25)


async def test_mw_attack_public_with_every_die(table: Table, services: Services) -> None:
    result = await table.alice.slash(
        table.channel, "mw attack", dice=4, armor=1, strikes=2, effect="5-8 Burn; 9+ 2 Burn"
    )
    assert not result.ephemeral
    text = table.text(result)
    [record] = await logged(services, table.channel, table.alice)
    assert record.command == "mw attack" and record.user_id == table.alice.id
    assert f"Attack: {record.result['total']} damage" in text
    for strike in record.result["strikes"]:
        # a critical `2*` is sent as `2\*`: two on one line must not turn into italics
        shown = " ".join(f"[{f}]".replace("*", "\\*") for f in strike["faces"])
        assert "Dice: " + shown in text


async def test_mw_attack_in_russian(table: Table) -> None:
    with lang_locale("ru"):
        result = await table.bob.slash(
            table.channel, "mw attack", dice=3, incorporeal=True, daze=True
        )
    text = table.text(result)
    assert "кубик с двойкой не наносит повреждений, считаются только единицы" in text
    assert "Оцепенение: d12 =" in text


@pytest.mark.parametrize(
    ("command", "options", "needle"),
    [
        ("mw effect", {"bonus": 1}, "Effect die:"),
        ("mw burn", {"tokens": 2}, "Burn markers left:"),
        ("mw escape", {}, "Escape "),
        ("mw push", {}, "Push: d12 ="),
        ("berserk strike", {"values": "2-3-4", "defender_values": "1"}, "difference **"),
        ("berserk strike", {"values": "2", "kind": "shot"}, "Shot: only the shooter rolls"),
        ("whf winds", {"wizards": 2, "enemy_wizards": 1}, "Winds of Magic:"),
        ("whf cast", {"dice": 3, "level": 2, "value": 8}, "against casting value 8"),
        ("whf dispel", {"dice": 2, "level": 1, "against": 8}, "against the casting result 8"),
        ("roll", {"expr": "2d20kl1+5"}, "Roll 2d20kl1+5:"),
        ("roll", {"expr": "4a"}, "Mage Wars attack dice (4):"),
        ("odds mw", {"dice": 4, "armor": 1, "life": 5}, "3.20 damage on average"),
        ("odds berserk", {"values": "2-3-4", "mode": "closed"}, "2.67 wounds on average"),
        ("odds berserk", {"values": "2-3-4"}, "Strike 2-3-4 odds in both modes"),
        (
            "odds whf",
            {"dice": 3, "level": 1, "value": 7},
            "(of which **7.4%** by Irresistible Force, which brings a miscast)",
        ),
    ],
)
async def test_each_command_answers(
    table: Table, command: str, options: dict[str, Any], needle: str
) -> None:
    result = await table.alice.slash(table.channel, command, **options)
    assert needle in table.text(result)
    assert not result.ephemeral


async def test_private_roll_is_ephemeral_logged_and_hidden_from_others(
    table: Table, services: Services
) -> None:
    result = await table.bob.slash(table.channel, "roll", expr="3d6", private=True)
    assert result.ephemeral
    assert len(await logged(services, table.channel, table.bob)) == 1
    await table.alice.slash(table.channel, "mw push")
    mine = await table.bob.slash(table.channel, "history rolls")
    # commands stay plain text (issue 17: a list, not a row of mentions), times Discord stamps
    text = table.text(mine)
    assert mine.ephemeral and "`/roll` (private)" in text, text
    assert "`/mw push`" in text and re.search(r"<t:\d+:t> \*\*bob\*\*", text)
    assert "</" not in text
    theirs = await table.alice.slash(table.channel, "history rolls", n=5)
    assert "`/roll`" not in table.text(theirs) and "`/mw push`" in table.text(theirs)


async def test_bad_input_is_an_ephemeral_error(table: Table, services: Services) -> None:
    result = await table.alice.slash(table.channel, "roll", expr="5000d6")
    assert result.ephemeral
    assert t("dice.expr.too_many_dice", "en", max=1000) in table.text(result)
    result = await table.alice.slash(table.channel, "berserk strike", values="abc")
    assert result.ephemeral and "is not a strike value" in table.text(result)
    with lang_locale("ru"):
        result = await table.alice.slash(table.channel, "mw attack", dice=2, effect="x")
    assert result.ephemeral and "Не понимаю таблицу эффекта" in table.text(result)
    result = await table.alice.slash(table.channel, "roll", expr="1d6/0")
    assert result.ephemeral and t("dice.expr.division_by_zero", "en", expr="1d6/0") in table.text(
        result
    )
    assert not table.env.errors  # a catalogue message, not "something went wrong"
    assert await logged(services, table.channel, table.alice) == []


# --- target: a unit of the channel's tracked game ----------------------------------------------


async def test_attack_on_a_tracked_unit_in_discord(table: Table, services: Services) -> None:
    """bob plays; alice is a moderator outside the game; carol is neither."""
    carol = table.guild.add_member(table.env.create_user("carol"))
    await table.bob.slash(table.channel, "game start", game="mage-wars", life=20)
    later(services)
    await table.bob.slash(table.channel, "unit add", name="Страж", life=9, armor=2, defense=8)

    choices = await table.bob.autocomplete(table.channel, "mw attack", "target", "стр")
    assert [c["value"] for c in choices] == ["Страж"]
    everyone = await table.bob.autocomplete(table.channel, "mw attack", "target", "")
    assert {c["value"] for c in everyone} == {"Страж", "bob"}

    refused = await carol.slash(table.channel, "mw attack", dice=4, target="Страж")
    assert refused.ephemeral and "Only this game's players" in table.text(refused)
    assert await logged(services, table.channel, carol) == []

    services.rng = random.Random(3)  # a hit: 3 damage through armor 2 and defense 8
    expected = resolve_attack(MWAttack(dice=4, armor=2, defense=8), random.Random(3)).total
    assert expected > 0
    later(services)
    result = await table.alice.slash(table.channel, "mw attack", dice=4, target="Страж")
    assert not result.ephemeral
    text = table.text(result)
    [record] = await logged(services, table.channel, table.alice)
    assert record.result["total"] == expected
    assert "Target: **Страж** (from the game: armor 2, defense 8)" in text
    assert f"Recorded in the game\nСтраж · damage: 0 → {expected}" in text
    state = await service.load_state(services.storage, table.channel.id)
    assert state is not None
    assert next(u for u in state.units if u.name == "Страж").value("damage") == expected

    later(services)
    undone = await table.bob.slash(table.channel, "game undo")
    assert f"Страж · damage 0 → {expected}" in table.text(undone)
    state = await service.load_state(services.storage, table.channel.id)
    assert state is not None
    assert next(u for u in state.units if u.name == "Страж").value("damage") == 0


async def test_target_in_a_keyforge_channel_is_refused(table: Table, services: Services) -> None:
    await table.bob.slash(table.channel, "game start", game="keyforge")
    assert await table.bob.autocomplete(table.channel, "mw attack", "target", "") == []
    result = await table.bob.slash(table.channel, "mw burn", target="bob")
    assert (
        result.ephemeral
        and "is a Mage Wars command, and this channel is playing KeyForge." in table.text(result)
    )
    assert await logged(services, table.channel, table.bob) == []


async def test_private_attack_at_a_tracked_unit_is_refused(
    table: Table, services: Services
) -> None:
    """A hidden reply must not hide a change of the game the table follows."""
    await table.bob.slash(table.channel, "game start", game="mage-wars", life=20)
    later(services)
    await table.bob.slash(table.channel, "unit add", name="Страж", life=9)
    rng = random.Random(3)
    services.rng = rng
    before = rng.getstate()
    for command, options in (("mw attack", {"dice": 4}), ("mw burn", {"tokens": 2})):
        result = await table.bob.slash(
            table.channel, command, target="Страж", private=True, **options
        )
        assert result.ephemeral and t("dice.target.private", "en") in table.text(result)
    assert rng.getstate() == before
    assert await logged(services, table.channel, table.bob) == []
    state = await service.load_state(services.storage, table.channel.id)
    assert state is not None
    guard = next(u for u in state.units if u.name == "Страж")
    assert guard.value("damage") == 0 and guard.value("burn") == 0
