"""Render a reply as plain text for the console, with the same content as the Discord embeds."""

from __future__ import annotations

from bot.i18n import file_size, t
from bot.render.safe import strip_bidi
from bot.reply import Button, Kind, Reply, Select, local_time

_MARK = {Kind.INFO: "", Kind.SUCCESS: "✔ ", Kind.ERROR: "✖ "}


def render_text(reply: Reply, lang: str = "ru") -> str:
    """Title, body, fields, footer and the actions, each action numbered for `!press N`."""
    lines: list[str] = []
    if reply.title:
        lines.append(f"{_MARK[reply.kind]}{reply.title}")
        lines.append("─" * min(60, max(8, len(reply.title))))
    elif reply.kind is not Kind.INFO and reply.body:
        lines.append(_MARK[reply.kind].strip())
    if reply.body:
        lines.append(reply.body)
    for f in reply.fields:
        lines.append("")
        lines.append(f"▸ {f.name}")
        lines.append(f.value)
    if reply.footer:
        lines.append("")
        lines.append(f"— {reply.footer}")
    for a in reply.attachments:
        lines.append(f"[📎 {a.filename}, {file_size(len(a.data), lang)}]")
    lines.extend(_actions(reply, lang))
    if reply.ephemeral and reply.kind is not Kind.ERROR:
        lines.append(t("console.only_you", lang))
    # Bidi controls in a typed name would reverse the rest of the console line too.
    return local_time(strip_bidi("\n".join(lines)).rstrip() + "\n")


def _actions(reply: Reply, lang: str) -> list[str]:
    out: list[str] = []
    n = 0
    for action in reply.actions:
        if isinstance(action, Button):
            n += 1
            off = f" ({t('console.disabled', lang)})" if action.disabled else ""
            out.append(f"  [{n}] ⟨{action.label}⟩{off}")
        elif isinstance(action, Select):
            colon = "" if action.placeholder.rstrip()[-1:] in ("?", ":", "…", "!", ".") else ":"
            out.append(f"  {action.placeholder}{colon}")
            for option in action.options:
                n += 1
                desc = f" — {option.description}" if option.description else ""
                out.append(f"    [{n}] {option.label}{desc}")
    if out:
        out.insert(0, "")
    return out


def pressable(reply: Reply) -> list[tuple[str, str]]:
    """`(action, payload)` for each numbered item, in the order `render_text` numbers them."""
    items: list[tuple[str, str]] = []
    for action in reply.actions:
        if isinstance(action, Button):
            items.append((action.action, action.payload))
        else:
            items.extend((action.action, f"{action.payload}|{o.value}") for o in action.options)
    return items
