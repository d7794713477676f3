"""The CLI answers bad input with one line on stderr and a nonzero exit; a bug in title code
with its traceback and the step and frame being run (issue 9 item 6, issue 10)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from wargames import api
from wargames.cli import main


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert main(["play", "minimal", "--seed", "1", "--max-turns", "1", "--save", str(path)]) == 0
    return path


def bad_files(tmp_path: Path, save: Path) -> Iterator[tuple[str, Path]]:
    yield "missing", tmp_path / "missing.json"
    (tmp_path / "corrupt.json").write_text('{"format": "wargames-game", ')
    yield "corrupt", tmp_path / "corrupt.json"
    (tmp_path / "latin1.json").write_bytes('{"name": "Königsberg"}'.encode("latin-1"))
    yield "not UTF-8", tmp_path / "latin1.json"
    (tmp_path / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    yield "nested", tmp_path / "nested.json"
    data = json.loads(save.read_text())
    data["title"] = "no-such-title"
    (tmp_path / "title.json").write_text(json.dumps(data))
    yield "unknown title", tmp_path / "title.json"
    data = json.loads(save.read_text())
    data["state"]["stack"] = []
    (tmp_path / "stack.json").write_text(json.dumps(data))
    yield "empty stack", tmp_path / "stack.json"


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("wargames: "), err
    return err


@pytest.mark.parametrize("command", ["replay", "render"])
def test_a_bad_saved_game_is_one_line_on_stderr(
    command: str, tmp_path: Path, save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for what, path in bad_files(tmp_path, save):
        capsys.readouterr()
        assert main([command, str(path)]) == 2, what
        assert str(path) in one_line_error(capsys), what


def test_a_bad_scenario_or_title_is_one_line_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "deep.toml").write_text("a = " + "[" * 5000 + "]" * 5000)
    (tmp_path / "bad.toml").write_bytes(b"title = '\xff'")
    for argv in (
        ["play", "no-such-title"],
        ["play", "minimal", "--scenario", str(tmp_path / "missing.toml")],
        ["play", "minimal", "--scenario", str(tmp_path / "deep.toml")],
        ["play", "minimal", "--scenario", str(tmp_path / "bad.toml")],
    ):
        assert main(argv) == 2, argv
        one_line_error(capsys)


def test_an_illegal_action_on_replay_is_one_line(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(save.read_text())
    data["actions"][0] = {"type": "move", "units": ["B1"], "path": ["0102", "0808"]}
    save.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(save)]) == 1
    assert "illegal on replay" in one_line_error(capsys)


def test_a_bug_in_title_code_shows_its_traceback_step_and_frame(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = api.new_game("minimal", seed=1)
    step = game.title.step(game.state.stack[-1].step)

    def broken(*args: object) -> None:
        raise KeyError("no-such-key")

    monkeypatch.setattr(type(step), "legal", broken)
    assert main(["play", "minimal", "--seed", "1"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and "KeyError: 'no-such-key'" in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("wargames: internal error in minimal, turn 1")
    assert f"step {step.name!r}" in last and "frame {" in last


def test_a_bug_while_applying_an_action_names_the_step_and_frame(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = api.new_game("minimal", seed=1)
    step = game.title.step(game.state.stack[-1].step)

    def broken(*args: object) -> None:
        raise TypeError("unsupported operand")

    monkeypatch.setattr(type(step), "apply", broken)
    assert main(["play", "minimal", "--seed", "1"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" in err and "raised by title code in minimal" in err
    last = err.strip().splitlines()[-1]
    assert "TypeError: unsupported operand" in last and f"step {step.name!r}" in last
    assert "reported as" not in last
