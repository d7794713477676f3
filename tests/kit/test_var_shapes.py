"""A title declares what each state variable holds (``Title.var_shapes``): a save whose
variable has another shape, or a variable nothing declares, is refused at load naming the
field, and the conformance kit catches play that sets a variable outside the declarations."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core.errors import SaveError
from wargames.testing import check_position


def save_with_var(title: str, name: str, seed: int = 1) -> dict[str, Any]:
    """A save of a seeded random game of ``title`` once its state holds variable ``name``."""
    game = wargames.new_game(title, seed=seed)
    agent = RandomAgent(seed)
    for _ in range(3000):
        if name in game.state.vars:
            return dict(json.loads(game.to_json()))
        step(game, agent)
    raise AssertionError(f"no variable {name} in {title} seed {seed}")


def load_error(data: dict[str, Any]) -> SaveError:
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    return info.value


@pytest.mark.parametrize("title", ["minimal", "lines"])
def test_a_variable_of_another_shape_is_named(title: str) -> None:
    data = save_with_var(title, "attacked")
    assert api.load_game(json.dumps(data)).state.vars["attacked"] is not None  # loads as saved
    data["state"]["vars"]["attacked"] = ["Atlantis"]
    error = load_error(data)
    assert error.field == "state.vars.attacked[0]", error
    assert error.file == "edited.json"
    assert "a node of the map" in error.reason


def test_a_variable_without_a_declared_shape_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    data = save_with_var("minimal", "attacked")
    title = type(api.get_title("minimal"))
    # the vocabulary would refuse an unknown name first: let it pass, so the shapes judge
    monkeypatch.setattr(title, "vocabulary", wargames.core.vocabulary.Vocabulary())
    data["state"]["vars"]["surprise"] = 3
    error = load_error(data)
    assert error.field == "state.vars.surprise"
    assert "without a declared shape" in error.reason


def test_the_kit_catches_a_variable_play_sets_outside_the_declarations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = api.load_game(json.dumps(save_with_var("minimal", "attacked")))
    check_position(game)
    monkeypatch.setattr(type(game.title), "var_shapes", {})
    with pytest.raises(AssertionError, match=r"outside Title\.var_shapes"):
        check_position(game)


def test_every_registered_title_declares_every_variable_of_its_vocabulary() -> None:
    for name in wargames.titles():
        title = api.get_title(name)
        assert title.var_shapes is not None, f"{name} declares no state-variable shapes"
        named = {v for v in title.vocabulary.vars or () if "*" not in v}  # patterns: any
        assert named <= set(title.var_shapes), f"{name}: {named - set(title.var_shapes)}"
