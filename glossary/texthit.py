"""A text search's hit (`TextHit`), built cheaply, and the excerpt shown with it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from glossary.model import Entry
from glossary.normalize import fold
from glossary.textterms import term_of

SNIPPET_RADIUS = 80
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class TextHit:
    """A body that mentions the query: the entry, a 0..100 score and an excerpt around it."""

    entry: Entry
    score: float
    snippet: str
    named: float = 0.0  # share of the query's words (by rarity) found in the entry's names
    coverage: float = 0.0  # share of the query's words (by rarity) found anywhere in the entry
    near: float = 0.0  # points of `score` for the query's words standing close together
    # share of the query's words (by rarity) that make up one of the entry's names whole
    # («где стоят летающие существа» holds «Летающее существо» entire)
    whole_name: float = 0.0


_new = object.__new__


def new_text_hit(
    entry: Entry,
    score: float,
    snippet: str,
    named: float,
    coverage: float,
    near: float,
    whole_name: float,
) -> TextHit:
    """`TextHit(...)` with every field given, equal in every way, built without the frozen
    dataclass's `object.__setattr__` per field (most of its cost; a lookup builds about 20)."""
    hit: TextHit = _new(TextHit)
    fields = hit.__dict__
    fields["entry"] = entry
    fields["score"] = score
    fields["snippet"] = snippet
    fields["named"] = named
    fields["coverage"] = coverage
    fields["near"] = near
    fields["whole_name"] = whole_name
    return hit


def snippet(text: str, stems: set[str], radius: int = SNIPPET_RADIUS) -> str:
    """A one-line excerpt around the first word whose stem is wanted, cut at word edges."""
    flat = " ".join(text.split())
    start = 0
    for m in _WORD.finditer(flat):
        if term_of(fold(m.group())) in stems:
            start = m.start()
            break
    lo = max(0, start - radius // 2)
    hi = min(len(flat), start + radius + radius // 2)
    if lo > 0:
        space = flat.find(" ", lo)
        lo = space + 1 if 0 <= space < start else lo
    if hi < len(flat):
        space = flat.rfind(" ", start, hi)
        hi = space if space > start else hi
    return ("…" if lo > 0 else "") + flat[lo:hi].strip() + ("…" if hi < len(flat) else "")


__all__ = ["SNIPPET_RADIUS", "TextHit", "new_text_hit", "snippet"]
