"""``core.estimate.contested``: the attacks a title's estimate counts before the dice, those
on a node with the feature that the attacker does not control, in node order."""

from __future__ import annotations

import wargames
from wargames.core.estimate import contested


def test_only_attacks_on_feature_nodes_the_attacker_does_not_hold_in_node_order() -> None:
    g = wargames.new_game("darkcrusade-hex", seed=0)
    ctx = g.rules_context()
    cities = sorted(ctx.board.nodes_with("victory"))
    russian = [n for n in cities if g.state.control.get(n) == "russian"][:2]
    axis_city = next(n for n in cities if g.state.control.get(n) == "axis")
    plain = next(n for n in sorted(ctx.board) if not ctx.board.has(n, "victory"))
    axis = sorted(u.id for u in ctx.units_of("axis"))[:2]
    soviet = sorted(u.id for u in ctx.units_of("russian"))[0]
    attacks = {
        russian[1]: axis,
        russian[0]: [axis[0]],
        axis_city: [axis[1]],  # held by its attacker
        plain: [axis[0]],  # no victory city
        "empty": [],
    }
    assert list(contested(ctx, attacks)) == [
        (russian[0], "axis", [axis[0]]),
        (russian[1], "axis", axis),
    ]
    assert list(contested(ctx, {axis_city: [soviet]})) == [(axis_city, "russian", [soviet])]
    assert list(contested(ctx, {plain: [axis[0]]}, feature="")) == []
