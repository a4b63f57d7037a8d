"""Commands declared once: name, options and handler. Discord cogs and the console both read this.

A handler is `async def handler(ctx: Ctx, **options) -> Reply`. Descriptions come from the message
catalogue under `cmd.<path>` (command) and `cmd.<path>.opt.<option>` (option), where `<path>` is the
command path joined with dots (`cmd.mw.attack`). Group descriptions live under `cmd.<group>`.

Handlers signal bad input by raising `UserError(key, **params)`; the dispatcher turns it into an
ephemeral error reply in the user's language.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
import secrets
from collections.abc import Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from bot.context import Ctx, UserRef
from bot.i18n import catalogue, listed_name
from bot.metrics import count_fault
from bot.reply import Kind, Reply
from bot.storage.errors import StorageFault
from bot.storage.scope import one_command

log = logging.getLogger("arbiter.storage")

Handler = Callable[..., Awaitable[Reply]]
ActionHandler = Callable[[Ctx, str], Awaitable[Reply]]
OptionType = type[str] | type[int] | type[float] | type[bool] | type[UserRef]


class UserError(Exception):
    """Bad input or a refused action: shown to the user as an ephemeral catalogue message."""

    def __init__(self, key: str, /, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def reply(self, ctx: Ctx) -> Reply:
        params = {
            k: v.get(ctx.lang) if isinstance(v, Localized) else v for k, v in self.params.items()
        }
        key = catalogue().listing_key(self.key, self.params)  # an empty list: its own wording
        return Reply.error(ctx.t(key, **params))


@dataclass(frozen=True)
class Localized:
    """A message parameter that differs by language, such as an option's Russian name."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    @classmethod
    def option_name(cls, option: Option, cmd: Command | Sequence[str] | None = None) -> Localized:
        """The option as the user sees it on Discord (its catalogue name in each language)."""
        return cls(ru=option_label(cmd, option.name, "ru"), en=option_label(cmd, option.name, "en"))


# --- names as the client shows them ------------------------------------------------------------
# Every command word and option has a name in each language in the catalogue: `cmd.<path>.name`
# for a command or group (`cmd.game.name`, `cmd.game.start.name`), and for an option
# `cmd.<path>.opt.<option>.name`, falling back to the shared `opt.<option>.name` (one Russian
# name for `target` wherever it appears). The English name is the declared one (a contract);
# `check` reports a missing or different one.


def command_name_key(path: Sequence[str]) -> str:
    return "cmd." + ".".join(path) + ".name"


def option_name_keys(path: Sequence[str] | None, option: str) -> tuple[str, ...]:
    """Where an option's names are looked up, the command's own first."""
    shared = f"opt.{option}.name"
    return (f"cmd.{'.'.join(path)}.opt.{option}.name", shared) if path else (shared,)


def option_name_key(path: Sequence[str] | None, option: str) -> str | None:
    """The catalogue key that names this option, or None when the catalogue lacks it."""
    cat = catalogue()
    return next((k for k in option_name_keys(path, option) if k in cat), None)


def command_word(path: Sequence[str], lang: str) -> str:
    """The last word of `path` as the client shows it in `lang` (the declared word as fallback)."""
    return catalogue().lookup(command_name_key(path), lang) or path[-1]


def command_label(path: Sequence[str], lang: str) -> str:
    """`/игра старт` or `/game start`: the whole command as the reader's client shows it."""
    return "/" + " ".join(command_word(path[: i + 1], lang) for i in range(len(path)))


def option_label(cmd: Command | Sequence[str] | None, option: str, lang: str) -> str:
    """An option's name as the reader's client shows it (the declared name as fallback)."""
    path = cmd.path if isinstance(cmd, Command) else cmd
    key = option_name_key(path, option)
    return (catalogue().lookup(key, lang) if key else None) or option


@dataclass(frozen=True)
class CommandLabel(Localized):
    """A command as a message parameter: `/игра начать` in Russian, `/game start` in English.

    Messages write the slash themselves (`/{command}`), so the label has none unless `slash`."""

    def __init__(self, path: Sequence[str], *, slash: bool = False) -> None:
        for lang in ("ru", "en"):
            label = command_label(path, lang)
            object.__setattr__(self, lang, label if slash else label.lstrip("/"))


SIMILAR = 0.8  # how close a typed word must be to a command's word to be suggested


def similar_paths(
    text: str, paths: Sequence[Sequence[str]], limit: int = 3
) -> list[tuple[str, ...]]:
    """Commands a mistyped or partial name may mean (playtest 6, G3: «атака» → /мв атака): those
    with a word, in any language, equal to or close to a typed word. A command matching more of
    the typed words wins, and only the best are offered (playtest 11, G2: «mw атака» → /мв атака
    alone, not /мв and /мв действие before it)."""
    typed = [w for w in text.lower().lstrip("/").split() if w]
    scored: list[tuple[float, tuple[str, ...]]] = []
    for path in paths:
        words = {w.lower() for lang in ("ru", "en") for w in command_label(path, lang)[1:].split()}
        words.update(w.lower() for w in path)
        ratios = [
            max((SequenceMatcher(None, t, w).ratio() for w in words if _may_match(t, w)), default=0)
            for t in typed
        ]
        score = sum(r for r in ratios if r >= SIMILAR)
        if score:
            scored.append((score, tuple(path)))
    if not scored:
        return []
    top = max(s for s, _ in scored)
    best = sorted((p for s, p in scored if s >= top - 1e-9), key=lambda p: (len(p), p))
    return best[:limit]


