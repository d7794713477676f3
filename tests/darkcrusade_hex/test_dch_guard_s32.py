"""The search estimate's guard of the Russians' sudden-death cities (DCH: Victory Conditions:
the Russians win at once holding Warsaw, or Bucharest and Ploesti, in supply): the searched
Axis lost two of six games to Russian units walking into an empty Warsaw."""

from __future__ import annotations

from dch_support import ctx, game

from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex import victory

WARSAW, BUCHAREST = "0312", "0622"
NEAR_WARSAW = "0412"  # next to Warsaw
TWO_FROM_WARSAW = "0512"


def test_the_sudden_death_hexes_are_warsaw_and_bucharest_ploesti() -> None:
    assert victory.sudden_death_hexes(ctx(game({}))) == ([WARSAW], [BUCHAREST])


def test_an_empty_warsaw_with_a_russian_unit_near_is_less_safe_than_a_garrisoned_one() -> None:
    garrison = {"18A": WARSAW, "3RoA": BUCHAREST}
    held = victory.guard(ctx(game({**garrison, "H01": NEAR_WARSAW})))
    empty = victory.guard(ctx(game({"3RoA": BUCHAREST, "H01": NEAR_WARSAW})))
    farther = victory.guard(ctx(game({"3RoA": BUCHAREST, "H01": TWO_FROM_WARSAW})))
    assert held == 1.0
    assert empty == 0.0  # the Russian unit steps in next turn
    assert 0.0 < farther < 1.0
    assert victory.guard(ctx(game(garrison))) == 1.0  # no Russian unit near either


def test_an_axis_unit_in_the_way_puts_the_russian_unit_farther() -> None:
    # 0512 -> 0412 -> Warsaw: 2 hexes; with an Axis unit on 0412, round it: 3 (guard's
    # (d - 1) / GUARD_REACH: 1/5 against 2/5)
    reach = victory.GUARD_REACH
    open_ = victory.guard(ctx(game({"3RoA": BUCHAREST, "H01": TWO_FROM_WARSAW})))
    blocked = victory.guard(
        ctx(game({"3RoA": BUCHAREST, "H01": TWO_FROM_WARSAW, "18A": NEAR_WARSAW}))
    )
    assert (open_, blocked) == (1 / reach, 2 / reach)


def test_russian_warsaw_is_unsafe_and_the_estimate_sees_the_guard() -> None:
    g = game({"18A": WARSAW, "3RoA": BUCHAREST, "H01": NEAR_WARSAW})
    safe = g.title.evaluate(ctx(g), cn.AXIS)
    g.state.put(g.state.units["18A"].boxed("out"))
    assert victory.guard(ctx(g)) == 0.0
    assert g.title.evaluate(ctx(g), cn.AXIS) < safe
    g.state.control[WARSAW] = cn.RUSSIAN
    assert victory.guard(ctx(g)) == 0.0
