"""Stacking at each phase's end (K45 5.0a, 5.1, 5.1a, 5.2) and the extra hex of an HQ that a
retreat leaves on another HQ (5.2).

The kernel runs the title's ``phase_end_step`` after the last segment of every phase; here it
is :class:`PhaseEndStacking`, which checks every hex of both sides and penalises each
overstacked hex until none is left: too many combat units (refugees count two, 12.2b) cost
the strongest unit a step and a one-hex retreat, or its elimination (5.1a); two HQs in a hex
send one HQ one hex on, or eliminate it (5.2). Where the text leaves a choice (equally strong
units, which HQ) the owner makes it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar, Literal

import attrs

from wargames.core.actions import Action, Choose
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.events import Redacted
from wargames.core.frame_args import NODE, SIDE, TEXT, UNIT, Shape, list_of
from wargames.core.retreat import RetreatPath, RetreatSituation, retreat_paths
from wargames.core.sequence import Step
from wargames.core.state import Frame, UnitsMemo

from .charts import charts
from .combat import RETREAT
from .forces import (
    attack,
    eliminate,
    enemy,
    enter,
    is_combat,
    is_hq,
    is_naval,
    lose_step,
    placed,
    playable,
    refugee_hexes,
    unplayable_nodes,
)
from .steps import SideStep
from .supply import trace, zoc_of

Kind = Literal["combat", "hq"]

# K45 5.2: "retreat the HQ one additional hex. If it cannot do so, it is eliminated": each hex
# farther (9.2a), towards supply and out of EZOC if possible (9.2b, 9.2c); an HQ has no step
# to lose for an EZOC (9.0c costs a stack of combat units a step).
HQ_RETREAT = attrs.evolve(
    RETREAT,
    rule="K45 5.2",
    blocked="K45 5.2",
    blocked_steps=None,
    ezoc_steps=0,
    stacking="K45 5.2",
    overstack_hexes=0,
)


def overstack(ctx: Context, node: str) -> Kind | None:
    """K45 5.0, 5.2, 12.2b: how the hex breaks stacking: ``"combat"`` (more than two combat
    units, refugees counting two), ``"hq"`` (two HQs), or None."""
    here = ctx.state.occupancy().get(node, ())
    if not here or not playable(ctx, node):  # Admiral Hipper's Frische Haff is no stack
        return None
    st = charts(ctx)["stacking"]
    defs = [ctx.unit_def(u) for u in here]
    combat = sum(1 for d in defs if is_combat(d) and not is_naval(d))
    if node in refugee_hexes(ctx):
        combat += int(st["refugee"])
    if combat > int(st["combat"]):
        return "combat"
    if sum(1 for d in defs if is_hq(d)) > int(st["hq"]):
        return "hq"
    return None


def candidates(ctx: Context, node: str, kind: Kind) -> list[str]:
    """K45 5.1a: the strongest combat units (attack value; the owner picks among equals);
    5.2: the HQs, one of which the owner moves on."""
    here = sorted(ctx.state.occupancy().get(node, ()))
    if kind == "hq":
        return [u for u in here if is_hq(ctx.unit_def(u))]
    combat = [u for u in here if is_combat(ctx.unit_def(u)) and not is_naval(ctx.unit_def(u))]
    if not combat:
        return []  # refugees alone with an HQ are legal (12.2b)
    best = max(attack(ctx, u) for u in combat)
    return [u for u in combat if attack(ctx, u) == best]


_FIRST: UnitsMemo[tuple[str, Kind, list[str]] | None] = UnitsMemo(limit=16)


def first_overstack(ctx: Context) -> tuple[str, Kind, list[str]] | None:
    """The first overstacked hex (by label), how, and the units the penalty may fall on. It
    reads the units and the refugees alone (besides the scenario), so kept while they stay
    the same: a phase end asks it for its actor, then runs it."""
    key = (id(ctx.scenario), ctx.state.get("refugees"))
    found = _FIRST.get(ctx.state, key, lambda: _first_overstack(ctx))
    return None if found is None else (found[0], found[1], list(found[2]))


def _first_overstack(ctx: Context) -> tuple[str, Kind, list[str]] | None:
    st = charts(ctx)["stacking"]
    room = min(int(st["combat"]), int(st["hq"]))  # no fewer units can break a limit
    shelters = refugee_hexes(ctx)
    occupancy = ctx.state.occupancy()
    for node in sorted(occupancy):
        if len(occupancy[node]) <= room and node not in shelters:
            continue
        kind = overstack(ctx, node)
        if kind is not None:
            units = candidates(ctx, node, kind)
            if units:
                return node, kind, units
    return None


def penalise(ctx: Context, node: str, kind: Kind, uid: str) -> None:
    """K45 5.1a: the unit loses a step and retreats one hex (eliminated if it cannot); 5.2:
    the HQ retreats one hex (eliminated if it cannot)."""
    side = ctx.side_of(uid)
    if kind == "hq":
        others = Redacted(f"{node} holds two HQs: one retreats", {"hex": node})  # K45 0.1e
        text = f"{node} holds two HQs: {uid} retreats"
        ctx.emit_about([uid], "overstack", text, others=others, hex=node, unit=uid)
        ctx.push("hq-retreat", side=side, hq=uid, path=[node])
        return
    ctx.emit_about(
        [uid],
        "overstack",
        f"{node} is overstacked: {uid} loses a step and retreats",
        others=Redacted(f"{node} is overstacked: a unit loses a step and retreats", {"hex": node}),
        hex=node,
        unit=uid,
    )
    lose_step(ctx, uid)
    if ctx.state.units[uid].at is not None:
        ctx.push("retreat", side=side, origin=node, length=1, units=[uid], penalty=True)


class PhaseEndStacking(Step):
    """K45 5.0a, 5.1, 5.1a, 5.2, 6.0a: at the end of every phase every overstacked hex of
    either side is penalised, one at a time, until every hex is legal. The owner chooses among
    equally strong units (as 8.0a lets him) and which of two HQs moves on."""

    name: ClassVar[str] = "phase-end"
    args: ClassVar[Mapping[str, Shape] | None] = {"phase": TEXT}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = "K45 5.1a"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        found = first_overstack(ctx)
        if found is None or len(found[2]) == 1:
            return None
        return ctx.side_of(found[2][0])

    def prompt(self, ctx: Context, frame: Frame) -> str:
        found = first_overstack(ctx)
        assert found is not None
        return f"{found[0]} is overstacked: choose the unit that pays (K45 5.1a, 5.2)"

    def run(self, ctx: Context, frame: Frame) -> None:
        found = first_overstack(ctx)
        if found is None:
            ctx.done()
            return
        node, kind, units = found
        penalise(ctx, node, kind, units[0])

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        found = first_overstack(ctx)
        return [] if found is None else [Choose(u) for u in found[2]]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, Choose)
        found = first_overstack(ctx)
        if found is None or action.option not in found[2]:
            rule = "K45 5.2" if found is not None and found[1] == "hq" else "K45 5.1a"
            return IllegalAction(rule, f"{action.option} is not a unit that pays for overstacking")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        found = first_overstack(ctx)
        assert found is not None
        penalise(ctx, found[0], found[1], action.option)


def hq_room(ctx: Context, node: str, hq: str) -> bool:
    """K45 5.2: an HQ may end in a playable hex holding no enemy unit and no other HQ (HQs do
    not count against the combat stacking limit)."""
    side = ctx.side_of(hq)
    if not playable(ctx, node):
        return False
    here = [u for u in ctx.state.occupancy().get(node, ()) if u != hq]
    return not any(ctx.side_of(u) != side or is_hq(ctx.unit_def(u)) for u in here)


def hq_retreats(ctx: Context, hq: str, path: list[str]) -> list[RetreatPath]:
    """K45 5.2: the ways an HQ retreats one hex beyond ``path`` (the hexes it has retreated;
    just its hex at a phase end); a lone option flagged eliminated if it cannot."""
    index = ctx.board.index
    side = ctx.side_of(hq)
    prohibited = set(unplayable_nodes(index))
    for n, us in ctx.state.occupancy().items():
        if ctx.side_of(us[0]) != side:
            prohibited.add(index.number[n])  # an HQ overruns nothing (4.3(1))
    line = trace(ctx, side)
    near = {n for n in ctx.board if ctx.board.distance(path[0], n) <= len(path) + 1}
    distance = {index.number[n]: d for n in near if (d := line.distance(n)) is not None}
    situation = RetreatSituation(
        prohibited=prohibited,
        ezoc=zoc_of(ctx, enemy(side)).nodes,
        supply_distance=distance,
        fits=lambda v: hq_room(ctx, index.ids[v], hq),
    )
    start = [index.number[n] for n in path]
    return list(retreat_paths(index, start, len(path), HQ_RETREAT, situation))


class HQRetreat(SideStep):
    """K45 5.2: an HQ stacked with another HQ by a retreat (or at a phase end) retreats one
    additional hex, the owner choosing where; if it cannot, it is eliminated."""

    name: ClassVar[str] = "hq-retreat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "hq": UNIT, "path": list_of(NODE)}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = "K45 5.2"
    actions: ClassVar[tuple[type[Action], ...]] = (RetreatAction,)

    def options(self, ctx: Context, frame: Frame) -> list[RetreatPath]:
        hq, path = frame.args["hq"], list(frame.args["path"])
        if ctx.state.units[hq].at != path[-1]:
            return []
        return hq_retreats(ctx, hq, path)

    def pending(self, ctx: Context, frame: Frame) -> bool:
        return any(not p.eliminated for p in self.options(ctx, frame))

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        if self.options(ctx, frame):
            hq = frame.args["hq"]
            text = f"{hq} cannot retreat one more hex (K45 5.2)"
            others = Redacted("an HQ cannot retreat one more hex (K45 5.2)")  # K45 0.1e
            ctx.emit_about([hq], "retreat", text, others=others, unit=hq)
            eliminate(ctx, hq)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        index = ctx.board.index
        hq = frame.args["hq"]
        return [RetreatAction((hq,), p.labels(index)) for p in self.options(ctx, frame)]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in set(self.legal(ctx, frame)):
            return None
        assert isinstance(action, RetreatAction)
        return IllegalAction(
            "K45 5.2", f"{'-'.join(action.path)} is not a one-hex retreat of the HQ (5.2, 9.2)"
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, RetreatAction)
        ctx.done()
        hq = frame.args["hq"]
        dest = action.path[-1]
        enter(ctx, hq, dest)
        route = "-".join(action.path)
        others = Redacted(f"an HQ retreats on {route}", {"path": list(action.path)})  # 0.1e
        ctx.emit_about([hq], "retreat", f"{hq} retreats on {route}", others=others, units=[hq])
        placed(ctx, hq, [dest])
