"""K45 tenth-round review: NO GAS on a rail entry (0.7c with 6.0e), and tests for done rows whose
tests could not fail when the rule broke (11.3b isolated attack, 1.0a first-turn barrage -1,
1.1a/1.1b air segment order, 1.5c per-turn resets, 12.6(2) Hipper's reach)."""

from __future__ import annotations

from k45_helpers import game, hq, push, unit
from test_k45_command import BARRAGE_CRT
from test_k45_stacking import start_phase

from wargames.core.actions import Attack, Outcome, Pass, Place
from wargames.core.game import Game
from wargames.konigsberg.combat import odds, targets_of
from wargames.konigsberg.supply import attack_factor

RAIL = [{"between": [f"{c:02d}01", f"{c + 1:02d}01"], "features": ["rail"]} for c in range(1, 8)]


def gd_returns_after_no_gas() -> Game:
    """The GD Corps (GDK, the mech GDPz) withdrawn, NO GAS drawn earlier this turn, then the GD
    Returns chit (0.7e); a railroad along row 01 from the German source 0101, entry B at 0105.
    Places GDK at B, leaving the decision on GDPz."""
    g = game(
        hq("GDK", "german", None, box="gd"),
        unit("GDPz", "german", None, box="gd", command="GDK", flags=("mech",)),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}},
        hexsides=RAIL,
    )
    for uid in ("GDK", "GDPz"):
        g.state.units[uid] = g.state.units[uid].boxed("gd")
    g.state.set("gd", "withdrawn")
    g.state.set("no_gas", True)  # K45 0.7c
    push(g, "action-chit", chit="gd-returns", kind="gd-returns")
    assert g.decision is not None and g.state.stack[-1].args["unit"] == "GDK"
    g.apply(Place("GDK", "0105"))
    assert g.decision is not None and g.state.stack[-1].args["unit"] == "GDPz"
    assert "0701" in g.state.stack[-1].args["rail"]
    return g


def test_0_7c_6_0e_a_mech_unit_entered_by_rail_after_no_gas_loses_a_step() -> None:
    """K45 0.7c: full-strength German mech units that move after NO GAS lose a step; 6.0: the
    rail entry is the reinforcement's movement (6.0e)."""
    g = gd_returns_after_no_gas()
    g.apply(Place("GDPz", "0701"))
    assert g.state.units["GDPz"].at == "0701"
    assert g.state.units["GDPz"].steps == 1


def test_0_7c_a_mech_unit_placed_at_its_entry_hex_not_moving_keeps_its_step() -> None:
    g = gd_returns_after_no_gas()
    g.apply(Place("GDPz", "0105"))
    while g.decision is not None and g.decision.step == "movement":
        g.apply(Pass())
    assert g.state.units["GDPz"].at == "0105"
    assert g.state.units["GDPz"].steps == 2


def test_11_3b_an_isolated_unit_attacks_at_half_strength() -> None:
    """K45 11.3b: isolated units have their attack halved; the supply phase leaves them only the
    ``isolated`` marker (not ``oos`` as well), so that marker alone must halve the attack."""
    g = game(
        unit("A", "soviet", "0302", attack=4, markers=["isolated"]),
        unit("G", "german", "0303", defence=4),
    )
    ctx = g._ctx()
    assert attack_factor(ctx, "A") == (1, 2)
    _, why = odds(ctx, ["A"], "0303")
    assert why.startswith("2:4") and why.endswith("1-2"), why


def test_1_0a_the_first_turn_barrage_rolls_have_a_minus_one() -> None:
    """K45 1.0a: "Both players have a -1 modifier on their respective barrage attack rolls": the
    first turn's own barrage (not one pushed by the test) turns a die 2 into a 1 (D1)."""
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0304"), charts=BARRAGE_CRT)
    assert g.decision is not None and g.decision.step == "barrage-dice"
    assert g.state.stack[-1].args["side"] == "german"
    g.apply(Outcome(2))  # one barrage attack
    g.apply(Outcome(1))  # none
    assert g.decision.step == "barrage" and g.state.stack[-1].args["drm"] == -1
    g.apply(Attack((), "0302"))
    assert g.state.stack[-1].args["drm"] == -1
    g.apply(Outcome(2))  # 2 - 1 = 1 on the 3-1 column
    assert g.events[-1].text == "barrage die 2: D1"


def test_1_1a_1_1b_a_grounded_air_unit_misses_a_whole_turn() -> None:
    """K45 1.1: the Refitted Unit Return Segment comes before the Grounded Unit Refitting
    Segment, so a unit grounded before the air unit phase goes to refit in it (13.2a) and
    returns only in the next turn's air unit phase. Run through the real sequence."""
    air = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "1AA"}}
    g = game(
        unit("B", "soviet", box="grounded", **air),
        unit("S", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    start_phase(g, "air unit phase")  # runs on to turn 2's first draw: no decision before
    assert g.state.turn == 2 and g.decision is not None and g.decision.step == "draw"
    returns = [e.turn for e in g.events if e.kind == "air" and e.data.get("unit") == "B"]
    assert returns == [2]  # not back on turn 1, when it went to refit
    assert g.state.units["B"].box == "air:1AA"


def test_1_5c_the_turn_advance_clears_the_records_of_the_turn() -> None:
    """K45 RE 10 ("this turn"), 0.7c (NO GAS returns to the cup at the turn advance), 12.6(3)
    (Hipper once per turn), 0.5 (activations per turn): the turn advance resets them."""
    g = game(unit("S", "soviet", "0505"), unit("G", "german", "0808"))
    g.state.set("stopped", ["3BR"])
    g.state.set("no_gas", True)
    g.state.set("hipper_used", True)
    g.state.set("used", {"german": 2})
    push(g, "turn-advance")
    for key in ("stopped", "no_gas", "hipper_used", "used"):
        assert not g.state.get(key), key


def test_12_6_2_hipper_reaches_two_hexes_from_the_haff_not_three() -> None:
    g = game(
        unit("Hipper", "german", "0402", attack=4, mp=0, steps=1, flags=("naval", "nozoc")),
        unit("R", "soviet", "0404", defence=2),
        unit("T", "soviet", "0405", defence=2),
        terrain={"water": ["0402"]},
        features={"haff": ["0402"]},
    )
    b = g.scenario.board
    assert (b.distance("0404", "0402"), b.distance("0405", "0402")) == (2, 3)
    assert targets_of(g._ctx(), "Hipper") == ["0404"]
