"""Seeded dice whose whole state is one integer in the game state.

The generator is SplitMix64: tiny state, the same numbers on every platform and Python
version, and a copy of the state is a copy of an int. Tests may script the next rolls; a
scripted roll is used before the generator is consulted, and it still advances the generator,
so a scripted game and an unscripted one stay in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb, lcm
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def seed_state(seed: int) -> int:
    """The generator state for a user seed (any int)."""
    return (seed * 0xBF58476D1CE4E5B9 + _GOLDEN) & _MASK


def next64(state: int) -> tuple[int, int]:
    """(a uniform 64-bit number, the next state)."""
    state = (state + _GOLDEN) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def below(state: int, n: int) -> tuple[int, int]:
    """(a uniform int in [0, n), the next state); unbiased by rejection."""
    if n < 1:
        raise ValueError("n must be >= 1")
    limit = (1 << 64) - (1 << 64) % n
    while True:
        x, state = next64(state)
        if x < limit:
            return x % n, state


def pick_weighted(state: int, weights: Sequence[Fraction]) -> tuple[int, int]:
    """(index drawn with exact probabilities ``weights`` (summing to 1), the next state)."""
    x, state = next64(state)
    # The running sum over one common denominator, in integers: x < sum * 2**64 exactly as
    # with fractions, without a fraction's sum and reduction per weight.
    den = lcm(*(w.denominator for w in weights))
    scaled = x * den
    total = 0
    for i, w in enumerate(weights):
        total += w.numerator * (den // w.denominator)
        if scaled < total << 64:
            return i, state
    return len(weights) - 1, state


def die_faces(sides: int) -> list[tuple[int, Fraction]]:
    """Each face of a fair die with its probability."""
    return [(f, Fraction(1, sides)) for f in range(1, sides + 1)]


def sum_distribution(dice: int, sides: int) -> list[tuple[int, Fraction]]:
    """Exact distribution of the sum of ``dice`` fair ``sides``-sided dice (e.g. 2d6)."""
    dist = {0: Fraction(1)}
    for _ in range(dice):
        nxt: dict[int, Fraction] = {}
        for total, p in dist.items():
            for f in range(1, sides + 1):
                nxt[total + f] = nxt.get(total + f, Fraction(0)) + p / sides
        dist = nxt
    return sorted(dist.items())


def hits(dice: int, hit_on: int, sides: int = 6) -> list[tuple[int, Fraction]]:
    """Exact distribution of the number of hits when ``dice`` fair dice each hit on
    ``hit_on`` or more (e.g. fire dice that hit on 5+).

    >>> hits(2, 5)
    [(0, Fraction(4, 9)), (1, Fraction(4, 9)), (2, Fraction(1, 9))]
    """
    if dice < 0 or sides < 1:
        raise ValueError("need dice >= 0 and sides >= 1")
    p = Fraction(min(max(sides - hit_on + 1, 0), sides), sides)
    q = 1 - p
    out = [(k, comb(dice, k) * p**k * q ** (dice - k)) for k in range(dice + 1)]
    return [(k, w) for k, w in out if w]
