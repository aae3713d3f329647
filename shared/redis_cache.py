"""Django's Redis cache with one connection pool and one client per process.

Django keeps its cache objects per context (``asgiref.local.Local``), and under ASGI every
request runs in a context of its own: each request built a new ``RedisCache``, a new
connection pool and so a new TCP connection to Redis (with redis-py 8 reading its own
package metadata for every new connection), for a throttle check that is one ``GET``. And
Django's cache client builds a ``redis.Redis`` object for every single operation, which costs
more than the round trip it makes (52 against 36 us for a ``GET`` on this machine: the
client copies its table of ~200 reply callbacks each time).

Here the client is ``shared.redis_clients``'s for the ``CACHE`` use: made once per
process and shared, with that use's timeouts (what the callers do when it fails is said
there). ``writer_of`` hands it to the code that needs what Django's cache API lacks (the
throttles' script, the quotas' pipeline), so nothing else reaches into Django's private
client.
"""

from collections.abc import Callable
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

from shared import redis_clients


class SharedRedisCacheClient(RedisCacheClient):
    # Set by Django's RedisCacheClient (its stubs leave its private parts out).
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: type[redis.ConnectionPool]
    _client: type[redis.Redis]
    _get_connection_pool_index: Callable[[bool], int]

    def get_client(self, key: Any = None, *, write: bool = False) -> redis.Redis:
        url = self._servers[self._get_connection_pool_index(write)]
        return redis_clients.client(redis_clients.CACHE, url, **self._pool_options)


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` on :class:`SharedRedisCacheClient`."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedRedisCacheClient


def writer_of(backend: DjangoRedisCache) -> redis.Redis:
    """The client ``backend`` writes with, for what Django's cache API cannot say (a Lua
    script, a pipeline); keys still go through ``backend.make_and_validate_key``."""
    client: redis.Redis = backend._cache.get_client(write=True)
    return client
