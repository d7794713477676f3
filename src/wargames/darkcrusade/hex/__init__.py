"""Dark Crusade on hexes (Louis R. Coatney): Barbarossa 1941, Jun II 41 - Jan II 42.

The rules are the game's charts (``shared/rules/dark-crusade-hex-charts.txt``); every rule the
code enforces cites its paragraph (``DCH: Tactical Retreats``, ``DCH: Sequence A.5``), and
``docs/rules/darkcrusade-hex.md`` maps each paragraph to code and tests and lists the
provisional data (the CRT cells, the map, the order of battle).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose, Place
from wargames.core.context import Context
from wargames.core.counters import Counter
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import Frame, GameState, Result
from wargames.core.supply import SupplyStatus
from wargames.core.title import Title
from wargames.core.vocabulary import Vocabulary

from . import charts as charts_module
from . import counters as cn
from . import setup
from .air import AirDropStep, AirfieldPlace, AirfieldStep, AirStep, AirSupplyStep
from .air_combat import STEPS as AIR_STEPS
from .combat_steps import STEPS as COMBAT_STEPS
from .conversion import ConversionStep, PhaseEnd
from .disruption import RecoverStep
from .factories import EvacuateStep
from .hidden import SECRET_CHANCE, MechDealStep, MechGroupStep, RehideStep, RevealStep
from .hidden import determinize as hidden_determinize
from .katyusha import KatyushaRoll
from .operations import Combat, Declare, EarlyAttacks, Operations, Orders
from .picture import counter as seen_counter
from .picture import zoc as zoc_hexes
from .rail import RailStep
from .reinforcements import (
    AxisAdmin,
    PanzerReplacements,
    RifleDie,
    RifleRoll,
    RussianAdmin,
    RussianArrival,
    RussianEntrench,
    SiberianChoice,
    SiberianGamble,
    SiberianPlace,
)
from .sea import SeaStep, SinkingStep
from .sequence import PHASES
from .setup import STEPS as SETUP_STEPS
from .supply import AXIS_COUNTRIES, SupplyStep, supply_map
from .terrain import WATER
from .var_shapes import VAR_SHAPES
from .victory import (
    GermanVDP,
    MoscowCheck,
    MoscowCollapse,
    RussianVDP,
    axis_points,
    estimate,
    final,
)
from .view import side_view
from .weather import weather

DATA = Path(__file__).parent / "data"


class WeatherStep(Step):
    """DCH: Weather: the turn's weather from the (provisional) Turn Record Track."""

    name: ClassVar[str] = "weather"
    args: ClassVar[Mapping[str, Shape] | None] = {}
    rule: ClassVar[str] = "DCH: Weather"

    def run(self, ctx: Context, frame: Frame) -> None:
        w = weather(ctx)
        ctx.emit("weather", f"weather: {w}", weather=w)
        ctx.done()


