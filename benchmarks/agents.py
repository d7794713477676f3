"""The search agent against the random agent: win rate in both seats of every title, cost per
decision.

Run ``python benchmarks/agents.py [GAMES] [PLAYOUTS] [DEPTH] [MAX_ACTIONS] [TITLE ...]``
(defaults: 4 games per seat, 16 playouts of depth 12 per decision, games cut after 3000
actions, every registered title; ``lines:north`` plays one seat only; settings of
:class:`SearchAgent` from the environment, e.g. ``SCREEN=24 CANDIDATES=6``; ``AGENT=ismcts``
measures :class:`ISMCTSAgent` instead, ``SCREEN`` then being its screened widening). Game
``k`` of a seat uses seed ``k`` for the game
and both agents, so runs are reproducible. A game cut short counts as not won; its score is
the title's ``evaluate`` for the seat where it was cut (a finished game scores 1, 0.5 or 0),
and the same games with the random agent in the seat give the baseline score, so short runs
of long titles still compare search with random. The mean victory points of each side at
the end (as ``Title.victory_points`` counts them) show the margin where both agents win.
Big titles take long: Königsberg's decisions cost about 16 playouts x 12 actions x 7 ms.

``python benchmarks/agents.py --measured [GAMES] [TITLE[:SEAT] ...]`` plays instead each seat
with the settings of :data:`MEASURED` (the ones ``docs/agents.md`` reports: ISMCTS, its
iterations, playout depth, screened widening and root order per seat) on seeds 1 to GAMES
(default 6),
against random play on the same seeds. Whole games; hours for the big titles.
"""

from __future__ import annotations

import os
import sys
import time

import wargames
from wargames.agents import RandomAgent
from wargames.ismcts import ISMCTSAgent
from wargames.search import SearchAgent

OPTIONS = {
    name: int(os.environ[name.upper()])
    for name in ("screen", "candidates")
    if name.upper() in os.environ
}
"""SearchAgent's other settings, from the environment (``SCREEN``, ``CANDIDATES``)."""
AGENT = os.environ.get("AGENT", "flat")
"""``flat`` (:class:`SearchAgent`) or ``ismcts`` (:class:`ISMCTSAgent`: PLAYOUTS are its
iterations, DEPTH its playout depth after the tree)."""


def searcher(
    seed: int, playouts: int, depth: int, screen: int | None = None, prior: int = 0
) -> SearchAgent | ISMCTSAgent:
    """The agent under test, as ``AGENT`` names it (``screen`` given: ISMCTS with it and
    ``prior``, its root order)."""
    if screen is not None or AGENT == "ismcts":
        if screen is None:
            screen = OPTIONS.get("screen", 0)  # SCREEN: ISMCTSAgent's screened widening
        return ISMCTSAgent(seed=seed, iterations=playouts, depth=depth, screen=screen, prior=prior)
    return SearchAgent(seed=seed, playouts=playouts, depth=depth, **OPTIONS)  # type: ignore[arg-type]


def match(
    title: str,
    seat: str,
    games: int,
    playouts: int,
    depth: int,
    max_actions: int,
    searching: bool = True,
    seeds: range | None = None,
    screen: int | None = None,
    prior: int = 0,
) -> tuple[int, int, int, float, float, dict[str, float]]:
    """(wins, games finished, search decisions, seconds spent in search, mean score, mean
    victory points per side at the end) for ``seat`` (``searching`` false: the random agent
    plays the seat too, for the baseline) on ``seeds`` (default ``range(games)``); ``screen``
    given: ISMCTS with that screened widening and root order ``prior``, whatever ``AGENT``
    says."""
    wins = finished = decisions = 0
    seconds = score = 0.0
    points: dict[str, float] = {}
    seeds = range(games) if seeds is None else seeds
    games = len(seeds)
    for seed in seeds:
        game = wargames.new_game(title, seed=seed)
        search = searcher(seed, playouts, depth, screen, prior)
        rand = RandomAgent(seed)
        for _ in range(max_actions):
            d = game.decision
            if d is None:
                break
            if d.is_chance:
                game.roll()
            elif d.side == seat and searching:
                start = time.perf_counter()
                action = search.choose(game)
                seconds += time.perf_counter() - start
                decisions += 1
                game.apply(action)
            else:
                game.apply(rand.choose(game))
        result = game.result()
        if result is not None:
            finished += 1
            wins += result.winner == seat
        score += game.title.evaluate(game.rules_context(), seat)
        for side, vp in game.title.victory_points(game.rules_context()).items():
            points[side] = points.get(side, 0.0) + float(vp) / max(1, games)
    return wins, finished, decisions, seconds, score / max(1, games), points


