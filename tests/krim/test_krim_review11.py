"""Krim: eleventh rules review: regression tests for done rows no test could fail: control of
the hexes entered by an advance, a retreat and a Mobile Assault; half MF out of tactical supply
and no joiners on the Frost Kerch-Straits move; only German infantry makes MAs with assault
guns."""

from __future__ import annotations

from typing import Any

import pytest
from krim_support import combat, goto, new, to_assaults, unit

from wargames.core.actions import Advance, Attack, Choose, Move, Outcome, Place, Retreat
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.supply import in_tactical_supply

STUG = dict(att=(3, 2), dfn=(2, 1), mf=8, kind="assault-gun", flags=("mechanized", "assault-gun"))
PANZER = dict(att=(8, 4), dfn=(6, 3), mf=8, kind="panzer", flags=("mechanized",))
STRAITS = {
    "soviet-source": ["C7", "H2", "B3"],
    "supply-tactical": ["B3"],
    "supply-operational": ["H10", "C7"],
    "straits": ["H5", "H6"],
}
STRAITS_SEA = {"sea": ["H7", "H8", "H9", "G9"]}


def test_an_advance_into_the_last_soviet_source_takes_it_and_wins_at_once() -> None:
    """Krim: Supply Sources: sources "may change hands any number of times" (reading: a hex
    belongs to the last side to enter it, advances included): A1 eliminates S2 in H2, the last
    Soviet source (C7 is Axis), and advances H3-H2: H2 is Axis and the Axis wins by sudden
    death."""
    game = new(
        [
            unit("S1", "soviet", "B8"),
            unit("A0", "axis", "H10"),
            unit("A1", "axis", "H3", (30,), (30,), 6),
            unit("S2", "soviet", "H2", 1, 1),
        ],
        control={"axis": ["H10", "C7", "H3"], "soviet": ["H2"]},
    )
    to_assaults(game)
    assert game.state.result is None
    game.apply(Attack(("A1",), "H2"))
    game.apply(Choose("odds"))
    game.apply(Outcome(1))
    game.apply(Choose("step:S2"))
    game.apply(Advance(("A1",), ("H3", "H2")))
    assert game.state.units["A1"].at == "H2"
    assert game.state.control["H2"] == "axis"
    result = game.state.result
    assert result is not None and (result.winner, result.level) == ("axis", "victory")
    assert "every Soviet supply source" in result.reason


def test_a_retreat_takes_control_of_the_hexes_it_enters() -> None:
    """Krim: control (reading: a hex belongs to the last side to enter it, retreats included):
    after a D3, S2 retreats E6-E5-E4 through Axis-controlled hexes: E5 and E4 become Soviet."""
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,), 6),
        unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
        control={"axis": ["H10", "E5", "E4"], "soviet": ["C7", "E6"]},
    )
    game.apply(Attack(("A1",), "E6"))
    game.apply(Choose("odds"))
    game.apply(Outcome(1))  # D3
    game.apply(Choose("step:S2"))
    game.apply(Choose("retreat"))
    game.apply(Retreat(("S2",), ("E6", "E5", "E4")))
    assert game.state.units["S2"].at == "E4"
    assert (game.state.control["E5"], game.state.control["E4"]) == ("soviet", "soviet")


def test_a_mobile_assault_that_clears_the_hex_takes_control_of_it() -> None:
    """Krim: control (reading: a hex belongs to the last side to enter it): panzer P clears E5,
    Soviet-controlled, by a Mobile Assault and enters it: E5 becomes Axis."""
    game = new(
        [
            unit("S1", "soviet", "C7"),
            unit("A0", "axis", "H10"),
            unit("P", "axis", "E6", **PANZER),  # type: ignore[arg-type]
            unit("S2", "soviet", "E5", (1,), (1,), steps=1),
        ],
        control={"axis": ["H10"], "soviet": ["C7", "E5"]},
    )
    goto(game, "Axis Movement Phase", "movement", turn=1)
    game.apply(Choose("move:P"))
    game.apply(Attack(("P",), "E5"))  # an MA: straight to the roll
    game.apply(Outcome(6))
    game.apply(Choose("step:S2"))
    assert "S2" not in {u.id for u in game.state.units.values() if u.at == "E5"}
    assert game.state.units["P"].at == "E5"
    assert game.state.control["E5"] == "axis"


