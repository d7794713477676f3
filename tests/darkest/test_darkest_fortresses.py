"""DC: Fortresses, Fortifications, Stalin Line, Major Cities, and Victory Cities."""

from __future__ import annotations

from darkest_support import army, ctx, markers, mech, new, panzer_korps, rifle, to_step
from darkest_support import attack as open_battle

from wargames.core.actions import AllocateLosses, Attack, Choose, Outcome, Pass
from wargames.core.game import Game
from wargames.darkest import counters as cn
from wargames.darkest.battle import absorb_options
from wargames.darkest.battle_record import Battle
from wargames.darkest.fire import defence_fire
from wargames.darkest.movement import routes
from wargames.darkest.position import city_fire


def attack(game: Game, target: str, *uids: str) -> Game:
    """Open the battle and answer the German pressed attack with 0."""
    return open_battle(game, target, *uids, press=True)


def test_victory_cities_and_fortresses_fire_undisruptibly_sevastopol_2() -> None:
    g = new(
        army("G", "B2"),
        rifle("R", "B3", markers=("disrupted",)),
        features={"victory": ["B3"], "fortress": ["C3"]},
        attributes={"C3": {"fire": 2}},
        control={"russian": ["B3", "C3"]},
    )
    c = ctx(g)
    assert city_fire(c, "B3") == 1 and city_fire(c, "C3") == 2
    assert defence_fire(c, "russian", "B3", ["G"], ["R"]).strength == 1  # R is Disrupted


def test_a_city_absorbs_one_hit_a_round_for_its_defenders() -> None:
    g = attack(
        new(
            army("G", "B2"),
            rifle("R", "B3", (1, 3)),
            features={"city": ["B3"]},
            control={"russian": ["B3"]},
        ),
        "B3",
        "G",
    )
    g.apply(Outcome(1))  # 3 hits
    g.apply(Outcome(1))
    assert set(g.legal_actions()) == {AllocateLosses(("R",)), AllocateLosses(("city",))}
    g.apply(AllocateLosses(("city",)))
    assert set(g.legal_actions()) == {AllocateLosses(("R",))} or g.decision.step != "absorb"
    assert cn.DISRUPTED in markers(g, "R")  # the 2 other hits went to R


def test_an_emptied_fortress_is_taken_by_one_more_hit() -> None:
    g = attack(
        new(
            army("G", "B2", (8, 3)),
            rifle("R", "B3", (1, 1)),
            features={"fortress": ["B3"]},
            control={"russian": ["B3"]},
        ),
        "B3",
        "G",
    )
    g.apply(Outcome(1))  # 8 on row 1: 6 hits
    g.apply(Outcome(1))
    while g.decision.step == "absorb" and g.decision.side == "russian":
        g.apply(
            AllocateLosses(("R",))
            if AllocateLosses(("R",)) in g.legal_actions()
            else g.legal_actions()[0]
        )
    assert g.state.units["R"].box == cn.ELIMINATED
    assert g.state.control["B3"] == "axis"  # taken by a hit once R was gone


def test_moscow_needs_2_hits_in_the_same_round() -> None:
    def moscow(strength: int) -> Game:
        g = new(
            army("G", "B2", (strength, 3)),
            rifle("R", "E6"),
            features={"victory": ["B3"]},
            attributes={"B3": {"take_hits": 2}},
            control={"russian": ["B3"]},
        )
        g = attack(g, "B3", "G")
        g.apply(Outcome(1))  # column A row 1: strength 1 scores 1 hit, 3 scores 3
        g.apply(Outcome(6))  # the city's own fire (1) on column B row 1: 1 hit
        return g

    assert moscow(1).state.control["B3"] == "russian"  # 1 hit is not enough
    assert moscow(3).state.control["B3"] == "axis"


def test_an_undefended_victory_city_must_be_attacked_and_fires_back() -> None:
    g = new(
        army("G", "B2"), rifle("R", "E6"), features={"victory": ["B3"]}, control={"russian": ["B3"]}
    )
    g = to_step(g, "operations", "axis", "op")
    g.apply(Choose("G"))
    assert Attack(("G",), "B3") in g.legal_actions()
    assert all(getattr(a, "path", ("", ""))[-1] != "B3" for a in g.legal_actions())


