"""Barrages (K45 0.7a, 1.0a, random events 4 and 11): 3:1 attacks without attacking units.

The Barrage Table turns a 1d6 roll into a number of barrage attacks; each is resolved on the
3-1 column with the defender's terrain shifts (1.0a: "regular terrain benefits apply") and the
defender's part of the result only. Targets: on the first turn, enemy units within two hexes
of a friendly unit (1.0a); for a Front's barrage chit, German units adjacent to a unit of that
Front (0.7a); for the random events, enemy units adjacent to a friendly unit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar

from wargames.core.actions import Action, Attack, Outcome, Pass
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import INT, NODE, SIDE, Shape
from wargames.core.sequence import Step
from wargames.core.state import Frame
from wargames.core.steps import DieStep

from .arg_shapes import FRONT, SCOPE
from .charts import charts
from .combat import defended, execute, release, terrain_shift
from .forces import enemy, front, is_combat, on_map
from .steps import SideStep


def barrage_targets(ctx: Context, frame: Frame) -> list[str]:
    side = frame.args["side"]
    reach = 2 if frame.args["scope"] == "within2" else 1
    mine = {
        ctx.state.units[u].at
        for u in on_map(ctx, side)
        if is_combat(ctx.unit_def(u))
        and (frame.args["scope"] != "front" or front(ctx, u) == frame.args["front"])
    }
    theirs = {ctx.state.units[u].at for u in on_map(ctx, enemy(side))}
    board = ctx.board
    near = {board.node_at(h) for m in mine if m is not None for h in board.hex_of(m).within(reach)}
    return sorted(
        n for n in theirs if n is not None and defended(ctx, n, enemy(side)) and n in near
    )


class FirstTurnBarrage(Step):
    """K45 1.0a: the Germans roll twice on the Barrage Table, then each Soviet Front twice."""

    name: ClassVar[str] = "first-turn-barrage"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "K45 1.0a"

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()
        drm = int(charts(ctx)["barrage"]["first_turn_drm"])
        for side, fr in (("soviet", "2BR"), ("soviet", "3BR"), ("german", "")):
            ctx.push(
                "barrage-dice", side=side, front=fr, rolls=2, attacks=0, drm=drm, scope="within2"
            )


class BarrageDice(DieStep):
    """K45 0.7a, 1.0a: 1d6 on the Barrage Table gives the number of 3:1 barrage attacks."""

    name: ClassVar[str] = "barrage-dice"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "front": FRONT,
        "rolls": INT,
        "attacks": INT,
        "drm": INT,
        "scope": SCOPE,
    }
    rule: ClassVar[str] = "K45 0.7a"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        attacks = int(frame.args["attacks"]) + int(
            charts(ctx)["barrage"]["attacks"][str(action.value)]
        )
        rolls = int(frame.args["rolls"]) - 1
        who = frame.args["front"] or frame.args["side"]
        ctx.emit("barrage", f"{who} barrage roll {action.value}", die=action.value)
        if rolls > 0:
            ctx.update(attacks=attacks, rolls=rolls)
            return
        ctx.done()
        if attacks:
            ctx.emit("barrage", f"{who}: {attacks} barrage attack(s)", attacks=attacks)
            ctx.push(
                "barrage",
                side=frame.args["side"],
                front=frame.args["front"],
                count=attacks,
                drm=frame.args["drm"],
                scope=frame.args["scope"],
            )


class Barrage(SideStep):
    """K45 0.7a, 1.0a: pick a target for each barrage attack (or pass the rest)."""

    name: ClassVar[str] = "barrage"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "front": FRONT,
        "count": INT,
        "drm": INT,
        "scope": SCOPE,
    }
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = "K45 0.7a"
    actions: ClassVar[tuple[type[Action], ...]] = (Attack, Pass)

    def legal(self, ctx: Context, frame: Frame) -> Iterable[Action]:
        return [Pass(), *(Attack((), t) for t in barrage_targets(ctx, frame))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if isinstance(action, Attack):
            if action.units:
                return IllegalAction("K45 0.7a", "a barrage has no attacking units")
            if action.target not in barrage_targets(ctx, frame):
                rule = "K45 1.0a" if frame.args["scope"] == "within2" else "K45 0.7a"
                return IllegalAction(rule, f"{action.target} is not a target for this barrage")
        return None

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Pass):
            ctx.done()
            return
        assert isinstance(action, Attack)
        left = int(frame.args["count"]) - 1
        if left > 0:
            ctx.update(count=left)
        else:
            ctx.done()
        scale = charts(ctx).crt.scale
        base = scale.index(str(charts(ctx)["barrage"]["odds"]))
        release(ctx, action.target)  # K45 12.8: a barrage attacks the hex
        shift = terrain_shift(ctx, [], action.target)
        col = max(0, min(len(scale.columns) - 1, base + shift))
        ctx.emit(
            "barrage", f"barrage on {action.target} at {scale.label(col)}", target=action.target
        )
        ctx.push(
            "barrage-roll",
            side=frame.args["side"],
            target=action.target,
            column=col,
            drm=frame.args["drm"],
        )


class BarrageRoll(DieStep):
    """K45 0.7a: 1d6 (with any modifier) on the column; only the defender's result applies."""

    name: ClassVar[str] = "barrage-roll"
    args: ClassVar[Mapping[str, Shape] | None] = {
        "side": SIDE,
        "target": NODE,
        "column": INT,
        "drm": INT,
    }
    rule: ClassVar[str] = "K45 0.7a"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome) and isinstance(action.value, int)
        args = frame.args
        result = charts(ctx).crt.lookup(args["column"], action.value, int(args["drm"]))
        ctx.emit(
            "result", f"barrage die {action.value}: {result}", die=action.value, result=str(result)
        )
        ctx.done()
        execute(ctx, result, args["side"], args["target"], [])
