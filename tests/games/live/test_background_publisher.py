"""BackgroundPublisher: one thread, submission order, bounded, survives a failing batch."""

import threading
import time

import pytest

from games.live.background import BackgroundPublisher


class Recorder:
    """A batch handler that records what it got; optionally held until released."""

    def __init__(self, *, held: bool = False) -> None:
        self.batches: list[list[int]] = []
        self.threads: set[str] = set()
        self.release = threading.Event()
        self.started = threading.Event()
        if not held:
            self.release.set()

    def __call__(self, batch: list[int]) -> None:
        self.started.set()
        self.threads.add(threading.current_thread().name)
        assert self.release.wait(timeout=10)
        self.batches.append(batch)

    @property
    def items(self) -> list[int]:
        return [item for batch in self.batches for item in batch]


def test_items_are_handled_in_submission_order_on_one_thread() -> None:
    recorder = Recorder()
    publisher = BackgroundPublisher(handle_batch=recorder, max_batch=7, name="order-test")
    for item in range(1000):
        assert publisher.submit(item)
    assert publisher.wait_idle(timeout=10)
    assert recorder.items == list(range(1000))
    assert recorder.threads == {"order-test"}
    assert max(len(batch) for batch in recorder.batches) <= 7


def test_what_queues_up_while_a_batch_is_handled_comes_as_one_batch() -> None:
    recorder = Recorder(held=True)
    publisher = BackgroundPublisher(handle_batch=recorder)
    publisher.submit(0)
    assert recorder.started.wait(timeout=10)
    for item in range(1, 6):
        publisher.submit(item)
    recorder.release.set()
    assert publisher.wait_idle(timeout=10)
    assert recorder.batches == [[0], [1, 2, 3, 4, 5]]


def test_a_full_queue_refuses_new_items_and_keeps_the_old_ones(
    caplog: pytest.LogCaptureFixture,
) -> None:
    recorder = Recorder(held=True)
    publisher = BackgroundPublisher(handle_batch=recorder, capacity=3)
    accepted = [publisher.submit(item) for item in range(5)]
    assert accepted == [True, True, True, False, False]
    assert publisher.dropped == 2
    assert "dropped the newest" in caplog.text
    assert not publisher.wait_idle(timeout=0.1)  # held: nothing is handled yet
    recorder.release.set()
    assert publisher.wait_idle(timeout=10)
    assert recorder.items == [0, 1, 2]
    # Room again once the backlog is handled.
    assert publisher.submit(5)
    assert publisher.wait_idle(timeout=10)
    assert recorder.items == [0, 1, 2, 5]


def test_a_failing_batch_is_logged_and_the_next_ones_go_on(
    caplog: pytest.LogCaptureFixture,
) -> None:
    handled: list[int] = []

    def handle(batch: list[int]) -> None:
        if 13 in batch:
            raise RuntimeError("unlucky")
        handled.extend(batch)

    publisher = BackgroundPublisher(handle_batch=handle, name="failing-test")
    publisher.submit(13)
    assert publisher.wait_idle(timeout=10)
    publisher.submit(14)
    assert publisher.wait_idle(timeout=10)
    assert handled == [14]
    assert "failing-test: a batch of 1 items failed" in caplog.text


def test_the_thread_is_a_daemon_so_exit_never_waits_for_it() -> None:
    recorder = Recorder(held=True)
    publisher = BackgroundPublisher(handle_batch=recorder, name="daemon-test")
    publisher.submit(1)
    assert recorder.started.wait(timeout=10)
    thread = next(t for t in threading.enumerate() if t.name == "daemon-test")
    assert thread.daemon
    recorder.release.set()
    assert publisher.wait_idle(timeout=10)


def test_a_capacity_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        BackgroundPublisher(handle_batch=print, capacity=0)


def test_on_idle_runs_once_the_queue_stays_empty_and_at_once_on_wait_idle() -> None:
    calls: list[object] = []
    went_idle = threading.Event()

    def on_idle() -> None:
        calls.append("idle")
        went_idle.set()

    publisher: BackgroundPublisher[int] = BackgroundPublisher(
        handle_batch=lambda batch: calls.append(batch), on_idle=on_idle, idle_after=0.05
    )
    publisher.submit(1)
    assert went_idle.wait(timeout=10)
    assert calls == [[1], "idle"]
    publisher.submit(2)
    assert publisher.wait_idle(timeout=10)
    assert calls[:3] == [[1], "idle", [2]]
    assert calls[3] == "idle"


def dense_stream(recorder: Recorder, publisher: BackgroundPublisher[int]) -> None:
    """Items 0, then 1 and 2 while 0 is handled: a batch of several, as under load."""
    recorder.release.clear()
    assert publisher.submit(0)
    assert recorder.started.wait(timeout=10)
    assert publisher.submit(1) and publisher.submit(2)
    recorder.release.set()
    assert publisher.wait_idle(timeout=10)
    assert recorder.batches == [[0], [1, 2]]


def test_with_linger_a_dense_stream_s_next_items_join_the_batch_of_the_first() -> None:
    recorder = Recorder()
    publisher = BackgroundPublisher(handle_batch=recorder, linger=0.5, name="linger-test")
    dense_stream(recorder, publisher)
    assert publisher.submit(3)  # after a batch of two: it waits for more
    time.sleep(0.05)  # the thread took 3 and waits
    assert publisher.submit(4)
    assert publisher.wait_idle(timeout=10)
    assert recorder.batches[2:] == [[3, 4]]


def test_items_one_at_a_time_do_not_linger() -> None:
    recorder = Recorder()
    publisher = BackgroundPublisher(handle_batch=recorder, linger=5.0, name="lone-test")
    for item in (1, 2):  # each after the previous batch of one: published at once
        assert publisher.submit(item)
        deadline = time.monotonic() + 2.5
        while len(recorder.batches) < item and time.monotonic() < deadline:
            time.sleep(0.01)
    assert recorder.batches == [[1], [2]]


def test_linger_does_not_hold_back_a_wait_idle() -> None:
    recorder = Recorder()
    publisher = BackgroundPublisher(handle_batch=recorder, linger=5.0, name="linger-idle-test")
    dense_stream(recorder, publisher)
    started = time.monotonic()
    assert publisher.submit(3)  # after a batch of two: it would linger 5 s
    assert publisher.wait_idle(timeout=10)
    assert time.monotonic() - started < 2.5
    assert recorder.batches[2:] == [[3]]
