"""Append path benchmark: live actions per second through the service layer on PostgreSQL.

Measures ``games.services.actions.action_append`` (what ``POST /api/games/<id>/actions/``
runs, minus HTTP) on a real database:

* appends/s on one game (each action waits for the previous commit: the per-game ceiling),
  also with live updates switched off, which shows what publishing to watchers costs the
  append, and how far behind the background publisher is when the appends stop;
* appends/s across many games, round-robin in one thread, then from several threads at once
  (one player per thread: a player's writes are serialised on their row by design);
* the cost of one move on a game whose log has 10 actions and on one with 5,000. The service
  restores the engine from the row's snapshot instead of replaying the log, so the two must
  be about equal; the script prints the ratio and flags it when it is not flat.

Long logs are built in one submission of draw/recycle/undo tokens (always legal in Canfield).
Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench python bench/append.py``
"""

from __future__ import annotations

import argparse
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from _common import Latency, setup_django, stock_token

if TYPE_CHECKING:  # imported where used at run time: Django is set up first (setup_django)
    from django.contrib.auth.models import User

    from engine import Game as EngineGame

CODE = "CF1-D3-AAAAACL"
#: A long log stays "flat" if a move on it costs at most this much more than on a short one.
FLAT_TOLERANCE = 1.25


@dataclass
class LiveGame:
    """A game on the server and an engine mirror of it, to pick the next legal token."""

    game_id: int
    player: User
    mirror: EngineGame
    seq: int = 0
    samples_ms: list[float] = field(default_factory=list)

    def next_token(self) -> str:
        return stock_token([str(move) for move in self.mirror.legal_moves()])

    def append(self) -> None:
        from games.services.actions import action_append

        token = self.next_token()
        start = time.perf_counter()
        action_append(
            game_id=self.game_id, player=self.player, token=token, expected_seq=self.seq + 1
        )
        self.samples_ms.append((time.perf_counter() - start) * 1000)
        self.mirror.play(token)
        self.seq += 1


def new_player() -> User:
    from games.services.players import player_create

    user, _ = player_create(username=f"bench_{uuid.uuid4().hex[:12]}", password="bench pass 42")
    return user


def filler_log(length: int) -> list[str]:
    """``length`` legal tokens: draw/recycle, with an undo every seventh action."""
    from engine import Game as EngineGame

    game = EngineGame.from_code(CODE)
    tokens: list[str] = []
    while len(tokens) < length:
        legal = [str(move) for move in game.legal_moves()]
        token = "undo" if len(tokens) % 7 == 6 and "undo" in legal else stock_token(legal)
        game.play(token)
        tokens.append(token)
    return tokens


def live_game(player: User, *, log_length: int = 0) -> LiveGame:
    """A playing game with ``log_length`` actions already stored (one submission)."""
    from engine import Game as EngineGame
    from games.services.games import game_create
    from games.services.submissions import submission_create

    tokens = filler_log(log_length)
    if tokens:
        game = submission_create(player=player, code=CODE, actions=tokens)
    else:
        game = game_create(player=player, code=CODE).game
    mirror = EngineGame.from_code(CODE)
    for token in tokens:
        mirror.play(token)
    return LiveGame(game_id=game.id, player=player, mirror=mirror, seq=len(tokens))


def rate(count: int, seconds: float) -> str:
    return f"{count / seconds:8.1f} appends/s ({count} in {seconds:.2f} s)"


def bench_one_game(actions: int, *, label: str = "one game, sequential:") -> None:
    from games import live

    game = live_game(new_player())
    game.append()  # warm up the connection and the plan cache
    live.wait_idle(timeout=60)
    game.samples_ms.clear()
    start = time.perf_counter()
    for _ in range(actions):
        game.append()
    elapsed = time.perf_counter() - start
    print(f"{label:<31}{rate(actions, elapsed)}")
    print(f"  per append: {Latency.of(game.samples_ms)}")
    print_publisher_backlog(start + elapsed)


def print_publisher_backlog(appends_done: float) -> None:
    """How long the live publisher (a background thread since appends stopped waiting for
    it) took to announce everything after the last append: its cost has moved, not vanished,
    and a backlog that grows with the run would mean it cannot keep up."""
    from games import live

    caught_up = live.wait_idle(timeout=60)
    lag_ms = (time.perf_counter() - appends_done) * 1000
    state = f"{lag_ms:.1f} ms after the last append" if caught_up else "NOT within 60 s"
    print(f"  live publisher caught up {state} ({live.publisher.dropped} changes dropped)")


