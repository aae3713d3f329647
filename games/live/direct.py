"""A batch's messages published in one Redis command, on the publisher's own connection.

Through the channel layer, each message was a ``group_send``: one ``PUBLISH`` round trip
each, awaited one after the other on the server's event loop (the publisher's thread hopping
onto it per batch), on a connection of the layer's own beside the versions'. With the Redis
pub/sub layer a group is only a Redis channel (``<prefix>__group__<group>``) and a message
its serialized event, so the publisher can say it itself: every message of a batch goes in
one ``EVALSHA`` of ``PUBLISH_SCRIPT`` (the ``PUBLISH``es run in Redis, in order), from the
publisher's thread, on the versions' client (``shared.redis_clients.VERSIONS``): a move's
announcement then uses one connection of its process (and the rank read's, the rank index's).

The layer's own ``serialize`` makes the bytes (its serializer, encryption and random prefix
if configured), so subscribers (``games.live.fanout``, through the layer's ``receive``) read
them as they read a ``group_send``. Only a layer this module can speak for is sent this way:
the pub/sub layer on one host given as a URL; anything else (the in-memory layer, several
shards) goes through the layer as before (``games.live.loops.send_events``).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

import redis
from channels_redis.pubsub import RedisPubSubChannelLayer

from shared import redis_clients

#: ``PUBLISH`` ARGV[1] ARGV[2], ARGV[3] ARGV[4], ... in order; the number of messages.
PUBLISH_SCRIPT = """
for i = 1, #ARGV, 2 do
    redis.call('PUBLISH', ARGV[i], ARGV[i + 1])
end
return #ARGV / 2
"""


class DirectPublisher:
    """Publishes events to a pub/sub layer's groups in one script call per batch."""

    def __init__(self, layer: RedisPubSubChannelLayer, url: str, prefix: str) -> None:
        self._layer = layer
        self._prefix = prefix
        self._redis: redis.Redis = redis_clients.client(redis_clients.VERSIONS, url)
        self._publish = self._redis.register_script(PUBLISH_SCRIPT)

    def channel(self, group: str) -> str:
        """The Redis channel of ``group``: what the layer's ``group_send`` publishes to."""
        return f"{self._prefix}__group__{group}"

    def send(self, events: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Publish ``events`` (group, event) in order, in one command."""
        args: list[str | bytes] = []
        for group, event in events:
            args.extend((self.channel(group), self._layer.serialize(event)))
        if args:
            self._publish(args=args)


def direct_publisher(layer: object) -> DirectPublisher | None:
    """The direct publisher of ``layer``, or None when it must be sent through the layer."""
    if not isinstance(layer, RedisPubSubChannelLayer):
        return None
    if layer not in _publishers:  # one per layer: the settings' is built once, tests' per test
        hosts = layer._kwargs.get("hosts") or ["redis://localhost:6379"]  # the layer's default
        prefix = str(layer._kwargs.get("prefix", "asgi"))
        usable = len(hosts) == 1 and isinstance(hosts[0], str)
        _publishers[layer] = DirectPublisher(layer, hosts[0], prefix) if usable else None
    return _publishers[layer]


_publishers: weakref.WeakKeyDictionary[RedisPubSubChannelLayer, DirectPublisher | None] = (
    weakref.WeakKeyDictionary()
)
