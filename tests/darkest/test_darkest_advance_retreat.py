"""DC: Advances and Retreats after Combat."""

from __future__ import annotations

from darkest_support import army, at, attack, markers, new, panzer_korps, rifle, to_step

from wargames.core.actions import Advance, AllocateLosses, Attack, Choose, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.darkest import counters as cn

ADVANCE = "DC: Advances and Retreats after Combat"


def test_attackers_matching_the_defenders_firepower_must_advance() -> None:
    g = attack(new(army("G1", "B2"), army("G2", "B2"), rifle("R", "B3")), "B3", "G1", "G2")
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 8 on row 1: 6 hits, R eliminated
    g.apply(Outcome(1))  # R's 2 on column B row 6: no hit
    assert g.decision.step == "advance"
    error = g.check(Pass())
    assert error is not None and error.rule == ADVANCE  # one army (4 >= 2) must go in
    g.apply(Advance(("G1",), ("B2", "B3")))
    assert at(g, "G1") == "B3" and g.state.control["B3"] == "axis"
    # the other may advance beside the cleared hex, into an empty hex next to both, or stay
    legal = set(g.legal_actions())
    assert Advance(("G2",), ("B2", "A2")) in legal and Pass() in legal


def test_disrupted_attackers_stay_in_the_hex_they_attacked_from() -> None:
    g = attack(
        new(army("G1", "B2"), army("G2", "B2", (4, 0)), rifle("R", "B3", (2, 2))), "B3", "G1", "G2"
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 8: 6 hits, R eliminated
    g.apply(Outcome(6))  # R's 2 on column B row 1: 2 hits
    assert g.decision.step == "absorb" and g.decision.side == "axis"
    g.apply(AllocateLosses(("G1",)))
    g.apply(AllocateLosses(("G1",)))
    assert cn.DISRUPTED in markers(g, "G1")
    assert {a.units for a in g.legal_actions() if isinstance(a, Advance)} == {("G2",)}


def test_panzers_advance_a_second_hex_along_an_active_road() -> None:
    road = [{"between": ["B3", "B4"], "features": ["highway"]}]
    g = attack(
        new(
            panzer_korps("K", "B2"),
            army("G", "B2"),
            rifle("R", "B3", (0, 1)),
            rifle("F", "E6"),
            hexsides=road,
        ),
        "B3",
        "K",
        "G",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))
    g.apply(Outcome(1))  # R's 1 on column B row 6: no hit
    legal = set(g.legal_actions())
    assert Advance(("K",), ("B2", "B3", "B4")) in legal
    assert Advance(("G",), ("B2", "B3", "B4")) not in legal


def retreat_game() -> Game:
    g = attack(new(army("G", "B2", (1, 3)), rifle("R", "B3", (1, 3)), rifle("F", "C2")), "B3", "G")
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # strength 1, row 6: no hit
    g.apply(Outcome(1))  # R's 3 on column B row 6: no hit
    return g


def test_defenders_may_retreat_after_the_first_round_and_are_disrupted() -> None:
    g = retreat_game()
    assert g.decision.step == "withdraw" and g.decision.side == "russian"
    dests = {a.path[-1] for a in g.legal_actions() if isinstance(a, Retreat)}
    # not next to B2 (the attack's hex) - A2 - unless friendly units hold it (C2: F)
    assert dests == {"A3", "B4", "C2", "C3"}
    g.apply(Retreat(("R",), ("B3", "B4")))
    assert at(g, "R") == "B4" and cn.DISRUPTED in markers(g, "R")
    assert g.decision.step == "advance"  # the hex is cleared: the advance is voluntary
    assert Pass() in g.legal_actions()


def test_defenders_may_stay_and_fight_the_second_round() -> None:
    g = retreat_game()
    g.apply(Pass())
    assert g.decision.step == "press"


