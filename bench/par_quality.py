"""How short the daily par is: the solver's line, a player's shortener, the optimiser.

    nice -n 5 .venv/bin/python bench/par_quality.py --deals 30 --out par.jsonl    # both stages
    nice -n 5 .venv/bin/python bench/par_quality.py --deals 30 --out par.jsonl --stage base
    nice -n 5 .venv/bin/python bench/par_quality.py --deals 10 --out par.jsonl --stage big
    cat part-*.jsonl > par.jsonl   # disjoint --first-d3/--first-d1 ranges run side by side
    .venv/bin/python bench/par_quality.py --out par.jsonl --summary             # figures only

Deals are fresh ones, never used while the optimiser was designed nor by an earlier run: CF1
numbers from 3,400,000 for draw 3 and from 3,400,500 for draw 1 (``--first-d3``,
``--first-d1``; the runs of docs/performance.md used 3,200,000-3,200,014 / 3,200,500-3,200,514
and 3,300,000-3,300,020 / 3,300,500-3,300,520), taken in turns (one draw-3 deal, one draw-1
deal, ...).  Per deal:

* ``base`` stage: the solver's par (``solve(seconds=10)``), the *30-second shortener* (a
  player with the layout and a laptop: from every prefix of the line, each other legal
  action, then a re-solve of 0.5 s and 20,000 nodes; a shorter win replaces the line, and
  the sweeps go on until 30 s of CPU or a sweep that finds nothing) and the optimiser at
  the default budget (``PAR_NODES``);
* ``big`` stage: the optimiser at ``--factor`` (10) times that budget.

Each stage of each deal is one JSON line in ``--out``; a stage already there is skipped, so
the bench runs in chunks (Ctrl+C loses one deal at most).  The summary merges the lines:
per draw mode and overall, the share of won deals where the optimiser's line is within 2%
of the shortener's and within 5% of the big budget's, the median ratios, the proven share
and CPU per deal (``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Deal, Game, replay
from engine.solver import solve
from engine.solver.optimise import PAR_NODES, optimise

SHORTENER_SECONDS = 30.0
SHORTENER_NODES = 20_000
SHORTENER_SOLVE_SECONDS = 0.5

Record = dict[str, Any]


def shortener(deal: Deal, line: list[str], *, cpu_seconds: float = SHORTENER_SECONDS) -> list[str]:
    """The tester's procedure: every prefix, every other legal action, a short re-solve."""
    started = time.process_time()
    best = list(line)
    at, improved = 0, False
    while time.process_time() - started < cpu_seconds:
        if at >= len(best):
            if not improved:
                break
            at, improved = 0, False
            continue
        game = replay(deal, best[:at])
        for move in game.legal_moves():
            if move.token in ("undo", best[at]):
                continue
            if time.process_time() - started >= cpu_seconds:
                break
            after = game.copy()
            after.play(move)
            result = solve(after, seconds=SHORTENER_SOLVE_SECONDS, max_nodes=SHORTENER_NODES)
            if result.status == "won" and at + 1 + len(result.line) < len(best):
                best = [*best[:at], move.token, *result.line]
                improved = True
        at += 1
    return best


def deals(count: int, first_d3: int, first_d1: int) -> Iterator[Deal]:
    for index in range(count):
        yield Deal.from_number(first_d3 + index, draw=3)
        yield Deal.from_number(first_d1 + index, draw=1)


def base_stage(deal: Deal, seed: int) -> Record:
    game = Game(deal)
    started = time.process_time()
    par = solve(game, seconds=10)
    record: Record = {
        "code": deal.code,
        "draw": deal.draw,
        "stage": "base",
        "status": par.status,
        "par_cpu": round(time.process_time() - started, 2),
    }
    if par.status != "won":
        return record
    started = time.process_time()
    short = shortener(deal, par.line)
    assert replay(deal, short).won
    record.update(
        par=len(par.line),
        par_line=par.line,
        shortener=len(short),
        shortener_cpu=round(time.process_time() - started, 2),
    )
    result = optimise(game, par.line, max_nodes=PAR_NODES, seed=seed)
    assert replay(deal, result.line).won
    record.update(
        optimised=len(result.line),
        proven=result.proven,
        nodes=result.nodes,
        optimise_cpu=round(result.seconds, 2),
    )
    return record


