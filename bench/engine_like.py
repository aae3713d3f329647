"""Calibration of the engine-likeness measure: engines at a human pace against people-like
players, on deals never used while designing it.

    nice -n 10 .venv/bin/python bench/engine_like.py --out engine_like.jsonl           # the run
    .venv/bin/python bench/engine_like.py --out /tmp/e.jsonl --deals 2 --populations solver,greedy
    .venv/bin/python bench/engine_like.py --summary engine_like.jsonl                  # reprint
    .venv/bin/python bench/engine_like.py --refit honest.jsonl                   # new thresholds

For each deal (CF1 numbers from ``--first-d3`` in draw 3 and ``--first-d1`` in draw 1) it plays
one line per population and judges it once (``engine_like.judge_line``, the judge seeded per
deal, apart from every player's seed); then it reads several think-time models against the
judged steps (``engine_like.figures``: microseconds), so one judged line gives a verdict per
timing. It writes one JSON line per (deal, population) to ``--out`` and skips those already
there, so a run stopped half way carries on where it was.

Populations (``POPULATIONS``). **Engines**, timed by random delays of three shapes
(``ENGINE_TIMINGS``): the solver's full-information line; the table-view player at the par's
budget; a stronger one (``--strong``, 24 samples x 6,000 nodes by default); the first two also
with 5% and 10% of their decisions replaced by another legal move that keeps the win (the
solver checks it on the true deal), and padded with detours (``detours.py``, 10). **People-like
players**, who see only the table, timed by a think-time model that grows with what a person
sees of the difficulty (``human``, below; ``human_weak``, a faint version): weak table-view
players (1 sample x 40 nodes, 2 x 60), the greedy player, the greedy player with 10% of its
decisions a random other move, and a player that thinks one move ahead.

What they can and cannot stand for: real people are not greedy bots or small searches, and
real think times are not these models. The ``human`` model is an assumption: the think time
before an action is ``0.3 s`` plus a lognormal (sigma 0.5) around ``0.45 s`` for a forced
move and ``0.8 + 0.7 log2(candidates)`` seconds for a choice, plus 1 s when the last action
turned a card (a draw, a reserve card played), and one action in 25 a pause (exponential,
mean 8 s). It uses only what a player sees (how many moves there are, a new card), never the
judge's votes. So the people rows say what the measure does to players who think longer where
there is more to choose from; whether people do is what the refit on the service's own honest
lines (``--refit``) must answer. The engine rows with the ``human`` timing are the measure's
limit: an engine whose delays are shaped like that is not what the timing figure catches.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Deal, Game
from engine.solver import solve
from engine.table import table_view
from engine.table_player.detours import DETOURS, with_detours
from engine.table_player.engine_like import (
    NODES_PER_SOLVE,
    SAMPLES,
    THRESHOLDS,
    EngineLike,
    Judged,
    Step,
    accumulate,
    figures,
    judge_line,
    refit,
)
from engine.table_player.greedy import MAX_ACTIONS, GreedyPlayer, Stall, greedy_move
from engine.table_player.harness import TablePlayer, View
from engine.table_player.memory import TableMemory
from engine.table_player.par import NODES_PER_SOLVE as PAR_NODES
from engine.table_player.par import SAMPLES as PAR_SAMPLES
from engine.table_player.sampling import SamplingPlayer
from engine.table_player.telling import truth_after

#: The solver's budget for a full-information line, and for checking that a changed move
#: still wins.
SOLVER_NODES, VERIFY_NODES = 400_000, 20_000
#: Detours padded into an engine's won line.
DETOURS_PER_LINE = 10
#: Lines an account of the summary pools (a ranked week, say).
ACCOUNT_DAYS = 5
#: The judge's seed on deal ``n``: apart from every player's (the service keys its own).
JUDGE_SEED = 9_000_000


# -- players the bench needs besides the engine's ---------------------------------------------
class SolverFollower:
    """The solver as a player: it knows the deal (a cheat's engine), follows its line, and
    solves again when the game leaves it."""

    def __init__(self, deal: Deal) -> None:
        self.game = Game(deal)
        self.line: list[str] = []
        self.nodes = 0
        self._stall = Stall()
        self._view: View = {}

    def start(self, view: View) -> None:
        self._view = view
        self._solve()

    def _solve(self) -> None:
        result = solve(self.game, seconds=3600.0, max_nodes=SOLVER_NODES)
        self.nodes += result.nodes
        self.line = result.line if result.status == "won" else []

    def choose(self, legal: Sequence[str]) -> str | None:
        if self.line:
            return self.line[0]
        return greedy_move(self._view, legal, self._stall)  # no win found: play on, then stop

    def observe(self, token: str, view: View) -> None:
        self._view = view
        self._stall.note(token)
        self.game.play(token)
        if self.line and self.line[0] == token:
            del self.line[0]
        elif not self.game.won:
            self._solve()


def _fingerprint(view: View) -> str:
    return json.dumps(
        [
            view["reserve"][-1:],
            len(view["reserve"]),
            len(view["stock"]),
            view["waste"],
            view["tableau"],
            view["foundations"],
        ]
    )


class LookaheadPlayer:
    """Thinks one move ahead at the table: plays each move on one layout its memory allows
    (the next card a guess) and keeps the best-looking result (cards up, reserve down, moves
    it opens), never back to a position it has seen; ties go to the greedy rule's order."""

    nodes = 0

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._stall = Stall()
        self._memory: TableMemory | None = None
        self._seen: set[str] = set()

    def start(self, view: View) -> None:
        self._memory = TableMemory(view)
        self._seen = {_fingerprint(view)}

    def choose(self, legal: Sequence[str]) -> str | None:
        memory = self._memory
        assert memory is not None
        candidates = [t for t in legal if t != "undo" and self._stall.allows(t)]
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        from engine.replay import replay

        game = replay(memory.deal_of(memory.determinize(self.rng)), memory.tokens)
        order = {token: rank for rank, token in enumerate(_greedy_order(memory.view, candidates))}
        best: tuple[float, int, str] | None = None
        for token in candidates:
            after = game.copy()
            after.play(token)
            view = table_view(after.state())
            if token not in ("draw", "recycle") and _fingerprint(view) in self._seen:
                continue
            moves = [str(m) for m in after.legal_moves() if str(m) != "undo"]
            score = (
                10 * after.cards
                - 2 * len(after.reserve)
                + 3 * sum(1 for m in moves if m.endswith("F"))
                + 0.5 * sum(1 for m in moves if m not in ("draw", "recycle"))
            )
            key = (-score, order.get(token, 99), token)
            if best is None or key < (best[0], best[1], best[2]):
                best = key
        if best is None:
            return greedy_move(memory.view, candidates, self._stall)
        return best[2]

    def observe(self, token: str, view: View) -> None:
        assert self._memory is not None
        self._memory.observe(token, view)
        self._stall.note(token)
        self._seen.add(_fingerprint(view))


def _greedy_order(view: View, candidates: Sequence[str]) -> list[str]:
    """The candidates in the greedy rule's order of preference."""
    left = list(candidates)
    out: list[str] = []
    while left:
        token = greedy_move(view, left, Stall()) or left[0]
        out.append(token)
        left.remove(token)
    return out


def play_erring(
    deal: Deal,
    player: TablePlayer,
    *,
    rng: random.Random,
    share: float,
    keep_win: bool,
    max_actions: int = MAX_ACTIONS,
) -> tuple[list[str], bool]:
    """``player``'s game on ``deal`` with ``share`` of its decisions replaced by another legal
    move (one the solver shows still wins, with ``keep_win``; any, without): the line, won."""
    game = Game(deal)
    player.start(table_view(game.state()))
    line: list[str] = []
    while not game.won and len(line) < max_actions:
        legal = [str(move) for move in game.legal_moves()]
        token = player.choose(legal)
        if token is None:
            break
        others = [t for t in legal if t not in ("undo", token)]
        if others and share and rng.random() < share:
            rng.shuffle(others)
            for other in others[:3]:
                if not keep_win or truth_after(game, other, max_nodes=VERIFY_NODES) == "won":
                    token = other
                    break
        game.play(token)
        line.append(token)
        player.observe(token, table_view(game.state()))
    return line, game.won


# -- populations ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Population:
    name: str
    kind: str  # "engine" | "people"
    play: Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool] | None]
    seeded: bool = False  # a people-like player whose line depends on its seed (``--repeats``)


