"""DCH: Operational Movement: OMFs, the Operational Movement Bonus, road movement, terrain
costs and zones of control, on the kernel's movement search.

MP are counted in half movement factors (``SCALE``) so that panzer/tank, motorized and katyusha
units move two road hexes per factor. A unit that will attack may spend only its OMF; one that
will not may add the OMB (Axis 3, Russian 5; 2 and 3 in the breakthrough/Proriv), but not if
it enters or vacates a ZOC of an UnDisrupted Russian army or German korps or army not already
occupied by a friendly unit. Entering an EZOC ends the move; no move from one EZOC hex to
another of the same enemy unit, except a 1-hex move onto a friendly unit.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

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
    halved,
    reach,
)
from wargames.core.zoc import ZocRules

from . import counters as cn
from .charts import charts
from .position import cached, per_occupancy, shared
from .stacking import fits
from .terrain import SEAS, across_river
from .weather import frozen, halves_omf, road_bonus, weather
from .zoc import bonus_zoc, zone_map

RULE = "DCH: Operational Movement"
ZOC_RULE = "DCH: Zones of Control"
SCALE = 2
CITES = Citations(
    adjacent=RULE,
    prohibited="DCH: Terrain Effects",
    enemy=RULE,
    allowance=RULE,
    zoc_stop=ZOC_RULE,
    zoc_same_unit=ZOC_RULE,
    entry="DCH: Operational Movement (OMB) / Stacking",
)
# DCH: ZOCs: stop on entering; no EZOC to EZOC of the same unit; the special 1-hex move onto a
# friendly unit. No general minimum move in operational movement.
POLICY = MovePolicy(
    zoc=ZocRules(stop_on_enter=True, no_same_unit=True, one_hex_onto_friend=True),
    rules=CITES,
    mp_unit=SCALE,  # errors state whole movement factors
)
# DCH: Swamp: panzer/tank and motorized korps transit "at 1 hex per turn": a korps's whole move
# may be one hex into a swamp hex, spending all its factors (the kernel's minimum move).
SWAMP_POLICY = attrs.evolve(POLICY, minimum_move=True)
SWAMPS = ("swamp", "swamp-forest")


def unit_class(ctx: Context, uid: str) -> str:
    """``korps-mobile`` (panzer/tank or motorized korps), ``div-mobile`` (panzer/tank or
    motorized divisions and brigades), or ``foot``."""
    mobile = cn.is_armour(ctx, uid) or cn.has(ctx, uid, "motorized")
    if not mobile:
        return "foot"
    return "div-mobile" if cn.is_division(ctx, uid) else "korps-mobile"


def road_doubled(ctx: Context, uid: str) -> bool:
    """DCH: Road Movement: panzer/tank, motorized (not parachute) and katyusha units."""
    return (
        cn.is_armour(ctx, uid) or cn.has(ctx, uid, "motorized") or cn.has(ctx, uid, "katyusha")
    ) and not cn.has(ctx, uid, "parachute")


ONE_HEX = 99  # more MP than any allowance: only the minimum move (SWAMP_POLICY) enters
Row = tuple[tuple[str, int | str], ...]


def terrain_row(ctx: Context, kind: str) -> Row:
    """DCH: Terrain Effects: the ``[movement.terrain]`` chart's row for unit class ``kind``."""
    return tuple(charts(ctx).movement["terrain"][kind].items())


def _mp(value: int | str) -> int | None:
    """A terrain chart value in MP: factors, ``closed`` (no entry) or ``one-hex``."""
    if isinstance(value, str):
        return None if value == "closed" else ONE_HEX
    return value * SCALE


