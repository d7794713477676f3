"""K45 fifteenth-round review (options): zbV KG Mikosch (15.1b) remembers that he is due,
takes his hex as every arrival does and comes at set-up when a Soviet unit starts near
Königsberg; an option whose counter is missing is refused at load; and tests that each part
of 15.1b (the option, "within five hexes", every hex of a path) can fail."""

from __future__ import annotations

from typing import Any

import pytest
from k45_helpers import activate, game, push, scenario, unit

import wargames
from wargames.core.actions import Move
from wargames.core.errors import ScenarioError
from wargames.core.game import Game

MIKOSCH = unit("Mikosch", "german", None, box="optional", steps=1)


def mikosch_game(*units: dict[str, Any], options: bool = True, **kw: Any) -> Game:
    """The test map (Königsberg 1104) with Mikosch in the optional box, a German unit at 0101
    and ``units``; Pillau at 1002 unless ``attributes`` say otherwise."""
    return game(
        MIKOSCH,
        unit("G", "german", "0101"),
        *units,
        options={"mikosch": True} if options else None,
        **{"attributes": {"1002": {"name": "Pillau"}}, **kw},
    )


def soviet_move(g: Game, path: tuple[str, ...]) -> None:
    """The Soviet unit S moves along ``path`` in a Soviet movement segment."""
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    push(g, "movement", side="soviet")
    g.apply(Move(("S",), path))
    assert g.state.units["S"].at == path[-1]


# --- finding 1: the trigger is remembered ---------------------------------------------------
def test_15_1b_a_mikosch_held_back_enters_once_a_hex_frees_though_no_soviet_is_near() -> None:
    """K45 15.1b "as soon as any Soviet unit is within five hexes": once due, Mikosch held
    back for want of a hex at Pillau (the table's reading) enters when one frees, even if
    the Soviet unit that made him due is gone (``mikosch_due``)."""
    board = game(unit("G", "german", "0101")).scenario.board
    assert board.distance("1104", "0108") == 10 and sorted(board.neighbours("0108")) == [
        "0107",
        "0208",
    ]
    g = mikosch_game(
        unit("S", "soviet", "0602"),  # five hexes from Königsberg
        unit("B0", "soviet", "0108"),
        unit("B1", "soviet", "0107"),
        unit("B2", "soviet", "0208"),
        attributes={"0108": {"name": "Pillau"}},
    )
    push(g, "command")
    assert g.state.units["Mikosch"].box == "optional"  # every hex at Pillau is Soviet
    g.state.put(g.state.units["S"].boxed("eliminated"))
    g.state.put(g.state.units["B1"].moved_to("0106"))  # 0107 is open
    push(g, "command")
    assert g.state.units["Mikosch"].at == "0107"
    assert g.state.get("mikosch_due") is None  # in play: nothing left to remember


# --- finding 2: an option needs its counter -------------------------------------------------
@pytest.mark.parametrize(
    ("option", "counter"),
    [
        ("mikosch", None),
        ("mikosch", unit("Mikosch", "german", "0303", steps=1)),
        ("bohme", None),
        ("bohme", unit("Bohme", "german", "0303", steps=1)),
    ],
)
def test_15_1_an_option_without_its_counter_in_the_optional_box_is_refused(
    option: str, counter: dict[str, Any] | None
) -> None:
    """K45 15.1a, 15.1b name the counters the options bring into play: a scenario with the
    option on and the counter missing, or not in the ``optional`` box, is refused at load."""
    units = [unit("G", "german", "0101"), unit("S", "soviet", "0808")]
    data = scenario(*units, *([counter] if counter else []), options={option: True})
    with pytest.raises(ScenarioError) as info:
        wargames.new_game("konigsberg", data, seed=1)
    assert info.value.field == f"options.{option}", info.value
    assert "15.1" in info.value.reason


def test_15_1_an_option_off_needs_no_counter() -> None:
    g = game(unit("G", "german", "0101"), unit("S", "soviet", "0808"))
    assert "Mikosch" not in g.state.units and g.decision is not None


# --- finding 4: Mikosch takes his hex ---------------------------------------------------------
def test_15_1b_1_2c_mikosch_arriving_takes_control_of_his_hex() -> None:
    """K45 15.1b with 1.2c, 12.5: Mikosch placed in a Soviet-controlled Pillau takes it, as
    every arrival takes the hex it enters (``forces.enter``)."""
    g = mikosch_game(unit("T", "soviet", "0108"))  # ten hexes from Königsberg
    assert g.state.units["Mikosch"].box == "optional"
    g.state.control["1002"] = "soviet"  # a Soviet unit passed through Pillau
    g.state.put(g.state.units["T"].moved_to("0805"))  # within five hexes of Königsberg
    push(g, "command")
    assert g.state.units["Mikosch"].at == "1002"
    assert g.state.control["1002"] == "german"


# --- finding 5: at set-up ---------------------------------------------------------------------
def test_15_1b_a_soviet_unit_starting_near_konigsberg_brings_mikosch_at_set_up() -> None:
    """K45 15.1b "as soon as": a scenario with a Soviet unit set up within five hexes of
    Königsberg has Mikosch in play before the first decision."""
    g = mikosch_game(unit("S", "soviet", "0805"))
    assert g.decision is not None and g.state.turn == 1
    assert g.state.units["Mikosch"].at == "1002"


# --- finding 3: tests each part of 15.1b can fail -------------------------------------------
def test_15_1b_without_the_option_mikosch_stays_in_the_optional_box() -> None:
    """K45 15.1: Mikosch is optional; without the option a Soviet unit four hexes from
    Königsberg leaves him out."""
    g = mikosch_game(unit("S", "soviet", "0408", mp=8), options=False)
    soviet_move(g, ("0408", "0507", "0607", "0706"))  # 7 -> 4 hexes from Königsberg
    assert g.state.units["Mikosch"].box == "optional"


@pytest.mark.parametrize(
    ("path", "distance", "comes"),
    [
        (("0408", "0507", "0607"), 5, True),  # within five hexes: exactly five counts
        (("0408", "0507"), 6, False),
    ],
)
def test_15_1b_within_five_hexes_counts_five_not_six(
    path: tuple[str, ...], distance: int, comes: bool
) -> None:
    """K45 15.1b "within five hexes of Königsberg": a Soviet unit ending five hexes away
    brings Mikosch, one ending six hexes away does not."""
    g = mikosch_game(unit("S", "soviet", "0408", mp=8))
    assert g.scenario.board.distance("1104", path[-1]) == distance
    soviet_move(g, path)
    assert (g.state.units["Mikosch"].at is not None) is comes


def test_15_1b_a_move_passing_within_five_hexes_brings_mikosch() -> None:
    """K45 15.1b "as soon as": a Soviet move that passes within five hexes of Königsberg and
    ends six hexes away brings Mikosch (every hex of the path counts)."""
    g = mikosch_game(unit("S", "soviet", "0408", mp=8))
    board = g.scenario.board
    path = ("0408", "0507", "0607", "0608")
    assert [board.distance("1104", n) for n in path] == [7, 6, 5, 6]
    soviet_move(g, path)
    assert g.state.units["Mikosch"].at is not None
