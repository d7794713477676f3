"""Dark Crusade 2nd ed. declares what each state variable holds (``Title.var_shapes``, from
:mod:`wargames.darkcrusade.p2p.var_shapes`): random play only ever stores values of the
declared shapes, and a saved game whose variable holds another shape is refused, naming the
field below ``state.vars`` and what was expected.

Every declared variable is reached by the cheap games below: ``siberians_called`` only
because the second game calls the Siberians in early at the first offer from turn 5 on (random
play rarely does, :meth:`DarkCrusadeP2P.playout_weight`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core.actions import Choose
from wargames.core.errors import SaveError
from wargames.core.frame_args import Refs, check_vars
from wargames.core.game import Game
from wargames.core.vocabulary import KERNEL_NAMES
from wargames.darkcrusade.p2p.siberians import CALL
from wargames.darkcrusade.p2p.var_shapes import VAR_SHAPES
from wargames.testing import check_position

from .support import TITLE

MAX_ACTIONS = 4000


def _refs(game: Game) -> Refs:
    return Refs(game.title.sides, game.scenario.board, game.scenario.units)


def _call_offered(game: Game) -> bool:
    return (
        bool(game.state.stack)
        and game.state.stack[-1].step == "siberians"
        and Choose(CALL) in game.legal_actions()
    )


def _advance(game: Game, agent: RandomAgent, call_from: int | None) -> None:
    """One action: the Siberians called if offered from turn ``call_from`` on, else random."""
    if call_from is not None and game.state.turn >= call_from and _call_offered(game):
        game.apply(Choose(CALL))
    else:
        step(game, agent)


def _mid_battle(game: Game) -> bool:
    """In a battle with further attacks pending, after the first Snow."""
    v = game.state.vars
    return bool(v.get("battle") and v.get("attacks") and v.get("factory_track")) and all(
        name in v for name in ("replacements", "first_snow", "october", "weather")
    )


SAVES: dict[str, Callable[[Game], bool]] = {
    "mid-battle": _mid_battle,
    "after-battle": lambda g: "battle" in g.state.vars and g.state.vars["battle"] is None,
    "siberians-called": lambda g: "siberians_called" in g.state.vars,
}
"""Positions saved on the way (the first that holds), for the corrupted-save tests."""

GAMES: tuple[tuple[int, int | None], ...] = ((1, None), (2, 5), (3, None))
"""Seed 1 plays at random; seed 2 calls the Siberians in at the first offer from turn 5. (The
fourth review's fixes changed the random games: seeds 4 and 12 now lose the Siberian gamble in
the summer, before October and the first Snow. The fourteenth review's fixes, the Soviets'
Bucharest win and the 1st Guards Korps, changed them again: seeds 1 and 2 no longer reach the
mid-battle save, seed 3 at random does.)"""


@cache
def _play(seed: int, call_from: int | None) -> tuple[frozenset[str], dict[str, str]]:
    """A seeded random game to its end, every position's variables checked against the
    declared shapes (and the whole position by the kit now and then): the variables seen, and
    the saves of :data:`SAVES` it reached."""
    game = wargames.new_game(TITLE, seed=seed)
    agent = RandomAgent(seed)
    refs = _refs(game)
    seen: set[str] = set()
    saves: dict[str, str] = {}
    for i in range(MAX_ACTIONS):
        problem = check_vars(VAR_SHAPES, game.state.vars, refs, KERNEL_NAMES["vars"])
        assert problem is None, f"seed {seed}, action {i}: {problem}"
        seen |= set(game.state.vars)
        for name, holds in SAVES.items():
            if name not in saves and holds(game):
                saves[name] = game.to_json()
        if i % 400 == 0:
            check_position(game)
        if game.is_over():
            break
        _advance(game, agent, call_from)
    check_position(game)
    assert game.is_over(), f"seed {seed}: no result within {MAX_ACTIONS} actions"
    return frozenset(seen), saves


def _save(name: str) -> dict[str, Any]:
    """A save holding ``name`` (:data:`SAVES`) from the first of :data:`GAMES` reaching it."""
    for seed, call_from in GAMES:
        text = _play(seed, call_from)[1].get(name)
        if text is not None:
            return dict(json.loads(text))
    raise AssertionError(f"no game reaches the {name} save")


def test_the_title_declares_every_variable_of_its_vocabulary() -> None:
    title = wargames.new_game(TITLE).title
    assert title.var_shapes is VAR_SHAPES
    assert set(VAR_SHAPES) == set(title.vocabulary.vars or ()) - set(KERNEL_NAMES["vars"])


def test_random_play_stores_only_declared_shapes_and_reaches_every_variable() -> None:
    seen = set().union(*(_play(seed, call_from)[0] for seed, call_from in GAMES))
    assert set(VAR_SHAPES) <= seen, f"never set: {sorted(set(VAR_SHAPES) - seen)}"


# --- corrupted saves ----------------------------------------------------------------------


def _first(table: dict[str, Any]) -> str:
    return next(iter(table))


# Each edit corrupts the save's vars and returns the field below ``state.vars`` it breaks.
Edit = Callable[[dict[str, Any]], str]


def _attacker_unit(v: dict[str, Any]) -> str:
    v["battle"]["attackers"][0][0] = "ZZ"
    return "battle.attackers[0][0]"


def _attacker_point(v: dict[str, Any]) -> str:
    v["battle"]["attackers"][0][1] = "Atlantis"
    return "battle.attackers[0][1]"


def _attacker_pair(v: dict[str, Any]) -> str:
    v["battle"]["attackers"][0] = v["battle"]["attackers"][0][:1]
    return "battle.attackers[0]"


def _stage(v: dict[str, Any]) -> str:
    v["battle"]["stage"] = "lunch"
    return "battle.stage"


def _no_target(v: dict[str, Any]) -> str:
    del v["battle"]["target"]
    return "battle.target"


def _absorbing(v: dict[str, Any]) -> str:
    v["battle"]["absorbing"] = "east"
    return "battle.absorbing"


def _round(v: dict[str, Any]) -> str:
    v["battle"]["round"] = "two"
    return "battle.round"


def _taken(v: dict[str, Any]) -> str:
    v["battle"]["taken"] = [[v["battle"]["attackers"][0][0], "one"]]
    return "battle.taken[0][1]"


def _battle_text(v: dict[str, Any]) -> str:
    v["battle"] = "over"
    return "battle"


def _attack_target(v: dict[str, Any]) -> str:
    v["attacks"]["Atlantis"] = v["attacks"][_first(v["attacks"])]
    return "attacks.Atlantis"


def _attack_unit(v: dict[str, Any]) -> str:
    target = _first(v["attacks"])
    v["attacks"][target][0][0] = "ZZ"
    return f"attacks.{target}[0][0]"


def _bank_missing(v: dict[str, Any]) -> str:
    del v["replacements"]["soviet"]["armour"]
    return "replacements.soviet.armour"


def _bank_side(v: dict[str, Any]) -> str:
    v["replacements"]["east"] = v["replacements"]["soviet"]
    return "replacements.east"


def _bank_factor(v: dict[str, Any]) -> str:
    v["replacements"]["axis"]["infantry"] = 1.5
    return "replacements.axis.infantry"


def _factory_unit(v: dict[str, Any]) -> str:
    v["factory_track"]["ZZ"] = 2
    return "factory_track.ZZ"


def _factory_turn(v: dict[str, Any]) -> str:
    factory = _first(v["factory_track"])
    v["factory_track"][factory] = "July"
    return f"factory_track.{factory}"


def _weather(v: dict[str, Any]) -> str:
    v["weather"] = "sleet"
    return "weather"


def _october(v: dict[str, Any]) -> str:
    v["october"] = "snow"
    return "october"


def _first_snow(v: dict[str, Any]) -> str:
    v["first_snow"] = True
    return "first_snow"


def _siberians_called(v: dict[str, Any]) -> str:
    v["siberians_called"] = "December"
    return "siberians_called"


BATTLE_EXPECTED = "expected a table of target, side, attackers"


@pytest.mark.parametrize(
    ("save", "edit", "reason"),
    [
        ("mid-battle", _attacker_unit, "expected a unit of the scenario, got 'ZZ'"),
        ("mid-battle", _attacker_point, "expected a node of the map, got 'Atlantis'"),
        ("mid-battle", _attacker_pair, "expected a list of a unit of the scenario, a node"),
        ("mid-battle", _stage, "expected 'fire-attacker' or 'fire-defender'"),
        ("mid-battle", _no_target, "missing"),
        ("mid-battle", _absorbing, "expected a side or ''"),
        ("mid-battle", _round, "expected a whole number, got 'two'"),
        ("mid-battle", _taken, "expected a whole number, got 'one'"),
        ("mid-battle", _battle_text, BATTLE_EXPECTED),
        ("mid-battle", _attack_target, "expected a node of the map, got 'Atlantis'"),
        ("mid-battle", _attack_unit, "expected a unit of the scenario, got 'ZZ'"),
        ("mid-battle", _bank_missing, "missing"),
        ("mid-battle", _bank_side, "expected a side, got 'east'"),
        ("mid-battle", _bank_factor, "expected a whole number, got 1.5"),
        ("mid-battle", _factory_unit, "expected a unit of the scenario, got 'ZZ'"),
        ("mid-battle", _factory_turn, "expected a whole number, got 'July'"),
        ("mid-battle", _weather, "expected 'good' or 'mud' or 'snow'"),
        ("mid-battle", _october, "expected 'good' or 'mud'"),
        ("mid-battle", _first_snow, "expected a whole number, got True"),
        ("siberians-called", _siberians_called, "expected a whole number, got 'December'"),
    ],
    ids=lambda x: x.__name__.strip("_") if callable(x) else (None if " " in x else x),
)
def test_a_variable_of_another_shape_in_a_saved_game_is_refused_naming_the_field(
    save: str, edit: Edit, reason: str
) -> None:
    data = _save(save)
    field = edit(data["state"]["vars"])
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    assert info.value.field == f"state.vars.{field}", info.value
    assert info.value.reason.startswith(reason), info.value.reason


@pytest.mark.parametrize("save", list(SAVES))
def test_an_untouched_save_holding_the_variables_loads_as_saved(save: str) -> None:
    data = _save(save)
    assert json.loads(api.load_game(json.dumps(data)).to_json()) == data
