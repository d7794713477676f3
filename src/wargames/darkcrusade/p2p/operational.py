"""DC2 Operational Movement, Lines A-D and the Kerch Straits.

An undispersed unit moves one point along a line. An empty point, or one held only by enemy
partisans or entrained factories (destroyed at once), is occupied; a point held by other enemy
units must be attacked and cleared first: the unit is committed to an attack on it (resolved
in the combat phase) and stays where it is. A German unit capable of breakthrough movement
that enters an unoccupied point may go on to a second unoccupied point. An armour unit
starting on the Minsk-Moscow highway may move two highway points outside Snow if the first is
free of enemy units (D). Every move counts against the line's capacity for the side in this
phase (A-C). No armour moves or attacks across the Kerch Straits (Terrain D).

The decision is factored: ``Choose`` a unit, then ``Move`` it (or ``Pass`` to pick another);
after entering a point a breakthrough unit may ``Move`` on or ``Pass``.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise
from typing import ClassVar

from wargames.core.actions import Action, Choose, Move, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import BOOL, SIDE, UNIT, Shape, literal, one_of
from wargames.core.lines import LineLedger, LinePolicy, segment_ledger, store_ledger
from wargames.core.markers import PHASE, SEGMENT, has_scoped, scoped
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from . import geography as geo
from .casualties import eliminate
from .weather import SNOW, weather

RULE = "DC2 Operational Movement"
BREAKTHROUGH_RULE = "DC2 Lines D: Breakthrough Movement Phase (filled gap: hex edition Blitzkrieg!)"
LINES = "DC2 Lines A-C"
HIGHWAY = "DC2 Lines D: the Minsk-Moscow Highway"
KERCH = "DC2 Terrain D: the Kerch Straits"


def policy(ctx: Context) -> LinePolicy:
    """The scenario's line capacities (DC2 Lines A), citing the rule."""
    got: LinePolicy = ctx.board.index.cached(
        ("dc2-lines", id(ctx.scenario)),
        lambda _: LinePolicy(ctx.scenario.lines.limits, rule=LINES),
    )
    return got


def attacks(ctx: Context) -> dict[str, list[list[str]]]:
    """Pending attacks: target point -> [[unit, point it attacks from], ...]."""
    got: dict[str, list[list[str]]] = {
        k: [list(x) for x in v] for k, v in dict(ctx.state.get("attacks") or {}).items()
    }
    return got


def set_attacks(ctx: Context, value: dict[str, list[list[str]]]) -> None:
    ctx.state.set("attacks", value)


def enemies_at(ctx: Context, side: str, point: str) -> tuple[list[str], list[str]]:
    """(enemy units that must be attacked, enemy partisans/entrained factories) on a point."""
    hard: list[str] = []
    soft: list[str] = []
    for u in ctx.state.units_at(point):
        if ctx.side_of(u.id) != side:
            (soft if cn.fragile(ctx, u.id) else hard).append(u.id)
    return hard, soft


def kerch_barred(
    ctx: Context, side: str, uid: str, a: str, b: str, breakthrough: bool = False
) -> bool:
    """DC2 Terrain D: "Armor breakthrough and assault across the Kerch Straits is prohibited":
    armour may not cross the Straits in a breakthrough move (the onward move, the Breakthrough
    Movement Phase) nor to attack the point across; a plain operational move into an
    unoccupied point across is neither, and allowed (as is retreat, within capacity)."""
    if not geo.straits(ctx, a, b) or not cn.is_armour(ctx, uid):
        return False
    return breakthrough or bool(enemies_at(ctx, side, b)[0])


def can_use_line(
    ctx: Context,
    side: str,
    uid: str,
    a: str,
    b: str,
    led: LineLedger,
    breakthrough: bool = False,
) -> bool:
    if geo.is_box(ctx, b):
        return False  # boxes are entered by strategic movement only
    if kerch_barred(ctx, side, uid, a, b, breakthrough):
        return False
    return led.fits(ctx.board, policy(ctx), a, b, side, [ctx.scenario.load(uid).moving()])


BREAKTHROUGH = "breakthrough"  # the mode of the Breakthrough Movement Phase


def unit_error(ctx: Context, side: str, uid: str, mode: str = "") -> str | None:
    unit = ctx.state.units.get(uid)
    if unit is None or unit.at is None or ctx.side_of(uid) != side:
        return f"{uid} is not a {side} unit on the map"
    if unit.has(cn.DISPERSED):
        return f"{uid} is dispersed"
    if has_scoped(unit, cn.MOVED, SEGMENT):
        return f"{uid} has already moved this phase"
    if cn.immobile(ctx, uid):
        return f"{uid} does not move operationally (factories and partisans)"
    if geo.is_box(ctx, unit.at) and has_scoped(unit, cn.STRATEGIC, PHASE):
        # DC2 A: units transit the box within a strategic move, or "remain in Siberia and
        # re-enter on a following turn, using either strategic or operational movement"
        return f"{uid} entered {unit.at} by strategic movement: it re-enters on a following turn"
    if mode == BREAKTHROUGH:
        return _breakthrough_error(ctx, uid)
    return None


