"""Each game's table from the bot's own keys to the glossary entries that name them.

`bot/games/<game>/terms.toml` says which glossary entry defines each stat, token, trait,
option and command the bot shows; `python -m bot check` (`bot/glossary_names.py`) fails when
the bot's Russian or English name for it differs from the entry's. `[former]` keeps names the
bot used before a rename, so commands typed the old way still work.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache

from bot.games import ALL_GAMES

KINDS = ("stats", "tokens", "traits", "options", "commands")


@dataclass(frozen=True)
class Terms:
    """One game's table: per kind, the bot's key → the glossary entry id."""

    slug: str
    links: dict[str, dict[str, str]] = field(default_factory=dict)
    # A catalogue name key (`opt.piercing.name`, `cmd.mw.sweep.name`) → words it used to be.
    former: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # An entry id → the Russian spelling compared instead of a misspelt seed heading.
    spelling: dict[str, str] = field(default_factory=dict)
    # An entry id → the English word compared instead of its heading, where the seed's text
    # names the game object otherwise (Mage Wars' «жетон Guard», heading «Guarding»; en-12 MW-7).
    english: dict[str, str] = field(default_factory=dict)

    def entry_of(self, kind: str, key: str) -> str | None:
        return self.links.get(kind, {}).get(key)


class TermsError(ValueError):
    """A `terms.toml` that cannot be read; the message names the file."""


@cache
def game_terms(slug: str) -> Terms:
    """The table of one game (empty when the game has no `terms.toml`)."""
    path = ALL_GAMES[slug].home / "terms.toml"
    if not path.exists():
        return Terms(slug)
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise TermsError(f"{path}: {exc}") from exc
    unknown = set(raw) - {*KINDS, "former", "spelling", "english"}
    if unknown:
        raise TermsError(f"{path}: unknown tables {sorted(unknown)}")
    links = {kind: {str(k): str(v) for k, v in raw.get(kind, {}).items()} for kind in KINDS}
    former = {str(k): tuple(map(str, v)) for k, v in raw.get("former", {}).items()}
    spelling = {str(k): str(v) for k, v in raw.get("spelling", {}).items()}
    english = {str(k): str(v) for k, v in raw.get("english", {}).items()}
    return Terms(slug, links, former, spelling, english)


# Shared command words renamed for every game: `/отряд` became `/существо` (the word of the
# Mage Wars, Берсерк and KeyForge books; Conquest's «отряд» still types it).
SHARED_FORMER: dict[str, tuple[str, ...]] = {"cmd.unit.name": ("отряд",)}


@cache
def former_names() -> dict[str, tuple[str, ...]]:
    """Every game's former names by catalogue key, merged (an option may serve two games)."""
    merged: dict[str, tuple[str, ...]] = dict(SHARED_FORMER)
    for slug in ALL_GAMES:
        for key, words in game_terms(slug).former.items():
            merged[key] = tuple(dict.fromkeys((*merged.get(key, ()), *words)))
    return merged
