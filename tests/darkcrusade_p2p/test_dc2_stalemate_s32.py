"""DC2 Combat (reading): a battle in which neither side can score a hit ends; the attacker
does not press on into rounds that change nothing (found by the search agent: 327 rounds of
a Snow attack at 2 against a 0 defence)."""

from __future__ import annotations

import pytest

from wargames.core.actions import Choose, Outcome, Pass
from wargames.core.game import Game
from wargames.darkcrusade.p2p.battle import fruitless, load

from .support import ctx, unit
from .test_dc2_combat import battle_at


def _first_round(weather: str, defence: int) -> Game:
    units = [
        unit("A", "axis", "Lublin", (2, 1), hits=3),
        unit("S", "soviet", "Rowno", (0, defence), hits=3),
    ]
    g = battle_at(units, [("A", "Lublin", "Rowno")])
    g.state.set("weather", weather)
    return g


@pytest.mark.parametrize("face", [1, 6])
def test_a_battle_where_no_hit_can_come_is_broken_off_combat(face: int) -> None:
    """Snow: the Axis fire at 2 reads two columns down (no hit on any face); the 0 defence
    does not fire: after the round the battle is over, the attacker at home."""
    g = _first_round("snow", 0)
    assert fruitless(ctx(g), load(ctx(g)))
    g.apply(Outcome(face))  # the Axis fire: no hit
    if g.decision is not None and g.decision.step == "withdraw":
        g.apply(Pass())
    assert g.decision is None or g.decision.step != "press-on"
    assert g.state.get("battle") is None
    assert g.state.units["A"].at == "Lublin" and g.state.units["S"].at == "Rowno"
    assert any(e.kind == "break-off" and "no hit" in e.text for e in g.events)


@pytest.mark.parametrize(("weather", "defence"), [("good", 0), ("snow", 3)])
def test_a_battle_where_a_hit_can_come_goes_on_at_the_attackers_choice(
    weather: str, defence: int
) -> None:
    """In good weather the Axis 2 hits on some faces; in Snow a 3 defence hits back: the
    attacker chooses to press on or break off."""
    g = _first_round(weather, defence)
    assert not fruitless(ctx(g), load(ctx(g)))
    g.apply(Outcome(6))  # the Axis fire (good weather, column A, die 6: no hit)
    if defence:
        g.apply(Outcome(1))  # the Soviet fire at 3, column B, die 1: no hit
    if g.decision is not None and g.decision.step == "withdraw":
        g.apply(Pass())
    assert g.decision is not None and g.decision.step == "press-on"
    g.apply(Choose("continue"))
    assert g.state.get("battle") is not None
