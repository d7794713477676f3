"""Saved Darkest games: the battle is a typed record read back field by field, its stages a
fixed table; nothing in a save is code."""

from __future__ import annotations

import json

import attrs
import pytest
from darkest_support import army, attack, new, rifle

import wargames
from wargames.core.actions import Choose, Outcome
from wargames.core.errors import SaveError
from wargames.darkest import battle_record
from wargames.darkest.battle import BattleStep
from wargames.darkest.battle_record import Battle, Stage


def _mid_battle_save() -> dict:
    g = attack(new(army("G", "B2", (1, 3)), rifle("R", "B3", (1, 3)), rifle("F", "E6")), "B3", "G")
    g.apply(Choose("press:0"))
    assert g.decision.is_chance
    return json.loads(g.to_json())


def test_a_mid_battle_save_round_trips_and_plays_on() -> None:
    data = _mid_battle_save()
    assert data["state"]["vars"]["battle"]["stage"] in {s.value for s in Stage}
    g = wargames.load_game(json.dumps(data))
    g.apply(Outcome(6))
    g.apply(Outcome(1))
    assert g.decision.step == "withdraw"


@pytest.mark.parametrize("bad", ["__init__", "_round", "run", "round_end", 3, None])
def test_an_unknown_battle_stage_in_a_save_is_a_save_error_never_a_method_name(bad: object) -> None:
    data = _mid_battle_save()
    data["state"]["vars"]["battle"]["stage"] = bad
    with pytest.raises(SaveError, match=r"state\.vars\.battle\.stage"):
        wargames.load_game(json.dumps(data))  # at load, not first when the battle is fought


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("attackers", 5),
        ("attackers", ["nobody"]),
        ("target", "Z99"),
        ("from", ["B2", 3]),
        ("origin", {"G": "Z99"}),
        ("round", True),
        ("left", "3"),
        ("ledger", {"axis": [0, 0]}),
        ("captured", 1),
        ("side", "martian"),
    ],
)
def test_a_malformed_battle_in_a_save_is_a_save_error_naming_the_field(
    field: str, value: object
) -> None:
    data = _mid_battle_save()
    data["state"]["vars"]["battle"][field] = value
    with pytest.raises(SaveError, match=f"state.vars.battle.{field}"):
        wargames.load_game(json.dumps(data))


def test_a_battle_record_round_trips_through_json() -> None:
    b = Battle("B3", "axis", "op", 2, ["G"], ["B2"], {"G": "B2"}, defended=True)
    b.stage, b.gaps, b.taken, b.absorbing = Stage.ABSORB_A, ["B2"], {"G": 1}, "attack"
    data = b.to_json()
    assert data["from"] == ["B2"] and data["stage"] == "absorb-a"
    assert Battle.from_json(json.loads(json.dumps(data))) == b
    with pytest.raises(SaveError, match="unknown field"):
        Battle.from_json({**data, "enemy": "russian"})
    with pytest.raises(SaveError, match="missing"):
        Battle.from_json({k: v for k, v in data.items() if k != "round"})


def test_every_stage_has_exactly_one_handler() -> None:
    assert set(BattleStep._stages) == set(Stage)


def test_a_battle_read_back_shares_nothing_with_the_stored_record() -> None:
    """The decoded record is kept between reads: each read must be a fresh copy."""
    b = Battle("B3", "axis", "op", 2, ["G"], ["B2"], {"G": "B2"}, defended=True)
    b.gaps, b.taken, b.advanced, b.into = ["B2"], {"G": 1}, ["G"], ["G"]
    twin = b.copy()
    assert twin == b
    for f in attrs.fields(Battle):
        value = getattr(b, f.name)
        if isinstance(value, (list, dict)):
            assert getattr(twin, f.name) is not value, f.name
    assert twin.ledger["axis"] is not b.ledger["axis"]
    g = attack(new(army("G", "B2", (1, 3)), rifle("R", "B3", (1, 3)), rifle("F", "E6")), "B3", "G")
    ctx = g.rules_context()
    first = battle_record.battle(ctx)
    first.gaps.append("B2")
    first.ledger["axis"][0] = 9
    first.taken["G"] = 5
    again = battle_record.battle(ctx)
    assert again.gaps == [] and again.ledger["axis"][0] == 0 and "G" not in again.taken
    battle_record.save(ctx, first)
    assert battle_record.battle(ctx) == first
