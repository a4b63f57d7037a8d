"""`/kf fight` over the wire (issue 16): synced with its Russian names, and one short line with
the life each side has left (published rules, docs/rules.md; seed 004:39 Броня)."""

from __future__ import annotations

from bot.context import Services
from tests.games.seeds import seed_line
from tests.helpers.wire import AnyBot
from tests.wire.fakediscord import FakeDiscord, embed_text


async def test_kf_fight_is_synced_and_answers_in_one_line(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services
) -> None:
    # seed 004:39 «Броня предотвращает объём урона»
    seed_line("004", 39, "Броня предотвращает объём урона")
    synced = fake_discord.commands.get(None) or fake_discord.commands[fake_discord.guild_id]
    kf = next(c for c in synced if c["name"] == "kf")
    fight = next(o for o in kf["options"] if o["name"] == "fight")
    assert fight["name_localizations"]["ru"] == "бой"
    names = {o["name"]: o["name_localizations"]["ru"] for o in fight["options"]}
    assert names == {"attacker": "атакующий", "target": "цель"}
    await fake_discord.slash("game start", {"game": "keyforge", "player1": fake_discord.bob})
    await fake_discord.slash("unit add", {"name": "Тролль", "life": 8, "traits": "броня 1"})
    await fake_discord.slash("unit add", {"name": "Гоблин", "life": 3, "owner": fake_discord.bob})
    _, reply = await fake_discord.slash("kf fight", {"attacker": "Тролль", "target": "Гоблин"})
    text = embed_text(reply.json["data"]["embeds"])
    assert text.strip().splitlines()[0] == (
        "⚔ Бой: Тролль → Гоблин. Цель получает 8 урона — 💀 уничтожена. "
        "Атакующий получает 3 урона: броня 1 предотвращает 1 урон — теперь на нём 2 урона "
        "(сила 8, до уничтожения ещё 6)."
    )
