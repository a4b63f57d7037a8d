"""Exact Berserk odds: strike kinds and wounds, by hand."""

from __future__ import annotations

import pytest

from bot.dice.errors import OutOfRange
from bot.games.berserk.dice import BerserkStrike, parse_values
from bot.games.berserk.odds import berserk_odds


def test_berserk_closed_mode() -> None:
    strike = BerserkStrike(parse_values("2-3-4"), kind="shot")
    odds = berserk_odds(strike)
    assert odds.attacker == pytest.approx(
        {"miss": 0, "weak": 3 / 6, "medium": 2 / 6, "strong": 1 / 6}
    )
    assert odds.mean_wounds == pytest.approx((3 * 2 + 2 * 3 + 4) / 6)
    blessed = berserk_odds(BerserkStrike(parse_values("2-3-4"), kind="shot", blessing=True))
    assert blessed.attacker["strong"] == pytest.approx(2 / 6)


def test_clumsiness_only_on_simple_strikes() -> None:
    values = parse_values("1-2-3")
    assert BerserkStrike(values, kind="shot", clumsiness=2).attacker_mod == 0
    assert BerserkStrike(values, kind="simple", clumsiness=2).attacker_mod == -2


def test_berserk_fight_mode_by_hand() -> None:
    odds = berserk_odds(BerserkStrike(parse_values("2-3-4"), defender_values=parse_values("1")))
    # difference >= 5: only 6 vs 1, attacker strong (1/36); +4: 2 cases strong + defender weak.
    assert odds.attacker["strong"] == pytest.approx(3 / 36)
    # 0 with both rolls >= 5 (5:5, 6:6) is a defender's weak strike and no attacker strike.
    assert sum(odds.attacker.values()) == pytest.approx(1)
    assert odds.defender_wounds is not None and odds.defender_wounds > 0


def test_defender_blessing_and_clumsiness_count_in_the_odds() -> None:
    def odds(mod: int = 0, blessing: bool = False, clumsiness: int = 0) -> object:
        return berserk_odds(
            BerserkStrike(
                parse_values("2-3-4"),
                defender_values=parse_values("1"),
                defender_mod=mod,
                defender_blessing=blessing,
                defender_clumsiness=clumsiness,
            )
        )

    # Blessing (+1) and Clumsiness 1 (−1) on the defender are a plain ±1 to its roll.
    assert odds(blessing=True) == odds(mod=1)
    assert odds(clumsiness=1) == odds(mod=-1)
    assert odds(blessing=True) != odds()


def test_defender_clumsiness_is_range_checked() -> None:
    with pytest.raises(OutOfRange):
        BerserkStrike(parse_values("2"), defender_clumsiness=7).checked()


def test_the_odds_reply_shows_the_modifier_it_used() -> None:
    """Playtest 4 slip 28: `/шансы берсерк … модификатор:1` did not say +1 was applied."""
    from bot.games.berserk.ui.view import berserk_odds_view
    from bot.i18n import t

    def ru(key: str, **p: object) -> str:
        return t(key, "ru", **p)

    closed = BerserkStrike(parse_values("3-4-5"), mode="closed", mod=1)
    assert "Модификатор броска: +1" in berserk_odds_view(ru, [closed]).body
    plain = BerserkStrike(parse_values("3-4-5"), mode="closed")
    assert "Модификатор" not in berserk_odds_view(ru, [plain]).body


def test_a_shot_or_throw_says_who_rolls_in_its_own_noun() -> None:
    """Playtest 4 slip 10: «Режим: закрытый» read as the target card's state."""
    # seed 001:99 «Выстрел на X … определяется броском кубика»; 001:299 «Метание на X …»
    from bot.games.berserk.ui.view import mode_key
    from bot.i18n import t

    shot = "Выстрел: бросает только стреляющий, цель не отвечает"
    assert t(mode_key(False, "shot"), "ru") == shot
    assert t(mode_key(False, "throw"), "ru") == "Метание: бросает только метающий, цель не отвечает"
    assert mode_key(False, "simple") == "dice.berserk.mode_closed"
    assert mode_key(True, "simple") == "dice.berserk.mode_fight"
