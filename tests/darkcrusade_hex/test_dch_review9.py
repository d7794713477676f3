"""Ninth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong, or gives a done row a test that can fail (`notes/s28/review9-dch/findings.md`)."""

from __future__ import annotations

import attrs
import pytest
from dch_support import NE, NW, SE, SW, C, E, W, at_step, ctx, game

from wargames.core.actions import Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.movement import allowance, routes
from wargames.darkcrusade.hex.reinforcements import siberian_hexes
from wargames.darkcrusade.hex.sea import ports
from wargames.darkcrusade.hex.supply import statuses
from wargames.darkcrusade.hex.terrain import WATER

LENINGRAD, BALTIC, LAKES, SHORE = "0902", "0802", ("0901", "1002"), ("0803", "0903")
GROZNY, ODESSA, SEVASTOPOL = "2124", "0920", "1222"
LIGHT_MUD_TURN, SNOW_TURN = 8, 13


def siberians_back(g: Game) -> None:
    for uid in ("S1", "S2", "S3", "S4"):
        g.state.put(attrs.evolve(g.state.units[uid], box=cn.SIBERIA, at=None))


def test_siberians_are_never_placed_in_the_sea_or_an_unfrozen_lake() -> None:
    """DCH: Siberian Reserve and Edge of the World (finding 1): next to H01 on Leningrad, the
    Baltic hex and the two lake hexes are no place for a unit; the lakes freeze in Snow."""
    g = game({"H01": LENINGRAD, "H02": "1315"}, turn=LIGHT_MUD_TURN)
    siberians_back(g)
    places = set(siberian_hexes(ctx(g), "S1"))
    assert set(SHORE) <= places
    assert not places & {BALTIC, *LAKES}
    snow = game({"H01": LENINGRAD, "H02": "1315"}, turn=SNOW_TURN)
    siberians_back(snow)
    places = set(siberian_hexes(ctx(snow), "S1"))
    assert set(LAKES) <= places and BALTIC not in places
    at_step(snow, "siberians")
    assert Place("S1", BALTIC) not in snow.legal_actions()
    with pytest.raises(IllegalAction, match="Siberian Reserve"):
        snow.apply(Place("S1", BALTIC))


def test_the_railway_guns_do_not_arrive_in_the_sea_when_leningrad_is_lost() -> None:
    """DCH: Set-up / Railway Guns (finding 2): "They both enter the game on Leningrad in August
    I"; with 18A on Leningrad they fall back to the nearest Russian-held land hex."""
    g = game({"18A": LENINGRAD, "H01": "1408"}, turn=4)
    for uid in ("RG1", "RG2"):
        g.state.put(attrs.evolve(g.state.units[uid], box=cn.REINFORCEMENTS, at=None))
    at_step(g, "russian-admin")
    board = g.scenario.board
    for uid in ("RG1", "RG2"):
        at = g.state.units[uid].at
        assert at is not None and board.terrain(at) not in WATER, (uid, at)
        assert board.distance(LENINGRAD, at) == 1


def test_losing_grozny_caps_russian_mobile_units_katyusha_included_at_four() -> None:
    """DCH: Supply: mobile units "panzer/tank, motorized, katyusha" are held to an OMF of 4
    when the other side takes Ploesti or Grozny (finding 3: mutants ``oil_russian``,
    ``oil_katyusha``); the parachute korps is not mobile."""
    units = {"Kat1": "2010", "MMRD": "2110", "T01": "2210", "P1": "2310", "1Pz": "1510"}
    g = game(units, turn=2)
    assert allowance(ctx(g), "Kat1", "op")[0] == 5
    g.state.control[GROZNY] = cn.AXIS
    assert allowance(ctx(g), "Kat1", "op")[0] == 4
    assert allowance(ctx(g), "MMRD", "op")[0] == 4
    assert allowance(ctx(g), "P1", "op")[0] == 5
    assert allowance(ctx(g), "1Pz", "op")[0] == 6  # the Axis oil is Ploesti


def bonus_only_ends(g: Game, uid: str) -> set[str]:
    return {n for n, (_, may_attack) in routes(ctx(g), uid, "op").items() if not may_attack}


