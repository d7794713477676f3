"""Fifth-round review (s26): every outcome of a strategic line is offered (DC2 A, A.2), a
Soviet victory city's flak (Combat A), and the Mud city clause fought through real battles."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.game import Game
from wargames.darkcrusade.p2p.charts import charts
from wargames.darkcrusade.p2p.fire import flak

from .support import advance_to, ctx, game, infantry, panzer, play, unit


def partisan(uid: str, side: str, at: str) -> dict[str, object]:
    return unit(uid, side, at, (0, 0), flags=("partisan",))


def test_the_legal_list_offers_a_line_per_set_of_partisans_passed_a_2() -> None:
    """DC2 A: "the player simply traces a line of friendly controlled points"; the line decides
    which partisans are destroyed, so (docs/kernel.md) each different outcome is listed: one
    shortest line per destination and set of partisans passed."""
    units = [infantry("I", "axis", "Warsaw"), partisan("Par", "soviet", "Lublin")]
    g = advance_to(game(units), "strategic", "axis")
    g.apply(Choose("I"))
    offered = [a.path for a in g.legal_actions() if isinstance(a, Move)]
    assert ("Warsaw", "West", "Krakow") in offered
    assert ("Warsaw", "Lublin", "Krakow") in offered
    to_budapest = [p for p in offered if p[-1] == "Budapest"]
    assert ("Warsaw", "West", "Budapest") in to_budapest
    assert any("Lublin" in p for p in to_budapest)
    # one line per outcome: never two lines to one point passing the same partisans
    outcomes = [(p[-1], "Lublin" in p[1:]) for p in offered]
    assert len(outcomes) == len(set(outcomes))
    # every line listed is accepted
    assert all(g.check(Move(("I",), p)) is None for p in offered)
    # and has an index of its own in the fixed action encoding (Title.action_variants)
    from wargames.encoding import action_encoding

    legal = action_encoding(g).legal(g)
    assert len(set(legal.indices)) == len(legal.actions) == len(g.legal_actions())


def test_lines_to_one_point_are_at_most_the_encoding_s_variants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Five partisans on the Axis side: up to five sets of them may be passed on the way to a
    # point, each listed, and every line listed has an index of its own; with a cap of 3 the
    # list keeps the 3 shortest (the cap is LINES_PER_END, the encoding's variants of a move).
    from wargames.darkcrusade.p2p import strategic
    from wargames.encoding import action_encoding

    points = ["Lublin", "Krakow", "Konigsberg", "Suwalki", "Memel"]
    units = [infantry("I", "axis", "Warsaw")]
    units += [partisan(f"Par{i}", "soviet", p) for i, p in enumerate(points)]

    def most_lines_to_a_point() -> int:
        g = advance_to(game(units), "strategic", "axis")
        g.apply(Choose("I"))
        legal = action_encoding(g).legal(g)
        assert len(set(legal.indices)) == len(legal.actions)
        ends = [a.path[-1] for a in g.legal_actions() if isinstance(a, Move)]
        return max(ends.count(e) for e in set(ends))

    assert 3 < most_lines_to_a_point() <= strategic.LINES_PER_END
    monkeypatch.setattr(strategic, "LINES_PER_END", 3)
    assert most_lines_to_a_point() == 3


def test_a_soviet_victory_city_s_flak_counts_with_only_dispersed_defenders_combat_a() -> None:
    """DC2 Combat A flak (filled gap): the hex edition's AA result "air unit shot down if
    attacking an UnDisrupted German army or Russian victory city" (UnDisrupted qualifies the
    army), and Darkest Crusade's "A victory city ... has an UnDisruptible defensive firing
    factor of 1": Minsk keeps its flak of 1 when its only defender is dispersed, so an Axis air
    attack there opens with the air round."""
    units = [
        panzer("P", "Baranovichi"),
        unit("LF", "axis", "Baranovichi", (3, 2), flags=("air",)),
        infantry("S", "soviet", "Minsk", markers=("dispersed",)),
    ]
    g = advance_to(game(units, control={"Baranovichi": "axis"}), "operational", "axis")
    assert flak(ctx(g), "Minsk", ["S"]) == 1
    play(
        g,
        Choose("P"),
        Move(("P",), ("Baranovichi", "Minsk")),
        Choose("LF"),
        Move(("LF",), ("Baranovichi", "Minsk")),
        Pass(),
    )
    battle = g.rules_context().state.get("battle")
    assert battle["round"] == 0  # the air round
    assert flak(ctx(g), "Minsk", []) == 0  # a city no unit defends has none


def _defence_fire(target: str, origin: str, roll: int) -> tuple[int, int]:
    """Fight the first round of a Mud battle on ``target``; the defender's (strength, hits)."""
    units = [
        unit("A", "axis", origin, (6, 6)),
        unit("D", "soviet", target, (6, 6)),
        infantry("X", "soviet", "Gorki"),
    ]
    g: Game = advance_to(
        game(units, control={origin: "axis"}, weather=["mud"]), "operational", "axis"
    )
    play(g, Choose("A"), Move(("A",), (origin, target)), Pass())
    assert g.rules_context().state.get("weather") == "mud"
    for _ in range(2):  # the attacker's fire, then the defender's
        d = g.decision
        assert d is not None and d.step == "fire"
        args = g.state.stack[-1].args
        n = len(g.events)
        g.apply(Outcome(roll))
        if args["who"] == "defence":
            fired = [e for e in g.events[n:] if e.kind == "fire"]
            return int(args["strength"]), int(fired[0].data["hits"])
    raise AssertionError("the defender did not fire")


