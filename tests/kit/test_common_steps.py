"""The kernel's common steps and helpers: SideStep, UnitFirstStep, AllocateLossesStep, unit
changes, dice hits, data_dir scenarios, the opt-in "no units loses" rule and
Game.rules_context."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tiny import scenario

from wargames.core.actions import Action, AllocateLosses, Choose, Move, Pass
from wargames.core.changes import eliminate, lose_steps, move_units
from wargames.core.context import Context
from wargames.core.dice import hits
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.core.losses import LossPolicy
from wargames.core.scenario import parse_scenario
from wargames.core.sequence import Phase, Segment, Step
from wargames.core.state import Frame
from wargames.core.steps import AllocateLossesStep, SideStep, UnitFirstStep
from wargames.core.title import Title


class Hit(SideStep):
    """``side`` passes: a1 and a2 must take ``losses`` steps (called, so the result returns)."""

    name: ClassVar[str] = "hit"

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return None if "lost" in frame.args else super().actor(ctx, frame)

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.state.set("lost", frame.args["lost"])
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.call("lose", by=frame.args["side"], units=("a1", "a2"), losses=frame.args["n"])


class Lose(AllocateLossesStep):
    name: ClassVar[str] = "lose"
    rule: ClassVar[str] = "T1"
    policy: ClassVar[LossPolicy] = LossPolicy("T1", strongest_first="T2")


class Tiny(Title):
    name: ClassVar[str] = "tiny"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")
    phases: ClassVar[tuple[Phase, ...]] = (
        Phase("one", (Segment("hit", args={"side": "a", "n": 2}),)),
    )
    rule_steps: ClassVar[tuple[Step, ...]] = (Hit(), Lose())
    no_units_loses: ClassVar[bool] = True
    data_dir: ClassVar[Path | None] = Path(__file__).parent / "data"


UNITS = [
    {"id": "a1", "side": "a", "type": "inf", "attack": [4, 2], "at": "A"},
    {"id": "a2", "side": "a", "type": "inf", "attack": [3, 1], "at": "A"},
    {"id": "b1", "side": "b", "type": "inf", "attack": [2, 1], "at": "C"},
]


def new_game() -> Game:
    return Game(Tiny(), parse_scenario(scenario(units=UNITS), "<tiny>", ("a", "b")), seed=1)


def test_side_step_reads_its_actor_from_the_frame() -> None:
    game = new_game()
    assert game.decision is not None and game.decision.side == "a"


def test_loss_allocation_lists_every_legal_spread_and_obeys_the_policy() -> None:
    game = new_game()
    game.apply(Pass())
    assert game.decision is not None and game.decision.kind == "allocate-losses"
    assert "allocate 2 step losses among a1, a2" in game.decision.prompt
    legal = [a.units for a in game.legal_actions()]
    assert legal == [("a1", "a1"), ("a1", "a2")]  # T2: the strongest (a1) takes the first
    error = game.check(AllocateLosses(("a2", "a2")))
    assert isinstance(error, IllegalAction) and error.rule == "T2"
    error = game.check(AllocateLosses(("a1",)))
    assert isinstance(error, IllegalAction) and error.rule == "T1"


def test_the_allocation_is_applied_and_handed_back_to_the_caller() -> None:
    game = new_game()
    game.apply(Pass())
    game.apply(AllocateLosses(("a1", "a1")))
    assert game.state.get("lost") == ("a1", "a1")
    assert game.state.units["a1"].box == "eliminated"
    assert game.state.units["a2"].steps == 2
    assert "eliminated" in [e.kind for e in game.events]


def test_a_side_with_no_units_left_loses_when_the_title_opts_in() -> None:
    game = new_game()
    game.apply(Pass())
    ctx = game.rules_context()
    for uid in ("a1", "a2"):
        eliminate(ctx, uid)
    result = game.title.sudden_death(ctx)
    assert result is not None and result.winner == "b"
    # the game itself is untouched by the rules context
    assert game.state.units["a1"].at == "A"


def test_lose_steps_reduces_then_eliminates_into_the_box() -> None:
    ctx = new_game().rules_context()
    assert lose_steps(ctx, "a1", 1) is False and ctx.state.units["a1"].steps == 1
    assert lose_steps(ctx, "a1", 1, box="dead") is True
    assert ctx.state.units["a1"].box == "dead"
    with pytest.raises(ValueError):
        lose_steps(ctx, "a2", -1)


def test_move_units_moves_together_and_takes_control() -> None:
    ctx = new_game().rules_context()
    move_units(ctx, ("a1", "a2"), "B")
    assert {ctx.state.units[u].at for u in ("a1", "a2")} == {"B"}
    assert ctx.state.control["B"] == "a"
    assert ctx.state.occupancy()["B"] == ("a1", "a2")


def test_data_dir_lists_the_title_scenarios(tmp_path: Path) -> None:
    class WithData(Tiny):
        data_dir: ClassVar[Path | None] = tmp_path

    (tmp_path / "one.toml").write_text("")
    (tmp_path / "two.toml").write_text("")
    (tmp_path / "notes.txt").write_text("")
    assert sorted(WithData().scenario_files()) == ["one", "two"]


@given(st.integers(0, 8), st.integers(1, 7))
def test_hits_is_the_binomial_distribution(dice: int, hit_on: int) -> None:
    dist = dict(hits(dice, hit_on))
    assert sum(dist.values()) == 1
    p = Fraction(max(7 - hit_on, 0), 6)
    mean = sum(k * w for k, w in dist.items())
    assert mean == dice * p


def test_die_step_lists_each_face_with_its_probability() -> None:
    from wargames.core.steps import DieStep

    class D8(DieStep):
        name: ClassVar[str] = "d8"
        sides: ClassVar[int] = 8

    ctx = new_game().rules_context()
    outcomes = D8().outcomes(ctx, Frame("d8"))
    assert [o.value for o, _ in outcomes] == list(range(1, 9))  # type: ignore[attr-defined]
    assert {p for _, p in outcomes} == {Fraction(1, 8)}


class March(UnitFirstStep):
    """Pick one of ``side``'s units, then move it one point along a line, or pass."""

    name: ClassVar[str] = "march"
    rule: ClassVar[str] = "T3"

    def units(self, ctx: Context, frame: Frame) -> list[str]:
        return [u.id for u in ctx.units_of(frame.args["side"])]

    def unit_actions(self, ctx: Context, frame: Frame, uid: str) -> list[Action]:
        at = ctx.state.units[uid].at
        assert at is not None
        return [Move((uid,), (at, n)) for n in sorted(ctx.board.neighbours(at))]

    def act(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Move)
        move_units(ctx, action.units, action.path)