class DarkCrusadeHex(Title):
    """Dark Crusade (hex edition): odds CRT with exchanges, BK and No Retreat!, disruption,
    hidden Russian armies, OMF and bonus, rail heads and the Siberian Reserve gamble."""

    name: ClassVar[str] = "darkcrusade-hex"
    description: ClassVar[str] = "Dark Crusade on hexes: Barbarossa, Jun II 41 - Jan II 42"
    sides: ClassVar[tuple[str, ...]] = cn.SIDES
    default_scenario: ClassVar[str] = "barbarossa-1941"
    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("air", "eliminated", "pool", "reinforcements", "siberia", "weak-divisions"),
        unit_markers=(
            "air-supplied", "allocated", "attacked", "blitz", "bonus", "disrupted", "done",
            "entrenched", "flown", "flown-blitz", "intercepting", "isolated",
            "limited-supply", "moved", "railed", "re-disrupted", "rocketed",
        ),
        node_markers=(),
        flags=(
            "air", "army", "army-group", "division", "elite-group", "fliegerkorps", "front-air",
            "hidden", "infantry", "interceptor", "katyusha", "korps", "mech", "moscow",
            "motorized", "no-stack", "panzer", "parachute", "railway-gun", "red", "rifle", "rm",
            "shock", "siberian", "ss", "tank", "weak",
        ),
        areas=(),
        vars=(
            "airbases", "allocations", "battle", "conversion", "converted", "early_attacks",
            "factories", "free_river", "grounded", "last_battle", "lost_profiles", "mech_group",
            "mech_units", "moscow_rolled", "panzer_factors", "profiles", "railed", "railheads",
            "revealed", "rifle_factors", "romania_attacked", "russian_strikes", "sea_used",
            "siberians_started", "tank_factors",
        ),
    )  # fmt: skip
    var_shapes: ClassVar[Mapping[str, Shape] | None] = VAR_SHAPES
    phases: ClassVar[tuple[Phase, ...]] = PHASES
    phase_end_step: ClassVar[str | None] = "phase-end"
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    rule_steps: ClassVar[tuple[Step, ...]] = (
        MechGroupStep(),
        MechDealStep(),
        *SETUP_STEPS,
        WeatherStep(),
        AxisAdmin(),
        PanzerReplacements(),
        RailStep(),
        ConversionStep(),
        PhaseEnd(),
        SeaStep(),
        SinkingStep(),
        EarlyAttacks(),
        Declare(),
        Operations(),
        Orders(),
        RecoverStep(),
        Combat(),
        *COMBAT_STEPS,
        AirStep(),
        AirSupplyStep(),
        AirDropStep(),
        AirfieldStep(),
        AirfieldPlace(),
        *AIR_STEPS,
        RevealStep(),
        RehideStep(),
        EvacuateStep(),
        KatyushaRoll(),
        RussianVDP(),
        SupplyStep(),
        RussianAdmin(),
        RussianArrival(),
        RussianEntrench(),
        RifleRoll(),
        RifleDie(),
        SiberianChoice(),
        SiberianGamble(),
        SiberianPlace(),
        GermanVDP(),
        MoscowCheck(),
        MoscowCollapse(),
    )
    # DCH: the enhanced/optional combat odds expansion ("requires both players' agreement")
    # and the free set-up (DCH: Setup) instead of the scenario's fixed one
    options: ClassVar[Mapping[str, Any]] = {"enhanced_odds": False, "free_setup": False}
    data_dir: ClassVar[Path | None] = DATA  # the charts live in data/charts/, not globbed

    def validate_scenario(self, scenario: Scenario) -> None:
        charts_module.check(scenario)

    def setup(self, ctx: Context) -> None:
        """Control: the Axis countries are Axis, every other land hex Russian; the rail heads
        start where the charts put them."""
        board = ctx.board
        for n in board:
            if board.terrain(n) in WATER or n in ctx.state.control:
                continue
            axis = any(board.has(n, f) for f in AXIS_COUNTRIES)
            ctx.state.control[n] = cn.AXIS if axis else cn.RUSSIAN
        ctx.state.set("railheads", list(charts_module.charts(ctx).rail["railheads"]))

    def victory_points(self, ctx: Context) -> dict[str, float]:
        """The points of the victory cities the Axis holds in supply."""
        return {cn.AXIS: axis_points(ctx)[0]}

    def final_result(self, ctx: Context) -> Result:
        return final(ctx)

    def evaluate(self, ctx: Context, side: str) -> float:
        """DCH: Victory Conditions: the result, else the victory points the Axis holds in
        supply, the combat factors and the hexes each side holds (:func:`.victory.estimate`)."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return estimate(ctx, side)

    def view(self, state: GameState, side: str) -> dict[str, Any]:
        return side_view(state, side)

    def counter(self, ctx: Context, uid: str, side: str | None) -> Counter:
        return seen_counter(ctx, uid, side)

    def zoc(self, ctx: Context, side: str) -> frozenset[str]:
        return zoc_hexes(ctx, side)

    def determinize(self, ctx: Context, side: str) -> None:
        hidden_determinize(ctx, side)

    def action_audience(self, ctx: Context, action: Action) -> tuple[str, ...]:
        """DCH: Set-up: the face-down mech group, chosen blindly by the German player, and
        its counters dealt to the korps are told to the Russian player only."""
        if ctx.state.stack and ctx.state.stack[-1].step in SECRET_CHANCE:
            return (cn.RUSSIAN,)
        return super().action_audience(ctx, action)

    def playout_weight(self, ctx: Context, action: Action) -> float:
        """Random playouts rarely call the Siberians early (a 1/9 risk of losing the game a
        turn) or declare No Retreat!, and set the Russians up never further from legal
        (``setup.placement_weight``); legality is unchanged."""
        if isinstance(action, Choose) and action.option in ("siberians", "no-retreat"):
            return 0.05
        top = ctx.state.stack[-1]
        if isinstance(action, Choose) and top.step in ("rehide", "evacuate"):
            return 0.1
        if (
            isinstance(action, Place)
            and top.step == "setup-place"
            and top.args["side"] == cn.RUSSIAN
        ):
            return setup.placement_weight(ctx, action.unit, action.at)
        return 1.0

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus]:
        """DCH: Supply: the hexes ``side``'s supply trace reaches (full and limited)."""
        return supply_map(ctx, side).statuses()


TITLE = DarkCrusadeHex()
