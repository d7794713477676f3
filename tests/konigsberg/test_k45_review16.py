"""K45 sixteenth-round review: tests that details of rules the code already keeps can fail
(each one fails under a mutant of the reviewer's that the earlier tests let through)."""

from __future__ import annotations

from k45_helpers import game, hq, push, unit
from test_k45_combat import crt, fight, label

from wargames.core.actions import AllocateLosses, Choose, Outcome, Pass, Place, Retreat
from wargames.core.game import Game
from wargames.konigsberg.forces import allowance


# --- part A (review 16, rule text 0.0 to 5.2) -----------------------------------------------
def draw(g: Game, chit: str) -> Game:
    push(g, "draw")
    g.apply(Outcome(chit))
    return g


def test_3_2_6_0c_friendly_units_do_not_negate_ezocs_for_placement() -> None:
    """K45 3.2, 6.0c "Friendly units do not negate EZOCs for the purpose of (reinforcement)
    placement": the entry hex 0105 holds the German F but lies in the ZOC of the Soviet S at
    0205, so A is not placed there (it waits for a placement elsewhere) nor anywhere else
    next to S."""
    g = game(
        unit("A", "german", None),
        unit("F", "german", "0105"),
        unit("S", "soviet", "0205"),
        attributes={"0105": {"entry": "B"}},
        reinforcements=[{"turn": 1, "unit": "A", "area": "B"}],
    )
    push(g, "reinforce")
    assert g.state.units["A"].at is None
    assert g.decision is not None and g.decision.step == "place-reinforcement"
    spots = {a.at for a in g.legal_actions() if isinstance(a, Place)}
    assert spots and not spots & {"0105", "0205", *g.scenario.board.neighbours("0205")}


def test_2_2a_an_hq_cannot_activate_another_hq() -> None:
    """K45 2.2a "HQs cannot activate other HQs": with the German HQ L and the independent I
    both in K's range, K may pick only I."""
    g = game(
        hq("K", "german", "0505"),
        hq("L", "german", "0506"),
        unit("I", "german", "0605"),
        unit("S", "soviet", "1108"),
    )
    g.state.boxes["cup"] = ("K",)
    draw(g, "K")
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"unit:I"}
    refused = g.check(Choose("unit:L"))
    assert refused is not None and refused.rule == "K45 2.2a"


def test_2_1d_the_hgm_chit_counts_towards_the_german_limit() -> None:
    """K45 2.1d "counts towards the number of chits allowed each turn by the German player":
    with one German activation left (turn-1 limit 3), the HGM chit takes it, so the German
    HQ chit M drawn next is not acted upon."""
    g = game(hq("K", "german", "0102"), hq("M", "german", "0902"), unit("S", "soviet", "1108"))
    g.state.boxes["cup"] = ("HGM", "M")
    g.state.set("used", {"german": 2})
    draw(g, "HGM")
    g.apply(Choose("K"))
    while g.decision.step != "draw" and not g.decision.is_chance:
        g.apply(Pass())
    assert g.state.get("used")["german"] == 3
    draw(g, "M")
    assert g.state.get("active")["hq"] != "M"
    assert "not acted upon" in [e.text for e in g.events if e.kind == "chit"][-1]


def test_2_1d_the_hgm_moves_only_independent_units() -> None:
    """K45 2.1d "two independent units anywhere on the map": A, out of range of its living
    HQ K, is still K's unit and not an independent, so the HGM may not pick it."""
    g = game(
        hq("K", "german", "0102"),
        unit("A", "german", "1005", command="K"),
        unit("I", "german", "1006"),
        unit("S", "soviet", "1108"),
    )
    g.state.boxes["cup"] = ("HGM",)
    draw(g, "HGM")
    g.apply(Choose("K"))
    assert {a.option for a in g.legal_actions() if isinstance(a, Choose)} == {"hgm:I"}
    assert g.check(Choose("hgm:A")) is not None


def _gd_game() -> Game:
    return game(
        hq("GDK", "german", "0505"),
        unit("GDPz", "german", "0506", command="GDK"),
        unit("GDFus", "german", "0605", command="GDK"),
        unit("GDPzG", "german", "0606", command="GDK"),
        unit("S", "soviet", "1108"),
        attributes={"0105": {"entry": "B"}},
    )


