"""DC2 Combat: a side's combat phase, resolved point by point in the attacker's order, except
that every attack in which the defender's firepower is greater than the attacker's goes first.
Each attack is fought as a battle (:mod:`.battle`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from wargames.core.actions import Action, Attack
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape, literal
from wargames.core.sequence import Step
from wargames.core.state import Frame

from .battle import COMBAT, Battle, start, strengths
from .charts import charts
from .operational import BREAKTHROUGH, attacks, set_attacks


def order(ctx: Context, side: str) -> list[str]:
    """DC2 Combat: the attacker picks the order, except that every attack in which the
    defender's firepower is greater than the attacker's goes first."""
    pending = attacks(ctx)
    first: list[str] = []
    rest: list[str] = []
    for target, committed in sorted(pending.items()):
        b = Battle(target, side, tuple((u, p) for u, p in committed), round=1)
        a, d = strengths(ctx, b)
        (first if d > a else rest).append(target)
    return first or rest


class CombatStep(Step):
    """DC2 Combat: a side's combat phase, one point at a time."""

    name: ClassVar[str] = "combat"
    args: ClassVar[Mapping[str, Shape] | None] = {"side": SIDE, "mode": literal("", BREAKTHROUGH)}
    kind: ClassVar[str] = "attack"
    rule: ClassVar[str] = COMBAT
    actions: ClassVar[tuple[type[Action], ...]] = (Attack,)

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        side: str = frame.args["side"]
        return side if len(order(ctx, side)) > 1 else None

    def run(self, ctx: Context, frame: Frame) -> None:
        targets = order(ctx, frame.args["side"])
        if not targets:
            set_attacks(ctx, {})
            ctx.done()
            return
        self._begin(ctx, frame.args["side"], targets[0])

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        pending = attacks(ctx)
        return [Attack(tuple(u for u, _ in pending[t]), t) for t in order(ctx, frame.args["side"])]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        if action in self.legal(ctx, frame):
            return None
        return IllegalAction(
            COMBAT,
            "resolve a pending attack with all its units; attacks where the defender's "
            "firepower exceeds the attacker's go first",
        )

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Attack)
        self._begin(ctx, frame.args["side"], action.target)

    def _begin(self, ctx: Context, side: str, target: str) -> None:
        pending = attacks(ctx)
        committed = pending.pop(target)
        set_attacks(ctx, pending)
        # Breakthrough combat lasts ``charts.breakthrough_rounds`` (Darkest Crusade: "only for
        # 1 battle round"); other battles until one side is eliminated or retreats.
        breakthrough = ctx.frame.args.get("mode") == BREAKTHROUGH
        rounds = charts(ctx).breakthrough_rounds if breakthrough else 0
        start(ctx, target, side, committed, rounds)
