"""The lost rules filled from the sibling games (replacements, factory evacuation, the
Siberian Reserve gamble) and the cut A.2 sentence; each is provisional and replaceable."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.lines import segment_ledger
from wargames.darkcrusade.p2p import factories
from wargames.darkcrusade.p2p.battle import Battle, absorb_options, retreats
from wargames.darkcrusade.p2p.replacements import income, replaceable
from wargames.darkcrusade.p2p.siberians import SiberianGambleStep, entry_points

from .support import advance_to, ctx, game, infantry, panzer, play, unit


def gone(d: dict[str, Any]) -> dict[str, Any]:
    """The unit in the eliminated box instead of on the map."""
    out = {**d, "box": "eliminated"}
    del out["at"]
    return out


def waiting(d: dict[str, Any]) -> dict[str, Any]:
    out = {**d, "box": "reinforcements"}
    del out["at"]
    return out


def factory(uid: str, at: str, **kw: Any) -> dict[str, Any]:
    return unit(uid, "soviet", at, (0, 0), flags=("factory",), **kw)


BASE = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]


def test_soviet_replacement_factors_from_points_in_supply_and_the_east_edge() -> None:
    g = game(BASE, control={"Dnepropetrovsk": "axis"})
    c = ctx(g)
    # Moscow 2, Leningrad 1, Rostov 1 (Dnepropetrovsk lost), the east edge 1; no factory
    assert income(c, "soviet") == {"infantry": 5, "armour": 0}
    assert income(c, "axis") == {"infantry": 0, "armour": 0}  # no Axis factors before Aug 41


def test_an_eliminated_unit_comes_back_for_its_largest_fire_factor() -> None:
    units = [*BASE, gone(infantry("R", "soviet", "Gorki")), gone(panzer("T", "Gorki"))]
    units[-1]["side"] = "soviet"
    g = advance_to(game(units), "replacements", "soviet")
    # 6 infantry factors, 4 armour factors in reserve: the 3-factor army and 5-factor tanks
    # (the tanks cost more than the reserve)
    assert set(g.legal_actions()) == {Pass(), Choose("R")}
    g.apply(Choose("R"))
    where = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert where == {"Moscow", "Leningrad", "Dnepropetrovsk", "Rostov", "Siberia"}
    g.apply(Place("R", "Moscow"))
    assert g.state.units["R"].at == "Moscow" and g.state.units["R"].has("dispersed")


def test_replacements_in_siberia_arrive_undispersed_one_a_point() -> None:
    units = [*BASE, *(gone(infantry(f"R{i}", "soviet", "Gorki", factors=(1, 1))) for i in range(3))]
    g = advance_to(game(units), "replacements", "soviet")
    play(g, Choose("R0"), Place("R0", "Siberia"), Choose("R1"), Place("R1", "Rostov"))
    assert not g.state.units["R0"].has("dispersed")
    g.apply(Choose("R2"))
    assert Place("R2", "Rostov") not in g.legal_actions()  # one replaced unit a point a turn
    with pytest.raises(IllegalAction):
        g.apply(Place("R2", "Rostov"))


def test_air_rocket_and_siberian_units_are_never_replaced() -> None:
    units = [*BASE, gone(unit("A", "soviet", "Gorki", (1, 1), flags=("air",)))]
    units += [gone(unit("K", "soviet", "Gorki", (1, 1), flags=("rocket",)))]
    units += [gone(unit("W", "soviet", "Gorki", (1, 1), flags=("siberian",)))]
    assert replaceable(ctx(game(units)), "soviet") == []


def test_german_panzer_replacements_from_august_only_for_armour() -> None:
    units = [
        *BASE,
        gone({**unit("P", "axis", "Warsaw", (2, 1), flags=("armour",)), "nationality": "german"}),
    ]
    units += [gone({**infantry("G", "axis", "Warsaw", factors=(1, 1)), "nationality": "german"})]
    g = advance_to(game(units), "strategic", "axis")
    assert g.state.units["P"].box == "eliminated"  # no factors in Jun and Jul 41
    for _ in range(2):
        g.apply(Pass())
        g = advance_to(g, "strategic", "axis")
    assert g.turn_label == "Aug 41"
    assert replaceable(ctx(g), "axis") == ["P"]  # 2 factors (kept if passed); no infantry


def test_factories_entrain_leave_for_siberia_and_produce_again_three_turns_later() -> None:
    g = advance_to(game([*BASE, factory("F", "Kharkov")]), "evacuate", "soviet")
    c = ctx(g)
    assert factories.producing(c) == ["F"]
    g.apply(Choose("F"))
    assert g.state.units["F"].has("entrained") and factories.producing(ctx(g)) == []
    assert g.state.units["F"].at == "Kharkov"  # still on the map this turn
    g = advance_to(g, "strategic", "soviet")
    g.apply(Pass())
    g = advance_to(g, "strategic", "soviet")  # next turn's replacement phase has run
    assert g.turn_label == "Jul 41" and g.state.units["F"].at == "Siberia"
    c = ctx(g)
    assert factories.producing(c) == []
    c.state.turn = 5  # three turns after leaving the map (Jul 41 + 3)
    assert factories.producing(c) == ["F"]


def test_factories_do_not_move_and_take_hits_last() -> None:
    g = advance_to(game([*BASE, factory("F", "Kharkov")]), "strategic", "soviet")
    assert Choose("F") not in g.legal_actions()
    units = [*BASE, factory("F", "Brest"), infantry("D", "soviet", "Brest")]
    c = ctx(game(units))
    b = Battle("Brest", "axis", (("I", "Warsaw"),), round=1)
    assert absorb_options(c, b, "soviet") == ["D"]


def test_the_siberians_come_safely_in_december() -> None:
    units = [*BASE, waiting(unit("Sh", "soviet", "Gorki", flags=("major-infantry", "siberian")))]
    g = game(units, reinforcements=[{"turn": 7, "unit": "Sh", "at": "Siberia"}])
    g = advance_to(g, "siberians", "soviet")
    g.apply(Pass())
    while g.turn_label != "Dec 41":
        assert g.state.units["Sh"].at is None
        g = advance_to(g, "strategic", "soviet")
        g.apply(Pass())
        g = advance_to(g, "strategic", "axis")
    g = advance_to(g, "siberian-place")
    assert g.turn_label == "Dec 41"
    g.apply(Place("Sh", "Siberia"))
    assert g.state.units["Sh"].at == "Siberia"
    assert not any(e.kind == "siberians" for e in g.events)


@pytest.mark.parametrize("roll", ["lost", "safe"])
def test_calling_the_siberians_early_risks_the_game_by_the_months_sooner(roll: str) -> None:
    """Darkest Crusade: "a 1/6 chance of losing the game for every month the Russian player
    has brought them in sooner": called in Sep 41, three months before Dec 41, 3 in 6."""
    units = [*BASE, unit("Sh", "soviet", "Gorki", flags=("major-infantry", "siberian"))]
    units.append(unit("Sh2", "soviet", "Gorki", flags=("major-infantry", "siberian")))
    units = [waiting(u) if u["id"].startswith("Sh") else u for u in units]
    due = [{"turn": 7, "unit": "Sh", "at": "Siberia"}, {"turn": 8, "unit": "Sh2"}]
    g = game(units, reinforcements=due)
    g = advance_to(g, "siberians", "soviet")
    while g.turn_label != "Sep 41":
        g.apply(Pass())
        g = advance_to(g, "siberians", "soviet")
    g.apply(Choose("siberians"))
    assert g.decision is not None and g.decision.step == "siberian-gamble"
    c = ctx(g)
    chances = dict(SiberianGambleStep().outcomes(c, g.state.stack[-1]))
    assert chances == {Outcome("lost"): Fraction(3, 6), Outcome("safe"): Fraction(3, 6)}
    g.apply(Outcome(roll))
    if roll == "lost":
        assert g.state.result is not None and g.state.result.winner == "axis"
        return
    assert g.decision is not None and g.decision.step == "siberian-place"  # moved forward
    g.apply(Place("Sh", "Siberia"))
    g = advance_to(g, "siberian-place")
    assert g.turn_label == "Oct 41" and g.state.stack[-1].args["unit"] == "Sh2"
    assert not any(e.kind == "siberians" and e.turn == 5 for e in g.events)


