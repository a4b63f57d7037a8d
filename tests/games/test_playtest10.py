"""Playtest 10 (issue 17, `docs/playtest-ru-10.md`): K2 (a KeyForge creature's readiness agrees
whatever its name's gender), G2 (a Berserk strike in the roll history counts its wounds), W2 and
M1 (the players' words «неудержимая сила» and «огонь» find their entries)."""

from __future__ import annotations

from bot.console import Console
from bot.i18n import t
from tests.glossary.search_data import real_glossary


def test_k2_readiness_is_said_of_the_card() -> None:
    assert t("tracker.change_to.keyforge.exhausted.off", "ru", target="Тролль") == (
        "Тролль: карта снова готова"
    )
    assert t("tracker.change_to.keyforge.exhausted.on", "ru", target="Тролль") == (
        "Тролль: карта истощена"
    )


async def test_g2_a_berserk_strike_in_the_history_counts_its_wounds(console: Console) -> None:
    await console.execute("/berserk strike values:2-3-4")
    out = await console.execute("/history rolls n:1")
    assert "ран: " not in out
    assert any(f"{n} ран" in out for n in range(0, 10))


def test_w2_m1_players_words_find_their_entries() -> None:
    g = real_glossary()
    found = g.lookup("неудержимая сила", prefer_game="whfb")
    assert found.confident and found.hits[0].entry.id == "whfb/neodolimaya-sila"
    found = g.lookup("огонь", prefer_game="mage-wars")
    assert found.confident and found.hits[0].entry.id == "mage-wars/burn"
