"""K45 0.5-0.7, 1.0-1.5, 2.x: the sequence of play, the chit cup, activation and command."""

from __future__ import annotations

from fractions import Fraction

from k45_helpers import game, hq, push, unit

from wargames.core.actions import AllocateLosses, Attack, Choose, Move, Outcome, Pass
from wargames.core.board import Board
from wargames.core.game import Game
from wargames.core.hexgrid import HexLayout


def cup(g: Game, *chits: str) -> None:
    g.state.boxes["cup"] = tuple(chits)


def draw(g: Game, chit: str) -> Game:
    push(g, "draw")
    g.apply(Outcome(chit))
    return g


def test_1_0_the_turn_runs_the_phases_in_order() -> None:
    g = game(unit("S", "soviet", "1108"), unit("G", "german", "0101"), turns=2)
    while not g.is_over():
        g.roll() if g.decision.is_chance else g.apply(Pass())
    phases = [e.data["phase"] for e in g.events if e.kind == "phase" and e.turn == 1]
    order = [
        "barrage phase",
        "air unit phase",
        "reinforcement phase",
        "command phase",
        "supply phase",
        "end of turn phase",
    ]
    assert [p for p in dict.fromkeys(phases)] == order
    turn2 = [e.data["phase"] for e in g.events if e.kind == "phase" and e.turn == 2]
    assert "barrage phase" not in turn2  # K45 1.0a: first turn only


def test_1_0a_first_turn_barrage_two_rolls_per_player_and_front() -> None:
    g = game(unit("S", "soviet", "1108"), unit("G", "german", "0101"))
    rolls = 0
    while g.decision.step == "barrage-dice":
        g.apply(Outcome(1))  # no barrage attacks on a 1
        rolls += 1
    assert rolls == 6  # Germans 2, 2nd BR Front 2, 3rd BR Front 2


def test_1_0a_first_turn_barrage_targets_within_two_hexes_with_a_minus_one() -> None:
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0304"), unit("F", "german", "0308"))
    push(g, "barrage", side="soviet", front="", count=1, drm=-1, scope="within2")
    targets = {a.target for a in g.legal_actions() if a.kind == "attack"}
    assert targets == {"0304"}


def test_0_5_chits_are_drawn_at_random_with_exact_probabilities() -> None:
    g = game(
        hq("H", "soviet", "1107"),
        unit("S", "soviet", "1108"),
        hq("K", "german", "0102"),
        unit("G", "german", "0101"),
    )
    cup(g, "H", "K", "random-event")
    push(g, "draw")
    assert g.decision.is_chance
    assert sorted((a.value, p) for a, p in g.chance_outcomes()) == [
        ("H", Fraction(1, 3)),
        ("K", Fraction(1, 3)),
        ("random-event", Fraction(1, 3)),
    ]


def test_2_2a_an_hq_activates_its_units_in_range_and_independents() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("A", "soviet", "0506", command="H"),
        unit("B", "soviet", "0508", command="H"),
        unit("Far", "soviet", "1101", command="H"),
        unit("I1", "soviet", "0405"),
        unit("I2", "soviet", "0605"),
        unit("I3", "soviet", "0504"),
        unit("G", "german", "0101"),
    )
    cup(g, "H")
    draw(g, "H")
    active = g.state.get("active")
    assert set(active["units"]) == {"A", "B"}  # Far is out of range (2.2e)
    assert g.decision.step == "pick-independents"
    g.apply(Choose("unit:I1"))
    g.apply(Choose("unit:I2"))
    assert g.decision.step == "movement"  # two Soviet independents (2.2a)
    assert set(g.state.get("active")["units"]) == {"A", "B", "I1", "I2"}


