"""The index's Lua scripts: each runs atomically in Redis, so a reader never sees an entry
half replaced and two writers never interleave inside one update."""

from collections.abc import Sequence
from functools import cache
from typing import Any

import redis
from redis.commands.core import Script
from redis.typing import EncodableT

#: Apply entries given as (player id, revision, member) triples after ARGV[1] (a TTL), each
#: only if its revision is newer than the one held for that player; an empty member removes
#: the player's entry (whatever the revision: an entry is deleted only with every game of
#: its player). Every key of the board (KEYS: order, members, revisions, ready) then lives
#: for the TTL again: a board nobody writes to leaves Redis, and is rebuilt if read again.
#: A removal also moves the board's epoch (KEYS[5]): it leaves no revision behind, so a build
#: that read the entry before the removal and applies it after would put it back; with the
#: epoch moved, that build cannot mark the board ready, and the next one reads it gone.
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
      redis.call('INCR', KEYS[5])
    else
      redis.call('ZADD', KEYS[1], 0, member)
      redis.call('HSET', KEYS[2], player, member)
      redis.call('HSET', KEYS[3], player, revision)
    end
    applied = applied + 1
  end
end
for i = 1, 4 do redis.call('EXPIRE', KEYS[i], ARGV[1]) end
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
    """Run scripts ``(source, keys, args)`` in order in one command (``combined``: one
    ``EVALSHA`` however many calls, where a pipeline of one per call cost as many commands),
    their replies in the same order. By SHA, its text loaded on first use or after a Redis
    restart (``run``)."""
    if len(calls) == 1:
        source, keys, args = calls[0]
        return [run(client, source, keys=keys, args=args)]
    source, keys, args = combined(calls)
    replies = run(client, source, keys=keys, args=args)
    return [None if reply in (NIL, NIL.decode()) else reply for reply in replies]


#: What ``combined`` returns for a call whose script returned nil (a Lua table cannot hold
#: nil, and a ``false`` in it would end Redis's reading of the reply there).
NIL = b"\x00nil"

#: The body of a combined script: the calls in order, each with its own KEYS and ARGV. ARGV
#: holds, per call: which script, its number of keys, its number of args, then its args; KEYS
#: the calls' keys in order.
_COMBINED_BODY = """
local replies, k, a = {}, 0, 1
while a <= #ARGV do
  local which, nkeys, nargs = tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])
  local keys, args = {}, {}
  for i = 1, nkeys do keys[i] = KEYS[k + i] end
  for i = 1, nargs do args[i] = ARGV[a + 2 + i] end
  k, a = k + nkeys, a + 3 + nargs
  local reply = scripts[which](keys, args)
  if reply == nil then reply = NIL_REPLY end
  replies[#replies + 1] = reply
end
return replies
"""


def combined(calls: list[ScriptCall]) -> ScriptCall:
    """``calls`` as one script call: each distinct source a Lua function of its own KEYS and
    ARGV (the names its text uses), run in order; one reply per call, ``NIL`` for nil. The
    same sources in the same order make the same text, so its SHA is loaded once."""
    sources = list(dict.fromkeys(source for source, _, _ in calls))
    functions = "\n".join(
        f"local function script{number}(KEYS, ARGV)\n{source}\nend"
        for number, source in enumerate(sources, start=1)
    )
    table = ", ".join(f"script{number}" for number in range(1, len(sources) + 1))
    text = (
        f"local NIL_REPLY = {lua_string(NIL)}\n{functions}\nlocal scripts = {{{table}}}\n"
        + _COMBINED_BODY
    )
    keys: list[str] = []
    args: list[EncodableT] = []
    for source, call_keys, call_args in calls:
        args += [sources.index(source) + 1, len(call_keys), len(call_args), *call_args]
        keys += call_keys
    return text, keys, args


def lua_string(value: bytes) -> str:
    """``value`` as a Lua string literal (decimal escapes: any byte)."""
    return '"' + "".join(f"\\{byte}" for byte in value) + '"'
