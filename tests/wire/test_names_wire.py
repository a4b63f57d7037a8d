"""Names and Discord habits over the wire: localizations in the synced payload, clickable
command mentions, timestamps, settled confirmations and the server-only tracker."""

from __future__ import annotations

import re
from typing import Any

from bot.context import Services
from bot.i18n import t
from bot.registry import load_handlers
from tests.helpers.wire import AnyBot
from tests.wire.fakediscord import FakeDiscord, embed_text

MENTION = re.compile(r"</([a-z\- ]+):(\d+)>")


def _nodes(cmd: dict[str, Any], label: str) -> list[tuple[str, dict[str, Any]]]:
    """Every command, group, subcommand, option and choice of a synced command."""
    out = [(label, cmd)]
    for opt in cmd.get("options") or []:
        out += _nodes(opt, f"{label} {opt['name']}")
        out += [(f"{label} {opt['name']}={c['name']}", c) for c in opt.get("choices") or []]
    return out


async def test_every_synced_name_has_a_russian_localization(
    fake_discord: FakeDiscord, wire_bot: AnyBot
) -> None:
    synced = fake_discord.commands.get(None) or fake_discord.commands[fake_discord.guild_id]
    slash = [c for c in synced if c.get("type", 1) == 1]
    assert len(slash) >= 22
    nodes = [n for c in slash for n in _nodes(c, "/" + c["name"])]
    assert len(nodes) > 200
    missing = [label for label, n in nodes if not (n.get("name_localizations") or {}).get("ru")]
    assert missing == []
    for label, node in nodes:
        ru = node["name_localizations"]["ru"]
        if "=" not in label:  # names (not choice labels) follow Discord's name rules
            assert ru == ru.lower() and re.fullmatch(r"[-_\w]{1,32}", ru), (label, ru)
    game = next(c for c in slash if c["name"] == "game")
    assert game["name_localizations"] == {"ru": "игра"}
    start = next(o for o in game["options"] if o["name"] == "start")
    names = {o["name"]: o["name_localizations"]["ru"] for o in start["options"]}
    assert names["player1"] == "игрок1" and names["channeling"] == "прирост_маны"
    choices = {c["value"]: c["name_localizations"]["ru"] for c in start["options"][0]["choices"]}
    assert choices["berserk"] == "Берсерк ККИ" and choices["custom"] == "Своя игра"
    assert all(not c.get("dm_permission", True) for c in slash if c["name"] in {"game", "dmg"})


async def test_replies_mention_commands_by_their_synced_ids(
    fake_discord: FakeDiscord, wire_bot: AnyBot
) -> None:
    synced = fake_discord.commands.get(None) or fake_discord.commands[fake_discord.guild_id]
    ids = {c["name"]: c["id"] for c in synced}
    # no game yet: the refusal names the command that starts one (a seated starter's start
    # reply no longer offers /game join, playtest 19 G1)
    _, callback = await fake_discord.slash("game join")
    text = embed_text(callback.json["data"]["embeds"])
    found = MENTION.findall(text)
    assert ("game start", ids["game"]) in found, text
    assert "/игра начать" not in text  # the mention replaced the plain name
    # in the help, inside backticks, names stay text (a mention cannot render in code)
    await fake_discord.slash("help")
    _, help_cb = await fake_discord.click("arb:help.page:glossary")  # the rules page of /help
    assert "`/правило термин:… [игра] [лично]`" in embed_text(help_cb.json["data"]["embeds"])


async def test_game_log_shows_discord_timestamps(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services
) -> None:
    await fake_discord.slash("game start", {"game": "keyforge"})
    _, callback = await fake_discord.slash("game log")
    text = embed_text(callback.json["data"]["embeds"])
    at = int(services.clock())
    assert f"<t:{at}:t>" in text and "\ue000" not in text


async def test_a_settled_confirmation_loses_its_buttons(
    fake_discord: FakeDiscord, wire_bot: AnyBot
) -> None:
    await fake_discord.slash("game start", {"game": "keyforge"})
    _, confirm = await fake_discord.slash("game end")
    rows = confirm.json["data"]["components"]
    button = rows[0]["components"][0]
    assert button["label"] == t("tracker.button.end", "ru")
    _, pressed = await fake_discord.click(button["custom_id"])
    assert pressed.json["type"] == 7  # UPDATE_MESSAGE: the confirmation itself is replaced
    assert pressed.json["data"].get("components") == []
    # playtest 12 M4: the ended line says it once, not «Игра окончена.» above it
    text = embed_text(pressed.json["data"]["embeds"])
    assert "Партия окончена по команде" in text and t("live.ended", "ru") not in text


async def test_tracker_commands_refuse_direct_messages(
    fake_discord: FakeDiscord, wire_bot: AnyBot, services: Services
) -> None:
    _, callback = await fake_discord.slash("game start", {"game": "keyforge"}, dm=True)
    data = callback.json["data"]
    assert data["flags"] & 64  # ephemeral
    text = embed_text(data["embeds"])
    assert "только на сервере" in text and "</game start:" in text
    assert await services.storage.tracker.latest_game_id(int(fake_discord.alice.id) + 1) is None
    # a command of another area still works there
    _, rolled = await fake_discord.slash("roll", {"expr": "2d6"}, dm=True)
    assert "2d6" in embed_text(rolled.json["data"]["embeds"])
    assert load_handlers().commands[("game", "start")].guild_only


async def test_help_command_autocompletes_in_the_readers_language(
    fake_discord: FakeDiscord, wire_bot: AnyBot
) -> None:
    choices = await fake_discord.autocomplete("help", "command", "игра на")
    assert {"name": "/игра начать", "value": "game start"} in choices
    english = await fake_discord.autocomplete("help", "command", "game st", locale="en-US")
    assert {"name": "/game start", "value": "game start"} in english
    _, callback = await fake_discord.slash("help", {"command": "game start"})
    text = embed_text(callback.json["data"]["embeds"])
    assert "игрок1 (player1) · необязательный" in text and "Число от 0 до 50." in text
