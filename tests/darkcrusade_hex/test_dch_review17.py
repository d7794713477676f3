"""Review 17 (hidden information by the rules): a face-down mech korps lost at sea, the reveals
at a battle, and the "can't peek" checks on the Russian player's own legal actions."""

from __future__ import annotations

from typing import Any

from dch_support import NW, SW, C, W, at_step, ctx, fight, game, stage

from wargames.core.actions import Choose, Outcome, Place
from wargames.core.game import Game
from wargames.core.markers import TURN, scoped
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.attacks import early_obligations, must_attack, record_early
from wargames.darkcrusade.hex.casualties import eliminate
from wargames.darkcrusade.hex.hidden import reveal, set_profile
from wargames.darkcrusade.hex.overrun import overruns

ODESSA, SEVASTOPOL = "0920", "1221"


def _profiles(g: Game, side: str) -> dict[str, Any]:
    return {u["id"]: u.get("profile") for u in g.view(side)["units"]}


def _sunk_korps(group: str) -> Game:
    """T15 of the face-down mech group sails from Odessa and is sunk, then the tank
    replacements of B.1 bring it back (the bank emptied first)."""
    g = game({"T15": ODESSA}, turn=2, group=group)
    assert cn.face_down(ctx(g), "T15", cn.AXIS)
    at_step(g, "sea", side=cn.RUSSIAN)
    g.apply(Choose("T15"))
    g.apply(Place("T15", SEVASTOPOL))
    g.apply(Outcome("sunk"))
    g.state.set("tank_factors", 0)
    at_step(g, "russian-admin")
    assert g.decision is not None and g.decision.step == "russian-arrival"
    return g


def test_a_face_down_mech_korps_sunk_at_sea_goes_face_up_into_the_replacement_pile() -> None:
    """DCH: Russian Replacements: "Lost Russian tank units go into a replacement pile to be
    brought back in as such, weakest units first" - the pile's order and the public tank bank
    it is paid from tell the lost counter, so a face-down group korps lost without a battle
    (sunk at sea) goes face up (reading): the German sees T15's counter, and a determinization
    for him keeps it, consistent with the cost the arrival shows him."""
    for group, prof in (("plain", "2-1"), ("elite", "4-3")):
        g = _sunk_korps(group)
        assert g.state.get("profiles")["T15"] == prof
        assert "T15" in g.state.get("revealed", ())
        for side in cn.SIDES:
            assert _profiles(g, side)["T15"] == prof
        coming = g.view(cn.AXIS)["stack"][-1]["args"]["coming"]
        assert coming == [["T15", "tank_factors", int(prof[0])]]
        for s in range(12):
            d = g.determinize(cn.AXIS, s)
            assert d.state.get("profiles")["T15"] == prof
            assert d.view(cn.AXIS) == g.view(cn.AXIS)


def test_a_face_down_mech_korps_is_revealed_to_the_german_when_it_fights() -> None:
    """DCH: Hidden and/vs. Revealed: "Until their moment of first combat, Russian infantry
    units are unknown"; the table's reading applies it to the face-down group for the German:
    T15 (a 4-3 of the elite group) attacked shows its counter to him from the REVEAL stage."""
    g = game({"18A": W, "16A": NW, "9A": SW, "T15": C}, group="elite")
    assert _profiles(g, cn.AXIS)["T15"] is None
    assert _profiles(g, cn.RUSSIAN)["T15"] == "4-3"
    fight(g, ["18A", "16A", "9A"], C)
    assert stage(g) == "no-retreat"
    assert "T15" in g.state.get("revealed", ())
    assert _profiles(g, cn.AXIS)["T15"] == _profiles(g, cn.RUSSIAN)["T15"] == "4-3"


def test_a_re_hidden_army_attacked_is_face_up_again_for_both() -> None:
    """DCH: Hidden and/vs. Revealed: a re-hidden army is face down for both players "until
    their next combat": H01 (3-3) attacked shows its counter to both from the REVEAL stage."""
    g = game({"18A": W, "16A": NW, "9A": SW, "H01": C}, profiles={"H01": "3-3"})
    g.state.set("revealed", [])  # re-hidden
    assert {side: _profiles(g, side)["H01"] for side in cn.SIDES} == dict.fromkeys(cn.SIDES)
    fight(g, ["18A", "16A", "9A"], C)
    assert stage(g) == "no-retreat"
    assert "H01" in g.state.get("revealed")
    for side in cn.SIDES:
        assert _profiles(g, side)["H01"] == "3-3"


