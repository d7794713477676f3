"""Darkest Crusade declares what each of its state variables holds (``Title.var_shapes``):
random play keeps every variable in its shape, and a save whose variable has another shape
is refused at load naming ``state.vars.<field>`` and what was expected. The battle record is
declared with exactly the fields the title's own reader (``battle_record``) takes, so the
load check and the reader agree on a saved battle and name the same field.

Every declared variable is seen set in the cheap games below: ``hidden`` and ``to_place``
only with the secret set-up option (DC: Secret, Nonhistorical Russian Setup), the others in
the standard game.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core.errors import SaveError
from wargames.core.frame_args import Refs, check_vars
from wargames.core.vocabulary import KERNEL_NAMES
from wargames.darkest import TITLE
from wargames.darkest.battle_record import Battle
from wargames.darkest.charts import DATA
from wargames.darkest.var_shapes import VAR_SHAPES

Vars = Mapping[str, Any]

BATTLE_KEYS = tuple(Battle("A1", "axis", "op", 1, [], [], {}, defended=False).to_json())
"""The JSON keys of a saved battle, as the reader writes and reads them."""


def secret_setup() -> dict[str, Any]:
    """The 1941 scenario with the secret set-up (and Lotsa Dice)."""
    data = tomllib.loads((DATA / "1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"lotsa_dice": True, "secret_setup": True}
    return data


def new_game(seed: int, secret: bool) -> Any:
    if secret:
        return wargames.new_game("darkest", secret_setup(), seed=seed)
    return wargames.new_game("darkest", seed=seed)


def test_every_variable_of_the_vocabulary_has_a_shape() -> None:
    assert set(VAR_SHAPES) == set(TITLE.vocabulary.vars or ())
    assert TITLE.var_shapes is VAR_SHAPES


@pytest.mark.parametrize(("seed", "secret"), [(0, False), (1, False), (2, True)])
def test_random_play_keeps_every_variable_in_its_shape(seed: int, secret: bool) -> None:
    game = new_game(seed, secret)
    refs = Refs(game.title.sides, game.scenario.board, game.scenario.units)
    agent = RandomAgent(seed)
    seen: set[str] = set()
    for _ in range(3000):
        problem = check_vars(VAR_SHAPES, game.state.vars, refs, KERNEL_NAMES["vars"])
        assert problem is None, f"seed {seed}, turn {game.state.turn}: {problem}"
        seen |= {k for k, v in game.state.vars.items() if v not in (None, (), {})}
        if game.is_over():
            break
        step(game, agent)
    assert game.is_over()
    secret_only = {"hidden", "to_place"}
    expected = secret_only | {"attacks", "battle", "factories", "placed"}
    if not secret:
        expected = set(VAR_SHAPES) - secret_only
    assert expected <= seen, f"never set: {sorted(expected - seen)}"


# --- corrupted saves --------------------------------------------------------------------------


@cache
def _save(name: str, secret: bool) -> str:
    """A save (JSON text) of a seeded random game once its state holds a non-empty ``name``
    (a battle: with attackers that came from somewhere)."""
    game = new_game(1, secret)
    agent = RandomAgent(1)
    for _ in range(3000):
        value = game.state.vars.get(name)
        if value not in (None, (), {}) and (name != "battle" or value["from"]):
            return str(game.to_json())
        step(game, agent)
    raise AssertionError(f"no {name} in a random game")


def save_with_var(name: str, secret: bool = False) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_save(name, secret))
    assert data["state"]["vars"][name]
    return data


def load_error(data: Mapping[str, Any]) -> SaveError:
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    return info.value


def first_key(table: Mapping[str, Any]) -> str:
    return sorted(table)[0]


Edit = Callable[[dict[str, Any]], str]
"""Corrupts a save's vars; gives the field the error must name (below ``state.vars``)."""


def _battle(edit: Callable[[dict[str, Any]], str]) -> Edit:
    return lambda vars_: "battle." + edit(vars_["battle"])


def _drop_defence_hits(record: dict[str, Any]) -> str:
    del record["hits"]["defence"]
    return "hits.defence"


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], str]:
    """Set ``path`` (keys and list indices joined by dots) to ``value``; field names as the
    shapes print them (``from[0]``, ``ledger.russian``)."""

    def edit(record: dict[str, Any]) -> str:
        *parents, last = path.split(".")
        target: Any = record
        for p in parents:
            target = target[int(p)] if isinstance(target, list) else target[p]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
        shown = ""
        for p in path.split("."):
            shown += f"[{p}]" if p.isdigit() else f".{p}"
        return shown.lstrip(".")

    return edit


def _delete(key: str) -> Callable[[dict[str, Any]], str]:
    def edit(record: dict[str, Any]) -> str:
        del record[key]
        return key

    return edit


def _origin_unit(b: dict[str, Any]) -> str:
    at = b["origin"].pop(first_key(b["origin"]))
    b["origin"]["XX9"] = at
    return "origin.XX9"


def _attacks(vars_: dict[str, Any]) -> str:
    target = first_key(vars_["attacks"])
    vars_["attacks"][target] = ["XX9"]
    return f"attacks.{target}[0]"


def _factory(key: str, value: Any) -> Edit:
    def edit(vars_: dict[str, Any]) -> str:
        hexid = first_key(vars_["factories"])
        if value is None:
            del vars_["factories"][hexid][key]
        else:
            vars_["factories"][hexid][key] = value
        return f"factories.{hexid}.{key}"

    return edit