def _breakthrough_error(ctx: Context, uid: str) -> str | None:
    """Darkest Crusade Blitzkrieg! (the hex edition: "repeated for German units"): German
    units only; "only for German panzer units in Snow thereafter" (after the first Snow turn,
    which has no such phase: :func:`.weather.breakthrough_phase`)."""
    if not cn.is_german(ctx, uid):
        return f"{uid} is not German: only German units act in the Breakthrough Movement Phase"
    if weather(ctx) == SNOW and not cn.is_armour(ctx, uid):
        return f"{uid} is not a German panzer unit: only they act in a Snow breakthrough phase"
    if has_scoped(ctx.state.units[uid], cn.ACTED, PHASE):
        return f"{uid} moved or attacked in the operational movement phase"
    return None


def mode_moves(
    ctx: Context, side: str, uid: str, mode: str, led: LineLedger
) -> list[tuple[str, ...]]:
    """The moves of ``uid`` in a phase of ``mode``: in the Breakthrough Movement Phase (filled
    gap: the hex edition's Blitzkrieg!) units capable of breakthrough movement move as in
    operational movement, other units may only attack an adjacent enemy point."""
    paths = moves(ctx, side, uid, led, breakthrough=mode == BREAKTHROUGH)
    if mode != BREAKTHROUGH or breaks_through(ctx, uid):
        return paths
    return [p for p in paths if len(p) == 2 and enemies_at(ctx, side, p[1])[0]]


def moves(
    ctx: Context,
    side: str,
    uid: str,
    led: LineLedger | None = None,
    breakthrough: bool = False,
) -> list[tuple[str, ...]]:
    """Every operational move of ``uid``: (from, to) and highway (from, via, to) paths
    (``breakthrough``: in the Breakthrough Movement Phase)."""
    at = ctx.state.units[uid].at
    assert at is not None
    if led is None:
        led = segment_ledger(ctx.state)
    out: list[tuple[str, ...]] = []
    for b in sorted(ctx.board.neighbours(at)):
        if can_use_line(ctx, side, uid, at, b, led, breakthrough):
            out.append((at, b))
    if cn.is_armour(ctx, uid) and weather(ctx) != SNOW and geo.on_highway(ctx, at):
        load = [ctx.scenario.load(uid).moving()]
        for b in sorted(ctx.board.neighbours(at)):
            if not geo.highway(ctx, at, b) or not can_use_line(ctx, side, uid, at, b, led):
                continue
            if any(ctx.side_of(u.id) != side for u in ctx.state.units_at(b)):
                continue  # D: the first point moved to may not hold an enemy unit
            after = led.add(ctx.board, policy(ctx), at, b, side, load)
            for c in sorted(ctx.board.neighbours(b)):
                if c != at and geo.highway(ctx, b, c) and can_use_line(ctx, side, uid, b, c, after):
                    out.append((at, b, c))
    return out


def breakthroughs(ctx: Context, side: str, uid: str) -> list[tuple[str, str]]:
    """A breakthrough unit's onward moves: into a second point that is unoccupied or held
    only by enemy units subject to automatic destruction."""
    at = ctx.state.units[uid].at
    assert at is not None
    led = segment_ledger(ctx.state)
    out = []
    for c in sorted(ctx.board.neighbours(at)):
        hard, _ = enemies_at(ctx, side, c)
        friends = [u for u in ctx.state.units_at(c) if ctx.side_of(u.id) == side]
        if hard or friends or not can_use_line(ctx, side, uid, at, c, led, breakthrough=True):
            continue
        out.append((at, c))
    return out


def breaks_through(ctx: Context, uid: str) -> bool:
    return cn.has(ctx, uid, "breakthrough")


def _record(ctx: Context, side: str, uid: str, a: str, b: str) -> None:
    led = segment_ledger(ctx.state)
    led = led.add(ctx.board, policy(ctx), a, b, side, [ctx.scenario.load(uid).moving()])
    store_ledger(ctx.state, led)


def enter(ctx: Context, side: str, uid: str, point: str) -> bool:
    """Move ``uid`` onto ``point``, destroying enemy partisans and entrained factories there;
    True if the point was unoccupied (or held only by such units)."""
    present = ctx.state.units_at(point)
    unoccupied = all(ctx.side_of(u.id) != side and cn.fragile(ctx, u.id) for u in present)
    _, soft = enemies_at(ctx, side, point)
    for s in soft:
        eliminate(ctx, s, f"{point} entered by {uid}")
    unit = ctx.state.units[uid]
    ctx.state.put(unit.moved_to(point))
    geo.set_control(ctx, point, side)
    return unoccupied


def commit(ctx: Context, uid: str, origin: str, target: str) -> None:
    """The unit must attack ``target`` from ``origin`` before it may occupy it."""
    pending = attacks(ctx)
    pending.setdefault(target, []).append([uid, origin])
    set_attacks(ctx, pending)
    ctx.emit("commit", f"{uid} moves against {target} from {origin}", unit=uid, target=target)


