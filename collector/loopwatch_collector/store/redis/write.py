"""The write side of the Redis store: one check-and-set script per update, conversation included.

``RedisSessionStore._update`` decides (runs ``apply``) and encodes; ``RecordWriter.write`` sends
the check-and-set (``scripts``) through the hot-path commands (``commands``) and
reports whether it landed. The conversation's counters ride in the same script on a single
node: checked against the step count ``apply`` decided on, incremented with ``HINCRBY``. On
Redis Cluster the conversation hash lives in another slot, so its increment is a second call
after the write (``apply`` may then have decided on counts a moment old). The counters this
replica last saw per conversation are kept here (bounded by ``local_cache_size``), so the next
``apply`` starts from them. Event-loop only.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from loopwatch_collector.store.base import ConversationUsage
from loopwatch_collector.store.redis import scripts
from loopwatch_collector.store.redis.commands import HotCommands
from loopwatch_collector.store.redis.options import RedisStoreOptions
from loopwatch_collector.store.redis.resp import Arg, LuaScript

_CAS = LuaScript(scripts.CAS)
_CAS_WITH_USAGE = LuaScript(scripts.CAS_WITH_USAGE)
_ADD_USAGE = LuaScript(scripts.ADD_USAGE)
_CAS_TENANT = LuaScript(scripts.CAS_TENANT)
_CAS_WITH_USAGE_TENANT = LuaScript(scripts.CAS_WITH_USAGE_TENANT)


@dataclass(frozen=True, slots=True)
class TenantBound:
    """The tenant's live set to keep in the same script: its key, this trace, its max."""

    key: str
    member: str
    max_sessions: int


@dataclass(frozen=True, slots=True)
class Written:
    """A CAS outcome: written, or not, with the value stored now (empty when absent); when
    written with a ``TenantBound``, the tenant's trace ids to evict (past its max)."""

    ok: bool
    current: Any
    victims: tuple[str, ...] = ()


class RecordWriter:
    """Check-and-set writes of records and conversation counters; see the module docstring."""

    def __init__(
        self, commands: HotCommands, options: RedisStoreOptions, *, ttl_s: float, grace_s: float
    ) -> None:
        self._commands = commands
        self._opt = options
        self._ttl_s = ttl_s
        self._record_ttl_ms = int((ttl_s + grace_s) * 1000)
        self._conversation_ttl_ms = int(ttl_s * 1000)
        self._conversations: OrderedDict[str, ConversationUsage] = OrderedDict()  # last known totals

    async def write(
        self,
        keys: tuple[str, str | None],
        token: str,
        value: bytes,
        usage: ConversationUsage | None,
        before: tuple[int, int],
        now: float,
        tenant: TenantBound | None = None,
    ) -> Written:
        """Write ``value`` to the record key ``keys[0]`` if its token is still ``token``, with
        the conversation's increments (hash key ``keys[1]``) when there is one, and the trace
        noted in the tenant's live set with ``tenant`` (single node only); on success ``usage``
        holds the conversation's true totals. Not written: the record changed, or the
        conversation did (its totals are then remembered for the next ``apply``)."""
        record_key, conversation = keys
        record_args: list[Arg] = [token, value, self._record_ttl_ms]
        tenant_args: list[Arg] = []
        if tenant is not None:
            tenant_args = [tenant.member, tenant.max_sessions, self._record_ttl_ms]
        if usage is None or conversation is None:
            if tenant is None:
                reply = await self._commands.run_script(_CAS, [record_key], record_args)
                return Written(reply == 1, None if reply == 1 else reply)
            reply = await self._commands.run_script(
                _CAS_TENANT, [record_key, tenant.key], [*record_args, *tenant_args]
            )
            if not isinstance(reply, list):
                return Written(False, reply)
            return Written(True, None, _victims(reply[3]))
        added: list[Arg] = [
            usage.steps - before[0],
            usage.tool_calls - before[1],
            repr(now),
            self._conversation_ttl_ms,
        ]
        victims: tuple[str, ...] = ()
        if self._opt.cluster:  # another slot: counted after the write (apply may have seen less)
            reply = await self._commands.run_script(_CAS, [record_key], record_args)
            if reply != 1:
                return Written(False, reply)
            totals = await self._commands.run_script(_ADD_USAGE, [conversation], added)
        else:
            script, script_keys = _CAS_WITH_USAGE, [record_key, conversation]
            if tenant is not None:
                script, script_keys = _CAS_WITH_USAGE_TENANT, [*script_keys, tenant.key]
            reply = await self._commands.run_script(
                script, script_keys, [*record_args, *added, before[0], *tenant_args]
            )
            if not isinstance(reply, list):
                return Written(False, reply)
            if reply[0] == 0:
                usage.steps, usage.tool_calls = int(reply[1]), int(reply[2])
                self._remember_usage(usage)
                return Written(False, reply[3])
            totals = reply[1:]
            if tenant is not None:
                victims = _victims(reply[3])
        assert isinstance(totals, list)
        usage.steps, usage.tool_calls = int(totals[0]), int(totals[1])
        self._remember_usage(usage)
        return Written(True, None, victims)

    def known_usage(self, conversation_id: str | None, now: float) -> ConversationUsage | None:
        """A working copy of the conversation's counters as this replica last saw them."""
        if conversation_id is None:
            return None
        usage = ConversationUsage(conversation_id=conversation_id, last_seen_unix_s=now)
        known = self._conversations.get(conversation_id)
        if known is not None and now - known.last_seen_unix_s <= self._ttl_s:
            usage.steps, usage.tool_calls = known.steps, known.tool_calls
        return usage

    def _remember_usage(self, usage: ConversationUsage) -> None:
        self._conversations.pop(usage.conversation_id, None)
        self._conversations[usage.conversation_id] = usage
        while len(self._conversations) > max(self._opt.local_cache_size, 1):
            self._conversations.popitem(last=False)


def _victims(reply: Any) -> tuple[str, ...]:
    return tuple(v.decode() for v in reply) if isinstance(reply, list) else ()