def test_0_7d_the_gd_withdrawal_chit_never_returns_to_the_cup() -> None:
    """K45 0.7d "Once acted upon, the GD Withdrawal Special Action Chit is never returned to
    the draw cup": after the turn advance it is out, not in the cup."""
    g = _gd_game()
    g.state.boxes["cup"] = ("GDK",)
    g.state.boxes["drawn"] = ("gd-withdrawal",)
    push(g, "action-chit", chit="gd-withdrawal", kind="gd-withdrawal")
    push(g, "turn-advance")
    assert "gd-withdrawal" not in g.state.boxes["cup"]
    assert "gd-withdrawal" in g.state.boxes["chits-out"]


def test_0_7e_the_gd_returns_chit_never_returns_to_the_cup() -> None:
    """K45 0.7e: once acted upon, the GD Returns chit stays out of the cup after the turn
    advance (the GD HQ chit goes back in)."""
    g = _gd_game()
    g.state.boxes["cup"] = ("GDK",)
    push(g, "action-chit", chit="gd-withdrawal", kind="gd-withdrawal")
    g.state.boxes["drawn"] = ("gd-returns",)
    push(g, "action-chit", chit="gd-returns", kind="gd-returns")
    push(g, "turn-advance")
    assert "gd-returns" not in g.state.boxes["cup"] and "GDK" in g.state.boxes["cup"]
    assert "gd-returns" in g.state.boxes["chits-out"]


