"""The 1941 scenario's map and charts (reconstruction checks against the errata and the text),
weather, recovery and victory."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

import wargames
from wargames.core.actions import Outcome, Pass
from wargames.core.errors import ScenarioError
from wargames.core.state import Result
from wargames.darkcrusade.p2p import geography as geo
from wargames.darkcrusade.p2p.estimate_terms import guard
from wargames.darkcrusade.p2p.supply import supplied_points
from wargames.darkcrusade.p2p.victory import (
    advance,
    approach,
    final,
    objective,
    sudden_death,
)

from .support import advance_to, ctx, game, infantry, scenario

SC = wargames.load_scenario("darkcrusade-p2p", "1941")


def line(a: str, b: str) -> str:
    return str(SC.board.edge_attr(a, b, "line"))


def test_line_classes_are_the_text_s_table_lines_a() -> None:
    limits = dict(SC.lines.limits)
    assert limits[("major", "axis")].total == 6 and dict(limits[("major", "axis")].kinds) == {
        "armour": 4
    }
    assert limits[("minor", "axis")].total == 4 and dict(limits[("minor", "axis")].kinds) == {
        "armour": 2
    }
    assert limits[("inferior", "axis")].total == 2
    assert limits[("major", "soviet")].total == 4 and dict(limits[("major", "soviet")].kinds) == {
        "armour": 3
    }
    assert limits[("minor", "soviet")].total == 3 and dict(limits[("minor", "soviet")].kinds) == {
        "armour": 2
    }
    assert dict(limits[("inferior", "soviet")].kinds) == {"armour": 1}


def test_errata_lines_and_fortresses() -> None:
    assert line("Dnepropetrovsk", "Stalino") == "major"
    assert line("Stalino", "Mariupol") == "major"
    assert line("Brest", "Baranovichi") == "major"
    assert line("Memel", "Libau") == "inferior"
    assert line("Verkhniy Baskunchak", "Siberia") == "minor"
    assert SC.board.has("Przemysl", "fortress") and SC.board.has("Stalingrad", "fortress")
    assert "straits" in SC.board.edge_features("Kerch", "Taman")
    assert "no-strategic" in SC.board.edge_features("Pinsk", "Rowno")
    highway = ["Minsk", "Borisov", "Orsha", "Smolensk", "Vyazma", "Moscow"]
    for a, b in itertools.pairwise(highway):
        assert "highway" in SC.board.edge_features(a, b) and line(a, b) == "major"


def test_victory_points_match_the_strategic_maxima_a() -> None:
    c = ctx(wargames.new_game("darkcrusade-p2p", seed=0))
    axis = sum(geo.vp(c, p) for p in SC.board if geo.country(c, p) == "axis")
    soviet = sum(geo.vp(c, p) for p in SC.board if geo.country(c, p) == "soviet")
    assert (axis, soviet) == (7, 16)
    ones = ["Konigsberg", "Arkhangelsk", "Minsk", "Gorki", "Voronezh", "Odessa"]
    ones += ["Dnepropetrovsk", "Rostov", "Sevastopol"]
    assert all(geo.vp(c, p) == 1 for p in ones)  # the errata's 1-VP cities


def test_half_and_double_value_units_in_the_order_of_battle_lines_b_c() -> None:
    half = {u for u, load in SC.loads.items() if load.weight == 0.5}
    assert {"HQ-N", "HQ-C", "HQ-S", "SS-T", "SS-R", "SS-LAH", "SS-W"} <= half
    assert {"STAVKA", "Rocket1", "1MMD"} <= half
    assert SC.load("3RumA").weight == 2 and SC.load("3RumA").retreating().weight == 2
    assert SC.load("HQ-N").retreating().weight == 1  # HQs count one in retreat
    assert (
        SC.load("STAVKA").retreating().weight == 1 and SC.load("Rocket1").retreating().weight == 1
    )
    assert SC.load("SS-T").retreating().weight == 0.5 and SC.load("1MMD").retreating().weight == 0.5


def test_bad_charts_name_the_field() -> None:
    data = scenario([infantry("I", "axis", "Warsaw")])
    data["charts"]["weather"] = ["good", "sunny"]
    with pytest.raises(ScenarioError, match=r"charts\.weather"):
        wargames.load_scenario("darkcrusade-p2p", data)
    data = scenario([infantry("I", "axis", "Warsaw")])
    data["units"][0]["values"] = {"hits": 0}
    with pytest.raises(ScenarioError, match=r"units\[0\].values.hits"):
        wargames.load_scenario("darkcrusade-p2p", data)


def test_december_to_february_are_snow_and_october_is_rolled_errata_2() -> None:
    from wargames.darkcrusade.p2p.charts import check

    assert check(SC).weather[7:10] == ("snow", "snow", "snow")  # Dec 41 - Feb 42 (turns 7-9)
    assert check(SC).weather[5] == "october"
    g = game([infantry("I", "axis", "Warsaw")], weather=["october", "november"])
    assert g.decision is not None and g.decision.step == "weather"
    assert {p for _, p in g.chance_outcomes()} == {Fraction(1, 3), Fraction(2, 3)}
    g.apply(Outcome("mud"))
    assert g.state.get("weather") == "mud"


def test_dispersed_units_in_supply_recover_at_the_end_of_their_player_turn() -> None:
    units = [infantry("I", "axis", "Warsaw", markers=("dispersed",))]
    units.append(infantry("C", "axis", "Moscow", markers=("dispersed",)))
    g = advance_to(game(units, control={"Moscow": "axis"}), "strategic", "soviet")
    assert not g.state.units["I"].has("dispersed")
    assert g.state.units["C"].has("dispersed")  # Moscow is cut off from Axis supply


def test_axis_sudden_death_needs_leningrad_moscow_or_stalingrad() -> None:
    road = ["Brest", "Baranovichi", "Minsk", "Borisov", "Orsha", "Smolensk", "Vyazma", "Moscow"]
    north = ["Grodno", "Vilnius", "Dvinsk", "Pskov", "Leningrad"]
    south = ["Rowno", "Zhitomir", "Kiev"]
    held = {p: "axis" for p in road + north + south}
    c = ctx(game([infantry("I", "axis", "Warsaw")], control=held))
    got = sudden_death(c)
    assert got is not None and got.winner == "axis"
    south = ["Lublin", "Rowno", "Zhitomir", "Kiev", "Kirovograd", "Dnepropetrovsk", "Stalino"]
    south += ["Rostov", "Vinnitsa", "Odessa", "Nikolaev", "Perekop", "Simferopol", "Sevastopol"]
    held = {p: "axis" for p in road[:-2] + south}  # 8 points without L, M or S
    c = ctx(game([infantry("I", "axis", "Warsaw")], control=held))
    assert sudden_death(c) is None
    assert final(c).winner is None  # a draw at the end


def test_soviet_win_on_warsaw_in_supply() -> None:
    c = ctx(game([infantry("I", "axis", "Krakow")], control={"Warsaw": "soviet"}))
    got = sudden_death(c)
    assert got is not None and got.winner == "soviet"


def test_reinforcements_arrive_on_their_point_or_in_the_side_s_box() -> None:
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]
    units.append({**infantry("2A", "axis", "Warsaw"), "at": None, "box": "reinforcements"})
    units.append({**infantry("3A", "axis", "Warsaw"), "at": None, "box": "reinforcements"})
    units.append({**infantry("R", "soviet", "Gorki"), "at": None, "box": "reinforcements"})
    for u in units[2:]:
        del u["at"]
    arrivals = [
        {"turn": 2, "unit": "2A", "at": "Warsaw"},
        {"turn": 2, "unit": "3A", "at": "Lublin"},
        {"turn": 2, "unit": "R", "at": "Siberia"},
    ]
    g = game(units, control={"Lublin": "soviet"}, reinforcements=arrivals)
    assert g.state.units["2A"].at is None
    advance_to(g, "strategic", "soviet")
    assert g.state.units["2A"].at is None  # not before its turn
    g.apply(Pass())
    advance_to(g, "strategic", "axis")
    assert g.state.units["2A"].at == "Warsaw"
    assert g.state.units["3A"].at == "West"  # Lublin is Soviet: off the west edge instead
    advance_to(g, "strategic", "soviet")
    assert g.state.units["R"].at == "Siberia"


def test_the_1941_reinforcement_schedule() -> None:
    due = {(r.unit, r.turn, r.at) for r in SC.reinforcements}
    assert ("2A", 2, "Warsaw") in due and ("40PzK", 3, "Warsaw") in due
    soviet = [r for r in SC.reinforcements if SC.units[r.unit].side == "soviet"]
    assert all(r.at == "Siberia" for r in soviet)
    assert {r.turn for r in soviet if "Shock" in SC.units[r.unit].name} == {7, 8, 9}


def test_no_supply_across_the_kerch_straits_for_reinforcements_terrain_d() -> None:
    # Axis holds Kerch and Taman; the Crimea beyond Kerch is Soviet, Taman's mainland Axis
    cut = {"Kerch": "axis", "Taman": "axis", "Krasnodar": "axis", "Rostov": "axis"}
    cut.update({"Stalino": "axis", "Kharkov": "axis", "Kursk": "axis", "Orel": "axis"})
    cut.update({"Bryansk": "axis", "Kiev": "axis", "Zhitomir": "axis", "Rowno": "axis"})
    cut.update({"Lvov": "axis", "Przemysl": "axis"})
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]
    late = {**infantry("K", "axis", "Kerch"), "box": "reinforcements"}
    del late["at"]
    units.append(late)
    g = game(units, control=cut, reinforcements=[{"turn": 1, "unit": "K", "at": "Kerch"}])
    c = ctx(g)
    assert "Kerch" in supplied_points(c, "axis")  # supply crosses the Straits
    assert "Kerch" not in supplied_points(c, "axis", straits=False)
    assert g.state.units["K"].at == "West"  # not produced on Kerch


def test_a_reinforcement_point_in_supply_this_side_of_the_straits_takes_it() -> None:
    cut = {"Kerch": "axis", "Simferopol": "axis", "Melitopol": "axis", "Zaporozhye": "axis"}
    cut.update({"Dnepropetrovsk": "axis", "Kirovograd": "axis", "Uman": "axis"})
    cut.update({"Vinnitsa": "axis", "Tarnopol": "axis", "Lvov": "axis", "Przemysl": "axis"})
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]
    late = {**infantry("K", "axis", "Kerch"), "box": "reinforcements"}
    del late["at"]
    units.append(late)
    g = game(units, control=cut, reinforcements=[{"turn": 1, "unit": "K", "at": "Kerch"}])
    assert g.state.units["K"].at == "Kerch"


def test_the_game_starts_in_june_unless_the_optional_may_turn_is_played_errata_8() -> None:
    g = wargames.new_game("darkcrusade-p2p", seed=0)
    assert g.state.turn == 1 and g.turn_label == "Jun 41"
    data = scenario([infantry("I", "axis", "Warsaw"), infantry("S", "soviet", "Gorki")])
    data["options"] = {"may_1941": True}
    g = wargames.new_game("darkcrusade-p2p", data, seed=0)
    assert g.state.turn == 0 and g.turn_label == "May 41"
    assert g.scenario.calendar.last == 9  # ten turns, to February 1942


def test_evaluate_follows_the_victory_race_and_the_result() -> None:
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]
    even = wargames.new_game("darkcrusade-p2p", scenario(units), seed=0)
    c = even.rules_context()
    t = even.title
    # no VP held, no Soviet point taken, half the units, the way to a required city and to
    # the victory cities (the nearest unit's and the whole army's), the guard of Warsaw and
    # Bucharest
    way = 0.15 * objective(c) + 0.1 * approach(c) + 0.15 * advance(c)
    assert 0 < advance(c) < 1 and 0 < guard(c) < 1 and 0 < objective(c) < 0.5
    assert t.evaluate(c, "axis") == pytest.approx(0.9 * (way + 0.2 * 0.5) + 0.1 * guard(c))
    assert t.evaluate(c, "axis") + t.evaluate(c, "soviet") == pytest.approx(1)
    held = {"Minsk": "axis", "Smolensk": "axis", "Kiev": "axis", "Bialystok": "axis"}
    held.update({"Brest": "axis", "Baranovichi": "axis", "Borisov": "axis", "Orsha": "axis"})
    ahead = wargames.new_game("darkcrusade-p2p", scenario(units, control=held), seed=0)
    assert t.evaluate(ahead.rules_context(), "axis") > t.evaluate(c, "axis")
    over = wargames.new_game("darkcrusade-p2p", scenario(units), seed=0)
    over.state.result = Result("soviet", "victory", "test")
    assert t.evaluate(over.rules_context(), "soviet") == 1.0


def test_evaluate_counts_units_still_due_so_an_early_call_gains_nothing() -> None:
    units = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]
    late = {**infantry("Sh", "soviet", "Gorki"), "box": "reinforcements"}
    del late["at"]
    g = wargames.new_game("darkcrusade-p2p", scenario([*units, late]), seed=0)
    c = g.rules_context()
    before = g.title.evaluate(c, "soviet")
    c.state.put(c.state.units["Sh"].moved_to("Siberia"))
    assert g.title.evaluate(c, "soviet") == before
    c.state.put(c.state.units["Sh"].boxed("eliminated"))
    assert g.title.evaluate(c, "soviet") < before


def test_the_estimate_rewards_the_axis_for_nearing_victory_cities() -> None:
    """Issue 16: the search as the Axis held points but took no victory city; the estimate's
    approach term (fewest lines from an Axis unit to each Soviet victory city, by its points)
    grows as the Axis nears them and is full for a city held in supply."""
    far = wargames.new_game("darkcrusade-p2p", scenario([infantry("I", "axis", "Krakow")]), seed=0)
    near = wargames.new_game("darkcrusade-p2p", scenario([infantry("I", "axis", "Vyazma")]), seed=0)
    assert approach(near.rules_context()) > approach(far.rules_context())
    assert near.title.evaluate(near.rules_context(), "axis") > far.title.evaluate(
        far.rules_context(), "axis"
    )
    c = far.rules_context()
    assert 0.0 <= approach(c) < 1.0
    dispersed = [infantry("I", "axis", "Vyazma", markers=("dispersed",))]
    assert approach(
        wargames.new_game("darkcrusade-p2p", scenario(dispersed), seed=0).rules_context()
    ) < approach(near.rules_context())
    everything = {p: "axis" for p in c.board if not c.board.attr(p, "box")}
    held = wargames.new_game(
        "darkcrusade-p2p", scenario([infantry("I", "axis", "Krakow")], control=everything), seed=0
    )
    assert approach(held.rules_context()) == 1.0  # every Soviet victory city held in supply


def test_the_axis_estimate_counts_its_whole_army_moving_up() -> None:
    """A second Axis unit moving one line nearer a Soviet victory city, behind the first
    (so the nearest unit's ``approach`` stays; K keeps Warsaw, so the ``guard`` stays),
    raises ``advance`` and the Axis estimate."""
    back = [infantry("I", "axis", "Minsk"), infantry("J", "axis", "Warsaw")]
    up = [infantry("I", "axis", "Minsk"), infantry("J", "axis", "Brest")]
    back.append(infantry("K", "axis", "Warsaw"))
    up.append(infantry("K", "axis", "Warsaw"))
    soviet = [infantry("S", "soviet", "Gorki")]
    a = wargames.new_game("darkcrusade-p2p", scenario([*back, *soviet]), seed=0)
    b = wargames.new_game("darkcrusade-p2p", scenario([*up, *soviet]), seed=0)
    ca, cb = a.rules_context(), b.rules_context()
    assert approach(cb) == approach(ca) and guard(cb) == guard(ca)
    assert advance(cb) > advance(ca)
    assert b.title.evaluate(cb, "axis") > a.title.evaluate(ca, "axis")
