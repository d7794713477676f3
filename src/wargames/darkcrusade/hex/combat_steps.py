"""DCH: Combat Results Definitions: the decisions and dice inside a battle, each a small frame
above the ``battle`` step (:mod:`.combat`): ``battle-choose`` (a named option: No Retreat!,
Forced Exchange, pressing or gambling, the German exchange opt-out, the D3 instead of a Forced
Exchange, the D or BD instead of an exchange, a Dn's length), ``battle-chance`` (the German
round-up, the pressed attack, the enhanced odds gamble and the CRT die), ``battle-loss`` (one
attacking unit covering an exchange or AE), ``battle-retreat`` (DCH: Tactical Retreats) and
``battle-advance`` (DCH: Tactical Advances After Combat).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import ClassVar

import attrs

from wargames.core.actions import Action, Advance, AllocateLosses, Choose, Outcome, Pass
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.frame_args import SIDE, Shape
from wargames.core.prose import node_label, words
from wargames.core.sequence import ChanceStep, Step
from wargames.core.state import Frame
from wargames.core.steps import SideStep

from . import counters as cn
from .advances import ADVANCE, advances
from .battle import Battle, Stage, current, save
from .casualties import alive, disrupt, eliminate, set_control
from .charts import charts
from .combat import (
    RESULTS,
    BattleStep,
    decline_option,
    gamble_options,
    loss_options,
    pay,
    to_stage,
)
from .odds import base_odds, gambles, german_rounding, round_up_sixths
from .results import RETREATS, held
from .retreats import RETREAT, in_target, retreat_groups, span, withdrawals


class BattleDecision(SideStep):
    """A decision inside the battle by the side named ``by`` in the frame."""

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"{words(self.name)} in the attack on {node_label(ctx, current(ctx).target)}"


def choices(ctx: Context, b: Battle) -> list[str]:
    """The named options of the battle's pending choice."""
    if b.stage == Stage.NO_RETREAT:
        # DCH: No Retreat! orders for any of the defender's units: all, none, or unit by unit
        free = [u for u in b.defenders if u not in b.holding]
        more = [f"hold:{u}" for u in free] if len(b.defenders) > 1 and len(free) > 1 else []
        return ["retreat", "no-retreat", *more]
    if b.stage in (Stage.FORCED_BEFORE, Stage.FORCED_AFTER):
        return ["no", "forced"]
    if b.stage == Stage.AVOID:
        return ["exchange", "d3"]
    if b.stage == Stage.PRESS:
        # DCH: Asymmetric Combat Odds: German attacks press up to three columns, Russian ones
        # one; an Axis attack with Axis allied units is "the usual", without a press
        if b.side == cn.AXIS:
            top = 3 if german_rounding(ctx, alive(ctx, b.attackers)) else 0
        else:
            top = 1
        # either method of the text: "rolling to see which column to use first, or - more
        # radically - by just using the best 3 numbers on the higher column and the lowest 3
        # numbers on the lower column" (``press-radical:k``)
        presses = [f"press:{k}" for k in range(top + 1)]
        radical = [f"press-radical:{k}" for k in range(1, top + 1)]
        return presses + radical + gamble_options(ctx, b)
    if b.stage == Stage.OPT_OUT:
        return ["exchange", "nil"]
    if b.stage == Stage.DECLINE:
        return ["exchange", decline_option(ctx, b) or "exchange"]
    if b.stage == Stage.LENGTH:
        n = RETREATS[b.code]
        return [f"retreat:{k}" for k in range(n + 1)]
    return []


class ChooseStep(BattleDecision):
    """A named choice inside the battle: No Retreat!, Forced Exchange, pressing, the German
    exchange opt-out, the D3 instead of a Forced Exchange, the retreat length of a Dn."""

    name: ClassVar[str] = "battle-choose"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "choose"
    rule: ClassVar[str] = RESULTS
    actions: ClassVar[tuple[type[Action], ...]] = (Choose,)

    def prompt(self, ctx: Context, frame: Frame) -> str:
        return f"attack on {current(ctx).target}: {current(ctx).stage.value}"

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [Choose(o) for o in choices(ctx, current(ctx))]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Choose)
        b = current(ctx)
        o = action.option
        s = b.stage
        if s == Stage.NO_RETREAT:
            if o.startswith("hold:"):
                b = attrs.evolve(b, holding=(*b.holding, o[len("hold:") :]))
            elif o == "no-retreat":
                held = b.defenders
                b = to_stage(b, Stage.FORCED_BEFORE, no_retreat=True, holding=held)
            else:
                b = to_stage(b, Stage.FORCED_BEFORE, no_retreat=bool(b.holding))
        elif s == Stage.FORCED_BEFORE:
            b = to_stage(b, Stage.PRESS, forced=o == "forced")
        elif s == Stage.PRESS and o.startswith("gamble:"):
            scale = charts(ctx).crt.scale
            index = {scale.label(i): i for i in range(len(scale.columns))}
            _, up, down = o.split(":")
            o_ = attrs.evolve(base_odds(ctx, alive(ctx, b.attackers), b.target), base=b.base)
            k = {(t, f): k for t, f, k in gambles(ctx, o_)}[(index[up], index[down])]
            b = to_stage(b, Stage.GAMBLE, gamble=(index[up], index[down], k))
        elif s == Stage.PRESS:
            radical = o.startswith("press-radical:")
            b = to_stage(b, Stage.ROUND_UP, press=int(o.split(":")[1]), radical=radical)
        elif s == Stage.FORCED_AFTER:
            b = to_stage(b, Stage.AVOID, forced=o == "forced")
        elif s == Stage.AVOID:
            b = to_stage(b, Stage.RESULT, avoided=o == "d3")
        elif s == Stage.OPT_OUT:
            if o == "nil":
                ctx.emit("nil", "the German attacker opts for nil instead of the exchange")
                b = to_stage(b, Stage.END, code="-")
            else:
                b = to_stage(b, Stage.DECLINE)
        elif s == Stage.DECLINE:
            b = _declined(ctx, b, o)
        elif s == Stage.LENGTH:
            b = to_stage(b, Stage.RETREAT, retreat=int(o.split(":")[1]))
        save(ctx, b)
        ctx.done()


