"""Units, state, frozen JSON values, events and the action codec."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.actions import (
    KERNEL_ACTIONS,
    Action,
    Attack,
    Move,
    Outcome,
    Pass,
    action_from_dict,
    action_types,
)
from wargames.core.errors import IllegalAction, SaveError, ScenarioError
from wargames.core.events import Event
from wargames.core.jsonvalue import FrozenDict, dumps, freeze, thaw
from wargames.core.state import Frame, GameState
from wargames.core.units import UnitDef, UnitState


def test_per_step_values_read_from_full_strength_down() -> None:
    u = UnitDef("2G", "soviet", "infantry", attack=(6, 4, 2), defence=(5, 3, 1), movement=4)
    assert u.steps == 3
    assert [u.attack_at(s) for s in (3, 2, 1)] == [6, 4, 2]
    assert [u.movement_at(s) for s in (3, 2, 1)] == [4, 4, 4]
    with pytest.raises(ValueError):
        u.attack_at(4)
    with pytest.raises(ValueError, match="2 values for 3 steps"):
        UnitDef("x", "s", "t", attack=(1, 2, 3), defence=(1, 2))


def test_unit_state_is_on_the_map_or_in_a_box() -> None:
    u = UnitState("a", 2, at="0101")
    assert u.on_map and u.moved_to("0102").at == "0102"
    boxed = u.boxed("eliminated")
    assert boxed.box == "eliminated" and boxed.at is None
    with pytest.raises(ValueError):
        UnitState("a", 1)
    with pytest.raises(ValueError):
        UnitState("a", 1, at="0101", box="x")
    assert u.marked("moved", "disrupted").unmarked("moved").markers == {"disrupted"}


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text(max_size=5)
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_freeze_and_thaw_round_trip(value: object) -> None:
    frozen = freeze(value)
    hash(frozen)
    assert thaw(frozen) == thaw(value)
    assert dumps(frozen) == dumps(value)


def test_frozen_dicts_are_immutable() -> None:
    d = freeze({"a": [1, 2]})
    assert isinstance(d, FrozenDict) and d["a"] == (1, 2)
    with pytest.raises(TypeError):
        d["b"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        freeze({1: "x"})
    with pytest.raises(TypeError):
        freeze(object())


def test_state_copy_shares_nothing_mutable() -> None:
    s = GameState(units={"a": UnitState("a", 2, at="0101")})
    s.set("weather", {"month": "Jun", "mud": False})
    s.mark("0101", "fortified")
    c = s.copy()
    c.put(c.units["a"].moved_to("0202"))
    c.set("weather", {"month": "Jul"})
    c.mark("0101", "bridge-blown")
    c.control["0101"] = "blue"
    c.boxes["cup"] = ("x",)
    assert s.units["a"].at == "0101" and s.get("weather")["month"] == "Jun"
    assert s.markers == {"0101": frozenset({"fortified"})} and not s.control and not s.boxes
    assert c != s
    c.unmark("0101", "fortified", "bridge-blown")
    assert "0101" not in c.markers


def test_frames_carry_frozen_arguments() -> None:
    f = Frame("battle", {"round": 1, "units": ["a", "b"]})
    g = f.with_args(round=2)
    assert f.get("round") == 1 and g.get("round") == 2 and g.get("units") == ("a", "b")
    assert g.to_json() == {"step": "battle", "args": {"round": 2, "units": ["a", "b"]}}


def test_events_round_trip() -> None:
    e = Event("move", "B1 moves", 3, {"path": ["0101", "0102"]})
    assert Event.from_json(e.to_json()) == e
    assert str(e) == "[3] B1 moves"


@given(st.sampled_from(KERNEL_ACTIONS), st.data())
def test_kernel_actions_round_trip(cls: type[Action], data: st.DataObject) -> None:
    strategies = {
        str: st.text(max_size=6),
        "str | int": st.text(max_size=3) | st.integers(),
        "tuple[str, ...]": st.lists(st.text(max_size=4), max_size=4).map(tuple),
    }
    kwargs = {}
    for f in attrs.fields(cls):  # type: ignore[arg-type]
        kwargs[f.name] = data.draw(strategies[f.type if f.type in strategies else str])
    action = cls(**kwargs)
    table = action_types(KERNEL_ACTIONS)
    import json

    assert action_from_dict(table, json.loads(action.to_json())) == action


def test_action_decoding_checks_types_and_keys() -> None:
    table = action_types(KERNEL_ACTIONS)
    assert action_from_dict(table, {"type": "pass"}) == Pass()
    assert action_from_dict(table, {"type": "outcome", "value": 4}) == Outcome(4)
    assert action_from_dict(table, {"type": "attack", "units": ["a"], "target": "0101"}) == Attack(
        ("a",), "0101"
    )
    for bad, field in [
        ({"type": "move", "units": "a", "path": []}, "action.units"),
        ({"type": "move", "units": [1], "path": []}, "action.units[0]"),
        ({"type": "move", "units": [], "path": [], "speed": 2}, "action.speed"),
        ({"type": "pass", "x": 1}, "action.x"),
        ({"units": []}, "action.type"),
        ([], "action"),
    ]:
        with pytest.raises(SaveError) as info:
            action_from_dict(table, bad)
        assert info.value.field == field
    assert Move(("a",), ("x", "y")).to_json() == '{"type":"move","units":["a"],"path":["x","y"]}'


def test_two_action_classes_may_not_share_a_kind() -> None:
    @attrs.frozen
    class Fake(Action):
        kind = "pass"

    with pytest.raises(ValueError):
        action_types([Pass, Fake])


def test_errors_say_where_and_why() -> None:
    e = IllegalAction("K45 9.0c", "the stack retreats into an EZOC")
    assert (e.rule, e.reason) == ("K45 9.0c", "the stack retreats into an EZOC")
    s = ScenarioError("campaign.toml", "units[3].at", "'9999' is not a node of the map")
    assert str(s) == "campaign.toml: units[3].at: '9999' is not a node of the map"
    import pickle  # errors cross process boundaries (multiprocessing), so they must pickle

    assert str(pickle.loads(pickle.dumps(e))) == str(e)


def test_occupancy_is_cached_until_a_unit_changes_node() -> None:
    s = GameState(units={"a": UnitState("a", 2, at="0101"), "b": UnitState("b", 1, at="0101")})
    first = s.occupancy()
    assert first == {"0101": ("a", "b")}
    s.put(s.unit("a").marked("moved"))
    assert s.occupancy() is first  # markers do not move anyone
    s.put(s.unit("b").moved_to("0102"))
    assert s.occupancy() == {"0101": ("a",), "0102": ("b",)}
    c = s.copy()
    c.put(c.unit("a").boxed("eliminated"))
    assert c.occupancy() == {"0102": ("b",)} and s.occupancy() == {"0101": ("a",), "0102": ("b",)}
    with pytest.raises(TypeError):
        s.occupancy()["0103"] = ("x",)  # type: ignore[index]
