"""DC: Setup, Special 1st Turn Rules and Duration; DC: Secret, Nonhistorical Russian Setup;
DC: Game-turn Sequence; DC: Blitzkrieg!, Proriv!."""

from __future__ import annotations

from darkest_support import (
    army,
    attack,
    ctx,
    markers,
    new,
    panzer_korps,
    rifle,
    skip,
    to_step,
    unit,
)

from wargames.core.actions import Attack, Choose, Move, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkest.attacks import attack_error
from wargames.darkest.secret import border

FIRST = "DC: Special 1st Turn Rules"


def test_on_the_first_turn_germans_attack_once_before_moving() -> None:
    # "German units get an additional attack opportunity, before moving, although any German
    # units Disrupted in this attack may not continue to attack". R fires 0: G is never hit;
    # R2 fires 4 (a hit on every die) at G2, which absorbs 9 and eliminates R2 in round 1
    g = new(
        army("G", "B2"),
        rifle("R", "B3", (0, 0)),
        army("G2", "D2", (25, 9)),
        rifle("R2", "D3", (0, 4)),
        rifle("R3", "E6"),
    )
    g = to_step(g, "operations", "axis", "first")
    g.apply(Choose("G"))
    legal = list(g.legal_actions())
    assert Attack(("G",), "B3") in legal and not any(isinstance(a, Move) for a in legal)
    g.apply(Attack(("G",), "B3"))
    g.apply(Choose("G2"))
    g.apply(Attack(("G2",), "D3"))
    g.apply(Pass())
    assert g.decision.step == "combat"
    g = to_step(g, "operations", "axis", "op")
    assert "disrupted" not in markers(g, "G") and "disrupted" in markers(g, "G2")
    assert Choose("G") in g.legal_actions()  # UnDisrupted: moves and attacks again
    assert Choose("G2") not in g.legal_actions()  # Disrupted in it: may not continue


def test_russians_may_not_attack_into_rumania_until_attacked_from_it() -> None:
    rom = unit("Ro", "axis", "B3", (1, 1), nationality="romanian", flags=("army", "infantry"))
    g = new(rom, rifle("R", "B4"), features={"romania": ["B3"]})
    c = ctx(g)
    error = attack_error(c, "R", "B3", "op", {})
    assert error is not None and error.rule == FIRST
    g.state.set("romania_open", True)
    assert attack_error(c, "R", "B3", "op", {}) is None


def test_an_axis_attack_from_rumania_opens_it_to_russian_attacks() -> None:
    # "Russian units may not attack Axis units in Rumania, until they are attacked from it":
    # an Axis battle from a Rumanian hex opens Rumania (battle.start), one from elsewhere not
    def opened(attacker_at: str) -> IllegalAction | None:
        rom = unit("Ro", "axis", "C3", (1, 1), nationality="romanian", flags=("army", "infantry"))
        g = new(
            army("G", attacker_at),
            rom,
            rifle("R", "B4"),
            features={"romania": ["B3", "C3"]},
            turns=3,
        )
        g.state.turn = 2
        before = attack_error(ctx(g), "R", "C3", "op", {})
        assert before is not None and before.rule == FIRST
        g = attack(g, "B4", "G")
        assert g.state.turn == 2 and g.state.units["R"].at == "B4"
        return attack_error(ctx(g), "R", "C3", "op", {})

    assert opened("B3") is None  # G attacked from Rumania
    after = opened("A3")  # G attacked from outside Rumania
    assert after is not None and after.rule == FIRST


def test_the_axis_may_not_attack_from_rumania_on_the_first_turn_or_ever_if_it_chooses() -> None:
    g = new(army("G", "B3"), rifle("R", "B4"), features={"romania": ["B3"]}, turns=2)
    c = ctx(g)
    assert attack_error(c, "G", "B4", "op", {}).rule == FIRST
    g.state.turn = 2
    assert attack_error(c, "G", "B4", "op", {}) is None
    g = new(
        army("G", "B3"),
        rifle("R", "B4"),
        features={"romania": ["B3"]},
        turns=2,
        options={"axis_romania_attacks": "never"},
    )
    g.state.turn = 2
    assert attack_error(ctx(g), "G", "B4", "op", {}).rule == FIRST


