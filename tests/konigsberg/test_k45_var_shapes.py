"""K45's state variables have the shapes ``var_shapes.VAR_SHAPES`` declares
(``Title.var_shapes``): random campaign play sets only such values, and a save whose variable
has another shape is refused at load, naming the field ``state.vars.<name>...``.

Declared variables no cheap random game reaches (the random Soviets rarely take two VP hexes,
attack a fixed HQ's hex or enter a split supply source), each set instead by a short scripted
game below:

- ``released`` (K45 12.8: the fixed 6th and 55th Corps HQs released for good);
- ``split_sources`` (K45 11.2a: a split supply source taken by the Soviets);
- ``mikosch_due`` (K45 15.1b: Mikosch due but held back; an option random play does not
  choose, and the random Soviets never come near Königsberg).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from k45_helpers import game, hq, push, unit

from wargames import api
from wargames.agents import RandomAgent, step
from wargames.core.actions import Move
from wargames.core.errors import SaveError
from wargames.core.frame_args import Refs, check_vars
from wargames.core.game import Game
from wargames.core.jsonvalue import thaw
from wargames.konigsberg.var_shapes import VAR_SHAPES
from wargames.testing import check_position

SEEDS = (3, 5)
"""Two full random campaign games (about 2,500 actions): seed 3 draws Waiting on Stalin
(``stopped``), seed 5 activates Admiral Hipper (``hipper_used``)."""

NOT_IN_RANDOM_PLAY = frozenset({"released", "split_sources", "mikosch_due"})

OPENING = "owners"
"""A variable set-up writes (with ``stack_order``): its save is the opening position's."""


def vars_problem(g: Game) -> tuple[str, str] | None:
    refs = Refs(g.title.sides, g.scenario.board, g.scenario.units)
    return check_vars(VAR_SHAPES, g.state.vars, refs)


@cache
def played() -> tuple[frozenset[str], dict[str, str]]:
    """The variables seen set in the random games of ``SEEDS``, and for each the save of the
    first position that holds it. Every position's variables are checked as play goes (the
    kit's ``check_position``, which checks them too, runs over random campaign games in
    ``test_k45_play``)."""
    seen: set[str] = set()
    saves: dict[str, str] = {}
    for seed in SEEDS:
        g = api.new_game("konigsberg", seed=seed)
        agent = RandomAgent(seed)
        for n in range(5000):
            problem = vars_problem(g)
            assert problem is None, f"seed {seed}, action {n}: state.vars.{problem}"
            new = set(g.state.vars) - seen
            if new:
                text = g.to_json()
                saves.update({name: text for name in new})
                seen |= new
            if g.is_over():
                break
            step(g, agent)
        assert g.is_over(), f"seed {seed}: no result within 5000 actions"
    return frozenset(seen), saves


@cache
def clean_save(name: str) -> str:
    """The save of the first random campaign position whose state holds ``name``, checked
    to load as played."""
    saves = played()[1]
    assert name in saves, f"no random game of seeds {SEEDS} sets {name}"
    api.load_game(saves[name])
    return saves[name]


def save_with(name: str) -> dict[str, Any]:
    """A save (parsed JSON) of a random campaign position whose state holds ``name``."""
    data: dict[str, Any] = json.loads(clean_save(name))
    return data


def test_random_campaign_play_sets_every_variable_only_in_its_declared_shape() -> None:
    seen, _ = played()
    assert seen <= set(VAR_SHAPES)
    assert seen == set(VAR_SHAPES) - NOT_IN_RANDOM_PLAY, set(VAR_SHAPES) - seen


def test_12_8_the_released_fixed_hqs_are_declared_units() -> None:
    """K45 12.8: two Soviet VP hexes release both fixed HQs for good (``released``). Both
    HQs the charts name (``command.fixed_hqs``) are in the scenario, as in the campaign."""
    g = game(
        hq("55K", "german", "0302"),
        hq("6K", "german", "0502"),
        unit("S", "soviet", "0103"),
        unit("T", "soviet", "1103"),
    )
    push(g, "movement", side="soviet", units=["S", "T"])
    g.apply(Move(("S",), ("0103", "0104")))
    g.apply(Move(("T",), ("1103", "1104")))
    assert sorted(g.state.get("released", ())) == ["55K", "6K"]
    assert vars_problem(g) is None
    check_position(g)


