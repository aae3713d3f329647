"""What a socket move costs in Redis, the announcement included, counted where it lands.

Each move goes the socket's way (``games.socket_moves.SocketMoves.receive``, the consumer's
own call, on this process's event loop, which is the server loop the publisher sees) and its
announcement through the live publisher's thread. While the moves run, a ``MONITOR``
connection (``tests.support.redis_monitor``) records every command Redis executes; those of
this process are kept: the commands its clients sent (each a round trip's share: a pipeline
is several commands, a script one) and, apart, the commands the scripts ran. Beside it, the
round trips and SQL statements per thread (the request threads' and the publisher's,
``bench/move_cost.py``'s hooks).

Two phases of ``--moves`` moves each, by ``--players`` players on one board:

* **one at a time**: each move's announcement published before the next move (a batch of
  one: what a lone player costs);
* **burst**: the players' moves sent without waiting for the publisher, as a busy server
  gets them (the publisher folds what queued up while it was busy: its batches).

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/0 nice -n 5 .venv/bin/python bench/announce_cost.py``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import setup_django
from move_cost import PUBLISHER, Queries, RedisTrips

#: The open board the moves are played on.
CODE = "CF1-D3-AAJHJUE"


@dataclass
class Seat:
    """One player's socket on a game of ``CODE``."""

    moves: Any  # games.socket_moves.SocketMoves
    seq: int
    legal: list[str]
    user: Any


def new_seat(rng: random.Random) -> Seat:
    from django.contrib.auth.models import User

    from games.api.views.games import game_json
    from games.services.games import game_create
    from games.socket_moves import SocketMoves

    user = User.objects.create_user(username=f"announce_{uuid.uuid4().hex[:12]}")
    game = game_create(player=user, code=CODE).game
    answer = game_json(game)
    moves = SocketMoves(game_id=game.id, owner_id=user.pk, scope={"user": user})
    return Seat(moves=moves, seq=int(answer["seq"]), legal=list(answer["legal_moves"]), user=user)


def next_token(seat: Seat, rng: random.Random) -> str:
    cards = [m for m in seat.legal if m not in ("draw", "recycle", "undo")]
    if cards and rng.random() < 0.7:
        return rng.choice(cards)
    return rng.choice([m for m in seat.legal if m != "undo"] or seat.legal)


async def move(seat: Seat, rng: random.Random) -> bool:
    """One move over the socket; False when the game is over (a new seat is needed)."""
    if not seat.legal:
        return False
    frame = {"type": "move", "seq": seat.seq + 1, "action": next_token(seat, rng)}
    reply = await seat.moves.receive(json.dumps(frame), None)
    answer = json.loads(reply.text or "{}")
    if answer.get("type") != "ack":
        raise SystemExit(f"move refused: {answer}")
    seat.seq = int(answer["seq"])
    seat.legal = list(answer.get("legal_moves") or []) if answer["status"] == "playing" else []
    return True


TICKS = os.sysconf("SC_CLK_TCK")


def thread_cpu_s(name: str) -> float:
    """CPU seconds so far of this process's thread called ``name`` (0 if there is none)."""
    for thread in threading.enumerate():
        if thread.name == name and thread.native_id is not None:
            stat = Path(f"/proc/self/task/{thread.native_id}/stat").read_text()
            fields = stat.rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / TICKS
    return 0.0


@dataclass(frozen=True)
class Cpu:
    """CPU seconds of the process, its event loop's thread and the publisher's thread."""

    process: float
    loop: float
    publisher: float

    @classmethod
    def now(cls) -> Cpu:
        return cls(time.process_time(), time.thread_time(), thread_cpu_s(PUBLISHER))

    def __sub__(self, other: Cpu) -> Cpu:
        return Cpu(
            self.process - other.process, self.loop - other.loop, self.publisher - other.publisher
        )


@dataclass(frozen=True)
class Phase:
    name: str
    moves: int
    sent: Counter[str]
    scripted: Counter[str]
    connections: int
    per_connection: list[Counter[str]]
    trips: Counter[str]
    sql: Counter[str]
    cpu: Cpu


