"""DCH: Combat Results Definitions, Surrounded/No Retreat!, Forced Exchange, Armored Overrun,
Tactical Retreats and Advances: each result carried out on a position built for it."""

from __future__ import annotations

import attrs
import pytest
from dch_support import NE, NW, SE, SW, C, E, W, ctx, die_for, fight, game, stage

from wargames.core.actions import Advance, AllocateLosses, Attack, Choose, Outcome, Pass, Retreat
from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.results import FORCED, NO_RETREAT, convert

ARMIES = {"18A": W, "16A": NW, "9A": SW}


def german(
    defenders: dict[str, str],
    profiles: dict[str, str],
    attackers=None,  # type: ignore[no-untyped-def]
    *,
    no_retreat: bool = False,
    turn: int = 1,
    terrain: dict[str, str] | None = None,
) -> Game:
    atts = attackers or ARMIES
    g = game({**atts, **defenders}, profiles=profiles, turn=turn, terrain=terrain)
    fight(g, list(atts), C)
    g.apply(Choose("no-retreat" if no_retreat else "retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    return g


def roll(g: Game, code: str) -> None:
    assert stage(g) == "roll"
    g.apply(Outcome(die_for(g, code)))


def where(g: Game, uid: str) -> str | None:
    return g.state.units[uid].at


def test_conversion_tables_are_the_text() -> None:
    assert NO_RETREAT == {"D1": "D", "D2": "DE", "DE": "BK"}
    assert FORCED == {"D3": ".34X", "D2": ".5X", "D1": "X", "D": "1.5X", "X": "2X", "AD": "AE"}
    assert convert("D2", no_retreat=True, forced=False) == "DE"
    assert convert("D2", no_retreat=True, forced=True) == ".5X"
    assert convert("D2", no_retreat=False, forced=False) == "D2"


def test_de_eliminates_the_defenders_and_the_attacker_may_advance() -> None:
    g = german({"H01": C}, {"H01": "2-2"})  # 15:2 = 7:1
    roll(g, "DE")
    assert where(g, "H01") is None
    assert g.state.units["H01"].box == cn.ELIMINATED
    assert "H01" not in g.state.get("profiles", {})  # the counter goes back to the pile
    assert g.decision is not None and g.decision.step == "battle-advance"
    g.apply(Advance(("18A",), (W, C)))
    assert where(g, "18A") == C and g.state.control[C] == cn.AXIS


def test_bk_gives_the_german_attackers_one_more_attack() -> None:
    g = german({"H01": C}, {"H01": "1-1", "H02": "1-1"}, {**ARMIES, "1Pz": W})  # 17:1
    g.state.put(g.state.units["H02"].moved_to(E))
    roll(g, "BK")
    g.apply(Advance(("1Pz",), (W, C)))
    while g.decision is not None and g.decision.step == "battle-advance":
        g.apply(Pass())
    assert g.state.units["1Pz"].has(cn.BLITZ)
    assert Attack(("1Pz",), E) in list(g.legal_actions())


def test_d2_attacker_picks_the_length_defender_the_route_and_all_are_disrupted() -> None:
    g = german({"H01": C}, {"H01": "3-3"}, {"18A": W})  # 5:3 = 3:2
    g.apply(Outcome(die_for(g, "D2")))
    assert {a.option for a in g.legal_actions()} == {"retreat:0", "retreat:1", "retreat:2"}
    g.apply(Choose("retreat:2"))
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and all(len(a.path) in (3, 4) for a in routes)  # 2, or 1 more
    assert all(W not in a.path and NW not in a.path for a in routes)
    g.apply(routes[0])
    assert g.state.units["H01"].has(cn.DISRUPTED)
    assert where(g, "H01") == routes[0].path[-1]


def test_d1_with_no_retreat_becomes_d_and_the_defender_stays() -> None:
    g = german({"H01": C}, {"H01": "3-3"}, {"18A": W}, no_retreat=True)
    g.apply(Outcome(die_for(g, "D1")))
    assert stage(g) in ("forced-after",)
    g.apply(Choose("no"))
    assert any(e.kind == "result" and e.data["code"] == "D" for e in g.events)
    assert where(g, "H01") == C and g.state.units["H01"].has(cn.DISRUPTED)


def test_surrounded_d2_becomes_de() -> None:
    ring = {"H02": NE, "H03": SE, "H04": E}
    g = game(
        {"18A": W, "16A": NW, "9A": SW, "H01": C, **ring},
        profiles={"H01": "3-3", "H02": "4-4", "H03": "4-4", "H04": "4-4"},
    )
    # friendly units all round: the Russian stack in C could retreat through them, so make
    # the retreat impossible by overstacking every friendly neighbour
    for uid, hex_ in {"T01": NE, "T02": SE, "T03": E}.items():
        g.state.put(g.state.units[uid].moved_to(hex_))
    fight(g, ["18A"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "D2")))
    assert any(e.kind == "result" and e.data["code"] == "DE" for e in g.events)
    assert where(g, "H01") is None


def test_russian_forced_exchange_is_declared_before_the_die_german_after() -> None:
    g = game({"T01": W, "T02": NW, "XX": C}, turn=2)
    fight(g, ["T01", "T02"], C)
    g.apply(Choose("no-retreat"))
    assert stage(g) == "forced-before" and g.decision.side == cn.RUSSIAN  # type: ignore[union-attr]
    g2 = german({"H01": C}, {"H01": "3-3"}, {"18A": W}, no_retreat=True)
    assert stage(g2) == "roll"  # no German declaration before the die
    g2.apply(Outcome(die_for(g2, "D1")))
    assert stage(g2) == "forced-after" and g2.decision.side == cn.AXIS  # type: ignore[union-attr]
    g2.apply(Choose("forced"))
    assert any(e.kind == "result" and e.data["code"] == "X" for e in g2.events)


def test_defending_germans_may_take_a_d3_instead_of_a_forced_exchange() -> None:
    g = game({"T01": W, "T02": NW, "I": C}, turn=2)
    fight(g, ["T01", "T02"], C)
    g.apply(Choose("no-retreat"))
    g.apply(Choose("forced"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(die_for(g, "D1")))
    assert stage(g) == "avoid"
    g.apply(Choose("d3"))
    assert any(e.kind == "result" and e.data["code"] == "D3" for e in g.events)


def test_exchange_attacker_chooses_losses_covering_the_modified_defence() -> None:
    # 5 + 5 + 5 = 15 against a 3-3 hidden army and a 3-2 tank korps (5): 3:1 ... X/2 on die 1
    g = german({"H01": C, "T01": C}, {"H01": "3-3"}, dict(ARMIES), turn=8)  # light mud
    roll(g, "X/2")
    assert stage(g) == "decline"  # Russians in Light Mud may take D instead: they do not
    g.apply(Choose("exchange"))
    assert where(g, "H01") is None and where(g, "T01") is None
    assert g.decision is not None and g.decision.step == "battle-loss"
    options = {a.units[0] for a in g.legal_actions()}
    assert {"18A", "16A", "9A", "flip:18A"} <= options
    g.apply(AllocateLosses(("flip:18A",)))  # 5 - 3 = 2 of the 2.5 needed, no permanent loss
    assert g.state.units["18A"].steps == 1
    g.apply(AllocateLosses(("16A",)))
    assert where(g, "16A") is None and where(g, "9A") is not None


def test_germans_may_opt_out_of_an_exchange_in_good_weather() -> None:
    g = german({"H01": C, "T01": C}, {"H01": "3-3"}, dict(ARMIES))
    roll(g, "X/2")
    assert {a.option for a in g.legal_actions()} == {"exchange", "nil"}
    g.apply(Choose("nil"))
    assert where(g, "H01") == C and all(where(g, u) for u in ARMIES)


def test_russian_armour_is_lost_first_covering_german_army_factors() -> None:
    # 3 + 4 = 7 against a motorized korps (3): 2:1, X on a 1; the 3 factors to cover must be
    # the tank korps's, though the rifle army alone would cover them too
    g = game({"T01": E, "H02": SE, "XXXXI": C}, turn=2, profiles={"H02": "4-4"})
    fight(g, ["T01", "H02"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(die_for(g, "X")))
    g.apply(Choose("exchange"))  # the German defender (Good weather) does not take D
    assert where(g, "XXXXI") is None
    assert where(g, "T01") is None and where(g, "H02") == SE


def test_exchange_totals_under_one_factor_are_ignored() -> None:
    from wargames.darkcrusade.hex.results import multiplier

    assert multiplier("X/2") * 1 < 1  # so an X/2 against 1 defence factor costs nothing


def test_ae_eliminates_attackers_equal_to_the_defence() -> None:
    g2 = game({"1Pz": W, "H01": C}, profiles={"H01": "4-4"})  # 2:8 = 1:4
    fight(g2, ["1Pz"], C)
    g2.apply(Choose("retreat"))
    g2.apply(Choose("press:0"))
    g2.apply(Outcome(die_for(g2, "AE")))
    assert where(g2, "1Pz") is None


def test_ad_disrupts_the_attackers() -> None:
    g = game({"1Pz": W, "H01": C}, profiles={"H01": "4-4"})  # 1:4
    fight(g, ["1Pz"], C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    g.apply(Outcome(die_for(g, "AD")))
    assert g.state.units["1Pz"].has(cn.DISRUPTED)


def test_armored_overrun_on_d2_eliminates_pure_infantry_in_clear_good_weather() -> None:
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "11Pz": W}  # 8 pure panzer factors
    g = german({"H01": C}, {"H01": "3-3"}, atts)
    roll(g, "D2")
    assert where(g, "H01") is None
    assert any("overrun" in e.text for e in g.events)


def test_no_armored_overrun_in_a_bonused_hex() -> None:
    """DCH: Armored Overrun: only in an un-bonused clear hex (here the same attack on a
    forest hex)."""
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "11Pz": W}
    g = german({"H01": C}, {"H01": "3-3"}, atts, terrain={C: "forest"})
    roll(g, "D2")
    assert not any("overrun" in e.text for e in g.events)
    assert g.state.units["H01"].at is not None  # not eliminated: it retreats


def test_an_exchange_under_one_factor_costs_the_attacker_nothing() -> None:
    """DCH: X/2: "Exchange cost total ignored if less than 1 factor": half of a 1-factor
    defence is not paid."""
    g = german({"H01": C}, {"H01": "1-1"}, {"I": W}, turn=8)  # 3:1, light mud: no opt-out
    roll(g, "X/2")
    if stage(g) == "decline":
        g.apply(Choose("exchange"))  # the Russians take the exchange, not a D
    assert where(g, "H01") is None
    assert where(g, "I") == W and g.state.units["I"].steps == 1
    assert g.decision is None or g.decision.step != "battle-loss"


def test_no_armored_overrun_in_mud() -> None:
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "11Pz": W}
    g = german({"H01": C}, {"H01": "2-3"}, atts, turn=9)  # Oct II: mud, 8:3 - 1 = 2:1
    roll(g, "D2")
    assert where(g, "H01") == C
    assert not any("overrun" in e.text for e in g.events)


def test_armored_overrun_in_snow_is_for_the_russians_only() -> None:
    """DCH: Armored Overrun: "Good or Hard Frost weather only (or Snow for the Russians)"."""
    tanks = {"T01": W, "T02": NW, "T03": SW}  # 9 tank factors on a 5-factor German army
    g = game({**tanks, "18A": C}, turn=12)  # Dec I: snow
    fight(g, list(tanks), C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    roll(g, "D2")
    assert where(g, "18A") is None
    assert any("overrun" in e.text for e in g.events)
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "11Pz": W}  # the same German attack in Snow
    g = german({"H01": C}, {"H01": "3-3"}, atts, turn=12)
    roll(g, "D2")
    assert where(g, "H01") is not None
    assert not any("overrun" in e.text for e in g.events)


def test_no_retreat_orders_unit_by_unit_convert_only_those_units() -> None:
    g = game({**ARMIES, "H01": C, "T01": C}, profiles={"H01": "2-2"})  # 15:4
    fight(g, list(ARMIES), C)
    assert {a.option for a in g.legal_actions()} == {
        "retreat",
        "no-retreat",
        "hold:H01",
        "hold:T01",
    }
    g.apply(Choose("hold:H01"))
    assert {a.option for a in g.legal_actions()} == {"retreat", "no-retreat"}
    g.apply(Choose("retreat"))  # the others may retreat
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, "D2")))
    g.apply(Choose("no"))  # no Forced Exchange
    assert where(g, "H01") is None  # D2 -> DE under No Retreat!
    assert g.decision is not None and g.decision.step == "battle-choose"  # T01's retreat length
    g.apply(Choose("retreat:2"))
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and all(a.units == ("T01",) for a in routes)


