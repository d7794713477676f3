"""Krim: Combat Phase: Prepared Assaults, result absorption, Further Combat, advance, air."""

from __future__ import annotations

import pytest
from krim_support import combat, unit

from wargames.core.actions import Advance, Attack, Choose, Outcome, Pass, Retreat
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.combat import concentric, terrain_shift
from wargames.krim.supply import in_tactical_supply


def choose(game: Game, option: str) -> None:
    game.apply(Choose(option))


def test_attacks_are_voluntary_and_need_adjacent_units() -> None:
    game = combat(unit("A1", "axis", "E6"), unit("A2", "axis", "G8"), unit("S2", "soviet", "E5"))
    legal = list(game.legal_actions())
    assert Pass() in legal and Attack(("A1",), "E5") in legal
    assert Attack(("A2",), "E5") not in legal
    with pytest.raises(IllegalAction):
        game.apply(Attack(("A2",), "E5"))


def test_several_hexes_attack_one_and_each_unit_attacks_once() -> None:
    game = combat(
        unit("A1", "axis", "E6", (10,), (10,)),
        unit("A2", "axis", "D5", (10,), (10,)),
        unit("S2", "soviet", "E5", (1,), (1,)),
        unit("S3", "soviet", "D4", (1,), (1,)),
        unit("A3", "axis", "C4", (1,), (1,)),
    )
    game.apply(Attack(("A1",), "E5"))
    choose(game, "add:A2")
    choose(game, "odds")
    game.apply(Outcome(1))
    while game.decision is not None and game.decision.step == "battle":
        game.apply(next(iter(game.legal_actions())))
    with pytest.raises(IllegalAction, match="already attacked"):
        game.apply(Attack(("A2",), "D4"))


def test_a_defending_hex_is_attacked_once_per_phase() -> None:
    game = combat(
        unit("A1", "axis", "E6", (1,), (1,)),
        unit("A2", "axis", "F5", (1,), (1,)),
        unit("S2", "soviet", "E5", (20,), (20,)),
    )
    game.apply(Attack(("A1",), "E5"))
    choose(game, "odds")
    game.apply(Outcome(4))  # <1:3: A1
    choose(game, "step:A1")
    assert Attack(("A2",), "E5") not in list(game.legal_actions())


def test_result_is_absorbed_by_steps_and_or_retreat_hexes() -> None:
    """Krim: combat results are a number absorbed as step losses and/or hexes of retreat."""
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,)), unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1))
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")  # 30:3 = 10:1
    game.apply(Outcome(2))  # D3
    assert game.decision is not None and game.decision.side == "soviet"
    choose(game, "step:S2")  # one point as a step
    choose(game, "retreat")  # the other two as two hexes
    retreats = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    assert retreats and all(len(r.path) == 3 for r in retreats)
    game.apply(retreats[0])
    assert game.state.units["S2"].steps == 2
    assert game.scenario.board.distance("E6", game.state.units["S2"].at) == 2  # type: ignore[arg-type]


def test_retreat_is_offered_only_when_the_whole_length_is_possible() -> None:
    walls = [unit(f"W{i}", "axis", h) for i, h in enumerate(["B4", "B5", "C4", "C6", "D5", "D6"])]
    game = combat(
        unit("A1", "axis", "B6", (30,), (30,)),
        unit("S2", "soviet", "C5", (3, 2, 1), (3, 2, 1)),
        *walls,
    )
    game.apply(Attack(("A1",), "C5"))
    choose(game, "odds")
    game.apply(Outcome(2))
    assert Choose("retreat") not in list(game.legal_actions())


def test_a_result_is_never_absorbed_by_a_short_retreat() -> None:
    """Krim: Combat Phase: each point is one step or one hex of retreat, so a D2 (11 against
    S2 cut off, 3/2: 7:1, row 1) where the stack has room for one hex only (D6; D7, E5, E6 are
    Axis) is a step and then that one hex, never a one-hex retreat for both points."""
    walls = [
        unit(f"W{i}", "axis", h) for i, h in enumerate(["B5", "C4", "C6", "D5", "D7", "E5", "E6"])
    ]
    game = combat(
        unit("A1", "axis", "B6", (11,), (11,)),
        unit("S2", "soviet", "C5", (3, 2, 1), (3, 2, 1)),
        *walls,
    )
    game.apply(Attack(("A1",), "C5"))
    choose(game, "odds")
    game.apply(Outcome(1))
    assert next(e for e in reversed(game.events) if e.kind == "result").data["defender"] == 2
    assert list(game.legal_actions()) == [Choose("step:S2")]
    with pytest.raises(IllegalAction):
        choose(game, "retreat")
    choose(game, "step:S2")
    choose(game, "retreat")
    assert list(game.legal_actions()) == [Retreat(("S2",), ("C5", "D6"))]
    game.apply(Retreat(("S2",), ("C5", "D6")))
    assert game.state.units["S2"].at == "D6" and game.state.units["S2"].steps == 2


