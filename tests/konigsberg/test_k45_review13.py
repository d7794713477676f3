"""K45 thirteenth-round review: the order of the reinforcement phase's segments (1.2a), played
through the real sequence of turn 1 rather than pushed: German reinforcement movement before
Soviet, and the HQ removal check (12.1c(1)) before either movement."""

from __future__ import annotations

from k45_helpers import game, hq, unit

from wargames.core.actions import Move, Pass
from wargames.core.game import Game


def reinforcement_movements(g: Game) -> list[tuple[str, bool, bool]]:
    """Play turn 1 up to the command phase's draw, rolling for chance and passing every
    decision; for each movement decision of the reinforcement phase record its side, whether
    HQ K is already removed, and whether a move of A to 0305 (within K's range) is listed."""
    seen: list[tuple[str, bool, bool]] = []
    while g.decision and g.state.turn == 1 and g.decision.step != "draw":
        d = g.decision
        if d.is_chance:
            g.roll()
            continue
        if d.step == "movement":
            k = g.state.units.get("K")
            moves = [
                a
                for a in g.legal_actions()
                if isinstance(a, Move) and a.units == ("A",) and a.path[-1] == "0305"
            ]
            seen.append((d.side, k is not None and k.box == "removed", bool(moves)))
        g.apply(Pass())
    return seen


def test_1_2a_german_reinforcements_move_before_soviet() -> None:
    """K45 1.2a: "Players may move their reinforcements, German player first." One German and
    one Soviet reinforcement arrive on turn 1; the reinforcement phase asks the German player
    to move first, then the Soviet player."""
    g = game(
        unit("A", "german", None),
        unit("R", "soviet", None),
        unit("G", "german", "0101"),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}, "1205": {"entry": "F"}},
        reinforcements=[
            {"turn": 1, "unit": "A", "area": "B"},
            {"turn": 1, "unit": "R", "area": "F"},
        ],
    )
    sides = [side for side, _, _ in reinforcement_movements(g)]
    assert sides == ["german", "soviet"], sides


def test_1_2a_12_1c_1_hq_removal_comes_before_the_reinforcement_moves() -> None:
    """K45 1.2a: "Place the combat units on the map ... Then check to see if any on-map HQs have
    no friendly combat units within their command range ... remove the HQ ... Players may move
    their reinforcements". The table's reading of 12.1c(1) "at the end of a Reinforcement
    Segment": the check ends the placement, before any reinforcement moves. HQ K (range 2) at
    0303 has no combat unit in range when reinforcement A is placed at 0108, so it is already
    removed when the German player could move A into its range (0305)."""
    g = game(
        hq("K", "german", "0303", rng=2),
        unit("A", "german", None),
        unit("S", "soviet", "1108"),
        attributes={"0108": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
    )
    g.state.boxes["cup"] = (*g.state.boxes.get("cup", ()), "K")
    seen = reinforcement_movements(g)
    german = [(removed, listed) for side, removed, listed in seen if side == "german"]
    assert german, seen
    removed, listed = german[0]
    assert listed, "a move of A into K's range should be offered"
    assert removed, "K45 1.2a: HQ K must be removed before the reinforcements move"
    assert g.state.units["K"].box == "removed"
