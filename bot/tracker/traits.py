"""A card's traits as typed at `/unit add traits:` («Бесплотный, Эгида 1, броня 2»), read
against the game's template: each name is one of its declared `traits`, a number follows those
that carry one (Aegis X, Tough −X), and a yes/no trait or a token stands alone (issue 16).

A game may read more than «name N» (`TraitReader`, its plugin): what follows the number
(«Защитное поле 2 горение 7+»), a part that names no trait as the rest of the trait before it
(«…, 2 горение 10+»), or a trait typed with no number."""

from __future__ import annotations

import re
from typing import Protocol

from bot.tracker.errors import GameRef, NameList, TrackerError
from bot.tracker.templates import StatDef, Template

MAX_TRAIT_VALUE = 99
_PART = re.compile(r"^(?P<name>.*?)\s*[:=]?\s*(?:(?P<sign>[+\-–−])\s*)?(?P<n>\d+)?$")
_SPLIT = re.compile(r"[,;\n]+")
_NUMBER = re.compile(r"\s*[:=]?\s*\(?[+\-–−]?\s*(?:\d+|[XxХх])\)?$")


class TraitReader(Protocol):
    """The game's own reading of a trait (`GamePlugin.read_trait`)."""

    def read_trait(
        self, tpl: Template, key: str, number: int | None, rest: str, *, more: bool = False
    ) -> dict[str, int] | None: ...


def _trait_key(tpl: Template, name: str, *, plus: bool = False) -> str | None:
    """`plus`: typed with a «+» («Ближний бой +1»), so a «name +X» trait wins over «name»."""
    signed = tpl.resolve_stat(f"{name} +X")
    if plus and signed is not None and signed in tpl.traits:
        return signed
    key = tpl.resolve_stat(name) or tpl.resolve_token(name)
    if key is None or key not in tpl.traits:  # «Ярость 2» for the trait «Ярость +X»
        key = signed or key
    return key if key is not None and key in tpl.traits else None


def _split(tpl: Template, part: str) -> tuple[str | None, int | None, str]:
    """The trait a part names, its number and what follows them (the longest name wins)."""
    words = part.split()
    for i in range(len(words), 0, -1):
        head = " ".join(words[:i])
        m = _PART.match(head)
        name = (m.group("name") if m else head).strip()
        key = _trait_key(tpl, name, plus=bool(m and m.group("sign") == "+"))
        if key is not None:
            n = m.group("n") if m else None
            return key, int(n) if n is not None else None, " ".join(words[i:])
    return None, None, part


def parse_traits(tpl: Template, text: str, reader: TraitReader | None = None) -> dict[str, int]:
    """Trait key → value; `TrackerError` names the part no trait of this game matches."""
    found: dict[str, int] = {}
    last: str | None = None
    for part in split_parts(text):
        key, number, rest = _split(tpl, part)
        if key is None:
            more = reader.read_trait(tpl, last, None, part, more=True) if reader and last else None
            if more is None:
                raise unknown_trait(tpl, part)
            found.update(more)
            continue
        own = reader.read_trait(tpl, key, number, rest) if reader else None
        last = key
        if own is not None:
            found.update(own)
            continue
        if rest:
            raise unknown_trait(tpl, part)
        d = tpl.define(key)
        if number is None:
            if not (d.flag or d.token or (d.min == 0 and d.max == 1)):
                raise TrackerError("trait_value", name=d, game=GameRef(tpl.slug))
            value = 1
        else:
            value = number
        check_bounds(d, value)
        found[key] = value
    return found


def split_parts(text: str) -> list[str]:
    """The parts of a `traits:` text, each stripped, empty ones dropped."""
    return [p for p in (p.strip() for p in _SPLIT.split(text or "")) if p]


def unknown_trait(tpl: Template, part: str) -> TrackerError:
    """The refusal of a part no trait matches. A token or stat of the game is pointed to its
    own command; otherwise `term` (the part without its number) lets the presentation tell a
    term of the game's rules the bot does not track from a word the game does not have
    (playtest 5: «Быстрый», «Неповоротливость 1» are the book's, not «не черта этой игры»)."""
    term = _NUMBER.sub("", part).strip() or part
    token = tpl.resolve_token(term)
    if token is not None:
        return TrackerError("trait_is_token", name=tpl.define(token), game=GameRef(tpl.slug))
    stat = tpl.resolve_stat(term)
    if stat is not None and stat in tpl.creature:
        return TrackerError("trait_is_stat", name=tpl.define(stat), game=GameRef(tpl.slug))
    known = NameList(trait_defs(tpl))
    return TrackerError("no_trait", name=part, term=term, known=known, game=GameRef(tpl.slug))


def check_bounds(d: StatDef, value: int) -> None:
    hi = d.max if d.max is not None else MAX_TRAIT_VALUE
    lo = d.min if d.min is not None else 0
    if not lo <= value <= hi:
        raise TrackerError("trait_bounds", name=d, value=value, min=lo, max=hi)


def trait_defs(tpl: Template) -> list[StatDef]:
    return [tpl.define(k) for k in tpl.traits]
