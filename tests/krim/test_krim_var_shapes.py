"""Krim declares what each of its state variables holds (``Title.var_shapes``, in
:mod:`wargames.krim.var_shapes`): random play keeps every variable within its shape, and a
saved game whose variable has another shape is refused at load, naming the field.

Every declared variable is reached by the cheap random games below: ``krim-landing`` (a Soviet
landing or Kerch Straits crossing into an Axis-held hex) only in some campaign games, here
seed 24 (586 actions in); the others within the first few hundred actions of a campaign game
(the 1942 scenario's short random games barrage but never assault, so never set
``krim-attacked`` true).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

from wargames import api
from wargames.core.errors import SaveError
from wargames.core.frame_args import Refs, check_vars
from wargames.core.vocabulary import KERNEL_NAMES
from wargames.krim import TITLE
from wargames.krim.var_shapes import VAR_SHAPES
from wargames.testing import playthrough

LANDING_SEED = 24
"""A campaign seed whose random game makes a landing (``krim-landing``) early on."""


def test_the_title_declares_the_shapes_of_its_variables() -> None:
    assert TITLE.var_shapes is VAR_SHAPES
    assert all(name.startswith("krim-") and "*" not in name for name in VAR_SHAPES)


ALL_BUT_LANDING = frozenset(VAR_SHAPES) - {"krim-landing"}
GAMES = [
    # (scenario, seed, actions, the variables the game fills: a true value, a non-empty list)
    (None, 0, 600, ALL_BUT_LANDING),
    (None, LANDING_SEED, 700, frozenset(VAR_SHAPES)),  # 157RD2 crosses the straits into W13 (586)
    ("1942", 0, 400, ALL_BUT_LANDING - {"krim-attacked"}),  # it barrages, never assaults
]


def test_the_random_games_fill_every_declared_variable() -> None:
    assert frozenset().union(*(fills for *_, fills in GAMES)) == frozenset(VAR_SHAPES)


@pytest.mark.parametrize(("scenario", "seed", "limit", "fills"), GAMES)
def test_random_play_keeps_every_variable_within_its_shape(
    scenario: str | None, seed: int, limit: int, fills: frozenset[str]
) -> None:
    filled: set[str] = set()
    for i, game in enumerate(playthrough("krim", scenario, seed, limit)):
        refs = Refs(game.title.sides, game.scenario.board, game.scenario.units)
        problem = check_vars(VAR_SHAPES, game.state.vars, refs, KERNEL_NAMES["vars"])
        assert problem is None, f"action {i}: {problem}"
        if i % 100 == 0:  # as a save holds them (lists and tables, not tuples and FrozenDicts)
            saved = json.loads(game.to_json())["state"]["vars"]
            assert check_vars(VAR_SHAPES, saved, refs, KERNEL_NAMES["vars"]) is None
        filled |= {k for k, v in game.state.vars.items() if v}
    assert filled >= fills, f"never filled: {sorted(fills - filled)}"


@cache
def _saves(seed: int, names: frozenset[str]) -> dict[str, str]:
    """Saves (JSON) of campaign game ``seed``, each once variable ``name`` first holds a true
    value (a non-empty list or table, a true flag, a positive count)."""
    saves: dict[str, str] = {}
    for game in playthrough("krim", None, seed, 2000):
        for name in names - set(saves):
            if game.state.vars.get(name):
                saves[name] = game.to_json()
        if len(saves) == len(names):
            return saves
    raise AssertionError(f"krim seed {seed}: {sorted(names - set(saves))} never set")


def save_with_var(name: str) -> dict[str, Any]:
    if name == "krim-landing":
        return dict(json.loads(_saves(LANDING_SEED, frozenset({name}))[name]))
    return dict(json.loads(_saves(1, ALL_BUT_LANDING)[name]))


def test_saves_holding_each_variable_load_back_as_saved() -> None:
    for name in VAR_SHAPES:
        data = save_with_var(name)
        assert json.loads(api.load_game(json.dumps(data)).to_json()) == data


Edit = Callable[[Any], Any]
"""The variable's saved value -> the corrupted value."""


def _first_key(table: dict[str, Any], value: Any) -> dict[str, Any]:
    return {next(iter(table)): value}


@pytest.mark.parametrize(
    ("name", "edit", "field", "reason"),
    [
        # Opposed Landings: unit -> the hex it lands in
        ("krim-landing", lambda v: {"ZZ": "C7"}, ".ZZ", "a unit of the scenario, got 'ZZ'"),
        ("krim-landing", lambda v: _first_key(v, "Z99"), ".", "a node of the map, got 'Z99'"),
        ("krim-landing", lambda v: _first_key(v, None), ".", "a node of the map, got None"),
        ("krim-landing", lambda v: list(v.values()), "", "a table of a node of the map"),
        # Barrages: the hexes barraged this Combat Phase
        ("krim-barraged", lambda v: [*v, "Atlantis"], "[-1]", "a node of the map, got 'Atlantis'"),
        ("krim-barraged", lambda v: v[0], "", "a list of a node of the map"),
        # OpTrans: the units in supply at the start of the phase
        ("krim-optrans-eligible", lambda v: ["ZZ", *v], "[0]", "a unit of the scenario"),
        ("krim-optrans-eligible", lambda v: [*v, 7], "[-1]", "a unit of the scenario, got 7"),
        ("krim-optrans-eligible", lambda v: {"units": v}, "", "a list of a unit of the scenario"),
        # Sea movement: the divisions moved by sea this player turn
        ("krim-sea-used", lambda v: "two", "", "a number, got 'two'"),
        ("krim-sea-used", lambda v: True, "", "a number, got True"),
        # flags
        ("krim-moved-any", lambda v: 1, "", "true or false, got 1"),
        ("krim-attacked", lambda v: "yes", "", "true or false, got 'yes'"),
        ("krim-optrans-started", lambda v: None, "", "true or false, got None"),
    ],
)
def test_a_variable_of_another_shape_is_refused_naming_the_field(
    name: str, edit: Edit, field: str, reason: str
) -> None:
    data = save_with_var(name)
    value = data["state"]["vars"][name]
    data["state"]["vars"][name] = bad = edit(value)
    if field == ".":  # the table's (first) key
        field = f".{next(iter(bad))}"
    if field == "[-1]":  # the list's last item
        field = f"[{len(bad) - 1}]"
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    assert info.value.field == f"state.vars.{name}{field}"
    assert info.value.file == "edited.json"
    assert f"expected {reason}" in info.value.reason, info.value.reason


def test_a_krim_variable_nothing_declares_is_refused() -> None:
    """The vocabulary allows any ``krim-*`` name; the shapes name each one."""
    data = save_with_var("krim-moved-any")
    data["state"]["vars"]["krim-surprise"] = 3
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data))
    assert info.value.field == "state.vars.krim-surprise"
    assert "without a declared shape" in info.value.reason
