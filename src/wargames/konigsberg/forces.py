"""Units and the position: what a unit is (K45 0.3, 0.4, 3.1), who commands it (2.2b),
stacking (5.0, 12.2b), playable hexes (0.2a half-hexes), control of hexes and victory point
hexes (14.1), and elimination (8.0e, 12.1c, 12.5(3)).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import attrs

from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.events import Redacted
from wargames.core.occupancy_memo import per_occupancy
from wargames.core.units import UnitDef

from .charts import ROADS, charts

ELIMINATED = "eliminated"
SIDES = ("german", "soviet")


def enemy(side: str) -> str:
    return "soviet" if side == "german" else "german"


def is_hq(d: UnitDef) -> bool:
    return "hq" in d.flags


def is_air(d: UnitDef) -> bool:
    return "air" in d.flags


def is_naval(d: UnitDef) -> bool:
    return "naval" in d.flags


def is_combat(d: UnitDef) -> bool:
    """Combat units: everything but HQs and air units (K45 0.3, 0.4)."""
    flags = d.flags
    return "hq" not in flags and "air" not in flags


def is_mech(d: UnitDef) -> bool:
    """K45 0.7c: units using mech movement (yellow movement factor)."""
    return "mech" in d.flags


def attack(ctx: Context, uid: str) -> float:
    return ctx.unit_def(uid).attack_at(max(ctx.state.units[uid].steps, 1))


def defence(ctx: Context, uid: str) -> float:
    return ctx.unit_def(uid).defence_at(max(ctx.state.units[uid].steps, 1))


def allowance(ctx: Context, uid: str) -> int:
    """K45 4.1a, 11.3b: the printed MA, halved (rounded down) when isolated."""
    mp = int(ctx.unit_def(uid).movement_at(max(ctx.state.units[uid].steps, 1)))
    return mp // 2 if ctx.state.units[uid].has("isolated") else mp


def exerts_zoc(ctx: Context, uid: str) -> bool:
    """K45 3.1, 3.1a: printed attack of 1 or more; HQs, garrisons and Volksturm have none."""
    d = ctx.unit_def(uid)
    return is_combat(d) and "nozoc" not in d.flags and attack(ctx, uid) >= 1


def front(ctx: Context, uid: str) -> str:
    """A Soviet unit's Front (2BR or 3BR); "german" for German units."""
    d = ctx.unit_def(uid)
    return str(d.values.get("front", "german")) if d.side == "soviet" else "german"


def hq_of(ctx: Context, uid: str) -> str | None:
    """K45 2.2b: the unit's HQ, or None if independent (no colour, or its HQ has been lost)."""
    cmd = ctx.unit_def(uid).command
    if not cmd:
        return None
    hq = ctx.state.units.get(cmd)
    if hq is None or hq.box in (ELIMINATED, "removed"):
        return None
    return cmd


def on_map(ctx: Context, side: str | None = None) -> list[str]:
    """Unit ids on the map (of one side), sorted. It reads where the units are alone, so
    kept while they stand where they stood (a new list each time: callers may change it)."""
    occ = ctx.state.occupancy()
    return list(per_occupancy(occ, ctx.scenario, ("k45.on-map", side), lambda: _on_map(ctx, side)))


def _on_map(ctx: Context, side: str | None) -> tuple[str, ...]:
    units = ctx.scenario.units
    return tuple(
        sorted(
            u.id
            for u in ctx.state.units.values()
            if u.at is not None and (side is None or units[u.id].side == side)
        )
    )


def side_at(ctx: Context, node: str) -> str | None:
    for uid in ctx.state.occupancy().get(node, ()):
        return ctx.side_of(uid)
    return None


def lone_hq(ctx: Context, node: str, side: str) -> bool:
    """K45 4.7, 12.1d: the hex holds only HQs of ``side``."""
    here = ctx.state.occupancy().get(node, ())
    return bool(here) and all(ctx.side_of(u) == side and is_hq(ctx.unit_def(u)) for u in here)


def refugees(ctx: Context) -> dict[str, str]:
    """Refugee counter -> hex (K45 12.2)."""
    return dict(ctx.state.get("refugees", {}))


_REFUGEE_HEXES: dict[int, tuple[object, frozenset[str]]] = {}


