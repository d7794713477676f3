"""DCH: Strategic Movement by Sea."""

from __future__ import annotations

from fractions import Fraction

from dch_support import at_step, ctx, game

from wargames.core.actions import Choose, Outcome, Place
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.sea import ports

ODESSA, SEVASTOPOL, RIGA, TALLINN = "0920", "1222", "0606", "0603"


def test_one_unit_per_sea_to_a_friendly_port_of_the_same_sea_at_a_risk() -> None:
    g = game({"H01": ODESSA, "H02": "1019"}, turn=2, profiles={"H01": "2-2", "H02": "2-2"})
    assert SEVASTOPOL in dict(ports(ctx(g), "H01"))
    assert RIGA not in dict(ports(ctx(g), "H01"))  # another sea
    at_step(g, "sea", side=cn.RUSSIAN)
    g.apply(Choose("H01"))
    g.apply(Place("H01", SEVASTOPOL))
    # the Russians hold Sevastopol: the Black Sea is theirs, 1 chance in 6 of being sunk
    assert {a.value: p for a, p in g.chance_outcomes()} == {
        "sunk": Fraction(1, 6),
        "arrived": Fraction(5, 6),
    }
    g.apply(Outcome("arrived"))
    unit = g.state.units["H01"]
    assert unit.at == SEVASTOPOL and unit.has(cn.DISRUPTED)
    assert not ports(ctx(g), "H02")  # the Black Sea move of the turn is used


def test_the_risk_is_three_in_six_on_an_enemy_sea_and_no_combat_landings() -> None:
    g = game({"H01": RIGA, "I": "0309"}, turn=2, profiles={"H01": "2-2"})  # Koenigsberg Axis
    at_step(g, "sea", side=cn.RUSSIAN)
    g.apply(Choose("H01"))
    g.apply(Place("H01", TALLINN))
    assert dict((a.value, p) for a, p in g.chance_outcomes())["sunk"] == Fraction(3, 6)
    g.apply(Outcome("sunk"))
    assert g.state.units["H01"].box == cn.ELIMINATED
    g2 = game({"H01": RIGA, "I": TALLINN}, turn=2, profiles={"H01": "2-2"})
    assert TALLINN not in dict(ports(ctx(g2), "H01"))
