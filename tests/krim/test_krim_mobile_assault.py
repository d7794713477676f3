"""Krim: Mobile Assault."""

from __future__ import annotations

import pytest
from krim_support import goto, new, unit

from wargames.core.actions import Attack, Choose, Move, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game

PZ = dict(att=(8, 4), dfn=(6, 3), mf=8, kind="panzer", flags=("mechanized",))
STUG = dict(att=(3, 2), dfn=(2, 1), mf=8, kind="assault-gun", flags=("mechanized", "assault-gun"))


def game_at(turn: int, *extra: dict[str, object], **kw: object) -> Game:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    game = new(units, **kw)  # type: ignore[arg-type]
    goto(game, "Axis Movement Phase", "movement", turn=turn)
    return game


def ma(game: Game) -> list[Attack]:
    return [a for a in game.legal_actions() if isinstance(a, Attack)]


def test_german_mechanized_may_assault_at_triple_cost() -> None:
    game = game_at(1, unit("P", "axis", "E6", **PZ), unit("S2", "soviet", "E5", (1,), (1,)))
    game.apply(Choose("move:P"))
    assert ma(game) == [Attack(("P",), "E5")]
    game.apply(Attack(("P",), "E5"))
    assert game.state.stack[-2].args["spent"] == 3  # clear costs 1, tripled


def test_soviet_units_never_assault() -> None:
    units = [
        unit("S1", "soviet", "C7"),
        unit("A0", "axis", "H10"),
        unit("S2", "soviet", "E6", mf=8, flags=("mechanized",)),
        unit("A1", "axis", "E5"),
    ]
    game = new(units)
    goto(game, "Soviet Movement Phase", "movement")
    game.apply(Choose("move:S2"))
    assert not ma(game)
    with pytest.raises(IllegalAction, match="Mobile Assault"):
        game.apply(Attack(("S2",), "E5"))


def test_300th_panzer_regiment_may_not_assault() -> None:
    game = game_at(
        1,
        unit("R300", "axis", "E6", (3,), (2,), 8, flags=("mechanized", "no-ma")),
        unit("S2", "soviet", "E5"),
    )
    game.apply(Choose("move:R300"))
    with pytest.raises(IllegalAction, match="300th"):
        game.apply(Attack(("R300",), "E5"))


def test_infantry_assaults_only_with_assault_guns() -> None:
    game = game_at(
        1, unit("I", "axis", "E6"), unit("G", "axis", "E6", **STUG), unit("S2", "soviet", "E5")
    )
    game.apply(Choose("move:I"))
    with pytest.raises(IllegalAction, match="assault guns"):
        game.apply(Attack(("I",), "E5"))
    game.apply(Choose("join:G"))
    assert ma(game) == [Attack(("I", "G"), "E5")]


def test_kame_regiment_assaults_only_with_a_german_unit() -> None:
    kame = unit("K", "axis", "E6", (2,), (2,), 8, nat="romanian", flags=("mechanized", "kame"))
    game = game_at(1, kame, unit("P", "axis", "E6", **PZ), unit("S2", "soviet", "E5"))
    game.apply(Choose("move:K"))
    with pytest.raises(IllegalAction, match="German unit"):
        game.apply(Attack(("K",), "E5"))
    game.apply(Choose("join:P"))
    assert ma(game) == [Attack(("K", "P"), "E5")]


@pytest.mark.parametrize(
    ("turn", "terrain", "allowed"),
    [
        (5, "clear", False),  # December: Mud
        (1, "broken", False),
        (1, "hill", False),
        (1, "marsh", False),
        (6, "marsh", True),  # January/February: Frost
    ],
)
def test_terrain_and_weather_limit_mobile_assaults(turn: int, terrain: str, allowed: bool) -> None:
    fast = {**PZ, "mf": 12}  # marsh costs 3 x 3 for mechanized units
    game = game_at(
        turn,
        unit("P", "axis", "E6", **fast),
        unit("S2", "soviet", "E5"),
        terrain={terrain: ["E5"]} if terrain != "clear" else {},
    )
    game.apply(Choose("move:P"))
    assert bool(ma(game)) is allowed


def test_assault_needs_the_mp_no_minimum_move_guarantee() -> None:
    game = game_at(
        1,
        unit("P", "axis", "E6", (8, 4), (6, 3), 2, flags=("mechanized",)),
        unit("S2", "soviet", "E5"),
    )
    game.apply(Choose("move:P"))
    assert not ma(game)


def resolve(game: Game, roll: int) -> None:
    assert game.decision is not None and game.decision.side == "chance"
    game.apply(Outcome(roll))