def _may_match(a: str, b: str) -> bool:
    """Whether two words' lengths allow a ratio of `SIMILAR`: it is at most 2·min / (a + b), so
    one more than 1.5 times the other never gets there (and a long typed word costs nothing)."""
    short, long = sorted((len(a), len(b)))
    return 2 * short >= SIMILAR * (short + long) - 1e-9  # float rounding never drops a match


def similar_commands(text: str, paths: Sequence[Sequence[str]]) -> Localized | None:
    """The near matches as one list in each language («/мв атака, /мв зона»), or None."""
    found = similar_paths(text, paths)
    if not found:
        return None
    return Localized(
        ru=", ".join(command_label(p, "ru") for p in found),
        en=", ".join(command_label(p, "en") for p in found),
    )


def unknown_command(key: str, name: str, paths: Iterable[tuple[str, ...]]) -> UserError:
    """No command `name`: the refusal `key`, or `<key>_near` naming the near commands (G3)."""
    near = similar_commands(name, sorted(paths))
    return UserError(key + "_near", name=name, near=near) if near else UserError(key, name=name)


def new_error_id() -> str:
    """The id an unexpected failure is shown with and logged under (8 hex digits)."""
    return secrets.token_hex(4)


@dataclass(frozen=True)
class Choice:
    """An autocomplete suggestion or a fixed choice: `name` is shown, `value` is submitted.

    A fixed choice's `name` may be a catalogue key (then shown in the reader's language);
    `aliases` are other words the console accepts for it (`mw`, `мв`)."""

    name: str
    value: str
    aliases: tuple[str, ...] = ()

    def label(self, lang: str) -> str:
        """The name as the reader's client shows it."""
        return catalogue().lookup(self.name, lang) or self.name

    def listed(self, lang: str) -> str:
        """The name as it stands in a list joined by commas (playtest 16 G2)."""
        return listed_name(self.name, lang)


def game_choices(include_custom: bool = False) -> tuple[Choice, ...]:
    """The games as a fixed choice: localized names (`game.<slug>`), slugs submitted."""
    from bot.games import ALL_GAMES, GAMES

    games = ALL_GAMES if include_custom else GAMES
    return tuple(Choice(f"game.{g.slug}", g.slug, g.aliases) for g in games.values())


Autocomplete = Callable[[Ctx, str, dict[str, Any]], Awaitable[list[Choice]]]


@dataclass(frozen=True)
class Option:
    name: str
    type: OptionType = str
    required: bool = False
    choices: tuple[Choice, ...] = ()
    autocomplete: Autocomplete | None = None
    min_value: int | float | None = None
    max_value: int | float | None = None
    min_length: int | None = None
    max_length: int | None = None


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    handler: Handler
    options: tuple[Option, ...]
    area: str
    # Only in a server channel (a game at a table): refused in DMs, hidden there on Discord.
    guild_only: bool = False
    # Always answered privately (`/help`, `/game export`): deferred privately too, so nothing
    # flashes in the channel while it runs.
    private: bool = False

    @property
    def qualified_name(self) -> str:
        return " ".join(self.path)

    @property
    def key(self) -> str:
        return "cmd." + ".".join(self.path)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    def label(self, lang: str) -> str:
        """The command as the reader's client shows it: `/игра старт`."""
        return command_label(self.path, lang)

    def option_label(self, name: str, lang: str) -> str:
        return option_label(self, name, lang)


MenuHandler = Callable[[Ctx, str], Awaitable[Reply]]

# Areas whose commands need a server channel: a tracked game is a table others can join.
GUILD_ONLY_AREAS = frozenset({"tracker"})


@dataclass(frozen=True)
class MessageMenu:
    """A message context-menu command: the handler gets the message text."""

    key: str
    handler: MenuHandler
    area: str


ChatListener = Callable[[Ctx, str], Awaitable[Reply | None]]


