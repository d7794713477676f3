"""Third-round review (s26): the strategic line the player traces (DC2 A, A.2), and tests that
pin rules the earlier named tests could not fail on (Lines A, C, D, B, breakthrough)."""

from __future__ import annotations

import pytest

from wargames.core.actions import Choose, Move, Outcome, Pass
from wargames.core.errors import IllegalAction
from wargames.core.lines import segment_ledger, store_ledger
from wargames.darkcrusade.p2p.battle import Battle, retreats

from .support import advance_to, ctx, game, infantry, panzer, play, unit

STRATEGIC = "DC2 A: Strategic Land Movement"


def partisan(uid: str, side: str, at: str) -> dict[str, object]:
    return unit(uid, side, at, (0, 0), flags=("partisan",))


def test_the_player_traces_any_line_of_friendly_points_and_its_partisans_die_a_2() -> None:
    """DC2 A: "the player simply traces a line of friendly controlled points ... to the desired
    destination"; A.2: "All other points in friendly control, connected by lines to other points
    in friendly control, may be used". The line chosen decides which partisans are passed."""
    units = [infantry("I", "axis", "Warsaw"), partisan("Par", "soviet", "Lublin")]
    g = advance_to(game(units), "strategic", "axis")
    g.apply(Choose("I"))
    offered = [a.path for a in g.legal_actions() if isinstance(a, Move)]
    # the legal list: a shortest line per set of partisans passed (review 5, F1)
    assert [p for p in offered if p[-1] == "Budapest"] == [
        ("Warsaw", "West", "Budapest"),
        ("Warsaw", "Lublin", "Krakow", "Budapest"),
    ]
    # a longer line through Lublin: accepted, and the partisan on it is destroyed
    g.apply(Move(("I",), ("Warsaw", "Lublin", "Krakow", "Budapest")))
    assert g.state.units["I"].at == "Budapest" and g.state.units["Par"].at is None

    # a line around Lublin spares its partisan
    g = advance_to(game(units), "strategic", "axis")
    play(g, Choose("I"), Move(("I",), ("Warsaw", "West", "Krakow")))
    assert g.state.units["I"].at == "Krakow" and g.state.units["Par"].at == "Lublin"


AXIS_WAY = {"Brest": "axis", "Pinsk": "axis", "Rowno": "axis"}


@pytest.mark.parametrize(
    ("path", "control", "why"),
    [
        (("Warsaw", "Brest", "Pinsk", "Rowno", "Lublin"), None, "Brest is not a friendly"),
        (("Warsaw", "Lublin", "Przemysl", "Krakow"), None, "Przemysl is not a friendly"),
        (("Warsaw", "Brest", "Pinsk", "Rowno"), AXIS_WAY, "along Pinsk-Rowno"),
        (("Warsaw", "Lublin", "Warsaw", "West"), None, "not a line of distinct points"),
        (("Warsaw", "Krakow"), None, "no line joins Warsaw and Krakow"),
        (("Lublin", "Krakow"), None, "must start on I's point Warsaw"),
    ],
)
def test_a_traced_line_off_friendly_points_or_barred_is_refused_a_1_a_2(
    path: tuple[str, ...], control: dict[str, str] | None, why: str
) -> None:
    g = advance_to(game([infantry("I", "axis", "Warsaw")], control=control), "strategic", "axis")
    g.apply(Choose("I"))
    with pytest.raises(IllegalAction, match=why) as err:
        g.apply(Move(("I",), path))
    assert err.value.rule == STRATEGIC
    assert g.state.units["I"].at == "Warsaw"


def test_attacks_count_on_the_line_load_lines_a() -> None:
    """DC2 Lines A (reading in the table): the load counts every unit moving down a line in the
    phase, attacks included: a fifth panzer may not attack along a major line."""
    units = [panzer(f"P{i}", "Warsaw") for i in range(5)] + [infantry("S", "soviet", "Brest")]
    g = advance_to(game(units), "operational", "axis")
    for i in range(4):
        play(g, Choose(f"P{i}"), Move((f"P{i}",), ("Warsaw", "Brest")))  # commitments
    assert g.state.units["P3"].at == "Warsaw" and g.state.units["S"].at == "Brest"
    g.apply(Choose("P4"))
    assert Move(("P4",), ("Warsaw", "Brest")) not in list(g.legal_actions())
    with pytest.raises(IllegalAction, match="5 armour units, limit 4") as err:
        g.apply(Move(("P4",), ("Warsaw", "Brest")))
    assert err.value.rule == "DC2 Lines A-C"


