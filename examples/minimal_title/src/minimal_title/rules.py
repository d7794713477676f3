"""The example title's rules: movement with ZOC, odds combat with a die roll, retreats, victory.

Written only against the public plugin API (``wargames.core``). Rule citations name this
example's own rule numbers (``M1`` ...), listed in ``README.md`` beside this file.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import (
    Action,
    AllocateLosses,
    Attack,
    Move,
    Outcome,
    Pass,
    Retreat,
)
from wargames.core.changes import eliminate, move_units
from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, NODE, SIDE, UNIT, Shape, list_of
from wargames.core.markers import SEGMENT, has_scoped, scoped
from wargames.core.movement import (
    Citations,
    Costs,
    Crossing,
    MovePolicy,
    Situation,
    check_path,
    reach,
)
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import AllocateLossesStep, DieStep, SideStep
from wargames.core.zoc import ZocRules, ZoneMap, zones

STACKING = 1


# --- queries -------------------------------------------------------------------------------


def side_units(ctx: Context, side: str) -> list[str]:
    return [u.id for u in ctx.units_of(side)]


def occupant_side(ctx: Context, node: str) -> str | None:
    for u in ctx.state.units_at(node):
        return ctx.side_of(u.id)
    return None


# M1-M3 as kernel movement policy: the rule each error cites, ZOC effects, costs from the charts.
MOVE_POLICY = MovePolicy(
    zoc=ZocRules(stop_on_enter=True, no_same_unit=True),
    rules=Citations(
        adjacent="M1",
        prohibited="M1",
        enemy="M3",
        allowance="M1",
        zoc_stop="M2",
        zoc_same_unit="M2",
        entry="M3",
    ),
)


def enemy_zoc(ctx: Context, side: str) -> ZoneMap[str]:
    """M2: every enemy unit exerts a zone of control into the six hexes around it."""
    ix = ctx.board.index
    return zones(ix, {u.id: u.at for u in ctx.units_of(ctx.enemy_of(side)) if u.at is not None})


def move_costs(ctx: Context) -> Costs:
    """M1: terrain cost of the hex entered, plus the river cost for crossing a river."""
    table = ctx.charts["movement_cost"]
    terrain = {t: int(c) for t, c in table.items() if t != "river"}
    return Costs(terrain, crossings=(Crossing("river", cost=int(table["river"])),))


def situation(ctx: Context, side: str) -> Situation:
    ix = ctx.board.index
    enemies = [ix.number[u.at] for u in ctx.units_of(ctx.enemy_of(side)) if u.at is not None]
    friends = [ix.number[u.at] for u in ctx.units_of(side) if u.at is not None]
    return Situation(enemies=enemies, friends=friends, zoc=enemy_zoc(ctx, side))


def reachable(ctx: Context, uid: str) -> dict[str, tuple[str, ...]]:
    """Every hex the unit may end its move in (M1-M3), with a cheapest path."""
    unit = ctx.state.units[uid]
    assert unit.at is not None
    ix = ctx.board.index
    mp = int(ctx.unit_def(uid).movement_at(unit.steps))
    r = reach(
        ix, ix.number[unit.at], mp, move_costs(ctx), MOVE_POLICY, situation(ctx, ctx.side_of(uid))
    )
    occupied = ctx.state.occupancy()
    paths = r.path_table()
    return {ix.ids[n]: paths[n] for n in r.cost if n != r.start and ix.ids[n] not in occupied}


def crt(ctx: Context) -> CRT:
    """C2: the scenario's odds CRT (built once per scenario and kept with its board)."""
    return ctx.board.index.cached(
        ("minimal-crt", id(ctx.charts)), lambda _: CRT.from_data(ctx.charts["crt"])
    )


def odds_column(ctx: Context, attack: float, defence: float) -> int | None:
    """C2: the odds column, rounded in the defender's favour; None below 1-2 (not allowed)."""
    table = crt(ctx)
    if defence <= 0:
        return len(table.scale.columns) - 1
    return table.scale.raw_column(Fraction(attack), Fraction(defence))


def defence_of(ctx: Context, node: str) -> float:
    """C3: defence doubled in forest and hills."""
    mult = float(ctx.charts["defence_multiplier"].get(ctx.board.terrain(node), 1))
    return sum(ctx.unit_def(u.id).defence_at(u.steps) for u in ctx.state.units_at(node)) * mult


