"""Terminal play: scripted sessions type what a person would (numbers, notations, shorthand,
mistakes, commands) and the game follows; a mistake changes nothing."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

import wargames
from wargames.agents import RandomAgent
from wargames.cli import main
from wargames.core.actions import Move, Pass
from wargames.core.game import Game
from wargames.terminal import Terminal, board_text

TITLES = wargames.titles()


class Person(io.TextIOBase):
    """Reads the screen (the live game) and types: mostly the notation of a random legal
    action (or its number, or a destination-only shorthand), sometimes a command or a
    mistake; quits after ``turns`` turns or ``limit`` lines."""

    def __init__(self, game: Game, seed: int, turns: int = 2, limit: int = 40) -> None:
        self.game, self.rng = game, random.Random(seed)
        self.turns, self.limit = turns, limit
        self.typed: list[str] = []
        self.applied = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        game = self.game
        if game.state.turn > self.turns or len(self.typed) >= self.limit:
            line = "quit"
        else:
            line = self._choose(game)
        self.typed.append(line)
        return line + "\n"

    def _choose(self, game: Game) -> str:
        r = self.rng.random()
        actions = list(game.legal_actions())
        if len(self.typed) == 2:
            return "fly away"  # a mistake: one line of error, nothing changes
        if r < 0.05:
            return self.rng.choice(["help", "board", "list", "", "0", "fly away", "move"])
        if r < 0.08 and game.history:
            return "undo"
        action = RandomAgent(self.rng.getrandbits(32)).choose(game)
        if r < 0.3:
            return str(actions.index(action) + 1)
        text = game.notation(action)
        path = getattr(action, "path", None)
        if r < 0.6 and isinstance(path, tuple) and len(path) > 1:
            short = " ".join([text.split(" ")[1], path[-1]])
            try:
                if game.parse(short) == action:
                    return short.lower()
            except wargames.IllegalAction:
                pass
        return text


@pytest.mark.parametrize("title", TITLES)
def test_a_person_plays_a_few_turns_against_the_random_agent(title: str) -> None:
    game = wargames.new_game(title, seed=11)
    side = game.title.sides[0]
    person = Person(game, seed=11)
    out = io.StringIO()
    assert Terminal(game, [side], RandomAgent(11), inp=person, out=out).run() == 0
    text = out.getvalue()
    assert person.typed[-1] == "quit" or game.is_over()
    assert len(game.history) > 5
    assert "error: notation: 'fly away' names no legal action" in text
    for line in text.splitlines():
        if line.startswith("error: "):
            assert "\n" not in line and len(line) < 2000
    # every action a person typed reads back from the saved record
    assert wargames.load_record(game.to_record()).to_json() == game.to_json()


def test_a_scripted_hot_seat_session() -> None:
    game = wargames.new_game("minimal", seed=7)
    script = "\n".join(
        [
            "help",
            "B1 0909",  # no such move: one line, nothing changes
            "99",
            "b1 0202",  # shorthand, any case
            "undo",
            "move B1 0102-0202",
            "board",
            "1",  # pass
            "pass",
            "quit",
        ]
    )
    out = io.StringIO()
    Terminal(game, ["blue", "red"], inp=io.StringIO(script), out=out).run()
    text = out.getvalue()
    assert "error: notation: 'B1 0909' names no legal action" in text
    assert "error: no action numbered 99" in text
    assert "took back 1 action" in text
    assert "  0202: B1" in text
    assert game.history[:3] == [Move(("B1",), ("0102", "0202")), Pass(), Pass()]
    assert game.decision is not None and game.decision.side == "red"


def test_digits_with_a_leading_zero_name_a_hex_not_a_menu_number() -> None:
    game = wargames.new_game("minimal", seed=7)
    out = io.StringIO()
    typed = "B2 0105\nB3 0206\n0202\n13\nquit\n"  # B1 is the one left to move
    Terminal(game, ["blue", "red"], inp=io.StringIO(typed), out=out).run()
    assert game.history[2] == Move(("B1",), ("0102", "0202"))
    assert "no action numbered 13" in out.getvalue()


def test_save_writes_a_record_or_json(tmp_path: Path) -> None:
    game = wargames.new_game("minimal", seed=7)
    rec, js = tmp_path / "g.rec", tmp_path / "g.json"
    script = f"B1 0202\nsave {rec}\nsave {js}\nsave {tmp_path}/no/such/dir.rec\nquit\n"
    out = io.StringIO()
    Terminal(game, ["blue"], RandomAgent(1), inp=io.StringIO(script), out=out).run()
    assert wargames.load_record(rec.read_text()).to_json() == game.to_json()
    assert wargames.load_game(js.read_text()).to_json() == game.to_json()
    assert "error: cannot write" in out.getvalue()


def test_end_of_input_stops_and_unknown_sides_are_refused() -> None:
    game = wargames.new_game("minimal", seed=7)
    assert Terminal(game, ["blue"], RandomAgent(1), inp=io.StringIO("")).run() == 0
    with pytest.raises(wargames.WargamesError, match="not a side"):
        Terminal(game, ["green"], RandomAgent(1))
    with pytest.raises(wargames.WargamesError, match="agent"):
        Terminal(game, ["blue"])


def test_board_text_hides_what_the_side_may_not_see() -> None:
    game = wargames.new_game("darkest", seed=1, options={"secret_setup": True})
    hidden = game.state.vars.get("hidden") or ()
    text = board_text(game, "axis")
    for uid in hidden:
        assert f" {uid}" not in text


def test_wargames_play_human_reads_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("B1 0202\npass\npass\nquit\n"))
    assert main(["play", "minimal", "--seed", "7", "--human", "blue"]) == 0
    out = capsys.readouterr().out
    assert "Blue moves 1st Infantry from 0102 to 0202" in out
    assert "Red, movement" not in out  # the agent plays red without asking


def test_wargames_play_against_the_search_agent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import wargames.search

    class QuickSearch(wargames.search.SearchAgent):
        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed, playouts=4, depth=4, candidates=3)

    monkeypatch.setattr(wargames.search, "SearchAgent", QuickSearch)
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\npass\nquit\n"))
    argv = ["play", "minimal", "--seed", "3", "--human", "blue", "--agent", "search"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "Blue passes (combat)" in out and "Red" in out


def test_hot_seat_shows_each_side_only_its_own_log() -> None:
    """Hot-seat, a side at the keyboard reads the log as it is told it: the Axis never reads
    where Darkest's secret set-up put the Russian armies, the Russian player does."""
    game = wargames.new_game("darkest", seed=1, options={"secret_setup": True})
    out = io.StringIO()
    Terminal(game, ["axis", "russian"], inp=io.StringIO("1\n" * 150 + "quit\n"), out=out).run()
    seats = out.getvalue().split("\n--- ")[1:]
    by_side: dict[str, str] = {}
    for seat in seats:
        side = seat.split(" ", 1)[0]
        by_side[side] = by_side.get(side, "") + seat
    assert set(by_side) == {"axis", "russian"}
    placed = [e.text for e in game.events if e.to == ("russian",)]
    shown = [text for text in placed if text in out.getvalue()]
    assert len(shown) > 10 and all(text in by_side["russian"] for text in shown)
    assert not any(text in by_side["axis"] for text in placed)
