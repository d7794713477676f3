"""Command: the chit cup, activation limits, HQ activation and command ranges (K45 0.5-0.7,
1.3, 2.x, 12.6(3)).

The cup is ``state.boxes["cup"]``; a draw is a chance decision whose outcomes are the chits in
the cup, each with probability 1/n. Drawn chits go to ``boxes["drawn"]`` and back to the cup at
the turn advance (1.5c). ``vars["used"]`` counts activations per force (german, 2BR, 3BR)
against the Turn Record Track's limits.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.board_index import BoardIndex
from wargames.core.command import RangeRules, command_range
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import BOOL, INT, SIDE, UNIT, Shape
from wargames.core.retreat import HexsideMatch
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame

from .arg_shapes import FRONT
from .charts import BRIDGED, charts
from .forces import front, hq_of, is_combat, is_hq, is_naval, on_map, untraceable
from .steps import SideStep

FORCES = ("german", "2BR", "3BR")


@attrs.frozen
class HalfHexRange(RangeRules):
    """K45 2.2e with 0.2a: the kernel's range count, never into a half-hex without a road
    (half-hexes with roads may be counted through, as any hex)."""

    def table(self, index: BoardIndex) -> tuple[tuple[tuple[int, bool], ...], ...]:
        rows = RangeRules.table(self, index)
        shut = untraceable(index)
        if not shut:
            return rows
        return index.cached(
            ("k45.command.range", self),
            lambda ix: tuple(tuple((v, s) for v, s in row if v not in shut) for row in rows),
        )


RANGE = HalfHexRange(  # K45 2.2e: not through water, nor across impassable; stop after a river
    closed_terrain={"water"},
    closed_hexsides=[HexsideMatch({"impassable"}), HexsideMatch({"water"})],
    stop_hexsides=[HexsideMatch({"major-river"}, unless=BRIDGED)],
)


def chit_info(ctx: Context, chit: str) -> dict[str, Any]:
    """What a chit is: side, kind (hq, front, hgm or an action), its force and HQ."""
    special = charts(ctx)["chits"]
    if chit in special:
        info = dict(special[chit])
        kind = info["kind"]
        if kind in ("front", "barrage"):
            info["force"] = info["front"]
        elif info["side"] == "german":
            info["force"] = "german"
        else:
            info["force"] = "both"
        return info
    d = ctx.unit_def(chit)
    force = "german" if d.side == "german" else str(d.values.get("front"))
    return {"side": d.side, "kind": "hq", "hq": chit, "force": force}


def limit(ctx: Context, force: str) -> int:
    """K45 0.5, 2.1a: HQs a force may activate this turn (Turn Record Track)."""
    return int(charts(ctx).turn(ctx.turn).get("limits", {}).get(force, 0))


def force_open(ctx: Context, force: str) -> bool:
    """Whether a force may still activate a chit this turn (0.5, 0.7, random event 10)."""
    if force == "both":
        return any(force_open(ctx, f) for f in FORCES)
    if force in ctx.state.get("stopped", ()):
        return False
    return int(ctx.state.get("used", {}).get(force, 0)) < limit(ctx, force)


def activating(ctx: Context, chit: str) -> bool:
    info = chit_info(ctx, chit)
    return info["kind"] in ("hq", "front", "hgm") and force_open(ctx, info["force"])


def use(ctx: Context, force: str) -> None:
    used = dict(ctx.state.get("used", {}))
    used[force] = int(used.get(force, 0)) + 1
    ctx.state.set("used", used)


def in_range(ctx: Context, hq: str, going: bool = False) -> dict[str, int]:
    """K45 2.2e: hex -> hexes counted from the HQ, for hexes within its command range (with
    ``going``, only the hexes the count goes on from: not one it reached only by crossing an
    unbridged major river)."""
    at = ctx.state.units[hq].at
    assert at is not None
    hexes = ctx.unit_def(hq).range

    def build(index: BoardIndex) -> dict[str, int]:
        found = command_range(index, at, hexes, RANGE, going=going)
        return {index.ids[n]: d for n, d in found.items()}

    # it reads the board alone: kept with it (a copy is returned)
    labels: dict[str, int] = ctx.board.index.cached(("k45.in-range", at, hexes, going), build)
    return dict(labels)


def hipper_in_range(ctx: Context, hq: str) -> bool:
    """K45 12.6(3): Frische Haff counts as one hex of the HQ's command range, one hex beyond a
    hex the count goes on from (2.2e: not across an unbridged major river)."""
    board = ctx.board
    rng = ctx.unit_def(hq).range
    haff = set(board.nodes_with("haff"))
    return any(
        d + 1 <= rng and any(n in haff for n in board.neighbours(h))
        for h, d in in_range(ctx, hq, going=True).items()
    )


def own_units(ctx: Context, hq: str, reach: dict[str, int]) -> list[str]:
    """K45 2.2a: the combat units under the HQ's command within its range."""
    out = []
    for uid in on_map(ctx, ctx.side_of(hq)):
        at = ctx.state.units[uid].at
        if at in reach and hq_of(ctx, uid) == hq and is_combat(ctx.unit_def(uid)):
            out.append(uid)
    return out


