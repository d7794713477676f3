"""DC2 Lines A-D and Operational Movement: line capacities per class and side, half and double
value units, the highway, breakthroughs, entering and attacking points."""

from __future__ import annotations

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.darkcrusade.p2p.operational import attacks

from .support import advance_to, ctx, game, german, infantry, panzer, play, unit

HALF = {"weight": "1/2", "kind": "armour"}


def op(units: list, **kw: object):  # type: ignore[no-untyped-def]
    return advance_to(game(units, **kw), "operational", "axis")


def move(g, uid: str, *path: str):  # type: ignore[no-untyped-def]
    """Move ``uid``; decline a breakthrough it is offered."""
    play(g, Choose(uid), Move((uid,), path))
    if g.state.stack[-1].args.get("breakthrough"):
        g.apply(Pass())
    return g


def test_axis_major_line_carries_six_units_of_which_four_armour_lines_a_1_a() -> None:
    units = [panzer(f"P{i}", "Warsaw") for i in range(5)]
    units += [infantry(f"I{i}", "axis", "Warsaw") for i in range(3)]
    g = op(units)
    for i in range(4):
        move(g, f"P{i}", "Warsaw", "Brest")
    play(g, Choose("P4"))
    with pytest.raises(IllegalAction, match="5 armour units, limit 4") as err:
        g.apply(Move(("P4",), ("Warsaw", "Brest")))
    assert err.value.rule == "DC2 Lines A-C"
    assert Move(("P4",), ("Warsaw", "Brest")) not in list(g.legal_actions())
    g.apply(Pass())
    move(g, "I0", "Warsaw", "Brest")
    move(g, "I1", "Warsaw", "Brest")  # six units: full
    play(g, Choose("I2"))
    with pytest.raises(IllegalAction, match="7 units, limit 6"):
        g.apply(Move(("I2",), ("Warsaw", "Brest")))


def test_soviet_lines_carry_less_lines_a_2() -> None:
    units = [
        unit(f"S{i}", "soviet", "Moscow", flags=("armour",), line={"kind": "armour"})
        for i in range(4)
    ]
    units.append(panzer("P", "Warsaw"))
    g = advance_to(game(units), "operational", "soviet")
    for i in range(3):
        move(g, f"S{i}", "Moscow", "Tula")  # major: Soviet 4 units, 3 armour
    play(g, Choose("S3"))
    with pytest.raises(IllegalAction, match="4 armour units, limit 3"):
        g.apply(Move(("S3",), ("Moscow", "Tula")))


def test_half_value_units_fraction_dropped_lines_b() -> None:
    # an inferior line (Axis: 2 units): one unit and two half-value units count 2, a third
    # half-value unit makes 2 1/2, still 2 (the fraction is ignored); a fourth makes 3.
    units = [infantry("I", "axis", "Suwalki")]
    units += [unit(f"H{i}", "axis", "Suwalki", line={"weight": "1/2"}) for i in range(4)]
    g = op(units)
    move(g, "I", "Suwalki", "Grodno")
    for i in range(3):
        move(g, f"H{i}", "Suwalki", "Grodno")
    play(g, Choose("H3"))
    with pytest.raises(IllegalAction, match="3 units, limit 2"):
        g.apply(Move(("H3",), ("Suwalki", "Grodno")))


def test_hungarian_and_rumanian_armies_count_two_lines_c() -> None:
    units = [unit("R", "axis", "Suwalki", line={"weight": 2}), infantry("I", "axis", "Suwalki")]
    g = op(units)
    move(g, "R", "Suwalki", "Grodno")  # inferior line, 2 units: full
    play(g, Choose("I"))
    assert Move(("I",), ("Suwalki", "Grodno")) not in list(g.legal_actions())
    assert Move(("I",), ("Suwalki", "Kaunas")) in list(g.legal_actions())


def test_entering_an_empty_point_takes_it_and_each_unit_moves_once_operational() -> None:
    g = op([infantry("I", "axis", "Warsaw"), infantry("S", "soviet", "Moscow")])
    move(g, "I", "Warsaw", "Brest")
    assert g.state.units["I"].at == "Brest"
    assert g.state.control["Brest"] == "axis"
    assert Choose("I") not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="already moved"):
        g.apply(Choose("I"))


def test_dispersed_units_do_not_move_operational() -> None:
    g = op([infantry("I", "axis", "Warsaw", markers=("dispersed",))])
    with pytest.raises(IllegalAction, match="dispersed"):
        g.apply(Choose("I"))


