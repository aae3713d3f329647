"""Django's Redis cache keeps one client, and so one connection pool, per process
(``shared.redis_cache``).

Under ASGI each request has a context of its own and so a cache object of its own; with
Django's client each of them opened a new TCP connection to Redis, and each operation built a
new ``redis.Redis``.
"""

from __future__ import annotations

import contextvars
import os

import pytest
import redis
from django.core.cache import caches

from shared.redis_cache import RedisCache

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL"), reason="the cache is Redis only when REDIS_URL is set"
)


def one_request() -> tuple[RedisCache, redis.Redis]:
    """What a throttle check does in a request: a ``GET`` on the request's cache object."""
    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    cache.get("redis-cache-test")
    return cache, cache._cache.get_client()


def test_cache_objects_of_different_requests_share_one_client_and_its_connections() -> None:
    first_cache, first_client = contextvars.Context().run(one_request)
    pool = first_client.connection_pool
    opened = pool._created_connections
    second_cache, second_client = contextvars.Context().run(one_request)
    assert second_cache is not first_cache  # what Django does: a cache object per context
    assert second_client is first_client
    assert pool._created_connections == opened  # the second request opened no connection


def test_each_operation_uses_the_same_client() -> None:
    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    assert cache._cache.get_client("a") is cache._cache.get_client("b", write=True)
