"""The Siberian Reserve gamble (the text's rule is lost; errata R 3.E lists "the Siberian ..."
among the rules). Filled gap, provisional, from Darkest Crusade's Siberian Reserve Gamble:
the Siberian units (flag ``siberian``) arrive in three consecutive turns from December 1941
(their ``[[reinforcements]]`` turns), safely; the Soviet player may call them in sooner, at
the start of an earlier player turn: the whole schedule moves forward to that turn, and each
turn a Siberian unit arrives before the safe month risks a 1 in 6 chance of losing the game
("a 1/6 chance of losing the game for every month the Russian player has brought them in
sooner"; the hex edition title reads its 1/9 the same way, one roll a turn).
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from wargames.core.actions import Action, Choose, Outcome, Pass
from wargames.core.context import Context
from wargames.core.sequence import ChanceStep
from wargames.core.state import Frame, Result
from wargames.core.steps import SideStep

from . import counters as cn
from .charts import charts

RULE = "Siberian Reserve gamble (filled gap: Darkest Crusade)"
CALL = "siberians"


def is_siberian(ctx: Context, uid: str) -> bool:
    return cn.has(ctx, uid, "siberian")


def shift(ctx: Context) -> int:
    """Turns the Siberian schedule has moved forward (0 until called early)."""
    called = ctx.state.get("siberians_called")
    return 0 if called is None else int(charts(ctx).siberians["safe_turn"]) - int(called)


def due_turn(ctx: Context, uid: str, turn: int) -> int:
    """The turn a reinforcement scheduled for ``turn`` arrives."""
    return turn - shift(ctx) if is_siberian(ctx, uid) else turn


def waiting(ctx: Context) -> bool:
    return any(
        is_siberian(ctx, r.unit) and ctx.state.units[r.unit].box == "reinforcements"
        for r in ctx.scenario.reinforcements
    )


def early(ctx: Context) -> bool:
    return ctx.turn < int(charts(ctx).siberians["safe_turn"])


class SiberianCallStep(SideStep):
    """At the start of his player turn before December 1941 the Soviet player may call the
    Siberians in (``Choose('siberians')``) or wait (``Pass``)."""

    name: ClassVar[str] = "siberians"
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RULE
    actions: ClassVar[tuple[type[Action], ...]] = (Choose, Pass)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        if ctx.state.get("siberians_called") is not None or not early(ctx) or not waiting(ctx):
            return None
        return cn.SOVIET

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.done()

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Pass(), Choose(CALL)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        if isinstance(action, Choose):
            ctx.state.set("siberians_called", ctx.turn)
            ctx.emit("siberians", "the Soviet player calls in the Siberian Reserve early")
        ctx.done()


class SiberianGambleStep(ChanceStep):
    """One roll for a turn in which Siberian units arrive early: lost on ``loss_in_sixths``."""

    name: ClassVar[str] = "siberian-gamble"
    rule: ClassVar[str] = RULE

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        k = int(charts(ctx).siberians["loss_in_sixths"])
        return [(Outcome("lost"), Fraction(k, 6)), (Outcome("safe"), Fraction(6 - k, 6))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done()
        if action.value == "lost":
            why = "the early Siberian Reserve cost the Soviets the game (Siberian Reserve gamble)"
            ctx.end(Result(cn.AXIS, "victory", why))
