"""Runaway budgets: steps, tool calls, tokens and wall time per trace.

Pattern: a trace crossing a soft limit gets one ``Severity.NOTICE`` finding per limit (for
metrics, dashboards and alerts: "runaway session"), never an intervention. A hard limit, off
by default, halts the run at once (``Severity.LIMIT``) — the always-on backstop that does not
depend on any loop pattern being recognised.

Not flagged: a long but healthy run below the soft limits. Soft defaults are generous
(100 steps, 250 tool calls, 2 million tokens, one hour); agents with legitimately long runs
raise them per agent. Conversation-level budgets (across traces) are the collector's, which
sums these counters per conversation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from loopwatch.detect.step import StepRecord
from loopwatch.verdict import Finding, Severity

_NS_PER_S = 1_000_000_000


@dataclass(frozen=True, slots=True, kw_only=True)
class BudgetConfig:
    """Soft limits (``None`` = off) and optional hard limits (off by default).

    Attributes:
        max_steps: steps after which the run is reported as runaway (a notice, no intervention).
        max_tool_calls: tool calls after which the run is reported as runaway.
        max_tokens: input plus output tokens after which the run is reported as runaway.
        max_wall_time_s: seconds from the first step after which the run is reported as runaway.
        hard_max_steps: steps at which the run is halted.
        hard_max_tool_calls: tool calls at which the run is halted.
        hard_max_tokens: tokens at which the run is halted.
        hard_max_wall_time_s: seconds from the first step at which the run is halted.
    """

    max_steps: int | None = 100
    max_tool_calls: int | None = 250
    max_tokens: int | None = 2_000_000
    max_wall_time_s: float | None = 3600.0
    hard_max_steps: int | None = None
    hard_max_tool_calls: int | None = None
    hard_max_tokens: int | None = None
    hard_max_wall_time_s: float | None = None

    def validate(self) -> None:
        for key in (
            "max_steps",
            "max_tool_calls",
            "max_tokens",
            "max_wall_time_s",
            "hard_max_steps",
            "hard_max_tool_calls",
            "hard_max_tokens",
            "hard_max_wall_time_s",
        ):
            value = getattr(self, key)
            if value is not None and value <= 0:
                raise ValueError(f"budget.{key} must be > 0 or null (off)")


@dataclass(slots=True)
class BudgetState:
    steps: int = 0
    tool_calls: int = 0
    tokens: int = 0
    first_time_ns: int = 0
    elapsed_s: float = 0.0
    exceeded: list[str] = field(default_factory=list)  # soft limits already reported


class Budget:
    name = "budget"
    per_turn = False

    def __init__(self, config: BudgetConfig | None = None) -> None:
        self.config = config or BudgetConfig()
        self.config.validate()
        c = self.config
        # The lowest limit of each measure: below all four, a step needs no further look.
        self._floors = tuple(
            min((limit for limit in limits if limit is not None), default=math.inf)
            for limits in (
                (c.max_steps, c.hard_max_steps),
                (c.max_tool_calls, c.hard_max_tool_calls),
                (c.max_tokens, c.hard_max_tokens),
                (c.max_wall_time_s, c.hard_max_wall_time_s),
            )
        )

    def new_state(self) -> BudgetState:
        return BudgetState()

    def observe(self, state: BudgetState, step: StepRecord) -> Finding | None:
        state.steps += 1
        state.tool_calls += len(step.calls)
        state.tokens += step.input_tokens + step.output_tokens
        if step.time_unix_ns:
            state.first_time_ns = state.first_time_ns or step.time_unix_ns
            state.elapsed_s = (step.time_unix_ns - state.first_time_ns) / _NS_PER_S
        steps, calls, tokens, wall_time_s = self._floors
        if (
            state.steps < steps
            and state.tool_calls < calls
            and state.tokens < tokens
            and state.elapsed_s < wall_time_s
        ):
            return None
        c = self.config
        usage = (
            ("steps", state.steps, c.max_steps, c.hard_max_steps),
            ("tool_calls", state.tool_calls, c.max_tool_calls, c.hard_max_tool_calls),
            ("tokens", state.tokens, c.max_tokens, c.hard_max_tokens),
            ("wall_time_s", state.elapsed_s, c.max_wall_time_s, c.hard_max_wall_time_s),
        )
        for measure, value, _, hard in usage:
            if hard is not None and value >= hard:
                return self._finding(step, measure, value, hard, Severity.LIMIT)
        for measure, value, soft, _ in usage:
            if soft is not None and value >= soft and measure not in state.exceeded:
                state.exceeded.append(measure)
                return self._finding(step, measure, value, soft, Severity.NOTICE)
        return None

    def _finding(
        self, step: StepRecord, measure: str, value: float, limit: float, severity: Severity
    ) -> Finding:
        kind = "hard" if severity is Severity.LIMIT else "soft"
        return Finding(
            detector=self.name,
            key=f"{self.name}:{measure}",
            summary=f"the run used {value:g} {measure.replace('_', ' ')}, over the {kind} limit of {limit:g}",
            count=int(value),
            first_step=1,
            last_step=step.number,
            severity=severity,
        )
