"""Game records: every title's saves convert to the text record and back to the identical
JSON save; records read by people (comments, shorthand) and refused with the line at fault."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.actions import Move, Pass
from wargames.core.game import Game
from wargames.core.record import parse_record
from wargames.testing import games

TITLES = wargames.titles()


def played(title: str, seed: int, n: int) -> Game:
    game = wargames.new_game(title, seed=seed)
    play_out(game, RandomAgent(seed), max_actions=n)
    return game


@pytest.mark.parametrize("title", TITLES)
def test_a_save_converts_to_a_record_and_back_identically(title: str) -> None:
    game = played(title, 5, 100)
    text = game.to_json()
    record = wargames.load_game(text).to_record(date="2026-11-23")
    assert wargames.load_record(record).to_json() == text
    assert "{" not in record.split("\n\n", 1)[0]  # tags hold no JSON for built-in scenarios


@pytest.mark.parametrize("title", ["minimal", "lines", "darkcrusade-p2p"])
def test_random_games_round_trip_through_records(title: str) -> None:
    @settings(max_examples=3)
    @given(games(title, max_actions=100))
    def run(game: Game) -> None:
        assert wargames.load_record(game.to_record()).to_json() == game.to_json()

    run()


def test_a_finished_game_records_its_result_and_undo_works_after_loading() -> None:
    game = played("minimal", 1, 10_000)
    assert game.is_over()
    record = game.to_record()
    assert f'[Result "{game.result()}"]' in record
    back = wargames.load_record(record)
    assert back.result() == game.result()
    last = back.undo()
    assert last == game.history[-1] and not back.is_over()


def test_options_and_own_scenarios_travel_in_the_record() -> None:
    game = wargames.new_game("darkcrusade-p2p", seed=3, options={"may_1941": True})
    play_out(game, RandomAgent(3), max_actions=40)
    record = game.to_record()
    assert '[Options "may_1941=true"]' in record
    assert wargames.load_record(record).to_json() == game.to_json()

    data = wargames.load_scenario("minimal").to_data()
    data["name"] = "mine"
    data["description"] = "my own skirmish"
    own = wargames.new_game("minimal", data, seed=2)
    play_out(own, RandomAgent(2), max_actions=30)
    record = own.to_record()
    assert "[ScenarioData " in record
    assert wargames.load_record(record).to_json() == own.to_json()


def test_a_record_written_by_a_person_reads_with_comments_and_shorthand() -> None:
    text = """
    ; Blue opens
    [Title "minimal"]
    [Seed "7"]

    {Turn 1: Day 1}
    blue: B1 0202          {the town road}
    blue: move B2 0104-0105
    blue: pass ; done moving
    """
    game = wargames.load_record(text)
    assert game.history == [
        Move(("B1",), ("0102", "0202")),
        Move(("B2",), ("0104", "0105")),
        Pass(),
    ]
    assert game.scenario.name == wargames.load_scenario("minimal").name


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('[Title "minimal"]\n[Seed "7"]\nblue: B1 0909\n', "line 3"),
        ('[Title "minimal"]\n[Seed "7"]\nred: pass\n', "line 3"),
        ('[Title "minimal"]\n[Seed "x"]\n', "Seed"),
        ('[Title "nope"]\n', "Title"),
        ('[Title "minimal"]\n[Scenario "nope"]\n', "Scenario"),
        ('[Title "minimal"]\n[Result "victory (red): x"]\n', "Result"),
        ('[Title "minimal"]\nblue pass\n', "line 2"),
        ('[Title "minimal"\n', "line 1"),
        ('[Seed "1"]\n', "Title"),
    ],
)
def test_a_bad_record_names_the_tag_or_line(text: str, where: str) -> None:
    with pytest.raises(wargames.SaveError) as info:
        wargames.load_record(text, file="bad.rec")
    assert info.value.field == where and info.value.file == "bad.rec"


def test_unknown_scenario_lists_the_known_ones() -> None:
    with pytest.raises(wargames.SaveError, match="known: skirmish"):
        wargames.load_record('[Title "minimal"]\n[Scenario "nope"]\n')


def test_comments_option_adds_the_prose() -> None:
    game = played("minimal", 1, 6)
    text = game.to_record(comments=True)
    assert "{Blue moves" in text
    assert wargames.load_record(text).to_json() == game.to_json()
    assert len(parse_record(text).moves) == len(game.history)
