"""K45 1.2, 5.1a, 6.x, 12.1c: reinforcements, HQ removal, replacements (12.4), overstacking."""

from __future__ import annotations

from typing import Any

from k45_helpers import autobahn, game, hq, push, unit

from wargames.core.actions import Choose, Move, Outcome, Pass, Place


def test_6_0_reinforcements_enter_at_their_area_with_their_chit_and_move() -> None:
    g = game(
        hq("K", "german", None),
        unit("A", "german", None, command="K"),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}},
        reinforcements=[
            {"turn": 1, "unit": "K", "area": "B"},
            {"turn": 1, "unit": "A", "area": "B"},
        ],
    )
    push(g, "reinforce")
    assert g.state.units["A"].at == "0105" and g.state.units["K"].at == "0105"
    assert "K" in g.state.boxes["cup"]  # K45 6.1
    push(g, "reinforce-move", side="german")
    assert g.decision.step == "movement"
    assert g.check(Move(("A",), ("0105", "0106"))) is None


def test_6_0c_an_entry_held_by_the_enemy_moves_within_ten_hexes_along_the_edge() -> None:
    g = game(
        unit("A", "german", None),
        unit("S", "soviet", "0105"),
        attributes={"0105": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
    )
    push(g, "reinforce")
    assert g.decision.step == "place-reinforcement"
    spots = {a.at for a in g.legal_actions()}
    assert "0105" not in spots and spots
    zoc = set(g.scenario.board.neighbours("0105"))
    assert not spots & zoc  # K45 3.2: not into EZOC


def test_12_1c_an_hq_with_no_combat_unit_in_range_is_removed() -> None:
    g = game(hq("K", "german", "0102"), unit("A", "german", "1101"), unit("S", "soviet", "1108"))
    g.state.boxes["cup"] = ("K",)
    push(g, "hq-removal")
    assert g.state.units["K"].box == "removed" and "K" not in g.state.boxes["cup"]


def test_5_1a_overstacking_costs_the_strongest_a_step_and_a_retreat() -> None:
    g = game(
        unit("A", "german", "0505", attack=6),
        unit("B", "german", "0505", attack=2),
        unit("C", "german", "0505", attack=3),
        unit("S", "soviet", "1108"),
    )
    push(g, "phase-end", phase="reinforcement phase")
    assert g.state.units["A"].steps == 1
    assert g.decision.step == "retreat"
    g.apply(next(iter(g.legal_actions())))
    assert g.state.units["A"].at != "0505"


def test_12_4_replacements_rebuild_steps_soviet_first_not_accumulated() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("R", "soviet", "0506", command="H", steps=2),
        unit("E", "soviet", None, box="eliminated", command="H"),
        unit("One", "soviet", None, box="eliminated", steps=1),
        unit("G", "german", "0101"),
        turns=3,
    )
    g.state.put(g.state.units["R"].__class__("R", 1, at="0506"))
    g.state.turn = 2  # two Soviet replacements on turn 2
    push(g, "replacements", side="soviet")
    opts = list(g.legal_actions())
    assert Choose("step:R") in opts
    assert not any(isinstance(a, Place) and a.unit == "One" for a in opts)  # one-step units
    g.apply(next(a for a in opts if isinstance(a, Place) and a.unit == "E"))
    assert g.state.units["E"].steps == 1
    assert Choose("step:E") in list(g.legal_actions())  # K45 12.4a: full strength in one turn
    g.apply(Choose("step:E"))
    assert g.decision is None or g.decision.step != "replacements"


def test_12_4b_german_units_do_not_return_at_full_strength_and_mech_costs_two() -> None:
    g = game(
        hq("K", "german", "0505"),
        unit("E", "german", None, box="eliminated", command="K"),
        unit("M", "german", "0506", command="K", flags=("mech",), steps=2),
        unit("S", "soviet", "1108"),
    )
    g.state.put(g.state.units["M"].__class__("M", 1, at="0506"))
    g.state.turn = 6  # two German replacements on turn 6
    push(g, "replacements", side="german")
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    assert Choose("step:E") not in list(g.legal_actions())
    assert Choose("step:M") not in list(g.legal_actions())  # one point left, mech costs two


