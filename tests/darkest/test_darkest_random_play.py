"""Random legal play of the 1941 game to its end keeps the invariants: stacking (no hex holds
both sides, Hungarians and Rumanians never together), one place per unit, Disruption states
consistent, hits never lost or counted twice in a battle."""

from __future__ import annotations

from hypothesis import given, settings

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.game import Game
from wargames.darkest import counters as cn
from wargames.darkest.position import WATER
from wargames.testing import check_position, check_title, games


def stacking(game: Game) -> None:
    units = game.scenario.units
    for node, uids in game.state.occupancy().items():
        assert len({units[u].side for u in uids}) == 1, f"both sides in {node}"
        nats = {units[u].nationality for u in uids}
        assert not {"hungarian", "romanian"} <= nats, f"Hungarians and Rumanians in {node}"
        assert game.scenario.board.terrain(node) not in WATER, f"units at sea in {node}"


def one_place(game: Game) -> None:
    for u in game.state.units.values():
        assert (u.at is None) != (u.box is None)
        if u.at is None:
            assert not u.markers, f"{u.id} off the map keeps markers {sorted(u.markers)}"


def disruption_consistent(game: Game) -> None:
    attacking = {u for us in (game.state.get("attacks") or {}).values() for u in us}
    for u in game.state.units.values():
        if u.has(cn.ATTACKING):
            assert u.id in attacking, f"{u.id} is marked attacking but allocated to no attack"
        if u.has(cn.STRONG):
            assert game.scenario.units[u.id].values.get("strong"), f"{u.id} has no strong side"
            assert not u.has(cn.DISRUPTED), f"{u.id} is Disrupted on its strong side"
        if u.has(cn.FORTIFIED):
            assert game.scenario.units[u.id].has("army"), u.id


def hits_balanced(game: Game) -> None:
    for e in game.events:
        if e.kind == "battle-end":
            for side, (scored, absorbed, excess) in e.data["ledger"].items():
                assert scored == absorbed + excess, f"{side}: {scored} != {absorbed} + {excess}"


def test_random_games_of_1941_end_and_keep_the_invariants() -> None:
    check_title(
        "darkest",
        seeds=range(1),
        every=200,
        invariants=(stacking, one_place, disruption_consistent),
    )
    game = wargames.new_game("darkest", seed=0)
    play_out(game, RandomAgent(0))
    hits_balanced(game)


def test_many_seeds_play_to_a_result() -> None:
    """Speed is measured by benchmarks/titles.py, not here."""
    for seed in range(20, 26):
        game = wargames.new_game("darkest", seed=seed)
        play_out(game, RandomAgent(seed))
        assert game.is_over()
        for inv in (stacking, one_place, disruption_consistent, hits_balanced):
            inv(game)


def test_lotsa_dice_and_secret_set_up_games_play_to_a_result() -> None:
    import tomllib

    from wargames.darkest.charts import DATA

    data = tomllib.loads((DATA / "1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"lotsa_dice": True, "secret_setup": True}
    for seed in (1, 2):
        game = wargames.new_game("darkest", data, seed=seed)
        play_out(game, RandomAgent(seed))
        assert game.is_over()
        for inv in (stacking, one_place, disruption_consistent, hits_balanced):
            inv(game)


@settings(max_examples=8)
@given(games("darkest", max_actions=400))
def test_random_positions_keep_the_invariants(game: Game) -> None:
    for inv in (stacking, one_place, disruption_consistent, hits_balanced):
        inv(game)
    check_position(game)