def test_a_defending_stack_retreats_as_one() -> None:
    """Krim: Combat Phase: the defending stack absorbs its result together: a D1 (30:6 = 5:1,
    row 1) taken as a retreat moves both units to the same hex."""
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,)),
        unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
        unit("S3", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))  # D1
    choose(game, "retreat")
    retreats = [a for a in game.legal_actions() if isinstance(a, Retreat)]
    assert retreats and all(r.units == ("S2", "S3") for r in retreats)
    with pytest.raises(IllegalAction):
        game.apply(Retreat(("S2",), retreats[0].path))
    game.apply(retreats[0])
    assert game.state.units["S2"].at == game.state.units["S3"].at == retreats[0].path[-1]


def test_attackers_from_several_hexes_absorb_steps_only() -> None:
    """Reading (provisional): attackers retreat only when they all stand in one hex. A1 and A2
    (2:20, <1:3, row 4: A1) may retreat from E6 together, but not from E6 and D5."""
    for second in ("E6", "D5"):
        game = combat(
            unit("A1", "axis", "E6", (1, 1, 1), (1, 1, 1)),
            unit("A2", "axis", second, (1, 1, 1), (1, 1, 1)),
            unit("S2", "soviet", "E5", (20,), (20,)),
        )
        game.apply(Attack(("A1",), "E5"))
        choose(game, "add:A2")
        choose(game, "odds")
        game.apply(Outcome(4))  # A1
        assert game.decision is not None and game.decision.side == "axis"
        steps = [Choose("step:A1"), Choose("step:A2")]
        if second == "E6":
            assert list(game.legal_actions()) == [*steps, Choose("retreat")]
        else:
            assert list(game.legal_actions()) == steps
            with pytest.raises(IllegalAction):
                choose(game, "retreat")


def test_no_retreat_into_a_full_hex() -> None:
    """Krim: stacking (provisional limit 3) where a retreat ends: S2's only retreat hex, D6,
    holds three Soviet units, so a D1 (15:3 = 5:1, row 1) must be taken as a step."""
    walls = [unit(f"W{i}", "axis", h) for i, h in enumerate(["B5", "C4", "C6", "D5"])]
    full = [unit(f"S{i}", "soviet", "D6") for i in (3, 4, 5)]
    game = combat(
        unit("A1", "axis", "B6", (15,), (15,)),
        unit("S2", "soviet", "C5", (3, 2, 1), (3, 2, 1)),
        *walls,
        *full,
    )
    game.apply(Attack(("A1",), "C5"))
    choose(game, "odds")
    game.apply(Outcome(1))
    assert next(e for e in reversed(game.events) if e.kind == "result").data["defender"] == 1
    assert list(game.legal_actions()) == [Choose("step:S2")]
    with pytest.raises(IllegalAction):
        choose(game, "retreat")


def retreated_into_e4(a2: tuple[int, ...], s3: tuple[int, ...]) -> Game:
    """A1 (30) attacks S2 in E6 (10:1, D3): S2 takes a step and retreats into E4, held by S3;
    A2 (strength ``a2``) stands next to E4 to attack it later."""
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,)),
        unit("A2", "axis", "E3", a2, a2),
        unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
        unit("S3", "soviet", "E4", s3, s3),
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))  # 10:1: D3
    choose(game, "step:S2")
    choose(game, "retreat")
    game.apply(
        next(a for a in game.legal_actions() if isinstance(a, Retreat) and a.path[-1] == "E4")
    )
    while game.decision is not None and game.decision.step == "battle":
        game.apply(Pass())
    return game


def test_units_retreated_into_a_hex_attacked_later_are_destroyed_by_any_result() -> None:
    """Krim: Further Combat."""
    game = retreated_into_e4((30,), (3, 2, 1))
    # S2 in E4 does not defend: the odds are 30 against S3's 3
    game.apply(Attack(("A2",), "E4"))
    choose(game, "odds")
    game.apply(Outcome(1))
    assert game.state.units["S2"].box == "eliminated"


