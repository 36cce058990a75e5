"""What the engine concludes: findings from detectors, verdicts from the policy.

A ``Finding`` is a detector's structured evidence that a pattern holds; a ``Verdict`` is what
the agent should do about it now. Both are returned data, never side channels.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass


class Action(enum.Enum):
    """What the agent should do next, in escalating order (the order members are declared)."""

    CONTINUE = "continue"
    NUDGE = "nudge"  # append the verdict's message after the last tool result of the batch
    WITHDRAW_TOOLS = "withdraw_tools"  # next request without tools: force a final answer
    HALT = "halt"  # stop the run; the SDK raises LoopDetected

    @property
    def rank(self) -> int:
        """Place on the escalation ladder: CONTINUE 0 < NUDGE < WITHDRAW_TOOLS < HALT 3."""
        return _ACTION_RANK[self]


class Severity(enum.Enum):
    """How the policy treats a finding."""

    NOTICE = "notice"  # recorded and exported (soft budgets), never an intervention
    LOOP = "loop"  # climbs the nudge -> withdraw -> halt ladder
    LIMIT = "limit"  # a hard limit: halt at once

    @property
    def rank(self) -> int:
        """How strongly the finding weighs: NOTICE 0 < LOOP < LIMIT 2."""
        return _SEVERITY_RANK[self]


# Ranks follow declaration order; computed once so that ``rank`` is a dict lookup.
_ACTION_RANK = {action: i for i, action in enumerate(Action)}
_SEVERITY_RANK = {severity: i for i, severity in enumerate(Severity)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """Evidence that a detector's pattern holds at ``last_step``.

    ``key`` identifies the streak: the same loop continuing keeps its key, so the policy can
    tell "the model ignored the nudge" from "a new loop started". ``summary`` is one plain
    sentence for humans and nudge texts; the other fields are for machines.
    """

    detector: str
    key: str
    summary: str
    count: int
    first_step: int
    last_step: int
    severity: Severity = Severity.LOOP
    tool_name: str | None = None
    call_fingerprint: str | None = None  # the repeated call, in privacy mode too
    arguments: str | None = None
    last_result_preview: str | None = None
    trimmed_text: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Verdict:
    """The policy's decision after ``step`` (1-based), with the finding that caused it."""

    action: Action
    step: int
    finding: Finding | None = None
    message: str | None = None

    @property
    def detector(self) -> str | None:
        return self.finding.detector if self.finding else None

    @property
    def intervenes(self) -> bool:
        return self.action is not Action.CONTINUE


CONTINUE_AT_START = Verdict(action=Action.CONTINUE, step=0)


def strongest(verdicts: Iterable[Verdict]) -> Verdict | None:
    """The verdict of highest ``Action.rank``, the latest among equals; None for no verdicts."""
    best: Verdict | None = None
    for verdict in verdicts:
        if best is None or verdict.action.rank >= best.action.rank:
            best = verdict
    return best
