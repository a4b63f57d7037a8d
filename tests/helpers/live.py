"""Games for the live-message tests, built through the tracker's real service and storage."""

from __future__ import annotations

from bot.context import Ctx, Services, UserRef, stable_id
from bot.handlers import tracker_ops as service
from bot.tracker.model import GameState

CHANNEL = stable_id("#table")
PLAYERS = ("alice", "bob", "carol", "dave")

# Mage Wars creature names of realistic length, to make the fit test honest.
CREATURES = (
    "Лесной медведь-страж",
    "Огненный бес из Преисподней",
    "Каменный голем Тёмной башни",
    "Сумеречный охотник",
    "Скелет-лучник",
    "Королевский грифон",
    "Призрачный рыцарь Пустоты",
    "Болотная гидра",
    "Верный пёс-ищейка",
    "Хранитель древнего святилища",
)


def ctx_for(services: Services, name: str, *, can_manage: bool = False, lang: str = "ru") -> Ctx:
    return Ctx(
        services=services,
        user=UserRef.from_name(name),
        channel_id=CHANNEL,
        guild_id=stable_id("console-guild"),
        lang=lang,
        can_manage=can_manage,
    )


async def mage_wars(services: Services, players: int = 2, units: int = 0) -> GameState:
    """A Mage Wars game with `players` mages (life 36) and `units` creatures each."""
    names = PLAYERS[:players]
    host = ctx_for(services, names[0])
    others = [UserRef.from_name(n) for n in names[1:]]
    await service.start(host, "mage-wars", others, {"life": 36})
    for name in names:
        for i in range(units):
            await service.add_unit(
                ctx_for(services, name), CREATURES[i % len(CREATURES)], None, {"life": 8 + i}
            )
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    return state


async def keyforge(services: Services) -> GameState:
    host = ctx_for(services, "alice")
    await service.start(host, "keyforge", [UserRef.from_name("bob")], {})
    state = await service.load_state(services.storage, CHANNEL)
    assert state is not None
    return state
