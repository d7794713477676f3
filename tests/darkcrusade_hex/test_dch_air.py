"""DCH: Air: Close Air Support shifts, ranges, one offensive use a turn, no combined Russian
front air units, non-operational airfields out of full supply, the doubling cap."""

from __future__ import annotations

import attrs
from dch_support import SW, C, W, ctx, fight, game, stage

from wargames.core.actions import Choose, Pass
from wargames.core.game import Game
from wargames.darkcrusade.hex.air import BOX


def with_air(g: Game, bases: dict[str, str]) -> None:
    for uid in bases:
        g.state.put(attrs.evolve(g.state.units[uid], box=BOX))
    g.state.set("airbases", bases)
    for hex_ in bases.values():
        g.state.control[hex_] = g.scenario.units[next(iter(bases))].side


def quiet(g: Game, die: int = 2) -> None:
    """Roll ``die`` for every airstrike die now pending (2: no effect on the strike table)."""
    from wargames.core.actions import Outcome

    while g.decision is not None and g.decision.step == "air-strike-roll":
        g.apply(Outcome(die))


def test_fliegerkorps_add_two_columns_the_viii_three_not_more_than_doubling() -> None:
    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("1609",))
    with_air(g, {"II.FK": "1609", "VIII.FK": "1609"})
    fight(g, ["18A"], C)  # 5:1
    assert stage(g) == "air"
    assert set(g.legal_actions()) == {Pass(), Choose("II.FK"), Choose("VIII.FK")}
    before = g.state.get("battle")["shift"]
    g.apply(Choose("VIII.FK"))
    quiet(g)
    after = g.state.get("battle")["shift"]
    # 5:1 doubled is 10:1, above the 9:1 top column: the full 3 shifts count
    assert after - before == 3
    g.apply(Choose("II.FK"))  # already at the top: nothing more
    quiet(g)
    assert stage(g) == "no-retreat"


def test_air_support_is_capped_at_double_odds() -> None:
    g = game({"18A": W, "H01": C}, profiles={"H01": "3-3"}, axis_hexes=("1609",))
    with_air(g, {"VIII.FK": "1609"})
    fight(g, ["18A"], C)  # 5:3 = 3:2; doubled 10:3 = 3:1, two columns up at most
    before = g.state.get("battle")["shift"]
    g.apply(Choose("VIII.FK"))
    quiet(g)
    assert g.state.get("battle")["shift"] - before == 2


def test_each_air_unit_supports_once_a_turn_and_only_in_range() -> None:
    g = game(
        {"18A": W, "9A": SW, "H01": C, "H02": "1811"},
        profiles={"H01": "1-1", "H02": "1-1"},
        axis_hexes=("1609",),
    )
    with_air(g, {"II.FK": "1609"})
    fight(g, ["18A"], C)
    g.apply(Choose("II.FK"))
    quiet(g)
    while g.decision is not None and g.decision.step.startswith("battle"):
        g.apply(next(iter(g.legal_actions())))
    fight(g, ["9A"], "1811")
    assert stage(g) == "no-retreat"  # II.FK has flown this turn
    far = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("0412",))
    with_air(far, {"II.FK": "0412"})  # far more than 6 hexes away
    fight(far, ["18A"], C)
    assert stage(far) != "air"


def test_russian_front_air_units_are_not_combined() -> None:
    g = game({"T01": W, "I": C}, turn=2)
    with_air(g, {"VVS-W": "1812", "VVS-SW": "1812"})
    fight(g, ["T01"], C)
    assert stage(g) == "air"
    g.apply(Choose("VVS-W"))
    quiet(g)
    assert stage(g) == "no-retreat"  # no second one


def test_an_airfield_out_of_full_supply_is_non_operational() -> None:
    g = game(
        {"18A": W, "H01": C, "H02": "1509"},
        profiles={"H01": "1-1", "H02": "2-2"},
        axis_hexes=("1609",),
    )
    with_air(g, {"II.FK": "1609"})
    g.state.set("railheads", [])  # 1609 is now far from any Axis supply source
    fight(g, ["18A"], C)
    assert stage(g) != "air"


def test_sw_is_a_neighbour_of_c() -> None:
    assert SW in game({}).scenario.board.neighbours(C)


def test_air_supply_of_a_hex_in_range_german_beyond_half_range_at_even_odds() -> None:
    from fractions import Fraction

    from dch_support import at_step

    from wargames.core.actions import Outcome
    from wargames.core.supply import SupplyStatus
    from wargames.darkcrusade.hex import counters as cn
    from wargames.darkcrusade.hex.supply import statuses

    g = game({"I": "2013"}, axis_hexes=("1609",))  # 6 hexes from the rail head: Limited
    with_air(g, {"II.FK": "1609"})
    assert statuses(ctx(g), cn.AXIS)["I"] == SupplyStatus.LIMITED
    at_step(g, "air-supply", side=cn.AXIS)
    g.apply(Choose("II.FK>2013"))
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "supplied": Fraction(1, 2),
        "missed": Fraction(1, 2),
    }
    g.apply(Outcome("supplied"))
    assert statuses(ctx(g), cn.AXIS)["I"] == SupplyStatus.SUPPLIED


def test_a_fliegerkorps_may_also_accompany_one_blitzkrieg_attack() -> None:
    from wargames.core.markers import TURN, scoped
    from wargames.darkcrusade.hex import counters as cn

    g = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("1609",))
    with_air(g, {"II.FK": "1609"})
    g.state.put(g.state.units["II.FK"].marked(scoped("flown", TURN)))  # used once already
    fight(g, ["18A"], C)
    assert stage(g) != "air"  # an ordinary attack: no second use
    g2 = game({"18A": W, "H01": C}, profiles={"H01": "1-1"}, axis_hexes=("1609",))
    with_air(g2, {"II.FK": "1609"})
    g2.state.put(g2.state.units["II.FK"].marked(scoped("flown", TURN)))
    g2.state.put(g2.state.units["18A"].marked(cn.BLITZ))
    fight(g2, ["18A"], C)
    assert stage(g2) == "air"  # a Blitzkrieg! attack
