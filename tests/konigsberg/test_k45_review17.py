"""K45 0.1e, review 17: each event path tells the enemy a hidden unit redacted.

A hidden unit (under a stack top the enemy can see) goes through one path; no event the enemy
is told names it, the enemy gets the redacted text and the owner the full text.
"""

from __future__ import annotations

from k45_helpers import activate, game, hq, push, unit
from test_k45_combat import crt, fight

from wargames.core.actions import Advance, Attack, Choose, Move, Pass
from wargames.core.actions import Retreat as RetreatAction
from wargames.core.game import Game


def told(g: Game, side: str, since: int) -> str:
    """The texts and data of the events ``side`` was told since its ``since``-th event."""
    return " ".join(f"{e.text} {dict(e.data)}" for e in g.events_for(side)[since:])


def names(text: str, uid: str) -> bool:
    """Whether ``text`` (from ``told``) names the unit ``uid``."""
    return any(s in f" {text}" for s in (f"'{uid}'", f'"{uid}"', f" {uid} ", f"{uid}+", f"+{uid}"))


def hidden_attacker() -> Game:
    """B (attack 9) hides under A in 0302, next to the German G in 0303."""
    return game(
        unit("A", "soviet", "0302", defence=6),
        unit("B", "soviet", "0302", attack=9, defence=2),
        unit("G", "german", "0303", steps=1),
        unit("Z", "german", "0108"),
        charts=crt("D1"),
    )


def test_0_1e_a_hidden_unit_s_attack_is_declared_to_the_enemy_as_a_unit_s() -> None:
    g = hidden_attacker()
    activate(g, "", "soviet", ["B"])
    push(g, "combat", side="soviet")
    before = len(g.events_for("german"))
    g.apply(Attack(("B",), "0303"))
    german = told(g, "german", before)
    assert "a soviet unit attacks 0303" in german
    assert not names(german, "B")
    assert "B attacks 0303" in told(g, "soviet", 0)


def test_0_1e_the_odds_line_writes_a_hidden_attacker_as_a_question_mark() -> None:
    g = hidden_attacker()
    activate(g, "", "soviet", ["B"])
    push(g, "combat", side="soviet")
    g.apply(Attack(("B",), "0303"))
    before = len(g.events_for("german"))
    g.apply(Pass())
    german = told(g, "german", before)
    assert "? attack 0303: 9:4" in german  # K45 0.1e: the odds are told, the attacker not
    assert not names(german, "B")
    assert "B attack 0303: 9:4" in told(g, "soviet", 0)


def test_0_1e_a_hidden_unit_s_advance_is_told_to_the_enemy_as_a_unit_s() -> None:
    g = game(
        unit("A", "soviet", "0302", attack=20, defence=6),
        unit("B", "soviet", "0302", attack=4, defence=2),
        unit("C", "soviet", "0302", defence=5),  # the top of 0302 once A has advanced
        unit("G", "german", "0303"),
        unit("Z", "german", "0108"),
        charts=crt("Dr"),
    )
    fight(g, ["A", "B"], "0303")
    g.apply(next(iter(g.legal_actions())))  # the German retreat
    assert g.decision.step == "advance"
    g.apply(Advance(("A",), ("0302", "0303")))  # A first: B is under A before and after
    before = len(g.events_for("german"))
    g.apply(Advance(("B",), ("0302", "0303")))
    assert g.state.units["B"].at == "0303"
    german = told(g, "german", before)
    assert "a soviet unit advances 0302-0303" in german
    assert not names(german, "B")
    assert "B advances 0302-0303" in told(g, "soviet", 0)


def test_0_1e_a_hidden_unit_s_overstacking_penalty_is_told_as_a_unit_s() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        unit("B", "soviet", "0505", defence=2),
        unit("G", "german", "0808"),
    )
    from wargames.konigsberg.stacking import penalise

    before = len(g.events_for("german"))
    penalise(g._ctx(), "0505", "combat", "B")  # K45 5.1a
    german = told(g, "german", before)
    assert "0505 is overstacked: a unit loses a step and retreats" in german
    assert not names(german, "B")
    assert "0505 is overstacked: B loses a step and retreats" in told(g, "soviet", 0)


def test_0_1e_5_2_a_hidden_hq_s_overstacking_is_told_as_one_hq_s() -> None:
    g = game(
        unit("A", "soviet", "0505", defence=6),
        hq("H", "soviet", "0505"),
        hq("K", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    from wargames.konigsberg.stacking import penalise

    before = len(g.events_for("german"))
    penalise(g._ctx(), "0505", "hq", "H")  # K45 5.2: one of two HQs retreats
    german = told(g, "german", before)
    assert "0505 holds two HQs: one retreats" in german
    assert not names(german, "H")
    assert "0505 holds two HQs: H retreats" in told(g, "soviet", 0)


def test_0_1e_5_2_a_hidden_hq_s_extra_retreat_is_told_as_an_hq_s() -> None:
    # H hides under G in 0304 with the HQ K; H retreats one hex more (5.2) in under X
    g = game(
        unit("G", "german", "0304", defence=6),
        hq("H", "german", "0304"),
        hq("K", "german", "0304"),
        unit("X", "german", "0303", defence=6),
        unit("S", "soviet", "1108"),
    )
    push(g, "hq-retreat", side="german", hq="H", path=["0304"])
    assert g.decision.step == "hq-retreat"
    before = len(g.events_for("soviet"))
    g.apply(RetreatAction(("H",), ("0304", "0303")))
    assert g.state.units["H"].at == "0303"
    soviet = told(g, "soviet", before)
    assert "an HQ retreats on 0304-0303" in soviet
    assert not names(soviet, "H")
    assert "H retreats on 0304-0303" in told(g, "german", 0)


def test_0_1e_0_7c_a_hidden_unit_s_no_gas_step_loss_is_told_as_a_unit_s() -> None:
    g = game(
        unit("T", "german", "0302", defence=8),
        unit("P", "german", "0302", defence=2, flags=("mech",)),
        unit("U", "german", "0303", defence=8),
        unit("S", "soviet", "1108"),
    )
    g.state.set("no_gas", True)
    push(g, "movement", side="german", units=["P"])
    before = len(g.events_for("soviet"))
    g.apply(Move(("P",), ("0302", "0303")))
    assert g.state.units["P"].steps == 1
    soviet = told(g, "soviet", before)
    assert "NO GAS: a german unit in 0303 loses a step" in soviet
    assert not names(soviet, "P")
    assert "NO GAS: P loses a step" in told(g, "german", 0)


def test_0_1e_12_4_a_hidden_unit_s_regained_step_is_told_as_a_unit_s() -> None:
    g = game(
        unit("A", "soviet", "0506", defence=8),
        unit("R", "soviet", "0506", defence=2),
        unit("G", "german", "0101"),
        turns=3,
    )
    g.state.put(g.state.units["R"].__class__("R", 1, at="0506"))
    g.state.turn = 2  # Soviet replacements on turn 2
    push(g, "replacements", side="soviet")
    before = len(g.events_for("german"))
    g.apply(Choose("step:R"))
    assert g.state.units["R"].steps == 2
    german = told(g, "german", before)
    assert "a soviet unit in 0506 regains a step" in german
    assert not names(german, "R")
    assert "R regains a step" in told(g, "soviet", 0)
