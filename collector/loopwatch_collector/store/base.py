"""The session store seam: per-trace ``SessionRecord``s behind an async, transactional API.

Implementations: ``InMemorySessionStore`` (``store/memory.py``, the default) and the Redis
store (``store/redis/``); ``store/factory.py`` picks one from the configuration. The pipeline
is the only writer.

Contract for implementations:

- ``update`` is load-or-create, mutate, save, as one transaction per trace: concurrent updates
  of one trace are serialised (the in-memory store runs ``apply`` without awaiting in between;
  Redis uses optimistic CAS and may call ``apply`` again on a fresh copy after a conflict, so
  ``apply`` must only mutate what it is given and return a value computed from it).
- With ``conversation_id``, the same transaction carries the conversation's counters
  (``ConversationUsage``): ``apply`` adds the trace's new steps and calls to them, and they are
  saved with the record, in one store round trip (one ``Evaluate``: one call). The in-memory
  store is exact. Redis counts exactly (``HINCRBY`` in the write script) but ``apply`` sees the
  counters as this replica last knew them; after ``update`` returns, the usage object ``apply``
  got holds the true totals, so a caller can act on a limit another trace's steps crossed.
- ``get`` / ``list_sessions`` return records the caller must not mutate (the in-memory store
  returns live objects: read them right away, on the event loop).
- Records are plain data (dataclasses, tuples, dicts of primitives and the event model), so a
  codec can serialise them; they are bounded in size (windows, never the transcript).
- Trace aliases (``alias`` / ``resolve``): a trace folded into another session resolves to it,
  tenant-scoped by its key like everything else; unknown keys resolve to nothing.
- Removal (idle TTL, LRU eviction, explicit) notifies removal listeners exactly once per record,
  on the event loop, with a ``RemovalReason``; listeners must not raise or block.
- Store failures raise ``StoreError``; callers fail open (CONTINUE) and count them.
- ``start()`` launches background work (TTL sweeps); ``shutdown()`` is idempotent, flushes
  what the store holds, and is safe without ``start()``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from loopwatch.detect.session import SessionState
from loopwatch.verdict import Verdict
from loopwatch_collector.store.timeline import SessionTimeline

R = TypeVar("R")


class RemovalReason(enum.Enum):
    """Why a record left the store."""

    EXPIRED = "expired"  # idle longer than the TTL
    EVICTED = "evicted"  # least recently used, past the live-session bound
    EVICTED_BYTES = "evicted_bytes"  # least recently used, past the byte budget (sessions.max_bytes)


# Records written before the step log and the timeline were one list ``store.base:StepLog`` in
# their type table (the session codec resolves every listed type before reading; the field
# itself is gone and skipped): the name must resolve for them to decode across an upgrade.
StepLog = SessionTimeline


@dataclass(slots=True, kw_only=True)
class Reported:
    """The totals of a session its ends reported so far, and when it was last reopened."""

    reopened_unix_s: float
    steps: int = 0
    input_tokens: int = 0
    output_tokens: int = 0


@dataclass(slots=True, kw_only=True)
class SessionRecord:
    """One trace's detection state plus what the REST API and metrics need about it.

    ``state`` is the engine's ``SessionState``; the rest is metadata. ``verdicts`` keeps the
    last intervening verdicts (bounded by ``sessions.verdict_history``), ``last_verdict`` the
    verdict returned most recently (after shadow masking: what the agent was told).
    ``looping`` / ``runaway`` are set once: the first non-CONTINUE verdict, the first hard-limit
    finding. Times are Unix seconds (wall clock, comparable across replicas).
    """

    trace_id: str
    agent: str
    conversation_id: str | None
    state: SessionState
    started_unix_s: float
    last_seen_unix_s: float
    mode: str = "enforce"
    tool_calls: int = 0
    verdicts: list[Verdict] = field(default_factory=list)
    last_verdict: Verdict | None = None
    looping: bool = False
    runaway: bool = False
    input_tokens: int = 0  # of the steps ingested (their usage)
    output_tokens: int = 0
    #: When the session was ended and why (``processing/idle_close.py``); a later event reopens it.
    ended_unix_s: float | None = None
    end_reason: str | None = None
    #: What earlier ends reported, so that the next end reports only what came after (None: never ended).
    reported: Reported | None = None
    #: The step log (``store/timeline.py``): the last steps and verdict send times for the
    #: session page, and the first events for the scenario export.
    timeline: SessionTimeline = field(default_factory=SessionTimeline)
    #: A coding CLI's working directory (its hooks' ``cwd``): content, so only as the tenant's
    #: content mode keeps it (``security/content.py``), and never from a shim in privacy mode.
    cwd: str | None = None

    @property
    def steps(self) -> int:
        return self.state.steps


@dataclass(slots=True, kw_only=True)
class ConversationUsage:
    """Counters of one conversation (``gen_ai.conversation.id``) across its traces."""

    conversation_id: str
    steps: int = 0
    tool_calls: int = 0
    last_seen_unix_s: float = 0.0


RemovalListener = Callable[[SessionRecord, RemovalReason], None]
#: ``apply(record, usage)``: usage is the conversation's counters, None without a conversation.
Apply = Callable[[SessionRecord, ConversationUsage | None], R]
SessionPredicate = Callable[[SessionRecord], bool]


class SessionStore(Protocol):
    """Per-trace session records; see the module docstring for the contract."""

    async def start(self) -> None:
        """Start background work (TTL sweeps, connections). Idempotent."""
        ...

    async def shutdown(self) -> None:
        """Stop background work and flush; idempotent, safe without ``start()``."""
        ...

    async def update(
        self,
        trace_id: str,
        apply: Apply[R],
        *,
        create: Callable[[], SessionRecord],
        conversation_id: str | None = None,
        touch: bool = True,
    ) -> R:
        """Load the record of ``trace_id`` (or ``create()`` it) and, with ``conversation_id``,
        the conversation's counters; ``apply`` them, save both; return ``apply``'s result.
        Refreshes the record's idle timer unless ``touch`` is False (a change that is no
        activity: ending an idle session). Raises ``StoreError``."""
        ...

    async def get(self, trace_id: str) -> SessionRecord | None:
        """The record of ``trace_id`` or ``None``; does not refresh its idle timer."""
        ...

    async def list_sessions(
        self,
        *,
        predicate: SessionPredicate | None = None,
        limit: int = 100,
        owner: str | None = None,
        max_scan: int | None = None,
    ) -> list[SessionRecord]:
        """Live records (most recently seen first) matching ``predicate``, at most ``limit``.

        ``owner``: only the sessions of that tenant (``tenancy.tenant_of_key`` of their key),
        found through a per-tenant index, so the work is the caller's sessions, never the
        whole store's; ``None``: every session. ``max_scan``: look at no more than this many
        of the most recent sessions (a filter matching nothing costs at most that much)."""
        ...

    def add_removal_listener(self, listener: RemovalListener) -> None:
        """Call ``listener`` whenever a record leaves the store (see ``RemovalReason``)."""
        ...

    async def alias(self, aliases: Sequence[str], session_id: str) -> None:
        """Make each key of ``aliases`` (trace keys folded into the session ``session_id``,
        ``mapping/sessions.py``) name that session for ``resolve``. Bounded; an alias lives no
        longer than its session. Raises ``StoreError``."""
        ...

    async def resolve(self, trace_id: str) -> str | None:
        """The session key the trace key ``trace_id`` was folded into, or ``None`` (an alias
        of no session: a session's own key, or unknown). Raises ``StoreError``."""
        ...
