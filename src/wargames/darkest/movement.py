"""DC: Operational Movement and Attack for Undisrupted Units, on the kernel's movement search.

Allowances are in hexes (``charts.movement``): Russian mechanized korps 2, every other unit 1;
the Operational Movement Bonus adds 1 hex (Axis) or 2 (Russian) for a unit that will not
attack. MP are counted in half hexes so that panzer and tank units move 2 Minsk-Moscow highway
hexes per movement factor; other units may move 1 extra highway hex. The loss of Rumania
(panzers) or of Grozny (tanks) caps operational movement at 1 hex, highway hexes included
(:func:`out_of_fuel`). Crossing the Kerch Strait (O5/O6) or B8/C8 is a 1-hex all-consuming
move. A Russian unit stops on entering a hex next to an UnDisrupted German army, or a clear hex
next to an UnDisrupted panzergruppe in a clear hex, and may not move from one such hex straight
to another of the same unit unless it is a 1-hex move onto a friendly unit (the kernel's ZOC
rules: stop on entry, no same unit, one hex onto a friend). Other units' zones of control do
not stop movement.
"""

from __future__ import annotations

import attrs

from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.movement import (
    Citations,
    Costs,
    Crossing,
    MovePolicy,
    Reach,
    Situation,
    check_path,
    reach,
)
from wargames.core.occupancy_memo import per_occupancy
from wargames.core.side_units import side_units
from wargames.core.state import Occupancy, PartMemo, UnitsMemo
from wargames.core.zoc import Barrier, Node, ZocPolicy, ZocRules, ZoneMap, zones

from . import counters as cn
from .charts import charts
from .position import WATER, defended_cities, held_hexes, land, strongpoints

RULE = "DC: Operational Movement and Attack"
HIGHWAY_RULE = "DC: Minsk-Moscow Highway"
STOP_RULE = "DC: Operational Movement (Note: Russian stop rule)"
SCALE = 2  # MP per hex: a highway hex costs 1 for panzer and tank units

_CROSSINGS = (
    Crossing("water", cost=None, unless=frozenset({"strait"})),
    # DC: Terrain Effects: crossing the Kerch Strait O5/O6 or B8/C8 is a 1-hex all-consuming
    # movement: dearer than any allowance, so only the kernel's minimum move makes it.
    Crossing("strait", cost=99, stop=True),
)
_WATER_COSTS: tuple[tuple[str, int | None], ...] = tuple((t, None) for t in sorted(WATER))
INFANTRY_COSTS = Costs(_WATER_COSTS, crossings=_CROSSINGS, default=SCALE)
ARMOUR_COSTS = attrs.evolve(INFANTRY_COSTS, road=1, road_features=frozenset({"highway"}))
CITES = Citations(
    adjacent=RULE,
    prohibited=RULE,
    enemy=RULE,
    allowance=RULE,
    zoc_stop=STOP_RULE,
    zoc_same_unit=STOP_RULE,
    crossing_stop="DC: Terrain Effects (Kerch Strait crossing)",
    entry=RULE,
)
RUSSIAN_POLICY = MovePolicy(
    zoc=ZocRules(stop_on_enter=True, no_same_unit=True, one_hex_onto_friend=True),
    minimum_move=True,
    rules=CITES,
)
AXIS_POLICY = MovePolicy(minimum_move=True, rules=CITES)


def romania_lost(ctx: Context) -> bool:
    """DC: Supply: the Axis loss of Rumania (the Russians hold a Romanian oil or victory hex)."""
    return any(
        ctx.state.control.get(n) == cn.RUSSIAN
        for n in ctx.board.nodes_with("romania")
        if ctx.board.has(n, "oil") or ctx.board.has(n, "victory")
    )


def grozny_lost(ctx: Context) -> bool:
    """DC: Supply: the Russian loss of Grozny (the Axis holds an oil hex outside Romania)."""
    return any(
        ctx.state.control.get(n) == cn.AXIS
        for n in ctx.board.nodes_with("oil")
        if not ctx.board.has(n, "romania")
    )


def out_of_fuel(ctx: Context, uid: str, mode: str) -> bool:
    """DC: Supply: whether the loss of Rumania (panzers) or of Grozny (tanks) caps the unit's
    operational movement at 1 hex (reading: a hard cap, highway hexes included: the unit loses
    the highway's 2 hexes a movement factor and moves in plain hexes, its bonus hexes too).
    In the operational phase (``op``) and in the Blitzkrieg! (``blitz``: its 1-hex move and
    1-hex bonus are the capped OMF and OMB; no Proriv! unit is a tank)."""
    if mode not in ("op", "blitz") or not cn.is_armour(ctx, uid):
        return False
    return romania_lost(ctx) if ctx.side_of(uid) == cn.AXIS else grozny_lost(ctx)


