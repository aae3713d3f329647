"""InOrderRelay: what a socket gets when numbered messages arrive late, early or twice."""

import asyncio

from games.live.fanout import InOrderRelay


class Sent:
    def __init__(self) -> None:
        self.texts: list[str] = []

    async def __call__(self, text: str) -> None:
        self.texts.append(text)


async def test_in_order_messages_go_out_at_once() -> None:
    sent = Sent()
    relay = InOrderRelay(last=4, send=sent, wait=10)
    for number in (5, 6, 7):
        await relay.offer(number, f"m{number}")
    assert sent.texts == ["m5", "m6", "m7"]
    assert relay.last == 7


async def test_a_message_ahead_of_a_gap_waits_for_the_gap_to_fill() -> None:
    sent = Sent()
    relay = InOrderRelay(last=0, send=sent, wait=10)
    await relay.offer(2, "m2")
    await relay.offer(3, "m3")
    assert sent.texts == []
    await relay.offer(1, "m1")
    assert sent.texts == ["m1", "m2", "m3"]
    relay.close()


async def test_old_and_repeated_numbers_are_dropped() -> None:
    sent = Sent()
    relay = InOrderRelay(last=3, send=sent, wait=10)
    for number in (2, 3, 4, 4):
        await relay.offer(number, f"m{number}")
    assert sent.texts == ["m4"]


async def test_a_gap_that_never_fills_is_passed_on_after_the_wait() -> None:
    sent = Sent()
    relay = InOrderRelay(last=0, send=sent, wait=0.05)
    await relay.offer(3, "m3")
    await relay.offer(2, "m2")
    async with asyncio.timeout(5):  # the relay's 0.05 s wait, on however loaded a machine
        while len(sent.texts) < 2:
            await asyncio.sleep(0.01)
    assert sent.texts == ["m2", "m3"]
    # After giving up on 1, it stays given up: a late 1 is not sent after 3.
    await relay.offer(1, "m1")
    await relay.offer(4, "m4")
    assert sent.texts == ["m2", "m3", "m4"]