def test_an_occupied_point_must_be_cleared_first_operational() -> None:
    g = op([infantry("I", "axis", "Warsaw"), infantry("S", "soviet", "Brest")])
    move(g, "I", "Warsaw", "Brest")
    assert g.state.units["I"].at == "Warsaw"  # committed to an attack, not yet on Brest
    assert attacks(ctx(g)) == {"Brest": [["I", "Warsaw"]]}
    assert g.state.control["Brest"] == "soviet"


def test_partisans_and_entrained_factories_are_destroyed_on_entry_operational() -> None:
    units = [
        infantry("I", "axis", "Warsaw"),
        infantry("J", "axis", "Lublin"),
        unit("Par", "soviet", "Brest", (0, 0), flags=("partisan",)),
        unit("Fac", "soviet", "Rowno", (0, 0), flags=("factory",), markers=("entrained",)),
    ]
    g = op(units)
    move(g, "I", "Warsaw", "Brest")
    move(g, "J", "Lublin", "Rowno")
    assert g.state.units["Par"].at is None and g.state.units["Fac"].at is None
    assert g.state.units["I"].at == "Brest" and g.state.units["J"].at == "Rowno"


def test_a_factory_not_entrained_must_be_attacked_operational() -> None:
    units = [
        infantry("J", "axis", "Lublin"),
        unit("Fac", "soviet", "Rowno", (0, 1), flags=("factory",)),
    ]
    g = op(units)
    move(g, "J", "Lublin", "Rowno")
    assert g.state.units["J"].at == "Lublin" and g.state.units["Fac"].at == "Rowno"


def test_german_breakthrough_into_a_second_unoccupied_point_operational() -> None:
    g = op(
        [panzer("P", "Warsaw"), infantry("I", "axis", "Lublin"), infantry("S", "soviet", "Pinsk")]
    )
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Brest")))
    legal = list(g.legal_actions())
    assert Move(("P",), ("Brest", "Baranovichi")) in legal
    assert Move(("P",), ("Brest", "Pinsk")) not in legal  # occupied
    g.apply(Move(("P",), ("Brest", "Baranovichi")))
    assert g.state.units["P"].at == "Baranovichi"
    # infantry gets no breakthrough
    move(g, "I", "Lublin", "Krakow")
    assert Choose("I") not in list(g.legal_actions()) and "operational" in (g.decision.prompt)


def test_no_breakthrough_after_entering_a_friendly_occupied_point() -> None:
    g = op([panzer("P", "Warsaw"), infantry("I", "axis", "Lublin")])
    move(g, "P", "Warsaw", "Lublin")
    assert "operational" in g.decision.prompt


def test_highway_two_points_for_armour_outside_snow_lines_d() -> None:
    units = [panzer("P", "Minsk"), infantry("I", "axis", "Minsk")]
    g = op(units, control={"Minsk": "axis"})
    play(g, Choose("P"))
    assert Move(("P",), ("Minsk", "Borisov", "Orsha")) in list(g.legal_actions())
    g.apply(Move(("P",), ("Minsk", "Borisov", "Orsha")))
    assert g.state.units["P"].at == "Orsha"
    play(g, Choose("I"))
    assert not any(len(a.path) == 3 for a in g.legal_actions() if isinstance(a, Move))
    with pytest.raises(IllegalAction) as err:
        g.apply(Move(("I",), ("Minsk", "Borisov", "Orsha")))
    assert err.value.rule == "DC2 Lines D: the Minsk-Moscow Highway"


def test_no_highway_double_move_in_snow_nor_past_an_enemy_lines_d() -> None:
    g = op([panzer("P", "Minsk")], control={"Minsk": "axis"}, weather=["snow"])
    play(g, Choose("P"))
    assert not any(len(a.path) == 3 for a in g.legal_actions() if isinstance(a, Move))
    g = op([panzer("P", "Minsk"), infantry("S", "soviet", "Borisov")], control={"Minsk": "axis"})
    play(g, Choose("P"))
    assert not any(len(a.path) == 3 for a in g.legal_actions() if isinstance(a, Move))


