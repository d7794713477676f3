"""Seventh rules review (s27): rules the code kept but no test held. Each test fails under the
mutation the review found passing every test (named in each test's comment)."""

from __future__ import annotations

from darkest_support import army, ctx, first_turn_hit, markers, new, rifle, to_step, unit
from darkest_support import attack as open_battle
from test_darkest_reinforcements import replace_game, siberians

from wargames.core.actions import AllocateLosses, Attack, Choose, Move, Outcome, Pass, Place
from wargames.darkest import counters as cn
from wargames.darkest.battle import absorb, absorb_options
from wargames.darkest.battle_record import Battle
from wargames.darkest.reinforcements import placements
from wargames.darkest.sea import sea_moves


def romanian(uid: str, at: str, factors: tuple[int, int], *marks: str) -> dict[str, object]:
    return unit(
        uid,
        "axis",
        at,
        factors,
        nationality="romanian",
        flags=("army", "infantry"),
        markers=marks,
    )


def test_a_fortification_s_hit_leaves_an_undisrupted_army_undisrupted() -> None:
    # DC: Fortifications: "can absorb 1 hit but is then destroyed, and the unit is flipped back
    # right-side-up - UnDisrupted, unless it has to absorb another hit".
    g = new(army("G", "B3", markers=("fortified",)), rifle("R", "B2"))
    b = Battle("B3", "russian", "op", 2, [], [], {}, defended=True)
    b.left = 2
    absorb(ctx(g), b, "axis", "fort:G")
    assert markers(g, "G") == frozenset()  # the fortification is gone, G UnDisrupted
    absorb(ctx(g), b, "axis", "G")
    assert cn.DISRUPTED in markers(g, "G") and g.state.units["G"].at == "B3"  # only Disrupted


def _isolated_centre_game():
    # German armies ring the centre C3 and the Russian unit U at A2: both out of supply; the
    # centre C5 and the eastern edge are in supply.
    ring = [army(f"G{h}", h) for h in ("B2", "B3", "A3", "B4", "C2", "C4", "D3", "D4")]
    g = new(
        *ring,
        rifle("U", "A2"),
        rifle("F", "C5"),
        rifle("X", None, (1, 1)),
        *siberians(),
        features={"replacement": ["C3", "C5"]},
        control={"russian": ["C3", "C5", "A2", "C6", "E6"]},
    )
    g = to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    assert g.decision.step == "replace"
    return g


def test_replacement_centres_out_of_supply_give_no_factor_and_take_no_unit() -> None:
    # DC: Russian Replacements: "1 Disrupted infantry factor per and/or on each on-board
    # infantry replacement center in supply".
    g = _isolated_centre_game()
    assert g.state.get("inf_pool") == 1  # C5 only; C3 is cut off
    spots = {p.at for p in g.legal_actions() if isinstance(p, Place) and p.unit == "X"}
    assert "C5" in spots and "C3" not in spots


def test_siberians_may_not_enter_next_to_a_russian_unit_out_of_supply() -> None:
    # DC: Siberian Reserve Gamble: "on or adjacent to any other Russian unit in supply, or on
    # any Russian city or town in supply".
    g = _isolated_centre_game()
    c = ctx(g)
    c.state.set("due", ["SA1"])
    spots = {p.at for p in placements(c) if p.unit == "SA1"}
    assert "C6" in spots  # next to F, in supply
    assert not spots & {"A1", "A2"}  # on or next to U, cut off


def test_moscow_is_not_taken_by_1_hit_in_each_of_two_rounds() -> None:
    # DC: Fortresses ...: "Moscow requires 2 hits in the same battle round to be taken".
    g = new(
        army("G", "B2", (1, 3)),
        rifle("R", "E6"),
        features={"victory": ["B3"]},
        attributes={"B3": {"take_hits": 2}},
        control={"russian": ["B3"]},
    )
    g = open_battle(g, "B3", "G", press=True)
    g.apply(Outcome(1))  # G: 1 hit (column A, row 1)
    g.apply(Outcome(1))  # the city's fire: none (column B, row 6)
    assert g.decision.step == "press" and g.state.control["B3"] == "russian"  # round 2
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 1 more hit, in round 2
    g.apply(Outcome(1))
    assert g.state.control["B3"] == "russian"


def test_a_city_absorbs_a_hit_in_the_second_round_too() -> None:
    # DC: Fortresses and cities absorb hits, 1 a round (charts.city_absorbs, provisional).
    g = new(
        army("G", "B2", (2, 3)),
        rifle("R", "B3", (0, 3)),
        features={"city": ["B3"]},
        control={"russian": ["B3"]},
    )
    g = open_battle(g, "B3", "G", press=True)
    g.apply(Outcome(1))  # G: 2 hits
    g.apply(Outcome(1))  # R (fire 3 on column B, row 6): none
    assert set(g.legal_actions()) == {AllocateLosses(("R",)), AllocateLosses(("city",))}
    g.apply(AllocateLosses(("city",)))  # the other hit Disrupts R
    assert g.decision.step == "withdraw"
    g.apply(Pass())  # R stays
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # round 2: R is Disrupted, so no defence fire
    assert g.decision.step == "absorb"
    assert set(g.legal_actions()) == {AllocateLosses(("R",)), AllocateLosses(("city",))}


