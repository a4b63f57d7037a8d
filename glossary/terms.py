"""Spotting glossary terms inside free text: the "Explain terms" menu and `/explain`.

Plain Python like the search, and folded and stemmed by the same `glossary.normalize`, so a word
the search would take for a term is the word spotted here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from glossary.model import Entry
from glossary.normalize import PARAM_LETTERS, fold, stem, stems_agree
from glossary.tomlfile import read_toml

# One written word; hyphenated and apostrophised words stay whole, stress marks stay inside.
_WORD = re.compile(r"\w[\w\u0300-\u036f]*(?:[-'’]\w[\w\u0300-\u036f]*)*")
_PARAM_TOKENS = PARAM_LETTERS | {"n"}  # trailing value letters a name may end with
_MAX_KEY_WORDS = 4
_MIN_STEM = 2  # `Яд` is a name; a one-letter stem is not
# Derivational tails cut from a stem so a verb or participle meets its noun: `сотворил` and
# «Сотворение», `захватываю` and «Захват», `окровавлен` and «окровавленный», `рассеять` and
# «рассеивание». Longest first; a root shorter than `_MIN_ROOT` is not trusted.
_TAILS = ("ыван", "иван", "ован", "ыва", "ива", "ова", "ен", "ан", "ва", "я")
_MIN_ROOT = 5
# A fleeting vowel before a final к/ц: «Рывок» is `рывком`, «Бросок» `броска`, «Владелец»
# `владельца`; their stems (`рывк`, `броск`, `владельц`) lose the vowel the name's stem keeps
# (after л it leaves a soft sign; scout, M3)
_FLEETING = re.compile(r"([^аеёиоуыэюя])[оеё](?=[кц]$)")
SPOKEN_FILE = Path(__file__).resolve().parent / "data" / "words" / "spoken.toml"
# Playtest 18, B2: a subtype named «<participle> существо» («Летающее существо») is spoken as the
# participle alone, on the creature's own name: «мой летающий дракон». Only a present active
# participle (-ущ-/-ющ-/-ащ-/-ящ-) before a word for the card itself stands for the whole name;
# an adjective («Магическое», «Простой») or a name of another kind («Направленный удар») does not,
# as «простой» or «магический» alone in a sentence names nothing.
_KIND_NOUNS = frozenset({"существо", "карта"})
_ADJ_ENDING = re.compile(
    r"(?:ыми|ими|ого|его|ому|ему|ый|ий|ой|ая|яя|ое|ее|ые|ие|ую|юю|ым|им|ых|их|ом|ем)$"
)
_PARTICIPLE = re.compile(r"(?:ущ|ющ|ащ|ящ)$")


def read_spoken(path: Path) -> tuple[dict[str, tuple[str, ...]], list[str]]:
    """`{entry id: names}` of the spoken-names file's `[names]` table, and the problems met."""
    raw, problems = read_toml(path)
    if problems:
        return {}, problems
    table = raw.get("names")
    if not isinstance(table, dict):
        return {}, [f"{path}: no [names] table"]
    out: dict[str, tuple[str, ...]] = {}
    for entry_id, names in table.items():
        if not isinstance(names, list) or not all(isinstance(n, str) and n for n in names):
            problems.append(f"{path}: {entry_id!r} must list non-empty names")
            continue
        out[entry_id] = tuple(names)
    return out, problems


@lru_cache(maxsize=1)
def spoken_names(path: Path = SPOKEN_FILE) -> dict[str, tuple[str, ...]]:
    """Entry id → names a sentence may use that `/rule` must not open by; a missing or broken
    file means none (the explain menu still works)."""
    return read_spoken(path)[0]


def validate_spoken(path: Path, entry_ids: Iterable[str]) -> list[str]:
    """Every problem of the spoken-names file, for `python -m bot check`: it reads as a `[names]`
    table of entry id → list of names, and every id is an entry."""
    table, problems = read_spoken(path)
    known = set(entry_ids)
    problems += [f"{path}: {i!r} is not a glossary entry" for i in table if i not in known]
    return problems


def _stem(word: str) -> str:
    """One written word (`Герой-воин` counts as one) as the search index stems it."""
    return " ".join(map(stem, fold(word).split()))


