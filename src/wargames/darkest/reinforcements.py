"""DC: Russian Replacements, Production, Reinforcements, and Siberian Reserve Gamble; German
Reinforcements; Army Fortification; Tank Factory Evacuation; Shock Army Emplacement.

State variables: ``inf_pool`` (infantry factors this turn), ``tank_pool`` (accumulated tank
factors, 4 off-map at the start), ``placed`` (hexes that received a replacement this turn, by
kind), ``factories`` (hex -> state of its tank factory), ``siberians`` (the turn they were
called, or None), ``due`` (Siberian units that arrive this turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import NODE, UNIT, Shape
from wargames.core.jsonvalue import thaw
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame, Occupancy, Result
from wargames.core.supply import SupplyMap
from wargames.core.units import UnitState

from . import counters as cn
from .charts import charts
from .position import held_point, holder, set_control, side_hexes, water
from .secret import hide, reveal
from .supply import eliminate, in_supply, supply_map

REPL = "DC: Russian Replacements"
GAMBLE = "DC: Siberian Reserve Gamble and Shock Army Emplacement"
EVAC = "DC: Tank Factory Evacuation"
FORTIFY = "DC: Fortifications (army fortification)"
GERMAN = "DC: German Reinforcements"


def setup(ctx: Context) -> None:
    ctx.state.set("tank_pool", charts(ctx).tank_reserve)
    ctx.state.set("inf_pool", 0)
    ctx.state.set("placed", [])
    ctx.state.set("siberians", None)
    ctx.state.set("due", [])
    ctx.state.set(
        "factories", {n: {"state": "active", "turn": 0} for n in ctx.board.nodes_with("factory")}
    )


def put_on_map(ctx: Context, unit: UnitState) -> None:
    """Store ``unit``, just placed on its hex, which it takes control of as a unit moving
    there does (DC: Supply: control decides supply lines and the loss of Grozny)."""
    assert unit.at is not None
    ctx.state.put(unit)
    set_control(ctx, unit.at, ctx.side_of(unit.id))


# --- Axis: reinforcements and fortification ----------------------------------------------------


class GermanReinforcements(Step):
    """DC: German Reinforcements: 2. Army on Warsaw on turn 2, 40. PzKps on turn 3,
    UnDisrupted (the scenario's ``reinforcements``); an enemy-held Warsaw sends them to the
    nearest Axis-held hex on the Axis map edge (provisional: reinforcements)."""

    name: ClassVar[str] = "german-reinforcements"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        occ = ctx.state.occupancy()
        for r in ctx.scenario.reinforcements:
            unit = ctx.state.units[r.unit]
            if r.turn != ctx.turn or unit.box != cn.REINFORCEMENTS or r.at is None:
                continue
            at = r.at
            if holder(ctx, occ, at) == cn.RUSSIAN or ctx.state.control.get(at) == cn.RUSSIAN:
                edge = [
                    n
                    for n in ctx.board.nodes_with("axis-edge")
                    if holder(ctx, occ, n) != cn.RUSSIAN
                ]
                if not edge:
                    continue
                at = min(edge, key=lambda n: (ctx.board.distance(n, r.at or n), n))
            put_on_map(ctx, unit.moved_to(at))
            ctx.emit("arrive", f"{r.unit} arrives at {at}", unit=r.unit, at=at)
        ctx.done()


class Fortify(Step):
    """DC: Fortifications: an UnDisrupted German army doing nothing else can fortify at the
    start of the Axis player-turn."""

    name: ClassVar[str] = "fortify"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = FORTIFY
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.AXIS if self._eligible(ctx) else None

    def _eligible(self, ctx: Context) -> list[str]:
        return [
            u.id
            for u in ctx.units_of(cn.AXIS)
            if cn.is_german_army(ctx, u.id) and not u.has(cn.DISRUPTED) and not u.has(cn.FORTIFIED)
        ]

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(f"fortify:{u}") for u in self._eligible(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(FORTIFY, "only an UnDisrupted German army, not yet fortified")

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        uid = action.option.split(":", 1)[1]
        ctx.state.put(ctx.state.units[uid].marked(cn.FORTIFIED, cn.FORTIFYING))
        others = Redacted("a hidden unit fortifies")  # DC: Secret Setup
        ctx.emit_about([uid], "fortify", f"{uid} fortifies", others=others, unit=uid)


class EndAxisTurn(Step):
    """Fortifying units may act again from the next Axis player-turn."""

    name: ClassVar[str] = "end-axis-turn"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        for u in ctx.units_of(cn.AXIS):
            if u.has(cn.FORTIFYING):
                ctx.state.put(u.unmarked(cn.FORTIFYING))
        ctx.done()


# --- Russian: the start of the player-turn -------------------------------------------------------


class RussianStep(Step):
    """A decision of the Russian player."""

    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = REPL
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return cn.RUSSIAN


def _factories(ctx: Context) -> dict[str, dict[str, Any]]:
    got: dict[str, dict[str, Any]] = thaw(ctx.state.get("factories", {}))
    return got


def admin_options(ctx: Context) -> list[Action]:
    """The Russian choices at the start of the player-turn (DC: Sequence B.1)."""
    out: list[Action] = []
    units = ctx.units_of(cn.RUSSIAN)
    if units:
        out.append(Choose("disband"))
    for u in units:
        # DC: Russian Replacements: "16. A may be removed from the map" (flag withdrawable)
        if cn.has(ctx, u.id, "withdrawable") and u.at is not None:
            out.append(Choose(f"withdraw:{u.id}"))
    lines = None
    for u in units:
        if cn.has(ctx, u.id, "shock") and not u.has(cn.STRONG) and not u.has(cn.DISRUPTED):
            lines = lines or supply_map(ctx, cn.RUSSIAN)
            if u.at is not None and lines.in_supply(u.at):
                out.append(Choose(f"flip:{u.id}"))
    for hexid, f in sorted(_factories(ctx).items()):
        if f["state"] == "active" and ctx.state.control.get(hexid) == cn.RUSSIAN:
            out.append(Choose(f"evacuate:{hexid}"))
    if ctx.state.get("siberians") is None and ctx.turn < charts(ctx).siberians_safe:
        out.append(Choose("siberians"))
    return out


class RussianAdmin(RussianStep):
    """DC: Sequence B.1 (start): voluntary elimination, 16. Army's withdrawal, shock armies
    flipped to their stronger side, tank factory evacuation, the Siberian Reserve Gamble."""

    name: ClassVar[str] = "russian-admin"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *admin_options(ctx)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(REPL, f"{action.to_json()} is not open to the Russian player now")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        what, _, arg = action.option.partition(":")
        if what == "disband":
            ctx.push("disband")
        elif what == "withdraw":
            # DC: Russian Replacements: 16. A may be removed from the map, coming back like
            # any other replacement army, and replaced with any 0-1 army.
            unit = ctx.state.units[arg]
            at = unit.at
            ctx.state.put(unit.boxed(cn.ELIMINATED).unmarked(*unit.markers))
            others = Redacted(f"a hidden unit is withdrawn from {at}")  # DC: Secret Setup
            text = f"{arg} is withdrawn from {at}"
            ctx.emit_about([arg], "withdraw", text, others=others, unit=arg)
            reveal(ctx, [arg])  # DC: Secret ... Setup: the dead pile is public (supply.eliminate)
            ctx.push("substitute", at=at)
        elif what == "flip":
            ctx.state.put(ctx.state.units[arg].marked(cn.STRONG))
            others = Redacted("a hidden unit flips to its stronger side")  # DC: Secret Setup
            text = f"{arg} flips to its stronger side"
            ctx.emit_about([arg], "flip", text, others=others, unit=arg)
        elif what == "evacuate":
            factories = _factories(ctx)
            factories[arg] = {"state": "evacuating", "turn": ctx.turn}
            ctx.state.set("factories", factories)
            ctx.emit("evacuate", f"the tank factory in {arg} is evacuated", at=arg)
        elif what == "siberians":
            ctx.state.set("siberians", ctx.turn)
            ctx.emit("siberians", "the Siberian reserve is called early")
            ctx.push("gamble")


class Disband(RussianStep):
    """DC: Russian Replacements: at the start of the Replacement Phase the Russian player may
    voluntarily eliminate any of his units, to bring them back as replacements."""

    name: ClassVar[str] = "disband"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), *(Choose(u.id) for u in ctx.units_of(cn.RUSSIAN))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Choose):
            eliminate(
                ctx, action.option, "voluntarily", unsupplied=not in_supply(ctx, action.option)
            )


class Substitute(RussianStep):
    """DC: Russian Replacements: 16. Army may be replaced with any 0-1 army."""

    name: ClassVar[str] = "substitute"
    args: ClassVar[Mapping[str, Shape] | None] = {"at": NODE}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = REPL
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        at = frame.args["at"]
        pool = [
            u.id
            for u in ctx.state.units_in(cn.ELIMINATED)
            if ctx.side_of(u.id) == cn.RUSSIAN and cn.factors(ctx, u.id, u) == (0, 1)
        ]
        return [Pass(), *(Place(u, at) for u in sorted(pool))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Place):
            put_on_map(ctx, ctx.state.units[action.unit].moved_to(action.at))
            ctx.emit("arrive", f"{action.unit} takes 16. Army's place in {action.at}")


class Gamble(ChanceStep):
    """DC: Siberian Reserve Gamble: a 1/6 chance of losing the game for every month the
    Siberians are brought in before Dec 41 (one die: 2 months early lose on 1-2; 6 or more
    months early lose for certain)."""

    name: ClassVar[str] = "gamble"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = GAMBLE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        months = min(6, max(0, charts(ctx).siberians_safe - ctx.turn))
        safe = 1 - Fraction(months, 6)
        out: list[tuple[Action, Fraction]] = [(Outcome("safe"), safe)] if safe else []
        if safe < 1:
            out.append((Outcome("lost"), 1 - safe))
        return out

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if action == Outcome("lost"):
            ctx.end(Result(cn.AXIS, "victory", "the Siberian Reserve Gamble failed"))


# --- Russian: production and arrivals ----------------------------------------------------------


class Arrivals(Step):
    """DC: Russian Replacements: the turn's infantry factors (one per replacement centre in
    supply), tank factors (a mechanized korps's worth per productive tank factory in supply,
    accumulated), tank
    factory evacuation by the calendar, and the Siberians due this turn (automatic)."""

    name: ClassVar[str] = "arrivals"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        lines = supply_map(ctx, cn.RUSSIAN)
        centres = [
            n
            for n in ctx.board.nodes_with("replacement")
            if ctx.state.control.get(n) == cn.RUSSIAN and lines.in_supply(n)
        ]
        factories = _factories(ctx)
        # DC: Russian Replacements: "1 UnDisrupted mechanized korps on each tank factory in
        # supply": a korps's worth of tank factors a factory a turn (charts.replacements).
        korps = charts(ctx).factory_factors
        tanks = 0
        for hexid, f in sorted(factories.items()):
            if f["state"] == "active":
                if ctx.state.control.get(hexid) == cn.RUSSIAN and lines.in_supply(hexid):
                    tanks += korps
            elif f["state"] == "evacuating" and ctx.turn > f["turn"]:
                # DC: Tank Factory Evacuation: on the second turn it moves to the calendar,
                # productive again two turns after that one.
                factories[hexid] = {"state": "calendar", "turn": ctx.turn + 2}
            elif f["state"] == "calendar" and ctx.turn >= f["turn"]:
                factories[hexid] = {"state": "relocated", "turn": ctx.turn}
            if factories[hexid]["state"] == "relocated":
                # produces off-map, to enter from the eastern edge (provisional: evacuation)
                tanks += korps
        ctx.state.set("factories", factories)
        ctx.state.set("inf_pool", len(centres))
        ctx.state.set("tank_pool", ctx.state.get("tank_pool", 0) + tanks)
        ctx.state.set("placed", [])
        called = ctx.state.get("siberians")
        if called is None and ctx.turn >= charts(ctx).siberians_safe:
            called = ctx.turn
            ctx.state.set("siberians", called)
        due: list[str] = list(ctx.state.get("due", ()))
        waves = charts(ctx).siberian_waves
        if called is not None:
            wave = ctx.turn - called
            if 0 <= wave < len(waves):
                due += [
                    u
                    for u in waves[wave]
                    if u in ctx.state.units and ctx.state.units[u].box == cn.SIBERIAN
                ]
        ctx.state.set("due", due)
        ctx.emit(
            "production",
            f"replacements: {len(centres)} infantry, {ctx.state.get('tank_pool')} tank factors",
        )
        ctx.done()


def _free(ctx: Context, occ: Occupancy, node: str) -> bool:
    if node in water(ctx) or holder(ctx, occ, node) == cn.AXIS:  # water: terrain in WATER
        return False
    return ctx.state.control.get(node) != cn.AXIS or not held_point(ctx, node)


def placements(ctx: Context) -> list[Place]:
    """Every legal placement of a replacement or a due Siberian unit now."""
    occ = ctx.state.occupancy()
    traced: list[SupplyMap] = []

    def lines() -> SupplyMap:
        """The Russian supply lines, traced when first asked (none if no hex needs them)."""
        if not traced:
            traced.append(supply_map(ctx, cn.RUSSIAN))
        return traced[0]

    placed = [tuple(p) for p in ctx.state.get("placed", ())]
    edge = [n for n in ctx.board.nodes_with("russian-edge") if _free(ctx, occ, n)]
    out: list[Place] = []
    due = list(ctx.state.get("due", ()))
    if due:
        # DC: Siberian Reserve Gamble: from the eastern edge, on or next to a Russian unit in
        # supply, or on a Russian city or town in supply.
        spots = set(edge)
        for n in side_hexes(ctx, occ, cn.RUSSIAN):
            if lines().in_supply(n):
                spots.add(n)
                spots.update(ctx.board.neighbours(n))
        for n, s in ctx.state.control.items():
            city = ctx.board.has(n, "city") or ctx.board.has(n, "town")
            if s == cn.RUSSIAN and city and lines().in_supply(n):
                spots.add(n)
        spots = {n for n in spots if _free(ctx, occ, n)}
        for uid in sorted(due):
            out += [Place(uid, n) for n in sorted(spots)]
    inf, tank = ctx.state.get("inf_pool", 0), ctx.state.get("tank_pool", 0)
    hexes: dict[bool, list[str]] = {}  # mech -> where such a unit may return (the same for all)
    for u in sorted(ctx.state.units_in(cn.ELIMINATED), key=lambda u: u.id):
        uid = u.id
        if ctx.side_of(uid) != cn.RUSSIAN or cn.has(ctx, uid, "siberian"):
            continue
        mech = cn.has(ctx, uid, "mech")
        if cn.value(ctx, uid) > (tank if mech else inf):
            continue
        if mech not in hexes:
            hexes[mech] = _return_hexes(ctx, occ, lines, placed, edge, mech)
        out += [Place(uid, n) for n in hexes[mech]]
    return out


def _return_hexes(
    ctx: Context,
    occ: Occupancy,
    lines: Callable[[], SupplyMap],
    placed: list[tuple[str, ...]],
    edge: list[str],
    mech: bool,
) -> list[str]:
    """The hexes, in order, where an eliminated Russian unit (mechanized or not) may be placed
    now (:func:`placements`): a centre of its kind or the eastern edge."""
    kind = "tank" if mech else "inf"
    feature = "factory" if mech else "replacement"
    centres = [
        n
        for n in ctx.board.nodes_with(feature)
        if ctx.state.control.get(n) == cn.RUSSIAN and lines().in_supply(n) and _free(ctx, occ, n)
    ]
    if mech:
        productive = _factories(ctx)
        centres = [n for n in centres if productive.get(n, {}).get("state") == "active"]
    out = []
    for n in sorted(set(centres) | set(edge)):
        # DC: Russian Replacements: no more than 1 unit per replacement centre or hex,
        # although both an infantry and a tank unit can arrive on Leningrad (attribute
        # both_kinds).
        here = {k for h, k in placed if h == n}
        if kind not in here and (not here or ctx.board.attr(n, "both_kinds", False)):
            out.append(n)
    return out


class Replace(RussianStep):
    """DC: Russian Replacements and Reinforcements: place replacements (infantry Disrupted on a
    replacement centre, UnDisrupted from the eastern edge; mechanized korps UnDisrupted on a
    tank factory or the eastern edge; at most 1 per centre or hex, Leningrad both kinds) and
    the Siberians due; pass when done (the Siberians due must be placed)."""

    name: ClassVar[str] = "replace"
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = REPL
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        places: list[Action] = list(placements(ctx))
        due = set(ctx.state.get("due", ()))
        if not any(isinstance(p, Place) and p.unit in due for p in places):
            places.insert(0, Pass())
        return places

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        if isinstance(action, Pass):
            return IllegalAction(GAMBLE, "the Siberians due this turn must be placed first")
        return IllegalAction(REPL, f"{action.to_json()} is not a legal replacement now")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.state.set("inf_pool", 0)  # DC: unused infantry factors are not accumulated
            ctx.done()
            return
        assert isinstance(action, Place)
        uid, at = action.unit, action.at
        unit = ctx.state.units[uid]
        due = list(ctx.state.get("due", ()))
        if uid in due:
            due.remove(uid)
            ctx.state.set("due", due)
            put_on_map(ctx, unit.moved_to(at))
            ctx.emit("arrive", f"{uid} arrives at {at}", unit=uid, at=at)
            if cn.has(ctx, uid, "shock"):
                ctx.push("shock-side", unit=uid)
            return
        mech = cn.has(ctx, uid, "mech")
        pool = "tank_pool" if mech else "inf_pool"
        ctx.state.set(pool, ctx.state.get(pool, 0) - cn.value(ctx, uid))
        ctx.state.set("placed", [*ctx.state.get("placed", ()), (at, "tank" if mech else "inf")])
        disrupted = not mech and not ctx.board.has(at, "russian-edge")
        placed = unit.moved_to(at)
        put_on_map(ctx, placed.marked(cn.DISRUPTED) if disrupted else placed)
        hide(ctx, uid)
        text = f" returns at {at}{' Disrupted' if disrupted else ''}"
        others = Redacted(f"a hidden unit{text}", {"at": at})  # DC: Secret Setup
        ctx.emit_about([uid], "replace", uid + text, others=others, unit=uid)


class ShockSide(RussianStep):
    """DC: Shock Army Emplacement: the Shock Armies may be on their stronger side on their hex
    of entry."""

    name: ClassVar[str] = "shock-side"
    args: ClassVar[Mapping[str, Shape] | None] = {"unit": UNIT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = GAMBLE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose("strong"), Choose("weak")]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        if action.option == "strong":
            uid = frame.args["unit"]
            ctx.state.put(ctx.state.units[uid].marked(cn.STRONG))
        ctx.done()
