"""K45 twelfth-round review: tests for done rows whose tests could not fail when the rule broke
(12.2b refugees' stacking value of two off the move path, 2.0/2.1d move-only units never attack,
0.2j/11.2a split supply sources start German)."""

from __future__ import annotations

from k45_helpers import activate, game, hq, push, unit

from wargames.core.actions import Attack, Place
from wargames.konigsberg.combat import retreat_options
from wargames.konigsberg.forces import fits
from wargames.konigsberg.supply import SupplyStatus, sources, statuses


def test_12_2b_refugees_count_two_for_a_retreat_and_a_replacement() -> None:
    """K45 12.2b: refugees have a stacking value of two and stack only with HQs. A retreat (5.1)
    may not end on them and a rebuilt unit is never placed on them; neither path has movement's
    own refugee check, so both rest on the stacking value alone."""
    river = [
        {"between": ["0303", n], "features": ["major-river"]} for n in ("0403", "0404", "0204")
    ]
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0303"), hexsides=river)
    g.state.set("refugees", {"R1": "0304"})
    ctx = g._ctx()
    assert not fits(ctx, "0304", ["G"], "german")
    paths = [p.labels(ctx.board.index) for p in retreat_options(ctx, ["G"], "0303", 1)]
    assert paths and all(p[-1] != "0304" for p in paths), paths

    g = game(
        hq("H", "soviet", "0505"),
        unit("E", "soviet", None, box="eliminated", command="H"),
        unit("G", "german", "0101"),
        turns=3,
    )
    g.state.set("refugees", {"R1": "0506"})
    g.state.turn = 2
    push(g, "replacements", side="soviet")
    places = [a for a in g.legal_actions() if isinstance(a, Place)]
    assert places and all(a.at != "0506" for a in places)


def test_2_0_2_1d_a_move_only_unit_may_not_attack() -> None:
    """K45 2.0: units attack only when activated; 2.1d: the HGM chit's independents are
    activated to move (the table's reading: they may move but not attack)."""
    g = game(unit("S", "soviet", "0302"), unit("G", "german", "0303"))
    activate(g, "", "soviet", [], move_only=("S",))
    push(g, "combat", side="soviet")
    refused = g.check(Attack(("S",), "0303"))
    assert refused is not None and refused.rule == "K45 2.2f"
    assert not any(isinstance(a, Attack) and "S" in a.units for a in g.legal_actions())


def test_0_2j_11_2a_a_split_source_starts_german() -> None:
    """K45 0.2j, 11.2a: the split (black/red) supply sources start as German sources. Before any
    Soviet unit enters it, the split source at 0101 is the Germans' only source and supplies G."""
    g = game(
        unit("G", "german", "0114"),
        unit("S", "soviet", "1414"),
        features={"supply-german": None, "supply-split": ["0101"]},
        columns=14,
        rows=14,
    )
    ctx = g._ctx()
    assert "0101" in sources(ctx, "german")
    assert "0101" not in sources(ctx, "soviet")
    assert statuses(ctx)["G"] is SupplyStatus.SUPPLIED
