"""``python -m engine``: deal, play in a terminal, verify a log, layout and random codes, solve.

Every command that takes a deal code takes both schemes (``CF1-D3-AAAAACL``, a ``CF2`` layout
code); ``layout`` names any deal in CF2.

The solver (``engine/solver/``) is imported only by ``solve``, ``optimise`` and ``hint`` so
the rest works without it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from .cards import CARD_NAMES
from .deal import CODE_HELP, Deal, random_code
from .errors import EngineError, IllegalMove, NotationError
from .game import Game
from .notation import HELP as TOKEN_HELP
from .notation import TOKENS
from .replay import replay
from .table import is_face_down

#: Case-insensitive lookup for the terminal game only; logs and the API stay exact.
_TOKENS_ANY_CASE = {token.lower(): token for token in TOKENS}

PLAY_HELP = f"""\
Type one or more actions separated by spaces:
  {TOKEN_HELP}
  a card name (7H, 10h, qs) taps it: to its foundation if it can go up, else onto the \
longest column that takes it, else into an empty column
  stock   tap the stock (draw, or recycle when it is empty)
  moves   list the legal moves        hint   ask the solver for a move
  board   show the board again        help   this text        quit   leave"""


def play_help(width: int | None = None) -> str:
    """``PLAY_HELP`` wrapped at spaces to ``width`` columns (the terminal's, at most 100): a
    terminal wraps a long line wherever the edge falls, mid-word. A wrapped line keeps its
    indent, two columns more."""
    width = width or min(shutil.get_terminal_size().columns, 100)
    lines: list[str] = []
    for line in PLAY_HELP.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        wrapped = textwrap.wrap(
            line,
            width=width,
            subsequent_indent=indent + "  ",
            break_long_words=False,
            break_on_hyphens=False,
        )
        lines.extend(wrapped or [""])
    return "\n".join(lines)


#: The exit status of a command whose reader went away: a tool killed by SIGPIPE's (128 + 13),
#: what ``yes | head`` reports under ``set -o pipefail``.
BROKEN_PIPE_STATUS = 141


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    args_list = sys.argv[1:] if argv is None else list(argv)
    try:
        if args_list[:1] == ["solve"]:
            return _solve(args_list[1:])
        if args_list[:1] == ["optimise"]:
            return _optimise(args_list[1:])
        parser = _parser()
        args = parser.parse_args(args_list)
        if args.command is None:
            parser.print_help()
            return 2
        return int(args.run(args))
    except EngineError as error:  # a bad deal code, typically
        print(f"error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl+C during a long solve: stop, no traceback
        print(file=sys.stderr)
        return 130
    except BrokenPipeError:  # `engine deal … | head`: the reader has all it wanted
        # Python flushes stdout again at exit and would print a second traceback there.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return BROKEN_PIPE_STATUS


#: What a code argument is, said once for every command.
def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m engine", description="Canfield rules engine: deal, play, verify, solve."
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    deal = commands.add_parser("deal", help="print the layout of a deal code")
    deal.add_argument("code", help=CODE_HELP)
    deal.set_defaults(run=_deal)

    layout = commands.add_parser("layout", help="print the CF2 layout code of a deal code")
    layout.add_argument("code", help=CODE_HELP)
    layout.set_defaults(run=lambda args: print(Deal.from_code(args.code).layout_code) or 0)

    play = commands.add_parser("play", help="play a deal in the terminal")
    play.add_argument("code", help=f"{CODE_HELP}, or 'random'")
    play.add_argument(
        "--no-double-click",
        dest="double_click",
        action="store_false",
        help="a tapped card only goes to its foundation, never to a column",
    )
    play.add_argument("--hint-seconds", type=float, default=5.0, help="solver time per hint")
    play.add_argument(
        "--no-colour",
        dest="colour",
        action="store_false",
        default=None,
        help="no red for hearts and diamonds (default: red on a terminal, unless NO_COLOR is set)",
    )
    play.set_defaults(run=_play)

    verify = commands.add_parser("verify", help="replay a log file and check every action")
    verify.add_argument("code", help="deal code the log was played on")
    verify.add_argument("file", help="log: tokens separated by spaces or newlines ('-': stdin)")
    verify.set_defaults(run=_verify)

    rand = commands.add_parser("random", help="print a fresh random deal code")
    rand.add_argument("--draw", type=int, choices=(1, 3), default=3, help="draw mode (default 3)")
    rand.set_defaults(run=lambda args: print(random_code(draw=args.draw)) or 0)

    table = commands.add_parser(
        "table-play", help="let the table-view player (it sees only the table) play a deal"
    )
    table.add_argument("code", help=CODE_HELP)
    table.add_argument("--seed", type=int, default=1, help="the player's seed (default 1)")
    table.add_argument("--samples", type=int, default=6, help="layouts sampled (default 6)")
    table.add_argument("--nodes", type=int, default=1500, help="nodes per solve (default 1500)")
    table.set_defaults(run=_table_play)

    commands.add_parser(
        "solve",
        help="search a deal for a win (python -m engine solve --help)",
        add_help=False,
    )
    commands.add_parser(
        "optimise",
        help="solve a deal, then shorten the line (python -m engine optimise --help)",
        add_help=False,
    )
    return parser


# -- deal -----------------------------------------------------------------------------------------
def _deal(args: argparse.Namespace) -> int:
    deal = Deal.from_code(args.code)
    if deal.number is None:
        print(f"{deal.code}  layout code  draw {deal.draw}")
    else:
        print(f"{deal.code}  deal number {deal.number}  draw {deal.draw}")
        print(f"layout    {deal.layout_code}")
    print(f"base      {deal.base}")
    print(f"reserve   {' '.join(deal.reserve)}   (bottom -> top: {deal.reserve[-1]} plays first)")
    for number, column in enumerate(deal.tableau, start=1):
        print(f"column {number}  {column[0]}")
    print(f"stock     {' '.join(deal.stock)}   (bottom -> top: {deal.stock[-1]} is drawn first)")
    print()
    print(Game(deal).render())
    return 0


# -- verify ---------------------------------------------------------------------------------------
def _verify(args: argparse.Namespace) -> int:
    deal = Deal.from_code(args.code)
    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text()
    except OSError as error:
        print(f"error: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"error: cannot read {args.file}: it is not UTF-8 text", file=sys.stderr)
        return 2
    tokens = text.split()
    try:
        game = replay(deal, tokens)
    except (IllegalMove, NotationError) as error:
        kind = "illegal" if isinstance(error, IllegalMove) else "malformed"
        assert error.index is not None
        print(f"{kind} token at index {error.index} ({tokens[error.index]!r}): {error}")
        return 1
    print(f"{deal.code}: {len(tokens)} actions verified")
    print(f"score {game.score}")
    print(f"cards {game.cards}")
    print(f"moves {game.moves}")
    print(f"won {'yes' if game.won else 'no'}")
    return 0


# -- table-play -----------------------------------------------------------------------------------
def _table_play(args: argparse.Namespace) -> int:
    from .table_player import play_from_table

    deal = Deal.from_code(args.code)
    run = play_from_table(deal, seed=args.seed, samples=args.samples, nodes_per_solve=args.nodes)
    print(f"deal:    {deal.code}")
    print(f"line:    {' '.join(run.line)}")
    print(f"result:  {'won' if run.won else 'not won'}, {run.cards} cards, {run.actions} actions")
    print(f"nodes:   {run.nodes}")
    print(f"seconds: {run.seconds:.2f} (CPU)")
    return 0


# -- solve and hint (the solver helper's module, imported lazily) -------------------------------
def _solve(argv: list[str]) -> int:
    try:
        from . import solver
    except ImportError as error:
        print(f"the solver is not available ({error})", file=sys.stderr)
        return 2
    return int(solver.cli_main(argv))


def _optimise(argv: list[str]) -> int:
    try:
        from .solver import optimise
    except ImportError as error:
        print(f"the solver is not available ({error})", file=sys.stderr)
        return 2
    return int(optimise.cli_main(argv))


def _hint(game: Game, seconds: float) -> str:
    try:
        from . import solver
    except ImportError as error:
        return f"no hint: the solver is not available ({error})"
    result = solver.hint(game, seconds)
    if result.status == "won" and result.line:
        return f"hint: {result.line[0]}   (a win in {len(result.line)} actions from here)"
    if result.status == "won":
        return "hint: nothing to do, the game is won"
    if result.status == "lost":
        return "hint: no win is possible from here: undo some moves"
    return f"hint: no win found within {seconds:g} s"


# -- play -----------------------------------------------------------------------------------------
def _play(args: argparse.Namespace) -> int:
    code = random_code() if args.code.lower() == "random" else args.code
    game = Game.from_code(code)
    colour = args.colour
    if colour is None:  # https://no-color.org: NO_COLOR set (to anything) means none
        colour = sys.stdout.isatty() and "NO_COLOR" not in os.environ
    if sys.stdin.isatty():
        import readline  # noqa: F401  # input() then edits lines and keeps a history

    session = TerminalGame(
        game, double_click=args.double_click, hint_seconds=args.hint_seconds, colour=colour
    )
    session.run(_input_lines(), sys.stdout)
    return 0


def _input_lines() -> Iterator[str]:
    """Lines typed by the player, until end of input or Ctrl+C (a clean goodbye, no
    traceback: quitting is what Ctrl+C means here)."""
    while True:
        try:
            yield input("> ")
        except (EOFError, KeyboardInterrupt):
            print()
            return


class TerminalGame:
    """The interactive game: reads commands, plays them, prints the board or the reason."""

    def __init__(
        self,
        game: Game,
        *,
        double_click: bool = True,
        hint_seconds: float = 5.0,
        colour: bool = False,
    ) -> None:
        self.game = game
        self.double_click = double_click
        self.hint_seconds = hint_seconds
        self.colour = colour

    def run(self, lines: Iterator[str], out: TextIO) -> None:
        say: Callable[[str], None] = lambda text: print(text, file=out)  # noqa: E731
        say(self.game.render(colour=self.colour))
        say("Type a move (draw, RF, 24x3...), a card to tap (7H), 'help' or 'quit'.")
        for line in lines:
            words = line.split()
            if words[:1] and words[0].lower() in ("quit", "q", "exit"):
                break
            for word in words:
                reply = self.command(word)
                say(reply)
                if reply.startswith(("error", "nothing")):
                    break  # stop a pasted sequence at the first refusal
        say(f"bye: score {self.game.score}, cards {self.game.cards}, moves {self.game.moves}")

    def command(self, word: str) -> str:
        """Do what one word asks and say what happened."""
        lower = word.lower()
        if lower in ("help", "?"):
            return play_help()
        if lower == "board":
            return self.game.render(colour=self.colour)
        if lower == "moves":
            return "legal: " + " ".join(str(m) for m in self.game.legal_moves())
        if lower == "hint":
            return _hint(self.game, self.hint_seconds)
        token = _TOKENS_ANY_CASE.get(lower)
        label = ""
        if token is None:
            name = "stock" if lower == "stock" else lower.upper().replace("10", "T", 1)
            if name != "stock" and name not in CARD_NAMES:
                return f"error: {word!r} is neither a move nor a card (type 'help' for the moves)"
            move = self.game.tap(name, double_click=self.double_click)
            if move is None:
                if name != "stock" and is_face_down(self.game.state(), name):
                    return f"nothing happens: {word} is face down (only a face-up card can move)"
                return f"nothing happens: {word} cannot move (type 'moves' to see what can)"
            token, label = move.token, f"{name} -> "
        try:
            self.game.play(token)
        except IllegalMove as error:
            return f"error: {error}"
        board = self.game.render(colour=self.colour)
        if self.game.won:
            board += f"\nYou won! Score {self.game.score} in {self.game.moves} moves."
        return f"{label}{token}\n{board}"