def test_retreats_next_to_an_attacking_hex_only_onto_friends_not_under_attack() -> None:
    from dch_support import ctx

    from wargames.darkcrusade.hex.battle import Battle
    from wargames.darkcrusade.hex.retreats import retreat_options

    # German units hold every other way out: only NW (next to the attacker in W) is left
    blocked = {"I": NE, "XX": SE, "XIII": E}
    g = game({"18A": W, "H01": C, "T02": NW, **blocked}, profiles={"H01": "2-2"})
    b = Battle(C, cn.AXIS, "op", ("18A",), (W,), ("H01",))
    assert (C, NW) in retreat_options(ctx(g), b, 1, 1)  # NW is next to W, but friendly
    g.state.set("allocations", {NW: ["16A"]})
    assert (C, NW) not in retreat_options(ctx(g), b, 1, 1)  # ... under an unresolved attack
    g.state.put(g.state.units["T02"].moved_to("1814"))
    g.state.set("allocations", {})
    assert (C, NW) not in retreat_options(ctx(g), b, 1, 1)  # empty: next to the attacker


def test_panzers_advance_three_movement_factors_after_de_infantry_one_hex() -> None:
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "I": W}
    g = german({"H01": C}, {"H01": "1-1"}, atts)  # 9:1
    roll(g, "DE")
    paths = [a for a in g.legal_actions() if isinstance(a, Advance)]
    by_unit: dict[str, int] = {}
    for a in paths:
        by_unit[a.units[0]] = max(by_unit.get(a.units[0], 0), len(a.path) - 1)
    assert by_unit["1Pz"] == 3  # three clear hexes: 3 movement factors
    assert by_unit["I"] == 1


