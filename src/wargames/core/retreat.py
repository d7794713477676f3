"""Retreat paths after combat: every path a defeated stack may take, and what each costs it.

Nodes are the integers of a :class:`~wargames.core.board_index.BoardIndex`. What the rest of
the game knows (enemy units, enemy zones of control, supply, stacking room) comes in as plain
data in a :class:`RetreatSituation`; the title's rules come in as a :class:`RetreatRules` whose
optional rules are switched on by giving their citation. :func:`retreat_paths` enumerates the
options as frozen :class:`RetreatPath` objects; :func:`retreat_error` says why a given path is
not one of them. The path walking helpers here (:class:`HexsideMatch`, :func:`walks`,
:func:`path_block`) serve advances after combat too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Literal, Protocol

import attrs

from .board_index import BoardIndex
from .errors import IllegalAction

Block = tuple[str, str]
"""Why a step or path is illegal: (rule citation, reason)."""

Step = Callable[[tuple[int, ...], int], Block | None]
"""Whether a path may go on into a node: ``None`` if it may, else the :data:`Block`."""

Nodes = tuple[int, ...]


@attrs.frozen(slots=True, order=True)
class NodePath:
    """A path of board nodes, the start first: what retreats and advances have in common."""

    nodes: Nodes

    @property
    def end(self) -> int:
        return self.nodes[-1]

    @property
    def hexes(self) -> int:
        """Hexes moved."""
        return len(self.nodes) - 1

    def labels(self, index: BoardIndex) -> tuple[str, ...]:
        return tuple(index.ids[v] for v in self.nodes)


def _nodes(value: Iterable[int]) -> frozenset[int]:
    return frozenset(value)


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen(slots=True)
class HexsideMatch:
    """Hexsides with any of ``features`` and none of ``unless`` (e.g. major-river unless bridge)."""

    features: frozenset[str] = attrs.field(converter=_names)
    unless: frozenset[str] = attrs.field(default=frozenset(), converter=_names)

    def matches(self, index: BoardIndex, bits: int) -> bool:
        """Whether an edge with feature bitmask ``bits`` is such a hexside."""
        want, unless = index.cached(
            ("hexside-match", self), lambda ix: (ix.mask(*self.features), ix.mask(*self.unless))
        )
        return bool(bits & want) and not bits & unless

    def __str__(self) -> str:
        text = "/".join(sorted(self.features))
        return f"{text} unless {'/'.join(sorted(self.unless))}" if self.unless else text


def matching(
    index: BoardIndex, u: int, v: int, hexsides: Iterable[HexsideMatch]
) -> HexsideMatch | None:
    """The first of ``hexsides`` the edge u-v is, or ``None``."""
    bits = index.edge_mask(u, v)
    return next((h for h in hexsides if h.matches(index, bits)), None)


def distance(index: BoardIndex, a: int, b: int) -> int:
    """Hex distance on hex maps, fewest lines on point-to-point maps."""
    hexes = index.hexes
    if hexes is not None:
        return hexes[a].distance(hexes[b])
    return index.hops(a, b)


def walks(index: BoardIndex, prefix: Nodes, depth: int, step: Step) -> Iterator[Nodes]:
    """``prefix`` and every simple path extending it by 1 to ``depth`` nodes ``step`` allows."""
    yield prefix
    if depth <= 0:
        return
    for v in index.adj[prefix[-1]]:
        if v not in prefix and step(prefix, v) is None:
            yield from walks(index, (*prefix, v), depth - 1, step)


def path_block(index: BoardIndex, nodes: Nodes, done: int, step: Step, rule: str) -> Block | None:
    """The first rule the path breaks after its first ``done`` nodes, or ``None``.

    Nodes must be adjacent and entered once (``rule``); each entry must pass ``step``.
    """
    ids = index.ids
    for node in nodes:
        if not 0 <= node < len(ids):
            return rule, f"{node} is not a node of the board"
    for i in range(max(done, 1), len(nodes)):
        u, v = nodes[i - 1], nodes[i]
        if v not in index.adj[u]:
            return rule, f"{ids[u]} and {ids[v]} are not adjacent"
        if v in nodes[:i]:
            return rule, f"{ids[v]} is entered twice"
        block = step(nodes[:i], v)
        if block is not None:
            return block
    return None


@attrs.frozen(slots=True)
class RetreatSituation:
    """What the game state says about one retreat, as plain node sets and callables.

    ``prohibited``: nodes the stack may not enter (enemy units, terrain it cannot move into).
    ``ezoc``: nodes in an enemy zone of control, for step costs and preferences.
    ``attackers``: nodes the stack was attacked from; ``friendly``: nodes held by friendly
    units that exempt a node from the rule against retreating next to an attacker.
    ``supply_distance``: node -> distance to a friendly supply source (missing: none).
    ``fits``: whether the stack may end in a node without overstacking (``None``: always).
    ``stack_steps``: steps the stack has, to flag retreats that cost all of them.
    """

    prohibited: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    ezoc: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    attackers: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    friendly: frozenset[int] = attrs.field(default=frozenset(), converter=_nodes)
    supply_distance: Mapping[int, int] | None = None
    fits: Callable[[int], bool] | None = None
    stack_steps: int | None = None


class Preference(Protocol):
    """A rule that keeps the best-scoring retreats when it can ("if possible")."""

    @property
    def rule(self) -> str: ...

    @property
    def reason(self) -> str: ...

    def score(self, index: BoardIndex, nodes: Nodes, situation: RetreatSituation) -> int:
        """Lower is better."""
        ...


_FAR = 1 << 30


@attrs.frozen(slots=True)
class TowardSupply:
    """Prefer retreats ending nearer a supply source than they start (K45 9.2b)."""

    rule: str
    reason: str = "towards a supply source"

    def score(self, index: BoardIndex, nodes: Nodes, situation: RetreatSituation) -> int:
        d = situation.supply_distance or {}
        return 0 if d.get(nodes[-1], _FAR) < d.get(nodes[0], _FAR) else 1


@attrs.frozen(slots=True)
class AvoidEzoc:
    """Prefer retreats entering no EZOC hex (K45 9.2c); ``counted``: as few as possible."""

    rule: str
    counted: bool = False
    reason: str = "avoiding enemy zones of control"

    def score(self, index: BoardIndex, nodes: Nodes, situation: RetreatSituation) -> int:
        n = sum(1 for v in nodes[1:] if v in situation.ezoc)
        return n if self.counted else min(n, 1)


@attrs.frozen(slots=True)
class AwayFromAttackers:
    """Prefer retreats ending farther from every attacking hex than they start."""

    rule: str
    reason: str = "away from the attacking hexes"

    def score(self, index: BoardIndex, nodes: Nodes, situation: RetreatSituation) -> int:
        def gap(v: int) -> int:
            return min((distance(index, v, a) for a in situation.attackers), default=_FAR)

        return 0 if gap(nodes[-1]) > gap(nodes[0]) else 1


@attrs.frozen(slots=True)
class RetreatRules:
    """A title's retreat rules. Citations name the rule an error reports; ``None`` is off.

    ``rule``: length and path shape (K45 9.0a). ``blocked``: prohibited hexes and
    ``hexsides`` (K45 9.0b). ``blocked_steps``: steps lost per hex the stack cannot retreat
    (K45 9.0b: 1); ``None``: a stack that cannot complete its retreat is eliminated.
    ``ezoc_steps``: steps lost per EZOC hex entered, per stack (K45 9.0c: 1). ``farther``:
    each hex farther from the start than the last (K45 9.2a). ``attackers``: never into a
    hex the stack was attacked from, nor one next to it across a passable hexside unless held
    by friendly units (Darkest), on ``every`` hex or at the ``end`` only. ``stacking``: ending
    overstacked;
    ``overstack_hexes``: how many more hexes an overstacked stack retreats to a legal end, or
    is eliminated (K45 5.1: 1); 0: it may not end there. ``preferences``: "if possible" rules,
    most important first (K45 9.2b, 9.2c).
    """

    rule: str = "retreat"
    blocked: str = "retreat"
    hexsides: tuple[HexsideMatch, ...] = ()
    blocked_steps: int | None = None
    ezoc_steps: int = 0
    farther: str | None = None
    attackers: str | None = None
    attackers_scope: Literal["every", "end"] = "every"
    stacking: str = "stacking"
    overstack_hexes: int = 0
    preferences: tuple[Preference, ...] = ()


@attrs.frozen(slots=True, order=True)
class RetreatPath(NodePath):
    """One retreat option: its nodes (start first) and what it costs the stack.

    ``steps``: steps lost (EZOC entries and hexes short). ``ezoc``: EZOC hexes entered.
    ``short``: hexes the stack could not retreat (K45 9.0b). ``extended``: hexes added to
    escape overstacking (K45 5.1). ``eliminated``: the retreat destroys the stack.
    """

    steps: int = 0
    ezoc: int = 0
    short: int = 0
    extended: int = 0
    eliminated: bool = False


Options = tuple[RetreatPath, ...]


def retreat_paths(
    index: BoardIndex,
    start: int | Sequence[int],
    length: int,
    rules: RetreatRules = RetreatRules(),
    situation: RetreatSituation = RetreatSituation(),
    minimum: int | None = None,
) -> tuple[RetreatPath, ...]:
    """Every retreat option of ``minimum`` (default ``length``) to ``length`` hexes, sorted.

    ``start`` is the node retreated from, or a path already retreated (its nodes are kept and
    counted): a retreat chosen by one side may so be continued by the other. There is always
    at least one option; if the stack cannot retreat ``minimum`` hexes the options are the
    longest it can, with the cost of the shortfall, or the start flagged eliminated.
    """
    return _Retreat(index, start, rules, situation).options(length, minimum)[2]


def preferred(
    index: BoardIndex,
    options: Iterable[RetreatPath],
    preferences: Iterable[Preference],
    situation: RetreatSituation,
) -> list[tuple[Preference, Options]]:
    """Each "if possible" preference in turn with the options it leaves: the best-scoring of
    those the one before it left (all of ``options`` for the first; none left stays none)."""
    current = tuple(options)
    stages: list[tuple[Preference, Options]] = []
    for pref in preferences:
        scores = [pref.score(index, o.nodes, situation) for o in current]
        best = min(scores, default=0)
        current = tuple(o for o, s in zip(current, scores, strict=True) if s == best)
        stages.append((pref, current))
    return stages


def retreat_error(
    index: BoardIndex,
    start: int | Sequence[int],
    nodes: Sequence[int],
    length: int,
    rules: RetreatRules = RetreatRules(),
    situation: RetreatSituation = RetreatSituation(),
    minimum: int | None = None,
) -> IllegalAction | None:
    """Why ``nodes`` is not a retreat option, or ``None`` if it is one (see
    :func:`retreat_paths`)."""
    r = _Retreat(index, start, rules, situation)
    path = tuple(nodes)
    candidates, stages, final = r.options(length, minimum)
    if any(o.nodes == path for o in final):
        return None
    if path[: len(r.prefix)] != r.prefix:
        shown = "-".join(index.ids[v] for v in r.prefix)
        return IllegalAction(rules.rule, f"the retreat must start {shown}")
    block = path_block(index, path, len(r.prefix), r.step, rules.rule) or r.end_block(path)
    if block is None and any(o.nodes == path for o in candidates):
        # legal but not preferred: name the first "if possible" rule that drops it
        pref = next(p for p, kept in stages if all(o.nodes != path for o in kept))
        block = pref.rule, f"a retreat {pref.reason} is possible"
    return IllegalAction(*(block or r.length_block(path, length, minimum)))


class _Retreat:
    """One retreat's rules compiled against the board and situation."""

    def __init__(
        self,
        index: BoardIndex,
        start: int | Sequence[int],
        rules: RetreatRules,
        situation: RetreatSituation,
    ) -> None:
        self.index = index
        self.rules = rules
        self.situation = situation
        self.prefix: Nodes = (start,) if isinstance(start, int) else tuple(start)
        self.origin = self.prefix[0]
        self.near: frozenset[int] = frozenset()
        if rules.attackers is not None:
            near = _beside(index, situation.attackers, rules.hexsides) | situation.attackers
            self.near = near - situation.friendly

    def label(self, v: int) -> str:
        return self.index.ids[v]

    def fits(self, v: int) -> bool:
        fits = self.situation.fits
        return fits is None or fits(v)

    def step(self, path: Nodes, v: int) -> Block | None:
        """Whether the retreat may go on from ``path[-1]`` into ``v``."""
        rules, u = self.rules, path[-1]
        side = matching(self.index, u, v, rules.hexsides)
        if side is not None:
            return rules.blocked, f"cannot retreat across the {side} hexside {self._side(u, v)}"
        if v in self.situation.prohibited:
            return rules.blocked, f"cannot retreat into {self.label(v)}"
        if rules.farther is not None and distance(self.index, self.origin, v) <= distance(
            self.index, self.origin, u
        ):
            return rules.farther, (
                f"{self.label(v)} is not farther from {self.label(self.origin)} "
                f"than {self.label(u)}"
            )
        if rules.attackers is not None and rules.attackers_scope == "every" and v in self.near:
            return rules.attackers, f"{self.label(v)} is next to a hex the attack came from"
        return None

    def end_block(self, path: Nodes) -> Block | None:
        """Whether the retreat may end at ``path[-1]`` (a path already walked always may)."""
        if path == self.prefix:
            return None
        rules, end = self.rules, path[-1]
        if rules.attackers is not None and rules.attackers_scope == "end" and end in self.near:
            return rules.attackers, f"{self.label(end)} is next to a hex the attack came from"
        if rules.overstack_hexes == 0 and not self.fits(end):
            return rules.stacking, f"the stack would end overstacked in {self.label(end)}"
        return None

    def length_block(self, path: Nodes, length: int, minimum: int | None) -> Block:
        """Why a path that breaks no step or end rule is not an option."""
        rules, hexes = self.rules, len(path) - 1
        low = length if minimum is None else minimum
        if hexes > length:
            return rules.stacking, f"only an overstacked stack retreats more than {length} hexes"
        if hexes < low:
            return rules.rule, f"the stack must retreat {low} hexes, or as far as it can"
        return rules.stacking, f"the stack ends overstacked in {self.label(path[-1])}"

    def cost(self, nodes: Nodes, short: int, extended: int = 0, dead: bool = False) -> RetreatPath:
        """The option of retreating along ``nodes`` with its step cost."""
        rules, situation = self.rules, self.situation
        # K45 9.0c: each EZOC hex entered costs the stack (not each unit) a step.
        ezoc = sum(1 for v in nodes[1:] if v in situation.ezoc)
        # K45 9.0b: a step per hex the stack cannot retreat.
        steps = ezoc * rules.ezoc_steps + short * (rules.blocked_steps or 0)
        if situation.stack_steps is not None and steps >= situation.stack_steps:
            dead = True
        return RetreatPath(nodes, steps, ezoc, short, extended, dead)

    def options(
        self, length: int, minimum: int | None
    ) -> tuple[Options, list[tuple[Preference, Options]], Options]:
        """The options before any preference, those left after each preference in turn, and
        the final ones."""
        candidates = tuple(sorted(self.candidates(length, minimum)))
        stages = preferred(self.index, candidates, self.rules.preferences, self.situation)
        return candidates, stages, stages[-1][1] if stages else candidates

    def candidates(self, length: int, minimum: int | None) -> list[RetreatPath]:
        low = length if minimum is None else minimum
        done = len(self.prefix) - 1
        ends = [
            w
            for w in walks(self.index, self.prefix, length - done, self.step)
            if self.end_block(w) is None
        ]
        reach = max(len(w) - 1 for w in ends)
        short = max(low - reach, 0)
        if short and self.rules.blocked_steps is None:
            return [self.cost(self.prefix, short, dead=True)]
        kept = [w for w in ends if len(w) - 1 >= min(low, reach)]
        found: dict[Nodes, RetreatPath] = {}
        overstacked = []
        for w in kept:
            if w == self.prefix or self.fits(w[-1]):
                found[w] = self.cost(w, short)
            else:
                overstacked.append(w)
        dead_ends = []
        for w in overstacked:
            # K45 5.1: an overstacked stack retreats on to a legal end or is eliminated.
            escapes = list(self.escapes(w))
            for e in escapes:
                found.setdefault(e, self.cost(e, short, extended=len(e) - len(w)))
            if not escapes:
                dead_ends.append(w)
        # K45 5.1: "if it cannot legally do so, it is eliminated": an end the stack cannot
        # escape is no retreat while one the stack survives is left, so it never outranks
        # such a retreat in the preferences (K45 9.2b, 9.2c; DCH: Tactical Retreats).
        if not any(not o.eliminated for o in found.values()):
            for w in dead_ends:
                found.setdefault(w, self.cost(w, short, dead=True))
        return list(found.values())

    def escapes(self, path: Nodes) -> Iterator[Nodes]:
        """Extensions of an overstacked retreat through overstacked hexes to a legal end."""

        def onward(p: Nodes, v: int) -> Block | None:
            if self.fits(p[-1]):
                return self.rules.stacking, f"{self.label(p[-1])} is a legal end"
            return self.step(p, v)

        for e in walks(self.index, path, self.rules.overstack_hexes, onward):
            if len(e) > len(path) and self.fits(e[-1]) and self.end_block(e) is None:
                yield e

    def _side(self, u: int, v: int) -> str:
        return f"{self.label(u)}/{self.label(v)}"


def _beside(
    index: BoardIndex, hexes: Iterable[int], hexsides: Sequence[HexsideMatch]
) -> frozenset[int]:
    """Nodes adjacent to any of ``hexes`` across a hexside not in ``hexsides``."""
    return frozenset(
        v for a in hexes for v in index.adj[a] if matching(index, a, v, hexsides) is None
    )