class OperationalStep(SideStep):
    """DC2 Operational Movement: a side's Operational Movement Phase."""

    name: ClassVar[str] = "operational"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "mode": literal("", BREAKTHROUGH),
        "unit": one_of(UNIT, literal(None)),
        "breakthrough": BOOL,
    }
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Move, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        if frame.get("breakthrough"):
            return f"{frame.get('unit')}: breakthrough to a second point, or stop"
        uid = frame.get("unit")
        return "operational movement: choose a unit" if uid is None else f"move {uid}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        side, uid, mode = frame.args["side"], frame.get("unit"), frame.get("mode", "")
        led = segment_ledger(ctx.state)
        if uid is not None:
            onward = frame.get("breakthrough")
            paths = (
                breakthroughs(ctx, side, uid) if onward else mode_moves(ctx, side, uid, mode, led)
            )
            return [Pass(), *(Move((uid,), p) for p in paths)]
        out: list[Action] = [Pass()]
        for unit in ctx.units_of(side):
            free = unit_error(ctx, side, unit.id, mode) is None
            if free and mode_moves(ctx, side, unit.id, mode, led):
                out.append(Choose(unit.id))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        side, uid, mode = frame.args["side"], frame.get("unit"), frame.get("mode", "")
        rule = BREAKTHROUGH_RULE if mode == BREAKTHROUGH else RULE
        if isinstance(action, Pass):
            return None
        if isinstance(action, Choose):
            if uid is not None:
                return IllegalAction(rule, f"{uid} is chosen: move it or pass")
            why = unit_error(ctx, side, action.option, mode)
            if why is None and not mode_moves(
                ctx, side, action.option, mode, segment_ledger(ctx.state)
            ):
                why = f"{action.option} has no legal move now"  # as the legal list
            return None if why is None else IllegalAction(rule, why)
        assert isinstance(action, Move)
        if uid is None or action.units != (uid,):
            return IllegalAction(rule, "choose the unit first")
        led = segment_ledger(ctx.state)
        onward = bool(frame.get("breakthrough"))
        legal = breakthroughs(ctx, side, uid) if onward else mode_moves(ctx, side, uid, mode, led)
        if tuple(action.path) in legal:
            return None
        if mode == BREAKTHROUGH and tuple(action.path) in moves(ctx, side, uid, led, True):
            return IllegalAction(
                rule, f"{uid} is not capable of breakthrough movement: it may only attack"
            )
        path = tuple(action.path)
        return self._why(ctx, side, uid, path, onward, onward or mode == BREAKTHROUGH)

    def _why(
        self,
        ctx: Context,
        side: str,
        uid: str,
        path: tuple[str, ...],
        onward: bool,
        breakthrough: bool,
    ) -> IllegalAction:
        a = path[0]
        if len(path) < 2 or ctx.state.units[uid].at != a:
            return IllegalAction(RULE, f"{uid} moves from its own point along lines")
        for x, y in pairwise(path):
            if not ctx.board.adjacent(x, y):
                return IllegalAction(RULE, f"{x} and {y} are not joined by a line")
            if kerch_barred(ctx, side, uid, x, y, breakthrough):
                return IllegalAction(
                    KERCH, f"armour {uid} may not break through or assault across the Straits"
                )
        led = segment_ledger(ctx.state)
        why = led.excess(
            ctx.board, policy(ctx), a, path[1], side, [ctx.scenario.load(uid).moving()]
        )
        if why is not None:
            return IllegalAction(LINES, why)
        if onward:
            return IllegalAction(RULE, f"{path[-1]} is not an unoccupied point to break through to")
        if len(path) == 3:
            return IllegalAction(
                HIGHWAY,
                "only armour starting on the highway moves two highway points, not in Snow, "
                "the first point free of enemy units",
            )
        return IllegalAction(RULE, f"{uid} cannot move along {'-'.join(path)}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame.args["side"]
        if isinstance(action, Choose):
            ctx.update(unit=action.option)
            return
        if isinstance(action, Pass):
            if frame.get("unit") is None:
                ctx.done()
            else:
                ctx.update(unit=None, breakthrough=False)
            return
        assert isinstance(action, Move)
        uid, path = action.units[0], action.path
        unit = ctx.state.units[uid]
        ctx.state.put(unit.marked(scoped(cn.MOVED, SEGMENT), scoped(cn.ACTED, PHASE)))
        onward = False
        for i, (a, b) in enumerate(pairwise(path)):
            _record(ctx, side, uid, a, b)
            hard, _ = enemies_at(ctx, side, b)
            if hard:
                commit(ctx, uid, a, b)
                break
            empty = enter(ctx, side, uid, b)
            ctx.emit("move", f"{uid} moves {a}-{b}", unit=uid, to=b)
            last = i == len(path) - 2
            onward = last and empty and len(path) == 2 and not frame.get("breakthrough")
        in_phase = frame.get("mode", "") != BREAKTHROUGH
        if onward and in_phase and breaks_through(ctx, uid) and breakthroughs(ctx, side, uid):
            ctx.update(unit=uid, breakthrough=True)
        else:
            ctx.update(unit=None, breakthrough=False)
