"""DC2 Combat and Terrain C-D: point by point, the order of attacks, the air round, ground
rounds, fortresses, retreats within line capacity, clearing and occupying a point."""

from __future__ import annotations

import pytest

import wargames
from wargames.core.actions import (
    Advance,
    AllocateLosses,
    Attack,
    Choose,
    Move,
    Outcome,
    Pass,
    Retreat,
)
from wargames.core.errors import ScenarioError
from wargames.core.lines import segment_ledger, store_ledger
from wargames.darkcrusade.p2p.battle import Battle, retreats
from wargames.darkcrusade.p2p.fire import (
    attack_strength,
    defence_strength,
    flak,
    fortress_value,
    hits,
    shift,
)

from .support import advance_to, ctx, game, infantry, panzer, play, unit


def commit(g, uid: str, a: str, b: str) -> None:  # type: ignore[no-untyped-def]
    play(g, Choose(uid), Move((uid,), (a, b)))


def battle_at(units: list, moves: list[tuple[str, str, str]], **kw: object):  # type: ignore[no-untyped-def]
    g = advance_to(game(units, **kw), "operational", "axis")
    for uid, a, b in moves:
        commit(g, uid, a, b)
    g.apply(Pass())
    return g


def test_fortress_value_levels_and_cap_terrain_c() -> None:
    units = [infantry(f"M{i}", "soviet", "Moscow") for i in range(4)]
    units += [infantry("P", "soviet", "Przemysl"), unit("D", "soviet", "Przemysl")]
    units += [infantry(f"K{i}", "axis", "Konigsberg") for i in range(3)]
    c = ctx(game(units))
    assert fortress_value(c, "Przemysl", ["P", "D"]) == 1  # a fortress
    assert fortress_value(c, "Przemysl", ["D"]) == 0  # no major infantry: no protection
    assert fortress_value(c, "Moscow", ["M0", "M1"]) == 2  # capped by two major infantry
    assert fortress_value(c, "Moscow", ["M0", "M1", "M2", "M3"]) == 3  # double-value VC fortress
    assert fortress_value(c, "Konigsberg", ["K0", "K1", "K2"]) == 2  # victory city fortress
    assert fortress_value(c, "Minsk", ["M0"]) == 0
    assert defence_strength(c, "Przemysl", ["P", "D"], air=False) == 3 + 3 + 1


def test_fortress_protection_halved_on_the_enemy_side_of_the_border_terrain_c() -> None:
    units = [infantry(f"A{i}", "axis", "Moscow") for i in range(3)]
    c = ctx(game(units, control={"Moscow": "axis"}))
    assert fortress_value(c, "Moscow", ["A0", "A1", "A2"]) == 1  # 3 halved, rounded down
    # C.1 caps by the major infantry first, then halves: one unit's 1 halves to 0
    assert fortress_value(c, "Moscow", ["A0"]) == 0


def test_fortress_on_the_enemy_side_less_one_reading_terrain_c_1() -> None:
    """The other reading of the broken "reduced by f factor": less one."""
    units = [infantry(f"A{i}", "axis", "Moscow") for i in range(3)]
    c = ctx(game(units, control={"Moscow": "axis"}, options={"fortress_enemy_side": "less-one"}))
    assert fortress_value(c, "Moscow", ["A0", "A1", "A2"]) == 2
    assert fortress_value(c, "Moscow", ["A0"]) == 0


def test_fortress_enemy_side_option_is_checked() -> None:
    with pytest.raises(ScenarioError, match="fortress_enemy_side"):
        game([], options={"fortress_enemy_side": "third"})


def test_no_fortress_defence_increase_on_the_enemy_side_terrain_c_2() -> None:
    """C.2 increases the defensive power only "on their own side of the 1941 USSR border"."""
    # a fortress on the Soviet side, in Axis supply, worth 3 here (charts.fortress)
    units = [infantry(f"A{i}", "axis", "Brest") for i in range(3)]
    c = ctx(game(units, control={"Brest": "axis"}, fortress=[3, 3, 3]))
    assert fortress_value(c, "Brest", ["A0", "A1", "A2"]) == 1  # C.1: halved
    assert defence_strength(c, "Brest", ["A0", "A1", "A2"], air=False) == 9  # C.2: nothing
    units = [infantry(f"S{i}", "soviet", "Brest") for i in range(3)]
    c = ctx(game(units, fortress=[3, 3, 3]))
    assert defence_strength(c, "Brest", ["S0", "S1", "S2"], air=False) == 9 + 3


