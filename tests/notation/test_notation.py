"""Action notation: every legal action of every title reads back from its notation, distinct
actions have distinct notations, and text that names no or several actions says so."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import wargames
from wargames.agents import RandomAgent
from wargames.core.actions import (
    KERNEL_ACTIONS,
    AllocateLosses,
    Attack,
    Choose,
    Move,
    Outcome,
    Pass,
    Place,
    action_types,
)
from wargames.core.errors import NotationError
from wargames.core.game import Game
from wargames.core.notation import notation, parse_generic, resolve
from wargames.testing import games

TITLES = wargames.titles()
KERNEL = action_types(KERNEL_ACTIONS)


def check_round_trip(game: Game) -> None:
    actions = list(game.legal_actions())
    written = [game.notation(a) for a in actions]
    assert len(set(written)) == len(written), "two legal actions share a notation"
    for action, text in zip(actions, written, strict=True):
        assert "{" not in text and "\n" not in text
        assert game.parse(text) == action, text
        assert parse_generic(notation(action), game.title.action_table) == action


@pytest.mark.parametrize("title", TITLES)
def test_every_legal_action_round_trips_through_its_notation(title: str) -> None:
    @settings(max_examples=4)
    @given(games(title, max_actions=200))
    def run(game: Game) -> None:
        check_round_trip(game)

    run()


@pytest.mark.parametrize(
    "action",
    [
        Pass(),
        Outcome(4),
        Outcome("4"),
        Outcome("mud"),
        Outcome("none"),
        Choose("fortify:G6A"),
        Choose(""),
        Move(("18A", "SS-T"), ("0102", "0202", "0203")),
        Move(("18A",), ("West", "Velikiye Luki", "Brest-Litovsk")),
        Move(('a "quoted" id', "x+y"), ()),
        Attack((), "2438"),
        Place("R1", "box:soviet available"),
        AllocateLosses(("S1", "S1")),
    ],
)
def test_generic_notation_is_exact(action: object) -> None:
    text = notation(action)  # type: ignore[arg-type]
    assert parse_generic(text, KERNEL) == action


def test_generic_notation_examples() -> None:
    assert notation(Move(("18A",), ("West", "Velikiye Luki"))) == 'move 18A West-"Velikiye Luki"'
    assert notation(Outcome("4")) == 'outcome "4"'
    assert notation(Outcome(4)) == "outcome 4"
    assert notation(AllocateLosses(("S1", "S1"))) == "allocate-losses S1+S1"
    assert notation(Attack((), "2438")) == "attack () 2438"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "is empty"),
        ("fly 18A", "starts with no action kind"),
        ("move 18A", "units is"),  # the path is missing
        ("move 18A 0101 extra", "more than move takes"),
        ('choose "open', "unterminated"),
    ],
)
def test_bad_generic_notation_says_why(text: str, why: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_generic(text, KERNEL)
    assert why in str(info.value) or "missing" in str(info.value)


def test_shorthand_names_a_destination_and_any_case() -> None:
    game = wargames.new_game("minimal", seed=7)
    assert game.parse("B1 0202") == Move(("B1",), ("0102", "0202"))
    assert game.parse("MOVE b1 0102-0202") == Move(("B1",), ("0102", "0202"))
    assert game.parse("b1 0102-0203") == Move(("B1",), ("0102", "0203"))
    assert game.parse("pass") == Pass()


def test_a_field_the_same_in_every_legal_action_may_be_left_out() -> None:
    legal = [Pass(), Move(("18A",), ("0102", "0202")), Move(("18A",), ("0102", "0202", "0203"))]
    assert resolve("0203", legal, notation) == legal[2]
    assert resolve("move 0202", legal, notation) == legal[1]
    two_units = [Move(("18A",), ("0102", "0202")), Move(("16A",), ("0103", "0202"))]
    with pytest.raises(NotationError):
        resolve("0202", two_units, notation)


def test_a_bare_destination_names_the_chosen_units_move() -> None:
    game = wargames.new_game("darkcrusade-p2p", seed=1)
    while not any(a == Choose("11A") for a in game.legal_actions()):
        game.apply(RandomAgent(1).choose(game))
    with pytest.raises(NotationError):
        game.parse("Bucharest")  # before a unit is chosen: no move names it alone
    game.apply(Choose("11A"))
    assert game.parse("Bucharest") == Move(("11A",), ("Iasi", "Bucharest"))


def test_ambiguous_text_lists_the_candidates() -> None:
    legal = [Move(("18A",), ("0102", "0202", "0203")), Move(("18A",), ("0102", "0103", "0203"))]
    with pytest.raises(NotationError) as info:
        resolve("18A 0203", legal, notation)
    assert info.value.candidates == ("move 18A 0102-0103-0203", "move 18A 0102-0202-0203")
    assert resolve("18A 0202-0203", legal, notation) == legal[0]
    attack = Attack(("16A", "18A"), "0203")
    assert resolve("attack 18A+16A 0203", [attack], notation) == attack


def test_incomplete_text_lists_what_it_could_become() -> None:
    game = wargames.new_game("minimal", seed=7)
    with pytest.raises(NotationError) as info:
        game.parse("move B2")
    assert "incomplete" in info.value.reason
    assert all(c.startswith("move B2 ") for c in info.value.candidates)


def test_generic_notation_of_an_illegal_action_says_the_rule() -> None:
    game = wargames.new_game("minimal", seed=7)
    game.apply(game.parse("B1 0202"))
    with pytest.raises(wargames.IllegalAction) as info:
        game.parse("move B1 0202-0203")
    assert not isinstance(info.value, NotationError)
    assert "already moved" in str(info.value)


def test_unknown_text_is_a_notation_error_and_the_game_is_unchanged() -> None:
    game = wargames.new_game("minimal", seed=7)
    before = game.to_json()
    with pytest.raises(NotationError):
        game.parse("B1 0909")
    assert game.to_json() == before


def test_parse_after_the_game_is_over_is_illegal() -> None:
    game = wargames.new_game("minimal", seed=7)
    game.state.result = wargames.Result(None, "draw", "test")
    with pytest.raises(wargames.IllegalAction):
        game.parse("pass")
