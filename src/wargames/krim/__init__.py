"""Krim (Ty Bomba's board game, Command No. 6, as the computer game's phases text gives it):
the German conquest of the Crimea, October 1941 - July 1942.

Every paragraph of the rule text is cited where it is enforced; ``docs/rules/krim.md`` is the
coverage table and lists the provisional data (the text has no charts, map or order of
battle). Rules cite the text's paragraph names (``Krim: Mobile Assault``).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose, Pass
from wargames.core.context import Context
from wargames.core.crt import CRT
from wargames.core.errors import ScenarioError
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import Result
from wargames.core.supply import SupplyStatus
from wargames.core.title import Title
from wargames.core.vocabulary import Vocabulary

from . import counters as cn
from .assault import OpposedLandings, PreparedAssaults
from .barrage import BarrageFire, Barrages, BeginCombat
from .battle import BattleStep
from .calendar import months
from .movement import BeginMovement, MoveGroup, MovementPhase, side_zones
from .optrans import BeginOpTrans, EndPlayerTurn, OpTransMove, OpTransPhase
from .reinforcements import Arrivals, AxisNewUnits, ParachuteDrop
from .reinforcements import setup as reinforcements_setup
from .reinforcements import validate as validate_reinforcements
from .sea import BeginSea, LandingSeaHex, QuickReactionBox
from .sequence import PHASES
from .supply import MonthEndSupply, MonthStartSupply, tactical_map
from .var_shapes import VAR_SHAPES
from .victory import estimate, final, sudden_death

DATA = Path(__file__).parent / "data"
CHARTS = (
    "calendar",
    "movement",
    "combat_terrain",
    "crt",
    "barrage",
    "stacking",
    "zoc",
    "sea",
    "victory",
)


class Krim(Title):
    """Krim: monthly supply, couplets by weather, step-or-retreat results, Mobile Assaults,
    OpTrans, Soviet sea movement and the Kerch Straits, air support and barrages."""

    name: ClassVar[str] = "krim"
    description: ClassVar[str] = (
        "Krim: the Crimea, Oct 41 - Jul 42, 15 couplets (provisional charts)"
    )
    sides: ClassVar[tuple[str, ...]] = cn.SIDES
    default_scenario: ClassVar[str] = "campaign"
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("*-air", "*-available", "*-future", "eliminated", "not-in-play", "qrb"),
        unit_markers=(
            "assaulted", "at-sea", "attacked", "fired", "flown", "ma-stop", "moved", "oos",
            "optrans", "retreated", "sea-moved",
        ),
        node_markers=(),
        flags=(
            "air", "artillery", "assault-gun", "engineer", "jaeger", "kame", "mechanized",
            "no-ma", "parachute", "railroad", "tank",
        ),
        areas=(),
        vars=("krim-*",),  # the title's state variables share the prefix
    )  # fmt: skip
    var_shapes: ClassVar[Mapping[str, Shape] | None] = VAR_SHAPES  # .var_shapes
    data_dir: ClassVar[Path | None] = DATA
    phases: ClassVar[tuple[Phase, ...]] = PHASES
    rule_steps: ClassVar[tuple[Step, ...]] = (
        MonthStartSupply(),
        MonthEndSupply(),
        Arrivals(),
        BeginSea(),
        QuickReactionBox(),
        AxisNewUnits(),
        BeginOpTrans(),
        OpTransPhase(),
        OpTransMove(),
        BeginMovement(),
        MovementPhase(),
        MoveGroup(),
        LandingSeaHex(),
        ParachuteDrop(),
        BeginCombat(),
        OpposedLandings(),
        Barrages(),
        BarrageFire(),
        PreparedAssaults(),
        BattleStep(),
        EndPlayerTurn(),
    )
    options: ClassVar[Mapping[str, Any]] = {
        # Krim (board game): the Soviet parachute battalion, 1 chance in 6 to survive its drop
        "parachute": False,
        # Krim option: Soviet mandatory attacks, January to the end of April 1942
        "soviet_mandatory_attacks": False,
    }

    def validate_scenario(self, scenario: Scenario) -> None:
        for key in CHARTS:
            if key not in scenario.charts:
                raise ScenarioError(scenario.file, f"charts.{key}", "missing")
        months(scenario)
        if scenario.charts["victory"].get("kind") not in ("campaign", "all-sources", "axis-takes"):
            raise ScenarioError(
                scenario.file, "charts.victory.kind", "campaign, all-sources or axis-takes"
            )
        c = scenario.chart_reader()
        c.number_table("combat_terrain")  # Krim: Terrain Effects on Combat
        barrage = c.table("barrage")  # Krim: Barrage Results
        strengths, hit_on = barrage.numbers("strengths"), barrage.numbers("hit_on")
        if len(strengths) != len(hit_on) or any(h != int(h) for h in hit_on):
            barrage.fail("hit_on", "one whole die number per strength")
        try:
            CRT.from_data(scenario.charts["crt"])
        except ValueError as exc:
            raise ScenarioError(scenario.file, "charts.crt", str(exc)) from None
        if "C7" not in scenario.board:
            raise ScenarioError(scenario.file, "map", "Krim needs hex C7 (Sevastopol harbour)")
        for i, (uid, d) in enumerate(scenario.units.items()):
            month = d.values.get("month")
            if month is not None and not isinstance(month, int):
                raise ScenarioError(
                    scenario.file, f"units[{i}].values.month", f"{uid}: a month number"
                )
        validate_reinforcements(scenario)

    def setup(self, ctx: Context) -> None:
        reinforcements_setup(ctx)

    def zoc(self, ctx: Context, side: str) -> frozenset[str]:
        """Krim: Zones of Control (provisional: every ground unit's stack exerts one)."""
        return frozenset(side_zones(ctx, side).labels(ctx.board.index))

    def result(self, ctx: Context) -> Result | None:
        return sudden_death(ctx)

    def final_result(self, ctx: Context) -> Result:
        return final(ctx)

    def evaluate(self, ctx: Context, side: str) -> float:
        """The result once over, else the race for the victory hexes (:func:`.victory.estimate`)."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return estimate(ctx, side)

    def playout_weight(self, ctx: Context, action: Action) -> float:
        """Random playouts end phases less often than they act, so that units move and fight;
        legality is unchanged."""
        if isinstance(action, Pass):
            return 0.3
        if isinstance(action, Choose) and action.option == "retreat":
            return 0.5
        return 1.0

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus]:
        """Krim: Tactical Supply: the hexes a supply line of ``side`` reaches now."""
        return tactical_map(ctx, side).statuses()


TITLE = Krim()
