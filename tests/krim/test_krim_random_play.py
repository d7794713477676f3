"""Krim: random legal games reach a result, replay exactly and round-trip through JSON."""

from __future__ import annotations

from wargames.testing import check_title


def test_campaign_random_games_reach_a_result() -> None:
    check_title("krim", seeds=range(1), every=60)


def test_1941_scenario_random_games_reach_a_result() -> None:
    check_title("krim", scenario="1941", seeds=range(1, 2), every=60)
