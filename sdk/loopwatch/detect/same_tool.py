"""Same tool, trivially varied arguments, no new information.

Pattern: consecutive steps that each call one and the same tool (with any arguments) and get
nothing new back — every result is empty, an error, or a result this streak already returned
— ``nudge_at`` times in a row (default 6): a search rephrased again and again, ``LIMIT 100``
then ``101``, a log window widened, the same file range re-read.

Not flagged: pagination and fan-out over many files (each result is new, so the streak
resets), polling whose status changes, a different tool breaking the streak, repeated
identical calls (the identical-call detector's job; they still count here).

Known gap: only the current streak's results are remembered, so a search flipping between
two canned answers restarts the count; remembering every result of the tool's run flagged
healthy re-reads in real runs. The revisit detector catches that pattern, later.

Seed: the "same tool" streak guards that nudge at 6 and break at 10; the break is the
policy's escalation here, not a second threshold. Values < 2 mean off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.step import StepRecord
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class SameToolConfig:
    nudge_at: int = 6

    def validate(self) -> None:
        if self.nudge_at < 0:
            raise ValueError("same_tool.nudge_at must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class SameToolState:
    tool: str = ""
    streak: int = 0
    streak_start: int = 0
    results: list[str] = field(default_factory=list)  # result fingerprints of this streak


class SameTool:
    name = "same_tool"
    per_turn = True

    def __init__(self, config: SameToolConfig | None = None) -> None:
        self.config = config or SameToolConfig()
        self.config.validate()

    def new_state(self) -> SameToolState:
        return SameToolState()

    def observe(self, state: SameToolState, step: StepRecord) -> Finding | None:
        if not step.calls:
            return None
        tools = {c.name for c in step.calls}
        tool = next(iter(tools))
        if len(tools) != 1 or tool != state.tool:
            state.tool, state.streak, state.results = (tool if len(tools) == 1 else ""), 0, []
        useless = all(c.empty or c.is_error or c.result in state.results for c in step.calls)
        if not useless or not state.tool:
            # New information restarts the count; this step is the first of a possible streak.
            state.streak, state.streak_start = (1 if state.tool else 0), step.number
            state.results = [c.result for c in step.calls if c.result is not None]
            return None
        if state.streak == 0:
            state.streak_start = step.number
        state.streak += 1
        state.results.extend(c.result for c in step.calls if c.result is not None)
        del state.results[:-16]  # a streak's distinct results are few; keep the state bounded
        limit = self.config.nudge_at
        if limit < 2 or state.streak < limit:
            return None
        last = step.calls[-1]
        return Finding(
            detector=self.name,
            key=f"{self.name}:{state.tool}:{state.streak_start}",
            summary=(
                f"`{state.tool}` was called {state.streak} times in a row with varied arguments "
                "and returned nothing new"
            ),
            count=state.streak,
            first_step=state.streak_start,
            last_step=step.number,
            tool_name=state.tool,
            arguments=last.arguments,
            call_fingerprint=last.call,
            last_result_preview=last.preview,
        )