async def run_phase(
    name: str, seats: list[Seat], count: int, *, burst: bool, rng: random.Random, url: str
) -> Phase:
    from django.conf import settings

    from games import live
    from tests.support.redis_monitor import RedisMonitor, by_name, connections, sent

    markers = (settings.CACHE_KEY_PREFIX,)
    queries, trips = QUERIES, TRIPS
    queries.by_thread.clear()
    trips.by_thread.clear()
    played = 0
    before = Cpu.now()
    with RedisMonitor(url, markers=markers) as monitor:
        while played < count:
            if burst:
                rounds = await asyncio.gather(*(move(seat, rng) for seat in seats))
                played += sum(rounds)
            else:
                for seat in seats:
                    played += await move(seat, rng)
                    await asyncio.to_thread(live.wait_idle)
            for index, seat in enumerate(seats):
                if not seat.legal:
                    seats[index] = await asyncio.to_thread(new_seat, rng)
        await asyncio.to_thread(live.wait_idle)
        spent = Cpu.now() - before
        mine = monitor.mine()
    return Phase(
        name=name,
        moves=played,
        sent=by_name(sent(mine)),
        scripted=by_name([c for c in mine if c.client == "lua"]),
        connections=len(connections(mine)),
        per_connection=sorted(
            (
                by_name([c for c in sent(mine) if c.client == client])
                for client in connections(mine)
            ),
            key=lambda names: -sum(names.values()),
        ),
        trips=Counter(trips.by_thread),
        sql=Counter(queries.by_thread),
        cpu=spent,
    )


def report(phase: Phase) -> None:
    n = phase.moves
    total = sum(phase.sent.values())
    named = ", ".join(f"{name} {c / n:.2f}" for name, c in phase.sent.most_common())
    scripted = ", ".join(f"{name} {c / n:.2f}" for name, c in phase.scripted.most_common())
    publishes = (phase.sent["PUBLISH"] + phase.scripted["PUBLISH"]) / n
    request_trips = sum(c for t, c in phase.trips.items() if t != PUBLISHER) / n
    print(f"{phase.name} ({n} moves):")
    print(f"  Redis commands sent per move: {total / n:.2f} ({named})")
    print(f"  run by scripts per move: {scripted or 'none'}; PUBLISH per move {publishes:.2f}")
    print(f"  connections that sent them: {phase.connections}, each its commands per move:")
    for names in phase.per_connection:
        print("    " + ", ".join(f"{name} {c / n:.2f}" for name, c in names.most_common()))
    print(
        f"  Redis round trips per move: request threads {request_trips:.2f}, "
        f"publisher {phase.trips[PUBLISHER] / n:.2f}"
    )
    print(f"  publisher SQL statements per move: {phase.sql[PUBLISHER] / n:.2f}")
    cpu = phase.cpu
    print(
        f"  CPU per move: process {cpu.process * 1000 / n:.2f} ms, event loop's thread "
        f"{cpu.loop * 1000 / n:.2f} ms, publisher's thread {cpu.publisher * 1000 / n:.2f} ms"
    )


QUERIES = Queries()
TRIPS = RedisTrips()


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    url = os.environ["REDIS_URL"]
    seats = [await asyncio.to_thread(new_seat, rng) for _ in range(args.players)]
    from games import live

    await asyncio.to_thread(live.wait_idle)
    await run_phase("warm-up", seats, args.players * 2, burst=False, rng=rng, url=url)
    for phase in (
        await run_phase("one at a time", seats, args.moves, burst=False, rng=rng, url=url),
        await run_phase("burst", seats, args.moves, burst=True, rng=rng, url=url),
    ):
        report(phase)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200, help="moves per phase")
    parser.add_argument("--players", type=int, default=4, help="players on the board")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("set REDIS_URL: this bench counts what a move costs in Redis")
    setup_django()
    from tests.support.isolation import isolate_redis_names

    isolate_redis_names()  # a prefix of this run's own: the markers of its scripts' commands
    QUERIES.install()
    TRIPS.install()
    asyncio.run(main(arguments))
