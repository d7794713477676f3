"""Alike hidden units relabelled canonically (core.alike): twin states (two alike units
exchanged) become the same state, every fact about a unit staying with its slot."""

from __future__ import annotations

from tiny import scenario

from wargames.core.alike import canonical_labels, classes, counter_key
from wargames.core.scenario import parse_scenario
from wargames.core.state import Frame, GameState
from wargames.core.units import UnitState

UNITS = [
    {"id": "b1", "side": "b", "type": "inf", "attack": [2, 1], "at": "A", "steps": 2},
    {"id": "b2", "side": "b", "type": "inf", "attack": [2, 1], "at": "C", "steps": 2},
    {"id": "b3", "side": "b", "type": "tank", "attack": [4, 2], "at": "B", "steps": 2},
    {"id": "a1", "side": "a", "type": "inf", "attack": [2, 1], "at": "B"},
]
SC = parse_scenario(scenario(units=UNITS), "<tiny>", ("a", "b"))


def state(swap: bool) -> GameState:
    """b1 reduced at A and named by a variable and a frame; b2 whole at C (or the same with
    the labels b1 and b2 exchanged)."""
    x, y = ("b2", "b1") if swap else ("b1", "b2")
    units = {
        x: UnitState(x, 1, at="A", markers=frozenset({"moved"})),
        y: UnitState(y, 2, at="C"),
        "b3": UnitState("b3", 2, at="B"),
        "a1": UnitState("a1", 1, at="B"),
    }
    s = GameState(units=dict(sorted(units.items())))
    s.set("attacked", [x])
    s.set("taken", {x: 1})
    s.stack = (Frame("hit", {"unit": x, "option": f"cancel:{x}"}),)
    return s


def test_alike_units_are_those_whose_counters_show_the_same() -> None:
    assert counter_key(SC.units["b1"]) == counter_key(SC.units["b2"])
    assert counter_key(SC.units["b1"]) != counter_key(SC.units["b3"])
    assert classes(SC, ["b1", "b2", "b3"]) == [["b1", "b2"]]


def test_twin_states_relabel_to_the_same_state() -> None:
    one, two = state(False), state(True)
    assert one.to_json() != two.to_json()
    for s in (one, two):
        canonical_labels(s, SC, ["b1", "b2", "b3"])
    assert one.to_json() == two.to_json()
    # every fact stays with its slot: the reduced, moved unit at A is named where it was
    reduced = next(u for u in one.units.values() if u.at == "A")
    assert reduced.steps == 1 and "moved" in reduced.markers
    assert one.get("attacked") == (reduced.id,) and dict(one.get("taken")) == {reduced.id: 1}
    assert one.stack[0].args["option"] == f"cancel:{reduced.id}"
    assert one.units["b3"].at == "B" and one.units["a1"].at == "B"
    assert one.occupancy()["A"] == (reduced.id,)


def test_units_not_hidden_keep_their_labels() -> None:
    one = state(True)
    before = one.to_json()
    canonical_labels(one, SC, ["b3"])  # no alike pair among them
    assert one.to_json() == before
