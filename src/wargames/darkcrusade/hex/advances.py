"""DCH: Tactical Advances After Combat: how far each attacking unit may advance after the
result, which units ignore ZOCs in the vacated hex, and the advance paths once the attacked hex
is vacated.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from wargames.core.actions import Action, Advance, Pass
from wargames.core.advance import AdvanceRules, AdvanceSituation, advance_paths
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context

from . import counters as cn
from .battle import Battle
from .casualties import alive
from .movement import SCALE, in_south, unit_costs
from .stacking import fits
from .terrain import water_numbers
from .weather import MUD, weather
from .zoc import zone_map

ADVANCE = "DCH: Tactical Advances After Combat"


def advance_limit(ctx: Context, uid: str, b: Battle) -> int:
    """DCH: Tactical Advances: hexes ``uid`` may advance after result ``b.code``."""
    code = b.code
    if code in ("BK", "DE", "D3"):
        if cn.is_axis(ctx, uid) and weather(ctx) == MUD:
            return 1
        if (cn.is_german(ctx, uid) and cn.has(ctx, uid, "panzer")) or (
            ctx.side_of(uid) == cn.RUSSIAN and cn.has(ctx, uid, "cavalry")
        ):
            return 3
        if (
            ctx.side_of(uid) == cn.RUSSIAN
            and any(cn.has(ctx, uid, f) for f in ("tank", "parachute", "shock"))
        ) or (
            # German motorized and Axis cavalry: an allied motorized unit (HuMob) advances 1 hex
            (cn.is_german(ctx, uid) and cn.has(ctx, uid, "motorized"))
            or (cn.is_axis(ctx, uid) and cn.has(ctx, uid, "cavalry"))
        ):
            return 2
        return 1
    if code == "D1" and b.retreated > 1:
        return min(b.retreated, 1 if cn.is_axis(ctx, uid) and weather(ctx) == MUD else 3)
    return 1


def ignores_zoc(ctx: Context, uid: str, b: Battle) -> bool:
    """DCH: Tactical Advances: tanks/panzers, SS, parachute and shock units ignore ZOCs into
    and through the vacated hex on a DE or BK."""
    return b.code in ("DE", "BK") and any(
        cn.has(ctx, uid, f) for f in ("panzer", "tank", "ss", "parachute", "shock")
    )


def _advance_cost(ctx: Context, uid: str, vacated: str) -> Callable[[BoardIndex, int, int], int]:
    """DCH: Tactical Advances: "Advancing units may use road movement after the first/vacated
    hex": the step into the vacated hex at its off-road cost."""
    rows = unit_costs(ctx, uid).rows(ctx.board.index)
    first = unit_costs(ctx, uid, roads=False).rows(ctx.board.index)
    into = ctx.board.index.number[vacated]

    def cost(index: BoardIndex, u: int, v: int) -> int:
        for w, c, _ in (first if v == into else rows)[u]:
            if w == v:
                return c
        return 99

    return cost


def _fitter(ctx: Context, uid: str) -> Callable[[int], bool]:
    ids = ctx.board.index.ids
    return lambda v: fits(ctx, uid, ids[v])


def advances(ctx: Context, b: Battle) -> list[Action]:
    """DCH: Tactical Advances: the attackers' advances once the attacked hex is vacated (the
    defenders eliminated, retreated or withdrawn)."""
    if any(ctx.side_of(u) != b.side for u in ctx.state.occupancy().get(b.target, ())):
        return []
    index = ctx.board.index
    occ = ctx.state.occupancy()
    prohibited = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) != b.side}
    prohibited |= water_numbers(ctx)
    zones = zone_map(ctx, cn.enemy(b.side))
    friendly = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == b.side}
    out: list[Action] = [Pass()]
    for uid in alive(ctx, b.attackers):
        if uid in b.advanced or cn.disrupted(ctx, uid):
            continue
        at = ctx.state.units[uid].at
        assert at is not None
        beside = b.into >= b.defence
        # DCH: Tactical Advances: "All Zone of Control movement restrictions are still in
        # effect" (the stop on entering an EZOC and the same-unit rule), "but not for
        # tanks/panzers, SS, parachute, and shock moving into/through the vacated hex on a DE
        # or BK result"
        rules = AdvanceRules(
            rule=ADVANCE,
            blocked=ADVANCE,
            ezoc_stops=ADVANCE,
            same_unit=ADVANCE,
            beside=ADVANCE if beside else None,
        )
        free = {index.number[b.target]} if ignores_zoc(ctx, uid, b) else set()
        situation = AdvanceSituation(
            prohibited=frozenset(prohibited),
            ezoc=zones.nodes,
            occupied=frozenset(index.number[n] for n in occ),
            fits=_fitter(ctx, uid),
            zones=zones,
            friendly=frozenset(friendly),
            zoc_free=frozenset(free),
        )
        limit = advance_limit(ctx, uid, b)
        if limit > 1 and b.code in ("BK", "DE", "D3"):
            # DCH: Tactical Advances: 2 or 3 movement factors, road movement past the vacated
            # hex, the river's extra factor (the first hex is always allowed)
            rules = attrs.evolve(rules, cost=_advance_cost(ctx, uid, b.target))
            limit *= SCALE
        for p in advance_paths(
            index, index.number[at], index.number[b.target], limit, rules, situation
        ):
            path = p.labels(index)
            # DCH: Operational Movement: Axis allied units must remain in the south
            if all(in_south(ctx, uid, n) for n in path):
                out.append(Advance((uid,), path))
    return out if len(out) > 1 else []
