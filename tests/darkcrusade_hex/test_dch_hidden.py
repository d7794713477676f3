"""DCH: Hidden and/vs. Revealed Russian units; Set-up: Sorting Russian Arrays. A hidden army's
counter is a chance draw from the pool left at its first combat; the face-down mech group is
a 1/2 blind choice; no view shows what its side may not see."""

from __future__ import annotations

from fractions import Fraction

from dch_support import NW, SW, C, W, at_step, ctx, fight, game, pick_group, stage

import wargames
from wargames.core.actions import Attack, Move, Outcome, Pass
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn


def test_mech_group_is_a_blind_even_choice() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=3)
    assert g.decision is not None and g.decision.step == "mech-group"
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "elite": Fraction(1, 2),
        "plain": Fraction(1, 2),
    }
    g.apply(Outcome("elite"))
    # its counters are dealt to the korps at random, one korps after the other
    group = sorted(u for u in g.state.units if "elite-group" in g.scenario.units[u].flags)
    assert g.decision is not None and g.decision.step == "mech-deal"
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "3-2": Fraction(2, 10),
        "4-3": Fraction(8, 10),
    }
    g.apply(Outcome("3-2"))
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "3-2": Fraction(1, 9),
        "4-3": Fraction(8, 9),
    }
    while g.decision is not None and g.decision.step == "mech-deal":
        g.roll()
    profiles = g.state.get("profiles")
    assert profiles[group[0]] == "3-2"
    assert sorted(profiles[u] for u in group) == ["3-2"] * 2 + ["4-3"] * 8


def test_which_korps_hold_the_3_2s_varies_and_the_german_is_told_nothing() -> None:
    """DCH: Set-up: the face-down group's counters are not tied to the korps' ids, and no
    chance outcome of the group reaches the German player's log."""
    pairs = set()
    for seed in range(6):
        g = wargames.new_game("darkcrusade-hex", seed=seed)
        g.apply(Outcome("elite"))
        while g.decision is not None and g.decision.step == "mech-deal":
            g.roll()
        profiles = g.state.get("profiles")
        pairs.add(tuple(sorted(u for u, p in profiles.items() if p == "3-2")))
        told = [e.text for e in g.events_for(cn.AXIS)]
        assert not any("elite" in t or "3-2" in t or "4-3" in t for t in told)
        assert any("3-2" in e.text for e in g.events_for(cn.RUSSIAN))
    assert len(pairs) > 1


def test_the_russian_player_sees_the_mech_group_the_german_does_not() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=3)
    pick_group(g, "elite")
    russian = {u["id"]: u.get("profile") for u in g.view(cn.RUSSIAN)["units"]}
    axis = {u["id"]: u.get("profile") for u in g.view(cn.AXIS)["units"]}
    assert russian["T15"] in ("4-3", "3-2")
    assert axis["T15"] is None
    assert "mech_group" not in g.view(cn.AXIS)["vars"]


def test_a_hidden_army_is_drawn_from_the_pool_left_at_its_first_combat() -> None:
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C}, profiles={"H05": "4-4", "H06": "4-4"})
    fight(g, ["18A", "16A", "9A"], C)
    assert g.decision is not None and g.decision.step == "reveal"
    got = {a.value: p for a, p in g.chance_outcomes()}
    pool = {"1-1": 10, "1-2": 10, "2-2": 16, "2-3": 12, "3-3": 10, "4-4": 2}
    assert got == {k: Fraction(v, 60) for k, v in pool.items()}
    # before the draw nobody can see it, and the state holds nothing about it
    assert "H01" not in g.state.get("profiles")
    g.apply(Outcome("3-3"))
    assert g.state.get("profiles")["H01"] == "3-3"
    for side in cn.SIDES:
        assert {u["id"]: u.get("profile") for u in g.view(side)["units"]}["H01"] == "3-3"
    assert stage(g) == "no-retreat"


