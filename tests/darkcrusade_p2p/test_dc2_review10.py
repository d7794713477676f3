"""Tenth-round review (s28): tests that pin rules the earlier named tests could not fail on:
"or attack" in the Breakthrough Movement Phase (Lines D), no production across the Kerch
Straits for factories and replacement points (Terrain D), placements never onto a point
holding an enemy unit (Partisans row), and the end-of-game victory thresholds at their edges."""

from __future__ import annotations

from typing import Any

import pytest

import wargames
from wargames.core.actions import Choose, Move, Outcome, Pass, Place
from wargames.core.context import Context
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.p2p import factories
from wargames.darkcrusade.p2p.charts import charts
from wargames.darkcrusade.p2p.replacements import income, replacement_points
from wargames.darkcrusade.p2p.siberians import entry_points
from wargames.darkcrusade.p2p.victory import axis_points, final, sudden_death

from .support import advance_to, ctx, game, infantry, panzer, play, scenario, unit
from .test_dc2_lost_rules import factory, gone, waiting
from .test_dc2_partisans import partisan

BASE = [infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Gorki")]


# --- F1: DC2 Lines D, Breakthrough Movement Phase: "did not move or attack" ---------------


def _attacked_in_operational_movement(press_on: str) -> Game:
    """Panzer P commits against Brest (a 0-0 Soviet unit) in operational movement; the first
    round disperses the defender (die 6: 1 hit), then the Axis ``press_on`` ('continue': the
    defender is eliminated and P occupies Brest; 'break-off': P stays on Warsaw). The game is
    then in the Breakthrough Movement Phase; panzer Q did nothing."""
    units = [panzer("P", "Warsaw"), panzer("Q", "Warsaw")]
    units += [unit("S", "soviet", "Brest", (0, 0), hits=3), infantry("T", "soviet", "Grodno")]
    g = advance_to(game(units), "operational", "axis")
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Brest")), Pass(), Outcome(6))
    assert g.decision is not None and g.decision.step == "press-on"
    g.apply(Choose(press_on))
    if press_on == "continue":
        g.apply(Outcome(6))  # the dispersed defender is eliminated, P occupies Brest
    assert g.decision is not None and g.decision.step == "operational"
    assert g.state.stack[-1].args.get("mode") == "breakthrough"
    return g


@pytest.mark.parametrize(("press_on", "at"), [("continue", "Brest"), ("break-off", "Warsaw")])
def test_a_unit_that_attacked_in_operational_movement_may_not_act_again_lines_d(
    press_on: str, at: str
) -> None:
    """DC2 Lines D (filled gap, hex edition Blitzkrieg!): the Breakthrough Movement Phase is
    "for German units only that did not move or attack in operational movement". P attacked
    Brest (won and occupied it, or broke off): it may not act again; Q may."""
    g = _attacked_in_operational_movement(press_on)
    assert g.state.units["P"].at == at and not g.state.units["P"].has("dispersed")
    legal = list(g.legal_actions())
    assert Choose("Q") in legal and Choose("P") not in legal
    with pytest.raises(IllegalAction, match="moved or attacked") as err:
        g.apply(Choose("P"))
    assert err.value.rule.startswith("DC2 Lines D: Breakthrough Movement Phase")


# --- F2: DC2 Terrain D, "not for producing reinforcements or replacements" ----------------

CRIMEA_CUT = {"Perekop": "axis", "Melitopol": "axis"}
"""Crimea's only Soviet supply then crosses the Straits: Kerch-Taman-Krasnodar-Maikop."""


@pytest.mark.parametrize("cut", [True, False])
def test_a_factory_beyond_the_kerch_straits_does_not_produce_terrain_d(cut: bool) -> None:
    """DC2 Terrain D: "Supply is traceable across the Kerch Straits, but not for producing
    reinforcements or replacements": a factory on Sevastopol, cut off by land, yields no
    armour factor; with Melitopol Soviet again (supply by land) it does."""
    control = CRIMEA_CUT if cut else {"Perekop": "axis"}
    c = ctx(game([*BASE, factory("F", "Sevastopol")], control=control))
    assert factories.producing(c) == ([] if cut else ["F"])
    assert income(c, "soviet")["armour"] == (0 if cut else 1)


def _sevastopol_replacement_point(control: dict[str, str]) -> Game:
    """The 1941 map with Sevastopol marked a replacement point (a scenario may add one)."""
    data: dict[str, Any] = scenario(list(BASE), control=control)
    for p in data["map"]["points"]:
        if p["id"] == "Sevastopol":
            p["features"] = [*p.get("features", []), "replacement"]
    return wargames.new_game("darkcrusade-p2p", data, seed=1)


@pytest.mark.parametrize("cut", [True, False])
def test_a_replacement_point_beyond_the_kerch_straits_does_not_produce_terrain_d(
    cut: bool,
) -> None:
    """DC2 Terrain D, replacements: Sevastopol (a replacement point here), supplied only
    across the Straits, gives no infantry factor (Moscow 2, Leningrad, Dnepropetrovsk,
    Rostov and the east edge 1 each); supplied by land, it gives its 1."""
    c = ctx(_sevastopol_replacement_point(CRIMEA_CUT if cut else {"Perekop": "axis"}))
    assert ("Sevastopol" in replacement_points(c, "soviet")) is not cut
    assert income(c, "soviet")["infantry"] == (6 if cut else 7)


# --- F3: Partisans row, placements never onto a point holding an enemy unit ---------------


def test_a_reinforcement_due_on_a_partisan_point_goes_to_the_box_partisans() -> None:
    """Partisans row: placements that are not movement "never go onto a point holding an enemy
    unit, partisans included": the Axis 2A, due on Warsaw (Axis) while a Soviet partisan
    stands there, arrives in the Axis box; the partisan is untouched."""
    units = [*BASE, partisan("P", "soviet", "Warsaw"), waiting(infantry("2A", "axis", "Warsaw"))]
    g = game(units, reinforcements=[{"turn": 2, "unit": "2A", "at": "Warsaw"}])
    advance_to(g, "strategic", "soviet")
    g.apply(Pass())
    advance_to(g, "strategic", "axis")
    assert g.state.turn == 2
    assert g.state.units["2A"].at == "West"
    assert [u.id for u in g.state.units_at("Warsaw")] == ["P"]


AXIS_PARTISAN = partisan("AP", "axis", "Rostov")
"""An Axis partisan on Rostov, a Soviet replacement point and city in Soviet supply."""


def test_a_replacement_is_not_placed_on_a_point_holding_an_enemy_partisan() -> None:
    """Partisans row, replacements: Rostov still produces, but the replaced unit may not be
    placed there while the Axis partisan stands on it."""
    units = [*BASE, AXIS_PARTISAN, gone(infantry("R", "soviet", "Gorki"))]
    g = advance_to(game(units), "replacements", "soviet")
    assert g.state.units["AP"].at == "Rostov" and g.state.control["Rostov"] == "soviet"
    assert "Rostov" in replacement_points(ctx(g), "soviet")
    g.apply(Choose("R"))
    where = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert where == {"Moscow", "Leningrad", "Dnepropetrovsk", "Siberia"}
    with pytest.raises(IllegalAction):
        g.apply(Place("R", "Rostov"))


def test_a_siberian_unit_is_not_placed_on_a_point_holding_an_enemy_partisan() -> None:
    """Partisans row, Siberians: Rostov, a Soviet city in supply, is no entry point while the
    Axis partisan stands on it; the other Soviet cities in supply still are."""
    units = [*BASE, AXIS_PARTISAN, waiting(unit("Sh", "soviet", "Gorki", flags=("siberian",)))]
    g = game(units, reinforcements=[{"turn": 1, "unit": "Sh"}])
    g = advance_to(g, "siberian-place", "soviet")
    assert g.state.units["AP"].at == "Rostov" and g.state.control["Rostov"] == "soviet"
    where = set(entry_points(ctx(g)))
    assert {"Siberia", "Gorki", "Stalingrad", "Dnepropetrovsk"} <= where
    assert "Rostov" not in where
    assert Place("Sh", "Rostov") not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="free of Axis units"):
        g.apply(Place("Sh", "Rostov"))


