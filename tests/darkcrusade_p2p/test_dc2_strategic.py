"""DC2 A (Strategic Land Movement) and B (Strategic Sea Movement)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.darkcrusade.p2p.strategic import destinations, limit

from .support import advance_to, ctx, game, infantry, play, unit


def strat(units: list, side: str = "axis", **kw: object):  # type: ignore[no-untyped-def]
    return advance_to(game(units, **kw), "strategic", side)


def go(g, uid: str, dest: str) -> None:  # type: ignore[no-untyped-def]
    g.apply(Choose(uid))
    path = next(a.path for a in g.legal_actions() if isinstance(a, Move) and a.path[-1] == dest)
    g.apply(Move((uid,), path))


def test_limit_is_victory_points_of_cities_in_supply_a() -> None:
    g = strat([infantry("I", "axis", "Warsaw")])
    assert limit(ctx(g), "axis") == 7  # Helsinki 2, Konigsberg 1, Warsaw 2, Bucharest 2
    assert limit(ctx(g), "soviet") == 16
    g = strat([infantry("I", "axis", "Lublin")], control={"Warsaw": "soviet"})
    assert limit(ctx(g), "axis") == 5
    g = strat([infantry("I", "axis", "Lublin")], control={"Minsk": "axis", "Kiev": "axis"})
    assert limit(ctx(g), "soviet") == 13


def test_the_per_turn_limit_is_enforced_a() -> None:
    units = [infantry(f"I{i}", "axis", "Warsaw") for i in range(3)]
    g = strat(units, strategic={"axis_max": 2, "soviet_max": 16, "per_point": 3})
    go(g, "I0", "Krakow")
    go(g, "I1", "Lublin")
    assert [a for a in g.legal_actions()] == [Pass()]
    with pytest.raises(IllegalAction, match="used its 2 strategic moves") as err:
        g.apply(Choose("I2"))
    assert err.value.rule == "DC2 A: Strategic Land Movement"


def test_three_units_at_most_end_on_one_point_a_3() -> None:
    units = [infantry(f"I{i}", "axis", "Warsaw") for i in range(4)]
    g = strat(units)
    for i in range(3):
        go(g, f"I{i}", "Krakow")
    g.apply(Choose("I3"))
    with pytest.raises(IllegalAction, match="three"):
        g.apply(Move(("I3",), ("Warsaw", "West", "Krakow")))


def test_only_along_friendly_controlled_points_and_never_into_the_enemy_box_a_2() -> None:
    g = strat([infantry("I", "axis", "Warsaw"), infantry("S", "soviet", "Gorki")])
    c = ctx(g)
    dests = destinations(c, "axis", "I")
    assert "Krakow" in dests and "Bucharest" in dests and "West" in dests
    assert "Brest" not in dests and "Minsk" not in dests and "Siberia" not in dests
    sov = destinations(c, "soviet", "S")
    assert "Siberia" in sov and "West" not in sov and "Warsaw" not in sov


def test_across_the_border_once_controlled_a_2() -> None:
    g = strat([infantry("I", "axis", "Warsaw")], control={"Brest": "axis", "Baranovichi": "axis"})
    assert destinations(ctx(g), "axis", "I")["Baranovichi"] == ("Warsaw", "Brest", "Baranovichi")


def test_soviet_units_transit_siberia_a() -> None:
    cut = {"Tikhvin": "axis", "Yaroslavl": "axis"}
    g = strat([infantry("S", "soviet", "Vologda")], side="soviet", control=cut)
    path = destinations(ctx(g), "soviet", "S")["Saratov"]
    assert path == ("Vologda", "Siberia", "Saratov")


def test_axis_units_transit_the_west_edge_a() -> None:
    g = strat([infantry("I", "axis", "Konigsberg")], control={"Warsaw": "soviet"})
    assert destinations(ctx(g), "axis", "I")["Krakow"] == ("Konigsberg", "West", "Krakow")


def test_no_strategic_move_across_the_kerch_straits_a_1() -> None:
    cut = {"Melitopol": "axis", "Perekop": "axis"}
    g = strat([infantry("S", "soviet", "Kerch")], side="soviet", control=cut)
    dests = destinations(ctx(g), "soviet", "S")
    assert "Simferopol" in dests and "Taman" not in dests


def test_no_strategic_move_between_pinsk_and_rowno_a_1() -> None:
    cut = {"Brest": "axis", "Gomel": "axis"}
    g = strat([infantry("S", "soviet", "Pinsk")], side="soviet", control=cut)
    assert "Rowno" not in destinations(ctx(g), "soviet", "S")
    g = strat([infantry("S", "soviet", "Pinsk")], side="soviet")
    assert "Rowno" in destinations(ctx(g), "soviet", "S")  # the long way round


def test_not_into_out_of_or_through_elista_a_1() -> None:
    g = strat([infantry("S", "soviet", "Astrakhan"), infantry("E", "soviet", "Elista")], "soviet")
    c = ctx(g)
    assert "Elista" not in destinations(c, "soviet", "S")
    with pytest.raises(IllegalAction, match="Elista"):
        g.apply(Choose("E"))
    cut = {"Verkhniy Baskunchak": "axis", "Siberia": "soviet"}
    g = strat([infantry("S", "soviet", "Astrakhan")], "soviet", control=cut)
    assert destinations(ctx(g), "soviet", "S")["Stalingrad"][1] != "Elista"


def test_dispersed_units_do_not_move_strategically_a() -> None:
    g = strat([infantry("I", "axis", "Warsaw", markers=("dispersed",))])
    with pytest.raises(IllegalAction, match="dispersed"):
        g.apply(Choose("I"))


# --- B. Strategic Sea Movement -------------------------------------------------------------


def sea(units: list, side: str = "soviet", **kw: object):  # type: ignore[no-untyped-def]
    return advance_to(game(units, **kw), "sea", side)


def test_to_a_friendly_port_of_the_same_sea_dispersed_on_arrival_b() -> None:
    g = sea([infantry("S", "soviet", "Odessa"), infantry("B", "soviet", "Riga")])
    play(g, Choose("S"))
    dests = {a.path[-1] for a in g.legal_actions() if isinstance(a, Move)}
    assert dests == {"Kerch", "Mariupol", "Nikolaev", "Novorossiysk", "Rostov", "Sevastopol"}
    g.apply(Move(("S",), ("Odessa", "Sevastopol")))
    g.apply(Outcome(2))  # the Black Sea is Soviet (Sevastopol): lost only on a 1
    assert g.state.units["S"].at == "Sevastopol" and g.state.units["S"].has("dispersed")


def test_one_unit_per_sea_a_turn_b() -> None:
    units = [infantry("S", "soviet", "Odessa"), infantry("T", "soviet", "Odessa")]
    units.append(infantry("B", "soviet", "Riga"))
    g = sea(units)
    play(g, Choose("S"), Move(("S",), ("Odessa", "Nikolaev")), Outcome(4))
    legal = list(g.legal_actions())
    assert Choose("T") not in legal and Choose("B") in legal


def test_loss_on_one_in_a_friendly_sea_on_1_3_5_in_an_enemy_sea_b() -> None:
    g = sea([infantry("S", "soviet", "Odessa")])
    play(g, Choose("S"), Move(("S",), ("Odessa", "Nikolaev")), Outcome(1))
    assert g.state.units["S"].at is None
    g = sea([infantry("S", "soviet", "Odessa")])
    play(g, Choose("S"), Move(("S",), ("Odessa", "Nikolaev")), Outcome(3))
    assert g.state.units["S"].at == "Nikolaev"
    # the Baltic is the Axis's (Konigsberg): a 3 sinks the Soviet unit
    g = sea([infantry("B", "soviet", "Riga")])
    play(g, Choose("B"), Move(("B",), ("Riga", "Tallinn")), Outcome(3))
    assert g.state.units["B"].at is None
    g = sea([infantry("B", "soviet", "Riga")])
    play(g, Choose("B"), Move(("B",), ("Riga", "Tallinn")), Outcome(4))
    assert g.state.units["B"].at == "Tallinn"


def test_the_sea_of_azov_needs_both_kerch_points_b() -> None:
    g = sea([infantry("S", "soviet", "Rostov"), infantry("T", "axis", "Warsaw")])
    play(g, Choose("S"))
    assert Move(("S",), ("Rostov", "Odessa")) in list(g.legal_actions())
    g = sea([infantry("S", "soviet", "Rostov")], control={"Taman": "axis"})
    legal = list(g.legal_actions())
    assert Choose("S") in legal  # Mariupol: inside the Azov
    g.apply(Choose("S"))
    dests = {a.path[-1] for a in g.legal_actions() if isinstance(a, Move)}
    assert dests == {"Mariupol"}


def test_only_undispersed_units_in_a_port_b() -> None:
    g = sea(
        [infantry("S", "soviet", "Odessa", markers=("dispersed",)), infantry("K", "soviet", "Kiev")]
    )
    legal = list(g.legal_actions())
    assert legal == [Pass()]
    with pytest.raises(IllegalAction) as err:
        g.apply(Choose("K"))
    assert err.value.rule == "DC2 B: Strategic Sea Movement"


def test_axis_sea_move_in_the_baltic_b() -> None:
    g = sea([unit("I", "axis", "Konigsberg")], side="axis")
    play(g, Choose("I"))
    dests = {a.path[-1] for a in g.legal_actions() if isinstance(a, Move)}
    assert dests == {"Helsinki", "Memel"}


def test_a_unit_moved_by_land_may_not_go_on_by_sea_b() -> None:
    """B: "a unit must begin the phase in a port": strategic land then sea in one phase is
    barred (found by the issue 15 review: the sea step allowed it)."""
    g = strat([infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Kiev")])
    g = advance_to(g, "strategic", "soviet")
    go(g, "S", "Odessa")
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "sea"
    assert list(g.legal_actions()) == [Pass()]
    with pytest.raises(IllegalAction):
        g.apply(Choose("S"))


def test_a_unit_that_ended_in_siberia_re_enters_on_a_following_turn_a() -> None:
    """A: units "may also remain in Siberia and re-enter on a following turn, using either
    strategic or operational movement" (found by the issue 15 review: the operational
    movement of the same player turn let them out again)."""
    g = strat([infantry("S", "soviet", "Gorki"), infantry("T", "soviet", "Siberia")], "soviet")
    go(g, "S", "Siberia")
    g = advance_to(g, "operational", "soviet")
    legal = list(g.legal_actions())
    assert Choose("T") in legal and Choose("S") not in legal  # T was there before the turn
    with pytest.raises(IllegalAction, match="following turn") as err:
        g.apply(Choose("S"))
    assert err.value.rule == "DC2 Operational Movement"
    g = advance_to(g, "operational", "axis")
    g = advance_to(g, "operational", "soviet")  # the next turn
    assert Choose("S") in list(g.legal_actions())


def test_sea_loss_is_a_chance_node_with_exact_probabilities_b() -> None:
    """B.1-2: one fair die; lost with probability 1/6 in a friendly sea, 1/2 in an enemy sea."""
    for start, dest, expected in (
        ("Odessa", "Nikolaev", Fraction(1, 6)),
        ("Riga", "Tallinn", Fraction(1, 2)),
    ):
        g = sea([infantry("S", "soviet", start)])
        play(g, Choose("S"), Move(("S",), (start, dest)))
        outcomes = g.chance_outcomes()
        assert sorted(a.value for a, _ in outcomes) == [1, 2, 3, 4, 5, 6]  # type: ignore[attr-defined]
        assert all(p == Fraction(1, 6) for _, p in outcomes)
        lost = Fraction(0)
        for a, p in outcomes:
            h = g.copy()
            h.apply(a)
            lost += p if h.state.units["S"].at is None else 0
        assert lost == expected
