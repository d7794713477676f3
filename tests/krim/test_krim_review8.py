"""Krim: eighth rules review: a battle's odds use the defender's terrain, advances stay out of
prohibited hexes and happen once, only adjacent units join a Prepared Assault, and railroad
guns retreat along the track (the review's victory and mandatory-attack tests are in
test_krim_new_units.py)."""

from __future__ import annotations

import pytest
from krim_support import combat, goto, new, rail_gun, to_assaults, unit

from wargames.core.actions import Advance, Attack, Choose, Outcome, Retreat
from wargames.core.errors import IllegalAction
from wargames.core.game import Game

PZ = dict(att=(8, 4), dfn=(6, 3), mf=12, kind="panzer", flags=("mechanized",))


def odds_column(game: Game) -> str:
    column = [e.data["column"] for e in game.events if e.kind == "odds"][-1]
    assert isinstance(column, str)
    return column


@pytest.mark.parametrize(("terrain", "column"), [("clear", "4:1"), ("hill", "2:1")])
def test_a_prepared_assaults_odds_shift_for_the_defenders_terrain(
    terrain: str, column: str
) -> None:
    """Krim: Terrain Effects on Combat: "Only the terrain in the defender's hex affects combat
    results" (provisional chart: hill two columns left): 8 against 2 is 4:1 into clear terrain
    and 2:1 into a hill."""
    game = combat(
        unit("A1", "axis", "E6", (8,), (8,)),
        unit("S2", "soviet", "E5", (2,), (2,)),
        terrain={terrain: ["E5"]} if terrain != "clear" else {},
    )
    game.apply(Attack(("A1",), "E5"))
    game.apply(Choose("odds"))
    assert odds_column(game) == column


@pytest.mark.parametrize(("terrain", "column"), [("clear", "4:1"), ("marsh", "3:1")])
def test_a_mobile_assaults_odds_shift_for_the_defenders_terrain(terrain: str, column: str) -> None:
    """Krim: Mobile Assault: "The combat takes into account ... the terrain in the defender's
    hex": in Frost (January/February 1942) a panzer's 8 against 2 is 4:1 into clear terrain and
    3:1 into marsh (provisional chart: one column left)."""
    game = new(
        [
            unit("S1", "soviet", "C7"),
            unit("A0", "axis", "H10"),
            unit("P", "axis", "E6", **PZ),  # type: ignore[arg-type]
            unit("S2", "soviet", "E5", (2,), (2,)),
        ],
        terrain={terrain: ["E5"]} if terrain != "clear" else {},
    )
    goto(game, "Axis Movement Phase", "movement", turn=6)
    game.apply(Choose("move:P"))
    game.apply(Attack(("P",), "E5"))
    assert odds_column(game) == column


def eliminated_next_to_an_enemy() -> Game:
    """A1 (20, 3 MP) eliminates S2 in B3; the Soviet S3 stands in B4, next to B3."""
    game = combat(
        unit("A1", "axis", "C3", (20,), (20,)),
        unit("S2", "soviet", "B3", (1,), (1,), steps=1),
        unit("S3", "soviet", "B4", (1,), (1,)),
    )
    game.apply(Attack(("A1",), "B3"))
    game.apply(Choose("odds"))
    game.apply(Outcome(6))
    game.apply(Choose("step:S2"))
    assert game.state.units["S2"].box == "eliminated"
    return game


def test_an_advance_never_enters_prohibited_terrain() -> None:
    """Krim: Advance After Combat, Restrictions: "Advancing units may not enter prohibited
    terrain": never the enemy-held B4, nor through it."""
    game = eliminated_next_to_an_enemy()
    advances = [a for a in game.legal_actions() if isinstance(a, Advance)]
    assert advances and all("B4" not in a.path for a in advances)
    with pytest.raises(IllegalAction):
        game.apply(Advance(("A1",), ("C3", "B3", "B4")))


def test_a_unit_advances_once() -> None:
    """Krim: Advance After Combat: the victor's advance is one move; a unit that has advanced
    may not advance again with a fresh allowance (A1 advances through B3 to C2, 2 of its 3 MP,
    and may not go back into B3)."""
    game = eliminated_next_to_an_enemy()
    game.apply(Advance(("A1",), ("C3", "B3", "C2")))
    assert game.state.units["A1"].at == "C2"
    assert not any(isinstance(a, Advance) for a in game.legal_actions())
    with pytest.raises(IllegalAction):
        game.apply(Advance(("A1",), ("C2", "B3")))


def test_only_units_next_to_the_target_join_a_prepared_assault() -> None:
    """Krim: Combat Phase: "each player's units may attack adjacent opposing units"; A2 at G8,
    not next to E5, may not be added to A1's assault."""
    game = combat(unit("A1", "axis", "E6"), unit("A2", "axis", "G8"), unit("S2", "soviet", "E5"))
    game.apply(Attack(("A1",), "E5"))
    assert Choose("add:A2") not in list(game.legal_actions())
    with pytest.raises(IllegalAction):
        game.apply(Choose("add:A2"))


def test_railroad_guns_retreat_along_the_track() -> None:
    """Krim: Railways and Railroad Artillery: "Those units will only move and retreat along
    German-controlled railroad hexes". E8 and F8 are adjacent German-controlled rail hexes on
    two lines (E9-E8 and F8-F7) that no track joins: the gun at E8 moves only to E9, and so
    its D1 retreat may end only at E9, never at F8."""
    rail = ["E9", "E8", "F8", "F7"]
    game = new(
        [
            unit("S1", "soviet", "C7"),
            unit("A0", "axis", "H10"),
            rail_gun("RR", "E8"),
            unit("S2", "soviet", "D8", (2,), (2,)),
        ],
        hexsides=[("E9", "E8", "rail"), ("F8", "F7", "rail")],
        control={"axis": ["H10", *rail], "soviet": ["C7"]},
        features={"rail": rail},
    )
    to_assaults(game, "Soviet Combat Phase")
    game.apply(Attack(("S2",), "E8"))
    game.apply(Choose("odds"))
    game.apply(Outcome(4))  # 2:1, row 4: D1
    game.apply(Choose("retreat"))
    assert {a.path[-1] for a in game.legal_actions() if isinstance(a, Retreat)} == {"E9"}
    with pytest.raises(IllegalAction, match=r"Railroad Artillery.*no rail joins E8 and F8"):
        game.apply(Retreat(("RR",), ("E8", "F8")))