# --- F4: Victory (filled gap), the end-of-game thresholds ---------------------------------

ROAD = ["Brest", "Baranovichi", "Minsk", "Borisov", "Orsha", "Smolensk"]
SOUTH = ["Lublin", "Rowno", "Zhitomir", "Kiev", "Kirovograd", "Dnepropetrovsk", "Stalino"]
SOUTH += ["Rostov", "Vinnitsa", "Odessa", "Nikolaev", "Perekop", "Simferopol", "Sevastopol"]
"""Held by the Axis: Minsk, Smolensk, Kiev (2), Dnepropetrovsk, Rostov, Odessa, Sevastopol:
8 Soviet victory points in supply, none of Leningrad, Moscow or Stalingrad."""


def _last_turn(soviet: tuple[str, ...] = (), axis: tuple[str, ...] = ()) -> Context:
    held = {p: "axis" for p in ROAD + SOUTH + list(axis)}
    held.update(dict.fromkeys(soviet, "soviet"))
    c = ctx(game([infantry("I", "axis", "Warsaw")], control=held))
    c.state.turn = c.scenario.calendar.last  # Feb 42, past axis_sudden_until
    return c


def test_seven_points_at_the_end_is_a_draw_victory() -> None:
    """Victory row: "after the last turn the same is an Axis win, 7 or more a draw, less a
    Soviet win": exactly 7 is a draw."""
    c = _last_turn(soviet=("Smolensk",))
    assert axis_points(c) == (7, False)
    got = final(c)
    assert got.level == "draw" and got.winner is None


def test_fewer_than_seven_points_at_the_end_is_a_soviet_win_victory() -> None:
    c = _last_turn(soviet=("Smolensk", "Sevastopol"))
    assert axis_points(c) == (6, False)
    got = final(c)
    assert got.level == "victory" and got.winner == "soviet"


def test_eight_points_with_moscow_at_the_end_is_an_axis_win_victory() -> None:
    """On the last turn the Axis has no sudden death (its win waits for the end), but the end
    of the game gives it the win for 8 points including Moscow (2)."""
    c = _last_turn(soviet=("Rostov", "Sevastopol"), axis=("Vyazma", "Moscow"))
    assert axis_points(c) == (8, True)
    assert c.turn > int(charts(c).victory["axis_sudden_until"])
    assert sudden_death(c, axis=False) is None
    got = final(c)
    assert got.level == "victory" and got.winner == "axis"