def attack_of(ctx: Context, units: Iterable[str]) -> float:
    return sum(ctx.unit_def(u).attack_at(ctx.state.units[u].steps) for u in units)


# --- steps --------------------------------------------------------------------------------


class Movement(SideStep):
    """M1-M3: move each unit once, one at a time; pass to end the phase."""

    name: ClassVar[str] = "movement"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "M1"
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for uid in side_units(ctx, frame.args["side"]):
            if has_scoped(ctx.state.units[uid], "moved", SEGMENT):
                continue
            for _, path in sorted(reachable(ctx, uid).items()):
                out.append(Move((uid,), path))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Move)
        if len(action.units) != 1:
            return IllegalAction("M1", "units move one at a time")
        uid = action.units[0]
        unit = ctx.state.units.get(uid)
        if unit is None or unit.at is None or ctx.side_of(uid) != frame.args["side"]:
            return IllegalAction("M1", f"{uid} is not a unit of {frame.args['side']} on the map")
        if has_scoped(unit, "moved", SEGMENT):
            return IllegalAction("M1", f"{uid} has already moved this phase")
        if len(action.path) < 2 or action.path[0] != unit.at:
            return IllegalAction("M1", f"the path must start at {uid}'s hex {unit.at}")
        if action.path[-1] in ctx.state.occupancy():
            return IllegalAction("M3", f"{action.path[-1]} is occupied (one unit per hex)")
        ix = ctx.board.index
        if any(n not in ix.number for n in action.path):
            return IllegalAction("M1", "the path leaves the map")
        mp = int(ctx.unit_def(uid).movement_at(unit.steps))
        try:
            check_path(
                ix,
                [ix.number[n] for n in action.path],
                mp,
                move_costs(ctx),
                MOVE_POLICY,
                situation(ctx, frame.args["side"]),
            )
        except IllegalAction as error:
            return error
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Move)
        uid = action.units[0]
        move_units(ctx, (uid,), action.path)
        ctx.state.put(ctx.state.units[uid].marked(scoped("moved", SEGMENT)))