def test_an_eliminated_army_goes_back_into_the_pile() -> None:
    from dch_support import ctx

    from wargames.darkcrusade.hex.casualties import eliminate
    from wargames.darkcrusade.hex.hidden import pool_left

    g = game({"H01": C}, profiles={"H01": "4-4"})
    before = pool_left(ctx(g))["4-4"]
    eliminate(ctx(g), "H01", "test")
    # back into the pile of the 42 as a known, public counter (test_dch_review8), not among
    # the counters never drawn
    assert list(g.state.get("lost_profiles")) == ["4-4"]
    assert pool_left(ctx(g))["4-4"] == before
    assert "H01" not in g.state.get("revealed", [])
    assert "H01" not in g.state.get("profiles")


def test_revealed_undisrupted_armies_may_be_re_hidden_from_both_players() -> None:
    from dch_support import at_step

    from wargames.core.actions import Choose

    g = game({"H01": C, "H02": "1814"}, profiles={"H01": "3-3", "H02": "2-2"})
    g.state.set("revealed", ["H01", "H02"])
    g.state.put(g.state.units["H02"].marked(cn.DISRUPTED))
    at_step(g, "rehide")
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"H01"}
    g.apply(Choose("H01"))
    for side in cn.SIDES:
        assert "profile" not in {u["id"]: u for u in g.view(side)["units"]}["H01"]
    assert g.state.get("profiles")["H01"] == "3-3"  # the same counter, face down


def test_determinizing_resamples_only_what_the_side_cannot_know() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=3)
    pick_group(g, "elite")
    groups = {g.determinize(cn.AXIS, s).state.get("mech_group") for s in range(12)}
    assert groups == {"elite", "plain"}  # the German cannot tell the group
    for s in range(4):
        assert g.determinize(cn.RUSSIAN, s).state.get("mech_group") == "elite"
        assert g.determinize(cn.RUSSIAN, s).state.get("profiles") == g.state.get("profiles")
        assert g.determinize(cn.AXIS, s).view(cn.AXIS) == g.view(cn.AXIS)
    # once a korps has fought, the group is known; which others hold the 3-2s is not
    g.state.set("revealed", ["T15"])  # a 4-3
    deals = set()
    for s in range(20):
        d = g.determinize(cn.AXIS, s)
        assert d.state.get("mech_group") == "elite" and d.state.get("profiles")["T15"] == "4-3"
        deals.add(tuple(sorted(u for u, p in d.state.get("profiles").items() if p == "3-2")))
    assert len(deals) > 1 and all(len(p) == 2 and "T15" not in p for p in deals)


def _rehidden(prof: str, placements: dict[str, str], **kw: object) -> Game:
    g = game(placements, profiles={"H01": prof}, **kw)  # type: ignore[arg-type]
    g.state.set("revealed", [])  # revealed once, then re-hidden (RehideStep)
    return g


def test_a_face_down_counter_never_changes_what_is_legal() -> None:
    """DCH: Hidden and/vs. Revealed: a re-hidden army is face down to both players ("can't
    peek"), the face-down mech group to the German: the 1:5 floor and overruns count such a
    counter at FACE_DOWN factors, so the legal actions are the same whatever it is."""
    declare, overrun = set(), set()
    for prof in ("1-1", "2-2"):
        g = _rehidden(prof, {"H01": W, "18A": C}, turn=2, terrain={C: "hills"})
        at_step(g, "early-attacks", side=cn.RUSSIAN, mode="pre")
        g.apply(Attack(("H01",), C))  # H01 alone on a 5-5 army on hills (10)
        declare.add(Pass() in set(g.legal_actions()))
        g = _rehidden(prof, {"18A": W, "1Pz": W, "H01": C})
        at_step(g, "orders", unit="18A", side=cn.AXIS, mode="op", moved=False)
        overrun.add(Move(("18A", "1Pz"), (W, C)) in list(g.legal_actions()))
    assert declare == {True} and overrun == {False}  # 2 factors: 2:10 is 1:5; not 1 factor
    for group in ("plain", "elite"):
        g = game({"18A": W, "1Pz": W, "T15": C}, group=group)
        assert cn.face_down(ctx(g), "T15", cn.AXIS) and not cn.face_down(ctx(g), "T15", cn.RUSSIAN)
        at_step(g, "orders", unit="18A", side=cn.AXIS, mode="op", moved=False)
        overrun.add(Move(("18A", "1Pz"), (W, C)) in list(g.legal_actions()))
    assert overrun == {False}
