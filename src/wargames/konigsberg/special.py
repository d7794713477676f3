"""Special rules: Volksturm (K45 1.2c, 1.5a, 12.3, 12.5), refugees (1.2d, 12.2, random events
5 and 9), the action chits (0.7a-0.7e), Gross Deutschland (0.7d, 0.7e), the turn advance
(1.5c) and the optional units (15.1).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from wargames.core.actions import Action, Choose, Move, Pass, Place
from wargames.core.board_index import BoardIndex
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, TEXT, Shape, list_of, literal
from wargames.core.sequence import Step
from wargames.core.state import Frame

from .arg_shapes import REFUGEE
from .charts import charts
from .forces import (
    ELIMINATED,
    distances_from,
    enter,
    fits,
    fits_for,
    is_hq,
    on_map,
    playable,
    refugee_hexes,
    refugees,
    remove_chit,
    unit_hexes,
)
from .reinforcements import add_chit, volksturm_hexes
from .steps import SideStep
from .supply import german_lines


# --- Volksturm -------------------------------------------------------------------------------
class VolksturmDeployment(SideStep):
    """K45 1.2c, 12.5(2): place the Volksturm units of the box, one per hex."""

    name: ClassVar[str] = "volksturm"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    kind: ClassVar[str] = "place"
    rule: ClassVar[str] = "K45 1.2c"
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Pass)

    def options(self, ctx: Context) -> list[Action]:
        return ctx.per_position(self.name, lambda: self._options(ctx))

    def _options(self, ctx: Context) -> list[Action]:
        units = sorted(u.id for u in ctx.state.units_in("volksturm"))
        if not units:
            return []
        line = german_lines(ctx)  # K45 1.2c: not behind Soviet lines
        fit = fits_for(ctx, [units[0]], "german")
        return [Place(units[0], h) for h in volksturm_hexes(ctx, line.in_supply) if fit(h)]

    side_name = "german"

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(self.options(ctx))

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *self.options(ctx)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass) or action in self.options(ctx):
            return None
        assert isinstance(action, Place)
        return IllegalAction(
            "K45 1.2c",
            f"{action.unit} may not be placed in {action.at}: a "
            "German-held village, town or city three hexes from the Soviets, "
            "one Volksturm a hex",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Place)
        ctx.state.put(ctx.state.units[action.unit].moved_to(action.at))
        ctx.emit("volksturm", f"{action.unit} is placed in {action.at}", unit=action.unit)


class VolksturmReturn(Step):
    """K45 1.5a: every Volksturm unit on the map returns to the Volksturm box."""

    name: ClassVar[str] = "volksturm-return"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.5a"

    def run(self, ctx: Context, frame: Frame) -> None:
        for uid in on_map(ctx, "german"):
            if "volksturm" in ctx.unit_def(uid).flags:
                ctx.state.put(ctx.state.units[uid].boxed("volksturm").unmarked("oos", "isolated"))
        ctx.done()


# --- refugees --------------------------------------------------------------------------------
def road_hexes(ctx: Context) -> set[str]:
    """The hexes a road or the Autobahn leaves (K45 12.2a), once per board."""

    def build(ix: BoardIndex) -> set[str]:
        roads = ix.mask("road", "autobahn")
        return {ix.ids[u] for u, bits in enumerate(ix.edge_bits) if any(b & roads for b in bits)}

    found: set[str] = ctx.board.index.cached(("k45-road-hexes",), build)
    return found


def free_for_refugees(ctx: Context, node: str) -> bool:
    """K45 12.2a: not with other refugees or units (HQs excepted)."""
    if node in refugee_hexes(ctx) or not playable(ctx, node):  # water; K45 0.2a
        return False
    return all(is_hq(ctx.unit_def(u)) for u in ctx.state.occupancy().get(node, []))


def placements(ctx: Context, event: bool) -> list[str]:
    """K45 12.2a: a road hex five hexes from the Soviet front line; random events 5 and 9: a
    road hex at least two hexes from every German HQ."""
    ref = charts(ctx)["refugees"]
    roads = sorted(road_hexes(ctx))
    if event:
        hqs = [ctx.state.units[h].at for h in on_map(ctx, "german") if is_hq(ctx.unit_def(h))]
        gap = int(ref["event_distance"])
        return [
            n
            for n in roads
            if free_for_refugees(ctx, n)
            and all(h is not None and ctx.board.distance(n, h) >= gap for h in hqs)
        ]
    want = int(ref["place_distance"])
    near = distances_from(ctx, unit_hexes(ctx, "soviet", combat_only=True), want)
    return [
        n
        for n in roads
        if near.get(n) == want
        and free_for_refugees(ctx, n)
        and ctx.state.control.get(n) != "soviet"
    ]


def refugee_paths(ctx: Context, start: str) -> list[tuple[str, ...]]:
    """K45 12.2a: up to three hexes along roads, each nearer Königsberg or Elbing."""
    ch = charts(ctx)
    cities = [ch.place(c) for c in ch["refugees"]["cities"]]

    def gap(n: str) -> int:
        return min(ctx.board.distance(n, c) for c in cities)

    out: list[tuple[str, ...]] = []
    frontier: list[tuple[str, ...]] = [(start,)]
    for _ in range(int(ch["refugees"]["move"])):
        nxt = []
        for path in frontier:
            here = path[-1]
            if here in cities:
                continue
            for m in ctx.board.neighbours(here):
                if m in path or gap(m) >= gap(here):
                    continue
                if not ctx.board.edge_features(here, m) & {"road", "autobahn"}:
                    continue
                if m not in cities and not free_for_refugees(ctx, m):
                    continue
                nxt.append((*path, m))
        out += nxt
        frontier = nxt
    best: dict[str, tuple[str, ...]] = {}
    for p in out:
        best.setdefault(p[-1], p)
    return [best[k] for k in sorted(best)]


class Refugees(Step):
    """K45 1.2d, 12.2a, 12.2e: the Soviet player places a new refugee counter, then moves those
    already placed; refugees reaching Königsberg or Elbing leave the map for re-use."""

    name: ClassVar[str] = "refugees"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "stage": literal("place", "event", "move"),
        "count": INT,
        "new": list_of(REFUGEE),
        "todo": list_of(REFUGEE),
    }
    kind: ClassVar[str] = "refugees"
    rule: ClassVar[str] = "K45 12.2a"
    actions: ClassVar[tuple[type[Action], ...]] = (Place, Move, Choose, Pass)

    def pool(self, ctx: Context) -> list[str]:
        n = int(charts(ctx)["refugees"]["counters"])
        on = refugees(ctx)
        return [f"R{i}" for i in range(1, n + 1) if f"R{i}" not in on]

    def options(self, ctx: Context, frame: Frame) -> list[Action]:
        return ctx.per_position((self.name, frame), lambda: self._options(ctx, frame))

    def _options(self, ctx: Context, frame: Frame) -> list[Action]:
        stage = frame.args.get("stage", "place")
        if stage in ("place", "event"):
            pool = self.pool(ctx)
            if not pool or int(frame.args.get("count", 1)) <= 0:
                return []
            return [Place(pool[0], h) for h in placements(ctx, stage == "event")]
        todo = list(frame.args.get("todo", ()))
        if not todo:
            return []
        rid = todo[0]
        at = refugees(ctx)[rid]
        return [Choose(f"stay:{rid}"), *(Move((rid,), p) for p in refugee_paths(ctx, at))]

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "soviet" if self.options(ctx, frame) else None

    def run(self, ctx: Context, frame: Frame) -> None:
        self.next_stage(ctx, frame)

    def next_stage(self, ctx: Context, frame: Frame) -> None:
        stage = frame.args.get("stage", "place")
        if stage == "place":
            ctx.update(
                stage="move",
                todo=sorted(r for r in refugees(ctx) if r not in frame.args.get("new", ())),
            )
        else:
            ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        # K45 1.2d, 12.2a: "THE Soviet player places a new one" (random events 5 and 9:
        # "Place 2 Refugees"): placing is not optional while a counter and a hex are free
        return self.options(ctx, frame)

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.options(ctx, frame):
            return None
        if isinstance(action, Pass):
            return IllegalAction("K45 12.2a", "the Soviet player must place the refugee counter")
        return IllegalAction(
            "K45 12.2a", f"{action.to_json()}: not a legal refugee placement or movement"
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        on = refugees(ctx)
        colour = str(charts(ctx).turn(ctx.turn).get("refugee", ""))
        if isinstance(action, Pass):
            self.next_stage(ctx, frame)
            return
        if isinstance(action, Place):
            on[action.unit] = action.at
            ctx.state.set("refugees", on)
            self.flip(ctx, action.unit, colour)
            ctx.emit(
                "refugees",
                f"refugees {action.unit} placed in {action.at}",
                refugee=action.unit,
                at=action.at,
            )
            count = int(frame.args.get("count", 1)) - 1
            ctx.update(count=count, new=[*frame.args.get("new", ()), action.unit])
            if count <= 0:
                self.next_stage(ctx, ctx.frame)
            return
        todo = list(frame.args["todo"])
        rid = todo.pop(0)
        ctx.update(todo=todo)
        if isinstance(action, Move):
            dest = action.path[-1]
            ch = charts(ctx)
            if dest in {ch.place(c) for c in ch["refugees"]["cities"]}:
                del on[rid]  # K45 12.2e
                ctx.emit("refugees", f"refugees {rid} reach {dest} and leave the map")
            else:
                on[rid] = dest
                ctx.emit("refugees", f"refugees {rid} move {'-'.join(action.path)}")
            ctx.state.set("refugees", on)
        self.flip(ctx, rid, colour)

    def flip(self, ctx: Context, rid: str, colour: str) -> None:
        colours = dict(ctx.state.get("refugee_colour", {}))
        colours[rid] = colour
        ctx.state.set("refugee_colour", colours)


# --- action chits --------------------------------------------------------------------------
class ActionChit(Step):
    """K45 0.7a-0.7e: act on a drawn action chit."""

    name: ClassVar[str] = "action-chit"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "chit": TEXT,
        "kind": literal("barrage", "random-event", "no-gas", "gd-withdrawal", "gd-returns"),
    }
    rule: ClassVar[str] = "K45 0.7"

    def run(self, ctx: Context, frame: Frame) -> None:
        kind, chit = frame.args["kind"], frame.args["chit"]
        ctx.done()
        info = charts(ctx)["chits"][chit]
        if kind == "barrage":
            ctx.push(
                "barrage-dice",
                side="soviet",
                front=info["front"],
                rolls=1,
                attacks=0,
                drm=0,
                scope="front",
            )
        elif kind == "random-event":
            ctx.push("random-event")
        elif kind == "no-gas":
            ctx.state.set("no_gas", True)  # K45 0.7c
            ctx.emit(
                "no-gas",
                "NO GAS: full-strength German mechanized units that move lose a step this turn",
            )
        elif kind == "gd-withdrawal":
            gd_withdrawal(ctx)
            remove_chit(ctx, chit)
        elif kind == "gd-returns":
            if ctx.state.get("gd") == "withdrawn":
                remove_chit(ctx, chit)
                gd_returns(ctx)
            else:
                ctx.emit("chit", "GD returns: the GD Corps has not been withdrawn")


def gd_withdrawal(ctx: Context) -> None:
    """K45 0.7d: the GD Corps leaves the map for the GD box, with its chit."""
    units = charts(ctx)["command"]["gd_units"]
    for uid in units:
        unit = ctx.state.units.get(uid)
        if unit is not None and unit.at is not None:
            ctx.state.put(unit.boxed("gd").unmarked("oos", "isolated"))
    for box in ("cup", "drawn"):
        ctx.state.boxes[box] = tuple(c for c in ctx.state.boxes.get(box, ()) if c not in units)
    ctx.state.set("gd", "withdrawn")
    ctx.emit("gd", "the Gross Deutschland Corps is withdrawn")


def gd_returns(ctx: Context) -> None:
    """K45 0.7e: the GD Corps returns at entry B, destroyed units reduced, with a movement."""
    command = charts(ctx)["command"]
    units = [
        u
        for u in command["gd_units"]
        if ctx.state.units.get(u) is not None and ctx.state.units[u].box in ("gd", ELIMINATED)
    ]
    ctx.state.set("gd", "returned")
    # K45 0.7e: "Add the GD Command Chit to the draw cup": a destroyed GD HQ's chit is no
    # longer out of the game
    out = ctx.state.boxes.get("chits-out", ())
    ctx.state.boxes["chits-out"] = tuple(c for c in out if c not in units)
    ctx.emit("gd", "the Gross Deutschland Corps returns")
    if units:
        ctx.push(
            "arrive",
            side="german",
            units=units,
            areas={u: command["gd_entry"] for u in units},
            all=units,
            move=True,
        )


def early_arrival(ctx: Context, hq_or_unit: str, area: str) -> None:
    """Random events 2 and 12: a formation enters now at its area (HQ, its units, its chit).
    An early arrival is a reinforcement, so it has its regular movement on entering (K45 6.0,
    as 0.7e says of GD)."""
    units = ctx.scenario.units
    group = [hq_or_unit, *sorted(u for u, d in units.items() if d.command == hq_or_unit)]
    group = [u for u in group if ctx.state.units[u].box == "reinforcements"]
    if not group:
        return
    ctx.emit("event", f"early arrival: {hq_or_unit} enters at {area}")
    ctx.push(
        "arrive",
        side=ctx.side_of(hq_or_unit),
        units=group,
        areas={u: area for u in group},
        all=group,
        move=True,
    )


# --- turn advance ----------------------------------------------------------------------------
class TurnAdvance(Step):
    """K45 1.5c: all available chits go back into the cup; per-turn counts start again."""

    name: ClassVar[str] = "turn-advance"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.5c"

    def run(self, ctx: Context, frame: Frame) -> None:
        out = ctx.state.boxes.get("chits-out", ())
        drawn = [c for c in ctx.state.boxes.get("drawn", ()) if c not in out]
        ctx.state.boxes["cup"] = tuple(sorted({*ctx.state.boxes.get("cup", ()), *drawn}))
        ctx.state.boxes["drawn"] = ()
        for key in ("used", "stopped", "no_gas", "hipper_used", "active", "attacked"):
            ctx.state.vars.pop(key, None)
        ctx.done()


def mikosch_check(ctx: Context, entered: Iterable[str] = ()) -> None:
    """K45 15.1b: Mikosch enters "as soon as any Soviet unit is within five hexes of
    Königsberg" (``entered``: the hexes a Soviet unit, now placed, has just entered), in Pillau
    or next to it, in no hex of that path; if none fits him (5.0, 5.2: never with Soviet units)
    he is held back until one does (a reading), the trigger remembered (``mikosch_due``) so
    he comes then whether or not a Soviet unit is still near."""
    if not ctx.options.get("mikosch") or ctx.state.units["Mikosch"].box != "optional":
        return
    ch = charts(ctx)
    passed = set(entered)
    if not ctx.state.get("mikosch_due"):
        city = ch.place(ch["mikosch"]["city"])
        near = int(ch["mikosch"]["distance"])
        soviet = [*unit_hexes(ctx, "soviet"), *passed]
        if not any(ctx.board.distance(city, s) <= near for s in soviet):
            return
        ctx.state.set("mikosch_due", True)
    pillau = ch.names.get("Pillau", ch.place(ch["mikosch"]["city"]))
    spots = [pillau, *sorted(ctx.board.neighbours(pillau))]
    # K45 5.2: not on the way of a Soviet stack still moving along that path (a retreat)
    spot = next((n for n in spots if n not in passed and fits(ctx, n, ["Mikosch"], "german")), None)
    if spot is None:
        return
    ctx.state.vars.pop("mikosch_due", None)
    ctx.state.put(ctx.state.units["Mikosch"].moved_to(spot))
    enter(ctx, "Mikosch", spot)  # K45 1.2c, 12.5: he takes his hex, as every arrival does
    ctx.emit("arrive", f"zbV KG Mikosch arrives at {spot} (K45 15.1b)", unit="Mikosch")


def start_cup(ctx: Context) -> None:
    """K45 0.5, 6.1a: the turn-1 cup: chits of HQs on the map (unless the track brings them
    later) and the special chits of turn 1."""
    track = charts(ctx)["track"]["turns"]
    later = {
        c
        for box in track
        if int(box["turn"]) > ctx.scenario.calendar.first
        for c in box.get("chits", [])
    }
    first = [
        c
        for box in track
        if int(box["turn"]) == ctx.scenario.calendar.first
        for c in box.get("chits", [])
    ]
    cup = [u for u in on_map(ctx) if is_hq(ctx.unit_def(u)) and u not in later]
    ctx.state.boxes["cup"] = ()
    for chit in sorted({*cup, *first}):
        add_chit(ctx, chit)
