"""DC: Victory Conditions."""

from __future__ import annotations

from darkest_support import army, ctx, new, rifle, skip, to_step

from wargames.darkest.victory import axis_cities, final, german_vdp, russian_vdp

AXIS_CITIES = ["A1", "B1", "C1", "D1", "E1", "A2", "B2"]


def cities(objective: bool = True, extra: list[str] | None = None, **kw):
    vc = AXIS_CITIES + (extra or [])
    features = {"victory": [*vc, "C2"] if objective else vc}
    if objective:
        features["objective"] = ["C2"]
    features.update(kw.pop("features", {}))
    control = {"axis": [*vc, "C2"] if objective else vc}
    control.update(kw.pop("control", {}))
    return new(army("G", "C2"), rifle("R", "E6"), features=features, control=control, **kw)


def test_the_axis_wins_with_8_cities_in_supply_including_leningrad_moscow_or_stalingrad() -> None:
    g = cities()
    assert axis_cities(ctx(g)) == (8, True)
    assert german_vdp(ctx(g)).winner == "axis"
    for _ in range(2000):
        if g.is_over():
            break
        if g.decision.is_chance:
            g.roll()
        else:
            g.apply(skip(g))
    assert g.result().winner == "axis" and g.state.turn == 1  # at the first German VDP


def test_8_cities_without_leningrad_moscow_or_stalingrad_do_not_win() -> None:
    g = cities(objective=False, extra=["D2"])
    assert axis_cities(ctx(g)) == (8, False) and german_vdp(ctx(g)) is None


def test_moscow_counts_2() -> None:
    g = cities(attributes={"C2": {"vp": 2}})
    assert axis_cities(ctx(g)) == (9, True)


def test_the_axis_wins_only_in_1941() -> None:
    # DC: Victory Conditions: "during any of his Victory Determination Phases in 1941"
    g = cities(turns=9)
    g.state.turn = 7  # Dec 41, the last turn of 1941
    r = german_vdp(ctx(g))
    assert r is not None and r.winner == "axis"
    g.state.turn = 8  # Jan 42
    assert german_vdp(ctx(g)) is None


def test_seven_cities_without_l_m_or_s_is_a_draw_and_6_or_less_a_russian_win() -> None:
    g = cities(objective=False)
    assert russian_vdp(ctx(g)) is None and final(ctx(g)).winner is None
    g.state.control["A1"] = "russian"
    assert russian_vdp(ctx(g)).winner == "russian"


def test_the_russian_smashing_victory_holding_warsaw_or_m1_in_supply() -> None:
    g = cities(features={"smashing": ["C5"]}, control={"russian": ["C5"]})
    r = german_vdp(ctx(g))
    assert r.winner == "russian" and r.level == "strategic smashing victory"


def test_cities_out_of_axis_supply_do_not_count() -> None:
    wall = [rifle(f"W{r}", f"{r}4") for r in "ABCDE"]
    g = new(army("G", "B2"), *wall, features={"victory": ["C6"]}, control={"axis": ["C6"]})
    assert axis_cities(ctx(g)) == (0, False)


def test_the_secret_set_up_shifts_victory_2_cities_to_the_germans() -> None:
    g = cities(options={"secret_setup": True})
    g.state.put(g.state.units["G"].moved_to("C2"))  # as if set up
    g.state.put(g.state.units["R"].moved_to("E6"))
    for c in AXIS_CITIES[:2]:
        g.state.control[c] = "russian"
    assert german_vdp(ctx(g)).winner == "axis"  # 6 cities with an objective
    for c in AXIS_CITIES[2:4]:
        g.state.control[c] = "russian"
    assert russian_vdp(ctx(g)).winner == "russian"  # 4 or less


def test_the_russian_victory_is_determined_only_in_a4_of_turn_9() -> None:
    # DC: Sequence A.4 "Russian Victory Determination in Game Turn 9": Axis cities lost in the
    # Russian player-turn that follows do not turn the draw into a Russian win.
    g = cities(objective=False, turns=1)
    g = to_step(g, "russian-admin", "russian")  # A.4 has run: 7 cities, no result
    assert not g.is_over()
    g.state.control["A1"] = "russian"  # the Axis now holds 6
    while not g.is_over():
        g.roll() if g.decision.is_chance else g.apply(skip(g))
    assert g.result().winner is None
