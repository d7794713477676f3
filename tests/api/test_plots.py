"""Plots of playout records (the ``[plot]`` extra): the four files, valid PNG and SVG."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytest.importorskip("matplotlib", reason="plots need the [plot] extra")

from wargames.plots import draw
from wargames.simulate import GameRecord, simulate

NAMES = ["win_rates", "lengths", "victory_turns", "vp_race"]


@pytest.fixture(scope="module")
def records() -> list[GameRecord]:
    return simulate("minimal", 4, seed=2) + simulate(
        "minimal", 3, seed=2, agents="random,search", playouts=2, depth=2
    )


def test_png_plots_are_written(records: list[GameRecord], tmp_path: Path) -> None:
    made = draw(records, tmp_path / "plots")
    assert [p.stem for p in made] == NAMES
    for path in made:
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert path.stat().st_size > 5_000  # axes, bars, lines: not an empty canvas


def test_svg_plots_are_xml_and_name_the_groups_and_sides(
    records: list[GameRecord], tmp_path: Path
) -> None:
    made = draw(records, tmp_path, "svg")
    roots = {p.stem: ET.parse(p).getroot() for p in made}
    assert all(r.tag.endswith("svg") for r in roots.values())
    text = {k: p.read_text() for k, p in zip(NAMES, made, strict=True)}
    assert "random,search" in text["win_rates"]  # the second group's label
    assert "blue (mean)" in text["vp_race"] and "red (mean)" in text["vp_race"]
    assert draw(records, tmp_path / "again", "svg")[0].read_text() == text["win_rates"]


def test_a_title_without_victory_points_still_gets_a_vp_race(tmp_path: Path) -> None:
    record = GameRecord(0, 0, "t", "s", "a", "victory", 3, 10, "")
    assert draw([record], tmp_path)[3].exists()


def test_bad_formats_and_no_records_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="png or svg"):
        draw([GameRecord(0, 0, "t", "s", "a", "victory", 3, 10, "")], tmp_path, "gif")
    with pytest.raises(ValueError, match="no games"):
        draw([], tmp_path)


def test_the_report_command_draws_the_plots(
    records: list[GameRecord], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from wargames.cli import main

    out = tmp_path / "run.jsonl"
    simulate("minimal", 3, seed=5, out=out)
    assert main(["report", str(out), "--plots", str(tmp_path / "p"), "--format", "svg"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("3 games of minimal/skirmish")
    assert sorted(p.name for p in (tmp_path / "p").iterdir()) == sorted(f"{n}.svg" for n in NAMES)