def test_no_bonus_for_vacating_the_zoc_of_an_undisrupted_army_unless_a_friend_stays() -> None:
    """DCH: Operational Movement, OMB 2. "vacates a ZOC ... not already occupied by a friendly
    unit" (finding 4: mutant ``bonus_vacate``)."""
    assert not bonus_only_ends(game({"1Pz": W, "H01": C}, turn=2), "1Pz")
    assert bonus_only_ends(game({"1Pz": W, "I": W, "H01": C}, turn=2), "1Pz")


def test_the_bonus_may_enter_a_zoc_hex_a_friendly_unit_already_holds() -> None:
    """DCH: Operational Movement, OMB 2. "enters ... a ZOC ... not already occupied by a
    friendly unit" (finding 4: mutant ``bonus_friend``): W is 4 hexes from 18A, beyond its OMF
    of 3, and next to H01."""
    assert W not in routes(ctx(game({"18A": "1310", "H01": C}, turn=2)), "18A", "op")
    held = game({"18A": "1310", "I": W, "H01": C}, turn=2)
    assert W in bonus_only_ends(held, "18A")


def test_siberians_are_not_placed_next_to_an_isolated_unit() -> None:
    """DCH: Siberian Reserve: "on or adjacent to any other Russian unit in supply" (finding 5:
    mutant ``sib_supply``): T01 on C, ringed on five sides, has no supply line."""
    ring = {"I": W, "XX": NW, "XIII": SW, "18A": NE, "16A": SE}
    g = game({"T01": C, **ring}, turn=SNOW_TURN)
    siberians_back(g)
    assert statuses(ctx(g), cn.RUSSIAN)["T01"] == SupplyStatus.UNSUPPLIED
    places = set(siberian_hexes(ctx(g), "S1"))
    assert C not in places and E not in places
    free = game({"T01": C}, turn=SNOW_TURN)
    siberians_back(free)
    assert {C, E} <= set(siberian_hexes(ctx(free), "S1"))


def test_siberians_are_not_placed_on_a_russian_town_cut_off_from_supply() -> None:
    """DCH: Siberian Reserve: "on any Russian city or town in supply" (finding 5: mutant
    ``sib_city_supply``): the town 1712, Russian-held, in the ZOC of 18A."""
    town = "1712"
    for axis, offered in (({}, True), ({"18A": "1611"}, False)):
        g = game(axis, turn=SNOW_TURN)
        g.state.control[town] = cn.RUSSIAN
        siberians_back(g)
        assert g.scenario.board.has(town, "town")
        assert (town in siberian_hexes(ctx(g), "S1")) is offered


def test_tank_factors_are_cumulated_between_turns() -> None:
    """DCH: Russian Reinforcements and Replacements: each factory's tank factor "can be
    cumulated between turns" (finding 6: mutant ``tank_cumulate``): with one factory held and
    Tankograd, 2 factors a turn bring a lost 3-2 korps back on the second turn."""
    g = game({}, turn=2)
    board = g.scenario.board
    for n in board.nodes_with("factory")[1:]:
        g.state.control[n] = cn.AXIS
    g.state.put(attrs.evolve(g.state.units["T01"], at=None, box=cn.ELIMINATED))
    assert cn.attack_factor(ctx(g), "T01") == 3
    at_step(g, "russian-admin")
    assert g.state.get("tank_factors") == 2
    assert g.decision is None or g.decision.step != "russian-arrival"
    g.state.turn = 3
    at_step(g, "russian-admin")
    assert g.state.get("tank_factors") == 1
    assert g.decision is not None and g.decision.step == "russian-arrival"
    place = next(a for a in g.legal_actions() if isinstance(a, Place))
    g.apply(place)
    assert g.state.units["T01"].at == place.at


def test_by_sea_only_to_a_port_of_ones_own() -> None:
    """DCH: Strategic Movement by Sea: "to a friendly-controlled port" (finding 7: mutant
    ``sea_port_control``): an empty Sevastopol held by the Axis, or by nobody, is refused."""
    g = game({"H01": ODESSA}, turn=2, profiles={"H01": "2-2"})
    assert SEVASTOPOL in dict(ports(ctx(g), "H01"))
    g.state.control[SEVASTOPOL] = cn.AXIS
    assert SEVASTOPOL not in dict(ports(ctx(g), "H01"))
    del g.state.control[SEVASTOPOL]
    assert SEVASTOPOL not in dict(ports(ctx(g), "H01"))