def independents(ctx: Context, hq: str, reach: dict[str, int]) -> list[str]:
    """K45 2.2a, 2.2b, 2.2d, 12.6(3): independents in range (Soviet: of the HQ's Front)."""
    side = ctx.side_of(hq)
    defs = ctx.scenario.units
    states = ctx.state.units
    own_front = front(ctx, hq) if side == "soviet" else None
    out = []
    for uid in on_map(ctx, side):
        d = defs[uid]
        if not is_combat(d) or (d.command and hq_of(ctx, uid) is not None):
            continue
        if is_naval(d):
            if not ctx.state.get("hipper_used") and hipper_in_range(ctx, hq):
                out.append(uid)
            continue
        if own_front is not None and front(ctx, uid) != own_front:
            continue
        if states[uid].at in reach:
            out.append(uid)
    return out


class CommandPhase(Step):
    """K45 1.3, 2.1a: draw chits one by one until no drawable chit may still be activated."""

    name: ClassVar[str] = "command"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.3"

    def run(self, ctx: Context, frame: Frame) -> None:
        from .special import mikosch_check

        mikosch_check(ctx)  # K45 15.1b: "as soon as"; checked between activations
        if any(activating(ctx, c) for c in ctx.state.boxes.get("cup", ())):
            ctx.push("draw")
        else:
            ctx.done()


class Draw(ChanceStep):
    """K45 1.3a, 2.1a: a chit drawn at random from the cup; its owner acts on it."""

    name: ClassVar[str] = "draw"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 2.1a"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        cup = sorted(ctx.state.boxes.get("cup", ()))
        each = Fraction(1, len(cup)) if cup else Fraction(0)  # K45 2.1a: equally likely
        return [(Outcome(c), each) for c in cup]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        chit = str(action.value)
        cup = ctx.state.boxes.get("cup", ())
        ctx.state.boxes["cup"] = tuple(c for c in cup if c != chit)
        ctx.state.boxes["drawn"] = (*ctx.state.boxes.get("drawn", ()), chit)
        ctx.done()
        info = chit_info(ctx, chit)
        kind, force = info["kind"], info["force"]
        if not force_open(ctx, force):
            # K45 0.5, 0.7: over the limit; an action chit is not acted upon
            ctx.emit("chit", f"chit {chit} drawn: not acted upon (limit reached)", chit=chit)
            return
        ctx.emit("chit", f"chit {chit} drawn", chit=chit)
        if kind == "hq":
            use(ctx, force)
            ctx.push("activate", hq=chit, side=info["side"])
        elif kind == "front":
            use(ctx, force)  # K45 2.1c: counts towards the Front's limit
            ctx.push("choose-hq", side="soviet", front=info["front"], hgm=False)
        elif kind == "hgm":
            use(ctx, force)  # K45 2.1d
            ctx.push("choose-hq", side="german", front="", hgm=True)
        else:
            ctx.push("action-chit", chit=chit, kind=kind)


class ChooseHQ(SideStep):
    """K45 2.1c, 2.1d, 2.2c: a Front or HGM chit activates any HQ under it, even one already
    activated this turn."""

    name: ClassVar[str] = "choose-hq"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "front": FRONT,
        "hgm": BOOL,
        "free": BOOL,
    }
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "K45 2.2c"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def hqs(self, ctx: Context, frame: Frame) -> list[str]:
        side = frame.args["side"]
        return [
            u
            for u in on_map(ctx, side)
            if is_hq(ctx.unit_def(u)) and (side == "german" or front(ctx, u) == frame.args["front"])
        ]

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *(Choose(h) for h in self.hqs(ctx, frame))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Choose) and action.option not in self.hqs(ctx, frame):
            return IllegalAction("K45 2.2c", f"{action.option} is not an HQ under this chit")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.done()
        if isinstance(action, Choose):
            ctx.push(
                "activate",
                hq=action.option,
                side=frame.args["side"],
                hgm=frame.args["hgm"],
                free=frame.get("free", False),
            )