class Combat(SideStep):
    """C1-C4: attack adjacent enemy hexes; each unit and each hex once; pass to end."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "C1"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def _targets(self, ctx: Context, side: str) -> dict[str, list[str]]:
        """Enemy hexes not yet attacked -> own units adjacent that have not attacked."""
        attacked = set(ctx.state.get("attacked", ()))
        out: dict[str, list[str]] = {}
        for u in ctx.units_of(side):
            if has_scoped(u, "attacked", SEGMENT):
                continue
            assert u.at is not None
            for n in ctx.board.neighbours(u.at):
                if n not in attacked and occupant_side(ctx, n) == ctx.enemy_of(side):
                    out.setdefault(n, []).append(u.id)
        return out

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        side = frame.args["side"]
        for target, units in sorted(self._targets(ctx, side).items()):
            defence = defence_of(ctx, target)
            for k in range(1, len(units) + 1):
                for group in itertools.combinations(sorted(units), k):
                    if odds_column(ctx, attack_of(ctx, group), defence) is not None:
                        out.append(Attack(group, target))
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Attack)
        side = frame.args["side"]
        targets = self._targets(ctx, side)
        if action.target not in targets:
            return IllegalAction("C1", f"{action.target} is not an enemy hex open to attack")
        if not action.units or len(set(action.units)) != len(action.units):
            return IllegalAction("C1", "name each attacking unit once")
        for uid in action.units:
            if uid not in targets[action.target]:
                return IllegalAction("C1", f"{uid} cannot attack {action.target}")
        col = odds_column(ctx, attack_of(ctx, action.units), defence_of(ctx, action.target))
        if col is None:
            return IllegalAction("C2", "attacks below 1-2 are not allowed")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        side = frame.args["side"]
        if isinstance(action, Pass):
            ctx.state.set("attacked", ())
            ctx.done()
            return
        assert isinstance(action, Attack)
        col = odds_column(ctx, attack_of(ctx, action.units), defence_of(ctx, action.target))
        assert col is not None
        for uid in action.units:
            ctx.state.put(ctx.state.units[uid].marked(scoped("attacked", SEGMENT)))
        ctx.state.set("attacked", (*ctx.state.get("attacked", ()), action.target))
        label = crt(ctx).scale.label(col)
        ctx.emit(
            "combat",
            f"{'+'.join(action.units)} attack {action.target} at {label}",
            attackers=list(action.units),
            target=action.target,
            column=label,
        )
        ctx.push("resolve", attackers=action.units, target=action.target, column=col, side=side)


class Resolve(DieStep):
    """C4: roll one die on the column; the result applies at once."""

    name: ClassVar[str] = "resolve"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "attackers": list_of(UNIT),
        "target": NODE,
        "column": INT,
        "side": SIDE,
    }
    rule: ClassVar[str] = "C4"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        result = crt(ctx).lookup(frame.args["column"], action.value)
        attackers, target, side = frame.args["attackers"], frame.args["target"], frame.args["side"]
        defenders = tuple(u.id for u in ctx.state.units_at(target))
        ctx.emit("result", f"die {action.value}: {result}", die=action.value, result=str(result))
        ctx.done()
        enemy = ctx.enemy_of(side)
        attacker, defender = result.attacker, result.defender
        if defender is not None and "E" in defender.letters:
            for uid in defenders:
                eliminate(ctx, uid)
        elif defender is not None and defender.count:
            ctx.push("lose-step", by=enemy, units=defenders, losses=1)
        if attacker is not None and attacker.count:
            ctx.push("lose-step", by=side, units=attackers, losses=1)
        if defender is not None and defender.retreats:
            ctx.push("retreat", by=enemy, units=defenders)


class LoseStep(AllocateLossesStep):
    """C5: the owner picks which of the units loses one step."""

    name: ClassVar[str] = "lose-step"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE, "units": list_of(UNIT), "losses": INT}
    rule: ClassVar[str] = "C5"

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return list(super().legal(ctx, frame)) or [AllocateLosses(())]


class RetreatStep(SideStep):
    """C6: the defender retreats one hex, not into EZOC or occupied hexes; else loses a step."""

    name: ClassVar[str] = "retreat"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE, "units": list_of(UNIT)}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = "C6"
    actions: ClassVar[tuple[type[Action], ...]] = (Retreat, AllocateLosses)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        units = tuple(u for u in frame.args["units"] if ctx.state.units[u].at is not None)
        if not units:
            return [AllocateLosses(())]
        start = ctx.state.units[units[0]].at
        assert start is not None
        zoc = enemy_zoc(ctx, frame.args["by"])
        ix = ctx.board.index
        occupied = ctx.state.occupancy()
        paths: list[Action] = [
            Retreat(units, (start, n))
            for n in sorted(ctx.board.neighbours(start))
            if ix.number[n] not in zoc and n not in occupied
        ]
        return paths or [AllocateLosses(units[:1])]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, AllocateLosses):
            ctx.done()
            if action.units:
                ctx.push("lose-step", by=frame.args["by"], units=action.units, losses=1)
            return
        assert isinstance(action, Retreat)
        ctx.done()
        move_units(ctx, action.units, action.path, kind="retreat")


class Reinforce(Step):
    """R1: units due this turn arrive on their hex, or as near as it is free (automatic)."""

    name: ClassVar[str] = "reinforce"
    args: ClassVar[Mapping[str, Shape] | None] = {}

    def run(self, ctx: Context, frame: Frame) -> None:
        for r in ctx.scenario.reinforcements:
            unit = ctx.state.units[r.unit]
            if r.turn == ctx.turn and unit.box == "reinforcements" and r.at is not None:
                spot = _free_near(ctx, r.at)
                if spot is not None:
                    ctx.state.put(unit.moved_to(spot))
                    ctx.emit("arrive", f"{r.unit} arrives at {spot}", unit=r.unit, at=spot)
        ctx.done()


def _free_near(ctx: Context, node: str) -> str | None:
    occupied = ctx.state.occupancy()
    ring = [node]
    seen = {node}
    while ring:
        for n in sorted(ring):
            if n not in occupied:
                return n
        ring = sorted({m for n in ring for m in ctx.board.neighbours(n)} - seen)
        seen.update(ring)
    return None
