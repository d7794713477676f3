"""Movement (K45 3.0a, 4.x, 5.x, 12.2c, 12.3, 12.8, 0.7c) on the kernel's ``reach``.

MP are doubled so that strategic movement's half MP per road hex is whole (see ``charts``).
Units move one at a time (4.1) with a ``Move`` (regular), a ``StrategicMove`` (4.4) or, for
the Soviets, an ``AtrocityMove`` through refugees (12.3). Reach tables are cached per enemy
position: friendly moves only change where a move may end (stacking), which is checked after.
The kernel's ``reach`` lists the moves round refugees; ``refugee_reach`` adds those through
them (12.2c extra cost, or 12.3 drive-through), so ``legal_actions`` lists every legal move.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping
from itertools import pairwise
from typing import Any, ClassVar

from wargames.core.actions import Action, Move, Pass
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import SIDE, UNIT, Shape, list_of
from wargames.core.heads import PASS, Head
from wargames.core.movement import Citations, Costs, MovePolicy, Reach, Situation, check_path, reach
from wargames.core.side_units import side_units
from wargames.core.state import Frame, PartMemo, UnitsMemo
from wargames.core.zoc import ZocRules, node_id

from .actions import AtrocityMove, StrategicMove
from .charts import ROADS, charts
from .forces import (
    allowance,
    attack,
    enemy,
    fits,
    fits_for,
    half_hex,
    half_hexes,
    is_combat,
    is_hq,
    is_mech,
    lone_hq,
    lose_step,
    move_unit,
    playable,
    refugee_hexes,
    refugees,
    unplayable_nodes,
)
from .steps import SideStep
from .supply import zoc_of

CITE = Citations(
    adjacent="K45 4.1b",
    prohibited="K45 4.2d",
    enemy="K45 4.3(1)",
    allowance="K45 4.3(2)",
    zoc_forbidden="K45 4.4",
    crossing_stop="K45 4.2b",
    entry="K45 4.4a(2)",
)
# MP are counted doubled (half MPs of 4.4 whole; errors state the rules' MP, 4.1a)
STRATEGIC = MovePolicy(zoc=ZocRules(forbidden=True), rules=CITE, mp_unit=2)  # K45 4.4
MOVES = (Move, StrategicMove, AtrocityMove)

_CACHE: dict[tuple[Any, ...], Any] = {}


def _cached(key: tuple[Any, ...], build: Any) -> Any:
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 20000:
            _CACHE.clear()
        got = _CACHE[key] = build()
    return got


def _cached_for(owner: object, key: tuple[Any, ...], build: Any) -> Any:
    """``_cached`` for a key naming ``owner`` by its ``id`` (a situation): the entry holds
    ``owner``, so an ``id`` reused after ``owner`` is gone never matches."""
    got = _CACHE.get(key)
    if got is None or got[0] is not owner:
        if len(_CACHE) > 20000:
            _CACHE.clear()
        got = _CACHE[key] = (owner, build())
    return got[1]


_REGULAR: dict[tuple[int, int], MovePolicy] = {}


def regular(ctx: Context) -> MovePolicy:
    """K45 3.0a: the regular move, +``tec.ezoc_enter`` MP to enter and +``tec.ezoc_leave`` to
    leave an EZOC (``Charts.ezoc``, doubled). One policy per pair of costs, kept for good (so
    its ``id`` may key caches)."""
    ezoc = charts(ctx).ezoc
    got = _REGULAR.get(ezoc)
    if got is None:
        zoc = ZocRules(enter_cost=ezoc[0], leave_cost=ezoc[1])
        got = _REGULAR[ezoc] = MovePolicy(zoc=zoc, rules=CITE, mp_unit=2)
    return got


def costs(ctx: Context, uid: str) -> Costs:
    ch = charts(ctx)
    return ch.mech if is_mech(ctx.unit_def(uid)) else ch.foot


_SITUATIONS: UnitsMemo[Situation] = UnitsMemo()
_ENEMY_SITUATIONS: PartMemo[Situation] = PartMemo()


def situation(ctx: Context, side: str, overruns: bool, refugees_open: bool) -> Situation:
    """The position a unit of ``side`` moves in: enemy hexes (lone enemy HQs are open to
    combat units, 4.3(1)), refugee hexes closed unless driven through (12.2c, 12.3), EZOCs.
    Half-hexes are closed to every move, roads or not (0.2a). It reads the enemy units and
    the refugees alone (no hex holds both sides' units, 5.0), so it is kept while they stay
    the same: a side's own moves keep it."""
    key = ("sit", id(ctx.scenario), side, overruns, refugees_open, ctx.state.get("refugees"))
    return _ENEMY_SITUATIONS.get(
        side_units(ctx, enemy(side)),
        key,
        lambda: _situation(ctx, side, overruns, refugees_open),
        owner=ctx.scenario,
    )


def _situation(ctx: Context, side: str, overruns: bool, refugees_open: bool) -> Situation:
    other = enemy(side)
    index = ctx.board.index
    number = index.number
    closed = set()
    for n, us in ctx.state.occupancy().items():
        # K45 4.3(1): a hex of lone enemy HQs is open to a unit that may overrun them
        if ctx.side_of(us[0]) == other and not (overruns and lone_hq(ctx, n, other)):
            closed.add(number[n])
    if not refugees_open:
        closed.update(number[n] for n in refugee_hexes(ctx))
    closed |= half_hexes(index)  # K45 0.2a
    return Situation(enemies=closed, zoc=zoc_of(ctx, other))


def strategic_situation(
    ctx: Context, side: str, hq: bool, through_refugees: bool = False
) -> Situation:
    """K45 4.4, 4.4a(2): never into an EZOC, never over the stacking limit on the way: never
    into refugees for a combat unit (12.2b: they stack only with HQs); an HQ may pass them
    (``through_refugees``, paying the 12.2c extra, see ``refugee_reach``). Kept while the
    units and the refugees stay the same."""
    key = ("strat", id(ctx.scenario), side, hq, through_refugees, ctx.state.get("refugees"))
    return _SITUATIONS.get(
        ctx.state, key, lambda: _strategic_situation(ctx, side, hq, through_refugees)
    )


def _strategic_situation(ctx: Context, side: str, hq: bool, through_refugees: bool) -> Situation:
    full = _full_hexes(ctx, side, hq)
    if hq and not through_refugees:
        full = tuple(sorted({*full, *refugee_hexes(ctx)}))
    # Besides ``full`` it reads the enemy position and the refugees, which ``base`` names:
    # kept per them, it is the same object while they stay the same.
    base = situation(ctx, side, False, True)

    def build() -> Situation:
        index = ctx.board.index
        shut = frozenset(index.number[n] for n in full)
        return Situation(enemies=base.enemies, zoc=base.zoc, can_enter=lambda v: v not in shut)

    result: Situation = _cached_for(base, ("strat", id(base), full), build)
    return result


_FULL: dict[tuple[str, bool], tuple[object, object, frozenset[str]]] = {}


def _full_hexes(ctx: Context, side: str, hq: bool) -> tuple[str, ...]:
    """K45 4.4a(2), 12.2b: the hexes a strategic move may not enter, full of ``side``'s HQs
    (``hq``) or combat units, or (combat units) holding refugees. The stacks are read from the
    occupancy alone (which units stand where), so kept while it is the same object."""
    occ = ctx.state.occupancy()
    got = _FULL.get((side, hq))
    if got is None or got[0] is not occ or got[1] is not ctx.scenario:
        st = charts(ctx)["stacking"]
        limit, counts = (int(st["hq"]), is_hq) if hq else (int(st["combat"]), is_combat)
        full = frozenset(
            n
            for n, us in occ.items()
            if ctx.side_of(us[0]) == side and sum(1 for u in us if counts(ctx.unit_def(u))) >= limit
        )
        got = _FULL[side, hq] = (occ, ctx.scenario, full)
    found = got[2] if hq else got[2] | refugee_hexes(ctx)
    return tuple(sorted(found))


def unit_reach(ctx: Context, uid: str, mode: str) -> Reach:
    """Where ``uid`` can end a move of ``mode`` (regular, strategic, atrocity), stacking aside."""
    unit = ctx.state.units[uid]
    assert unit.at is not None
    side = ctx.side_of(uid)
    d = ctx.unit_def(uid)
    overruns = is_combat(d) and attack(ctx, uid) > 0
    mp = 2 * allowance(ctx, uid)
    c = costs(ctx, uid)
    start = unit.at
    if mode == "strategic":
        sit = strategic_situation(ctx, side, is_hq(d))
        table = charts(ctx).strategic
        found: Reach = _cached_for(
            sit,
            ("reach", "s", id(sit), start, mp, c),
            lambda: reach(ctx.board.index, start, mp, table, STRATEGIC, sit),
        )
        return found
    sit = situation(ctx, side, overruns, mode == "atrocity")
    policy = regular(ctx)
    found = _cached_for(
        sit,
        ("reach", mode, id(sit), start, mp, c, id(policy)),
        lambda: reach(ctx.board.index, start, mp, c, policy, sit),
    )
    return found


def released(ctx: Context, hq: str) -> bool:
    """K45 12.8: the 6th and 55th Corps HQs move only once released, for good: when the
    Soviets have held 2 VP hexes (``forces.release_fixed_hqs``) or the HQ's hex has been
    attacked (``combat.release``)."""
    command = charts(ctx)["command"]
    return hq not in command["fixed_hqs"] or hq in ctx.state.get("released", ())


def movable(ctx: Context, frame: Frame) -> list[str]:
    """The units that may still move in this movement segment."""
    if frame.get("units") is not None:
        pool = list(frame.get("units"))
    else:
        active = ctx.state.get("active", {})
        pool = [*active.get("units", ()), *active.get("move_only", ())]
        if active.get("hq"):
            pool.append(active["hq"])
    moved = set(frame.get("moved", ()))
    out = []
    for uid in pool:
        unit = ctx.state.units.get(uid)
        if unit is None or unit.at is None or uid in moved:
            continue
        if is_hq(ctx.unit_def(uid)) and not released(ctx, uid):
            continue
        if allowance(ctx, uid) <= 0:
            continue
        out.append(uid)
    return sorted(set(out))


def can_end(ctx: Context, node: str, uid: str, side: str) -> bool:
    """K45 5.0 at the end of a move; a lone enemy HQ overrun there is gone (4.7)."""
    d = ctx.unit_def(uid)
    if lone_hq(ctx, node, enemy(side)) and is_combat(d) and attack(ctx, uid) > 0:
        return playable(ctx, node) and node not in refugee_hexes(ctx)
    return fits(ctx, node, [uid], side)


def end_test(ctx: Context, uid: str, side: str) -> Callable[[str], bool]:
    """``can_end(ctx, node, uid, side)`` as a test of ``node`` alone (``forces.fits_for``)."""
    d = ctx.unit_def(uid)
    fit = fits_for(ctx, [uid], side)
    if not (is_combat(d) and attack(ctx, uid) > 0):
        return fit
    other = enemy(side)
    occupancy = ctx.state.occupancy()
    units = ctx.scenario.units
    shelters = refugee_hexes(ctx)
    number = ctx.board.index.number
    closed = unplayable_nodes(ctx.board.index)

    def test(node: str) -> bool:
        here = occupancy.get(node, ())
        if here and all(units[u].side == other and is_hq(units[u]) for u in here):
            return number[node] not in closed and node not in shelters  # 4.7 overrun
        return fit(node)

    return test


def _destinations(
    ctx: Context, r: Reach, uid: str, kind: Callable[[tuple[str, ...], tuple[str, ...]], Action]
) -> list[tuple[str, Action]]:
    """(node, a move of ``kind`` there with a cheapest path) for each node of ``r`` but its
    start, in node order: the same in every position with this reach (stacking aside), so
    kept with it. The entry holds ``r`` itself, so a reused ``id`` never matches."""
    key = ("moves", id(r), uid, kind)
    got = _CACHE.get(key)
    if got is None or got[0] is not r:
        ids, paths = r.index.ids, r.path_table()
        moves = [
            (ids[node], kind((uid,), paths[node])) for node in sorted(r.cost) if node != r.start
        ]
        got = _cached(key, lambda: (r, moves))
        if got[0] is not r:
            got = _CACHE[key] = (r, moves)
    found: list[tuple[str, Action]] = got[1]
    return found


def refugee_reach(
    ctx: Context, uid: str, drive: bool, strategic: bool = False
) -> dict[int, tuple[int, tuple[str, ...]]]:
    """K45 12.2c, 12.3: regular moves that may enter refugee hexes: node -> (least MP, a path).

    The kernel's ``reach`` has no per-hex extra cost, so this is a second search over the
    kernel's own edge table (``Costs.rows``) with the same ``regular`` rules as ``check_path``
    (enemy hexes closed, the TEC's +2/+2 for entering/leaving an EZOC, 3.0a, a stopping
    crossing ends the move) plus the refugee rules: a regular move pays the 12.2c extra on
    entering each refugee hex; an atrocity move (``drive``) pays nothing but must pass
    refugees (12.3), so its search state is (hex, refugees passed yet). With ``strategic`` (an
    HQ, 4.4 with 12.2b): road hexes at half MP, never into or from an EZOC, never into a hex
    with an HQ (4.4a(2))."""
    unit = ctx.state.units[uid]
    assert unit.at is not None
    side = ctx.side_of(uid)
    d = ctx.unit_def(uid)
    overruns = is_combat(d) and attack(ctx, uid) > 0
    mp = 2 * allowance(ctx, uid)
    c = charts(ctx).strategic if strategic else costs(ctx, uid)
    sit = (
        strategic_situation(ctx, side, True, through_refugees=True)
        if strategic
        else situation(ctx, side, overruns, True)
    )
    at = unit.at
    policy = regular(ctx)
    key = ("refugee-reach", id(sit), at, mp, c, drive, strategic, id(policy))

    def build() -> dict[int, tuple[int, tuple[str, ...]]]:
        index = ctx.board.index
        rows = c.rows(index)
        number = index.number
        closed = {node_id(index, n) for n in sit.enemies}
        zones = sit.zoc.nodes if sit.zoc is not None else frozenset()
        enter, leave = policy.zoc.enter_cost, policy.zoc.leave_cost
        if strategic:
            if number[at] in zones:
                return {}  # K45 4.4: a strategic move never starts in an EZOC
            closed |= set(zones)
            closed |= _shut(sit, len(index))
            enter = leave = 0
        shelters = {number[n] for n in refugee_hexes(ctx)}
        per = 0 if drive else _refugee_each(ctx, uid)
        start = (number[at], not drive)
        free: dict[tuple[int, bool], int] = {start: 0}
        via: dict[tuple[int, bool], tuple[int, bool] | None] = {start: None}
        halted: dict[tuple[int, bool], int] = {}
        halted_via: dict[tuple[int, bool], tuple[int, bool]] = {}
        heap = [(0, start[0], start[1])]
        while heap:
            spent, u, passed = heapq.heappop(heap)
            if free.get((u, passed)) != spent:
                continue
            out = leave if u in zones else 0
            for v, cost, stop in rows[u]:
                if v in closed:
                    continue
                step = cost + out + (enter if v in zones else 0)
                now = passed
                if v in shelters:
                    step += per
                    now = True
                total = spent + step
                if total > mp:
                    continue
                state = (v, now)
                if stop:
                    if total < halted.get(state, mp + 1):
                        halted[state] = total
                        halted_via[state] = (u, passed)
                elif total < free.get(state, mp + 1):
                    free[state] = total
                    via[state] = (u, passed)
                    heapq.heappush(heap, (total, v, now))
        ids = index.ids
        found: dict[int, tuple[int, tuple[str, ...]]] = {}
        for table, is_halted in ((free, False), (halted, True)):
            for (v, passed), total in table.items():
                if not passed or v == start[0]:
                    continue  # a move ends away from its hex (move_error)
                if v in found and found[v][0] <= total:
                    continue
                path = [v]
                prev = halted_via[(v, passed)] if is_halted else via[(v, passed)]
                while prev is not None:
                    path.append(prev[0])
                    prev = via[prev]
                found[v] = (total, tuple(ids[n] for n in reversed(path)))
        return found

    result: dict[int, tuple[int, tuple[str, ...]]] = _cached_for(sit, key, build)
    return result


def _shut(sit: Situation, nodes: int) -> frozenset[int]:
    """The nodes (of ``nodes``) ``sit.can_enter`` refuses, kept with the situation."""
    test = sit.can_enter
    found: frozenset[int] = _cached_for(
        sit,
        ("shut", id(sit), nodes),
        lambda: frozenset(v for v in range(nodes) if test and not test(v)),
    )
    return found


def moves_of(ctx: Context, uid: str) -> list[Action]:
    """Every destination of ``uid`` by each kind of move, with a cheapest path (K45 4.x). With
    refugees near, also the moves through them (12.2c) and the Soviet atrocity moves (12.3)."""
    return [
        *regular_moves(ctx, uid),
        *strategic_moves(ctx, uid),
        *atrocity_moves(ctx, uid),
    ]


KIND_MOVES: dict[str, Callable[[Context, str], list[Action]]] = {}
"""Move kind -> the function listing one unit's moves of that kind (filled below)."""


def regular_moves(ctx: Context, uid: str) -> list[Action]:
    """K45 4.x: ``uid``'s regular moves, each destination with a cheapest path; with refugees
    near, also those entering refugee hexes at the extra cost (12.2c)."""
    side = ctx.side_of(uid)
    out: list[Action] = []
    regular = unit_reach(ctx, uid, "regular")
    ends: set[str] = set()
    ending = end_test(ctx, uid, side)
    for label, move in _destinations(ctx, regular, uid, Move):
        if ending(label):
            ends.add(label)
            out.append(move)
    shelters = refugee_hexes(ctx)
    if _refugees_near(ctx, uid, shelters, regular):
        hq = is_hq(ctx.unit_def(uid))
        for _, (_, path) in sorted(refugee_reach(ctx, uid, drive=False).items()):
            label = path[-1]
            if label in ends or (label in shelters and not hq):
                continue
            if ending(label):
                out.append(Move((uid,), path))
    return out


def strategic_moves(ctx: Context, uid: str) -> list[Action]:
    """K45 4.4: ``uid``'s strategic moves; an HQ may also pass refugees, paying extra (4.4
    with 12.2b, 12.2c)."""
    at = ctx.state.units[uid].at
    assert at is not None
    index = ctx.board.index
    if not charts(ctx).strategic.rows(index)[index.number[at]]:
        return []  # K45 4.4: only along roads, and no road leaves the unit's hex
    side = ctx.side_of(uid)
    out: list[Action] = []
    strategic = unit_reach(ctx, uid, "strategic")
    strategic_ends: set[str] = set()
    fit = fits_for(ctx, [uid], side)
    for label, move in _destinations(ctx, strategic, uid, StrategicMove):
        if fit(label):
            strategic_ends.add(label)
            out.append(move)
    shelters = refugee_hexes(ctx)
    if is_hq(ctx.unit_def(uid)) and _touches(strategic, shelters, charts(ctx).strategic):
        for _, (_, path) in sorted(refugee_reach(ctx, uid, False, strategic=True).items()):
            if path[-1] not in strategic_ends and fit(path[-1]):
                out.append(StrategicMove((uid,), path))
    return out


def atrocity_moves(ctx: Context, uid: str) -> list[Action]:
    """K45 12.3: a Soviet unit's moves driving through refugees (none for a German unit)."""
    side = ctx.side_of(uid)
    shelters = refugee_hexes(ctx)
    if side != "soviet" or not _refugees_near(ctx, uid, shelters):
        return []
    out: list[Action] = []
    ending = end_test(ctx, uid, side)
    hq = is_hq(ctx.unit_def(uid))
    for _, (_, path) in sorted(refugee_reach(ctx, uid, drive=True).items()):
        label = path[-1]
        if label in shelters and not hq:
            continue
        if ending(label):
            out.append(AtrocityMove((uid,), path))
    return out


KIND_MOVES.update(
    {
        Move.kind: regular_moves,
        StrategicMove.kind: strategic_moves,
        AtrocityMove.kind: atrocity_moves,
    }
)


def _refugee_each(ctx: Context, uid: str) -> int:
    """K45 12.2c: the extra MP (doubled) to enter one refugee hex."""
    cost = charts(ctx)["refugees"]["cost"]
    return 2 * int(cost["mech" if is_mech(ctx.unit_def(uid)) else "foot"])


def _touches(r: Reach, shelters: frozenset[str], c: Costs) -> bool:
    """Whether a refugee hex is ``r``'s start or one edge of ``c`` from a hex ``r`` reaches.
    If not, a search like ``r``'s that may also enter refugee hexes (12.2c, 12.3) finds what
    ``r`` found and nothing more: a path into refugees first enters one from such a hex."""
    if not shelters:
        return False
    number = r.index.number
    targets = {number[n] for n in shelters}
    if r.start in targets:
        return True
    rows = c.rows(r.index)
    return any(v in targets for u in r.cost for v, _, _ in rows[u])


def _refugees_near(
    ctx: Context, uid: str, shelters: frozenset[str], closed: Reach | None = None
) -> bool:
    """Whether a move could enter a refugee hex: one is in the reach with refugees open and
    free of the extra cost (a superset of both refugee searches, from the kernel's cache).
    ``closed``: the unit's regular reach (refugees closed), if listed already: when no refugee
    hex touches it (``_touches``), none is in the open reach either."""
    if not shelters:
        return False
    # First a bound without a search: a path to a refugee hex enters at least as many hexes
    # as the fewest edges between them, each at no less than the cheapest edge's MP.
    index = ctx.board.index
    c = costs(ctx, uid)
    cheapest = index.cached(("k45.cheapest", c), lambda ix: _cheapest(c, ix))
    mp = 2 * allowance(ctx, uid)
    at = index.number[ctx.state.units[uid].at or ""]
    number = index.number
    hops = (index.hops(number[r], at) for r in shelters)  # all() stops at the first near one
    if cheapest > 0 and all(h < 0 or h * cheapest > mp for h in hops):
        return False
    if closed is not None and not _touches(closed, shelters, c):
        return False
    open_reach = unit_reach(ctx, uid, "atrocity")
    return any(number[r] in open_reach.cost for r in shelters)


def _cheapest(c: Costs, index: BoardIndex) -> int:
    """The least MP any edge of the board costs with ``c``."""
    return min((cost for row in c.rows(index) for _, cost, _ in row), default=0)


def move_error(ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
    """Why a move is illegal, citing the rule (K45 4.x, 5.0, 12.2c, 12.8), or None."""
    assert isinstance(action, MOVES)
    if len(action.units) != 1:
        return IllegalAction("K45 4.1", "units are moved one at a time")
    uid = action.units[0]
    unit = ctx.state.units.get(uid)
    side = frame.args["side"]
    if unit is None or unit.at is None or ctx.side_of(uid) != side:
        return IllegalAction("K45 4.3(3)", f"{uid} is not a {side} unit on the map")
    if uid not in movable(ctx, frame):
        if uid in frame.get("moved", ()):
            return IllegalAction("K45 4.1", f"{uid} has already moved in this segment")
        if is_hq(ctx.unit_def(uid)) and not released(ctx, uid):
            return IllegalAction("K45 12.8", f"the {uid} HQ may not move yet")
        return IllegalAction("K45 2.2f", f"{uid} is not activated (out of command)")
    path = action.path
    if len(path) < 2 or path[0] != unit.at:
        return IllegalAction("K45 4.1b", f"the path must start at {uid}'s hex {unit.at}")
    for node in path:
        if node not in ctx.board:
            return IllegalAction("K45 4.3a", f"{node} is not a hex of the map")
    for node in path[1:]:
        if half_hex(ctx, node):
            return IllegalAction(
                "K45 0.2a", f"{node} is a half-hex: no regular or strategic movement into it"
            )
    dest = path[-1]
    if dest == path[0]:
        return IllegalAction("K45 4.1", f"a move ends away from {uid}'s hex (pass to stay)")
    d = ctx.unit_def(uid)
    mp = 2 * allowance(ctx, uid)
    index = ctx.board.index
    try:
        if isinstance(action, StrategicMove):
            for a, b in pairwise(path):
                adjacent = a in ctx.board and b in ctx.board.neighbours(a)
                if adjacent and not ctx.board.edge_features(a, b) & ROADS:
                    return IllegalAction(
                        "K45 4.4",
                        f"{a} to {b}: strategic movement is only along a road (railroads "
                        "cannot be used, 4.4a(1))",
                    )
            hq = is_hq(d)
            spent = check_path(
                index,
                list(path),
                mp,
                charts(ctx).strategic,
                STRATEGIC,
                strategic_situation(ctx, side, hq, through_refugees=hq),
            )
            if spent + refugee_cost(ctx, uid, path) > mp:
                return IllegalAction(
                    "K45 12.2c", f"{uid} cannot pay the extra refugee cost on {'-'.join(path)}"
                )
        else:
            atrocity = isinstance(action, AtrocityMove)
            if atrocity and side != "soviet":
                return IllegalAction("K45 12.3", "only the Soviet player drives through refugees")
            overruns = is_combat(d) and attack(ctx, uid) > 0
            sit = situation(ctx, side, overruns, True)
            spent = check_path(index, list(path), mp, costs(ctx, uid), regular(ctx), sit)
            if not atrocity:
                extra = refugee_cost(ctx, uid, path)
                if spent + extra > mp:
                    return IllegalAction(
                        "K45 12.2c", f"{uid} cannot pay the extra refugee cost on {'-'.join(path)}"
                    )
            elif not refugee_hexes(ctx) & set(path[1:]):
                return IllegalAction("K45 12.3", "the path passes no refugees")
    except IllegalAction as error:
        return error
    if dest in refugee_hexes(ctx) and not is_hq(d):
        return IllegalAction("K45 12.2b", f"refugees in {dest} stack only with HQs")
    if not can_end(ctx, dest, uid, side):
        return IllegalAction("K45 5.0", f"{uid} would overstack {dest}")
    return None


def refugee_cost(ctx: Context, uid: str, path: Iterable[str]) -> int:
    """K45 12.2c: +2 MP (non-mechanized) or +4 (mechanized) per refugee hex entered, doubled."""
    each = _refugee_each(ctx, uid)
    shelters = refugee_hexes(ctx)
    return sum(each for _, b in pairwise(path) if b in shelters)


def do_move(ctx: Context, uid: str, action: Action) -> None:
    """Carry out a legal move: enter each hex (control, VP, overruns), then NO GAS and 12.3."""
    assert isinstance(action, MOVES)
    path = action.path
    if isinstance(action, AtrocityMove):
        drive_through(ctx, path)
    move_unit(ctx, uid, path)
    kind = {
        "move": "moves",
        "strategic-move": "moves strategically",
        "atrocity-move": "drives through refugees",
    }[action.kind]
    route = "-".join(path)
    # K45 0.1e: a unit ending under an enemy's view of a stack top is told as "a unit"
    others = Redacted(f"a {ctx.side_of(uid)} unit {kind} {route}", {"path": list(path)})
    ctx.emit_about([uid], "move", f"{uid} {kind} {route}", others=others, unit=uid, path=list(path))
    no_gas(ctx, uid)


def no_gas(ctx: Context, uid: str) -> None:
    """K45 0.7c: a full-strength German mechanized unit that moves after the NO GAS chit was
    drawn loses a step (its move, or its rail entry as a reinforcement, 6.0e)."""
    d = ctx.unit_def(uid)
    unit = ctx.state.units[uid]
    if (
        ctx.state.get("no_gas")
        and d.side == "german"
        and is_mech(d)
        and d.steps > 1
        and unit.steps == d.steps
    ):
        others = Redacted(f"NO GAS: a german unit in {unit.at} loses a step", {"at": unit.at})
        ctx.emit_about([uid], "no-gas", f"NO GAS: {uid} loses a step", others=others, unit=uid)
        lose_step(ctx, uid)


def drive_through(ctx: Context, path: Iterable[str]) -> None:
    """K45 12.3: refugees driven through are removed; the Germans get an extra Volksturm."""
    on = refugees(ctx)
    hexes = set(path)
    gone = [r for r, at in on.items() if at in hexes]
    for r in gone:
        del on[r]
        ctx.emit("atrocity", f"refugees {r} are driven through", refugee=r)
        extra = [u.id for u in ctx.state.units_in("volksturm-reserve")]
        limit = int(charts(ctx)["volksturm"]["extra_max"])
        if extra and int(ctx.state.get("atrocities", 0)) < limit:
            ctx.state.set("atrocities", int(ctx.state.get("atrocities", 0)) + 1)
            ctx.state.put(ctx.state.units[sorted(extra)[0]].boxed("volksturm"))
            ctx.emit("volksturm", "the Germans receive an extra Volksturm unit")
    ctx.state.set("refugees", on)


class Movement(SideStep):
    """K45 1.3b, 4.0: the active player moves his activated units, one at a time; pass ends
    the segment. With ``units`` in the frame it moves those units (reinforcements, 6.0)."""

    name: ClassVar[str] = "movement"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "units": list_of(UNIT),
        "moved": list_of(UNIT),
    }
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "K45 4.0"
    actions: ClassVar[tuple[type[Action], ...]] = (*MOVES, Pass)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"{frame.args['side']} movement"

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for uid in movable(ctx, frame):
            out.extend(moves_of(ctx, uid))
        return out

    def heads(self, ctx: Context, frame: Frame) -> list[Head]:
        """Factored listing: pass, and each movable unit's kinds of move, without searching
        its reach: a strategic move only from outside an EZOC (K45 4.4), an atrocity move
        only for the Soviets with refugees on the map (12.3)."""
        side = frame.args["side"]
        atrocity = side == "soviet" and bool(refugee_hexes(ctx))
        ezoc = zoc_of(ctx, enemy(side)).nodes
        number = ctx.board.index.number
        out = [PASS]
        for uid in movable(ctx, frame):
            out.append(Head(Move.kind, uid))
            if number[ctx.state.units[uid].at or ""] not in ezoc:
                out.append(Head(StrategicMove.kind, uid))
            if atrocity:
                out.append(Head(AtrocityMove.kind, uid))
        return out

    def head_legal(self, ctx: Context, frame: Frame, head: Head) -> Iterable[Action]:
        if head == PASS:
            return [Pass()]
        moves = KIND_MOVES.get(head.kind)
        if moves is None or head.unit not in movable(ctx, frame):
            return []
        return moves(ctx, head.unit)

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        return move_error(ctx, frame, action)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, MOVES)
        uid = action.units[0]
        ctx.update(moved=(*frame.get("moved", ()), uid))
        do_move(ctx, uid, action)
