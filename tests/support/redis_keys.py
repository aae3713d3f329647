"""Emptying a part of a shared Redis between tests (the tables are emptied by the test
database; Redis outlives them)."""

from __future__ import annotations

import redis


def delete_keys(client: redis.Redis, pattern: str) -> None:
    """Delete every key matching ``pattern`` (a SCAN glob), in batches as SCAN yields them."""
    keys = list(client.scan_iter(match=pattern, count=1000))
    if keys:
        client.delete(*keys)
