"""A short random-play soak of every registered title (``benchmarks/soak.py`` is the long one):
reloads continue identically, undo restores, rejected actions leave no trace, no bugs."""

from __future__ import annotations

import pytest
from fuzz_support import TITLES

from wargames.fuzz import SoakReport, soak_game


@pytest.mark.parametrize("title", TITLES)
def test_a_short_soak_finds_nothing(title: str) -> None:
    report = SoakReport(title)
    soak_game(report, seed=3, max_actions=40, every=10)
    assert report.clean, report.problems
    assert report.round_trips >= 1 and report.rejected >= 1