def test_blitzkrieg_panzers_move_1_and_attack_other_germans_attack_without_moving() -> None:
    g = new(
        panzer_korps("K", "B2"),
        army("G", "C2"),
        unit("F", "axis", "A1", (2, 2), nationality="finnish", flags=("army",)),
        rifle("R", "C3", (0, 9)),
        turns=2,
    )
    g = to_step(g, "operations", "axis", "blitz")
    g.apply(Choose("K"))
    moves = {a.path[-1] for a in g.legal_actions() if isinstance(a, Move)}
    assert "B3" in moves
    g.apply(Move(("K",), ("B2", "B3")))
    assert Attack(("K",), "C3") in g.legal_actions()  # moved 1 hex, may attack
    g.apply(Attack(("K",), "C3"))
    g.apply(Choose("G"))
    legal = list(g.legal_actions())
    assert Attack(("G",), "C3") in legal
    assert {len(a.path) for a in legal if isinstance(a, Move)} == {2}  # only the bonus hex
    g.apply(Pass())
    g.apply(Choose("F"))
    assert not any(isinstance(a, Attack) for a in g.legal_actions())  # allies: bonus move only
    g.apply(Pass())
    g.apply(Pass())
    g.apply(Choose("C3"))
    from wargames.darkest.battle import battle

    assert battle(ctx(g)).rounds == 1  # 1 battle round


def test_proriv_for_siberian_units_and_16th_army() -> None:
    sib = unit(
        "S1",
        "russian",
        "C4",
        (2, 1),
        kind="guards-korps",
        flags=("white", "siberian", "proriv", "infantry"),
    )
    g = new(army("G", "C2"), sib, rifle("R16A", "D4", (2, 2), flags=("proriv",)), rifle("R", "B4"))
    g = to_step(g, "operations", "russian", "proriv")
    assert set(g.legal_actions()) >= {Choose("S1"), Choose("R16A")}
    assert Choose("R") not in g.legal_actions()
    g.apply(Choose("S1"))
    assert Attack(("S1",), "C2") not in g.legal_actions()  # C4 is 2 hexes from C2
    g.apply(Move(("S1",), ("C4", "C3")))
    assert Attack(("S1",), "C2") in g.legal_actions()


def test_the_1941_game_lasts_nine_monthly_turns_from_june_41_to_february_42() -> None:
    import wargames

    g = wargames.new_game("darkest", seed=3)
    cal = g.scenario.calendar
    assert (cal.first, cal.last) == (1, 9)
    assert [cal.label(t) for t in (1, 9)] == ["Jun 41", "Feb 42"]


def test_the_game_turn_sequence_runs_as_listed() -> None:
    g = new(army("G", "B1"), rifle("R", "D6", (2, 2), flags=("proriv",)), turns=2)
    to_step(g, "fortify", "axis")
    g.apply(Pass())
    to_step(g, "fortify", "axis")  # the whole of turn 1, then turn 2 begins
    phases = [e.data["segment"] for e in g.events if e.kind == "phase" and e.turn == 1]
    want = [
        "the month's weather",
        "A.1 German reinforcements",
        "A.1 army fortification",
        "A.1 Axis sea movement",
        "first-turn attacks",
        "first-turn attack allocations",
        "first-turn combat",
        "first-turn combat resolution",
        "A.2.a",
        "A.2.a German operational movement and attack allocations",
        "A.2.b recovery of Russian black units not attacked",
        "A.2.c",
        "A.2.c German ground combat resolution (2 battle rounds)",
        "A.2.c recovery of Russian brown units not re-Disrupted",
        "A.2.d",
        "A.2.d Blitzkrieg! movement and attack allocations",
        "A.2.d Blitzkrieg! combat (1 battle round)",
        "A.2.e recovery of German units",
        "A.3",
        "B",
        "B.1 voluntary eliminations, 16. Army, shock armies, factories, Siberians",
        "B.1 production and arrivals",
        "B.1 replacements and reinforcements",
        "B.1 Russian sea movement",
        "B.2.a",
        "B.2.a Russian operational movement and attack allocations",
        "B.2.b recovery of Rumanian units not attacked",
        "B.2.c",
        "B.2.c Russian ground combat resolution (2 battle rounds)",
        "B.2.c recovery of Rumanian units not re-Disrupted",
        "B.2.d",
        "B.2.d Proriv! movement and attack allocations",
        "B.2.d Proriv! combat (1 battle round)",
        "B.3",
        "B.4",
        "B.5",
    ]
    assert phases == want


