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


def test_golden_playthroughs_catch_a_change_of_behaviour() -> None:
    import copy

    import pytest

    from wargames.core.errors import WargamesError
    from wargames.testing import record_playthrough, replay_playthrough

    golden = record_playthrough("minimal", 5, every=10)
    replay_playthrough(golden)
    moved = copy.deepcopy(golden)
    moved["checkpoints"]["20"] = "0" * 64
    with pytest.raises(AssertionError, match="action 20"):
        replay_playthrough(moved)
    other = copy.deepcopy(golden)
    other["seed"] = 6  # other dice: the same actions no longer give the same game
    with pytest.raises((AssertionError, WargamesError)):  # a differing state or an illegal move
        replay_playthrough(other)
