"""Whether an opened entry is the term asked for, and what else a hedged answer offers.

`/правило отравление` in a Berserk game opened «Защита от отравления (яда) (ЗОЯ)» as if it were
the entry asked for (playtest 16, B4): «отравление» is a word of that name, but not the term it
names. A query names an entry only when it covers the name's nouns; the words left over may be
adjectives («вихрь» is «Магические вихри», playtest 12 W2), never another noun («Защита …»,
«Пул …»). Otherwise the reply says there is no such entry and this one is the nearest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from bot.i18n import catalogue
from glossary.model import Entry
from glossary.normalize import STOP_WORDS, fold, forms_of_name, stem, stems_agree
from glossary.question import QUESTION_WORDS, read_question
from glossary.scoring import edit_budget
from glossary.terms import spoken_names

if TYPE_CHECKING:
    from glossary import Hit

LOOSE_TIERS = frozenset({"words", "word-prefix"})  # a name matched by only some of its words
CLOSE_SPELLING = 80  # rapidfuzz ratio: `incorprael` is a misspelt `incorporeal`

# Endings of Russian adjectives and participles: a name word with one of them only qualifies
# the term. Nouns in -ние/-тие/-вие («Разрушение», «Развитие») end like adjectives and are not.
ADJECTIVE_ENDINGS = (
    "ый", "ий", "ой", "ая", "яя", "ое", "ее", "ые", "ие",
    "ого", "его", "ому", "ему", "ым", "им", "ых", "их", "ую", "юю",
)  # fmt: skip
NOUN_ENDINGS = ("ние", "тие", "вие")
ADJECTIVE_MIN = 5  # «бой», «Пул» are nouns: an adjective ending counts on a longer word only


def _words(text: str) -> list[str]:
    """The words of a name or query that can carry the term: no stop words, no placeholders."""
    plain = "".join(" " if ch in '()[],.:;«»"' else ch for ch in fold(text))
    return [w for w in plain.split() if w not in STOP_WORDS and len(w) > 1 and w.isalpha()]


def _qualifies(word: str) -> bool:
    """An adjective (or participle) of a name: it narrows the term, it is not the term."""
    return (
        len(word) >= ADJECTIVE_MIN
        and word.endswith(ADJECTIVE_ENDINGS)
        and not word.endswith(NOUN_ENDINGS)
    )


def _same(word: str, other: str) -> bool:
    return stem(word) == stem(other) and stems_agree(word, other)


def names_entry(query: str, entry: Entry) -> bool:
    """Whether `query` is a form of one of the entry's names: every query word is a word of the
    name, and the name's words it leaves out are only adjectives."""
    asked = _words(query)
    if not asked:
        return False
    for name in (entry.title, *entry.names):
        own = _words(name)
        if not own or not all(any(_same(w, o) for o in own) for w in asked):
            continue
        left = [o for o in own if not any(_same(w, o) for w in asked)]
        if all(_qualifies(o) for o in left):
            return True
    return False


def spoken_for(query: str, entries: list[Entry]) -> list[Entry]:
    """Entries of `entries` a player's word stands for although it is too loose to open them
    (`spoken.toml`): «рассеивание» is also the dispel step «Разрушение» (playtest 16, W3)."""
    asked = _words(query)
    spoken = spoken_names()
    out: list[Entry] = []
    for entry in entries:
        for name in spoken.get(entry.id, ()):
            own = _words(name)
            if (
                own
                and len(own) == len(asked)
                and all(_same(w, o) for w, o in zip(asked, own, strict=True))
            ):
                out.append(entry)
                break
    return out


def not_the_term(query: str, hit: Hit) -> bool:
    """An entry found by its text or by some words of its name is not the term a short query
    asks for (B4: «отравление» is not «Защита от отравления»); a form of its name is (W2)."""
    loose = hit.tier == "text" or hit.tier in LOOSE_TIERS
    return loose and len(query.split()) <= 3 and not names_entry(query, hit.entry)


def opens_alone(query: str, hit: Hit) -> bool:
    """Whether a pick list of this one candidate opens it instead (C2, scout B1): a typo of its
    name does, and so does a short query whose words are all words of its name («яд» → ЗОЯ,
    «что значит чтобы» → «Слово "To" ("Чтобы")»). A stray match in a text or in one word of a
    name stays a list: «что делать если из носа кровотечение» is not asking about Bleed."""
    if hit.tier == "fuzzy":
        return False
    if hit.tier == "near":  # spelled alike: a typo of the name, not another word (CQ-2)
        return misspells(query, hit.matched)
    if hit.tier != "text" and hit.tier not in LOOSE_TIERS:
        return True
    question = read_question(query)
    # a question of wrapper words only asks about its last one («что значит чтобы»)
    words = question.content or tuple(fold(question.subject).split()[-1:])
    if not 0 < len(words) <= 3:
        return False
    own = [w for name in (hit.entry.title, *hit.entry.names) for w in _words(name)]
    return all(
        forms_of_name(w, own) or any(fuzz.ratio(w, o) >= CLOSE_SPELLING for o in own) for w in words
    )


def offered(query: str, hit: Hit) -> bool:
    """Whether a suggestion is worth showing: no stranger ("far"), and a name spelled alike only
    when the query reads as its typo: «планета» offers no «Плата» (playtest 19, C3)."""
    return hit.tier != "far" and (hit.tier != "near" or misspells(query, hit.matched))


def misspells(query: str, name: str) -> bool:
    """Whether `query` reads as `name` mistyped: within the name's typo budget, and not longer
    than it by more than a letter, unless it starts with the whole name. «eteral» is Ethereal;
    «планета» is no «Плата» (English walk 11, CQ-2): a longer word that holds a name's letters
    is another word."""
    typed, meant = fold(query), fold(name)
    if typed.startswith(meant):  # a word made from the name: «Controllership» → Controller
        return True
    return len(typed) <= len(meant) + 1 and (
        OSA.distance(typed, meant) <= edit_budget(len(meant.replace(" ", "")))
    )


def hedge_key(query: str, entry: Entry) -> str:
    """The note an entry opened in place of the term asked for takes: a word of its name
    (`rule.nearest_name`, W6), else the nearest by its rule text (`rule.nearest`)."""
    names = (entry.title, *entry.names)
    return "rule.nearest_name" if forms_of_name(query, names) else "rule.nearest"


def close_elsewhere(hit: Hit) -> bool:
    """Another game's entry is offered in a game's channel only when its name is close to the
    query (WF-5): a word or two in common («remains in play» → «active player») or a match in
    its text is noise there, where that game's rules do not apply anyway."""
    return hit.tier not in ("far", "text") and hit.confident


QUESTION_MIN_WORDS = 3  # «как работает инициатива»: a question, not a term


def title_key(kind: str, asked: str) -> str:
    """A pick list's heading: a question is not called a term there is no entry for (scout G1:
    «нет термина «как работает инициатива»»); it is asked, and answered by the list."""
    words = fold(asked).split()
    question = len(words) >= QUESTION_MIN_WORDS and (
        words[0] in QUESTION_WORDS or read_question(asked).subject != fold(asked)
    )
    key = f"{kind}.title.question"
    return key if question and key in catalogue() else f"{kind}.title"
