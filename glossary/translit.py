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
    """Up to `limit` distinct folded Latin forms of one folded Cyrillic token (itself if Latin)."""
    if token.isascii():
        return (token,)
    forms: list[str] = []
    for scheme in SCHEMES:
        form = fold_glued(scheme.translate(token)).replace(" ", "")
        if form and form not in forms:
            forms.append(form)
            if len(forms) >= limit:
                break
    return tuple(forms) or (token,)


def latin_forms(norm: str, limit: int = 3) -> list[str]:
    """Up to `limit` Latin spellings of a folded string, scheme by scheme (no cross-mixing)."""
    per_token = [token_forms(t, limit) for t in norm.split()]
    width = max((len(f) for f in per_token), default=0)
    if width <= 1 and all(f == (t,) for f, t in zip(per_token, norm.split(), strict=True)):
        return []
    out = [" ".join([f[i] if i < len(f) else f[-1] for f in per_token]) for i in range(width)]
    return [form for i, form in enumerate(out) if form != norm and form not in out[:i]]
