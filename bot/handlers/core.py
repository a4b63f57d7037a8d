"""`/help` and `/about`: what the bot can do and what it has loaded."""

from __future__ import annotations

from collections import Counter
from typing import Any

from bot import __version__
from bot.context import Ctx, UserRef
from bot.games import GAMES
from bot.i18n import DEFAULT_LANGUAGE, LANGUAGES, catalogue, game_name
from bot.registry import (
    Choice,
    Command,
    Option,
    action,
    command,
    command_label,
    registry,
    unknown_command,
)
from bot.reply import Action, Button, Field, Reply, Style


async def ac_command(ctx: Ctx, current: str, values: dict[str, Any]) -> list[Choice]:
    """Commands and groups whose name, in either language, contains what was typed."""
    typed = " ".join(current.lower().lstrip("/").split())
    out: list[Choice] = []
    for path in help_paths():
        names = [command_label(path, lang).lstrip("/") for lang in LANGUAGES]
        if not typed or any(typed in n for n in names):
            out.append(Choice(command_label(path, ctx.lang)[:100], " ".join(path)))
    return out[:25]


def help_paths() -> list[tuple[str, ...]]:
    """Every command and every group, in path order."""
    paths = {c.path[: i + 1] for c in registry.commands.values() for i in range(len(c.path))}
    return sorted(paths)


def usage(cmd: Command, lang: str) -> str:
    """`/правило термин:… [игра] [лично]`: the command as the reader's client shows it, syntax
    only — whose an option is (`Сила (KeyForge)`) is said by its description (en-12 MW-5: a
    label in the usage line read as syntax)."""
    opts = " ".join(
        f"{cmd.option_label(o.name, lang)}:…"
        if o.required
        else f"[{cmd.option_label(o.name, lang)}]"
        for o in cmd.options
    )
    return f"`{cmd.label(lang)}{' ' + opts if opts else ''}`"


def usage_line(cmd: Command, lang: str) -> str:
    description = catalogue().lookup(cmd.key, lang)
    line = usage(cmd, lang)
    return f"{line} — {description}" if description else line


@command(
    "help",
    area="core",
    options=[Option("command", str, autocomplete=ac_command, max_length=100)],
    private=True,
)
async def help_(ctx: Ctx, command: str | None = None) -> Reply:
    """Every command with its options, grouped by area, from the registry itself; with `command`,
    that command (or group) with each option: its meaning, range and name in each language.

    A command or area whose text is missing from the catalogue is still listed (by name, without
    a description): `check` reports the gap, and `/help` is the last place that should fail.
    """
    slug = await ctx.services.storage.tracker.active_game_slug(ctx.channel_id)
    # playtest ru-17, G3: a running game opens on its page, else the overview
    first = "tracker" if slug else ""
    reply = help_command(ctx, command, slug or "") if command else help_page(ctx, first)
    reply.ephemeral = True  # a manual is for the asker: the channel keeps to the game
    return reply


HELP_PAGE = "help.page"


def help_areas() -> list[str]:
    """The areas `/help` pages through, the general commands first."""
    areas = {c.area for c in registry.commands.values()}
    return sorted(areas, key=lambda a: (a != "core", a))


def help_page(ctx: Ctx, area: str) -> Reply:
    """One area's commands (the first area when `area` is unknown), with a button per area.

    Paged so no answer is a wall of text; the buttons edit the private message in place."""
    areas = help_areas()
    shown = area if area in areas else areas[0]
    lines = [
        usage_line(cmd, ctx.lang)
        for cmd in sorted(registry.commands.values(), key=lambda c: c.label(ctx.lang))
        if cmd.area == shown
    ]
    heading = area_name(shown, ctx.lang)
    page = ctx.t("help.page", n=areas.index(shown) + 1, total=len(areas))
    fields = [Field(heading, "\n".join(lines))]
    if shown == areas[0]:  # playtest ru-17, G3: the first page says what every page holds
        fields.insert(0, Field(ctx.t("help.overview"), overview(ctx, areas[1:])))
        heading = ctx.t("help.overview")
    buttons: list[Action] = [
        Button(
            ctx.t("help.overview") if a == areas[0] else area_name(a, ctx.lang),
            HELP_PAGE,
            a,
            style=Style.PRIMARY if a == shown else Style.SECONDARY,
            disabled=a == shown,
        )
        for a in areas
    ]
    return Reply(
        title=f"{ctx.t('help.title')} · {heading}",
        body=ctx.t("help.body"),
        fields=fields,
        footer=page,
        actions=buttons,
        ephemeral=True,
    )


def area_name(area: str, lang: str) -> str:
    """A section's heading (`help.area.<area>`), or its key when the catalogue lacks it."""
    return catalogue().lookup(f"help.area.{area}", lang) or area


