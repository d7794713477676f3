"""`wargames render`: any position of a save (--at), a side's view (--side), overlays, SVG to
a file or stdout (--out -), PNG through the png extra."""

from __future__ import annotations

import struct
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import wargames
from wargames.cli import main

NS = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def save(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    main(["play", "minimal", "--seed", "3", "--max-turns", "1", "--save", str(path), "--quiet"])
    return path


def test_out_dash_writes_the_svg_to_stdout(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["render", str(save), "--out", "-"]) == 0
    out = capsys.readouterr().out
    root = ET.fromstring(out)
    assert root.tag == f"{NS}svg"
    game = wargames.load_game(save.read_text())
    assert out == game.svg() + "\n"


def test_at_draws_that_position_with_overlays(
    save: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = wargames.load_game(save.read_text())
    assert len(game.history) > 3
    capsys.readouterr()
    args = ["render", str(save), "--out", "-", "--at", "3", "--last-move", "--zoc"]
    assert main([*args, "--side", "red"]) == 0
    out = capsys.readouterr().out
    assert out == game.svg(at=3, last_move=True, zoc=True, side="red") + "\n"
    assert out != game.svg(last_move=True, zoc=True, side="red") + "\n"
    assert main(["render", str(save), "--at", "9999"]) == 2
    assert "--at 9999" in capsys.readouterr().err
    assert main(["render", str(save), "--side", "green"]) == 2
    assert "not a side" in capsys.readouterr().err
    assert main(["render", str(save), "--select", "nobody"]) == 2
    assert "not a unit" in capsys.readouterr().err


def test_png_out_has_a_png_header_and_a_sane_size(save: Path, tmp_path: Path) -> None:
    pytest.importorskip("resvg_py", reason="PNG output needs the png extra (resvg-py)")
    out = tmp_path / "game.png"
    assert main(["render", str(save), "--out", str(out)]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])  # the IHDR chunk
    root = ET.fromstring(wargames.load_game(save.read_text()).svg())
    assert (width, height) == (
        round(float(root.get("width", 0))),
        round(float(root.get("height", 0))),
    )
    assert 200 < width < 4000 and 200 < height < 4000


def test_png_without_the_extra_is_a_one_line_error(
    save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # as if not installed
    capsys.readouterr()
    assert main(["render", str(save), "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "wargames[png]" in err and "Traceback" not in err
