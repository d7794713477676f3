"""Krim: Artillery and Barrages."""

from __future__ import annotations

import pytest
from krim_support import goto, new, put, unit

from wargames.core.actions import Attack, Choose, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.krim.barrage import fire_error
from wargames.krim.movement import OPTRANS


def gun(uid: str, at: str, rng: int = 2, att: int = 4) -> dict[str, object]:
    return unit(uid, "axis", at, (att,), (1,), 3, kind="artillery", flags=("artillery",), rng=rng)


def barrages(*extra: dict[str, object], **kw: object) -> Game:
    units = [unit("S1", "soviet", "C7"), unit("A0", "axis", "H10"), *extra]
    game = new(units, **kw)  # type: ignore[arg-type]
    goto(game, "Axis Combat Phase", "begin-combat")
    return game


def test_range_counts_the_target_hex_not_the_guns() -> None:
    game = barrages(gun("G", "E8", rng=2), unit("S2", "soviet", "E6"), unit("S3", "soviet", "E5"))
    legal = list(game.legal_actions())
    assert Attack(("G",), "E6") in legal  # two hexes away
    assert Attack(("G",), "E5") not in legal
    with pytest.raises(IllegalAction, match="range"):
        game.apply(Attack(("G",), "E5"))


def test_a_hit_removes_one_step_chosen_by_the_owner() -> None:
    game = barrages(
        gun("G", "E8"), unit("S2", "soviet", "E6", (3, 2), (3, 2)), unit("S3", "soviet", "E6")
    )
    game.apply(Attack(("G",), "E6"))
    game.apply(Choose("fire"))
    assert dict((str(a.value), p) for a, p in game.chance_outcomes())["hit"] == pytest.approx(2 / 6)
    game.apply(Outcome("hit"))
    assert set(game.legal_actions()) == {Choose("step:S2"), Choose("step:S3")}
    game.apply(Choose("step:S2"))
    assert game.state.units["S2"].steps == 1 and game.state.units["S3"].steps == 2
    assert game.state.units["S2"].at == "E6"  # one step only: the two-step unit stays


def test_one_barrage_per_target_hex_and_one_per_gun_per_phase() -> None:
    game = barrages(
        gun("G", "E8"), gun("H", "F8"), unit("S2", "soviet", "E6"), unit("S3", "soviet", "F6")
    )
    game.apply(Attack(("G",), "E6"))
    game.apply(Choose("fire"))
    game.apply(Outcome("miss"))
    assert Attack(("H",), "E6") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="already been barraged"):
        game.apply(Attack(("H",), "E6"))
    # Krim: Barrages: "Each artillery unit may fire once in its combat phase": G is in range of
    # F6 but has fired
    assert Attack(("G",), "F6") not in list(game.legal_actions())
    with pytest.raises(IllegalAction, match="has fired this Combat Phase"):
        game.apply(Attack(("G",), "F6"))
    game.apply(Attack(("H",), "F6"))
    assert Choose("add:G") not in list(game.legal_actions())  # nor join another barrage


def test_guns_join_one_barrage_and_add_their_strength() -> None:
    def hit_chance(join: bool) -> object:
        game = barrages(gun("G", "E8", att=2), gun("H", "F8", att=2), unit("S2", "soviet", "E6"))
        game.apply(Attack(("G",), "E6"))
        if join:
            game.apply(Choose("add:H"))
        game.apply(Choose("fire"))
        return dict((str(a.value), p) for a, p in game.chance_outcomes())["hit"]

    assert hit_chance(False) == pytest.approx(1 / 6)  # strength 2 hits on a 6 (provisional)
    assert hit_chance(True) == pytest.approx(2 / 6)  # strength 4 hits on 5-6


def test_a_gun_joins_a_barrage_only_in_range_and_able_to_fire() -> None:
    """Krim: Range ("how many hexes the guns can shoot") and Krim: Barrages (in tactical
    supply; never after an OpTrans) hold for every gun joining a barrage: G7 is in range of E6
    and joins; E9 is three hexes away (range 2); F8 made an OpTrans; F4 (range 3) is cut off by
    lagoon, out of tactical supply."""
    cut_off = {"lagoon": ["E3", "E4", "F3", "F5", "G3", "G4"]}
    game = barrages(
        gun("G", "E8"),
        gun("IN", "G7"),
        gun("FAR", "E9"),
        gun("OT", "F8"),
        gun("OOS", "F4", rng=3),
        unit("S2", "soviet", "E6"),
        terrain=cut_off,
    )
    put(game, "OT", "F8", markers=[OPTRANS])
    ctx = game._ctx()
    assert fire_error(ctx, "OOS") == "OOS is out of tactical supply"
    assert ctx.board.distance("F4", "E6") == 3 and ctx.board.distance("E9", "E6") == 3
    game.apply(Attack(("G",), "E6"))
    assert set(game.legal_actions()) == {Choose("fire"), Choose("add:IN")}
    for late in ("FAR", "OT", "OOS"):
        with pytest.raises(IllegalAction):
            game.apply(Choose(f"add:{late}"))


def test_next_to_enemy_artillery_only_a_gun_may_fire_unstacked() -> None:
    """Krim: Barrages: "If adjacent to an enemy non-artillery unit, the firing artillery unit
    must be stacked with a friendly non-artillery unit": a lone gun next to enemy artillery only
    may fire."""
    sgun = unit("SG", "soviet", "E6", (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=2)
    game = barrages(gun("G", "E7"), sgun)
    assert fire_error(game._ctx(), "G", "E6") is None
    assert Attack(("G",), "E6") in list(game.legal_actions())


def test_fires_only_in_tactical_supply() -> None:
    game = barrages(gun("G", "E8"), unit("S2", "soviet", "E6"))
    game.state.control["H10"] = "soviet"
    assert Attack(("G",), "E6") not in list(game.legal_actions())


def test_next_to_enemy_a_gun_fires_only_stacked_with_a_non_artillery_unit() -> None:
    lone = barrages(gun("G", "E7"), unit("S2", "soviet", "E6"))
    why = fire_error(lone._ctx(), "G", "E6")
    assert why is not None and "stacked" in why
    assert lone.decision is not None and lone.decision.step != "barrages"  # nothing to fire
    covered = barrages(gun("G", "E7"), unit("I", "axis", "E7"), unit("S2", "soviet", "E6"))
    assert Attack(("G",), "E6") in list(covered.legal_actions())


def test_artillery_of_both_sides_fires_in_each_combat_phase() -> None:
    sgun = unit("SG", "soviet", "E4", (4,), (1,), 3, kind="artillery", flags=("artillery",), rng=2)
    game = barrages(gun("G", "E8"), unit("I", "axis", "E6"), sgun)
    game.apply(Pass())  # the Axis guns pass
    assert game.decision is not None and game.decision.side == "soviet"
    assert Attack(("SG",), "E6") in list(game.legal_actions())