def refugee_hexes(ctx: Context) -> frozenset[str]:
    """The hexes holding refugees (K45 12.2), kept while the ``refugees`` variable holds the
    same (frozen, so unchanged) value object."""
    on = ctx.state.get("refugees")
    if not on:
        return frozenset()
    got = _REFUGEE_HEXES.get(id(on))
    if got is None or got[0] is not on:
        if len(_REFUGEE_HEXES) >= 256:
            _REFUGEE_HEXES.clear()
        got = _REFUGEE_HEXES[id(on)] = (on, frozenset(on.values()))
    return got[1]


HALF_HEX = "half-hex"  # K45 0.2a: a map-edge half-hex (a node feature of the map)


def half_hex(ctx: Context, node: str) -> bool:
    """K45 0.2a: whether ``node`` is a half-hex at the map edge."""
    return ctx.board.has(node, HALF_HEX)


def playable(ctx: Context, node: str) -> bool:
    """K45 0.2a, 4.2d: a hex units may stand in: not water, not a half-hex ("only full-sized
    hexes are playable for stacking purposes")."""
    index = ctx.board.index
    return index.number[node] not in unplayable_nodes(index)


def half_hexes(index: BoardIndex) -> frozenset[int]:
    """Node numbers of the half-hexes (K45 0.2a), cached per board."""
    result: frozenset[int] = index.cached(
        ("k45.half-hexes",), lambda ix: frozenset(ix.nodes_with(HALF_HEX))
    )
    return result


def unplayable_nodes(index: BoardIndex) -> frozenset[int]:
    """Node numbers of the water hexes and half-hexes (K45 0.2a, 4.2d), cached per board."""

    def build(ix: BoardIndex) -> frozenset[int]:
        water = ix.terrain_code.get("water")
        return frozenset(v for v in range(len(ix)) if ix.terrain[v] == water) | half_hexes(ix)

    result: frozenset[int] = index.cached(("k45.unplayable",), build)
    return result


def untraceable(index: BoardIndex) -> frozenset[int]:
    """K45 0.2a: the half-hexes without a road (supply lines and command ranges never enter
    them; half-hexes with a road may be traced through). Node numbers, cached per board."""

    def build(ix: BoardIndex) -> frozenset[int]:
        road = ix.mask(*ROADS)
        return frozenset(
            v for v in ix.nodes_with(HALF_HEX) if not any(b & road for b in ix.edge_bits[v])
        )

    result: frozenset[int] = index.cached(("k45.untraceable",), build)
    return result


def fits(
    ctx: Context,
    node: str,
    movers: Iterable[str],
    side: str,
) -> bool:
    """K45 5.0, 5.2, 12.2b: two combat units and one HQ a hex; refugees (stacking value two)
    only with HQs; never with enemy units."""
    st = charts(ctx)["stacking"]
    movers = list(movers)
    here = [u for u in ctx.state.occupancy().get(node, ()) if u not in movers]
    if any(ctx.side_of(u) != side for u in here):
        return False
    if not playable(ctx, node):
        return False  # K45 4.2d water; 0.2a half-hexes
    units = here + movers
    combat = sum(1 for u in units if is_combat(ctx.unit_def(u)) and not is_naval(ctx.unit_def(u)))
    hqs = sum(1 for u in units if is_hq(ctx.unit_def(u)))
    if node in refugee_hexes(ctx):
        combat += int(st["refugee"])
    return combat <= int(st["combat"]) and hqs <= int(st["hq"])


def fits_for(ctx: Context, movers: Iterable[str], side: str) -> Callable[[str], bool]:
    """``fits(ctx, node, movers, side)`` as a test of ``node`` alone, with what does not
    depend on the hex (the limits, the movers' counts, refugees, playable hexes) read once:
    listing every destination of a unit asks it of hundreds of hexes (K45 5.0, 5.2, 12.2b)."""
    st = charts(ctx)["stacking"]
    combat_limit, hq_limit, refugee = int(st["combat"]), int(st["hq"]), int(st["refugee"])
    units = ctx.scenario.units
    listed = list(movers)
    moving = set(listed)
    base_combat = sum(1 for u in listed if is_combat(units[u]) and not is_naval(units[u]))
    base_hqs = sum(1 for u in listed if is_hq(units[u]))
    occupancy = ctx.state.occupancy()
    shelters = refugee_hexes(ctx)
    number = ctx.board.index.number
    closed = unplayable_nodes(ctx.board.index)

    def test(node: str) -> bool:
        combat, hqs = base_combat, base_hqs
        for u in occupancy.get(node, ()):
            if u in moving:
                continue
            d = units[u]
            if d.side != side:
                return False
            if is_combat(d) and not is_naval(d):
                combat += 1
            if is_hq(d):
                hqs += 1
        if number[node] in closed:
            return False  # K45 4.2d water; 0.2a half-hexes
        if node in shelters:
            combat += refugee
        return combat <= combat_limit and hqs <= hq_limit

    return test


