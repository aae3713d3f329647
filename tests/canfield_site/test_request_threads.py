"""A socket's database work runs on the process's request threads, several at once, as HTTP
requests do (``shared.request_threads``): on asgiref's one thread-sensitive thread,
each process played its sockets' moves one at a time."""

from __future__ import annotations

import asyncio
import threading

from games.live.loops import read_in_thread
from shared.http_handler import SyncChainASGIHandler
from shared.request_threads import request_executor


def test_socket_work_runs_on_the_request_threads_several_at_once() -> None:
    meeting = threading.Barrier(2, timeout=5)  # one thread at a time would never get past it

    def meet() -> str:
        meeting.wait()
        return threading.current_thread().name

    async def both() -> list[str]:
        return list(await asyncio.gather(read_in_thread(meet), read_in_thread(meet)))

    names = asyncio.run(both())
    assert len(set(names)) == 2
    assert all(name.startswith("request") for name in names)


def test_http_requests_and_sockets_share_one_pool_of_threads() -> None:
    assert SyncChainASGIHandler()._executor is request_executor()