@lru_cache(maxsize=64)
def costs(kind: str, river_extra: bool, roads: bool, snow: bool, row: Row) -> Costs:
    """DCH: Terrain Effects: MP (half factors) per hex for a class of unit, from its ``row``
    of the terrain chart (``terrain_row``)."""
    mp = {name: _mp(value) for name, value in row}
    clear = mp.pop("clear")
    terrain: dict[str, int | None] = {t: None for t in SEAS}
    terrain["lake"] = clear if snow else None
    terrain.update(mp)
    if snow:
        # Weather: "Rivers, Swamps, and Lakes freeze over and are nullified in Snow".
        terrain["swamp"] = clear
        terrain["swamp-forest"] = mp.get("forest", clear)
    crossings: tuple[Crossing, ...] = ()
    if river_extra and not snow:
        # Cross-River: panzer/tank units and German armies pay 1 more MF to cross a river.
        crossings = (Crossing("river", 2),)
    base = Costs(tuple(terrain.items()), crossings=crossings, default=clear)
    if roads:
        return attrs.evolve(base, road=1, road_features=frozenset({"road"}))
    if kind == "korps-mobile":
        # Weather: Mud and Light Mud take only the "road movement bonus" (the doubling); a
        # korps "moving along a road" still pays no Forest/Hills/Swamp cost: 1 MF a hex.
        return attrs.evolve(base, road=SCALE, road_features=frozenset({"road"}))
    return base


def unit_costs(ctx: Context, uid: str, roads: bool = True) -> Costs:
    """``uid``'s costs now (``roads`` False: off-road, as a tactical advance's first hex)."""
    w = weather(ctx)
    river = cn.is_armour(ctx, uid) or (cn.is_german(ctx, uid) and cn.is_army(ctx, uid))
    roads = roads and road_doubled(ctx, uid) and road_bonus(w)
    kind = unit_class(ctx, uid)
    return costs(kind, river, roads, frozen(w), terrain_row(ctx, kind))


def oil_lost(ctx: Context, side: str) -> bool:
    """DCH: Supply: the other side took Ploesti (Axis) or Grozny (Russian)."""
    for node in ctx.board.nodes_with("oil"):
        romanian = ctx.board.has(node, "romania")
        if (side == cn.AXIS) == romanian and ctx.state.control.get(node) == cn.enemy(side):
            return True
    return False


def allowance(ctx: Context, uid: str, mode: str) -> tuple[int, int]:
    """(OMF, OMB) in movement factors for ``mode`` ``op`` or ``break`` (breakthrough/Proriv)."""
    m = charts(ctx).movement
    side = ctx.side_of(uid)
    base = cn.omf(ctx, uid)
    if cn.is_mobile(ctx, uid) and oil_lost(ctx, side):
        base = min(base, int(m["ploesti_grozny_cap"]))
    if mode == "break":
        base = max(0, base - int(m["breakthrough_omf_cut"]))
        bonus = int(m["breakthrough_omb_axis" if side == cn.AXIS else "breakthrough_omb_russian"])
    else:
        bonus = int(m["omb_axis" if side == cn.AXIS else "omb_russian"])
    if halves_omf(weather(ctx)):
        base = halved(base, round_up=side == cn.RUSSIAN)
    return base, bonus


def situation(
    ctx: Context, side: str, bonus: bool = False, german: bool = False, south: int | None = None
) -> Situation:
    """The position seen by ``side``'s movers (the kernel memoizes its tables on it); ``south``:
    the northernmost row open to the movers (Axis allied units)."""
    key = ("situation", side, bonus, german, south)
    return cached(ctx, key, lambda: _situation(ctx, side, bonus, german, south))


def unit_situation(ctx: Context, uid: str, bonus: bool = False) -> Situation:
    """The position seen by ``uid`` on an operational move."""
    side = ctx.side_of(uid)
    return situation(ctx, side, bonus, cn.is_german(ctx, uid), south_only(ctx, uid))


def lone_katyushas(ctx: Context) -> set[str]:
    """DCH: Russian Katyushas: hexes of Katyushas not stacked with other Russian units, which
    a German unit may move through (eliminating them); DCH: Strategic Movement by Rail: the
    same for undefended Russian Railway Guns ("Same for Russian Railway Guns!")."""
    return set(per_occupancy(ctx, ("lone-katyushas",), lambda: _lone_katyushas(ctx)))


