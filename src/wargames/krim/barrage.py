"""Krim: Artillery and Barrages: artillery attacks only by barrage, once in its own and once
in the enemy Combat Phase, in tactical supply, within range (counting the target hex), stacked
with a friendly non-artillery unit when next to an enemy non-artillery unit, never after an
OpTrans; one barrage per target hex per phase, all before the Prepared Assaults; a hit removes
one step (the barrage table is provisional, charts.barrage)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Attack, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import NODE, SIDE, UNIT, Shape, list_of, literal
from wargames.core.markers import PHASE, has_scoped, scoped
from wargames.core.sequence import Step
from wargames.core.state import Frame

from . import counters as cn
from .idle import SkippedWhenIdle
from .movement import OPTRANS, SEA_MOVED
from .supply import in_tactical_supply

RULE = "Krim: Barrages"
FIRED = "fired"
BARRAGED = "krim-barraged"
"""Title variable: target hexes barraged in the current Combat Phase."""


def fire_error(ctx: Context, uid: str, target: str | None = None) -> str | None:
    """Why the artillery unit may not fire (at ``target``), or None."""
    u = ctx.state.units[uid]
    d = ctx.unit_def(uid)
    if not cn.is_artillery(d) or u.at is None:
        return f"{uid} is not artillery on the map"
    if has_scoped(u, FIRED, PHASE):
        return f"{uid} has fired this Combat Phase"
    if u.has(OPTRANS):
        return f"{uid} made an OpTrans: it may not fire (Krim: Artillery Units, Movement)"
    if u.has(SEA_MOVED):
        # Krim: Sea Transfers: a sea-transferred unit may not attack (a barrage is an attack)
        return f"{uid} was moved by sea this player turn: it may not fire (Krim: Sea Transfers)"
    if not in_tactical_supply(ctx, uid):
        return f"{uid} is out of tactical supply"
    side = d.side
    enemy = ctx.enemy_of(side)
    next_to_enemy = any(
        ctx.side_of(e) == enemy and not cn.is_artillery(ctx.unit_def(e))
        for n in ctx.board.neighbours(u.at)
        for e in cn.ground_units_at(ctx, n)
    )
    if next_to_enemy and not any(
        not cn.is_artillery(ctx.unit_def(f)) for f in cn.ground_units_at(ctx, u.at) if f != uid
    ):
        return f"{uid} is next to an enemy unit and not stacked with a friendly non-artillery unit"
    if target is not None:
        if cn.occupant_side(ctx, target) != enemy:
            return f"{target} holds no enemy unit"
        if target in ctx.state.get(BARRAGED, ()):
            return f"{target} has already been barraged this Combat Phase"
        # Krim: Range: count the target hex, not the firing unit's
        if ctx.board.distance(u.at, target) > max(d.range, 1):
            return f"{target} is beyond {uid}'s range {max(d.range, 1)}"
    return None


def targets_of(ctx: Context, uid: str) -> list[str]:
    u = ctx.state.units[uid]
    if fire_error(ctx, uid) is not None or u.at is None:
        return []
    rng = max(ctx.unit_def(uid).range, 1)
    enemy = ctx.enemy_of(ctx.side_of(uid))
    out = []
    for node in sorted(cn.enemy_nodes(ctx, ctx.side_of(uid))):
        near = ctx.board.distance(u.at, node) <= rng
        if (
            near
            and node not in ctx.state.get(BARRAGED, ())
            and cn.occupant_side(ctx, node) == enemy
        ):
            out.append(node)
    return out


def hit_number(ctx: Context, total: float) -> int | None:
    """The least die roll that hits for a firing strength (None: no hit possible)."""
    table = ctx.charts["barrage"]
    need = None
    for s, h in zip(table["strengths"], table["hit_on"], strict=True):
        if total >= s:
            need = int(h)
    return need


class Barrages(SkippedWhenIdle):
    """Krim: Barrages: the side fires its barrages one at a time (one artillery unit and a
    target; others may join), then passes."""

    name: ClassVar[str] = "barrages"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}
    kind: ClassVar[str] = "barrage"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        out: list[Action] = [Pass()]
        for u in ctx.units_of(frame.args["side"]):
            out += [Attack((u.id,), t) for t in targets_of(ctx, u.id)]
        return out

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Pass):
            return None
        assert isinstance(action, Attack)
        if len(action.units) != 1 or action.units[0] not in ctx.state.units:
            return IllegalAction(RULE, "declare a barrage with one artillery unit")
        uid = action.units[0]
        if ctx.side_of(uid) != frame.args["side"]:
            return IllegalAction(RULE, f"{uid} is not a unit of {frame.args['side']}")
        why = fire_error(ctx, uid, action.target)
        return None if why is None else IllegalAction(RULE, why)

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Attack)
        ctx.state.set(BARRAGED, (*ctx.state.get(BARRAGED, ()), action.target))
        uid = action.units[0]
        ctx.state.put(ctx.state.units[uid].marked(scoped(FIRED, PHASE)))
        ctx.push("barrage", side=frame.args["side"], guns=[uid], target=action.target, stage="add")


class BarrageFire(Step):
    """One barrage: more guns may join (each able to reach the target), then one die; on a
    hit the target's owner chooses the unit that loses a step."""

    name: ClassVar[str] = "barrage"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "guns": list_of(UNIT),
        "target": NODE,
        "stage": literal("add", "roll", "hit"),
    }
    kind: ClassVar[str] = "barrage"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Outcome)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        stage = frame.args["stage"]
        if stage == "roll":
            return "chance"
        if stage == "hit":
            return ctx.enemy_of(frame.args["side"])
        return str(frame.args["side"])

    def _joiners(self, ctx: Context, frame: Frame) -> list[str]:
        """Guns that may fire (Krim: Barrages) and reach the target (Krim: Range)."""
        target = str(frame.args["target"])
        return [
            u.id
            for u in ctx.units_of(frame.args["side"])
            if u.at is not None
            and u.id not in frame.args["guns"]
            and fire_error(ctx, u.id, None) is None
            and ctx.board.distance(u.at, target) <= max(ctx.unit_def(u.id).range, 1)
        ]

    def _total(self, ctx: Context, frame: Frame) -> float:
        return sum(
            ctx.unit_def(g).attack_at(ctx.state.units[g].steps)
            for g in frame.args["guns"]
            if ctx.state.units[g].at is not None
        )

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        need = hit_number(ctx, self._total(ctx, frame))
        p = Fraction(0) if need is None else Fraction(max(0, 7 - need), 6)
        return [(o, q) for o, q in ((Outcome("hit"), p), (Outcome("miss"), 1 - p)) if q > 0]

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        stage = frame.args["stage"]
        if stage == "roll":
            return [a for a, _ in self.outcomes(ctx, frame)]
        if stage == "hit":
            return [Choose(f"step:{u}") for u in cn.ground_units_at(ctx, frame.args["target"])]
        return [Choose("fire"), *(Choose(f"add:{u}") for u in self._joiners(ctx, frame))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        stage = frame.args["stage"]
        if stage == "add":
            assert isinstance(action, Choose)
            if action.option == "fire":
                ctx.emit(
                    "barrage",
                    f"{'+'.join(frame.args['guns'])} barrage {frame.args['target']}",
                    guns=list(frame.args["guns"]),
                    target=frame.args["target"],
                )
                ctx.update(stage="roll")
                return
            gun = action.option[4:]
            ctx.state.put(ctx.state.units[gun].marked(scoped(FIRED, PHASE)))
            ctx.update(guns=[*frame.args["guns"], gun])
            return
        if stage == "roll":
            assert isinstance(action, Outcome)
            if action.value == "hit" and cn.ground_units_at(ctx, frame.args["target"]):
                ctx.emit("barrage-hit", f"barrage hits {frame.args['target']}")
                ctx.update(stage="hit")
                return
            ctx.done()
            return
        assert isinstance(action, Choose)
        cn.lose_step(ctx, action.option[5:], "Krim: Barrage Results")
        ctx.done()


class BeginCombat(Step):
    """Start of a Combat Phase: no hex has been barraged yet, no attack made."""

    name: ClassVar[str] = "begin-combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE}

    def run(self, ctx: Context, frame: Frame) -> None:
        from .assault import ATTACKED_THIS_PHASE

        ctx.state.set(BARRAGED, ())
        ctx.state.set(ATTACKED_THIS_PHASE, False)
        ctx.done()
