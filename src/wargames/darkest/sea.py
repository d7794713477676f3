"""DC: Movement by sea: 1 unit may move by sea from any coastal hex to a friendly-controlled
port on the same sea, sunk on 1 in 6 if the sea is friendly, 3 in 6 if it is not (DC: Sequence
A.1, B.1). Sea control: see :func:`wargames.darkest.supply.sea_controller`.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Move, Outcome, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import BOOL, SIDE, UNIT, Shape
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame

from . import counters as cn
from .charts import charts
from .position import SEAS, enemy, holder, set_control
from .supply import eliminate, sea_controller

RULE = "DC: Movement by sea"


def seas_of(ctx: Context, node: str) -> set[str]:
    """DC: Movement by sea: the seas a hex is on: those of the sea hexes next to it, and those
    its attribute ``seas`` names where the map draws the water as a hexside (the Neva Bay at
    Leningrad and Kronshtadt), so that every port on a sea's coast is reached by sea."""
    return set(_coasts(ctx)[node])


def _coasts(ctx: Context) -> dict[str, frozenset[str]]:
    """:func:`seas_of` of every hex, computed once per board (it reads only the map)."""
    board = ctx.board

    def build(_: object) -> dict[str, frozenset[str]]:
        index = board.index
        names, terrain, adj = index.terrain_names, index.terrain, index.adj
        out = {}
        for node in board:
            named = board.attr(node, "seas", ())
            # the neighbours' terrains, read from the index (board.terrain of each neighbour)
            near = {names[terrain[v]] for v in adj[index.number[node]]}
            out[node] = frozenset((near | set(named)) & set(SEAS))
        return out

    return board.index.cached(("darkest.seas-of",), build)


def sea_moves(ctx: Context, side: str) -> list[Move]:
    occ = ctx.state.occupancy()
    ports = [
        n
        for n in ctx.board.nodes_with("port")
        if ctx.state.control.get(n) == side and holder(ctx, occ, n) != enemy(side)
    ]
    out = []
    coasts = _coasts(ctx)
    for u in ctx.units_of(side):
        if u.has(cn.DISRUPTED) or u.has(cn.FORTIFYING) or u.at is None:
            continue
        seas = coasts[u.at]
        if not seas:
            continue
        for port in ports:
            if port != u.at and seas & coasts[port] and not cn.mixes(ctx, u.id, occ.get(port, [])):
                out.append(Move((u.id,), (u.at, port)))
    return out


def _moves(ctx: Context, side: str) -> list[Move]:
    """:func:`sea_moves`, listed once per position (``Context.per_position``: the step's
    actor, legal and check ask it of the same position); shared, so never changed."""
    return ctx.per_position(("darkest.sea-moves", side), lambda: sea_moves(ctx, side))


class SeaMove(Step):
    """One unit by sea, or pass."""

    name: ClassVar[str] = "sea-move"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side: str = frame.args["side"]
        return side if _moves(ctx, side) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *_moves(ctx, frame.args["side"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in _moves(ctx, frame.args["side"]):
            return None
        return IllegalAction(
            RULE, "1 undisrupted unit, from a coastal hex to a friendly port on the same sea"
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Pass):
            return
        assert isinstance(action, Move)
        uid, (start, port) = action.units[0], action.path
        side = frame.args["side"]
        # a move that either of two seas joins (N5, O5, O6: the Black Sea and the Azov) goes
        # by the one the mover controls, if either: sunk on 1 in 6 (reading, coverage table)
        shared = sorted(seas_of(ctx, start) & seas_of(ctx, port))
        sea = next((s for s in shared if sea_controller(ctx, s) == side), shared[0])
        ctx.state.put(ctx.state.units[uid].moved_to(port).unmarked(cn.STRONG, cn.FORTIFIED))
        set_control(ctx, port, side)
        text = f" sails from {start} to {port} across the {sea}"
        others = Redacted(f"a hidden unit{text}")  # DC: Secret Setup
        ctx.emit_about([uid], "sea", uid + text, others=others, unit=uid)
        ctx.push("sinking", unit=uid, friendly=sea_controller(ctx, sea) == side)


class Sinking(ChanceStep):
    """The chance that the unit moving by sea is sunk."""

    name: ClassVar[str] = "sinking"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT, "friendly": BOOL}
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        loss = charts(ctx).sea_loss["friendly" if frame.args["friendly"] else "enemy"]
        p = Fraction(loss, 6)
        return [(o, q) for o, q in ((Outcome("safe"), 1 - p), (Outcome("sunk"), p)) if q]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if action == Outcome("sunk"):
            eliminate(ctx, frame.args["unit"], "sunk at sea")