def _lone_katyushas(ctx: Context) -> frozenset[str]:
    return frozenset(
        n
        for n, us in ctx.state.occupancy().items()
        if all(cn.has(ctx, u, "katyusha") or cn.has(ctx, u, "railway-gun") for u in us)
    )


def _situation(ctx: Context, side: str, bonus: bool, german: bool, south: int | None) -> Situation:
    index = ctx.board.index
    other = cn.enemy(side)

    def occupied() -> tuple[frozenset[int], frozenset[int]]:
        occ = ctx.state.occupancy()
        lone = lone_katyushas(ctx) if german else set()
        enemies = frozenset(
            index.number[n]
            for n, us in occ.items()
            if ctx.side_of(us[0]) == other and n not in lone
        )
        friends = frozenset(index.number[n] for n, us in occ.items() if ctx.side_of(us[0]) == side)
        return enemies, friends

    # the occupied hexes: the same for every situation of the side in one occupancy
    enemies, friends = per_occupancy(ctx, ("movers", side, german), occupied)
    restricted = bonus_zoc(ctx, other).nodes - friends if bonus else frozenset()
    # DCH: Operational Movement: Axis allied units must remain in the south, on every hex of
    # their path
    north = shared(
        ctx,
        ("north-of", south),
        lambda: frozenset(
            v for v, n in enumerate(index.ids) if south is not None and _row(n) < south
        ),
    )
    closed = restricted | north
    can_enter = None
    if closed:

        def can_enter(v: int) -> bool:
            return v not in closed

    return Situation(
        enemies=enemies, friends=friends, zoc=zone_map(ctx, other), can_enter=can_enter
    )


def routes(ctx: Context, uid: str, mode: str) -> dict[str, tuple[tuple[str, ...], bool]]:
    """Every hex ``uid`` may end an operational move in: hex -> (a path, may still attack)."""
    return cached(ctx, ("routes", uid, mode), lambda: _routes(ctx, uid, mode))


def _routes(ctx: Context, uid: str, mode: str) -> dict[str, tuple[tuple[str, ...], bool]]:
    unit = ctx.state.units[uid]
    assert unit.at is not None
    base, bonus = allowance(ctx, uid, mode)
    index = ctx.board.index
    c = unit_costs(ctx, uid)
    ends: dict[str, tuple[tuple[str, ...], bool]] = {}
    extra = not road_doubled(ctx, uid) and road_bonus(weather(ctx))
    if base > 0:
        sit = unit_situation(ctx, uid)
        got = reach(index, unit.at, base * SCALE, c, POLICY, sit)
        paths = got.path_table()
        for node in got.cost:
            if node != got.start:
                ends[index.ids[node]] = (paths[node], True)
        if extra:
            _road_extra(ctx, got, sit, True, ends, c, base * SCALE)
    if bonus_allowed(ctx, uid):
        sit = unit_situation(ctx, uid, True)
        got = reach(index, unit.at, (base + bonus) * SCALE, c, POLICY, sit)
        paths = got.path_table()
        for node in got.cost:
            label = index.ids[node]
            if node != got.start and label not in ends:
                ends[label] = (paths[node], False)
        if extra:
            _road_extra(ctx, got, sit, False, ends, c, (base + bonus) * SCALE)
    if base > 0 and unit_class(ctx, uid) == "korps-mobile":
        _swamp_step(ctx, uid, base * SCALE, c, ends)
    occ = ctx.state.occupancy()
    south = south_only(ctx, uid)  # as ``in_south``
    return {
        n: v
        for n, v in ends.items()
        if (n not in occ or fits(ctx, uid, n)) and (south is None or _row(n) >= south)
    }


