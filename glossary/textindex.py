"""Full-text search over entry bodies (backs `/search`): stems, BM25-style scores, snippets."""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from glossary.model import Entry
from glossary.normalize import STOP_WORDS, analyse, fold, stem

SNIPPET_RADIUS = 80
_WORD = re.compile(r"\w+")
_K1, _B = 1.2, 0.75


@dataclass(frozen=True)
class TextHit:
    """A body that mentions the query: the entry, a 0..100 score and an excerpt around it."""

    entry: Entry
    score: float
    snippet: str


class TextIndex:
    """Inverted index of stems over titles and bodies, built once on first use."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = entries
        self.postings: dict[str, dict[int, int]] = defaultdict(dict)
        self.lengths: list[int] = []
        self.stem_text: list[str] = []  # " stem stem … ": phrase checks survive inflection
        for i, entry in enumerate(entries):
            words = fold(" ".join((entry.title, *entry.names, entry.text))).split()
            stems = [stem(t) for t in words]
            self.lengths.append(len(stems))
            self.stem_text.append(f" {' '.join(stems)} ")
            for s, tf in Counter(stems).items():
                self.postings[s][i] = tf
        self.postings = dict(self.postings)
        self.avg_len = (sum(self.lengths) / len(self.lengths)) if self.lengths else 1.0
        n = len(entries)
        self.idf = {
            s: math.log(1.0 + (n - len(p) + 0.5) / (len(p) + 0.5)) for s, p in self.postings.items()
        }

    def search(self, query: str, game: str | None, limit: int) -> list[TextHit]:
        folded = analyse(query)
        words = [t for t in folded.tokens if t not in STOP_WORDS] or list(folded.tokens)
        stems = list(dict.fromkeys(stem(w) for w in words if w))[:12]
        known = [s for s in stems if s in self.postings]
        if not known:
            return []
        total_idf = sum(self.idf.get(s, 1.0) for s in stems) or 1.0
        scores: dict[int, float] = defaultdict(float)
        coverage: dict[int, float] = defaultdict(float)
        for s in known:
            idf = self.idf[s]
            for i, tf in self.postings[s].items():
                if game is not None and self.entries[i].game != game:
                    continue
                length = self.lengths[i] / self.avg_len
                norm_tf = tf * (_K1 + 1) / (tf + _K1 * (1 - _B + _B * length))
                scores[i] += idf * norm_tf
                coverage[i] += idf / total_idf
        ranked = sorted(scores, key=lambda i: (-coverage[i], -scores[i], i))[: max(limit, 0) * 4]
        phrase = " ".join(stem(t) for t in folded.tokens)
        phrase = f" {phrase} " if len(folded.tokens) > 1 else ""
        hits = []
        for i in ranked:
            bm = scores[i]
            together = bool(phrase) and phrase in self.stem_text[i]
            score = 60.0 * coverage[i] + 25.0 * bm / (bm + 5.0) + (15.0 if together else 0.0)
            hits.append((-round(score, 3), i))
        hits.sort()
        return [
            TextHit(self.entries[i], -neg, snippet(self.entries[i].text, set(known)))
            for neg, i in hits[:limit]
        ]


def snippet(text: str, stems: set[str], radius: int = SNIPPET_RADIUS) -> str:
    """A one-line excerpt around the first word whose stem is wanted, cut at word edges."""
    flat = " ".join(text.split())
    start = 0
    for m in _WORD.finditer(flat):
        if stem(fold(m.group())) in stems:
            start = m.start()
            break
    lo = max(0, start - radius // 2)
    hi = min(len(flat), start + radius + radius // 2)
    if lo > 0:
        space = flat.find(" ", lo)
        lo = space + 1 if 0 <= space < start else lo
    if hi < len(flat):
        space = flat.rfind(" ", start, hi)
        hi = space if space > start else hi
    return ("…" if lo > 0 else "") + flat[lo:hi].strip() + ("…" if hi < len(flat) else "")
