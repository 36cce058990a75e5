"""The detector contract.

A detector is a small class with a ``name``, a fresh-state factory and a pure ``observe`` that
reads one completed step, updates only its own state object and returns a ``Finding`` or
``None``. State is explicit (not hidden in the detector) so that one detector instance serves
every session, and so that a session's state can be stored and moved (Redis, replicas).

Contract for implementations:
- ``observe`` is called once per completed step, in step order, on the caller's thread; it must
  not block or do I/O, and must be O(window) at most, never O(whole trace).
- State holds only bounded windows of fingerprints and counters, never whole transcripts.
- An exception escaping ``observe`` is caught by the engine, counted, and treated as "no
  finding" for that step (fail open).
"""

from __future__ import annotations

from typing import Any, Protocol

from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.verdict import Finding


class Detector(Protocol):
    """One loop pattern. See the module docstring for the contract."""

    @property
    def name(self) -> str:
        """Stable identifier, used in findings, metrics and configuration."""
        ...

    @property
    def per_turn(self) -> bool:
        """True when a new user turn starts the pattern afresh (the engine resets the state)."""
        ...

    def new_state(self) -> Any:
        """A fresh state object for one session (or turn)."""
        ...

    def observe(self, state: Any, step: StepRecord) -> Finding | None:
        """Update ``state`` with ``step`` and report the pattern if it now holds."""
        ...


def call_finding(
    call: CallOutcome, *, detector: str, key: str, summary: str, count: int, first_step: int, last_step: int
) -> Finding:
    """A finding that quotes ``call``: its tool, arguments, fingerprint and result preview, what a
    nudge shows the model and an operator reads."""
    return Finding(
        detector=detector,
        key=key,
        summary=summary,
        count=count,
        first_step=first_step,
        last_step=last_step,
        tool_name=call.name,
        arguments=call.arguments,
        call_fingerprint=call.call,
        last_result_preview=call.preview,
    )
