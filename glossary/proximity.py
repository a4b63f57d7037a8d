"""A question's words standing close together in a text (`TextHit.near`, issue 19 round 2).

A question's answer is usually one sentence of a text, while a text that merely mentions the
same words far apart is about something else: the text index adds up to `PROXIMITY_WEIGHT`
points by the largest share of the question whose words stand within `NEAR_WINDOW` words. It
only reorders a pick list (`glossary.lookup` decides on the ranking without it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from heapq import heappush, heapreplace

PROXIMITY_WEIGHT = 20.0  # points for a question's words close together in a text (`near`) …
NEAR_WINDOW = 8  # … within this many words (calibrated on the blind and question sets)
NEAR_SLACK = 1e-3  # … a text this close below the `limit`-th may still pass it (rounding)
SUM_SLACK = 1e-9  # float drift of a sum of shares

Row = tuple[bool, float, int, float]  # (not named by every word, score, entry, bonus)


def with_near(
    rows: list[Row],
    limit: int,
    together: set[int],
    owner: dict[str, str],
    shares: dict[str, float],
    postings: Mapping[str, Mapping[int, int]],
    coded: Sequence[str],
    code: Mapping[str, str],
) -> list[Row]:
    """`rows` with the proximity bonus (`near_share`) of each row that can still reach the
    first `limit` with it: the expensive part of a question's lookup, skipped for most rows.

    A text's bonus is at most `PROXIMITY_WEIGHT` times its words' share of the query, so rows
    are taken best bound first; once a row's bound is below the `limit`-th score found so far
    (bonuses included), no later row can place, and the rest keep no bonus (the order of the
    first `limit` is exactly as with every bonus computed). `owner`: each query term's word;
    `shares`: each term's share of the query; `together`: rows holding the whole phrase;
    `coded`, `code`: each text's terms as one character each (`TextIndex.coded`).
    """
    if limit <= 0:
        return rows
    word_share = {owner[t]: shares[t] for t in owner}
    # each query word's rows (any of its terms in the text), found per term, not per row
    ids = {i for _, _, i, _ in rows} - together
    by_word: dict[str, set[int]] = {}
    present: dict[int, list[str]] = {}  # each row's terms, in `owner`'s order, for the scan
    for t, word in owner.items():
        # (in C, over the smaller side: thousands of texts at 50,000 entries, a few dozen rows)
        found = postings[t].keys() & ids
        if found:
            by_word[word] = by_word[word] | found if word in by_word else found
            for i in found:
                if i in present:
                    present[i].append(t)
                else:
                    present[i] = [t]
    held: dict[int, float] = {}  # each row's words' share, summed in the words' order …
    words: dict[int, int] = {}  # … and how many words it holds (two at least to be near)
    for word, found in by_word.items():
        share = word_share[word]
        for i in found:
            if i in held:
                held[i] += share
                words[i] += 1
            else:
                held[i] = share
                words[i] = 1
    bounded = []  # (group, -bound, row number, whether to scan it)
    for k, (first, score, i, _) in enumerate(rows):
        reach = PROXIMITY_WEIGHT * held[i] if words.get(i, 0) > 1 else 0.0
        bounded.append((first, -(score + reach), k, bool(reach)))
    bounded.sort()
    out = list(rows)
    placed: list[tuple[int, float]] = []  # the best `limit` so far, the worst on the heap's top
    for first, neg_bound, k, near in bounded:
        if len(placed) >= limit:
            worst_group, worst_score = -placed[0][0], placed[0][1]
            if first > worst_group or (
                first == worst_group and -neg_bound < worst_score - NEAR_SLACK
            ):
                break  # this row and every later one cannot pass the `limit`-th
        row_first, score, i, _ = rows[k]
        bonus = 0.0
        if near:  # only the query's terms this text holds (a missing one is a scan for nothing)
            bonus = PROXIMITY_WEIGHT * near_share(coded[i], present[i], owner, shares, code)
            out[k] = (row_first, score, i, bonus)
        key = (-int(first), score + bonus)  # smaller is worse: the worst on the heap's top
        if len(placed) < limit:
            heappush(placed, key)
        elif key > placed[0]:
            heapreplace(placed, key)
    return out


def near_share(
    text: str,
    terms: Sequence[str],
    owner: dict[str, str],
    shares: dict[str, float],
    code: Mapping[str, str],
) -> float:
    """The largest share of the query (by rarity) whose words stand within `NEAR_WINDOW` words
    of each other somewhere in the text: a question's words together in one sentence of a text
    are likelier its answer than the same words scattered over it. Two words at least. `terms`:
    the query's index terms that occur in the text (`owner`: each one's query word); `text`:
    its terms as one character each (`code`), so a term's word numbers are where its
    character is."""
    word_share: dict[str, float] = {}  # each query word the text holds, in `terms`' order
    hits: list[tuple[int, str]] = []  # (word number, query word): one word per number
    for t in terms:  # found in C: no split of the whole text
        word = owner[t]
        if word not in word_share:
            word_share[word] = shares[t]
        needle = code[t]
        at = text.find(needle)
        while at >= 0:
            hits.append((at, word))
            at = text.find(needle, at + 1)
    hits.sort()
    most = sum(word_share.values())  # every word it holds: no window can do better
    best = total = 0.0  # `total`: the share inside the window, kept as words come and go
    inside: dict[str, int] = {}  # query word → its hits in the window (two pointers)
    left = 0
    for pos, word in hits:
        count = inside.get(word, 0)
        inside[word] = count + 1
        if not count:
            total += word_share[word]
        while pos - hits[left][0] >= NEAR_WINDOW:
            gone = hits[left][1]
            left += 1
            if inside[gone] == 1:
                del inside[gone]
                total -= word_share[gone]
            else:
                inside[gone] -= 1
        if len(inside) > 1 and total > best - SUM_SLACK:
            # summed afresh (the running total drifts in the last bits)
            best = max(best, sum(map(word_share.__getitem__, inside)))
            if best >= most - SUM_SLACK:
                break
    return min(1.0, best)


def first_rows(rows: Sequence[Row], limit: int, nearby: bool) -> list[Row]:
    """The first `limit` of `rows` as ranked: named by every word first, then by the score
    rounded to 3 places (with the proximity bonus when `nearby`), then the entry's number.
    Sorted unrounded first (rounding keeps the order, so only the rows tied with the
    `limit`-th after rounding can still move), and only those few rounded."""
    raw = sorted(
        [(first, -(score + bonus), i, bonus) for first, score, i, bonus in rows]
        if nearby
        else [(first, -score, i, 0.0) for first, score, i, _ in rows]
    )
    if 0 < limit < len(raw):
        first, last = raw[limit - 1][0], round(-raw[limit - 1][1], 3)
        end = limit
        while end < len(raw) and raw[end][0] == first and round(-raw[end][1], 3) == last:
            end += 1
        raw = raw[:end]
    return sorted([(first, -round(-neg, 3), i, bonus) for first, neg, i, bonus in raw])[:limit]