def overview(ctx: Ctx, areas: list[str]) -> str:
    """One line per section with its commands, first words only (`/игра`, not each `/игра …`),
    so a reader sees where to look before paging."""
    lines = []
    for area in areas:
        paths = dict.fromkeys(c.path[:1] for c in registry.commands.values() if c.area == area)
        names = ", ".join(command_label(p, ctx.lang) for p in paths)
        lines.append(ctx.t("help.overview_line", area=area_name(area, ctx.lang), commands=names))
    return "\n".join(lines)


@action(HELP_PAGE)
async def help_page_action(ctx: Ctx, payload: str) -> Reply:
    """A page button: the same private message shows another area."""
    reply = help_page(ctx, payload)
    reply.edit_origin = True
    return reply


def find_path(text: str) -> tuple[str, ...] | None:
    """The command or group `text` names (`game start`, `/игра начать`, `игра`), any language."""
    typed = tuple(text.lower().lstrip("/").split())
    # a hyphenated name typed with a space (`о боте`, `жетон снять все`; playtest ru-17, G1)
    forms = {typed, ("-".join(typed[:2]), *typed[2:]), (*typed[:-2], "-".join(typed[-2:]))}
    for path in help_paths():
        for lang in ("", *LANGUAGES):
            words = path if not lang else tuple(command_label(path, lang).lstrip("/").split())
            if words in forms:
                return path
    return None


def help_command(ctx: Ctx, text: str, slug: str = "") -> Reply:
    """One command or group; in a channel playing a game that words the command its own way
    (`help.game_desc.<game>.<command>`: Berserk's «Излечить раны», playtest 16 B2), that wording."""
    path = find_path(text)
    if path is None:
        # G3: the near ones; only commands, never a bare group (playtest 11, G2)
        raise unknown_command("help.unknown_command", text[:50], registry.commands)
    cmds = sorted(
        (c for c in registry.commands.values() if c.path[: len(path)] == path),
        key=lambda c: c.label(ctx.lang),
    )
    cmd = registry.commands.get(path)
    title = command_label(path, ctx.lang)
    own = catalogue().lookup(f"help.game_desc.{slug}." + ".".join(path), ctx.lang) if slug else None
    description = own or catalogue().lookup("cmd." + ".".join(path), ctx.lang) or ""
    if cmd is None:  # a group: its subcommands, each with its options
        return Reply(
            title=title,
            body=description,
            fields=[
                Field(ctx.t("help.subcommands"), "\n".join(usage_line(c, ctx.lang) for c in cmds))
            ],
        )
    fields = [Field(option_heading(ctx, cmd, o), option_text(ctx, cmd, o)) for o in cmd.options]
    body = f"{description}\n{usage(cmd, ctx.lang)}" if description else usage(cmd, ctx.lang)
    if not cmd.options:
        body += "\n" + ctx.t("help.no_options")
    return Reply(title=title, body=body, fields=fields[:25])


def option_heading(ctx: Ctx, cmd: Command, opt: Option) -> str:
    """`термин (term) · обязательный`: the name as shown, the other language's, and whether it
    must be given. The English name helps a Russian reader whose Discord shows it; a Russian
    name in an English page is only noise to its reader (English walk 11, MW-6)."""
    shown = cmd.option_label(opt.name, ctx.lang)
    langs = LANGUAGES if ctx.lang == DEFAULT_LANGUAGE else ()
    others = [cmd.option_label(opt.name, lang) for lang in langs if lang != ctx.lang]
    names = shown + "".join(f" ({o})" for o in others if o != shown)
    need = ctx.t("help.required") if opt.required else ctx.t("help.optional")
    return f"{names} · {need}"


def option_text(ctx: Ctx, cmd: Command, opt: Option) -> str:
    """What the option means and which values it takes."""
    lines = [catalogue().lookup(f"{cmd.key}.opt.{opt.name}", ctx.lang) or "—"]
    # an option typed as text that takes a number says so in its own words (B3: KeyForge power)
    values = catalogue().lookup(f"{cmd.key}.opt.{opt.name}.values", ctx.lang)
    if values:
        lines.append(values)
    elif opt.choices:
        lines.append(
            ctx.t("help.choices", choices=", ".join(c.listed(ctx.lang) for c in opt.choices))
        )
    elif opt.type is int or opt.type is float:
        lo = "−∞" if opt.min_value is None else opt.min_value
        hi = "∞" if opt.max_value is None else opt.max_value
        lines.append(ctx.t("help.range", min=lo, max=hi))
    elif opt.type is bool:
        lines.append(ctx.t("help.yes_no"))
    elif opt.type is UserRef:
        lines.append(ctx.t("help.member"))
    elif opt.max_length is not None:
        lines.append(ctx.t("help.max_length", max=opt.max_length))
    return "\n".join(lines)


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