def test_1_2c_volksturm_placed_in_german_towns_three_hexes_from_the_soviets() -> None:
    vs = {"attack": 1, "mp": 0, "steps": 1, "flags": ("nozoc", "volksturm")}
    g = game(
        unit("V1", "german", box="volksturm", **vs),
        unit("V2", "german", box="volksturm", **vs),
        unit("S", "soviet", "0708"),
        features={"town": ["0303", "0706", "0304"]},
        control={"german": ["0303", "0706", "0304"]},
    )
    push(g, "volksturm")
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert "0303" in spots and "0706" not in spots  # 0706 is two hexes from S
    g.apply(Place("V1", "0303"))
    assert "0303" not in {a.at for a in g.legal_actions() if isinstance(a, Place)}
    push(g, "volksturm-return")
    assert g.state.units["V1"].box == "volksturm"  # K45 1.5a


def test_12_2a_refugees_are_placed_five_hexes_from_the_front_and_move_on_roads() -> None:
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "1101"), hexsides=road)
    push(g, "refugees", stage="place")
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert spots == {"0303"}
    g.apply(Place("R1", "0303"))
    assert g.state.get("refugees") == {"R1": "0303"}


def test_12_2e_refugees_reaching_konigsberg_leave_the_map() -> None:
    g = game(
        unit("S", "soviet", "0308"),
        unit("G", "german", "0101"),
        hexsides=[{"between": ["1103", "1104"], "features": ["road"]}],
    )
    g.state.set("refugees", {"R1": "1103"})
    push(g, "refugees", stage="move", todo=["R1"])
    g.apply(Move(("R1",), ("1103", "1104")))
    assert g.state.get("refugees") == {}


def test_random_events_5_9_refugees_two_hexes_from_german_hqs() -> None:
    g = game(
        hq("K", "german", "0303"),
        unit("G", "german", "0304"),
        unit("S", "soviet", "1108"),
        hexsides=[
            {"between": ["0305", "0306"], "features": ["road"]},
            {"between": ["0306", "0307"], "features": ["road"]},
        ],
    )
    push(g, "refugees", stage="event", count=2)
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert "0305" in spots and "0304" not in spots
    g.apply(Place("R1", "0305"))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Place)))
    assert len(g.state.get("refugees")) == 2


RAIL = [{"between": [f"{c:02d}01", f"{c + 1:02d}01"], "features": ["rail"]} for c in range(1, 12)]


def rail_entry(soviet: dict[str, Any]) -> set[str]:
    """Where A may enter (entry area B at 0108) with a railroad along row 01 from the German
    source 0101, and ``soviet`` on the map."""
    g = game(
        unit("A", "german", None),
        soviet,
        unit("T", "soviet", "1108"),
        attributes={"0108": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
        hexsides=RAIL,
    )
    push(g, "reinforce")
    assert g.decision.step == "place-reinforcement"
    return {a.at for a in g.legal_actions()}


def test_6_0e_rail_entry_along_a_continuous_line_three_hexes_from_the_enemy() -> None:
    near = rail_entry(unit("S", "soviet", "0603"))  # two hexes from the line, no ZOC on it
    assert {"0108", "0101", "0401", "0801", "1201"} <= near
    assert not near & {"0501", "0601", "0701"}  # within two hexes of S
    assert "0102" not in near  # not a railroad hex
    # an enemy HQ on the line blocks it and counts for the three hexes (6.0e)
    cut = rail_entry(hq("S", "soviet", "0601"))
    assert cut == {"0108", "0101", "0201", "0301"}


def test_4_6_rail_movement_never_enters_or_leaves_an_ezoc() -> None:
    # S at 0602 has the line at 0501-0701 in its ZOC; 0901 on is three or more hexes away but
    # can only be reached by entering and leaving the EZOC
    spots = rail_entry(unit("S", "soviet", "0602"))
    assert spots == {"0108", "0101", "0201", "0301"}


def test_6_0d_reinforcements_unable_to_enter_are_eliminated() -> None:
    rim = [
        f"{c:02d}{r:02d}" for c in range(1, 13) for r in range(1, 9) if c in (1, 12) or r in (1, 8)
    ]
    water = [n for n in rim if n not in ("0104", "0105")]

    def arrive(*soviets: dict[str, Any]) -> Any:
        g = game(
            unit("A", "german", None),
            *soviets,
            unit("T", "soviet", "0606"),
            attributes={"0105": {"entry": "B"}},
            reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
            terrain={"water": water},
        )
        push(g, "reinforce")
        return g

    assert arrive().state.units["A"].at == "0105"
    g = arrive(unit("S", "soviet", "0104"))  # holds the only other edge hex, ZOC on 0105
    assert g.state.units["A"].box == "eliminated"
    assert any(e.kind == "arrive" and "6.0d" in e.text for e in g.events)


def test_12_4c_rebuilt_units_may_be_placed_in_an_ezoc() -> None:
    g = game(
        hq("H", "soviet", "0505"),
        unit("E", "soviet", None, box="eliminated", command="H"),
        unit("G", "german", "0705"),
    )
    g.state.turn = 2
    push(g, "replacements", side="soviet")
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place) and a.unit == "E"}
    ezoc = set(g.scenario.board.neighbours("0705"))
    assert spots & ezoc
    spot = sorted(spots & ezoc)[0]
    g.apply(Place("E", spot))
    assert g.state.units["E"].at == spot


