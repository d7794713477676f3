"""DC2 A. Strategic Land Movement: undispersed units not on Elista trace a line of friendly
controlled points to their destination, through Siberia (Soviet) or off the west edge (Axis)
too; a per-turn limit from victory points of cities in supply; not across the Kerch Straits,
between Pinsk and Rowno, nor into, out of or through Elista; three units ending on one point.

The decision is factored: pick a unit (``Choose``), then its destination (``Move``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from itertools import combinations, pairwise
from typing import ClassVar

from wargames.core.actions import Action, Choose, Move, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, UNIT, Shape, literal, one_of
from wargames.core.lines import strategic_trace
from wargames.core.markers import PHASE, has_scoped, scoped
from wargames.core.state import Frame
from wargames.core.steps import UnitFirstStep

from . import counters as cn
from . import geography as geo
from . import waypoints
from .charts import charts
from .operational import enter
from .supply import supplied_points

RULE = "DC2 A: Strategic Land Movement"
BARRED_LINES = ("straits", "no-strategic")  # A.1: the Kerch Straits, Pinsk-Rowno


def limit(ctx: Context, side: str) -> int:
    """DC2 A: the Axis moves as many units as he has victory points from cities in supply west
    of the border (max 7); the Soviets as many as Soviet victory points of cities in the
    Soviet Union in supply and under his control (max 16)."""
    supplied = supplied_points(ctx, side)
    vps = sum(
        geo.vp(ctx, p)
        for p in ctx.board
        if geo.country(ctx, p) == side and ctx.state.control.get(p) == side and p in supplied
    )
    key = "axis_max" if side == cn.AXIS else "soviet_max"
    return min(vps, charts(ctx).strategic[key])


def used(ctx: Context, side: str) -> int:
    return sum(1 for u in ctx.units_of(side) if has_scoped(u, cn.STRATEGIC, PHASE))


def arrivals(ctx: Context) -> dict[str, int]:
    """Point -> units that ended a strategic move there this phase."""
    out: dict[str, int] = {}
    for u in ctx.state.on_map():
        if u.at is not None and has_scoped(u, cn.STRATEGIC, PHASE):
            out[u.at] = out.get(u.at, 0) + 1
    return out


def friendly_points(ctx: Context, side: str) -> set[str]:
    """A.2: points in friendly control, and the side's box ("All other points in friendly
    control ... may be used"): free of enemy units other than partisans and entrained
    factories, which change no control and which a unit passing destroys."""
    occ = ctx.state.occupancy()
    control = ctx.state.control
    return {
        p
        for p, info in geo.points(ctx).items()
        if (control.get(p) == side or info.box == side)
        and all(ctx.side_of(u) == side or cn.fragile(ctx, u) for u in occ.get(p, ()))
    }


def unit_error(ctx: Context, side: str, uid: str, room: int | None = None) -> str | None:
    unit = ctx.state.units.get(uid)
    if unit is None or unit.at is None or ctx.side_of(uid) != side:
        return f"{uid} is not a {side} unit on the map"
    if unit.has(cn.DISPERSED):
        return f"{uid} is dispersed"
    if cn.immobile(ctx, uid):
        return f"{uid} does not move strategically (factories are evacuated, partisans stay)"
    if ctx.board.has(unit.at, "elista"):
        return f"{uid} is on Elista (A.1: no strategic movement out of Elista)"
    if has_scoped(unit, cn.STRATEGIC, PHASE):
        return f"{uid} has already moved strategically"
    if room is None:
        room = limit(ctx, side) - used(ctx, side)
    if room <= 0:
        return f"{side} has used its {limit(ctx, side)} strategic moves this turn"
    return None


def _usable_line(ctx: Context, a: str, b: str) -> bool:
    """A.1: a line strategic movement may use (not the Kerch Straits, nor Pinsk-Rowno)."""
    feats = ctx.board.edge_features(a, b)
    return not any(f in feats for f in BARRED_LINES)


def path_error(ctx: Context, side: str, uid: str, path: tuple[str, ...]) -> str | None:
    """DC2 A: "the player simply traces a line of friendly controlled points ... to the desired
    destination": any simple line from the unit's point along joined, usable lines (A.1),
    through and to friendly points (A.2), never Elista (A.1), ending where there is room (A.3).
    The legal list offers a shortest line per outcome (``lines``); the player may trace any
    other such line."""
    start = ctx.state.units[uid].at
    if not path or path[0] != start:
        return f"the line must start on {uid}'s point {start}"
    if len(path) < 2 or len(set(path)) != len(path):
        return f"{'-'.join(path)} is not a line of distinct points"
    ours = friendly_points(ctx, side)
    elista = set(ctx.board.nodes_with("elista"))
    table = geo.points(ctx)
    for a, b in pairwise(path):
        if b not in table[a].neighbours:
            return f"no line joins {a} and {b}"
        if not _usable_line(ctx, a, b):
            return f"no strategic movement along {a}-{b} (A.1: the Kerch Straits, Pinsk-Rowno)"
        if b in elista:
            return f"{b}: no strategic movement into or through Elista (A.1)"
        if b not in ours:
            return f"{b} is not a friendly controlled point free of enemy units (A.2)"
    if not _open(ctx, side, path[-1], arrivals(ctx)):
        return f"three units already ended a strategic move on {path[-1]} (A.3)"
    return None


def _ends(ctx: Context, side: str, start: str, ours: set[str]) -> dict[str, tuple[str, ...]]:
    elista = ctx.board.nodes_with("elista")
    trace = strategic_trace(ctx.board, start, ours, BARRED_LINES, elista)
    ended = arrivals(ctx)
    ids = ctx.board.index.ids
    out = {}
    for n in trace.cost:
        dest = ids[n]
        # A.3: only three units may finish on a single point (the boxes are off the map)
        if dest != start and _open(ctx, side, dest, ended):
            out[dest] = tuple(trace.path_labels(n))
    return out


def _fragile_points(ctx: Context, side: str, ours: set[str]) -> set[str]:
    """Friendly points holding enemy partisans or entrained factories, which a unit passing
    destroys (DC2 Operational Movement)."""
    occ = ctx.state.occupancy()
    return {p for p in ours if any(ctx.side_of(u) != side for u in occ.get(p, ()))}


ROUTES_KEPT = 3
"""The most lines :func:`_outcome_lines` keeps going on from one point with one set of points
passed (a bound on its cost: with more, it grows with every way round the map)."""

OUTCOME_POINTS = 3
"""Up to this many partisan/entrained-factory points on the ways to a destination, every set
of them some line passes is listed (:func:`_missing_outcomes`, exact unless its step budget,
:data:`.waypoints.STEP_BUDGET`, runs out); with more, or past the budget, the sets the bounded
search finds (a player may still trace any other line, :func:`path_error`)."""


def _outcome_lines(
    ctx: Context, side: str, start: str, graph: Mapping[str, tuple[str, ...]], fragile: set[str]
) -> dict[tuple[str, frozenset[str]], tuple[str, ...]]:
    """A shortest simple line to each destination for each set of partisan/entrained-factory
    points passed that it finds: a breadth-first search over lines of ``graph`` (:func:`_graph`,
    extended in name order) that drops a line when a line kept before, no longer, ends on the
    same point with the same points passed and visited no point this one did not (it reaches
    all this one reaches), and keeps at most :data:`ROUTES_KEPT` lines a point and set. The
    first rule loses no outcome; the bound may lose one that only a fourth way round reaches,
    which :func:`_missing_outcomes` then finds."""
    ended = arrivals(ctx)
    ends = {p for p in graph if _open(ctx, side, p, ended)}
    kept: dict[tuple[str, frozenset[str]], list[frozenset[str]]] = {
        (start, frozenset()): [frozenset({start})]
    }
    level: list[tuple[tuple[str, ...], frozenset[str]]] = [((start,), frozenset())]
    out: dict[tuple[str, frozenset[str]], tuple[str, ...]] = {}
    while level:
        following = []
        for path, passed in level:
            for b in graph[path[-1]]:
                if b in path:
                    continue
                key = (b, passed | {b} if b in fragile else passed)
                visited = frozenset(path) | {b}
                others = kept.setdefault(key, [])
                if len(others) >= ROUTES_KEPT or any(v <= visited for v in others):
                    continue
                others.append(visited)
                line = (*path, b)
                following.append((line, key[1]))
                if key not in out and b in ends:
                    out[key] = line
        level = following
    return out


def _graph(ctx: Context, ours: set[str], start: str) -> dict[str, tuple[str, ...]]:
    """The points a strategic line may use (A.1, A.2) and the usable lines between them."""
    usable = (ours - set(ctx.board.nodes_with("elista"))) | {start}
    table = geo.points(ctx)
    return {
        p: tuple(sorted(q for q in table[p].neighbours if q in usable and _usable_line(ctx, p, q)))
        for p in usable
    }


def _missing_outcomes(
    graph: Mapping[str, tuple[str, ...]],
    start: str,
    fragile: set[str],
    ends: Mapping[str, tuple[str, ...]],
    known: Collection[tuple[str, frozenset[str]]],
) -> dict[tuple[str, frozenset[str]], tuple[str, ...]]:
    """A line for each (destination, set of partisan/entrained-factory points passed) not in
    ``known`` that some simple line gives, for every destination with at most
    :data:`OUTCOME_POINTS` such points on the ways there (those in the blocks on its way,
    :mod:`.waypoints`): per set S, an exact search for a line through every point of S with
    the other such points taken out; best effort once the search's step budget is spent
    (:data:`.waypoints.STEP_BUDGET`)."""
    points = frozenset(graph)
    pending: dict[frozenset[str], list[str]] = {}
    for dest, span in waypoints.on_some_line(graph, points, start, ends).items():
        near = sorted(fragile & span)
        if len(near) > OUTCOME_POINTS:
            continue
        for n in range(len(near) + 1):
            for chosen in combinations(near, n):
                if (dest, frozenset(chosen)) not in known:
                    pending.setdefault(frozenset(chosen), []).append(dest)
    threader = waypoints.Threader(graph)
    out = {}
    for passed, dests in pending.items():
        allowed = points - (fragile - passed)
        for dest, line in threader.lines(allowed, start, dests, passed).items():
            out[dest, passed] = line
    return out


LINES_PER_END = 8
"""The most lines :func:`lines` lists to one point (the action encoding's variants of a move);
any other legal line is still accepted when given (:func:`path_error`)."""


def lines(ctx: Context, side: str, uid: str) -> list[tuple[str, ...]]:
    """The strategic lines the legal list offers ``uid`` (docs/kernel.md: where the path changes
    what happens, each different outcome is listed): per destination the shortest trace
    (``destinations``), and a line for each other set of enemy partisans and entrained
    factories passed, since the line decides which of them are destroyed (DC2 A, A.2): the
    shortest the bounded search finds (:func:`_outcome_lines`), else one from the exact search
    (:func:`_missing_outcomes`), shorter lines first, at most :data:`LINES_PER_END` in all.
    Every set some line passes is listed when :data:`OUTCOME_POINTS` (three) such points or
    fewer lie on the ways there and the exact search's step budget lasts; otherwise the sets the
    bounded search finds."""
    start = ctx.state.units[uid].at
    assert start is not None
    ours = friendly_points(ctx, side)
    ends = _ends(ctx, side, start, ours)
    fragile = _fragile_points(ctx, side, ours) - {start}
    if not fragile:
        return list(ends.values())
    out = []
    graph = _graph(ctx, ours, start)
    others = _outcome_lines(ctx, side, start, graph, fragile)
    known = set(others) | {(d, frozenset(p[1:]) & fragile) for d, p in ends.items()}
    others |= _missing_outcomes(graph, start, fragile, ends, known)
    for dest, shortest in ends.items():
        out.append(shortest)
        passed = frozenset(shortest[1:]) & fragile
        more = sorted(
            (k for k in others if k[0] == dest and k[1] != passed),
            key=lambda k: (len(others[k]), sorted(k[1])),
        )
        out.extend(others[key] for key in more[: LINES_PER_END - 1])
    return out


def _open(ctx: Context, side: str, dest: str, ended: dict[str, int]) -> bool:
    if not geo.box_for(ctx, dest, side):
        return False
    return geo.is_box(ctx, dest) or ended.get(dest, 0) < charts(ctx).strategic["per_point"]


def movable_points(ctx: Context, side: str, ours: set[str]) -> set[str]:
    """The points from which a strategic move can end somewhere else: those whose group of
    friendly points joined by usable lines has another open destination."""
    elista = set(ctx.board.nodes_with("elista"))
    table = geo.points(ctx)
    ended = arrivals(ctx)
    usable = ours - elista
    seen: set[str] = set()
    out: set[str] = set()
    for p in sorted(usable):
        if p in seen:
            continue
        group, todo = {p}, [p]
        while todo:
            a = todo.pop()
            for b in table[a].neighbours:
                if b in usable and b not in group and _usable_line(ctx, a, b):
                    group.add(b)
                    todo.append(b)
        seen |= group
        dests = [q for q in group if _open(ctx, side, q, ended)]
        for q in group:
            if any(d != q for d in dests):
                out.add(q)
    return out


def destinations(ctx: Context, side: str, uid: str) -> dict[str, tuple[str, ...]]:
    """Every point ``uid`` may end its strategic move on, with a path of friendly points."""
    start = ctx.state.units[uid].at
    assert start is not None
    return _ends(ctx, side, start, friendly_points(ctx, side))


class StrategicStep(UnitFirstStep):
    """DC2 A, a side's Strategic Movement Phase."""

    name: ClassVar[str] = "strategic"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": one_of(UNIT, literal(None))}
    rule: ClassVar[str] = RULE

    def prompt(self, ctx: Context, frame: Frame) -> str:
        side = frame.args["side"]
        return f"strategic movement ({used(ctx, side)}/{limit(ctx, side)} used)"

    def units(self, ctx: Context, frame: Frame) -> list[str]:
        side = frame.args["side"]
        room = limit(ctx, side) - used(ctx, side)
        if room <= 0:
            return []
        movable = movable_points(ctx, side, friendly_points(ctx, side))
        return [
            u.id
            for u in ctx.units_of(side)
            if u.at in movable and unit_error(ctx, side, u.id, room) is None
        ]

    def unit_actions(self, ctx: Context, frame: Frame, uid: str) -> list[Action]:
        return [Move((uid,), path) for path in lines(ctx, frame.args["side"], uid)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        side = frame.args["side"]
        uid = frame.get("unit")
        if isinstance(action, Pass):
            return None
        if isinstance(action, Choose):
            if uid is not None:
                return IllegalAction(RULE, f"{uid} is chosen: give its destination or pass")
            why = unit_error(ctx, side, action.option)
            if why is None:
                at = ctx.state.units[action.option].at
                if at not in movable_points(ctx, side, friendly_points(ctx, side)):
                    why = (  # as the legal list
                        f"no line of friendly points leads from {at} to a point with room"
                    )
            return None if why is None else IllegalAction(RULE, why)
        assert isinstance(action, Move)
        if uid is None or action.units != (uid,):
            return IllegalAction(RULE, "choose the unit first")
        dests = destinations(ctx, side, uid)
        dest = action.path[-1]
        if dest not in dests:
            return IllegalAction(
                RULE,
                f"{uid} cannot move strategically to {dest}: no line of friendly controlled "
                "points (not across the Kerch Straits, Pinsk-Rowno or through Elista) or three "
                "units already ended there",
            )
        why = path_error(ctx, side, uid, action.path)
        return None if why is None else IllegalAction(RULE, why)

    def act(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Move)
        side, uid, dest = frame.args["side"], action.units[0], action.path[-1]
        # DC2 Operational Movement: a unit entering a point destroys the enemy partisans and
        # entrained factories there: on every point the strategic move passes, and its end
        for point in action.path[1:]:
            enter(ctx, side, uid, point)
        ctx.state.put(ctx.state.units[uid].marked(scoped(cn.STRATEGIC, PHASE)))
        ctx.emit("strategic", f"{uid} moves strategically to {dest}", unit=uid, to=dest)
