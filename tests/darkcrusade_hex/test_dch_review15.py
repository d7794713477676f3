"""Fifteenth rules review of Dark Crusade (hex): options, scenarios and variants
(`notes/s29/review15-dch/findings.md`)."""

from __future__ import annotations

import tomllib
from fractions import Fraction

import pytest
from dch_support import NW, SW, C, W, column_label, ctx, fight, game, pick_group, stage

import wargames
from wargames.agents import RandomAgent
from wargames.core.actions import Choose, Outcome, Pass, Place
from wargames.core.errors import IllegalAction
from wargames.core.game import Game
from wargames.darkcrusade.hex import DATA
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.battle import current
from wargames.darkcrusade.hex.charts import charts
from wargames.darkcrusade.hex.setup import places

# DCH: Setup: "German infantry korps start within 2 hexes of the armies in their army groups -
# North 16. and 18. Armies ..., Center 4. and 9. Armies ..., and South 6. and 17. Armies"
GROUP_ARMIES = {"16A", "18A", "4A", "9A", "6A", "17A"}


def free_game(**options: bool) -> Game:
    data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
    data["options"] = {"free_setup": True, **options}
    g = wargames.new_game("darkcrusade-hex", data, seed=0)
    pick_group(g, "plain")
    return g


def _far_from_the_group_armies(g: Game) -> str:
    """An Axis hex near 11. Armee but more than 2 hexes from every army the text names."""
    board = g.scenario.board
    armies = [g.state.units[u].at for u in GROUP_ARMIES]
    near_11a = [
        n
        for n in board
        if board.has(n, "romania") and board.distance(n, g.state.units["11A"].at) <= 2
    ]
    return next(n for n in sorted(near_11a) if all(board.distance(n, a) > 2 for a in armies))


def test_an_infantry_korps_is_placed_only_near_the_army_group_armies() -> None:
    # finding 1: 11. Armee (Rm) is not one of the armies the text lists for the army groups
    g = free_game()
    g.apply(Pass())  # the Russians keep their set-up
    far = _far_from_the_group_armies(g)
    assert far not in places(ctx(g), "XX")
    board = g.scenario.board
    for p in places(ctx(g), "XX"):
        assert any(board.distance(p, g.state.units[a].at) <= 2 for a in GROUP_ARMIES)


def test_the_german_set_up_ends_only_with_every_infantry_korps_near_a_group_army() -> None:
    # finding 1: placed near 11. Armee and left there (11A moved away, or placed before the
    # check): the German Pass is refused while the korps is more than 2 hexes from them all
    g = free_game()
    g.apply(Pass())
    assert g.decision is not None and g.decision.side == cn.AXIS
    far = _far_from_the_group_armies(g)
    g.state.put(g.state.units["XX"].moved_to(far))
    assert Pass() not in set(g.legal_actions())
    with pytest.raises(IllegalAction, match="DCH: Setup"):
        g.apply(Pass())
    home = places(ctx(g), "XX")[0]
    g.apply(Choose("XX"))
    g.apply(Place("XX", home))
    g.apply(Pass())
    assert g.decision is not None and g.decision.step != "free-setup"


def _attack_at_3_to_1(side: str) -> Game:
    """A battle at its press choice: three German armies on a 2-2 (15:4, 3:1), or two rifle
    armies on 18. Armee (turn 2, Rumania attacked)."""
    if side == cn.AXIS:
        g = game({"18A": W, "16A": NW, "9A": SW, "T01": C, "H01": C}, profiles={"H01": "2-2"})
        fight(g, ["18A", "16A", "9A"], C)
    else:
        g = game({"T01": W, "T02": NW, "18A": C}, turn=2)
        g.state.set("romania_attacked", True)
        fight(g, ["T01", "T02"], C)
    g.apply(Choose("retreat"))
    assert stage(g) == "press"
    return g


