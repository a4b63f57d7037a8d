"""Latin spellings of Cyrillic keys, so `avangard`, `vampirizm` or `bronya` find the entry.

People transliterate by ear, so several schemes are indexed. Forms are computed per token and
cached: a large glossary repeats the same words many times.
"""

from __future__ import annotations

from functools import lru_cache

import iuliia

from glossary.normalize import fold_glued

SCHEMES = (
    iuliia.WIKIPEDIA,
    iuliia.MOSMETRO,
    iuliia.SCIENTIFIC,
    iuliia.ICAO_DOC_9303,
    iuliia.TELEGRAM,
    iuliia.YANDEX_MAPS,
    iuliia.BGN_PCGN,
)


@lru_cache(maxsize=200_000)
def token_forms(token: str, limit: int = 3) -> tuple[str, ...]:
    """Exactly `limit` folded Latin forms of one folded token, repeating the last when the
    schemes agree (a Latin token is its own form)."""
    if token.isascii():
        return (token,) * limit
    forms: list[str] = []
    for scheme in SCHEMES:
        form = fold_glued(scheme.translate(token)).replace(" ", "")
        if form and form not in forms:
            forms.append(form)
            if len(forms) >= limit:
                break
    forms = forms or [token]
    return tuple(forms + forms[-1:] * (limit - len(forms)))


def latin_forms(norm: str, limit: int = 3) -> list[str]:
    """Up to `limit` Latin spellings of a folded string, scheme by scheme (no cross-mixing)."""
    columns = zip(*[token_forms(t, limit) for t in norm.split()], strict=True)
    return [form for form in dict.fromkeys(map(" ".join, columns)) if form != norm]


# Latin → Cyrillic, longest spelling first: how players write Russian words in Latin letters.
_TO_CYRILLIC = (
    ("shch", "щ"),
    ("sch", "щ"),
    ("zh", "ж"),
    ("kh", "х"),
    ("ts", "ц"),
    ("tz", "ц"),
    ("ch", "ч"),
    ("sh", "ш"),
    ("yu", "ю"),
    ("ju", "ю"),
    ("ya", "я"),
    ("ja", "я"),
    ("yo", "е"),
    ("jo", "е"),
    ("ye", "е"),
    ("je", "е"),
    ("a", "а"),
    ("b", "б"),
    ("v", "в"),
    ("w", "в"),
    ("g", "г"),
    ("d", "д"),
    ("e", "е"),
    ("z", "з"),
    ("i", "и"),
    ("j", "й"),
    ("k", "к"),
    ("l", "л"),
    ("m", "м"),
    ("n", "н"),
    ("o", "о"),
    ("p", "п"),
    ("r", "р"),
    ("s", "с"),
    ("t", "т"),
    ("u", "у"),
    ("f", "ф"),
    ("h", "х"),
    ("c", "к"),
    ("x", "кс"),
    ("q", "к"),
)
_VOWELS = frozenset("аеиоуыэюяё")


@lru_cache(maxsize=50_000)
def _cyrillic_word(word: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(word):
        if word[i] == "c" and word[i + 1 : i + 2] in ("i", "e", "y"):  # `akciya`, `cep`: ц
            out.append("ц")
            i += 1
            continue
        if word[i] == "y":  # ы after a consonant, й after a vowel or at the end of a word
            after_vowel = bool(out) and out[-1][-1] in _VOWELS
            ahead = word[i : i + 2]
            if ahead not in ("yu", "ya", "yo", "ye"):
                out.append("й" if after_vowel or not out else "ы")
                i += 1
                continue
        for latin, cyr in _TO_CYRILLIC:
            if word.startswith(latin, i):
                out.append(cyr)
                i += len(latin)
                break
        else:
            out.append(word[i])
            i += 1
    text = "".join(out)
    if len(text) > 2 and text[-1] == "и" and text[-2] in _VOWELS and text[-2] != "и":
        text = text[:-1] + "й"  # `bronei`, `kroi`: a closing i after a vowel is й (`magii`:
        # магии, the commoner ending)
    return text


def cyrillic_reading(norm: str) -> str:
    """A folded Latin string read back as Russian (`bronyu` → `броню`, `tyazhelaya` →
    `тяжелая`), so stemming applies to transliterated input too; "" when it is not Latin."""
    if not norm or not norm.replace(" ", "").isascii() or not norm.replace(" ", "").isalpha():
        return ""
    return " ".join(_cyrillic_word(w) for w in norm.split())
