"""Terminal play: a person plays one side against an agent, or both sides hot-seat.

At each of a human side's decisions the terminal shows the new events of the log as that side
is told them (whole, redacted, or not at all), the decision's prompt and the legal actions
numbered; the person types a number, a notation (``move 18A 0102-0202``) or a shorthand (``18A
0202``), or a command: ``help``, ``board``, ``list`` (every legal action), ``undo`` (back to
this side's previous decision), ``save FILE`` (a record, or the JSON save when FILE ends in
``.json``), ``quit``. A mistake gets a one-line answer and changes nothing. Chance is decided
by the game's dice, the other side by the agent. Hot-seat, each side is shown only its own log
and board, when it is that side's turn to type (after a line saying whose turn it is). The
streams are parameters, so a session can be scripted:

>>> import io, wargames
>>> game = wargames.new_game("minimal", seed=7)
>>> out = io.StringIO()
>>> Terminal(game, humans=("blue", "red"), inp=io.StringIO("B1 0202\\nquit\\n"), out=out).run()
0
>>> game.history
[Move(units=('B1',), path=('0102', '0202'))]
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Protocol, TextIO

from .core.actions import Action
from .core.errors import IllegalAction, WargamesError
from .core.game import Game
from .core.prose import side_label

SHOWN = 30
"""At most this many legal actions are listed at a decision (``list`` shows all)."""

HELP = """\
Type the number of an action, its notation or a shorthand of it (a path cut to its
destination, the kind word left out, any case; the unit left out when every move is the
chosen unit's). Digits with a leading zero (0302) name a hex, not a number. Commands:
  board       the units on the map
  list        every legal action
  undo        take back your last decision (and what followed it)
  save FILE   write the game (a record; JSON when FILE ends in .json)
  quit        stop playing"""


class Agent(Protocol):
    def choose(self, game: Game) -> Action: ...


class Terminal:
    """A game played at a terminal: ``humans`` decide by typing, ``agent`` decides for the
    other sides (None: every side must be human), the game's dice for chance."""

    def __init__(
        self,
        game: Game,
        humans: Iterable[str],
        agent: Agent | None = None,
        inp: TextIO | None = None,
        out: TextIO | None = None,
        max_turns: int | None = None,
    ) -> None:
        self.game = game
        self.humans = tuple(humans)
        for side in self.humans:
            if side not in game.title.sides:
                known = ", ".join(game.title.sides)
                raise WargamesError(f"{side!r} is not a side of {game.title.name} ({known})")
        if agent is None and set(self.humans) != set(game.title.sides):
            raise WargamesError("an agent must play the sides no human plays")
        self.agent = agent
        self.inp = inp if inp is not None else sys.stdin
        self.out = out if out is not None else sys.stdout
        self.max_turns = max_turns
        self.shown: dict[str | None, int] = {}  # per viewer: events already shown
        self.seated: str | None = None  # hot-seat: the side last at the keyboard

    # --- output ------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def _viewer(self) -> str | None:
        """The side whose log and board are shown: the only human side, or hot-seat the human
        side to act, or the side last at the keyboard."""
        if len(self.humans) == 1:
            return self.humans[0]
        d = self.game.decision
        return d.side if d is not None and d.side in self.humans else self.seated

    def show_events(self) -> None:
        """The events ``_viewer()`` has not been shown, as it is told them."""
        viewer = self._viewer()
        start = self.shown.get(viewer, 0)
        for event in self.game.events[start:]:
            told = event if viewer is None else event.for_side(viewer)
            if told is not None:
                self.say(str(told))
        self.shown[viewer] = len(self.game.events)

    def show_decision(self, limit: int | None = SHOWN) -> None:
        game = self.game
        d = game.decision
        assert d is not None
        self.say(f"\n{game.title.name}, turn {game.state.turn} ({game.turn_label}): {d.prompt}")
        actions = list(game.legal_actions())
        for i, action in enumerate(actions[:limit] if limit else actions, start=1):
            self.say(f"  {i:>3}. {game.notation(action)}")
        if limit and len(actions) > limit:
            self.say(f"  ... {len(actions) - limit} more: type 'list' to see them all")

    def show_board(self) -> None:
        self.say(board_text(self.game, self._viewer()))

    # --- the loop ----------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends, the person quits or the input ends; returns 0."""
        game = self.game
        self.say(f"{game.title.name}: {game.scenario.name} (seed {game.seed}); 'help' for help")
        while True:
            if len(self.humans) == 1 or game.is_over():
                self.show_events()  # hot-seat: shown in ask(), after whose turn it is
            if game.is_over():
                self.say(f"Result: {game.result()}")
                return 0
            if self.max_turns is not None and game.state.turn > self.max_turns:
                self.say(f"Stopped at turn {game.state.turn}")
                return 0
            d = game.decision
            assert d is not None
            if d.is_chance:
                game.roll()
            elif d.side not in self.humans:
                assert self.agent is not None
                game.apply(self.agent.choose(game))
            elif not self.ask():
                return 0

    def ask(self) -> bool:
        """One human decision: read lines until an action is applied (True) or the person
        quits or the input ends (False)."""
        d = self.game.decision
        if len(self.humans) > 1 and d is not None and d.side != self.seated:
            self.seated = d.side
            self.say(f"\n--- {d.side} to play: the screen shows what {d.side} may see ---")
        if len(self.humans) > 1:
            self.show_events()
        self.show_decision()
        while True:
            self.out.write("> ")
            self.out.flush()
            line = self.inp.readline()
            if not line:
                self.say()
                return False
            text = line.strip()
            if not text:
                continue
            word, _, rest = text.partition(" ")
            command = word.lower()
            if command in ("quit", "exit"):
                return False
            if command in ("help", "?"):
                self.say(HELP)
            elif command == "board":
                self.show_board()
            elif command == "list":
                self.show_decision(limit=None)
            elif command == "undo":
                self.say(self.undo())
                self.show_events()
                self.show_decision()
            elif command == "save" and rest.strip():
                self.say(self.save(rest.strip()))
            else:
                error = self.play(text)
                if error is None:
                    return True
                self.say(f"error: {error}")

    def play(self, text: str) -> str | None:
        """Apply the action ``text`` names (a number or a notation); None, or why not. Digits
        with a leading zero (a hex, ``0302``) are a notation, not a number."""
        game = self.game
        try:
            if text.isdigit() and not text.startswith("0"):
                actions = list(game.legal_actions())
                n = int(text)
                if not 1 <= n <= len(actions):
                    return f"no action numbered {n} (1 to {len(actions)})"
                action = actions[n - 1]
            else:
                action = game.parse(text)
            game.apply(action)
        except IllegalAction as exc:
            return " ".join(str(exc).split())
        return None

    def undo(self) -> str:
        """Take back actions until the last human decision is undone."""
        game = self.game
        taken = 0
        while game.history:
            game.undo()
            taken += 1
            d = game.decision
            if d is not None and d.side in self.humans:
                break
        if not taken:
            return "nothing to undo"
        self.shown = {k: min(n, len(game.events)) for k, n in self.shown.items()}
        return f"took back {taken} action{'s' if taken != 1 else ''}"

    def save(self, name: str) -> str:
        path = Path(name)
        game = self.game
        text = game.to_json() if path.suffix == ".json" else game.to_record()
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as exc:
            return f"error: cannot write {name}: {exc.strerror}"
        return f"saved to {name}"


def board_text(game: Game, side: str | None = None) -> str:
    """The position as text: the turn, then each side's units on the map by node and the
    units in boxes counted (only what ``side`` may see, when given)."""
    state = game.state
    visible = game.title.visible_units(state, side) if side is not None else None
    ctx = game.rules_context()
    lines = [f"Turn {state.turn} ({game.turn_label})"]
    for s in game.title.sides:
        nodes: dict[str, list[str]] = {}
        boxes: dict[str, int] = {}
        for unit in state.units.values():
            if ctx.side_of(unit.id) != s or (visible is not None and unit.id not in visible):
                continue
            label = unit.id
            full = ctx.unit_def(unit.id).steps
            if full > 1 and unit.steps < full:
                label += f"({unit.steps}/{full})"
            if unit.at is not None:
                nodes.setdefault(unit.at, []).append(label)
            elif unit.box is not None:
                boxes[unit.box] = boxes.get(unit.box, 0) + 1
        lines.append(f"{side_label(s)}:")
        for node in sorted(nodes):
            lines.append(f"  {node}: {' '.join(nodes[node])}")
        if boxes:
            lines.append(
                "  off the map: " + ", ".join(f"{b} {n}" for b, n in sorted(boxes.items()))
            )
    return "\n".join(lines)


__all__ = ["HELP", "Terminal", "board_text"]
