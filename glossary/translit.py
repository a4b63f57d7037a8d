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
def token_forms(token: str) -> tuple[str, ...]:
    """Distinct folded Latin forms of one folded Cyrillic token (the token itself if Latin)."""
    if token.isascii():
        return (token,)
    forms: list[str] = []
    for scheme in SCHEMES:
        form = fold_glued(scheme.translate(token)).replace(" ", "")
        if form and form not in forms:
            forms.append(form)
    return tuple(forms) or (token,)


def latin_forms(norm: str, limit: int = 6) -> list[str]:
    """Up to `limit` Latin spellings of a folded string, scheme by scheme (no cross-mixing)."""
    tokens = norm.split()
    if not tokens or norm.isascii():
        return []
    per_token = [token_forms(t) for t in tokens]
    width = max(len(f) for f in per_token)
    out: list[str] = []
    for i in range(width):
        form = " ".join(f[min(i, len(f) - 1)] for f in per_token)
        if form != norm and form not in out:
            out.append(form)
        if len(out) >= limit:
            break
    return out
