"""English walk 4 (issue 17, `docs/playtest-en-4.md`): the Conquest slips CQ-3–CQ-5 and the
KeyForge slips KF-1, KF-3–KF-6, pinned in the console's English (and Russian where changed)."""

from __future__ import annotations

from bot.console import Console
from bot.context import Services
from tests.helpers.tracker import state_of


async def _conquest(console: Console, extra: str = "") -> str:
    console.lang = "en"
    console.user = "Anna"
    return await console.execute(
        f"/game start game:conquest player2:Vicky hale:7 bloodied:4 {extra}".strip()
    )


async def test_cq3_damage_and_shield_tokens_get_one_consistent_message(
    console: Console, services: Services
) -> None:
    """Damage is dealt with /dmg, a shield card is marked with /token: both refusals say so."""
    await _conquest(console)
    await console.execute("/unit add name:Ork Kannon life:3")
    before = await state_of(services)
    damage = await console.execute("/token add target:Ork Kannon token:damage")
    other = await console.execute("/token add target:Ork Kannon token:xyz")
    for out in (damage, other):
        assert "/token add token:shield count:N (N = the shield icons on the card)" in out
        assert "/heal" in out and "is not a token" not in out and "not a token but" not in out
    assert "Damage tokens are placed with /dmg target:Ork Kannon amount:N" in damage
    assert "Conquest has no “xyz” token. Damage goes on cards as damage tokens" in other
    assert await state_of(services) == before
    out = await console.execute("/token add target:Ork Kannon token:shield count:1")
    assert "a shield for 1 damage" in out
    console.lang = "ru"
    out = await console.execute("/жетон добавить цель:Ork Kannon жетон:урон")
    assert "Значки урона кладёт /урон цель:Ork Kannon урон:N" in out
    assert "/жетон добавить жетон:карта щита сколько:N" in out


async def test_cq5_the_start_asks_for_the_warlords_hp_in_the_words_it_uses_later(
    console: Console,
) -> None:
    console.lang = "en"
    out = await console.execute("/game start game:conquest player2:Vicky")
    assert "Give the Warlord's HP for both sides of the card: hale:7 bloodied:4" in out
    assert "health" not in out