def place_next(g, at: str) -> str:  # type: ignore[no-untyped-def]
    """Set up the unit the secret set-up brings up next (its order is the dice's) on ``at``."""
    uid = str(g.state.get("to_place")[0])
    g.apply(Place(uid, at))
    return uid


def russian_at(g, at: str) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(u.id for u in g.state.units.values() if u.at == at and u.id.startswith("R"))


def test_secret_set_up_one_real_unit_on_each_border_hex_and_hidden_from_the_axis() -> None:
    russians = [rifle(f"R{i}", "E6") for i in range(6)]
    g = new(
        army("G", "B1"),
        *russians,
        features={"germany": ["A1", "B1", "C1", "D1", "E1"]},
        control={
            "axis": ["A1", "B1", "C1", "D1", "E1"],
            "russian": [f"{r}{c}" for r in "ABCDE" for c in range(2, 7)],
        },
        options={"secret_setup": True},
    )
    assert g.decision.step == "secret-setup" and g.decision.side == "russian"
    border = ["A2", "B2", "C2", "D2", "E2"]
    spots = {a.at for a in g.legal_actions()}
    assert "E6" in spots  # 6 units for 5 border hexes: the first may go anywhere
    place_next(g, "E6")
    assert {a.at for a in g.legal_actions()} == set(border)  # now each must fill the border
    for h in border:
        place_next(g, h)
    assert g.decision.side == "axis"
    g.apply(Place("G", "B1"))
    view = g.view("axis")
    shown = {u["id"] for u in view["units"]}
    assert "R1" not in shown and any(u.startswith("hidden") for u in shown)
    assert "R1" in {u["id"] for u in g.view("russian")["units"]}


def test_the_secret_set_up_border_is_germany_and_rumania_not_hungary() -> None:
    # DC: Secret ... Setup: "1 real unit in each hex bordering Germany and Rumania"; E2
    # borders only Hungary: 4 border hexes for 5 units, so the first may go anywhere
    russians = [rifle(f"R{i}", "E6") for i in range(5)]
    hun = unit("H", "axis", "E1", (1, 1), nationality="hungarian", flags=("infantry",))
    g = new(
        army("G", "A1"),
        hun,
        *russians,
        features={"germany": ["A1", "B1", "C1"], "hungary": ["D1", "E1"]},
        control={
            "axis": ["A1", "B1", "C1", "D1", "E1"],
            "russian": [f"{r}{c}" for r in "ABCDE" for c in range(2, 7)],
        },
        options={"secret_setup": True},
    )
    assert border(ctx(g)) == ["A2", "B2", "C2", "D2"]
    assert g.decision.step == "secret-setup" and g.decision.side == "russian"
    assert "E6" in {a.at for a in g.legal_actions()}


def test_every_decision_has_a_legal_action_even_after_skipping() -> None:
    g = new(army("G", "B2"), rifle("R", "B3"))
    for _ in range(300):
        if g.is_over():
            break
        assert len(g.legal_actions()) > 0
        if g.decision.is_chance:
            g.roll()
        else:
            g.apply(skip(g))
    assert g.is_over()


def six_set_up():  # type: ignore[no-untyped-def]
    """Six hidden Russian rifles set up secretly (E6, A2 ... E2) against one Axis army."""
    g = new(
        army("G", "B1"),
        *[rifle(f"R{i}", "E6") for i in range(6)],
        features={"germany": ["A1", "B1", "C1", "D1", "E1"]},
        control={
            "axis": ["A1", "B1", "C1", "D1", "E1"],
            "russian": [f"{r}{c}" for r in "ABCDE" for c in range(2, 7)],
        },
        options={"secret_setup": True},
    )
    for h in ["E6", "A2", "B2", "C2", "D2", "E2"]:
        place_next(g, h)
    return g


def test_the_axis_learns_nothing_of_the_secret_set_up_beyond_where_units_stand() -> None:
    """DC: Secret ... Setup with the kernel's information rules: the Axis log says only that a
    unit was set up, the Axis picture omits hidden units, and a game in which the hidden
    units are dealt differently (determinize) looks the same to the Axis."""
    from wargames.testing import check_information

    g = six_set_up()
    axis_log = " ".join(f"{e.text} {e.data}" for e in g.events_for("axis"))
    assert not any(f"R{i}" in axis_log for i in range(6))
    assert "R3" in " ".join(str(e.data) for e in g.events_for("russian"))
    assert ">R3<" not in g.svg(side="axis") and "R3" in g.svg(side="russian")
    other = g.determinize("axis", seed=7)
    assert other.view("axis") == g.view("axis")
    moved = [u for u in ("R0", "R1", "R2", "R3") if other.state.units[u].at != g.state.units[u].at]
    assert moved, "the hidden units were not dealt anew"
    assert other.view("russian") != g.view("russian")  # the Russian player would see it
    check_information(g)


