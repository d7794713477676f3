"""K45 14.x victory, 0.1e fog of war, 12.5-12.6 and 15.x options, random events, GD."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from k45_helpers import activate, game, hq, push, unit

from wargames.agents import RandomAgent, play_out
from wargames.api import new_game
from wargames.core.actions import Move, Outcome
from wargames.core.game import Game
from wargames.konigsberg.victory import german_vph, level
from wargames.konigsberg.view import HIDDEN, VARIABLES
from wargames.testing import check_twins, games, relabelled, twins


def test_14_1_vp_hexes_flip_for_soviet_combat_units_with_a_defence() -> None:
    g = game(
        unit("Z", "soviet", "0103", defence=0),
        unit("S", "soviet", "1103"),
        hq("H", "soviet", "0105"),
        unit("G", "german", "0808"),
    )
    activate(g, "H", "soviet", ["Z", "S"])
    push(g, "movement", side="soviet")
    g.apply(Move(("Z",), ("0103", "0104")))
    g.apply(Move(("H",), ("0105", "0104")))
    assert g.state.control.get("0104") != "soviet"
    g.apply(Move(("S",), ("1103", "1104")))
    assert g.state.control["1104"] == "soviet"
    assert german_vph(g._ctx()) == 1


def test_14_2_sudden_death_for_a_supplied_soviet_unit_in_konigsberg() -> None:
    g = game(unit("S", "soviet", "1104"), unit("G", "german", "0808"))
    push(g, "sudden-death")
    assert g.is_over() and g.result().winner == "soviet"
    g2 = game(unit("S", "soviet", "1104", markers=["oos"]), unit("G", "german", "0808"))
    push(g2, "sudden-death")
    assert not g2.is_over()


def test_14_3_victory_levels_from_german_held_vp_hexes() -> None:
    g = game(unit("S", "soviet", "0505"), unit("G", "german", "0808"))
    assert level(g._ctx()).level == "Soviet Overwhelming Victory"  # 2 VP hexes on this map
    vp = {f"{c:02d}01": {"vp": 1} for c in range(2, 10)}
    g2 = game(unit("S", "soviet", "0505"), unit("G", "german", "0808"), attributes=vp)
    assert level(g2._ctx()).level == "German Major Victory"  # 10 held


def test_0_1e_a_side_sees_only_the_top_unit_of_enemy_stacks() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2),
        hq("H", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    seen = g.view("german")
    enemy = [u for u in seen["units"] if u["id"] in ("A", "B", "H")]
    assert [u["id"] for u in enemy] == ["A"] and enemy[0]["stack"] == 3
    assert "rng" not in seen
    assert {u["id"] for u in g.view("soviet")["units"]} >= {"A", "B", "H", "G"}
    # the log asks by Title.sees, unit by unit
    sees = g.title.sees
    assert [sees(g.state, "german", [u]) for u in "ABHG"] == [True, False, False, True]
    assert not sees(g.state, "german", ["A", "B"]) and sees(g.state, "soviet", ["A", "B", "H"])


def test_15_1a_ss_bohme_sets_up_in_konigsberg_when_chosen() -> None:
    bohme = unit("Bohme", "german", None, box="optional", steps=1)
    g = game(bohme, unit("S", "soviet", "0808"), options={"bohme": True})
    assert g.state.units["Bohme"].at == "1104"
    g2 = game(bohme, unit("S", "soviet", "0808"))
    assert g2.state.units["Bohme"].box == "optional"


def test_15_1b_mikosch_arrives_when_the_soviets_near_konigsberg() -> None:
    mik = unit("Mikosch", "german", None, box="optional", steps=1)
    g = game(
        mik,
        unit("S", "soviet", "0805"),
        unit("G", "german", "0101"),
        options={"mikosch": True},
        attributes={"1002": {"name": "Pillau"}},
    )
    push(g, "command")
    assert g.state.units["Mikosch"].at == "1002"


def test_0_7d_0_7e_gd_withdrawal_and_return() -> None:
    gd = [
        hq("GDK", "german", "0505"),
        unit("GDPz", "german", "0506", command="GDK"),
        unit("GDFus", "german", None, box="eliminated", command="GDK"),
        unit("GDPzG", "german", "0606", command="GDK"),
    ]
    g = game(*gd, unit("S", "soviet", "1108"), attributes={"0105": {"entry": "B"}})
    g.state.boxes["cup"] = ("GDK", "gd-withdrawal", "gd-returns")
    push(g, "action-chit", chit="gd-withdrawal", kind="gd-withdrawal")
    assert g.state.units["GDPz"].box == "gd" and "GDK" not in g.state.boxes["cup"]
    push(g, "action-chit", chit="gd-returns", kind="gd-returns")
    assert g.state.units["GDPz"].at is not None and g.state.units["GDFus"].steps == 1
    assert "GDK" in g.state.boxes["cup"] and g.decision.step == "movement"


def test_random_event_6_no_air_attacks() -> None:
    air = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "1AA"}}
    g = game(
        unit("A", "soviet", box="air:1AA", **air),
        unit("B", "soviet", box="refit", **air),
        unit("S", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    push(g, "random-event")
    g.apply(Outcome(6))
    assert g.state.units["A"].box == "refit" and g.state.units["B"].box == "grounded"


def test_1_1_air_units_refit_and_return_13_4_special_units_need_a_six() -> None:
    air = {"flags": ["air"], "values": {"full": 2, "normal": 1, "army": "1AA"}}
    special = {
        "flags": ["air"],
        "values": {"full": 2, "normal": 1, "army": "1AA", "return_roll": 6},
    }
    g = game(
        unit("A", "soviet", box="refit", **air),
        unit("B", "soviet", box="grounded", **air),
        unit("C", "soviet", box="refit", **special),
        unit("S", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    push(g, "refit-return")
    assert g.state.units["A"].box == "air:1AA"
    g.apply(Outcome(5))
    assert g.state.units["C"].box == "refit"
    push(g, "grounded-refit")
    assert g.state.units["B"].box == "refit"


def test_12_5_lost_volksturm_returns_to_its_box() -> None:
    from wargames.konigsberg.forces import eliminate

    g = game(
        unit("V1", "german", "0505", attack=1, mp=0, steps=1, flags=("nozoc", "volksturm")),
        unit("S", "soviet", "0808"),
    )
    eliminate(g._ctx(), "V1")
    assert g.state.units["V1"].box == "volksturm"


def strings(value: Any, skip: frozenset[str] = frozenset()) -> set[str]:
    """Every string (keys and values) in a JSON value, outside the top-level keys ``skip``."""
    if isinstance(value, dict):
        return {
            s
            for k, v in value.items()
            if k not in skip
            for s in ({k} | strings(v) if isinstance(k, str) else strings(v))
        }
    if isinstance(value, (list, tuple)):
        return {s for v in value for s in strings(v)}
    return {value} if isinstance(value, str) else set()


def hidden_units(game: Game, side: str) -> set[str]:
    """K45 0.1e: the enemy units on the map under the top of their stack."""
    shown = {u["id"] for u in game.view(side)["units"]}
    return {
        u.id
        for u in game.state.on_map()
        if game.scenario.units[u.id].side != side and u.id not in shown
    }


def assert_hides(game: Game) -> None:
    for side in game.title.sides:
        view = game.view(side)
        hidden = hidden_units(game, side)
        # the chit boxes name HQ chits (which HQs are in play), never where an HQ is
        named = strings(view, skip=frozenset({"boxes"}))
        assert not hidden & named, f"{side} sees hidden units {sorted(hidden & named)}"
        assert json.dumps(view)  # plain JSON


def test_0_1e_the_supply_record_does_not_show_hidden_units() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2, markers=["oos"]),
        unit("G", "german", "0808"),
    )
    push(g, "supply")
    assert g.state.get("supply_record")["positions"]["B"] == "0505"
    assert hidden_units(g, "german") == {"B"}
    assert_hides(g)
    record = g.view("soviet")["vars"]["supply_record"]
    assert record["positions"] == {"A": "0505", "B": "0505"}  # its own units, all of them


def test_0_1e_supply_and_activation_events_are_told_to_the_owner_only() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2, markers=["oos"]),
        unit("G", "german", "0808"),
    )
    push(g, "supply")
    german_log = " ".join(f"{e.text} {e.data}" for e in g.events_for("german"))
    soviet_log = [e.text for e in g.events_for("soviet")]
    assert "B is in supply" in soviet_log  # B's marker changed: its owner is told
    assert "'B'" not in german_log and "B is" not in german_log


def test_0_1e_activations_and_combats_name_only_units_the_side_may_see() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2),
        unit("G", "german", "0605", defence=1),
    )
    activate(g, "", "soviet", ["A", "B"])
    g.state.set("attacked", ["B"])
    g.state.set("combat", {"target": "0605", "side": "soviet", "attackers": ["A", "B"]})
    g.state.set("arrived", ["B"])
    assert_hides(g)
    seen = g.view("german")["vars"]
    assert seen["active"]["units"] == ["A"] and seen["combat"]["attackers"] == ["A"]


def test_0_1e_every_title_variable_is_shown_by_a_rule_or_hidden_on_purpose() -> None:
    keys: set[str] = set()
    hidden = 0
    for seed in (3,):
        g = new_game("konigsberg", seed=seed)
        for _ in range(8):
            play_out(g, RandomAgent(seed), max_actions=150)
            keys |= set(g.state.vars)
            assert_hides(g)
            hidden += sum(len(hidden_units(g, side)) for side in g.title.sides)
    assert hidden, "no position with a hidden unit: the check saw nothing"
    assert keys, "the game set no variables"
    assert keys <= set(VARIABLES) | HIDDEN, sorted(keys - set(VARIABLES) - HIDDEN)
    assert not set(VARIABLES) & HIDDEN


@settings(max_examples=3, deadline=None)
@given(games("konigsberg", max_actions=500))
def test_0_1e_no_view_names_a_unit_hidden_under_an_enemy_stack(g: Game) -> None:
    assert_hides(g)


def told(g: Game, side: str, since: int) -> str:
    """The texts and data of the events ``side`` was told since its ``since``-th event."""
    return " ".join(f"{e.text} {dict(e.data)}" for e in g.events_for(side)[since:])


def hidden_mover() -> Game:
    """B hides under A, D under E; B may move in under C (K45 0.1e: all hidden after)."""
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2),
        unit("C", "soviet", "0506", defence=6),
        unit("D", "soviet", "0303", defence=2),
        unit("E", "soviet", "0303", defence=6),
        unit("G", "german", "0808"),
    )
    activate(g, "", "soviet", ["B", "D"])
    push(g, "movement", side="soviet")
    return g


def test_0_1e_a_hidden_unit_s_move_is_told_to_the_enemy_as_a_unit() -> None:
    g = hidden_mover()
    before = len(g.events_for("german"))
    g.apply(Move(("B",), ("0505", "0506")))
    german = told(g, "german", before)
    assert "a soviet unit moves 0505-0506" in german
    assert '"units":["?"]' in german  # the action event, redacted
    assert "'B'" not in german and "B moves" not in german and '"B"' not in german
    assert "B moves 0505-0506" in told(g, "soviet", 0)


def test_0_1e_twin_games_tell_the_enemy_the_same() -> None:
    g = hidden_mover()
    assert ("B", "D") in twins(g, "german")
    # fails if any event of B's move into C's stack named B to the Germans
    check_twins(g, tries=[Move(("B",), ("0505", "0506")), Move(("D",), ("0303", "0304"))])


def test_0_1e_a_hidden_unit_s_step_loss_is_told_as_a_unit_s() -> None:
    g = hidden_mover()
    from wargames.konigsberg.forces import lose_step

    before = len(g.events_for("german"))
    lose_step(g._ctx(), "B")
    assert "a soviet unit in 0505 loses a step" in told(g, "german", before)
    assert "B loses a step" in told(g, "soviet", 0)


def test_0_1e_the_german_picture_draws_only_the_stack_tops() -> None:
    g = hidden_mover()
    assert "A" in g.svg(side="german") and ">B<" not in g.svg(side="german")
    assert g.title.visible_units(g.state, "german") >= {"A", "C", "E", "G"}
    assert not g.title.visible_units(g.state, "german") & {"B", "D"}


def test_0_1e_random_play_tells_no_side_which_hidden_unit_is_which() -> None:
    g = new_game("konigsberg", seed=2)
    agent = RandomAgent(2)
    for i in range(40):
        play_out(g, agent, max_actions=10)
        check_twins(g, seed=i, pairs=4, actions=4)


def test_0_1e_a_side_s_export_is_the_same_in_twin_games() -> None:
    g = hidden_mover()
    twin = relabelled(g, "B", "D")
    assert g.export("german") == twin.export("german")
    assert g.export("soviet") != twin.export("soviet")  # the Soviets know their units
    g.apply(Move(("B",), ("0505", "0506")))
    twin.apply(Move(("D",), ("0505", "0506")))
    assert g.export("german") == twin.export("german")


def test_0_1e_determinize_deals_hidden_units_anew_under_the_same_tops() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2),
        unit("C", "soviet", "0303", defence=6),
        unit("D", "soviet", "0303", defence=2),
        unit("G", "german", "0808"),
    )
    places = set()
    for seed in range(12):
        other = g.determinize("german", seed)
        assert other.view("german") == g.view("german")
        assert {other.state.units[u].at for u in "AC"} == {"0505", "0303"}
        places.add(other.state.units["B"].at)
    assert places == {"0505", "0303"}  # B may be under either top
    assert g.determinize("soviet", 3).state.units == g.state.units  # nothing hidden from it


def test_0_1e_determinize_deals_activated_hidden_units_too() -> None:
    # B and D are activated (the variable "active" names them): that fact goes with them,
    # and they are dealt over the hidden places like any other, so the deal reveals nothing.
    g = hidden_mover()
    twin = relabelled(g, "B", "D")
    places = set()
    for seed in range(12):
        other = g.determinize("german", seed)
        assert other.view("german") == g.view("german")
        assert other.state.get("active") == g.state.get("active")
        place = other.state.units["B"].at
        places.add(place)
        # the deal does not depend on where B and D really are
        assert twin.determinize("german", seed).state.units["B"].at == place
        assert any(m.units == ("B",) for m in other.legal_actions() if isinstance(m, Move))
    assert places == {"0505", "0303"}


def test_0_1e_determinize_deals_hidden_units_after_a_supply_phase() -> None:
    # K45 11.0: the supply record names every unit on the map; it must not pin them all.
    g = new_game("konigsberg", seed=2)
    play_out(g, RandomAgent(2), max_actions=150)
    assert g.state.get("supply_record")
    seen = g.title.visible_units(g.state, "german")
    hidden = [u for u, s in g.state.units.items() if s.at is not None and u not in seen]
    assert hidden
    moved = set()
    for seed in range(6):
        other = g.determinize("german", seed)
        assert other.view("german") == g.view("german")
        moved |= {u for u in hidden if other.state.units[u].at != g.state.units[u].at}
    assert moved


def test_0_1e_determinize_leaves_the_units_of_a_battle_where_they_stand() -> None:
    # K45 7.0: the attackers of the battle under way stand next to its target.
    g = hidden_mover()
    g.state.set("combat", {"target": "0606", "side": "soviet", "attackers": ["B"]})
    push(g, "advance", side="soviet", target="0606", advanced=[], paths={})
    for seed in range(8):
        assert g.determinize("german", seed).state.units["B"].at == "0505"


def test_0_1e_determinize_deals_the_units_of_a_finished_battle_anew() -> None:
    # The battle's record stays in the state after it; its hidden attacker may then stand
    # under any top the German sees, or every search would know where it is.
    g = hidden_mover()
    g.state.set("combat", {"target": "0606", "side": "soviet", "attackers": ["B"]})
    places = {g.determinize("german", seed).state.units["B"].at for seed in range(12)}
    assert places == {"0505", "0303"}


def mikosch_game(*units: dict[str, Any]) -> Game:
    """The test map with the Mikosch option (Pillau at 1002, Mikosch in the optional box), a
    German unit at 0101 and ``units``."""
    return game(
        unit("Mikosch", "german", None, box="optional", steps=1),
        unit("G", "german", "0101"),
        *units,
        options={"mikosch": True},
        attributes={"1002": {"name": "Pillau"}},
    )


def test_15_1b_mikosch_comes_as_soon_as_a_soviet_unit_is_near() -> None:
    """K45 15.1b: "Introduce Mikosch to play as soon as any Soviet unit is within five hexes
    of Königsberg": on the move, not at the next chit draw."""
    g = mikosch_game(unit("S", "soviet", "0408", mp=8))
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    push(g, "movement", side="soviet")
    g.apply(Move(("S",), ("0408", "0507", "0607", "0706")))  # 7 -> 4 hexes from Königsberg
    assert g.state.units["Mikosch"].at is not None


