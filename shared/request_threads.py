"""The request threads of a server process: one fixed pool for the synchronous work of HTTP
requests (``shared.http_handler``) and of WebSocket messages and connects
(``games.live.loops.read_in_thread``: a socket's moves, its snapshot, its player).

One pool for both, because ``CANFIELD_REQUEST_THREADS`` is kept below the database pool's
size so that no thread ever waits for a connection (the settings check it): that holds only
while every thread that may hold a connection at once is one of these. Sockets used
asgiref's one thread-sensitive thread per process instead, so each process played its
sockets' moves one at a time, whatever the cores and the database could take
(``bench/load.py --path both``, 2026-12-02: 40.6 socket moves/s against 104.5 REST moves/s on
the same server).
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings

_lock = threading.Lock()
_executor: ThreadPoolExecutor | None = None


def request_executor() -> ThreadPoolExecutor:
    """This process's pool of ``CANFIELD_REQUEST_THREADS`` request threads (made on first use)."""
    global _executor
    with _lock:
        if _executor is None:
            _executor = ThreadPoolExecutor(
                settings.CANFIELD_REQUEST_THREADS, thread_name_prefix="request"
            )
        return _executor
