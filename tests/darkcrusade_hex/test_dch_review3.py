"""Third rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong (`notes/s26/review-dch/findings.md`)."""

from __future__ import annotations

import pytest
from dch_support import NW, SW, C, W, at_step, ctx, die_for, fight, game, stage

from wargames.core.actions import Advance, AllocateLosses, Choose, Move, Outcome, Retreat
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn

ARMIES = {"18A": W, "16A": NW, "9A": SW}


def where(g: Game, uid: str) -> str | None:
    return g.state.units[uid].at


def _german_attack(g: Game, order: str) -> None:
    """The German armies attack C; the defender gives ``order``; no press, no round-up."""
    fight(g, list(ARMIES), C)
    g.apply(Choose(order))
    if order.startswith("hold:"):
        g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))


def test_a_d3_under_no_retreat_eliminates_the_defenders() -> None:
    """DCH: "No Retreat!" Orders: a D2 under the order is a DE; a D3 (no conversion in the
    text) must not leave the stack better off: it is eliminated as units unable to retreat."""
    g = game({**ARMIES, "H01": C}, profiles={"H01": "3-3"})
    _german_attack(g, "no-retreat")
    g.apply(Outcome(die_for(g, "D3")))
    g.apply(Choose("no"))  # no Forced Exchange
    assert where(g, "H01") is None
    assert g.state.units["H01"].box == cn.ELIMINATED
    # a unit given the order in a mixed stack: eliminated, the others retreat
    g = game({**ARMIES, "H01": C, "T01": C}, profiles={"H01": "2-2"})
    _german_attack(g, "hold:H01")
    g.apply(Outcome(die_for(g, "D3")))
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    assert where(g, "H01") is None
    g.apply(Choose("retreat:3"))
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and all(a.units == ("T01",) for a in routes)


def test_a_d3_overruns_the_pure_infantry_a_d2_overruns() -> None:
    """DCH: Armored Overrun: a D2 eliminates pure infantry outnumbered by pure panzer factors;
    "a D3 result can eliminate a German korps or any army" too, not instead."""
    for code in ("D2", "D3"):
        g = game({"1Pz": W, "7Pz": NW, "WR1": C})  # 4 panzer factors on a 1-1 rifle division
        fight(g, ["1Pz", "7Pz"], C)
        g.apply(Choose("retreat"))
        g.apply(Choose("press:0"))
        if stage(g) == "round-up":
            g.apply(Outcome("stay"))
        g.apply(Outcome(die_for(g, code)))
        assert where(g, "WR1") is None, code
        assert any("armored overrun" in e.text for e in g.events), code


def test_an_overrun_may_not_put_two_mobile_units_into_a_mountain_hex() -> None:
    """DCH: Terrain (Mountain): "there may not be more than 1 [panzer/tank or motorized unit]
    per mountain hex", an overrun's end included."""
    g = game({"18A": W, "1Pz": W, "7Pz": W, "WR1": C}, terrain={C: "mountain"})
    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    two = Move(("18A", "1Pz", "7Pz"), (W, C))
    assert two not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match=r"[Mm]ountain"):
        g.apply(two)
    g = game({"18A": W, "1Pz": W, "I": W, "WR1": C}, terrain={C: "mountain"})
    at_step(g, "orders", unit="18A", side="axis", mode="op", moved=False)
    one = Move(("18A", "1Pz", "I"), (W, C))  # 10 factors, one mobile unit
    assert one in list(g.legal_actions())


def test_axis_allied_units_stay_in_the_south_by_rail_and_in_advances() -> None:
    """DCH: Operational Movement: "Axis allied units must remain in the south" (provisional
    line: row 13) on every move, rail moves and tactical advances included."""
    from wargames.darkcrusade.hex.rail import destinations

    g = game({"3RoA": "0622"}, turn=2)
    ends = destinations(ctx(g), "3RoA")
    assert ends and all(int(n[2:]) >= 13 for n in ends)
    g = game({"3RoA": "1813", "4RoA": "1713", "H01": "1812"}, profiles={"H01": "1-1"}, turn=2)
    fight(g, ["3RoA", "4RoA"], "1812")
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "DE")))
    assert where(g, "H01") is None
    assert not [a for a in g.legal_actions() if isinstance(a, Advance)]


