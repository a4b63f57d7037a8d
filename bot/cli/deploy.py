"""`run` and `health`: the container's entry point and its health check.

`run` only connects to Discord: with no token it fails at once with a clear line and exit 2
(the bare `python -m bot` keeps opening the console in a terminal). `health` exits 0 when the
running bot refreshed its heartbeat recently, 1 otherwise (`bot/discord/heartbeat.py`).
"""

from __future__ import annotations

import argparse
import sys

from bot.config import Settings

from .texts import h

EXIT_NO_TOKEN = 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("run", help=h("run"))
    p.set_defaults(func=cmd_run)
    p = sub.add_parser("health", help=h("health"))
    p.add_argument("--max-age", type=float, default=None, help=h("opt.max_age"))
    p.set_defaults(func=cmd_health)


def cmd_run(args: argparse.Namespace, settings: Settings) -> int:
    if not settings.token:
        print(
            "arbiter run: DISCORD_TOKEN is not set; put the bot token in the environment"
            " (or .env). For the offline console run `python -m bot console` in a terminal.",
            file=sys.stderr,
        )
        return EXIT_NO_TOKEN
    from bot.discord.client import run_bot

    return run_bot(settings)


def cmd_health(args: argparse.Namespace, settings: Settings) -> int:
    from bot.discord.heartbeat import MAX_AGE, check_beat, heartbeat_of

    health = check_beat(heartbeat_of(settings), args.max_age or MAX_AGE)
    print(health.message, file=sys.stdout if health.ok else sys.stderr)
    return 0 if health.ok else 1
