"""Error streak: consecutive steps whose tool calls all failed.

Pattern: ``threshold`` (default 4) steps in a row in which every call failed and taught
nothing (see ``novelty.py``): the same error again, or one tool after another failing. An
agent that keeps failing is burning budget even when each attempt differs.

Not flagged: a retry that succeeds (any successful call resets the streak), errors interleaved
with successful corrective steps (a failing test run after a successful edit resets), a
command whose error changes from run to run (progress: the streak resets), a fan-out or sweep
whose targets each fail once (probing candidates is information: the streak resets too). A
step without tool calls, or whose results never arrived, neither continues nor breaks it.

Seeds: OpenHands (3), SWE-agent ``max_requeries`` (3), Microsoft.Extensions.AI (3). The default
is 4 because a third failure in a row is still common in healthy runs (a linter rejecting
three edit attempts before the fourth lands), while a fourth is rare. Values < 2 mean off.
"""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch.detect.step import StepRecord
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorStreakConfig:
    """Options of ``error_streak``.

    Attributes:
        threshold: consecutive steps whose calls all failed that fire; < 2 = off.
    """

    threshold: int = 4

    def validate(self) -> None:
        if self.threshold < 0:
            raise ValueError("error_streak.threshold must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class ErrorStreakState:
    streak: int = 0
    streak_start: int = 0


class ErrorStreak:
    name = "error_streak"
    per_turn = True

    def __init__(self, config: ErrorStreakConfig | None = None) -> None:
        self.config = config or ErrorStreakConfig()
        self.config.validate()

    def new_state(self) -> ErrorStreakState:
        return ErrorStreakState()

    def observe(self, state: ErrorStreakState, step: StepRecord) -> Finding | None:
        if not step.calls:
            return None
        if not step.novelty.fruitless or not step.all_failed:
            for c in step.calls:  # a loop: a generator would cost a function call per step
                if c.result is not None:
                    state.streak = 0  # a success, a changed error or a new target probed: information
                    break
            return None  # else nothing was learned about success or failure
        if state.streak == 0:
            state.streak_start = step.number
        state.streak += 1
        if self.config.threshold < 2 or state.streak < self.config.threshold:
            return None
        last = step.calls[-1]
        return Finding(
            detector=self.name,
            key=f"{self.name}:{state.streak_start}",
            summary=f"every tool call failed for {state.streak} steps in a row",
            count=state.streak,
            first_step=state.streak_start,
            last_step=step.number,
            tool_name=last.name,
            arguments=last.arguments,
            call_fingerprint=last.call,
            last_result_preview=last.preview,
        )
