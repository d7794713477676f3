"""DC2 Operational Movement: the only surviving partisan rule, "the moving unit occupies the
point, automatically destroying any enemy partisan or entrained factory units", in every path
by which a unit enters a point: operational move, breakthrough, highway, the occupation after
a battle, retreat, strategic land and sea movement. Nothing else of theirs is invented: they
are no defenders, and they cut neither supply nor a strategic line."""

from __future__ import annotations

from wargames.core.actions import Choose, Move, Outcome, Pass, Retreat
from wargames.darkcrusade.p2p.strategic import destinations
from wargames.darkcrusade.p2p.supply import supplied_points

from .support import advance_to, ctx, game, infantry, panzer, play, unit

PAR = {"flags": ("partisan",)}


def partisan(uid: str, side: str, at: str) -> dict[str, object]:
    return unit(uid, side, at, (0, 0), **PAR)  # type: ignore[arg-type]


def test_the_occupation_after_a_battle_destroys_partisans_and_they_are_no_defenders() -> None:
    units = [panzer("P", "Warsaw"), infantry("I", "axis", "Warsaw")]
    units += [unit("S", "soviet", "Brest", (0, 1)), partisan("Par", "soviet", "Brest")]
    g = advance_to(game(units), "operational", "axis")
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Brest")))
    play(g, Choose("I"), Move(("I",), ("Warsaw", "Brest")), Pass())
    g.apply(Outcome(1))  # hits: only S may take them (no decision between S and Par)
    g.apply(Outcome(1))
    assert g.state.units["S"].at is None
    assert g.state.units["Par"].at is None  # destroyed by the occupying attackers
    assert g.state.units["P"].at == "Brest" and g.state.control["Brest"] == "axis"
    assert not [e for e in g.events if e.kind == "hit" and e.data.get("unit") == "Par"]


def test_a_retreat_onto_a_partisan_point_destroys_the_partisan() -> None:
    units = [unit("A", "axis", "Brest", (1, 1), hits=3), infantry("S", "soviet", "Baranovichi")]
    units.append(partisan("Par", "soviet", "Warsaw"))
    g = advance_to(game(units, control={"Brest": "axis"}), "operational", "soviet")
    play(g, Choose("S"), Move(("S",), ("Baranovichi", "Brest")), Pass())
    g.apply(Outcome(1))  # Soviet 3, column B die 1: no hit
    g.apply(Outcome(6))  # Axis 1: no hit
    assert g.decision is not None and g.decision.step == "withdraw"
    assert Retreat(("A",), ("Brest", "Warsaw")) in list(g.legal_actions())
    g.apply(Retreat(("A",), ("Brest", "Warsaw")))
    assert g.state.units["A"].at == "Warsaw" and g.state.units["Par"].at is None


def test_a_highway_move_ending_on_a_partisan_destroys_it_one_on_the_first_point_bars_it() -> None:
    minsk = {"Minsk": "axis"}
    g = advance_to(
        game([panzer("P", "Minsk"), partisan("Par", "soviet", "Orsha")], control=minsk),
        "operational",
        "axis",
    )
    play(g, Choose("P"), Move(("P",), ("Minsk", "Borisov", "Orsha")))
    assert g.state.units["P"].at == "Orsha" and g.state.units["Par"].at is None
    units = [panzer("P", "Minsk"), partisan("Par", "soviet", "Borisov")]
    g = advance_to(game(units, control=minsk), "operational", "axis")
    g.apply(Choose("P"))
    # Lines D: "the first point moved to is not occupied by an enemy unit"
    assert Move(("P",), ("Minsk", "Borisov", "Orsha")) not in list(g.legal_actions())


def test_a_strategic_move_may_end_on_or_pass_a_partisan_point_destroying_it() -> None:
    """DC2 A.2: "All other points in friendly control ... may be used for strategic movement"
    (partisans change no control); the unit entering the point destroys the partisan."""
    units = [infantry("I", "axis", "Krakow"), partisan("Par", "soviet", "Lublin")]
    g = advance_to(game(units), "strategic", "axis")
    dests = destinations(ctx(g), "axis", "I")
    assert dests["Lublin"] == ("Krakow", "Lublin")
    play(g, Choose("I"), Move(("I",), ("Krakow", "Lublin")))
    assert g.state.units["I"].at == "Lublin" and g.state.units["Par"].at is None
    control = {"Brest": "axis", "Baranovichi": "axis"}
    units = [infantry("I", "axis", "Warsaw"), partisan("Par", "soviet", "Brest")]
    g = advance_to(game(units, control=control), "strategic", "axis")
    assert destinations(ctx(g), "axis", "I")["Baranovichi"] == ("Warsaw", "Brest", "Baranovichi")
    play(g, Choose("I"), Move(("I",), ("Warsaw", "Brest", "Baranovichi")))
    assert g.state.units["I"].at == "Baranovichi" and g.state.units["Par"].at is None
    assert g.state.control["Brest"] == "axis"


def test_a_sea_move_into_a_port_with_an_enemy_partisan_destroys_it() -> None:
    units = [unit("I", "axis", "Konigsberg"), partisan("Par", "soviet", "Memel")]
    g = advance_to(game(units, control={"Memel": "axis"}), "sea", "axis")
    play(g, Choose("I"), Move(("I",), ("Konigsberg", "Memel")), Outcome(6))
    assert g.state.units["I"].at == "Memel" and g.state.units["Par"].at is None


def test_partisans_cut_no_supply() -> None:
    g = game([infantry("I", "axis", "Krakow"), partisan("Par", "soviet", "Warsaw")])
    assert "Warsaw" in supplied_points(ctx(g), "axis")
    g = game([infantry("I", "axis", "Krakow"), infantry("S", "soviet", "Warsaw")])
    assert "Warsaw" not in supplied_points(ctx(g), "axis")
