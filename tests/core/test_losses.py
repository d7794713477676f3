"""Step-loss allocation: examples per rule, and brute force over every multiset of keys."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from wargames.core.errors import IllegalAction
from wargames.core.losses import (
    LossPolicy,
    LossUnit,
    allocation_error,
    allocations,
    eliminated,
    losses_due,
)

K45 = LossPolicy(rule="K45 8.0b", strongest_first="K45 8.0a")
FREE = LossPolicy(rule="K45 9.0b")  # 9.0b: "Section 8.0a does not apply here"

PZ = LossUnit("5Pz", steps=2, strength=8)
INF = LossUnit("2/11G", steps=2, strength=4)
VS = LossUnit("Vs", steps=1, strength=1)
UNITS = [INF, PZ, VS]


def rule_of(error: IllegalAction | None) -> str:
    assert error is not None
    return error.rule


def test_first_loss_from_the_strongest_unit_k45_8_0a() -> None:
    assert allocations(UNITS, 1, K45) == (("5Pz",),)
    assert rule_of(allocation_error(UNITS, 1, ["Vs"], K45)) == "K45 8.0a"
    assert allocation_error(UNITS, 1, ["5Pz"], K45) is None


def test_strongest_tie_is_the_owners_choice_k45_8_0a() -> None:
    twins = [LossUnit("a", 2, 5), LossUnit("b", 2, 5), LossUnit("c", 2, 1)]
    assert allocations(twins, 1, K45) == (("a",), ("b",))


def test_further_losses_as_the_owner_pleases_k45_8_0c() -> None:
    two = allocations(UNITS, 2, K45)
    assert two == (("2/11G", "5Pz"), ("5Pz", "5Pz"), ("5Pz", "Vs"))


def test_a_unit_loses_at_most_its_steps_k45_8_0d() -> None:
    assert all(Counter(a)["Vs"] <= 1 for a in allocations(UNITS, 4, K45))
    assert rule_of(allocation_error(UNITS, 2, ["Vs", "Vs"], K45)) == "K45 8.0b"
    assert "Vs has 1 step(s) left, not 2" in str(allocation_error(UNITS, 2, ["Vs", "Vs"], K45))


def test_losses_beyond_all_steps_eliminate_every_unit_k45_8_0e() -> None:
    (everything,) = allocations(UNITS, 9, K45)
    assert everything == ("2/11G", "2/11G", "5Pz", "5Pz", "Vs")
    assert eliminated(UNITS, everything) == ("2/11G", "5Pz", "Vs")
    assert losses_due(UNITS, 9) == 5


def test_town_negates_the_first_loss_k45_8_1() -> None:
    assert allocations(UNITS, 1, K45, negated=1) == ((),)
    assert allocations(UNITS, 2, K45, negated=1) == (("5Pz",),)
    assert rule_of(allocation_error(UNITS, 1, ["5Pz"], K45, negated=1)) == "K45 8.0b"


def test_blocked_retreat_losses_are_freely_allocated_k45_9_0b() -> None:
    assert ("Vs",) in allocations(UNITS, 0, K45, free=1)
    assert allocations(UNITS, 1, FREE) == (("2/11G",), ("5Pz",), ("Vs",))
    # combat losses and retreat losses together: the strongest still takes one
    assert all("5Pz" in a for a in allocations(UNITS, 1, K45, free=1))


def test_allocation_names_only_participants() -> None:
    assert "did not take part" in str(allocation_error(UNITS, 1, ["9A"], K45))
    assert "2 step(s) must be lost, not 1" in str(allocation_error(UNITS, 2, ["5Pz"], K45))


def test_units_without_steps_take_no_losses() -> None:
    hipper = LossUnit("Hipper", steps=0, strength=99)
    assert allocations([hipper, VS], 1, K45) == (("Vs",),)
    assert allocations([hipper], 2, K45) == ((),)


def test_duplicate_unit_keys_are_refused() -> None:
    try:
        allocations([VS, VS], 1, K45)
    except ValueError as e:
        assert "unique" in str(e)
    else:
        raise AssertionError("duplicate keys accepted")


@st.composite
def battles(draw: st.DrawFn) -> tuple[list[LossUnit], int, int, int, LossPolicy]:
    count = draw(st.integers(0, 4))
    units = [
        LossUnit(f"u{i}", draw(st.integers(0, 3)), draw(st.integers(0, 3))) for i in range(count)
    ]
    policy = draw(st.sampled_from([K45, FREE]))
    return units, draw(st.integers(0, 6)), draw(st.integers(0, 2)), draw(st.integers(0, 2)), policy


def brute_force(
    units: list[LossUnit], losses: int, negated: int, free: int, policy: LossPolicy
) -> list[tuple[str, ...]]:
    total = sum(u.steps for u in units)
    due = min(max(losses - negated, 0) + free, total)
    able = [u for u in units if u.steps]
    top = max((u.strength for u in able), default=None)
    keep = []
    for combo in itertools.combinations_with_replacement(sorted(u.key for u in units), due):
        counts = Counter(combo)
        if any(counts[u.key] > u.steps for u in units):
            continue
        governed = policy.strongest_first and losses > negated and due
        if governed and not any(u.strength == top for u in able if counts[u.key]):
            continue
        keep.append(combo)
    return keep


@settings(max_examples=150)
@given(battles())
def test_allocations_equal_brute_force_over_multisets(
    battle: tuple[list[LossUnit], int, int, int, LossPolicy],
) -> None:
    units, losses, negated, free, policy = battle
    got = allocations(units, losses, policy, negated, free)
    assert list(got) == brute_force(units, losses, negated, free, policy)
    for a in got:
        assert allocation_error(units, losses, a, policy, negated, free) is None


@settings(max_examples=150)
@given(battles(), st.lists(st.sampled_from(["u0", "u1", "u2", "u3", "x"]), max_size=6))
def test_other_allocations_fail_with_the_right_rule(
    battle: tuple[list[LossUnit], int, int, int, LossPolicy], other: list[str]
) -> None:
    units, losses, negated, free, policy = battle
    legal = set(allocations(units, losses, policy, negated, free))
    error = allocation_error(units, losses, other, policy, negated, free)
    if tuple(sorted(other)) in legal:
        assert error is None
        return
    assert error is not None
    keys = {u.key: u for u in units}
    counts = Counter(other)
    capped = all(k in keys and counts[k] <= keys[k].steps for k in counts)
    due = losses_due(units, losses, negated, free)
    expected = policy.rule if not capped or len(other) != due else policy.strongest_first
    assert error.rule == expected