def test_calling_six_months_early_loses_for_certain() -> None:
    units = [*BASE, waiting(unit("Sh", "soviet", "Gorki", flags=("siberian",)))]
    g = advance_to(game(units, reinforcements=[{"turn": 7, "unit": "Sh"}]), "siberians")
    g.apply(Choose("siberians"))
    assert g.turn_label == "Jun 41" and g.decision is not None
    chances = dict(SiberianGambleStep().outcomes(ctx(g), g.state.stack[-1]))
    assert chances == {Outcome("lost"): 1}  # six months sooner: 6 in 6


def test_strategic_movement_ignores_line_capacities_a_2() -> None:
    """A.2: "The only limit to the number of units which move through a point is the Player
    Turn limit ... Specifically, opera[tional line capacities do not apply]" (the sentence is
    cut; read with the hex edition, where rail movement has no such limit)."""
    units = [panzer(f"P{i}", "Warsaw") for i in range(5)]
    units.append(infantry("S", "soviet", "Gorki"))
    g = advance_to(
        game(units, strategic={"axis_max": 7, "soviet_max": 16, "per_point": 5}),
        "strategic",
        "axis",
    )
    for i in range(5):  # five armour units along one major line (armour limit 4)
        play(g, Choose(f"P{i}"), Move((f"P{i}",), ("Warsaw", "Lublin")))
    assert all(g.state.units[f"P{i}"].at == "Lublin" for i in range(5))
    assert not segment_ledger(g.state).used


def test_siberians_enter_at_the_east_edge_on_or_next_to_units_or_on_cities_in_supply() -> None:
    """Darkest Crusade: "from the eastern edge of the mapboard or on or adjacent to any other
    Russian unit in supply, or on any Russian city or town in supply"."""
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Tula")]
    units += [
        infantry("A", "axis", "Orel"),
        waiting(unit("Sh", "soviet", "Gorki", flags=("siberian",))),
    ]
    g = game(units, control={"Orel": "axis"}, reinforcements=[{"turn": 1, "unit": "Sh"}])
    g = advance_to(g, "siberian-place", "soviet")
    where = set(entry_points(ctx(g)))
    assert {Place("Sh", p) for p in where} == set(g.legal_actions())
    assert {"Siberia", "Tula", "Moscow", "Kaluga"} <= where  # the east edge; on or next to S
    assert {"Leningrad", "Stalingrad", "Kiev"} <= where  # Soviet cities in supply
    assert "Orel" not in where  # next to S but Axis
    assert "Astrakhan" not in where and "West" not in where  # no unit, no city; the Axis box
    g.apply(Place("Sh", "Kaluga"))
    assert g.state.units["Sh"].at == "Kaluga"


def test_factories_do_not_retreat() -> None:
    units = [*BASE, factory("F", "Brest"), infantry("D", "soviet", "Brest")]
    c = ctx(game(units))
    b = Battle("Brest", "axis", (("I", "Warsaw"),), round=1)
    assert {r.units for r in retreats(c, b)} == {("D",)}
