"""A question's words close together in one text rank that text above one that has the same
words scattered (`TextHit.near`); it reorders a pick list only and never decides an open."""

from __future__ import annotations

from glossary import Glossary
from tests.glossary.test_search_units import entry

FILLER = " ".join(f"слово{i}" for i in range(30))
CLOSE = entry(
    "mage-wars/close", "Первая статья", text=f"{FILLER}. Щит ловит стрелу вампира. {FILLER}."
)
SCATTERED = entry(
    "mage-wars/scattered",
    "Вторая статья",
    text=f"Щит. {FILLER}. Стрелу. {FILLER}. Вампира. {FILLER}.",
)


def test_words_close_together_rank_first() -> None:
    g = Glossary([SCATTERED, CLOSE])
    near = g.text_hits_near("щит стрелу вампира", None, 5)[0]
    assert [h.entry.id for h in near][:1] == ["mage-wars/close"]
    assert near[0].near > 0.0
    far = next(h for h in near if h.entry.id == "mage-wars/scattered")
    assert far.near == 0.0  # no two of its words within the window
    plain = g.text_hits("щит стрелу вампира", None, 5)
    assert all(h.near == 0.0 for h in plain)


def test_proximity_never_makes_a_lookup_open() -> None:
    g = Glossary([SCATTERED, CLOSE])
    found = g.lookup("щит и стрелу вампира")
    assert found.hits[0].entry.id == "mage-wars/close"
    # the two texts are equal without proximity: a choice for the player, not an open
    assert not found.confident
