"""Odds charts: percentages that never round a near-certain figure to 100%, honest rows."""

from __future__ import annotations

import pytest

from bot.dice.chart import distribution_rows
from bot.games.mage_wars.dice import MWAttack
from bot.games.mage_wars.odds import attack_odds
from bot.handlers.dice_chart import chart, distribution_chart, percent


@pytest.mark.parametrize(
    ("p", "shown"),
    [
        (1.0, "100%"),
        (0.0, "0%"),
        (0.9999999999999999, ">99.9%"),
        (0.9995, ">99.9%"),
        (0.999, "99.9%"),
        (0.0004, "<0.1%"),
        (0.5, "50.0%"),
    ],
)
def test_percent_says_100_only_when_certain(p: float, shown: str) -> None:
    assert percent(p, "en") == shown


@pytest.mark.parametrize(
    "attack",
    [
        MWAttack(40, strikes=3),  # QA 13: «≤94 … 0.2%» next to «≥91: 100%»
        MWAttack(40, strikes=3, armor=20),  # QA 13: «≤43 … ≥40: 100%»
        MWAttack(1),
        MWAttack(4, armor=1),
        MWAttack(6, defense=7, strikes=2),
        MWAttack(20, armor=5, daze=True),
    ],
)
def test_chart_rows_agree_with_their_labels_and_at_least_column(attack: MWAttack) -> None:
    """Every row's label names exactly the damage it sums, and its `≥k` is the mass from k up."""
    dist = attack_odds(attack).distribution
    rows = distribution_rows(dist)
    assert sum(p for _, _, p in rows) == pytest.approx(1.0)
    lines = distribution_chart(dist, "en").strip("`\n").splitlines()
    assert len(lines) == len(rows)
    last = len(dist) - 1
    for i, ((lo, hi, p), line) in enumerate(zip(rows, lines, strict=True)):
        label, rest = (part.strip() for part in line.split("│", 1))
        first, final = i == 0, i == len(rows) - 1
        covered = range(0 if first else lo, (last if final else hi) + 1)
        assert p == pytest.approx(sum(dist[d] for d in covered))
        if first and lo > 0:
            assert label == f"≤{hi}"
        elif final and hi < last:
            assert label == f"{lo}+"
        else:
            assert label == (str(lo) if lo == hi else f"{lo}-{hi}")
        if first:
            assert rest.count("%") == 1  # everything: 100%, no column
            continue
        at_least = sum(q for _, _, q in rows[i:])
        assert at_least == pytest.approx(sum(dist[lo:]))
        assert rest.endswith(f"  {percent(at_least, 'en')}") and "≥" not in rest
        # the rows above and this row's `≥k` add up to everything
        assert 1 - sum(q for _, _, q in rows[:i]) == pytest.approx(at_least)


@pytest.mark.parametrize("p", [1.0, 0.0, 0.9995, 0.999, 0.0004, 0.5])
def test_percent_in_russian_has_a_decimal_comma_and_a_spaced_sign(p: float) -> None:
    assert percent(p, "ru") == percent(p, "en").replace(".", ",").replace("%", "\u00a0%")


@pytest.mark.parametrize(
    "attack", [MWAttack(1), MWAttack(20, armor=5, daze=True), MWAttack(40, strikes=3)]
)
@pytest.mark.parametrize("lang", ["ru", "en"])
def test_charts_fit_a_phone(attack: MWAttack, lang: str) -> None:
    """QA: odds charts were 45 columns wide and wrapped on phones; now <= 32."""
    lines = distribution_chart(attack_odds(attack).distribution, lang).strip("`\n").splitlines()
    assert lines and max(len(line) for line in lines) <= 32
    rows = [("неодолимая", 0.028), ("провал", 0.0833), ("сотворено", 0.889)]
    assert max(len(line) for line in chart(rows, lang).strip("`\n").splitlines()) <= 32
