"""``python -m engine`` through real subprocesses (and the terminal game in memory)."""

from __future__ import annotations

import io
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Deal, Game, replay
from engine.cli import TerminalGame
from tests.engine.positions import position

ROOT = Path(__file__).resolve().parents[2]
VECTORS = json.loads((Path(__file__).parent / "data" / "deals.json").read_text())
LAYOUT_VECTORS = json.loads((Path(__file__).parent / "data" / "layout_codes.json").read_text())


def run(
    *args: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env=None if env is None else {**os.environ, **env},
    )


@pytest.mark.parametrize("command", ["deal", "layout", "play", "verify", "random", "table-play"])
def test_each_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith(f"usage: python -m engine {command}")


def test_top_level_help_lists_the_commands() -> None:
    result = run("--help")
    assert result.returncode == 0
    commands = ("deal", "layout", "play", "verify", "random", "solve", "optimise", "table-play")
    for command in commands:
        assert command in result.stdout


def test_deal_prints_the_layout() -> None:
    vector = VECTORS[2]
    result = run("deal", vector["code"].lower())
    assert result.returncode == 0
    assert f"{vector['code']}  deal number {vector['number']}" in result.stdout
    assert " ".join(vector["reserve"]) in result.stdout
    assert " ".join(vector["stock"]) in result.stdout


def test_deal_prints_the_layout_of_a_layout_code_and_a_numbers_layout_code() -> None:
    vector = LAYOUT_VECTORS[4]  # the seeds' example
    result = run("deal", vector["code"].lower())
    assert result.returncode == 0
    assert result.stdout.startswith(f"{vector['code']}  layout code  draw 3\n")
    assert " ".join(vector["reserve"]) in result.stdout
    assert " ".join(vector["stock"]) in result.stdout
    cf1 = LAYOUT_VECTORS[5]
    assert f"layout    {cf1['code']}\n" in run("deal", cf1["cf1"]).stdout


@pytest.mark.parametrize("vector", LAYOUT_VECTORS[4:8], ids=lambda vector: vector["note"])
def test_layout_prints_the_cf2_code_of_either_scheme(vector: dict) -> None:
    for given in (vector.get("cf1", vector["code"]), vector["code"].lower().replace("0", "o")):
        result = run("layout", given)
        assert (result.returncode, result.stdout) == (0, vector["code"] + "\n")


def test_a_bad_layout_code_is_explained() -> None:
    code = LAYOUT_VECTORS[4]["code"]
    result = run("layout", code[:-1] + ("0" if code[-1] != "0" else "1"))
    assert result.returncode == 2
    assert "a character is mistyped or two are swapped" in result.stderr


def test_a_bad_code_is_explained() -> None:
    result = run("deal", "CF1-D2-AAAAAAA")
    assert result.returncode == 2
    assert "draw mode 'D2'" in result.stderr


def test_random_prints_a_code_in_the_asked_draw_mode() -> None:
    result = run("random", "--draw", "1")
    assert result.returncode == 0
    assert re.fullmatch(r"CF1-D1-[A-Z]{7}\n", result.stdout)


