"""What a player's question is about: the wrapper words («что такое», «how does … work»)
removed, and the content words left for the text search.

«что такое эгида» is a question about the name «эгида»; matched whole, the wrapper words drag the
name match down to a loose word overlap. Stripping runs on folded text, so `Что такое Piercing?`
and `что такое piercing` are one question.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from glossary.normalize import STOP_WORDS, fold, stem

# Openings that only say "tell me about" (folded; longest first where they share a start).
_LEADS_RU = (
    "что такое",
    "что это такое",
    "что будет если",
    "что будет когда",
    "что будет",
    "что случится если",
    "что случится",
    "что происходит если",
    "что происходит когда",
    "что происходит с",
    "что происходит",
    "что значит",
    "что означает",
    "что делает",
    "что дает",
    "что даёт",
    "как работает",
    "как работают",
    "как действует",
    "как действуют",
    "как устроен",
    "как устроена",
    "как играет",
    "можно ли",
    "нужно ли",
    "правда ли",
    "есть ли",
    "кто такой",
    "кто такая",
    "кто такие",
    "расскажи про",
    "расскажи о",
    "объясни",
    "поясни",
    "правило про",
    "правила про",
    "что включает",
    "что входит в",
    "что входит",
    "как называется",
    "как быть если",
    "как быть",
    "что делать если",
    "что делать",
    "что если",
    "а если",
    "как понять",
    "для чего нужен",
    "для чего нужна",
    "для чего нужны",
    "для чего нужно",
    "для чего",
    "зачем нужен",
    "зачем нужна",
    "зачем нужны",
    "откуда берется",
    "откуда берутся",
    "откуда",
    "от чего зависит",
    "от чего зависят",
    "что",
    "как",
    "сколько",
    "какой",
    "какая",
    "какое",
    "какие",
    "когда",
    "зачем",
    "почему",
    "где",
    "куда",
    "кто",
    "чем",
)
_LEADS_EN = (
    "what happens if",
    "what happens when",
    "what happens to",
    "what happens",
    "what is a",
    "what is an",
    "what is the",
    "what is",
    "whats",
    "what s",
    "what are",
    "what does",
    "what do",
    "how does",
    "how do",
    "how do i",
    "how many",
    "how much",
    "can i",
    "can a",
    "can",
    "does",
    "do",
    "is",
    "explain",
    "define",
    "meaning of",
    "rule for",
    "rules for",
    "what",
    "how",
    "when",
    "why",
    "who",
)
# Closing words of a question wrapper: «…, что это?», `what does Rot do`, `how does X work`.
_TAILS = ("это", "значит", "означает", "такое", "do", "does", "work", "works", "mean", "means")
# Words of a question that never carry its subject (besides the stop words): the text search
# skips them, so «сколько» or «можно» cannot pull a question towards any entry using them.
QUESTION_WORDS = frozenset(
    {"что", "как", "такое", "сколько", "можно", "нужно", "ли", "какой", "какая", "какое"}
    | {"какие", "когда", "зачем", "почему", "где", "куда", "кто", "чем", "если", "будет"}
    | {"бывает", "бывают", "происходит", "делает", "делать", "значит", "означает", "это"}
    | {"есть", "мне", "мой", "моя", "мое", "мои", "свой", "своя", "который", "которая"}
    | {"которое", "которые", "при", "там", "тут", "тогда", "вообще", "работает", "работают"}
    | {"what", "how", "many", "much", "does", "do", "can", "when", "why", "who", "which"}
    | {"my", "i", "it", "if", "happens", "work", "works", "mean", "means", "are", "be"}
    | {"случится", "случается", "произойдет", "разве", "happen", "happened", "should"}
    # pronouns and modal words of a spoken question: «моего», «своей», «надо», «чтобы»
    | {"моего", "моей", "моих", "моим", "моему", "моё", "своего", "своей", "своих", "своим"}
    | {"своему", "своё", "свое", "его", "ее", "её", "их", "него", "нее", "неё", "них", "ему"}
    | {"ей", "им", "тем", "того", "кого", "чего", "чему", "чей", "чья", "чье", "чьё", "чьи"}
    | {"каком", "какого", "какому", "каким", "какую", "надо", "нужно", "чтобы", "меня", "мы"}
    | {"я", "ты", "вы", "он", "она", "оно", "они", "себя", "себе", "тот", "та", "те", "этот"}
    | {"эта", "эти", "этого", "этой", "этом", "такой", "такая", "такие", "всё", "равно"}
    | {"вот", "уже", "ещё", "еще", "просто", "типа", "короче", "блин", "вроде"}
    | {"свою", "свои", "своем", "своими", "мою", "мои", "моем", "моими", "твой", "твоя", "твое"}
    | {"твои", "твоего", "твоей", "твоих", "твою", "наш", "наша", "наше", "наши", "нашего"}
    | {"нашей", "наших", "нашу", "ваш", "ваша", "ваше", "ваши", "вашего", "вашей", "ваших"}
    | {"самый", "самая", "самое", "самые", "самого", "самой", "самых", "самым"}
    | {"всего", "долго", "нужен", "нужна", "нужны", "кому", "могу", "rules", "rule", "дальше"}
    | {"уходит", "уходят", "зависит", "зависят"}  # «куда уходит X», «от чего зависит X»
)
QUESTION_WORDS = frozenset(fold(w) for w in QUESTION_WORDS)
_LEADS = sorted({tuple(fold(p).split()) for p in _LEADS_RU + _LEADS_EN}, key=len, reverse=True)
_TAIL_WORDS = frozenset(_TAILS)
_LEADS_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}  # first word → its leads, longest first
_LEADS_BY_LAST: dict[str, list[tuple[str, ...]]] = {}  # last word → its leads, longest first
for _lead in _LEADS:
    _LEADS_BY_FIRST.setdefault(_lead[0], []).append(_lead)
    _LEADS_BY_LAST.setdefault(_lead[-1], []).append(_lead)


@dataclass(frozen=True, slots=True)
class Question:
    """A query read as a question: its subject (wrapper removed) and its content words."""

    subject: str  # folded; equal to the folded query when it had no wrapper
    content: tuple[str, ...]  # folded words that may carry meaning, in order

    @property
    def wrapped(self) -> bool:
        return bool(self.subject) and self.subject != " ".join(self.content)


def strip_question(query: str) -> str:
    """The subject of a question, folded: `Что такое Piercing?` → `piercing`.

    Never empty for a query with letters: a query that is all wrapper (`что такое`) stays whole.
    """
    words = fold(query).split()
    changed = True
    while changed and len(words) > 1:
        changed = False
        for lead in _LEADS_BY_FIRST.get(words[0], ()):
            n = len(lead)
            if len(words) > n and tuple(words[:n]) == lead:
                words = words[n:]
                changed = True
                break
        while len(words) > 1 and words[-1] in _TAIL_WORDS:
            words.pop()
            changed = True
        # a wrapper put last: «жажда что делает», «щиты как работают», «абилка это что»
        for lead in _LEADS_BY_LAST.get(words[-1], ()):
            n = len(lead)
            if len(words) > n and tuple(words[-n:]) == lead:
                del words[-n:]
                changed = True
                break
    if all(w in QUESTION_WORDS or w in STOP_WORDS for w in words):
        return fold(query)  # nothing but the wrapper (`что такое`): the query is the subject
    return " ".join(words)


@lru_cache(maxsize=16)
def read_question(query: str) -> Question:
    """The subject and the content words of `query` (stop and question words removed). The
    last few are remembered: `/rule` reads one query for its lookup and again for the key its
    learned links are filed under."""
    subject = strip_question(query)
    content = tuple(
        w for w in fold(query).split() if w not in STOP_WORDS and w not in QUESTION_WORDS
    )
    return Question(subject, content)


def query_words(query: str) -> str:
    """The words of `query` that carry it, folded, in order (question and stop words left out;
    the folded query itself when that leaves nothing): what a learned link remembers as asked."""
    content = read_question(query).content
    return " ".join(content) if content else fold(query)


def learn_key(query: str) -> str:
    """The key a learned link is filed under: the stems of the query's words, each once, sorted,
    so «как работает регенерация» and «регенерации как работают» are one query."""
    return " ".join(sorted({stem(w) for w in query_words(query).split()}))
