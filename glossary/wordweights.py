"""Each candidate name key's weight per query word (`NameMatcher._match_words`): the rarest
words bring candidates in, and past a cap a common word only raises their weights."""

from __future__ import annotations

from collections.abc import Sequence

from glossary.scoring import TOKEN_SCAN_CAP


def weights_by_key(found: Sequence[dict[int, float]]) -> dict[int, list[float]]:
    """Each candidate key's weight per query word, rarest words first: once the candidate
    cap is reached a common word only adds to the candidates' weights."""
    n = len(found)
    weights: dict[int, list[float]] = {}
    for qi in sorted(range(n), key=lambda i: len(found[i])):
        here = found[qi]
        if len(weights) >= TOKEN_SCAN_CAP and len(here) > len(weights):
            # the cap is reached: a common word only adds to the candidates' scores, so
            # look the candidates up in its keys rather than walk all of them
            _raise(weights, here, qi)
            continue
        for kid, w in here.items():
            row = weights.get(kid)
            if row is None:
                if len(weights) >= TOKEN_SCAN_CAP:
                    if len(here) > 2 * len(weights):  # the rest of a common word's keys
                        _raise(weights, here, qi)  # bring in nothing: look up
                        break
                    continue
                row = weights[kid] = [0.0] * n
            if w > row[qi]:
                row[qi] = w
    return weights


def _raise(weights: dict[int, list[float]], here: dict[int, float], qi: int) -> None:
    """Each candidate key's weight for query word `qi` raised to what `here` gives it: the
    candidates looked up in a common word's keys rather than all of them walked."""
    for kid, kept in weights.items():
        w = here.get(kid, 0.0)
        if w > kept[qi]:
            kept[qi] = w