def test_mud_battles_spare_defenders_on_a_city_point_only_weather() -> None:
    """Darkest Crusade, Weather (filled gap, reading): "In Mud, all units' ... attacks are
    reduced 2 combat results columns ... unless they are defending in any city or town", with
    a "city or town" the map's ``city`` feature: battles fought through the battle steps, the
    same die; the defender on Minsk (a city) fires unshifted, on Baranovichi (no city) 2
    columns down."""
    c = charts(ctx(game([infantry("X", "soviet", "Gorki")])))

    def table(strength: int, roll: int, shift: int) -> int:
        raw = c.fire.hits(strength, roll, c.die_column["soviet"], shift=shift) * c.fire_scale
        return int(raw + Fraction(1, 2))

    roll = next(r for r in range(1, 7) if table(6, r, 0) != table(6, r, -2))
    strength, on_city = _defence_fire("Minsk", "Baranovichi", roll)
    assert strength == 6 and on_city == table(6, roll, 0)
    strength, off_city = _defence_fire("Baranovichi", "Brest", roll)
    assert strength == 6 and off_city == table(6, roll, -2)
    assert on_city != off_city


def _every_outcome(g: Game, uid: str, fragile: set[str]) -> set[tuple[str, frozenset[str]]]:
    """(end, partisan points passed) of every simple strategic line, by brute force."""
    from wargames.darkcrusade.p2p import geography as geo
    from wargames.darkcrusade.p2p import strategic as st

    c = ctx(g)
    ours = st.friendly_points(c, "axis")
    elista = set(c.board.nodes_with("elista"))
    ended = st.arrivals(c)
    table = geo.points(c)
    found: set[tuple[str, frozenset[str]]] = set()

    def extend(path: tuple[str, ...]) -> None:
        for b in table[path[-1]].neighbours:
            usable = b in ours and b not in elista and b not in path
            if not usable or not st._usable_line(c, path[-1], b):
                continue
            if st._open(c, "axis", b, ended):
                found.add((b, frozenset((*path[1:], b)) & fragile))
            extend((*path, b))

    extend((c.state.units[uid].at,))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_every_outcome_of_a_strategic_line_is_listed_a_2(seed: int) -> None:
    """DC2 A, A.2 (docs/kernel.md: each different outcome listed): with one to three
    partisans on Axis points, the legal list offers a line for every (end point, partisans
    passed) that some simple line of friendly points gives, e.g. Lublin by way of a partisan
    on Krakow (Warsaw-West-Krakow-Lublin), which a search keeping one line per point and
    set lost."""
    import random

    rng = random.Random(seed)
    candidates = ["Budapest", "Helsinki", "Konigsberg", "Krakow", "Lublin", "Memel", "Suwalki"]
    points = ["Krakow"] if seed == 0 else rng.sample(candidates, rng.randint(1, 3))
    units = [infantry("I", "axis", "Warsaw")]
    units += [partisan(f"Par{i}", "soviet", p) for i, p in enumerate(points)]
    g = advance_to(game(units), "strategic", "axis")
    g.apply(Choose("I"))
    fragile = set(points)
    listed = {
        (a.path[-1], frozenset(a.path[1:]) & fragile)
        for a in g.legal_actions()
        if isinstance(a, Move)
    }
    assert listed == _every_outcome(g, "I", fragile)
