"""Krim: random legal games reach a result, replay exactly and round-trip through JSON."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from wargames.core.game import Game
from wargames.testing import check_title, games


def test_campaign_random_games_reach_a_result() -> None:
    check_title("krim", seeds=range(1), every=150)


def test_1941_scenario_random_games_reach_a_result() -> None:
    check_title("krim", scenario="1941", seeds=range(1, 2), every=60)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games("krim", max_actions=400))
def test_positions_keep_stacking_and_never_mix_sides(game: Game) -> None:
    """Provisional stacking limit (3) on land everywhere; no hex holds both sides; air units
    never on the map; eliminated units carry no markers."""
    board = game.scenario.board
    for node, units in game.state.occupancy().items():
        sides = {game.scenario.units[u].side for u in units}
        assert len(sides) == 1, f"{node} holds {units}"
        if board.terrain(node) != "sea":
            assert len(units) <= 3, f"{node} is overstacked: {units}"
        assert not any(game.scenario.units[u].has("air") for u in units)
    for u in game.state.units.values():
        if u.box == "eliminated":
            assert not u.markers


def test_may_1942_scenario_random_games_reach_a_result() -> None:
    check_title("krim", scenario="1942", seeds=range(2), every=60)
