"""K45 ninth-round review: tests for done rows whose tests could not fail when the rule broke
(1.5b/14.2 timing, 12.1c(1) range, 14.2 combat units, 6.0c ten hexes, 7.3c, 10.1a, 14.3)."""

from __future__ import annotations

import pytest
from k45_helpers import game, hq, push, unit
from test_k45_combat import crt, fight, two_hex_ends
from test_k45_stacking import finish_phase, start_phase

from wargames.core.actions import Advance, Place
from wargames.core.game import Game
from wargames.konigsberg.victory import german_vph, level


def test_1_5b_14_2_sudden_death_is_judged_after_the_supply_phase() -> None:
    """K45 1.0: the supply phase comes before the end of turn phase's sudden death segment; 14.2:
    the Soviet unit must be in supply. S enters the turn's end with no marker, but no supply line
    (German units all round): the supply phase marks it, so it holds Königsberg out of supply."""
    ring = ["1003", "1004", "1103", "1105", "1203", "1204"]
    g = game(unit("S", "soviet", "1104"), *[unit(f"G{i}", "german", h) for i, h in enumerate(ring)])
    assert not g.state.units["S"].markers
    start_phase(g, "supply phase")
    finish_phase(g, "supply phase")
    finish_phase(g, "end of turn phase")
    assert not g.is_over()
    assert "oos" in g.state.units["S"].markers
    assert g.state.turn == 2


def hq_removal(at: str) -> Game:
    """The German HQ K (range 3) at 0102, its chit in the cup, its only combat unit at ``at``."""
    g = game(hq("K", "german", "0102", rng=3), unit("A", "german", at), unit("S", "soviet", "1108"))
    g.state.boxes["cup"] = ("K",)
    return push(g, "hq-removal")


def test_12_1c_1_an_hq_with_a_combat_unit_at_the_edge_of_its_range_stays() -> None:
    g = hq_removal("0105")
    assert g.scenario.board.distance("0102", "0105") == 3
    assert g.state.units["K"].box is None and g.state.units["K"].at == "0102"
    assert "K" in g.state.boxes["cup"]


def test_12_1c_1_an_hq_whose_nearest_combat_unit_is_one_hex_beyond_its_range_is_removed() -> None:
    g = hq_removal("0106")
    assert g.scenario.board.distance("0102", "0106") == 4
    assert g.state.units["K"].box == "removed" and "K" not in g.state.boxes["cup"]


def test_12_1c_1_2_2e_the_range_stops_after_an_unbridged_major_river() -> None:
    """K45 2.2e: the range counts into the first hex across an unbridged major river, not on;
    K's hex 0302 has such a river on every side."""
    river = [
        {"between": ["0302", n], "features": ["major-river"]}
        for n in ("0402", "0403", "0303", "0203", "0202", "0301")
    ]
    for at, kept in (("0402", True), ("0502", False)):
        g = game(
            hq("K", "german", "0302", rng=3),
            unit("A", "german", at),
            unit("S", "soviet", "1108"),
            hexsides=river,
        )
        g.state.boxes["cup"] = ("K",)
        push(g, "hq-removal")
        assert (g.state.units["K"].box is None) is kept, at
        assert ("K" in g.state.boxes["cup"]) is kept, at


def test_14_2_a_lone_soviet_hq_in_konigsberg_is_no_sudden_death() -> None:
    """K45 14.2: "The Soviet units must be in supply": combat units; an HQ is none (7.0, 14.1)."""
    g = game(hq("H", "soviet", "1104"), unit("S", "soviet", "0808"), unit("G", "german", "0303"))
    push(g, "sudden-death")
    assert not g.is_over()


def test_14_2_a_german_unit_in_konigsberg_is_no_soviet_sudden_death() -> None:
    g = game(unit("G", "german", "1104"), unit("S", "soviet", "0808"))
    push(g, "sudden-death")
    assert not g.is_over()


