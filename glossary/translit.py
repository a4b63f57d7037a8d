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