def test_an_attacked_rumanian_unit_does_not_recover_before_the_russian_combat() -> None:
    # DC: Sequence B.2.b: "Recovery from Disruption of Rumanian units not being attacked and
    # in supply".
    g = new(
        romanian("Ro", "B3", (1, 1), "disrupted"),
        romanian("Rf", "E2", (1, 1), "disrupted"),
        rifle("R", "B4", (2, 2)),
        army("G", "A1"),
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R"))
    g.apply(Attack(("R",), "B3"))
    g.apply(Pass())  # B.2.b
    assert g.decision.step == "combat"
    assert cn.DISRUPTED in markers(g, "Ro") and cn.DISRUPTED not in markers(g, "Rf")


def test_a_rumanian_unit_disrupted_in_the_russian_combat_does_not_recover_after_it() -> None:
    # DC: Sequence B.2.c: "previously Disrupted Rumanian units not re-Disrupted and in supply"
    # recover at the end of the Russian combat: Ro (Disrupted before, attacked, not hit) does;
    # Rn (Disrupted by the battle) does not.
    g = new(
        romanian("Ro", "B3", (1, 1), "disrupted"),
        romanian("Rn", "B3", (1, 3)),
        rifle("R", "B4", (1, 2)),
        army("G", "A1"),
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R"))
    g.apply(Attack(("R",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Outcome(6))  # R: 1 hit (column B, row 1)
    g.apply(Outcome(6))  # Rn: none (column A, row 6)
    g.apply(AllocateLosses(("Rn",)))
    assert markers(g, "Rn") >= {cn.DISRUPTED, cn.HIT}
    g.apply(Pass())  # no withdrawal
    g.apply(Outcome(1))  # round 2: R, no hit; the Disrupted Romanians do not fire
    g = to_step(g, "fortify", "axis")  # no Romanian recovers after B.2.c
    assert g.state.turn == 2
    assert cn.DISRUPTED not in markers(g, "Ro") and cn.DISRUPTED in markers(g, "Rn")


def test_a_disrupted_unit_may_not_move_by_sea() -> None:
    # DC: Disruption: "Disrupted units may not themselves move" (nor by sea, DC: Movement by sea).
    def game(*marks: str):
        return new(
            army("G", "B2", markers=marks),
            army("H", "B1"),
            rifle("F", "E6"),
            terrain={"baltic": ["A2", "A3", "A4"]},
            features={"port": ["B4"]},
            control={"axis": ["B4"]},
            charts={"sea_control": {"baltic": ["B4"]}},
        )

    assert Move(("G",), ("B2", "B4")) in sea_moves(ctx(game()), "axis")
    assert not any("G" in m.units for m in sea_moves(ctx(game("disrupted")), "axis"))


def test_unused_infantry_factors_are_not_accumulated() -> None:
    # DC: Russian Replacements: unused tank factors accumulate, infantry factors do not.
    g = replace_game(rifle("R", None, (1, 1)), rifle("S", None, (1, 1)), rifle("F", "D6"), turns=3)
    assert g.state.get("inf_pool") == 2  # two centres in supply
    g.apply(Place("R", "C5"))  # a 1-1 army: 1 factor
    assert Place("S", "E6") in g.legal_actions()
    g.apply(Pass())  # 1 factor left unused
    assert g.state.get("inf_pool") == 0
    g = to_step(g, "russian-admin", "russian")
    g.apply(Pass())
    assert g.state.turn == 2 and g.decision.step == "replace"
    assert g.state.get("inf_pool") == 2  # the centres in supply, nothing carried over


def test_a_fortress_absorbs_hits_for_its_defenders_not_for_attackers_standing_in_it() -> None:
    # Reading (DC: Fortresses ...): "fortresses and cities can absorb hits" for the units
    # defending them; an attacker firing from a fortress or city absorbs with its units only.
    g = new(
        army("G", "B2"),
        rifle("R", "B3"),
        features={"fortress": ["B2", "B3"]},
        control={"axis": ["B2"], "russian": ["B3"]},
    )
    b = Battle("B3", "axis", "op", 2, ["G"], ["B2"], {"G": "B2"}, defended=True)
    assert absorb_options(ctx(g), b, "axis") == ["G"]
    assert absorb_options(ctx(g), b, "russian") == ["R", "city"]


def test_a_hex_both_fortress_and_city_absorbs_one_hit_a_round_in_all() -> None:
    # Reading (DC: Fortresses ...): Sevastopol and Odessa are fortress and city; the hex
    # absorbs 1 hit a round (charts.city_absorbs), not one for each feature.
    g = new(
        army("G", "B2"),
        rifle("R", "B3", (1, 3)),
        features={"fortress": ["B3"], "city": ["B3"]},
        control={"russian": ["B3"]},
    )
    b = Battle("B3", "axis", "op", 2, ["G"], ["B2"], {"G": "B2"}, defended=True)
    b.left = 3
    assert absorb_options(ctx(g), b, "russian") == ["R", "city"]
    absorb(ctx(g), b, "russian", "city")
    assert absorb_options(ctx(g), b, "russian") == ["R"]


def test_a_black_unit_disrupted_in_the_first_turn_attack_recovers_at_a2b_if_not_attacked() -> None:
    # Reading (DC: Sequence A.2.b, Special 1st Turn Rules): A.2.b recovers black units "not
    # being attacked and in supply", with no "re-Disrupted" condition, so a black unit
    # Disrupted by the first turn's extra attack and not attacked in A.2.a recovers; a brown
    # one waits for A.2.c, where that attack's hits count as re-Disrupting it.
    def after_a2b(colour: str) -> frozenset[str]:
        g = first_turn_hit(colour)
        assert cn.DISRUPTED in markers(g, "R1")
        g = to_step(g, "operations", "axis", "op")
        g.apply(Pass())  # A.2.a: nobody attacks R1; A.2.b runs
        return markers(g, "R1")

    assert cn.DISRUPTED not in after_a2b("black")
    assert cn.DISRUPTED in after_a2b("brown")
