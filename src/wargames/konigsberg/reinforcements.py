"""Reinforcements (K45 1.2a, 3.2, 5.1, 6.x, 12.1c(1)) and replacements (1.2b, 12.4).

Arriving units are placed on their entry hex; if enemy units or EZOCs hold it, within ten
hexes of it along the same map edge (6.0c); a railroad hex whose rail line reaches a friendly
supply source free of enemy units and EZOCs, three or more hexes from every enemy unit, is
always an alternative (6.0e), and the unit's movement for the phase. Units that cannot enter
are eliminated (6.0d). They may overstack on placement but must split up by the end of the
phase (5.1, 6.0a), else the phase-end check (``stacking``) applies the penalty (5.1a).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

import attrs

from wargames.core.actions import Action, Choose, Pass, Place
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import BOOL, INT, NODE, SIDE, TEXT, UNIT, Shape, list_of, table_of
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.supply import SupplyRules

from .charts import charts
from .command import in_range
from .forces import (
    ELIMINATED,
    distances_from,
    eliminate,
    enemy,
    enter,
    fits,
    hq_of,
    is_combat,
    is_hq,
    is_mech,
    on_map,
    placed,
    playable,
    remove_chit,
    unit_hexes,
)
from .movement import no_gas
from .steps import SideStep
from .supply import rail_line, zoc_of

RAIL = SupplyRules(range=0, rail={"rail"}, closed_terrain={"water"})


def entry_hex(ctx: Context, area: str) -> str | None:
    if area == "haff":
        haff = ctx.board.nodes_with("haff")
        return haff[0] if haff else None
    for n in ctx.board:
        if ctx.board.attr(n, "entry") == area:
            return n
    return None


def edge_gaps(ctx: Context, node: str) -> dict[str, int]:
    """Rows or columns between a hex and each map edge (west, east, north, south)."""
    layout = ctx.board.layout
    if layout is None:
        return {}
    col, row = layout.to_offset(ctx.board.hex_of(node))
    return {
        "west": col,
        "east": layout.columns - 1 - col,
        "north": row,
        "south": layout.rows - 1 - row,
    }


def along_edge(ctx: Context, entry: str) -> list[str]:
    """K45 6.0c: the hexes along the entry hex's map edge: its nearest edge(s), in the band
    between the edge and the entry hex (an entry area set back from the edge behind a coast or
    a half-hex keeps its alternatives as far in as itself)."""
    gaps = edge_gaps(ctx, entry)
    if not gaps:
        return []
    near = min(gaps.values())
    edges = [e for e, g in gaps.items() if g == near]
    return sorted(n for n in ctx.board if any(edge_gaps(ctx, n)[e] <= near for e in edges))


def blocked_for_entry(ctx: Context, node: str, side: str) -> bool:
    """K45 3.2, 6.0c: not upon enemy units nor into EZOCs (friendly units do not negate)."""
    if any(ctx.side_of(u) != side for u in ctx.state.occupancy().get(node, ())):
        return True
    return ctx.board.index.number[node] in zoc_of(ctx, enemy(side))


def rail_hexes(ctx: Context, side: str) -> list[str]:
    """K45 6.0e: railroad hexes reached by rail from a friendly source (Königsberg too while it
    is a full German source, 11.2, 11.2b), free of enemy units and EZOCs, at least three hexes
    from every enemy unit."""
    blocked = unit_hexes(ctx, enemy(side))
    line = rail_line(ctx, side, RAIL)
    near = {n for e in blocked for n in _within_two(ctx, e)}  # closer than three hexes
    return sorted(n for n in _rail_nodes(ctx) if line.in_supply(n) and n not in near)


def _within_two(ctx: Context, node: str) -> tuple[str, ...]:
    """The hexes of the map within two hexes of ``node`` (itself too), each node's found
    once per board."""
    board = ctx.board
    known: dict[str, tuple[str, ...]] = board.index.cached(("k45.within-two",), lambda _: {})
    got = known.get(node)
    if got is None:
        found = (board.node_at(h) for h in board.hex_of(node).within(2))
        got = known[node] = tuple(m for m in found if m is not None)
    return got


def _rail_nodes(ctx: Context) -> list[str]:
    """The hexes a railroad hexside touches (K45 6.0e), once per board."""

    def build(index: BoardIndex) -> list[str]:
        rail = index.mask("rail")
        return [
            index.ids[v] for v in range(len(index)) if any(b & rail for b in index.edge_bits[v])
        ]

    found: list[str] = ctx.board.index.cached(("k45.rail-nodes",), build)
    return found


def entry_spots(ctx: Context, uid: str, area: str) -> tuple[list[str], list[str]]:
    """Where an arriving unit may be placed: the entry hex or its alternatives along the map
    edge (K45 6.0, 6.0c), and the railroad hexes that only rail entry reaches (6.0e)."""
    side = ctx.side_of(uid)
    if area == "haff":
        at = entry_hex(ctx, area)
        return ([at] if at else []), []
    at = entry_hex(ctx, area)
    if at is None:
        return [], []
    if not blocked_for_entry(ctx, at, side) and playable(ctx, at):
        spots = [at]
    else:
        # K45 6.0c: "within ten hexes of their entry hex along the same map edge"
        spots = sorted(
            n
            for n in along_edge(ctx, at)
            if ctx.board.distance(n, at) <= 10
            and playable(ctx, n)  # not water, not a half-hex (K45 0.2a)
            and not blocked_for_entry(ctx, n, side)
        )
    rail: list[str] = []
    if is_combat(ctx.unit_def(uid)) or is_hq(ctx.unit_def(uid)):
        rail = [n for n in rail_hexes(ctx, side) if n not in spots and fits(ctx, n, [uid], side)]
    return spots, rail


def entry_options(ctx: Context, uid: str, area: str) -> list[str]:
    """Where an arriving unit may be placed (K45 6.0, 6.0c, 6.0e)."""
    spots, rail = entry_spots(ctx, uid, area)
    return spots + rail


def arrive(ctx: Context, uid: str, at: str, by_rail: bool = False) -> None:
    """Place an arriving unit. One placed by rail (6.0e) has had its movement: 6.0 gives
    reinforcements one movement on entering, "either ordinary, strategic or rail"."""
    unit = ctx.state.units[uid]
    d = ctx.unit_def(uid)
    steps = unit.steps if unit.box != ELIMINATED else (1 if d.steps > 1 else d.steps)
    ctx.state.put(attrs.evolve(unit, at=at, box=None, steps=max(steps, 1), markers=frozenset()))
    enter(ctx, uid, at)  # K45 14.1, 11.2a, 1.2c: a unit entering a hex (by rail too) takes it
    placed(ctx, uid, [at])  # K45 15.1b
    ctx.state.set("arrived", [*ctx.state.get("arrived", ()), uid])
    if by_rail:
        ctx.state.set("by_rail", [*ctx.state.get("by_rail", ()), uid])
    if is_hq(d) and uid not in ctx.state.boxes.get("cup", ()):
        ctx.state.boxes["cup"] = (*ctx.state.boxes.get("cup", ()), uid)  # K45 6.1
    ctx.emit("arrive", f"{uid} arrives at {at}", unit=uid, at=at)
    if by_rail:
        no_gas(ctx, uid)  # K45 0.7c: the rail entry is its movement


def to_move(ctx: Context, units: Iterable[str]) -> list[str]:
    """K45 6.0: the arrivals that still have their movement (on the map, not entered by rail)."""
    rail = set(ctx.state.get("by_rail", ()))
    return sorted(u for u in units if u not in rail and ctx.state.units[u].at is not None)


class Arrive(Step):
    """K45 6.0: place arriving units one by one (automatically when there is one choice)."""

    name: ClassVar[str] = "arrive"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "units": list_of(UNIT),
        "areas": table_of(TEXT, key=UNIT),
        "all": list_of(UNIT),
        "move": BOOL,
    }
    rule: ClassVar[str] = "K45 6.0"

    def run(self, ctx: Context, frame: Frame) -> None:
        units = list(frame.args["units"])
        if not units:
            ctx.done()
            if frame.get("move"):
                ctx.push("movement", side=frame.args["side"], units=to_move(ctx, frame.args["all"]))
            return
        uid, area = units[0], frame.args["areas"][units[0]]
        spots, rail = entry_spots(ctx, uid, area)
        ctx.update(units=units[1:])
        if not spots + rail:
            ctx.emit("arrive", f"{uid} cannot enter and is eliminated (K45 6.0d)", unit=uid)
            eliminate(ctx, uid)
        elif len(spots + rail) == 1:
            arrive(ctx, uid, (spots + rail)[0], by_rail=bool(rail))
        else:
            ctx.push(
                "place-reinforcement",
                side=ctx.side_of(uid),
                unit=uid,
                options=spots + rail,
                rail=rail,
            )


class PlaceReinforcement(SideStep):
    """K45 6.0c, 6.0e: the owner picks the hex of an arriving unit."""

    name: ClassVar[str] = "place-reinforcement"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "unit": UNIT,
        "options": list_of(NODE),
        "rail": list_of(NODE),
    }
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = "K45 6.0"
    actions: ClassVar[tuple[type[Action], ...]] = (Place,)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Place(frame.args["unit"], h) for h in frame.args["options"]]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, Place)
        if action.unit != frame.args["unit"] or action.at not in frame.args["options"]:
            return IllegalAction("K45 6.0c", f"{action.unit} may not enter at {action.at}")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Place)
        ctx.done()
        arrive(ctx, action.unit, action.at, by_rail=action.at in frame.get("rail", ()))


def due(ctx: Context, side: str) -> dict[str, str]:
    """Units of ``side`` due this turn, still waiting -> their entry area (K45 1.2a)."""
    return {
        r.unit: r.area or ""
        for r in ctx.scenario.reinforcements
        if r.turn == ctx.turn
        and ctx.state.units[r.unit].box == "reinforcements"
        and ctx.side_of(r.unit) == side
    }


class Reinforce(Step):
    """K45 1.2a, 6.1: reinforcements arrive (German first) and the track's chits join the cup."""

    name: ClassVar[str] = "reinforce"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.2a"

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        ctx.state.set("arrived", [])
        ctx.state.set("by_rail", [])
        if ctx.turn > ctx.scenario.calendar.first:
            for chit in charts(ctx).turn(ctx.turn).get("chits", []):
                if chit not in ctx.state.boxes.get("chits-out", ()):
                    add_chit(ctx, chit)
        for side in ("soviet", "german"):
            units = due(ctx, side)
            if units:
                ctx.push("arrive", side=side, units=sorted(units), areas=units, all=[], move=False)