def test_cleared_hex_is_entered_without_advance_and_the_move_goes_on() -> None:
    """Krim: no advance after an MA; units that took no retreat may continue moving."""
    game = game_at(
        1, unit("P", "axis", "E6", **PZ), unit("S2", "soviet", "E5", (1,), (1,), steps=1)
    )
    game.apply(Choose("move:P"))
    game.apply(Attack(("P",), "E5"))
    resolve(game, 6)  # >10:1, D6
    assert game.decision is not None and game.decision.side == "soviet"
    assert set(game.legal_actions()) == {Choose("step:S2"), Choose("retreat")}
    game.apply(Choose("step:S2"))
    assert game.state.units["S2"].box == "eliminated"
    assert game.state.units["P"].at == "E5"
    assert game.decision is not None and game.decision.step == "move-group"
    assert any(isinstance(a, Move) for a in game.legal_actions())


def test_retreat_absorbed_by_the_attackers_stops_their_move() -> None:
    game = game_at(1, unit("P", "axis", "E6", **PZ), unit("S2", "soviet", "E5", (20, 10), (20, 10)))
    game.apply(Choose("move:P"))
    game.apply(Attack(("P",), "E5"))
    resolve(game, 1)  # 8:20 -> 1:3, A2
    assert game.decision is not None and game.decision.side == "axis"
    game.apply(Choose("retreat"))
    retreat = next(iter(game.legal_actions()))
    game.apply(retreat)
    assert game.decision is not None and game.decision.step == "move-group"
    assert list(game.legal_actions()) == [Pass()]


def test_infantry_makes_one_ma_then_stops() -> None:
    """Krim: Mobile Assault: infantry makes one MA a phase and then must cease movement; the
    assault gun that assisted it is a German mechanized unit and moves on alone, at its own MF
    less the MP the stack spent."""
    game = game_at(
        1,
        unit("I", "axis", "E6", (6, 4), (6, 4), 4),
        unit("G", "axis", "E6", **STUG),
        unit("S2", "soviet", "E5", (6, 4, 2), (20, 15, 10)),
    )
    game.apply(Choose("move:I"))
    game.apply(Choose("join:G"))
    game.apply(Attack(("I", "G"), "E5"))  # clear: 1 MP tripled, of the stack's 4 (I's MF)
    resolve(game, 4)  # 9:20 -> 1:3, A1
    game.apply(Choose("step:I"))
    assert game.decision is not None and game.decision.step == "move-group"
    legal = list(game.legal_actions())
    assert not any(isinstance(a, (Move, Attack)) and "I" in a.units for a in legal)
    # G: 8 MP less the 3 spent; E9 is three clear hexes away (the stack had 1 MP left)
    assert Move(("G",), ("E6", "E7", "E8", "E9")) in legal
    assert Attack(("G",), "E5") in legal  # a mechanized unit may make another MA
    game.apply(Move(("G",), ("E6", "E7", "E8", "E9")))
    game.apply(Pass())
    assert game.state.units["I"].at == "E6" and game.state.units["G"].at == "E9"
    assert Choose("move:I") not in list(game.legal_actions())  # I's movement is over


def test_infantry_alone_after_its_ma_has_only_pass() -> None:
    """Krim: Mobile Assault: with its assault gun gone, the infantry stops after its MA."""
    game = game_at(
        1,
        unit("I", "axis", "E6", (6, 4), (6, 4), 8),
        unit("G", "axis", "E6", **{**STUG, "att": (3,), "dfn": (2,)}),
        unit("S2", "soviet", "E5", (6, 4, 2), (20, 15, 10)),
    )
    game.apply(Choose("move:I"))
    game.apply(Choose("join:G"))
    game.apply(Attack(("I", "G"), "E5"))
    resolve(game, 4)  # A1
    game.apply(Choose("step:G"))  # the gun's only step
    assert game.state.units["G"].box == "eliminated"
    assert list(game.legal_actions()) == [Pass()]


def test_after_entering_a_cleared_hex_next_to_another_enemy_no_more_moving() -> None:
    """Provisional ZOC: entering a hex next to an enemy ends the move, MAs still allowed."""
    game = game_at(
        1,
        unit("P", "axis", "E6", **PZ),
        unit("S2", "soviet", "E5", (1,), (1,), steps=1),
        unit("S3", "soviet", "E4", (1,), (1,)),
    )
    game.apply(Choose("move:P"))
    game.apply(Attack(("P",), "E5"))
    resolve(game, 6)
    game.apply(Choose("step:S2"))
    assert game.state.units["P"].at == "E5"
    assert not any(isinstance(a, Move) for a in game.legal_actions())
    assert Attack(("P",), "E4") in list(game.legal_actions())
