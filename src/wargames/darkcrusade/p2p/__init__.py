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

from wargames.core.actions import Action, AllocateLosses, Attack, Choose, Move, Outcome, Retreat
from wargames.core.context import Context
from wargames.core.errors import ScenarioError
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import Result
from wargames.core.title import Title
from wargames.core.unit_values import NUMBER, UnitValue
from wargames.core.vocabulary import Vocabulary

from . import charts as charts_module
from . import counters as cn
from .battle import AbsorbStep, BattleStep, FireStep, PressOnStep, WithdrawStep
from .combat import CombatStep
from .operational import OperationalStep
from .recovery import RecoverStep
from .reinforcements import ArrivalsStep
from .sea import SeaLossStep, SeaStep
from .sequence import PHASES
from .strategic import StrategicStep
from .victory import VictoryStep, axis_points, final
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
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("eliminated", "reinforcements"),
        unit_markers=("acted", "dispersed", "entrained", "moved", "strategic"),
        node_markers=(),
        flags=("air", "armour", "breakthrough", "flak", "hq", "major-infantry", "rocket"),
        areas=(),
        vars=("attacks", "battle", "first_snow", "october", "weather"),
    )
    options: ClassVar[Mapping[str, Any]] = {
        # Errata 8: the optional May 1941 game-turn (turn 0 of the calendar).
        "may_1941": False,
    }
    data_dir: ClassVar[Path | None] = DATA
    unit_values: ClassVar[tuple[UnitValue, ...]] = (
        UnitValue("hits", NUMBER, minimum=1, doc="hits absorbed in a round before elimination"),
    )
    phases: ClassVar[tuple[Phase, ...]] = PHASES
    rule_steps: ClassVar[tuple[Step, ...]] = (
        WeatherStep(),
        ArrivalsStep(),
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
        RecoverStep(),
        VictoryStep(),
    )

    def validate_scenario(self, scenario: Scenario) -> None:
        charts_module.check(scenario)
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
        elif isinstance(action, Outcome):
            text = f"{frame.step}: {action.value}"
        else:
            text = "passes"
        return f"{who}: {text}"


TITLE = DarkCrusadeP2P()
