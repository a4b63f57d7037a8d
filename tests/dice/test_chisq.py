"""The chi-square helper itself: its critical values match the printed tables."""

from __future__ import annotations

import pytest

from tests.helpers.chisq import critical_value


def test_critical_value_matches_tables() -> None:
    # Published upper 0.1 % points: df=5 20.52, df=10 29.59, df=30 59.70.
    assert critical_value(5) == pytest.approx(20.52, rel=0.02)
    assert critical_value(10) == pytest.approx(29.59, rel=0.02)
    assert critical_value(30) == pytest.approx(59.70, rel=0.02)
