"""Dark Crusade (hex) declares what each state variable holds (``Title.var_shapes``): random
play only sets variables of the declared shapes, and a save whose variable has another shape
is refused at load naming the field, down to the battle record's own fields
(``state.vars.battle.stage``), where a bad field used to surface only when the position was
replayed, as ``state``.

Every declared variable is set in the seeded games below (1200 actions each; the enhanced odds
game reaches a battle's ``gamble``). The battle stages ``result``, ``exchange``
and ``end`` are never seen at a decision: the ``battle`` step runs through them.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest

import wargames
from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core.errors import SaveError
from wargames.core.frame_args import Refs, check_vars
from wargames.core.game import Game
from wargames.core.vocabulary import KERNEL_NAMES
from wargames.darkcrusade.hex import DATA, TITLE
from wargames.darkcrusade.hex.battle import Battle
from wargames.darkcrusade.hex.var_shapes import VAR_SHAPES


def new(seed: int, enhanced_odds: bool = False) -> Game:
    if not enhanced_odds:
        return wargames.new_game("darkcrusade-hex", seed=seed)
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"enhanced_odds": True}
    return wargames.new_game("darkcrusade-hex", data, seed=seed)


def refs(game: Game) -> Refs:
    return Refs(
        sides=game.title.sides,
        nodes=frozenset(game.scenario.board),
        units=frozenset(game.scenario.units),
    )


def play_checked(game: Game, seed: int, limit: int, until: Callable[[Game], bool]) -> set[str]:
    """Play ``game`` with a seeded random agent (up to ``limit`` actions, the end, or
    ``until``), checking every position's vars; the variables seen set (not None)."""
    agent, seen, r = RandomAgent(seed), set(), refs(game)
    for _ in range(limit):
        problem = check_vars(VAR_SHAPES, game.state.vars, r, KERNEL_NAMES["vars"])
        assert problem is None, f"turn {game.state.turn}: {problem}"
        seen |= {k for k, v in game.state.vars.items() if v is not None}
        if game.is_over() or until(game):
            break
        step(game, agent)
    return seen


def test_every_variable_of_the_vocabulary_has_a_shape() -> None:
    assert TITLE.var_shapes is VAR_SHAPES
    assert set(VAR_SHAPES) == set(TITLE.vocabulary.vars or ())


def test_random_play_sets_every_declared_variable_and_only_of_its_shape() -> None:
    seen: set[str] = set()
    for seed in (1, 2, 7):  # seed 7 calls the Siberians early (its 138th action)
        seen |= play_checked(new(seed), seed, 1200, lambda g: False)
    assert seen == set(VAR_SHAPES)


def test_an_enhanced_odds_gamble_is_kept_in_the_battle_record() -> None:
    game = new(1, enhanced_odds=True)
    play_checked(game, 1, 1000, lambda g: bool((g.state.get("battle") or {}).get("gamble")))
    battle = Battle.from_json(game.state.get("battle"))
    assert len(battle.gamble) == 3


# --- corrupted saves ---------------------------------------------------------------------------
WANTED = (
    "battle", "allocations", "early_attacks", "profiles", "mech_group", "conversion",
    "factories", "russian_strikes", "airbases", "grounded", "railheads", "sea_used",
    "last_battle",
)  # fmt: skip


@cache
def saves() -> dict[str, str]:
    """For each variable of ``WANTED``: a save (JSON text) of seed 1's game once it holds it
    (for ``battle``, a battle at its No Retreat! question; ``battle:none``: once one is
    over)."""
    game, agent, out = new(1), RandomAgent(1), {}
    for _ in range(1000):
        for name in WANTED:
            value = game.state.get(name)
            if name not in out and value and (name != "battle" or value["stage"] == "no-retreat"):
                out[name] = game.to_json()
        if "battle" in game.state.vars and game.state.get("battle") is None:
            out.setdefault("battle:none", game.to_json())
        if len(out) == len(WANTED) + 1:
            return out
        step(game, agent)
    raise AssertionError(f"seed 1 sets none of {sorted(set(WANTED) - set(out))}")


Edit = Callable[[dict[str, Any]], None]