def frost_straits(*units: dict[str, Any], cut_off: bool = False) -> Game:
    """Turn 6 (Frost), the Soviet Movement Phase, K (``units``) in the Available box; with
    ``cut_off`` an Axis unit holds H2 and C7 and B3 are Axis: no line from H5."""
    control = {"axis": ["H10"], "soviet": ["C7", "H2", "B3"]}
    extra = list(units)
    if cut_off:
        control = {"axis": ["H10", "C7", "B3"], "soviet": ["H2"]}
        extra.append(unit("AX", "axis", "H2"))
    game = new(
        [unit("S1", "soviet", "D8"), unit("A0", "axis", "H10"), *extra],
        features=STRAITS,
        terrain=STRAITS_SEA,
        control=control,
    )
    return goto(game, "Soviet Movement Phase", "begin-movement", turn=6)


def test_a_frost_straits_entrant_out_of_tactical_supply_moves_on_with_half_its_mf() -> None:
    """Krim: Movement, Supply: units with no tactical supply "move that turn with only half
    their printed movement factor"; The Kerch Straits, Frost: "The units pay 1 MP to enter the
    hex and may continue moving normally": cut off, K (MF 4) entering H5 has 2 MP, 1 left, and
    reaches the hexes next to H5 only."""
    game = frost_straits(unit("K", "soviet", None, box="soviet-available", mf=4), cut_off=True)
    game.apply(Place("K", "H5"))
    assert not in_tactical_supply(game._ctx(), "K")
    frame = game.state.stack[-1]
    assert frame.step == "move-group" and (frame.args["mp"], frame.args["spent"]) == (2, 1)
    ends = {a.path[-1] for a in game.legal_actions() if isinstance(a, Move)}
    assert ends and ends <= {"G4", "G5", "H4", "H6"}  # next to H5
    with pytest.raises(IllegalAction):
        game.apply(Move(("K",), ("H5", "H4", "H3")))


def test_a_frost_straits_entrant_picks_up_no_unit_in_the_straits_hex() -> None:
    """Krim: Movement of Stacks: "To move together, units must start the Movement Phase already
    stacked together": J stood in H5 from the start of the phase; K, entering H5 in Frost from
    the Available box, may not take J along."""
    game = frost_straits(
        unit("J", "soviet", "H5"), unit("K", "soviet", None, box="soviet-available", mf=2)
    )
    game.apply(Place("K", "H5"))
    assert Choose("join:J") not in set(game.legal_actions())
    with pytest.raises(IllegalAction, match="Movement of Stacks"):
        game.apply(Choose("join:J"))


def test_romanian_infantry_makes_no_mobile_assault_even_with_an_assault_gun() -> None:
    """Krim: Mobile Assault, Eligible Units: "German infantry, Jaeger and combat engineer units
    may make MAs when assisted by assault guns": Romanian brigade R stacked with the German
    assault gun G may not assault S2."""
    game = new(
        [
            unit("S1", "soviet", "C7"),
            unit("A0", "axis", "H10"),
            unit("R", "axis", "E6", nat="romanian", size="brigade"),
            unit("G", "axis", "E6", **STUG),  # type: ignore[arg-type]
            unit("S2", "soviet", "E5"),
        ]
    )
    goto(game, "Axis Movement Phase", "movement", turn=1)
    game.apply(Choose("move:R"))
    game.apply(Choose("join:G"))
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]
    with pytest.raises(IllegalAction, match="R may not make MAs"):
        game.apply(Attack(("R", "G"), "E5"))