def test_units_retreated_into_a_hex_survive_a_later_zero_result_there() -> None:
    """Krim: Further Combat: destroyed only by "a combat result above zero": S2 retreats into
    E4, then A2 (1:9, <1:3, row 1: A3) attacks E4 and the defender's result is 0."""
    game = retreated_into_e4((1,), (9, 6, 3))
    game.apply(Attack(("A2",), "E4"))
    choose(game, "odds")
    game.apply(Outcome(1))
    assert next(e for e in reversed(game.events) if e.kind == "result").data["defender"] == 0
    assert game.state.units["S2"].at == "E4" and game.state.units["S2"].steps == 2


def test_advance_gets_one_mp_per_hex_retreated_first_into_the_vacated_hex() -> None:
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,), 6), unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1))
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))  # D3
    choose(game, "step:S2")
    choose(game, "retreat")
    game.apply(
        next(a for a in game.legal_actions() if isinstance(a, Retreat) and a.path[-1] == "E4")
    )
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances and all(a.path[1] == "E6" for a in advances)
    assert max(len(a.path) for a in advances) == 3  # two hexes for two hexes retreated


def test_no_advance_into_a_full_hex() -> None:
    """Krim: stacking (provisional limit 3) where an advance ends: E5 holds three Axis units,
    so A1 (3 MP: the defender was eliminated) may advance through E6 anywhere but into E5."""
    full = [unit(f"A{i}", "axis", "E5") for i in (2, 3, 4)]
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,), 6), unit("S2", "soviet", "E6", 1, 1), *full
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))
    choose(game, "step:S2")
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert Advance(("A1",), ("E7", "E6", "D6")) in advances
    assert all(a.path[-1] != "E5" for a in advances)
    with pytest.raises(IllegalAction, match="stacking"):
        game.apply(Advance(("A1",), ("E7", "E6", "E5")))


def test_a_victor_always_advances_one_hex_whatever_its_cost() -> None:
    """Krim: Advance After Combat: "at least one hex, regardless of the MP cost"."""
    game = combat(
        unit("A1", "axis", "E7", (60,), (30,), 6),
        unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
        terrain={"hill": ["E6"]},
    )
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))  # 60:3, two columns left for the hill: D2
    choose(game, "step:S2")
    choose(game, "retreat")
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Retreat)))
    # one hex retreated gives 1 MP; the hill costs 2, yet the vacated hex may be entered
    assert [a for a in game.legal_actions() if isinstance(a, Advance)] == [
        Advance(("A1",), ("E7", "E6"))
    ]


def test_eliminated_defenders_give_three_mp() -> None:
    game = combat(unit("A1", "axis", "E7", (30,), (30,), 6), unit("S2", "soviet", "E6", 1, 1))
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))
    choose(game, "step:S2")
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert max(len(a.path) for a in advances) == 4


def test_attackers_that_retreated_are_not_victorious_and_never_advance() -> None:
    """Krim: Advance After Combat: "the victorious attacking units may advance"; an attacker
    that absorbed its result as a retreat is not victorious, even when it stays adjacent."""
    for retreat in (True, False):
        game = combat(unit("A1", "axis", "E7", (9, 5), (9, 5), 6), unit("S2", "soviet", "E6", 3, 3))
        game.apply(Attack(("A1",), "E6"))
        choose(game, "odds")  # 9:3 = 3:1
        game.apply(Outcome(1))  # A1/D1
        choose(game, "step:S2")  # the defender is eliminated: E6 is empty
        assert game.state.units["S2"].box == "eliminated"
        if retreat:
            choose(game, "retreat")
            stay = Retreat(("A1",), ("E7", "F7"))  # F7 is still next to E6
            assert stay in list(game.legal_actions())
            game.apply(stay)
            assert game.scenario.board.adjacent("F7", "E6")
            assert game.decision is None or game.decision.step != "battle"
            assert not any(isinstance(a, Advance) for a in game.legal_actions())
            assert game.state.units["A1"].at == "F7"
        else:
            choose(game, "step:A1")
            assert Advance(("A1",), ("E7", "E6")) in list(game.legal_actions())


