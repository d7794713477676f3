"""DCH: Tactical Retreats (with "Stacking" Limits, Edge of the World and the railway guns'
retreat back up a rail line, DCH: Strategic Movement by Rail) and the D result's voluntary
withdrawal (DCH: Combat Results Definitions, D): the paths a defending stack, or its groups,
may take out of the attacked hex.
"""

from __future__ import annotations

from itertools import combinations, pairwise

import attrs

from wargames.core.actions import Retreat as RetreatAction
from wargames.core.context import Context
from wargames.core.retreat import (
    AwayFromAttackers,
    RetreatRules,
    RetreatSituation,
    preferred,
    retreat_paths,
)

from . import counters as cn
from .attacks import allocations
from .battle import Battle
from .movement import unit_class
from .stacking import fits_all
from .terrain import water_numbers
from .zoc import zone_map

NO_RETREAT = "DCH: Surrounded/Retreat Impossible/No Retreat! Orders"
RETREAT = "DCH: Tactical Retreats"

# DCH: Tactical Retreats: away from the attacked hex (each hex farther), never next to a hex
# the stack was attacked from unless a friendly unit holds it, and "if possible" away from
# the attackers' hexes.
RETREAT_RULES = RetreatRules(
    rule=RETREAT,
    blocked=RETREAT,
    farther=RETREAT,
    attackers=RETREAT,
    preferences=(AwayFromAttackers(RETREAT),),
)


# DCH: Combat Results, D: "Units retreated if hex overstacked": a withdrawal that would end
# overstacked is retreated on, through at most 2 more hexes (reading: as far again as the
# withdrawal itself), to a hex where it fits; it may not end overstacked
WITHDRAW_OVERSTACK = 2


def in_target(ctx: Context, b: Battle) -> list[str]:
    """The defenders still in the attacked hex that may retreat (not under No Retreat!)."""
    return [u for u in b.defenders if ctx.state.units[u].at == b.target and u not in b.holding]


def retreat_options(
    ctx: Context,
    b: Battle,
    length: int,
    minimum: int,
    stack: list[str] | None = None,
    overstack: int = 0,
) -> list[tuple[str, ...]]:
    """DCH: Tactical Retreats: paths for the defending stack of ``minimum``..``length`` hexes
    (away from the attacked hex, no closer to the attackers, not into enemy units, the sea,
    an unfrozen lake, or a movement-blocking EZOC not held by a friendly unit or fortress); an
    empty list if the stack cannot retreat ``minimum`` hexes. ``overstack``: how many hexes
    further a stack that would end overstacked is retreated on (0: it may not end there)."""
    index = ctx.board.index
    occ = ctx.state.occupancy()
    side = cn.enemy(b.side)
    if stack is None:
        stack = in_target(ctx, b)
    friends = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == side}
    # DCH: Tactical Retreats: "not through movement-blocking enemy ZOCs unoccupied by friendly
    # units or fortresses": a fortress the attacker does not hold opens its hex too
    forts = {
        index.number[n]
        for n in ctx.board.nodes_with("fortress")
        if ctx.state.control.get(n) != b.side
    }
    zoc = zone_map(ctx, b.side).nodes - friends - forts
    # DCH: Tactical Retreats: only friendly units not under an unresolved attack open a
    # hexside next to a hex the stack was attacked from
    pending = {index.number[t] for t in allocations(ctx)}
    prohibited = {index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == b.side}
    prohibited |= water_numbers(ctx)
    prohibited |= set(zoc)
    # DCH: Terrain (Mountain): panzer/tank and motorized units "must be at division/brigade
    # level to transit": a stack holding such a korps retreats through no mountain hex (a
    # reading: retreats are transits too; see the coverage table)
    if any(unit_class(ctx, u) == "korps-mobile" for u in stack):
        prohibited |= {index.number[n] for n in ctx.board if ctx.board.terrain(n) == "mountain"}

    def fit(v: int) -> bool:
        node = index.ids[v]
        # DCH: "Stacking" Limits: "Retreating units may not violate the stacking limit": the
        # retreating stack counted together with the units already there
        return fits_all(ctx, stack, node, leaving=stack) or v == index.number[b.target]

    situation = RetreatSituation(
        prohibited=frozenset(prohibited),
        attackers=frozenset(index.number[o] for o in b.origins),
        friendly=frozenset(friends - pending),
        fits=fit,
    )
    start = index.number[b.target]
    rules = attrs.evolve(RETREAT_RULES, overstack_hexes=overstack)
    if not any(cn.has(ctx, u, "railway-gun") for u in stack):
        paths = retreat_paths(index, start, length, rules, situation, minimum)
        return [p.labels(index) for p in paths if not p.eliminated and p.hexes >= minimum]
    # DCH: Strategic Movement by Rail ("Same for Russian Railway Guns!"): a stack with a
    # railway gun retreats back up a rail line, every hexside of the route a rail hexside; the
    # "if possible" preference is applied after the rail filter, so it never drops a rail route
    rail = [
        p
        for p in retreat_paths(
            index, start, length, attrs.evolve(rules, preferences=()), situation, minimum
        )
        if not p.eliminated
        and p.hexes >= minimum
        and all("rail" in ctx.board.edge_features(a, c) for a, c in pairwise(p.labels(index)))
    ]
    stages = preferred(index, rail, RETREAT_RULES.preferences, situation)
    return [p.labels(index) for p in (stages[-1][1] if stages else rail)]


def can_retreat(ctx: Context, b: Battle) -> bool:
    """Whether any of the defenders can retreat (a railway gun that cannot is destroyed
    alone, so it does not make the others Surrounded; a unit that can retreat alone makes
    the stack not Surrounded: see :func:`retreat_groups`)."""
    stack = in_target(ctx, b)
    others = [u for u in stack if not cn.has(ctx, u, "railway-gun")]
    return any(retreat_options(ctx, b, 1, 1, [u]) for u in others or stack)


def span(b: Battle) -> tuple[int, int]:
    """The Dn retreat's (most, least) hexes: the attacker's choice plus the defender's extra,
    at least one."""
    return b.retreat + b.extra, max(b.retreat, 1)


def retreat_groups(ctx: Context, b: Battle, length: int, minimum: int) -> list[RetreatAction]:
    """DCH: Tactical Retreats and "Stacking" Limits: the defending stack's retreats; if it
    cannot retreat as a whole, those of its largest groups that can ("some or all of the
    defending units required to retreat from a hex may be in a No Retreat! situation"): the
    defender chooses the group by its retreat, and the others retreat after it as they can."""
    stack = in_target(ctx, b)
    for size in range(len(stack), 0, -1):
        out = [
            RetreatAction(group, p)
            for group in combinations(stack, size)
            for p in retreat_options(ctx, b, length, minimum, list(group))
        ]
        if out:
            return out
    return []


def withdrawals(ctx: Context, b: Battle) -> list[RetreatAction]:
    """DCH: D: some or all of the defenders may withdraw up to 2 hexes: the whole stack, or
    one unit at a time."""
    stack = in_target(ctx, b)
    if not stack:
        return []
    groups = [stack] + ([[u] for u in stack] if len(stack) > 1 else [])
    return [
        RetreatAction(tuple(g), p)
        for g in groups
        for p in retreat_options(ctx, b, 2, 1, g, overstack=WITHDRAW_OVERSTACK)
    ]
