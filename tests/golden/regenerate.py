"""Re-record the golden playthroughs after an intended change of behaviour.

Run ``python tests/golden/regenerate.py`` and commit the changed files with a note of which
rule change moved them. Never regenerate to make an unexplained difference go away.
"""

from __future__ import annotations

import json
from pathlib import Path

from wargames.testing import record_playthrough

HERE = Path(__file__).parent
GOLDEN = (
    ("minimal", 1),
    ("darkest", 1),
    ("konigsberg", 1),
    ("krim", 1),
    ("darkcrusade-p2p", 1),
    ("darkcrusade-hex", 1),
)


def main() -> None:
    for title, seed in GOLDEN:
        data = record_playthrough(title, seed)
        path = HERE / f"{title}-seed{seed}.json"
        path.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(data['actions'])} actions, {data['result']}")


if __name__ == "__main__":
    main()
