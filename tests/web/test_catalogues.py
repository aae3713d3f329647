"""The translation catalogues are complete, compiled and in step with the code.

Fails when a .po has an untranslated or fuzzy entry, when a committed .mo is not what its .po
compiles to (stale or hand-edited), or when a string marked in a template, a script or the
Python code is missing from the catalogues (or a catalogue keeps one the code no longer has):
the strings are extracted afresh by the Makefile's own ``extract-messages`` into a copy of the
tree and compared with the committed ones.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("id", "ja")
CATALOGUES = [
    Path(app, "locale", language, "LC_MESSAGES", f"{domain}.po")
    for app, domain in [
        ("games", "django"),
        ("web", "django"),
        ("web", "djangojs"),
        ("fairplay", "django"),
        ("ratings", "django"),
        ("leagues", "django"),
    ]
    for language in LANGUAGES
]
#: What the extraction needs to see: the code with marked strings, and what runs it.
TREE = [
    "Makefile",
    "manage.py",
    "pyproject.toml",
    "canfield_site",
    "engine",
    "games",
    "fairplay",
    "ratings",
    "leagues",
    "web",
    "shared",
    "leaderboards",
    "accounts",
]

needs_gettext = pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="GNU gettext (msgfmt) is not installed"
)
ids = [str(path) for path in CATALOGUES]


def msgids(po: Path) -> set[str]:
    """The msgids of a catalogue written with --no-wrap (one line each), header excluded."""
    found = re.findall(r'^msgid (".*")$', po.read_text(encoding="utf-8"), flags=re.M)
    return {json.loads(text) for text in found} - {""}


@needs_gettext
@pytest.mark.parametrize("po", CATALOGUES, ids=ids)
def test_every_entry_is_translated_and_none_is_fuzzy(po: Path) -> None:
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(ROOT / po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "fuzzy" not in result.stderr and "untranslated" not in result.stderr, result.stderr
    assert re.search(r"\d+ translated messages?\.", result.stderr), result.stderr


@needs_gettext
@pytest.mark.parametrize("po", CATALOGUES, ids=ids)
def test_the_committed_mo_is_what_its_po_compiles_to(po: Path, tmp_path: Path) -> None:
    compiled = tmp_path / "fresh.mo"
    # The command compilemessages runs (Django's CompileMessages.program_options).
    subprocess.run(["msgfmt", "--check-format", "-o", str(compiled), str(ROOT / po)], check=True)
    committed = ROOT / po.with_suffix(".mo")
    assert committed.exists(), f"{committed} is missing: run make compile-messages"
    assert committed.read_bytes() == compiled.read_bytes(), (
        f"{committed} is stale: run make compile-messages"
    )


@pytest.mark.slow
@needs_gettext
def test_the_catalogues_hold_exactly_the_strings_the_code_marks(tmp_path: Path) -> None:
    copy = tmp_path / "tree"
    copy.mkdir()
    for name in TREE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo")
            )
        else:
            shutil.copy2(source, copy / name)
    result = subprocess.run(
        ["make", "--no-print-directory", "extract-messages", f"BIN={Path(sys.executable).parent}"],
        cwd=copy,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    for po in CATALOGUES:
        fresh, committed = msgids(copy / po), msgids(ROOT / po)
        assert fresh, f"nothing extracted into {po}"
        missing, stale = sorted(fresh - committed), sorted(committed - fresh)
        assert not missing, f"{po} lacks strings the code marks (run make messages): {missing}"
        assert not stale, f"{po} keeps strings the code no longer marks: {stale}"


def test_every_reason_code_is_in_the_api_catalogue() -> None:
    from engine.reasons import CARD_WORDS, REASONS

    games = msgids(ROOT / "games/locale/ja/LC_MESSAGES/django.po")
    assert set(REASONS.values()) | {CARD_WORDS} <= games


def test_every_input_problem_is_in_the_api_catalogue_and_in_the_contracts() -> None:
    from engine.problems import PROBLEMS, TOKEN_HELP

    games = msgids(ROOT / "games/locale/ja/LC_MESSAGES/django.po")
    assert set(PROBLEMS.values()) | {TOKEN_HELP} <= games
    contracts = (ROOT / "docs/contracts.md").read_text(encoding="utf-8")
    assert not [code for code in PROBLEMS if f"`{code}`" not in contracts]