def test_verify_a_legal_log(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text("draw 42\ndraw undo\n")
    result = run("verify", "CF1-D3-AAAAACL", str(log))
    assert result.returncode == 0
    assert result.stdout.splitlines()[1:] == ["score 0", "cards 1", "moves 2", "won no"]


def test_verify_reports_the_first_illegal_token(tmp_path: Path) -> None:
    log = tmp_path / "game.log"
    log.write_text("draw 42 RF draw")
    result = run("verify", "CF1-D3-AAAAACL", str(log))
    assert result.returncode == 1
    assert "illegal token at index 2 ('RF')" in result.stdout
    assert "The 9 of hearts cannot start the hearts foundation" in result.stdout


def test_verify_reports_a_malformed_token_and_reads_stdin() -> None:
    result = run("verify", "CF1-D3-AAAAACL", "-", stdin="draw 4x2")
    assert result.returncode == 1
    assert "malformed token at index 1 ('4x2')" in result.stdout


def test_verify_a_missing_or_binary_file(tmp_path: Path) -> None:
    result = run("verify", "CF1-D3-AAAAACL", "/nonexistent/log")
    assert result.returncode == 2
    assert "cannot read" in result.stderr
    binary = tmp_path / "log.bin"
    binary.write_bytes(b"draw \xff\xfe")
    result = run("verify", "CF1-D3-AAAAACL", str(binary))
    assert result.returncode == 2
    assert "not UTF-8 text" in result.stderr


def test_play_in_the_terminal_fed_by_stdin() -> None:
    result = run("play", "CF1-D3-AAAAACL", stdin="draw\n42\nRF\nfoo\n9c\nundo\nQUIT\n")
    assert result.returncode == 0
    out = result.stdout
    assert "error: The 9 of hearts cannot start the hearts foundation" in out
    assert "error: 'foo' is neither a move nor a card" in out
    assert "nothing happens: 9c cannot move" in out
    assert "bye: score 0, cards 1, moves 1" in out  # draw, 42, undo


def test_a_face_down_card_typed_is_said_to_be_face_down() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state()
    stock_card, under_the_reserve_top = state["stock"][5], state["reserve"][0]
    result = run("play", "CF1-D3-AAAAACL", stdin=f"{stock_card}\n{under_the_reserve_top}\n")
    assert result.returncode == 0
    for card in (stock_card, under_the_reserve_top):
        assert f"nothing happens: {card} is face down (only a face-up card can move)" in (
            result.stdout
        )


@pytest.mark.parametrize("width", [40, 60, 80, 100])
def test_help_wraps_between_words_at_the_terminals_width(width: int) -> None:
    result = run("play", "CF1-D3-AAAAACL", stdin="help\n", env={"COLUMNS": str(width)})
    lines = result.stdout.split("> ")[1].splitlines()  # the answer to the first prompt
    assert lines[0].startswith("Type one or more actions")
    assert all(len(line) <= width for line in lines), lines
    words = " ".join(lines).split()
    assert "RF/R1-R4" in words and "(column to foundation)," in " ".join(words)
    assert {"foundation", "longest", "column"} <= set(words)  # none cut in two


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    """``python -m engine deal CODE | head -1``: no BrokenPipe traceback, the status a tool
    killed by SIGPIPE has.

    The reader's end is closed before the command starts, so the command's first write meets
    a gone reader every time. With a real ``head`` the short output can fit the pipe's buffer
    before ``head`` exits, and the status is then 0 or 141 by the scheduler's whim (it was 0
    in one CI run under load).
    """
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "engine", "deal", "CF1-D3-AAAAACL"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert result.returncode == 141
    assert result.stderr == ""


def test_head_reads_the_first_line_of_a_deal_and_nothing_is_said_on_stderr() -> None:
    command = f"{sys.executable} -m engine deal CF1-D3-AAAAACL | head -1"
    result = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.stdout.splitlines() == ["CF1-D3-AAAAACL  deal number 63  draw 3"]
    assert result.stderr == ""


def test_play_taps_cards_and_the_stock_and_ends_at_end_of_input() -> None:
    result = run("play", "CF1-D3-AAAAACL", stdin="stock 6h")
    assert result.returncode == 0
    assert "stock -> draw" in result.stdout
    assert "6H -> 42" in result.stdout
    assert "bye: score 0, cards 1, moves 2" in result.stdout


def test_the_terminal_game_announces_a_win() -> None:
    full = {s: [r + s for r in "789TJQKA23456"] for s in "CDHS"}
    last = full["S"].pop()
    game = position(base="7H", waste=[last], foundations=full, tableau=[[], [], [], []])
    out = io.StringIO()
    TerminalGame(game).run(iter(["wf", "help"]), out)
    assert "You won! Score 5 in 1 moves." in out.getvalue()
    assert "a card name (7H, 10h, qs) taps it" in out.getvalue()


def test_the_terminal_game_lists_moves_and_accepts_any_case() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    out = io.StringIO()
    TerminalGame(game).run(iter(["moves", "DRAW"]), out)
    assert "legal: draw 42" in out.getvalue()
    assert game.moves == 1


WON_LOG = Path(__file__).parent / "data" / "won_CF1-D3-AAAAACL.log"


def test_verify_a_won_game() -> None:
    """A winning line found once by the solver and kept as data (two take-backs: 265)."""
    result = run("verify", "CF1-D3-AAAAACL", str(WON_LOG))
    assert result.returncode == 0
    assert result.stdout.splitlines() == [
        "CF1-D3-AAAAACL: 213 actions verified",
        "score 265",
        "cards 52",
        "moves 213",
        "won yes",
    ]


def test_verify_a_won_game_on_its_layout_code() -> None:
    code = Deal.from_code("CF1-D3-AAAAACL").layout_code
    result = run("verify", code, str(WON_LOG))
    assert result.returncode == 0
    assert result.stdout.splitlines()[:2] == [f"{code}: 213 actions verified", "score 265"]


def test_verify_catches_a_tampered_won_log(tmp_path: Path) -> None:
    tokens = WON_LOG.read_text().split()
    first_foundation = tokens.index("WF")
    tokens[first_foundation] = "W1"
    log = tmp_path / "tampered.log"
    log.write_text(" ".join(tokens))
    result = run("verify", "CF1-D3-AAAAACL", str(log))
    assert result.returncode == 1
    assert f"at index {first_foundation} ('W1')" in result.stdout


def test_table_play_prints_a_line_the_engine_accepts() -> None:
    result = run("table-play", "CF1-D3-AAAABMS", "--samples", "2", "--nodes", "400")
    assert result.returncode == 0, result.stderr
    line = re.search(r"^line: +(.*)$", result.stdout, re.MULTILINE)
    assert line is not None
    game = replay("CF1-D3-AAAABMS", line.group(1))
    assert f"{game.cards} cards, {game.moves} actions" in result.stdout


def test_solve_is_handed_to_the_solver() -> None:
    result = run("solve", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python -m engine solve")


def test_solve_without_the_solver_says_so() -> None:
    code = (
        "import sys; sys.modules['engine.solver'] = None\n"
        "from engine.cli import main\n"
        "sys.exit(main(['solve', 'CF1-D3-AAAAACL']))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert result.returncode == 2
    assert "the solver is not available" in result.stderr


def test_the_terminal_game_gives_a_hint() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    out = io.StringIO()
    TerminalGame(game, hint_seconds=2).run(iter(["hint"]), out)
    assert re.search(r"^hint: ", out.getvalue(), re.MULTILINE)  # not "no hint: no solver"


def test_the_terminal_board_shows_red_suits_in_red_when_asked() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")  # columns 9C / 7S 6H / AH / TC
    coloured = game.render(colour=True)
    assert "\x1b[31m6♥\x1b[0m" in coloured and "\x1b[31mA♥\x1b[0m" in coloured
    assert "\x1b[31m9♣" not in coloured and "9♣" in coloured
    assert "\x1b" not in game.render()  # plain by default (doctests, pipes, logs)
    out = io.StringIO()
    TerminalGame(game, colour=True).run(iter(["draw"]), out)
    assert "\x1b[31m" in out.getvalue()


def test_ctrl_c_ends_the_terminal_game_with_a_goodbye_not_a_traceback() -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "engine", "play", "CF1-D3-AAAAACL", "--no-colour"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    seen = ""
    while not seen.endswith("\n> "):  # the board, then the prompt: waiting for a line
        seen += process.stdout.read(1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "bye: score 0" in out
