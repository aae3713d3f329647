"""Moves over a game's socket (``ws/games/<id>/``): a move costs no HTTP request, no
per-request authentication and no DRF view, and is played by the same service functions as
``POST /api/games/<id>/actions/`` and ``/resign/``, with the same rules, quotas and error
bodies (``docs/contracts.md``, "Moves over the game's socket").

* ``messages``: what a client may send and what it is answered, as text.
* ``playing``: a move, a resignation or a hello, played in a worker thread.
* ``session``: one socket's side of it: who plays, in which language, its rate and its
  run of bad frames.

``games.consumers.GameConsumer`` hands each frame to ``SocketMoves.receive`` and sends or
closes as told.
"""

from games.socket_moves.session import CLOSE_BAD_TOKEN, CLOSE_GARBAGE, Reply, SocketMoves

__all__ = ["CLOSE_BAD_TOKEN", "CLOSE_GARBAGE", "Reply", "SocketMoves"]
