"""DC: Operational Movement and Attack, the Russian stop rule, the highway, the straits."""

from __future__ import annotations

from darkest_support import army, ctx, mech, new, panzer_korps, panzergruppe, rifle, to_step, unit

from wargames.core.actions import Attack, Choose, Move, Pass
from wargames.darkest import counters as cn
from wargames.darkest.movement import (
    STOP_RULE,
    german_zones,
    move_error,
    path_may_attack,
    routes,
)


def ends(g, uid: str, mode: str = "op") -> dict[str, bool]:
    """Reachable hexes -> whether the unit may still attack from there."""
    return {n: attack for n, (_, attack) in routes(ctx(g), uid, mode).ends.items()}


def test_mechanized_korps_move_2_hexes_and_attack_other_units_1() -> None:
    g = new(army("G", "B1"), mech("M", "C5"), rifle("R", "D5"))
    m = ends(g, "M")
    assert m["C3"] is True  # 2 hexes, may attack
    assert m["C1"] is False  # 4 hexes with the Russian bonus of 2: no attack
    assert "B2" in m  # B2 is reached by the bonus move (3 hexes)
    r = ends(g, "R")
    assert {n for n, a in r.items() if a} == {"C4", "C5", "D4", "D6", "E4", "E5"}
    assert max(ctx(g).board.distance("D5", n) for n in r) == 3  # 1 + bonus 2


def test_the_axis_bonus_move_is_1_hex_and_forbids_attacking() -> None:
    g = new(army("G", "C3"), rifle("R", "A6"))
    e = ends(g, "G")
    assert e["C4"] is True and e["C5"] is False and "C6" not in e
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Move(("G",), ("C3", "C4", "C5")))
    assert cn.BONUS in g.state.units["G"].markers
    g.apply(Choose("G")) if Choose("G") in g.legal_actions() else None
    assert Choose("G") not in g.legal_actions()  # a unit moves once per operational phase


def test_russians_stop_next_to_an_undisrupted_german_army() -> None:
    g = new(army("G", "C3"), rifle("R", "C5"))
    e = ends(g, "R")
    assert "C4" in e and "C2" not in e and "B3" not in e  # C4 touches G: the move ends
    g = new(army("G", "C3", markers=("disrupted",)), rifle("R", "C5"))
    assert "B3" in ends(g, "R")  # a Disrupted army stops nobody


def test_panzergruppen_stop_russians_only_in_clear_hexes_next_to_them_in_clear() -> None:
    g = new(panzergruppe("P", "C3"), rifle("R", "C5"))
    assert "B3" not in ends(g, "R")  # C4 (clear, next to P in clear) stops the move
    g = new(panzergruppe("P", "C3"), rifle("R", "C5"), terrain={"forest": ["C3"]})
    assert "B3" in ends(g, "R")  # P is not in clear terrain: no stop
    g = new(panzer_korps("K", "C3"), rifle("R", "C5"))
    assert "B3" in ends(g, "R")  # other units' zones do not stop movement
    # the zone hex must be clear too: P in clear C3, C4 forest
    error = move_error(
        ctx(new(panzergruppe("P", "C3"), rifle("R", "B5"))), "R", ("B5", "C4", "D5"), "op"
    )
    assert error is not None and error.rule == STOP_RULE  # clear C4 stops the move
    g = new(panzergruppe("P", "C3"), rifle("R", "B5"), terrain={"forest": ["C4"]})
    c = ctx(g)
    assert "C4" not in german_zones(c, c.state.occupancy()).labels(c.board.index)
    assert move_error(c, "R", ("B5", "C4", "D5"), "op") is None  # forest C4 does not


def test_no_move_between_hexes_next_to_one_german_unit_but_1_hex_onto_a_friend() -> None:
    g = new(army("G", "C3"), rifle("R", "C4"), rifle("F", "D4"))
    c = ctx(g)
    error = move_error(c, "R", ("C4", "B4"), "op")  # both touch G
    assert error is not None and error.rule == STOP_RULE
    assert move_error(c, "R", ("C4", "D4"), "op") is None  # 1 hex onto a friendly unit
    assert routes(c, "R", "op").ends["B4"][0] != ("C4", "B4")  # only around, via C5-B5


def test_hungarian_and_rumanian_units_never_share_a_hex() -> None:
    hun = unit("H", "axis", "C2", (1, 1), nationality="hungarian", flags=("infantry",))
    rom = unit("Ro", "axis", "C3", (1, 1), nationality="romanian", flags=("army", "infantry"))
    g = new(hun, rom, rifle("R", "A6"))
    assert "C3" not in ends(g, "H") and "C2" not in ends(g, "Ro")
    assert "C3" in ends(new(army("G", "C2"), rom, rifle("R", "A6")), "G")


