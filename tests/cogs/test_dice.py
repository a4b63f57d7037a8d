"""The dice commands in SimCord: every command answers, private rolls are ephemeral, errors too."""

from __future__ import annotations

from typing import Any

import pytest

from bot.context import Services
from bot.i18n import t
from tests.cogs.conftest import Table, lang_locale


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
        assert "Dice: " + " ".join(f"[{f}]" for f in strike["faces"]) in text


async def test_mw_attack_in_russian(table: Table) -> None:
    with lang_locale("ru"):
        result = await table.bob.slash(
            table.channel, "mw attack", dice=3, incorporeal=True, daze=True
        )
    text = table.text(result)
    assert "Бесплотная цель: двойки считаются как 0" in text
    assert "Оцепенение: d12 =" in text


@pytest.mark.parametrize(
    ("command", "options", "needle"),
    [
        ("mw effect", {"bonus": 1}, "Effect die:"),
        ("mw burn", {"tokens": 2}, "Burn tokens left:"),
        ("mw escape", {}, "Escape: d12 ="),
        ("mw push", {}, "Push: d12 ="),
        ("berserk strike", {"values": "2-3-4", "defender_values": "1"}, "Difference:"),
        ("berserk strike", {"values": "2", "kind": "shot"}, "Mode: closed"),
        ("whf winds", {"wizards": 2, "enemy_wizards": 1}, "Winds of magic:"),
        ("whf cast", {"dice": 3, "level": 2, "value": 8}, "against casting value 8"),
        ("whf dispel", {"dice": 2, "level": 1, "against": 8}, "against the casting result 8"),
        ("roll", {"expr": "2d20kl1+5"}, "Roll 2d20kl1+5:"),
        ("roll", {"expr": "4a"}, "Attack dice (4):"),
        ("odds mw", {"dice": 4, "armor": 1, "life": 5}, "3.20 damage on average"),
        ("odds berserk", {"values": "2-3-4", "mode": "closed"}, "2.67 wounds on average"),
        ("odds whf", {"dice": 3, "level": 1, "value": 7}, "Irresistible Force: **7.4%**"),
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
    assert (
        mine.ephemeral and "/roll (private)" in table.text(mine) and "/mw push" in table.text(mine)
    )
    theirs = await table.alice.slash(table.channel, "history rolls", n=5)
    assert "/roll" not in table.text(theirs) and "/mw push" in table.text(theirs)


async def test_bad_input_is_an_ephemeral_error(table: Table, services: Services) -> None:
    result = await table.alice.slash(table.channel, "roll", expr="5000d6")
    assert result.ephemeral
    assert t("dice.expr.too_many_dice", "en", max=1000) in table.text(result)
    result = await table.alice.slash(table.channel, "berserk strike", values="abc")
    assert result.ephemeral and "is not a strike value" in table.text(result)
    with lang_locale("ru"):
        result = await table.alice.slash(table.channel, "mw attack", dice=2, effect="x")
    assert result.ephemeral and "не читается" in table.text(result)
    assert await logged(services, table.channel, table.alice) == []