def _declined(ctx: Context, b: Battle, option: str) -> Battle:
    """The defender's choice on a .5X or X: the exchange, D or BD (:func:`decline_option`)."""
    if option == "exchange":
        return to_stage(b, Stage.EXCHANGE)
    ctx.emit("decline", f"the defender takes {option.upper()} instead of the exchange")
    for d in alive(ctx, b.defenders):
        disrupt(ctx, d)
    if option == "bd":
        for u in alive(ctx, b.attackers):
            disrupt(ctx, u)
    return to_stage(b, Stage.WITHDRAW, code="D")


def press_shift(b: Battle, up: bool) -> int:
    """DCH: Asymmetric Combat Odds: the columns a pressed attack moves, up or down: the German
    as many as pressed either way, the Russian 1 up or 2 down."""
    if b.side == cn.RUSSIAN:
        return 1 if up else -2
    return b.press if up else -b.press


# DCH: Asymmetric Combat Odds, the "more radical" press: the best 3 die numbers (the CRT is
# high-roll-good for the attacker) are read on the higher column, the lowest 3 on the lower
RADICAL_HIGH = (4, 5, 6)


def chance_outcomes(ctx: Context, b: Battle) -> list[tuple[Action, Fraction]]:
    if b.stage == Stage.ROUND_UP:
        o = base_odds(ctx, alive(ctx, b.attackers), b.target)
        k = round_up_sixths(ctx, attrs.evolve(o, base=b.base))
        return [(Outcome("up"), Fraction(k, 6)), (Outcome("stay"), Fraction(6 - k, 6))]
    if b.stage == Stage.PRESS_ROLL:
        return [(Outcome("up"), Fraction(1, 2)), (Outcome("down"), Fraction(1, 2))]
    if b.stage == Stage.GAMBLE:
        k = b.gamble[2]
        return [(Outcome("up"), Fraction(k, 6)), (Outcome("down"), Fraction(6 - k, 6))]
    return [(Outcome(v), Fraction(1, 6)) for v in range(1, 7)]


class ChanceStepBattle(ChanceStep):
    """The battle's gambles and its die: the German round-up (extra/needed in sixths), the
    pressed attack (1/2 up, 1/2 down) and the CRT die (after a "more radical" press, 4-6 read
    on the higher column, 1-3 on the lower)."""

    name: ClassVar[str] = "battle-chance"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = RESULTS

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(a, p) for a, p in chance_outcomes(ctx, current(ctx)) if p > 0]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        b = current(ctx)
        v = action.value
        if b.stage == Stage.ROUND_UP:
            b = to_stage(b, Stage.PRESS_ROLL, base=b.base + (1 if v == "up" else 0))
            ctx.emit("round-up", f"German round-up: {v}", outcome=v)
        elif b.stage == Stage.GAMBLE:
            up, down, _ = b.gamble
            b = to_stage(b, Stage.ROLL, base=up if v == "up" else down)
            ctx.emit("gamble", f"enhanced odds gamble: {v}", outcome=v)
        elif b.stage == Stage.PRESS_ROLL:
            delta = press_shift(b, v == "up")
            b = to_stage(b, Stage.ROLL, shift=b.shift + delta)
            ctx.emit("press", f"pressed attack: {v} {delta:+d}", outcome=v)
        else:
            assert isinstance(v, int)
            if b.press and b.radical:
                up = v in RADICAL_HIGH
                delta = press_shift(b, up)
                b = attrs.evolve(b, shift=b.shift + delta)
                word = "up" if up else "down"
                ctx.emit("press", f"pressed attack (die {v}): {word} {delta:+d}", outcome=word)
            crt = charts(ctx).crt
            column = crt.scale.shifted(b.base, b.shift)
            code = str(crt.lookup(column, v))
            ctx.emit("roll", f"die {v} on {crt.scale.label(column)}: {code}", die=v, code=code)
            b = to_stage(b, Stage.FORCED_AFTER, roll=v, rolled=code)
        save(ctx, b)
        ctx.done()


