"""The kernel's phase-end step and unit markers scoped to a segment, phase or turn."""

from __future__ import annotations

from typing import ClassVar

import pytest
from tiny import scenario

from wargames.core.actions import Action, Pass
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.core.markers import PHASE, SEGMENT, TURN, has_scoped, scoped
from wargames.core.scenario import parse_scenario
from wargames.core.sequence import Phase, Segment, Step
from wargames.core.state import Frame
from wargames.core.title import Title


class Mark(Step):
    """Side ``a`` passes; passing marks a1 for each scope."""

    name: ClassVar[str] = "mark"

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "a"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        unit = ctx.state.units["a1"]
        ctx.state.put(unit.marked(*(scoped(frame.args["tag"], s) for s in (SEGMENT, PHASE, TURN))))
        ctx.done()


class Audit(Step):
    """The phase-end step: records which phase ended and what markers a1 still had."""

    name: ClassVar[str] = "audit"

    def run(self, ctx: Context, frame: Frame) -> None:
        seen = sorted(ctx.state.units["a1"].markers)
        ctx.state.set("ends", (*ctx.state.get("ends", ()), (frame.args["phase"], seen)))
        ctx.done()


class Tiny(Title):
    name: ClassVar[str] = "tiny"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase(
            "one", (Segment("mark", "first", {"tag": "x"}), Segment("mark", "second", {"tag": "y"}))
        ),
        Phase("two", ()),
    )
    rule_steps: ClassVar[tuple[Step, ...]] = (Mark(), Audit())
    phase_end_step: ClassVar[str | None] = "audit"


def new_game() -> Game:
    return Game(Tiny(), parse_scenario(scenario(), "<tiny>", ("a", "b")), seed=1)


def test_the_phase_end_step_runs_after_every_phase_even_an_empty_one() -> None:
    game = new_game()
    game.apply(Pass())
    game.apply(Pass())
    ends = game.state.get("ends")
    assert [phase for phase, _ in ends] == ["one", "two"]


def test_segment_markers_clear_at_the_segment_end_phase_markers_at_the_phase_end() -> None:
    game = new_game()
    game.apply(Pass())  # first segment: x@segment, x@phase, x@turn
    a1 = game.state.units["a1"]
    assert not has_scoped(a1, "x", SEGMENT)
    assert has_scoped(a1, "x", PHASE) and has_scoped(a1, "x", TURN)
    game.apply(Pass())  # second segment, then the phase ends
    (_, at_end_of_one), (_, at_end_of_two) = game.state.get("ends")
    # at the phase-end step the phase's markers are still there (the phase is not over yet)
    assert list(at_end_of_one) == ["x@phase", "x@turn", "y@phase", "y@turn"]
    assert list(at_end_of_two) == ["x@turn", "y@turn"]


def test_turn_markers_clear_when_the_turn_ends() -> None:
    game = new_game()
    game.apply(Pass())
    game.apply(Pass())
    assert game.state.turn == 2
    assert game.state.units["a1"].markers == frozenset()


def test_an_unknown_scope_is_refused() -> None:
    with pytest.raises(ValueError, match="scope"):
        scoped("moved", "battle")


def test_a_phase_end_step_that_names_no_step_is_refused() -> None:
    class Broken(Tiny):
        phase_end_step: ClassVar[str | None] = "nowhere"

    with pytest.raises(ValueError, match="nowhere"):
        _ = Broken().steps
