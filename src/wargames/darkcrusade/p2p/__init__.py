"""Dark Crusade, 2nd edition (L. R. Coatney, 3W 1991): the 1941 campaign on points and lines.

Every surviving fragment of the rule text is enforced and cited (``DC2 A``, ``DC2 Lines B``,
``DC2 Terrain C``); where the text is lost the closest surviving Coatney rule fills the gap
(the hex edition's charts, Darkest Crusade's fire table and battle rounds), as
``docs/rules/darkcrusade-p2p.md`` records row by row. The map is a reconstruction.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.actions import (
    Action,
    AllocateLosses,
    Attack,
    Choose,
    Move,
    Outcome,
    Place,
    Retreat,
)
from wargames.core.context import Context
from wargames.core.errors import ScenarioError
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import Result
from wargames.core.supply import SupplyStatus
from wargames.core.title import Title
from wargames.core.unit_values import NUMBER, UnitValue
from wargames.core.vocabulary import Vocabulary

from . import charts as charts_module
from . import counters as cn
from .battle import (
    AbsorbStep,
    AdvanceStep,
    BattleStep,
    FireStep,
    PressOnStep,
    ReserveStep,
    WithdrawStep,
)
from .combat import CombatStep
from .factories import EvacuateStep
from .fire import ENEMY_SIDE
from .operational import OperationalStep
from .recovery import RecoverStep
from .reinforcements import ArrivalsStep
from .replacements import DisbandStep, ReplaceStep
from .sea import SeaLossStep, SeaStep
from .sequence import PHASES
from .siberians import CALL, SiberianCallStep, SiberianGambleStep, SiberianPlaceStep
from .strategic import LINES_PER_END, StrategicStep
from .supply import supplied_points
from .var_shapes import VAR_SHAPES
from .victory import MoscowStep, VictoryStep, axis_points, estimate, final
from .weather import WeatherStep

DATA = Path(__file__).parent / "data"


class DarkCrusadeP2P(Title):
    """Dark Crusade, 2nd edition: points and lines, line capacities, battles in rounds."""

    name: ClassVar[str] = "darkcrusade-p2p"
    description: ClassVar[str] = (
        "Dark Crusade, 2nd edition (point to point): Jun 41 - Feb 42, monthly turns"
    )
    sides: ClassVar[tuple[str, ...]] = cn.SIDES
    default_scenario: ClassVar[str] = "1941"
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("eliminated", "lost", "reinforcements"),
        unit_markers=("acted", "dispersed", "entrained", "moved", "strategic"),
        node_markers=(),
        flags=(
            "air",
            "armour",
            "breakthrough",
            "factory",
            "flak",
            "hq",
            "irreplaceable-unsupplied",
            "major-infantry",
            "partisan",
            "rocket",
            "siberian",
        ),
        areas=(),
        vars=(
            "attacks",
            "battle",
            "factory_track",
            "first_snow",
            "moscow_rolled",
            "october",
            "replacements",
            "siberians_called",
            "weather",
        ),
    )
    var_shapes: ClassVar[Mapping[str, Shape] | None] = VAR_SHAPES  # see .var_shapes
    # a strategic move may be listed by up to LINES_PER_END lines to one point (one per set of
    # partisans passed, .strategic.lines): the action encoding's variants of a move
    action_variants: ClassVar[Mapping[str, int]] = {"move": LINES_PER_END}
    options: ClassVar[Mapping[str, Any]] = {
        # Errata 8: the optional May 1941 game-turn (turn 0 of the calendar).
        "may_1941": False,
        # DC2 Terrain C.1: the broken sentence on fortresses on the enemy side of the border,
        # "reduced by f factor": "half" (halved, fraction dropped) or "less-one" (fire.ENEMY_SIDE).
        "fortress_enemy_side": "half",
    }
    data_dir: ClassVar[Path | None] = DATA
    unit_values: ClassVar[tuple[UnitValue, ...]] = (
        UnitValue("hits", NUMBER, minimum=1, doc="hits absorbed in a round before elimination"),
    )
    phases: ClassVar[tuple[Phase, ...]] = PHASES
    rule_steps: ClassVar[tuple[Step, ...]] = (
        WeatherStep(),
        SiberianCallStep(),
        ArrivalsStep(),
        SiberianGambleStep(),
        SiberianPlaceStep(),
        DisbandStep(),
        ReplaceStep(),
        EvacuateStep(),
        StrategicStep(),
        SeaStep(),
        SeaLossStep(),
        OperationalStep(),
        CombatStep(),
        BattleStep(),
        FireStep(),
        AbsorbStep(),
        WithdrawStep(),
        PressOnStep(),
        ReserveStep(),
        AdvanceStep(),
        RecoverStep(),
        VictoryStep(),
        MoscowStep(),
    )

    def validate_scenario(self, scenario: Scenario) -> None:
        charts_module.check(scenario)
        if scenario.options["fortress_enemy_side"] not in ENEMY_SIDE:
            raise ScenarioError(
                scenario.file, "options.fortress_enemy_side", f"one of {', '.join(ENEMY_SIDE)}"
            )
        if scenario.board.kind != "points":
            raise ScenarioError(scenario.file, "map.kind", "this title is played on points")
        for i, (uid, d) in enumerate(scenario.units.items()):
            for field in ("attack", "defence"):
                values = getattr(d, field)
                if len(values) != 1 or values[0] != int(values[0]) or values[0] < 0:
                    raise ScenarioError(
                        scenario.file, f"units[{i}].{field}", f"{uid}: one whole fire factor >= 0"
                    )

    def setup(self, ctx: Context) -> None:
        """Errata 8: without the optional May 1941 turn the game starts in June (turn 1)."""
        if not ctx.options["may_1941"] and ctx.turn == 0 < ctx.scenario.calendar.last:
            ctx.state.turn = 1

    def evaluate(self, ctx: Context, side: str) -> float:
        """The result once the game is over; else :func:`.victory.estimate` (the Soviet
        victory points the Axis needs, the Soviet points it holds, the units)."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return estimate(ctx, side)

    def playout_weight(self, ctx: Context, action: Action) -> float:
        """Random playouts rarely call the Siberians early (each early turn risks the game),
        eliminate units voluntarily or entrain factories; legality is unchanged."""
        if isinstance(action, Choose) and action.option == CALL:
            return 0.05
        if isinstance(action, Choose) and ctx.state.stack[-1].step == "disband":
            return 0.02
        if isinstance(action, Choose) and ctx.state.stack[-1].step == "evacuate":
            return 0.1
        return 1.0

    def victory_points(self, ctx: Context) -> dict[str, float]:
        """The points of the Soviet cities the Axis holds in supply."""
        return {cn.AXIS: axis_points(ctx)[0]}

    def final_result(self, ctx: Context) -> Result:
        return final(ctx)

    def describe(self, ctx: Context, action: Action) -> str:
        """One readable line: who acts and what."""
        frame = ctx.frame
        who = self.step(frame.step).actor(ctx, frame) or ""
        if isinstance(action, Choose):
            text = f"chooses {action.option}"
        elif isinstance(action, (Move, Retreat)):
            verb = "retreats" if isinstance(action, Retreat) else "moves"
            text = f"{'+'.join(action.units)} {verb} {'-'.join(action.path)}"
        elif isinstance(action, Attack):
            text = f"resolves the attack on {action.target} ({'+'.join(action.units)})"
        elif isinstance(action, AllocateLosses):
            text = f"takes a hit on {'+'.join(action.units)}"
        elif isinstance(action, Place):
            text = f"places {action.unit} at {action.at}"
        elif isinstance(action, Outcome):
            text = f"{frame.step}: {action.value}"
        else:
            text = "passes"
        return f"{who}: {text}"

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus]:
        """The points in ``side``'s supply now (see :mod:`.supply`, provisional)."""
        return dict.fromkeys(supplied_points(ctx, side), SupplyStatus.SUPPLIED)


TITLE = DarkCrusadeP2P()