def add_chit(ctx: Context, chit: str) -> None:
    """K45 6.1: a chit joins the cup (an HQ chit only while its HQ is in play)."""
    unit = ctx.state.units.get(chit)
    if unit is not None and unit.at is None:
        return
    if chit in ctx.state.boxes.get("cup", ()) or chit in ctx.state.boxes.get("drawn", ()):
        return
    ctx.state.boxes["cup"] = (*ctx.state.boxes.get("cup", ()), chit)
    ctx.emit("chit", f"chit {chit} joins the cup", chit=chit)


class HQRemoval(Step):
    """K45 1.2a, 12.1c(1): an HQ with no friendly combat unit within its range is removed."""

    name: ClassVar[str] = "hq-removal"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 12.1c"

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        for hq in on_map(ctx):
            if not is_hq(ctx.unit_def(hq)):
                continue
            side = ctx.side_of(hq)
            reach = in_range(ctx, hq)
            friends = unit_hexes(ctx, side, combat_only=True)
            if not friends & set(reach):
                ctx.state.put(ctx.state.units[hq].boxed("removed"))
                remove_chit(ctx, hq)
                ctx.emit("removed", f"the {hq} HQ has no combat units in range: removed", hq=hq)


class ReinforcementMove(Step):
    """K45 1.2a, 6.0: the units that arrived this turn move (German player first)."""

    name: ClassVar[str] = "reinforce-move"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    rule: ClassVar[str] = "K45 6.0"

    def run(self, ctx: Context, frame: Frame) -> None:
        side = frame.args["side"]
        ctx.done()
        units = to_move(ctx, (u for u in ctx.state.get("arrived", ()) if ctx.side_of(u) == side))
        if units:
            ctx.push("movement", side=side, units=units)


