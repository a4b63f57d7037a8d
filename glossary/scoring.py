"""Scores shared by the name matcher and the ranking: tier bases, typo costs, the hit type.

Each tier's band stays below the previous one, so a caller can tell how sure a hit is from its
score alone (see `docs/glossary-search.md`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from glossary.index import ALIAS, NAME, TRANSLIT
from glossary.model import Entry

MAX_QUERY_CHARS = 200  # longer input is cut: no real term is that long
MIN_SCORE = 30.0  # below this a hit is noise, not a match
PREFER_MIN_SCORE = 50.0  # a preferred game's hit jumps ahead only when it is a real match
# A hit below this is a guess (a typo of a word's start, a loose word overlap, a stem shared by
# strangers): `/rule` offers it among suggestions instead of answering with it, and never calls
# such guesses "equally good". One typo in a word of 5 letters or more (63) answers; two typos
# (56: `Incorprael`) are offered with the right entry first.
CONFIDENT_SCORE = 60.0
AMBIGUITY_MARGIN = 1.0  # hits this close to the best, in the same tier, tie with it
LAYOUT_PENALTY = 4.0  # reading the query in the other layout is a guess
GUESS_MIN_SCORE = 50.0  # a hit through a Cyrillic-to-English guess must be at least a typo match
CYRILLIC_ENGLISH_PENALTY = 6.0  # reading Cyrillic letters as an English word is a bolder guess
KIND_PENALTY = {NAME: 0.0, ALIAS: 1.0, TRANSLIT: 2.0}
TOKEN_SCAN_CAP = 600  # candidate keys for word and typo matching (rarest words first)
FALLBACK_LIMIT = 50  # keys taken from the last-resort typo scans
VOCAB_PREFIX_CAP = 200  # vocabulary words one typed prefix may stand for
# `suggest`: a key at least this alike (rapidfuzz `ratio`, 0–100) is a plausible misspelling
# ("near"); anything less alike is a stranger ("far") offered only so the answer is not empty.
NEAR_RATIO = 67.0  # two thirds alike: `заклинатель` ~ `заклинание`, not `mana` ~ `otmena`
NEAR_MIN_LETTERS = 3  # input with fewer letters is never compared for spelling (`suggest`)

# Tier base scores (each tier's band stays below the previous one).
EXACT = 100.0
COMPACT = 99.0  # same letters, different spacing: `Double strike`, `Æ mber`
PARAM_BOTH = 99.0  # `Aegis 3` → `Aegis X`
PARAM_KEY_ONLY = 97.0  # `Aegis` → `Aegis X`
PARAM_QUERY_ONLY = 96.0  # `Броня 2` → `Броня` when no parametric entry fits better
STEM = 95.0  # `броню` → `Броня`
STEM_PARAM_MISMATCH = 93.0
PREFIX = 80.0  # + up to 10 for how much of the key is typed
WORD_PREFIX = 70.0  # + up to 9 (stays below any prefix hit)
FUZZY = 70.0  # − 7 per edit
FUZZY_PREFIX = 62.0  # − 7 per edit
SHORT_TYPO_KEY = 4  # a typo in a key this short costs one edit more (`typo_score`)
WORDS = 30.0  # + up to 38 for word coverage
# Every query word is one of the entry's names, spread over several of them (`Bleed
# кровотечение`): as sure as a typo match, though no single key holds it all.
ACROSS_NAMES = 66.0


def typo_score(edits: float, key_length: int) -> float:
    """A whole-key typo match: 7 points per edit, and one edit more for a key of 4 letters or
    fewer, where one edit is a quarter of the word (`вода` is not a typo of `ЗОДА`)."""
    short = 1.0 if key_length <= SHORT_TYPO_KEY else 0.0
    return FUZZY - 7.0 * (edits + short)


def edit_budget(length: int) -> int:
    """Typos tolerated for a query of this many letters: short ones must be typed right."""
    if length < 4:
        return 0
    if length < 8:
        return 1
    return 2


@dataclass(frozen=True)
class Hit:
    """One search result: the entry, how well it matched, in which tier, through which key."""

    entry: Entry
    score: float
    tier: str
    matched: str
    preferred: bool = False  # from the channel's game in progress, ranked ahead of the rest

    @property
    def confident(self) -> bool:
        """Good enough to answer with (see `CONFIDENT_SCORE`), not just to suggest."""
        return self.score >= CONFIDENT_SCORE


_new = object.__new__


def new_hit(entry: Entry, score: float, tier: str, matched: str, preferred: bool = False) -> Hit:
    """`Hit(entry, score, tier, matched, preferred)`, equal in every way, built without the
    frozen dataclass's `object.__setattr__` per field (a third of the cost): a question's
    lookup builds about forty."""
    hit: Hit = _new(Hit)
    fields = hit.__dict__
    fields["entry"] = entry
    fields["score"] = score
    fields["tier"] = tier
    fields["matched"] = matched
    fields["preferred"] = preferred
    return hit


@dataclass(frozen=True)
class Plan:
    """What a search is for: the game filter, the game to rank first, how many hits."""

    game: str | None
    prefer_game: str | None
    limit: int


@dataclass(slots=True)
class Match:
    score: float
    tier: str
    key: int


Offer = Callable[[int, float, str], None]
