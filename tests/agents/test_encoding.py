"""The fixed action encoding: unique indices below the size, round trips, exact masks."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

import wargames
from wargames.core.actions import Move, Pass
from wargames.core.errors import IllegalAction
from wargames.encoding import ActionEncoding, action_encoding
from wargames.testing import games

SMALL = ("minimal", "lines")  # the other titles are big: fewer, shorter positions


def check_encoding(game: wargames.core.game.Game) -> None:
    enc = action_encoding(game)
    d = game.decision
    if d is None:
        assert not enc.legal_mask(game).any()
        return
    actions = [a for a, _ in game.chance_outcomes()] if d.is_chance else list(game.legal_actions())
    legal = enc.legal(game)
    indices = [enc.action_to_index(game, a) for a in actions]
    assert len(set(indices)) == len(actions), "two legal actions share an index"
    assert all(0 <= i < enc.num_distinct_actions for i in indices)
    assert all(enc.index_to_action(game, i) == a for i, a in zip(indices, actions, strict=True))
    mask = legal.mask
    assert mask.dtype == np.bool_ and mask.shape == (enc.num_distinct_actions,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)
    assert enc.factors(indices[0]).kind == actions[0].kind
    # the factored form: (head, tail) pairs, with masks that hold exactly the legal pairs
    heads = legal.head_mask()
    assert heads.shape == (enc.num_heads,)
    pairs = {enc.split(i) for i in indices}
    assert {enc.join(h, t) for h, t in pairs} == set(indices)
    assert set(np.flatnonzero(heads).tolist()) == {h for h, _ in pairs}
    head = int(np.flatnonzero(heads)[0])
    tails = legal.tail_mask(head)
    assert tails.shape == (enc.tail_size,)
    assert set(np.flatnonzero(tails).tolist()) == {t for h, t in pairs if h == head}


@pytest.mark.parametrize("title", wargames.titles())
def test_every_legal_action_has_a_unique_index_that_decodes_back(title: str) -> None:
    @settings(
        max_examples=10 if title in SMALL else 2,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(games(title, max_actions=300 if title in SMALL else 120))
    def run(game: wargames.core.game.Game) -> None:
        check_encoding(game)

    run()


def test_the_size_is_fixed_per_title_and_scenario() -> None:
    a = wargames.new_game("minimal", seed=1)
    b = wargames.new_game("minimal", seed=2)
    assert ActionEncoding(a.title, a.scenario).num_distinct_actions == (
        action_encoding(b).num_distinct_actions
    )
    # built once for every game of one scenario file, however often it is loaded
    assert action_encoding(a) is action_encoding(b)


def test_a_move_is_encoded_by_its_unit_and_destination() -> None:
    game = wargames.new_game("minimal", seed=7)
    enc = action_encoding(game)
    move = Move(("B1",), ("0102", "0202"))
    index = enc.action_to_index(game, move)
    f = enc.factors(index)
    assert (f.kind, f.unit, f.node, f.variant) == ("move", "B1", "0202", 0)
    assert "B1" in enc.action_to_string(game, index)
    assert enc.action_to_index(game, Pass()) != index


def test_an_illegal_index_or_action_is_refused() -> None:
    game = wargames.new_game("minimal", seed=7)
    enc = action_encoding(game)
    with pytest.raises(IllegalAction):
        enc.action_to_index(game, Move(("B1",), ("0102", "0808")))
    free = int(np.flatnonzero(~enc.legal_mask(game))[0])
    with pytest.raises(IllegalAction):
        enc.index_to_action(game, free)


def test_words_and_references_of_options_are_factors() -> None:
    game = wargames.new_game("konigsberg", seed=1)
    enc = action_encoding(game)
    from wargames.core.actions import Choose

    unit = enc.units[0]
    f = enc.factors(enc.key(Choose(f"unit:{unit}")))
    assert (f.word, f.ref) == ("unit:*", unit)
    assert enc.key(Choose(f"unit:{unit}")) != enc.key(Choose(f"hgm:{unit}"))
