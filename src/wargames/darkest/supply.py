"""DC: Supply: the line of areas closer to friendly units or cities than to enemy units back to
the owner's map edge, the German corridor, friendly seas and straits; sea control; the
supply status determination (halved fire, isolated Disrupted units eliminated unless
sustained by a fortress or city).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

import numpy as np
import numpy.typing as npt

from wargames.core import changes
from wargames.core.actions import Action, Choose
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, NODE, SIDE, Shape
from wargames.core.frontier import BoolArray, IntArray
from wargames.core.occupancy_memo import per_occupancy
from wargames.core.sequence import Step
from wargames.core.state import Frame, Occupancy
from wargames.core.supply import (
    SupplyMap,
    SupplyRules,
    closer,
    steps_from,
    trace_supply,
)

from . import counters as cn
from .charts import charts
from .position import SEAS, WATER, controls, held_hexes, holder, land
from .secret import reveal

#: DC: Supply: lines cross water only at the straits B7/B8, B8/C8 and O5/O6 ("strait" and
#: "ferry" hexsides) and through friendly-controlled seas; lakes carry none.
RULES = SupplyRules(
    sea_terrain=frozenset(SEAS),
    closed_terrain=WATER - frozenset(SEAS),
    closed_edges=frozenset({"water"}),
    opened_by=frozenset({"strait", "ferry"}),
)


def sea_controller(ctx: Context, sea: str) -> str | None:
    """DC: Movement by sea: who controls Koenigsberg controls the Baltic, Sevastopol the Black
    Sea, and both sides of the Kerch Straits the Sea of Azov."""
    hexes = charts(ctx).sea_control.get(sea, ())
    owners = {ctx.state.control.get(h) for h in hexes}
    if len(owners) == 1:
        owner = owners.pop()
        return owner
    return None


def friendly_seas(ctx: Context, side: str) -> list[str]:
    return [s for s in SEAS if sea_controller(ctx, s) == side]


def corridor(ctx: Context, occ: Occupancy) -> list[str]:
    """DC: Supply: an unoccupied hex adjacent and accessible to a German army - or to a German
    panzergruppe, if it is a clear terrain hex - is a German supply line even next to a
    Russian unit. The text asks no UnDisrupted unit here (unlike the stop rule)."""
    out: list[str] = []
    steps: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]
    steps = ctx.board.index.cached(("darkest.corridor-steps",), lambda _: {})
    for uid in (u for us in occ.values() for u in us):
        army, pzgr = cn.is_german_army(ctx, uid), cn.is_panzergruppe(ctx, uid)
        if not (army or pzgr):
            continue
        at = ctx.state.units[uid].at
        assert at is not None
        if at not in steps:
            steps[at] = _corridor_steps(ctx, at)
        # an army's steps, or a panzergruppe's (clear hexes only)
        out += [n for n in steps[at][0 if army else 1] if n not in occ]
    return out


def _corridor_steps(ctx: Context, at: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """In the board's neighbour order, the neighbours of ``at`` a corridor may reach: land
    hexes not across a water hexside (an army's), and of those the clear ones (a
    panzergruppe's). Read from the map only: kept per board (the table of :func:`corridor`,
    filled as units stand in new hexes)."""
    board = ctx.board
    army = tuple(
        n
        for n in board.neighbours(at)
        if land(ctx, n) and "water" not in board.edge_features(at, n)
    )
    return army, tuple(n for n in army if board.terrain(n) == "clear")


def _corridor(ctx: Context, occ: Occupancy) -> tuple[str, ...]:
    """:func:`corridor`, kept while the units stand where they stood (``per_occupancy``): it
    reads only where the units are, their kinds and the map."""
    return per_occupancy(
        occ, ctx.scenario, ("darkest.corridor",), lambda: tuple(corridor(ctx, occ))
    )


def supply_map(ctx: Context, side: str) -> SupplyMap:
    """The side's supply lines now, for every hex at once.

    Kept per position (``BoardIndex.per_position``, the value read-only): the key holds all
    it reads besides the map: the hexes each side holds, the cities the side controls, the
    German corridor and the side's friendly seas."""
    occ = ctx.state.occupancy()
    ours = held_hexes(ctx, occ, side)
    theirs = held_hexes(ctx, occ, cn.AXIS if side == cn.RUSSIAN else cn.RUSSIAN)
    # DC: Supply: "closer to friendly units or cities": cities (major and victory), not towns.
    board = ctx.board
    control = ctx.state.control
    cities = tuple(n for n in board.nodes_with("city") if control.get(n) == side)
    extra = _corridor(ctx, occ) if side == cn.AXIS else ()
    seas = tuple(friendly_seas(ctx, side))
    key = ("darkest.supply", side, ours, theirs, cities, extra, seas)
    return board.index.per_position(
        key, lambda: _supply_map(ctx, side, ours, theirs, cities, extra, seas)
    )


