"""The Redis store's wire format and its Lua scripts (``store.py`` runs them).

A record is stored as a 16-character random write token followed by the codec's bytes; every
write checks the token it read (optimistic check-and-set), and the token changes with each
write, so a record deleted and re-created in between is never mistaken for the one read.
Scripts are composed from one check fragment, so the token rule is written once.
"""

from __future__ import annotations

from loopwatch_collector.store import codec
from loopwatch_collector.store.base import SessionRecord

TOKEN_CHARS = 16  # secrets.token_hex(8)

# KEYS[1] record key, ARGV[1] expected token ('' = absent): returns the current value ('' when
# absent) unless the stored token is the expected one.
_CHECK = """
local cur = redis.call('GET', KEYS[1])
local token = ''
if cur then token = string.sub(cur, 1, 16) end
if token ~= ARGV[1] then
  if cur then return cur end
  return ''
end
"""
# KEYS[n] conversation hash. ARGV[a..a+3]: steps, tool calls, now (s), TTL in ms.
_USAGE = """
local s = redis.call('HINCRBY', KEYS[{k}], 's', ARGV[{a}])
local t = redis.call('HINCRBY', KEYS[{k}], 't', ARGV[{a} + 1])
redis.call('HSET', KEYS[{k}], 'l', ARGV[{a} + 2])
redis.call('PEXPIRE', KEYS[{k}], ARGV[{a} + 3])
"""
_SET = "redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])\n"
#: KEYS[1] record. ARGV: token, new value, TTL in ms. 1 when written, else the current value.
CAS = _CHECK + _SET + "return 1\n"
# KEYS[k] the tenant's live set (sorted set: trace id -> last write). ARGV[a..a+2]: trace id,
# the tenant's max sessions, TTL in ms. Leaves in ``victims`` the tenant's least recently
# written trace ids past its max, already taken out of the set. Scored by the server's clock,
# so the order is the order of writes whatever the replicas' clocks and queueing delays (a
# score from the caller would let a write that waited be older than the ones it overtook).
_TENANT = """
local time = redis.call('TIME')
redis.call('ZADD', KEYS[{k}], tonumber(time[1]) + tonumber(time[2]) / 1000000, ARGV[{a}])
redis.call('PEXPIRE', KEYS[{k}], ARGV[{a} + 2])
local victims = {{}}
local excess = redis.call('ZCARD', KEYS[{k}]) - tonumber(ARGV[{a} + 1])
if excess > 0 then
  victims = redis.call('ZRANGE', KEYS[{k}], 0, excess - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[{k}], 0, excess - 1)
end
"""
_CONVERSATION_CHECK = """
local s0 = tonumber(redis.call('HGET', KEYS[2], 's') or '0')
if s0 ~= tonumber(ARGV[8]) then
  return {0, s0, tonumber(redis.call('HGET', KEYS[2], 't') or '0'), cur or ''}
end
"""
#: CAS plus the conversation's counters, checked and written in the same transaction: KEYS[2]
#: conversation hash, ARGV[4..7] as ``ADD_USAGE``, ARGV[8] the conversation's step count the
#: caller decided on. ``{1, steps, calls}`` when written; ``{0, steps, calls, current value}``
#: when the conversation moved on meanwhile (decide again on those counters); else the current
#: value (the record changed).
CAS_WITH_USAGE = _CHECK + _CONVERSATION_CHECK + _SET + _USAGE.format(k=2, a=4) + "return {1, s, t}\n"
#: CAS plus the tenant's live set (``_TENANT``: KEYS[2], ARGV[4..6]): ``{1, 0, 0, victims}`` when
#: written, else as ``CAS``. The caller evicts the victims (per-tenant session quotas).
CAS_TENANT = _CHECK + _SET + _TENANT.format(k=2, a=4) + "return {1, 0, 0, victims}\n"
#: ``CAS_WITH_USAGE`` plus the tenant's live set (KEYS[3], ARGV[9..11]): ``{1, steps, calls,
#: victims}`` when written, else as ``CAS_WITH_USAGE``.
CAS_WITH_USAGE_TENANT = (
    _CHECK + _CONVERSATION_CHECK + _SET + _USAGE.format(k=2, a=4) + _TENANT.format(k=3, a=9)
    + "return {1, s, t, victims}\n"
)  # fmt: skip
#: KEYS[1] conversation hash. ARGV: steps, tool calls, now (s), TTL in ms. ``{steps, calls}``.
#: (Redis Cluster: a trace and its conversation hash to different slots, so it runs apart.)
ADD_USAGE = _USAGE.format(k=1, a=1) + "return {s, t}\n"
#: KEYS[1] record. ARGV[1] token. Deletes only an unchanged record: 1 when deleted, else 0.
DELETE_IF = """
local cur = redis.call('GET', KEYS[1])
if cur and string.sub(cur, 1, 16) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
"""


def parse_value(value: bytes | str | None) -> tuple[str, SessionRecord | None]:
    """(token, record) of a stored value; ``("", None)`` when absent."""
    if not value:
        return "", None
    if isinstance(value, str):  # pragma: no cover - the client is created with bytes responses
        value = value.encode()
    token = value[:TOKEN_CHARS].decode("ascii")
    return token, codec.decode(value[TOKEN_CHARS:], SessionRecord)