def test_fortress_cuts_ground_hits_not_air_hits_terrain_c_1() -> None:
    """A breakthrough is a hit scored on the defenders in a ground round: the air round's hits
    on the defending air units are not reduced."""
    units = [
        panzer("P", "Krakow"),
        unit("LF", "axis", "Krakow", (3, 2), flags=("air",)),
        infantry("S", "soviet", "Przemysl", hits=2),
        unit("VVS", "soviet", "Przemysl", (2, 1), flags=("air",)),
    ]
    g = battle_at(units, [("P", "Krakow", "Przemysl"), ("LF", "Krakow", "Przemysl")])
    g.apply(Outcome(1))  # Axis air fire 3: 2 hits after scaling, none cut
    g.apply(Outcome(1))
    assert g.state.units["VVS"].at is None
    assert not any(e.kind == "fortress" for e in g.events)


def test_dispersed_major_infantry_give_no_fortress_protection_terrain_c() -> None:
    units = [infantry("P", "soviet", "Przemysl", markers=("dispersed",))]
    assert fortress_value(ctx(game(units)), "Przemysl", ["P"]) == 0


def _przemysl(target: str, origin: str):  # type: ignore[no-untyped-def]
    units = [panzer("P", origin), infantry("S", "soviet", target, hits=2)]
    g = battle_at(units, [("P", origin, target)], control={origin: "axis"})
    assert g.decision is not None and g.decision.step == "fire"
    g.apply(Outcome(1))  # Axis: strength 5, best row: 4 hits, two thirds: 3
    g.apply(Outcome(1))  # Soviet: worst row of column B
    return g


def test_fortress_reduces_breakthroughs_in_a_round_terrain_c_1() -> None:
    g = _przemysl("Przemysl", "Krakow")
    assert g.state.units["S"].at == "Przemysl" and g.state.units["S"].has("dispersed")
    assert any(e.kind == "fortress" for e in g.events)
    g = _przemysl("Lvov", "Przemysl")
    assert g.state.units["S"].at is None  # no fortress: 3 hits beat a hit factor of 2


def test_attacks_where_the_defender_is_stronger_go_first_combat() -> None:
    units = [infantry("A", "axis", "Warsaw"), infantry("B", "axis", "Suwalki")]
    units += [infantry("S1", "soviet", "Brest"), unit("W", "soviet", "Grodno", (1, 1))]
    units += [infantry("S2", "soviet", "Brest")]
    g = battle_at(units, [("B", "Suwalki", "Grodno"), ("A", "Warsaw", "Brest")])
    # only the attack on the stronger defence may start: it starts at once
    first = next(e for e in g.events if e.kind == "battle")
    assert first.text == "axis attacks Brest"


def test_the_attacker_chooses_the_order_otherwise_combat() -> None:
    units = [infantry("A", "axis", "Warsaw"), infantry("B", "axis", "Suwalki")]
    units += [unit("W1", "soviet", "Brest", (1, 1)), unit("W2", "soviet", "Grodno", (1, 1))]
    g = battle_at(units, [("A", "Warsaw", "Brest"), ("B", "Suwalki", "Grodno")])
    assert set(g.legal_actions()) == {Attack(("A",), "Brest"), Attack(("B",), "Grodno")}


