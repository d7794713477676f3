"""An OpenSpiel Python game for any registered title (needs ``wargames[rl]``).

:func:`load` registers the title with ``pyspiel`` (once; short name
``python_wargames_<title>``) and returns the loaded game. Players are the title's sides in
order; actions are indices of the fixed action encoding (:mod:`wargames.encoding`). Chance
nodes are explicit: their outcomes are the game's chance outcomes, encoded the same way,
with their exact probabilities (as floats). Returns: +1 to the winner, -1 to the loser, 0 in
a draw or when the game parameter ``max_actions`` (0: none) cut the game short.
Observations are the side's observation tensor (:mod:`wargames.observation`) and its view
as JSON text; information states add the side's log (the text whole, the tensor as
:mod:`wargames.log_tensor`); all come from what the side is shown only.
``resample_from_infostate`` is
:meth:`Game.determinize`, so OpenSpiel's ISMCTS bot runs on every title. The game starts from
seed 0 (the seed only drives ``Game.roll``, which OpenSpiel does not use).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ..api import load_scenario
from ..core.game import Game
from ..encoding import ActionEncoding, LegalIndex, action_encoding
from ..log_tensor import encode_log, log_size
from ..observation import observation_shape, observe
from ..registry import get_title

__all__ = ["load", "register"]

MAX_GAME_LENGTH = 1_000_000
_REGISTERED: set[str] = set()


def register(title: str, scenario: str | None = None) -> str:
    """Register ``title`` (and ``scenario``, None: the default) with pyspiel; its name."""
    name = f"python_wargames_{title}" + (f"_{scenario}" if scenario else "")
    if name in _REGISTERED:
        return name
    probe = Game(get_title(title), load_scenario(title, scenario), 0)
    enc = action_encoding(probe)
    sides = len(probe.title.sides)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"wargames {title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=sides,
        min_num_players=sides,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"max_actions": 0},
    )

    class WargamesGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            params = {"max_actions": 0, **(params or {})}
            limit = int(params["max_actions"])
            info = pyspiel.GameInfo(
                num_distinct_actions=enc.num_distinct_actions,
                max_chance_outcomes=enc.num_distinct_actions,
                num_players=sides,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=limit or MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)
            self.max_actions = limit

        def new_initial_state(self) -> WargamesState:
            state = WargamesState(self, Game(probe.title, probe.scenario, 0))
            state.max_actions = self.max_actions
            return state

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
            return Observer(probe, recall)

    pyspiel.register_game(game_type, WargamesGame)
    _REGISTERED.add(name)
    return name


def load(title: str, scenario: str | None = None, max_actions: int = 0) -> Any:
    """The title's OpenSpiel game (registered on first use), cut after ``max_actions``
    actions (chance outcomes included) when not 0."""
    return pyspiel.load_game(register(title, scenario), {"max_actions": max_actions})


class _Position:
    """The wargames game behind a state; OpenSpiel clones states by deep copy, and this
    copies only the game's state (the scenario, board and encoding are shared)."""

    def __init__(self, game: Game, legal: LegalIndex | None = None, count: int = 0) -> None:
        self.game = game
        self.enc: ActionEncoding = action_encoding(game)
        self.legal = legal
        self.count = count
        """Actions applied (chance outcomes included), for the ``max_actions`` limit."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.game.copy(), self.legal, self.count)


class WargamesState(pyspiel.State):  # type: ignore[misc]
    """One position: a wargames ``Game`` with the encoding's legal table cached."""

    def __init__(self, game: Any, wg: Game) -> None:
        super().__init__(game)
        self._pos = _Position(wg)
        self.sides = list(wg.title.sides)
        self.max_actions = 0

    @property
    def wg(self) -> Game:
        return self._pos.game

    @property
    def enc(self) -> ActionEncoding:
        return self._pos.enc

    def legal(self) -> LegalIndex:
        if self._pos.legal is None:
            self._pos.legal = self.enc.legal(self.wg)
        return self._pos.legal

    def truncated(self) -> bool:
        """Whether the ``max_actions`` limit (a game parameter; 0: none) ended the game."""
        return 0 < self.max_actions <= self._pos.count and not self.wg.is_over()

    def current_player(self) -> int:
        d = self.wg.decision
        if d is None or self.truncated():
            return int(pyspiel.PlayerId.TERMINAL)
        if d.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.sides.index(d.side)

    def _legal_actions(self, player: int) -> list[int]:
        return self.legal().indices

    def chance_outcomes(self) -> list[tuple[int, float]]:
        legal = self.legal()
        index = {a: i for i, a in legal.actions.items()}
        return sorted((index[a], float(p)) for a, p in self.wg.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.wg.apply(self.legal().actions[int(action)])
        self._pos.legal = None
        self._pos.count += 1

    def _action_to_string(self, player: int, action: int) -> str:
        found = self.legal().actions.get(int(action))
        if found is not None:
            return f"{action}: {found.to_json()}"
        return f"{action}: {' '.join(map(str, self.enc.factors(int(action))))}"

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WargamesState:
        """A state ``player_id`` cannot tell from this one (:meth:`Game.determinize`: the
        dice reseeded from the sampler, hidden facts dealt anew), as information-set search
        (OpenSpiel's ISMCTS) asks."""
        seed = int(float(probability_sampler()) * 2**62)
        other = WargamesState(self.get_game(), self.wg.determinize(self.sides[player_id], seed))
        other.max_actions = self.max_actions
        other._pos.count = self._pos.count
        return other

    def is_terminal(self) -> bool:
        return self.wg.is_over() or self.truncated()

    def returns(self) -> list[float]:
        result = self.wg.result()
        if result is None or result.winner is None:
            return [0.0] * len(self.sides)
        return [1.0 if s == result.winner else -1.0 for s in self.sides]

    def __str__(self) -> str:
        return repr(self.wg)


class Observer:
    """A side's observation: its flat observation tensor and its view as JSON text. With
    ``recall`` (OpenSpiel's information state) the text also holds the side's whole log
    (``Game.events_for``), so equal texts mean equal information states, and the tensor
    is the observation tensor followed by the log tensor (:mod:`wargames.log_tensor`: the
    side's latest actions, counts and a digest of its whole log), so that information states
    the text tells apart have different tensors too; ``information_state_tensor_shape`` is
    the sum of both lengths."""

    def __init__(self, probe: Game, recall: bool = False) -> None:
        shape = observation_shape(probe.title, probe.scenario)
        self.recall = recall
        self.split = shape.flat
        self.tensor = np.zeros(shape.flat + (log_size() if recall else 0), np.float32)
        self.dict = {"observation": self.tensor[: self.split]}
        if recall:
            self.dict["log"] = self.tensor[self.split :]

    def set_from(self, state: WargamesState, player: int) -> None:
        side = state.sides[player]
        self.tensor[: self.split] = observe(state.wg, side).flat()
        if self.recall:
            self.tensor[self.split :] = encode_log(state.wg, side)

    def string_from(self, state: WargamesState, player: int) -> str:
        side = state.sides[player]
        view = state.wg.view(side)
        if not self.recall:
            return json.dumps(view, sort_keys=True)
        log = [e.to_json() for e in state.wg.events_for(side)]
        return json.dumps({"view": view, "log": log}, sort_keys=True)
