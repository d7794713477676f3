"""SVG pictures: well-formed, one shape per hex or point and per unit, deterministic."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import wargames
from wargames.core.board import Board
from wargames.core.hexgrid import HexLayout
from wargames.core.render import svg
from wargames.core.state import GameState
from wargames.core.units import UnitState

NS = "{http://www.w3.org/2000/svg}"


def test_hex_board_svg_has_a_polygon_per_hex_and_a_counter_per_unit() -> None:
    game = wargames.new_game("minimal", seed=2)
    root = ET.fromstring(game.svg(highlight=["0403"]))
    polygons = root.findall(f"{NS}polygon")
    on_map = [u for u in game.state.units.values() if u.at is not None]
    assert len(polygons) == len(game.scenario.board) + 1  # plus the highlight outline
    assert len(root.findall(f"{NS}rect")) == len(on_map)
    assert game.svg() == game.svg() and game._repr_svg_() == game.svg()


def test_river_hexsides_are_drawn() -> None:
    board = Board.hex_map(HexLayout(3, 3), hexsides={("0202", "0203"): ["river"]})
    root = ET.fromstring(svg(board))
    titles = [t.text for t in root.iter(f"{NS}title")]
    assert titles.count("river") == 1


def test_point_maps_render_with_given_or_computed_positions() -> None:
    board = Board.point_map(
        {"A": {"x": 0, "y": 0}, "B": {"x": 3, "y": 1}}, [("A", "B", {"line": "rail"})]
    )
    state = GameState(units={"u": UnitState("u", 1, at="B")})
    root = ET.fromstring(svg(board, state, {"u": "axis"}))
    assert len(root.findall(f"{NS}circle")) == 2 and len(root.findall(f"{NS}line")) == 1
    loose = Board.point_map({"A": {}, "B": {}, "C": {}}, [("A", "B", {}), ("B", "C", {})])
    assert svg(loose) == svg(loose)


def test_point_map_line_classes_control_and_stack_counts_are_drawn() -> None:
    board = Board.point_map(
        {"A": {"x": 0, "y": 0}, "B": {"x": 2, "y": 0}, "C": {"x": 1, "y": 2}},
        [
            ("A", "B", {"line": "major", "features": {"highway"}}),
            ("B", "C", {"line": "inferior"}),
            ("A", "C", {"line": "minor"}),
        ],
    )
    units = {u: UnitState(u, 1, at="A") for u in ("u1", "u2", "u3")}
    state = GameState(units=units, control={"A": "red", "C": "blue"})
    sides = {"u1": "red", "u2": "red", "u3": "red"}
    root = ET.fromstring(svg(board, state, sides, side_order=("blue", "red")))
    lines = root.findall(f"{NS}line")
    widths = {ln.findtext(f"{NS}title"): ln.get("stroke-width") for ln in lines}
    assert widths["A-B major"] == "4.0" and widths["A-C minor"] == "2.2"
    dashed = [ln for ln in lines if ln.findtext(f"{NS}title") == "B-C inferior"]
    assert dashed[0].get("stroke-dasharray")
    assert "highway" in widths
    texts = [t.text for t in root.findall(f"{NS}text")]
    assert {"major", "minor", "inferior", "highway"} <= set(texts)  # the legend
    assert "3" in texts  # the stack of three on A
    fills = {c.get("cx"): c.get("fill") for c in root.findall(f"{NS}circle")}
    assert fills["0.0"] == "#efc9c3" and fills["24.0"] != fills["0.0"]  # red holds A
