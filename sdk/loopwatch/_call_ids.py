"""Tool call ids unique within a run, and the way back from a provider's id.

Event ids derive from call ids (``step:<id>``, ``result:<id>``) and are de-duplicated, so a
provider that reuses ids (``call_0`` every turn, as some local servers do) would hide every
repeat after the first, i.e. the very loop to detect. A reused id gets a ``#n`` suffix; the
provider's id still finds the call of the last step that carried it. Thread-safe.
"""

from __future__ import annotations

import threading
from dataclasses import replace

from loopwatch.events import ToolCall


class RunCallIds:
    """The call ids one run has used; see the module docstring."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._seen: dict[str, int] = {}
        self._aliases: dict[str, str] = {}  # provider call id -> unique id in the last step

    def unique(self, calls: tuple[ToolCall, ...]) -> tuple[ToolCall, ...]:
        """``calls`` with each id used before in the run suffixed ``#n``."""
        out: list[ToolCall] = []
        with self._lock:
            for call in calls:
                count = self._seen.get(call.id, 0)
                self._seen[call.id] = count + 1
                if count:
                    unique = f"{call.id}#{count}"
                    self._aliases[call.id] = unique
                    out.append(replace(call, id=unique))
                else:
                    self._aliases.pop(call.id, None)
                    out.append(call)
        return tuple(out)

    def matches(self, call_id: str) -> frozenset[str]:
        """The ids a call named ``call_id`` (the provider's or a unique one) may carry now."""
        with self._lock:
            return frozenset((call_id, self._aliases.get(call_id, call_id)))
