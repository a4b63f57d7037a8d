"""Text folding shared by the index, the queries and the commands: cleaning, case, ё/е, diacritics,
punctuation, stems.

Everything here is deterministic and cached per token, so building the index for tens of
thousands of entries stays fast and a query is folded exactly like the keys it is compared to.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import Stemmer

_RU_STEMMER = Stemmer.Stemmer("russian")
_EN_STEMMER = Stemmer.Stemmer("english")

# Single tokens that stand for a parameter value in a heading (`Aegis X`, `Броня Х`, `X-Y-Z`).
PARAM_LETTERS = frozenset({"x", "х", "y", "z"})
# Words glued to a parameter that mean nothing without it: `Атака на Х`, `выстрел на 2-3-4`.
PARAM_GLUE = frozenset({"на", "on"})
# Little words that carry no meaning for coverage scores.
# Words that never name a term on their own: a query or a key matching only on them is noise
# (`термин-которого-нет` must not land on «Заклинание сработало или нет").
STOP_WORDS = frozenset(
    {"на", "от", "в", "во", "и", "с", "со", "по", "к", "о", "об", "из", "за", "для", "не", "а"}
    | {"или", "ли", "нет", "но", "же", "бы", "да", "что", "как", "это", "то", "у", "до", "ни"}
    | {"the", "of", "a", "an", "to", "in", "on", "and", "or", "for", "is", "no", "not", "by"}
)
# A Snowball stem shorter than this is not trusted alone: `горит` and `горы` both stem to `гор`.
# Such a stem only joins words when one is the start of the other (`яд`, `яда`, `ядом`).
TRUSTED_STEM = 4
# Letters a Russian stem may gain, lose or swap between forms of one word (fleeting vowels and
# soft signs: `рывок`/`рывком`, `владелец`/`владельца`); a consonant edit is another word.
_FLEETING = frozenset("аеиоуыэюяьъй")
# Case endings of Russian nouns and adjectives (what separates `зона` from `зоны`); a verb's
# endings (`-ит`, `-ет`, `-ут`) are not among them.
_NOMINAL_ENDINGS = frozenset(
    {"", "а", "я", "о", "е", "ы", "и", "у", "ю", "ь", "й", "ой", "ей", "ом", "ем", "ам", "ям"}
    | {"ах", "ях", "ами", "ями", "ов", "ев", "ую", "юю", "ая", "яя", "ое", "ее", "ые", "ие"}
    | {"ий", "ый", "ого", "его", "ому", "ему", "ых", "их", "ым", "им", "ыми", "ими"}
    | {"ью", "ья", "ье", "ьи", "ьё", "ьей", "ьем", "ьям", "ьях", "ьями", "ьев"}
)
_LIGATURES = str.maketrans({"æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "ð": "d", "þ": "th"})
_BRACKETED = re.compile(r"\[[^\]]*\]")
_CYRILLIC = re.compile(r"[а-яё]")
_LATIN = re.compile(r"[a-z]")
_COMBINING_CATEGORIES = frozenset({"Mn", "Me"})
_STRESS_MARKS = frozenset("\u0301\u0300")  # acute and grave: stress in Russian dictionaries
_EXOTIC = re.compile(r"[^\x00-\x7f\u0400-\u045f]")  # anything but ASCII and basic Cyrillic
_NON_WORD = re.compile(r"[\W_]+")
_PARAM_TOKEN = re.compile(r"(?:^| )(?:\d+|[xхyz])(?= |$)")


_INVISIBLE = frozenset({"Cf", "Cs", "Co", "Cn"})  # zero-width space, soft hyphen, bidi marks…


def clean(text: str) -> str:
    """Text as typed minus what never means anything, whitespace collapsed.

    Control characters (tab, newline, NUL, escape) become spaces; invisible ones (zero-width
    space, soft hyphen, bidi marks, unassigned code points) vanish, so `Эги\u200bда` is `Эгида`.
    The search and the commands both read input through this, so they agree on what was typed.
    """
    if not text.isprintable():
        kept: list[str] = []
        for ch in text:
            category = unicodedata.category(ch)
            if category == "Cc" or ch.isspace():
                kept.append(" ")
            elif category not in _INVISIBLE:
                kept.append(ch)
        text = "".join(kept)
    return " ".join(text.split())


def _strip_latin_marks(text: str) -> str:
    """Drop accents on Latin letters and stress marks anywhere: `â` → `a`, `и́` → `и`, but `й`
    keeps its breve (it is a letter of its own)."""
    if text.isascii():
        return text
    out: list[str] = []
    for ch in unicodedata.normalize("NFD", text):
        mark = unicodedata.category(ch) in _COMBINING_CATEGORIES
        if mark and out and (out[-1].isascii() or ch in _STRESS_MARKS):
            continue
        out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


@lru_cache(maxsize=64)
def fold(text: str) -> str:
    """Lower case, ё→е, no Latin accents, every non-alphanumeric run → one space.

    Folding is word-local, so it runs once per distinct word (cached): a big glossary and a
    stream of queries repeat the same words over and over. The last few texts are remembered
    whole too: one lookup folds its query a dozen times (a few dozen entries: no query is
    remembered past the next few).
    """
    return " ".join([w for w in map(_fold_word, text.split()) if w])


# British spellings of the games' English terms, folded to the American ones the entries use
# (English walk 6, G-1: `armour` had jumped to one game's alias instead of every «Armor»).
BRITISH = {"armour": "armor", "armoured": "armored", "defence": "defense"}


@lru_cache(maxsize=200_000)
def _fold_word(word: str) -> str:
    text = word.casefold()
    if _EXOTIC.search(text):  # the slow Unicode work only for text that needs it
        text = unicodedata.normalize("NFKC", text).casefold().translate(_LIGATURES)
        text = _strip_latin_marks(text)
    words = _NON_WORD.sub(" ", text.replace("ё", "е")).split()
    return " ".join(BRITISH.get(w, w) for w in words)


def fold_glued(text: str) -> str:
    """Like `fold` but apostrophes and primes vanish instead of splitting words (translit)."""
    return fold(re.sub(r"[\'’ʹʺ\"”`´ʼ]", "", unicodedata.normalize("NFKC", text)))


def strip_placeholders(text: str) -> str:
    """`Заряд Х: [текст]` → `Заряд Х:`; the bracketed part is a slot, not a word of the name."""
    if "[" not in text:
        return text
    stripped = _BRACKETED.sub(" ", text)
    return stripped if stripped.strip() else text


def is_param_token(token: str) -> bool:
    """A folded token that stands for a value: a number or a placeholder letter (`x`, `х`)."""
    return token.isdigit() or token in PARAM_LETTERS


def split_param(tokens: tuple[str, ...]) -> tuple[tuple[str, ...], bool]:
    """The tokens without parameter values, and whether there were any.

    `aegis x` → `aegis`; `атака на 3` → `атака`; `выстрел на 2 3 4` → `выстрел`. A key or query
    that is nothing but a value keeps its tokens.
    """
    if not _PARAM_TOKEN.search(" ".join(tokens)):
        return tokens, False  # the common case, decided in one regex pass
    base = [t for t in tokens if not is_param_token(t)]
    if len(base) == len(tokens) or not base:
        return tokens, False
    while len(base) > 1 and base[-1] in PARAM_GLUE:
        base.pop()
    return tuple(base), True


def script_of(text: str) -> str:
    """'ru', 'en' or 'mixed'/'none' by the letters a folded string holds."""
    ru = bool(_CYRILLIC.search(text))
    en = bool(_LATIN.search(text))
    if ru and en:
        return "mixed"
    return "ru" if ru else "en" if en else "none"


@lru_cache(maxsize=200_000)
def stem(token: str) -> str:
    """Snowball stem of one folded token, Russian or English by its letters."""
    if _CYRILLIC.search(token):
        return str(_RU_STEMMER.stemWord(token))
    if _LATIN.search(token):
        return str(_EN_STEMMER.stemWord(token))
    return token


def only_stop_words(text: str) -> bool:
    """Whether folded `text` has words and all of them are stop words (`и`, `или нет`)."""
    tokens = fold(text).split()
    return bool(tokens) and all(t in STOP_WORDS for t in tokens)


def stems_agree(word: str, other: str) -> bool:
    """Whether two folded words sharing a stem are forms of one word, not strangers cut alike.

    A long stem is trusted, and so is English. A short Russian stem (`гор` of `горит` and
    `горы`) joins two words only when they share four letters (`ковен`/`ковена`) or both only
    add a noun or adjective ending to it (`яд`/`ядом`, `зона`/`зоны`, `цепь`/`цепи`): `горит`
    is a verb, not a form of «Горы», and `магии` is not a form of «Маг».
    """
    root = stem(word)
    if len(root) >= TRUSTED_STEM or not _CYRILLIC.search(word):
        return True
    common = 0
    for x, y in zip(word, other, strict=False):
        if x != y:
            break
        common += 1
    if common >= TRUSTED_STEM:
        return True
    return word[len(root) :] in _NOMINAL_ENDINGS and other[len(stem(other)) :] in _NOMINAL_ENDINGS


def agreeing(word: str, others: Iterable[str]) -> list[str]:
    """The words of `others` that `stems_agree` with `word`, in order: the same test with the
    part that depends on `word` alone (its stem, script, head and ending) worked out once."""
    root = stem(word)
    if len(root) >= TRUSTED_STEM or not _CYRILLIC.search(word):
        return list(others)
    head = word[:TRUSTED_STEM] if len(word) >= TRUSTED_STEM else None
    nominal = word[len(root) :] in _NOMINAL_ENDINGS
    return [
        t
        for t in others
        if (head is not None and t.startswith(head))  # four letters in common
        or (nominal and t[len(stem(t)) :] in _NOMINAL_ENDINGS)
    ]


def fleeting_variant(a: str, b: str) -> bool:
    """Whether two Cyrillic stems differ by one fleeting vowel or soft sign (`рывк`/`рывок`,
    `владельц`/`владелец`), the only edit Snowball leaves between forms of one word."""
    if a == b or not (_CYRILLIC.search(a) and _CYRILLIC.search(b)):
        return False
    if len(a) == len(b):
        diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
        return len(diff) == 1 and diff[0][0] in _FLEETING and diff[0][1] in _FLEETING
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(long_) - len(short) != 1:
        return False
    return any(
        long_[i] in _FLEETING and long_[:i] + long_[i + 1 :] == short for i in range(len(long_))
    )


@dataclass(frozen=True, slots=True)
class Folded:
    """One string in all the shapes the matcher compares: folded, tokens, base, stems."""

    norm: str
    tokens: tuple[str, ...]
    base: str
    base_tokens: tuple[str, ...]
    has_param: bool
    compact: str
    stems: tuple[str, ...]
    stem_key: str


def analyse(text: str) -> Folded:
    """Fold a key or a query once into every shape the matcher needs."""
    norm = fold(text)
    tokens = tuple(norm.split())
    base_tokens, has_param = split_param(tokens)
    stems = tuple(map(stem, base_tokens))
    return Folded(
        norm,
        tokens,
        " ".join(base_tokens) if has_param else norm,
        base_tokens,
        has_param,
        norm.replace(" ", ""),
        stems,
        " ".join(stems),
    )


def forms_of_name(query: str, names: Iterable[str]) -> bool:
    """Whether every word of `query` is a form of a word of one of `names` (`вихрь` of «Магические
    вихри», `рассеивание` of «Пул Рассеивания»): the query names that entry, so `/rule` opens it
    without the «no entry of that name» hedge (playtest 12, W2)."""
    words = [w for w in fold(query).split() if w not in STOP_WORDS]
    if not words:
        return False
    for name in names:
        own = fold(name).split()
        if all(any(stem(w) == stem(o) and stems_agree(w, o) for o in own) for w in words):
            return True
    return False
