"""English names typed in Cyrillic, read back word by word («каунтерстрайк», «ресилиент»).

Players say the English term and type it in Russian letters, spelled by ear. Transliteration
alone does not get back to the English spelling (`kaunterstrayk` is far from `counterstrike`),
but their consonants agree: both skeletons are `kntrstrk`. So each Cyrillic word that no rule
text uses is read into Latin letters, reduced to its consonant skeleton, and replaced by the
English name word with that skeleton (the one spelled most alike when several share it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from rapidfuzz import fuzz

from glossary.model import Entry
from glossary.normalize import fold

MIN_WORD = 4  # shorter words are too often Russian words, and their skeletons collide
MIN_SKELETON = 3
MIN_LIKE = 45.0  # a spelled-alike score (rapidfuzz ratio) below which a skeleton match is chance

_CYR = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
    "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "h", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "sch",
    "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya",
}  # fmt: skip
_SOUNDS = (("qu", "kv"), ("ck", "k"), ("ph", "f"), ("th", "t"), ("wh", "v"), ("w", "v"),
           ("x", "ks"), ("dzh", "j"), ("zh", "j"), ("sch", "s"), ("sh", "s"), ("ch", "c"),
           ("ts", "c"), ("z", "s"))  # fmt: skip
_SOFT_C = re.compile(r"c(?=[eiy])")
_VOWELS = re.compile(r"[aeiouyæ']+")
_DOUBLE = re.compile(r"(.)\1+")
_CYRILLIC_WORD = re.compile(r"^[а-яё]+$")


def latin(word: str) -> str:
    """A Cyrillic word in Latin letters, letter by letter."""
    return "".join(_CYR.get(ch, ch) for ch in word)


def skeleton(word: str) -> str:
    """The consonants of a Latin word as heard: `counterstrike` and `kaunterstrayk` → `kntrstrk`."""
    s = word.lower().replace("æ", "a")
    s = _SOFT_C.sub("s", s)
    for spelled, sound in _SOUNDS:
        s = s.replace(spelled, sound)
    s = s.replace("c", "k").replace("h", "")
    return _DOUBLE.sub(r"\1", _VOWELS.sub("", s))


class EnglishReader:
    """The English words of the entries' names, by skeleton, to read Cyrillic-typed English."""

    def __init__(self, entries: Iterable[Entry]) -> None:
        self._by_skeleton: dict[str, list[str]] = {}
        for entry in entries:
            for name in (entry.title, *entry.names):
                for word in fold(name).split():
                    if len(word) >= MIN_WORD and word.isascii() and word.isalpha():
                        key = skeleton(word)
                        bucket = self._by_skeleton.setdefault(key, [])
                        if len(key) >= MIN_SKELETON and word not in bucket:
                            bucket.append(word)

    def word(self, typed: str) -> str | None:
        """The English name word a Cyrillic word spells by ear, if one does."""
        if len(typed) < MIN_WORD or not _CYRILLIC_WORD.match(typed):
            return None
        sounded = latin(typed)
        found = self._by_skeleton.get(skeleton(sounded))
        if not found:
            return None
        best = max(found, key=lambda w: fuzz.ratio(sounded, w))
        return best if fuzz.ratio(sounded, best) >= MIN_LIKE else None

    def read(self, folded: str, knows: Callable[[str], bool]) -> str | None:
        """`folded` with each Cyrillic word no text uses read back into English; None when no
        word was."""
        words = folded.split()
        out = [w if knows(w) else (self.word(w) or w) for w in words]
        return " ".join(out) if out != words else None