# --- part B (review 16, rule text 6.0 to the end) -------------------------------------------
def test_9_0b_the_owner_picks_which_unit_of_a_blocked_stack_takes_the_step() -> None:
    """K45 9.0b "The owning player freely selects which unit takes these losses. (Section 8.0a
    does not apply here.)": G (defence 6) and W (2), walled in by water, are one hex short of
    a Dr; W may take the step."""
    g = game(
        unit("S", "soviet", "0405", attack=40),
        unit("G", "german", "0505", defence=6),
        unit("W", "german", "0505", defence=2),
        terrain={"water": ["0406", "0504", "0506", "0605", "0606"]},
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0505")
    g.apply(Retreat(("G", "W"), ("0505",)))
    assert g.decision.step == "lose" and g.decision.side == "german"
    assert g.check(AllocateLosses(("W",))) is None
    assert g.check(AllocateLosses(("G",))) is None


def test_9_0c_the_owner_picks_which_unit_pays_the_ezoc_step() -> None:
    """K45 9.0c with 9.0b: the step a stack loses retreating into an EZOC is the owner's
        choice, not 8.0a's strongest unit: G (defence 6) and W (2) walled in by water but for 0204,
    in T's EZOC; W may take the step."""
    g = game(
        unit("S", "soviet", "0302", attack=40),
        unit("G", "german", "0303", defence=6),
        unit("W", "german", "0303", defence=2),
        unit("T", "soviet", "0104"),  # its EZOC holds 0204, the only way out
        terrain={"water": ["0203", "0304", "0403", "0404"]},
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    g.apply(Retreat(("G", "W"), ("0303", "0204")))
    assert g.decision.step == "lose" and g.decision.side == "german"
    assert g.check(AllocateLosses(("W",))) is None


def test_9_0e_the_owner_picks_which_zero_ma_unit_takes_the_retreat_loss() -> None:
    """K45 9.0e with 9.0b: zero-MA units U (defence 6) and V (2) under a Dr lose their steps
    as the owner pleases; both are offered."""
    g = game(
        unit("S", "soviet", "0302", attack=40),
        unit("U", "german", "0303", mp=0, defence=6),
        unit("V", "german", "0303", mp=0, defence=2),
        charts=crt("Dr"),
    )
    fight(g, ["S"], "0303")
    assert g.decision.step == "lose"
    assert set(g.legal_actions()) >= {AllocateLosses(("U",)), AllocateLosses(("V",))}


def test_8_0a_the_strongest_attacker_is_by_printed_attack_not_halved_for_supply() -> None:
    """K45 8.0a "the highest printed attack strength": A (8, out of supply, so 4 in the odds)
    takes an A1 before B (6)."""
    g = game(
        unit("A", "soviet", "0302", attack=8),
        unit("B", "soviet", "0404", attack=6),
        unit("G", "german", "0303", defence=2),
        charts=crt("A1"),
    )
    g.state.put(g.state.units["A"].marked("oos"))
    fight(g, ["A", "B"], "0303")
    assert g.decision.step == "lose" and g.decision.side == "soviet"
    assert list(g.legal_actions()) == [AllocateLosses(("A",))]


def test_8_0a_the_strongest_defender_is_by_printed_defence_not_halved_when_isolated() -> None:
    """K45 8.0a "... and defence strength (for the defender)", printed: G (6, isolated, so 3
    in the odds) takes a D1 before W (4)."""
    g = game(
        unit("S", "soviet", "0302", attack=40),
        unit("G", "german", "0303", defence=6),
        unit("W", "german", "0303", defence=4),
        charts=crt("D1"),
    )
    g.state.put(g.state.units["G"].marked("isolated"))
    fight(g, ["S"], "0303")
    assert g.decision.step == "lose" and g.decision.side == "german"
    assert list(g.legal_actions()) == [AllocateLosses(("G",))]


def test_8_0c_the_strongest_unit_may_take_the_second_loss_too() -> None:
    """K45 8.0c "There is no requirement for every unit to take one loss before any units take
    a second one": after G's first loss of a D2, G may take the second as well."""
    g = game(
        unit("S", "soviet", "0302", attack=40),
        unit("G", "german", "0303", defence=6),
        unit("W", "german", "0303", defence=2),
        charts=crt("D2"),
    )
    fight(g, ["S"], "0303")
    g.apply(AllocateLosses(("G",)))
    assert g.check(AllocateLosses(("G",))) is None


def test_8_1_a_village_does_not_ignore_the_first_loss() -> None:
    """K45 8.1 "Units located in a town or city ignore any first loss" (not a village, which
    7.1a and 9.1 name): a D1 in a village costs G a step."""
    g = game(
        unit("S", "soviet", "0302", attack=40),
        unit("G", "german", "0303"),
        features={"village": ["0303"]},
        charts=crt("D1"),
    )
    fight(g, ["S"], "0303")
    while g.decision is not None and g.decision.step == "lose":
        g.apply(next(iter(g.legal_actions())))
    assert g.state.units["G"].steps == 1


def test_11_3a_out_of_supply_keeps_the_defence_and_movement_allowance() -> None:
    """K45 11.3a "Their defence strength and movement allowance are not affected": an
    out-of-supply G keeps MA 5 and defends with 4 (8:4 is 2-1, not 4-1)."""
    g = game(
        unit("S", "soviet", "0302", attack=8),
        unit("G", "german", "0303", defence=4, mp=5),
    )
    g.state.put(g.state.units["G"].marked("oos"))
    assert allowance(g._ctx(), "G") == 5
    assert label(g, ["S"], "0303") == "2-1"


def test_12_1c_1_another_hq_in_range_does_not_save_an_hq() -> None:
    """K45 12.1c(1) "no friendly combat units within Command Range": German HQs K and L in
    each other's range, with no combat unit near, are both removed."""
    g = game(
        hq("K", "german", "0505", rng=3),
        hq("L", "german", "0506", rng=3),
        unit("A", "german", "0101", command="K"),
        unit("S", "soviet", "1108"),
    )
    push(g, "hq-removal")
    assert g.state.units["K"].box == "removed"
    assert g.state.units["L"].box == "removed"


def test_14_2_a_supplied_soviet_unit_in_elbing_is_a_sudden_death_victory() -> None:
    """K45 14.2 "either the hex of Königsberg or Elbing": a supplied Soviet unit in Elbing
    (0104 on the test map) ends the game."""
    g = game(unit("S", "soviet", "0104"), unit("G", "german", "0808"))
    push(g, "sudden-death")
    assert g.is_over()
    assert "Sudden Death" in str(g.result()) and "Elbing" in str(g.result())


def test_13_4_a_six_returns_the_3rd_or_18th_air_army_to_the_air_box() -> None:
    """K45 13.4 "Only a die roll result of '6' allows the unit to return to the Air Box"."""
    special = {
        "flags": ["air"],
        "values": {"full": 2, "normal": 1, "army": "1AA", "return_roll": 6},
    }
    g = game(
        unit("C", "soviet", box="refit", **special),
        unit("S", "soviet", "0505"),
        unit("G", "german", "0808"),
    )
    push(g, "refit-return")
    g.apply(Outcome(6))
    assert g.state.units["C"].box == "air:1AA"


def test_12_5_2_volksturm_keeps_three_hexes_from_a_soviet_hq_too() -> None:
    """K45 12.5(2) "at least three hexes from any Soviet unit": an HQ is a unit (the table's
    reading), so the town 0504 next to a lone Soviet HQ is not offered."""
    vs = {"attack": 1, "mp": 0, "steps": 1, "flags": ("nozoc", "volksturm")}
    g = game(
        unit("V1", "german", box="volksturm", **vs),
        hq("SH", "soviet", "0505"),
        unit("S", "soviet", "1108"),
        features={"town": ["0303", "0504"]},
        control={"german": ["0303", "0504"]},
    )
    push(g, "volksturm")
    assert {a.at for a in g.legal_actions() if isinstance(a, Place)} == {"0303"}
