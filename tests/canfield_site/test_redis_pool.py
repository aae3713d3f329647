"""Django's Redis cache keeps one connection pool per process (``canfield_site.redis_pool``).

Under ASGI each request has a context of its own and so a cache object of its own; with
redis-py's own pool class each of them opened a new TCP connection to Redis.
"""

from __future__ import annotations

import contextvars
import os

import pytest
import redis
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache

from canfield_site.redis_pool import SharedConnectionPool

REDIS_URL = os.environ.get("REDIS_URL", "")


def test_the_same_address_and_options_give_the_same_pool() -> None:
    first = SharedConnectionPool.from_url("redis://127.0.0.1:6379/5", socket_timeout=0.5)
    again = SharedConnectionPool.from_url("redis://127.0.0.1:6379/5", socket_timeout=0.5)
    other_db = SharedConnectionPool.from_url("redis://127.0.0.1:6379/4", socket_timeout=0.5)
    other_timeout = SharedConnectionPool.from_url("redis://127.0.0.1:6379/5", socket_timeout=1)
    assert first is again
    assert isinstance(first, redis.ConnectionPool)
    assert other_db is not first and other_timeout is not first


@pytest.mark.skipif(not REDIS_URL, reason="the cache is Redis only when REDIS_URL is set")
def test_cache_objects_of_different_requests_share_one_connection() -> None:
    def one_request() -> tuple[RedisCache, object]:
        cache = caches["default"]
        assert isinstance(cache, RedisCache)
        cache.get("redis-pool-test")  # a throttle check's round trip
        return cache, cache._cache._get_connection_pool(write=False)

    first_cache, first_pool = contextvars.Context().run(one_request)
    assert isinstance(first_pool, redis.ConnectionPool)
    opened = first_pool._created_connections
    second_cache, second_pool = contextvars.Context().run(one_request)
    assert first_cache is not second_cache  # what Django does: a cache object per context
    assert second_pool is first_pool
    assert first_pool._created_connections == opened  # the second request opened none