class LossStep(BattleDecision):
    """DCH: AE and eXchanges: the attacker names the next attacking unit lost (or a German
    army flipped) until the factor-modified defence is covered."""

    name: ClassVar[str] = "battle-loss"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "allocate-losses"
    rule: ClassVar[str] = RESULTS
    actions: ClassVar[tuple[type[Action], ...]] = (AllocateLosses,)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return [AllocateLosses((t,)) for t in loss_options(ctx, current(ctx))]

    def check(self, ctx: Context, frame: Frame, action: Action) -> IllegalAction | None:
        assert isinstance(action, AllocateLosses)
        options = loss_options(ctx, current(ctx))
        if len(action.units) == 1 and action.units[0] in options:
            return None
        return IllegalAction(RESULTS, f"one loss at a time, from: {', '.join(options)}")

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, AllocateLosses)
        save(ctx, pay(ctx, current(ctx), action.units[0]))
        ctx.done()


class RetreatStep(BattleDecision):
    """DCH: Dn (the defender's route, and up to the extra hexes) and D (a voluntary withdrawal
    of up to 2 hexes): the defending stack retreats along a path, or (where allowed) stays."""

    name: ClassVar[str] = "battle-retreat"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "retreat"
    rule: ClassVar[str] = RETREAT
    actions: ClassVar[tuple[type[Action], ...]] = (RetreatAction, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        b = current(ctx)
        out: list[Action]
        if b.stage == Stage.WITHDRAW:
            out = [Pass(), *withdrawals(ctx, b)]
        else:
            out = list(retreat_groups(ctx, b, *span(b)))
            if b.retreat == 0:
                out.insert(0, Pass())
        return out

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = current(ctx)
        if isinstance(action, RetreatAction):
            for u in action.units:
                ctx.state.put(cn.moved(ctx.state.units[u], action.path[-1]))
            for n in action.path[1:]:
                set_control(ctx, n, cn.enemy(b.side))
            ctx.emit("retreat", f"{'+'.join(action.units)} retreat {'-'.join(action.path)}")
            b = attrs.evolve(b, retreated=max(b.retreated, len(action.path) - 1))
            if b.stage == Stage.WITHDRAW and withdrawals(ctx, b):
                save(ctx, b)  # others may still withdraw
                ctx.done()
                return
            staying = in_target(ctx, b)
            if b.stage != Stage.WITHDRAW and staying:
                if retreat_groups(ctx, b, *span(b)):
                    save(ctx, b)  # the others retreat as a group of their own
                    ctx.done()
                    return
                if b.retreat > 0:  # required to retreat and unable: No Retreat!
                    _left_behind(ctx, b, staying)
        save(ctx, to_stage(b, Stage.ADVANCE))
        ctx.done()


def _left_behind(ctx: Context, b: Battle, staying: list[str]) -> None:
    """Defenders that a retreat of only part of their stack leaves in the hex are in a No
    Retreat! situation (DCH: "Stacking" Limits): D1 -> D (already Disrupted), D2 -> DE; a
    D3 has no conversion: units that cannot retreat are lost (:func:`results.held`)."""
    theirs = held(b.code)
    ctx.emit(
        "result",
        f"{'+'.join(staying)} cannot retreat with the others: No Retreat! ({theirs})",
        target=b.target,
        code=theirs,
        units=list(staying),
    )
    if theirs in ("DE", "BK"):
        for u in staying:
            eliminate(ctx, u, f"{theirs} under No Retreat!")


class AdvanceStep(BattleDecision):
    """DCH: Tactical Advances After Combat: one attacking unit at a time, or pass."""

    name: ClassVar[str] = "battle-advance"
    args: ClassVar[Mapping[str, Shape] | None] = {"by": SIDE}
    kind: ClassVar[str] = "advance"
    rule: ClassVar[str] = ADVANCE
    actions: ClassVar[tuple[type[Action], ...]] = (Advance, Pass)

    def legal(self, ctx: Context, frame: Frame) -> list[Action]:
        return advances(ctx, current(ctx)) or [Pass()]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        b = current(ctx)
        if isinstance(action, Pass):
            save(ctx, to_stage(b, Stage.END))
            ctx.done()
            return
        assert isinstance(action, Advance)
        uid = action.units[0]
        ctx.state.put(cn.moved(ctx.state.units[uid], action.path[-1]))
        for n in action.path[1:]:
            set_control(ctx, n, b.side)
        into = b.into + (cn.attack_factor(ctx, uid) if action.path[1] == b.target else 0)
        b = attrs.evolve(b, advanced=(*b.advanced, uid), into=into)
        ctx.emit("advance", f"{uid} advances {'-'.join(action.path)}", unit=uid)
        if not advances(ctx, b):
            b = to_stage(b, Stage.END)
        save(ctx, b)
        ctx.done()


STEPS: tuple[Step, ...] = (
    BattleStep(),
    ChooseStep(),
    ChanceStepBattle(),
    LossStep(),
    RetreatStep(),
    AdvanceStep(),
)
