"""`/explain` speed (prints, never asserts): `python -m bench.explain`.

Times `Glossary.find_terms` (what `/explain` and the «Explain terms» menu run) on a 4,000-character
text dense with terms of every game (target: <= 20 ms), beside the old quadratic game vote on the
same spans (each span recounting every other span's votes), interleaved, medians of several runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable

from glossary import load_glossary
from glossary.terms import Span, TermFinder, TermMatch, _choose

FILLER = ("и", "потом", "но", "если", "кубик", "ход", "игрок", "а", "затем", "—")


def _old_choose(spans: list[Span], prefer_game: str | None) -> list[TermMatch]:
    def majority(others: list[Span]) -> str | None:
        votes = Counter(g for _, b in others for g in {e.game for e in b})
        top = votes.most_common(2)
        if not top or (len(top) > 1 and top[1][1] == top[0][1]):
            return None
        return top[0][0]

    out: list[TermMatch] = []
    seen: set[tuple[str, ...]] = set()
    for k, (found, bucket) in enumerate(spans):
        chosen = [e for e in bucket if e.game == prefer_game]
        if not chosen:
            game = majority(spans[:k] + spans[k + 1 :])
            chosen = [e for e in bucket if e.game == game] or bucket
        ids = tuple(e.id for e in chosen)
        if ids not in seen:
            seen.add(ids)
            out.append(TermMatch(found, tuple(chosen)))
    return out


def sample_text(size: int, seed: int = 18) -> str:
    # short names, as a pasted rules paragraph has them: the most terms per character
    titles = [e.title for e in load_glossary().entries if len(e.title) <= 12]
    rng = random.Random(seed)
    words: list[str] = []
    while len(" ".join(words)) < size:
        words.append(rng.choice(titles) if rng.random() < 0.8 else rng.choice(FILLER))
    return " ".join(words)[:size]


def _ms(fn: Callable[[], object]) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--chars", type=int, default=4000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    glossary = load_glossary()
    finder: TermFinder = glossary._terms
    text = sample_text(args.chars)
    spans = finder.spans(text)
    assert _choose(spans, None) == _old_choose(spans, None)
    now, old = [], []
    for _ in range(args.runs):  # interleaved, so load on the machine hits both alike
        now.append(_ms(lambda: glossary.find_terms(text)))
        old.append(_ms(lambda: _old_choose(finder.spans(text), None)))
    print(f"/explain of {len(text)} characters, {len(spans)} terms spotted, {args.runs} runs")
    print(f"  now, one-pass vote:        median {statistics.median(now):7.1f} ms CPU, target <= 20")
    print(f"  before (per-span recount): median {statistics.median(old):7.1f} ms CPU")


if __name__ == "__main__":
    main()
