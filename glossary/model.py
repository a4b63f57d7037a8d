"""A glossary entry as imported from the source rule texts (see `glossary/data/*.toml`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Source:
    file: str
    first_line: int
    last_line: int


@dataclass(frozen=True)
class Entry:
    id: str  # stable slug, unique across games, e.g. "mage-wars/aegis-x"
    game: str  # one of bot.games.GAME_SLUGS
    title: str  # the heading as the source gives it (without the Mage Wars category)
    names: tuple[str, ...]  # English, Russian, abbreviations and variants
    text: str  # the full body, verbatim, paragraphs separated by blank lines
    source: Source
    category: str | None = None
    parameter: str | None = None  # "X", "+X", "Х", "- X", "X-Y-Z" …
    see_also: tuple[str, ...] = ()  # ids of other entries the text points to
    see_also_text: tuple[str, ...] = field(default=())  # references to entries not in the file