def early(roll: int, die: int | None, *extra: dict[str, Any]) -> Any:
    g = game(
        unit("15SS", "german", None),
        hq("28K", "german", None),
        unit("X", "german", None, command="28K"),
        hq("19A", "soviet", None),
        unit("Y", "soviet", None, command="19A"),
        unit("T", "soviet", "1108"),
        *extra,
        attributes={
            "0106": {"entry": "A"},
            "0108": {"entry": "D"},
            "1205": {"entry": "F"},
        },
        reinforcements=[
            {"turn": 3, "unit": u, "area": a}
            for u, a in (("15SS", "A"), ("28K", "D"), ("X", "D"), ("19A", "F"), ("Y", "F"))
        ],
    )
    push(g, "random-event")
    g.apply(Outcome(roll))
    if die is not None:
        g.apply(Outcome(die))
    return g


def test_random_event_2_early_arrival_15ss_at_a_or_28th_corps_at_d() -> None:
    g = early(2, 3)
    assert g.state.units["15SS"].at == "0106" and g.state.units["28K"].box == "reinforcements"
    g = early(2, 4)
    assert g.state.units["28K"].at == "0108" and g.state.units["X"].at == "0108"
    assert g.state.units["15SS"].box == "reinforcements"
    assert "28K" in g.state.boxes["cup"]  # K45 6.1: its chit joins the cup
    # if the one rolled is already in play, the other arrives
    g2 = game(
        unit("15SS", "german", "0606"),
        hq("28K", "german", None),
        unit("X", "german", None, command="28K"),
        unit("T", "soviet", "1108"),
        attributes={"0106": {"entry": "A"}, "0108": {"entry": "D"}},
    )
    push(g2, "random-event")
    g2.apply(Outcome(2))
    g2.apply(Outcome(1))
    assert g2.state.units["28K"].at == "0108" and g2.state.units["15SS"].at == "0606"


def test_random_event_12_early_arrival_of_the_19th_army_at_f() -> None:
    g = early(12, None)
    assert g.state.units["19A"].at == "1205" and g.state.units["Y"].at == "1205"
    assert g.state.units["15SS"].box == "reinforcements"
    assert "19A" in g.state.boxes["cup"]


