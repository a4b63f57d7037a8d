"""Reply helpers shared by every dice command, and the `/roll` reply.

Each builder takes `tr(key, **params)` (a catalogue lookup in one language) so the same text
reaches Discord, the console and `python -m bot roll`. Each game's own replies are in its
`bot/games/<game>/view.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.dice.faces import AttackFace
from bot.dice.generic import ExprResult
from bot.i18n import plural_form
from bot.reply import Reply
from bot.tracker.names import md

Tr = Callable[..., str]


def counted(tr: Tr, key: str, n: int) -> str:
    """A counted phrase (`**1** урон`, `**5** урона`) through the one plural helper, in the
    language `tr` speaks."""
    return plural_form(n, tr(key, n=n).split("|"), tr("format.lang"))


def faces_text(faces: Sequence[AttackFace]) -> str:
    return " ".join(f"[{f.label()}]" for f in faces) if faces else "—"


def plus_minus(value: int) -> str:
    """`+2`, `−2` (a true minus sign) or `0`: a modifier or a difference on its own."""
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


def signed(value: int) -> str:
    """` + 2` / ` − 2` for a modifier in a sum; empty for 0."""
    if value == 0:
        return ""
    return f" + {value}" if value > 0 else f" − {-value}"


def calc(natural: int, *mods: int) -> str:
    """`7` or `7 + 1 − 2 = 6`: a roll and its modifiers, summed only when there are any."""
    if not any(mods):
        return str(natural)
    total = natural + sum(mods)
    shown = f"−{-total}" if total < 0 else str(total)
    return f"{natural}{''.join(signed(m) for m in mods)} = {shown}"


def expr_reply(tr: Tr, r: ExprResult) -> Reply:
    if r.kind == "attack":
        return Reply(
            title=tr(
                "dice.roll.attack_title",
                n=len(r.faces),
                damage=counted(tr, "dice.plural.attack_damage", r.total),
            ),
            body=tr(
                "dice.roll.attack_body",
                faces=faces_text(r.faces),
                normal=r.normal,
                critical=r.critical,
            ),
            footer=tr("dice.word.critical_legend"),
        )
    if r.kind == "effect":
        return Reply(title=tr("dice.roll.effect_title", total=r.total), body=r.text)
    # the expression as typed: escaped, so `**`, `||` and `<@id>` in it show as typed; the bold
    # d20 puts on a 1 and a die's highest face is said in the footer (playtest 13, G3)
    legend = tr("dice.roll.bold_legend") if "**" in r.text else ""
    return Reply(
        title=tr("dice.roll.title", expr=md(r.expr), total=r.total), body=r.text, footer=legend
    )
