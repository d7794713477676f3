"""DCH: Combat Results Definitions and their conversions.

Surrounded / Retreat Impossible / "No Retreat!": D1 -> D, D2 -> DE, DE -> BK. Forced Exchange
(declared against No Retreat!): D3 = .34X, D2 = .5X, D1 = X, D = 1.5X, X = 2X, AD = AE.
Exchanges eliminate the defenders covered by attacking factors (multiplier x modified
defence; a total under 1 factor is ignored).
"""

from __future__ import annotations

from fractions import Fraction

from wargames.core.results import CombatResult

NO_RETREAT = {"D1": "D", "D2": "DE", "DE": "BK"}
FORCED = {"D3": ".34X", "D2": ".5X", "D1": "X", "D": "1.5X", "X": "2X", "AD": "AE"}
RETREATS = {"D1": 1, "D2": 2, "D3": 3}


def parsed(code: str) -> CombatResult:
    return CombatResult.parse(code)


def is_exchange(code: str) -> bool:
    part = parsed(code).parts
    return len(part) == 1 and part[0].letters == "X" and part[0].side is None


def multiplier(code: str) -> Fraction:
    """An exchange's size: X/2 and .5X are 1/2, .34X is 34/100, 2X is 2."""
    return parsed(code).parts[0].multiplier


def extra_retreat(n: int) -> int:
    """DCH: Dn: the defender may continue up to 3-(Dn) hexes; the text's example (a D1 allows
    up to 1 more) caps it at 1 (judgement call, see the coverage table)."""
    return max(0, min(1, 3 - n))


def convert(code: str, no_retreat: bool, forced: bool) -> str:
    """The result after a Forced Exchange or a No Retreat!/surrounded conversion."""
    if forced:
        return FORCED.get(code, code)
    if no_retreat:
        return NO_RETREAT.get(code, code)
    return code


def held(code: str) -> str:
    """The result of units under No Retreat! (ordered, surrounded or left behind): the text's
    conversions, and a D3, which the text does not convert, eliminates them as units that
    cannot retreat (DCH: Retreat Impossible), never leaving them better off than on a D2."""
    return "DE" if code == "D3" else convert(code, True, False)
