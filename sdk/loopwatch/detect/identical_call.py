"""Identical call: the same call (or parallel batch) with the same result, again and again.

Pattern: a step whose calls, compared as a set of (call, result) pairs, equal the previous
step's, ``consecutive`` times in a row (default 3: the third identical step fires). Separately,
the same (call, result) pair seen ``per_turn`` times within one user turn (default 4), however
far apart, fires too.

Not flagged: polling or pagination with identical arguments whose result changes (the pair
differs, so the streak resets); retries that fail with varying errors and then succeed; the
user asking again in a new turn (state is per turn).

Seeds: Insika and Kilocode stop the third identical call; flutter counts identical calls per
turn. Values < 2 switch a threshold off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.fingerprint import digest
from loopwatch.verdict import Finding

# Pairs remembered per turn for the per-turn count; a turn with more distinct calls than this
# forgets its oldest ones (it is making progress anyway).
_PAIR_MEMORY = 256


@dataclass(frozen=True, slots=True, kw_only=True)
class IdenticalCallConfig:
    consecutive: int = 3
    per_turn: int = 4

    def validate(self) -> None:
        for key in ("consecutive", "per_turn"):
            if getattr(self, key) < 0:
                raise ValueError(f"identical_call.{key} must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class IdenticalCallState:
    last_batch: tuple[tuple[str, str | None], ...] = ()
    streak: int = 0
    streak_start: int = 0
    pair_counts: dict[str, int] = field(default_factory=dict)


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
        batch = tuple(sorted(c.pair for c in step.calls))
        if batch == state.last_batch:
            state.streak += 1
        else:
            state.last_batch, state.streak, state.streak_start = batch, 1, step.number
        limit = self.config.consecutive
        if limit >= 2 and state.streak >= limit:
            return self._finding(step, step.calls[0], state.streak, state.streak_start, batch)
        return self._count_in_turn(state, step)

    def _count_in_turn(self, state: IdenticalCallState, step: StepRecord) -> Finding | None:
        worst: tuple[int, CallOutcome] | None = None
        for call in step.calls:
            key = f"{call.call}:{call.result}"
            count = state.pair_counts.pop(key, 0) + 1
            state.pair_counts[key] = count  # re-insert: most recent last
            if worst is None or count > worst[0]:
                worst = (count, call)
        while len(state.pair_counts) > _PAIR_MEMORY:
            del state.pair_counts[next(iter(state.pair_counts))]
        limit = self.config.per_turn
        if worst is None or limit < 2 or worst[0] < limit:
            return None
        count, call = worst
        return self._finding(step, call, count, None, ((call.call, call.result),))

    def _finding(
        self,
        step: StepRecord,
        call: CallOutcome,
        count: int,
        first_step: int | None,
        batch: tuple[tuple[str, str | None], ...],
    ) -> Finding:
        what = _describe(step) if first_step is not None else _describe_call(call)
        where = "in a row" if first_step is not None else "in this turn"
        return Finding(
            detector=self.name,
            key=f"{self.name}:{digest(repr(batch))}",
            summary=f"{what} was called {count} times {where} with the same result",
            count=count,
            first_step=first_step if first_step is not None else step.number,
            last_step=step.number,
            tool_name=call.name,
            arguments=call.arguments,
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
