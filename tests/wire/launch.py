"""Run the real bot process against a fake Discord on loopback.

`python -m tests.wire.launch API_BASE GATEWAY_URL [CLI ARGS…]` points discord.py's REST base and
gateway at the fake (as the wire fixtures do in-process), then runs the CLI (default: `run`),
so the process under test is `python -m bot run` in everything but those two addresses.
"""

from __future__ import annotations

import sys

import discord.gateway
import discord.http
import yarl


def main() -> int:
    api, gateway, *args = sys.argv[1:]
    discord.http.Route.BASE = api
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway)
    from bot.cli import main as cli_main

    return cli_main(args or ["run"])


if __name__ == "__main__":
    raise SystemExit(main())
