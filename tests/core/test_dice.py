"""Seeded dice: deterministic, uniform, exact distributions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from wargames.core import dice


@given(st.integers(-(2**70), 2**70))
def test_the_same_seed_gives_the_same_rolls(seed: int) -> None:
    def rolls(s: int) -> list[int]:
        out = []
        for _ in range(20):
            v, s = dice.below(s, 6)
            out.append(v)
        return out

    assert rolls(dice.seed_state(seed)) == rolls(dice.seed_state(seed))
    assert 0 <= dice.seed_state(seed) < 2**64


def test_known_values_never_change_across_versions() -> None:
    """Saved games replay only if the generator is frozen: these numbers must never change."""
    s = dice.seed_state(1)
    out = []
    for _ in range(8):
        v, s = dice.below(s, 6)
        out.append(v + 1)
    assert out == KNOWN_D6_SEED_1


KNOWN_D6_SEED_1 = [2, 5, 6, 2, 3, 4, 6, 6]


def test_die_is_close_to_uniform() -> None:
    s = dice.seed_state(99)
    counts: Counter[int] = Counter()
    n = 12_000
    for _ in range(n):
        v, s = dice.below(s, 6)
        counts[v] += 1
    assert set(counts) == set(range(6))
    assert all(abs(c - n / 6) < 5 * (n * (1 / 6) * (5 / 6)) ** 0.5 for c in counts.values())


def test_weighted_pick_follows_the_weights() -> None:
    weights = [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]
    s = dice.seed_state(3)
    counts: Counter[int] = Counter()
    n = 12_000
    for _ in range(n):
        i, s = dice.pick_weighted(s, weights)
        counts[i] += 1
    for i, w in enumerate(weights):
        assert abs(counts[i] / n - float(w)) < 0.03


def test_sum_distribution_is_exact() -> None:
    two = dict(dice.sum_distribution(2, 6))
    assert sum(two.values()) == 1
    assert two[7] == Fraction(1, 6) and two[2] == Fraction(1, 36) and min(two) == 2
    assert dice.die_faces(6) == [(f, Fraction(1, 6)) for f in range(1, 7)]