def test_6_0c_alternative_entry_hexes_lie_within_ten_hexes_not_eleven() -> None:
    """K45 6.0c: "within ten hexes of their entry hex along the same map edge" (24-row map)."""
    g = game(
        unit("A", "german", None),
        unit("S", "soviet", "0112"),
        unit("T", "soviet", "1224"),
        rows=24,
        attributes={"0112": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
    )
    push(g, "reinforce")
    assert g.decision is not None and g.decision.step == "place-reinforcement"
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    board = g.scenario.board
    assert board.distance("0112", "0102") == 10 and board.distance("0112", "0122") == 10
    assert {"0102", "0122"} <= spots
    assert not spots & {"0101", "0123", "0124"}
    assert all(board.distance("0112", s) <= 10 for s in spots)


def test_7_3c_a_zero_strength_attacker_may_advance_after_combat() -> None:
    """K45 7.3c: units with a combat value of zero "may advance after combat"."""
    g = game(
        unit("M", "soviet", "0302", attack=20),
        unit("Z", "soviet", "0403", attack=0),
        unit("G", "german", "0303"),
        charts=crt("Dr"),
    )
    fight(g, ["M", "Z"], "0303")
    g.apply(next(iter(g.legal_actions())))  # G retreats
    assert g.decision is not None and g.decision.step == "advance"
    assert Advance(("Z",), ("0403", "0303")) in list(g.legal_actions())
    assert g.check(Advance(("Z",), ("0403", "0303"))) is None


def test_10_1a_a_mechanized_unit_entering_a_village_first_may_advance_a_second_hex() -> None:
    """K45 10.1a stops a mechanized advance in a town or city, not a village (9.1 names villages
    when it means them)."""
    g = game(
        unit("M", "soviet", "0302", attack=20, flags=("mech",)),
        unit("G", "german", "0303"),
        features={"village": ["0303"]},
        charts=crt("Dr2"),
    )
    fight(g, ["M"], "0303")
    g.apply(next(iter(g.legal_actions())))  # G retreats
    assert g.decision is not None and g.decision.step == "advance"
    assert two_hex_ends(g, "M")


# K45 14.3: German-held VP hexes -> winner, level, as the rule text lists them (its "1-3"
# starts at 1: none held is as much a Soviet Overwhelming Victory)
LEVELS = [
    (range(0, 4), "soviet", "Soviet Overwhelming Victory"),
    (range(4, 7), "soviet", "Soviet Major Victory"),
    (range(7, 8), "soviet", "Soviet Historical Victory"),
    (range(8, 10), "german", "German Minor Victory"),
    (range(10, 13), "german", "German Major Victory"),
    (range(13, 15), "german", "German Overwhelming Victory"),
]


@pytest.mark.parametrize("held", range(15))
def test_14_3_each_count_of_german_held_vp_hexes_gives_the_rule_s_level(held: int) -> None:
    others = [f"{c:02d}02" for c in range(1, 13)]  # 12 VP hexes besides Elbing and Königsberg
    g = game(
        unit("S", "soviet", "0505"),
        unit("G", "german", "0808"),
        attributes={h: {"vp": 1} for h in others},
        control={"soviet": [*others, "0104", "1104"][: 14 - held]},
    )
    assert german_vph(g._ctx()) == held
    (want,) = [(side, name) for counts, side, name in LEVELS if held in counts]
    result = level(g._ctx())
    assert (result.winner, result.level) == want


def test_14_3_a_game_played_to_its_last_turn_ends_with_the_victory_level() -> None:
    """K45 14.2: "If this never happens, determine victory using the conditions below" (14.3)."""
    g = game(unit("S", "soviet", "0505"), unit("G", "german", "0808"), turns=1)
    start_phase(g, "end of turn phase")
    finish_phase(g, "end of turn phase")
    assert g.is_over()
    result = g.result()
    assert result is not None
    assert (result.winner, result.level) == ("soviet", "Soviet Overwhelming Victory")
