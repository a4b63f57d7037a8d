"""Split long text into pieces that fit a Discord limit, at the most natural boundary available.

Boundaries are tried in order: paragraph (blank line), line break, sentence end, word. Only a
single word longer than the limit is cut mid-word. Every piece is an exact slice of the input and
the gaps between pieces are whitespace only, so nothing is lost: the renderer never truncates.
"""

from __future__ import annotations

import re

_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_LINE = re.compile(r"\n\s*")
# Sentence end: terminal punctuation, optional closing quotes/brackets, then whitespace.
_SENTENCE = re.compile(r"[.!?…;]+[\"»”’')\]]*(\s+)")
_SPACE = re.compile(r"\s+")

# A natural boundary is only taken if it keeps at least this share of the window, so a
# paragraph break near the start does not produce a needlessly tiny piece.
_MIN_SHARE = 3


def split_text(text: str, limit: int) -> list[str]:
    """Pieces of `text`, each at most `limit` characters, none empty or whitespace only."""
    if limit < 1:
        raise ValueError("limit must be positive")
    if not text.strip():
        return []
    if len(text) <= limit:
        return [text]
    pieces: list[str] = []
    start = _skip_space(text, 0)
    while len(text) - start > limit:
        end, resume = _cut(text, start, limit)
        pieces.append(text[start:end])
        start = _skip_space(text, resume)
    tail = text[start:]
    if tail.strip():
        pieces.append(tail)
    return pieces


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i].isspace():
        i += 1
    return i


def _cut(text: str, start: int, limit: int) -> tuple[int, int]:
    """`(end, resume)`: the piece is `text[start:end]`, the next one starts at or after `resume`.

    Looks at `limit + 1` characters: a whitespace right after the limit is a valid boundary.
    """
    window = text[start : start + limit + 1]
    floor = max(1, limit // _MIN_SHARE)
    for pattern in (_PARAGRAPH, _LINE):
        end = _last_boundary(pattern, window, floor, limit)
        if end is not None:
            return start + end, start + end
    end = _last_sentence(window, floor, limit)
    if end is not None:
        return start + end, start + end
    end = _last_boundary(_SPACE, window, 1, limit)
    if end is not None:
        return start + end, start + end
    return start + limit, start + limit


def _last_boundary(pattern: re.Pattern[str], window: str, floor: int, limit: int) -> int | None:
    best: int | None = None
    for match in pattern.finditer(window):
        end = len(window[: match.start()].rstrip())
        if floor <= end <= limit:
            best = end
    return best


def _last_sentence(window: str, floor: int, limit: int) -> int | None:
    best: int | None = None
    for match in _SENTENCE.finditer(window):
        end = match.start(1)
        if floor <= end <= limit:
            best = end
    return best