def test_a_re_hidden_army_lost_face_down_publishes_no_counter() -> None:
    """DCH: Hidden and/vs. Revealed ("can't peek to see/confirm what they are"): a re-hidden
    4-4 lost face down is unknown again, not booked among the public lost counters."""
    g = game({"H01": C, "H02": "1814"}, profiles={"H01": "4-4", "H02": "2-2"})
    eliminate(ctx(g), "H02", "test")  # face up: booked
    g.state.set("revealed", [])  # H01 re-hidden
    for side in cn.SIDES:
        assert g.view(side)["vars"].get("lost_profiles") == ["2-2"]
    eliminate(ctx(g), "H01", "test")
    assert list(g.state.get("lost_profiles")) == ["2-2"]
    for side in cn.SIDES:
        assert g.view(side)["vars"].get("lost_profiles") == ["2-2"]


def _twins(placements: dict[str, str], **kw: Any) -> list[Game]:
    """Twin games differing only in re-hidden H01's counter (1-1 or 4-4), which the Russian
    player may not peek at."""
    out = []
    for prof in ("1-1", "4-4"):
        g = game(placements, profiles={"H01": prof}, **kw)
        g.state.set("revealed", [])
        out.append(g)
    return out


def test_a_re_hidden_army_counts_as_two_factors_in_the_russians_overruns() -> None:
    """DCH: Operational Movement (Overrun) needs 7 attack factors; the Russian may not peek at
    re-hidden H01, so H01 + the 4-4 shock army S1 + the Moscow division count 2 + 4 + 1
    whatever H01 is (1 + 4 + 1 for a 1-1): the same overruns are listed, and made, against
    the 1-factor WD1."""
    lists = []
    for g in _twins({"H01": W, "S1": W, "MMRD": W, "WD1": C}, turn=2):
        c = ctx(g)
        assert sum(cn.attack_factor(c, u, cn.RUSSIAN) for u in ("H01", "S1", "MMRD")) == 7
        got = overruns(c, "H01", "op")
        lists.append(got)
        assert got
        at_step(g, "orders", unit="H01", side=cn.RUSSIAN, mode="op", moved=False)
        assert set(got) <= set(g.legal_actions())
        g.apply(got[0])
    assert lists[0] == lists[1]


def _general_rule_twins() -> list[Game]:
    """Re-hidden H01 (1-1 or 4-4), H02 (1-1) and H03 (4-4) face up, all in W next to the 5-5
    army 18A in C and the 3-3 korps XIII in NW."""
    out = []
    for g in _twins({"H01": W, "H02": W, "H03": W, "18A": C, "XIII": NW}, turn=2):
        for uid, prof in (("H02", "1-1"), ("H03", "4-4")):
            set_profile(ctx(g), uid, prof)
            reveal(ctx(g), uid)
        out.append(g)
    return out


def _attacked(g: Game, *uids: str) -> None:
    for u in uids:
        g.state.put(g.state.units[u].marked(scoped(cn.ATTACKED, TURN)))


def test_a_re_hidden_army_counts_as_two_factors_in_the_general_rule() -> None:
    """DCH: General Rule: a German army/korps next to Russians attacking another must be
    attacked at odds at least equal, compared as the Russian knows them: re-hidden H01 counts
    2 (2:5 on 18A, 2:3 on XIII) whatever it is, whether it attacks the target or the obliged
    unit: the same answers for a 1-1 as for a 4-4."""
    answers = []
    for g in _general_rule_twins():
        c = ctx(g)
        answers.append(
            (
                must_attack(c, {C: ["H01"], NW: ["H02"]}),  # 2:5 vs 1:3, the same column
                must_attack(c, {C: ["H03"], NW: ["H01"]}),  # 4:5 vs 2:3, the same column
            )
        )
    assert answers[0] == answers[1] == (None, None)


def test_a_re_hidden_army_counts_as_two_factors_in_b2_obligations() -> None:
    """DCH: General Rule in B.2 (attacks resolved as declared): the odds recorded for an attack
    and the odds the Russians could still reach are as the Russian knows them, re-hidden H01
    counting 2: the same obligations for a 1-1 as for a 4-4."""
    answers = []
    for g in _general_rule_twins():
        c = ctx(g)
        at_step(g, "early-attacks", side=cn.RUSSIAN, mode="pre")
        # H01 attacked 18A at 2:5; H02 alone could still attack XIII at 1:3, the same column
        _attacked(g, "H01", "H03")
        record_early(c, C, ["H01"])
        first = early_obligations(c)
        # H03 attacked 18A at 4:5; H01 alone could still attack XIII at 2:3, the same column
        g.state.set("early_attacks", [])
        g.state.put(g.state.units["H01"].unmarked(scoped(cn.ATTACKED, TURN)))
        _attacked(g, "H02")
        record_early(c, C, ["H03"])
        second = early_obligations(c)
        answers.append((first is None, second is None))
    assert answers[0] == answers[1] == (False, False)
