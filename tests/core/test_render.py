"""SVG pictures: well-formed, a wargame map (counters with values, steps, markers and NATO
symbols, routes centre to centre, rivers on hexsides, names, key, banner), overlays on
request, any past position, deterministic."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

import attrs
import pytest

import wargames
from wargames.core.actions import Move
from wargames.core.board import Board
from wargames.core.counters import echelon, unit_kind
from wargames.core.game import Game
from wargames.core.hexgrid import HexLayout
from wargames.core.render import svg
from wargames.core.render.geometry import positions
from wargames.core.state import GameState
from wargames.core.units import UnitState

NS = "{http://www.w3.org/2000/svg}"


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{NS}text")]


def counters(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("data-uid", ""): g for g in root.iter(f"{NS}g") if g.get("class") == "counter"}


def titled(root: ET.Element, title: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.findtext(f"{NS}title") == title]


def test_counters_show_designation_values_and_type() -> None:
    game = wargames.new_game("minimal", seed=2)
    root = ET.fromstring(game.svg())
    drawn = counters(root)
    assert set(drawn) == {u.id for u in game.state.units.values() if u.at is not None}
    b1 = drawn["B1"]
    assert [t.text for t in b1.iter(f"{NS}text")][:1] == ["B1"]
    values = [t.text for t in b1.iter(f"{NS}text") if t.get("class") == "values"]
    assert values == ["4-4-3"]  # attack-defence-movement at full strength
    assert b1.findall(f"{NS}line")  # the infantry X
    b3 = drawn["B3"]  # armour: an oval, no X
    assert b3.findall(f"{NS}ellipse") and not b3.findall(f"{NS}line")
    assert game.svg() == game.svg() and game._repr_svg_() == game.svg()


def test_reduced_side_and_markers_are_drawn_distinctly() -> None:
    game = wargames.new_game("minimal", seed=2)
    full = counters(ET.fromstring(game.svg()))["B1"]
    unit = game.state.units["B1"]
    game.state.units["B1"] = attrs.evolve(unit, steps=1, markers={"disrupted", "moved@phase"})
    reduced = counters(ET.fromstring(game.svg()))["B1"]
    assert [t.text for t in reduced.iter(f"{NS}text") if t.get("class") == "values"] == ["2-2-3"]
    assert "(reduced)" in (reduced.findtext(f"{NS}title") or "")
    rect = reduced.find(f"{NS}rect")
    assert rect is not None and rect.get("fill") != full.find(f"{NS}rect").get("fill")  # type: ignore[union-attr]
    chips = [g for g in reduced.iter(f"{NS}g") if g.get("class") == "marker"]
    assert [c.findtext(f"{NS}title") for c in chips] == ["disrupted"]  # not the scoped marker
    pips = [c for c in reduced.findall(f"{NS}circle")]
    assert [c.get("fill") for c in pips] == ["#111", "none"]  # one step of two left


def test_unit_kinds_and_echelons() -> None:
    assert unit_kind("volksgrenadier", ()) == "infantry"
    assert unit_kind("korps", {"panzer"}) == "armour"
    assert unit_kind("panzergrenadier", ()) == "mech"
    assert unit_kind("hq", {"hq"}) == "hq"
    assert unit_kind("rail-artillery", ()) == "artillery"
    assert unit_kind("cavalry", ()) == "cavalry"
    assert unit_kind("air", ()) == "air"
    assert echelon("infantry", "division") == "XX" and echelon("shock-army", "") == "XXXX"
    assert echelon("rifle", "") == ""


def _line_ends(e: ET.Element) -> tuple[tuple[float, float], tuple[float, float]]:
    return (float(e.get("x1", 0)), float(e.get("y1", 0))), (
        float(e.get("x2", 0)),
        float(e.get("y2", 0)),
    )


def test_roads_and_rails_run_centre_to_centre_rivers_along_the_hexside() -> None:
    board = Board.hex_map(
        HexLayout(3, 3),
        hexsides={("0202", "0203"): ["road", "river"], ("0101", "0201"): ["rail"]},
    )
    root = ET.fromstring(svg(board))
    pos = positions(board, 24.0)
    (road,) = titled(root, "road")
    ends = _line_ends(road)
    assert {(round(x, 1), round(y, 1)) for x, y in ends} == {
        (round(pos[n][0], 1), round(pos[n][1], 1)) for n in ("0202", "0203")
    }
    (rail,) = titled(root, "rail")
    assert _line_ends(rail)[0] == (round(pos["0101"][0], 1), round(pos["0101"][1], 1))
    (river,) = titled(root, "river")
    (a, b) = _line_ends(river)
    mid = ((pos["0202"][0] + pos["0203"][0]) / 2, (pos["0202"][1] + pos["0203"][1]) / 2)
    assert math.dist(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), mid) < 0.2
    assert math.dist(a, b) == pytest.approx(24.0, abs=0.2)  # one hexside long
    assert titled(root, "bridge")  # the road crosses the river


def test_a_titles_own_hexside_features_are_drawn_and_keyed() -> None:
    board = Board.hex_map(
        HexLayout(3, 3),
        hexsides={("0202", "0203"): ["stream"], ("0101", "0201"): ["escarpment", "bridge"]},
    )
    root = ET.fromstring(svg(board))
    (stream,) = titled(root, "stream")
    (escarpment,) = titled(root, "escarpment")
    assert stream.get("stroke") != escarpment.get("stroke")  # water-like blue, other grey
    assert math.dist(*_line_ends(stream)) == pytest.approx(24.0, abs=0.2)  # along the side
    assert {"stream", "escarpment"} <= set(texts(root)) and "bridge" not in texts(root)


def test_names_victory_locations_key_and_banner() -> None:
    game = wargames.new_game("minimal", seed=2)
    root = ET.fromstring(game.svg())
    words = texts(root)
    assert {"Northtown", "Eastwood", "Southford"} <= set(words)
    assert any("victory" in (e.findtext(f"{NS}title") or "") for e in root.iter(f"{NS}polygon"))
    assert {"Key", "infantry", "armour", "river", "forest"} <= set(words)
    banner = next(g for g in root.iter(f"{NS}g") if g.get("class") == "banner")
    status = " ".join(t.text or "" for t in banner.iter(f"{NS}text"))
    assert "Turn 1 of 6" in status and "blue to act" in status and "movement" in status


def test_overlays_only_when_asked() -> None:
    game = wargames.new_game("minimal", seed=2)
    plain = ET.fromstring(game.svg())
    assert not titled(plain, "blue ZOC") and not titled(plain, "legal move")
    root = ET.fromstring(game.svg(zoc=True, select="B1", supply=True))
    zoc = game.title.zoc(game.rules_context(), "red")
    assert zoc and len(titled(root, "red ZOC")) == len(zoc)
    dests = {a.path[-1] for a in game.legal_actions() if isinstance(a, Move) and "B1" in a.units}
    assert len(titled(root, "legal move")) == len(dests) > 0
    assert [r for r in root.iter(f"{NS}rect") if r.get("class") == "supply"]


def test_no_legal_moves_for_a_side_not_deciding() -> None:
    game = wargames.new_game("minimal", seed=2)
    assert titled(ET.fromstring(game.svg(side="blue", select="B1")), "legal move")
    assert not titled(ET.fromstring(game.svg(side="red", select="B1")), "legal move")


def _moved(seed: int = 2) -> tuple[Game, Move]:
    game = wargames.new_game("minimal", seed=seed)
    move = next(a for a in game.legal_actions() if isinstance(a, Move) and len(a.path) > 2)
    game.apply(move)
    return game, move


def test_last_move_draws_an_arrow_along_the_path() -> None:
    game, move = _moved()
    root = ET.fromstring(game.svg(last_move=True))
    arrows = [p for p in root.iter(f"{NS}polyline") if p.findtext(f"{NS}title")]
    assert len(arrows) == 1
    pos = positions(game.scenario.board, 24.0)
    points = (arrows[0].get("points") or "").split()
    assert len(points) == len(move.path)
    start = tuple(float(v) for v in points[0].split(","))
    assert start == (round(pos[move.path[0]][0], 1), round(pos[move.path[0]][1], 1))
    assert not [p for p in ET.fromstring(game.svg()).iter(f"{NS}polyline")]


def test_at_draws_a_past_position() -> None:
    game, _ = _moved()
    start = wargames.new_game("minimal", seed=2)
    assert game.svg(at=0) == start.svg()
    assert game.svg(at=1) == game.svg()
    loaded = wargames.load_game(game.to_json())  # no snapshots: replayed
    assert loaded.svg(at=0) == start.svg() and loaded.svg(last_move=True) == game.svg(
        last_move=True
    )
    with pytest.raises(IndexError):
        game.svg(at=5)


def test_region_frames_part_of_the_map() -> None:
    game = wargames.new_game("minimal", seed=2)
    whole = ET.fromstring(game.svg(legend=False))
    part = ET.fromstring(game.svg(region=["0101", "0202"], legend=False))
    assert float(part.get("width", 0)) < float(whole.get("width", 0))


def test_point_maps_render_with_given_or_computed_positions() -> None:
    board = Board.point_map(
        {"A": {"x": 0, "y": 0}, "B": {"x": 3, "y": 1}}, [("A", "B", {"line": "rail"})]
    )
    state = GameState(units={"u": UnitState("u", 1, at="B")})
    root = ET.fromstring(svg(board, state, {"u": "axis"}))
    points = next(g for g in root.iter(f"{NS}g") if g.get("class") == "points")
    assert len(points.findall(f"{NS}circle")) == 2 and len(titled(root, "A-B rail")) == 1
    assert set(counters(root)) == {"u"}
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
    lines = root.findall(f".//{NS}line")
    widths = {ln.findtext(f"{NS}title"): ln.get("stroke-width") for ln in lines}
    assert widths["A-B major"] == "4.0" and widths["A-C minor"] == "2.2"
    dashed = [ln for ln in lines if ln.findtext(f"{NS}title") == "B-C inferior"]
    assert dashed[0].get("stroke-dasharray")
    assert "highway" in widths
    words = texts(root)
    assert {"major line", "minor line", "inferior line", "highway"} <= set(words)  # the key
    assert "3" in words  # the stack of three on A
    fills = {c.findtext(f"{NS}title"): c.get("fill") for c in root.iter(f"{NS}circle")}
    assert fills["A (red)"] == "#efc9c3" and fills["C (blue)"] != fills["A (red)"]
    assert fills["B"] != fills["A (red)"]  # nobody holds B


def test_position_replays_or_takes_back_alike() -> None:
    game, _ = _moved()
    game.apply(next(iter(game.legal_actions())))
    loaded = wargames.load_game(game.to_json())  # no snapshots: replayed from the start
    for n in (0, 1, 2, -1):
        assert loaded.position(n).to_json() == game.position(n).to_json()
    assert game.position(2).to_json() == game.to_json()


def test_supply_overlay_rings_each_counter_by_its_markers() -> None:
    game = wargames.new_game("minimal", seed=2)
    unit = game.state.units["B1"]
    game.state.units["B1"] = attrs.evolve(unit, markers={"oos"})
    rings = {
        g.get("data-uid"): [r.get("stroke") for r in g.iter(f"{NS}rect") if r.get("class")]
        for g in ET.fromstring(game.svg(supply=True)).iter(f"{NS}g")
        if g.get("class") == "counter"
    }
    assert rings["B1"] == ["#d63a2a"] and rings["B2"] == ["#2e9d45"]  # out / in supply


def test_png_of_a_game() -> None:
    pytest.importorskip("resvg_py", reason="PNG output needs the png extra (resvg-py)")
    data = wargames.new_game("lines", seed=1).png(last_move=True)
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 1000