MEASURED: dict[tuple[str, str], tuple[int, int, int, int]] = {
    ("minimal", "blue"): (16, 12, 0, 0),
    ("minimal", "red"): (16, 12, 0, 0),
    ("lines", "north"): (128, 12, 0, 0),
    ("lines", "south"): (32, 12, 0, 0),
    ("darkest", "axis"): (32, 0, 4, 1000),
    ("darkest", "russian"): (32, 12, 0, 0),
    ("krim", "axis"): (16, 8, 4, 0),
    ("krim", "soviet"): (16, 8, 4, 0),
    ("konigsberg", "german"): (32, 0, 4, 0),
    ("konigsberg", "soviet"): (32, 0, 4, 1000),
    ("darkcrusade-hex", "axis"): (32, 0, 4, 0),
    ("darkcrusade-hex", "russian"): (16, 8, 0, 0),
    ("darkcrusade-p2p", "axis"): (64, 0, 4, 0),
    ("darkcrusade-p2p", "soviet"): (16, 8, 0, 0),
}
"""(title, seat) -> ISMCTS (iterations, playout depth, screened widening, root order ``prior``)
as measured in ``docs/agents.md``."""


def measured(games: int, only: list[str]) -> None:
    """Every seat of :data:`MEASURED` (or those ``only`` names: ``title`` or ``title:seat``)
    on seeds 1 to ``games``, against random play on the same seeds."""
    seeds = range(1, games + 1)
    print(f"ISMCTS as measured in docs/agents.md against random, seeds 1-{games}")
    for (title, seat), (iterations, depth, screen, prior) in MEASURED.items():
        if only and title not in only and f"{title}:{seat}" not in only:
            continue
        wins, finished, decisions, seconds, score, points = match(
            title, seat, games, iterations, depth, 10**6, seeds=seeds, screen=screen, prior=prior
        )
        base_wins, _, _, _, baseline, base_points = match(
            title, seat, games, iterations, depth, 10**6, False, seeds=seeds
        )
        per = seconds / max(1, decisions)
        print(
            f"  {title:15} {seat:8} ({iterations}, {depth}, screen {screen}, prior {prior}): "
            f"won {wins}/{games} "
            f"({finished} finished), random {base_wins}/{games}; score {score:.3f} (random "
            f"{baseline:.3f}); {per:5.2f} s per decision over {decisions}; VP "
            f"{vp_text(points)} (random {vp_text(base_points)})",
            flush=True,
        )


def vp_text(points: dict[str, float]) -> str:
    """The mean victory points at the end, side by side (the margin where both agents win
    every game of a seat): ``north 3.2, south 1.0``."""
    return ", ".join(f"{s} {v:.1f}" for s, v in points.items())


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--measured":
        rest = args[1:]
        count = int(rest.pop(0)) if rest and rest[0].isdigit() else 6
        measured(count, rest)
        return
    games = int(args[0]) if len(args) > 0 else 4
    playouts = int(args[1]) if len(args) > 1 else 16
    depth = int(args[2]) if len(args) > 2 else 12
    max_actions = int(args[3]) if len(args) > 3 else 3000
    titles = args[4:] or wargames.titles()
    print(f"search ({playouts} playouts, depth {depth}) against random, {games} games a seat")
    for name in titles:
        title, _, only = name.partition(":")  # "lines:north": one seat only
        for seat in [only] if only else wargames.new_game(title).title.sides:
            wins, finished, decisions, seconds, score, points = match(
                title, seat, games, playouts, depth, max_actions
            )
            *_, baseline, base_points = match(
                title, seat, games, playouts, depth, max_actions, False
            )
            per = 1000 * seconds / max(1, decisions)
            vp = f"; VP {vp_text(points)} (random {vp_text(base_points)})" if points else ""
            print(
                f"  {title:10} search as {seat:8}: won {wins}/{games} "
                f"({finished} finished), score {score:.3f} (random {baseline:.3f}), "
                f"{per:7.1f} ms per decision over {decisions}{vp}"
            )


if __name__ == "__main__":
    main()
