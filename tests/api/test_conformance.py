"""The conformance kit on the example title."""

from __future__ import annotations

from hypothesis import given

from wargames.core.game import Game
from wargames.testing import check_position, check_title, games


def test_the_example_title_passes_the_conformance_kit() -> None:
    def one_unit_per_hex(game: Game) -> None:
        occupied = game.state.occupancy()
        assert all(len(units) == 1 for units in occupied.values())

    check_title("minimal", seeds=range(3), invariants=(one_unit_per_hex,))


@given(games("minimal"))
def test_random_positions_keep_the_invariants(game: Game) -> None:
    check_position(game)