def test_air_combat_round_before_ground_combat_air_units_only_combat_a() -> None:
    units = [
        panzer("P", "Warsaw"),
        unit("LF", "axis", "Warsaw", (3, 2), flags=("air",)),
        infantry("S", "soviet", "Brest"),
        unit("VVS", "soviet", "Brest", (2, 1), flags=("air",)),
    ]
    g = battle_at(units, [("P", "Warsaw", "Brest"), ("LF", "Warsaw", "Brest")])
    g.apply(Outcome(1))  # Axis air fire 3: 3 hits on the table, 2 after scaling
    fire = [e for e in g.events if e.kind == "fire"]
    assert "air fire 3" in fire[-1].text
    g.apply(Outcome(6))  # Soviet air fire 2 on column B's best row: 2 hits, 1 after scaling
    # only air units absorb air hits: the Soviet infantry is untouched
    assert g.state.units["S"].at == "Brest" and not g.state.units["S"].has("dispersed")
    assert g.state.units["VVS"].at is None
    assert g.state.units["LF"].has("dispersed")
    assert g.decision is not None and g.decision.step == "fire"  # now the ground round
    assert "ground" not in [e.text for e in g.events if e.kind == "fire"][-1]


def test_no_air_round_unless_both_sides_have_air_units_combat_a() -> None:
    units = [panzer("P", "Warsaw"), unit("LF", "axis", "Warsaw", (3, 2), flags=("air",))]
    units.append(infantry("S", "soviet", "Brest"))
    g = battle_at(units, [("P", "Warsaw", "Brest"), ("LF", "Warsaw", "Brest")])
    g.apply(Outcome(1))
    assert "ground fire 8" in [e.text for e in g.events if e.kind == "fire"][-1]


def test_the_owner_allocates_hits_one_at_a_time() -> None:
    units = [
        panzer("P", "Warsaw"),
        infantry("S1", "soviet", "Brest"),
        infantry("S2", "soviet", "Brest"),
    ]
    g = battle_at(units, [("P", "Warsaw", "Brest")])
    g.apply(Outcome(1))  # 3 hits
    g.apply(Outcome(1))
    assert g.decision is not None and g.decision.side == "soviet"
    assert set(g.legal_actions()) == {AllocateLosses(("S1",)), AllocateLosses(("S2",))}
    g.apply(AllocateLosses(("S1",)))
    g.apply(AllocateLosses(("S1",)))  # a second hit beyond its hit factor: eliminated
    assert g.state.units["S1"].at is None


def test_cleared_point_is_occupied_by_the_undispersed_attackers_operational() -> None:
    units = [
        panzer("P", "Warsaw"),
        infantry("I", "axis", "Warsaw"),
        unit("S", "soviet", "Brest", (0, 1)),
    ]
    g = battle_at(units, [("P", "Warsaw", "Brest"), ("I", "Warsaw", "Brest")])
    g.apply(Outcome(1))
    g.apply(Outcome(1))
    assert g.state.units["S"].at is None
    assert g.state.units["P"].at == "Brest" and g.state.units["I"].at == "Brest"
    assert g.state.control["Brest"] == "axis"


def test_the_attacker_may_break_off_and_stays_put_combat() -> None:
    units = [unit("A", "axis", "Lublin", (1, 1), hits=3), infantry("S", "soviet", "Rowno", hits=3)]
    g = battle_at(units, [("A", "Lublin", "Rowno")])
    g.apply(Outcome(6))  # 1 strength, worst row: no hit
    g.apply(Outcome(1))  # Soviet 3, column B die 1: worst row, no hit
    assert g.decision is not None and g.decision.step == "withdraw"
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "press-on"
    g.apply(Choose("break-off"))
    assert g.state.units["A"].at == "Lublin" and g.state.units["S"].at == "Rowno"
    assert g.state.get("battle") is None


def test_retreat_within_line_capacity_with_retreat_weights_lines_c() -> None:
    # a Rumanian army (2 in retreat) on Kerch may retreat across the Straits (inferior line:
    # 2 Axis units) only while the line has room for it (Terrain D: retreat up to capacity)
    units = [unit("R", "axis", "Kerch", line={"weight": 2}), infantry("S", "soviet", "Simferopol")]
    g = game(units, control={"Kerch": "axis", "Taman": "axis", "Krasnodar": "axis"})
    c = ctx(g)
    b = Battle("Kerch", "soviet", (("S", "Simferopol"),), round=1)
    assert {r.path for r in retreats(c, b)} == {("Kerch", "Taman")}
    units.append(unit("H", "axis", "Kerch", line={"weight": "1/2", "retreat": 1}))
    g = game(units, control={"Kerch": "axis", "Taman": "axis", "Krasnodar": "axis"})
    c = ctx(g)
    led = segment_ledger(c.state).add(
        c.board, c.scenario.lines, "Kerch", "Taman", "axis", [c.scenario.load("H").retreating()]
    )
    store_ledger(c.state, led)
    assert [r.units for r in retreats(c, b)] == [("H",)]


