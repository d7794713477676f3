"""Thirteenth rules review (s29): the weather step's count of Snow turns, which decides the
first Snow turn without Blitzkrieg!, held by a test that lets the weather step count (both
October branches). The gap test fails under the mutations the review found passing every test
of its row (named in its docstring)."""

from __future__ import annotations

from darkest_support import army, new, rifle, skip

from wargames.core.actions import Outcome


def blitzkrieg_by_turn(october: str) -> dict[int, tuple[str, bool]]:
    """Play the 9-turn calendar with Pass answers and October forced: per turn, the weather
    and whether the A.2.d Blitzkrieg! segment ran."""
    g = new(army("G", "B2"), rifle("R", "D5"), turns=9)
    weather: dict[int, str] = {}
    while g.decision is not None:
        if g.decision.is_chance:
            if g.decision.step == "weather":
                g.apply(Outcome(october))
            else:
                g.roll()
            continue
        weather[g.state.turn] = str(g.state.get("weather"))
        g.apply(skip(g))
    ran = {
        e.turn
        for e in g.events
        if e.kind == "phase" and str(e.data["segment"]).startswith("A.2.d Blitzkrieg")
    }
    return {t: (w, t in ran) for t, w in weather.items()}


def test_the_weather_step_counts_snow_turns_so_only_the_first_has_no_blitzkrieg() -> None:
    # DC: Blitzkrieg!: "There is no Blitzkrieg! in Mud or in the first Snow turn, and only for
    # German panzer units in Snow thereafter." DC: Weather: "If Oct was Mud, November is Good.
    # If Oct was Good, Nov is SNOW." So the first Snow turn is Nov (6) or Dec (7).
    # Mutants: W1 (snow_turns never counted: no Blitzkrieg! all winter) and W4 (counted every
    # turn: Blitzkrieg! in the first Snow turn).
    good = blitzkrieg_by_turn("good")
    assert good[5] == ("good", True)
    assert good[6] == ("snow", False)  # the first Snow turn
    assert good[7] == ("snow", True)
    assert good[8] == ("snow", True)
    mud = blitzkrieg_by_turn("mud")
    assert mud[5] == ("mud", False)
    assert mud[6] == ("good", True)
    assert mud[7] == ("snow", False)  # the first Snow turn
    assert mud[8] == ("snow", True)
