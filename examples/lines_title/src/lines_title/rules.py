"""The rules of the example title ``lines`` (L1-L7 in ``README.md``), on the kernel's kit only.

It shows, in order: a move along a line within the line's capacity (a ledger kept in the
state), an attack declared with one unit and joined by more one at a time, a battle in rounds
as a typed procedure with a fixed table of stages, chance results and loss allocations handed
back to the battle (``ctx.call`` / ``ctx.done(**results)``), and a decision by the side that
is not moving (the defender stands or retreats along a line that can still carry it).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Attack, Choose, Move, Outcome, Pass, Retreat
from wargames.core.changes import move_units
from wargames.core.context import Context
from wargames.core.dice import hits
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, NODE, SIDE, UNIT, Shape, list_of, literal
from wargames.core.lines import LinePolicy, line_paths, segment_ledger, store_ledger
from wargames.core.markers import SEGMENT, has_scoped, scoped
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame
from wargames.core.steps import AllocateLossesStep, SideStep

MOVED = "moved"
FOUGHT = "fought"


# --- queries -------------------------------------------------------------------------------


def holder(ctx: Context, point: str) -> str | None:
    """The side with units on ``point`` (one side at most: L2 never lets them share)."""
    units = ctx.state.occupancy().get(point, ())
    return ctx.side_of(units[0]) if units else None


def policy(ctx: Context) -> LinePolicy:
    """L2: the scenario's line classes, cited as L2."""
    return attrs.evolve(ctx.scenario.lines, rule="L2")


def fire(ctx: Context, units: Iterable[str]) -> int:
    """L5: dice rolled by ``units``: the sum of their ``fire`` value for the steps left."""
    return sum(
        int(ctx.unit_def(u).value_at("fire", ctx.state.units[u].steps))
        for u in units
        if ctx.state.units[u].at is not None
    )


# --- L2-L3 movement ---------------------------------------------------------------------------


class Movement(SideStep):
    """L2-L3: each unit may move once along one line to a point the enemy does not hold, if
    the line can still carry it this segment; at most ``stacking`` units end on a point."""

    name: ClassVar[str] = "movement"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "move"
    rule: ClassVar[str] = "L2"
    actions: ClassVar[tuple[type[Action], ...]] = (Move, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for unit in ctx.units_of(frame.args["side"]):
            assert unit.at is not None
            for dest in sorted(ctx.board.neighbours(unit.at)):
                move = Move((unit.id,), (unit.at, dest))
                if self.why_not(ctx, frame, move) is None:
                    out.append(move)
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Move)
        return self.why_not(ctx, frame, action)

    def why_not(self, ctx: Context, frame: Frame, move: Move) -> IllegalAction | None:
        side = frame.args["side"]
        if len(move.units) != 1 or len(move.path) != 2:
            return IllegalAction("L2", "one unit moves along one line at a time")
        uid, (start, dest) = move.units[0], move.path
        unit = ctx.state.units.get(uid)
        if unit is None or unit.at != start or ctx.side_of(uid) != side:
            return IllegalAction("L2", f"{uid} is not a unit of {side} at {start}")
        if has_scoped(unit, MOVED, SEGMENT):
            return IllegalAction("L2", f"{uid} has already moved this phase")
        if not ctx.board.adjacent(start, dest):
            return IllegalAction("L2", f"no line joins {start} and {dest}")
        if holder(ctx, dest) not in (None, side):
            return IllegalAction("L2", f"{dest} is held by the enemy: attack it (L4)")
        if len(ctx.state.occupancy().get(dest, ())) >= int(ctx.charts["stacking"]):
            return IllegalAction("L3", f"{dest} already holds {ctx.charts['stacking']} units")
        why = segment_ledger(ctx.state).excess(
            ctx.board, policy(ctx), start, dest, side, [ctx.scenario.load(uid).moving()]
        )
        return None if why is None else IllegalAction("L2", why)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Move)
        uid, (start, dest) = action.units[0], action.path
        side = frame.args["side"]
        ledger = segment_ledger(ctx.state).add(
            ctx.board, policy(ctx), start, dest, side, [ctx.scenario.load(uid).moving()]
        )
        store_ledger(ctx.state, ledger)
        move_units(ctx, (uid,), dest)
        ctx.state.put(ctx.state.units[uid].marked(scoped(MOVED, SEGMENT)))


# --- L4 declaring an attack, one unit at a time -------------------------------------------------