def longest_advance(g: Game) -> dict[str, int]:
    """Each advancing unit's longest advance offered, in hexes."""
    by_unit: dict[str, int] = {}
    for a in g.legal_actions():
        if isinstance(a, Advance):
            by_unit[a.units[0]] = max(by_unit.get(a.units[0], 0), len(a.path) - 1)
    return by_unit


def test_axis_units_advance_only_one_hex_in_mud() -> None:
    """DCH: Tactical Advances: "all Axis units may advance only 1 hex in Mud"."""
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "I": W}
    g = german({"H01": C}, {"H01": "1-1"}, atts, turn=9)  # Oct II: mud
    roll(g, "DE")
    assert longest_advance(g)["1Pz"] == 1


@pytest.mark.parametrize(("code", "beyond"), [("DE", True), ("D3", False)])
def test_panzers_advance_through_an_enemy_zoc_only_on_de_or_bk(code: str, beyond: bool) -> None:
    """DCH: Tactical Advances: ZOCs still apply, but not for panzers moving into and through
    the vacated hex on a DE or BK: with a Russian army next to the vacated hex, a panzer goes
    on beyond it on a DE and stops in it on a D3."""
    atts = {"1Pz": W, "7Pz": NW, "3Pz": SW, "I": W}
    g = german({"H01": C, "H02": NE}, {"H01": "1-1", "H02": "1-1"}, atts)
    roll(g, code)
    assert (longest_advance(g)["1Pz"] > 1) == beyond


