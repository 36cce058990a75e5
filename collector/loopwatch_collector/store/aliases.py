"""Trace ids folded into a session (sessions across traces), for the in-memory store.

A client-only trace is put into a session named by its conversation (``mapping/sessions.py``),
so its own trace id names no record. The ingestor records each such trace key as an *alias* of
its session key; the read paths resolve an id that names no session through it. Keys are
tenant-scoped like every session key (``security/tenancy.session_key``), so another tenant's
trace id is another key and resolves to nothing.

Bounded: at most ``max_aliases`` (least recently recorded forgotten first), and a session's
aliases are forgotten with it. Event-loop only, never blocks.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable


class TraceAliases:
    """Alias key -> session key, with each session's aliases for forgetting them together."""

    def __init__(self, max_aliases: int) -> None:
        if max_aliases < 1:
            raise ValueError("sessions.max_sessions must be >= 1 (it bounds the trace aliases)")
        self._max = max_aliases
        self._session_of: OrderedDict[str, str] = OrderedDict()
        self._aliases_of: dict[str, set[str]] = {}

    def __len__(self) -> int:
        return len(self._session_of)

    def add(self, aliases: Iterable[str], session: str) -> None:
        """Make each of ``aliases`` name ``session`` (most recent); a key is never its own alias."""
        for alias in aliases:
            if alias == session:
                continue
            previous = self._session_of.pop(alias, None)
            if previous is not None and previous != session:
                self._drop_reverse(alias, previous)
            self._session_of[alias] = session
            self._aliases_of.setdefault(session, set()).add(alias)
        while len(self._session_of) > self._max:
            alias, session_key = self._session_of.popitem(last=False)
            self._drop_reverse(alias, session_key)

    def session_of(self, alias: str) -> str | None:
        """The session ``alias`` was folded into, or ``None``."""
        return self._session_of.get(alias)

    def forget_session(self, session: str) -> None:
        """Drop every alias of ``session`` (it left the store)."""
        for alias in self._aliases_of.pop(session, ()):
            self._session_of.pop(alias, None)

    def _drop_reverse(self, alias: str, session: str) -> None:
        aliases = self._aliases_of.get(session)
        if aliases is not None:
            aliases.discard(alias)
            if not aliases:
                del self._aliases_of[session]
