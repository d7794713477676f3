"""Packaging: the wheel holds only ``wargames``; an editable install stays visible to mypy."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_wheel_adds_no_top_level_package_but_wargames(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("wargames-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"wargames"}
    assert "wargames/py.typed" in names
    assert any(n.startswith("wargames/darkest/data/") for n in names)


def test_mypy_sees_the_installed_package(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    probe = tmp_path / "probe.py"
    probe.write_text("import wargames\nreveal_type(wargames.new_game)\n")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), str(probe)],
        capture_output=True,
        text=True,
    )
    assert "wargames.core.game.Game" in run.stdout, run.stdout
    assert run.returncode == 0, run.stdout


def test_testing_without_hypothesis_names_the_test_extra() -> None:
    code = (
        "import sys; sys.modules['hypothesis'] = None\n"
        "try:\n    import wargames.testing\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout
    assert "wargames[test]" in out
