"""The fast stacking tests used when listing moves agree with the rule functions they stand
for (K45 5.0, 5.2, 12.2b, 4.7), hex by hex, in positions of a seeded random game."""

from __future__ import annotations

import wargames
from wargames.agents import RandomAgent, step
from wargames.konigsberg.forces import fits, fits_for
from wargames.konigsberg.movement import can_end, end_test


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