def costs_of(ctx: Context, uid: str, mode: str) -> Costs:
    """MP costs of the unit's move: panzer and tank units move 2 highway hexes a movement
    factor (DC: Minsk-Moscow Highway) unless out of fuel (:func:`out_of_fuel`)."""
    if cn.is_armour(ctx, uid) and not out_of_fuel(ctx, uid, mode):
        return ARMOUR_COSTS
    return INFANTRY_COSTS


def allowance(ctx: Context, uid: str, mode: str) -> tuple[int, int]:
    """(hexes a unit may move and still attack, bonus hexes if it does not attack).

    Modes: ``op`` (2.a), ``blitz`` (A.2.d Blitzkrieg!), ``proriv`` (B.2.d), ``first`` (the
    first turn's extra German attack, before moving)."""
    m = charts(ctx).movement
    side = ctx.side_of(uid)
    armour = cn.is_armour(ctx, uid)
    if mode == "first":
        return 0, 0
    if mode == "blitz":
        # DC: Blitzkrieg!: panzers move 1 hex and attack; other German units attack without
        # moving; all Axis units get the 1-hex bonus move for not attacking.
        omb = m["omb_axis"]
        if out_of_fuel(ctx, uid, mode):
            omb = min(omb, 1)  # DC: Supply: the loss of Rumania caps the OMB at 1 hex
        return (1 if armour and cn.is_german(ctx, uid) else 0), omb
    if mode == "proriv":
        return 1, 0  # DC: Proriv!: move 1 hex and attack for 1 round
    base = m["mech"] if cn.has(ctx, uid, "mech") else m["other"]
    omb = m["omb_axis"] if side == cn.AXIS else m["omb_russian"]
    if out_of_fuel(ctx, uid, mode):
        # DC: Supply: the loss of Rumania caps panzer op movement and OMB at 1 hex each; the
        # loss of Grozny caps tank op movement at 1 hex (the highway too: costs_of).
        base = min(base, 1)
        if side == cn.AXIS:
            omb = min(omb, 1)
    return base, omb


def german_zoc_units(ctx: Context, occ: Occupancy) -> dict[str, str]:
    """UnDisrupted German armies and panzergruppen: the units that stop Russian movement."""
    units = ctx.state.units
    return {u: n for u, n, _ in _german_armies(ctx, occ) if not units[u].has(cn.DISRUPTED)}


def _german_armies(ctx: Context, occ: Occupancy) -> tuple[tuple[str, str, bool], ...]:
    """The German armies and panzergruppen on the map, Disrupted or not, in the order of
    ``occ``: (id, hex, whether a panzergruppe). It reads only ``occ`` and the units' kinds,
    so it is kept while the units stand where they stood (``per_occupancy``)."""

    def build() -> tuple[tuple[str, str, bool], ...]:
        out: list[tuple[str, str, bool]] = []
        for node, here in occ.items():
            for uid in here:
                d = ctx.unit_def(uid)
                if d.nationality != "german" or not (d.has("army") or d.has("panzergruppe")):
                    continue  # as cn.is_german_army, cn.is_panzergruppe (read once here)
                out.append((uid, node, d.has("panzergruppe")))
        return tuple(out)

    return per_occupancy(occ, ctx.scenario, ("darkest.german-armies",), build)


def closed_hexes(ctx: Context, occ: Occupancy, side: str) -> set[str]:
    """Enemy-held hexes, and enemy victory cities and fortresses even empty (DC: Fortresses
    ...: undefended victory cities and fortresses must still be attacked to be taken), and
    enemy major cities defended this turn (:func:`.position.defended_cities`)."""
    held, points = _closed(ctx, occ, side)
    return set(held | points)


