"""K45 5.0a, 5.1, 5.1a, 5.2: stacking at every phase's end and HQs stacked by a retreat."""

from __future__ import annotations

from k45_helpers import game, hq, push, unit
from test_k45_combat import crt, fight

from wargames.core.actions import Action, Choose, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.konigsberg.forces import fits
from wargames.konigsberg.sequence import PHASES


def start_phase(g: Game, name: str) -> None:
    """Put the game at the start of phase ``name`` of the current turn (white-box)."""
    g.state.phase = [p.name for p in PHASES].index(name)
    g.state.segment = -1
    g.state.stack = ()
    g._advance()


def finish_phase(g: Game, name: str, choose: dict[str, Action] | None = None) -> None:
    """Answer every decision of phase ``name`` (pass where allowed, else the first legal action,
    or the outcome given in ``choose`` by step name) until the game leaves the phase."""
    index = [p.name for p in PHASES].index(name)
    turn = g.state.turn
    for _ in range(200):
        if g.is_over() or (g.state.turn, g.state.phase) != (turn, index):
            return
        d = g.decision
        assert d is not None
        wanted = (choose or {}).get(d.step)
        if wanted is not None and g.check(wanted) is None:
            g.apply(wanted)
        elif Pass() in g.legal_actions():
            g.apply(Pass())
        else:
            g.apply(next(iter(g.legal_actions())))
    raise AssertionError("the phase did not end")


def overstacked(g: Game) -> list[str]:
    ctx = g._ctx()
    out = []
    for node, ids in sorted(g.state.occupancy().items()):
        if g.scenario.board.terrain(node) != "water" and not fits(
            ctx, node, [], ctx.side_of(ids[0])
        ):
            out.append(node)
    return out


WATER_BUT_0304 = {"water": ["0203", "0204", "0403", "0404"]}


def test_5_2_a_combat_unit_ends_its_retreat_on_another_hq_and_only_the_hq_retreats_on() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hq("H", "german", "0303"),
        hq("K", "german", "0304"),
        terrain=WATER_BUT_0304,
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(Retreat(("G", "H"), ("0303", "0304")))
    # K45 5.2: G ends its retreat in 0304 with the other HQ; only H goes one more hex
    assert g.state.units["G"].at == "0304" and g.state.units["G"].steps == 2
    assert g.decision.step == "hq-retreat" and g.decision.side == "german"
    ends = {a.path[-1] for a in g.legal_actions()}
    assert ends and all(a.units == ("H",) for a in g.legal_actions())
    assert all(g.scenario.board.distance("0303", e) == 2 for e in ends)  # K45 9.2a
    g.apply(next(iter(g.legal_actions())))
    assert g.state.units["H"].at in ends and g.state.units["K"].at == "0304"


