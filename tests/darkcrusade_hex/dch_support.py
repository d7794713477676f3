"""Positions for Dark Crusade (hex) rule tests: the Barbarossa scenario with every unit taken
off the map except the ones a test places, on a plain stretch of steppe east of Voronezh.

Around ``C`` = 1810 (clear, no river, road or rail): W = 1710 and the other neighbours. An Axis
rail head on 1609 puts the Axis units next to C in full supply.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping

import attrs

import wargames
from wargames.core.actions import Choose, Outcome
from wargames.core.context import Context
from wargames.core.game import Game
from wargames.core.state import Frame
from wargames.darkcrusade.hex import DATA, combat
from wargames.darkcrusade.hex import counters as cn
from wargames.darkcrusade.hex.charts import charts

C = "1810"
W, NW, SW = "1710", "1709", "1711"
NE, SE, E = "1809", "1811", "1910"
RAILHEAD = "1609"
OUT = "out"


def game(
    placements: Mapping[str, str],
    *,
    turn: int = 1,
    group: str = "plain",
    profiles: Mapping[str, str] | None = None,
    axis_hexes: tuple[str, ...] = (),
    options: Mapping[str, object] | None = None,
    terrain: Mapping[str, str] | None = None,
) -> Game:
    """A game after the mech-group draw with only ``placements`` (unit -> hex) on the map
    (``options``: the scenario's options; ``terrain``: hexes given another terrain)."""
    if options or terrain:
        data = tomllib.loads((DATA / "barbarossa-1941.toml").read_text(encoding="utf-8"))
        data["options"] = dict(options or {})
        kinds = data["map"]["terrain"]
        for hex_, kind in (terrain or {}).items():
            for hexes in kinds.values():
                if hex_ in hexes:
                    hexes.remove(hex_)
            kinds.setdefault(kind, []).append(hex_)
        g = wargames.new_game("darkcrusade-hex", data, seed=0)
    else:
        g = wargames.new_game("darkcrusade-hex", seed=0)
    pick_group(g, group)
    st = g.state
    for u in list(st.units.values()):
        st.put(attrs.evolve(u, at=None, box=OUT, markers=frozenset()))
    for uid, at in placements.items():
        st.put(attrs.evolve(st.units[uid], at=at, box=None))
    st.turn = turn
    mech = set(st.get("mech_units", ()))
    st.set("railheads", [RAILHEAD])
    for n in (RAILHEAD, *axis_hexes):
        st.control[n] = cn.AXIS
    for uid, at in placements.items():
        st.control[at] = g.scenario.units[uid].side
    if profiles:
        # drawn counters, revealed (a test wanting one face down takes it out of "revealed")
        merged = dict(st.get("profiles", {}))
        merged.update(profiles)
        st.set("profiles", merged)
        shown = set(st.get("revealed", ())) | {u for u in profiles if u not in mech}
        st.set("revealed", sorted(shown))
    return g


def pick_group(g: Game, group: str) -> None:
    """The face-down mech group's chance steps: ``group``, its counters dealt in id order
    (the elite group's 3-2s on the last two korps)."""
    g.apply(Outcome(group))
    dealt = dict(zip(g.state.get("mech_units"), charts(ctx(g)).hidden[group], strict=True))
    while g.decision is not None and g.decision.step == "mech-deal":
        g.apply(Outcome(dealt[g.state.stack[-1].args["unit"]]))


def ctx(g: Game) -> Context:
    return Context(g.title, g.scenario, g.state, g.events)


def fight(g: Game, attackers: list[str], target: str, mode: str = "op") -> None:
    """Start resolving an attack now, as in the attacker's combat phase."""
    side = g.scenario.units[attackers[0]].side
    g.state.stack = (Frame("combat", {"side": side, "mode": mode}),)
    combat.start(ctx(g), target, attackers, side, mode)
    g._advance()


def at_step(g: Game, step: str, **args: object) -> None:
    """Put the game at the start of segment step ``step`` with ``args``."""
    g.state.stack = (Frame(step, args),)
    g._advance()


def disrupt(g: Game, *uids: str) -> None:
    for u in uids:
        g.state.put(g.state.units[u].marked(cn.DISRUPTED))


def stage(g: Game) -> str:
    b = g.state.get("battle")
    return "" if b is None else str(b["stage"])


def die_for(g: Game, code: str) -> int:
    """A die face giving ``code`` on the battle's current column."""
    from wargames.darkcrusade.hex.battle import current
    from wargames.darkcrusade.hex.charts import charts

    b = current(ctx(g))
    crt = charts(ctx(g)).crt
    column = crt.scale.shifted(b.base, b.shift)
    for die in range(1, 7):
        if str(crt.lookup(column, die)) == code:
            return die
    raise AssertionError(f"no {code} on column {crt.scale.label(column)}")


def roll_result(g: Game, code: str, order: str = "retreat") -> None:
    """Resolve the battle just declared with the defender's ``order`` (``retreat`` or
    ``no-retreat``), no pressed attack, the odds not rounded up, and a die giving ``code``."""
    g.apply(Choose(order))
    g.apply(Choose("press:0"))
    if stage(g) == "round-up":
        g.apply(Outcome("stay"))
    g.apply(Outcome(die_for(g, code)))


def column_label(g: Game) -> str:
    from wargames.darkcrusade.hex.battle import current
    from wargames.darkcrusade.hex.charts import charts

    b = current(ctx(g))
    crt = charts(ctx(g)).crt
    return crt.scale.label(crt.scale.shifted(b.base, b.shift))
