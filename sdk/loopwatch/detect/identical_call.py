"""Identical call: the same call (or parallel batch) with the same result, again and again.

Pattern: a step whose calls, compared as a set of (call, result) pairs, equal the previous
step's, ``consecutive`` times in a row (default 3: the third identical step fires).

Not flagged: polling or pagination with identical arguments whose result changes (the pair
differs, so the streak resets); retries that fail with varying errors and then succeed; the
user asking again in a new turn (state is per turn). Identical calls that are not consecutive
are the cycle and revisit detectors' business, which wait for stronger evidence.

Seeds: Insika and Kilocode stop the third identical call. Values < 2 switch it off.
"""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class IdenticalCallConfig:
    consecutive: int = 3

    def validate(self) -> None:
        if self.consecutive < 0:
            raise ValueError("identical_call.consecutive must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class IdenticalCallState:
    last_batch: str = ""  # batch key of the previous step with calls
    streak: int = 0
    streak_start: int = 0


class IdenticalCall:
    name = "identical_call"
    per_turn = True

    def __init__(self, config: IdenticalCallConfig | None = None) -> None:
        self.config = config or IdenticalCallConfig()
        self.config.validate()

    def new_state(self) -> IdenticalCallState:
        return IdenticalCallState()

    def observe(self, state: IdenticalCallState, step: StepRecord) -> Finding | None:
        if not step.calls:
            return None  # a text-only step neither continues nor breaks a call streak
        if step.batch_key == state.last_batch:
            state.streak += 1
        else:
            state.last_batch, state.streak, state.streak_start = step.batch_key, 1, step.number
        call = step.calls[0]
        limit = self.config.consecutive
        if limit < 2 or state.streak < limit:
            return None
        return Finding(
            detector=self.name,
            key=f"{self.name}:{step.batch_key}",
            summary=f"{_describe(step)} was called {state.streak} times in a row with the same result",
            count=state.streak,
            first_step=state.streak_start,
            last_step=step.number,
            tool_name=call.name,
            arguments=call.arguments,
            call_fingerprint=call.call,
            last_result_preview=call.preview,
        )


def _describe_call(call: CallOutcome) -> str:
    if call.arguments is None:
        return f"`{call.name}`"
    args = call.arguments if len(call.arguments) <= 120 else call.arguments[:117] + "..."
    return f"`{call.name}({args})`"


def _describe(step: StepRecord) -> str:
    if len(step.calls) == 1:
        return _describe_call(step.calls[0])
    names = ", ".join(sorted(c.name for c in step.calls))
    return f"the same batch of {len(step.calls)} calls ({names})"