class Combat(SideStep):
    """L4: declare a battle on an enemy point next to one of your units that has not fought;
    the battle's first attacker is named here, more join one at a time (``join``)."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "L4"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *(Attack((u,), t) for u, t in candidates(ctx, frame.args["side"]))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Attack)
        if len(action.units) == 1 and (action.units[0], action.target) in candidates(
            ctx, frame.args["side"]
        ):
            return None
        return IllegalAction("L4", "declare with one unit next to an enemy point not yet attacked")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.state.set("attacked", ())
            ctx.done()
            return
        assert isinstance(action, Attack)
        ctx.state.set("attacked", (*ctx.state.get("attacked", ()), action.target))
        fought(ctx, action.units[0])
        ctx.push("join", side=frame.args["side"], target=action.target, attackers=action.units)


def candidates(ctx: Context, side: str, target: str | None = None) -> list[tuple[str, str]]:
    """(unit, enemy point) pairs: units of ``side`` that have not fought, next to an enemy
    point not yet attacked this phase (L4)."""
    attacked = set(ctx.state.get("attacked", ()))
    out = []
    for unit in ctx.units_of(side):
        if has_scoped(unit, FOUGHT, SEGMENT):
            continue
        assert unit.at is not None
        for point in sorted(ctx.board.neighbours(unit.at)):
            if target not in (None, point):
                continue
            if holder(ctx, point) == ctx.enemy_of(side) and (
                point not in attacked or target is not None
            ):
                out.append((unit.id, point))
    return out


def fought(ctx: Context, uid: str) -> None:
    ctx.state.put(ctx.state.units[uid].marked(scoped(FOUGHT, SEGMENT)))


class Join(SideStep):
    """L4: add one more unit next to the target to the battle, or pass to fight."""

    name: ClassVar[str] = "join"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "attackers": list_of(UNIT),
    }
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "L4"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        pairs = candidates(ctx, frame.args["side"], frame.args["target"])
        return [Pass(), *(Attack((u,), t) for u, t in pairs)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Attack):
            fought(ctx, action.units[0])
            ctx.update(attackers=(*frame.args["attackers"], action.units[0]))
            return
        args = frame.args
        ctx.done()
        ctx.emit(
            "battle",
            f"{'+'.join(args['attackers'])} attack {args['target']}",
            attackers=list(args["attackers"]),
            target=args["target"],
        )
        ctx.push("battle", side=args["side"], target=args["target"], attackers=args["attackers"])


# --- L5-L6 the battle in rounds -------------------------------------------------------------------


class Stage(enum.Enum):
    """The battle's stages, in order within a round (a fixed table: no stage is ever looked up
    by a name read from a save)."""

    ATTACKER_FIRES = "attacker-fires"
    DEFENDER_LOSES = "defender-loses"
    DEFENDER_FIRES = "defender-fires"
    ATTACKER_LOSES = "attacker-loses"
    STAND_OR_RETREAT = "stand-or-retreat"


class Battle(Step):
    """L5-L6: rounds of fire until one side is gone, the defender retreats or ``rounds`` end.

    An automatic step: each stage calls a sub-step (a fire roll, a loss allocation, the
    defender's choice) and is run again with its result in the frame."""

    name: ClassVar[str] = "battle"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "attackers": list_of(UNIT),
        "round": INT,
        "stage": literal(*(s.value for s in Stage)),
        "hits": INT,  # handed back by fire
        "lost": list_of(UNIT),  # handed back by lose
        "choice": literal("stood", "retreated"),  # handed back by stand
    }
    rule: ClassVar[str] = "L5"

    def run(self, ctx: Context, frame: Frame) -> None:
        stage = Stage(frame.args.get("stage", Stage.ATTACKER_FIRES.value))
        self.stages[stage](self, ctx, frame)

    def defenders(self, ctx: Context, frame: Frame) -> tuple[str, ...]:
        return ctx.state.occupancy().get(frame.args["target"], ())

    def attackers(self, ctx: Context, frame: Frame) -> tuple[str, ...]:
        return tuple(u for u in frame.args["attackers"] if ctx.state.units[u].at is not None)

    def attacker_fires(self, ctx: Context, frame: Frame) -> None:
        if "hits" not in frame.args:
            ctx.call("fire", dice=fire(ctx, self.attackers(ctx, frame)))
            return
        self.next(ctx, Stage.DEFENDER_LOSES, hits=frame.args["hits"])

    def defender_loses(self, ctx: Context, frame: Frame) -> None:
        if "lost" not in frame.args:
            self.losses(ctx, frame, ctx.enemy_of(frame.args["side"]), self.defenders(ctx, frame))
            return
        self.next(ctx, Stage.DEFENDER_FIRES)

    def defender_fires(self, ctx: Context, frame: Frame) -> None:
        if not self.defenders(ctx, frame):
            self.end(ctx, frame)
        elif "hits" not in frame.args:
            ctx.call("fire", dice=fire(ctx, self.defenders(ctx, frame)))
        else:
            self.next(ctx, Stage.ATTACKER_LOSES, hits=frame.args["hits"])

    def attacker_loses(self, ctx: Context, frame: Frame) -> None:
        if "lost" not in frame.args:
            self.losses(ctx, frame, frame.args["side"], self.attackers(ctx, frame))
            return
        self.next(ctx, Stage.STAND_OR_RETREAT)

    def stand_or_retreat(self, ctx: Context, frame: Frame) -> None:
        last = frame.get("round", 1) >= int(ctx.charts["rounds"])
        if not self.attackers(ctx, frame) or last or frame.get("choice") == "retreated":
            self.end(ctx, frame)
        elif "choice" not in frame.args:
            defender = ctx.enemy_of(frame.args["side"])
            ctx.call("stand", by=defender, target=frame.args["target"])
        else:
            self.next(ctx, Stage.ATTACKER_FIRES, round=frame.get("round", 1) + 1)

    stages: ClassVar[dict[Stage, Callable[[Battle, Context, Frame], None]]] = {
        Stage.ATTACKER_FIRES: attacker_fires,
        Stage.DEFENDER_LOSES: defender_loses,
        Stage.DEFENDER_FIRES: defender_fires,
        Stage.ATTACKER_LOSES: attacker_loses,
        Stage.STAND_OR_RETREAT: stand_or_retreat,
    }

    def next(self, ctx: Context, stage: Stage, **args: object) -> None:
        """Go to ``stage``, forgetting the results the last stage used."""
        keep = {
            k: v for k, v in ctx.frame.args.items() if k in ("side", "target", "attackers", "round")
        }
        ctx.done()
        ctx.push(self.name, **{**keep, "stage": stage.value, **args})

    def losses(self, ctx: Context, frame: Frame, side: str, units: tuple[str, ...]) -> None:
        n = min(int(frame.args["hits"]), sum(ctx.state.units[u].steps for u in units))
        if n == 0 or not units:
            ctx.update(lost=())
        else:
            ctx.call("lose", by=side, units=units, losses=n)

    def end(self, ctx: Context, frame: Frame) -> None:
        """L6: a point left empty of defenders passes to the attacker."""
        target = frame.args["target"]
        ctx.done()
        if not self.defenders(ctx, frame) and self.attackers(ctx, frame):
            ctx.state.control[target] = frame.args["side"]
            ctx.emit("captured", f"{frame.args['side']} takes {target}", at=target)


