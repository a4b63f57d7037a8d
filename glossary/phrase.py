"""Whether a term-like query stands in a text as a phrase (playtest 12, B2).

`/правило первый удар` is the name of an ability; «В направлении удара (атаки)» holds «первая»
and «удара» in different sentences, and must not open as its answer. A query of two words, each
one the texts use, with no question wrapper is a term: a text whose names miss one of its words
answers it outright only where its words stand together, in order, in some form (three-word,
misspelt or slang queries are left to the margin rules: gating them made the blind set worse).
"""

from __future__ import annotations

from glossary.model import Entry
from glossary.normalize import STOP_WORDS, fold, stem

TERM_WORDS = (2,)  # a query this many words long, all content words, reads as a term


def term_like(query: str, subject: str, content: list[str] | tuple[str, ...]) -> bool:
    """A query of two content words with no question wrapper («первый удар»)."""
    words = fold(query).split()
    return subject == fold(query) and len(words) in TERM_WORDS and len(content) == len(words)


def stands_in(entry: Entry, query: str) -> bool:
    """Whether the entry may answer the term: its words stand together, in order, in its names
    or text; or its names hold them all; or some word is not in its text as typed (a typo or
    slang read through the synonyms is not judged here)."""
    want = [stem(w) for w in fold(query).split() if w not in STOP_WORDS]
    named = {stem(w) for name in (*entry.names, entry.title) for w in fold(name).split()}
    if all(w in named for w in want):  # its names hold every word: a name, in any order
        return True
    body = {stem(w) for w in fold(entry.text).split()}
    if not all(w in body for w in want):  # a misspelt or slang word: the margin rules decide
        return True
    for text in (*entry.names, entry.title, entry.text):
        have = [stem(w) for w in fold(text).split()]
        for i in range(len(have) - len(want) + 1):
            if have[i : i + len(want)] == want:
                return True
    return False
