"""An example third-party title on points and lines: ``lines``.

Two sides, twelve points, eighteen lines of two classes with per-side capacities (scenario
data), units with per-step fire factors (declared unit values), battles in rounds with loss
allocations and a defender's choice. Written only against the kernel's plugin kit: see
``docs/plugin.md`` of ``wargames``, which walks through it, and ``README.md`` beside this file
for its rules L1-L7.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from wargames.core.context import Context
from wargames.core.estimate import nearness, step_share
from wargames.core.frame_args import NODE, Shape, list_of
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Segment, Step
from wargames.core.state import Result
from wargames.core.title import Title
from wargames.core.unit_values import PER_STEP, UnitValue
from wargames.core.vocabulary import Vocabulary

from .rules import Battle, Combat, Fire, Join, Lose, Movement, Stand, holder


def _player_turn(side: str) -> Phase:
    """L1: a side's movement, then its combat."""
    return Phase(
        side,
        (
            Segment("movement", f"{side} movement", {"side": side}),
            Segment("combat", f"{side} combat", {"side": side}),
        ),
    )


class LinesTitle(Title):
    """North attacks down a valley that South holds; four turns."""

    name: ClassVar[str] = "lines"
    description: ClassVar[str] = "example title on points and lines: capacities, battles in rounds"
    sides: ClassVar[tuple[str, ...]] = ("north", "south")
    default_scenario: ClassVar[str] = "valley"
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    data_dir: ClassVar[Path | None] = Path(__file__).parent / "data"
    no_units_loses: ClassVar[bool] = True  # L7
    unit_values: ClassVar[tuple[UnitValue, ...]] = (
        UnitValue("fire", PER_STEP, required=True, maximum=10, doc="L5: dice per step left"),
    )
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=(),
        unit_markers=("moved", "fought"),
        node_markers=(),
        flags=(),
        areas=(),
        vars=("attacked",),
    )
    var_shapes: ClassVar[Mapping[str, Shape] | None] = {"attacked": list_of(NODE)}
    """What each state variable holds, checked at load: the enemy nodes attacked this phase."""
    phases: ClassVar[tuple[Phase, ...]] = (_player_turn("north"), _player_turn("south"))
    rule_steps: ClassVar[tuple[Step, ...]] = (
        Movement(),
        Combat(),
        Join(),
        Battle(),
        Fire(),
        Lose(),
        Stand(),
    )

    def validate_scenario(self, scenario: Scenario) -> None:
        """The charts the rules read, typed and in range (errors name file and field)."""
        c = scenario.chart_reader()
        c.integer("hit_on", minimum=1, maximum=7)  # L5: 7 never hits
        c.integer("rounds", minimum=1, maximum=100)  # L5
        c.integer("stacking", minimum=1)  # L3
        c.integer("victory_vp", minimum=0)  # L7

    def vp(self, ctx: Context, side: str) -> int:
        """L7: victory points of the points ``side`` controls."""
        return sum(
            int(ctx.board.attr(p, "vp", 0)) for p, s in ctx.state.control.items() if s == side
        )

    def final_result(self, ctx: Context) -> Result:
        """L7: North wins holding ``victory_vp`` VP of points after the last turn."""
        need = int(ctx.charts["victory_vp"])
        vp = self.vp(ctx, "north")
        if vp >= need:
            return Result("north", "victory", f"North holds {vp} VP (needs {need})")
        return Result("south", "victory", f"North holds only {vp} VP (needs {need})")

    def victory_points(self, ctx: Context) -> dict[str, float]:
        return {side: self.vp(ctx, side) for side in self.sides}

    def evaluate(self, ctx: Context, side: str) -> float:
        """L7, for search agents: the result, else, from ``side``'s point of view, half the
        share of the victory VP north holds, a quarter its share of the steps on the map and
        a quarter how near its units stand to the VP points it does not garrison
        (:func:`~wargames.core.estimate.nearness`). A point North controls with none of its
        units on it counts half: South takes it back by walking in (L2), as random play
        found out; the nearness lets the search see an advance before a point falls."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        held = 0.0
        points: dict[str, float] = {}
        for p in ctx.board:
            vp = int(ctx.board.attr(p, "vp", 0))
            if not vp:
                continue
            points[p] = float(vp)
            if ctx.state.control.get(p) == "north":
                held += vp * (1.0 if holder(ctx, p) == "north" else 0.5)
        need = int(ctx.charts["victory_vp"])
        north = [u.at for u in ctx.units_of("north") if u.at is not None]
        garrisoned = {p for p in points if holder(ctx, p) == "north"}
        score = (
            0.5 * min(1.0, held / max(need, 1))
            + 0.25 * step_share(ctx, "north")
            + 0.25 * nearness(ctx, north, points, held=garrisoned)
        )
        return score if side == "north" else 1.0 - score


TITLE = LinesTitle()