def test_the_deal_of_hidden_units_does_not_depend_on_which_holds_which_place() -> None:
    """DC: Secret ... Setup, for search: twin games (two hidden units exchanged) are dealt
    alike by the same seed, so an agent drawing games for the Axis cannot tell them apart
    (the places were listed in the hidden units' order, so the deal followed them)."""
    from wargames.testing import relabelled

    g = six_set_up()
    for a, b in [("R0", "R3"), ("R1", "R5"), ("R2", "R4")]:
        twin = relabelled(g, a, b)
        assert twin.view("axis") == g.view("axis")
        assert twin.state.units[a].at != g.state.units[a].at
        for seed in range(4):
            one = g.determinize("axis", seed).state.units
            two = twin.determinize("axis", seed).state.units
            assert {u: s.at for u, s in one.items()} == {u: s.at for u, s in two.items()}


def test_moves_and_choices_of_hidden_russian_units_are_told_to_the_axis_redacted() -> None:
    """DC: Secret ... Setup: after the set-up, hidden Russian units move, fortify and recover
    unseen: twin games (two alike hidden armies exchanged) tell the Axis the same."""
    import tomllib

    import wargames
    from wargames.agents import RandomAgent
    from wargames.darkest.charts import DATA
    from wargames.testing import check_twins

    data = tomllib.loads((DATA / "1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"secret_setup": True}
    g = wargames.new_game("darkest", data, seed=1)
    agent = RandomAgent(1)
    for i in range(300):
        if i > 60 and i % 4 == 0:
            check_twins(g, seed=i)
        d = g.decision
        assert d is not None
        if d.is_chance:
            g.roll()
        else:
            g.apply(agent.choose(g))
    assert g.state.get("hidden"), "no hidden unit left: the check saw nothing"


def _secret_game(  # type: ignore[no-untyped-def]
    *russians: dict[str, object],
    german: tuple[int, int] = (4, 3),
    seed: int = 1,
    features: dict[str, list[str]] | None = None,
    **kw: object,
):
    """A secret set-up on the 5x6 test map: German army G on B1 and ``russians`` (default: a
    2-2 R0 and five more rifle armies) to place; ``features`` adds map features, ``kw`` other
    scenario fields."""
    if not russians:
        russians = (rifle("R0", "E6", (2, 2), colour="black"),)
        russians += tuple(rifle(f"R{i}", "E6") for i in range(1, 6))
    return new(
        army("G", "B1", german),
        *russians,
        features={"germany": ["A1", "B1", "C1", "D1", "E1"], **(features or {})},
        control={
            "axis": ["A1", "B1", "C1", "D1", "E1"],
            "russian": [f"{r}{c}" for r in "ABCDE" for c in range(2, 7)],
        },
        options={"secret_setup": True},
        seed=seed,
        **kw,
    )


def to_replacements(g: Game) -> Game:
    """A secret set-up of six Russians (placed on B2, A2, C2, D2, E2, E6) and G on B1, then
    the Russian replacement step with 5 infantry points."""
    from wargames.core.state import Frame

    for h in ["B2", "A2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    g.state.set("inf_pool", 5)
    g.state.stack = (Frame("replace", {}),)
    g._advance()
    return g


def test_the_axis_view_during_the_secret_set_up_tells_no_unit_from_another() -> None:
    """DC: Secret ... Setup: "he may set up his units secretly/upside down": the units come up
    in an order of the dice the Axis does not know, so two set-ups with the same hexes in the
    same order but other units on them look the same to the Axis, view and log."""
    seen = []
    for seed in range(1, 9):
        g = _secret_game(seed=seed)
        placed = [place_next(g, h) for h in ("E4", "A2")]
        events = [(e.kind, e.text, dict(e.data)) for e in g.events_for("axis")]
        seen.append((placed, g.view("axis")["units"], events))
    assert len({tuple(p) for p, _, _ in seen}) > 1  # other units went to E4 and A2 ...
    assert all(v == seen[0][1] and e == seen[0][2] for _, v, e in seen)  # ... unseen
    assert not any(u["id"].startswith("R") for u in seen[0][1])


def test_a_hidden_units_attack_allocation_does_not_name_it_to_the_axis() -> None:
    """DC: Secret ... Setup: "The units are revealed, when they are attacked" (or attack): an
    allocation, even one cancelled before its battle, tells the Axis only the target."""
    import json

    g = _secret_game()
    for h in ["B2", "A2", "C2", "D2", "E2", "E6"]:
        place_next(g, h)
    g.apply(Place("G", "B1"))
    (uid,) = russian_at(g, "B2")
    to_step(g, "operations", "russian", "op")
    g.apply(Choose(uid))
    g.apply(Attack((uid,), "B1"))
    assert g.view("axis")["vars"]["attacks"] == {"B1": ["?"]}
    assert g.view("russian")["vars"]["attacks"] == {"B1": [uid]}
    g.apply(Choose("cancel:B1"))
    told = [e.text + json.dumps(dict(e.data), default=str) for e in g.events_for("axis")]
    assert not any(uid in t for t in told)
    assert any("a unit will attack B1" in t for t in told)


def test_the_russians_may_attack_an_empty_axis_city_in_rumania() -> None:
    """DC: Special 1st Turn Rules: "Russian units may not attack Axis units in Rumania, until
    they are attacked from it": an empty Axis victory city there ("Undefended victory cities
    and fortresses must still be attacked to be taken") holds none."""
    g = new(
        army("G", "A1"),
        rifle("R", "C3", (2, 2), colour="black"),
        features={"romania": ["C2", "D1", "D2"], "victory": ["C2"], "city": ["C2"]},
        control={"axis": ["C2", "D1", "D2", "A1"]},
    )
    assert attack_error(ctx(g), "R", "C2", "op", {}) is None
    g2 = new(
        army("G", "C2"),
        rifle("R", "C3", (2, 2), colour="black"),
        features={"romania": ["C2", "D1", "D2"], "victory": ["C2"], "city": ["C2"]},
        control={"axis": ["C2", "D1", "D2"]},
    )
    assert attack_error(ctx(g2), "R", "C2", "op", {}) is not None


def test_a_hidden_unit_joining_a_battle_as_a_replacement_is_revealed() -> None:
    """DC: Secret ... Setup: units are revealed when they fight: a hidden unit that joins a
    battle as a replacement (named to both sides) is no longer hidden."""
    from wargames.core.actions import AllocateLosses

    g = _secret_game(
        *(rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(7)), german=(1, 3)
    )
    for at in ["B2", "A2", "B2", "C2", "D2", "E2", "E6"]:
        place_next(g, at)
    g.apply(Place("G", "B1"))
    first, second = russian_at(g, "B2")
    to_step(g, "operations", "russian", "op")
    g.apply(Choose(first))
    g.apply(Attack((first,), "B1"))
    g.apply(Pass())
    for _ in range(80):
        d = g.decision
        assert d is not None
        if d.step == "reserve":
            break
        if d.is_chance:
            g.apply(g.chance_outcomes()[0][0])
        elif d.step == "combat" and Choose("B1") in list(g.legal_actions()):
            g.apply(Choose("B1"))
        else:
            acts = list(g.legal_actions())
            loss = [a for a in acts if isinstance(a, AllocateLosses) and a.units[0] == first]
            g.apply(loss[0] if loss else Pass() if Pass() in acts else acts[0])
    else:
        raise AssertionError("no replacement offered")
    assert second in g.state.get("hidden")
    g.apply(Attack((second,), "B1"))
    assert second not in g.state.get("hidden")
    assert any(u["id"] == second for u in g.view("axis")["units"])


def test_a_brown_replacement_re_entering_hidden_is_not_named_to_the_axis() -> None:
    """DC: Secret ... Setup: "Replacement brown/22Jun41 armies may re-enter the game hidden":
    the placement is told whole to the Russians only; the Axis learns the hex."""
    import json

    russians = [rifle(f"R{i}", "E6", (2, 2), colour="black") for i in range(6)]
    g = to_replacements(_secret_game(*russians, rifle("R9", None, (2, 2))))  # R9: brown, lost
    place = next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == "R9")
    n = len(g.events_for("axis"))
    g.apply(place)
    assert "R9" in g.state.get("hidden")
    told = [e.text + json.dumps(dict(e.data), default=str) for e in g.events_for("axis")[n:]]
    assert told and not any("R9" in t for t in told)
    assert any("R9" in e.text for e in g.events_for("russian"))
