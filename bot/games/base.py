"""What a game package declares about itself: `GAME = Game(...)` in its `__init__.py`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Game:
    """One game Arbiter knows: its slug (data files, options, JSON), names and home folder.

    `glossary` is False for a game without a rule text (the custom tracker game).
    """

    slug: str
    name_ru: str
    name_en: str
    home: Path = field(compare=False)
    glossary: bool = True
    order: int = 0  # where the game stands in lists (choices, /about)
    turns: bool = False  # counted in turns rather than rounds (the board says "turn 3")

    def name(self, lang: str) -> str:
        return self.name_ru if lang == "ru" else self.name_en

    @property
    def template_path(self) -> Path:
        """The game's tracker template (`template.toml` beside its package)."""
        return self.home / "template.toml"