def out_with_gd(ctx: Context, uid: str) -> bool:
    """K45 0.7d, 0.2i: a unit of the GD Corps while the Corps is withdrawn (out of play); a
    destroyed one comes back with the Corps, reduced (0.7e), not with replacements."""
    return ctx.state.get("gd") == "withdrawn" and uid in charts(ctx)["command"]["gd_units"]


def rebuildable(ctx: Context, side: str) -> list[str]:
    """K45 12.4: two-step units eliminated may be rebuilt; one-step units may not, nor the
    units of a withdrawn GD Corps (0.7e)."""
    return sorted(
        u.id
        for u in ctx.state.units_in(ELIMINATED)
        if ctx.side_of(u.id) == side
        and ctx.unit_def(u.id).steps > 1
        and not is_hq(ctx.unit_def(u.id))
        and not out_with_gd(ctx, u.id)
    )


def step_cost(ctx: Context, uid: str) -> int:
    """K45 12.4a, 12.4b: one point a step; two for a German mechanized step."""
    d = ctx.unit_def(uid)
    return 2 if d.side == "german" and is_mech(d) else 1


def return_hexes(ctx: Context, uid: str) -> list[str]:
    """Where an eliminated unit returns: in or next to the hex of an HQ that may command it
    (its own HQ, else any friendly HQ) - provisional, the rules do not say (12.4c: EZOCs are
    allowed)."""
    side = ctx.side_of(uid)
    own = hq_of(ctx, uid)
    if own is not None and ctx.state.units[own].at is not None:
        hqs = [own]
    else:
        hqs = [h for h in on_map(ctx, side) if is_hq(ctx.unit_def(h))]
    out: set[str] = set()
    for h in hqs:
        at = ctx.state.units[h].at
        assert at is not None
        for n in [at, *ctx.board.neighbours(at)]:
            if fits(ctx, n, [uid], side):
                out.add(n)
    return sorted(out)


