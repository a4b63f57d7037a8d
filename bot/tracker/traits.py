"""A card's traits as typed at `/unit add traits:` («Бесплотный, Эгида 1, броня 2»), read
against the game's template: each name is one of its declared `traits`, a number follows those
that carry one (Aegis X, Tough −X), and a yes/no trait or a token stands alone (issue 16)."""

from __future__ import annotations

import re

from bot.tracker.errors import NameList, TrackerError
from bot.tracker.templates import StatDef, Template

MAX_TRAIT_VALUE = 99
_PART = re.compile(r"^(?P<name>.*?)\s*[:=]?\s*(?:[+\-–−]\s*)?(?P<n>\d+)?$")
_SPLIT = re.compile(r"[,;\n]+")


def parse_traits(tpl: Template, text: str) -> dict[str, int]:
    """Trait key → value; `TrackerError` names the part no trait of this game matches."""
    found: dict[str, int] = {}
    for part in (p.strip() for p in _SPLIT.split(text or "")):
        if not part:
            continue
        m = _PART.match(part)
        name = (m.group("name") if m else part).strip()
        key = tpl.resolve_stat(name) or tpl.resolve_token(name)
        if key is None or key not in tpl.traits:  # «Ярость 2» for the trait «Ярость +X»
            key = tpl.resolve_stat(f"{name} +X") or key
        if key is None or key not in tpl.traits:
            raise TrackerError("no_trait", name=part, known=NameList(trait_defs(tpl)))
        d = tpl.define(key)
        if m is None or m.group("n") is None:
            if not (d.flag or d.token or (d.min == 0 and d.max == 1)):
                raise TrackerError("trait_value", name=d)
            value = 1
        else:
            value = int(m.group("n"))
        hi = d.max if d.max is not None else MAX_TRAIT_VALUE
        lo = d.min if d.min is not None else 0
        if not lo <= value <= hi:
            raise TrackerError("trait_bounds", name=d, value=value, min=lo, max=hi)
        found[key] = value
    return found


def trait_defs(tpl: Template) -> list[StatDef]:
    return [tpl.define(k) for k in tpl.traits]