def overstacked(ctx: Context, node: str, side: str) -> bool:
    return not fits(ctx, node, [], side)


def vp_hexes(ctx: Context) -> tuple[str, ...]:
    """K45 14.3a: the victory point hexes (kept with the board)."""
    board = ctx.board
    return board.index.cached(
        ("k45.vp-hexes",), lambda _: tuple(sorted(n for n in board if board.attr(n, "vp")))
    )


def enter(ctx: Context, uid: str, node: str) -> None:
    """A unit enters a hex: control changes (K45 1.2c), VP hexes flip (14.1) and split supply
    sources convert for good (11.2a). Mikosch (15.1b) is checked by ``placed``."""
    d = ctx.unit_def(uid)
    if not is_combat(d) or is_naval(d):
        return
    side = d.side
    if ctx.board.attr(node, "vp") and side == "soviet" and defence(ctx, uid) <= 0:
        return  # K45 14.1: a zero-defence unit does not take a VP hex
    if ctx.state.control.get(node) != side:
        ctx.state.control[node] = side
        if ctx.board.attr(node, "vp"):
            ctx.emit(
                "vp",
                f"{ctx.board.attr(node, 'name')} ({node}) is taken by the {side}s",
                hex=node,
                side=side,
            )
            if side == "soviet":
                release_fixed_hqs(ctx)
    if side == "soviet" and ctx.board.has(node, "supply-split"):
        owners = dict(ctx.state.get("split_sources", {}))
        if owners.get(node) != "soviet":
            owners[node] = "soviet"  # K45 11.2a: Soviet for the rest of the game
            ctx.state.set("split_sources", owners)
            ctx.emit("supply", f"the split supply source {node} becomes Soviet", hex=node)


def release_fixed_hqs(ctx: Context) -> None:
    """K45 12.8: "as soon as the Soviets have accrued 2VPs anywhere on the map" the 6th and
    55th Corps HQs are released for good: recorded now, so a German recapture of a VP hex
    does not fix them again."""
    command = charts(ctx)["command"]
    held = sum(1 for n, s in ctx.state.control.items() if s == "soviet" and ctx.board.attr(n, "vp"))
    if held < int(command["release_vp"]):
        return
    released = list(ctx.state.get("released", ()))
    units = ctx.scenario.units
    new = [h for h in command["fixed_hqs"] if h in units and h not in released]
    if new:
        ctx.state.set("released", [*released, *new])
        ctx.emit("release", f"the Soviets hold {held} VP hexes: {', '.join(new)} released")


def move_unit(ctx: Context, uid: str, path: Iterable[str]) -> None:
    """Move a unit along a path (start first), entering each hex; overruns lone enemy HQs."""
    nodes = list(path)
    for node in nodes[1:]:
        overrun(ctx, uid, node)
        enter(ctx, uid, node)
    placed(ctx, uid, nodes)


def placed(ctx: Context, uid: str, path: Sequence[str]) -> None:
    """Put a unit at the end of its path (start first), each hex entered. K45 15.1b: Mikosch
    comes "as soon as" a Soviet unit is near Königsberg (on any hex of its path), checked only
    now the unit stands in its hex, so he is never put where it ends (5.2)."""
    ctx.state.put(ctx.state.units[uid].moved_to(path[-1]))
    if ctx.side_of(uid) == "soviet":
        from .special import mikosch_check  # here: special imports this module

        mikosch_check(ctx, path[1:])


def overrun(ctx: Context, uid: str, node: str) -> None:
    """K45 4.3(1), 4.7, 9.2d, 10.3, 12.1d: a combat unit entering a lone enemy HQ's hex
    overruns it: the HQ and its chit are removed (12.1c(2))."""
    side = ctx.side_of(uid)
    if not lone_hq(ctx, node, enemy(side)):
        return
    for hq in list(ctx.state.occupancy().get(node, ())):
        text = f"{uid} overruns the HQ {hq} in {node}"
        shown = ctx.masked([uid, hq])  # K45 0.1e
        others = Redacted(f"{shown[0]} overruns the HQ {shown[1]} in {node}", {"hex": node})
        ctx.emit_about([uid, hq], "overrun", text, others=others, unit=uid, hq=hq)
        eliminate(ctx, hq)


