"""Fourteenth-round review (s29, data audit): the Soviets' immediate win on Bucharest, the
Siberian Reserve's first wave, the weather chart's default and chart entries the code held as
constants."""

from __future__ import annotations

import copy
from fractions import Fraction

import pytest

import wargames
from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.errors import ScenarioError
from wargames.core.game import Game
from wargames.darkcrusade.p2p import factories, fire, victory
from wargames.darkcrusade.p2p.charts import DEFAULTS
from wargames.darkcrusade.p2p.replacements import ARMOUR, income
from wargames.darkcrusade.p2p.supply import supplied_points

from .support import BASE, TITLE, advance_to, ctx, game, german, infantry, play, unit


def test_the_soviets_win_at_once_holding_bucharest_in_supply_victory() -> None:
    """The hex edition: "Warsaw or Bucharest and Ploesti"; Darkest Crusade: "Warsaw or hex M1"
    (Bucharest-Ploesti): a Soviet army on a Soviet-held, supplied Bucharest wins."""
    control = {"Bucharest": "soviet", "Iasi": "soviet", "Constanta": "soviet"}
    g = game(
        [infantry("S", "soviet", "Bucharest"), infantry("G", "axis", "Krakow")], control=control
    )
    c = ctx(g)
    assert "Bucharest" in supplied_points(c, "soviet")
    got = victory.sudden_death(c)
    assert got is not None and got.winner == "soviet" and "Bucharest" in got.reason


def test_the_siberian_first_wave_includes_the_1st_guards_korps() -> None:
    """Darkest Crusade: "1st turn of arrival: 1. Guards Korps and 1. and 3. Shock Armies"."""
    units = {u["id"]: u for u in BASE["units"]}
    first = [
        units[r["unit"]]
        for r in BASE["reinforcements"]
        if r["turn"] == 7 and "siberian" in units[r["unit"]].get("flags", ())
    ]
    names = sorted(u["name"] for u in first)
    assert any("Guards" in n for n in names), names
    assert len(first) == 3


def test_every_unit_named_siberian_is_irreplaceable() -> None:
    """Darkest Crusade: "Siberian units are irreplaceable"."""
    for u in BASE["units"]:
        if "siberia" in u.get("name", "").lower():
            assert "siberian" in u.get("flags", ()), u["id"]


def test_a_scenario_without_weather_is_refused_errata_2() -> None:
    """Errata 2: "Dec, Jan, Feb are Snow months": a scenario on the 9-turn calendar that leaves
    out the weather chart no longer gets nine Good turns."""
    data = copy.deepcopy(BASE)
    data["calendar"] = {**data["calendar"], "first": 1, "turns": 9}
    data["calendar"]["labels"] = data["calendar"]["labels"][1:]
    del data["charts"]["weather"]
    with pytest.raises(ScenarioError, match="weather"):
        wargames.new_game(TITLE, data, seed=1)


def _full(**charts: object) -> Game:
    data = copy.deepcopy(BASE)
    data["charts"].update(charts)
    return wargames.new_game(TITLE, data, seed=1)


def test_a_chart_of_two_factory_factors_gives_two_armour_factors_a_factory() -> None:
    """The factory output is a chart entry (the hex edition's "1 replacement tank factor";
    Darkest Crusade's "1 UnDisrupted mechanized korps"), not a constant of the code."""
    table = {**DEFAULTS["replacements"], "factory_factors": 2}
    c = ctx(_full(replacements=table))
    producing = len(factories.producing(c))
    assert producing > 0
    assert income(c, "soviet")[ARMOUR] == 2 * producing
    assert income(ctx(_full()), "soviet")[ARMOUR] == producing  # the shipped 1 a factory


def test_october_with_no_good_faces_is_always_mud() -> None:
    """October's odds are a chart entry (the hex edition: "the best 2 numbers are Good")."""
    g = game([infantry("I", "axis", "Warsaw")], weather=["october"], october_good_in_sixths=0)
    assert g.decision is not None and g.decision.step == "weather"
    assert g.chance_outcomes() == [(Outcome("mud"), Fraction(1))]
    g = game([infantry("I", "axis", "Warsaw")], weather=["october"])
    assert g.chance_outcomes() == [
        (Outcome("good"), Fraction(1, 3)),
        (Outcome("mud"), Fraction(2, 3)),
    ]


def test_breakthrough_combat_lasts_the_chart_s_rounds() -> None:
    """Darkest Crusade's "only for 1 battle round" is ``charts.breakthrough_rounds``: with 2
    the battle goes on after a first round without hits."""
    units = [german(infantry("I", "axis", "Lublin", hits=3))]
    units += [infantry("S", "soviet", "Rowno", hits=3)]
    g = advance_to(game(units, breakthrough_rounds=2), "operational", "axis")
    g.apply(Pass())
    assert g.state.stack[-1].args.get("mode") == "breakthrough"
    play(g, Choose("I"), Move(("I",), ("Lublin", "Rowno")), Pass())
    g.apply(Outcome(6))  # no hit
    g.apply(Outcome(1))  # no hit
    assert g.state.get("battle") is not None  # a second round follows


def test_flak_values_are_chart_entries_combat_a() -> None:
    """The flak per German army and per Soviet victory city are chart entries."""
    flak_army = german(unit("F", "axis", "Warsaw", (4, 5), flags=("major-infantry", "flak")))
    g = game([flak_army], air={"flak": {"unit": 2, "victory_city": 3}})
    assert fire.flak(ctx(g), "Warsaw", ["F"]) == 2
    g = game([infantry("S", "soviet", "Kiev")], air={"flak": {"unit": 2, "victory_city": 3}})
    assert fire.flak(ctx(g), "Kiev", ["S"]) == 3
    g = game([infantry("S", "soviet", "Kiev")])
    assert fire.flak(ctx(g), "Kiev", ["S"]) == 1


def test_the_provisional_notes_record_the_supply_sources_and_the_fire_table_above_25() -> None:
    """The supply sources are chosen map data (the DC2 supply rule is lost) and strengths above
    the table's 25 use the inherited "split" reading: both are noted as provisional."""
    notes = BASE["charts"]["provisional"]
    sources = [p["id"] for p in BASE["map"]["points"] if "supply" in p.get("attributes", {})]
    assert sources and "supply" in notes
    assert all(p in notes["supply"] for p in sources), sources
    assert "split" in notes["fire_table"] and "25" in notes["fire_table"]
