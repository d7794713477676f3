"""Sixteenth rules review of Dark Crusade (hex): the text, sentence by sentence
(`notes/s29/review16-dch/findings.md`)."""

from __future__ import annotations

import attrs
from dch_support import at_step, ctx, disrupt, game

from wargames.core.actions import Place
from wargames.core.game import Game
from wargames.darkcrusade.hex import air
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.air import BOX
from wargames.darkcrusade.hex.odds import odds

RG_SUPPORT = "DCH: Russian Leningrad Railway Guns (support)"


def gun_support(g: Game, attackers: list[str], target: str) -> dict[str, int]:
    shifts = dict(odds(ctx(g), attackers, target).shifts)
    return {k: v for k, v in shifts.items() if k == RG_SUPPORT}


def test_a_disrupted_railway_gun_gives_no_attack_support() -> None:
    """DCH: Russian Leningrad Railway Guns: "Like for Katyushas, it must be in supply to
    shoot"; Katyushas "may not attack if Unsupplied or Disrupted"; Disrupted Units "may not
    move or attack" (finding 1): RG1 on 0612, across a rail hexside from I on 0512, supports
    T01's attack from 0511 while UnDisrupted, not once Disrupted."""
    g = game({"RG1": "0612", "T01": "0511", "I": "0512"}, turn=2)
    assert gun_support(g, ["T01"], "0512") == {RG_SUPPORT: 1}
    disrupt(g, "RG1")
    assert cn.disrupted(ctx(g), "RG1")
    assert gun_support(g, ["T01"], "0512") == {}


def test_siberian_shock_armies_and_the_moscow_division_stay_eliminated_with_a_full_bank() -> None:
    """DCH: Russian Reinforcements and Replacements, a reading (finding 2, see Judgement
    calls): the rifle factors rebuild only the rifle armies ("Lost Russian infantry units go
    back into the same extra units pile"); a lost Siberian shock army (S1) or the Moscow
    Motorized Rifle Division (MMRD) is never replaced, however full the bank."""
    g = game({}, turn=14)
    rifle = sorted(u for u in g.state.units if cn.has(ctx(g), u, "hidden"))[0]
    for uid in ("S1", "MMRD", rifle):
        g.state.put(attrs.evolve(g.state.units[uid], at=None, box=cn.ELIMINATED))
    g.state.set("rifle_factors", 20)
    at_step(g, "russian-admin")
    offered: set[str] = set()
    while g.decision is not None and g.decision.step == "russian-arrival":
        places = [a for a in g.legal_actions() if isinstance(a, Place)]
        if not places:
            break
        offered |= {a.unit for a in places}
        g.apply(places[0])
    assert offered == {rifle}
    assert g.state.units[rifle].at is not None
    for uid in ("S1", "MMRD"):
        assert g.state.units[uid].box == cn.ELIMINATED
    assert int(g.state.get("rifle_factors", 0)) >= 2  # factors left unspent, none for them


def test_an_interceptor_korps_whose_city_falls_is_non_operational_not_shot_down() -> None:
    """DCH: Air Notes "Shot Down (or overrun on the ground) = Air unit out of game until 2
    player-turns later"; Range: "The Russian 6. and 7. Interceptor Korps may intercept out to
    a range of 3 hexes from Moscow and Leningrad", a reading (finding 3, see Judgement calls):
    the Interceptor Korps do not move, so the Axis taking Leningrad does not Shoot Down 7.IAK:
    it is non-operational while the city is lost and available once it is retaken.
    VVS-NW, whose airfield 0606 is taken at the same time, is Shot Down."""
    g = game({}, turn=6)
    bases = {"VVS-NW": "0606", "7.IAK": "0902"}
    for uid, hex_ in bases.items():
        g.state.put(attrs.evolve(g.state.units[uid], box=BOX))
        g.state.control[hex_] = cn.AXIS
    g.state.set("airbases", bases)
    c = ctx(g)
    air.relocate(c, cn.RUSSIAN)  # B.1
    assert set(g.state.get("grounded")) == {"VVS-NW"}
    assert not air.operational(c, "7.IAK")
    g.state.control["0902"] = cn.RUSSIAN
    assert air.available(c, "7.IAK")
    assert not air.available(c, "VVS-NW")