def test_the_attackers_closest_to_the_defence_must_advance_even_if_below_it() -> None:
    # DC: Advances ...: "as close to equal as possible": defenders 3, attackers 2 and 6
    g = attack(
        new(army("G2", "B2", (2, 3)), army("G6", "B2", (6, 3)), rifle("R", "B3", (1, 3))),
        "B3",
        "G2",
        "G6",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 8 on row 1: 6 hits, R eliminated
    g.apply(Outcome(1))  # R's 3 on column B row 6: no hit
    assert g.decision.step == "advance"
    error = g.check(Pass())
    assert error is not None and error.rule == ADVANCE and "G2" in str(error)
    g.apply(Advance(("G6",), ("B2", "B3")))
    assert Pass() not in g.legal_actions()  # the 6 is further from 3 than the 2: G2 must go
    g.apply(Advance(("G2",), ("B2", "B3")))
    assert at(g, "G2") == "B3"


def test_the_advance_stays_voluntary_after_a_retreat_even_if_a_hit_then_takes_the_city() -> None:
    # DC: Advances ...: retreat after the first round is voluntary, "and so then is an
    # attacker's advance into the hex", also when the emptied victory city needs a hit.
    g = attack(
        new(
            army("G", "B2", (1, 3)),
            rifle("R", "B3", (0, 1)),
            rifle("F", "E6"),
            features={"victory": ["B3"], "city": ["B3"]},
            control={"russian": ["B3"]},
        ),
        "B3",
        "G",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # G's 1 on row 6: no hit
    g.apply(Outcome(1))  # R's 1 + the city's 1 on column B row 6: no hit
    assert g.decision.step == "withdraw"
    g.apply(Retreat(("R",), ("B3", "B4")))
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # G's 1 on row 1: 1 hit takes the empty city
    g.apply(Outcome(1))  # the city's 1 on column B row 6: no hit
    assert g.state.control["B3"] == "axis"
    assert g.decision.step == "advance" and Pass() in g.legal_actions()


def test_a_fortified_army_loses_its_fortification_when_it_retreats() -> None:
    # DC: Fortifications: the fortification is the army's in its hex; leaving the hex by
    # retreat loses it as leaving by movement does.
    g = new(army("G", "B3", (1, 1), markers=(cn.FORTIFIED,)), rifle("R", "B4", (1, 2)))
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R"))
    g.apply(Attack(("R",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Outcome(1))  # R's 1 on column B row 6: no hit
    g.apply(Outcome(6))  # G's 1 on column A row 6: no hit
    assert g.decision.step == "withdraw" and g.decision.side == "axis"
    g.apply(Retreat(("G",), ("B3", "B2")))
    assert at(g, "G") == "B2" and cn.FORTIFIED not in markers(g, "G")


STRAIT = {"between": ["C3", "C4"], "features": ["water", "strait"]}


def test_an_advance_across_a_strait_ends_there() -> None:
    # DC: Terrain Effects: the crossing is all-consuming on every path: a panzer advancing
    # across it goes no further, even along an active road.
    road = {"between": ["C4", "C5"], "features": ["highway"]}
    g = attack(
        new(
            panzer_korps("K", "C3"),
            rifle("R", "C4", (0, 1)),
            rifle("F", "E6"),
            hexsides=[STRAIT, road],
        ),
        "C4",
        "K",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # K's 2 on row 1: 2 hits, R eliminated
    g.apply(Outcome(1))  # R's 1 on column B row 6: no hit
    legal = set(g.legal_actions())
    assert Advance(("K",), ("C3", "C4")) in legal
    assert Advance(("K",), ("C3", "C4", "C5")) not in legal


def test_a_retreat_may_cross_a_strait_like_any_1_hex_move() -> None:
    # DC: Terrain Effects: a strait crossing is a 1-hex move; a retreat is one hex, so it may
    # cross as an operational move or an advance does.
    g = attack(
        new(army("G", "C5", (1, 3)), rifle("R", "C4", (1, 3)), rifle("F", "E6"), hexsides=[STRAIT]),
        "C4",
        "G",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # strength 1, row 6: no hit
    g.apply(Outcome(1))  # R's 3 on column B row 6: no hit
    assert g.decision.step == "withdraw"
    assert Retreat(("R",), ("C4", "C3")) in g.legal_actions()


def test_disrupted_defenders_may_withdraw_too() -> None:
    # DC: Advances and Retreats: retreat after the first round is "entirely voluntary" for
    # the defenders; DC: Disruption: "if kept in battle" a Disrupted unit dies to one more hit,
    # so its owner may take it out of the battle. Only Disrupted attackers must stay.
    g = attack(
        new(
            army("G", "B2", (1, 3)),
            rifle("R", "B3", (1, 3), markers=(cn.DISRUPTED,)),
            rifle("F", "C2"),
        ),
        "B3",
        "G",
    )
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # strength 1, row 6: no hit (R, Disrupted, does not fire)
    assert g.decision.step == "withdraw" and g.decision.side == "russian"
    g.apply(Retreat(("R",), ("B3", "B4")))
    assert at(g, "R") == "B4" and cn.DISRUPTED in markers(g, "R")
