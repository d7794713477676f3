"""Every Dark Crusade 2nd ed. step declares the frame arguments it reads (``Step.args``); a
saved p2p game whose pending frame holds a corrupted argument is refused, naming the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.core.actions import Choose, Move
from wargames.testing import frame_refusal

from .support import TITLE, advance_to, game, infantry, panzer


def test_every_step_declares_its_frame_arguments() -> None:
    title = api.get_title(TITLE)
    undeclared = sorted(name for name, step in title.steps.items() if step.args is None)
    assert undeclared == []


def _save_with_unit_chosen() -> dict[str, Any]:
    """A save at the Axis operational movement with a unit chosen (frame args ``side``,
    ``unit``)."""
    g = advance_to(game([panzer("P", "Warsaw"), infantry("S", "soviet", "Minsk")]), "operational")
    g.apply(Choose("P"))
    assert g.state.stack[-1].args["unit"] == "P"
    return dict(json.loads(g.to_json()))


def _save_at_sea() -> dict[str, Any]:
    """A save at the sea-loss die (frame args ``side``, ``unit``, ``path``)."""
    g = advance_to(game([infantry("S", "soviet", "Odessa")]), "sea", "soviet")
    g.apply(Choose("S"))
    g.apply(Move(("S",), ("Odessa", "Nikolaev")))
    assert g.state.stack[-1].step == "sea-loss"
    return dict(json.loads(g.to_json()))


@pytest.mark.parametrize(
    ("save", "step", "key", "value", "field", "reason"),
    [
        (_save_with_unit_chosen, "operational", "unit", "ZZ", "unit", "expected"),
        (_save_with_unit_chosen, "operational", "side", "east", "side", "a side"),
        (_save_with_unit_chosen, "operational", "mode", "blitz", "mode", "expected"),
        (_save_with_unit_chosen, "operational", "breakthrough", 1, "breakthrough", "true or"),
        (_save_with_unit_chosen, "operational", "target", "Minsk", "target", "not an argument"),
        (_save_at_sea, "sea-loss", "path", ["Odessa", "Atlantis"], "path[1]", "a node"),
        (_save_at_sea, "sea-loss", "unit", 3, "unit", "a unit"),
    ],
)
def test_a_corrupted_frame_argument_in_a_saved_game_is_refused_naming_the_field(
    save: Any, step: str, key: str, value: Any, field: str, reason: str
) -> None:
    data = save()
    index = next(i for i, f in enumerate(data["state"]["stack"]) if f["step"] == step)
    error = frame_refusal(data, index, lambda args: args.__setitem__(key, value))
    assert error.field.endswith(f".args.{field}"), error.field
    assert reason in error.reason


def test_an_untouched_save_loads() -> None:
    for save in (_save_with_unit_chosen, _save_at_sea):
        data = save()
        assert json.loads(wargames.load_game(json.dumps(data)).to_json()) == data
