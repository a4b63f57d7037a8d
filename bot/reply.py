"""The neutral reply every handler returns; the Discord and text renderers turn it into output.

Actions carry a stable `action` id and a short string `payload`. On Discord they become buttons or
a select whose `custom_id` is `arb:<action>:<payload>`, so they survive a restart; in the console
they are listed and can be pressed with `!press N`.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from enum import StrEnum

CUSTOM_ID_PREFIX = "arb"
CUSTOM_ID_MAX = 100


class Kind(StrEnum):
    INFO = "info"
    SUCCESS = "success"
    ERROR = "error"


class Style(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    SUCCESS = "success"
    DANGER = "danger"


@dataclass(frozen=True)
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass(frozen=True)
class Button:
    """A button: pressing it runs the action handler `action` with `payload`."""

    label: str
    action: str
    payload: str = ""
    style: Style = Style.SECONDARY
    disabled: bool = False

    @property
    def custom_id(self) -> str:
        return custom_id(self.action, self.payload)


@dataclass(frozen=True)
class SelectOption:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class Select:
    """A select: choosing an option runs `action` with payload `"<payload>|<value>"`."""

    placeholder: str
    action: str
    options: tuple[SelectOption, ...]
    payload: str = ""

    @property
    def custom_id(self) -> str:
        return custom_id(self.action, self.payload)


Action = Button | Select


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes


@dataclass
class Reply:
    """What a command answers, independent of where it is shown."""

    title: str = ""
    body: str = ""
    fields: list[Field] = field(default_factory=list)
    footer: str = ""
    kind: Kind = Kind.INFO
    ephemeral: bool = False
    actions: list[Action] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    # For component clicks: replace the message that holds the button instead of posting anew.
    edit_origin: bool = False
    # For component clicks: acknowledge without a visible answer (something else, such as the
    # live message manager, updates the message). Elsewhere the reply is sent as usual.
    silent: bool = False

    @classmethod
    def error(cls, text: str, *, title: str = "") -> Reply:
        """A user-facing error: always ephemeral, so only the user who erred sees it."""
        return cls(title=title, body=text, kind=Kind.ERROR, ephemeral=True)


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, the last one an ellipsis when cut (Discord's limits)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def custom_id(action: str, payload: str = "") -> str:
    value = f"{CUSTOM_ID_PREFIX}:{action}:{payload}"
    if len(value) > CUSTOM_ID_MAX:
        raise ValueError(f"custom_id too long ({len(value)} > {CUSTOM_ID_MAX}): {value!r}")
    return value


# A moment in a reply, shown where the reply is rendered: `<t:…:t>` on Discord (each reader's own
# time zone), local readable time in the console. Private-use characters bracket it, so no
# markdown escaping touches it.
_STAMP_OPEN, _STAMP_CLOSE = "\ue000", "\ue001"
STAMP = re.compile(f"{_STAMP_OPEN}(\\d+):([tTdDfFR]){_STAMP_CLOSE}")


def timestamp(at: float, style: str = "t") -> str:
    """A time marker: style `t` (14:03), `f` (date and time), as Discord's `<t:…:style>`."""
    return f"{_STAMP_OPEN}{int(at)}:{style}{_STAMP_CLOSE}"


def local_time(text: str) -> str:
    """`text` with its time markers as local readable times (the console, plain text)."""

    def one(m: re.Match[str]) -> str:
        at = time.localtime(int(m.group(1)))
        return time.strftime("%H:%M" if m.group(2) in "tT" else "%d.%m.%Y %H:%M", at)

    return STAMP.sub(one, text)
