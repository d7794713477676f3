"""DCH: Operational Movement (Overrun): a hex defended by units with a terrain-unmodified total
of 1 defence factor may be overrun, without a formal attack, by a group or stack of units
moving together with at least 7 attack factors, for 1 additional movement factor.

Provisional reading: the stack overruns from the hex it starts its move in (one hex, entering
the defended hex), and its move ends there; each unit must have the movement factors.
"""

from __future__ import annotations

from wargames.core.actions import Move
from wargames.core.context import Context
from wargames.core.errors import IllegalAction

from . import counters as cn
from .movement import SCALE, ZOC_RULE, allowance, in_south, unit_costs
from .stacking import fits_all, stacking_error
from .zoc import zone_map

RULE = "DCH: Operational Movement (Overrun)"
NEEDED = 7


def stack_of(ctx: Context, uid: str) -> list[str]:
    """The units that may move with ``uid``: unused, UnDisrupted, in its hex."""
    from .operations import unused

    at = ctx.state.units[uid].at
    side = ctx.side_of(uid)
    return sorted(
        u
        for u in ctx.state.occupancy().get(at or "", ())
        if ctx.side_of(u) == side
        and not cn.disrupted(ctx, u)
        and unused(ctx, u)
        and cn.omf(ctx, u) > 0
        and not cn.has(ctx, u, "air")
    )


def step_cost(ctx: Context, uid: str, a: str, b: str) -> int | None:
    """MF (half factors) for ``uid`` to enter ``b`` from ``a``, or None if it may not."""
    costs = unit_costs(ctx, uid)
    terrain = dict(costs.terrain).get(ctx.board.terrain(b), costs.default)
    if terrain is None:
        return None
    extra = sum(c.cost or 0 for c in costs.crossings if c.feature in ctx.board.edge_features(a, b))
    return terrain + extra


def overrun_error(
    ctx: Context, units: tuple[str, ...], path: tuple[str, ...], mode: str
) -> IllegalAction | None:
    """Why the stack ``units`` may not overrun along ``path`` (start, target), or None."""
    if len(path) != 2 or not ctx.board.adjacent(path[0], path[1]):
        return IllegalAction(RULE, "an overrun enters one adjacent hex")
    start, target = path
    side = ctx.side_of(units[0])
    stack = stack_of(ctx, units[0])
    if not set(units) <= set(stack) or ctx.state.units[units[0]].at != start:
        return IllegalAction(RULE, "the overrunning units move together from one hex")
    here = [u for u in ctx.state.occupancy().get(target, ()) if ctx.side_of(u) != side]
    if not here:
        return IllegalAction(RULE, f"no enemy unit in {target}")
    # a face-down counter counts as FACE_DOWN factors: never overrun on its hidden strength
    if sum(cn.defence_factor(ctx, u, side) for u in here) != 1:
        return IllegalAction(RULE, f"{target} is not defended by a total of 1 factor")
    if sum(cn.attack_factor(ctx, u, side) for u in units) < NEEDED:
        return IllegalAction(RULE, f"an overrun needs {NEEDED} attack factors moving together")
    # DCH: Zones of Control: an overrun is a move, so not from one EZOC to another EZOC of
    # the same enemy unit; the overrun's own defenders do not count (they are eliminated)
    zones, index = zone_map(ctx, cn.enemy(side)), ctx.board.index
    both = zones.exerting(index.number[start]) & zones.exerting(index.number[target])
    if both - set(here):
        return IllegalAction(ZOC_RULE, f"{start} to {target}: both in the ZOC of one enemy unit")
    for u in units:
        cost = step_cost(ctx, u, start, target)
        if cost is None or cost + SCALE > allowance(ctx, u, mode)[0] * SCALE:
            return IllegalAction(RULE, f"{u} lacks the movement factors to overrun {target}")
    if stacking_error(ctx, list(units)) is not None:
        return IllegalAction("DCH: Stacking Limits", "the overrunning stack is overstacked")
    # DCH: Operational Movement: Axis allied units must remain in the south
    north = [u for u in units if not in_south(ctx, u, target)]
    if north:
        return IllegalAction(
            "DCH: Operational Movement", f"{north[0]} must remain in the south, not in {target}"
        )
    # DCH: Terrain (Mountain): not more than 1 panzer/tank or motorized unit a mountain hex,
    # counted in the overrun hex once its defenders are gone
    if not fits_all(ctx, units, target, leaving=here):
        return IllegalAction(
            "DCH: Terrain (Mountain)",
            f"not more than 1 panzer/tank or motorized unit may overrun into mountain hex {target}",
        )
    return None


def overruns(ctx: Context, uid: str, mode: str) -> list[Move]:
    """The overruns the stack of ``uid`` may make (all its movable units together)."""
    movers = stack_of(ctx, uid)
    stack = (uid, *(u for u in movers if u != uid))  # the unit given orders leads
    side = ctx.side_of(uid)
    if uid not in movers or sum(cn.attack_factor(ctx, u, side) for u in stack) < NEEDED:
        return []
    at = ctx.state.units[uid].at
    assert at is not None
    out = []
    for n in sorted(ctx.board.neighbours(at)):
        if overrun_error(ctx, stack, (at, n), mode) is None:
            out.append(Move(stack, (at, n)))
    return out
