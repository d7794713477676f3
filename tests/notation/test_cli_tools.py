"""The command line around records and files: validate lists every error, replay and
convert read records, options from the command line, unknown names answered with the known."""

from __future__ import annotations

from pathlib import Path

import pytest

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.cli import main
from wargames.core.errors import ScenarioErrors

BAD = """\
title = "minimal"
name = "bad"
bogus = 1
[map]
columns = 4
rows = 4
[calendar]
turns = 0
[[units]]
id = "B1"
side = "green"
type = "inf"
at = "0101"
[[units]]
id = "B2"
side = "blue"
type = "inf"
at = "9999"
[options]
nope = true
"""


def test_validate_lists_every_error_of_a_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    fields = [line.split(": ")[1] for line in out[:-1]]
    assert fields == ["bogus", "calendar.turns", "options.nope", "units[0].side", "units[1].at"]
    assert out[-1] == f"{path}: 5 errors"


def test_the_loader_collects_independent_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(BAD)
    with pytest.raises(ScenarioErrors) as info:
        wargames.load_scenario("minimal", path)
    assert len(info.value.errors) == 5
    assert info.value.field == "bogus" and "and 4 more errors" in str(info.value)


def test_validate_accepts_good_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = wargames.new_game("minimal", seed=3)
    play_out(game, RandomAgent(3), max_actions=20)
    save, record = tmp_path / "g.json", tmp_path / "g.rec"
    save.write_text(game.to_json())
    record.write_text(game.to_record())
    scenario = Path(wargames.load_scenario("minimal").file)
    for path in (save, record, scenario):
        assert main(["validate", str(path)]) == 0
        assert capsys.readouterr().out.strip().endswith(")")
    record.write_text(game.to_record().replace("blue: pass", "blue: fly", 1))
    assert main(["validate", str(record)]) == 1
    assert "line" in capsys.readouterr().out


def test_replay_and_convert_read_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "g.json"
    assert main(["play", "lines", "--seed", "4", "--quiet", "--save", str(save)]) == 0
    record, back = tmp_path / "g.rec", tmp_path / "back.json"
    assert main(["convert", str(save), str(record), "--comments"]) == 0
    assert main(["replay", str(record)]) == 0
    assert main(["convert", str(record), str(back)]) == 0
    assert back.read_text() == save.read_text()
    assert "reproduces exactly" in capsys.readouterr().out


def test_play_writes_a_record(tmp_path: Path) -> None:
    record = tmp_path / "g.rec"
    assert main(["play", "minimal", "--seed", "2", "--quiet", "--record", str(record)]) == 0
    game = wargames.load_record(record.read_text())
    assert game.is_over() and game.seed == 2


def test_options_from_the_api_and_the_command_line(tmp_path: Path) -> None:
    game = wargames.new_game("darkcrusade-p2p", options={"may_1941": True})
    assert game.scenario.options["may_1941"] is True and game.state.turn == 0
    save = tmp_path / "g.json"
    argv = ["play", "darkcrusade-p2p", "--option", "may_1941=true", "--max-turns", "0"]
    assert main([*argv, "--quiet", "--save", str(save)]) == 0
    assert wargames.load_game(save.read_text()).scenario.options["may_1941"] is True
    with pytest.raises(wargames.ScenarioError, match=r"this title has: .*may_1941"):
        wargames.new_game("darkcrusade-p2p", options={"bogus": 1})


@pytest.mark.parametrize(
    ("argv", "known"),
    [
        (["play", "nope"], "known: darkcrusade-hex, darkcrusade-p2p, darkest"),
        (["play", "minimal", "--scenario", "nope"], "known: skirmish"),
        (["simulate", "nope", "--games", "1"], "known: darkcrusade-hex"),
    ],
)
def test_unknown_titles_and_scenarios_list_the_known_ones(
    argv: list[str], known: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert known in capsys.readouterr().err


def test_undo_works_after_load_game() -> None:
    game = wargames.new_game("minimal", seed=5)
    play_out(game, RandomAgent(5), max_actions=30)
    loaded = wargames.load_game(game.to_json())
    last = loaded.undo()
    assert last == game.history[-1]
    game.undo()
    assert loaded.to_json() == game.to_json()