def test_5_2_an_hq_that_cannot_retreat_one_more_hex_is_eliminated_alone() -> None:
    g = game(
        unit("S", "soviet", "0302", attack=20),
        unit("G", "german", "0303"),
        hq("H", "german", "0303"),
        hq("K", "german", "0304"),
        terrain={"water": [*WATER_BUT_0304["water"], "0205", "0305", "0405"]},
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(Retreat(("G", "H"), ("0303", "0304")))
    assert g.state.units["G"].at == "0304" and g.state.units["G"].steps == 2
    assert g.state.units["H"].box == "eliminated" and g.state.units["K"].at == "0304"


def three_reinforcements_on_two_entries() -> Game:
    return game(
        *(unit(f"A{i}", "german", None, attack=2 + i) for i in range(3)),
        *(unit(f"B{i}", "german", None, attack=2 + i) for i in range(3)),
        unit("S", "soviet", "1108"),
        attributes={"0103": {"entry": "A"}, "0106": {"entry": "B"}},
        reinforcements=[
            *({"turn": 1, "unit": f"A{i}", "area": "A"} for i in range(3)),
            *({"turn": 1, "unit": f"B{i}", "area": "B"} for i in range(3)),
        ],
    )


def test_5_0a_5_1a_every_overstacked_hex_is_penalised_at_the_phase_end() -> None:
    g = three_reinforcements_on_two_entries()
    start_phase(g, "reinforcement phase")
    assert g.state.units["A0"].at == "0103" and g.state.units["B0"].at == "0106"
    finish_phase(g, "reinforcement phase")
    # K45 5.1a: in each hex the strongest unit lost a step and retreated
    assert g.state.units["A2"].steps == 1 and g.state.units["A2"].at != "0103"
    assert g.state.units["B2"].steps == 1 and g.state.units["B2"].at != "0106"
    assert overstacked(g) == []


def test_5_0a_stacking_is_enforced_at_the_end_of_the_command_phase() -> None:
    g = game(
        hq("19A", "soviet", None),
        *(unit(f"C{i}", "soviet", None, command="19A", attack=3 + i) for i in range(3)),
        hq("K", "german", "0202"),
        unit("G", "german", "0203"),
        attributes={"1205": {"entry": "F"}},
    )
    g.state.boxes["cup"] = ("K", "random-event")
    start_phase(g, "command phase")
    g.apply(Outcome("random-event"))
    g.apply(Outcome(12))  # early arrival of the 19th Army: HQ and three corps on one hex
    assert overstacked(g) == ["1205"]
    # nobody moves them; the phase ends with the hex still overstacked
    finish_phase(g, "command phase", {"draw": Outcome("K")})
    assert overstacked(g) == []
    assert g.state.units["C2"].steps == 1 and g.state.units["C2"].at != "1205"
    assert g.state.units["19A"].at == "1205"


def test_5_2_two_hqs_left_in_a_hex_at_a_phase_end_one_hq_retreats() -> None:
    g = game(
        hq("H", "german", None),
        hq("K", "german", None),
        unit("A", "german", None, attack=6),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": u, "area": "B"} for u in ("H", "K", "A")],
    )
    start_phase(g, "reinforcement phase")
    assert {g.state.units[u].at for u in "HKA"} == {"0105"}
    finish_phase(
        g, "reinforcement phase", {"phase-end": Choose("K"), "hq-retreat": Retreat(("K",), ())}
    )
    # K45 5.2: the HQ stacking is resolved; the combat unit keeps its steps and its hex
    assert g.state.units["A"].at == "0105" and g.state.units["A"].steps == 2
    assert g.state.units["H"].at == "0105"
    assert g.state.units["K"].at in g.scenario.board.neighbours("0105")


def test_5_1a_the_owner_chooses_between_equally_strong_units() -> None:
    g = game(
        unit("A", "german", "0505", attack=4),
        unit("B", "german", "0505", attack=4),
        unit("C", "german", "0505", attack=2),
        unit("S", "soviet", "1108"),
    )
    push(g, "phase-end", phase="reinforcement phase")
    assert g.decision.step == "phase-end" and g.decision.side == "german"
    assert set(g.legal_actions()) == {Choose("A"), Choose("B")}
    g.apply(Choose("B"))
    assert g.state.units["B"].steps == 1 and g.state.units["A"].steps == 2
    g.apply(next(iter(g.legal_actions())))
    assert g.state.units["B"].at != "0505" and overstacked(g) == []


def test_5_1a_a_penalised_unit_that_cannot_retreat_one_hex_is_eliminated() -> None:
    g = game(
        unit("A", "german", "0505", attack=6),
        unit("B", "german", "0505", attack=2),
        unit("C", "german", "0505", attack=3),
        unit("S", "soviet", "1108"),
        terrain={"water": ["0405", "0406", "0504", "0506", "0605", "0606"]},
    )
    push(g, "phase-end", phase="reinforcement phase")
    assert g.state.units["A"].steps == 1
    assert [len(a.path) for a in g.legal_actions()] == [1]  # the only option: no retreat
    g.apply(next(iter(g.legal_actions())))
    # K45 5.1a: "if it cannot do so, it is eliminated instead" (not 9.0b's step per hex)
    assert g.state.units["A"].box == "eliminated"
    assert overstacked(g) == []
