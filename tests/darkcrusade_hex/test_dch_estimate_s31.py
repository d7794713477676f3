"""The search estimate's s31 terms (DCH: Victory Conditions, DCH: Supply): the whole army's
advance is measured towards the Russian victory cities only, and the rail heads' reach towards
them counts, so that rail the Axis controls ahead of a rail head raises the estimate, and so
does the share of the Axis ground factors in supply."""

from __future__ import annotations

from dch_support import C, ctx, game

import wargames
from wargames.core.estimate import control_share
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex import victory

WARSAW = "0312"
AHEAD = "0409"  # the rail hex east of the Koenigsberg rail head (0309), Russian at the start
HUNGARY = "0117"  # an Axis-controlled hex far from every rail head and victory city


def terms(g: wargames.Game) -> dict[str, float]:
    c = ctx(g)
    return {
        "points": float(victory.axis_points(c)[0]),
        "factors": victory.factor_share(c, cn.AXIS),
        "control": control_share(c, cn.AXIS),
        "approach": victory.approach(c),
        "advance": victory.advance(c),
    }


def test_rail_the_axis_controls_ahead_of_a_rail_head_raises_only_the_supply_reach() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=0)
    assert g.state.control[AHEAD] == cn.RUSSIAN and g.state.control[HUNGARY] == cn.AXIS
    before, reach = terms(g), victory.supply_reach(ctx(g))
    axis, russian = g.title.evaluate(ctx(g), cn.AXIS), g.title.evaluate(ctx(g), cn.RUSSIAN)
    # the rail hex ahead taken, a hex in Hungary given up: the same share of the hexes
    g.state.control[AHEAD] = cn.AXIS
    g.state.control[HUNGARY] = cn.RUSSIAN
    assert terms(g) == before
    assert victory.supply_reach(ctx(g)) > reach  # the rail head will advance onto 0409
    assert g.title.evaluate(ctx(g), cn.AXIS) > axis
    assert g.title.evaluate(ctx(g), cn.RUSSIAN) < russian


def test_a_unit_on_warsaw_has_not_advanced_one_nearer_kiev_has() -> None:
    home = victory.advance(ctx(game({"4A": WARSAW})))
    east = victory.advance(ctx(game({"4A": "0413"})))
    assert east > home  # Warsaw, held from the start, is no objective of the advance


def test_a_unit_out_of_supply_lowers_only_the_supplied_share() -> None:
    # DCH: Weather: in Snow (turn 12) an Axis unit farther than 3 hexes from an Axis army in
    # supply is out of supply; on turn 1 the same korps, 2 hexes from the rail head, is in
    # Full Supply
    fed, cut = game({"I": C}), game({"I": C}, turn=12)
    assert terms(fed) == terms(cut)
    assert victory.supply_reach(ctx(fed)) == victory.supply_reach(ctx(cut))
    assert victory.supplied_share(ctx(fed)) == 1.0 and victory.supplied_share(ctx(cut)) == 0.0
    assert fed.title.evaluate(ctx(fed), cn.AXIS) > cut.title.evaluate(ctx(cut), cn.AXIS)
    assert fed.title.evaluate(ctx(fed), cn.RUSSIAN) < cut.title.evaluate(ctx(cut), cn.RUSSIAN)