def test_an_hq_counts_one_in_retreat_half_value_armour_half_lines_c() -> None:
    """DC2 Lines C: "All other units ... count as one unit each in retreat, except the 1st
    Moscow Motorized and the SS Panzer divisions. They still count as 1/2." Kerch-Taman is an
    inferior line (Axis 2 units)."""
    hq = unit("H", "axis", "Kerch", line={"weight": "1/2", "retreat": 1})
    ss = unit("SS", "axis", "Kerch", line={"weight": "1/2"})
    control = {"Kerch": "axis", "Taman": "axis", "Krasnodar": "axis"}
    g = game([hq, ss, infantry("S", "soviet", "Simferopol")], control=control)
    c = ctx(g)
    full = [c.scenario.load("H").retreating()] * 2  # two units already retreated: 2 of 2
    led = segment_ledger(c.state).add(c.board, c.scenario.lines, "Kerch", "Taman", "axis", full)
    store_ledger(c.state, led)
    b = Battle("Kerch", "soviet", (("S", "Simferopol"),), round=1)
    # the HQ weighs 1 in retreat (3 > 2); at its moving 1/2 it would fit (2 1/2, fraction
    # dropped, Lines B); the half-value unit still counts 1/2 and fits
    assert [r.units for r in retreats(c, b)] == [("SS",)]


@pytest.mark.parametrize(
    ("first", "path", "other"),
    [("S", ("Odessa", "Nikolaev"), "T"), ("T", ("Rostov", "Mariupol"), "S")],
)
def test_the_black_sea_and_the_sea_of_azov_share_one_unit_a_turn_b(
    first: str, path: tuple[str, str], other: str
) -> None:
    """DC2 B: "the Black Sea and the Sea of Azov are considered the same sea. One unit each may
    move by strategic sea movement in the Baltic and Black Seas each turn"."""
    units = [infantry("S", "soviet", "Odessa"), infantry("T", "soviet", "Rostov")]
    units.append(infantry("X", "axis", "Warsaw"))
    g = advance_to(game(units), "sea", "soviet")
    assert Choose(other) in list(g.legal_actions())
    play(g, Choose(first), Move((first,), path), Outcome(4))
    assert g.state.units[first].at == path[-1]
    assert Choose(other) not in list(g.legal_actions())
    with pytest.raises(IllegalAction) as err:
        g.apply(Choose(other))
    assert err.value.rule == "DC2 B: Strategic Sea Movement"


def test_highway_double_move_in_mud_and_for_soviet_armour_lines_d() -> None:
    """DC2 Lines D: "in Good weather or Mud (but not Snow), an armor unit starting on the
    highway may move two points" (either side's armour)."""
    g = advance_to(
        game([panzer("P", "Minsk")], control={"Minsk": "axis"}, weather=["mud"]),
        "operational",
        "axis",
    )
    g.apply(Choose("P"))
    assert Move(("P",), ("Minsk", "Borisov", "Orsha")) in list(g.legal_actions())
    g.apply(Move(("P",), ("Minsk", "Borisov", "Orsha")))
    assert g.state.units["P"].at == "Orsha"

    tank = unit("T", "soviet", "Vyazma", flags=("armour",), line={"kind": "armour"})
    g = advance_to(game([tank, infantry("X", "axis", "Warsaw")]), "operational", "soviet")
    g.apply(Choose("T"))
    assert Move(("T",), ("Vyazma", "Smolensk", "Orsha")) in list(g.legal_actions())
    g.apply(Move(("T",), ("Vyazma", "Smolensk", "Orsha")))
    assert g.state.units["T"].at == "Orsha"


def test_no_breakthrough_onward_into_a_friendly_occupied_second_point_operational() -> None:
    """DC2 Operational Movement: a breakthrough to "a second point, if that point is also
    unoccupied": a friendly unit there bars it as an enemy one does."""
    units = [panzer("P", "Warsaw"), infantry("F", "axis", "Baranovichi")]
    units.append(infantry("S", "soviet", "Gorki"))
    g = advance_to(game(units, control={"Baranovichi": "axis"}), "operational", "axis")
    play(g, Choose("P"), Move(("P",), ("Warsaw", "Brest")))
    legal = list(g.legal_actions())
    assert Move(("P",), ("Brest", "Pinsk")) in legal  # the breakthrough is offered
    assert Move(("P",), ("Brest", "Baranovichi")) not in legal
    with pytest.raises(IllegalAction):
        g.apply(Move(("P",), ("Brest", "Baranovichi")))
    assert g.state.units["P"].at == "Brest"
    g.apply(Pass())


def test_sea_movers_do_not_count_against_the_strategic_limit_reading_b() -> None:
    """Reading (table, B): A's per-turn limit ("the number of units it may move in the Friendly
    Strategic Movement Phase") counts land movers; B has its own cap, one unit a sea a turn (the
    hex edition likewise keeps separate rail and sea limits)."""
    units = [infantry("I0", "axis", "Warsaw"), infantry("I1", "axis", "Warsaw")]
    units.append(infantry("K", "axis", "Konigsberg"))
    g = advance_to(
        game(units, strategic={"axis_max": 2, "soviet_max": 16, "per_point": 3}),
        "strategic",
        "axis",
    )
    play(g, Choose("I0"), Move(("I0",), ("Warsaw", "Lublin", "Krakow")))
    play(g, Choose("I1"), Move(("I1",), ("Warsaw", "Lublin")))
    assert list(g.legal_actions()) == [Pass()]  # the land limit of 2 is used
    g.apply(Pass())
    assert g.decision is not None and g.decision.step == "sea"
    play(g, Choose("K"), Move(("K",), ("Konigsberg", "Memel")), Outcome(4))
    assert g.state.units["K"].at == "Memel"