def test_11_2a_a_split_source_taken_by_the_soviets_is_declared() -> None:
    """K45 11.2a: a split supply source entered by a Soviet unit (``split_sources``)."""
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "1108"),
        features={"supply-split": ["0304"]},
    )
    push(g, "movement", side="soviet", units=["S"])
    g.apply(Move(("S",), ("0302", "0303", "0304")))
    assert g.state.get("split_sources") == {"0304": "soviet"}
    assert vars_problem(g) is None
    check_position(g)


def test_15_1b_mikosch_due_and_held_back_is_declared() -> None:
    """K45 15.1b: a Soviet unit five hexes from Königsberg makes Mikosch due; every hex at
    Pillau (0108) is Soviet, so he is held back and the trigger is kept (``mikosch_due``)."""
    g = game(
        unit("Mikosch", "german", None, box="optional", steps=1),
        unit("G", "german", "0101"),
        unit("S", "soviet", "0602"),
        *[unit(f"B{i}", "soviet", n) for i, n in enumerate(["0108", "0107", "0208"])],
        options={"mikosch": True},
        attributes={"0108": {"name": "Pillau"}},
    )
    assert g.state.get("mikosch_due") is True
    assert g.state.units["Mikosch"].box == "optional"
    assert vars_problem(g) is None
    check_position(g)


# --- corrupted saves ------------------------------------------------------------------------
Edit = Callable[[dict[str, Any]], str]
"""Changes a save's ``state.vars`` and gives the field (below ``state.vars``) it broke."""


def _set(path: str, value: Any, field: str | None = None) -> Edit:
    """Set ``vars[a][b]...`` for ``path`` ``a.b...``; the broken field is ``field``, else
    the path."""

    def edit(vars_: dict[str, Any]) -> str:
        *parents, last = path.split(".")
        target = vars_
        for key in parents:
            target = target[key]
        target[last] = value
        return path if field is None else field

    return edit


def _drop(name: str, key: str) -> Edit:
    def edit(vars_: dict[str, Any]) -> str:
        del vars_[name][key]
        return f"{name}.{key}"

    return edit


def _first_item(name: str, value: Any) -> Edit:
    def edit(vars_: dict[str, Any]) -> str:
        vars_[name] = [value, *vars_[name][1:]]
        return f"{name}[0]"

    return edit


def _first_key(name: str, value: Any) -> Edit:
    """Give the table's first entry (by key) the value ``value``."""

    def edit(vars_: dict[str, Any]) -> str:
        key = sorted(vars_[name])[0]
        vars_[name][key] = value
        return f"{name}.{key}"

    return edit


def _supply(part: str, value: Any, suffix: str = "") -> Edit:
    """Give the first unit of the supply record's ``part`` the value ``value``."""

    def edit(vars_: dict[str, Any]) -> str:
        table = vars_["supply_record"][part]
        uid = sorted(table)[0]
        table[uid] = value
        return f"supply_record.{part}.{uid}{suffix}"

    return edit


def _refugee_key(key: str) -> Edit:
    def edit(vars_: dict[str, Any]) -> str:
        vars_["refugees"] = {key: "0101"}
        return f"refugees.{key}"

    return edit


UNIT_REASON = "expected a unit of the scenario"
NODE_REASON = "expected a node of the map"

