"""Advance after combat: the paths an attacking unit or stack may take into and past the
hex its defenders vacated, and which attackers must advance.

Nodes are the integers of a :class:`~wargames.core.board_index.BoardIndex`; the game state
comes in as an :class:`AdvanceSituation` of plain node sets, the title's rules as
:class:`AdvanceRules` with a citation per rule. :func:`advance_paths` enumerates the options
(the advancing force may always stay put instead; that choice is the title's to offer),
:func:`advance_error` says why a given path is not one of them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import combinations, pairwise
from typing import Any

import attrs

from .board_index import BoardIndex
from .errors import IllegalAction
from .retreat import Block, HexsideMatch, NodePath, Nodes, matching, path_block, walks
from .zoc import ZoneMap

Cost = Callable[[BoardIndex, int, int], int]
"""What entering node v from node u costs an advance (movement points, at least 1)."""


def _nodes(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen(slots=True)
class AdvanceRules:
    """A title's advance rules. Citations name the rule an error reports; ``None`` is off.

    ``rule``: the first hex is the vacated one, the limit, path shape (K45 10.0). ``blocked``:
    prohibited hexes and ``hexsides`` (K45 10.4: unbridged major rivers). ``stop``: crossing
    one of ``stop_hexsides`` or entering a node with one of ``stop_features`` ends the advance
    (K45 10.1a). ``onward_hexsides``: hexes after the first only across such hexsides (roads);
    empty: any. ``ezoc_stops``: entering an EZOC ends the advance; ``None``: EZOCs are ignored
    (K45 10.0). ``same_unit``: no step directly from one hex of an enemy unit's zone of
    control into another of the same unit's (``situation.zones``), unless onto a friendly unit
    (DCH: Tactical Advances); ``None``: no such rule. ``beside``: a unit may instead advance one
    hex into an empty hex next to the vacated one. ``stacking``: the end must have room.
    ``cost``: what each hex costs against the limit (``None``: 1 per hex); the first hex is
    always allowed.
    """

    rule: str = "advance"
    blocked: str = "advance"
    hexsides: tuple[HexsideMatch, ...] = ()
    stop: str = "advance"
    stop_hexsides: tuple[HexsideMatch, ...] = ()
    stop_features: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    onward_hexsides: tuple[HexsideMatch, ...] = ()
    ezoc_stops: str | None = None
    same_unit: str | None = None
    beside: str | None = None
    stacking: str = "stacking"
    cost: Cost | None = None


@attrs.frozen(slots=True)
class AdvanceSituation:
    """What the game state says about one advance.

    ``prohibited``: nodes the force may not enter (enemy units, terrain it cannot move into).
    ``ezoc``: nodes in an enemy zone of control. ``occupied``: nodes holding any unit (a hex
    beside the vacated one must be empty). ``fits``: whether the force may end in a node
    without overstacking (``None``: always). ``zones``: the enemy zones of control by unit,
    for ``rules.same_unit``; ``friendly``: nodes holding a friendly unit (a step onto one is
    free of that rule); ``zoc_free``: nodes whose zones of control the force ignores (a step
    into or out of one is free of it too, and entering one does not stop the advance).
    """

    prohibited: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    ezoc: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    occupied: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    fits: Callable[[int], bool] | None = None
    zones: ZoneMap[Any] | None = None
    friendly: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    zoc_free: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)


@attrs.frozen(slots=True, order=True)
class AdvancePath(NodePath):
    """One advance option: its nodes (the attacker's hex first), its cost against the limit,
    and whether it goes ``beside`` the vacated hex instead of into it."""

    cost: int = 0
    beside: bool = False


def advance_paths(
    index: BoardIndex,
    origin: int,
    vacated: int | Iterable[int],
    limit: int,
    rules: AdvanceRules = AdvanceRules(),
    situation: AdvanceSituation = AdvanceSituation(),
) -> tuple[AdvancePath, ...]:
    """Every advance from ``origin`` through one of the ``vacated`` nodes, sorted.

    ``limit`` bounds the hexes (or, with ``rules.cost``, the cost) of the whole advance; the
    first hex is always allowed (Krim: at least one hex regardless of cost).
    """
    a = _Advance(index, origin, vacated, limit, rules, situation)
    found = [
        AdvancePath(w, a.cost(w))
        for w in walks(index, (origin,), max(limit, 1), a.step)
        if len(w) > 1 and a.end_block(w) is None
    ]
    if rules.beside is not None:
        found += [
            AdvancePath((origin, v), a.cost((origin, v)), beside=True)
            for v in index.adj[origin]
            if v not in a.vacated and a.beside_block(v) is None
        ]
    return tuple(sorted(found))


def advance_error(
    index: BoardIndex,
    origin: int,
    vacated: int | Iterable[int],
    nodes: Sequence[int],
    limit: int,
    rules: AdvanceRules = AdvanceRules(),
    situation: AdvanceSituation = AdvanceSituation(),
) -> IllegalAction | None:
    """Why ``nodes`` is not an advance option, or ``None`` if it is one (see
    :func:`advance_paths`)."""
    a = _Advance(index, origin, vacated, limit, rules, situation)
    path = tuple(nodes)
    if any(p.nodes == path for p in advance_paths(index, origin, vacated, limit, rules, situation)):
        return None
    if len(path) < 2 or path[0] != origin:
        return IllegalAction(rules.rule, f"an advance starts in {index.ids[origin]} and moves")
    block: Block | None = None
    beside = rules.beside is not None and len(path) == 2 and 0 <= path[1] < len(index.ids)
    if beside and path[1] not in a.vacated:
        block = a.beside_block(path[1])
    block = block or path_block(index, path, 1, a.step, rules.rule) or a.end_block(path)
    return IllegalAction(*(block or (rules.rule, "not a legal advance")))


class MustMatch(enum.Enum):
    """How the attackers that must advance are matched to the defenders' firepower."""

    CLOSEST = "closest"
    """The groups whose total is closest to it, above or below (Darkest: "as close to equal
    as possible"); at least one unit whenever it is above 0."""
    AT_LEAST = "at-least"
    """The smallest-total groups that reach it; all units if together they fall short."""


def must_advance(
    units: Mapping[str, float], required: float, match: MustMatch = MustMatch.CLOSEST
) -> tuple[frozenset[str], ...]:
    """The groups of ``units`` (key -> firepower), one of which must advance into the vacated
    hex, every tied group listed (the attacker picks one), sorted.

    ``match`` says how a group is matched to ``required`` (see :class:`MustMatch`). Darkest:
    UnDisrupted attackers as close to equal as possible to the unmodified firepowers of the
    defenders must advance (defenders 3, attackers 2 and 6: the 2).
    """
    keys = sorted(units)
    if match is MustMatch.AT_LEAST and sum(units.values()) < required:
        return (frozenset(keys),)
    best: float | None = None
    groups: list[frozenset[str]] = []
    smallest = 1 if required > 0 and keys else 0
    for n in range(smallest, len(keys) + 1):
        for group in combinations(keys, n):
            s = sum(units[k] for k in group)
            if match is MustMatch.AT_LEAST:
                if s < required:
                    continue
                score = s
            else:
                score = abs(s - required)
            if best is not None and score > best:
                continue
            if best is None or score < best:
                best, groups = score, []
            groups.append(frozenset(group))
    return tuple(sorted(groups, key=sorted))


def must_advance_error(
    units: Mapping[str, float],
    required: float,
    advancing: Iterable[str],
    rule: str,
    match: MustMatch = MustMatch.CLOSEST,
) -> IllegalAction | None:
    """Why ``advancing`` into the vacated hex misses a group :func:`must_advance` names."""
    moving = frozenset(advancing)
    groups = must_advance(units, required, match)
    if any(g <= moving for g in groups):
        return None
    shown = " or ".join("+".join(sorted(g)) or "none" for g in groups)
    return IllegalAction(rule, f"attackers matching the defence ({required}) must advance: {shown}")


class _Advance:
    """One advance's rules compiled against the board and situation."""

    def __init__(
        self,
        index: BoardIndex,
        origin: int,
        vacated: int | Iterable[int],
        limit: int,
        rules: AdvanceRules,
        situation: AdvanceSituation,
    ) -> None:
        self.index = index
        self.origin = origin
        self.vacated = frozenset((vacated,) if isinstance(vacated, int) else vacated)
        self.limit = limit
        self.rules = rules
        self.situation = situation

    def label(self, v: int) -> str:
        return self.index.ids[v]

    def same_unit(self, u: int, v: int) -> Block | None:
        """The "same enemy unit" rule (``rules.same_unit``) for the step from u to v."""
        rule, sit = self.rules.same_unit, self.situation
        if rule is None or sit.zones is None or v in sit.friendly:
            return None
        if u in sit.zoc_free or v in sit.zoc_free or not sit.zones.shared(u, v):
            return None
        return rule, (
            f"cannot advance from {self.label(u)} to {self.label(v)}: both in the zone of "
            "control of the same enemy unit"
        )

    def enter(self, u: int, v: int) -> Block | None:
        """Whether a hexside and hex may be entered at all (K45 10.4)."""
        side = matching(self.index, u, v, self.rules.hexsides)
        if side is not None:
            return self.rules.blocked, f"cannot advance across the {side} hexside"
        if v in self.situation.prohibited:
            return self.rules.blocked, f"cannot advance into {self.label(v)}"
        return None

    def stops(self, path: Nodes) -> str | None:
        """Why the advance must stop at the end of ``path`` (K45 10.1a), or ``None``."""
        rules, u, v = self.rules, path[-2], path[-1]
        if matching(self.index, u, v, rules.stop_hexsides) is not None:
            return f"it crossed a hexside that stops advances into {self.label(v)}"
        if self.index.node_bits[v] & self.index.mask(*rules.stop_features):
            return f"{self.label(v)} stops advances"
        return None

    def step(self, path: Nodes, v: int) -> Block | None:
        rules, u = self.rules, path[-1]
        if len(path) == 1:
            if v not in self.vacated:
                return rules.rule, f"the first hex must be the vacated one, not {self.label(v)}"
            return self.same_unit(u, v) or self.enter(u, v)
        why = self.stops(path)
        if why is not None:
            return rules.stop, why
        sit = self.situation
        if rules.ezoc_stops is not None and u in sit.ezoc and u not in sit.zoc_free:
            return rules.ezoc_stops, f"it entered an enemy zone of control in {self.label(u)}"
        block = self.same_unit(u, v)
        if block is not None:
            return block
        if rules.onward_hexsides and matching(self.index, u, v, rules.onward_hexsides) is None:
            names = ", ".join(str(h) for h in rules.onward_hexsides)
            return rules.rule, f"past the first hex only across {names} hexsides"
        spent = self.cost((*path, v))
        if spent > self.limit:
            return rules.rule, f"it would spend {spent}, more than {self.limit}"
        return self.enter(u, v)

    def end_block(self, path: Nodes) -> Block | None:
        fits = self.situation.fits
        if fits is not None and not fits(path[-1]):
            return self.rules.stacking, f"the force would overstack {self.label(path[-1])}"
        return None

    def beside_block(self, v: int) -> Block | None:
        """Whether a unit may advance instead into ``v``, one hex, next to a vacated hex."""
        rule = self.rules.beside or self.rules.rule
        if v not in self.index.adj[self.origin] or self.vacated.isdisjoint(self.index.adj[v]):
            return rule, f"{self.label(v)} is not next to both the attacker and the vacated hex"
        if v in self.situation.occupied:
            return rule, f"{self.label(v)} is not empty"
        return (
            self.same_unit(self.origin, v)
            or self.enter(self.origin, v)
            or self.end_block((self.origin, v))
        )

    def cost(self, path: Nodes) -> int:
        """What the advance along ``path`` costs, the first hex included."""
        price = self.rules.cost
        if price is None:
            return len(path) - 1
        return sum(price(self.index, u, v) for u, v in pairwise(path))
