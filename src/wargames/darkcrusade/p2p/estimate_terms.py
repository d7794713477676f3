"""Terms of the search estimate (:func:`.victory.estimate`) that look one Soviet move ahead:
the guard of the Soviets' sudden-death points, the Axis cities that would stay in supply,
and the pending Axis attacks. They decide no rule; the rules they read are cited."""

from __future__ import annotations

from collections import deque

from wargames.core.context import Context
from wargames.core.frontier import list_bfs

from . import counters as cn
from . import geography as geo
from .charts import charts
from .fire import attack_strength, defence_strength
from .operational import attacks as pending_attacks

GUARD_REACH = 3
"""Lines beyond which a Soviet unit or point no longer threatens an ungarrisoned Warsaw or
Bucharest in :func:`guard`."""


def guard(ctx: Context) -> float:
    """How safe the Soviets' sudden-death points are (``charts.victory.soviet_win``: Warsaw
    and Bucharest; the Soviets win at once holding one in supply), 0 to 1, averaged: for a
    point an Axis ground unit holds, its garrison's hold against the Soviet units next to it
    (:func:`held_against`); 0 for one the Soviets hold; else ``(d - 1) / GUARD_REACH`` (at
    most 1) for ``d`` the fewest lines to a Soviet unit that moves or a Soviet-controlled
    point (where strategic movement brings one), through points no Axis ground unit holds: a
    Soviet unit walks into an empty Axis point (DC2 Operational Movement), a line a turn."""
    table = geo.points(ctx)
    blocked: set[str] = set()
    sources: set[str] = set()
    for u in ctx.state.units.values():
        if u.at is None or u.at not in table or cn.fragile(ctx, u.id) or cn.is_air(ctx, u.id):
            continue
        if ctx.side_of(u.id) == cn.AXIS:
            blocked.add(u.at)
        elif not u.has(cn.DISPERSED) and not cn.immobile(ctx, u.id):
            sources.add(u.at)
    sources |= {
        p for p in table if ctx.state.control.get(p) == cn.SOVIET and not geo.is_box(ctx, p)
    }
    points = [str(p) for p in charts(ctx).victory.get("soviet_win", [])]
    ix = ctx.board.index
    free = [n not in blocked for n in ix.ids]
    near = [ix.number[p] for p in sources]
    score = 0.0
    for p in points:
        if p in blocked:
            score += held_against(ctx, p)
        elif ctx.state.control.get(p) != cn.SOVIET:
            # the fewest lines to a source through points not blocked, within GUARD_REACH
            dist = list_bfs(ix.adj, free, [ix.number[p]], GUARD_REACH).tolist()
            reached = [dist[n] for n in near if dist[n] >= 0]
            score += (min(reached) - 1) / GUARD_REACH if reached else 1.0
    return score / len(points) if points else 1.0


def held_against(ctx: Context, point: str) -> float:
    """How well the Axis units on ``point`` hold it against the Soviet units next to it, 0 to
    1: their ground defence strength over the attack strength of the Soviet units one line
    away (DC2 Combat, :mod:`.fire`; a unit next to a point may move against it and attack in
    the combat phase, DC2 Operational Movement), at most 1; 1 with no Soviet unit next to it."""
    table = geo.points(ctx)
    near = [
        u.id
        for q in table[point].neighbours
        for u in ctx.state.units_at(q)
        if ctx.side_of(u.id) == cn.SOVIET and not cn.fragile(ctx, u.id)
    ]
    attack = attack_strength(ctx, near, False) if near else 0
    if attack <= 0:
        return 1.0
    mine = [
        u.id
        for u in ctx.state.units_at(point)
        if ctx.side_of(u.id) == cn.AXIS and not cn.fragile(ctx, u.id)
    ]
    return min(1.0, defence_strength(ctx, point, mine, False) / attack)


