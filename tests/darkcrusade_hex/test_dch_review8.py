"""Eighth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong, or gives a done row a test that can fail (`notes/s27/review8-dch/findings.md`)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from dch_support import (
    NE,
    NW,
    SE,
    SW,
    C,
    E,
    W,
    at_step,
    ctx,
    die_for,
    disrupt,
    fight,
    game,
    roll_result,
    stage,
)

from wargames.core.actions import Advance, Attack, Choose, Outcome, Pass, Place, Retreat
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.casualties import eliminate
from wargames.darkcrusade.hex.hidden import reveal, set_profile
from wargames.darkcrusade.hex.supply import statuses
from wargames.darkcrusade.hex.weather import GOOD, MUD, SNOW, weather

MUD_TURN, SNOW_TURN = 9, 12


@pytest.mark.parametrize(("turn", "kind"), [(MUD_TURN, MUD), (SNOW_TURN, SNOW)])
def test_a_russian_defender_may_not_decline_a_forced_exchange_into_a_d(
    turn: int, kind: str
) -> None:
    """DCH: No Retreat!: "the Attacker may declare a Forced EXchange ... D1 = equal exchange as
    normal ... Defending Germans (only) may avoid a Forced Exchange, if accepting a D3 result
    instead." Three German armies force the exchange on H01 (3-3) under No Retreat! after a D1
    in Mud or Snow, where a Russian may otherwise decline an X into a D: the Forced Exchange
    stands, H01 is eliminated and the German pays the exchange."""
    armies = {"18A": W, "16A": NW, "9A": SW}
    g = game({**armies, "H01": C}, profiles={"H01": "3-3"}, turn=turn)
    assert weather(ctx(g)) == kind
    fight(g, list(armies), C)
    roll_result(g, "D1", "no-retreat")
    assert stage(g) == "forced-after"
    g.apply(Choose("forced"))
    assert stage(g) != "decline"
    assert g.state.units["H01"].at is None
    assert stage(g) == "losses" and g.decision is not None and g.decision.side == cn.AXIS


def test_defending_germans_refusing_the_d3_go_straight_to_the_forced_exchange() -> None:
    """DCH: No Retreat!: the D3 is the defending Germans' only way out of a Forced Exchange; in
    Good weather (where a German may otherwise decline an X into a D) refusing it leads straight
    to the exchange: korps I is eliminated."""
    g = game({"T01": W, "T02": NW, "I": C}, turn=2)
    assert weather(ctx(g)) == GOOD
    fight(g, ["T01", "T02"], C)
    g.apply(Choose("no-retreat"))
    g.apply(Choose("forced"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(die_for(g, "D1")))
    assert stage(g) == "avoid"
    assert {a.option for a in g.legal_actions()} == {"exchange", "d3"}  # type: ignore[attr-defined]
    g.apply(Choose("exchange"))
    assert stage(g) != "decline"
    assert g.state.units["I"].at is None


def test_a_katyusha_disruption_is_not_recovered_by_the_attack_it_supports() -> None:
    """DCH: Russian Katyushas: "They can attack an adjacent hex, before standard ground attacks
    are resolved. A die roll ... Disrupts the Red-rocketed unit"; B.5: attacked Axis allied
    units "not re-Disrupted by a combat result" recover. Kat1 rockets 3RoA (die 1, index A),
    then H01 attacks it and rolls AE: the rockets Disrupted 3RoA in this segment, as an
    airstrike's D does, so the attack does not recover it."""
    g = game({"Kat1": W, "H01": NW, "3RoA": C}, turn=2, profiles={"H01": "1-1"})
    g.state.set("allocations", {C: ["H01"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    g.apply(Attack(("Kat1",), C))
    g.apply(Outcome(1))
    assert g.state.units["3RoA"].has(cn.DISRUPTED)
    g.apply(Choose(C))
    while stage(g) != "roll":
        options = [a for a in g.legal_actions() if isinstance(a, Choose)]
        g.apply(next(a for a in options if a.option in ("retreat", "no", "press:0")))
    g.apply(Outcome(die_for(g, "AE")))
    assert [e.data.get("code") for e in g.events if e.kind == "result"][-1] == "AE"
    assert g.state.units["3RoA"].at == C
    assert g.state.units["3RoA"].has(cn.DISRUPTED)


def test_a_lost_army_goes_back_into_the_pile_of_the_42_not_among_the_62() -> None:
    """DCH: Replacements: "Lost Russian infantry units go back into the same extra units pile
    for random selection"; Set-up: "42 of the 62 ... are faced down and randomly selected and
    the unselected/unknown armies removed from the game". Four armies revealed as 4-4 (the
    pool's four) and eliminated are 4 known members of the 42-army pile, no army being in
    play: the next hidden army is a 4-4 with probability 4/42, not 4/62."""
    armies = ("H01", "H02", "H03", "H04")
    g = game({**dict.fromkeys(armies, "1814"), "H05": C, "18A": W, "16A": NW, "9A": SW})
    c = ctx(g)
    for u in armies:
        set_profile(c, u, "4-4")
        reveal(c, u)
    for u in armies:
        eliminate(c, u, "test")
    assert list(g.state.get("lost_profiles")) == ["4-4"] * 4
    for side in cn.SIDES:  # the lost counters were face up: public
        assert list(g.view(side)["vars"]["lost_profiles"]) == ["4-4"] * 4
    fight(g, ["18A", "16A", "9A"], C)
    assert g.decision is not None and g.decision.step == "reveal"
    got = {a.value: p for a, p in g.chance_outcomes()}
    assert got["4-4"] == Fraction(2, 21)
    assert sum(got.values()) == 1
    # the 38 unknown members of the 42 are drawn from the 58 others (no 4-4 among them)
    assert got["2-2"] == Fraction(38 * 16, 58 * 42)
    g.apply(Outcome("4-4"))  # booked as a lost counter re-drawn
    assert list(g.state.get("lost_profiles")) == ["4-4"] * 3


def test_determinizing_never_puts_a_lost_counter_on_a_re_hidden_army() -> None:
    """DCH: Replacements; Hidden and/vs. Revealed Russian units: the four lost 4-4s are in the
    pile, not in play, so a re-hidden army's face-down counter (resampled for a side that cannot
    see it) is never a 4-4, and the public lost counters stay as they are."""
    armies = ("H01", "H02", "H03", "H04")
    g = game({**dict.fromkeys(armies, "1814"), "H05": C}, profiles={"H05": "2-2"})
    c = ctx(g)
    for u in armies:
        set_profile(c, u, "4-4")
        reveal(c, u)
        eliminate(c, u, "test")
    g.state.set("revealed", [])  # H05 re-hidden: unknown to both
    seen = set()
    for s in range(60):
        d = g.determinize(cn.AXIS, s)
        seen.add(d.state.get("profiles")["H05"])
        assert list(d.state.get("lost_profiles")) == ["4-4"] * 4
        assert d.view(cn.AXIS) == g.view(cn.AXIS)
    assert "4-4" not in seen and len(seen) > 1


# --- rows whose tests could not fail (the reviewer's mutants survived) -------------------------


def test_a_disrupted_katyusha_may_not_fire() -> None:
    """DCH: Russian Katyushas: they "may not attack if Unsupplied or Disrupted" (mutant
    ``kat_disrupted``)."""
    g = game({"Kat1": W, "T01": NW, "I": C}, turn=2)
    disrupt(g, "Kat1")
    g.state.set("allocations", {C: ["T01"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    assert Attack(("Kat1",), C) not in list(g.legal_actions())


def test_an_isolated_katyusha_may_not_fire() -> None:
    """DCH: Russian Katyushas: they "may not attack if Unsupplied or Disrupted" (mutant
    ``kat_unsupplied``): Kat1 on C, ringed by six Axis units, has no supply line at all."""
    ring = {"I": W, "XX": NW, "XIII": SW, "18A": NE, "16A": SE, "9A": E}
    g = game({"Kat1": C, "T01": "2010", **ring}, turn=2)
    assert statuses(ctx(g), cn.RUSSIAN)["Kat1"] == SupplyStatus.UNSUPPLIED
    g.state.set("allocations", {E: ["T01"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    assert not [a for a in g.legal_actions() if isinstance(a, Attack) and a.units == ("Kat1",)]


def test_a_d1_retreat_is_never_longer_than_two_hexes() -> None:
    """DCH: Dn: "on a D1, up to 1 more" (the recorded reading, ``results.extra_retreat``;
    mutant ``dn_extra``): after the attacker's 1-hex retreat the defender may go 1 more hex,
    never 2."""
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C}, profiles={"H01": "3-3"})
    fight(g, ["18A", "16A", "9A"], C)
    roll_result(g, "D1")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:1"))
    routes = [a.path for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and max(len(p) for p in routes) == 3  # C and at most 2 hexes


def test_a_de_gives_no_blitzkrieg() -> None:
    """DCH: Combat Results: "BK - Blitzkrieg! German units can attack one additional time":
    a DE gives no such attack (mutant ``bk_blitz_de``). As in the BK test, H02 on E is an
    enemy next to the hex 1Pz advances into."""
    g = game(
        {"18A": W, "16A": NW, "9A": SW, "1Pz": W, "H01": C, "H02": E},
        profiles={"H01": "1-1", "H02": "1-1"},
    )
    fight(g, ["18A", "16A", "9A", "1Pz"], C)
    roll_result(g, "DE")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    assert g.state.units["H01"].at is None
    g.apply(Advance(("1Pz",), (W, C)))
    while g.decision is not None and g.decision.step == "battle-advance":
        g.apply(Pass())
    assert g.state.get("battle") is None
    assert not any(u.has(cn.BLITZ) for u in g.state.units.values())
    assert Attack(("1Pz",), E) not in list(g.legal_actions())


def test_a_disrupted_russian_attacked_in_a_breakthrough_stays_disrupted() -> None:
    """DCH: Sequence A.6: "Already Disrupted Russian units which are not re-Disrupted stay
    Disrupted": the A.5 recovery after an attack is for the operational combat phase only
    (mutant ``recover_mode``). 1Pz attacks the Disrupted non-red H01 in the breakthrough
    phase and rolls AD: H01 stays Disrupted."""
    g = game({"1Pz": W, "H01": C, "H02": C}, profiles={"H01": "4-4", "H02": "4-4"})
    disrupt(g, "H01")
    fight(g, ["1Pz"], C, mode="break")
    roll_result(g, "AD")
    assert [e.data.get("code") for e in g.events if e.kind == "result"][-1] == "AD"
    assert g.state.get("battle") is None
    assert g.state.units["H01"].has(cn.DISRUPTED)


def test_a_revealed_army_sunk_at_sea_goes_back_into_the_pile() -> None:
    """DCH: Strategic Movement by Sea; Replacements: a unit sunk at sea is lost, and a lost
    rifle army's counter goes back into the pile of the 42: H01 (2-2) sunk between Odessa and
    Sevastopol is hidden again, its counter booked in the pile."""
    odessa, sevastopol = "0920", "1222"
    g = game({"H01": odessa}, turn=2, profiles={"H01": "2-2"})
    at_step(g, "sea", side=cn.RUSSIAN)
    g.apply(Choose("H01"))
    g.apply(Place("H01", sevastopol))
    g.apply(Outcome("sunk"))
    assert g.state.units["H01"].box == cn.ELIMINATED
    assert "H01" not in g.state.get("profiles") and "H01" not in g.state.get("revealed")
    assert list(g.state.get("lost_profiles")) == ["2-2"]