@contextmanager
def live_updates_off() -> Iterator[None]:
    """Appends without publishing to WebSocket watchers (``games.live.game_changed`` does
    nothing): the difference to a normal run is what live updates cost a move (queueing the
    change, and the publisher thread competing for the interpreter and the database)."""
    from games import live

    publish = live.game_changed
    live.game_changed = lambda events: None
    try:
        yield
    finally:
        live.game_changed = publish


def bench_many_games_round_robin(games_count: int, actions: int) -> None:
    player = new_player()
    games = [live_game(player) for _ in range(games_count)]
    start = time.perf_counter()
    for index in range(actions):
        games[index % games_count].append()
    elapsed = time.perf_counter() - start
    print(f"{games_count} games, round-robin:      {rate(actions, elapsed)}")


def bench_many_games_threads(threads: int, games_per_thread: int, actions: int) -> None:
    """Each thread is one player playing its own games; threads share nothing but the
    database, as separate server workers would."""
    from django.db import connection

    per_thread = actions // threads
    ready = threading.Barrier(threads + 1)
    samples: list[float] = []
    errors: list[BaseException] = []

    def play() -> None:
        try:
            player = new_player()
            games = [live_game(player) for _ in range(games_per_thread)]
            ready.wait()
            for index in range(per_thread):
                games[index % games_per_thread].append()
            for game in games:
                samples.extend(game.samples_ms)
        except BaseException as error:  # reported below: a silent thread would fake a rate
            errors.append(error)
            ready.abort()
        finally:
            connection.close()

    workers = [threading.Thread(target=play) for _ in range(threads)]
    for worker in workers:
        worker.start()
    ready.wait()
    start = time.perf_counter()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    if errors:
        raise RuntimeError(f"{len(errors)} thread(s) failed") from errors[0]
    total = per_thread * threads
    label = f"{threads * games_per_thread} games, {threads} threads:"
    print(f"{label:<31}{rate(total, elapsed)}")
    print(f"  per append: {Latency.of(samples)}")


def append_work(game: LiveGame) -> str:
    """What one append costs the database, independent of timing noise: the SQL statements
    it sends and the size of the snapshot it restores from and writes back."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games.models import Game

    with CaptureQueriesContext(connection) as queries:
        game.append()
    snapshot = Game.objects.values_list("snapshot", flat=True).get(pk=game.game_id)
    return f"{len(queries.captured_queries)} SQL statements, snapshot {len(str(snapshot))} chars"


def bench_log_length(lengths: list[int], moves: int) -> None:
    """Moves on games with short and long logs, interleaved (alternating which goes first)
    so both see the same noise from a shared machine."""
    # One player per game: each game is its player's best, so both refresh a leaderboard
    # entry and publish it on every move; only the length of their logs differs.
    games = {length: live_game(new_player(), log_length=length) for length in lengths}
    for length, game in games.items():
        print(f"append on a log of {length:>5} actions: {append_work(game)}")
        game.samples_ms.clear()
    order = list(games.values())
    for round_ in range(moves):
        for game in order if round_ % 2 == 0 else reversed(order):
            game.append()
    summaries = {length: Latency.of(game.samples_ms) for length, game in games.items()}
    for length, summary in summaries.items():
        print(f"move on a log of {length:>5} actions: {summary}")
    short, long = summaries[min(lengths)], summaries[max(lengths)]
    ratio = long.p50 / short.p50
    verdict = "flat" if ratio <= FLAT_TOLERANCE else "NOT FLAT: the append path grows with the log"
    print(f"  p50 ratio long/short: {ratio:.2f} ({verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1000, help="appends per measurement")
    parser.add_argument("--games", type=int, default=50, help="games in the round-robin")
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--long", type=int, default=5000, help="length of the long log")
    parser.add_argument("--moves", type=int, default=300, help="moves timed per log length")
    parser.add_argument(
        "--only-log-length", action="store_true", help="only the log of 10 vs 5,000 comparison"
    )
    args = parser.parse_args()
    setup_django()
    from django.db import connection

    print(f"PostgreSQL {connection.cursor().connection.info.server_version}, code {CODE}")
    if not args.only_log_length:
        bench_one_game(args.actions)
        with live_updates_off():
            bench_one_game(args.actions, label="same, live updates off:")
        bench_many_games_round_robin(args.games, args.actions)
        bench_many_games_threads(args.threads, max(1, args.games // args.threads), args.actions)
    bench_log_length([10, args.long], args.moves)


if __name__ == "__main__":
    main()
