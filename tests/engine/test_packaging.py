"""``pip install`` of the project gives a bot author the engine alone, typed, with the
``canfield`` command (the service runs from its checkout, never from site-packages)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_wheel_holds_the_engine_its_types_and_the_terminal_game(tmp_path: Path) -> None:
    source = tmp_path / "source"  # built from a copy: the checkout gets no build/ or egg-info
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO_ROOT / name, source / name)
    shutil.copytree(
        REPO_ROOT / "engine", source / "engine", ignore=shutil.ignore_patterns("__pycache__")
    )
    for name in ("canfield_site", "games", "web", "accounts"):
        (source / name).mkdir()
        (source / name / "__init__.py").write_text("")  # must be left out of the wheel
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(tmp_path / "dist"), str(source)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"engine", "canfield_arena-0.1.0.dist-info"}
    assert "engine/py.typed" in names
    entry_points = next(name for name in names if name.endswith("entry_points.txt"))
    assert "canfield = engine.cli:main" in zipfile.ZipFile(wheel).read(entry_points).decode()