def test_6_0c_alternative_entry_hexes_lie_along_the_same_map_edge() -> None:
    g = game(
        unit("A", "german", None),
        unit("S", "soviet", "0105", attack=0),  # no ZOC: only its own hex is blocked
        attributes={"0105": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
    )
    push(g, "reinforce")
    spots = {a.at for a in g.legal_actions()}
    # K45 6.0c: "within ten hexes of their entry hex along the same map edge" (the west edge)
    assert spots == {f"01{r:02d}" for r in range(1, 9)} - {"0105"}


def test_1_2c_12_5_a_town_in_limited_supply_is_not_behind_soviet_lines() -> None:
    vs = {"attack": 1, "mp": 0, "steps": 1, "flags": ("nozoc", "volksturm")}
    wall = [unit(f"S{r}", "soviet", f"06{r:02d}") for r in range(1, 9)]
    g = game(
        unit("V1", "german", box="volksturm", **vs),
        *wall,
        features={"village": ["1004", "0202"]},
        control={"german": ["1004", "1104", "0202"]},
    )
    ctx = g._ctx()
    from wargames.core.supply import SupplyStatus
    from wargames.konigsberg.supply import trace

    line = trace(ctx, "german")
    assert line.status("1004") is SupplyStatus.LIMITED  # cut off; Königsberg a limited centre
    push(g, "volksturm")
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    # K45 1.2c, 12.5(2): Königsberg and the towns it supplies are not behind Soviet lines
    assert {"1004", "1104", "0202"} <= spots


def test_6_0_random_events_2_and_12_early_arrivals_move_on_entering() -> None:
    g = early(12, None)
    # K45 6.0: reinforcements "have a regular movement phase upon entering"
    assert g.decision.step == "movement" and g.decision.side == "soviet"
    assert g.check(Move(("Y",), ("1205", "1105"))) is None
    assert g.check(Move(("19A",), ("1205", "1105"))) is None
    g = early(2, 4)
    assert g.decision.step == "movement" and g.decision.side == "german"
    assert g.check(Move(("X",), ("0108", "0208"))) is None


def test_1_2d_12_2a_the_soviet_player_must_place_the_refugee_counter() -> None:
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(unit("S", "soviet", "0308"), unit("G", "german", "1101"), hexsides=road)
    push(g, "refugees", stage="place")
    assert Pass() not in g.legal_actions()
    assert g.check(Pass()).rule == "K45 12.2a"
    push(g, "refugees", stage="event", count=2)  # random events 5 and 9: "Place 2 Refugees"
    assert Pass() not in g.legal_actions()


def test_6_0_6_0e_a_reinforcement_entered_by_rail_has_used_its_movement() -> None:
    g = game(
        unit("A", "german", None),
        unit("B", "german", None),
        unit("T", "soviet", "1108"),
        attributes={"0108": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": u, "area": "B"} for u in "AB"],
        hexsides=RAIL,
    )
    push(g, "reinforce")
    g.apply(Place("A", "0801"))  # by rail (6.0e)
    g.apply(Place("B", "0108"))  # at its entry hex
    push(g, "reinforce-move", side="german")
    # K45 6.0: "a regular movement phase ... using either ordinary, strategic or rail movement"
    assert g.check(Move(("B",), ("0108", "0208"))) is None
    assert g.check(Move(("A",), ("0801", "0802"))) is not None


def test_14_1_a_soviet_unit_entering_by_rail_takes_the_vp_hex() -> None:
    """K45 14.1: "Whenever a Soviet combat unit ... enters a Victory Point Hex, flip the
    Control Marker"; a reinforcement placed by rail (6.0e) enters its hex too."""
    from wargames.konigsberg.victory import german_vph

    rail = [
        {"between": [f"{c:02d}01", f"{c + 1:02d}01"], "features": ["rail"]} for c in range(1, 12)
    ]
    g = game(
        unit("R", "soviet", None),
        unit("S", "soviet", "1206"),
        unit("G", "german", "0108"),
        attributes={"1208": {"entry": "F"}, "0601": {"name": "Insterburg", "vp": 1}},
        features={"supply-soviet": ["1201"]},
        reinforcements=[{"turn": 1, "unit": "R", "area": "F"}],
        hexsides=rail,
    )
    before = german_vph(g._ctx())
    push(g, "reinforce")
    g.apply(Place("R", "0601"))
    assert g.state.get("by_rail") and "R" in g.state.get("by_rail")
    assert g.state.control.get("0601") == "soviet"
    assert german_vph(g._ctx()) == before - 1


def test_14_1_11_2a_a_unit_rebuilt_with_replacements_takes_its_hex() -> None:
    """K45 14.1, 11.2a: a Soviet unit rebuilt (12.4) into a German VP hex or a split supply
    source enters it, as a unit arriving does: the hex flips, the source becomes Soviet."""
    from wargames.konigsberg.victory import german_vph

    def rebuild(at: str) -> Any:
        g = game(
            hq("H", "soviet", "0505"),
            unit("E", "soviet", None, box="eliminated", command="H"),
            unit("G", "german", "1006"),
            attributes={"0506": {"name": "Insterburg", "vp": 1}},
            features={"supply-split": ["0605"]},
        )
        g.state.turn = 2  # two Soviet replacements on turn 2
        push(g, "replacements", side="soviet")
        before = german_vph(g._ctx())
        g.apply(Place("E", at))
        assert g.state.units["E"].at == at
        return g, before

    g, before = rebuild("0506")
    assert g.state.control.get("0506") == "soviet"
    assert german_vph(g._ctx()) == before - 1
    g, _ = rebuild("0605")
    assert g.state.get("split_sources", {}).get("0605") == "soviet"


def test_0_7d_0_7e_a_destroyed_gd_unit_is_not_rebuilt_while_the_gd_corps_is_withdrawn() -> None:
    """K45 0.7d, 0.2i: the withdrawn GD Corps is out of play; 0.7e: "Any earlier destroyed
    unit of the GD Corps also returns but at reduced strength", with the Corps, not by 12.4."""
    g = game(
        hq("GDK", "german", "0505"),
        unit("GDPz", "german", "0506", command="GDK"),
        unit("GDFus", "german", None, box="eliminated", command="GDK"),
        hq("20K", "german", "0303"),
        unit("X", "german", "0304", command="20K"),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}},
    )
    g.state.boxes["cup"] = ("GDK", "20K", "gd-withdrawal", "gd-returns")
    push(g, "action-chit", chit="gd-withdrawal", kind="gd-withdrawal")
    assert g.state.get("gd") == "withdrawn"
    g.state.turn = 2
    g.state.put(g.state.units["X"].__class__("X", 1, at="0304"))  # keeps the step open
    push(g, "replacements", side="german", left=2)
    assert g.decision.step == "replacements"
    assert not any(isinstance(a, Place) and a.unit == "GDFus" for a in g.legal_actions())
    refused = g.check(Place("GDFus", "0303"))
    assert refused is not None and refused.rule == "K45 0.7e"
    push(g, "action-chit", chit="gd-returns", kind="gd-returns")
    assert g.state.units["GDFus"].at == "0105" and g.state.units["GDFus"].steps == 1


