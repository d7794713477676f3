"""Seventh-round review (s27): every outcome of a strategic line is listed on friendly regions
larger than the start (DC2 A, A.2), checked against an exhaustive search of simple lines."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as hs

from wargames.core.actions import Choose, Move
from wargames.core.game import Game

from .support import BASE, advance_to, game, infantry, unit
from .test_dc2_review5 import _every_outcome, partisan


def _region(radius: int) -> list[str]:
    """The map points within ``radius`` lines of Warsaw, boxes and Elista left out."""
    points = {p["id"]: p for p in BASE["map"]["points"]}
    adjacent: dict[str, set[str]] = {}
    for line in BASE["map"]["lines"]:
        a, b = line["between"]
        adjacent.setdefault(a, set()).add(b)
        adjacent.setdefault(b, set()).add(a)
    seen, todo = {"Warsaw": 0}, ["Warsaw"]
    while todo:
        p = todo.pop(0)
        if seen[p] >= radius:
            continue
        for q in sorted(adjacent.get(p, ())):
            if q not in seen and "box" not in points[q].get("features", []) and q != "Elista":
                seen[q] = seen[p] + 1
                todo.append(q)
    return sorted(seen)


REGION = _region(3)
OTHERS = [p for p in REGION if p != "Warsaw"]


def _position(partisans: list[str], lost: frozenset[str] = frozenset(), radius: int = 3) -> Game:
    """The Axis holds every point within ``radius`` lines of Warsaw but ``lost`` (Soviet);
    Axis infantry on Warsaw, chosen to move strategically; Soviet partisans on ``partisans``."""
    control = dict.fromkeys(_region(radius), "axis") | dict.fromkeys(lost, "soviet")
    units = [infantry("I", "axis", "Warsaw"), unit("X", "soviet", "Gorki")]
    units += [partisan(f"Par{i}", "soviet", p) for i, p in enumerate(partisans)]
    g = advance_to(game(units, control=control), "strategic", "axis")
    g.apply(Choose("I"))
    return g


def _listed(g: Game, fragile: set[str]) -> set[tuple[str, frozenset[str]]]:
    return {
        (a.path[-1], frozenset(a.path[1:]) & fragile)
        for a in g.legal_actions()
        if isinstance(a, Move)
    }


def test_a_line_round_the_region_through_libau_to_budapest_is_listed_a_2() -> None:
    """DC2 A: "the player simply traces a line of friendly controlled points"; with the Axis
    holding every point within three lines of Warsaw and a partisan on Libau, ending on Budapest
    has two outcomes, the partisan kept (Warsaw-West-Budapest) or destroyed (the long way round
    by Libau): both are listed (the search keeping three ways round a point lost the second)."""
    g = _position(["Libau"])
    to_budapest = [
        a.path for a in g.legal_actions() if isinstance(a, Move) and a.path[-1] == "Budapest"
    ]
    assert ("Warsaw", "West", "Budapest") in to_budapest
    through = [p for p in to_budapest if "Libau" in p]
    assert len(through) == 1 and g.check(Move(("I",), through[0])) is None
    assert _listed(g, {"Libau"}) == _every_outcome(g, "I", {"Libau"})


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    partisans=hs.lists(hs.sampled_from(OTHERS), min_size=1, max_size=3, unique=True),
    lost=hs.frozensets(hs.sampled_from(OTHERS), max_size=8),
)
@example(partisans=["Libau"], lost=frozenset())
@example(partisans=["Krakow", "Lvov", "Riga"], lost=frozenset())
def test_every_outcome_is_listed_on_random_regions_a_2(
    partisans: list[str], lost: frozenset[str]
) -> None:
    """DC2 A, A.2 (docs/kernel.md: each different outcome listed): on a friendly region of up
    to 22 points round Warsaw (some of them Soviet) with one to three partisans on it, the
    legal list holds a line for every (end point, partisans passed) some simple line of
    friendly points gives, and no other (its cost: ``benchmarks/dc2_strategic.py``)."""
    lost = lost - set(partisans)
    g = _position(partisans, lost)
    fragile = set(partisans)
    assert _listed(g, fragile) == _every_outcome(g, "I", fragile)
