"""The wargames command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wargames.cli import main


def test_titles_lists_the_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["titles"]) == 0
    out = capsys.readouterr().out
    assert "minimal" in out and "skirmish" in out


def test_play_save_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "minimal", "--seed", "1", "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "Result: victory" in out and "Turn 6" in out
    assert main(["replay", str(save)]) == 0
    assert "reproduces exactly" in capsys.readouterr().out


def test_replay_detects_a_tampered_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    main(["play", "minimal", "--seed", "2", "--save", str(save)])
    data = json.loads(save.read_text())
    data["state"]["units"][0]["steps"] = 1 if data["state"]["units"][0]["steps"] == 2 else 2
    save.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["replay", str(save)]) == 1
    assert "does not reproduce" in capsys.readouterr().err


def test_max_turns_stops_early(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "minimal", "--seed", "1", "--max-turns", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "no result yet" in out and "Turn 4" not in out


def test_errors_are_reported_not_raised(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "no-such-title"]) == 2
    assert "unknown title" in capsys.readouterr().err
    assert main(["play", "minimal", "--scenario", "missing.toml"]) == 2
    assert "missing.toml" in capsys.readouterr().err


def test_render_draws_a_saved_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import xml.etree.ElementTree as ET

    save = tmp_path / "game.json"
    main(["play", "minimal", "--seed", "3", "--max-turns", "1", "--save", str(save)])
    assert main(["render", str(save), "--highlight", "0403"]) == 0
    picture = ET.parse(tmp_path / "game.svg").getroot()
    assert picture.tag.endswith("svg") and "game.svg" in capsys.readouterr().out
    assert main(["render", str(tmp_path / "missing.json")]) == 2
