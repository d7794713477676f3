"""Step-loss allocation: which units of one side take the steps a combat result calls for.

Allocating losses is a decision of the owning side. An allocation is a sorted tuple of unit
keys, one entry per step lost (``("2/11G", "2/11G", "5Pz")``: two steps from 2/11G, one from
5Pz). :func:`allocations` enumerates every legal one, :func:`allocation_error` checks a given one.
The title's rules come in as a :class:`LossPolicy`; each optional rule is switched on by giving
its citation, which is also the rule an :class:`~wargames.core.errors.IllegalAction` names.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import attrs

from .errors import IllegalAction

Allocation = tuple[str, ...]


def _non_negative(_: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value < 0:
        raise ValueError(f"{attribute.name} must be >= 0, not {value}")


@attrs.frozen(slots=True)
class LossUnit:
    """A unit that can absorb losses: its key, steps left and the strength that orders it."""

    key: str
    steps: int = attrs.field(validator=_non_negative)
    strength: float = 0


@attrs.frozen(slots=True)
class LossPolicy:
    """A title's step-loss rules.

    ``rule`` cites the basic rule (count and per-unit caps). ``strongest_first`` cites the rule
    that takes the first loss from the strongest participating unit (K45 8.0a; ties: any of
    them); ``None`` switches it off.
    """

    rule: str = "step losses"
    strongest_first: str | None = None


def losses_due(units: Sequence[LossUnit], losses: int, negated: int = 0, free: int = 0) -> int:
    """Steps the side actually loses: ``losses`` less ``negated`` (K45 8.1), plus ``free``,
    capped at the steps the units have left (K45 8.0e: beyond that all are eliminated)."""
    return min(max(losses - negated, 0) + free, sum(u.steps for u in units))


def allocations(
    units: Sequence[LossUnit],
    losses: int,
    policy: LossPolicy = LossPolicy(),
    negated: int = 0,
    free: int = 0,
) -> tuple[Allocation, ...]:
    """Every legal allocation, sorted.

    ``losses`` is the combat result's step losses, ``negated`` how many of them terrain cancels
    (K45 8.1), ``free`` further losses the first-loss rule does not govern (K45 9.0b, 9.0c).
    """
    _check_units(units)
    due = losses_due(units, losses, negated, free)
    strongest = _strongest(units) if _first_loss_governed(policy, losses, negated, due) else None
    pool = sorted(units, key=lambda u: u.key)
    found = [
        alloc
        for alloc in _multisets(pool, due)
        if strongest is None or not strongest.isdisjoint(alloc)
    ]
    return tuple(sorted(found))


def allocation_error(
    units: Sequence[LossUnit],
    losses: int,
    allocation: Sequence[str],
    policy: LossPolicy = LossPolicy(),
    negated: int = 0,
    free: int = 0,
) -> IllegalAction | None:
    """Why ``allocation`` is illegal, or ``None`` if it is legal (same arguments as
    :func:`allocations`)."""
    _check_units(units)
    by_key = {u.key: u for u in units}
    taken = Counter(allocation)
    for key, n in sorted(taken.items()):
        unit = by_key.get(key)
        if unit is None:
            return IllegalAction(policy.rule, f"{key} did not take part in this combat")
        if n > unit.steps:
            return IllegalAction(policy.rule, f"{key} has {unit.steps} step(s) left, not {n}")
    due = losses_due(units, losses, negated, free)
    if len(allocation) != due:
        return IllegalAction(policy.rule, f"{due} step(s) must be lost, not {len(allocation)}")
    if policy.strongest_first is not None and _first_loss_governed(policy, losses, negated, due):
        strongest = _strongest(units)
        if strongest.isdisjoint(taken):
            names = ", ".join(sorted(strongest))
            return IllegalAction(
                policy.strongest_first, f"the first loss must come from the strongest: {names}"
            )
    return None


def eliminated(units: Sequence[LossUnit], allocation: Sequence[str]) -> tuple[str, ...]:
    """Keys of the units the allocation takes every step of, sorted."""
    taken = Counter(allocation)
    return tuple(sorted(u.key for u in units if u.steps and taken[u.key] >= u.steps))


def _check_units(units: Sequence[LossUnit]) -> None:
    keys = [u.key for u in units]
    if len(set(keys)) != len(keys):
        raise ValueError(f"unit keys must be unique: {sorted(keys)}")


def _first_loss_governed(policy: LossPolicy, losses: int, negated: int, due: int) -> bool:
    return policy.strongest_first is not None and losses - negated > 0 and due > 0


def _strongest(units: Sequence[LossUnit]) -> frozenset[str]:
    """K45 8.0a: the units of highest strength among those with a step to lose."""
    able = [u for u in units if u.steps]
    if not able:
        return frozenset()
    top = max(u.strength for u in able)
    return frozenset(u.key for u in able if u.strength == top)


def _multisets(pool: Sequence[LossUnit], n: int) -> Iterator[Allocation]:
    """Every way to take ``n`` steps from ``pool`` (sorted by key), at most each unit's steps."""
    if n == 0:
        yield ()
        return
    if not pool:
        return
    head, rest = pool[0], pool[1:]
    room = sum(u.steps for u in rest)
    for k in range(min(head.steps, n), max(n - room, 0) - 1, -1):
        for tail in _multisets(rest, n - k):
            yield (head.key,) * k + tail
