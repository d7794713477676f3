"""Issue 10: every bad input gets the typed error, every loaded game is whole, saves round-trip
exactly (examples; tests/fuzz holds the properties)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, play_out
from wargames.core.actions import Action, Attack, Move, Pass
from wargames.core.errors import IllegalAction, SaveError, ScenarioError
from wargames.core.jsonvalue import MAX_DEPTH
from wargames.core.scenario import MAX_MAP_SIDE, MAX_MOVEMENT, MAX_NUMBER, read_scenario_file


def minimal_game(actions: int = 0) -> wargames.Game:
    game = wargames.new_game("minimal", seed=4)
    play_out(game, RandomAgent(4), max_actions=actions)
    return game


def first_move(game: wargames.Game) -> Move:
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    assert moves
    return moves[0]


# --- actions: one validation boundary ---------------------------------------------------------


@pytest.mark.parametrize("thing", [None, 0, "pass", {"type": "pass"}, Action(), object()])
def test_a_non_action_is_an_illegal_action(thing: object) -> None:
    game = minimal_game()
    before = game.to_json()
    error = game.check(thing)
    assert isinstance(error, IllegalAction) and "not an action" in str(error)
    with pytest.raises(IllegalAction):
        game.apply(thing)
    assert game.to_json() == before
    assert thing not in game.legal_actions()


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("units", None, "move.units: expected a tuple"),
        ("units", ["B1"], "move.units: expected a tuple, got list"),
        ("path", ("0102", 3), "move.path: [1]: expected a str"),
        ("path", ("0102", "9999"), "move.path: '9999' is not a node"),
        ("path", ("0102", True), "move.path: [1]: expected a str, got bool"),
    ],
)
def test_a_field_of_the_wrong_type_or_an_unknown_id_is_named(
    field: str, value: Any, says: str
) -> None:
    game = minimal_game()
    move = attrs.evolve(first_move(game), **{field: value})
    before = game.to_json()
    error = game.check(move)
    assert error is not None and says in str(error)
    with pytest.raises(IllegalAction, match=r"move\."):
        game.apply(move)
    assert game.to_json() == before


def test_an_unknown_unit_of_an_attack_is_named() -> None:
    game = minimal_game()
    error = game.check(Attack(("Z9",), "0102"))
    assert error is not None and "attack.units: 'Z9' is not a unit" in str(error)


def test_an_action_class_the_title_does_not_have_is_illegal() -> None:
    @attrs.frozen
    class Foreign(Action):
        kind = "pass"

    error = minimal_game().check(Foreign())
    assert error is not None and "not an action of this title" in str(error)


def test_a_bool_is_not_an_int_and_a_float_must_be_finite() -> None:
    from wargames.core.actions import Outcome, validate_action

    table = {"outcome": Outcome}
    assert validate_action(Outcome(3), table, {}) is None
    assert validate_action(Outcome(True), table, {}) is not None
    assert validate_action(Outcome(1.5), table, {}) is not None  # str | int only


# --- saves: all or nothing, exact round trip --------------------------------------------------


def test_undo_works_after_load_game() -> None:
    game = minimal_game(12)
    loaded = api.load_game(game.to_json())
    assert loaded.undo() == game.undo()
    assert loaded.to_json() == game.to_json()
    assert loaded.undo() == game.undo() and loaded.to_json() == game.to_json()


def test_undo_after_loading_a_save_whose_history_does_not_reproduce_it_is_a_save_error() -> None:
    data = json.loads(minimal_game(12).to_json())
    data["actions"] = data["actions"][:-1]
    loaded = api.load_game(json.dumps(data))
    with pytest.raises(SaveError, match="does not reproduce"):
        loaded.undo()


def test_a_loaded_darkest_game_lists_its_legal_actions_in_the_same_order() -> None:
    game = wargames.new_game("darkest", seed=1)
    agent = RandomAgent(1)
    seen = 0
    while seen < 6 and not game.is_over():
        play_out(game, agent, max_actions=15)
        loaded = api.load_game(game.to_json())
        assert list(loaded.legal_actions()) == list(game.legal_actions())
        seen += 1


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
        b"\xff\xfe{}",
    ],
)
def test_deep_or_non_utf8_json_is_a_one_line_save_error(text: str | bytes) -> None:
    with pytest.raises(SaveError) as info:
        api.load_game(text, file="game.json")
    assert "\n" not in str(info.value) and info.value.file == "game.json"


def test_a_save_with_an_unknown_title_is_a_save_error() -> None:
    data = json.loads(minimal_game().to_json())
    data["title"] = "nope"
    with pytest.raises(SaveError, match="unknown title 'nope'"):
        api.load_game(json.dumps(data))


def test_a_save_whose_frame_lacks_an_argument_its_step_needs_does_not_load() -> None:
    data = json.loads(minimal_game().to_json())
    data["state"]["stack"][-1]["args"] = {}
    with pytest.raises(SaveError, match="fails at movement") as info:
        api.load_game(json.dumps(data), file="game.json")
    assert info.value.field == "state" and "Error: " in str(info.value)


@pytest.mark.parametrize("side", [12, "x"])
def test_a_frame_argument_of_the_wrong_shape_is_named(side: object) -> None:
    data = json.loads(minimal_game().to_json())
    data["state"]["stack"][-1]["args"] = {"side": side}
    with pytest.raises(SaveError, match="expected a side") as info:
        api.load_game(json.dumps(data), file="game.json")
    assert info.value.field.endswith(".args.side") and info.value.file == "game.json"


def test_a_save_stopped_at_an_automatic_step_does_not_load() -> None:
    game = minimal_game()
    data = json.loads(game.to_json())
    top = game.state.stack[-1]
    automatic = [n for n, s in game.title.steps.items() if s.actor(game._ctx(), top) is None]
    data["state"]["stack"] = [{"step": automatic[0]}]
    with pytest.raises(SaveError, match="decides nothing"):
        api.load_game(json.dumps(data))


# --- scenarios: limits and cross-references ---------------------------------------------------


def skirmish() -> dict[str, Any]:
    t = api.get_title("minimal")
    return read_scenario_file(t.scenario_files()[t.default_scenario])[1]


def scenario_error(edit: Any) -> ScenarioError:
    data = skirmish()
    edit(data)
    with pytest.raises(ScenarioError) as info:
        api.new_game("minimal", data)
    assert info.value.file == "<data>" and "\n" not in str(info.value)
    return info.value


def test_a_movement_allowance_above_the_limit_is_refused() -> None:
    def edit(d: dict[str, Any]) -> None:
        d["units"][0]["movement"] = [10**9, 3]

    error = scenario_error(edit)
    assert error.field == "units[0].movement[0]" and str(MAX_MOVEMENT) in error.reason


@pytest.mark.parametrize(
    ("key", "value", "field"),
    [
        ("columns", 10**6, "map.columns"),
        ("rows", MAX_MAP_SIDE + 1, "map.rows"),
        ("first_column", -1, "map.first_column"),
    ],
)
def test_map_sizes_are_bounded(key: str, value: int, field: str) -> None:
    error = scenario_error(lambda d: d["map"].__setitem__(key, value))
    assert error.field == field


def test_a_huge_chart_number_and_a_calendar_before_zero_are_refused() -> None:
    error = scenario_error(lambda d: d["charts"]["crt"].__setitem__("x", 10**30))
    assert error.field == "charts.crt.x" and str(MAX_NUMBER) in error.reason
    error = scenario_error(lambda d: d["calendar"].__setitem__("first", -1))
    assert error.field == "calendar.first"


def test_negative_movement_and_a_unit_without_steps_are_refused() -> None:
    assert scenario_error(lambda d: d["units"][0].__setitem__("movement", -1)).field.startswith(
        "units[0].movement"
    )
    assert scenario_error(lambda d: d["units"][0].__setitem__("attack", [])).field == "units[0]"


def test_an_unknown_title_is_a_scenario_error_not_a_key_error() -> None:
    with pytest.raises(ScenarioError, match="unknown title 'nope'"):
        api.load_scenario("nope")
    with pytest.raises(ScenarioError, match="expected a table"):
        api.load_scenario("minimal", 12)  # type: ignore[arg-type]


def test_deep_toml_is_a_scenario_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("a = " + "[" * 10_000 + "]" * 10_000)
    with pytest.raises(ScenarioError, match="nest more than"):
        api.load_scenario("minimal", path)


def test_a_scenario_the_title_cannot_use_is_a_scenario_error_with_the_cause() -> None:
    error = scenario_error(lambda d: d["charts"].__setitem__("crt", 5))
    assert error.__cause__ is not None


def test_pass_is_still_legal_where_listed() -> None:
    game = minimal_game()
    if Pass() in list(game.legal_actions()):
        assert game.check(Pass()) is None


@pytest.mark.parametrize("title", wargames.titles())
def test_to_json_is_the_canonical_text_of_to_dict(title: str) -> None:
    from wargames.core.jsonvalue import dumps

    game = wargames.new_game(title, seed=2)
    play_out(game, RandomAgent(2), max_actions=20)
    assert game.to_json() == dumps(game.to_dict())


def test_huge_numbers_and_nan_in_a_save_are_refused() -> None:
    data = json.loads(minimal_game().to_json())
    data["state"]["vars"]["attacked"] = 10**9
    with pytest.raises(SaveError, match="within"):
        api.load_game(json.dumps(data))
    text = minimal_game().to_json().replace('"seed":4', '"seed":NaN')
    with pytest.raises(SaveError, match="NaN is not a JSON number"):
        api.load_game(text)


def test_a_unit_starting_with_no_steps_is_refused() -> None:
    assert scenario_error(lambda d: d["units"][0].__setitem__("steps", 0)).field == "units[0].steps"


def test_load_game_asks_the_title_to_validate_its_state(monkeypatch: pytest.MonkeyPatch) -> None:
    text = minimal_game().to_json()
    title = api.get_title("minimal")
    seen: list[str] = []

    def validate_state(ctx: Any, file: str) -> None:
        seen.append(file)
        raise SaveError("state.vars.x", "not a thing of this title", file)

    monkeypatch.setattr(title, "validate_state", validate_state)
    with pytest.raises(SaveError, match=r"state\.vars\.x"):
        api.load_game(text, file="g.json")
    assert seen == ["g.json"]


def test_an_illegal_action_raised_by_a_step_check_is_returned_by_game_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = minimal_game()
    step = game.title.step(game.state.stack[-1].step)

    def check(*args: object) -> None:
        raise IllegalAction("R1", "raised, not returned")

    monkeypatch.setattr(type(step), "check", check)
    error = game.check(Pass())
    assert error is not None and error.reason == "raised, not returned"


def test_an_equal_action_of_the_wrong_type_is_refused_even_where_its_twin_is_listed() -> None:
    """The kernel skips re-validating an action only when it is the very object a legal list
    of the position holds (an agent's pick); an equal object with a bool for an int is
    still refused, naming the field, and leaves the game as it was."""
    from wargames.core.actions import Outcome

    game = minimal_game()
    agent = RandomAgent(4)
    while not game.decision.is_chance:
        game.apply(agent.choose(game))
    listed = [a for a, _ in game.chance_outcomes()]
    one = next(a for a in listed if a == Outcome(1))
    assert Outcome(True) == one  # equal, so a membership test alone would pass it
    before = game.to_json()
    with pytest.raises(IllegalAction, match=r"outcome\.value"):
        game.apply(Outcome(True))
    assert game.to_json() == before
    game.apply(one)
    assert game.history[-1] is one
