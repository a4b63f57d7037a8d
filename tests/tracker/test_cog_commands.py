"""The tracker commands through the real Discord layer (SimCord): options, autocomplete, access."""

from __future__ import annotations

from bot.handlers import tracker_ops as service
from tests.helpers.cogs import Table, simcord_bot, table

__all__ = ["simcord_bot", "table"]  # fixtures shared with tests/cogs


async def test_game_through_slash_commands(table: Table) -> None:
    # the live message has its own tests (tests/cogs/test_tracker.py); here only the commands
    table.services.game_changed_hooks.clear()
    table.services.live = None
    alice, bob = table.alice, table.bob
    started = await alice.slash(table.channel, "game start", game="mage-wars", life=25)
    assert "Mage Wars" in table.text(started)
    state = await service.load_state(table.services.storage, table.channel.id)
    assert state is not None and [p.user_id for p in state.participants] == [alice.id]
    await alice.slash(table.channel, "unit add", name="Goblin", life=5, armor=1)
    choices = await alice.autocomplete(table.channel, "dmg", "target", "gob")
    assert [c["value"] if isinstance(c, dict) else c.value for c in choices] == ["Goblin"]
    hit = await alice.slash(table.channel, "dmg", target="Goblin", amount=2)
    assert "Goblin · damage: 0 → 2" in table.text(hit)
    # bob is not a participant and has no Manage Messages: refused, privately
    refused = await bob.slash(table.channel, "dmg", target="Goblin", amount=2)
    assert "Only this game's players" in table.text(refused)
    assert refused.response.flags.ephemeral
    joined = await bob.slash(table.channel, "game join")
    assert "joins the game" in table.text(joined)
    await bob.slash(table.channel, "dmg", target="Goblin", amount=3)
    state = await service.load_state(table.services.storage, table.channel.id)
    assert state is not None
    goblin = next(u for u in state.units if u.name == "Goblin")
    assert goblin.destroyed
    undone = await bob.slash(table.channel, "game undo")
    assert "1 step undone" in table.text(undone)
