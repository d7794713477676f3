"""Issue 10: a title declares the names its scenarios and saves may use (boxes, markers,
flags, areas, state variables); loaders refuse others, naming the field, and the conformance
kit catches play that makes one up."""

from __future__ import annotations

import json
from typing import Any, ClassVar

import attrs
import pytest

import wargames
from minimal_title import MinimalTitle
from wargames import api
from wargames.core.actions import Move
from wargames.core.errors import SaveError, ScenarioError
from wargames.core.game import Game
from wargames.core.scenario import read_scenario_file
from wargames.core.vocabulary import Vocabulary
from wargames.testing import check_position


def skirmish() -> dict[str, Any]:
    t = api.get_title("minimal")
    return read_scenario_file(t.scenario_files()[t.default_scenario])[1]


def scenario_error(edit: Any) -> ScenarioError:
    data = skirmish()
    edit(data)
    with pytest.raises(ScenarioError) as info:
        api.new_game("minimal", data)
    return info.value


def test_patterns_scopes_and_kernel_names() -> None:
    v = Vocabulary(boxes=("air:*",), unit_markers=("moved",), vars=())
    assert v.allows("boxes", "air:LW") and not v.allows("boxes", "airfield")
    assert v.allows("boxes", "eliminated")  # the kernel's own box
    assert v.allows("unit_markers", "moved@phase") and not v.allows("unit_markers", "moved2")
    assert v.allows("vars", "lines") and not v.allows("vars", "mp")  # the kernel's line ledger
    assert v.allows("flags", "anything")  # undeclared: unchecked


def test_unknown_flag_start_box_marker_and_area_in_a_scenario_are_named() -> None:
    def unit0(key: str, value: Any) -> Any:
        return lambda d: d["units"][0].__setitem__(key, value)

    error = scenario_error(unit0("flags", ["mechanized", "flying"]))
    assert error.field == "units[0].flags" and "'flying'" in error.reason
    assert "mechanized" in error.reason  # the known names are listed
    assert scenario_error(unit0("markers", ["dizzy"])).field == "units[0].markers"

    def to_box(d: dict[str, Any]) -> None:
        del d["units"][0]["at"]
        d["units"][0]["box"] = "limbo"

    assert scenario_error(to_box).field == "units[0].box"

    def area(d: dict[str, Any]) -> None:
        d["reinforcements"][0]["area"] = "north"
        d["reinforcements"][0].pop("at", None)

    assert scenario_error(area).field == "reinforcements[0].area"


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda s: s["units"][0].__setitem__("markers", ["dizzy"]), "state.units[0].markers"),
        (lambda s: s["boxes"].__setitem__("cup", []), "state.boxes.cup"),
        (lambda s: s["markers"].__setitem__("0101", ["smoke"]), "state.markers.0101"),
        (lambda s: s["vars"].__setitem__("mp", 3), "state.vars"),
    ],
)
def test_unknown_names_in_a_save_are_named(edit: Any, field: str) -> None:
    data = json.loads(wargames.new_game("minimal", seed=2).to_json())
    edit(data["state"])
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data))
    assert info.value.field == field and "unknown" in info.value.reason


def test_a_unit_in_an_unknown_box_in_a_save_is_named() -> None:
    data = json.loads(wargames.new_game("minimal", seed=2).to_json())
    unit = data["state"]["units"][0]
    unit.pop("at", None)
    unit["box"] = "limbo"
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data))
    assert info.value.field == "state.units[0].box"


@attrs.frozen
class _Forgetful(MinimalTitle):
    """The minimal title that forgot to declare its ``moved`` marker."""

    vocabulary: ClassVar[Vocabulary] = attrs.evolve(MinimalTitle.vocabulary, unit_markers=())


def test_the_conformance_kit_catches_a_name_the_title_did_not_declare() -> None:
    title = _Forgetful()
    game = Game(title, api.load_scenario("minimal"), seed=3)
    check_position(game)  # nothing marked yet
    move = next(a for a in game.legal_actions() if isinstance(a, Move))
    game.apply(move)
    with pytest.raises(AssertionError, match="vocabulary"):
        check_position(game)


def test_a_konigsberg_reinforcement_enters_only_at_an_entry_area_of_the_map() -> None:
    t = api.get_title("konigsberg")
    data = read_scenario_file(t.scenario_files()[t.default_scenario])[1]
    i = next(i for i, r in enumerate(data["reinforcements"]) if "area" in r)
    data["reinforcements"][i]["area"] = "B"  # K45 1.2a: any entry letter of the map
    api.new_game("konigsberg", data)
    data["reinforcements"][i]["area"] = "Z"
    with pytest.raises(ScenarioError) as info:
        api.new_game("konigsberg", data)
    assert info.value.field == f"reinforcements[{i}].area"
