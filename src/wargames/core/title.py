"""The plugin API: a title is a :class:`Title` subclass whose instance is registered by name.

A title declares its sides, its turn (:class:`~wargames.core.sequence.Phase` list), its rule
steps, its action types, its options with defaults and its built-in scenarios; and it
overrides a few hooks: ``validate_scenario`` (its charts and options), ``setup`` (the first
state), ``result`` (sudden death, checked after every action), ``final_result`` (after the last
turn), ``view`` (fog of war), ``describe`` (a readable line per action),
``playout_weight`` (how often random agents pick an action) and ``counters``, ``counter``,
``zoc`` and ``supply`` (what its pictures and observations show a side).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

from .actions import KERNEL_ACTIONS, Action, action_types
from .context import Context
from .counters import Counter, default_counter, default_counters
from .events import Redacted
from .frame_args import Shape
from .information import action_units, public_view, redacted_action
from .notation import notation
from .prose import describe_action
from .scenario import Scenario
from .sequence import Phase, Step, step_table
from .state import GameState, Result
from .supply import SupplyStatus
from .unit_values import UnitValue, check_unit_values
from .vocabulary import Vocabulary, check_scenario_names


class Title:
    """Base class of every title. Set the class attributes; override the hooks you need."""

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    sides: ClassVar[tuple[str, ...]] = ()
    phases: ClassVar[tuple[Phase, ...]] = ()
    rule_steps: ClassVar[tuple[Step, ...]] = ()
    actions: ClassVar[tuple[type[Action], ...]] = KERNEL_ACTIONS
    options: ClassVar[Mapping[str, Any]] = {}
    default_scenario: ClassVar[str] = ""
    data_dir: ClassVar[Path | None] = None
    """Where the title's built-in scenarios lie: every ``*.toml`` there, by file stem (or
    only those named in ``scenarios``, when charts share the folder)."""
    scenarios: ClassVar[tuple[str, ...]] = ()
    no_units_loses: ClassVar[bool] = False
    """Opt in: a side with no unit on the map nor in a box other than ``eliminated_boxes``
    loses at once (checked after every action and automatic step, before ``result``)."""
    eliminated_boxes: ClassVar[tuple[str, ...]] = ("eliminated",)
    unit_values: ClassVar[tuple[UnitValue, ...]] = ()
    """The named values the title's counters carry in ``values`` (:mod:`.unit_values`); when
    given, the loader checks every unit against them."""
    observed_markers: ClassVar[tuple[str, ...]] = ()
    """Unit markers that the observation tensors (:mod:`wargames.observation`) give a plane
    each, counting the seen units with the marker on every node (e.g. ``"disrupted"``)."""
    observed_vars: ClassVar[tuple[str, ...]] = ()
    """Title variables of a side's view (``view["vars"]``) that the observation tensors give a
    scalar each: a number as it is, a list or mapping by its length (e.g. a replacement pool)."""
    action_variants: ClassVar[Mapping[str, int]] = {}
    """Action kind -> how many legal actions of that kind may share the encoding's factors
    (kind, unit, destination node, token) at one decision, e.g. retreats of one unit to one
    hex by different paths (default: 8 for the kernel's retreats and advances, 64 for kinds
    with a set of ``units`` and no path, 1 for other kinds with a unit and a node, else 4)."""
    vocabulary: ClassVar[Vocabulary] = Vocabulary()
    """The boxes, markers, flags, areas and state variables scenarios and saves may name
    (:mod:`.vocabulary`); the loaders refuse others (default: nothing declared, unchecked)."""
    phase_end_step: ClassVar[str | None] = None
    """A rule step run after the last segment of every phase, with args ``{"phase": name}``
    (checks the rules make "at the end of each phase", e.g. stacking). None: no such step."""
    var_shapes: ClassVar[Mapping[str, Shape] | None] = None
    """The shape of each state variable (:mod:`.frame_args`), by name or ``*`` pattern: a
    loaded save's ``vars`` are checked against them field by field, a variable without a
    declared shape refused, and the conformance kit checks every variable play sets. None
    (the default): unchecked beyond the vocabulary."""
    args_declared: ClassVar[bool] = False
    """Opt in: every rule step declares its frame arguments (``Step.args`` is never None), so
    a save's every frame is checked at load; the conformance kit holds the title to it
    (``wargames.testing.check_args_declared``)."""

    # --- registry helpers ------------------------------------------------------------
    @cached_property
    def steps(self) -> dict[str, Step]:
        table = step_table(self.rule_steps)
        for phase in self.phases:
            for seg in phase.segments:
                if seg.step not in table:
                    raise ValueError(f"{self.name}: segment {seg.title!r} names no step")
        if self.phase_end_step is not None and self.phase_end_step not in table:
            raise ValueError(f"{self.name}: phase_end_step {self.phase_end_step!r} names no step")
        return table

    @cached_property
    def action_table(self) -> dict[str, type[Action]]:
        return action_types(self.actions)

    def step(self, name: str) -> Step:
        return self.steps[name]

    # --- hooks -----------------------------------------------------------------------
    def scenario_files(self) -> Mapping[str, Path]:
        """Built-in scenarios: name -> file (default: the ``*.toml`` files in ``data_dir``)."""
        if self.data_dir is None:
            return {}
        if self.scenarios:
            return {name: self.data_dir / f"{name}.toml" for name in self.scenarios}
        return {p.stem: p for p in sorted(self.data_dir.glob("*.toml"))}

    def sudden_death(self, ctx: Context) -> Result | None:
        """The kernel's check after every action and automatic step: the opt-in "no units
        loses" rule, then :meth:`result`. Titles override :meth:`result`, not this."""
        if self.no_units_loses:
            alive = {
                ctx.side_of(u.id)
                for u in ctx.state.units.values()
                if u.at is not None or u.box not in self.eliminated_boxes
            }
            for side in self.sides:
                if side not in alive:
                    return Result(ctx.enemy_of(side), "decisive", f"{side} has no units left")
        return self.result(ctx)

    def check_scenario(self, scenario: Scenario) -> None:
        """The kernel's checks of a parsed scenario for this title (unit values, names), then
        :meth:`validate_scenario`. Loaders call this; titles override ``validate_scenario``."""
        check_unit_values(scenario, self.unit_values)
        check_scenario_names(scenario, self.vocabulary)
        self.validate_scenario(scenario)

    def validate_scenario(self, scenario: Scenario) -> None:
        """Check the title's own parts (charts, options, unit types); raise ScenarioError."""

    def validate_state(self, ctx: Context, file: str) -> None:
        """Check the title's own parts of a loaded saved game (``ctx.state``'s ``vars``, frame
        arguments, boxes, markers) against the scenario (``ctx.scenario``); raise SaveError
        naming ``file`` and the field. The kernel has already checked units, control, the
        stack's step names, turn and phase (default: nothing more)."""

    def setup(self, ctx: Context) -> None:
        """Adjust the first state after the scenario has placed units (default: nothing)."""

    def result(self, ctx: Context) -> Result | None:
        """A result if the game has ended now (sudden death); checked after every action."""
        return None

    def final_result(self, ctx: Context) -> Result:
        """The result when the last turn of the calendar is over."""
        return Result(None, "draw", "the last turn ended")

    def visible_units(self, state: GameState, side: str) -> Collection[str] | None:
        """The ids of the units ``side`` may see (None: all); the default view and the
        side's picture (``Game.svg(side=...)``) show only these."""
        return None

    def sees(self, state: GameState, side: str, units: Collection[str]) -> bool:
        """Whether ``side`` may see every one of ``units`` now: by default whether they are
        all among :meth:`visible_units`. A title may answer faster for a few units (the log
        asks for each event that names units); it must agree with :meth:`visible_units`."""
        visible = self.visible_units(state, side)
        return visible is None or all(u in visible for u in units)

    def view(self, state: GameState, side: str) -> dict[str, Any]:
        """The state as ``side`` may see it, built by inclusion (default:
        :func:`~wargames.core.information.public_view`: the position with the units of
        :meth:`visible_units`, never the dice's state)."""
        return public_view(state, side, self.visible_units(state, side))

    def counters(self, ctx: Context, side: str | None) -> list[Counter]:
        """The counters on the map as ``side`` sees them (None: all, face up), built by
        inclusion: pictures draw these only (default: the :meth:`visible_units`, each as
        :meth:`counter` shows it)."""
        return default_counters(ctx, side)

    def counter(self, ctx: Context, uid: str, side: str | None) -> Counter:
        """Unit ``uid``'s counter as ``side`` sees it (default: as its definition prints
        it; a title with face-down counters hides their values here)."""
        return default_counter(ctx, uid, side)

    def zoc(self, ctx: Context, side: str) -> frozenset[str] | None:
        """The nodes in the zone of control of ``side``'s units on ``ctx.state`` (which a
        side's picture restricts to the counters it sees); None: the title draws no ZOC."""
        return None

    def supply(self, ctx: Context, side: str) -> Mapping[str, SupplyStatus] | None:
        """The title's supply trace for ``side`` on ``ctx.state`` (which a side's pictures and
        observations restrict to the counters it sees): node -> ``SUPPLIED`` or ``LIMITED``
        for every node a unit of ``side`` would be in supply on; other nodes are out of
        supply. None: the title traces no supply per node."""
        return None

    def action_audience(self, ctx: Context, action: Action) -> tuple[str, ...]:
        """The sides told of ``action`` whole in the log (its ``action`` event); empty:
        every side. Default: the sides that may see every unit the action names
        (:func:`~wargames.core.information.action_units`) before it is carried out; the
        others are told :meth:`redact_action`. A title with secret decisions (a hidden
        set-up) names the acting side only."""
        sides = ctx.sides_seeing(action_units(ctx.scenario, action))
        return () if len(sides) == len(self.sides) else sides

    def redact_action(self, ctx: Context, action: Action) -> Redacted | None:
        """What the sides outside :meth:`action_audience` are told of ``action`` (None:
        nothing). Default: the action with every unit some side may not see written ``?``,
        or nothing if it names no such unit
        (:func:`~wargames.core.information.redacted_action`)."""
        return redacted_action(ctx, action)

    def determinize(self, ctx: Context, side: str) -> None:
        """Resample what ``side`` cannot know, consistently with its view, in ``ctx.state``
        (the kernel has already reseeded the dice). Default: nothing else is hidden."""

    def action_words(self, scenario: Scenario) -> tuple[str, ...]:
        """The words of the title's ``Choose`` options and ``Outcome`` values that the fixed
        action encoding (:mod:`wargames.encoding`) gives an index of their own: a text with
        its unit, node or number part written ``*`` (``"fortify:*"`` for ``"fortify:R12"``),
        or a whole text (``"mud"``). Undeclared words are told apart by variant numbers only
        (see ``action_variants``). Default: none."""
        return ()

    def evaluate(self, ctx: Context, side: str) -> float:
        """How good the position is for ``side``, in [0, 1], for search agents that stop
        their playouts early: the result once the game is over (1 a win, 0 a loss, 0.5 a
        draw), else the title's estimate (default: a neutral 0.5)."""
        result = ctx.state.result
        if result is None:
            return 0.5
        if result.winner is None:
            return 0.5
        return 1.0 if result.winner == side else 0.0

    def victory_points(self, ctx: Context) -> Mapping[str, float]:
        """The points each side holds now as the title's victory conditions count them
        (side -> points; only the sides the conditions count): the VP race of the playout
        reports (:mod:`wargames.simulate`). Default: none counted."""
        return {}

    def playout_weight(self, ctx: Context, action: Action) -> float:
        """Relative weight of a legal action in random playouts (fuzzing, the CLI's agents).

        It never affects legality; a title lowers it for legal but self-defeating choices
        that would otherwise end most random games at once (default 1)."""
        return 1.0

    def notation(self, ctx: Context, action: Action) -> str:
        """The text a person reads and types for ``action`` at the pending decision
        (default: the generic notation of :mod:`.notation`, e.g. ``move 18A 0102-0202``).
        An override must give distinct legal actions distinct texts and change nothing;
        ``Game.parse`` reads them back by matching the legal actions, and always reads the
        generic notation."""
        return notation(action)

    def describe(self, ctx: Context, action: Action) -> str:
        """One line of prose for the log, told before the action is applied (default:
        :func:`~.prose.describe_action`: the acting side and what it does)."""
        return describe_action(ctx, action)

    def __repr__(self) -> str:
        return f"<Title {self.name}>"
