"""K45 seventh-round review: 12.7 reduced set-up units (401I, 461I), MP in error messages."""

from __future__ import annotations

from k45_helpers import game, hq, push, unit

import wargames
from wargames.core.actions import Choose, Move
from wargames.konigsberg.actions import StrategicMove


def test_12_7_12_4_a_regiment_set_up_reduced_takes_a_replacement_step() -> None:
    g = wargames.new_game("konigsberg", seed=1)
    for uid in ("401I", "461I"):  # K45 12.7: "set up at their reduced strength"
        assert g._ctx().unit_def(uid).steps == 2 and g.state.units[uid].steps == 1
    push(g, "replacements", side="german", left=4, returned=[])
    legal = set(g.legal_actions())
    assert Choose("step:401I") in legal and Choose("step:461I") in legal  # K45 12.4


def test_4_3_2_the_allowance_error_states_mp_of_the_rules_not_doubled() -> None:
    # MA 2 into a marsh HQ hex (3 MP foot): K45 keeps MP doubled inside, the message must not
    g = game(
        unit("S", "soviet", "0302", mp=2),
        hq("H", "german", "0303"),
        unit("T", "german", "1108"),
        terrain={"marsh": ["0303"]},
    )
    push(g, "movement", side="soviet", units=["S"])
    err = g.check(Move(("S",), ("0302", "0303")))
    assert err is not None and err.rule == "K45 4.3(2)"
    assert err.reason == "0302 to 0303: needs 3 MP, has 2"


def test_4_4_the_allowance_error_shows_half_mp() -> None:
    # seven road hexes at 1/2 MP each (4.4) = 3.5 MP for an MA-3 unit
    road = [
        {"between": [f"03{r:02d}", f"03{r + 1:02d}"], "features": ["road"]} for r in range(1, 8)
    ]
    g = game(unit("S", "soviet", "0301", mp=3), unit("G", "german", "0808"), hexsides=road)
    push(g, "movement", side="soviet", units=["S"])
    err = g.check(StrategicMove(("S",), tuple(f"03{r:02d}" for r in range(1, 9))))
    assert err is not None and err.rule == "K45 4.3(2)"
    assert err.reason.endswith("needs 3.5 MP, has 3")
