"""How many of the project's own functions a move runs through, from the view or the socket's
frame handler to the COMMIT: the "hops" of issue 39, counted rather than read off the code.

For one REST move (``POST /api/games/<id>/actions/`` through Django's whole stack, the test
client) and one socket move (``SocketMoves.receive``, the consumer's handler of a frame, its
worker thread included), a profile hook (``sys.setprofile`` and ``threading.setprofile``)
counts every call of a function defined in the project's code (not Django's, not the tests',
not this bench's) until the database connection commits. It prints two figures per path:

* ``calls``: project functions entered up to the COMMIT (a helper called twice counts twice;
  comprehensions and lambdas not; nor the live publisher's thread, busy with the move before);
* ``on stack``: project frames on the stack at the COMMIT (the depth of the path: for the
  socket, the worker thread's frames plus the two coroutines that handed the frame over).

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/6 python bench/move_hops.py``
"""

from __future__ import annotations

import asyncio
import sys
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from _common import REPO_ROOT, setup_django

CODE = "CF1-D3-AAJHJUE"
#: The live publisher's thread (``games.live.publishing``): it announces the move before,
#: after that move's answer, so what it runs is no hop of this one.
PUBLISHER = "live-publisher"
#: Where the project's own code lives (the apps and the engine), as file path prefixes.
PROJECT = tuple(
    str(REPO_ROOT / name) + "/"
    for name in (
        "engine",
        "shared",
        "accounts",
        "games",
        "fairplay",
        "ratings",
        "leaderboards",
        "leagues",
        "web",
        "canfield_site",
    )
)


def project_code(path: str) -> bool:
    return path.startswith(PROJECT)


@dataclass
class HopCount:
    """Project calls until the first COMMIT, and the project frames on the stack at it."""

    calls: int = 0
    on_stack: int = -1
    names: list[str] = field(default_factory=list)
    active: bool = False

    def hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        if not self.active or event != "call" or self.on_stack >= 0:
            return
        code = frame.f_code
        if (
            project_code(code.co_filename)
            and not code.co_name.startswith("<")  # comprehensions, lambdas: not a hop
            and threading.current_thread().name != PUBLISHER  # the previous move's broadcast
        ):
            self.calls += 1
            where = Path(code.co_filename).relative_to(REPO_ROOT)
            self.names.append(f"{where}:{code.co_name}")

    def committed(self) -> None:
        if self.on_stack >= 0:
            return
        frame: FrameType | None = sys._getframe()
        depth = 0
        while frame is not None:
            depth += project_code(frame.f_code.co_filename)
            frame = frame.f_back
        self.on_stack = depth


#: The one count the profile hook feeds (threads started after ``install`` carry the hook: the
#: request threads a socket move runs on are started by the warm-up move, after it).
COUNT = HopCount()


def install() -> None:
    threading.setprofile(COUNT.hook)
    sys.setprofile(COUNT.hook)


def counted(step: Callable[[], None], *, extra_frames: int = 0) -> HopCount:
    """Run ``step`` with the profile hook counting; the count at its first COMMIT (the
    locked path's, or the one-statement write's, which commits as it returns: autocommit)."""
    from django.db.backends.base.base import BaseDatabaseWrapper
    from django.db.backends.utils import CursorWrapper

    count = COUNT
    count.calls, count.on_stack, count.names = 0, -1, []
    original = BaseDatabaseWrapper.commit
    original_execute = CursorWrapper.execute

    def commit(connection: Any) -> None:
        count.committed()
        original(connection)

    def execute(cursor: Any, sql: str, params: Any = None) -> Any:
        result = original_execute(cursor, sql, params)
        if sql.startswith("SELECT canfield_move("):
            count.committed()
        return result

    BaseDatabaseWrapper.commit = commit  # type: ignore[method-assign,assignment]
    CursorWrapper.execute = execute  # type: ignore[method-assign,assignment]
    count.active = True
    try:
        step()
    finally:
        count.active = False
        BaseDatabaseWrapper.commit = original  # type: ignore[method-assign]
        CursorWrapper.execute = original_execute  # type: ignore[method-assign]
    if count.on_stack >= 0:
        count.on_stack += extra_frames
    return count


def main() -> int:
    setup_django()
    from django.contrib.auth.models import User
    from rest_framework.authtoken.models import Token
    from rest_framework.test import APIClient

    from games.socket_moves.session import SocketMoves

    user = User.objects.create_user(username=f"hops_{uuid.uuid4().hex[:12]}")
    token = Token.objects.create(user=user)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    game = client.post("/api/games/", {"code": CODE}, format="json").json()

    def rest_move() -> None:
        body = {"action": "draw", "seq": game["seq"] + 1}
        response = client.post(f"/api/games/{game['id']}/actions/", body, format="json")
        assert response.status_code == 201, response.content
        game.update(response.json())

    moves = SocketMoves(game_id=game["id"], owner_id=user.pk, scope={"user": user})

    def socket_move() -> None:
        frame = f'{{"type": "move", "action": "draw", "seq": {game["seq"] + 1}}}'
        reply = asyncio.run(moves.receive(frame, None))
        assert reply.text is not None and '"ack"' in reply.text, reply
        game["seq"] += 1

    install()
    rest_move()  # warm: imports, caches, connections, the request threads
    socket_move()
    for name, step, extra in (("REST", rest_move, 0), ("socket", socket_move, 2)):
        count = counted(step, extra_frames=extra)
        print(
            f"{name:6} move: {count.calls:4} project calls to the COMMIT, "
            f"{count.on_stack} project frames on the stack at it"
        )
        if "-v" in sys.argv:
            print("  " + "\n  ".join(count.names))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