def _swamp_step(
    ctx: Context, uid: str, mp: int, c: Costs, ends: dict[str, tuple[tuple[str, ...], bool]]
) -> None:
    """DCH: Swamp: a korps's 1-hex move into an adjacent swamp hex (its whole move)."""
    index = ctx.board.index
    at = ctx.state.units[uid].at
    assert at is not None
    sit = unit_situation(ctx, uid)
    got = reach(index, at, mp, c, SWAMP_POLICY, sit)
    for node in got.cost:
        label = index.ids[node]
        if label in ends or node == got.start or ctx.board.terrain(label) not in SWAMPS:
            continue
        if ctx.board.adjacent(at, label):
            ends[label] = ((at, label), True)


def _road_extra(
    ctx: Context,
    got: Reach,
    sit: Situation,
    may_attack: bool,
    ends: dict[str, tuple[tuple[str, ...], bool]],
    c: Costs,
    budget: int,
) -> None:
    """DCH: Road Movement: units not doubled on roads move 1 extra hex along a road, anywhere
    in their move (not out of a hex where a ZOC stopped them, nor into an enemy or a closed
    hex): the free road hex, then the rest of the allowance from there."""
    index = ctx.board.index
    road = index.mask("road")
    if not road:
        return
    zones = sit.zoc
    zset = zones.nodes if zones is not None else frozenset()
    enemies = {index.number[n] if isinstance(n, str) else n for n in sit.enemies}

    def wanted(label: str) -> bool:
        # an end is (re)written when new, or when this move may still attack and the old not
        old = ends.get(label)
        return old is None or (may_attack and not old[1])

    ids = index.ids
    best: dict[int, tuple[int, int]] = {}  # a free road hex's end -> (MP spent before, from)
    for node in sorted(got.cost):
        if node != got.start and node in zset:
            continue  # the ZOC ended the move here
        bits = index.edge_bits[node]
        to_here: tuple[str, ...] | None = None  # the path to ``node``, built when first used
        for k, nxt in enumerate(index.adj[node]):
            if not bits[k] & road or nxt in enemies or nxt == got.start:
                continue
            if index.terrain_names[index.terrain[nxt]] in SEAS:
                continue
            if zones is not None and zones.shared(node, nxt):
                continue
            if sit.can_enter is not None and not sit.can_enter(nxt):
                continue
            if wanted(ids[nxt]):
                if to_here is None:
                    to_here = tuple(got.path_labels(node))
                ends[ids[nxt]] = ((*to_here, ids[nxt]), may_attack)
            if nxt not in zset and got.cost[node] < best.get(nxt, (budget, 0))[0]:
                best[nxt] = (got.cost[node], node)  # entering an EZOC ends the move
    for nxt, (spent, node) in sorted(best.items()):
        if got.cost.get(nxt, budget + 1) <= spent:
            continue  # reached as cheaply without the free hex: nothing more from there
        head = (*got.path_labels(node), ids[nxt])
        more = reach(index, nxt, budget - spent, c, POLICY, sit)
        for w in more.cost:
            if w not in (nxt, got.start) and wanted(ids[w]):
                ends[ids[w]] = ((*head, *more.path_labels(w)[1:]), may_attack)


def _row(node: str) -> int:
    return int(node[2:])


def south_only(ctx: Context, uid: str) -> int | None:
    """DCH: Operational Movement: Axis allied units must remain in the south (provisional:
    not north of map row ``allies_north_row``)."""
    if not cn.is_ally(ctx, uid):
        return None
    return int(charts(ctx).reinforcements["allies_north_row"])


def in_south(ctx: Context, uid: str, node: str) -> bool:
    """Whether ``uid`` may be in ``node`` (DCH: Operational Movement: Axis allied units must
    remain in the south, on operational and rail moves and tactical advances alike)."""
    south = south_only(ctx, uid)
    return south is None or _row(node) >= south


def bonus_allowed(ctx: Context, uid: str) -> bool:
    """DCH: OMB: no bonus for a unit vacating a restricted ZOC hex held by no other friend."""
    at = ctx.state.units[uid].at
    assert at is not None
    side = ctx.side_of(uid)
    index = ctx.board.index
    if index.number[at] not in bonus_zoc(ctx, cn.enemy(side)).nodes:
        return True
    return any(u != uid for u in ctx.state.occupancy().get(at, ()))


