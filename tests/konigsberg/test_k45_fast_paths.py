"""The fast stacking tests used when listing moves agree with the rule functions they stand
for (K45 5.0, 5.2, 12.2b, 4.7), hex by hex, in positions of a seeded random game."""

from __future__ import annotations

import wargames
from wargames.agents import RandomAgent, step
from wargames.konigsberg.forces import allowance, fits, fits_for, refugee_hexes
from wargames.konigsberg.movement import _refugees_near, can_end, end_test, unit_reach


def test_fits_for_and_end_test_agree_with_fits_and_can_end_on_every_hex() -> None:
    game = wargames.new_game("konigsberg", seed=3)
    agent = RandomAgent(3)
    checked = 0
    while not game.is_over() and len(game.history) < 400:
        if len(game.history) % 80 == 0:
            ctx = game.rules_context()
            nodes = list(ctx.board)
            for side in ("german", "soviet"):
                movers = [u.id for u in ctx.units_of(side)][:6]
                for uid in movers:
                    fit, ending = fits_for(ctx, [uid], side), end_test(ctx, uid, side)
                    for node in nodes:
                        assert fit(node) == fits(ctx, node, [uid], side), (uid, node)
                        assert ending(node) == can_end(ctx, node, uid, side), (uid, node)
                        checked += 1
                pair = movers[:2]
                fit = fits_for(ctx, pair, side)
                assert all(fit(n) == fits(ctx, n, pair, side) for n in nodes)
        step(game, agent)
    assert checked > 10_000


def test_the_refugee_bound_never_hides_a_reachable_refugee_hex() -> None:
    """K45 12.2c, 12.3: ``_refugees_near`` skips the search only when no refugee hex can be
    in reach; it answers as the search would, for every unit on the map."""
    game = wargames.new_game("konigsberg", seed=5)
    agent = RandomAgent(5)
    skipped = searched = 0
    while not game.is_over() and len(game.history) < 300:
        if len(game.history) % 60 == 0:
            ctx = game.rules_context()
            shelters = refugee_hexes(ctx)
            number = ctx.board.index.number
            for side in ("german", "soviet"):
                for unit in ctx.units_of(side):
                    if allowance(ctx, unit.id) <= 0:
                        continue
                    open_reach = unit_reach(ctx, unit.id, "atrocity")
                    truth = any(number[r] in open_reach.cost for r in shelters)
                    assert _refugees_near(ctx, unit.id, shelters) == truth, unit.id
                    skipped += not truth
                    searched += truth
        step(game, agent)
    assert skipped and searched
