"""K45 eighth-round review: a retreat forced off the map edge never outranks one the stack
survives (0.2a, 4.3a, 9.0b with 9.2b), and tests for rows whose tests could not fail."""

from __future__ import annotations

from typing import Any

from k45_helpers import autobahn, game, hq, push, unit
from test_k45_combat import crt, fight
from test_k45_stacking import start_phase

from wargames.core.actions import AllocateLosses, Choose, Pass, Place, Retreat
from wargames.core.game import Game
from wargames.konigsberg.special import refugee_paths

# every second hex of G's Dr2 retreat from 0602 held by zero-attack Soviet units
EDGE_BLOCKS = ["0401", "0402", "0403", "0503", "0604", "0703", "0801", "0802"]


def edge_retreat(*blocks: str) -> Game:
    """G at 0602 next to its source 0601 on the map edge, retreating two hexes (Dr2) from S:
    every retreat is cut short one hex."""
    units = [unit("S", "soviet", "0702", attack=20), unit("G", "german", "0602")]
    units += [unit(f"B{h}", "soviet", h, attack=0) for h in blocks]
    g = game(*units, charts=crt("Dr2"), features={"supply-german": ["0601"]})
    return fight(g, ["S"], "0602")


def test_4_3a_9_2b_a_retreat_survived_beats_one_cut_short_at_the_map_edge_nearer_supply() -> None:
    # 0601 is nearer the source (9.2b), but a retreat cut short there could go on only off the
    # map (4.3a: destroyed); 0502 costs G one step (9.0b) and G survives
    g = edge_retreat(*EDGE_BLOCKS)
    legal = list(g.legal_actions())
    assert Retreat(("G",), ("0602", "0502")) in legal
    assert Retreat(("G",), ("0602", "0601")) not in legal
    err = g.check(Retreat(("G",), ("0602", "0601")))
    assert err is not None and err.rule == "K45 4.3a"
    for a in legal:  # no legal retreat destroys G
        trial = g.copy()
        trial.apply(a)
        assert trial.state.units["G"].box != "eliminated"
    g.apply(Retreat(("G",), ("0602", "0502")))
    g.apply(AllocateLosses(("G",)))  # K45 9.0b: a step for the hex it could not retreat
    assert g.state.units["G"].at == "0502" and g.state.units["G"].steps == 1


def test_4_3a_a_retreat_cut_short_at_the_map_edge_still_destroys_when_nothing_survives() -> None:
    g = edge_retreat(*EDGE_BLOCKS, "0502", "0603", "0701")
    legal = list(g.legal_actions())
    assert legal == [Retreat(("G",), ("0602", "0601"))]  # 9.2b between two edge dead ends
    err = g.check(Retreat(("G",), ("0602", "0501")))
    assert err is not None and err.rule == "K45 9.2b"
    g.apply(legal[0])
    assert g.state.units["G"].box == "eliminated"


def test_14_2_an_isolated_soviet_unit_in_konigsberg_is_no_sudden_death() -> None:
    g = game(unit("S", "soviet", "1104", markers=["isolated"]), unit("G", "german", "0808"))
    push(g, "sudden-death")
    assert not g.is_over()


def test_0_7a_a_fronts_barrage_only_targets_units_next_to_that_front() -> None:
    g = game(
        unit("A", "soviet", "0302", front="2BR"),
        unit("B", "soviet", "0702", front="3BR"),
        unit("G2", "german", "0303"),  # next to a 2BR unit only
        unit("G3", "german", "0703"),
    )
    push(g, "barrage", side="soviet", front="3BR", count=1, drm=0, scope="front")
    assert {a.target for a in g.legal_actions() if a.kind == "attack"} == {"0703"}


def test_1_0a_first_turn_barrage_reaches_two_hexes_not_three() -> None:
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0304"), unit("F", "german", "0305"))
    board = g.scenario.board
    assert board.distance("0302", "0304") == 2 and board.distance("0302", "0305") == 3
    push(g, "barrage", side="soviet", front="", count=1, drm=-1, scope="within2")
    assert {a.target for a in g.legal_actions() if a.kind == "attack"} == {"0304"}


def test_12_2a_refugees_move_up_to_three_road_hexes() -> None:
    road = autobahn()  # 0104 ... 0706-0806-0905-1005-1104
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "1108"), hexsides=road)
    paths = refugee_paths(g._ctx(), "0706")
    assert max(len(p) - 1 for p in paths) == 3
    assert sorted(p[-1] for p in paths) == ["0806", "0905", "1005"]  # not 1104, four away


def test_12_2a_refugees_move_only_nearer_the_cities() -> None:
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "1108"))
    board = g.scenario.board

    def gap(n: str) -> int:
        return min(board.distance(n, c) for c in ("0104", "1104"))

    assert gap("0706") == gap("0705") == 4
    road = [{"between": ["0706", "0705"], "features": ["road"]}]
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "1108"), hexsides=road)
    assert refugee_paths(g._ctx(), "0706") == []


def test_12_2a_refugees_do_not_move_into_or_through_units() -> None:
    road = [
        *autobahn(),
        {"between": ["0706", "0707"], "features": ["road"]},
        {"between": ["0707", "0708"], "features": ["road"]},
    ]
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "0806"), hexsides=road)
    assert refugee_paths(g._ctx(), "0706") == []  # 0806 holds G; the side road leads away


def test_1_2c_12_5_volksturm_may_be_placed_exactly_three_hexes_from_the_soviets() -> None:
    vs: dict[str, Any] = {"attack": 1, "mp": 0, "steps": 1, "flags": ("nozoc", "volksturm")}
    g = game(
        unit("V1", "german", box="volksturm", **vs),
        unit("S", "soviet", "0708"),
        features={"town": ["0705", "0706"]},
        control={"german": ["0705", "0706"]},
    )
    assert g.scenario.board.distance("0708", "0705") == 3
    push(g, "volksturm")
    assert {a.at for a in g.legal_actions() if isinstance(a, Place)} == {"0705"}


def test_12_4_a_full_strength_unit_gets_no_replacement_step() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("F", "soviet", "0506", command="H", steps=2),
        unit("G", "german", "0101"),
        turns=3,
    )
    g.state.turn = 2
    push(g, "replacements", side="soviet")
    assert Choose("step:F") not in list(g.legal_actions())


def test_12_4_the_soviet_player_assigns_replacements_before_the_german() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("R", "soviet", "0506", command="H"),
        hq("K", "german", "0102"),
        unit("M", "german", "0103", command="K"),
        turns=4,
    )
    for uid, at in (("R", "0506"), ("M", "0103")):  # each has lost a step
        g.state.put(g.state.units[uid].__class__(uid, 1, at=at))
    g.state.turn = 3  # one German and two Soviet replacements
    start_phase(g, "reinforcement phase")
    phase = g.state.phase
    sides = []
    for _ in range(100):
        d = g.decision
        if d is None or (g.state.turn, g.state.phase) != (3, phase):
            break
        if d.step == "replacements":
            sides.append(d.side)
        if Pass() in g.legal_actions():
            g.apply(Pass())
        else:
            g.apply(next(iter(g.legal_actions())))
    assert list(dict.fromkeys(sides)) == ["soviet", "german"]