def _results(side: str, option: str) -> dict[str, Fraction]:
    """The CRT results after the press ``option``, with their exact chances, following every
    chance outcome the game offers (the round-up, where offered, not taken)."""
    out: dict[str, Fraction] = {}

    def follow(path: list[Outcome], p: Fraction) -> None:
        g = _attack_at_3_to_1(side)
        g.apply(Choose(option))
        if stage(g) == "round-up":
            g.apply(Outcome("stay"))
        for o in path:
            g.apply(o)
        if stage(g) in ("press-roll", "roll"):
            for o, q in g.chance_outcomes():
                assert isinstance(o, Outcome)
                follow([*path, o], p * q)
            return
        code = next(e.data["code"] for e in reversed(g.events) if e.kind == "roll")
        out[code] = out.get(code, Fraction(0)) + p

    follow([], Fraction(1))
    return out


def _on_columns(side: str, high: int, low: int) -> dict[str, Fraction]:
    """Die 4-6 read ``high`` columns from the battle's column, 1-3 ``low`` columns."""
    g = _attack_at_3_to_1(side)
    b = current(ctx(g))
    crt = charts(ctx(g)).crt
    out: dict[str, Fraction] = {}
    for die in range(1, 7):
        column = crt.scale.shifted(b.base, b.shift + (high if die >= 4 else low))
        code = str(crt.lookup(column, die))
        out[code] = out.get(code, Fraction(0)) + Fraction(1, 6)
    return out


def test_the_radical_press_reads_the_best_three_on_the_higher_column() -> None:
    # finding 2: "or - more radically - by just using the best 3 numbers on the higher column
    # and the lowest 3 numbers on the lower column"
    g = _attack_at_3_to_1(cn.AXIS)
    assert column_label(g) == "3-1"
    assert {f"press-radical:{k}" for k in (1, 2, 3)} <= {a.option for a in g.legal_actions()}
    radical = _results(cn.AXIS, "press-radical:1")
    assert radical == _on_columns(cn.AXIS, 1, -1)  # 4-6 on 4:1, 1-3 on 2:1
    assert radical["BK"] == Fraction(1, 6)
    assert radical.get("D2", Fraction(0)) == 0
    assert sum(radical.values()) == 1
    # a different gamble from the roll-first press, which halves the BK chance here
    first = _results(cn.AXIS, "press:1")
    assert first["BK"] == Fraction(1, 12)
    assert first != radical
    assert _results(cn.AXIS, "press-radical:3") == _on_columns(cn.AXIS, 3, -3)


def test_the_radical_russian_press_is_one_column_up_or_two_down_by_the_die() -> None:
    g = _attack_at_3_to_1(cn.RUSSIAN)
    assert {a.option for a in g.legal_actions()} == {"press:0", "press:1", "press-radical:1"}
    assert _results(cn.RUSSIAN, "press-radical:1") == _on_columns(cn.RUSSIAN, 1, -2)


def test_the_radical_press_rolls_no_column_first() -> None:
    g = _attack_at_3_to_1(cn.AXIS)
    g.apply(Choose("press-radical:2"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    assert stage(g) == "roll"
    assert {a.value for a, _ in g.chance_outcomes()} == set(range(1, 7))
    g.apply(Outcome(5))
    press = next(e for e in g.events if e.kind == "press")
    assert press.data["outcome"] == "up"


def test_set_up_places_keep_the_stacking_limits_and_the_mountain_ban() -> None:
    # finding 3: the free set-up's places go through stacking.fits
    g = free_game()
    g.apply(Pass())
    c = ctx(g)
    board = g.scenario.board
    occ = g.state.occupancy()

    def motorized_korps(n: str) -> bool:
        return any(cn.has(c, u, "motorized") and cn.is_korps(c, u) for u in occ.get(n, ()))

    for uid in ("XXIV", "LVI"):
        assert places(c, uid)
        assert not any(motorized_korps(n) for n in places(c, uid)), uid
    assert places(c, "HuMob")
    assert not any(board.has(n, "mountain") for n in places(c, "HuMob"))


def test_the_free_set_up_comes_only_before_the_first_turn() -> None:
    # finding 3: after both set-ups, random play to turn 2 meets no set-up decision again
    g = free_game()
    g.apply(Pass())
    g.apply(Pass())
    agent = RandomAgent(seed=0)
    for _ in range(20_000):
        d = g.decision
        assert d is not None
        assert d.step not in ("free-setup", "setup-place"), (g.state.turn, d.step)
        if g.state.turn == 2 and d.step not in ("mech-group", "mech-deal"):
            break
        g.apply(agent.choose(g))
    assert g.state.turn == 2