def soviet_reach(ctx: Context) -> set[str]:
    """The points a Soviet unit holds or would hold after every Soviet unit that moves
    stepped one line: a unit walks into a point no Axis unit holds and takes control of it
    (DC2 Operational Movement: :func:`.operational.enter`); it must attack an occupied one.
    Partisans and entrained factories hold nothing (:func:`.counters.fragile`)."""
    table = geo.points(ctx)
    held: set[str] = set()
    movers: set[str] = set()
    reach: set[str] = set()
    for u in ctx.state.units.values():
        if u.at is None or u.at not in table or cn.fragile(ctx, u.id):
            continue
        if ctx.side_of(u.id) == cn.AXIS:
            held.add(u.at)
            continue
        reach.add(u.at)  # a Soviet unit there already cuts the Axis's supply (DC2 supply)
        if not u.has(cn.DISPERSED) and not cn.immobile(ctx, u.id) and not cn.is_air(ctx, u.id):
            movers.add(u.at)
    for p in movers:
        reach.update(q for q in table[p].neighbours if q not in held and not geo.is_box(ctx, q))
    return reach


def secure_points(ctx: Context) -> int:
    """The VP of the Soviet cities the Axis holds that would stay in its supply after every
    Soviet unit that moves stepped one line (:func:`soviet_reach`): the supply trace
    (:mod:`.supply`: a line of points the Axis controls, free of Soviet units, to an Axis
    source) run with the points so entered Soviet. A city whose line a Soviet unit can cut
    in one move is held for a turn only."""
    table = geo.points(ctx)
    reach = soviet_reach(ctx)
    control = ctx.state.control
    open_ = {
        p
        for p, info in table.items()
        if (control.get(p) == cn.AXIS or info.box == cn.AXIS) and p not in reach
    }
    sources = sorted(p for p in open_ if table[p].supply == cn.AXIS or table[p].box == cn.AXIS)
    seen = set(sources)
    todo = deque(sources)
    while todo:
        p = todo.popleft()
        for q in table[p].neighbours:
            if q in open_ and q not in seen:
                seen.add(q)
                todo.append(q)
    # ``seen`` holds only points the Axis controls (or its box): a city in it is held
    return sum(info.vp for p, info in table.items() if info.country == cn.SOVIET and p in seen)


def pending_chances(ctx: Context) -> dict[str, float]:
    """The Soviet points the Axis's pending attacks may take, each with the share
    ``A / (A + D)`` of the ground attack strength of the units committed to it against its
    defenders' defence strength (:mod:`.fire`): a committed unit attacks in the combat phase
    (DC2 Operational Movement) and the battle (DC2 Combat) decides. A crude chance, not the
    table's, so that a commitment counts before its dice. A battle begun is no longer
    pending (:class:`.combat.CombatStep` takes it out). Kept per position (the estimate's
    points and objective both ask); never change it."""
    return ctx.per_position("dc2.pending-chances", lambda: _pending_chances(ctx))


def _pending_chances(ctx: Context) -> dict[str, float]:
    chances: dict[str, float] = {}
    for target, committed in pending_attacks(ctx).items():
        if geo.country(ctx, target) != cn.SOVIET or ctx.state.control.get(target) == cn.AXIS:
            continue
        units = [u for u, _ in committed if ctx.side_of(u) == cn.AXIS]
        if not units:
            continue
        defenders = [
            u.id
            for u in ctx.state.units_at(target)
            if ctx.side_of(u.id) == cn.SOVIET and not cn.fragile(ctx, u.id)
        ]
        a = attack_strength(ctx, units, False)
        d = defence_strength(ctx, target, defenders, False)
        chances[target] = a / (a + d) if a + d > 0 else 0.0
    return chances


def pending_gains(ctx: Context) -> tuple[float, float]:
    """(Soviet points, Soviet victory points) the Axis's pending attacks may take, each
    target counted by its chance (:func:`pending_chances`)."""
    chances = pending_chances(ctx)
    return sum(chances.values()), sum(c * geo.vp(ctx, p) for p, c in chances.items())
