"""``games.live.direct``: a batch published in one script reaches the layer's subscribers as
its own ``group_send`` would, and only the layers it can speak for are sent that way."""

from __future__ import annotations

import os

import pytest
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from games.live.direct import direct_publisher

pytestmark = pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the Redis layer")


async def test_a_direct_publish_is_what_the_layer_s_group_send_delivers() -> None:
    layer = get_channel_layer()
    direct = direct_publisher(layer)
    assert direct is not None
    # The layer's own name for a group's channel (its per-loop layer's).
    assert direct.channel("leaderboard.X") == layer._get_group_channel_name("leaderboard.X")
    channel = await layer.new_channel()
    await layer.group_add("game.7", channel)
    await layer.group_add("game.8", channel)
    try:
        events = [
            ("game.7", {"type": "game.action", "group": "game.7", "number": 3, "text": "é{}"}),
            ("game.8", {"type": "game.action", "group": "game.8", "number": 1, "text": "x"}),
        ]
        direct.send(events)  # from this thread, blocking: as the publisher's thread does
        assert [await layer.receive(channel) for _ in events] == [event for _, event in events]
        await layer.group_send("game.7", events[0][1])  # and the layer's own way, the same
        assert await layer.receive(channel) == events[0][1]
    finally:
        await layer.group_discard("game.7", channel)
        await layer.group_discard("game.8", channel)
        await layer.flush()


def test_only_a_one_host_pub_sub_layer_is_published_directly() -> None:
    url = os.environ["REDIS_URL"]
    assert direct_publisher(RedisPubSubChannelLayer(hosts=[url], prefix="t")) is not None
    assert direct_publisher(RedisPubSubChannelLayer(hosts=[url, url], prefix="t")) is None
    assert direct_publisher(RedisPubSubChannelLayer(hosts=[{"address": url}])) is None
    assert direct_publisher(InMemoryChannelLayer()) is None
