"""K45 estimate for search agents: the Soviet command term (s30, issue 16 item 5)."""

from __future__ import annotations

import attrs

import wargames
from wargames.core.estimate import distances
from wargames.konigsberg.command import in_range
from wargames.konigsberg.forces import hq_of, is_combat, vp_hexes
from wargames.konigsberg.victory import _land, command_share, estimate


def _commanded_unit(ctx):  # type: ignore[no-untyped-def]
    for u in ctx.units_of("soviet"):
        hq = hq_of(ctx, u.id)
        if (
            u.at is not None
            and is_combat(ctx.unit_def(u.id))
            and hq is not None
            and ctx.state.units[hq].at is not None
            and u.at in in_range(ctx, hq)
        ):
            return u, hq
    raise AssertionError("no Soviet unit in its HQ's range at the start")


def _far_land_hex(ctx, hq: str, at: str) -> str:  # type: ignore[no-untyped-def]
    """An empty land hex out of ``hq``'s range and no nearer to any VP hex than ``at`` (over
    land, as the estimate counts), so only the command term can gain by the move."""
    reach = in_range(ctx, hq)
    occupied = ctx.state.occupancy()
    ix = ctx.board.index
    tables = [distances(ctx, v, _land(ctx), "k45-land") for v in vp_hexes(ctx)]
    return next(
        n
        for n in sorted(ctx.board)
        if n not in reach
        and ctx.board.terrain(n) not in ("water", "lake")
        and not occupied.get(n)
        and all(t[ix.number[n]] >= t[ix.number[at]] >= 0 for t in tables)
    )


def test_command_share_lies_in_the_unit_interval_at_the_start() -> None:
    game = wargames.new_game("konigsberg", seed=2)
    assert 0.5 < command_share(game.rules_context()) <= 1.0


def test_a_unit_leaving_its_hq_range_lowers_the_soviet_estimate() -> None:
    # K45 2.2a, 2.2e: only units in their HQ's command range are activated with it
    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    unit, hq = _commanded_unit(ctx)
    share, before = command_share(ctx), estimate(ctx, "soviet")
    ctx.state.put(attrs.evolve(unit, at=_far_land_hex(ctx, hq, unit.at)))
    assert command_share(ctx) < share
    assert estimate(ctx, "soviet") < before


def test_an_hq_removed_leaves_its_units_out_of_command_unless_another_hq_picks_them() -> None:
    # K45 12.1c(1): an HQ with no combat unit in range is removed; its units become
    # independents (2.2b), which an HQ of their Front may pick in its range (2.2a)
    game = wargames.new_game("konigsberg", seed=2)
    ctx = game.rules_context()
    unit, hq = _commanded_unit(ctx)
    share = command_share(ctx)
    ctx.state.put(ctx.state.units[hq].boxed("removed"))
    assert hq_of(ctx, unit.id) is None
    assert command_share(ctx) <= share
