"""Fifth rules review of Dark Crusade (hex): each test rebuilds a reviewer's position that the
code got wrong (`notes/s26/review5-dch/findings.md`)."""

from __future__ import annotations

import attrs
from dch_support import NE, NW, SE, SW, C, E, W, at_step, ctx, die_for, fight, game, stage

from wargames.core.actions import Choose, Outcome, Pass, Place, Retreat
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.air_combat import sheltered
from wargames.darkcrusade.hex.movement import move_error, routes
from wargames.darkcrusade.hex.overrun import overruns
from wargames.darkcrusade.hex.sequence import PHASES


def test_a_rolled_de_under_a_forced_exchange_is_not_avoided_by_taking_a_d3() -> None:
    """DCH: Surrounded/Retreat Impossible/"No Retreat!": defending Germans "may avoid a Forced
    Exchange, if accepting a D3 result instead". A DE is not converted into an exchange, so
    there is none to avoid: the German stack is eliminated, not sent back 3 hexes."""
    g = game(
        {"H01": W, "H02": NW, "H03": SW, "I": C},
        profiles={"H01": "4-4", "H02": "4-4", "H03": "4-4"},
    )
    fight(g, ["H01", "H02", "H03"], C)
    g.apply(Choose("no-retreat"))
    g.apply(Choose("forced"))  # the Russian declares the Forced Exchange before the die
    while stage(g) in ("press", "round-up"):
        g.apply(Choose("press:0") if stage(g) == "press" else Outcome("stay"))
    g.apply(Outcome(die_for(g, "DE")))
    assert stage(g) != "avoid"
    assert g.state.units["I"].at is None
    assert not any(e.kind == "result" and e.data["code"] == "D3" for e in g.events)


def test_axis_allies_may_not_overrun_north_of_the_line() -> None:
    """DCH: Operational Movement: "Axis allied units must remain in the south" (row 13 and
    south, provisional): an overrun is an operational move, so a stack holding an allied unit
    may not overrun a hex north of the line; the same stack without it may."""
    g = game({"3RoA": "1813", "I": "1813", "XX": "1813", "WR1": "1812"}, turn=2)
    assert overruns(ctx(g), "3RoA", "op") == []
    g = game({"18A": "1813", "I": "1813", "XX": "1813", "WR1": "1812"}, turn=2)
    assert [m.path for m in overruns(ctx(g), "I", "op")] == [("1813", "1812")]


def test_axis_allies_may_not_pass_north_of_the_line_on_an_operational_move() -> None:
    """DCH: Operational Movement: Axis allied units must remain in the south on every hex of
    an operational move's path, as on an advance: not only in the hex the move ends in."""
    g = game({"3RoA": "1813"}, turn=2)
    err = move_error(ctx(g), "3RoA", ("1813", "1812", "1713"), "op")
    assert err is not None and "south" in str(err)
    ends = routes(ctx(g), "3RoA", "op")
    assert "1713" in ends  # still reached, along the south
    assert all(int(n[2:]) >= 13 for path, _ in ends.values() for n in path)


def test_russian_arrivals_entrench_at_the_end_of_b1() -> None:
    """DCH: Sequence B.1: "Reinforcements, Replacements, ... Strategic/Rail Movement,
    UnDisrupted units' Entrenchment": a hidden army arriving from the east edge and a Siberian
    placed in B.1 entrench with the units already on the map, so a D* strike in the German
    player-turn cannot touch them ("-" against entrenched units)."""
    g = game({"T01": C}, turn=13)  # the Siberians' safe turn: one comes anyway
    st = g.state
    army = sorted(u.id for u in st.units.values() if cn.has(ctx(g), u.id, "hidden"))[0]
    st.put(attrs.evolve(st.units[army], box=cn.REINFORCEMENTS, at=None))
    st.put(attrs.evolve(st.units["S1"], box=cn.SIBERIA, at=None))
    st.phase = next(i for i, p in enumerate(PHASES) if p.name.startswith("B.1"))
    st.segment = 0
    at_step(g, "russian-admin")
    while g.decision is not None and g.decision.step != "early-attacks":
        acts = list(g.legal_actions())
        g.apply(next((a for a in acts if isinstance(a, Place)), None) or Pass())
    for uid in ("T01", army, "S1"):
        assert st.units[uid].at is not None
        assert st.units[uid].has(cn.ENTRENCHED), uid
        assert sheltered(ctx(g), uid), uid


def korps_hit_by_a_d1(mountains: tuple[str, ...]) -> Game:
    """The tank korps T01 (3-2) on C, attacked from W and SW by 18A and I: a D1, the attacker
    choosing the 1-hex retreat; ``mountains``: the neighbours made mountain hexes."""
    g = game({"18A": W, "I": SW, "T01": C}, terrain=dict.fromkeys(mountains, "mountain"))
    fight(g, ["18A", "I"], C)
    g.apply(Choose("retreat"))
    while stage(g) in ("press", "round-up", "forced-before"):
        acts = list(g.legal_actions())
        g.apply(next((a for a in acts if a in (Choose("press:0"), Choose("no"))), acts[0]))
    g.apply(Outcome(die_for(g, "D1")))
    if g.decision is not None and g.decision.step == "battle-choose":
        g.apply(Choose("retreat:1"))
    return g


def test_a_tank_korps_retreats_through_no_mountain_hex() -> None:
    """DCH: Terrain (Mountain): "Panzer/tank and motorized units must be at division/brigade
    level to transit, even via roads": a retreat transits too (a reading), so a stack holding
    a tank korps neither ends nor passes its retreat in a mountain hex; with no other way
    out, it is Surrounded and the D1 becomes a D."""
    g = korps_hit_by_a_d1((NE, SE))
    paths = [a.path for a in g.legal_actions() if isinstance(a, Retreat)]
    assert paths and all(p[1] == E for p in paths)  # NW and SW are in the attackers' ZOCs
    assert all(g.scenario.board.terrain(n) != "mountain" for p in paths for n in p)
    g = korps_hit_by_a_d1((E, NE, SE))  # the reviewer's position: every way out closed
    assert not any(isinstance(a, Retreat) for a in g.legal_actions())
    assert any(e.kind == "result" and e.data["code"] == "D" for e in g.events)
    assert g.state.units["T01"].at == C and g.state.units["T01"].has(cn.DISRUPTED)