def _root(word_stem: str) -> str:
    """The stem less one derivational tail (`сотворен` → `сотвор`), or "" when too short."""
    for tail in _TAILS:
        if word_stem.endswith(tail) and len(word_stem) - len(tail) >= _MIN_ROOT:
            return word_stem[: -len(tail)]
    return word_stem if len(word_stem) >= _MIN_ROOT and word_stem.isalpha() else ""


def _root_key(key: Sequence[str]) -> tuple[str, ...] | None:
    """The key's words as roots, None when any is too short or not Cyrillic to trust."""
    roots = tuple(_root(w) for w in key)
    if not all(r and not r.isascii() for r in roots):
        return None
    return roots


def _without_fleeting(key: tuple[str, ...]) -> tuple[str, ...]:
    """`key` with each stem's fleeting vowel dropped (`рывок` → `рывк`); short stems kept."""
    return tuple(_FLEETING.sub(_fleeting_gone, w) if len(w) >= _MIN_ROOT else w for w in key)


def _fleeting_gone(found: re.Match[str]) -> str:
    before = found.group(1)
    return before + "ь" if before == "л" and found.group(0)[1] != "о" else before


def _participle_base(word: str) -> str:
    """A present active participle less its ending (`летающий`, `летающего` → `летающ`), or ""
    for any other word."""
    base = _ADJ_ENDING.sub("", fold(word))
    return (
        base if base != fold(word) and _PARTICIPLE.search(base) and len(base) >= _MIN_ROOT else ""
    )


def _is_abbreviation(name: str) -> bool:
    letters = [c for c in name if c.isalpha()]
    return 2 <= len(letters) <= 5 and all(c.isupper() for c in letters) and " " not in name.strip()


@dataclass(frozen=True)
class TermMatch:
    """Words of a message (`found`, as written) that name these entries."""

    found: str
    entries: tuple[Entry, ...]


SEP = ", "  # between the words of one match that name the same entries
Span = tuple[str, list[Entry]]  # the words as written, and the entries their name matches


class TermFinder:
    """Finds entry names in text as whole words, forgiving Russian and English inflection.

    Each name, and each alias players use (`aliases`: entry id → names), becomes a key of word
    stems (`Кровотечение` → `кровотечен`), trailing parameter letters dropped (`Aegis X` →
    `aegis`). A text word that names nothing by its stem may still by its root (`_root`): verbs
    and participles are spoken where the book has a noun (playtest 7 G3). Abbreviations (`ЗОВ`,
    `НУ`) match only when written in capitals, so everyday words such as «ну» are not mistaken.
    """

    def __init__(
        self, entries: Iterable[Entry], aliases: Mapping[str, Sequence[str]] | None = None
    ) -> None:
        self._keys: dict[tuple[str, ...], list[Entry]] = {}
        self._roots: dict[tuple[str, ...], list[Entry]] = {}
        self._abbreviations: dict[str, list[Entry]] = {}
        self._heads: dict[str, list[Entry]] = {}  # a participle that names «… существо» (B2)
        self._forms: dict[tuple[str, ...], set[tuple[str, ...]]] = {}  # names' folded words
        aliases, spoken = aliases or {}, spoken_names()
        for entry in entries:
            extra = (*aliases.get(entry.id, ()), *spoken.get(entry.id, ()))
            for name in dict.fromkeys((entry.title, *entry.names, *extra)):
                self._add(name, entry)

    def _add(self, name: str, entry: Entry) -> None:
        if _is_abbreviation(name):
            bucket = self._abbreviations.setdefault(name.strip().replace("Ё", "Е"), [])
            if entry not in bucket:
                bucket.append(entry)
            return
        words = list(_WORD.findall(name))
        while words and words[-1].casefold() in _PARAM_TOKENS:
            words.pop()
        if not words or len(words) > _MAX_KEY_WORDS:
            return
        key = tuple(_stem(w) for w in words)
        if len(key) == 1 and len(key[0]) < _MIN_STEM:
            return
        head = _participle_base(words[0]) if len(words) == 2 else ""
        if head and fold(words[1]) in _KIND_NOUNS:
            heads = self._heads.setdefault(head, [])
            if entry not in heads:
                heads.append(entry)
        forms = tuple(fold(w) for w in words)
        for variant in dict.fromkeys((key, _without_fleeting(key))):
            bucket = self._keys.setdefault(variant, [])
            if entry not in bucket:
                bucket.append(entry)
            self._forms.setdefault(variant, set()).add(forms)
        roots = _root_key(key)
        if roots is not None:
            by_root = self._roots.setdefault(roots, [])
            if entry not in by_root:
                by_root.append(entry)

    def _agrees(self, key: tuple[str, ...], words: list[str]) -> bool:
        """Whether the message's words are forms of a name's words, not strangers that share a
        short stem (`горит` and «Горы» both stem to `гор`)."""
        folded = [fold(w) for w in words]
        return any(all(map(stems_agree, folded, form)) for form in self._forms.get(key, ()))

    def find(self, text: str, prefer_game: str | None = None) -> list[TermMatch]:
        """Matches in reading order, longest name first; one match per distinct set of entries.

        The whole text is read as one game's (`_choose`): `prefer_game` (the channel's game)
        when the text names one of its terms, else the game most of its terms belong to. `урон`
        next to Mage Wars terms is read as Mage Wars, and a term only another game has is left
        out.
        """
        return _choose(self.spans(text), prefer_game)

    def spans(self, text: str) -> list[Span]:
        """Every name spotted in `text`, in reading order, longest name first, before any
        narrowing to one game."""
        words = _WORD.findall(text)
        stems = [_stem(w) for w in words]
        spans: list[Span] = []
        i = 0
        while i < len(words):
            found: tuple[int, list[Entry]] | None = None
            for n in range(min(_MAX_KEY_WORDS, len(words) - i), 0, -1):
                key = tuple(stems[i : i + n])
                bucket = self._keys.get(key)
                if bucket and self._agrees(key, words[i : i + n]):
                    found = (n, bucket)
                    break
                roots = _root_key(key)
                bucket = self._roots.get(roots) if roots is not None else None
                if bucket:
                    found = (n, bucket)
                    break
            if found is None:
                abbr = self._abbreviations.get(words[i].replace("Ё", "Е"))
                if abbr:
                    found = (1, abbr)
            if found is None:
                head = self._heads.get(_participle_base(words[i]))
                if head:
                    found = (1, head)
            if found is None:
                i += 1
                continue
            n, bucket = found
            spans.append((" ".join(words[i : i + n]), bucket))
            i += n
        return spans


