"""DC: Ground Combat: capacity per hexside, who attacks whom, factors, absorbing hits, battle
rounds, replacements during the battle, the must-attack rule, the German pressed attack."""

from __future__ import annotations

import pytest
from darkest_support import (
    army,
    ctx,
    mech,
    new,
    panzer_korps,
    panzergruppe,
    rifle,
    to_step,
    unit,
)

from wargames.core.actions import AllocateLosses, Attack, Choose, Outcome, Pass
from wargames.core.game import Game
from wargames.darkest import counters as cn
from wargames.darkest.attacks import attack_error, capacity_error
from wargames.darkest.fire import Fire, attack_fire, best_faces, table_hits


def op(*units, **kw):
    g = new(*units, **kw)
    return to_step(g, "operations", "axis", "op")


def allocate(g, uid: str, target: str) -> None:
    g.apply(Choose(uid))
    g.apply(Attack((uid,), target))


def test_hexside_capacity_is_3_units_at_most_2_armies_and_1_panzergruppe() -> None:
    g = new(
        army("A1", "B2"),
        army("A2", "B2"),
        army("A3", "B2"),
        panzergruppe("P1", "B2"),
        panzergruppe("P2", "B2"),
        panzer_korps("K", "B2"),
        rifle("R", "B3"),
    )
    c = ctx(g)
    assert capacity_error(c, "B2", "B3", ["A1", "A2", "K"]) is None
    assert capacity_error(c, "B2", "B3", ["A1", "P1", "K"]) is None
    error = capacity_error(c, "B2", "B3", ["A1", "A2", "A3"])
    assert error is not None and error.rule == "DC: Hex-Side Operational Attack Capacity"
    assert capacity_error(c, "B2", "B3", ["P1", "P2"]) is not None
    assert capacity_error(c, "B2", "B3", ["A1", "K", "K", "K"]) is not None


def test_russians_attack_with_any_3_units_per_hexside() -> None:
    g = new(
        army("G", "B3"), rifle("R1", "B2"), rifle("R2", "B2"), rifle("R3", "B2"), rifle("R4", "B2")
    )
    c = ctx(g)
    assert capacity_error(c, "B2", "B3", ["R1", "R2", "R3"]) is None
    assert capacity_error(c, "B2", "B3", ["R1", "R2", "R3", "R4"]) is not None


@pytest.mark.parametrize("rough", ["B3", "B2"])  # into the rough hex, out of it
@pytest.mark.parametrize("terrain", ["swamp", "mountains"])
def test_only_2_units_per_hexside_into_or_out_of_swamp_or_mountains(
    terrain: str, rough: str
) -> None:
    # DC: Terrain Effects on Combat: "Only 2 units per hex-side may attack into or out of swamp
    # or mountains" (the sixteenth review found "out of", the attackers' hex, untested)
    g = new(
        army("A1", "B2"),
        army("A2", "B2"),
        panzergruppe("P", "B2"),
        panzer_korps("K", "B2"),
        rifle("R", "B3"),
        terrain={terrain: [rough]},
    )
    c = ctx(g)
    assert capacity_error(c, "B2", "B3", ["A1", "K"]) is None
    assert capacity_error(c, "B2", "B3", ["A1", "A2"]).rule == "DC: Terrain Effects on Combat"
    assert capacity_error(c, "B2", "B3", ["P", "K"]) is not None  # 2 panzer units
    assert capacity_error(c, "B2", "B3", ["A1", "K", "K"]) is not None


def test_across_the_kerch_strait_or_against_kronshtadt_only_1_non_armour_unit() -> None:
    strait = [{"between": ["B2", "B3"], "features": ["water", "strait", "kerch"]}]
    g = new(
        army("A1", "B2"),
        army("A2", "B2"),
        panzer_korps("K", "B2"),
        rifle("R", "B3"),
        hexsides=strait,
    )
    c = ctx(g)
    assert capacity_error(c, "B2", "B3", ["A1"]) is None
    assert capacity_error(c, "B2", "B3", ["A1", "A2"]) is not None
    assert capacity_error(c, "B2", "B3", ["K"]) is not None
    g = new(army("A1", "B2"), army("A2", "B2"), rifle("R", "B3"), features={"kronshtadt": ["B3"]})
    assert capacity_error(ctx(g), "B2", "B3", ["A1", "A2"]) is not None


def test_units_of_one_hex_attack_several_hexes_and_hexes_combine_on_one() -> None:
    g = op(
        army("A1", "B2"), army("A2", "B2"), army("A3", "A2"), rifle("R1", "B3"), rifle("R2", "C2")
    )
    allocate(g, "A1", "B3")
    allocate(g, "A2", "C2")  # B2 attacks B3 and C2 at once
    allocate(g, "A3", "B3")  # A2 joins B2 against B3
    from wargames.darkest.attacks import pending

    assert pending(ctx(g)) == {"B3": ("A1", "A3"), "C2": ("A2",)}


