"""Revisit: step after step brings nothing new.

Pattern: ``stale_steps`` (default 15) consecutive fruitless steps (see ``novelty.py``: every
call repeated an earlier call with the same result, echoed a result its tool already gave, or
failed or came back empty outside a sweep). It catches loops of any period and loops that are not
strict cycles (blocks of earlier calls re-issued out of order), which fixed-period matchers
miss. It is the backstop, so it waits long: agents re-read a handful of earlier results
after a long exploration (context lost), and that is not yet a loop.

Not flagged: a single re-read of a file after a while, or a few of them (the run must be
consecutive and long), re-running a command whose output changed (a new pair), polling with
changing status, a new user turn asking again (state is per turn).

Memory: none of its own beyond the run counter; what was seen lives in the shared novelty
memory.
"""

from __future__ import annotations

from dataclasses import dataclass

from loopwatch.detect.base import call_finding
from loopwatch.detect.step import StepRecord
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class RevisitConfig:
    """Options of ``revisit``.

    Attributes:
        stale_steps: consecutive fruitless steps (nothing new came back: see novelty) before
            it fires; < 2 = off.
    """

    stale_steps: int = 15

    def validate(self) -> None:
        if self.stale_steps < 0:
            raise ValueError("revisit.stale_steps must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class RevisitState:
    stale_run: int = 0
    run_start: int = 0


class Revisit:
    name = "revisit"
    per_turn = True

    def __init__(self, config: RevisitConfig | None = None) -> None:
        self.config = config or RevisitConfig()
        self.config.validate()

    def new_state(self) -> RevisitState:
        return RevisitState()

    def observe(self, state: RevisitState, step: StepRecord) -> Finding | None:
        if not step.calls:
            return None
        if not step.novelty.fruitless:
            state.stale_run = 0
            return None
        if state.stale_run == 0:
            state.run_start = step.number
        state.stale_run += 1
        if self.config.stale_steps < 2 or state.stale_run < self.config.stale_steps:
            return None
        last = step.calls[-1]
        return call_finding(
            last,
            detector=self.name,
            key=f"{self.name}:{state.run_start}",
            summary=(
                f"the last {state.stale_run} steps brought nothing new (calls and results seen "
                "before, echoes of earlier answers, or empty and failed rephrasings)"
            ),
            count=state.stale_run,
            first_step=state.run_start,
            last_step=step.number,
        )
