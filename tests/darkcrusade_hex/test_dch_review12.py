"""Twelfth rules review of Dark Crusade (hex): each test gives a done row a test that can fail
when a condition the code holds is dropped (`notes/s28/review12-dch/findings.md`)."""

from __future__ import annotations

from dch_support import NW, SW, C, E, W, at_step, die_for, fight, game, stage

from wargames.core.actions import Action, Attack, Choose, Move, Outcome, Pass
from wargames.core.markers import TURN, scoped
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.sequence import PHASES


def test_blitzkrieg_is_for_the_german_attackers_only() -> None:
    # DCH: Blitzkrieg! "German units can attack one additional time": 3RoA (Rumanian) attacks
    # with 18A and 9A (German), and H02 on 1611 stands next to 18A and 3RoA
    g = game(
        {"18A": W, "9A": NW, "16A": E, "3RoA": SW, "H01": C, "H02": "1611"},
        profiles={"H01": "1-1", "H02": "1-1"},
    )
    fight(g, ["18A", "9A", "16A", "3RoA"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "BK")))
    while g.decision is not None and g.decision.step == "battle-advance":
        g.apply(Pass())
    units = g.state.units
    assert units["18A"].has(cn.BLITZ)
    assert not units["3RoA"].has(cn.BLITZ)
    assert Attack(("3RoA",), "1611") not in list(g.legal_actions())


def gambles(attackers: dict[str, str]) -> list[str]:
    g = game({**attackers, "H01": C}, profiles={"H01": "4-4"}, options={"enhanced_odds": True})
    fight(g, list(attackers), C)
    g.apply(Choose("retreat"))
    assert stage(g) == "press"
    options = [a.option for a in g.legal_actions() if isinstance(a, Choose)]
    return [o for o in options if o.startswith("gamble:")]


def test_enhanced_odds_gambles_are_for_german_attacks_only() -> None:
    # DCH: Asymmetric Combat Odds Calculations, "German attacks"
    assert gambles({"18A": W, "9A": NW, "16A": SW})
    assert gambles({"18A": W, "9A": NW, "3RoA": SW}) == []


def test_a_cancelled_attack_frees_its_units_for_a3_and_the_breakthrough() -> None:
    # DCH: General Rule "Axis attacks may be cancelled"; A.6 "German units which have not yet
    # moved or attacked": an allocation cancelled in A.5 leaves 18A free for A.6
    g = game({"18A": W, "H01": C}, profiles={"H01": "2-2"})
    at_step(g, "operations", side=cn.AXIS, mode="op")
    g.apply(Choose("18A"))
    g.apply(Attack(("18A",), C))
    at_step(g, "combat", side=cn.AXIS, mode="op")
    g.apply(Choose("cancel:" + C))
    assert not g.state.units["18A"].has(scoped(cn.ALLOCATED, TURN))
    at_step(g, "operations", side=cn.AXIS, mode="break")
    assert Choose("18A") in list(g.legal_actions())
    # cancelled in A.3 before moving: 18A takes orders again and may move
    g = game({"18A": W, "H01": C}, profiles={"H01": "2-2"})
    at_step(g, "operations", side=cn.AXIS, mode="op")
    g.apply(Choose("18A"))
    g.apply(Attack(("18A",), C))
    g.apply(Choose("cancel:" + C))
    assert Choose("18A") in list(g.legal_actions())
    g.apply(Choose("18A"))
    moves: list[Action] = [a for a in g.legal_actions() if isinstance(a, Move)]
    assert moves
    g.apply(moves[0])
    assert g.state.units["18A"].at != W


def test_the_proriv_repeats_b4_recovery_before_its_combat() -> None:
    # DCH: B.5 Proriv! "operations with OMF -2 and OMB 3, B.4 repeated, combat"
    steps = {p.name.split(" ")[0]: [(s.step, dict(s.args)) for s in p.segments] for p in PHASES}
    assert steps["B.5"][1:4] == [
        ("operations", {"side": cn.RUSSIAN, "mode": "break"}),
        ("recover", {"group": "allied", "unattacked": True}),
        ("combat", {"side": cn.RUSSIAN, "mode": "break"}),
    ]