def big_stage(deal: Deal, base: Record, factor: int, seed: int) -> Record:
    result = optimise(Game(deal), base["par_line"], max_nodes=PAR_NODES * factor, seed=seed)
    assert replay(deal, result.line).won
    return {
        "code": deal.code,
        "draw": deal.draw,
        "stage": "big",
        "factor": factor,
        "big": len(result.line),
        "big_proven": result.proven,
        "big_nodes": result.nodes,
        "big_cpu": round(result.seconds, 2),
    }


def load(path: Path) -> dict[tuple[str, str], Record]:
    records: dict[tuple[str, str], Record] = {}
    if path.exists():
        for text in path.read_text().splitlines():
            if text.strip():
                record = json.loads(text)
                records[record["code"], record["stage"]] = record
    return records


def share(hits: int, total: int) -> str:
    return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "0/0"


def summary(records: dict[tuple[str, str], Record]) -> None:
    for label, draws in (("D3", (3,)), ("D1", (1,)), ("all", (3, 1))):
        bases = [r for (_, stage), r in records.items() if stage == "base" and r["draw"] in draws]
        won = [r for r in bases if r["status"] == "won"]
        bigs = [(r, records[r["code"], "big"]) for r in won if (r["code"], "big") in records]
        print(f"== {label}: {len(bases)} deals, {len(won)} won, {len(bigs)} with the big budget")
        if not won:
            continue
        near_short = sum(r["optimised"] <= 1.02 * r["shortener"] for r in won)
        print(f"  optimiser <= 1.02 x shortener:  {share(near_short, len(won))}")
        if bigs:
            near_big = sum(r["optimised"] <= 1.05 * b["big"] for r, b in bigs)
            print(f"  optimiser <= 1.05 x big budget: {share(near_big, len(bigs))}")
        ratios = {
            "par / shortener": [r["par"] / r["shortener"] for r in won],
            "optimiser / shortener": [r["optimised"] / r["shortener"] for r in won],
            "optimiser / par": [r["optimised"] / r["par"] for r in won],
        }
        if bigs:
            ratios["optimiser / big budget"] = [r["optimised"] / b["big"] for r, b in bigs]
        for name, values in ratios.items():
            print(
                f"  median {name}: {statistics.median(values):.3f}"
                f" (min {min(values):.3f}, max {max(values):.3f})"
            )
        lengths = {
            "par": [r["par"] for r in won],
            "shortener": [r["shortener"] for r in won],
            "optimiser": [r["optimised"] for r in won],
        }
        if bigs:
            lengths["big budget"] = [b["big"] for _, b in bigs]
        print(
            "  median length: "
            + ", ".join(f"{k} {statistics.median(v):g}" for k, v in lengths.items())
        )
        print(
            f"  proven: {share(sum(r['proven'] for r in won), len(won))} at the default budget",
            end="",
        )
        if bigs:
            print(f", {share(sum(b['big_proven'] for _, b in bigs), len(bigs))} at the big one")
        else:
            print()
        for name, values in (
            ("optimiser CPU", [r["optimise_cpu"] for r in won]),
            ("shortener CPU", [r["shortener_cpu"] for r in won]),
            ("big budget CPU", [b["big_cpu"] for _, b in bigs]),
        ):
            if values:
                print(
                    f"  {name}: median {statistics.median(values):.1f} s,"
                    f" mean {statistics.mean(values):.1f} s, max {max(values):.1f} s"
                )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, required=True, help="results file (JSON lines)")
    parser.add_argument("--deals", type=int, default=30, help="deals per draw mode (default 30)")
    parser.add_argument("--first-d3", type=int, default=3_400_000)
    parser.add_argument("--first-d1", type=int, default=3_400_500)
    parser.add_argument("--stage", choices=("base", "big", "both"), default="both")
    parser.add_argument("--factor", type=int, default=10, help="the big budget, x PAR_NODES")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--summary", action="store_true", help="print the figures only")
    args = parser.parse_args()
    records = load(args.out)
    if not args.summary:
        stages = ("base", "big") if args.stage == "both" else (args.stage,)
        for stage in stages:
            for deal in deals(args.deals, args.first_d3, args.first_d1):
                code = deal.code
                assert code is not None
                if (code, stage) in records:
                    continue
                if stage == "base":
                    record = base_stage(deal, args.seed)
                else:
                    base = records.get((code, "base"))
                    if base is None or base["status"] != "won":
                        continue
                    record = big_stage(deal, base, args.factor, args.seed)
                records[code, stage] = record
                with args.out.open("a") as out:
                    out.write(json.dumps(record) + "\n")
                shown = {k: v for k, v in record.items() if k != "par_line"}
                print(json.dumps(shown), flush=True)
    summary(records)


if __name__ == "__main__":
    main()