def test_2_2a_german_hqs_take_three_independents_and_2_2d_7pz_five() -> None:
    units = [unit(f"I{i}", "german", f"05{i:02d}") for i in range(1, 8)]
    g = game(hq("7PzK", "german", "0504", rng=4), *units, unit("S", "soviet", "1108"))
    cup(g, "7PzK")
    draw(g, "7PzK")
    for i in range(1, 6):
        g.apply(Choose(f"unit:I{i}"))
    assert g.decision.step == "movement"
    g2 = game(hq("K", "german", "0504", rng=4), *units, unit("S", "soviet", "1108"))
    cup(g2, "K")
    draw(g2, "K")
    for i in range(1, 4):
        g2.apply(Choose(f"unit:I{i}"))
    assert g2.decision.step == "movement"


def test_2_2e_command_range_stops_across_an_unbridged_major_river() -> None:
    board = Board.hex_map(HexLayout(12, 8))
    river = [
        {"between": [a, b], "features": ["major-river"]}
        for a in board
        for b in board.neighbours(a)
        if a < b and min(int(a[2:]), int(b[2:])) <= 3 < max(int(a[2:]), int(b[2:]))
    ]
    g = game(
        hq("H", "soviet", "0503"),
        unit("A", "soviet", "0504", command="H"),
        unit("B", "soviet", "0505", command="H"),
        unit("G", "german", "0101"),
        hexsides=river,
    )
    cup(g, "H")
    draw(g, "H")
    assert list(g.state.get("active")["units"]) == ["A"]


def test_2_2e_a_range_stopped_across_a_river_goes_on_over_a_bridge() -> None:
    # Campaign map: 0326 is next to 0227 across an unbridged major river (the count stops
    # there), but 0227-0226-0326 crosses only a bridged one, so 20K (range 3) at 0227 still
    # commands 14ID at 0426, 3 hexes away.
    import wargames

    g = wargames.new_game("konigsberg", seed=1)
    board = g.scenario.board
    assert "major-river" in board.edge_features("0227", "0326")
    assert "bridge" in board.edge_features("0226", "0326")
    g.state.put(g.state.units["20K"].moved_to("0227"))
    g.state.put(g.state.units["14ID"].moved_to("0426"))
    g.state.stack = g.state.stack[:0]
    push(g, "activate", hq="20K", side="german", hgm=False, free=False)
    assert "14ID" in g.state.get("active")["units"]


def test_2_1b_0_7_chits_over_the_limit_are_not_acted_upon() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("A", "soviet", "0506", command="H"),
        unit("G", "german", "0101"),
    )
    g.state.set("used", {"3BR": 4})  # the turn-1 limit of the 3rd BR Front
    cup(g, "H", "barrage-3BR")
    draw(g, "H")
    assert g.state.get("active") is None
    draw(g, "barrage-3BR")
    assert any("not acted upon" in e.text for e in g.events if e.kind == "chit")


def test_2_1c_2_2c_front_chits_activate_any_hq_of_the_front_again() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        hq("J", "soviet", "0805", front="2BR"),
        unit("A", "soviet", "0506", command="H"),
        unit("G", "german", "0101"),
    )
    cup(g, "3BR-1")
    draw(g, "3BR-1")
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"H"}
    g.apply(Choose("H"))
    assert g.state.get("active")["hq"] == "H"
    assert g.state.get("used")["3BR"] == 1


def test_2_1d_hgm_activates_a_corps_and_two_independents_anywhere_to_move() -> None:
    g = game(
        hq("K", "german", "0102"),
        unit("A", "german", "0103", command="K"),
        unit("I", "german", "1005"),
        unit("J", "german", "1006"),
        unit("L", "german", "1007"),
        unit("S", "soviet", "1108"),
    )
    cup(g, "HGM")
    draw(g, "HGM")
    g.apply(Choose("K"))
    g.apply(Choose("hgm:I"))
    g.apply(Choose("hgm:J"))
    assert g.decision.step == "movement"
    assert set(g.state.get("active")["move_only"]) == {"I", "J"}


