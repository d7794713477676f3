"""Darkest Crusade (Louis R. Coatney, 2014/2018): the 1941 game, June 1941 - February 1942.

Every paragraph of the rule text is enforced; ``docs/rules/darkest.md`` is the coverage table
(rule -> code -> test) and lists the provisional data. Rules cite the text's paragraph names
(``DC: Disruption``, ``DC: Sequence B.2.d``) because the text has no numbered sections.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.actions import Action, Choose
from wargames.core.context import Context
from wargames.core.counters import Counter
from wargames.core.errors import SaveError, ScenarioError
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import GameState, Result
from wargames.core.supply import SupplyStatus
from wargames.core.title import Title
from wargames.core.vocabulary import Vocabulary

from . import battle_record, secret
from . import charts as charts_module
from . import counters as cn
from .battle import (
    AbsorbStep,
    AdvanceStep,
    BattleStep,
    FireStep,
    PressStep,
    ReserveStep,
    RiverStep,
    WithdrawStep,
)
from .disruption import RecoverStep
from .movement import german_zones
from .operations import BeginCombat, BeginPhase, Combat, Operations, Orders
from .picture import counter as printed_counter
from .reinforcements import (
    Arrivals,
    Disband,
    EndAxisTurn,
    Fortify,
    Gamble,
    GermanReinforcements,
    Replace,
    RussianAdmin,
    ShockSide,
    Substitute,
)
from .reinforcements import setup as reinforcements_setup
from .sea import SeaMove, Sinking
from .secret import SecretSetup, hidden_view
from .secret import start as secret_start
from .sequence import PHASES
from .supply import SupplyStep, SustainStep, supply_map
from .var_shapes import VAR_SHAPES
from .victory import GermanVDP, RussianVDP, axis_cities, estimate, final
from .weather import WeatherStep

DATA = Path(__file__).parent / "data"


class DarkestCrusade(Title):
    """Darkest Crusade: fire-table battles in rounds, Disruption, closer-to-friends supply."""

    name: ClassVar[str] = "darkest"
    description: ClassVar[str] = "Darkest Crusade (1941 game): Jun 41 - Feb 42, monthly turns"
    sides: ClassVar[tuple[str, ...]] = cn.SIDES
    default_scenario: ClassVar[str] = "1941"
    data_dir: ClassVar[Path | None] = DATA
    scenarios: ClassVar[tuple[str, ...]] = ("1941",)
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase("Secret set-up", (SecretSetup.segment(),)),
        *PHASES,
    )
    rule_steps: ClassVar[tuple[Step, ...]] = (
        WeatherStep(),
        GermanReinforcements(),
        Fortify(),
        SeaMove(),
        Sinking(),
        BeginPhase(),
        Operations(),
        Orders(),
        BeginCombat(),
        Combat(),
        BattleStep(),
        FireStep(),
        PressStep(),
        RiverStep(),
        AbsorbStep(),
        WithdrawStep(),
        ReserveStep(),
        AdvanceStep(),
        RecoverStep(),
        SupplyStep(),
        SustainStep(),
        RussianVDP(),
        EndAxisTurn(),
        RussianAdmin(),
        Disband(),
        Substitute(),
        Gamble(),
        Arrivals(),
        Replace(),
        ShockSide(),
        GermanVDP(),
        SecretSetup(),
    )
    options: ClassVar[Mapping[str, Any]] = {
        # DC: Lotsa Dice: one die per strength point instead of the table.
        "lotsa_dice": False,
        # DC: Secret, Nonhistorical Russian Setup (victory shifted 2 cities to the Germans).
        "secret_setup": False,
        # DC: Special 1st Turn Rules: "after-turn-1" or "never" (the Axis player's choice).
        "axis_romania_attacks": "after-turn-1",
    }

    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=("eliminated", "lost", "reinforcements", "siberian", "setup"),
        unit_markers=(
            "disrupted", "moved", "done", "bonus", "attacking", "attacked", "hit", "fortified",
            "fortifying", "strong", "unsupplied",
        ),
        node_markers=(),
        flags=(
            "armour", "army", "black", "brown", "infantry", "irreplaceable-unsupplied", "mech",
            "panzergruppe", "proriv", "red", "shock", "siberian", "white", "withdrawable",
        ),
        areas=(),
        vars=(
            "attacks", "battle", "defended", "due", "factories", "hidden", "inf_pool", "october",
            "placed", "river_ignored", "romania_open", "siberians", "snow_turns", "tank_pool",
            "to_place", "weather",
        ),
    )  # fmt: skip
    observed_markers: ClassVar[tuple[str, ...]] = (
        "disrupted",
        "fortified",
        "hit",
        "unsupplied",  # DC: Supply
    )
    observed_vars: ClassVar[tuple[str, ...]] = ("inf_pool", "tank_pool")  # DC: Replacements
    var_shapes: ClassVar[Mapping[str, Shape] | None] = VAR_SHAPES

    def validate_scenario(self, scenario: Scenario) -> None:
        charts_module.check(scenario)
        file = scenario.file
        if scenario.options["axis_romania_attacks"] not in ("after-turn-1", "never"):
            raise ScenarioError(file, "options.axis_romania_attacks", "'after-turn-1' or 'never'")
        for i, (uid, d) in enumerate(scenario.units.items()):
            for field in ("attack", "defence"):
                values = getattr(d, field)
                if len(values) != 1 or values[0] != int(values[0]) or values[0] < 0:
                    raise ScenarioError(
                        file, f"units[{i}].{field}", f"{uid}: one whole combat factor >= 0"
                    )
            strong = d.values.get("strong")
            if strong is not None and not (
                isinstance(strong, (list, tuple))
                and len(strong) == 2
                and all(isinstance(x, int) for x in strong)
            ):
                raise ScenarioError(file, f"units[{i}].values.strong", "two whole factors")
            homes = d.values.get("homes")
            if homes is not None and not (
                isinstance(homes, (list, tuple)) and all(isinstance(h, str) for h in homes)
            ):
                raise ScenarioError(file, f"units[{i}].values.homes", "a list of map features")

    def setup(self, ctx: Context) -> None:
        reinforcements_setup(ctx)
        secret_start(ctx)

    def final_result(self, ctx: Context) -> Result:
        return final(ctx)

    def view(self, state: GameState, side: str) -> dict[str, Any]:
        return hidden_view(state, side)

    def victory_points(self, ctx: Context) -> dict[str, float]:
        """DC: Victory Conditions: the points of the cities the Axis holds in supply."""
        return {cn.AXIS: axis_cities(ctx)[0]}

    def evaluate(self, ctx: Context, side: str) -> float:
        """DC: Victory Conditions: the result, else the odds of the Axis-held cities."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return estimate(ctx, side)

    def counter(self, ctx: Context, uid: str, side: str | None) -> Counter:
        return printed_counter(ctx, uid, side)

    def zoc(self, ctx: Context, side: str) -> frozenset[str]:
        """DC: Zones of Control: only UnDisrupted German armies and panzergruppen exert
        one (Russian units none)."""
        if side != cn.AXIS:
            return frozenset()
        zm = german_zones(ctx, ctx.state.occupancy())
        return frozenset(zm.labels(ctx.board.index))

    def visible_units(self, state: GameState, side: str) -> frozenset[str] | None:
        """DC: Secret ... Setup: the Axis does not see hidden Russian units."""
        hidden = state.vars.get(secret.HIDDEN) or ()
        if side == cn.RUSSIAN or not hidden:
            return None
        return frozenset(state.units) - frozenset(hidden)

    def action_audience(self, ctx: Context, action: Action) -> tuple[str, ...]:
        """DC: Secret ... Setup: a Russian placement is told to the Russians only; any other
        action naming a hidden unit is told to the Axis redacted (the kernel's default)."""
        if secret.secret_place(ctx, action):
            return (cn.RUSSIAN,)
        if not ctx.state.get(secret.HIDDEN):
            return ()  # no hidden unit: every side sees every unit (visible_units), as below
        return super().action_audience(ctx, action)

    def determinize(self, ctx: Context, side: str) -> None:
        secret.determinize(ctx, side)

    def validate_state(self, ctx: Context, file: str) -> None:
        """A saved battle is read field by field at load, not first when it is fought."""
        if ctx.state.get("battle") is not None:
            try:
                battle_record.battle(ctx)
            except SaveError as exc:
                raise SaveError(f"state.{exc.field}", exc.reason, file) from None

    def playout_weight(self, ctx: Context, action: Action) -> float:
        """Random playouts rarely call the Siberians early (a 1/6 risk of losing the game per
        month early, certain in June, DC: Siberian Reserve Gamble) or disband units, so that
        random games reach the winter; legality is unchanged."""
        if isinstance(action, Choose) and action.option in ("siberians", "disband"):
            return 0.02
        return 1.0

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus]:
        """DC: Supply: the hexes a supply line of ``side`` reaches now."""
        return supply_map(ctx, side).statuses()


TITLE = DarkestCrusade()
