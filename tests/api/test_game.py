"""The public game API on the example title: determinism, illegal actions, undo, copy, JSON."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import wargames
from wargames.agents import RandomAgent, play_out
from wargames.core.actions import Attack, Move, Outcome, Pass, Place
from wargames.core.game import Game

TITLE = "minimal"


def played(seed: int, actions: int) -> Game:
    game = wargames.new_game(TITLE, seed=seed)
    play_out(game, RandomAgent(seed), max_actions=actions)
    return game


def test_titles_and_scenarios() -> None:
    assert TITLE in wargames.titles()
    assert wargames.scenarios(TITLE) == ["skirmish"]


def test_new_game_starts_with_the_first_decision() -> None:
    game = wargames.new_game(TITLE)
    d = game.decision
    assert d is not None and (d.side, d.kind, d.step) == ("blue", "move", "movement")
    assert Pass() in game.legal_actions()
    assert not game.is_over() and game.result() is None


def test_random_games_reach_a_result() -> None:
    for seed in range(5):
        game = played(seed, 100_000)
        result = game.result()
        assert game.is_over() and result is not None
        assert result.winner in ("blue", "red")
        assert game.decision is None and len(game.legal_actions()) == 0


@given(st.integers(0, 2**32), st.integers(0, 400))
def test_same_seed_and_actions_give_the_same_game_byte_for_byte(seed: int, n: int) -> None:
    a = played(seed, n)
    b = wargames.new_game(TITLE, seed=seed)
    for action in a.history:
        b.apply(action)
    assert a.to_json() == b.to_json()


def test_different_seeds_give_different_dice() -> None:
    texts = {played(seed, 2000).to_json() for seed in range(4)}
    assert len(texts) == 4


@given(st.integers(0, 2**32), st.integers(0, 300))
def test_save_and_load_round_trip(seed: int, n: int) -> None:
    game = played(seed, n)
    text = game.to_json()
    loaded = wargames.load_game(text)
    assert loaded.to_json() == text
    # and the loaded game plays on exactly like the original
    agent_a, agent_b = RandomAgent(seed + 1), RandomAgent(seed + 1)
    play_out(game, agent_a, max_actions=50)
    play_out(loaded, agent_b, max_actions=50)
    assert loaded.to_json() == game.to_json()


@given(st.integers(0, 2**32), st.integers(0, 300))
def test_every_legal_action_round_trips_through_json(seed: int, n: int) -> None:
    game = played(seed, n)
    for action in game.legal_actions():
        again = wargames.action_from_json(TITLE, action.to_json())
        assert again == action and type(again) is type(action)


def candidate_actions(game: Game, rng: random.Random) -> list[wargames.Action]:
    nodes = sorted(game.scenario.board)
    units = sorted(game.state.units)
    return [
        Pass(),
        Outcome(rng.randint(0, 8)),
        Place(rng.choice(units), rng.choice(nodes)),
        Move((rng.choice(units),), tuple(rng.sample(nodes, rng.randint(1, 4)))),
        Attack(tuple(rng.sample(units, rng.randint(1, 3))), rng.choice(nodes)),
    ]


@given(st.integers(0, 2**32), st.integers(0, 300))
def test_an_illegal_action_raises_and_leaves_the_game_unchanged(seed: int, n: int) -> None:
    game = played(seed, n)
    before, events, history = game.to_json(), len(game.events), len(game.history)
    legal = set(game.legal_actions())
    rng = random.Random(seed)
    for action in candidate_actions(game, rng):
        error = game.check(action)
        assert (error is None) == (action in legal)
        if error is None:
            continue
        with pytest.raises(wargames.IllegalAction) as info:
            game.apply(action)
        assert info.value.rule and info.value.reason
        assert str(info.value) == str(error)
        assert game.to_json() == before
        assert len(game.events) == events and len(game.history) == history


@given(st.integers(0, 2**32), st.integers(1, 300))
def test_undo_restores_the_previous_game_exactly(seed: int, n: int) -> None:
    game = played(seed, n)
    if game.is_over():
        game.undo()
    before = game.to_json()
    agent = RandomAgent(seed)
    play_out(game, agent, max_actions=1)
    game.undo()
    assert game.to_json() == before


@given(st.integers(0, 2**32), st.integers(0, 300))
def test_copy_then_diverging_play_leaves_the_original_unchanged(seed: int, n: int) -> None:
    game = played(seed, n)
    before = game.to_json()
    clone = game.copy()
    assert clone.to_json() == before
    play_out(clone, RandomAgent(seed + 7), max_actions=200)
    assert game.to_json() == before


def test_undo_with_nothing_to_undo() -> None:
    with pytest.raises(IndexError):
        wargames.new_game(TITLE).undo()


def test_game_over_refuses_actions() -> None:
    game = played(0, 100_000)
    error = game.check(Pass())
    assert error is not None and error.rule == "game over"
    with pytest.raises(wargames.IllegalAction):
        game.apply(Pass())


def first_chance(seed: int = 0) -> Game:
    game = wargames.new_game(TITLE, seed=seed)
    agent = RandomAgent(seed)
    while True:
        d = game.decision
        assert d is not None
        if d.is_chance:
            return game
        attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
        game.apply(attacks[0] if attacks else agent.choose(game))


def test_chance_decisions_list_outcomes_with_exact_probabilities() -> None:
    game = first_chance()
    outcomes = game.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert [a for a, _ in outcomes] == list(game.legal_actions())
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_chance_can_be_forced_and_rolling_is_deterministic() -> None:
    game = first_chance()
    forced = game.copy()
    forced.apply(Outcome(6))
    rolled_a, rolled_b = game.copy(), game.copy()
    assert rolled_a.roll() == rolled_b.roll()
    assert rolled_a.to_json() == rolled_b.to_json()
    # undo then roll again gives the same outcome: no rerolling by undo
    first = game.roll()
    game.undo()
    assert game.roll() == first


def test_forced_and_rolled_outcomes_advance_the_dice_alike() -> None:
    game = first_chance()
    rolled = game.copy()
    outcome = rolled.roll()
    forced = game.copy()
    forced.apply(outcome)
    assert forced.to_json() == rolled.to_json()


def test_wrong_action_kind_names_the_step() -> None:
    game = wargames.new_game(TITLE)
    error = game.check(Outcome(3))
    assert error is not None and "movement" in error.reason


def test_view_is_per_side_and_checks_the_side() -> None:
    game = wargames.new_game(TITLE)
    assert game.view("blue")["units"]
    with pytest.raises(ValueError):
        game.view("green")


def test_scripted_rolls_come_first_and_the_dice_still_advance() -> None:
    from wargames.core.context import Context

    game = wargames.new_game(TITLE, seed=4)
    plain = game.copy()
    game.script_rolls(6, 1)
    rolled = [Context(game.title, game.scenario, game.state, game.events).roll(6) for _ in range(3)]
    free = [
        Context(plain.title, plain.scenario, plain.state, plain.events).roll(6) for _ in range(3)
    ]
    assert rolled[:2] == [6, 1] and rolled[2] == free[2]
    assert game.state.rng == plain.state.rng and game.state.script == ()
    assert game.events[-1].kind == "roll"


def test_scenarios_round_trip_through_json() -> None:
    import json

    sc = wargames.load_scenario(TITLE)
    again = wargames.load_scenario(TITLE, json.loads(json.dumps(sc.to_data())))
    assert again.to_data() == sc.to_data()
    assert again.board.index.ids == sc.board.index.ids
    assert dict(again.units) == dict(sc.units) and dict(again.start) == dict(sc.start)


def test_kind_balanced_agent_tries_rare_kinds_and_passes_like_uniform_play() -> None:
    from collections import Counter
    from typing import Any, cast

    class Position:
        """100 moves, one attack and a pass: what a movement-and-attack step may offer."""

        decision = None

        def legal_actions(self) -> list[wargames.Action]:
            return [
                *(Move(("u",), ("a", f"{i:04d}")) for i in range(100)),
                Attack(("u",), "x"),
                Pass(),
            ]

        def playout_weights(self, actions: list[wargames.Action]) -> list[float]:
            return [1.0] * len(actions)

    game = cast(Any, Position())  # a step that lists all its actions (not factored)
    kind_agent = RandomAgent(1, factored=False)
    uniform_agent = RandomAgent(1, balance="uniform")
    balanced = Counter(kind_agent.choose(game).kind for _ in range(4000))
    uniform = Counter(uniform_agent.choose(game).kind for _ in range(4000))
    assert 1600 < balanced["attack"] < 2400 and uniform["attack"] < 100
    assert balanced["pass"] < 100 and uniform["pass"] < 100
    with pytest.raises(ValueError):
        RandomAgent(0, balance="smart")  # type: ignore[arg-type]


def test_playout_weights_steer_random_agents_but_never_legality() -> None:
    from typing import Any, cast

    from wargames.core.actions import Choose

    class Position:
        decision = None

        def legal_actions(self) -> list[wargames.Action]:
            return [Choose("risky"), Choose("safe"), Pass()]

        def playout_weights(self, actions: list[wargames.Action]) -> list[float]:
            return [0.01 if a == Choose("risky") else 1.0 for a in actions]

    game = cast(Any, Position())
    for balance in ("kind", "uniform"):
        agent = RandomAgent(3, balance=balance, factored=False)  # type: ignore[arg-type]
        picks = [agent.choose(game) for _ in range(2000)]
        assert 0 < picks.count(Choose("risky")) < 40
        assert picks.count(Pass()) > 500


def test_factored_agent_draws_kind_then_unit_and_redraws_units_without_actions() -> None:
    from collections import Counter
    from typing import Any, cast

    from wargames.core.heads import PASS, Head

    moves = {
        Head("move", "a"): [Move(("a",), ("0101", f"{i:04d}")) for i in range(10)],
        Head("move", "b"): [],  # a unit with nowhere to go
        Head("move", "c"): [Move(("c",), ("0101", "0102"))],
        Head("attack"): [Attack(("a",), "0303")],
        PASS: [Pass()],
    }
    asked: Counter[Head] = Counter()

    class Heads:
        factored = True
        heads = list(moves)

        def actions(self, head: Head) -> list[wargames.Action]:
            asked[head] += 1
            return moves[head]

    class Position:  # no legal_actions(): the agent must not list every action
        def legal_heads(self) -> Heads:
            return Heads()

        def playout_weights(self, actions: list[wargames.Action]) -> list[float]:
            return [1.0] * len(actions)

    agent = RandomAgent(5)
    picks = Counter()
    for _ in range(5000):
        a = agent.choose(cast(Any, Position()))
        picks[(a.kind, getattr(a, "units", ("",))[0])] += 1
    # pass: w / (w + 4 other heads) = 1/5; else kind uniformly (move, attack), then a unit
    # with actions uniformly (b dropped and redrawn): a and c alike, whatever their counts
    assert 850 < picks[("pass", "")] < 1150
    assert 1800 < picks[("attack", "a")] < 2200
    assert 850 < picks[("move", "a")] < 1150 and 850 < picks[("move", "c")] < 1150
    assert asked[Head("move", "b")] > 0


@given(st.integers(0, 10_000), st.integers(0, 40))
def test_a_listed_action_made_illegal_from_outside_is_refused(seed: int, n: int) -> None:
    # The game keeps what it learnt about the pending position (the legal list, who
    # decides) while the state stays equal to it; a change made to game.state directly
    # must be seen, and an action listed before it judged again.
    game = wargames.new_game("minimal", seed=seed)
    play_out(game, RandomAgent(seed), max_actions=n)
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    if not moves:
        return
    move = moves[0]
    uid = move.units[0]
    game.state.put(game.state.units[uid].boxed("eliminated"))
    before = game.to_json()
    assert move not in list(game.legal_actions())
    with pytest.raises(wargames.IllegalAction):
        game.apply(move)
    assert game.to_json() == before


def test_context_draw_weights_are_proportions() -> None:
    """``Context.draw`` with counts as weights draws each item in proportion (a bug once took
    un-normalized counts as probabilities: the first item with weight >= 1 always won)."""
    from collections import Counter
    from fractions import Fraction

    import pytest

    from wargames.core.context import Context

    game = wargames.new_game(TITLE, seed=5)
    ctx = Context(game.title, game.scenario, game.state, game.events)
    got = Counter(ctx.draw("ab", [Fraction(2), Fraction(7)]) for _ in range(900))
    assert 150 < got[0] < 250 and got[0] + got[1] == 900  # about 2/9 of 900 = 200
    assert ctx.draw("ab", [Fraction(0), Fraction(3)]) == 1
    with pytest.raises(ValueError):
        ctx.draw("ab", [Fraction(0), Fraction(0)])


def test_a_redacted_event_stays_marked_as_redacted_in_a_sides_log() -> None:
    """``Event.for_side``: the version a side is told keeps the audience, so a log rebuilt from
    it (a determinised game) still tells the events the side saw whole from the others."""
    from wargames.core.events import Event, Redacted

    e = Event("move", "R1 moves A1-A2", 1, {"unit": "R1"}, ("red",), Redacted("a unit moves"))
    told = e.for_side("blue")
    assert told is not None and told.text == "a unit moves" and not told.seen_by("blue")
    assert told.for_side("blue") == told  # idempotent
    assert e.for_side("red") is e


def test_per_position_keeps_a_value_while_the_position_stays_and_only_then() -> None:
    """Context.per_position: one build per position and key; a move, or a change made to
    the state from outside, builds again; a context with no game behind it always builds."""
    game = played(5, 3)
    calls: list[int] = []

    def build() -> int:
        calls.append(1)
        return len(calls)

    first = game._ctx().per_position("k", build)
    assert game._ctx().per_position("k", build) == first == 1  # kept across contexts
    assert game._ctx().per_position("other", build) == 2  # keys apart
    game.state.turn += 1  # a change from outside is a new position
    assert game._ctx().per_position("k", build) == 3
    game.state.turn -= 1
    game.apply(RandomAgent(5).choose(game))
    assert game._ctx().per_position("k", build) == 4
    ctx = game.rules_context()  # a copy of the state, no game behind it
    assert ctx.per_position("k", build) == 5
    assert ctx.per_position("k", build) == 6