def test_others_advance_one_hex_beside_once_the_defence_has_entered_the_vacated_hex() -> None:
    """DCH: Tactical Advances: once the vacated hex is entered by attackers at least equal to
    the defenders' strength, other units may advance 1 hex into an empty hex beside it."""
    atts = {"1Pz": W, "7Pz": SW, "3Pz": W, "I": NW}
    g = german({"H01": C}, {"H01": "1-1"}, atts)
    roll(g, "DE")
    ends = {a.path[-1] for a in g.legal_actions() if isinstance(a, Advance) and a.units == ("I",)}
    assert ends == {C}  # nothing beside yet
    g.apply(Advance(("1Pz",), (W, C)))
    beside = [a for a in g.legal_actions() if isinstance(a, Advance) and a.units == ("I",)]
    assert Advance(("I",), (NW, NE)) in beside
    assert all(len(a.path) == 2 for a in beside)  # 1 hex only


@pytest.mark.parametrize(("extra", "hexes"), [(0, 1), (1, 2)])
def test_on_a_d1_attackers_advance_one_hex_unless_the_defender_retreated_farther(
    extra: int, hexes: int
) -> None:
    """DCH: Tactical Advances: "All units may only advance 1 hex on a D1 result, unless the
    defender retreats farther"."""
    g = german({"H01": C}, {"H01": "3-3"}, {"1Pz": W, "7Pz": NW, "18A": SW})
    g.apply(Outcome(die_for(g, "D1")))
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:1"))
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    g.apply(next(a for a in routes if len(a.path) == 2 + extra))
    assert longest_advance(g)["1Pz"] == hexes