def test_panzers_move_2_highway_hexes_a_factor_and_others_1_extra() -> None:
    road = [
        {"between": a, "features": ["highway"]}
        for a in (["C1", "C2"], ["C2", "C3"], ["C3", "C4"], ["C4", "C5"])
    ]
    g = new(panzer_korps("K", "C1"), army("G", "C1"), rifle("R", "A6"), hexsides=road)
    k = ends(g, "K")
    assert k["C3"] is True  # 2 highway hexes for its 1 movement factor, then attack
    assert k["C5"] is False  # 4 with the bonus
    gg = ends(g, "G")
    assert gg["C3"] is True  # 1 hex + 1 extra highway hex
    assert "C4" in gg and "C5" not in gg


def test_crossing_the_kerch_strait_is_a_1_hex_all_consuming_move() -> None:
    strait = [{"between": ["C3", "C4"], "features": ["water", "strait"]}]
    g = new(army("G", "C3"), rifle("R", "A6"), hexsides=strait, terrain={"black-sea": ["B4", "D4"]})
    e = ends(g, "G")
    assert "C4" in e and "C5" not in e  # the whole move: no bonus hex after it
    g = new(mech("M", "C3"), army("G", "A1"), hexsides=strait, terrain={"black-sea": ["B4", "D4"]})
    assert "C4" in ends(g, "M") and "C5" not in ends(g, "M")  # even a korps stops there
    g = new(
        army("G", "C3"),
        rifle("R", "A6"),
        hexsides=[{"between": ["C3", "C4"], "features": ["water", "ferry"]}],
    )
    assert "C4" not in ends(g, "G") or routes(ctx(g), "G", "op").ends["C4"][0] != ("C3", "C4")


def test_a_unit_may_attack_after_a_strait_crossing_whether_or_not_land_also_leads_there() -> None:
    # DC: Terrain Effects: the crossing is a "1-hex all-consuming movement": the unit's whole
    # move, one hex; like any 1-hex move it leaves the unit free to attack where its mode lets
    # it move 1 hex and attack - the same answer whatever other way leads to the hex.
    strait = [{"between": ["C3", "C4"], "features": ["water", "strait"]}]
    for sea in ({"black-sea": ["B4", "D4"]}, {}):  # C4 by the strait only / also by land
        g = new(army("G", "C3"), rifle("R", "C5"), hexsides=strait, terrain=sea)
        assert routes(ctx(g), "G", "op").ends["C4"] == (("C3", "C4"), True)
        assert path_may_attack(ctx(g), "G", ("C3", "C4"), "op")
        g = to_step(g, "operations", "axis", "op")
        g.apply(Choose("G"))
        g.apply(Move(("G",), ("C3", "C4")))
        assert Attack(("G",), "C5") in g.legal_actions()
        # a unit that may not move and attack in this mode (Blitzkrieg!: only panzers) may
        # still cross with its bonus hex, and then not attack
        g = new(army("G", "C3"), rifle("R", "C5"), hexsides=strait, terrain=sea)
        assert routes(ctx(g), "G", "blitz").ends["C4"] == (("C3", "C4"), False)
        assert not path_may_attack(ctx(g), "G", ("C3", "C4"), "blitz")


def test_an_undefended_major_city_is_entered_freely_a_victory_city_must_be_attacked() -> None:
    g = new(
        army("G", "C2"),
        rifle("R", "A6"),
        features={"major-city": ["C3"], "victory": ["D3"]},
        control={"russian": ["C3", "D3"]},
    )
    e = ends(g, "G")
    assert "C3" in e and "D3" not in e
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    assert Attack(("G",), "D3") in g.legal_actions()
    g.apply(Move(("G",), ("C2", "C3")))
    assert g.state.control["C3"] == "axis"


def test_orders_pass_leaves_the_unit_done_for_the_phase() -> None:
    g = to_step(new(army("G", "C2"), rifle("R", "A6")), "operations", "axis", "op")
    g.apply(Choose("G"))
    g.apply(Pass())
    assert Choose("G") not in g.legal_actions()


def test_blitzkrieg_non_panzer_extra_highway_hex_is_bonus_movement() -> None:
    # DC: Blitzkrieg!: "Other UnDisrupted German units may not move but may attack already
    # adjacent Russian units": an extra highway hex taken with no move-and-attack allowance
    # is bonus movement, after which the unit may not attack.
    g = new(
        army("G", "B2"),
        rifle("R", "B4", (0, 9)),
        rifle("F", "E6"),
        hexsides=[{"between": ["B2", "B3"], "features": ["highway"]}],
    )
    g = to_step(g, "operations", "axis", "blitz")
    assert routes(ctx(g), "G", "blitz").ends["B3"][1] is False
    assert not path_may_attack(ctx(g), "G", ("B2", "B3"), "blitz")
    g.apply(Choose("G"))
    g.apply(Move(("G",), ("B2", "B3")))
    assert Attack(("G",), "B4") not in g.legal_actions()
