"""DCH: Hidden and/vs. Revealed Russian units; Set-up: Sorting Russian Arrays. A hidden army's
counter is a chance draw from the pool left at its first combat; the face-down mech group is
a 1/2 blind choice; no view shows what its side may not see."""

from __future__ import annotations

from fractions import Fraction

from dch_support import NW, SW, C, W, fight, game, stage

import wargames
from wargames.core.actions import Outcome
from wargames.darkcrusade.hex import counters as cn


def test_mech_group_is_a_blind_even_choice() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=3)
    assert g.decision is not None and g.decision.step == "mech-group"
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "elite": Fraction(1, 2),
        "plain": Fraction(1, 2),
    }
    g.apply(Outcome("elite"))
    profiles = g.state.get("profiles")
    group = sorted(u for u in g.state.units if "elite-group" in g.scenario.units[u].flags)
    assert sorted(profiles[u] for u in group) == ["3-2"] * 2 + ["4-3"] * 8


def test_the_russian_player_sees_the_mech_group_the_german_does_not() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=3)
    g.apply(Outcome("elite"))
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

    from wargames.darkcrusade.hex.combat import eliminate
    from wargames.darkcrusade.hex.hidden import pool_left

    g = game({"H01": C}, profiles={"H01": "4-4"})
    before = pool_left(ctx(g))["4-4"]
    eliminate(ctx(g), "H01", "test")
    assert pool_left(ctx(g))["4-4"] == before + 1
    assert "H01" not in g.state.get("revealed", [])


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
    g.apply(Outcome("elite"))
    groups = {g.determinize(cn.AXIS, s).state.get("mech_group") for s in range(12)}
    assert groups == {"elite", "plain"}  # the German cannot tell the group
    for s in range(4):
        assert g.determinize(cn.RUSSIAN, s).state.get("mech_group") == "elite"
        assert g.determinize(cn.AXIS, s).view(cn.AXIS) == g.view(cn.AXIS)
