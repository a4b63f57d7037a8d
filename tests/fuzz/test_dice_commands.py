"""Option combinations for every dice command, through the registry path the bot and the console
share (`run_command` with typed values, as Discord delivers them).

Every combination either answers or is refused with a catalogue message; nothing is an internal
error; each reply renders within Discord's embed limits; a refusal stores no roll. `/roll`
expressions come from the d20 grammar strategy of `tests/dice/test_cost.py`, whose budget check
bounds their work.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import create_services
from bot.config import Settings
from bot.context import Ctx, UserRef, stable_id
from bot.discord.render import render_reply
from bot.registry import Command, Option, load_handlers, run_command
from bot.reply import Kind
from tests.dice.test_cost import EXPRESSIONS
from tests.wire.fakediscord import embed_problems

HOSTILE = "**x** [a](https://e.vil) \u202e"
TEXTS = {
    "effect": st.sampled_from(["7+", "5-8 Burn; 9+ 2 Burn", "9-3", "1+ " + HOSTILE, "", "x"]),
    "values": st.sampled_from(["2-3-4", "1-2-2", "0-0-0", "5", "abc", "1-2-3-4-5-6-7", ""]),
    "defender_values": st.sampled_from(["1-2-2", "3", "x-y", ""]),
    "target": st.sampled_from(["bob", "Тролль", HOSTILE, ""]),
    "expr": EXPRESSIONS,
}
DICE_COMMANDS = sorted(
    (c for c in load_handlers().commands.values() if c.area == "dice"),
    key=lambda c: c.qualified_name,
)


def _value(option: Option) -> st.SearchStrategy[Any]:
    if option.choices:
        return st.sampled_from([c.value for c in option.choices])
    if option.type is bool:
        return st.booleans()
    if option.type is int:
        lo = int(option.min_value) if option.min_value is not None else -50
        hi = int(option.max_value) if option.max_value is not None else 50
        return st.integers(lo, hi)  # Discord enforces the bounds before the bot sees a value
    if option.type is UserRef:
        return st.sampled_from([UserRef.from_name("bob"), UserRef.from_name(HOSTILE)])
    return TEXTS.get(option.name, st.text(max_size=30))


@st.composite
def invocations(draw: st.DrawFn) -> tuple[Command, dict[str, Any]]:
    command = draw(st.sampled_from(DICE_COMMANDS))
    values: dict[str, Any] = {}
    for option in command.options:
        if option.required or draw(st.booleans()):
            values[option.name] = draw(_value(option))
    return command, values


async def run(command: Command, values: dict[str, Any], lang: str) -> None:
    services = await create_services(Settings(), db_path=":memory:", rng=random.Random(2))
    try:
        ctx = Ctx(services, UserRef.from_name("alice"), stable_id("#table"), 1, lang=lang)
        reply = await run_command(command, ctx, values)  # an internal error raises here
        messages = render_reply(reply)
        for message in messages:
            assert not embed_problems([dict(e.to_dict()) for e in message.embeds]), values
        if reply.kind is Kind.ERROR:
            assert reply.ephemeral and reply.body.strip()
            alice = UserRef.from_name("alice")
            assert await services.storage.rolls.recent(ctx.channel_id, alice.id, 5) == []
    finally:
        await services.storage.close()


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(invocation=invocations(), lang=st.sampled_from(["ru", "en"]))
def test_every_dice_option_combination_answers_or_refuses_clearly(
    invocation: tuple[Command, dict[str, Any]], lang: str
) -> None:
    command, values = invocation
    asyncio.run(run(command, values, lang))