def move_error(ctx: Context, uid: str, path: tuple[str, ...], mode: str) -> IllegalAction | None:
    """Why ``path`` is not a legal operational move of ``uid``, or None."""
    unit = ctx.state.units[uid]
    if len(path) < 2 or path[0] != unit.at:
        return IllegalAction(RULE, f"the move of {uid} must start in its hex {unit.at}")
    if cn.disrupted(ctx, uid):
        return IllegalAction("DCH: Disrupted Units", f"{uid} is Disrupted and may not move")
    north = [n for n in path[1:] if not in_south(ctx, uid, n)]
    if north:
        return IllegalAction(
            RULE, f"{uid}: Axis allied units must remain in the south, not enter {north[0]}"
        )
    ends = routes(ctx, uid, mode)
    if path[-1] not in ends:
        return IllegalAction(RULE, f"{uid} cannot end an operational move in {path[-1]}")
    if ends[path[-1]][0] == path:
        return None
    return _path_error(ctx, uid, path, mode)


def _path_error(ctx: Context, uid: str, path: tuple[str, ...], mode: str) -> IllegalAction | None:
    base, bonus = allowance(ctx, uid, mode)
    try:
        check_path(
            ctx.board.index,
            list(path),
            base * SCALE,
            unit_costs(ctx, uid),
            POLICY,
            unit_situation(ctx, uid),
        )
        return None
    except IllegalAction as exc:
        first = exc
    swamp = len(path) == 2 and ctx.board.terrain(path[1]) in SWAMPS
    if swamp and unit_class(ctx, uid) == "korps-mobile" and base > 0:
        try:
            check_path(
                ctx.board.index,
                list(path),
                base * SCALE,
                unit_costs(ctx, uid),
                SWAMP_POLICY,
                unit_situation(ctx, uid),
            )
            return None
        except IllegalAction:
            pass
    if not bonus_allowed(ctx, uid):
        return first
    try:
        check_path(
            ctx.board.index,
            list(path),
            (base + bonus) * SCALE,
            unit_costs(ctx, uid),
            POLICY,
            unit_situation(ctx, uid, True),
        )
    except IllegalAction as exc:
        return exc
    return None


def may_attack_after(ctx: Context, uid: str, path: tuple[str, ...], mode: str) -> bool:
    """Whether the move along ``path`` stayed within the OMF (no bonus used)."""
    listed = routes(ctx, uid, mode).get(path[-1])
    if listed is not None and listed[0] == path:
        return listed[1]
    base, _ = allowance(ctx, uid, mode)
    try:
        check_path(
            ctx.board.index,
            list(path),
            base * SCALE,
            unit_costs(ctx, uid),
            POLICY,
            unit_situation(ctx, uid),
        )
    except IllegalAction:
        return False
    return base > 0


def spent(ctx: Context, uid: str, path: tuple[str, ...]) -> int:
    """The MP (half factors) a move along ``path`` costs ``uid`` (no allowance)."""
    return check_path(
        ctx.board.index,
        list(path),
        None,
        unit_costs(ctx, uid),
        MovePolicy(),
        unit_situation(ctx, uid),
    )


def river_attack_error(
    ctx: Context, uid: str, target: str, used: int, mode: str
) -> IllegalAction | None:
    """DCH: Cross-River: panzer/tank units and German armies attacking across a river pay 1
    more movement factor, which they must still have after their move."""
    at = ctx.state.units[uid].at
    assert at is not None
    payer = cn.is_armour(ctx, uid) or (cn.is_german(ctx, uid) and cn.is_army(ctx, uid))
    if not payer or not across_river(ctx, at, target):
        return None
    base, _ = allowance(ctx, uid, mode)
    if used + SCALE > base * SCALE:
        return IllegalAction(
            "DCH: Cross-River", f"{uid} has no movement factor left to attack across the river"
        )
    return None