class Fire(ChanceStep):
    """L5: ``dice`` dice, each hitting on ``hit_on`` or more; the hits go back to the battle."""

    name: ClassVar[str] = "fire"
    args: ClassVar[Mapping[str, Shape] | None] = {"dice": INT}
    rule: ClassVar[str] = "L5"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(k), p) for k, p in hits(frame.args["dice"], int(ctx.charts["hit_on"]))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.emit("fire", f"{frame.args['dice']} dice: {action.value} hit(s)", hits=action.value)
        ctx.done(hits=action.value)


class Lose(AllocateLossesStep):
    """L5: the owner spreads the hits over its units in the battle, one step each."""

    name: ClassVar[str] = "lose"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE, "units": list_of(UNIT), "losses": INT}
    rule: ClassVar[str] = "L5"


class Stand(SideStep):
    """L6: the defender, not the moving side, decides: stand for another round, or retreat
    all its units along one line to a point it holds or that is empty, within the line's
    capacity (retreat weights)."""

    name: ClassVar[str] = "stand"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE, "target": NODE}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = "L6"
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Retreat)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        target, side = frame.args["target"], frame.args["by"]
        units = ctx.state.occupancy().get(target, ())
        items = [ctx.scenario.load(u).retreating() for u in units]
        enemy = {p for p in ctx.board if holder(ctx, p) == ctx.enemy_of(side)}
        paths = line_paths(
            ctx.board, target, 1, side, items, segment_ledger(ctx.state), policy(ctx), enemy
        )
        room = int(ctx.charts["stacking"])
        occupancy = ctx.state.occupancy()
        fit = [p for p in paths if len(occupancy.get(p[-1], ())) + len(units) <= room]  # L3
        return [Choose("stand"), *(Retreat(units, p) for p in fit)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            ctx.done(choice="stood")
            return
        assert isinstance(action, Retreat)
        a, b = action.path
        items = [ctx.scenario.load(u).retreating() for u in action.units]
        ledger = segment_ledger(ctx.state).add(
            ctx.board, policy(ctx), a, b, frame.args["by"], items
        )
        store_ledger(ctx.state, ledger)
        ctx.done(choice="retreated")
        move_units(ctx, action.units, b, kind="retreat")