def _table(samples: int, nodes: int, seed_base: int) -> Callable[[int, int], SamplingPlayer]:
    return lambda number, _: SamplingPlayer(
        samples=samples, nodes_per_solve=nodes, seed=seed_base + number
    )


def _solver(share: float) -> Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool]]:
    def play(deal: Deal, number: int, _: argparse.Namespace) -> tuple[list[str], bool]:
        rng = random.Random(number * 7 + int(share * 100))
        return play_erring(deal, SolverFollower(deal), rng=rng, share=share, keep_win=True)

    return play


def _par(share: float) -> Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool]]:
    def play(deal: Deal, number: int, _: argparse.Namespace) -> tuple[list[str], bool]:
        player = SamplingPlayer(
            samples=PAR_SAMPLES, nodes_per_solve=PAR_NODES, seed=1_000_000 + number
        )
        rng = random.Random(number * 11 + int(share * 100))
        return play_erring(deal, player, rng=rng, share=share, keep_win=True)

    return play


def _detoured(
    base: Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool]],
) -> Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool] | None]:
    def play(deal: Deal, number: int, args: argparse.Namespace) -> tuple[list[str], bool] | None:
        line, won = base(deal, number, args)
        if not won:
            return None  # detours are added to won lines only
        rng = random.Random(number)
        padded = with_detours(deal, line, rng=rng, count=DETOURS_PER_LINE, kinds=list(DETOURS))
        return padded, True

    return play


