"""The conformance kit fails fast, naming the step, on an action that changes nothing (the
same decision would come again forever) and on a ``check`` laxer than the legal list."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.core.actions import Pass
from wargames.testing import check_title, save_with_frame


def test_an_apply_that_changes_nothing_fails_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    movement = type(wargames.new_game("minimal", seed=1).title.step("movement"))
    original = movement.apply

    def forgetful(self: Any, ctx: Any, frame: Any, action: Any) -> None:
        if not isinstance(action, Pass):  # a pass that forgot ctx.done()
            original(self, ctx, frame, action)

    monkeypatch.setattr(movement, "apply", forgetful)
    with pytest.raises(AssertionError, match=r"in step 'movement' left the game state unchanged"):
        check_title("minimal", seeds=range(1), max_actions=500)


def test_a_check_laxer_than_the_legal_list_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    combat = type(wargames.new_game("minimal", seed=1).title.step("combat"))
    monkeypatch.setattr(combat, "check", lambda self, ctx, frame, action: None)
    with pytest.raises(AssertionError, match=r"check accepts Attack\(.*in step 'combat'"):
        check_title("minimal", seeds=range(3), every=1)


def test_the_example_titles_pass_the_near_miss_check() -> None:
    check_title("minimal", seeds=range(1), every=2)
    check_title("lines", seeds=range(1), every=5)


def test_save_with_frame_says_when_the_game_ended_before_the_frame() -> None:
    game = wargames.new_game("minimal", seed=1)
    with pytest.raises(AssertionError, match=r"no no-such-step frame: the game ended after \d+"):
        save_with_frame(game, "no-such-step", seed=1)
    assert game.is_over()
