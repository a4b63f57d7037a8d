"""Issue 18: a `²` (or another non-ASCII digit) in a forged custom id crashed the actions that
read a number from it (`isdigit()` is true for it, `int()` refuses it). Now each such payload is
refused in words, like any stale button, and nothing changes."""

from __future__ import annotations

import pytest

from bot.console import Console
from bot.context import Services
from bot.handlers import tracker_ops as service
from bot.i18n import t
from bot.numbers import ascii_int
from bot.registry import load_handlers, run_action
from bot.reply import Kind
from tests.helpers.live import CHANNEL, ctx_for, mage_wars


def test_only_ascii_digits_are_numbers() -> None:
    assert ascii_int("42") == 42 and ascii_int("007") == 7
    assert ascii_int("-3", signed=True) == -3 and ascii_int("-3") is None
    for text in ("²", "1²", "٣", "１", "", "-", "--5", "+5", " 5", "5 ", "1" * 21):
        assert ascii_int(text, signed=True) is None, text


@pytest.mark.parametrize(
    ("action", "payload"),
    [
        ("live.step", "{gid}:{uid}:²"),
        ("live.step", "{gid}:{uid}:--5"),
        ("live.page", "{gid}:²"),
        ("tracker.end", "²"),
        ("tracker.leave", "{gid}²"),
        ("glossary.page", "mage-wars:²"),
        ("rule.pick", "²|mage-wars/aegis-x"),
    ],
)
async def test_a_forged_unicode_digit_is_refused_not_a_crash(
    services: Services, action: str, payload: str
) -> None:
    state = await mage_wars(services, players=2, units=1)
    load_handlers()
    before = await service.load_state(services.storage, CHANNEL)
    filled = payload.format(gid=state.game.id, uid=state.units[0].id)
    reply = await run_action(ctx_for(services, "alice"), action, filled)  # must not raise
    assert reply.body != t("error.unexpected", "ru", error_id="")
    after = await service.load_state(services.storage, CHANNEL)
    assert after == before  # nothing changed, the game still runs
    if action.startswith(("live.step", "tracker.")):
        assert reply.kind is Kind.ERROR and reply.ephemeral
    elif action == "rule.pick":  # not the asker's click: a private copy, the question stays
        assert reply.ephemeral and not reply.edit_origin
    else:  # a page number it cannot read: the first page
        assert "1" in reply.title


async def test_the_console_press_with_a_superscript_is_refused(console: Console) -> None:
    await console.execute("/rule term:броня")  # a reply with buttons to press
    out = await console.execute("!press ²")
    assert "Нажать можно кнопку с номером от 1 до" in out
