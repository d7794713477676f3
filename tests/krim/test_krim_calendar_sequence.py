"""Krim: calendar months with couplets by weather; the game turn's order of phases."""

from __future__ import annotations

from krim_support import goto, new, unit

import wargames
from wargames.core.context import Context
from wargames.krim import TITLE
from wargames.krim.calendar import FROST, MUD, month_ends, month_of, month_starts, weather


def ctx_at(turn: int) -> Context:
    game = wargames.new_game("krim", None, 0)
    game.state.turn = turn
    return game._ctx()


def test_mud_and_frost_months_are_the_texts() -> None:
    """Krim: Weather: December, March, April Mud; January, February Frost."""
    by_name = {month_of(ctx_at(t)).name: weather(ctx_at(t)) for t in range(1, 16)}
    assert by_name["December 1941"] == MUD
    assert by_name["March 1942"] == MUD and by_name["April 1942"] == MUD
    assert by_name["January/February 1942"] == FROST
    assert by_name["October 1941"] == "clear" and by_name["May 1942"] == "clear"


def test_calendar_month_numbers_follow_the_new_units_phase() -> None:
    """Krim: New Units Phase: March is calendar month 5, April 6, May 7, June/July 8."""
    numbers = {month_of(ctx_at(t)).name: month_of(ctx_at(t)).number for t in range(1, 16)}
    assert numbers["March 1942"] == 5 and numbers["April 1942"] == 6
    assert numbers["May 1942"] == 7 and numbers["June/July 1942"] == 8


def test_months_hold_one_or_more_couplets_and_fifteen_turns() -> None:
    starts = [t for t in range(1, 16) if month_starts(ctx_at(t))]
    ends = [t for t in range(1, 16) if month_ends(ctx_at(t))]
    assert starts == [1, 3, 5, 6, 8, 9, 10, 12]
    assert ends == [2, 4, 5, 7, 8, 9, 11, 15]


def test_soviet_player_turn_comes_before_the_axis_one() -> None:
    names = [p.name for p in TITLE.phases]
    assert names.index("Soviet New Units Phase") < names.index("Axis New Units Phase")
    soviet = names[names.index("Soviet New Units Phase") : names.index("Axis New Units Phase")]
    assert soviet == [
        "Soviet New Units Phase",
        "Soviet Operational Transfers",
        "Soviet Movement Phase",
        "Soviet Combat Phase",
    ]


def test_landings_then_barrages_then_prepared_assaults() -> None:
    """Krim: opposed landings before any other combat; all barrages before any PA."""
    combat = next(p for p in TITLE.phases if p.name == "Soviet Combat Phase")
    steps = [s.step for s in combat.segments]
    assert steps.index("landings") < steps.index("barrages") < steps.index("assaults")
    assert steps.count("barrages") == 2  # own and the enemy's artillery


def test_game_reaches_a_decision_in_the_first_soviet_new_units_phase() -> None:
    game = new([unit("S1", "soviet", "C7"), unit("A1", "axis", "H9")])
    assert game.decision is not None and game.decision.side == "soviet"
    goto(game, "Axis Movement Phase", "movement")
    assert game.decision is not None and game.decision.side == "axis"