def _strong(deal: Deal, number: int, args: argparse.Namespace) -> tuple[list[str], bool]:
    samples, nodes = (int(part) for part in args.strong.split("x"))
    player = SamplingPlayer(samples=samples, nodes_per_solve=nodes, seed=2_000_000 + number)
    return play_erring(deal, player, rng=random.Random(0), share=0.0, keep_win=True)


def _plain(
    make: Callable[[int], TablePlayer], share: float = 0.0
) -> Callable[[Deal, int, argparse.Namespace], tuple[list[str], bool]]:
    def play(deal: Deal, number: int, _: argparse.Namespace) -> tuple[list[str], bool]:
        rng = random.Random(number * 13 + 5)
        return play_erring(deal, make(number), rng=rng, share=share, keep_win=False)

    return play


POPULATIONS = [
    Population("solver", "engine", _solver(0.0)),
    Population("solver_err5", "engine", _solver(0.05)),
    Population("solver_err10", "engine", _solver(0.10)),
    Population("solver_detours", "engine", _detoured(_solver(0.0))),
    Population("par_player", "engine", _par(0.0)),
    Population("par_err5", "engine", _par(0.05)),
    Population("par_err10", "engine", _par(0.10)),
    Population("par_detours", "engine", _detoured(_par(0.0))),
    Population("strong", "engine", _strong),
    Population(
        "weak_1x40",
        "people",
        _plain(lambda n: SamplingPlayer(samples=1, nodes_per_solve=40, seed=3_000_000 + n)),
        seeded=True,
    ),
    Population(
        "weak_2x60",
        "people",
        _plain(lambda n: SamplingPlayer(samples=2, nodes_per_solve=60, seed=4_000_000 + n)),
        seeded=True,
    ),
    Population("greedy", "people", _plain(lambda n: GreedyPlayer())),
    Population("greedy_err10", "people", _plain(lambda n: GreedyPlayer(), share=0.10), seeded=True),
    Population(
        "lookahead", "people", _plain(lambda n: LookaheadPlayer(5_000_000 + n)), seeded=True
    ),
]

#: How far apart the seeds of a people-like population's repeats on one deal are (``--repeats``:
#: repeat ``k`` plays with the deal's number plus ``k`` times this, for its seeds only).
REPEAT_SEED_STRIDE = 10_000_000


# -- think times ------------------------------------------------------------------------------
def _revealed(line: Sequence[str], index: int) -> bool:
    """Whether the action before ``index`` turned a card (a draw, a reserve card played)."""
    return index > 0 and (line[index - 1] == "draw" or line[index - 1].startswith("R"))


def human(steps: Sequence[Step], rng: random.Random, *, strength: float = 1.0) -> list[float]:
    """The people model (see the module): slower on a choice, the more candidates, and after
    a new card; ``strength`` scales how much (``human_weak``: 0.3, with wider noise)."""
    line = [step.token for step in steps]
    times = []
    for index, step in enumerate(steps):
        median = 0.45 if step.candidates <= 1 else 0.8 + 0.7 * math.log2(step.candidates)
        median = 0.45 + strength * (median - 0.45)
        if _revealed(line, index):
            median += strength * 1.0
        sigma = 0.5 if strength >= 1 else 0.9
        think = 0.3 + median * math.exp(rng.gauss(0.0, sigma))
        if rng.random() < 1 / 25:
            think += rng.expovariate(1 / 8)
        times.append(think)
    return times


TIMINGS: dict[str, Callable[[Sequence[Step], random.Random], list[float]]] = {
    "exponential": lambda steps, rng: [rng.expovariate(1 / 2.0) for _ in steps],
    "lognormal": lambda steps, rng: [1.5 * math.exp(rng.gauss(0.0, 0.7)) for _ in steps],
    "uniform_fast": lambda steps, rng: [rng.uniform(0.16, 0.5) for _ in steps],
    "human": lambda steps, rng: human(steps, rng),
    "human_weak": lambda steps, rng: human(steps, rng, strength=0.3),
}
#: Which timings each kind of population is read with; the first ones are its target rows.
ENGINE_TIMINGS: tuple[str, ...] = ("exponential", "lognormal", "uniform_fast")
PEOPLE_TIMINGS: tuple[str, ...] = ("human",)
#: Rows that are not targets: the measure's limit (engines with delays shaped like the people
#: model), a faint people model (a stress test: think times that barely follow the position)
#: and what the agreement alone does (people at random delays).
EXTRA_TIMINGS: dict[str, tuple[str, ...]] = {
    "engine": ("human",),
    "people": ("human_weak", "exponential"),
}


# -- the run ----------------------------------------------------------------------------------
def _deals(args: argparse.Namespace) -> list[tuple[int, int]]:
    deals = [(3, args.first_d3 + i) for i in range(args.deals)]
    deals += [(1, args.first_d1 + i) for i in range(args.deals)]
    if args.draw:
        deals = [(draw, number) for draw, number in deals if draw == args.draw]
    return sorted(deals, key=lambda d: d[1] - (args.first_d3 if d[0] == 3 else args.first_d1))


def _done(path: Path) -> set[tuple[int, int, str, int]]:
    if not path.exists():
        return set()
    done = set()
    for text in path.read_text().splitlines():
        if text.strip():
            record = json.loads(text)
            done.add(
                (record["draw"], record["number"], record["population"], record.get("repeat", 0))
            )
    return done


def _runs(population: Population, repeats: int) -> range:
    """The repeats of ``population`` on a deal: a seeded people-like player ``repeats`` times
    (more honest lines per deal: a held rate of 1% takes some 300 lines to show), any other
    once (an engine's line, or the greedy player's, is the same whatever the seed)."""
    return range(repeats if population.seeded else 1)