def test_all_units_in_the_defending_hex_fire_and_are_attacked() -> None:
    g = op(army("A", "B2"), rifle("R1", "B3", (1, 2)), rifle("R2", "B3", (2, 2)))
    allocate(g, "A", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    from wargames.darkest.battle import battle, fires

    _, d = fires(ctx(g), battle(ctx(g)))
    assert d.strength == 4  # both defenders' defence factors
    g.apply(Outcome(1))  # 4 on column A row 1: 3 hits
    g.apply(Outcome(1))  # B row 6: strength 4 -> 1 hit on A
    assert g.decision.step == "absorb" and g.decision.side == "russian"
    assert set(g.legal_actions()) == {AllocateLosses(("R1",)), AllocateLosses(("R2",))}


def test_one_and_two_factor_units_fire_defend_and_take_hits_by_their_factors() -> None:
    g = new(
        unit("H", "axis", "B2", (1, 1), nationality="hungarian"),
        rifle("R", "B3", (1, 2)),
        mech("M", "C3"),
        rifle("Z", "D3", (0, 1)),
    )
    c = ctx(g)
    assert (cn.attack_factor(c, "H"), cn.defence_factor(c, "H"), cn.hit_factor(c, "H")) == (1, 1, 1)
    assert (cn.attack_factor(c, "R"), cn.defence_factor(c, "R"), cn.hit_factor(c, "R")) == (1, 2, 2)
    assert (cn.attack_factor(c, "M"), cn.defence_factor(c, "M"), cn.hit_factor(c, "M")) == (2, 2, 0)
    assert cn.attack_factor(c, "Z") == 0


def test_russian_armies_with_0_attack_may_attack_to_absorb_losses() -> None:
    g = new(army("G", "B3"), rifle("Z", "B2", (0, 1)), rifle("R", "C2", (1, 2)))
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("Z"))
    assert Attack(("Z",), "B3") in g.legal_actions()
    g.apply(Attack(("Z",), "B3"))
    g.apply(Choose("R"))
    g.apply(Attack(("R",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Outcome(6))  # R fires 1 on column B: die 6 is the best row: 1 hit
    g.apply(Outcome(1))  # G defends 4 on column A row 1: 3 hits; G absorbs R's hit alone
    assert g.decision.step == "absorb" and g.decision.side == "russian"
    assert AllocateLosses(("Z",)) in g.legal_actions()


def test_an_undisrupted_attacker_of_the_hex_replaces_a_disrupted_one_in_round_2() -> None:
    g = op(army("A", "B2"), army("B", "B2"), rifle("R", "B3", (1, 3)))
    allocate(g, "A", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # 4 on A row 6: 1 hit, R is Disrupted
    g.apply(Outcome(6))  # R's 3 on B row 1: 3 hits, A is Disrupted
    assert "disrupted" in g.state.units["A"].markers
    g.apply(Pass())  # R may withdraw; it stays
    assert g.decision.step == "reserve"
    assert g.legal_actions()[:] == [Pass(), Attack(("B",), "B3")]
    g.apply(Attack(("B",), "B3"))
    from wargames.darkest.battle import battle

    assert battle(ctx(g)).attackers == ["B"]  # A stays out, Disrupted


def test_replacements_join_only_in_place_of_an_attacker_lost_from_their_hex() -> None:
    # DC: Hex-Side Operational Attack Capacity: units "may be added as replacements during
    # the battle"; DC: Disruption: "if an attacking unit is Disrupted in a first battle round,
    # another Undisrupted attacker's unit in the same hex may be used": a replacement takes
    # the place of an attacker the battle cost, from that attacker's hex - one for one.
    g = op(army("A", "B2"), army("B", "B2"), army("C", "A2"), rifle("R", "B3", (1, 3)))
    allocate(g, "A", "B3")
    allocate(g, "C", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # 8 on A row 6: 2 hits, R Disrupted
    g.apply(Outcome(1))  # R's 3 on B row 6: no hit, no attacker lost
    g.apply(Pass())  # R stays
    assert g.decision.step == "press"  # nobody to replace: B may not join
    g = op(army("A", "B2"), army("B", "B2"), army("C", "A2"), rifle("R", "B3", (1, 3)))
    allocate(g, "A", "B3")
    allocate(g, "C", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(6))  # 2 hits, R Disrupted
    g.apply(Outcome(6))  # R's 3 on B row 1: 3 hits
    for _ in range(3):
        g.apply(AllocateLosses(("C",)))  # C, from A2, is Disrupted
    g.apply(Pass())  # R stays
    assert g.decision.step == "press"  # nobody in A2 to replace C; B in B2 may not


def test_a_german_army_next_to_a_russian_attack_must_be_attacked_too_and_equally() -> None:
    g = new(
        army("G1", "B3"),
        army("G2", "C2"),
        rifle("R1", "B2", (2, 2)),
        rifle("R2", "B2", (2, 2)),
        rifle("R3", "B2", (2, 2)),
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    assert Pass() not in g.legal_actions()  # G2 in C2 touches B2 and B3
    error = g.check(Pass())
    assert error is not None and "must also be attacked" in error.reason
    g.apply(Choose("R2"))
    g.apply(Attack(("R2",), "B3"))
    g.apply(Choose("R3"))
    g.apply(Attack(("R3",), "C2"))
    assert g.check(Pass()) is None  # 4 against 2: moving a 2 would only swap them
    assert Choose("cancel:B3") in g.legal_actions()


def test_must_attack_equality_counts_only_units_the_hexside_capacity_lets_join() -> None:
    def allocated(small: tuple[str, ...]) -> Game:
        g = new(
            army("G1", "B3"),
            army("G2", "C2"),
            rifle("R1", "B2", (1, 1)),
            rifle("R2", "B2", (1, 1)),
            rifle("R3", "B2", (1, 1)),
            rifle("R4", "B2", (2, 2)),
            rifle("R5", "B2", (6, 2)),
        )
        g = to_step(g, "operations", "russian", "op")
        for uid, target in [*((u, "C2") for u in small), ("R4", "B3"), ("R5", "B3")]:
            g.apply(Choose(uid))
            g.apply(Attack((uid,), target))
        return g

    # 8 against 3: R4 (2) would narrow the gap, but B2/C2 already carries 3 units
    assert allocated(("R1", "R2", "R3")).check(Pass()) is None
    # 8 against 2: R4 fits across B2/C2 and would narrow the gap: not as equal as possible
    error = allocated(("R1", "R2")).check(Pass())
    assert error is not None and "as equal as possible" in error.reason


def test_german_pressed_attack_moves_the_column_up_on_the_best_3_numbers() -> None:
    g = new(army("A", "B2"), rifle("R", "B3"))
    c = ctx(g)
    fire = attack_fire(c, "axis", ["A"])
    assert best_faces(c, "axis") == {1, 2, 3} and best_faces(c, "russian") == {4, 5, 6}
    assert table_hits(c, "axis", fire, 3, press=0) == 2  # 4 on row 3
    assert table_hits(c, "axis", fire, 3, press=3) == 4  # 7 on row 3
    assert table_hits(c, "axis", fire, 4, press=3) == 0  # 1 on row 4
    g = op(army("A", "B2"), rifle("R", "B3"))
    allocate(g, "A", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    assert g.decision.step == "press"
    assert [a.option for a in g.legal_actions()] == [f"press:{k}" for k in range(5)]


def test_a_pressed_attack_never_moves_the_column_past_the_table_s_last_column() -> None:
    # DC: German Pressed Attack: the table has columns 1-25; a pressed column stops at 25
    # (reading: the split above 25 is for combined strengths, not for a column shift).
    c = ctx(new(army("A", "B2"), rifle("R", "B3")))
    assert table_hits(c, "axis", Fire(25, 0, 0, 0, 3), 1, press=25) == 14  # column 25
    assert table_hits(c, "axis", Fire(13, 0, 0, 0, 3), 1, press=13) == 14  # 25, not 26
    assert table_hits(c, "axis", Fire(13, 0, 0, 0, 3), 1, press=12) == 14
    g = op(army("A", "B2", (20, 3)), rifle("R", "B3"))
    allocate(g, "A", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    assert g.decision.step == "press"
    assert [a.option for a in g.legal_actions()] == [f"press:{k}" for k in range(6)]


def test_lotsa_dice_throw_one_die_per_strength_point_best_3_numbers() -> None:
    from fractions import Fraction

    g = op(army("A", "B2", (2, 2)), rifle("R", "B3", (0, 1)), options={"lotsa_dice": True})
    allocate(g, "A", "B3")
    g.apply(Pass())
    g.apply(Choose("B3"))
    assert g.decision.step == "fire"  # no pressed attack with Lotsa Dice
    assert dict(g.chance_outcomes()) == {
        Outcome(0): Fraction(1, 4),
        Outcome(1): Fraction(1, 2),
        Outcome(2): Fraction(1, 4),
    }


def test_the_1_unit_limit_is_across_the_kerch_strait_not_across_b8_c8() -> None:
    # DC: Terrain Effects: "Across Kerch Straits ... only 1 non-tank/panzer unit may attack";
    # B8/C8 shares only the 1-hex all-consuming crossing, not the attack limit.
    ladoga = [{"between": ["B2", "B3"], "features": ["water", "strait"]}]
    g = new(army("A1", "B2"), army("A2", "B2"), rifle("R", "B3"), hexsides=ladoga)
    assert capacity_error(ctx(g), "B2", "B3", ["A1", "A2"]) is None
    kerch = [{"between": ["B2", "B3"], "features": ["water", "strait", "kerch"]}]
    g = new(army("A1", "B2"), army("A2", "B2"), rifle("R", "B3"), hexsides=kerch)
    assert capacity_error(ctx(g), "B2", "B3", ["A1", "A2"]) is not None


def test_only_1_unit_in_all_may_attack_kronshtadt() -> None:
    # DC: Terrain Effects: "against Kronshtat only 1 non-tank/panzer unit may attack" - one in
    # all, not one per hexside.
    g = op(army("A1", "B2"), army("A2", "C2"), rifle("R", "B3"), features={"kronshtadt": ["B3"]})
    allocate(g, "A1", "B3")
    g.apply(Choose("A2"))
    assert Attack(("A2",), "B3") not in g.legal_actions()
    error = g.check(Attack(("A2",), "B3"))
    assert error is not None and error.rule == "DC: Terrain Effects on Combat"


def test_an_attack_on_an_empty_axis_city_binds_no_german_army() -> None:
    # DC: Hex-Side Operational Attack Capacity: only "an Axis-occupied hex the Russian units
    # are attacking" binds the German army next to it; an empty Axis victory city holds none
    g = new(
        army("G", "C2"),
        rifle("R1", "B2", (2, 2)),
        rifle("R2", "E6"),
        features={"victory": ["B3"], "city": ["B3"]},
        control={"axis": ["B3", "C2"]},
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    assert g.check(Pass()) is None
    assert Pass() in g.legal_actions()


def test_a_german_army_binds_only_if_an_attacker_may_attack_its_hex() -> None:
    # DC: Hex-Side Operational Attack Capacity: the German army "must also be attacked" only
    # where an attacker may be sent against it; Axis units in Rumania are closed to the
    # Russians (DC: Special 1st Turn Rules, here for good: the Axis chose "never")
    romanian = unit("Ro", "axis", "B3", (1, 1), nationality="romanian", flags=("army", "infantry"))
    g = new(
        army("G", "C2"),
        romanian,
        rifle("R1", "B2", (2, 2)),
        rifle("R2", "B2", (2, 2)),
        features={"romania": ["C2"]},
        turns=3,
        options={"axis_romania_attacks": "never"},
    )
    g.state.turn = 2
    g = to_step(g, "operations", "russian", "op")
    error = attack_error(ctx(g), "R1", "C2", "op", {})
    assert error is not None and error.rule == "DC: Special 1st Turn Rules"
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    assert g.check(Pass()) is None
    # nor across a water hexside (a ferry, as B7/B8 on the 1941 map)
    g = new(
        army("G", "C2"),
        army("H", "B3", (1, 1)),
        rifle("R1", "B2", (2, 2)),
        hexsides=[{"between": ["B2", "C2"], "features": ["water", "ferry"]}],
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R1"))
    g.apply(Attack(("R1",), "B3"))
    assert g.check(Pass()) is None
    assert Pass() in g.legal_actions()


def test_must_attack_equality_counts_only_units_that_may_attack_the_other_hex() -> None:
    # 9 on B3 against 3 on C2: R4 (2) in B2 would narrow the gap but may not attack C2 across
    # the water hexside B2/C2; R6 in C3 finds C3/C2 full (3 units)
    g = new(
        army("G1", "B3"),
        army("G2", "C2"),
        rifle("R4", "B2", (2, 2)),
        rifle("R5", "B2", (6, 2)),
        rifle("R6", "C3", (1, 1)),
        *(rifle(f"R{i}", "C3", (1, 1)) for i in (1, 7, 8)),
        hexsides=[{"between": ["B2", "C2"], "features": ["water", "ferry"]}],
    )
    g = to_step(g, "operations", "russian", "op")
    plan = [("R4", "B3"), ("R5", "B3"), ("R6", "B3"), ("R1", "C2"), ("R7", "C2"), ("R8", "C2")]
    for uid, target in plan:
        g.apply(Choose(uid))
        g.apply(Attack((uid,), target))
    assert g.check(Pass()) is None