class Activate(Step):
    """K45 2.2, 2.2a, 2.2e: the HQ activates its units within range at this instant, then
    its player picks independents, moves and fights."""

    name: ClassVar[str] = "activate"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "hq": UNIT,
        "side": SIDE,
        "hgm": BOOL,
        "free": BOOL,
    }
    rule: ClassVar[str] = "K45 2.2a"

    def run(self, ctx: Context, frame: Frame) -> None:
        hq, side = frame.args["hq"], frame.args["side"]
        ctx.done()
        if ctx.state.units[hq].at is None:
            ctx.emit("chit", f"{hq} is not on the map", hq=hq)
            return
        reach = in_range(ctx, hq)
        units = own_units(ctx, hq, reach)
        command = charts(ctx)["command"]
        slots = int(command["special"].get(hq, command["independents"][side]))
        ctx.state.set(
            "active",
            {
                "hq": hq,
                "side": side,
                "units": units,
                "move_only": [],
                "free": bool(frame.get("free", False)),
            },
        )
        # K45 0.1e: which units an HQ activates is told to its side (the view shows the enemy
        # only the units it may see)
        text = f"{hq} activates {', '.join(units) or 'no units'}"
        ctx.tell(side, "activate", text, hq=hq, units=units)
        if not frame.get("free", False):
            ctx.push("combat", side=side)
        ctx.push("movement", side=side)
        hgm = int(command["hgm_independents"]) if frame.get("hgm") else 0
        ctx.push("pick-independents", side=side, hq=hq, slots=slots, hgm=hgm)


class PickIndependents(SideStep):
    """K45 2.2a, 2.2b, 2.2d, 2.1d: add independents within range (two Soviet, three German,
    five for the 7th Panzer HQ); with the HGM chit also two independents anywhere, to move."""

    name: ClassVar[str] = "pick-independents"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "hq": UNIT,
        "slots": INT,
        "hgm": INT,
    }
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "K45 2.2a"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return bool(self.options(ctx, frame))

    def options(self, ctx: Context, frame: Frame) -> list[str]:
        return ctx.per_position((self.name, frame), lambda: self._options(ctx, frame))

    def _options(self, ctx: Context, frame: Frame) -> list[str]:
        hq = frame.args["hq"]
        active = ctx.state.get("active", {})
        taken = {*active.get("units", ()), *active.get("move_only", ())}
        out: list[str] = []
        if int(frame.args["slots"]) > 0:
            out += [f"unit:{u}" for u in independents(ctx, hq, in_range(ctx, hq)) if u not in taken]
        if int(frame.args["hgm"]) > 0:
            side = frame.args["side"]
            out += [
                f"hgm:{u}"
                for u in on_map(ctx, side)
                if is_combat(ctx.unit_def(u))
                and not is_naval(ctx.unit_def(u))
                and hq_of(ctx, u) is None
                and u not in taken
            ]
        return out

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *(Choose(o) for o in self.options(ctx, frame))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Choose) and action.option not in self.options(ctx, frame):
            return IllegalAction(
                "K45 2.2a", f"{action.option} is not an independent this HQ may activate"
            )
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Choose)
        how, uid = action.option.split(":", 1)
        active = dict(ctx.state.get("active", {}))
        if how == "unit":
            active["units"] = [*active["units"], uid]
            ctx.update(slots=int(frame.args["slots"]) - 1)
            if is_naval(ctx.unit_def(uid)):
                ctx.state.set("hipper_used", True)  # K45 12.6(3): once per turn
        else:
            active["move_only"] = [*active["move_only"], uid]
            ctx.update(hgm=int(frame.args["hgm"]) - 1)
        ctx.state.set("active", active)
        text = f"{frame.args['hq']} activates the independent {uid}"
        ctx.tell(ctx.side_of(uid), "activate", text, unit=uid)  # K45 0.1e
