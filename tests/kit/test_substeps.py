"""Sub-steps that hand results back (ctx.call / ctx.done(**results)) and the misuse guards."""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

import pytest
from tiny import scenario

from wargames.core.actions import Action, Outcome, Pass
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.core.scenario import parse_scenario
from wargames.core.sequence import ChanceStep, Phase, Segment, Step
from wargames.core.serialize import state_from_json
from wargames.core.state import Frame
from wargames.core.title import Title


class Ask(Step):
    """Side a passes; the step calls a d6 roll and records each result it gets back."""

    name: ClassVar[str] = "ask"

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "a" if "roll" not in frame.args else None

    def run(self, ctx: Context, frame: Frame) -> None:
        ctx.state.set("got", (*ctx.state.get("got", ()), frame.args["roll"]))
        ctx.done()

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        ctx.call("d6", why="test")


class D6(ChanceStep):
    name: ClassVar[str] = "d6"

    def outcomes(self, ctx: Context, frame: Frame) -> list[tuple[Action, Fraction]]:
        return [(Outcome(v), Fraction(1, 6)) for v in range(1, 7)]

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        assert isinstance(action, Outcome)
        ctx.done(roll=action.value)


class Misuse(Step):
    """Each pass does one wrong thing, chosen by the segment's ``how``."""

    name: ClassVar[str] = "misuse"

    def actor(self, ctx: Context, frame: Frame) -> str | None:
        return "a"

    def apply(self, ctx: Context, frame: Frame, action: Action) -> None:
        how = frame.args["how"]
        if how == "update-after-done":
            ctx.done()
            ctx.update(x=1)
        elif how == "results-when-pushed":
            ctx.push("d6")
            ctx.state.set("bad", True)
        elif how == "done-under-push":
            ctx.push("d6")
            ctx.done()


def title(*segments: Segment) -> Title:
    class Tiny(Title):
        name: ClassVar[str] = "tiny"
        sides: ClassVar[tuple[str, ...]] = ("a", "b")
        phases: ClassVar[tuple[Phase, ...]] = (Phase("one", segments),)
        rule_steps: ClassVar[tuple[Step, ...]] = (Ask(), D6(), Misuse())

    return Tiny()


def new_game(*segments: Segment) -> Game:
    t = title(*segments)
    return Game(t, parse_scenario(scenario(), "<tiny>", t.sides), seed=3)


def test_a_called_step_hands_its_result_back_to_the_caller() -> None:
    game = new_game(Segment("ask"))
    game.apply(Pass())
    assert game.decision is not None and game.decision.is_chance
    game.apply(Outcome(4))
    assert game.state.get("got") == (4,)


def test_the_caller_gets_its_own_result_also_under_a_sibling_frame() -> None:
    game = new_game(Segment("ask"), Segment("ask"))
    game.apply(Pass())
    game.apply(Outcome(2))
    game.apply(Pass())
    game.apply(Outcome(5))
    assert game.state.get("got") == (2, 5)


def test_a_pending_call_survives_a_save_and_load() -> None:
    game = new_game(Segment("ask"))
    game.apply(Pass())
    data = game.state.to_json()
    assert data["stack"][0]["id"] == data["stack"][1]["caller"]
    state = state_from_json(game.title, game.scenario, data, "<save>")
    assert state == game.state


def test_update_after_done_raises_and_names_the_problem() -> None:
    game = new_game(Segment("misuse", args={"how": "update-after-done"}))
    before = game.to_json()
    with pytest.raises(RuntimeError, match="after the running step finished"):
        game.apply(Pass())
    assert game.to_json() == before


def test_done_under_a_frame_just_pushed_raises() -> None:
    game = new_game(Segment("misuse", args={"how": "done-under-push"}))
    with pytest.raises(RuntimeError, match="'misuse' calls done"):
        game.apply(Pass())


def test_results_from_a_pushed_frame_raise() -> None:
    game = new_game(Segment("misuse", args={"how": "results-when-pushed"}))
    game.apply(Pass())
    with pytest.raises(RuntimeError, match="pushed, not called"):
        game.apply(Outcome(1))


def test_a_save_whose_caller_names_no_frame_is_refused() -> None:
    from wargames.core.errors import SaveError

    game = new_game(Segment("ask"))
    game.apply(Pass())
    data = game.state.to_json()
    data["stack"][1]["caller"] = 99
    with pytest.raises(SaveError, match="caller"):
        state_from_json(game.title, game.scenario, data, "<save>")
