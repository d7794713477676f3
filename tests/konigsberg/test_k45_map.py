"""K45 0.2a half-hexes at the map edge and the 7.4 note on frozen lakes (provisional TEC values).

Hexes down one column (0302, 0303, ...) are adjacent; MP are whole MP of the rules."""

from __future__ import annotations

from typing import Any

from k45_helpers import activate, ends, game, hq, push, unit

import wargames
from wargames.core.actions import Attack, Move, Outcome, Pass
from wargames.core.game import Game
from wargames.core.supply import SupplyStatus
from wargames.konigsberg.actions import StrategicMove
from wargames.konigsberg.charts import charts, defaults
from wargames.konigsberg.combat import odds
from wargames.konigsberg.command import in_range
from wargames.konigsberg.forces import fits
from wargames.konigsberg.supply import statuses, trace, zoc_of

ROAD = [{"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)]


def movement(g: Game, units: list[str]) -> Game:
    return push(g, "movement", side="soviet", units=units)


def label(g: Game, attackers: list[str], target: str) -> str | None:
    col, _ = odds(g._ctx(), attackers, target)
    return None if col is None else charts(g.scenario).crt.scale.label(col)


# --- K45 0.2a: half-hexes ---------------------------------------------------------------------
def test_0_2a_half_hexes_are_never_entered_by_regular_or_strategic_movement() -> None:
    def position(half: bool) -> Game:
        g = game(
            unit("S", "soviet", "0303", mp=4),
            unit("G", "german", "1108"),
            hexsides=ROAD,
            features={"half-hex": ["0305"]} if half else None,
        )
        return movement(g, ["S"])

    open_map = position(half=False)  # the same position without the half-hex: all legal
    assert "0305" in ends(open_map, "S") and "0305" in ends(open_map, "S", "strategic-move")
    assert open_map.check(Move(("S",), ("0303", "0304", "0305", "0306"))) is None
    g = position(half=True)
    assert g.check(Move(("S",), ("0303", "0304", "0305"))).rule == "K45 0.2a"
    assert g.check(Move(("S",), ("0303", "0304", "0305", "0306"))).rule == "K45 0.2a"
    strategic = StrategicMove(("S",), ("0303", "0304", "0305", "0306"))
    assert g.check(strategic).rule == "K45 0.2a"  # the road does not open it (0.2a)
    assert "0305" not in ends(g, "S") and "0305" not in ends(g, "S", "strategic-move")
    assert not any("0305" in a.path for a in g.legal_actions() if hasattr(a, "path"))
    assert not fits(g._ctx(), "0305", ["S"], "soviet")  # never holds units (stacking, entry)


def crt(code: str) -> dict[str, Any]:
    table = dict(defaults()["crt"])
    table["rows"] = {str(d): [code] * 9 for d in range(1, 7)}
    return {"crt": table}


def test_0_2a_a_retreat_forced_into_a_half_hex_destroys_the_unit_like_the_map_edge() -> None:
    def attacked(half: bool) -> Game:
        g = game(
            unit("S", "soviet", "0201", attack=20),
            unit("T", "soviet", "0202"),
            unit("G", "german", "0101"),  # the corner: 0102 is its only way out
            features={"half-hex": ["0102"]} if half else None,
            charts=crt("Dr"),
        )
        activate(g, "", "soviet", ["S"])
        push(g, "combat", side="soviet")
        g.apply(Attack(("S",), "0101"))
        g.apply(Pass())
        g.apply(Outcome(4))
        return g

    open_map = attacked(half=False)
    assert {a.path for a in open_map.legal_actions()} == {("0101", "0102")}
    g = attacked(half=True)
    (retreat,) = g.legal_actions()
    assert retreat.path == ("0101",)
    g.apply(retreat)
    assert g.state.units["G"].box == "eliminated"  # forced off the map (0.2a, 4.3a)


def trace_position(half: bool, road: bool) -> Game:
    """A Soviet source at 1408 and HQ at 1403 cut off from 1202 by water in column 13, except
    through the edge hex 1301 (a half-hex when ``half``, with a road when ``road``)."""
    sides = [
        {"between": ["1301", "1401"], "features": ["road"]},
        {"between": ["1202", "1301"], "features": ["road"]},
    ]
    return game(
        unit("A", "soviet", "1202", command="H"),
        hq("H", "soviet", "1403", rng=3),
        unit("G", "german", "0108"),
        columns=14,
        terrain={"water": [f"13{r:02d}" for r in range(2, 9)]},
        features={"half-hex": ["1301"]} if half else None,
        hexsides=sides if road else None,
    )


def test_0_2a_supply_and_command_trace_through_half_hexes_with_roads_only() -> None:
    for half, road, through in (
        (False, False, True),  # an ordinary edge hex: the trace passes
        (True, True, True),  # a half-hex with a road: supply and command may use it
        (True, False, False),  # a half-hex without a road: no trace
    ):
        g = trace_position(half, road)
        ctx = g._ctx()
        supplied = statuses(ctx)["A"] is SupplyStatus.SUPPLIED
        assert supplied is through, (half, road)
        assert ("1202" in in_range(ctx, "H")) is through, (half, road)
        if half:
            movement(g, ["H"])
            assert "1301" not in ends(g, "H")  # traced through, never moved into


def test_0_2a_the_campaign_marks_half_hexes_where_roads_leave_the_map() -> None:
    sc = wargames.load_scenario("konigsberg", "campaign")
    board = sc.board
    halves = board.nodes_with("half-hex")
    assert len(halves) >= 3
    occupied = {u.at for u in sc.start.values() if u.at is not None}
    for n in halves:
        assert len(board.neighbours(n)) < 6  # at the map edge
        assert any(board.edge_features(n, m) & {"road"} for m in board.neighbours(n))
        assert n not in occupied
        assert board.attr(n, "entry") is None and board.attr(n, "source") is None


# --- K45 7.4 note: frozen lakes -----------------------------------------------------------------
def test_7_4_note_frozen_lake_hexes_and_hexsides_cost_movement_from_the_tec() -> None:
    def position(**kw: Any) -> Game:
        return movement(
            game(unit("S", "soviet", "0302", mp=3), unit("G", "german", "1108"), **kw), ["S"]
        )

    path = ("0302", "0303", "0304", "0305")
    clear = position()
    assert clear.check(Move(("S",), path)) is None  # 1 + 1 + 1
    lake = position(terrain={"lake": ["0304"]})  # 0303 is only partly lake: ordinary terrain
    assert lake.check(Move(("S",), path[:3])) is None  # 1 + 2
    assert lake.check(Move(("S",), path)).rule == "K45 4.3(2)"  # 1 + 2 + 1
    side = [{"between": ["0303", "0304"], "features": ["lake"]}]
    across = position(hexsides=side)
    assert across.check(Move(("S",), path[:3])) is None  # 1 + (1 + 1)
    assert across.check(Move(("S",), path)).rule == "K45 4.3(2)"
    assert "0305" not in ends(across, "S")
    far = movement(
        game(unit("S", "soviet", "0302", mp=4), unit("G", "german", "1108"), hexsides=side), ["S"]
    )
    assert far.check(Move(("S",), path)) is None  # a lake hexside does not stop the unit
    # the values are the TEC's: a scenario's own [charts] tec replaces them without code
    tec = dict(defaults()["tec"])
    tec["lake"] = 0
    tec["movement"] = {k: {**v, "lake": 1} for k, v in tec["movement"].items()}
    replaced = position(terrain={"lake": ["0304"]}, hexsides=side, charts={"tec": tec})
    assert replaced.check(Move(("S",), path)) is None


def test_7_4_note_only_lake_hexes_and_hexsides_change_combat() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=4),
        unit("B", "soviet", "0502", attack=4),
        unit("C", "soviet", "0702", attack=12),
        unit("G", "german", "0303", defence=2),
        unit("H", "german", "0503", defence=2),
        unit("L", "german", "0703", defence=2),
        terrain={"lake": ["0504", "0703"]},
        hexsides=[{"between": ["0302", "0303"], "features": ["lake"]}],
    )
    assert label(g, ["A"], "0303") == "1-1"  # 4 halved across the lake hexside : 2
    assert label(g, ["B"], "0503") == "2-1"  # 0503 is only partly lake (ordinary): no effect
    assert label(g, ["C"], "0703") == "6-1"  # a lake hex: no defensive benefit
    tec = dict(defaults()["tec"])
    tec["shifts"] = {**tec["shifts"], "lake": -1}
    tec["halve_attack"] = {**tec["halve_attack"], "lake": False}
    g2 = game(
        unit("A", "soviet", "0302", attack=4),
        unit("C", "soviet", "0702", attack=12),
        unit("G", "german", "0303", defence=2),
        unit("L", "german", "0703", defence=2),
        terrain={"lake": ["0703"]},
        hexsides=[{"between": ["0302", "0303"], "features": ["lake"]}],
        charts={"tec": tec},
    )
    assert label(g2, ["A"], "0303") == "2-1" and label(g2, ["C"], "0703") == "5-1"


