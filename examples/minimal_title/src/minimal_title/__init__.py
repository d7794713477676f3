"""An example third-party title for ``wargames``: two sides, a small hex map, movement with
zones of control, one odds CRT, retreats, step losses and a victory check.

It uses only the public plugin API and registers through the ``wargames.titles`` entry point;
copy it to start a title of your own. Its rules are listed in ``README.md`` beside this file.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.errors import ScenarioError
from wargames.core.estimate import vp_race
from wargames.core.frame_args import NODE, Shape, list_of
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Segment, Step
from wargames.core.state import Result
from wargames.core.title import Title
from wargames.core.vocabulary import Vocabulary

from .rules import Combat, LoseStep, Movement, Reinforce, Resolve, RetreatStep, enemy_zoc


def _player_turn(side: str) -> Phase:
    return Phase(
        f"{side} player turn",
        (
            Segment("movement", f"{side} movement", {"side": side}),
            Segment("combat", f"{side} combat", {"side": side}),
        ),
    )


class MinimalTitle(Title):
    """Blue attacks, red defends three towns; 6 turns."""

    name: ClassVar[str] = "minimal"
    description: ClassVar[str] = "example title: movement, ZOC, odds CRT, retreats (8x6 hexes)"
    sides: ClassVar[tuple[str, ...]] = ("blue", "red")
    default_scenario: ClassVar[str] = "skirmish"
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    data_dir: ClassVar[Path | None] = Path(__file__).parent / "data"
    no_units_loses: ClassVar[bool] = True  # V2: a side with no unit left on the map or to come
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("reinforcements",),
        unit_markers=("moved", "attacked"),
        node_markers=(),
        flags=("mechanized",),
        areas=(),
        vars=("attacked",),
    )
    var_shapes: ClassVar[Mapping[str, Shape] | None] = {"attacked": list_of(NODE)}
    """What each state variable holds, checked at load: the enemy nodes attacked this phase."""
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase("reinforcement", (Segment("reinforce", "reinforcements"),)),
        _player_turn("blue"),
        _player_turn("red"),
    )
    rule_steps: ClassVar[tuple[Step, ...]] = (
        Reinforce(),
        Movement(),
        Combat(),
        Resolve(),
        LoseStep(),
        RetreatStep(),
    )

    def validate_scenario(self, scenario: Scenario) -> None:
        charts: Mapping[str, Any] = scenario.charts
        c = scenario.chart_reader()
        c.integer("victory_vp", minimum=0)  # V1
        costs = c.number_table("movement_cost", minimum=0)  # M1
        if "river" not in costs:
            c.fail("movement_cost.river", "missing (the cost of crossing a river)")
        if any(cost != int(cost) for cost in costs.values()):
            c.fail("movement_cost", "costs are whole movement points")
        c.number_table("defence_multiplier", minimum=0)  # C3
        try:
            table = CRT.from_data(charts["crt"])
        except ValueError as exc:
            raise ScenarioError(scenario.file, "charts.crt", str(exc)) from None
        for result in table.results:
            unknown = [p for p in result.parts if p.letters not in ("", "E")]
            if unknown:
                raise ScenarioError(scenario.file, "charts.crt", f"unknown result {result}")
        for node in scenario.board:
            if scenario.board.terrain(node) not in charts["movement_cost"]:
                raise ScenarioError(
                    scenario.file,
                    "charts.movement_cost",
                    f"no cost for terrain {scenario.board.terrain(node)!r}",
                )

    def zoc(self, ctx: Context, side: str) -> frozenset[str]:
        """M2: the six hexes around each of ``side``'s units."""
        return frozenset(enemy_zoc(ctx, ctx.enemy_of(side)).labels(ctx.board.index))

    def vp(self, ctx: Context, side: str) -> int:
        """V1: victory points of the towns a side controls."""
        return sum(
            int(ctx.board.attr(n, "vp", 0)) for n, s in ctx.state.control.items() if s == side
        )

    def final_result(self, ctx: Context) -> Result:
        """V1: blue wins holding the victory VP of towns after the last turn; else red."""
        need = int(ctx.charts["victory_vp"])
        vp = self.vp(ctx, "blue")
        if vp >= need:
            return Result("blue", "victory", f"blue holds {vp} VP of towns (needs {need})")
        return Result("red", "victory", f"blue holds only {vp} VP of towns (needs {need})")

    def victory_points(self, ctx: Context) -> dict[str, float]:
        return {side: self.vp(ctx, side) for side in self.sides}

    def evaluate(self, ctx: Context, side: str) -> float:
        """V1, for search agents: the result, else half the share of the victory VP blue
        holds and half its share of the steps on the map, from ``side``'s point of view."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return vp_race(ctx, side, "blue", self.vp(ctx, "blue"), int(ctx.charts["victory_vp"]))


TITLE = MinimalTitle()