def test_15_1b_5_2_mikosch_never_comes_to_the_hex_a_soviet_move_ends_in() -> None:
    """K45 15.1b vs 5.2: a Soviet unit moving into Pillau brings Mikosch "as soon as" it is
    near Königsberg, but he is placed only once it stands in its hex, so never under it."""
    g = mikosch_game(unit("S", "soviet", "0408", mp=12))
    activate(g, "", "soviet", ["S"])
    push(g, "combat", side="soviet")
    push(g, "movement", side="soviet")
    moves = [a for a in g.legal_actions() if isinstance(a, Move) and a.path[-1] == "1002"]
    g.apply(min(moves, key=lambda a: len(a.path)))
    assert g.state.units["S"].at == "1002"
    at = g.state.units["Mikosch"].at
    assert at is not None and at != "1002"
    assert all(g.scenario.units[u].side == "german" for u in g.state.occupancy()[at])


def test_15_1b_5_2_mikosch_is_never_placed_with_soviet_units() -> None:
    """K45 15.1b vs 5.2: with Soviet units in Pillau and every hex next to it, Mikosch is held
    back (he enters in Pillau or next to it, once a hex there is open to him)."""
    nbrs = ["0901", "0902", "1001", "1003", "1101", "1102"]  # around Pillau 1002
    g = mikosch_game(
        unit("S0", "soviet", "1002"), *[unit(f"S{i + 1}", "soviet", n) for i, n in enumerate(nbrs)]
    )
    assert sorted(g.scenario.board.neighbours("1002")) == nbrs
    push(g, "command")
    mik = g.state.units["Mikosch"]
    assert mik.at is None and mik.box == "optional"
    g.state.put(g.state.units["S1"].moved_to("0101"))  # 0901 is left open
    g.state.put(g.state.units["G"].moved_to("0303"))
    push(g, "command")
    assert g.state.units["Mikosch"].at == "0901"