def test_retreating_units_are_dispersed_and_clear_the_point() -> None:
    units = [unit("A", "axis", "Lublin", (1, 1), hits=3), infantry("S", "soviet", "Rowno")]
    g = battle_at(units, [("A", "Lublin", "Rowno")])
    g.apply(Outcome(6))
    g.apply(Outcome(1))
    assert g.decision is not None and g.decision.step == "withdraw"
    options = {a.path for a in g.legal_actions() if isinstance(a, Retreat)}
    assert options == {("Rowno", "Lvov"), ("Rowno", "Pinsk"), ("Rowno", "Zhitomir")}
    g.apply(Retreat(("S",), ("Rowno", "Zhitomir")))
    assert g.state.units["S"].at == "Zhitomir" and g.state.units["S"].has("dispersed")
    g.apply(Advance(("A",), ("Lublin", "Rowno")))  # the advance after a retreat is chosen
    assert g.state.units["A"].at == "Rowno"


def test_mud_and_axis_snow_attacks_read_two_columns_down() -> None:
    c = ctx(game([infantry("I", "axis", "Warsaw")]))
    assert hits(c, "axis", 5, 1, attacking=True, point="Brest") == 3  # 5: 4 hits, 2/3: 3
    c.state.set("weather", "mud")
    assert shift(c, "soviet", attacking=True, point="Brest") == -2
    assert shift(c, "axis", attacking=False, point="Minsk") == 0  # defending in a city
    assert hits(c, "axis", 5, 1, attacking=True, point="Brest") == 2  # read at 3: 3 hits: 2
    c.state.set("weather", "snow")
    assert shift(c, "axis", attacking=True, point="Brest") == -2
    assert shift(c, "soviet", attacking=True, point="Brest") == 0


def test_out_of_supply_firepower_is_halved_down_in_attack_up_in_defence() -> None:
    # Moscow in Axis hands is cut off from Axis supply; Warsaw is supplied
    units = [unit("A", "axis", "Moscow", (5, 5)), unit("B", "axis", "Warsaw", (5, 5))]
    c = ctx(game(units, control={"Moscow": "axis"}))
    assert attack_strength(c, ["A"], air=False) == 2  # 5 halved, rounded down
    assert defence_strength(c, "Moscow", ["A"], air=False) == 3  # rounded up
    assert attack_strength(c, ["B"], air=False) == 5


def test_a_battle_saves_and_loads_at_every_decision() -> None:
    units = [
        panzer("P", "Warsaw"),
        infantry("S1", "soviet", "Brest"),
        infantry("S2", "soviet", "Brest"),
    ]
    g = battle_at(units, [("P", "Warsaw", "Brest")])
    for action in (Outcome(1), Outcome(1)):
        text = g.to_json()
        assert wargames.load_game(text).to_json() == text
        g.apply(action)
    again = wargames.load_game(g.to_json())
    assert list(again.legal_actions()) == list(g.legal_actions())
    assert Battle.from_json(again.state.get("battle")) == Battle.from_json(g.state.get("battle"))


def test_defending_flak_fights_the_air_round_combat_a() -> None:
    # Soviet air attacks a German army (flak) without Axis air: an air round against the flak
    units = [
        unit("VVS", "soviet", "Brest", (2, 1), flags=("air",)),
        infantry("S", "soviet", "Brest"),
        unit("A", "axis", "Warsaw", (4, 5), flags=("major-infantry", "flak"), hits=2),
    ]
    g = advance_to(game(units), "operational", "soviet")
    for uid in ("VVS", "S"):
        commit(g, uid, "Brest", "Warsaw")
    g.apply(Pass())
    c = ctx(g)
    assert flak(c, "Warsaw", ["A"]) == 1
    g.apply(Outcome(6))  # Soviet air fire 2 (column B best row): 1 hit
    assert "air fire 2" in [e.text for e in g.events if e.kind == "fire"][-1]
    g.apply(Outcome(1))  # Axis flak 1, column A best row: 1 hit
    assert "air fire 1" in [e.text for e in g.events if e.kind == "fire"][-1]
    # only air units take air-round hits: the flak hit disperses the Soviet air unit, the
    # German army (no air unit) absorbs nothing, the Soviet infantry is untouched
    assert g.state.units["VVS"].has("dispersed")
    assert not g.state.units["A"].has("dispersed") and not g.state.units["S"].has("dispersed")