def eliminate(ctx: Context, uid: str) -> None:
    """K45 8.0e: remove from the map. Volksturm return to their box (12.5(3)); an HQ's chit
    leaves the game with it (12.1c)."""
    d = ctx.unit_def(uid)
    unit = ctx.state.units[uid]
    box = "volksturm" if "volksturm" in d.flags else ELIMINATED
    ctx.state.put(unit.boxed(box).unmarked("oos", "isolated"))
    lost = list(ctx.state.get("lost_since_supply", ()))
    ctx.state.set("lost_since_supply", [*lost, uid])
    ctx.emit("eliminated", f"{uid} is eliminated", unit=uid)
    if is_hq(d):
        remove_chit(ctx, uid)


def remove_chit(ctx: Context, chit: str) -> None:
    for box in ("cup", "drawn"):
        items = ctx.state.boxes.get(box, ())
        if chit in items:
            ctx.state.boxes[box] = tuple(c for c in items if c != chit)
    out = ctx.state.boxes.get("chits-out", ())
    if chit not in out:
        ctx.state.boxes["chits-out"] = (*out, chit)


def lose_step(ctx: Context, uid: str) -> None:
    """K45 8.0: flip to reduced, or eliminate a unit on its last step."""
    unit = ctx.state.units[uid]
    if unit.steps <= 1:
        eliminate(ctx, uid)
    else:
        ctx.state.put(attrs.evolve(unit, steps=unit.steps - 1))
        # K45 0.1e: a unit under the top of a stack is told to the enemy as "a unit"
        others = Redacted(f"a {ctx.side_of(uid)} unit in {unit.at} loses a step", {"at": unit.at})
        ctx.emit_about([uid], "loss", f"{uid} loses a step", others=others, unit=uid)


def distances_from(ctx: Context, nodes: Iterable[str], limit: int) -> Mapping[str, int]:
    """Hexes within ``limit`` of any of ``nodes``, with the distance (one search; it reads
    the board alone, so kept with it while the same nodes come back: do not change it)."""
    index = ctx.board.index
    memo: dict[tuple[frozenset[str], int], Mapping[str, int]]
    memo = index.cached(("k45.distances",), lambda _: {})
    key = (frozenset(nodes), limit)
    found = memo.get(key)
    if found is None:
        if len(memo) >= 64:
            memo.clear()
        found = memo[key] = _distances(index, key[0], limit)
    return found


def _distances(index: BoardIndex, nodes: Iterable[str], limit: int) -> dict[str, int]:
    dist = {index.number[n]: 0 for n in nodes}
    frontier = list(dist)
    for d in range(1, limit + 1):
        nxt = []
        for u in frontier:
            for v in index.adj[u]:
                if v not in dist:
                    dist[v] = d
                    nxt.append(v)
        frontier = nxt
    return {index.ids[n]: d for n, d in dist.items()}


def units_within(ctx: Context, node: str, side: str, hexes: int) -> bool:
    """Whether a unit of ``side`` is within ``hexes`` of ``node``."""
    board = ctx.board
    return any(board.distance(node, at) <= hexes for at in unit_hexes(ctx, side))


def unit_hexes(ctx: Context, side: str, combat_only: bool = False) -> set[str]:
    """The hexes holding ``side``'s units (combat units only: ``combat_only``); it reads
    where the units are alone, so kept while they stand where they stood (a new set each
    time: callers may change it)."""
    occ = ctx.state.occupancy()
    key = ("k45.unit-hexes", side, combat_only)
    found = per_occupancy(occ, ctx.scenario, key, lambda: _unit_hexes(ctx, side, combat_only))
    return set(found)


def _unit_hexes(ctx: Context, side: str, combat_only: bool) -> frozenset[str]:
    units: Mapping[str, UnitDef] = ctx.scenario.units
    return frozenset(
        {
            u.at
            for u in ctx.state.units.values()
            if u.at is not None
            and units[u.id].side == side
            and (not combat_only or is_combat(units[u.id]))
        }
    )