def _closed(ctx: Context, occ: Occupancy, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """:func:`closed_hexes` in two parts: the enemy-held hexes (kept per occupancy,
    :func:`.position.held_hexes`) and the empty enemy points that must be attacked."""
    other = cn.RUSSIAN if side == cn.AXIS else cn.AXIS
    return held_hexes(ctx, occ, other), _points(ctx, occ, other)


def _points(ctx: Context, occ: Occupancy, other: str) -> frozenset[str]:
    """The empty hexes of ``other`` that must be attacked to be taken (victory cities,
    fortresses, major cities defended this turn: :func:`.position.held_points`)."""
    control = ctx.state.control
    return frozenset(
        n
        for group in (strongpoints(ctx), defended_cities(ctx))  # held_points, not joined
        for n in group
        if control.get(n) == other and n not in occ
    )


Placed = tuple[tuple[str, str, bool], ...]
_AXIS_PART: PartMemo[tuple[frozenset[str], Placed]] = PartMemo(limit=16)


def _axis_part(ctx: Context) -> tuple[frozenset[str], Placed]:
    """(the hexes holding Axis units, the UnDisrupted German armies and panzergruppen on the
    map sorted as (id, hex, whether a panzergruppe)): what the Russian situation reads of
    the Axis units, kept while they stay the same (``PartMemo``: a Russian move keeps it)."""

    def build() -> tuple[frozenset[str], Placed]:
        defs = ctx.scenario.units
        at: set[str] = set()
        placed: list[tuple[str, str, bool]] = []
        for u in part:
            if u.at is None:
                continue
            at.add(u.at)
            d = defs[u.id]
            if d.nationality != "german" or not (d.has("army") or d.has("panzergruppe")):
                continue  # as cn.is_german_army, cn.is_panzergruppe
            if not u.has(cn.DISRUPTED):
                placed.append((u.id, u.at, d.has("panzergruppe")))
        return frozenset(at), tuple(sorted(placed))

    part = side_units(ctx, cn.AXIS)
    return _AXIS_PART.get(part, ("darkest.axis-part",), build, owner=ctx.scenario)


@attrs.frozen
class Routes:
    """Where a unit may end its operational move: hex -> (path, may still attack)."""

    ends: dict[str, tuple[tuple[str, ...], bool]]


def _situation(ctx: Context, side: str, occ: Occupancy) -> Situation:
    """The position ``side`` moves in (``occ``: the state's occupancy); one object per
    position (``BoardIndex.per_position``, keyed by all it reads), so every unit listed in
    it shares its search tables."""
    index = ctx.board.index
    if side != cn.RUSSIAN:
        held, points = _closed(ctx, occ, side)
        # No zone of control stops Axis movement and no friend matters to it: the situation
        # stays the same while Axis units move.
        no_friends: frozenset[int] = frozenset()
        axis_key = ("darkest.situation", side, held, points, no_friends, None)
        return index.per_position(axis_key, lambda: Situation(enemies=held | points))
    # DC: Operational Movement (Note: Russian stop rule): who stops Russian movement, read
    # with the Axis-held hexes from the Axis units alone (kept while they stay the same).
    axis_at, placed = _axis_part(ctx)
    ours = held_hexes(ctx, occ, side)
    # A hex is Axis-held when its first unit is Axis: the hexes with Axis units, less those
    # whose first unit is Russian (none unless a hex holds both sides' units).
    held = axis_at if axis_at.isdisjoint(ours) else axis_at - ours
    points = _points(ctx, occ, cn.AXIS)
    # The zones read only the units' hexes and which are panzergruppen: shared by the
    # positions that differ elsewhere (a Russian unit moved).
    zoc, zone_hexes = index.per_position(("darkest.zones", placed), lambda: _labelled(ctx, placed))
    # Friendly hexes matter only to the stop rule's 1-hex move onto a friend, from one zone
    # hex into another of the same unit: the kernel reads them only inside the zones (and
    # negates no zone with them), so only the friendly hexes in a zone are kept, and the
    # positions whose Russian units differ elsewhere share the situation.
    friends = ours & zone_hexes
    # The key holds the closed hexes in their two parts (their union is the value's).
    key = ("darkest.situation", side, held, points, friends, placed)
    return index.per_position(
        key, lambda: Situation(enemies=held | points, friends=friends, zoc=zoc)
    )


def _labelled(ctx: Context, placed: Placed) -> tuple[ZoneMap[str], frozenset[str]]:
    """The zones of the units ``placed`` (:func:`_zones`) and the labels of their hexes."""
    zoc = _zones(ctx, {u: n for u, n, _ in placed})
    ids = ctx.board.index.ids
    return zoc, frozenset(ids[v] for v in zoc.nodes)


def german_zones(ctx: Context, occ: Occupancy) -> ZoneMap[str]:
    """The zones of control that stop Russian movement: UnDisrupted German armies', and
    panzergruppen's only from clear terrain into clear terrain; never across water."""
    return _zones(ctx, german_zoc_units(ctx, occ))


def _zones(ctx: Context, units: dict[str, str]) -> ZoneMap[str]:
    index = ctx.board.index
    clear = index.terrain_code.get("clear", -1)
    terrain = index.terrain
    pzgr = {u for u in units if cn.is_panzergruppe(ctx, u)}

    def extends(key: object, u: int, v: int) -> bool:
        return key not in pzgr or (terrain[u] == clear and terrain[v] == clear)

    policy = ZocPolicy(
        barriers=(Barrier("water", unless=frozenset({"strait"})),),
        closed_terrain=WATER,
        own_hex=False,
        extends=extends,
    )
    return zones(index, units, policy)


_ROUTES: UnitsMemo[Routes] = UnitsMemo()


def routes(ctx: Context, uid: str, mode: str) -> Routes:
    """Every end of a legal operational move of ``uid`` in ``mode`` with one path each.

    Listing, checking and applying a move ask it of the same position, so it is kept per
    position: it reads only the units (where they are, their markers) and who controls the
    strongpoints, Romania's and the other oil hexes (:func:`allowance`, :func:`closed_hexes`),
    and the major cities defended this turn, besides the scenario."""
    key = (id(ctx.scenario), uid, mode, _control(ctx), defended_cities(ctx))
    return _ROUTES.get(ctx.state, key, lambda: _routes(ctx, uid, mode))


def _control(ctx: Context) -> tuple[str | None, ...]:
    """Who controls each hex whose control movement reads (:func:`_control_hexes`)."""
    hexes = ctx.board.index.cached(("darkest.routes-control",), lambda _: _control_hexes(ctx))
    return tuple(map(ctx.state.control.get, hexes))


def _control_hexes(ctx: Context) -> tuple[str, ...]:
    """The hexes whose control :func:`_routes` reads: strongpoints, Romania's, oil hexes."""
    board = ctx.board
    return tuple(
        sorted({*strongpoints(ctx), *board.nodes_with("romania"), *board.nodes_with("oil")})
    )


def _routes(ctx: Context, uid: str, mode: str) -> Routes:
    unit = ctx.state.units[uid]
    assert unit.at is not None
    side = ctx.side_of(uid)
    base, omb = allowance(ctx, uid, mode)
    total = base + omb
    if total <= 0:
        return Routes({})
    occ = ctx.state.occupancy()
    index = ctx.board.index
    situation = _situation(ctx, side, occ)
    armour = cn.is_armour(ctx, uid)
    costs = costs_of(ctx, uid, mode)
    policy = RUSSIAN_POLICY if side == cn.RUSSIAN else AXIS_POLICY
    got = reach(index, unit.at, total * SCALE, costs, policy, situation)
    paths = got.path_table()
    ends: dict[str, tuple[tuple[str, ...], bool]] = {}
    full = base * SCALE
    for node, cost in got.cost.items():
        if node != got.start:
            ends[index.ids[node]] = (paths[node], cost <= full)
    if not armour:  # out of fuel, a panzer/tank unit has no extra highway hex either
        # the closed hexes are the situation's enemies (closed_hexes, not computed again)
        _highway_extra(ctx, got, paths, situation, situation.enemies, base, ends)
    straits = index.cached(("darkest.straits",), lambda ix: _straits(ctx, ix))
    for label in straits[got.start]:  # the moves that cross a strait (crossing())
        cross = (unit.at, label)
        if label not in ends or (ends[label][1] and base < 1):
            continue
        if ends[label][0] != cross:
            try:
                check_path(index, list(cross), total * SCALE, costs, policy, situation)
            except IllegalAction:
                continue
        if base >= 1 or ends[label][0] == cross:
            ends[label] = (cross, base >= 1)  # DC: Terrain Effects: see crossing()
    water = index.cached(
        ("darkest.water",), lambda ix: frozenset(n for n in ix.ids if not land(ctx, n))
    )
    mixing = cn.nationality(ctx, uid) in cn.MIXING
    return Routes(
        {
            n: v
            for n, v in ends.items()
            if n not in water and not (mixing and cn.mixes(ctx, uid, occ.get(n, [])))
        }
    )


def crossing(ctx: Context, path: tuple[str, ...]) -> bool:
    """DC: Terrain Effects: whether a move crosses the Kerch Strait O5/O6 or B8/C8, "a 1-hex
    all-consuming movement". The crossing is the unit's whole move (the kernel's minimum move:
    from its hex, one hex, no bonus hex after it); like any 1-hex move it leaves the unit free
    to attack where its mode lets it move 1 hex and attack, whatever other way (by land) also
    leads to the hex."""
    board = ctx.board
    return (
        len(path) == 2
        and board.adjacent(path[0], path[1])
        and "strait" in board.edge_features(path[0], path[1])
    )


def _highway_extra(
    ctx: Context,
    got: Reach,
    paths: dict[int, tuple[str, ...]],
    situation: Situation,
    closed: frozenset[Node],
    base: int,
    ends: dict[str, tuple[tuple[str, ...], bool]],
) -> None:
    """DC: Minsk-Moscow Highway: units other than panzer and tank units may move 1 extra
    highway hex (not after a hex that stopped them). It leaves the unit free to attack only
    within a move-and-attack allowance: with none (``base`` 0, DC: Blitzkrieg! non-panzers)
    it is bonus movement and never replaces a bonus-only entry."""
    index = ctx.board.index
    hw = index.mask("highway")
    if not hw:
        return
    roads = index.cached(("darkest.highway-next", hw), lambda ix: _highway_next(ix, hw))
    zset = situation.zoc.nodes if situation.zoc is not None else frozenset()
    for node, cost in sorted((n, c) for n, c in got.cost.items() if roads[n]):
        if node != got.start and node in zset:
            continue  # the stop rule ended the move here
        for nxt in roads[node]:
            label = index.ids[nxt]
            if label in closed or nxt == got.start:
                continue
            if situation.zoc is not None and situation.zoc.shared(node, nxt):
                continue
            path = (*paths[node], label)
            may_attack = base >= 1 and cost <= base * SCALE
            old = ends.get(label)
            if old is None or (may_attack and not old[1]):
                ends[label] = (path, may_attack)


def _highway_next(index: BoardIndex, hw: int) -> tuple[tuple[int, ...], ...]:
    """Per node, its neighbours across a highway hexside (``hw``: the feature's bit)."""
    return tuple(
        tuple(v for v, bits in zip(index.adj[u], index.edge_bits[u], strict=True) if bits & hw)
        for u in range(len(index))
    )


def _straits(ctx: Context, index: BoardIndex) -> tuple[tuple[str, ...], ...]:
    """Per node, the neighbours a move reaches by crossing a strait (:func:`crossing`: an
    adjacent hex across a ``strait`` hexside, read from the index's hexside bits)."""
    ids, strait = index.ids, index.mask("strait")
    return tuple(
        tuple(ids[v] for v, b in zip(index.adj[u], index.edge_bits[u], strict=True) if b & strait)
        for u in range(len(index))
    )


def move_error(ctx: Context, uid: str, path: tuple[str, ...], mode: str) -> IllegalAction | None:
    """Why ``path`` is not a legal operational move of ``uid``, or None."""
    unit = ctx.state.units[uid]
    if len(path) < 2 or path[0] != unit.at:
        return IllegalAction(RULE, f"the move of {uid} must start in its hex {unit.at}")
    ends = routes(ctx, uid, mode).ends
    if path[-1] not in ends:
        return IllegalAction(RULE, f"{uid} cannot end an operational move in {path[-1]}")
    if ends[path[-1]][0] == path:
        return None
    side = ctx.side_of(uid)
    occ = ctx.state.occupancy()
    index = ctx.board.index
    base, omb = allowance(ctx, uid, mode)
    costs = costs_of(ctx, uid, mode)
    policy = RUSSIAN_POLICY if side == cn.RUSSIAN else AXIS_POLICY
    try:
        check_path(
            index, list(path), (base + omb) * SCALE, costs, policy, _situation(ctx, side, occ)
        )
    except IllegalAction as exc:
        return exc
    return None


def path_may_attack(ctx: Context, uid: str, path: tuple[str, ...], mode: str) -> bool:
    """Whether the unit may still attack after moving along ``path`` (no bonus hexes used;
    a strait crossing: if the mode lets it move 1 hex and attack, see :func:`crossing`)."""
    base, _ = allowance(ctx, uid, mode)
    index = ctx.board.index
    straits = index.cached(("darkest.straits",), lambda ix: _straits(ctx, ix))
    start = index.number.get(path[0]) if len(path) == 2 else None
    if start is not None and path[1] in straits[start]:  # crossing(ctx, path), from the table
        return base >= 1
    ends = routes(ctx, uid, mode).ends
    best = ends.get(path[-1])
    if best is not None and best[0] == path:
        return best[1]
    side = ctx.side_of(uid)
    costs = costs_of(ctx, uid, mode)
    policy = RUSSIAN_POLICY if side == cn.RUSSIAN else AXIS_POLICY
    try:
        spent = check_path(
            index,
            list(path),
            base * SCALE,
            costs,
            policy,
            _situation(ctx, side, ctx.state.occupancy()),
        )
    except IllegalAction:
        return False
    return spent <= base * SCALE
