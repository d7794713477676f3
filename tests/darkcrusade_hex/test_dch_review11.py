"""Eleventh rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong, or gives a done row a test that can fail (`notes/s28/review11-dch/findings.md`)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from dch_support import at_step, ctx, fight, game, roll_result

from wargames.core.actions import Advance, Attack
from wargames.core.game import Game
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex import rail, sea
from wargames.darkcrusade.hex.advances import advances
from wargames.darkcrusade.hex.battle import current
from wargames.darkcrusade.hex.movement import routes
from wargames.darkcrusade.hex.odds import odds
from wargames.darkcrusade.hex.supply import statuses
from wargames.darkcrusade.hex.weather import MUD, weather

SEVASTOPOL = "1222"  # port, city, victory, fortress: mountain terrain
ROAD = ("0415", "0515", "0615", "0715", "0815", "0915", "1015")  # clear hexes, road hexsides


def katyusha_beside_rumania(romania_attacked: bool) -> Game:
    """Kat1, T01 and T02 on 0719; T01 and T02 attack 18A on 0718; 3RoA stands on 0720 in
    Rumania."""
    g = game({"3RoA": "0720", "18A": "0718", "Kat1": "0719", "T01": "0719", "T02": "0719"}, turn=2)
    assert g.scenario.board.has("0720", "romania") and not g.scenario.board.has("0718", "romania")
    g.state.set("romania_attacked", romania_attacked)
    g.state.set("allocations", {"0718": ["T01", "T02"]})
    at_step(g, "combat", side=cn.RUSSIAN, mode="op")
    return g


def test_a_katyusha_may_not_fire_on_rumania_before_the_axis_attack_out_of_it() -> None:
    """DCH: Special First Turn Rules: "The Russians may not attack Rumania unless the Axis do
    attack out of it"; a Katyusha's fire is an attack ("They can attack an adjacent hex")
    (finding 1)."""
    legal = list(katyusha_beside_rumania(romania_attacked=False).legal_actions())
    assert Attack(("Kat1",), "0718") in legal
    assert Attack(("Kat1",), "0720") not in legal
    legal = list(katyusha_beside_rumania(romania_attacked=True).legal_actions())
    assert Attack(("Kat1",), "0718") in legal
    assert Attack(("Kat1",), "0720") in legal


def test_a_mobile_korps_may_not_sail_or_rail_into_a_mountain_hex(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DCH: Terrain (Mountain): "Panzer/tank and motorized units must be at division/brigade
    level to transit": the tank korps T01 may not end a sea move in Sevastopol (1222, mountain)
    nor a rail move there; a foot army may sail there, and so may the panzer division 1Pz
    (finding 2)."""
    for uid in ("T01", "H01"):
        g = game({uid: "1522"}, turn=2)
        g.state.control[SEVASTOPOL] = cn.RUSSIAN
        assert g.scenario.board.terrain(SEVASTOPOL) == "mountain"
        reach = {p for p, _ in sea.ports(ctx(g), uid)}
        assert (SEVASTOPOL in reach) == (uid == "H01"), uid
    # the Russian rail net never reaches 1222 in play: given a net that does
    g = game({"T01": "1522", "H01": "1522"}, turn=2)
    g.state.control[SEVASTOPOL] = cn.RUSSIAN
    monkeypatch.setattr(rail, "rail_net", lambda c, side: frozenset({"1522", SEVASTOPOL}))
    assert rail.destinations(ctx(g), "T01") == []
    assert rail.destinations(ctx(g), "H01") == [SEVASTOPOL]
    monkeypatch.undo()
    for uid, ok in (("XXXXI", False), ("1Pz", True)):
        g = game({uid: "1221"}, turn=6)
        g.state.control[SEVASTOPOL] = cn.AXIS
        assert (SEVASTOPOL in {p for p, _ in sea.ports(ctx(g), uid)}) == ok, uid


def advance_along_the_road(uid: str) -> set[tuple[str, ...]]:
    """1Pz, 7Pz and XXXXI on 0415 eliminate WR1 on 0515 with a DE: ``uid``'s advances."""
    g = game({"1Pz": ROAD[0], "7Pz": ROAD[0], "XXXXI": ROAD[0], "WR1": ROAD[1]}, turn=2)
    board = g.scenario.board
    assert all("road" in board.edge_features(a, b) for a, b in pairwise(ROAD))
    assert all(board.terrain(n) == "clear" for n in ROAD)
    fight(g, ["1Pz", "7Pz", "XXXXI"], ROAD[1])
    roll_result(g, "DE")
    return {
        a.path
        for a in advances(ctx(g), current(ctx(g)))
        if isinstance(a, Advance) and a.units == (uid,)
    }