def test_7_4_note_the_campaign_lakes_are_frozen_lake_hexes_and_hexsides() -> None:
    sc = wargames.load_scenario("konigsberg", "campaign")
    board, ix = sc.board, sc.board.index
    lakes = [n for n in board if board.terrain(n) == "lake"]
    assert len(lakes) >= 5 and ix.mask("lake")
    tec = defaults()["tec"]
    assert tec["frozen_lakes"]["provisional"] is True and tec["frozen_lakes"]["note"]
    rows = charts(sc).foot.rows(ix)
    lake_cost = 2 * int(tec["movement"]["foot"]["lake"])
    for n in lakes:
        for m in board.neighbours(n):
            into = {ix.ids[v]: c for v, c, _ in rows[ix.number[m]]}
            if n in into and not board.edge_features(m, n) & {"road", "autobahn"}:
                assert into[n] == lake_cost
            shore = board.terrain(m)  # a hex only partly lake keeps its own terrain
            back = {ix.ids[v]: c for v, c, _ in rows[ix.number[n]]}
            if shore != "lake" and m in back and not board.edge_features(m, n):
                assert back[m] == 2 * int(tec["movement"]["foot"][shore])


def test_3_1b_0_2a_no_zoc_extends_into_a_half_hex() -> None:
    g = game(
        unit("S", "soviet", "0203"),
        unit("G", "german", "0808"),
        features={"half-hex": ["0102"]},
        hexsides=[{"between": ["0101", "0102"], "features": ["road"]}],
    )
    ctx = g._ctx()
    index = g.scenario.board.index
    zoc = zoc_of(ctx, "soviet")
    # K45 3.1b: a ZOC covers the adjacent hexes "into which it could move during regular
    # movement"; 0.2a: no regular movement into a half-hex
    assert index.number["0103"] in zoc and index.number["0102"] not in zoc
    assert trace(ctx, "german").in_supply("0102")  # so a road half-hex is not cut by it
