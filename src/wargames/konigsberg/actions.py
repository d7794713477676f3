"""The title's own actions: strategic movement (K45 4.4) and driving through refugees (12.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from wargames.core.actions import UNITS_PATH, Action


@attrs.frozen(slots=True)
class StrategicMove(Action):
    """K45 4.4: move one unit along roads only at half MP, never in or through an EZOC."""

    kind: ClassVar[str] = "strategic-move"
    refs: ClassVar[Mapping[str, str]] = UNITS_PATH
    units: tuple[str, ...]
    path: tuple[str, ...]


@attrs.frozen(slots=True)
class AtrocityMove(Action):
    """K45 12.3: a Soviet unit drives through refugees without the extra cost, removing them."""

    kind: ClassVar[str] = "atrocity-move"
    refs: ClassVar[Mapping[str, str]] = UNITS_PATH
    units: tuple[str, ...]
    path: tuple[str, ...]
