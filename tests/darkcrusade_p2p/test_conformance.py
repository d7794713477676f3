"""The conformance kit on Dark Crusade, 2nd edition: seeded random games end, replay byte for
byte, and every position's legal actions check clean."""

from __future__ import annotations

from wargames.testing import check_title


def test_check_title_darkcrusade_p2p() -> None:
    check_title("darkcrusade-p2p", seeds=range(2), every=40)
