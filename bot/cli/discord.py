"""`sync-commands [--guild ID]`: push the slash commands to Discord now, whatever the hash says."""

from __future__ import annotations

import argparse
import asyncio
import sys

from bot.config import Settings

from .texts import h


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sync-commands", help=h("sync_commands"))
    p.add_argument("--guild", type=int, help=h("opt.guild"))
    p.set_defaults(func=cmd_sync)


def cmd_sync(args: argparse.Namespace, settings: Settings) -> int:
    if not settings.token:
        print("sync-commands: DISCORD_TOKEN is not set", file=sys.stderr)
        return 2
    return asyncio.run(sync_main(settings, guild=args.guild))


async def sync_main(settings: Settings, *, guild: int | None) -> int:
    """Log in (REST only, no gateway): the setup hook syncs, forced; then close."""
    import discord

    from bot.app import create_services
    from bot.discord.client import CONNECT_ERRORS, create_bot, token_redacted

    assert settings.token is not None
    services = await create_services(settings)
    try:
        bot = create_bot(services, sync_mode="force", sync_guild=guild)
        with token_redacted(settings.token):
            async with bot:
                await bot.login(settings.token)
        target = f"guild {guild}" if guild else "all guilds (global)"
        print(f"sync-commands: synced {len(bot.tree.get_commands())} commands to {target}")
        return 0
    except discord.LoginFailure:
        print("sync-commands: Discord refused the token in DISCORD_TOKEN", file=sys.stderr)
        return 1
    except CONNECT_ERRORS as exc:
        print(f"sync-commands: cannot sync: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 1
    finally:
        await services.storage.close()