class Replacements(SideStep):
    """K45 1.2b, 12.4: spend this turn's replacement points (Soviet first, not accumulated)."""

    name: ClassVar[str] = "replacements"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "left": INT,
        "returned": list_of(UNIT),
    }
    kind: ClassVar[str] = "replace"
    rule: ClassVar[str] = "K45 12.4"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Place, Pass)

    def points(self, ctx: Context, frame: Frame) -> int:
        if frame.get("left") is not None:
            return int(frame.args["left"])
        return int(charts(ctx).turn(ctx.turn).get("replacements", {}).get(frame.args["side"], 0))

    def options(self, ctx: Context, frame: Frame) -> list[Action]:
        side, left = frame.args["side"], self.points(ctx, frame)
        returned = set(frame.get("returned", ()))
        out: list[Action] = []
        for uid in on_map(ctx, side):
            d = ctx.unit_def(uid)
            unit = ctx.state.units[uid]
            if not is_combat(d) or unit.steps >= d.steps or step_cost(ctx, uid) > left:
                continue
            if side == "german" and uid in returned:
                continue  # K45 12.4b: not back at full strength in one turn
            out.append(Choose(f"step:{uid}"))
        for uid in rebuildable(ctx, side):
            if step_cost(ctx, uid) <= left:
                out += [Place(uid, h) for h in return_hexes(ctx, uid)]
        return out

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return self.points(ctx, frame) > 0 and bool(self.options(ctx, frame))

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *self.options(ctx, frame)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in self.options(ctx, frame):
            return None
        if isinstance(action, Place) and out_with_gd(ctx, action.unit):
            return IllegalAction(
                "K45 0.7e", f"{action.unit} returns with the withdrawn GD Corps, not by 12.4"
            )
        return IllegalAction("K45 12.4", f"{action.to_json()}: not a legal replacement now")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        left = self.points(ctx, frame)
        if isinstance(action, Place):
            uid = action.unit
            unit = ctx.state.units[uid]
            ctx.state.put(attrs.evolve(unit, at=action.at, box=None, steps=1, markers=frozenset()))
            enter(ctx, uid, action.at)  # K45 14.1, 11.2a: placed, it takes the hex as arrive does
            placed(ctx, uid, [action.at])  # K45 15.1b
            ctx.update(left=left - step_cost(ctx, uid), returned=[*frame.get("returned", ()), uid])
            ctx.emit("replace", f"{uid} returns at {action.at}", unit=uid, at=action.at)
            return
        assert isinstance(action, Choose)
        uid = action.option.split(":", 1)[1]
        unit = ctx.state.units[uid]
        ctx.state.put(attrs.evolve(unit, steps=unit.steps + 1))
        ctx.update(left=left - step_cost(ctx, uid))
        others = Redacted(f"a {ctx.side_of(uid)} unit in {unit.at} regains a step", {"at": unit.at})
        ctx.emit_about([uid], "replace", f"{uid} regains a step", others=others, unit=uid)


def volksturm_hexes(ctx: Context, in_supply: Any) -> list[str]:
    """K45 1.2c, 12.5(2): German-controlled villages, towns and cities three or more hexes
    from every Soviet unit, not behind Soviet lines (``in_supply``: reached by a German line,
    ``supply.german_lines``), one Volksturm each."""
    distance = int(charts(ctx)["volksturm"]["distance"])
    near = distances_from(ctx, unit_hexes(ctx, "soviet"), distance - 1)
    towns = ctx.board.index.cached(
        ("k45-towns",),
        lambda ix: [
            n for n in ix.ids if any(ctx.board.has(n, f) for f in ("village", "town", "city"))
        ],
    )
    out = []
    for n in towns:
        if n in near or ctx.state.control.get(n) != "german" or not in_supply(n):
            continue
        if not playable(ctx, n):  # K45 0.2a
            continue
        here = ctx.state.occupancy().get(n, ())
        if any("volksturm" in ctx.unit_def(u).flags for u in here):
            continue
        out.append(n)
    return sorted(out)