def test_2_2b_independents_may_be_activated_more_than_once() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        hq("J", "soviet", "0705"),
        unit("I", "soviet", "0605"),
        unit("G", "german", "0101"),
    )
    cup(g, "H", "J")
    draw(g, "H")
    g.apply(Choose("unit:I"))
    while g.decision.step != "draw" and not g.decision.is_chance:
        g.apply(Pass())
    draw(g, "J")
    assert "unit:I" in {a.option for a in g.legal_actions() if isinstance(a, Choose)}


def test_1_5c_the_turn_advance_puts_the_drawn_chits_back() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("A", "soviet", "0506", command="H"),
        unit("G", "german", "0101"),
    )
    g.state.boxes["drawn"] = ("H", "gd-withdrawal")
    g.state.boxes["chits-out"] = ("gd-withdrawal",)
    cup(g, "barrage-3BR")
    push(g, "turn-advance")
    assert set(g.state.boxes["cup"]) == {"H", "barrage-3BR"}


def test_random_event_10_waiting_on_comrade_stalin_stops_a_front() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("A", "soviet", "0506", command="H"),
        unit("G", "german", "0101"),
    )
    push(g, "random-event")
    g.apply(Outcome(10))
    g.apply(Outcome(5))
    assert "3BR" in g.state.get("stopped")


def test_random_event_3_free_movement_of_a_german_corps() -> None:
    g = game(
        hq("K", "german", "0505"),
        unit("A", "german", "0506", command="K"),
        unit("S", "soviet", "0508"),
    )
    push(g, "random-event")
    g.apply(Outcome(3))
    assert g.decision.step == "choose-hq" and g.decision.side == "german"
    assert Choose("K") in list(g.legal_actions())
    g.apply(Choose("K"))
    assert g.decision.step == "movement" and g.decision.side == "german"
    assert g.state.get("used", {}).get("german", 0) == 0  # free: no activation used
    g.apply(Move(("A",), ("0506", "0406")))
    g.apply(Pass())
    assert g.decision is None or g.decision.step != "combat"  # a movement only


BARRAGE_CRT = {  # only the 3-1 column on a modified 1 hurts
    "crt": {
        "rule": "K45 7.4b",
        "zero_defence": "8-1+",
        "shifted_below": "illegal",
        "columns": ["1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1+"],
        "rows": {
            str(d): ["-"] * 3 + (["D1"] if d == 1 else ["-"]) + ["-"] * 5 for d in range(1, 7)
        },
    }
}


def test_random_event_4_german_barrage_at_3_1_with_a_minus_one() -> None:
    g = game(
        unit("G", "german", "0303"),
        unit("S", "soviet", "0304"),
        unit("T", "soviet", "0308"),
        charts=BARRAGE_CRT,
    )
    push(g, "random-event")
    g.apply(Outcome(4))
    assert g.decision.step == "barrage" and g.decision.side == "german"
    assert {a.target for a in g.legal_actions() if isinstance(a, Attack)} == {"0304"}
    g.apply(Attack((), "0304"))
    g.apply(Outcome(2))  # 2 - 1 = 1 on the 3-1 column
    assert g.events[-1].text == "barrage die 2: D1"
    g.apply(AllocateLosses(("S",)))
    assert g.state.units["S"].steps == 1 and g.state.units["G"].steps == 2


def test_random_event_11_soviet_barrage_at_3_1_next_to_any_front() -> None:
    g = game(
        unit("A", "soviet", "0302", front="2BR"),
        unit("B", "soviet", "0702", front="3BR"),
        unit("G", "german", "0303"),
        unit("H", "german", "0703"),
        unit("F", "german", "0308"),
        charts=BARRAGE_CRT,
    )
    push(g, "random-event")
    g.apply(Outcome(11))
    assert g.decision.step == "barrage" and g.decision.side == "soviet"
    assert {a.target for a in g.legal_actions() if isinstance(a, Attack)} == {"0303", "0703"}
    g.apply(Attack((), "0703"))
    g.apply(Outcome(2))  # no modifier: a 2 misses
    assert g.state.units["H"].steps == 2 and g.decision.step != "lose"
    push(g, "barrage", side="soviet", front="", count=1, drm=0, scope="adjacent")
    g.apply(Attack((), "0303"))
    g.apply(Outcome(1))
    g.apply(AllocateLosses(("G",)))
    assert g.state.units["G"].steps == 1


