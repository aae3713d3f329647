"""Every use of Redis but the channel layer's gets its client from one module, with that
use's timeouts (``shared.redis_clients``): the cache (throttles, quotas), the rank
index and its builds, the live versions."""

from __future__ import annotations

import os

import pytest
from django.core.cache import caches

from games.live.versions import RedisVersions
from games.rank_index import store
from shared import redis_clients
from shared.redis_cache import RedisCache, writer_of

URL = "redis://127.0.0.1:6379/15"  # never connected to: a client connects on first command


@pytest.mark.parametrize("use", redis_clients.USES, ids=lambda use: use.name)
def test_each_use_has_one_client_per_url_with_its_own_timeouts(
    use: redis_clients.RedisUse,
) -> None:
    client = redis_clients.client(use, URL)
    assert redis_clients.client(use, URL) is client
    options = client.connection_pool.connection_kwargs
    assert options["socket_timeout"] == use.timeout_s
    assert options["socket_connect_timeout"] <= redis_clients.CONNECT_TIMEOUT_S


def test_the_rank_index_reads_and_builds_with_their_uses_clients() -> None:
    assert store.client_for(URL) is redis_clients.client(redis_clients.RANK_INDEX, URL)
    build = store.client_for(URL, redis_clients.RANK_INDEX_BUILD)
    assert build.connection_pool.connection_kwargs["socket_timeout"] == 10.0


def test_the_versions_use_their_client() -> None:
    versions = RedisVersions(URL, "prefix")
    assert versions._redis is redis_clients.client(redis_clients.VERSIONS, URL)


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the cache is Redis with REDIS_URL")
def test_the_throttles_and_quotas_write_with_the_cache_s_client() -> None:
    cache = caches["default"]
    assert isinstance(cache, RedisCache)
    writer = writer_of(cache)
    assert writer is cache._cache.get_client()
    assert writer.connection_pool.connection_kwargs["socket_timeout"] == (
        redis_clients.CACHE.timeout_s
    )
