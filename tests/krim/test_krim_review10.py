"""Krim: tenth rules review: regression tests for done rows no test could fail: railroad guns
keep to German-controlled rail in a mixed stack and on retreats, operational supply cuts off
Axis units too, a Move or OpTrans path starts where the unit stands, and the parachute
battalion drops only on a land hex."""

from __future__ import annotations

from typing import Any

import pytest
from krim_support import goto, new, rail_gun, to_assaults, unit

from wargames.core.actions import Attack, Choose, Move, Outcome, Place, Retreat
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.supply import OOS

RAIL = ["E9", "E8", "E7", "E6"]
RAIL_SIDES = [("E9", "E8", "rail"), ("E8", "E7", "rail"), ("E7", "E6", "rail")]


def rail_line(units: list[dict[str, Any]], soviet_rail: str) -> Game:
    """The rail line E9-E8-E7-E6 (rail hexsides), German-controlled but for ``soviet_rail``."""
    axis = ["H10", *[h for h in RAIL if h != soviet_rail]]
    return new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *units],
        hexsides=RAIL_SIDES,
        control={"axis": axis, "soviet": ["C7", soviet_rail]},
        features={"rail": RAIL},
    )


def test_a_railroad_gun_holds_its_stack_to_german_controlled_rail() -> None:
    """Krim: Railways and Railroad Artillery: "Those units will only move and retreat along
    German-controlled railroad hexes": infantry I moving with gun RR from E8 may not go on to
    E6, a rail hex the Soviets control (reading: the gun's limit binds the whole group)."""
    game = rail_line([rail_gun("RR", "E8"), unit("I", "axis", "E8")], "E6")
    goto(game, "Axis Movement Phase", "movement", turn=3)
    game.apply(Choose("move:I"))
    game.apply(Choose("join:RR"))
    ends = {a.path[-1] for a in game.legal_actions() if isinstance(a, Move)}
    assert ends == {"E7", "E9"}
    with pytest.raises(IllegalAction):
        game.apply(Move(("I", "RR"), ("E8", "E7", "E6")))
    assert game.state.units["RR"].at == "E8"


@pytest.mark.parametrize(
    ("with_infantry", "attack"), [(False, 2), (True, 10)], ids=["gun-alone", "gun-and-infantry"]
)
def test_a_railroad_gun_retreats_only_onto_german_controlled_rail(
    with_infantry: bool, attack: int
) -> None:
    """Krim: Railways and Railroad Artillery: railroad guns "only move and retreat along
    German-controlled railroad hexes"; Railroad Artillery: "They cannot retreat from the rail
    lines": after a D1, RR (alone, or stacked with I) may retreat to E9 but not to E7, a rail
    hex the Soviets control."""
    units = [rail_gun("RR", "E8"), unit("S2", "soviet", "D8", (attack,), (attack,))]
    if with_infantry:
        units.append(unit("I", "axis", "E8"))
    game = rail_line(units, "E7")
    to_assaults(game, "Soviet Combat Phase")
    game.apply(Attack(("S2",), "E8"))
    game.apply(Choose("odds"))
    game.apply(Outcome(4))  # 2:1 (gun alone) or 3:1 (with I), row 4: D1
    assert [e.data for e in game.events if e.kind == "result"][-1] == {"attacker": 0, "defender": 1}
    game.apply(Choose("retreat"))
    retreats = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    assert retreats and {a.path[-1] for a in retreats} == {"E9"}
    group = ("RR", "I") if with_infantry else ("RR",)
    with pytest.raises(IllegalAction):
        game.apply(Retreat(group, ("E8", "E7")))


def axis_unit_ringed() -> Game:
    """Axis A2 at E5 ringed by six Soviet units: no line of supply to H10."""
    ring = [unit(f"R{i}", "soviet", h) for i, h in enumerate(["E4", "E6", "D5", "D6", "F5", "F6"])]
    return new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A2", "axis", "E5"), *ring]
    )


def test_operational_supply_cuts_off_axis_units_too() -> None:
    """Krim: Operational Supply: "a check is made on each unit of both sides ... The unit is
    marked with an OOS marker if it cannot successfully trace supply", and one still cut off
    at the end of the month "is eliminated": Axis A2, ringed at E5, is marked, then lost."""
    game = axis_unit_ringed()
    assert game.state.units["A2"].has(OOS)
    assert not game.state.units["A0"].has(OOS)
    goto(game, "Month end", "month-end-supply", turn=2)
    assert game.state.units["A2"].box == "eliminated"
    assert game.state.units["A0"].at == "H10"


def test_a_move_path_must_start_where_the_unit_stands() -> None:
    """Krim: Movement: "The unit moves by expending MPs for each hex it enters": A1, at G8,
    may not move along B8-B9."""
    game = new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A1", "axis", "G8", mf=2)]
    )
    goto(game, "Axis Movement Phase", "movement", turn=3)
    game.apply(Choose("move:A1"))
    with pytest.raises(IllegalAction, match=r"Krim: Movement.*must start at G8"):
        game.apply(Move(("A1",), ("B8", "B9")))
    assert game.state.units["A1"].at == "G8"


def test_an_optrans_path_must_start_where_the_unit_stands() -> None:
    """Krim: Operational Transfers: the unit "may move from any point to any point on the map
    in one move", from its own hex: A1, at G8, may not transfer along B8-B9."""
    game = new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), unit("A1", "axis", "G8", mf=2)]
    )
    goto(game, "Axis Operational Transfers", "begin-optrans", turn=3)
    game.apply(Choose("optrans:A1"))
    with pytest.raises(IllegalAction, match=r"Krim: Operational Transfers.*must start at G8"):
        game.apply(Move(("A1",), ("B8", "B9")))
    assert game.state.units["A1"].at == "G8"


def test_the_parachute_battalion_drops_only_on_a_land_hex() -> None:
    """Krim option: parachute battalion: it is dropped on a land hex: not on A5, sea."""
    para = unit(
        "PB", "soviet", None, box="soviet-available", att=(1,), dfn=(1,), flags=("parachute",)
    )
    game = new(
        [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), para], options={"parachute": True}
    )
    goto(game, "Soviet Movement Phase", "movement")
    assert Place("PB", "E5") in game.legal_actions()
    assert Place("PB", "A5") not in game.legal_actions()
    with pytest.raises(IllegalAction, match="not a land hex"):
        game.apply(Place("PB", "A5"))
    assert game.state.units["PB"].box == "soviet-available"
