"""The published JSON Schemas (docs/schema) are what ``wargames.schema`` generates, and the
library's own documents (scenarios, saves, views, events, actions) satisfy them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.scenario import read_scenario_file
from wargames.registry import get_title
from wargames.schema import NAMES, schemas, text

jsonschema = pytest.importorskip("jsonschema", reason="schema validation needs jsonschema")
referencing = pytest.importorskip("referencing", reason="schema validation needs jsonschema")

FOLDER = Path(__file__).resolve().parents[2] / "docs" / "schema"


def test_the_committed_schemas_equal_the_generated_ones() -> None:
    generated = schemas()
    assert sorted(p.stem for p in FOLDER.glob("*.json")) == sorted(NAMES)
    for name, schema in generated.items():
        committed = (FOLDER / f"{name}.json").read_text(encoding="utf-8")
        assert committed == text(schema), (
            f"docs/schema/{name}.json is stale: run python -m wargames.schema docs/schema"
        )


def validator(name: str, ref: str = "") -> Any:
    published = schemas()
    registry = referencing.Registry().with_resources(
        (s["$id"], referencing.Resource.from_contents(s)) for s in published.values()
    )
    schema = published[name]
    if ref:
        schema = {"$defs": schema["$defs"], "$ref": f"#/$defs/{ref}"}
    return jsonschema.Draft202012Validator(schema, registry=registry)


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_valid_json_schema(name: str) -> None:
    jsonschema.Draft202012Validator.check_schema(schemas()[name])


def test_every_built_in_scenario_matches_the_scenario_schema() -> None:
    v = validator("scenario")
    for title in wargames.titles():
        for path in get_title(title).scenario_files().values():
            _, data = read_scenario_file(path)
            v.validate(data)


@pytest.mark.parametrize("title", wargames.titles())
def test_saves_views_events_and_actions_of_a_played_game_match(title: str) -> None:
    game = wargames.new_game(title, seed=2)
    play_out(game, RandomAgent(2), max_actions=40)
    validator("save").validate(json.loads(game.to_json()))
    for side in game.title.sides:
        validator("view").validate(game.view(side))
    events = validator("event")
    for e in game.events:
        events.validate(e.to_json())
    actions = validator("action", f"title:{title}")
    for a in [*game.history, *game.legal_actions()]:
        actions.validate(a.to_dict())


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "move", "units": ["B1"]},  # a missing field
        {"type": "move", "units": "B1", "path": ["0101"]},  # a string for a list
        {"type": "pass", "now": True},  # an unknown field
        {"type": "outcome", "value": 1.5},  # neither a string nor an integer
        {"type": "teleport"},  # no such action
        {"units": []},  # no type
    ],
)
def test_the_action_schema_refuses_what_the_decoder_refuses(bad: dict[str, Any]) -> None:
    assert not validator("action", "title:minimal").is_valid(bad)
    with pytest.raises(wargames.SaveError):
        wargames.action_from_json("minimal", bad)


def test_a_view_never_holds_the_dice() -> None:
    game = wargames.new_game("minimal", seed=1)
    leaky = {**game.view("blue"), "rng": game.state.to_json()["rng"]}
    assert not validator("view").is_valid(leaky)
