"""Dark Crusade 2nd edition: the cost of the strategic legal list (DC2 A, A.2), which lists a
line for every set of partisans passed (an exact search up to three of them).

Run ``python benchmarks/dc2_strategic.py``: the Axis holds every point within 4 and 6 lines of
Warsaw (34 and 64 points), Axis infantry on Warsaw chosen to move, three Soviet partisans on
random points of the region (4 seeds); then the reviewer's Kirovograd salient (review 8: 64
points, Odessa Soviet, partisans on Kremenchug, Nikolaev and Uman, each joined to just two
friendly points, one of them Kirovograd), which cost 14 s before the forced-edge test; prints
the CPU seconds of each legal list and the number of moves listed.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test position builders

from tests.darkcrusade_p2p.test_dc2_review7 import _position, _region


def main() -> None:
    print("points  seed  legal list (CPU s)  moves")
    for radius in (4, 6):
        points = [p for p in _region(radius) if p != "Warsaw"]
        for seed in range(4):
            g = _position(random.Random(seed).sample(points, 3), radius=radius)
            start = time.process_time()
            moves = len(g.legal_actions())
            print(f"{len(points) + 1:6}  {seed:4}  {time.process_time() - start:18.3f}  {moves:5}")
    g = _position(["Kremenchug", "Nikolaev", "Uman"], frozenset({"Odessa"}), radius=6)
    start = time.process_time()
    moves = len(g.legal_actions())
    print(f"salient  Kirovograd  {time.process_time() - start:12.3f}  {moves:5}")


if __name__ == "__main__":
    main()