def _choose(spans: list[Span], prefer_game: str | None) -> list[TermMatch]:
    """The spans read as one game's terms, one match per distinct set of entries.

    A text is about one game: the channel's game when the text names any of its terms, else the
    game most spans name (a sentence is not explained half in Mage Wars, half in Berserk). Spans
    with no entry of that game are left out. Only on a tie is each span narrowed on its own, by
    the votes of the other spans. Linear in the spans: the votes are counted once, and each
    span's own votes are taken out of that total rather than the others' recounted.
    """
    games = [{e.game for e in bucket} for _, bucket in spans]
    total = Counter(game for voted in games for game in voted)
    text_game = prefer_game if prefer_game in total else _leader(total, set())
    out: list[TermMatch] = []
    seen: dict[tuple[str, ...], int] = {}  # ids → their match in `out`
    for (found_words, bucket), own in zip(spans, games, strict=True):
        if text_game is not None:
            chosen = [e for e in bucket if e.game == text_game]
            if not chosen:
                continue
        else:
            game = _leader(total, own)
            chosen = [e for e in bucket if e.game == game] or bucket
        ids = tuple(e.id for e in chosen)
        if ids in seen:  # every word the text names the entry by, on its one line (playtest 9, C1)
            at = seen[ids]
            if fold(found_words) not in {fold(w) for w in out[at].found.split(SEP)}:
                out[at] = TermMatch(out[at].found + SEP + found_words, out[at].entries)
        else:
            seen[ids] = len(out)
            out.append(TermMatch(found_words, tuple(chosen)))
    return out


def _leader(total: Counter[str], own: set[str]) -> str | None:
    """The game with the most votes of the other spans (`total` less one vote for each game in
    `own`), if exactly one game leads; None on a tie or when no other span votes."""
    best: str | None = None
    best_votes = 0
    tied = False
    for game, votes in total.items():
        votes -= game in own
        if votes > best_votes:
            best, best_votes, tied = game, votes, False
        elif votes == best_votes and votes > 0:
            tied = True
    return None if tied else best