def test_romanians_and_units_out_of_supply_advance_one_hex_artillery_never() -> None:
    gun = unit("G", "axis", "F6", (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=2)
    rom = unit("R", "axis", "E7", (30,), (30,), 6, nat="romanian")
    game = combat(rom, gun, unit("S2", "soviet", "E6", 1, 1))
    game.apply(Attack(("R",), "E6"))
    assert Choose("add:G") not in list(game.legal_actions())  # artillery: barrages only
    choose(game, "odds")
    game.apply(Outcome(1))
    choose(game, "step:S2")
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances == [Advance(("R",), ("E7", "E6"))]


def test_a_german_unit_out_of_tactical_supply_advances_one_hex() -> None:
    """Krim: Advance After Combat: "Units with no tactical supply ... may never advance more
    than one hex": A1, German, cut off from its source (H10 lost), eliminates the defender
    in clear terrain (3 MP when in supply: see test_eliminated_defenders_give_three_mp)."""
    game = combat(unit("A1", "axis", "E7", (30,), (30,), 6), unit("S2", "soviet", "E6", 1, 1))
    game.state.control["H10"] = "soviet"
    assert not in_tactical_supply(game.rules_context(), "A1")
    game.apply(Attack(("A1",), "E6"))
    choose(game, "odds")
    game.apply(Outcome(1))
    choose(game, "step:S2")
    assert game.state.units["S2"].box == "eliminated"
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances == [Advance(("A1",), ("E7", "E6"))]


def test_concentric_assault() -> None:
    """Krim: Concentric Assault: opposite hexes, three hexes with a gap, or more than three."""
    game = combat()
    ctx = game._ctx()
    board = game.scenario.board
    centre = board.hex_of("E5")
    ring = [board.node_at(centre.neighbour(i)) for i in range(6)]  # around E5, in order
    assert concentric(ctx, "E5", [ring[0], ring[3]])
    assert not concentric(ctx, "E5", ring[0:2])
    assert not concentric(ctx, "E5", ring[0:3])
    assert concentric(ctx, "E5", [ring[0], ring[1], ring[3]])
    assert concentric(ctx, "E5", ring[0:4])
    assert not concentric(ctx, "E5", ring[0:1])


def test_concentric_assault_adds_one_to_the_defenders_result() -> None:
    """Krim: Concentric Assault: attacked from opposite hexes (E4, E6), "+1 is added to the
    Defender's combat result": 10:2 = 5:1, row 1 gives D1, so the defender takes 2."""
    game = combat(
        unit("A1", "axis", "E4", (5,), (5,)),
        unit("A2", "axis", "E6", (5,), (5,)),
        unit("S2", "soviet", "E5", (2, 1), (2, 1)),
    )
    game.apply(Attack(("A1",), "E5"))
    choose(game, "add:A2")
    choose(game, "odds")
    assert next(e for e in reversed(game.events) if e.kind == "odds").data["column"] == "5:1"
    game.apply(Outcome(1))  # no air unit in play: the die is rolled at once
    result = next(e for e in reversed(game.events) if e.kind == "result")
    assert result.text.startswith("D1 ") and result.data["defender"] == 2


def test_terrain_effects_are_cumulative_natural_and_manmade() -> None:
    game = combat(terrain={"broken": ["E5"]}, features={"town": ["E5"], "entrenchment": ["E5"]})
    assert terrain_shift(game._ctx(), "E5") == -3  # broken -1, town -1, entrenchment -1


def test_air_units_commit_after_the_odds_and_shift_the_defenders_result() -> None:
    """Krim: Air Units: +1 per attacking air unit, -1 per defending, once per couplet."""
    air = dict(att=(0,), dfn=(0,), mf=0, kind="air", flags=("air",))
    game = combat(
        unit("A1", "axis", "E7", (30,), (30,)),
        unit("S2", "soviet", "E6", (3, 2, 1), (3, 2, 1)),
        unit("L1", "axis", None, box="axis-air", **air),  # type: ignore[arg-type]
        unit("L2", "axis", None, box="axis-air", **air),  # type: ignore[arg-type]
        unit("V1", "soviet", None, box="soviet-air", **air),  # type: ignore[arg-type]
        unit("V2", "soviet", None, box="soviet-air", **air),  # type: ignore[arg-type]
    )
    game.apply(Attack(("A1",), "E6"))
    assert Choose("air:L1") not in list(game.legal_actions())  # not before the odds
    choose(game, "odds")
    choose(game, "air:L1")
    choose(game, "air:L2")  # no Axis air unit left: the defender's turn to commit
    assert game.decision is not None and game.decision.side == "soviet"
    assert Choose("air:V2") in list(game.legal_actions())
    choose(game, "air:V1")
    # Soviet: one air unit per battle, so the die is rolled at once
    assert game.decision is not None and game.decision.side == "chance"
    game.apply(Outcome(1))  # 10:1, row 1: D3; +2 -1 = D4
    assert game.events[-1].data["defender"] == 4
    assert game.state.units["L1"].has("flown@turn")
