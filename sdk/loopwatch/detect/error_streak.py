"""Error streak: consecutive steps whose tool calls all failed.

Pattern: ``threshold`` (default 4) steps in a row in which every call failed and taught
nothing (see ``novelty.py``): the same error again, or one tool after another failing. An
agent that keeps failing is burning budget even when each attempt differs.

Second pattern, which the novelty rules cannot mask: ``varied`` (default 6) steps in a row in
which every call failed, in a new way or not. A rewritten snippet raising another exception
type is progress once or twice (``novelty.py`` calls it new); six failing steps in a row with
no success between is an agent flailing, whatever each error says. Probes (a fan-out whose
errors name each new target, a sweep) still break it: absence on a new target is information;
so does a poll whose failure moved (the same call re-issued at once failing with another
status: "2 of 4 replicas updated", then "3 of 4"): the world moved while the agent waited.

Third pattern, other work allowed in between: one tool failing with the same text
(``ToolResult`` fingerprint) for the ``recurring``-th time (default 4) in a turn without having
succeeded since, each failure teaching nothing (a new call failing, or the same call again): a
schema rejection the agent keeps running into with another id format each time, a lookup or a
thinking step between attempts.

A step that only looks elsewhere (every call a successful read, ``ToolCall.mutates`` false, of
tools not failing) neither continues nor breaks the streaks: a device's status read between
refused measurements changes nothing the next measurement meets. After such a look, another
tool failing starts afresh (a reproduction failing, the code read, then edits failing).

Not flagged: a retry that succeeds (any successful call of the failing tool resets the streak),
errors interleaved with successful corrective steps (a failing test run after a successful
edit, a setting written, a package installed resets), a
command whose error changes from run to run until it works (progress: the first streak resets;
only ``varied`` failing steps in a row fire), a fan-out or sweep whose targets each fail once
(probing candidates is information: both streaks reset), a rollout polled until done whose
every poll fails on its timeout while the status moves on; failures naming each target they
were asked about (their texts differ), and a tool that works between two failures (its count
starts over). A step without tool calls, or whose results never arrived, neither continues nor
breaks them.

Seeds: OpenHands (3), SWE-agent ``max_requeries`` (3), Microsoft.Extensions.AI (3). The default
is 4 because a third failure in a row is still common in healthy runs (a linter rejecting
three edit attempts before the fourth lands), while a fourth is rare. Values < 2 mean off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.base import call_finding
from loopwatch.detect.step import Novelty, StepRecord, looks_elsewhere
from loopwatch.verdict import Finding

# Failures that taught nothing: a new call failing (``BLANK``) or the same call again (``REPEAT``).
FRUITLESS_FAILURES = frozenset({Novelty.BLANK, Novelty.REPEAT})
# Failing tools, and distinct failures per tool, remembered per turn for ``recurring``: the
# recurring one is recent.
RECURRING_TOOLS = 32
RECURRING_PER_TOOL = 8


@dataclass(frozen=True, slots=True, kw_only=True)
class ErrorStreakConfig:
    """Options of ``error_streak``.

    Attributes:
        threshold: consecutive steps whose calls all failed and taught nothing (the same
            failure again, in other words or under other arguments) that fire; < 2 = off.
        varied: consecutive steps whose calls all failed, in new ways too (another
            exception each run), that fire; probes and moved polls break the streak;
            < 2 = off.
        recurring: failures of one tool with the same text in a turn, other work between,
            the tool not having succeeded since, that fire; < 2 = off.
    """

    threshold: int = 4
    varied: int = 6
    recurring: int = 4

    def validate(self) -> None:
        if self.threshold < 0:
            raise ValueError("error_streak.threshold must be >= 0 (values < 2 mean off)")
        if self.varied < 0:
            raise ValueError("error_streak.varied must be >= 0 (values < 2 mean off)")
        if self.recurring < 0:
            raise ValueError("error_streak.recurring must be >= 0 (values < 2 mean off)")


@dataclass(slots=True)
class ErrorStreakState:
    streak: int = 0  # failing steps in a row that taught nothing
    streak_start: int = 0
    failing: int = 0  # failing steps in a row, new failures included, probes excluded
    failing_start: int = 0
    failing_tools: frozenset[str] = frozenset()  # the tools failing in the last failing step
    looked: bool = False  # other tools were read since that step
    # tool -> failure text -> (times in this turn, step of the first); least recent first
    recurrences: dict[str, dict[str, tuple[int, int]]] = field(default_factory=dict)


class ErrorStreak:
    name = "error_streak"
    per_turn = True

    def __init__(self, config: ErrorStreakConfig | None = None) -> None:
        self.config = config or ErrorStreakConfig()
        self.config.validate()

    def new_state(self) -> ErrorStreakState:
        return ErrorStreakState()

    def observe(self, state: ErrorStreakState, step: StepRecord) -> Finding | None:
        calls = step.calls
        if not calls:
            return None
        # Most steps: one successful call and no failure counted yet (a loop, not ``any``: this
        # runs every step).
        found = None
        if state.recurrences:
            found = self._recurring(state, step)
        else:
            for c in calls:
                if c.is_error:
                    found = self._recurring(state, step)
                    break
        return self._streak(state, step) or found

    def _recurring(self, state: ErrorStreakState, step: StepRecord) -> Finding | None:
        """Count each failure that taught nothing by its text (the result fingerprint), per tool,
        in the turn; fire when one comes back for the ``recurring``-th time."""
        limit = self.config.recurring
        if limit < 2:
            return None
        found: Finding | None = None
        recurrences = state.recurrences
        for call, kind in zip(step.calls, step.novelty.kinds, strict=False):
            if call.result is None:
                continue
            if not call.is_error:
                # The tool works again: its failures so far were not a wall it keeps hitting.
                recurrences.pop(call.name, None)
                continue
            if kind not in FRUITLESS_FAILURES:
                continue
            failures = recurrences.pop(call.name, {})
            recurrences[call.name] = failures  # most recently failing tool last
            count, first = failures.pop(call.result, (0, step.number))
            failures[call.result] = (count + 1, first)
            for memory, bound in ((failures, RECURRING_PER_TOOL), (recurrences, RECURRING_TOOLS)):
                while len(memory) > bound:
                    del memory[next(iter(memory))]
            if count + 1 >= limit:
                found = call_finding(
                    call,
                    detector=self.name,
                    key=f"{self.name}:recurring:{call.name}:{first}",
                    summary=f"`{call.name}` failed the same way {count + 1} times in this turn",
                    count=count + 1,
                    first_step=first,
                    last_step=step.number,
                )
        return found

    def _streak(self, state: ErrorStreakState, step: StepRecord) -> Finding | None:
        calls = step.calls
        if not (calls[0].is_error and step.all_failed):  # most steps: the first call succeeded
            if state.failing and looks_elsewhere(calls, state.failing_tools):
                state.looked = True
                return None
            for c in calls:  # a loop: a generator would cost a function call per step
                if c.result is not None:
                    state.streak = state.failing = 0  # a success: information
                    break
            return None  # else nothing was learned about success or failure
        tools = frozenset(c.name for c in calls)
        if state.looked and tools != state.failing_tools:
            state.streak = state.failing = 0  # after a look, another tool failing starts afresh
        state.failing_tools, state.looked = tools, False
        kinds = step.novelty.kinds
        if Novelty.PROBE in kinds or Novelty.MOVED in kinds:
            state.streak = state.failing = 0  # a new target probed, or a poll's status moved
            return None
        if state.failing == 0:
            state.failing_start = step.number
        state.failing += 1
        if not step.novelty.fruitless:
            state.streak = 0  # a changed error: progress, though the failing goes on
            return self._varied(state, step)
        if state.streak == 0:
            state.streak_start = step.number
        state.streak += 1
        if self.config.threshold < 2 or state.streak < self.config.threshold:
            return self._varied(state, step)
        return self._finding(state, step, state.streak_start, state.streak)

    def _varied(self, state: ErrorStreakState, step: StepRecord) -> Finding | None:
        """The streak of failing steps that the novelty rules do not reset, once it fires."""
        limit = self.config.varied
        if limit < 2 or state.failing < limit:
            return None
        return self._finding(state, step, state.failing_start, state.failing)

    def _finding(self, state: ErrorStreakState, step: StepRecord, first: int, count: int) -> Finding:
        last = step.calls[-1]
        return call_finding(
            last,
            detector=self.name,
            # One key per run of failing steps, whichever streak fires: the first streak lies
            # within the varied one (a success or a probe resets both), so the policy sees one
            # loop going on, not a second loop when a new failure restarts the first streak.
            key=f"{self.name}:{state.failing_start}",
            summary=f"every tool call failed for {count} steps in a row",
            count=count,
            first_step=first,
            last_step=step.number,
        )
