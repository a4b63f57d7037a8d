"""Mage Wars: channeling then upkeep on /game next, Burn with seeded dice, initiative."""

from __future__ import annotations

import random

from bot.console import Console
from bot.context import Services, UserRef
from bot.games.mage_wars.dice import roll_burn
from bot.handlers import tracker_ops as service
from tests.games.seeds import seed_line
from tests.helpers.tracker import BOB, MakeCtx, unit


async def test_mage_wars_channeling_then_upkeep(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 30, "channeling": 8})
    await service.add_unit(alice, "Тролль", None, {"life": 12, "regenerate": 2})
    await service.add_unit(alice, "Волк", BOB, {"life": 6})
    await service.damage(alice, "Тролль", 3)
    for token, n in (("burn", 3), ("bleed", 1), ("rot", 1)):
        await service.token(alice, "Тролль", token, n)
    await service.token(alice, "Волк", "rot", 2)
    await service.mana(alice, -4)

    expected = roll_burn(3, random.Random(7))
    out = await service.next_round(alice, random.Random(7))
    state = out.state
    assert state.round == 2 and state.active_player is not None
    assert state.active_player.name == "bob"  # initiative passes
    # Channeling: alice 6 + 8, bob 10 + 8
    assert unit(state, "alice").value("mana") == 14 and unit(state, "bob").value("mana") == 18
    # Upkeep for the troll: Burn dice, Bleed 1, Rot 1, then Regenerate 2: one point removes the
    # Bleed token instead of a damage (seed 000 line 19), the other heals one damage.
    troll = unit(state, "Тролль")
    dealt = expected.damage + 2
    assert troll.value("damage") == 3 + dealt - 1
    assert troll.value("bleed") == 0
    assert troll.value("burn") == expected.tokens_left
    burn = next(n for n in out.notes if n.key == "tracker.note.burn")
    assert burn.params["rolls"] == expected.faces()
    assert burn.params["damage"] == expected.damage
    assert unit(state, "Волк").value("damage") == 2
    keys = [n.key for n in out.notes]
    assert keys.index("tracker.note.burn") < keys.index("tracker.note.bleed")
    assert keys.index("tracker.note.rot") < keys.index("tracker.note.regenerate")
    # the whole round is one undoable step
    before, _ = await service.undo(alice)
    assert before.round == 1
    assert unit(before, "Тролль").value("damage") == 3
    assert unit(before, "Тролль").value("burn") == 3
    assert unit(before, "alice").value("mana") == 6


async def test_mage_wars_upkeep_can_destroy_and_end(services: Services, make_ctx: MakeCtx) -> None:
    alice = make_ctx("alice")
    await service.start(alice, "mage-wars", [BOB], {"life": 20})
    await service.damage(alice, "bob", 19)
    await service.token(alice, "bob", "rot", 1)
    await service.add_unit(alice, "Гидра", None, {"life": 3, "regenerate": 5})
    await service.damage(alice, "Гидра", 2)
    await service.token(alice, "Гидра", "bleed", 1)
    out = await service.next_round(alice, random.Random(1))
    keys = [n.key for n in out.notes]
    assert keys.count("tracker.note.destroyed") == 1
    assert out.notes[-1].key == "tracker.note.winner" and out.notes[-1].params == {"name": "alice"}
    # Bleed would kill the hydra (2 + 1 = 3), so Regenerate goes first, and says so: it removes
    # the Bleed token (which then deals nothing) and heals the 2 damage.
    hydra = unit(out.state, "Гидра")
    assert not hydra.destroyed and hydra.value("damage") == 0 and hydra.value("bleed") == 0
    assert "tracker.note.mw_regenerate_first" in keys
    assert out.state.status == "ended"


async def test_initiative_skips_players_whose_mage_fell(
    services: Services, make_ctx: MakeCtx
) -> None:
    alice = make_ctx("alice")
    others = [UserRef.from_name(n) for n in ("bob", "carol")]
    await service.start(alice, "mage-wars", others, {"life": 10})
    await service.damage(alice, "bob", 10)
    out = await service.next_round(alice, random.Random(3))
    assert out.state.active_player is not None and out.state.active_player.name == "carol"


async def test_the_round_report_reads_in_the_order_of_play(console: Console) -> None:
    """Playtest 9 M5, playtest 10 M3: the end of the last round first, then the new round's
    mana, then Upkeep with each cause just above the damage it dealt; the Burn note says how many
    markers are left, so no separate «горение: 2 → 1» line repeats it."""
    seed_line("000", 68, "Все жетоны Daze удаляются в конце фазы действий существа")
    seed_line("000", 19, "Во время фазы Содержание нанесите 1 повреждение существу")
    await console.execute("/game start game:mage-wars player1:bob life:36")
    await console.execute("/unit add name:Волк life:8")
    await console.execute("/unit add name:Скелет owner:bob life:6")
    await console.execute("/token add target:Волк token:bleed count:2")
    await console.execute("/token add target:Скелет token:burn count:2")
    await console.execute("/token add target:Скелет token:daze")
    lines = (await console.execute("/game next")).strip().splitlines()
    at = {key: next(i for i, line in enumerate(lines) if key in line) for key in KEYS}
    assert at["Конец раунда"] < at["alice · мана"] < at["🩸 Волк"] < at["🔥 Скелет"]
    assert lines[at["🩸 Волк"] + 1] == "Волк · повреждения: 0 → 2 · ❤ 6/8"
    assert not any(line.startswith("Скелет · горение") for line in lines)
    burn = lines[at["🔥 Скелет"]]
    if "— 0 повреждений" not in burn:  # the dice decide what it dealt; the damage line follows
        assert lines[at["🔥 Скелет"] + 1].startswith("Скелет · повреждения: 0 → ")


KEYS = ("Конец раунда", "alice · мана", "🩸 Волк", "🔥 Скелет")