def put(path: str, value: Any) -> Edit:
    """Set the field at ``path`` ("battle.stage", "early_attacks.0.when") to ``value``."""

    def edit(vars_: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = vars_
        for p in parents:
            target = target[int(p)] if isinstance(target, list) else target[p]
        target[int(last) if isinstance(target, list) else last] = value

    return edit


def drop(path: str) -> Edit:
    def edit(vars_: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = vars_
        for p in parents:
            target = target[int(p)] if isinstance(target, list) else target[p]
        del target[last]

    return edit


def put_first(name: str, value: Any) -> Edit:
    """Set the value of the table ``name``'s first key."""
    return lambda vars_: vars_[name].__setitem__(sorted(vars_[name])[0], value)


# (variable whose save is edited, the edit, the field named ("{first}": the table's first key
# in the save), what the reason says)
CASES: list[tuple[str, Edit, str, str]] = [
    ("battle", put("battle.stage", "charge"), "battle.stage", "expected 'reveal' or 'air'"),
    ("battle", put("battle.stage", "REVEAL"), "battle.stage", "'no-retreat' or"),
    ("battle", drop("battle.stage"), "battle.stage", "missing"),
    ("battle", drop("battle.limited"), "battle.limited", "missing"),
    ("battle", drop("battle.need"), "battle.need", "missing"),
    ("battle", put("battle.target", "9999"), "battle.target", "expected a node of the map"),
    ("battle", put("battle.side", "chance"), "battle.side", "expected a side"),
    ("battle", put("battle.mode", "blitz"), "battle.mode", "expected 'pre' or 'op' or 'break'"),
    (
        "battle",
        put("battle.attackers", ["ZZ"]),
        "battle.attackers[0]",
        "expected a unit of the scenario, got 'ZZ'",
    ),
    ("battle", put("battle.defenders", "H01"), "battle.defenders", "expected a list of a unit"),
    ("battle", put("battle.origins", ["Atlantis"]), "battle.origins[0]", "a node of the map"),
    ("battle", put("battle.holding", [7]), "battle.holding[0]", "a unit of the scenario"),
    ("battle", put("battle.air", ["1810"]), "battle.air[0]", "a unit of the scenario"),
    ("battle", put("battle.limited", None), "battle.limited", "expected a list of a unit"),
    ("battle", put("battle.no_retreat", "yes"), "battle.no_retreat", "expected true or false"),
    ("battle", put("battle.blitz", 1), "battle.blitz", "expected true or false"),
    ("battle", put("battle.press", 1.5), "battle.press", "expected a whole number"),
    ("battle", put("battle.shift", True), "battle.shift", "expected a whole number, got True"),
    ("battle", put("battle.need", "lots"), "battle.need", "expected a fraction as text"),
    ("battle", put("battle.need", 2), "battle.need", "expected a fraction as text"),
    ("battle", put("battle.code", 5), "battle.code", "expected a text"),
    (
        "battle",
        put("battle.gamble", [9, 2]),
        "battle.gamble",
        "expected an empty list or a list of a whole number, a whole number, a whole number",
    ),
    ("battle", put("battle.gamble", [9, 2, "3"]), "battle.gamble", "expected an empty list"),
    ("battle", put("battle.surprise", 1), "battle.surprise", "unknown field"),
    ("battle", put("battle", ["1810", "axis"]), "battle", "expected a table of target, side"),
    ("allocations", put("allocations", {"9999": []}), "allocations.9999", "a node of the map"),
    ("allocations", put_first("allocations", ["ZZ"]), "allocations.{first}[0]", "a unit"),
    (
        "early_attacks",
        put("early_attacks.0.when", [1, 2]),
        "early_attacks[0].when",
        "expected a list of a whole number, a whole number, a whole number",
    ),
    ("early_attacks", drop("early_attacks.0.col"), "early_attacks[0].col", "missing"),
    ("profiles", put_first("profiles", "strong"), "profiles.{first}", "a counter profile"),
    ("profiles", put("profiles.ZZ", "2-2"), "profiles.ZZ", "expected a unit of the scenario"),
    ("mech_group", put("mech_group", "elite-ish"), "mech_group", "expected 'elite' or 'plain'"),
    ("conversion", put("conversion.0.at", "9999"), "conversion[0].at", "a node of the map"),
    ("conversion", drop("conversion.0.defended"), "conversion[0].defended", "missing"),
    (
        "factories",
        put_first("factories", {"state": "moving", "turn": 2}),
        "factories.{first}.state",
        "expected 'loading' or 'track' or 'siberia'",
    ),
    ("russian_strikes", drop("russian_strikes.hexes"), "russian_strikes.hexes", "missing"),
    ("airbases", put_first("airbases", "9999"), "airbases.{first}", "a node of the map"),
    ("grounded", put_first("grounded", "soon"), "grounded.{first}", "a whole number"),
    ("railheads", put("railheads", ["9999"]), "railheads[0]", "a node of the map"),
    ("sea_used", put("sea_used.turn", "3"), "sea_used.turn", "expected a whole number"),
    ("sea_used", put("sea_used.martian", []), "sea_used.martian", "unknown field"),
    ("last_battle", put("last_battle", [1, 2]), "last_battle", "expected a list of a whole"),
]


@pytest.mark.parametrize(
    ("name", "edit", "field", "reason"), CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)]
)
def test_a_corrupted_variable_is_refused_naming_the_field(
    name: str, edit: Edit, field: str, reason: str
) -> None:
    data = json.loads(saves()[name])
    vars_ = data["state"]["vars"]
    expected = "state.vars." + field.format(first=sorted(vars_[name])[0] if "{" in field else "")
    edit(vars_)
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    assert info.value.field == expected, info.value
    assert reason in info.value.reason, info.value


def test_the_uncorrupted_saves_load_as_saved() -> None:
    """Among them a save between battles, whose battle record is None."""
    assert json.loads(saves()["battle:none"])["state"]["vars"]["battle"] is None
    for name, text in sorted(saves().items()):
        assert api.load_game(text).to_json() == text, name
