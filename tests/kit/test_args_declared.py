"""The conformance kit's opt-in check that a title's steps all declare their frame arguments
(``Title.args_declared``, ``wargames.testing.check_args_declared``)."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.frame_args import INT
from wargames.core.sequence import Phase, Segment
from wargames.testing import check_args_declared, check_title


def test_a_title_that_opts_in_passes_when_every_step_declares() -> None:
    game = wargames.new_game("darkest", seed=1)
    check_args_declared(game)


def test_a_step_without_args_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    game = wargames.new_game("darkest", seed=1)
    monkeypatch.setattr(type(game.title.step("sinking")), "args", None)
    with pytest.raises(AssertionError, match=r"steps without Step\.args: \['sinking'\]"):
        check_args_declared(game)


def test_a_segment_argument_of_another_shape_fails_the_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = wargames.new_game("darkest", seed=1)
    phases = (Phase("test", (Segment("supply", "A.3", {"side": "martian"}),)),)
    monkeypatch.setattr(type(game.title), "phases", phases)
    with pytest.raises(
        AssertionError, match=r"test, A\.3: supply side: expected a side, got 'martian'"
    ):
        check_args_declared(game)


def test_the_phase_end_steps_phase_argument_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    game = wargames.new_game("konigsberg", seed=1)
    monkeypatch.setattr(type(game.title.step("phase-end")), "args", {"phase": INT})
    with pytest.raises(
        AssertionError, match=r"phase end: phase-end phase: expected a whole number"
    ):
        check_args_declared(game)


def test_check_title_holds_a_title_that_opts_in_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    title = wargames.new_game("lines", seed=1).title
    assert title.args_declared  # the example title opts in
    monkeypatch.setattr(type(title.step("movement")), "args", None)
    with pytest.raises(AssertionError, match=r"steps without Step\.args"):
        check_title("lines", seeds=range(1), max_actions=5)
    # opt-in: a title that does not opt in is not held to it (it gets as far as playing)
    monkeypatch.setattr(type(title), "args_declared", False)
    with pytest.raises(AssertionError, match=r"no result within 5 actions"):
        check_title("lines", seeds=range(1), max_actions=5)
