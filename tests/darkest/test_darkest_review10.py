"""Tenth rules review (s28): no breach; rules the code kept but no test held. Each gap test
fails under the mutation the review found passing every test of its row (named in each
test's docstring)."""

from __future__ import annotations

from typing import Any

from darkest_support import army, ctx, markers, new, rifle, to_step, unit

from wargames.core.actions import Attack, Choose, Move
from wargames.darkest import counters as cn
from wargames.darkest.attacks import capacity_error, must_attack
from wargames.darkest.fire import defence_fire, terrain_bonus


def _ally(uid: str, at: str, nationality: str, *, army_flag: bool = True, **kw: Any) -> Any:
    flags = ("army", "infantry") if army_flag else ("infantry",)
    return unit(uid, "axis", at, (2, 2), nationality=nationality, flags=flags, **kw)


def test_a_unit_that_moved_and_may_still_attack_does_not_move_again() -> None:
    """DC: Note: "A unit may be operationally moved only once per operational phase": G moves
    C2-C3 next to R and keeps its attack, so its orders stay open, but with no second move.
    (M3: the `moved` guards of Orders dropped.)"""
    g = to_step(new(army("G", "C2"), rifle("R", "C4")), "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Move(("G",), ("C2", "C3")))
    legal = list(g.legal_actions())
    assert Attack(("G",), "C4") in legal  # the orders are still open: G may attack
    assert not any(isinstance(a, Move) for a in legal)
    error = g.check(Move(("G",), ("C3", "B3")))
    assert error is not None and "has already moved this phase" in error.reason


def test_mud_spares_defenders_in_a_city_as_well_as_in_a_town() -> None:
    """DC: Weather: Mud reduces fire "unless they are defending in any city or town": a city
    too. (W1: only towns exempt.)"""
    g = new(army("G", "B2"), rifle("R", "B3"), rifle("S", "C2"), features={"city": ["B3"]})
    c = ctx(g)
    g.state.set("weather", "mud")
    assert defence_fire(c, "russian", "B3", ["G"], ["R"]).shift == 0
    assert defence_fire(c, "russian", "C2", ["G"], ["S"]).shift == -2


def test_first_winter_snow_spares_axis_defenders_in_a_city() -> None:
    """DC: Weather: in Snow of the 1941/42 winter Axis fire is reduced "unless they are
    defending in any city or town". (W3: the exemption applied in Mud only.)"""
    g = new(army("G", "C3"), army("H", "B2"), rifle("R", "B3"), turns=9, features={"city": ["C3"]})
    c = ctx(g)
    g.state.set("weather", "snow")
    g.state.turn = 7  # Dec 41
    assert defence_fire(c, "axis", "C3", ["R"], ["G"]).shift == 0
    assert defence_fire(c, "axis", "B2", ["R"], ["H"]).shift == -2


def test_snow_freezes_only_swamps_forest_hills_and_mountains_keep_their_bonus() -> None:
    """DC: Weather: "The freezing of swamps, rivers, and lakes in Snow eliminates their
    defensive bonus": forest, hills and mountains do not freeze. (W2: every rough terrain
    frozen.)"""
    g = new(
        army("G", "B2"),
        rifle("F", "B3"),
        rifle("H", "C3"),
        rifle("M1", "D3"),
        rifle("M2", "D3"),
        terrain={"forest": ["B3"], "hills": ["C3"], "mountains": ["D3"]},
    )
    c = ctx(g)
    g.state.set("weather", "snow")
    assert terrain_bonus(c, "B3", ["F"]) == 1
    assert terrain_bonus(c, "C3", ["H"]) == 1
    assert terrain_bonus(c, "D3", ["M1", "M2"]) == 2


def test_rumanian_armies_count_among_the_2_armies_per_hexside() -> None:
    """DC: Hex-Side Operational Attack Capacity: "no more than 2 may be armies" counts every
    Axis army, Rumanian too; a Hungarian corps is no army. (A3: German armies only.)"""
    g = new(
        army("G", "B2"),
        _ally("Ro1", "B2", "romanian"),
        _ally("Ro2", "B2", "romanian"),
        _ally("Hu", "B2", "hungarian", army_flag=False),
        rifle("R", "B3"),
    )
    c = ctx(g)
    error = capacity_error(c, "B2", "B3", ["G", "Ro1", "Ro2"])
    assert error is not None and error.rule == "DC: Hex-Side Operational Attack Capacity"
    assert capacity_error(c, "B2", "B3", ["G", "Ro1", "Hu"]) is None


def test_finnish_and_hungarian_units_recover_with_the_germans_at_a2e() -> None:
    """Reading (coverage table, Axis allies): Hungarian and Finnish units recover with the
    German units (A.2.e) if in supply. (A1: the group German only, so they never recover.)"""
    g = new(
        _ally("F", "B2", "finnish", markers=("disrupted",)),
        _ally("Hu", "D2", "hungarian", army_flag=False, markers=("disrupted",)),
        rifle("R", "D6"),
    )
    g = to_step(g, "russian-admin", "russian")
    assert g.state.turn == 1
    assert cn.DISRUPTED not in markers(g, "F")
    assert cn.DISRUPTED not in markers(g, "Hu")


def test_a_finnish_army_does_not_fortify() -> None:
    """DC: Fortifications: "An UnDisrupted German army unit doing nothing else can fortify":
    not a Finnish army. (A6a: any Axis army counts as a German army.)"""
    g = new(army("G", "B2"), _ally("F", "C2", "finnish"), rifle("R", "B4"), turns=1)
    assert g.decision is not None and g.decision.step == "fortify"
    legal = list(g.legal_actions())
    assert Choose("fortify:G") in legal
    assert Choose("fortify:F") not in legal


def test_a_finnish_army_next_to_a_russian_attack_need_not_be_attacked_too() -> None:
    """DC: Hex-Side Operational Attack Capacity: "An UnDisrupted German army ... must also be
    attacked": a Finnish army in its place binds no one. (A6a: any Axis army counts as a
    German army.)"""

    def position(ally: Any) -> Any:
        g = new(
            ally,
            _ally("Ro", "C3", "romanian"),
            rifle("R1", "C4"),
            rifle("R2", "C4"),
            turns=2,
        )
        return must_attack(ctx(g), {"C3": ("R1",)}, "op")

    # B4 touches both C4 (the attackers) and C3 (the attacked Rumanian army)
    assert position(_ally("F", "B4", "finnish")) is None
    error = position(army("G", "B4"))
    assert error is not None and "B4 must also be attacked" in error.reason