def _supply_map(
    ctx: Context,
    side: str,
    ours: frozenset[str],
    theirs: frozenset[str],
    cities: tuple[str, ...],
    extra: tuple[str, ...],
    seas: tuple[str, ...],
) -> SupplyMap:
    board = ctx.board
    through = _closer_to_friendly(ctx, sorted(ours | set(cities)), sorted(theirs))
    index = board.index
    if extra or seas:
        through = through.copy()
        for n in extra:
            through[index.number[n]] = True
        codes = tuple(sorted({index.terrain_code[s] for s in seas if s in index.terrain_code}))
        if codes:
            through |= index.cached(("darkest.sea-hexes", codes), lambda ix: _sea_mask(ix, codes))
    edge = "axis-edge" if side == cn.AXIS else "russian-edge"
    sources = [n for n in board.nodes_with(edge) if n not in theirs]
    return trace_supply(
        board,
        RULES,
        sources,
        blocked=sorted(theirs),
        through=through,
        friendly_seas=list(seas),
    )


def _closer_to_friendly(ctx: Context, friendly: list[str], enemy: list[str]) -> BoolArray:
    """The kernel's :func:`~wargames.core.supply.closer_to_friendly` (DC: Supply: "closer to
    friendly units or cities than to enemy units"), each side's step counts kept per position
    (:func:`_steps`): a Russian placement keeps the Axis units' counts, and the Axis map the
    counts of its own units and cities."""
    return closer(_steps(ctx, friendly), _steps(ctx, enemy))


def _steps(ctx: Context, nodes: list[str]) -> IntArray:
    """:func:`~wargames.core.supply.steps_from` ``nodes``, read-only, kept per position under
    the set of nodes (all it reads besides the board)."""
    board = ctx.board

    def build() -> IntArray:
        steps = steps_from(board, nodes)
        steps.flags.writeable = False
        return steps

    return board.index.per_position(("darkest.steps", frozenset(nodes)), build)