def test_6_0e_11_2_rail_entry_traces_to_konigsberg_while_it_is_a_full_german_source() -> None:
    """K45 6.0e: rail entry traces "to a friendly source"; 11.2: the Germans trace supply to
    the map-edge sources "as well as the city of Königsberg". Reading: a limited supply
    centre (Autobahn cut, 11.2c) leaves the units tracing to it out of supply, so it is no
    rail entry source."""
    from wargames.konigsberg.reinforcements import entry_options
    from wargames.konigsberg.supply import full_sources

    spur = [{"between": [f"11{r:02d}", f"11{r + 1:02d}"], "features": ["rail"]} for r in (1, 2, 3)]

    def entry(*soviets: dict[str, Any]) -> tuple[set[str], list[str]]:
        g = game(
            unit("R", "german", None),
            unit("G", "german", "1105"),
            unit("S", "soviet", "0601"),  # on the railroad: cuts it from the source 0101
            *soviets,
            attributes={"0108": {"entry": "B"}},
            reinforcements=[{"turn": 1, "unit": "R", "area": "B"}],
            hexsides=autobahn() + RAIL + spur,
        )
        return set(entry_options(g._ctx(), "R", "B")), full_sources(g._ctx(), "german")

    east = {"0901", "1001", "1101", "1201", "1102", "1103", "1104"}
    spots, full = entry()
    assert "1104" in full  # the Autobahn is open: Königsberg is a full source (11.2b)
    assert east <= spots
    spots, full = entry(unit("C", "soviet", "0607"))  # on the Autobahn: a limited centre
    assert "1104" not in full
    assert not east & spots