def run(args: argparse.Namespace) -> None:
    out = Path(args.out)
    done = _done(out)
    wanted = set(args.populations.split(",")) if args.populations else None
    populations = [p for p in POPULATIONS if wanted is None or p.name in wanted]
    print(
        f"judge: {args.judge_samples} samples x {args.judge_nodes} nodes, seed {JUDGE_SEED}+n;"
        f" thresholds {THRESHOLDS.to_json()}; {len(done)} records already in {out}",
        flush=True,
    )
    for draw, number in _deals(args):
        deal = Deal.from_number(number, draw=draw)
        solver_line: list[str] | None = None  # the day's solver par, as the service has it
        for population, repeat in ((p, k) for p in populations for k in _runs(p, args.repeats)):
            if (draw, number, population.name, repeat) in done:
                continue
            if solver_line is None:
                solved = solve(Game(deal), seconds=3600.0, max_nodes=SOLVER_NODES)
                solver_line = solved.line if solved.status == "won" else []
            started = time.process_time()
            played = population.play(deal, number + repeat * REPEAT_SEED_STRIDE, args)
            line_cpu = time.process_time() - started
            record: dict[str, object] = {
                "draw": draw,
                "number": number,
                "code": deal.code,
                "population": population.name,
                "kind": population.kind,
                "repeat": repeat,
            }
            if played is None:
                record["skipped"] = "not won: no detours"
            else:
                line, won = played
                started = time.process_time()
                judged = judge_line(
                    deal,
                    line,
                    seed=JUDGE_SEED + number,
                    samples=args.judge_samples,
                    nodes_per_solve=args.judge_nodes,
                    solver_line=solver_line,
                )
                judge_cpu = time.process_time() - started
                timings = (
                    ENGINE_TIMINGS if population.kind == "engine" else PEOPLE_TIMINGS
                ) + EXTRA_TIMINGS[population.kind]
                record.update(
                    won=won,
                    actions=len(line),
                    line_cpu=round(line_cpu, 2),
                    judge_cpu=round(judge_cpu, 2),
                    figures={
                        name: _figures(judged, name, number, population.name, repeat).to_json()
                        for name in timings
                    },
                )
            with out.open("a") as stream:
                stream.write(json.dumps(record) + "\n")
            _progress(record)


def _figures(
    judged: Judged, timing: str, number: int, population: str, repeat: int = 0
) -> EngineLike:
    key = f"{number}/{population}/{timing}" + (f"/{repeat}" if repeat else "")
    rng = random.Random(key)
    return figures(judged, TIMINGS[timing](judged.steps, rng))


def _progress(record: dict[str, object]) -> None:
    repeat = f"~{record['repeat']}" if record.get("repeat") else ""
    head = f"D{record['draw']} {record['number']} {str(record['population']) + repeat:15s}"
    figures_ = record.get("figures")
    if not isinstance(figures_, dict):
        print(f"{head} skipped ({record['skipped']})", flush=True)
        return
    shown = []
    judged = [EngineLike.from_json(data) for data in figures_.values()]
    for name, figure in zip(figures_, judged, strict=True):
        rho = "-" if figure.rho is None else f"{figure.rho:+.2f}"
        shown.append(f"{name[:5]} {rho} {figure.verdict()[:5]}")
    print(
        f"{head} {'won ' if record['won'] else 'lost'} {record['actions']:4d} act"
        f" agree {judged[0].agreed}/{judged[0].matters} (table {judged[0].table_agreed})"
        f"  {' | '.join(shown)}  cpu {record['line_cpu']} + {record['judge_cpu']} s",
        flush=True,
    )