def test_soviet_victory_cities_have_flak_and_plain_points_none_combat_a() -> None:
    units = [infantry("S", "soviet", "Minsk"), infantry("T", "soviet", "Borisov")]
    units.append(infantry("A", "axis", "Warsaw"))
    c = ctx(game(units))
    assert flak(c, "Minsk", ["S"]) == 1
    assert flak(c, "Borisov", ["T"]) == 0
    assert flak(c, "Warsaw", ["A"]) == 0  # an infantry unit without the flak flag


def _soviet_air_pair(**kw: object):  # type: ignore[no-untyped-def]
    units = [
        panzer("P", "Warsaw"),
        unit("LF", "axis", "Warsaw", (3, 2), flags=("air",)),
        infantry("S", "soviet", "Brest"),
        unit("V1", "soviet", "Brest", (1, 1), flags=("air",)),
        unit("V2", "soviet", "Brest", (1, 1), flags=("air",)),
    ]
    g = battle_at(units, [("P", "Warsaw", "Brest"), ("LF", "Warsaw", "Brest")], **kw)
    g.apply(Outcome(6))  # Axis air fire 3 on the worst row: no hit
    return g


def test_soviet_air_units_fire_one_by_one_in_air_to_air_combat_a_1_a() -> None:
    """A.1.a is cut ("When air units of both sides are present, the So-"); filled from the hex
    edition: Soviet air units may not be combined, each fires its own die."""
    g = _soviet_air_pair()
    strengths = []
    for _ in range(2):
        assert g.decision is not None and g.decision.step == "fire"
        strengths.append(g.state.stack[-1].args["strength"])
        g.apply(Outcome(6))  # column B's best row: 1 hit from strength 1
    assert strengths == [1, 1]
    assert g.state.units["LF"].at is None  # two hits on a 1-hit air unit: eliminated


def test_combined_soviet_air_fire_is_a_chart_choice_combat_a_1_a() -> None:
    g = _soviet_air_pair(air={"soviet_combined": True})
    assert g.state.stack[-1].args["strength"] == 2
    g.apply(Outcome(6))  # strength 2: 2 hits on the table, 1 after scaling
    assert g.state.units["LF"].at == "Warsaw" and g.state.units["LF"].has("dispersed")


def test_air_units_in_the_ground_rounds_are_a_provisional_chart_choice_combat_a() -> None:
    """What air units do after the air round is lost (filled gap): by default they fire in
    the ground rounds; ``charts.air.ground_fire = false`` keeps them to the air round (they
    still stand on the point and take hits)."""
    units = [panzer("P", "Warsaw"), unit("LF", "axis", "Warsaw", (3, 2), flags=("air",))]
    units.append(infantry("S", "soviet", "Brest"))
    moves = [("P", "Warsaw", "Brest"), ("LF", "Warsaw", "Brest")]
    g = battle_at(units, moves, air={"soviet_combined": False, "ground_fire": False})
    assert g.state.stack[-1].args["strength"] == 5  # the panzer alone
    units = [unit("LF", "axis", "Warsaw", (3, 2), flags=("air",)), panzer("P", "Brest")]
    g = game(units, control={"Brest": "axis"}, air={"soviet_combined": False, "ground_fire": False})
    assert defence_strength(ctx(g), "Brest", ["P"], False) == 3
    assert (
        attack_strength(ctx(g), ["LF"], False) == 0 and attack_strength(ctx(g), ["LF"], True) == 3
    )
    with pytest.raises(ScenarioError) as err:
        game(units, air={"soviet_combined": False, "ground_fire": "yes"})
    assert err.value.field == "charts.air.ground_fire"
