"""A glossary entry as imported from the source rule texts (see `glossary/data/*.toml`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Source:
    """Where an entry's text comes from: seed lines, or (`published` set) the game's published
    rules retold for a term the seeds point at but lack (`data/supplement/`); then `file` is ""
    and the lines are 0."""

    file: str
    first_line: int
    last_line: int
    published: str | None = None

    @classmethod
    def retold(cls, rules: str) -> Source:
        """A supplement entry's source: the published rules it retells, no seed file."""
        return cls(file="", first_line=0, last_line=0, published=rules)


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
