"""The index's Lua scripts: each runs atomically in Redis, so a reader never sees an entry
half replaced and two writers never interleave inside one update."""

from collections.abc import Sequence
from functools import cache
from typing import Any

import redis
from redis.commands.core import Script
from redis.exceptions import NoScriptError
from redis.typing import EncodableT

#: Apply entries given as (player id, revision, member) triples after ARGV[1] (a TTL), each
#: only if its revision is newer than the one held for that player; an empty member removes
#: the player's entry (whatever the revision: an entry is deleted only with every game of
#: its player). Every key of the board (KEYS: order, members, revisions, ready) then lives
#: for the TTL again: a board nobody writes to leaves Redis, and is rebuilt if read again.
APPLY = """
local applied = 0
for i = 2, #ARGV, 3 do
  local player, revision, member = ARGV[i], tonumber(ARGV[i + 1]), ARGV[i + 2]
  local held = tonumber(redis.call('HGET', KEYS[3], player) or '0')
  if member == '' or revision > held then
    local old = redis.call('HGET', KEYS[2], player)
    if old then redis.call('ZREM', KEYS[1], old) end
    if member == '' then
      redis.call('HDEL', KEYS[2], player)
      redis.call('HDEL', KEYS[3], player)
    else
      redis.call('ZADD', KEYS[1], 0, member)
      redis.call('HSET', KEYS[2], player, member)
      redis.call('HSET', KEYS[3], player, revision)
    end
    applied = applied + 1
  end
end
for _, key in ipairs(KEYS) do redis.call('EXPIRE', key, ARGV[1]) end
return applied
"""

#: Mark a board ready (for ARGV[3] seconds, as long as its entries), unless it was declared
#: stale since the build began (its epoch moved) or the build lost its lock.
SET_READY = """
if (redis.call('GET', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
if redis.call('GET', KEYS[3]) ~= ARGV[2] then return 0 end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[3])
return 1
"""

RELEASE_LOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

#: Every read answers {total, offset, better, members}: the board's size, the offset of the
#: first member, how many entries rank strictly better than it (the members sorting before
#: its rank key, ARGV[#ARGV] characters), and the members; nil when the board is not ready.
_READ_PAGE = """
local function page(offset, limit)
  local members = {}
  if limit > 0 then members = redis.call('ZRANGE', KEYS[1], offset, offset + limit - 1) end
  local better = 0
  if #members > 0 then
    local rank_key = string.sub(members[1], 1, tonumber(ARGV[#ARGV]))
    better = redis.call('ZLEXCOUNT', KEYS[1], '-', '(' .. rank_key)
  end
  return {redis.call('ZCARD', KEYS[1]), offset, better, members}
end
if redis.call('EXISTS', KEYS[2]) == 0 then return nil end
"""

#: KEYS: order, ready. ARGV: offset, limit, rank key width.
PAGE = _READ_PAGE + "return page(tonumber(ARGV[1]), tonumber(ARGV[2]))"

#: KEYS: order, ready, members. ARGV: player id, limit (0: the entry alone), rank key width.
#: A player without an entry gets offset -1.
AROUND = (
    _READ_PAGE
    + """
local member = redis.call('HGET', KEYS[3], ARGV[1])
local position = member and redis.call('ZRANK', KEYS[1], member)
if not position then return {redis.call('ZCARD', KEYS[1]), -1, 0, {}} end
local limit = tonumber(ARGV[2])
if limit == 0 then return page(position, 1) end
return page(math.max(0, position - math.floor(limit / 2)), limit)
"""
)


@cache
def _script(client: redis.Redis, source: str) -> Script:
    return client.register_script(source)


def run(client: redis.Redis, source: str, *, keys: list[str], args: Sequence[EncodableT]) -> Any:
    """Run a script by its SHA (loading it on first use or after a Redis restart). The reply
    is typed ``Any``: its shape is the script's, which its caller knows."""
    return _script(client, source)(keys=keys, args=args)


#: A script call: its source, keys and arguments.
ScriptCall = tuple[str, list[str], list[EncodableT]]


def run_many(client: redis.Redis, calls: list[ScriptCall]) -> list[object]:
    """Run scripts ``(source, keys, args)`` in order in one round trip (a pipeline; one
    call alone goes as ``run``), their replies in the same order.

    By SHA alone: redis-py's pipelined scripts ask ``SCRIPT EXISTS`` first, a second round
    trip every time; here a script Redis lost (a restart) costs one retry after loading it.
    """
    if len(calls) == 1:
        source, keys, args = calls[0]
        return [run(client, source, keys=keys, args=args)]
    try:
        return pipelined(client, calls)
    except NoScriptError:
        for source in {source for source, _, _ in calls}:
            client.script_load(source)
        return pipelined(client, calls)


def pipelined(client: redis.Redis, calls: list[ScriptCall]) -> list[object]:
    pipeline = client.pipeline(transaction=False)
    for source, keys, args in calls:
        pipeline.evalsha(_script(client, source).sha, len(keys), *keys, *args)
    return pipeline.execute()
