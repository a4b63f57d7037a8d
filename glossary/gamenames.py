"""Games named anywhere in a query («как работает броня в берсерке», «ловкость в мв»).

Our games are named by their `_game` aliases (`aliases/<game>.toml`) and by the shared names of
`data/words/games.toml` («вархаммер»: two of ours); other games by that file's `[other]` list.
A name matches in any case and word form (word stems; a name word of three letters or fewer only
as written, so «хс» or «го» match no longer word). The found name, with a preposition before it
(«в», «для», «по»), leaves the words that are matched against the glossary.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from glossary.aliases import game_aliases
from glossary.normalize import fold, stem

GAMES_FILE = Path(__file__).resolve().parent / "data" / "words" / "games.toml"
GLUE = frozenset({"в", "во", "для", "по", "из", "про", "in", "for", "of"})
SHORT = 3  # a name word this short matches only as written
TYPO_MIN = 7  # a one-word name of ours this long is also found with one typo («кейфорже»)
OTHER = "-"  # the "games" of a name of a game we do not hold


@dataclass(frozen=True, slots=True)
class Named:
    """A query with the game names taken out: the rest, our games named, another game named."""

    rest: str  # folded
    games: frozenset[str]
    other: bool

    @property
    def only(self) -> str | None:
        """The one game of ours named, when exactly one was."""
        return next(iter(self.games)) if len(self.games) == 1 else None


def _word_key(word: str) -> str:
    return word if len(word) <= SHORT else stem(word)


def _name_key(name: str) -> tuple[str, ...]:
    return tuple(_word_key(w) for w in fold(name).split())


def read_games(path: Path) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...], list[str]]:
    """`[shared]` names → our games, `[other]` names, and the problems met reading the file."""
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return {}, (), [f"{path}: cannot read: {exc}"]
    problems: list[str] = []
    shared: dict[str, tuple[str, ...]] = {}
    for name, games in dict(raw.get("shared", {})).items():
        if isinstance(games, list) and games and all(isinstance(g, str) for g in games):
            shared[name] = tuple(games)
        else:
            problems.append(f"{path}: [shared] {name!r}: expected a list of game slugs")
    others = raw.get("other", {}).get("names", [])
    if not isinstance(others, list) or not all(isinstance(n, str) and fold(n) for n in others):
        problems.append(f"{path}: [other] names: expected a list of names with letters")
        others = []
    return shared, tuple(others), problems


@lru_cache(maxsize=1)
def _table() -> Mapping[tuple[str, ...], frozenset[str]]:
    """Every name's key (word keys) → the games it names (`OTHER` for a game not ours)."""
    out: dict[tuple[str, ...], set[str]] = {}
    shared, others, _ = read_games(GAMES_FILE)
    ours = [(name, {slug}) for name, slug in game_aliases().items()]
    ours += [(name, set(slugs)) for name, slugs in shared.items()]
    for name, slugs in ours:
        for key in _name_keys(name):
            out.setdefault(key, set()).update(slugs)
    for name in others:
        for key in _name_keys(name):
            if key not in out:  # a name of ours wins over a stranger's spelled alike
                out[key] = {OTHER}
    return {k: frozenset(v) for k, v in out.items() if k}


@lru_cache(maxsize=1)
def _longest() -> int:
    """Words in the longest game name (how far `find_games` looks ahead)."""
    return max((len(k) for k in _table()), default=0)


@lru_cache(maxsize=1)
def _first_keys() -> frozenset[str]:
    """The first word key of every name (`find_games` looks up only at such words)."""
    return frozenset(k[0] for k in _table())


def _name_keys(name: str) -> tuple[tuple[str, ...], ...]:
    """A name's key by stems, and by the words as written: a stem of the name's own form may
    be shorter than that of its inflections (`катан` → `ката`, `катане` → `катан`)."""
    stems = _name_key(name)
    whole = tuple(fold(name).split())
    return (stems, whole) if whole != stems else (stems,)


def find_games(query: str) -> Named:
    """The folded query without the game names in it, and which games they name. A query that
    is nothing but a game's name is left whole (it may be a term: `магия`)."""
    words = fold(query).split()
    table = _table()
    longest = _longest()
    keys = [_word_key(w) for w in words]
    drop: set[int] = set()
    games: set[str] = set()
    other = False
    firsts = _first_keys()
    i = 0
    while i < len(words):
        if keys[i] not in firsts:  # no name starts with this word: nothing to look up
            i += 1
            continue
        for n in range(min(longest, len(words) - i), 0, -1):
            found = table.get(tuple(keys[i : i + n]))
            if found is None:
                continue
            games |= found - {OTHER}
            other = other or OTHER in found
            drop.update(range(i, i + n))
            j = i - 1
            while j >= 0 and words[j] in GLUE and j not in drop:
                drop.add(j)
                j -= 1
            i += n - 1
            break
        i += 1
    if not games:  # no name of ours as written: one typo in a long one-word name
        for k, key in enumerate(keys):
            slugs = _typo_match(key) if k not in drop and len(key) >= TYPO_MIN else None
            if slugs:
                games |= slugs
                drop.add(k)
                if k > 0 and words[k - 1] in GLUE:
                    drop.add(k - 1)
    rest = [w for k, w in enumerate(words) if k not in drop]
    if not rest:
        return Named(" ".join(words), frozenset(), False)
    return Named(" ".join(rest), frozenset(games), other and not games)


@lru_cache(maxsize=1)
def _long_names() -> tuple[tuple[str, frozenset[str]], ...]:
    """Our one-word names long enough to be found with a typo."""
    return tuple(
        (name[0], games)
        for name, games in _table().items()
        if len(name) == 1 and len(name[0]) >= TYPO_MIN and OTHER not in games
    )


@lru_cache(maxsize=64)
def _long_names_near(length: int) -> tuple[tuple[str, frozenset[str]], ...]:
    """`_long_names` within one letter of `length`, in their order: the only ones a word of
    that length can be one typo from (the others are not compared at all)."""
    return tuple((name, games) for name, games in _long_names() if abs(len(name) - length) <= 1)


@lru_cache(maxsize=4096)  # players' questions share their words: each compared once
def _typo_match(key: str) -> frozenset[str] | None:
    for name, games in _long_names_near(len(key)):
        if Levenshtein.distance(key, name, score_cutoff=1) <= 1:
            return games
    return None


def validate_games(path: Path, slugs: frozenset[str], knows: Callable[[str], bool]) -> list[str]:
    """Problems of the games file for `python -m bot check`: unreadable parts, unknown slugs,
    and another game's name that is a word our texts use (it would turn a rules question into
    «такого нет»)."""
    shared, others, problems = read_games(path)
    for name, games in shared.items():
        problems += [f"{path}: [shared] {name!r}: no game {g!r}" for g in games if g not in slugs]
    for name in others:
        words = fold(name).split()
        if len(words) == 1 and knows(words[0]):
            problems.append(f"{path}: [other] {name!r} is a word the rule texts use")
    return problems
