"""Eighth-round review (s27): the exact outcome search on a salient with three partisan tips
round one point (DC2 A, A.2), the per-turn limit counting only cities in supply (DC2 A), and
the off-map boxes taking any number of strategic arrivals (A.3, reading)."""

from __future__ import annotations

import pytest

from wargames.core.actions import Choose, Move
from wargames.darkcrusade.p2p import strategic

from .support import BASE, advance_to, ctx, game, infantry
from .test_dc2_review5 import _every_outcome
from .test_dc2_review7 import _listed, _position


@pytest.mark.parametrize(
    ("tips", "lost"),
    [
        (["Memel", "Suwalki", "Vilnius"], {"Konigsberg", "Libau", "Minsk"}),
        (["Budapest", "Przemysl", "Rowno"], {"Lublin", "Pinsk", "Zhitomir"}),
    ],
)
def test_every_outcome_is_listed_on_a_salient_with_three_partisan_tips_a_2(
    tips: list[str], lost: set[str]
) -> None:
    """DC2 A, A.2: three partisan points each joined to just two friendly points, one of them
    common (Kaunas, Lvov), so no line passes all three unless it ends on one: the 22-point
    version of the reviewer's Kirovograd position, where the exact search stepped through every
    line of the region (14 s CPU; the forced-edge test now rules it out at once, cost in
    ``benchmarks/dc2_strategic.py``). The listed (end, partisans passed) pairs are exactly those
    some simple line of friendly points gives."""
    g = _position(tips, frozenset(lost))
    assert _listed(g, set(tips)) == _every_outcome(g, "I", set(tips))


def _ringed(city: str, side: str) -> dict[str, str]:
    """Every map neighbour of ``city`` controlled by ``side``."""
    out = {}
    for line in BASE["map"]["lines"]:
        if city in line["between"]:
            (other,) = set(line["between"]) - {city}
            out[other] = side
    return out


def test_the_soviet_limit_counts_only_cities_in_supply_a() -> None:
    """DC2 A: the Soviets may move as many units as the "VP of Soviet cities in supply and
    under his control": with every neighbour of Kiev (2 VP) Axis-held, Kiev is still Soviet but
    out of supply, so the limit is 14, not 16."""
    g = advance_to(
        game(
            [infantry("I", "axis", "Warsaw"), infantry("S", "soviet", "Gorki")],
            control=_ringed("Kiev", "axis"),
        ),
        "strategic",
        "axis",
    )
    assert ctx(g).state.control.get("Kiev") == "soviet"
    assert strategic.limit(ctx(g), "soviet") == 14


def test_four_units_may_end_strategic_moves_in_the_west_box_a_3() -> None:
    """A.3 (boxes: reading): "only three units using strategic movement may finish on a single
    point"; the off-map boxes are not points of the map, so a fourth unit may end in West."""
    units = [infantry(f"I{i}", "axis", "Warsaw") for i in range(4)]
    g = advance_to(game(units), "strategic", "axis")
    for i in range(4):
        g.apply(Choose(f"I{i}"))
        move = Move((f"I{i}",), ("Warsaw", "West"))
        assert g.check(move) is None
        g.apply(move)


def test_four_soviet_units_may_end_strategic_moves_in_siberia_a_3() -> None:
    """A.3 (boxes: reading), the Soviet side: Siberia is no point of the map either, so a
    fourth Soviet unit may end a strategic move there."""
    units = [infantry(f"S{i}", "soviet", "Gorki") for i in range(4)]
    g = advance_to(game([*units, infantry("I", "axis", "Warsaw")]), "strategic", "soviet")
    for i in range(4):
        g.apply(Choose(f"S{i}"))
        move = Move((f"S{i}",), ("Gorki", "Siberia"))
        assert g.check(move) is None
        g.apply(move)
    assert all(g.state.units[f"S{i}"].at == "Siberia" for i in range(4))