class Marching(Title):
    name: ClassVar[str] = "marching"
    sides: ClassVar[tuple[str, ...]] = ("a", "b")
    phases: ClassVar[tuple[Phase, ...]] = (Phase("one", (Segment("march", args={"side": "a"}),)),)
    rule_steps: ClassVar[tuple[Step, ...]] = (March(),)


def test_a_unit_first_step_picks_a_unit_then_one_of_its_actions() -> None:
    game = Game(Marching(), parse_scenario(scenario(units=UNITS), "<tiny>", ("a", "b")), seed=1)
    assert list(game.legal_actions()) == [Pass(), Choose("a1"), Choose("a2")]
    before = game.to_json()
    error = game.check(Move(("a1",), ("A", "B")))
    assert error is not None and error.rule == "T3" and "choose one of the units" in error.reason
    with pytest.raises(IllegalAction):
        game.apply(Move(("a1",), ("A", "B")))
    assert game.to_json() == before  # refused: nothing changed
    game.apply(Choose("a1"))
    assert list(game.legal_actions()) == [Pass(), Move(("a1",), ("A", "B"))]
    assert game.check(Move(("a2",), ("A", "B"))) is not None  # not the picked unit's
    game.apply(Pass())  # back to picking
    assert Choose("a2") in list(game.legal_actions())
    game.apply(Choose("a1"))
    game.apply(Move(("a1",), ("A", "B")))
    assert game.state.units["a1"].at == "B"
    assert game.state.stack[-1].args.get("unit") is None  # the pick is cleared
    game.apply(Pass())  # no unit picked: the step ends, and with it the turn
    assert game.state.turn == 2
