"""The registry: one declaration per name, and `UserError` turned into a reply in one place."""

from __future__ import annotations

import pytest

from bot.context import Ctx, Services, UserRef
from bot.registry import Registry, UserError, guarded, new_error_id, run_action
from bot.reply import Kind, Reply


async def _reply(ctx: Ctx, text: str = "") -> Reply:
    return Reply(body=text)


def test_every_name_is_registered_once() -> None:
    reg = Registry()
    reg.command("x", area="core")(_reply)
    reg.action("a.b")(_reply)
    reg.message_menu("menu.key", area="core")(_reply)
    with pytest.raises(ValueError, match="command 'x' registered twice"):
        reg.command("x", area="dice")(_reply)
    with pytest.raises(ValueError, match=r"action 'a\.b' registered twice"):
        reg.action("a.b")(_reply)
    with pytest.raises(ValueError, match=r"message menu 'menu\.key' registered twice"):
        reg.message_menu("menu.key", area="core")(_reply)


async def test_guarded_turns_user_error_into_an_ephemeral_reply(services: Services) -> None:
    ctx = Ctx(services, UserRef.from_name("alice"), 1, lang="en")

    async def refuse() -> Reply:
        raise UserError("error.too_long", name="term", max=3)

    async def crash() -> Reply:
        raise RuntimeError("a bug")

    reply = await guarded(ctx, refuse())
    assert reply.kind is Kind.ERROR and reply.ephemeral
    assert reply.body == ctx.t("error.too_long", name="term", max=3)
    with pytest.raises(RuntimeError):  # the front end answers bugs with an id
        await guarded(ctx, crash())
    stale = await run_action(ctx, "no.such.action", "1")
    assert stale.ephemeral and stale.body == ctx.t("error.stale_button")


def test_error_ids_are_eight_hex_digits() -> None:
    ids = {new_error_id() for _ in range(50)}
    assert len(ids) == 50
    assert all(len(i) == 8 and int(i, 16) >= 0 for i in ids)
