"""Several scripts run as one command (``scripts.run_many``, ``scripts.combined``): each with
its own keys and arguments, in order, their replies as each alone would give them, nil
included."""

from __future__ import annotations

import uuid

from games.rank_index import scripts
from games.rank_index.store import client_for

#: Push ARGV[1] to KEYS[1]; the list's length.
PUSH = "return redis.call('RPUSH', KEYS[1], ARGV[1])"
#: The list KEYS[1] whole, or nil when ARGV[1] says so.
LIST = "if ARGV[1] == 'none' then return nil end return redis.call('LRANGE', KEYS[1], 0, -1)"


def test_calls_run_in_order_in_one_command_with_their_own_keys_and_replies(
    index_redis: str,
) -> None:
    client = client_for(index_redis)
    first, second = (f"test-combined:{uuid.uuid4().hex}:{n}" for n in (1, 2))
    try:
        calls: list[scripts.ScriptCall] = [
            (PUSH, [first], ["a"]),
            (LIST, [first], ["none"]),
            (PUSH, [second], ["b"]),
            (PUSH, [first], ["c"]),
            (LIST, [first], ["all"]),
            (LIST, [second], ["all"]),
        ]
        replies = scripts.run_many(client, calls)
        assert replies == [1, None, 1, 2, [b"a", b"c"], [b"b"]]
        source, keys, _ = scripts.combined(calls)
        assert keys == [first, first, second, first, first, second]
        assert source.count("local function") == 2  # each distinct script once
    finally:
        client.delete(first, second)