# -- the summary ------------------------------------------------------------------------------
def _spread(values: Sequence[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    return f"p10 {at(0.1):+.2f} med {statistics.median(ordered):+.2f} p90 {at(0.9):+.2f}"


def summary(path: Path, day_lines: Sequence[int]) -> None:
    records = [json.loads(t) for t in path.read_text().splitlines() if t.strip()]
    judged = [r for r in records if "figures" in r]
    deals = Counter(r["draw"] for r in {(r["draw"], r["number"]): r for r in records}.values())
    print(
        f"\n{len(judged)} lines judged on {deals[3]} draw-3 and {deals[1]} draw-1 deals"
        f" ({len(records) - len(judged)} skipped: detours need a won line);"
        f" thresholds {THRESHOLDS.to_json()}"
    )
    rows: dict[tuple[str, str, str], list[tuple[dict[str, object], EngineLike]]] = defaultdict(list)
    order: list[tuple[str, str, str]] = []
    for record in judged:
        for timing, data in record["figures"].items():
            row = (record["kind"], record["population"], timing)
            if row not in rows:
                order.append(row)
            rows[row].append((record, EngineLike.from_json(data)))
    print("  (listed and held: of the lines with a verdict; too few: no verdict, lines too short)")
    header = (
        f"  {'population':15s} {'timing':12s} {'lines':>5s} {'won':>4s} {'listed':>7s}"
        f" {'held':>7s} {'too few':>7s} {'held won':>8s}  agreement, rho, matters"
    )
    for kind, title, goal in (
        ("engine", "Engines at random delays", "goal: listed >= 95%, held >= 80%"),
        ("people", "People-like players, think times shaped", "goal: held <= 1%, listed <= 5%"),
    ):
        print(f"\n{title} ({goal}); other rows are not targets:")
        print(header)
        order_kind = sorted(
            (row for row in order if row[0] == kind),
            key=lambda row: (
                row[2] in EXTRA_TIMINGS[kind],
                [p.name for p in POPULATIONS].index(row[1]),
                row[2],
            ),
        )
        for row in order_kind:
            items = rows[row]
            verdicts = Counter(figure.verdict() for _, figure in items)
            n = max(1, len(items) - verdicts["too_few"])  # the rates: of lines with a verdict
            listed = verdicts["engine_like"] + verdicts["listed"]
            agreements = [f.agreement for _, f in items if f.agreement is not None]
            rhos = [f.rho for _, f in items if f.rho is not None]
            matters = [float(f.matters) for _, f in items]
            mark = " " if row[2] not in EXTRA_TIMINGS[kind] else "*"
            won = [f for r, f in items if r["won"]]
            held_won = sum(1 for f in won if f.verdict() == "engine_like")
            print(
                f" {mark}{row[1]:15s} {row[2]:12s} {len(items):5d} {len(won):4d}"
                f" {listed / n:7.1%} {verdicts['engine_like'] / n:7.1%} {verdicts['too_few']:7d}"
                f" {held_won:3d}/{len(won):<4d}"
                f"  agree {_spread(agreements)}; rho {_spread(rhos)};"
                f" matters med {statistics.median(matters):.0f}"
            )
    for kind in ("engine", "people"):
        targets = ENGINE_TIMINGS if kind == "engine" else PEOPLE_TIMINGS
        pooled = [f for row in order if row[0] == kind and row[2] in targets for _, f in rows[row]]
        verdicts = Counter(f.verdict() for f in pooled)
        n = max(1, len(pooled) - verdicts["too_few"])
        print(
            f"  all {kind} target rows: {n} line-timings with a verdict"
            f" ({verdicts['too_few']} too few),"
            f" listed {(verdicts['engine_like'] + verdicts['listed']) / n:.1%},"
            f" held {verdicts['engine_like'] / n:.1%}"
        )
    print(
        f"\nAccounts of {ACCOUNT_DAYS} lines (one population and timing, deals in order;"
        " accumulate(): intervals must clear the hold thresholds to hold):"
    )
    for kind in ("engine", "people"):
        targets = ENGINE_TIMINGS if kind == "engine" else PEOPLE_TIMINGS
        accounts: Counter[str] = Counter()
        for row in order:
            if row[0] != kind or row[2] not in targets:
                continue
            lines = [f for _, f in rows[row]]
            for start in range(0, len(lines) - ACCOUNT_DAYS + 1, ACCOUNT_DAYS):
                accounts[accumulate(lines[start : start + ACCOUNT_DAYS]).verdict()] += 1
        total = sum(accounts.values()) or 1
        print(
            f"  {kind:7s} accounts {sum(accounts.values()):4d}:"
            f" held {accounts['engine_like'] / total:6.1%},"
            f" listed {accounts['listed'] / total:6.1%},"
            f" clear {accounts['clear'] / total:6.1%}, too few {accounts['too_few']}"
        )
    cpu = [float(r["judge_cpu"]) for r in judged]
    per_draw = {d: [float(r["judge_cpu"]) for r in judged if r["draw"] == d] for d in (3, 1)}
    print(
        f"\nCPU per judged line (the judge, once per line): mean {statistics.fmean(cpu):.1f} s,"
        f" p90 {sorted(cpu)[int(0.9 * (len(cpu) - 1))]:.1f} s, max {max(cpu):.1f} s"
        + "".join(
            f"; D{d} mean {statistics.fmean(v):.1f} s max {max(v):.1f} s"
            for d, v in per_draw.items()
            if v
        )
    )
    print(
        "CPU per day: "
        + ", ".join(f"{n} lines {n * statistics.fmean(cpu) / 60:.0f} min" for n in day_lines)
        + " (one process; the figures for any think times then cost microseconds)"
    )
    honest = [
        f for row in order if row[0] == "people" and row[2] in PEOPLE_TIMINGS for _, f in rows[row]
    ]
    engines = [
        f for row in order if row[0] == "engine" and row[2] in ENGINE_TIMINGS for _, f in rows[row]
    ]
    if honest and any(f.verdict() != "too_few" for f in honest):
        fitted = refit(honest, engines=engines)
        print(
            f"Refit on these people-like lines (a check of the refit, not new thresholds):"
            f" {json.dumps(fitted.to_json())}"
        )


def refit_command(path: Path, held_rate: float, listed_rate: float) -> None:
    """Refit from a file of honest lines' figures: one ``EngineLike.to_json()`` per line, or
    this bench's records (their people-like rows are read as the honest lines)."""
    honest: list[EngineLike] = []
    for text in path.read_text().splitlines():
        if not text.strip():
            continue
        data = json.loads(text)
        if "figures" in data:
            if data["kind"] == "people":
                honest += [
                    EngineLike.from_json(data["figures"][t])
                    for t in PEOPLE_TIMINGS
                    if t in data["figures"]
                ]
        elif "population" not in data:
            honest.append(EngineLike.from_json(data))
    fitted = refit(honest, held_rate=held_rate, listed_rate=listed_rate)
    print(json.dumps(fitted.to_json(), indent=2))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="engine_like.jsonl", help="records (JSON lines)")
    parser.add_argument("--deals", type=int, default=20, help="deals per draw mode (20)")
    parser.add_argument("--first-d3", type=int, default=6000, help="first draw-3 deal (6000)")
    parser.add_argument("--first-d1", type=int, default=6500, help="first draw-1 deal (6500)")
    parser.add_argument("--draw", type=int, choices=(1, 3), help="one draw mode only")
    parser.add_argument("--populations", help="comma-separated names (all)")
    parser.add_argument(
        "--repeats", type=int, default=1, help="lines per seeded people-like population a deal"
    )
    parser.add_argument("--strong", default="24x6000", help="strong player: SAMPLESxNODES")
    parser.add_argument("--judge-samples", type=int, default=SAMPLES)
    parser.add_argument("--judge-nodes", type=int, default=NODES_PER_SOLVE)
    parser.add_argument("--day-lines", default="100,1000", help="lines a day, for CPU per day")
    parser.add_argument("--summary", help="print the summary of a records file and stop")
    parser.add_argument("--refit", help="refit thresholds from honest lines' figures and stop")
    parser.add_argument("--held-rate", type=float, default=0.01)
    parser.add_argument("--listed-rate", type=float, default=0.05)
    args = parser.parse_args()
    day_lines = [int(n) for n in args.day_lines.split(",")]
    if args.refit:
        refit_command(Path(args.refit), args.held_rate, args.listed_rate)
        return
    if args.summary:
        summary(Path(args.summary), day_lines)
        return
    run(args)
    summary(Path(args.out), day_lines)


if __name__ == "__main__":
    main()