def _sea_mask(index: BoardIndex, codes: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """Per node, whether its terrain is one of ``codes`` (read-only, kept per board)."""
    mask: npt.NDArray[np.bool_] = np.isin(np.asarray(index.terrain), codes)
    mask.flags.writeable = False
    return mask


def in_supply(ctx: Context, uid: str, lines: SupplyMap | None = None) -> bool:
    unit = ctx.state.units[uid]
    if unit.at is None:
        return False
    lines = lines or supply_map(ctx, ctx.side_of(uid))
    return lines.in_supply(unit.at)


def sustains(ctx: Context, node: str, side: str) -> int:
    """DC: Supply: how many isolated units a hex keeps alive: 1 on a fortress or major city,
    2 on a friendly victory city, 3 Russian on Leningrad or Moscow (attribute sustain)."""
    board = ctx.board
    if not controls(ctx, node, side):
        return 0
    table = charts(ctx).sustain
    best = 0
    if board.has(node, "fortress") or board.has(node, "major-city"):
        best = table["fortress"]
    if board.has(node, "victory"):
        best = max(best, table["victory"])
    if side == cn.RUSSIAN:
        best = max(best, int(board.attr(node, "sustain", 0)))
    return best


def determine(ctx: Context, side: str) -> list[tuple[str, int]]:
    """DC: Sequence A.3/B.3: mark the side's units out of supply (their fire is halved until
    the next determination); Disrupted units out of supply die unless sustained.

    DC: Supply: a sustaining hex keeps as many units as it has places, any units, the owner's
    choice; only Disrupted isolated units die, so the places go to Disrupted units. Where
    more Disrupted units stand than places, the owner chooses (returned: hex, places; see
    :class:`SustainStep`)."""
    lines = supply_map(ctx, side)
    occ = ctx.state.occupancy()
    for uid in sorted(u.id for u in ctx.units_of(side)):
        unit = ctx.state.units[uid]
        assert unit.at is not None
        # (a unit already marked as it should be keeps its state: the same value)
        if lines.in_supply(unit.at):
            if unit.has(cn.UNSUPPLIED):
                ctx.state.put(unit.unmarked(cn.UNSUPPLIED))
        elif not unit.has(cn.UNSUPPLIED):
            ctx.state.put(unit.marked(cn.UNSUPPLIED))
    choices: list[tuple[str, int]] = []
    for node in sorted(n for n, us in occ.items() if holder(ctx, occ, n) == side):
        if lines.in_supply(node):
            continue
        room = sustains(ctx, node, side)
        doomed = sorted(u for u in occ[node] if cn.disrupted(ctx, u))
        if room > 0 and len(doomed) > room:
            choices.append((node, room))
            continue
        for uid in doomed if room == 0 else ():
            eliminate(ctx, uid, "isolated and Disrupted", unsupplied=True)
    return choices


def sustained_choice(ctx: Context, node: str) -> list[str]:
    """The Disrupted units in ``node``, one of which its owner eliminates next."""
    return sorted(u.id for u in ctx.state.units_at(node) if cn.disrupted(ctx, u.id))


class SustainStep(Step):
    """DC: Supply: the owner chooses which Disrupted units an isolated fortress or city
    sustains: one Disrupted unit to eliminate at a time, until as many are left as places."""

    name: ClassVar[str] = "sustain"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "at": NODE, "room": INT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "DC: Supply (isolated units on a fortress or city)"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side: str = frame.args["side"]
        return side

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"eliminate a Disrupted unit in {frame.args['at']} ({frame.args['room']} kept)"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose(u) for u in sustained_choice(ctx, frame.args["at"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(self.rule, f"choose a Disrupted unit in {frame.args['at']}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        eliminate(ctx, action.option, "isolated and Disrupted", unsupplied=True)
        if len(sustained_choice(ctx, frame.args["at"])) <= frame.args["room"]:
            ctx.done()


def eliminate(ctx: Context, uid: str, why: str, unsupplied: bool | None = None) -> None:
    """Remove a unit: Siberians, and 16. Army eliminated out of supply, are irreplaceable.

    DC: Russian Replacements: "16. Army, if it is eliminated while out of supply" is
    irreplaceable however it dies (hits, isolation, sinking, disbanding): ``unsupplied`` says
    whether it was out of supply; ``None`` traces its supply line now, where it stands.

    DC: Secret ... Setup: the dead pile is public (reading, coverage table): a hidden unit
    is revealed once it is off the map (the event itself still told redacted), so only
    :func:`secret.hide` decides who re-enters hidden."""
    lost = cn.has(ctx, uid, "siberian") or ctx.side_of(uid) == cn.AXIS
    if cn.has(ctx, uid, "irreplaceable-unsupplied"):
        if unsupplied is None:
            unsupplied = not in_supply(ctx, uid)
        lost = lost or unsupplied
    changes.eliminate(ctx, uid, cn.LOST if lost else cn.ELIMINATED, why)
    reveal(ctx, [uid])


class SupplyStep(Step):
    """DC: Sequence A.3 / B.3: Supply Status Determination (automatic)."""

    name: ClassVar[str] = "supply"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = "DC: Supply"

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        choices = determine(ctx, side)
        ctx.done()
        for node, room in reversed(choices):
            ctx.push("sustain", side=side, at=node, room=room)


def supplied_hexes(ctx: Context, side: str, nodes: Iterable[str]) -> list[str]:
    lines = supply_map(ctx, side)
    return [n for n in nodes if lines.in_supply(n)]
