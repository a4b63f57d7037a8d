"""Core subcommands: the default run, `console` and `check`."""

from __future__ import annotations

import argparse
import asyncio
import io
import sys

from bot.app import create_services
from bot.config import Settings
from bot.i18n import t

from .texts import add_lang, h


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("console", help=h("console"))
    p.add_argument("--db", help=h("opt.db"))
    p.add_argument("--user", default="player", help=h("opt.user"))
    p.add_argument("--channel", default="table", help=h("opt.channel"))
    add_lang(p)
    p.add_argument("--plain", action="store_true", help=h("opt.plain"))
    p.set_defaults(func=cmd_console)

    p = sub.add_parser("check", help=h("check"))
    p.set_defaults(func=cmd_check)


def cmd_console(args: argparse.Namespace, settings: Settings) -> int:
    return asyncio.run(
        console_main(
            settings,
            db=args.db,
            user=args.user,
            channel=args.channel,
            lang=args.lang or args.top_lang,
            plain=args.plain,
        )
    )


async def console_main(
    settings: Settings,
    *,
    db: str | None = None,
    user: str = "player",
    channel: str = "table",
    lang: str | None = None,
    plain: bool = False,
) -> int:
    from bot.console import Console, run_console

    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are not UTF-8 must not end the run
        sys.stdin.reconfigure(errors="replace")
    services = await create_services(settings, db_path=db)
    try:
        console = Console(services, user=user, channel=channel, lang=lang or settings.locale)
        console.plain = plain
        if sys.stdin.isatty():
            print(t("console.welcome", console.lang))
        return await run_console(console)
    finally:
        await services.storage.close()


def cmd_check(args: argparse.Namespace, settings: Settings) -> int:
    from bot.checks import run_checks

    report, problems = run_checks()
    for line in report:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s):", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print("check: OK")
    return 0


def run_default(args: argparse.Namespace, settings: Settings) -> int:
    """Connect to Discord when a token is set; otherwise say so and open the console."""
    if settings.token:
        from bot.discord.client import run_bot

        return run_bot(settings)
    print(t("console.no_token", settings.locale), file=sys.stderr)
    return asyncio.run(console_main(settings))