def test_a_tactical_advance_pays_full_cost_for_the_vacated_hex_even_along_a_road() -> None:
    """DCH: Tactical Advances: "Advancing units may use road movement after the first/vacated
    hex": 1Pz (3 MFs) pays 1 MF for the vacated hex and 1/2 MF a road hex after it, 5 hexes in
    all; XXXXI (2 MFs) 3 hexes (finding 3)."""
    pz = advance_along_the_road("1Pz")
    assert ROAD[:6] in pz and ROAD not in pz
    assert max(len(p) for p in pz) - 1 == 5
    korps = advance_along_the_road("XXXXI")
    assert ROAD[:4] in korps and ROAD[:5] not in korps


RG_SUPPORT, RG_DEFENCE = (
    "DCH: Russian Leningrad Railway Guns (support)",
    ("DCH: Russian Leningrad Railway Guns (defence)"),
)
# Axis armies on every other neighbour of 0612 cut RG1 there off from supply (Isolated)
RING = {"18A": "0511", "16A": "0513", "9A": "0611", "4A": "0613", "6A": "0712"}


def gun_shifts(g: Game, attackers: list[str], target: str) -> dict[str, int]:
    return {k: v for k, v in odds(ctx(g), attackers, target).shifts if "Railway" in k}


def test_a_railway_gun_supports_only_across_its_rail_hexside_and_in_supply() -> None:
    """DCH: Russian Leningrad Railway Guns: "Adds 1 combat odds column shift supporting an
    attack down its line ... it must be in supply to shoot" (finding 4: mutants
    ``rg_support_any_edge``, ``rg_support_unsupplied``): T01 attacks I on 0512 (Brest); RG1
    on 0612 (a rail hexside to 0512) supports, on 0411 (no rail hexside) or Isolated not."""
    board = game({}).scenario.board
    assert "rail" in board.edge_features("0612", "0512")
    assert "rail" not in board.edge_features("0411", "0512")
    g = game({"RG1": "0612", "T01": "0413", "I": "0512"}, turn=2)
    assert gun_shifts(g, ["T01"], "0512") == {RG_SUPPORT: 1}
    g = game({"RG1": "0411", "T01": "0413", "I": "0512"}, turn=2)
    assert gun_shifts(g, ["T01"], "0512") == {}
    g = game({"RG1": "0612", "T01": "0413", "I": "0512", **RING}, turn=2)
    assert statuses(ctx(g), cn.RUSSIAN)["RG1"] == SupplyStatus.UNSUPPLIED
    assert gun_shifts(g, ["T01"], "0512") == {}


def test_a_railway_gun_defends_only_against_attacks_from_its_line_and_in_supply() -> None:
    """DCH: Russian Leningrad Railway Guns: "If being attacked by any units from its line, it
    reduces the attack by a 1 column shift", in supply (finding 4: mutants
    ``rg_defence_any_side``, ``rg_defence_unsupplied``): I attacks RG1 and H01 on 0612 from
    0512 (a rail hexside): -1; from 0511 (no rail hexside), or with RG1 Isolated: nothing."""
    board = game({}).scenario.board
    assert "rail" not in board.edge_features("0511", "0612")
    g = game({"RG1": "0612", "H01": "0612", "I": "0512"}, profiles={"H01": "1-1"})
    assert gun_shifts(g, ["I"], "0612") == {RG_DEFENCE: -1}
    g = game({"RG1": "0612", "H01": "0612", "I": "0511"}, profiles={"H01": "1-1"})
    assert gun_shifts(g, ["I"], "0612") == {}
    g = game({"RG1": "0612", "H01": "0612", "I": "0512", **RING}, profiles={"H01": "1-1"})
    assert statuses(ctx(g), cn.RUSSIAN)["RG1"] == SupplyStatus.UNSUPPLIED
    assert gun_shifts(g, ["I"], "0612") == {}


def farthest(g: Game, uid: str, attack: bool) -> int:
    """The farthest end of ``uid``'s operational routes from its hex (``attack``: the ends it
    may still attack from; else the bonus-only ends)."""
    at = g.state.units[uid].at
    assert at is not None
    board = g.scenario.board
    ends = routes(ctx(g), uid, "op")
    return max(board.distance(at, n) for n, (_, may) in ends.items() if may == attack)


def test_road_movement_extra_hex_in_the_bonus_move_katyushas_doubled_no_bonus_in_mud() -> None:
    """DCH: Road Movement: "Panzer/tank, motorized, not parachute, and katyusha units'
    movement is doubled on roads. All other units' movement is increased 1 extra hex both in
    operational movement and bonus movement"; Weather: Mud, no road movement bonus (finding 5:
    mutants ``road_no_bonus_extra``, ``road_no_katyusha``, ``road_mud_ok``), from Brest
    (0512) along its roads."""
    assert farthest(game({"18A": "0512"}, turn=2), "18A", attack=False) == 7  # 3 + 3 + 1
    assert farthest(game({"Kat1": "0512"}, turn=2), "Kat1", attack=True) == 10  # 5 doubled
    assert weather(ctx(game({}, turn=9))) == MUD
    assert farthest(game({"1Pz": "0512"}, turn=9), "1Pz", attack=True) == 3
