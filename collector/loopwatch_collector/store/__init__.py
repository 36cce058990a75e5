"""Session stores: the ``SessionStore`` protocol, the in-memory store and the factory."""

from __future__ import annotations

from loopwatch_collector.store.base import (
    ConversationUsage,
    RemovalReason,
    SessionRecord,
    SessionStore,
)
from loopwatch_collector.store.memory import InMemorySessionStore

__all__ = [
    "ConversationUsage",
    "InMemorySessionStore",
    "RemovalReason",
    "SessionRecord",
    "SessionStore",
]