def test_no_armour_assault_across_the_kerch_straits_terrain_d() -> None:
    """Terrain D: "Armor ... assault across the Kerch Straits is prohibited"."""
    units = [panzer("P", "Kerch"), infantry("I", "axis", "Kerch")]
    units.append(infantry("S", "soviet", "Taman"))
    g = op(units, control={"Kerch": "axis"})
    play(g, Choose("P"))
    assert Move(("P",), ("Kerch", "Taman")) not in list(g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.apply(Move(("P",), ("Kerch", "Taman")))
    assert err.value.rule == "DC2 Terrain D: the Kerch Straits"
    g.apply(Pass())
    move(g, "I", "Kerch", "Taman")  # infantry may assault across
    assert attacks(ctx(g)) == {"Taman": [["I", "Kerch"]]}


def test_armour_moves_across_the_kerch_straits_into_an_unoccupied_point_terrain_d() -> None:
    """Terrain D bars armour *breakthrough* and *assault* across the Straits; a plain
    operational move into an unoccupied point is neither (issue 15 review: it was barred)."""
    g = op([panzer("P", "Kerch")], control={"Kerch": "axis"})
    move(g, "P", "Kerch", "Taman")
    assert g.state.units["P"].at == "Taman" and g.state.control["Taman"] == "axis"


def test_no_armour_breakthrough_across_the_kerch_straits_terrain_d() -> None:
    # the onward breakthrough move after entering Kerch
    g = op([panzer("P", "Simferopol")], control={"Simferopol": "axis"})
    play(g, Choose("P"), Move(("P",), ("Simferopol", "Kerch")))
    assert g.state.units["P"].at == "Kerch"
    assert g.state.stack[-1].args.get("breakthrough")
    assert Move(("P",), ("Kerch", "Taman")) not in list(g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.apply(Move(("P",), ("Kerch", "Taman")))
    assert err.value.rule == "DC2 Terrain D: the Kerch Straits"
    # the Breakthrough Movement Phase
    g = breakthrough_phase(op([panzer("P", "Kerch")], control={"Kerch": "axis"}))
    g.apply(Choose("P"))
    assert {a.path for a in g.legal_actions() if isinstance(a, Move)} == {("Kerch", "Simferopol")}
    with pytest.raises(IllegalAction) as err:
        g.apply(Move(("P",), ("Kerch", "Taman")))
    assert err.value.rule == "DC2 Terrain D: the Kerch Straits"


def test_half_value_armour_counts_half_of_an_armour_unit_lines_b() -> None:
    # Axis inferior line: 1 armour; three SS panzer divisions (1/2 each) count 1 (1 1/2, the
    # fraction ignored); a fourth makes 2
    units = [unit(f"SS{i}", "axis", "Suwalki", flags=("armour",), line=HALF) for i in range(4)]
    g = op(units)
    for i in range(3):
        move(g, f"SS{i}", "Suwalki", "Grodno")
    play(g, Choose("SS3"))
    with pytest.raises(IllegalAction, match="2 armour units, limit 1"):
        g.apply(Move(("SS3",), ("Suwalki", "Grodno")))


# --- the Breakthrough Movement Phase (named in Lines D; filled from the hex edition) --------


def breakthrough_phase(g):  # type: ignore[no-untyped-def]
    """Pass the Axis operational movement (and its empty combat) to the breakthrough phase."""
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "operational"
    assert g.state.stack[-1].args.get("mode") == "breakthrough"
    return g


def test_breakthrough_phase_panzers_move_others_only_attack() -> None:
    units = [
        panzer("P", "Warsaw"),
        german(infantry("I", "axis", "Warsaw")),
        german(infantry("M", "axis", "Lublin")),
    ]
    units += [infantry("S", "soviet", "Brest")]
    g = op(units)
    move(g, "M", "Lublin", "Krakow")  # acted in operational movement
    breakthrough_phase(g)
    legal = list(g.legal_actions())
    assert Choose("P") in legal and Choose("I") in legal and Choose("M") not in legal
    with pytest.raises(IllegalAction, match="operational movement phase") as err:
        g.apply(Choose("M"))
    assert err.value.rule.startswith("DC2 Lines D: Breakthrough Movement Phase")
    play(g, Choose("I"))
    assert {a.path for a in g.legal_actions() if isinstance(a, Move)} == {("Warsaw", "Brest")}
    with pytest.raises(IllegalAction, match="only attack"):
        g.apply(Move(("I",), ("Warsaw", "Lublin")))
    g.apply(Move(("I",), ("Warsaw", "Brest")))
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Lublin")))
    assert g.state.units["P"].at == "Lublin"
    assert g.decision is not None and "operational" in g.decision.prompt  # no onward


def test_breakthrough_combat_is_one_round() -> None:
    units = [german(infantry("I", "axis", "Lublin", hits=3))]
    units += [infantry("S", "soviet", "Rowno", hits=3)]
    g = op(units)
    breakthrough_phase(g)
    play(g, Choose("I"), Move(("I",), ("Lublin", "Rowno")), Pass())
    g.apply(Outcome(6))  # no hit
    g.apply(Outcome(1))  # no hit
    assert g.state.get("battle") is None  # no retreat, no second round: the battle is over
    assert g.state.units["I"].at == "Lublin" and g.state.units["S"].at == "Rowno"


def test_no_breakthrough_phase_in_mud_nor_the_first_snow_turn() -> None:
    g = op([panzer("P", "Warsaw")], weather=["mud"])
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "strategic"  # the Soviet turn
    g = op([panzer("P", "Warsaw")], weather=["snow", "snow"])
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "strategic"
    g = advance_to(game([panzer("P", "Warsaw")], weather=["snow", "snow"]), "strategic", "soviet")
    g.apply(Pass())
    advance_to(g, "operational", "axis")  # turn 2: the second Snow turn
    breakthrough_phase(g)


def test_highway_double_move_in_the_breakthrough_phase_too_lines_d() -> None:
    g = breakthrough_phase(op([panzer("P", "Minsk")], control={"Minsk": "axis"}))
    play(g, Choose("P"))
    assert Move(("P",), ("Minsk", "Borisov", "Orsha")) in list(g.legal_actions())


def test_breakthrough_through_and_into_points_of_units_subject_to_automatic_destruction() -> None:
    """Operational Movement: "This also applies to points occupied by Soviet units subject to
    automatic [destruction]": a partisan on the first or the second point does not stop it."""
    par = {"flags": ("partisan",)}
    units = [panzer("P", "Warsaw"), unit("P1", "soviet", "Brest", (0, 0), **par)]
    units.append(unit("P2", "soviet", "Baranovichi", (0, 0), **par))
    g = op(units)
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Brest")))
    assert g.state.units["P1"].at is None
    g.apply(Move(("P",), ("Brest", "Baranovichi")))
    assert g.state.units["P"].at == "Baranovichi" and g.state.units["P2"].at is None


LINES_TABLE = [  # DC2 Lines A: (side, class, line, units, of which armour)
    ("axis", "major", ("Warsaw", "Lublin"), 6, 4),
    ("axis", "minor", ("Warsaw", "Konigsberg"), 4, 2),
    ("axis", "inferior", ("Krakow", "Budapest"), 2, 1),
    ("soviet", "major", ("Moscow", "Gorki"), 4, 3),
    ("soviet", "minor", ("Penza", "Saratov"), 3, 2),
    ("soviet", "inferior", ("Penza", "Tambov"), 2, 1),
]


@pytest.mark.parametrize(("side", "cls", "line", "total", "armour"), LINES_TABLE)
def test_every_line_class_and_side_in_play_lines_a(
    side: str, cls: str, line: tuple[str, str], total: int, armour: int
) -> None:
    """The review of issue 15: each of the six capacities of the table, reached in play by
    moving armour then other units along one line until the line refuses."""
    a, b = line
    tanks = [unit(f"T{i}", side, a, flags=("armour",), line={"kind": "armour"}) for i in range(6)]
    foot = [unit(f"F{i}", side, a) for i in range(7)]
    other = infantry(
        "X", "soviet" if side == "axis" else "axis", "Gorki" if side == "axis" else "Krakow"
    )
    g = advance_to(game([*tanks, *foot, other]), "operational", side)
    moved = {"T": 0, "F": 0}
    for uid in [u["id"] for u in (*tanks, *foot)]:
        if Move((uid,), (a, b)) not in list(g.legal_actions()) and Choose(uid) not in list(
            g.legal_actions()
        ):
            continue
        play(g, Choose(uid))
        if Move((uid,), (a, b)) in list(g.legal_actions()):
            g.apply(Move((uid,), (a, b)))
            moved[uid[0]] += 1
        else:
            with pytest.raises(IllegalAction, match="limit"):
                g.apply(Move((uid,), (a, b)))
            g.apply(Pass())
    assert moved == {"T": armour, "F": total - armour}
