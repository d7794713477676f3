"""DCH: Strategic Movement by Rail, and the Axis rail heads.

One UnDisrupted Axis unit a turn moves freely by rail on Axis rail lines; Russian units up to
the victory points still under Russian control plus 1 for Siberia (only 2 on the first turn).
The line must trace back to the owner's side (an Axis country; the eastern mapboard edge) and
not through an EZOC unless a friendly unit holds it. Units moved by rail arrive Disrupted.
The five Axis rail heads advance 2 rail hexes a turn (DCH: Supply).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, UNIT, Shape, literal, one_of
from wargames.core.markers import TURN, has_scoped, scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.supply import SupplyRules, trace_supply

from . import counters as cn
from .charts import charts
from .movement import in_south
from .position import cached, shared
from .stacking import fits
from .supply import AXIS_COUNTRIES
from .terrain import rail_nodes
from .zoc import zone_map

RULE = "DCH: Strategic Movement by Rail"
RAILED = "railed"


def rail_net(ctx: Context, side: str) -> frozenset[str]:
    """The side's usable rail hexes: its own rail hexes traced back to its side."""
    return cached(ctx, ("rail-net", side), lambda: _rail_net(ctx, side))


def _rail_net(ctx: Context, side: str) -> frozenset[str]:
    control = ctx.state.control
    occ = ctx.state.occupancy()
    other = cn.enemy(side)
    rails = rail_nodes(ctx)
    own = [n for n in rails if control.get(n) == side]
    if side == cn.AXIS:
        # DCH: Strategic Movement by Rail: Axis rail lines are the Axis countries' and those
        # the railway gauge conversion units converted
        from .conversion import converted

        done = converted(ctx)
        own = [n for n in own if n in done or _axis_country(ctx, n)]
        sources = [n for n in own if _axis_country(ctx, n)]
    else:
        sources = [n for n in own if ctx.board.has(n, "east-edge")]
    enemies = frozenset(n for n, us in occ.items() if ctx.side_of(us[0]) == other)
    zoc = zone_map(ctx, other)
    # friendly units only negate the enemy ZOC in their hexes: the trace reads no other
    index = ctx.board.index
    friends = frozenset(
        n for n, us in occ.items() if ctx.side_of(us[0]) == side and index.number[n] in zoc
    )
    key = ("rail-net", frozenset(own), frozenset(sources), enemies, zoc.nodes, friends)

    def build() -> frozenset[str]:
        mine = set(own)
        blocked = [n for n in ctx.board if n not in mine]
        blocked += enemies
        got = trace_supply(
            ctx.board,
            SupplyRules(range=0, rail=frozenset({"rail"})),
            sources,
            blocked=blocked,
            zoc=zoc.nodes,
            negated=friends,
        )
        return got.nodes()

    return shared(ctx, key, build)


def _axis_country(ctx: Context, node: str) -> bool:
    return any(ctx.board.has(node, f) for f in AXIS_COUNTRIES)


def limit(ctx: Context, side: str) -> int:
    ch = charts(ctx).rail
    if side == cn.AXIS:
        return int(ch["axis_units"])
    if ctx.turn == ctx.scenario.calendar.first:
        return int(ch["first_turn_russian"])
    # DCH: By Rail: "Russian units equal in number to Russian victory points still under
    # Russian control, plus 1 for Siberia" (points: Moscow counts 3, Leningrad 2)
    from .victory import value

    vcs = [n for n in ctx.board.nodes_with("victory") if ctx.state.control.get(n) == cn.RUSSIAN]
    return sum(value(ctx, n) for n in vcs) + 1


def railed(ctx: Context) -> int:
    return int(ctx.state.get("railed", 0))


def movers(ctx: Context, side: str) -> list[str]:
    if railed(ctx) >= limit(ctx, side):
        return []
    net = rail_net(ctx, side)
    return [
        u.id
        for u in ctx.units_of(side)
        if u.at in net
        and not u.has(cn.DISRUPTED)
        and not has_scoped(u, RAILED, TURN)
        and cn.omf(ctx, u.id) > 0
    ]


def destinations(ctx: Context, uid: str) -> list[str]:
    """The hexes ``uid`` may move to by rail (an Axis allied unit only in the south)."""
    net = rail_net(ctx, ctx.side_of(uid))
    at = ctx.state.units[uid].at
    return sorted(n for n in net if n != at and fits(ctx, uid, n) and in_south(ctx, uid, n))


