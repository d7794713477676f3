"""Königsberg '45 (3CG, Stefan Ekström): the Soviet attack on East Prussia, January 1945.

Every rule of the text is enforced or listed as not done in ``docs/rules/konigsberg.md``.
``TITLE`` is registered as ``konigsberg``; the campaign scenario is ``data/campaign.toml``
(map reconstructed from real geography, provisional counters) and the charts are
``data/charts.toml`` (provisional where the rules do not give them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any, ClassVar

from wargames.core.actions import KERNEL_ACTIONS, Action
from wargames.core.context import Context
from wargames.core.counters import Counter
from wargames.core.errors import ScenarioError
from wargames.core.frame_args import Shape
from wargames.core.scenario import Scenario
from wargames.core.sequence import Phase, Step
from wargames.core.state import GameState, Result
from wargames.core.supply import SupplyStatus
from wargames.core.title import Title
from wargames.core.vocabulary import Vocabulary

from .actions import AtrocityMove, StrategicMove
from .charts import charts as compiled_charts
from .charts import validate
from .picture import counters as seen_counters
from .picture import zoc as zoc_hexes
from .sequence import PHASES, STEPS
from .special import mikosch_check, start_cup
from .supply import RULES as SUPPLY_RULES
from .supply import trace as supply_trace
from .var_shapes import VAR_SHAPES
from .victory import estimate, german_vph, level
from .view import determinize, fog, sees, visible_units

DATA = Path(__file__).parent / "data"


class Konigsberg(Title):
    """Königsberg '45: chit-pull command, ZOC, step losses, retreats, refugees, air, supply."""

    name: ClassVar[str] = "konigsberg"
    description: ClassVar[str] = "Königsberg '45: the Soviet attack on East Prussia, 1945"
    sides: ClassVar[tuple[str, ...]] = ("german", "soviet")
    default_scenario: ClassVar[str] = "campaign"
    phases: ClassVar[tuple[Phase, ...]] = PHASES
    rule_steps: ClassVar[tuple[Step, ...]] = STEPS
    data_dir: ClassVar[Path | None] = DATA
    scenarios: ClassVar[tuple[str, ...]] = ("campaign",)
    phase_end_step: ClassVar[str | None] = "phase-end"  # K45 5.0a: stacking at each phase's end
    args_declared: ClassVar[bool] = True  # every step's frame arguments (Step.args)
    actions: ClassVar[tuple[type[Action], ...]] = (*KERNEL_ACTIONS, StrategicMove, AtrocityMove)
    options: ClassVar[Mapping[str, Any]] = {
        "bohme": False,  # K45 15.1a: SS Regiment Böhme sets up in Königsberg
        "mikosch": False,  # K45 15.1b: zbV KG Mikosch enters near Königsberg
    }

    vocabulary: ClassVar[Vocabulary] = Vocabulary(
        boxes=(
            "air:*", "chits-out", "cup", "drawn", "eliminated", "gd", "grounded", "optional",
            "refit", "reinforcements", "removed", "volksturm", "volksturm-reserve",
        ),
        unit_markers=("oos", "isolated"),
        node_markers=(),
        flags=("air", "hq", "mech", "naval", "nozoc", "volksturm"),
        areas=None,  # the map's entry letters, or "haff": checked in validate_scenario
        vars=(
            "active", "arrived", "atrocities", "attacked", "by_rail", "combat", "gd",
            "hipper_used", "lost_since_supply", "mikosch_due", "no_gas", "owners",
            "refugee_colour", "refugees", "released", "split_sources", "stack_order", "stopped",
            "supply_record", "used",
        ),
    )  # fmt: skip
    var_shapes: ClassVar[Mapping[str, Shape] | None] = VAR_SHAPES
    observed_markers: ClassVar[tuple[str, ...]] = ("oos", "isolated")  # K45 11.x supply

    def validate_scenario(self, scenario: Scenario) -> None:
        validate(scenario)
        board = scenario.board
        # K45 11.1a: "unless the hex/hexside is crossed by either a road and railroad": the
        # supply trace opens road and rail hexsides, not water hexes; a map with a road or
        # railroad into a water hex is refused rather than traced wrong
        for a, b in board.graph.edges:
            into = [n for n in (a, b) if board.terrain(n) == "water"]
            if into and board.edge_features(a, b) & SUPPLY_RULES.opened_by:
                raise ScenarioError(
                    scenario.file,
                    "map",
                    f"K45 11.1a: the road or railroad {a}-{b} enters the water hex {into[0]}; "
                    "a supply line through a water hex is not traced",
                )
        # K45 15.1a, 15.1b: an option brings its counter from the optional box into play
        for option, uid, rule in (("bohme", "Bohme", "15.1a"), ("mikosch", "Mikosch", "15.1b")):
            start = scenario.start.get(uid)
            if scenario.options.get(option) and (start is None or start.box != "optional"):
                raise ScenarioError(
                    scenario.file,
                    f"options.{option}",
                    f"K45 {rule}: the option {option!r} needs the counter {uid} in the "
                    "'optional' box",
                )
        # K45 1.2a: a reinforcement enters at an entry area of the map (or by the Haff)
        areas = {scenario.board.attr(n, "entry") for n in scenario.board} | {"haff"}
        for i, r in enumerate(scenario.reinforcements):
            if r.area is not None and r.area not in areas:
                raise ScenarioError(
                    scenario.file, f"reinforcements[{i}].area", f"no entry area {r.area!r}"
                )

    def action_words(self, scenario: Scenario) -> tuple[str, ...]:
        """The chits (K45 2.1a) and the option words of command, combat and replacements."""
        words = ("unit:*", "hgm:*", "air:*:full", "air:*:normal", "step:*", "stay:*")
        return (*words, *sorted(compiled_charts(scenario)["chits"]))

    def victory_points(self, ctx: Context) -> dict[str, float]:
        """K45 14.3: the VP hexes the Germans hold."""
        return {"german": german_vph(ctx)}

    def evaluate(self, ctx: Context, side: str) -> float:
        """K45 14.3: the game's result, else the odds of the German-held VP hexes."""
        if ctx.state.result is not None:
            return super().evaluate(ctx, side)
        return estimate(ctx, side)

    def setup(self, ctx: Context) -> None:
        """K45 0.1f, 0.1g, 11.4: set-up in supply; the cup; the optional SS Böhme (15.1a) and
        Mikosch, if a Soviet unit sets up near Königsberg (15.1b "as soon as")."""
        start_cup(ctx)
        units = ctx.scenario.units
        ctx.state.set(
            "owners",
            {  # for the fog of war view, which sees only the state
                side: sorted(u for u, d in units.items() if d.side == side) for side in self.sides
            },
        )
        ctx.state.set(
            "stack_order",
            sorted(units, key=lambda u: ("hq" in units[u].flags, -max(units[u].defence), u)),
        )
        if ctx.options.get("bohme"):  # the counter is checked by validate_scenario
            from .charts import charts

            ctx.state.put(ctx.state.units["Bohme"].moved_to(charts(ctx).place("Königsberg")))
        mikosch_check(ctx)

    def final_result(self, ctx: Context) -> Result:
        return level(ctx)

    def view(self, state: GameState, side: str) -> dict[str, Any]:
        """K45 0.1e: only the top unit of each enemy stack is seen."""
        return fog(state, side)

    def determinize(self, ctx: Context, side: str) -> None:
        """K45 0.1e: the enemy units hidden under stack tops dealt anew (see ``view``)."""
        determinize(ctx, side)

    def visible_units(self, state: GameState, side: str) -> frozenset[str]:
        """K45 0.1e: own units, the top unit of each enemy stack, units off the map."""
        return visible_units(state, side)

    def sees(self, state: GameState, side: str, units: Collection[str]) -> bool:
        """K45 0.1e: as ``visible_units``, asked of a few units at a time."""
        return sees(state, side, units)

    def counters(self, ctx: Context, side: str | None) -> list[Counter]:
        """K45 0.1e: a side's pictures show only the top unit of each enemy stack."""
        return seen_counters(ctx, side)

    def zoc(self, ctx: Context, side: str) -> frozenset[str]:
        return zoc_hexes(ctx, side)

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus]:
        """K45 11.1, 11.2: the hexes ``side``'s supply trace reaches (limited: 11.2c)."""
        return supply_trace(ctx, side).statuses()


TITLE = Konigsberg()