def _whole(name: str, value: Any, field: str = "") -> Edit:
    def edit(vars_: dict[str, Any]) -> str:
        vars_[name] = value
        return field or name

    return edit


# (the variable a save must hold, secret set-up?, the edit, what the reason says was expected)
CASES: dict[str, tuple[str, bool, Edit, str]] = {
    "battle-from-not-a-hex": (
        "battle", False, _battle(_set("from.0", "Atlantis")), "a node of the map"
    ),
    "battle-attacker-not-a-unit": (
        "battle", False, _battle(_set("attackers.0", "XX9")), "a unit of the scenario"
    ),
    "battle-origin-keyed-by-a-non-unit": (
        "battle", False, _battle(_origin_unit), "a unit of the scenario"
    ),
    "battle-target-not-a-hex": ("battle", False, _battle(_set("target", 12)), "a node of the map"),
    "battle-side-not-a-side": ("battle", False, _battle(_set("side", "finland")), "a side"),
    "battle-unknown-stage": ("battle", False, _battle(_set("stage", "lunch")), "'fire-a'"),
    "battle-rounds-a-bool": ("battle", False, _battle(_set("rounds", True)), "a whole number"),
    "battle-ledger-row-short": (
        "battle", False, _battle(_set("ledger.russian", [1, 2])), "a list of a whole number"
    ),
    "battle-missing-field": ("battle", False, _battle(_delete("ledger")), "missing"),
    "battle-absorbing-a-number": (
        "battle", False, _battle(_set("absorbing", 1)), "'attack' or 'defence'"
    ),
    # the battle reads both sides' hits and a phase mode it knows (a KeyError mid-battle before)
    "battle-hits-without-defence": (
        "battle", False, _battle(_drop_defence_hits), "missing"
    ),
    "battle-unknown-mode": ("battle", False, _battle(_set("mode", "lunch")), "'first' or"),
    "attacks-by-a-non-unit": ("attacks", False, _attacks, "a unit of the scenario"),
    "factory-unknown-state": (
        "factories", False, _factory("state", "bombed"), "'evacuating'"
    ),
    "factory-without-its-turn": ("factories", False, _factory("turn", None), "missing"),
    "placed-unknown-kind": ("placed", False, _set("placed.0.1", "cavalry"), "'tank' or 'inf'"),
    "placed-not-a-hex": ("placed", False, _set("placed.0.0", "Atlantis"), "a node of the map"),
    "due-not-a-unit": ("due", False, _whole("due", ["SA1", "XX9"], "due[1]"), "a unit"),
    "weather-unknown": ("weather", False, _whole("weather", "rain"), "'good' or 'mud' or 'snow'"),
    "october-snow": ("october", False, _whole("october", "snow"), "'good' or 'mud'"),
    "siberians-not-a-turn": ("siberians", False, _whole("siberians", "soon"), "a whole number"),
    "river-ignored-not-a-hex": (
        "river_ignored", False, _whole("river_ignored", "Atlantis"), "a node of the map"
    ),
    "tank-pool-a-text": ("tank_pool", False, _whole("tank_pool", "4"), "a whole number"),
    "hidden-not-a-unit": ("hidden", True, _whole("hidden", ["XX9"], "hidden[0]"), "a unit"),
    "to-place-not-a-list": ("to_place", True, _whole("to_place", "R1A"), "a list of a unit"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_variable_of_another_shape_is_refused_at_load_naming_the_field(case: str) -> None:
    name, secret, edit, expected = CASES[case]
    data = save_with_var(name, secret)
    field = edit(data["state"]["vars"])
    error = load_error(data)
    assert error.field == f"state.vars.{field}", error
    assert error.file == "edited.json"
    assert expected in error.reason, error


@pytest.mark.parametrize("case", sorted(c for c in CASES if c.startswith("battle-")))
def test_the_battle_reader_refuses_the_same_battles_naming_the_same_field(
    case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the declared shapes the title's own reader (``validate_state``) refuses the
    same save, naming the field (or the part of it) the shapes name."""
    _, secret, edit, _ = CASES[case]
    data = save_with_var("battle", secret)
    edit(data["state"]["vars"])
    declared = load_error(data).field
    monkeypatch.setattr(type(TITLE), "var_shapes", None)
    read = load_error(data).field
    assert declared.startswith(read), (declared, read)


@pytest.mark.parametrize("key", BATTLE_KEYS)
def test_every_battle_field_is_required_as_the_reader_requires_it(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = save_with_var("battle")
    assert set(data["state"]["vars"]["battle"]) == set(BATTLE_KEYS)
    del data["state"]["vars"]["battle"][key]
    error = load_error(data)
    assert (error.field, error.reason) == (f"state.vars.battle.{key}", "missing")
    monkeypatch.setattr(type(TITLE), "var_shapes", None)
    assert load_error(data).field == f"state.vars.battle.{key}"


def test_a_battle_field_the_reader_does_not_know_is_refused_by_both() -> None:
    data = save_with_var("battle")
    data["state"]["vars"]["battle"]["sources"] = data["state"]["vars"]["battle"]["from"]
    assert load_error(data).field == "state.vars.battle.sources"


def test_a_finished_battle_is_kept_as_null_and_loads() -> None:
    game = new_game(1, secret=False)
    agent = RandomAgent(1)
    while not ("battle" in game.state.vars and game.state.vars["battle"] is None):
        step(game, agent)
    assert api.load_game(game.to_json()).state.vars["battle"] is None
