"""The search estimate's pending attacks (:mod:`wargames.darkest.estimate_terms`): a victory
city under an allocated attack, or in a battle being fought, counts by a crude chance in the
estimate, for the attacker. It decides no rule."""

from __future__ import annotations

from darkest_support import army, ctx, new, rifle, to_step

from wargames.core.actions import Attack, Choose, Pass
from wargames.core.game import Game
from wargames.darkest import counters as cn
from wargames.darkest import victory
from wargames.darkest.estimate_terms import chance, fights, pending_gain

CITY = {"victory": ["C3"], "objective": ["C3"]}


def allocated(defended: bool, objective: bool = True) -> tuple[Game, Game]:
    """(before, after) the German army at C2 is allocated against the Russian city C3."""
    features = CITY if objective else {"victory": ["C3"]}
    units = [army("G", "C2"), rifle("R", "E6")]
    if defended:
        units.append(rifle("D", "C3"))
    g = to_step(
        new(*units, features=features, control={"russian": ["C3"]}), "operations", "axis", "op"
    )
    g.apply(Choose("G"))
    before = g.copy()
    g.apply(Attack(("G",), "C3"))
    return before, g


def test_an_attack_on_an_empty_city_counts_it_nearly_taken() -> None:
    before, after = allocated(defended=False)
    assert pending_gain(ctx(before)) == (0.0, 0.0)
    a = cn.attack_factor(ctx(after), "G")
    gain, key = pending_gain(ctx(after))
    assert gain == key == 1.0 - 0.5 ** (2 * a)
    assert victory.estimate(ctx(after), "axis") > victory.estimate(ctx(before), "axis")
    assert victory.estimate(ctx(after), "russian") < victory.estimate(ctx(before), "russian")


def test_a_defended_city_counts_by_the_attack_against_the_hits_it_absorbs() -> None:
    _, after = allocated(defended=True, objective=False)
    c = ctx(after)
    a, h = cn.attack_factor(c, "G"), cn.hit_factor(c, "D") + 1
    assert chance(c, "axis", "C3", ("G",)) == a / (a + 2 * h)
    assert pending_gain(c) == (a / (a + 2 * h), 0.0)  # not an objective: no key chance
    _, empty = allocated(defended=False)
    assert pending_gain(c)[0] < pending_gain(ctx(empty))[0]


def test_a_disrupted_attacker_adds_nothing() -> None:
    _, after = allocated(defended=True)
    g = after.copy()
    unit = g.state.units["G"]
    g.state.put(unit.marked(cn.DISRUPTED))
    assert chance(ctx(g), "axis", "C3", ("G",)) == 0.0


def test_the_battle_being_fought_still_counts_until_its_hex_is_taken() -> None:
    _, after = allocated(defended=True)
    after.apply(Pass())  # allocations end
    after.apply(Choose("C3"))  # the battle opens: no longer an allocated attack
    c = ctx(after)
    assert "C3" not in (after.state.get("attacks") or {})
    assert fights(c) == {"C3": ("G",)}
    assert pending_gain(c)[0] == chance(c, "axis", "C3", ("G",)) > 0.0


def test_a_russian_attack_on_an_axis_city_counts_against_the_axis() -> None:
    g = new(
        army("G", "A1"),
        rifle("R", "C4", factors=(3, 2)),
        features={"victory": ["C3"]},
        control={"axis": ["C3"]},
    )
    g = to_step(g, "operations", "russian", "op")
    g.apply(Choose("R"))
    before = g.copy()
    g.apply(Attack(("R",), "C3"))
    gain, key = pending_gain(ctx(g))
    assert gain == -chance(ctx(g), "russian", "C3", ("R",)) < 0.0 and key == 0.0
    assert victory.estimate(ctx(g), "axis") < victory.estimate(ctx(before), "axis")


def test_a_city_the_attacker_holds_already_is_not_counted() -> None:
    _, after = allocated(defended=False)
    g = after.copy()
    g.state.control["C3"] = "axis"
    assert pending_gain(ctx(g)) == (0.0, 0.0)
