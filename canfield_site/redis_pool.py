"""One Redis connection pool per process for Django's cache.

Django keeps its cache objects per context (``asgiref.local.Local``), and under ASGI every
request runs in a context of its own: each request built a new ``RedisCache``, a new
connection pool and so a new TCP connection to Redis (with redis-py 8 reading its own
package metadata for every new connection), for a throttle check that is one ``GET``.
Django's ``RedisCache`` takes the pool class from ``OPTIONS["pool_class"]``; this one hands
out the same pool for the same address and options, so connections outlive the request.
redis-py pools are thread-safe and reset themselves in a forked child.
"""

import threading
from typing import Any

import redis

_pools: dict[tuple[str, tuple[tuple[str, Any], ...]], redis.ConnectionPool] = {}
_pools_lock = threading.Lock()


class SharedConnectionPool(redis.ConnectionPool):
    """Only its ``from_url`` is used: Django's cache client calls nothing else of it."""

    @classmethod
    def from_url(cls, url: str, **options: Any) -> Any:
        key = (url, tuple(sorted(options.items())))
        with _pools_lock:
            pool = _pools.get(key)
            if pool is None:
                pool = _pools[key] = redis.ConnectionPool.from_url(url, **options)
        return pool
