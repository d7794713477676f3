"""Tenth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong, or gives a done row a test that can fail (`notes/s28/review10-dch/findings.md`)."""

from __future__ import annotations

import attrs
from dch_support import C, E, W, at_step, ctx, fight, game, stage

from wargames.core.actions import Choose, Outcome
from wargames.core.game import Game
from wargames.core.markers import TURN, has_scoped
from wargames.core.supply import SupplyStatus
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.air import BOX, available
from wargames.darkcrusade.hex.air_combat import (
    aa_capable,
    intercept_result,
    sheltered,
    strike_result,
)
from wargames.darkcrusade.hex.supply import statuses

RUMANIAN_BASE, BESIDE, TARGET = "0621", "0617", "0718"  # 0718 is 3 hexes from 0621
MOSCOW, PRZEMYSL = "1408", "0315"  # Przemysl: a fortress, neither major nor victory city


def with_air(g: Game, bases: dict[str, str]) -> None:
    for uid, hex_ in bases.items():
        g.state.put(attrs.evolve(g.state.units[uid], box=BOX))
        g.state.control[hex_] = g.scenario.units[uid].side
    g.state.set("airbases", bases)


def bombing_from_rumania(turn: int) -> Game:
    """18A on 0617 attacks H01 on 0718 (neither in Rumania); IV.FK is based in Rumania."""
    g = game({"18A": BESIDE, "H01": TARGET}, turn=turn, profiles={"H01": "1-1"})
    with_air(g, {"IV.FK": RUMANIAN_BASE})
    assert g.scenario.board.has(RUMANIAN_BASE, "romania")
    assert not g.scenario.board.has(TARGET, "romania")
    assert not g.scenario.board.has(BESIDE, "romania")
    fight(g, ["18A"], TARGET)
    return g


def test_close_air_support_keeps_the_first_turn_rules_on_rumania() -> None:
    """DCH: Special First Turn Rules (finding 1): "The Axis may not attack out of Rumania on
    the first turn"; bombing in Close Air Support "attacks each ground unit in the target hex"
    as an airstrike does, so a fliegerkorps based in Rumania may not support on turn 1, and
    its bombing later opens Rumania to the Russians as its airstrike would."""
    g = bombing_from_rumania(turn=1)
    assert Choose("IV.FK") not in g.legal_actions()
    assert stage(g) != "air"
    g = bombing_from_rumania(turn=2)
    assert stage(g) == "air" and Choose("IV.FK") in g.legal_actions()
    assert not g.state.get("romania_attacked", False)
    g.apply(Choose("IV.FK"))
    assert g.decision is not None and g.decision.step == "air-strike-roll"
    g.apply(Outcome(2))
    assert g.state.get("romania_attacked") is True


def test_aa_needs_an_undisrupted_german_army_or_a_russian_held_victory_city() -> None:
    """DCH: AA = "Air unit shot down if attacking UnDisrupted German army or Russian victory
    city" (finding 2: mutants ``aa_disrupted``, ``aa_no_victory``, ``aa_victory_control``)."""
    g = game({"18A": C}, turn=2, axis_hexes=("1609",))
    with_air(g, {"VVS-W": "1814"})  # 4 hexes from C: beyond half range, die 1 worse
    assert aa_capable(ctx(g), "18A")
    g.state.put(g.state.units["18A"].marked(cn.DISRUPTED))
    assert not aa_capable(ctx(g), "18A")
    # die 1, +1 against a Disrupted unit, -1 beyond half range: the table's AA, read as "-"
    assert strike_result(ctx(g), "VVS-W", "18A", 1) == "-"
    m = game({"H01": MOSCOW}, turn=2, profiles={"H01": "2-2"}, axis_hexes=("1609",))
    with_air(m, {"II.FK": "1609"})
    assert aa_capable(ctx(m), "H01")
    assert strike_result(ctx(m), "II.FK", "H01", 1) == "AA"
    m.state.control[MOSCOW] = cn.AXIS  # not a Russian victory city then
    assert not aa_capable(ctx(m), "H01")
    assert strike_result(ctx(m), "II.FK", "H01", 1) == "-"


def test_d_star_spares_units_in_a_fortress_that_is_neither_major_nor_victory_city() -> None:
    """DCH: D* = "-" in "major, victory, or forest [fortress] cities" (finding 2: mutant
    ``shelter_no_fortress``): Przemysl, a fortress on clear terrain, shelters its units."""
    g = game({"H01": PRZEMYSL}, turn=2, profiles={"H01": "2-2"})
    board = g.scenario.board
    assert board.has(PRZEMYSL, "fortress") and board.terrain(PRZEMYSL) == "clear"
    assert not board.has(PRZEMYSL, "major") and not board.has(PRZEMYSL, "victory")
    assert sheltered(ctx(g), "H01")


def test_an_airstrike_beyond_half_range_is_one_worse_on_the_die() -> None:
    """DCH: Range: "at more than half these ranges decreases effectiveness" (finding 2:
    mutant ``strike_far``): VVS-W (range 4) strikes the XX korps in C with a 4, a D from 1812
    (2 hexes), "-" from 1814 (4 hexes)."""
    for base_, result in (("1812", "D"), ("1814", "-")):
        g = game({"XX": C, "T01": "1910"}, turn=2, axis_hexes=("1609",))
        with_air(g, {"VVS-W": base_})
        assert strike_result(ctx(g), "VVS-W", "XX", 4) == result, base_


def test_an_interceptor_beyond_half_its_range_is_one_worse_on_the_die() -> None:
    """DCH: Range: "... increases enemy interception by 1 on the die roll in all cases"
    (finding 2: mutant ``icpt_far_interceptor``): II.FK (range 6) intercepting VVS-W over C
    with a 4: Intercepted from 1609 (2 hexes), "-" from 1606 (4 hexes)."""
    for base_, result in (("1609", "Intercepted"), ("1606", "-")):
        g = game({"T01": "1910", "XX": C}, turn=2, axis_hexes=("1609", base_))
        with_air(g, {"VVS-W": "1812", "II.FK": base_})
        assert intercept_result(ctx(g), "II.FK", "VVS-W", C, 4) == result, base_


def test_german_air_supply_within_half_range_is_certain_and_out_of_range_not_offered() -> None:
    """DCH: Air Supply: "any one hex within its maximum range"; only "German Air Supply at
    more than 50% range becomes 50% successful" (finding 3: mutants
    ``airsupply_axis_always_50``, ``airsupply_range_plus2``)."""
    g = game({"I": "2013"}, axis_hexes=("1609", "1713"))  # 1713: 3 hexes from 2013
    with_air(g, {"II.FK": "1713"})
    assert statuses(ctx(g), cn.AXIS)["I"] != SupplyStatus.SUPPLIED
    at_step(g, "air-supply", side=cn.AXIS)
    g.apply(Choose("II.FK>2013"))
    assert g.decision is None or g.decision.step != "air-drop"
    assert statuses(ctx(g), cn.AXIS)["I"] == SupplyStatus.SUPPLIED
    far = game({"I": "2013"}, axis_hexes=("1609", "1510"))  # 1510: 7 hexes from 2013
    with_air(far, {"II.FK": "1510"})
    assert g.scenario.board.distance("1510", "2013") == 7
    assert available(ctx(far), "II.FK")
    at_step(far, "air-supply", side=cn.AXIS)
    assert Choose("II.FK>2013") not in far.legal_actions()


def test_russian_air_supply_beyond_half_range_is_certain() -> None:
    """DCH: Air Supply: the 50% beyond half range is German only (finding 3: mutant
    ``airsupply_far_all``): VVS-W (range 4) from 1814 supplies H01, cut off in C."""
    g = game({"H01": C, "18A": W, "9A": E}, turn=2, profiles={"H01": "2-2"})
    with_air(g, {"VVS-W": "1814"})
    assert g.scenario.board.distance("1814", C) == 4
    assert statuses(ctx(g), cn.RUSSIAN)["H01"] != SupplyStatus.SUPPLIED
    at_step(g, "air-supply", side=cn.RUSSIAN)
    g.apply(Choose(f"VVS-W>{C}"))
    assert g.decision is None or g.decision.step != "air-drop"
    assert has_scoped(g.state.units["H01"], cn.AIR_SUPPLIED, TURN)


def test_close_air_support_reaches_exactly_the_air_range() -> None:
    """DCH: Air: "Maximum German fliegerkorps air range is 6 hexes from its base" (finding 4:
    mutant ``cas_range_plus1``): II.FK supports the attack on E from 6 hexes, not from 7."""
    for base_, offered in (("1310", True), ("1209", False)):
        g = game({"18A": C, "H01": E}, profiles={"H01": "1-1"}, axis_hexes=("1609", base_))
        with_air(g, {"II.FK": base_})
        assert g.scenario.board.distance(base_, E) == (6 if offered else 7)
        assert available(ctx(g), "II.FK")
        fight(g, ["18A"], E)
        assert (Choose("II.FK") in g.legal_actions()) == offered, base_


def test_close_air_support_beyond_half_range_is_one_column_less() -> None:
    """DCH: Range: supporting "at more than half these ranges decreases effectiveness", read
    as one column less (finding 4: mutant ``cas_half_range``): from 1409, 4 hexes from C, a
    fliegerkorps adds 1 column, the VIII. 2 (5:1, far from the doubling cap)."""
    for uid, shift in (("II.FK", 1), ("VIII.FK", 2)):
        g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("1609", "1409"))
        with_air(g, {uid: "1409"})
        assert g.scenario.board.distance("1409", C) == 4
        fight(g, ["18A"], C)
        before = g.state.get("battle")["shift"]
        g.apply(Choose(uid))
        while g.decision is not None and g.decision.step == "air-strike-roll":
            g.apply(Outcome(2))  # no effect on the strike table
        assert g.state.get("battle")["shift"] - before == shift, uid