def test_a_german_army_fortifies_absorbs_1_hit_and_loses_it_by_attacking() -> None:
    g = new(army("G", "B2"), army("H", "C2"), rifle("R", "B3"), turns=1)
    assert g.decision.step == "fortify"
    g.apply(Choose("fortify:G"))
    assert cn.FORTIFIED in markers(g, "G")
    g.apply(Choose("fortify:H"))
    g.apply(Pass())
    g = to_step(g, "operations", "axis", "op")
    assert Choose("G") not in g.legal_actions()  # fortifying: does nothing else this turn
    g2 = new(army("G", "B3", markers=("fortified", "disrupted")), rifle("R", "B2"))
    b = Battle("B3", "russian", "op", 2, [], [], {}, defended=True)
    assert "fort:G" in absorb_options(ctx(g2), b, "axis")
    from wargames.darkest.battle import absorb

    b.left = 1
    absorb(ctx(g2), b, "axis", "fort:G")
    # fortification gone; the hit did not Disrupt G, nor undo its earlier Disruption
    assert markers(g2, "G") == frozenset({cn.DISRUPTED})


def test_an_attacking_army_loses_its_fortified_status() -> None:
    g = attack(new(army("G", "B2", markers=("fortified",)), rifle("R", "B3")), "B3", "G")
    assert cn.FORTIFIED not in markers(g, "G")


def test_a_fortification_absorbing_a_hit_does_not_recover_a_disrupted_army() -> None:
    # DC: Fortifications: the fortification absorbs 1 hit and the army stays UnDisrupted
    # "unless it has to absorb another hit"; it does not undo a Disruption already taken.
    from wargames.darkest.battle import absorb

    g = new(army("G", "B3", markers=("fortified",)), rifle("R", "B2"))
    b = Battle("B3", "russian", "op", 2, [], [], {}, defended=True)
    b.left = 2
    absorb(ctx(g), b, "axis", "G")
    absorb(ctx(g), b, "axis", "fort:G")
    assert markers(g, "G") >= {cn.DISRUPTED} and cn.FORTIFIED not in markers(g, "G")


def test_a_major_city_defended_this_turn_must_still_be_attacked_to_be_taken() -> None:
    # DC: Fortresses ...: "A major city not being defended during that turn can just be freely
    # entered/occupied": one defended this turn, its defenders gone but not taken, is closed
    # to movement until the turn ends, open to attack, and taken by a hit.
    g = new(
        army("G", "B2", (2, 2)),
        panzer_korps("K", "C2"),
        mech("M", "B3"),
        features={"city": ["B3"], "major-city": ["B3"]},
        control={"russian": ["B3"]},
    )
    g = attack(g, "B3", "G")
    g.apply(Outcome(1))  # Axis: 2 hits
    g.apply(Outcome(6))  # Russian fire
    g.apply(AllocateLosses(("city",)))  # the city absorbs one, M the other: eliminated
    while g.decision.step in ("absorb", "press", "fire", "withdraw", "reserve"):
        step = g.decision.step
        if step == "press":
            g.apply(Choose("press:0"))
        elif step == "fire":
            g.apply(Outcome(6))  # no more hits
        elif step == "absorb":
            g.apply(g.legal_actions()[0])
        else:
            g.apply(Pass())
    assert g.state.units["M"].box == cn.ELIMINATED and g.state.control["B3"] == "russian"
    later = to_step(to_step(g.copy(), "russian-admin"), "operations", "axis", "op")
    assert later.state.turn == 2 and "B3" in routes(ctx(later), "K", "op").ends  # free again
    g = to_step(g, "operations", "axis", "blitz")
    assert "B3" not in routes(ctx(g), "K", "blitz").ends
    g.apply(Choose("K"))
    assert Attack(("K",), "B3") in g.legal_actions()
    g.apply(Attack(("K",), "B3"))
    g.apply(Pass())
    g.apply(Choose("B3"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(1))  # 2 hits: one takes the city
    assert g.state.control["B3"] == "axis"
