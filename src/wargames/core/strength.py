"""Combat strength totals: cumulative multipliers kept as exact fractions, then one rounding.

K45 0.1c: modifiers are cumulative (a unit halved twice is quartered) and fractions are kept
until every modifier has been applied. K45 0.1d: a stack is totalled before it is halved, then
rounded once. Titles differ in the direction of that rounding, sometimes per side (a supply
rule may round down on offence and up on defence); :class:`StrengthRounding` says which.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Literal

import attrs

Rounding = Literal["down", "up", "nearest"]
Role = Literal["attack", "defence"]
Number = int | Fraction

ROUNDINGS: tuple[Rounding, ...] = ("down", "up", "nearest")
HALF = Fraction(1, 2)
QUARTER = Fraction(1, 4)


def modified(strength: Number, *factors: Number) -> Fraction:
    """``strength`` times every factor, kept exact (K45 0.1c: halved and halved is quartered).

    >>> modified(5, HALF, HALF)
    Fraction(5, 4)
    """
    if strength < 0:
        raise ValueError(f"strength {strength} is negative")
    value = Fraction(strength)
    for factor in factors:
        if factor < 0:
            raise ValueError(f"factor {factor} is negative")
        value *= factor
    return value


def round_strength(value: Number, rounding: Rounding) -> int:
    """``value`` rounded ``down``, ``up`` or to the ``nearest`` integer (halves go up)."""
    exact = Fraction(value)
    if rounding == "down":
        return math.floor(exact)
    if rounding == "up":
        return math.ceil(exact)
    if rounding == "nearest":
        return math.floor(exact + HALF)
    raise ValueError(f"unknown rounding {rounding!r}; expected one of {ROUNDINGS}")


def total_strength(values: Iterable[Number], rounding: Rounding = "down") -> int:
    """The exact sum of ``values``, rounded once (K45 0.1d: add up first, then round)."""
    return round_strength(sum((Fraction(v) for v in values), Fraction(0)), rounding)


@attrs.frozen(slots=True)
class StrengthRounding:
    """A title's rounding of combat totals: direction per role, once per stack or per unit.

    ``per_unit=True`` rounds each unit's modified strength before adding (titles without a
    total-then-halve rule); the default totals the exact fractions and rounds once.
    """

    attack: Rounding = attrs.field(default="down", validator=attrs.validators.in_(ROUNDINGS))
    defence: Rounding = attrs.field(default="down", validator=attrs.validators.in_(ROUNDINGS))
    per_unit: bool = False

    def rounding(self, role: Role) -> Rounding:
        """The rounding used for ``role`` (``"attack"`` or ``"defence"``)."""
        if role == "attack":
            return self.attack
        if role == "defence":
            return self.defence
        raise ValueError(f"unknown role {role!r}; expected 'attack' or 'defence'")

    def total(self, values: Iterable[Number], role: Role) -> int:
        """The side's combat total from its units' modified strengths."""
        rounding = self.rounding(role)
        if self.per_unit:
            return sum(round_strength(v, rounding) for v in values)
        return total_strength(values, rounding)
