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
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.context import Ctx, UserRef
from bot.reply import Reply
from bot.storage.errors import StorageFault

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
        return Reply.error(ctx.t(self.key, **params))


@dataclass(frozen=True)
class Localized:
    """A message parameter that differs by language, such as an option's Russian name."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en

    @classmethod
    def option_name(cls, option: Option) -> Localized:
        """The option as the user sees it on Discord: its Russian name in Russian, if any."""
        return cls(ru=option.ru_name or option.name, en=option.name)


def new_error_id() -> str:
    """The id an unexpected failure is shown with and logged under (8 hex digits)."""
    return secrets.token_hex(4)


@dataclass(frozen=True)
class Choice:
    """An autocomplete suggestion or a fixed choice: `name` is shown, `value` is submitted."""

    name: str
    value: str


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
    ru_name: str | None = None


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    handler: Handler
    options: tuple[Option, ...]
    area: str
    ru_names: tuple[str, ...] | None = None

    @property
    def qualified_name(self) -> str:
        return " ".join(self.path)

    @property
    def key(self) -> str:
        return "cmd." + ".".join(self.path)

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)


MenuHandler = Callable[[Ctx, str], Awaitable[Reply]]


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
        ru_names: tuple[str, ...] | None = None,
    ) -> Callable[[Handler], Handler]:
        """Register a handler under `path` (one or two words, e.g. `"mw", "attack"`)."""

        def decorator(fn: Handler) -> Handler:
            if path in self.commands:
                raise ValueError(f"command {' '.join(path)!r} registered twice")
            self.commands[path] = Command(path, fn, tuple(options), area, ru_names)
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
    """Import every module in `bot.handlers`, and each game's `bot.games.<game>.commands` where
    the game has one, once so their decorators register. Games are discovered, never listed."""
    global _loaded
    if not _loaded:
        import bot.games as games
        import bot.handlers as pkg

        for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda i: i.name):
            importlib.import_module(f"{pkg.__name__}.{info.name}")
        for info in sorted(pkgutil.iter_modules(games.__path__), key=lambda i: i.name):
            name = f"{games.__name__}.{info.name}.commands"
            if info.ispkg and importlib.util.find_spec(name) is not None:
                importlib.import_module(name)
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


async def guarded(ctx: Ctx, work: Awaitable[Reply]) -> Reply:
    """Await a handler's reply, turning `UserError` (or a core exception a registered `maps_errors`
    translator knows) into its ephemeral message.

    Other exceptions propagate: each front end answers them with an apology and an error id.
    """
    try:
        return await work
    except StorageFault as exc:  # a machine fault, named in words; nothing was written
        log.warning("storage fault: %s: %s", type(exc).__name__, exc)
        return UserError(exc.key).reply(ctx)
    except Exception as exc:
        user = as_user_error(exc)
        if user is None:
            raise
        return user.reply(ctx)


async def run_command(cmd: Command, ctx: Ctx, values: dict[str, Any]) -> Reply:
    """Call a command's handler with typed option values."""
    return await guarded(ctx, cmd.handler(ctx, **values))


async def run_action(ctx: Ctx, action_id: str, payload: str) -> Reply:
    """Run the handler behind a button or select; an unknown action is a stale button."""
    handler = registry.actions.get(action_id)
    if handler is None:
        return Reply.error(ctx.t("error.stale_button"))
    return await guarded(ctx, handler(ctx, payload))