class RailStep(Step):
    """Pick a unit to move by rail (then its destination), or end strategic movement."""

    name: ClassVar[str] = "rail"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "unit": one_of(UNIT, literal(None))}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Place, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side: str = frame.args["side"]
        if frame.args.get("unit") is None and not movers(ctx, side):
            return None
        return side

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.state.set("railed", 0)
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        uid = frame.args.get("unit")
        if uid is not None:
            return [Pass(), *(Place(uid, n) for n in destinations(ctx, uid))]
        return [Pass(), *(Choose(u) for u in movers(ctx, frame.args["side"]))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(RULE, f"{action.to_json()} is not a legal rail move now")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            if frame.args.get("unit") is not None:
                ctx.update(unit=None)
                return
            ctx.state.set("railed", 0)
            ctx.done()
            return
        if isinstance(action, Choose):
            ctx.update(unit=action.option)
            return
        assert isinstance(action, Place)
        unit = ctx.state.units[action.unit]
        # DCH: Strategic Movement: units moved strategically arrive Disrupted.
        moved = cn.moved(unit, action.at).marked(
            cn.DISRUPTED, scoped(RAILED, TURN), scoped(cn.MOVED, TURN)
        )
        ctx.state.put(moved)
        ctx.state.set("railed", railed(ctx) + 1)
        ctx.emit("rail", f"{action.unit} moves by rail to {action.at}", unit=action.unit)
        ctx.update(unit=None)
        if not movers(ctx, frame.args["side"]):
            ctx.state.set("railed", 0)
            ctx.done()


def advance_railheads(ctx: Context) -> None:
    """DCH: Supply: the rail heads advance (:func:`next_railheads`)."""
    ctx.state.set("railheads", next_railheads(ctx))


def next_railheads(ctx: Context) -> list[str]:
    """DCH: Supply: where the rail heads stand after their next advance: each up to 2 rail
    hexes along Axis-controlled rail, each farther along the rail from the Axis countries
    (ties: the highest label), off the hexes the heads before it passed this turn (two heads
    on one hex take its two lines)."""
    step = int(charts(ctx).rail["railhead_step"])
    heads = list(ctx.state.get("railheads", charts(ctx).rail["railheads"]))
    taken: set[str] = set()
    out = []
    for head in heads:
        path = advance_along_rail(ctx, head, step, taken)
        taken.update(path[1:])
        taken.add(path[-1])
        out.append(path[-1])
    return out


def advance_along_rail(ctx: Context, start: str, step: int, taken: set[str]) -> list[str]:
    """The path of up to ``step`` rail hexes from ``start`` along Axis-controlled rail outside
    the Axis countries, each farther from them (ties: the highest label), avoiding ``taken``."""
    board = ctx.board
    control = ctx.state.control
    path = [start]
    at = start
    for _ in range(step):
        options = [
            n
            for n in sorted(board.neighbours(at))
            if "rail" in board.edge_features(at, n)
            and control.get(n) == cn.AXIS
            and not _axis_country(ctx, n)
            and n not in taken
            and _depth(ctx, n) > _depth(ctx, at)
        ]
        if not options:
            break
        at = max(options, key=lambda n: (_depth(ctx, n), n))
        path.append(at)
    return path


def axis_country(ctx: Context, node: str) -> bool:
    return _axis_country(ctx, node)


def depth(ctx: Context, node: str) -> int:
    """How far ``node`` lies from the Axis countries: along the rail, for a rail hex
    (:func:`_depth`)."""
    return _depth(ctx, node)


def _depth(ctx: Context, node: str) -> int:
    """For a rail hex joined by rail to an Axis country's, the rail hexsides from the nearest
    such hex (so a line running along the border still leads away, one hex at a time); for
    any other hex, the hexes from the nearest Axis country hex."""
    board = ctx.board

    def build(_: object) -> dict[str, int]:
        axis = [n for n in board if _axis_country(ctx, n)]
        dist: dict[str, int] = {}
        for n in board:
            dist[n] = min((board.distance(n, a) for a in axis), default=0)
        # DCH: Supply: the rail heads advance "2 rail hexes per turn": counted along the rail
        rail = {
            n: [m for m in board.neighbours(n) if "rail" in board.edge_features(n, m)]
            for n in board
        }
        frontier = [n for n in axis if rail[n]]
        hops = dict.fromkeys(frontier, 0)
        while frontier:
            nxt = []
            for n in frontier:
                for m in rail[n]:
                    if m not in hops:
                        hops[m] = hops[n] + 1
                        nxt.append(m)
            frontier = nxt
        dist.update(hops)
        return dist

    got: dict[str, int] = board.index.cached("dch.axis-depth", build)
    return got[node]