def test_random_event_7_no_event() -> None:
    air = {"flags": ("air",), "values": {"full": 2, "normal": 1, "army": "1AA", "front": "3BR"}}
    g = game(
        hq("K", "german", "0505"),
        unit("A", "german", "0506"),
        unit("S", "soviet", "0508"),
        unit("AA", "soviet", None, box="air:1AA", **air),
    )
    before, decision = g.state.copy(), g.decision
    push(g, "random-event")
    g.apply(Outcome(7))
    assert g.state.units == before.units and g.state.boxes == before.boxes
    assert g.state.vars == before.vars and g.decision == decision  # play resumes as it was


def test_12_8_a_barrage_on_a_fixed_hqs_hex_releases_it() -> None:
    g = game(
        unit("S", "soviet", "0302"),
        unit("G", "german", "0303"),
        hq("6K", "german", "0303"),
    )
    push(g, "barrage", side="soviet", front="3BR", count=1, drm=0, scope="front")
    g.apply(Attack((), "0303"))  # a barrage is an attack on the hex (0.7a: "3:1 attacks")
    assert "6K" in g.state.get("released", ())


def test_0_7e_a_destroyed_gd_hq_comes_back_with_its_chit_for_good() -> None:
    """K45 0.7e: "Add the GD Command Chit to the draw cup": a GD HQ destroyed before the
    withdrawal returns, and its chit stays in play after it is drawn (1.5c)."""
    from k45_helpers import activate

    gd = [
        hq("GDK", "german", "0505"),
        unit("GDPz", "german", "0806", command="GDK"),
        unit("GDFus", "german", "0807", command="GDK"),
        unit("GDPzG", "german", "0808", command="GDK"),
    ]
    g = game(*gd, unit("S", "soviet", "0405"), unit("G", "german", "1108"),
             attributes={"0105": {"entry": "B"}})  # fmt: skip
    g.state.boxes["cup"] = ("GDK", "gd-withdrawal", "gd-returns")
    activate(g, "", "soviet", ["S"])
    push(g, "movement", side="soviet")
    g.apply(Move(("S",), ("0405", "0505")))  # overruns the lone GD HQ (12.1d)
    assert "GDK" in g.state.boxes.get("chits-out", ())
    g.apply(Pass())
    push(g, "action-chit", chit="gd-withdrawal", kind="gd-withdrawal")
    push(g, "action-chit", chit="gd-returns", kind="gd-returns")
    assert g.state.units["GDK"].at is not None and "GDK" in g.state.boxes["cup"]
    assert "GDK" not in g.state.boxes.get("chits-out", ())
    while g.decision is not None and g.decision.step == "movement":
        g.apply(Pass())
    g.state.boxes["cup"] = tuple(c for c in g.state.boxes["cup"] if c != "GDK")
    g.state.boxes["drawn"] = (*g.state.boxes.get("drawn", ()), "GDK")  # drawn this turn
    push(g, "turn-advance")
    assert "GDK" in g.state.boxes["cup"]  # back in the cup next turn


def test_0_1e_a_barrage_does_not_name_a_fixed_hq_under_the_stacks_top() -> None:
    """K45 0.1e: the Soviet player sees only the top unit of a German stack: the 12.8 release
    of a fixed HQ under it is not told to him, in his log or his view."""
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0303"), hq("6K", "german", "0303"))
    n = len(g.events_for("soviet"))
    push(g, "barrage", side="soviet", front="3BR", count=1, drm=0, scope="front")
    g.apply(Attack((), "0303"))
    assert "6K" in g.state.get("released", ())  # released all the same
    assert not any("6K" in e.text for e in g.events_for("soviet")[n:])
    assert "6K" not in (g.view("soviet")["vars"].get("released") or ())
    assert "6K" in g.view("german")["vars"]["released"]