@dataclass
class Registry:
    commands: dict[tuple[str, ...], Command] = field(default_factory=dict)
    actions: dict[str, ActionHandler] = field(default_factory=dict)
    menus: dict[str, MessageMenu] = field(default_factory=dict)
    # Handlers for plain chat messages (inline `[[term]]`); None means "not for me".
    chat_listeners: list[ChatListener] = field(default_factory=list)

    def command(
        self,
        *path: str,
        area: str,
        options: Sequence[Option] = (),
        private: bool = False,
    ) -> Callable[[Handler], Handler]:
        """Register a handler under `path` (one or two words, e.g. `"mw", "attack"`).

        Its names in each language come from the catalogue (`cmd.<path>.name`)."""

        def decorator(fn: Handler) -> Handler:
            if path in self.commands:
                raise ValueError(f"command {' '.join(path)!r} registered twice")
            self.commands[path] = Command(
                path,
                fn,
                tuple(options),
                area,
                guild_only=area in GUILD_ONLY_AREAS,
                private=private,
            )
            return fn

        return decorator

    def action(self, name: str) -> Callable[[ActionHandler], ActionHandler]:
        """Register the handler a button or select with this action id runs."""

        def decorator(fn: ActionHandler) -> ActionHandler:
            if name in self.actions:
                raise ValueError(f"action {name!r} registered twice")
            self.actions[name] = fn
            return fn

        return decorator

    def message_menu(self, key: str, *, area: str) -> Callable[[MenuHandler], MenuHandler]:
        """Register a message context menu; its name is the catalogue text `key`."""

        def decorator(fn: MenuHandler) -> MenuHandler:
            if key in self.menus:
                raise ValueError(f"message menu {key!r} registered twice")
            self.menus[key] = MessageMenu(key, fn, area)
            return fn

        return decorator

    def chat_listener(self, fn: ChatListener) -> ChatListener:
        """Register a handler for plain chat messages; it returns None to stay silent."""
        self.chat_listeners.append(fn)
        return fn

    def by_area(self, area: str) -> list[Command]:
        return [c for c in self.commands.values() if c.area == area]

    def areas(self) -> list[str]:
        return sorted(
            {c.area for c in self.commands.values()} | {m.area for m in self.menus.values()}
        )


registry = Registry()
command = registry.command
action = registry.action
message_menu = registry.message_menu
chat_listener = registry.chat_listener

_loaded = False


def load_handlers() -> Registry:
    """Import every module in `bot.handlers`, and each game's presentation (`bot.games.<game>.ui`),
    once so their decorators register. Games are discovered, never listed."""
    global _loaded
    if not _loaded:
        import bot.games as games
        import bot.handlers as pkg

        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
            importlib.import_module(f"{pkg.__name__}.{info.name}")
        games.ui_modules()
        _loaded = True
    return registry


ErrorMap = Callable[[Exception], "UserError | None"]
_error_maps: list[ErrorMap] = []


def maps_errors(fn: ErrorMap) -> ErrorMap:
    """Register a translator from a core module's own exceptions to a `UserError` (the pure
    engines raise their own types; the handler layer says which catalogue message each is)."""
    _error_maps.append(fn)
    return fn


def as_user_error(exc: Exception) -> UserError | None:
    """`exc` as the user's message: itself if a `UserError`, a registered translation, or None."""
    if isinstance(exc, UserError):
        return exc
    for fn in _error_maps:
        found = fn(exc)
        if found is not None:
            return found
    return None


ReplyHook = Callable[["Command", Ctx, Reply], Awaitable[Reply]]
_reply_hooks: list[ReplyHook] = []


def after_reply(fn: ReplyHook) -> ReplyHook:
    """Register a pass over every command's non-error reply (playtest 7, G1: another game's roll
    in a running game says so), so no handler has to remember it."""
    _reply_hooks.append(fn)
    return fn


async def guarded(ctx: Ctx, work: Awaitable[Reply]) -> Reply:
    """Await a handler's reply, turning `UserError` (or a core exception a registered `maps_errors`
    translator knows) into its ephemeral message.

    Other exceptions propagate: each front end answers them with an apology and an error id.
    """
    try:
        with one_command():  # each game's version is checked once per command
            return await work
    except StorageFault as exc:  # a machine fault, named in words; nothing was written
        log.warning("storage fault: %s: %s", type(exc).__name__, exc)
        count_fault(exc)
        return UserError(exc.key).reply(ctx)
    except Exception as exc:
        user = as_user_error(exc)
        if user is None:
            raise
        return user.reply(ctx)


async def run_command(cmd: Command, ctx: Ctx, values: dict[str, Any]) -> Reply:
    """Call a command's handler with typed option values (a server-only one refused in a DM)."""
    if cmd.guild_only and ctx.guild_id is None:
        return Reply.error(ctx.t("error.server_only", command=CommandLabel(cmd.path).get(ctx.lang)))
    reply = await guarded(ctx, cmd.handler(ctx, **values))
    for hook in _reply_hooks:
        if reply.kind is not Kind.ERROR:
            reply = await guarded(ctx, hook(cmd, ctx, reply))
    return reply


async def run_action(ctx: Ctx, action_id: str, payload: str) -> Reply:
    """Run the handler behind a button or select; an unknown action is a stale button."""
    handler = registry.actions.get(action_id)
    if handler is None:
        return Reply.error(ctx.t("error.stale_button"))
    return await guarded(ctx, handler(ctx, payload))
