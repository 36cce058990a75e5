"""Per-trace state: everything the engine keeps between two batches of events.

One ``SessionState`` per trace, owned by whoever stores sessions (the local guard, the
collector's session store, Redis). It is plain data — dataclasses of primitives, tuples and
nested dataclasses — so it can be serialised, and it is bounded: windows and counters, never
the transcript.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from loopwatch.detect.novelty import NoveltyState
from loopwatch.events import Step, ToolResult
from loopwatch.sketch import TextSketch
from loopwatch.verdict import CONTINUE_AT_START, Finding, Verdict

# Event ids remembered for idempotency. Re-sends (OTLP retries, the same call seen through OTLP
# and Evaluate) arrive within seconds, i.e. within a few steps' worth of events.
EVENT_ID_MEMORY = 512
# Findings kept for the session summary (REST API); older ones only live on in metrics.
FINDING_MEMORY = 16


@dataclass(slots=True)
class OpenStep:
    """A step whose batch is still waiting for tool results."""

    step: Step
    results: dict[str, ToolResult] = field(default_factory=dict)

    @property
    def complete(self) -> bool:
        # results only ever holds ids of this step's calls (the engine checks), once each
        return len(self.results) == len(self.step.tool_calls)


@dataclass(slots=True)
class PolicyState:
    """The escalation ladder's memory; per run, never refilled by a brief correction."""

    nudges: int = 0
    ignored_nudges: int = 0
    nudged_keys: list[str] = field(default_factory=list)
    nudged_calls: list[str] = field(default_factory=list)  # fingerprints of calls named in nudges
    withdrawn: bool = False
    halted: bool = False


@dataclass(slots=True)
class SessionState:
    """Everything known about one trace. Mutated only by ``Engine``."""

    steps: int = 0
    turn: int = 0
    request: TextSketch | None = None  # sketch of the user message that opened the turn
    request_similarity: float = 0.0  # of that message to the one before it (0: none before)
    events: int = 0
    open_step: OpenStep | None = None
    seen_event_ids: dict[str, None] = field(default_factory=dict)  # insertion-ordered set
    detector_states: dict[str, Any] = field(default_factory=dict)
    policy: PolicyState = field(default_factory=PolicyState)
    novelty: NoveltyState = field(default_factory=NoveltyState)
    last_verdict: Verdict = CONTINUE_AT_START
    findings: list[Finding] = field(default_factory=list)
    detector_errors: int = 0

    def remember_event(self, event_id: str) -> bool:
        """Record ``event_id``; False when it was already seen (a re-send to ignore)."""
        if event_id in self.seen_event_ids:
            return False
        self.seen_event_ids[event_id] = None
        if len(self.seen_event_ids) > EVENT_ID_MEMORY:
            del self.seen_event_ids[next(iter(self.seen_event_ids))]
        return True

    def record_finding(self, finding: Finding) -> None:
        """Keep ``finding``; a loop that goes on is one finding whose count grows: a finding of
        the same detector and key whose steps overlap the kept one's replaces it."""
        for index in range(len(self.findings) - 1, -1, -1):
            kept = self.findings[index]
            if kept.detector == finding.detector and kept.key == finding.key:
                if finding.first_step <= kept.last_step:
                    del self.findings[index]
                break
        self.findings.append(finding)
        if len(self.findings) > FINDING_MEMORY:
            del self.findings[0]