CASES: dict[str, tuple[str, Edit, str]] = {
    # K45 2.2a: the activation record
    "active-hq-not-a-unit": ("active", _set("active.hq", "Atlantis"), UNIT_REASON),
    "active-units-not-a-list": ("active", _set("active.units", "5A"), "expected a list of"),
    "active-move-only-missing": ("active", _drop("active", "move_only"), "missing"),
    "active-free-not-a-bool": ("active", _set("active.free", "no"), "expected true or false"),
    "active-unknown-field": ("active", _set("active.chit", "5A"), "unknown field"),
    # K45 7.0, 10.0: the battle under way
    "combat-target-not-a-hex": ("combat", _set("combat.target", "Atlantis"), NODE_REASON),
    "combat-side-not-a-side": ("combat", _set("combat.side", "swedish"), "expected a side"),
    "combat-attackers-missing": ("combat", _drop("combat", "attackers"), "missing"),
    "combat-retreated-not-a-bool": ("combat", _set("combat.retreated", 1), "true or false"),
    # K45 7.3a, 1.2a, 0.1e: unit lists
    "attacked-not-a-unit": ("attacked", _set("attacked", ["Atlantis"], "attacked[0]"), UNIT_REASON),
    "arrived-not-a-list": ("arrived", _set("arrived", "5A"), "expected a list of"),
    "stack-order-not-a-unit": (OPENING, _first_item("stack_order", "Nobody"), UNIT_REASON),
    "owners-not-a-side": (OPENING, _set("owners.swedish", []), "expected a side"),
    # K45 12.2: refugee counters and their hexes
    "refugees-hex-not-a-node": ("refugees", _first_key("refugees", "Atlantis"), NODE_REASON),
    "refugees-not-a-counter": ("refugees", _refugee_key("Z9"), "expected a refugee counter"),
    "refugee-colour-not-a-text": ("refugee_colour", _first_key("refugee_colour", 3), "a text"),
    # K45 11.0: the supply record
    "supply-position-not-a-node": (
        "supply_record",
        _supply("positions", "Atlantis"),
        NODE_REASON,
    ),
    "supply-marker-unknown": (
        "supply_record",
        _supply("after", ["hungry"], "[0]"),
        "expected 'oos' or 'isolated'",
    ),
    "supply-split-missing": ("supply_record", _drop("supply_record", "split"), "missing"),
    # K45 0.5, random event 10, 0.7d-e, 12.3, 12.6(3): counters and flags
    "used-not-a-force": ("used", _set("used.4BR", 1), "expected 'german' or '2BR' or '3BR'"),
    "used-not-a-count": ("used", _first_key("used", "two"), "expected a whole number"),
    "stopped-not-a-front": (
        "stopped",
        _set("stopped", ["german"], "stopped[0]"),
        "expected '2BR' or '3BR'",
    ),
    "gd-unknown-word": ("gd", _set("gd", "gone"), "expected 'withdrawn' or 'returned'"),
    "atrocities-not-a-count": ("atrocities", _set("atrocities", "1"), "a whole number"),
    "hipper-used-not-a-bool": ("hipper_used", _set("hipper_used", 1), "true or false"),
    # K45 12.8, 11.2a: not reached in random play, so set in the save here
    "released-not-a-unit": (
        OPENING,
        _set("released", ["55K", "Nobody"], "released[1]"),
        UNIT_REASON,
    ),
    "split-source-not-a-side": (
        OPENING,
        _set("split_sources", {"0304": "swedish"}, "split_sources.0304"),
        "expected a side",
    ),
    "mikosch-due-not-a-bool": (OPENING, _set("mikosch_due", "yes"), "true or false"),
    "split-source-not-a-node": (
        OPENING,
        _set("split_sources", {"Atlantis": "soviet"}, "split_sources.Atlantis"),
        NODE_REASON,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_saved_variable_of_another_shape_is_refused_naming_the_field(case: str) -> None:
    name, edit, reason = CASES[case]
    data = save_with(name)
    field = edit(data["state"]["vars"])
    with pytest.raises(SaveError) as info:
        api.load_game(json.dumps(data), file="edited.json")
    error = info.value
    assert error.field == f"state.vars.{field}", error
    assert error.file == "edited.json"
    assert reason in error.reason, error


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("released", ["55K", "6K"]),
        ("split_sources", {"0304": "soviet", "0101": "german"}),
        ("mikosch_due", True),
    ],
)
def test_a_variable_random_play_does_not_reach_loads_in_its_declared_shape(
    name: str, value: Any
) -> None:
    data = save_with(OPENING)
    data["state"]["vars"][name] = value
    assert thaw(api.load_game(json.dumps(data)).state.get(name)) == value
