"""Random legal play of Barbarossa 1941 reaches a result and keeps the title's invariants:
stacking, one place per unit, nothing hidden leaks into a view, every battle ends."""

from __future__ import annotations

from wargames.core.game import Game
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.stacking import stacking_error
from wargames.testing import check_title


def stacking(game: Game) -> None:
    from wargames.core.context import Context

    ctx = Context(game.title, game.scenario, game.state, [])
    if game.state.get("battle"):
        return  # mid-battle positions are checked when the battle is over
    for node, uids in game.state.occupancy().items():
        assert stacking_error(ctx, uids) is None, f"{node}: {stacking_error(ctx, uids)}"


def one_place(game: Game) -> None:
    for u in game.state.units.values():
        assert (u.at is None) != (u.box is None)


def no_hidden_leak(game: Game) -> None:
    profiles = game.state.get("profiles", {})
    revealed = set(game.state.get("revealed", ()))
    for side in cn.SIDES:
        view = game.view(side)
        for entry in view["units"]:
            uid = entry["id"]
            if "profile" in entry:
                assert uid in revealed or (side == cn.RUSSIAN and uid in profiles)
                assert entry["profile"] == profiles[uid]
            elif uid in revealed:
                raise AssertionError(f"{uid} is revealed but hidden from {side}")


def test_check_title_barbarossa_reaches_a_result() -> None:
    check_title(
        "darkcrusade-hex",
        seeds=range(1),
        every=60,
        invariants=(stacking, one_place, no_hidden_leak),
    )


def test_the_set_up_is_legal() -> None:
    """Set-up: every Axis unit in an Axis country, every Russian unit out of them, and no hex
    overstacked or shared."""
    import wargames
    from wargames.core.context import Context

    game = wargames.new_game("darkcrusade-hex", seed=0)
    ctx = Context(game.title, game.scenario, game.state, [])
    board = game.scenario.board
    for node, uids in game.state.occupancy().items():
        assert stacking_error(ctx, uids) is None, node
        axis = any(board.has(node, f) for f in ("germany", "romania", "hungary"))
        for u in uids:
            assert (game.scenario.units[u].side == cn.AXIS) == axis, (u, node)
