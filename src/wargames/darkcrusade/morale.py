"""The Russian morale-collapse roll of both Dark Crusade editions (the hex edition's Victory
Conditions: "The instant the Axis player takes Moscow, in supply, he can roll for a 33% chance
of Russian morale collapse and victory"); each edition decides when it is due."""

from __future__ import annotations

from fractions import Fraction

from wargames.core.actions import Action, Outcome
from wargames.core.state import Result

COLLAPSE = Result("axis", "victory", "Moscow taken in supply: Russian morale collapse")
"""The game's end on a collapse."""


def outcomes(sixths: int) -> list[tuple[Action, Fraction]]:
    """Collapse on ``sixths`` chances in 6 (0 to 6), else the morale holds; an outcome with no
    chance is left out."""
    k = Fraction(sixths, 6)
    got: list[tuple[Action, Fraction]] = [(Outcome("collapse"), k), (Outcome("holds"), 1 - k)]
    return [(o, p) for o, p in got if p]
