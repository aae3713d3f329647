"""Django's Redis cache with one connection pool and one client per process.

Django keeps its cache objects per context (``asgiref.local.Local``), and under ASGI every
request runs in a context of its own: each request built a new ``RedisCache``, a new
connection pool and so a new TCP connection to Redis (with redis-py 8 reading its own
package metadata for every new connection), for a throttle check that is one ``GET``. And
Django's cache client builds a ``redis.Redis`` object for every single operation, which costs
more than the round trip it makes (52 against 36 us for a ``GET`` on this machine: the
client copies its table of ~200 reply callbacks each time).

Here the client of an address and options is made once per process and shared: redis-py
clients and pools are thread-safe (a command takes a connection from the pool for its
duration) and reset themselves in a forked child.
"""

import threading
from collections.abc import Callable
from typing import Any

import redis
from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient

_clients: dict[tuple[str, tuple[tuple[str, Any], ...]], redis.Redis] = {}
_clients_lock = threading.Lock()


class SharedRedisCacheClient(RedisCacheClient):
    # Set by Django's RedisCacheClient (its stubs leave its private parts out).
    _servers: list[str]
    _pool_options: dict[str, Any]
    _pool_class: type[redis.ConnectionPool]
    _client: type[redis.Redis]
    _get_connection_pool_index: Callable[[bool], int]

    def get_client(self, key: Any = None, *, write: bool = False) -> redis.Redis:
        url = self._servers[self._get_connection_pool_index(write)]
        options = tuple(sorted(self._pool_options.items()))
        client = _clients.get((url, options))
        if client is None:
            with _clients_lock:
                client = _clients.get((url, options))
                if client is None:
                    pool = self._pool_class.from_url(url, **self._pool_options)
                    client = _clients[(url, options)] = self._client(connection_pool=pool)
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` on :class:`SharedRedisCacheClient`."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedRedisCacheClient
