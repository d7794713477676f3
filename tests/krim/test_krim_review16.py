"""Krim: sixteenth rules review (the rule text, sentence by sentence): the Soviet player names
the sea hex of an opposed landing and of an attack on an enemy-held straits hex (it decides the
Concentric Assault +1), and artillery makes no Mobile Assault, even when mechanized."""

from __future__ import annotations

import pytest
from krim_support import goto, new, unit
from test_krim_sea import box, qrb, sea_game

from wargames.core.actions import Attack, Choose, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game


def landing(sea: str) -> Game:
    """Q lands against AX in B3 (sea hexes A2 and A3) from ``sea``; L joins from C2."""
    game = sea_game(
        qrb("Q", att=(9, 5), dfn=(9, 5)), unit("AX", "axis", "B3"), unit("L", "soviet", "C2")
    )
    game.apply(Place("Q", "B3"))
    assert game.decision is not None and game.decision.step == "landing-sea"
    assert list(game.legal_actions()) == [Choose("sea:A2"), Choose("sea:A3")]
    game.apply(Choose(f"sea:{sea}"))
    return game


def test_the_soviet_player_names_the_sea_hex_of_an_opposed_landing() -> None:
    """Krim: Opposed Landings: "move the Soviet units into a sea hex next to the desired landing
    hex": with two sea hexes next to B3 the player picks one, and the landers sail there."""
    for sea in ("A2", "A3"):
        game = landing(sea)
        q = game.state.units["Q"]
        assert q.at == sea and q.has("at-sea")
        assert game.decision is not None and game.decision.step == "movement"
    game = sea_game(qrb("Q"), unit("AX", "axis", "B3"))
    game.apply(Place("Q", "B3"))
    with pytest.raises(IllegalAction, match="sea hex next to B3"):
        game.apply(Choose("sea:H7"))


def test_the_landing_sea_hex_decides_the_concentric_assault_bonus() -> None:
    """Krim: Concentric Assault: from A3 the landers and L in C2 attack B3 from opposite hexes
    (+1 to the defender's result); from A2 they do not. Same die, roll 1."""
    results = {}
    for sea in ("A2", "A3"):
        game = landing(sea)
        game.apply(Pass())  # end of movement: the landing is resolved first in combat
        game.apply(Choose("add:L"))
        game.apply(Choose("odds"))
        game.apply(Outcome(1))
        results[sea] = [e.data for e in game.events if e.kind == "result"][-1]["defender"]
    assert results == {"A2": 0, "A3": 1}


def test_the_soviet_player_names_the_sea_hex_of_an_enemy_held_straits_hex() -> None:
    """Krim: The Kerch Straits (an enemy-held straits hex is attacked as an opposed landing,
    reading): with G6 and H7 both sea, the player picks the hex K crosses to."""
    game = sea_game(box("K", att=(9,), dfn=(9,)), unit("AX", "axis", "H6"), sea=("G6",))
    game.apply(Place("K", "H6"))
    assert list(game.legal_actions()) == [Choose("sea:G6"), Choose("sea:H7")]
    game.apply(Choose("sea:G6"))
    assert game.state.units["K"].at == "G6" and game.state.units["K"].has("at-sea")


def test_a_single_sea_hex_needs_no_choice() -> None:
    """With one sea hex (H7 next to H6) the unit sails there at once, as before."""
    game = sea_game(box("K", att=(9,), dfn=(9,)), unit("AX", "axis", "H6"))
    game.apply(Place("K", "H6"))
    assert game.state.units["K"].at == "H7"
    assert game.decision is not None and game.decision.step == "movement"


def test_mechanized_artillery_makes_no_mobile_assault() -> None:
    """Krim: Artillery and Barrages: "Artillery units may only attack by firing barrages" (Mobile
    Assault: "All German mechanized units ... may make MAs"): a mechanized gun is offered no MA
    and is refused one; a panzer in the same hex is offered it."""
    units = [
        unit("S1", "soviet", "E6"),
        unit("A0", "axis", "H10"),
        unit("PZ", "axis", "E7", (6, 4), (6, 4), 8, flags=("mechanized",)),
        unit(
            "SPA", "axis", "E7", (6,), (2,), 8, kind="artillery",
            flags=("artillery", "mechanized"), rng=2,
        ),
    ]  # fmt: skip
    game = new(units)
    goto(game, "Axis Movement Phase", "begin-movement", turn=3)
    game.apply(Choose("move:SPA"))
    assert not [a for a in game.legal_actions() if isinstance(a, Attack)]
    with pytest.raises(IllegalAction, match="artillery"):
        game.apply(Attack(("SPA",), "E6"))
    game = new(units)
    goto(game, "Axis Movement Phase", "begin-movement", turn=3)
    game.apply(Choose("move:PZ"))
    assert Attack(("PZ",), "E6") in list(game.legal_actions())
