"""`/help` and `/about`: what the bot can do and what it has loaded."""

from __future__ import annotations

from collections import Counter

from bot import __version__
from bot.context import Ctx
from bot.games import GAMES
from bot.i18n import catalogue, game_name
from bot.registry import command, registry
from bot.reply import Field, Reply


@command("help", area="core")
async def help_(ctx: Ctx) -> Reply:
    """Every command with its options, grouped by area, from the registry itself.

    A command or area whose text is missing from the catalogue is still listed (by name, without
    a description): `check` reports the gap, and `/help` is the last place that should fail.
    """
    cat = catalogue()
    by_area: dict[str, list[str]] = {}
    for cmd in sorted(registry.commands.values(), key=lambda c: c.path):
        opts = " ".join(f"{o.name}:…" if o.required else f"[{o.name}]" for o in cmd.options)
        line = f"`/{cmd.qualified_name}{' ' + opts if opts else ''}`"
        description = cat.lookup(cmd.key, ctx.lang)
        by_area.setdefault(cmd.area, []).append(f"{line} — {description}" if description else line)
    fields = [
        Field(cat.lookup(f"help.area.{area}", ctx.lang) or area, "\n".join(lines))
        for area, lines in sorted(by_area.items())
    ]
    return Reply(title=ctx.t("help.title"), body=ctx.t("help.body"), fields=fields)


@command("about", area="core")
async def about(ctx: Ctx) -> Reply:
    """Version, the games whose glossaries are loaded with entry counts, and uptime."""
    counts: Counter[str] = Counter()
    try:
        counts.update(entry.game for entry in ctx.services.glossary.entries)
    except Exception:  # a broken data file must not break /about; `check` reports it
        counts.clear()
    games = "\n".join(
        f"{game_name(slug, ctx.lang)} (`{slug}`): {counts.get(slug, 0)}" for slug in GAMES
    )
    uptime = int(ctx.services.clock() - ctx.services.started_at)
    hours, rest = divmod(max(uptime, 0), 3600)
    minutes, seconds = divmod(rest, 60)
    return Reply(
        title=ctx.t("about.title"),
        body=ctx.t("about.body"),
        fields=[
            Field(ctx.t("about.version"), __version__, inline=True),
            Field(ctx.t("about.uptime"), f"{hours:d}:{minutes:02d}:{seconds:02d}", inline=True),
            Field(ctx.t("about.games"), games or "—"),
        ],
    )
