"""The battle record: one attack being resolved, as a typed value kept in ``vars.battle``.

Its stages are a fixed enum run in order by the ``battle`` step (:mod:`.combat`); each
decision or die roll is a frame pushed above it, so a game serializes at every one.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import Any

import attrs

from wargames.core.context import Context


class Stage(enum.Enum):
    REVEAL = "reveal"
    AIR = "air"
    NO_RETREAT = "no-retreat"
    FORCED_BEFORE = "forced-before"
    PRESS = "press"
    GAMBLE = "gamble"
    ROUND_UP = "round-up"
    PRESS_ROLL = "press-roll"
    ROLL = "roll"
    FORCED_AFTER = "forced-after"
    AVOID = "avoid"
    RESULT = "result"
    OPT_OUT = "opt-out"
    DECLINE = "decline"
    EXCHANGE = "exchange"
    LENGTH = "length"
    RETREAT = "retreat"
    WITHDRAW = "withdraw"
    LOSSES = "losses"
    ADVANCE = "advance"
    END = "end"


TUPLE_FIELDS = (
    "attackers",
    "origins",
    "defenders",
    "advanced",
    "air",
    "holding",
    "gamble",
    "limited",
)
"""The battle record's tuple fields, kept as JSON lists in a save."""


@attrs.frozen
class Battle:
    """An attack on ``target`` by ``attackers`` of ``side``.

    ``base`` is the column before shifts (after a German round-up), ``shift`` the total
    shift (terrain, weather, supply, pressing); ``code`` the result being carried out;
    ``press`` the columns pressed and ``radical`` whether by the text's "more radical" method
    (the die itself picks the column: see :func:`.combat_steps.press_shift`); ``need`` the
    attacking factors still to be lost (AE, exchanges); ``retreat`` the hexes the
    attacker chose and ``extra`` how many more the defender may add; ``gamble`` the enhanced
    odds gamble chosen (target column, fallback column, chance in sixths); ``limited`` the
    attackers not in Full Supply when the attack began."""

    target: str
    side: str
    mode: str
    attackers: tuple[str, ...]
    origins: tuple[str, ...]
    defenders: tuple[str, ...]
    stage: Stage = Stage.REVEAL
    no_retreat: bool = False
    forced: bool = False
    avoided: bool = False
    press: int = 0
    radical: bool = False
    base: int = 0
    shift: int = 0
    roll: int = 0
    rolled: str = ""
    code: str = ""
    defence: int = 0
    need: str = "0"
    retreat: int = 0
    extra: int = 0
    retreated: int = 0
    advanced: tuple[str, ...] = ()
    into: int = 0
    air: tuple[str, ...] = ()
    holding: tuple[str, ...] = ()
    blitz: bool = False
    gamble: tuple[int, ...] = ()
    limited: tuple[str, ...] = ()

    def evolve(self, **changes: Any) -> Battle:
        return attrs.evolve(self, **changes)

    @property
    def need_value(self) -> Fraction:
        return Fraction(self.need)

    def to_json(self) -> dict[str, Any]:
        d = attrs.asdict(self, recurse=False)
        d["stage"] = self.stage.value
        for k in TUPLE_FIELDS:
            d[k] = list(d[k])
        return d

    @classmethod
    def from_json(cls, d: Any) -> Battle:
        data = dict(d)
        data["stage"] = Stage(data["stage"])
        for k in TUPLE_FIELDS:
            data[k] = tuple(data.get(k, ()))
        return cls(**data)


def current(ctx: Context) -> Battle:
    got = ctx.state.get("battle")
    assert got is not None, "no battle is being fought"
    return Battle.from_json(got)


def save(ctx: Context, b: Battle | None) -> None:
    ctx.state.set("battle", None if b is None else b.to_json())
