"""Balance reports: win rates with Wilson intervals, lengths."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.report import by_group, group_label, summarize, wilson
from wargames.simulate import GameRecord, simulate


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_wilson_interval_holds_the_rate_and_stays_in_0_1(case: tuple[int, int]) -> None:
    wins, games = case
    low, high = wilson(wins, games)
    assert 0 <= low <= wins / games <= high <= 1


def test_the_wilson_interval_of_a_known_case() -> None:
    low, high = wilson(50, 100)
    assert math.isclose(low, 0.4038, abs_tol=1e-4) and math.isclose(high, 0.5962, abs_tol=1e-4)


def test_a_report_counts_wins_draws_and_unfinished_games() -> None:
    records = [
        GameRecord(0, 0, "t", "s", "a", "victory", 2, 10, ""),
        GameRecord(1, 1, "t", "s", None, "draw", 6, 30, ""),
        GameRecord(2, 2, "t", "s", None, "unfinished", 4, 20, ""),
        GameRecord(3, 3, "t", "s", "a", "victory", 3, 40, ""),
    ]
    report = summarize(records)
    assert dict(report.outcomes) == {"a": 2, "draw": 1, "unfinished": 1}
    assert report.rate("a")[0] == 0.5 and report.median_actions == 25
    assert "a        2 wins  50.0%" in report.text()


def test_a_report_of_a_real_run() -> None:
    report = summarize(simulate("minimal", 3, seed=9))
    assert report.games == 3 and sum(n for _, n in report.outcomes) == 3


def test_no_games_no_report() -> None:
    with pytest.raises(ValueError):
        summarize([])


def test_games_are_grouped_by_scenario_agents_and_options() -> None:
    plain = GameRecord(0, 0, "t", "s", "a", "victory", 2, 10, "")
    searched = GameRecord(1, 1, "t", "s", "b", "victory", 2, 10, "", agents="random,search")
    optioned = GameRecord(2, 2, "t", "s", "b", "victory", 2, 10, "", options='{"x": 1}')
    assert group_label(plain) == "t/s"
    assert group_label(searched) == "t/s random,search"
    assert group_label(optioned) == 't/s {"x": 1}'
    reports = by_group([plain, searched, optioned, plain])
    assert [(r.label, r.games) for r in reports] == [
        ("t/s", 2),
        ("t/s random,search", 1),
        ('t/s {"x": 1}', 1),
    ]