def exchange(g: Game, attackers: list[str], code: str) -> None:
    """A Russian attack on C rolled to ``code``, the defender taking the exchange."""
    fight(g, attackers, C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(die_for(g, code)))
    while g.decision is not None and g.decision.step == "battle-choose":
        g.apply(Choose("exchange"))


def test_a_partial_exchange_covers_defenders_by_their_modified_defence() -> None:
    """DCH: X/2, X, 2X: "Defending units whose factor-modified defense factors are at least
    equaled by some of the attacking units' factors are Eliminated": 6 attacking factors on
    two 3-3 infantry korps doubled on hills (6 each) cover one korps, not both."""
    g = game(
        {"H01": W, "H02": NW, "I": C, "XX": C},
        profiles={"H01": "3-3", "H02": "3-3"},
        terrain={C: "hills"},
        turn=2,
    )
    exchange(g, ["H01", "H02"], "X")
    gone = [u for u in ("I", "XX") if where(g, u) is None]
    assert len(gone) == 1
    kept = ({"I", "XX"} - set(gone)).pop()
    assert g.state.units[kept].has(cn.DISRUPTED)
    assert where(g, "H01") is None and where(g, "H02") is None


def test_russian_armour_first_only_covers_german_factors() -> None:
    """DCH: X: "Attacking Russian armor/tank lost first when covering German panzer, motinf,
    or army factors": not when covering a Rumanian army."""
    g = game({"T01": W, "H01": NW, "3RoA": C}, profiles={"H01": "3-3"}, turn=2)
    exchange(g, ["T01", "H01"], "X/2")
    assert where(g, "3RoA") is None
    assert g.decision is not None and g.decision.step == "battle-loss"
    assert set(g.legal_actions()) == {AllocateLosses(("T01",)), AllocateLosses(("H01",))}


def test_russian_close_air_support_is_one_column_whatever_the_other_shifts() -> None:
    """DCH: Bombing and Close Air Support: the German "not more than doubling the odds" cap
    is the fliegerkorps'; "The Russian Close Air Support bonus is 1 column shift, regardless
    of terrain", even where Snow and a Disrupted defender already shift the odds to double."""
    import attrs

    from wargames.darkcrusade.hex.air import BOX

    g = game({"T01": W, "T02": NW, "18A": C}, turn=12)  # Snow: 6 vs 5, +3 columns
    g.state.put(attrs.evolve(g.state.units["VVS-W"], box=BOX))
    g.state.set("airbases", {"VVS-W": "1812"})  # 2 hexes away: within half its range
    g.state.control["1812"] = cn.RUSSIAN
    g.state.put(g.state.units["18A"].marked(cn.DISRUPTED))
    fight(g, ["T01", "T02"], C)
    before = g.state.get("battle")["shift"]
    g.apply(Choose("VVS-W"))
    while g.decision is not None and g.decision.step == "air-strike-roll":
        g.apply(Outcome(2))  # no effect on the strike table
    assert g.state.get("battle")["shift"] - before == 1


def test_a_frozen_lake_carries_supply_lines_and_zocs_in_snow() -> None:
    """DCH: Weather: "Rivers, Swamps, and Lakes freeze over and are nullified in Snow": the
    frozen Ladoga is land for supply lines and ZOCs as for movement. German armies on 0803 and
    0903 cut Leningrad (0902) off by land; its line runs over the lake (0901, 1001)."""
    from wargames.core.supply import SupplyStatus
    from wargames.darkcrusade.hex.supply import statuses
    from wargames.darkcrusade.hex.zoc import zone_map

    snow, mud = (12, SupplyStatus.SUPPLIED, True), (10, SupplyStatus.UNSUPPLIED, False)
    for turn, status, zoc in (snow, mud):
        g = game(
            {"H01": "0902", "H02": "1102", "18A": "0803", "16A": "0903"},
            turn=turn,
            profiles={"H01": "2-2", "H02": "2-2"},
        )
        c = ctx(g)
        assert statuses(c, cn.RUSSIAN)["H01"] == status, turn
        lake = c.board.index.number["1002"]  # the lake hex next to 16A
        assert (lake in zone_map(c, cn.AXIS).nodes) == zoc, turn