def test_a_weak_division_may_survive_an_armys_elimination_and_retreats_as_for_d3() -> None:
    import attrs

    g = game({**ARMIES, "H01": C}, profiles={"H01": "2-2"})
    g.state.put(attrs.evolve(g.state.units["WR1"], box=cn.WEAK_DIVISIONS))
    fight(g, list(ARMIES), C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    roll(g, "DE")
    assert where(g, "H01") is None and where(g, "WR1") == C
    routes = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert routes and all(a.units == ("WR1",) and len(a.path) == 4 for a in routes)
    g.apply(routes[0])
    assert where(g, "WR1") == routes[0].path[-1]


def test_no_surviving_division_under_no_retreat() -> None:
    import attrs

    g = german({"H01": C}, {"H01": "2-2"}, no_retreat=True)
    g.state.put(attrs.evolve(g.state.units["WR1"], box=cn.WEAK_DIVISIONS))
    roll(g, "DE")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    assert where(g, "WR1") is None


def _d1_retreat_routes(with_zoc: bool, holder: str = cn.RUSSIAN) -> list[tuple[str, ...]]:
    fortress, start = "1917", "1817"  # Stalingrad, a fortress, next to 1817
    board = game({}).scenario.board
    origin = next(n for n in sorted(board.neighbours(start)) if board.distance(n, fortress) == 2)
    place = {"18A": origin, "H01": start}
    if with_zoc:
        place["16A"] = "2017"  # a German army next to Stalingrad, not next to 1817
    g = game(place, profiles={"H01": "3-3"})
    g.state.control[fortress] = holder
    fight(g, ["18A"], start)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    return _d1_retreats(g)


def _d1_retreats(g: Game) -> list[tuple[str, ...]]:
    """Roll a D1, have the attacker choose its 1-hex retreat: the defender's routes."""
    roll(g, "D1")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:1"))
    return [a.path for a in g.legal_actions() if isinstance(a, Retreat)]


def test_a_retreat_may_enter_a_fortress_in_an_enemy_zoc() -> None:
    """DCH: Tactical Retreats: "not through movement-blocking enemy ZOCs unoccupied by
    friendly units or fortresses"."""
    assert ("1817", "1917") in _d1_retreat_routes(with_zoc=False)
    assert ("1817", "1917") in _d1_retreat_routes(with_zoc=True)


def test_a_fortress_the_attacker_holds_does_not_open_a_retreat_into_an_enemy_zoc() -> None:
    """DCH: Tactical Retreats: "unoccupied by friendly units or fortresses", read as a
    fortress the attacker does not hold (tenth review, finding 5: mutant
    ``fort_retreat_attacker``): Stalingrad held by the Axis, in 16A's ZOC, is closed."""
    assert ("1817", "1917") not in _d1_retreat_routes(with_zoc=True, holder=cn.AXIS)
    assert ("1817", "1917") in _d1_retreat_routes(with_zoc=False, holder=cn.AXIS)


def test_defenders_surviving_an_exchange_take_a_d_with_its_withdrawal() -> None:
    """DCH: X/2, X, 2X: "Defending units surviving eXchange suffer D result" (D: Disrupted and
    may withdraw up to 2 hexes)."""
    g = german({"H01": C, "H02": C}, {"H01": "4-4", "H02": "1-1"}, {"1Pz": W})  # 2 factors
    roll(g, "2X")
    while stage(g) in ("opt-out", "decline"):
        g.apply(Choose("exchange"))
    assert where(g, "H02") is None and where(g, "1Pz") is None
    assert g.state.units["H01"].has(cn.DISRUPTED)
    assert g.decision is not None and g.decision.step == "battle-retreat"
    withdrawals = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert withdrawals and Pass() in g.legal_actions()
    assert max(len(a.path) for a in withdrawals) == 3  # up to 2 hexes
    g.apply(withdrawals[0])
    assert where(g, "H01") == withdrawals[0].path[-1]


def test_panzers_are_lost_before_a_german_army_flips_to_cover_a_tank_korps() -> None:
    """DCH: X/2, X, 2X: "Attacking German panzers lost first when covering Russian 4-3 or 3-2
    tank korps" (the army's flip to its weak side only after them)."""
    g = german({"T01": C}, {}, {"1Pz": W, "18A": NW})  # 1Pz 2 + 18A 5 on a 3-2 tank korps
    roll(g, "X/2")
    while stage(g) in ("opt-out", "decline"):
        g.apply(Choose("exchange"))
    assert where(g, "1Pz") is None  # the only loss offered: taken without a choice
    assert g.state.units["18A"].steps == 2


def _russian_roll(g: Game, attackers: list[str], code: str) -> None:
    fight(g, attackers, C)
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    roll(g, code)


def test_an_ae_is_the_attackers_choice_without_the_exchange_priorities() -> None:
    """DCH: AE: "Attackers (equal to factor-modified defense factors) ELIMINATED": the
    exchanges' "armour lost first" does not bind it."""
    g = game({"T07": E, "H01": NE, "H02": SE, "18A": C}, profiles={"H01": "4-4", "H02": "1-1"})
    _russian_roll(g, ["T07", "H01", "H02"], "AE")  # 7:5, 1:1
    assert g.decision is not None and g.decision.step == "battle-loss"
    assert {a.units for a in g.legal_actions()} == {("T07",), ("H01",), ("H02",)}
    g.apply(AllocateLosses(("H01",)))
    g.apply(AllocateLosses(("H02",)))
    assert where(g, "T07") == E and where(g, "H01") is None and where(g, "H02") is None


def test_no_weak_division_survives_an_axis_allied_army() -> None:
    """DCH: DE: "1 weak infantry/rifle division may survive the elimination of a German korps
    or Russian or German army" (not a Romanian or Hungarian army)."""
    survived = {}
    for defender in ("3RoA", "18A"):
        atts = {"T01": W, "T02": NW, "T03": SW, "H01": W, "H02": NW, "H03": SW}
        profiles = {"H01": "4-4", "H02": "4-4", "H03": "4-4"}
        g = game({**atts, defender: C}, profiles=profiles, turn=2)
        for w in ("WD1", "WD2"):
            g.state.put(attrs.evolve(g.state.units[w], box=cn.WEAK_DIVISIONS))
        _russian_roll(g, list(atts), "DE")
        survived[defender] = where(g, "WD1") == C
    assert survived == {"3RoA": False, "18A": True}


def test_a_d3_overruns_a_german_korps_a_d2_does_not() -> None:
    """DCH: Armored Overrun: "A D3 result can eliminate a German korps or any army in similar
    circumstances" (a motorized korps is not pure infantry: a D2 leaves it)."""
    tanks = {"T01": W, "T02": NW, "T03": SW}  # 9 pure tank factors on a 3-factor korps
    for code, gone in (("D3", True), ("D2", False)):
        g = game({**tanks, "XXXXI": C})
        _russian_roll(g, list(tanks), code)
        assert (where(g, "XXXXI") is None) == gone, code
        assert any("overrun" in e.text for e in g.events) == gone, code


def test_a_retreating_stack_may_not_overstack_the_hex_it_retreats_onto() -> None:
    """DCH: "Stacking" Limits: "Retreating units may not violate the stacking limit of hexes
    occupied by other friendly units.  Thus, some or all of the defending units required to
    retreat from a hex may be in a 'No Retreat!' situation": two armies may not both retreat
    onto a hex holding a third; one does (the defender's choice), the other stays under No
    Retreat! (D1 -> D; D2 -> DE)."""
    profiles = {"H01": "2-2", "H02": "2-2", "H03": "2-2"}
    place = {"H01": C, "H02": C, "H03": E, "4A": "2010"}  # 4A's ZOC shuts the hexes past E
    g = german(place, profiles)
    retreats = _d1_retreats(g)  # the only open hex is E
    assert set(retreats) == {(C, E)}
    options = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert {a.units for a in options} == {("H01",), ("H02",)}
    g.apply(Retreat(("H02",), (C, E)))
    assert where(g, "H02") == E and where(g, "H01") == C
    assert g.state.units["H01"].has(cn.DISRUPTED)
    assert any("No Retreat" in e.text for e in g.events)
    g = german(place, profiles)
    roll(g, "D2")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:1"))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, Retreat) and a.units == ("H01",)))
    assert where(g, "H02") is None  # D2 under No Retreat!: DE
    assert where(g, "H01") is not None


def test_an_exempt_panzer_ignores_zocs_only_in_the_vacated_hex() -> None:
    """DCH: Tactical Advances: ZOC restrictions hold, "but not for tanks/panzers, SS,
    parachute, and shock moving into/through the vacated hex on a DE or BK result": past C the
    panzer stops on entering another enemy army's ZOC."""
    from wargames.darkcrusade.hex.zoc import zone_map

    g = german({"H01": C, "H02": "2010"}, {"H01": "1-1", "H02": "2-2"}, {"1Pz": W, "18A": SW})
    roll(g, "DE")
    index = g.scenario.board.index
    zoc = {index.ids[v] for v in zone_map(ctx(g), cn.RUSSIAN).nodes}  # H02's only, now
    paths = [a.path for a in g.legal_actions() if isinstance(a, Advance) and a.units == ("1Pz",)]
    assert any(len(p) > 2 for p in paths)  # through the vacated hex
    assert any(p[-1] in zoc for p in paths)  # into H02's ZOC ...
    assert not any(n in zoc for p in paths for n in p[2:-1])  # ... where it stops


def test_an_advance_may_not_go_between_two_hexes_of_one_enemy_units_zoc() -> None:
    """DCH: Tactical Advances: "All Zone of Control movement restrictions are still in effect":
    a unit may not move directly from one EZOC to another of the same enemy unit (H02 next to
    both the attacker's hex and the vacated one), unless onto a friendly unit."""
    g = german({"H01": C, "H02": NW}, {"H01": "1-1", "H02": "4-4"}, {"18A": W})
    roll(g, "DE")
    assert not any(isinstance(a, Advance) for a in g.legal_actions())
    # a panzer on a DE is free of it: it moves into the vacated hex
    g = german({"H01": C, "H02": NW}, {"H01": "1-1", "H02": "4-4"}, {"1Pz": W, "18A": W})
    roll(g, "DE")
    assert Advance(("18A",), (W, C)) not in list(g.legal_actions())
    assert Advance(("1Pz",), (W, C)) in list(g.legal_actions())
    g.apply(Advance(("1Pz",), (W, C)))
    # once the panzer holds the vacated hex, 18A may advance onto it (a friendly unit)
    assert Advance(("18A",), (W, C)) in list(g.legal_actions())


def test_a_split_retreat_lets_every_group_that_can_retreat_do_so() -> None:
    """DCH: "Stacking" Limits: only units that cannot retreat are in a No Retreat! situation:
    after one army retreats onto E, the other retreats onto NE or SE (room for one each)."""
    profiles = {u: "2-2" for u in ("H01", "H02", "H03", "H04", "H05")}
    place = {"H01": C, "H02": C, "H03": E, "H04": NE, "H05": SE}
    place.update({"4A": "2010", "9A": "1807", "16A": "1813"})  # shut the hexes beyond
    g = german(place, profiles, {"18A": W, "1Pz": W})
    roll(g, "D2")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:1"))
    g.apply(Retreat(("H01",), (C, E)))
    assert where(g, "H02") == C and g.decision is not None
    assert g.decision.step == "battle-retreat"
    rest = [a for a in g.legal_actions() if isinstance(a, Retreat)]
    assert rest and all(a.units == ("H02",) for a in rest)
    g.apply(rest[0])
    assert where(g, "H02") in (NE, SE) and g.state.units["H02"].box is None


def test_no_retreat_penalty_when_the_attacker_required_no_retreat() -> None:
    """DCH: Dn: the attacker chooses 0..n hexes; with 0, nobody is "required to retreat", so
    a defender who withdraws one army leaves the other unharmed (not D2 -> DE)."""
    profiles = {"H01": "2-2", "H02": "2-2", "H03": "2-2"}
    g = german({"H01": C, "H02": C, "H03": E, "4A": "2010"}, profiles)
    roll(g, "D2")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    g.apply(Choose("retreat:0"))
    assert Pass() in list(g.legal_actions())
    g.apply(Retreat(("H01",), (C, E)))
    if g.decision is not None and g.decision.step == "battle-retreat":
        g.apply(Pass())
    assert where(g, "H01") == E and where(g, "H02") == C
    assert not any("No Retreat" in e.text for e in g.events)


def test_a_railway_gun_that_can_go_back_up_its_line_is_not_destroyed() -> None:
    """DCH: Strategic Movement by Rail ("Same for Russian Railway Guns!"): only a gun that
    cannot retreat back up a rail line is destroyed, whatever its stack as a whole can do."""
    attackers = ["18A", "XXXXI", "I"]
    place = {**dict.fromkeys(attackers, "1109"), "RG1": "1208", "H01": "1208", "H02": "1208"}
    place.update({"T01": "1308", "9A": "1408"})  # the rail hex 1308 has room for two more
    g = game(place, profiles={"H01": "1-1", "H02": "1-1"})
    fight(g, attackers, "1208")
    g.apply(Choose("retreat"))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    roll(g, "D1")
    if stage(g) == "forced-after":
        g.apply(Choose("no"))
    if Choose("retreat:1") in list(g.legal_actions()):
        g.apply(Choose("retreat:1"))
    assert g.state.units["RG1"].box is None
    assert any(
        isinstance(a, Retreat) and "RG1" in a.units and a.path == ("1208", "1308")
        for a in g.legal_actions()
    )
