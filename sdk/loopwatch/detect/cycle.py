"""Cycle: the agent re-runs a fixed sequence of calls (A/B/A/B, A/B/C/A/B/C, longer).

Pattern: for some period p in 2..``max_period`` (default 24), the last p + ``confirm_steps``
steps (default 1) each equal the step p positions earlier — same calls with the same results,
parallel batches compared as sets: one complete pass was repeated verbatim and the next began
the same way. For A/B/A/B/A that is the fifth step: the first state visited a third time. Within
a pass going round, a step calling the same tools and answered in the same forms (short records,
identifiers masked: ``fingerprint.FORM_RESULT``) is the step it was: the pass minted a new handle
(a proposal id, a plan id) and the calls on it answered as before.

Why a full pass: agents legitimately re-read a few things they read a while ago (a block of
three or four views after a long exploration); a whole pass repeated in the same order with
the same results is no longer re-reading but a loop. The third visit confirms it: an agent
checks, acts, checks and acts again (A B A B) and moves on as often as it goes round once
more, and writers of labelled transcripts who never saw this code put the onset there (A B A
B [A]; A B C A B C [A]); on the public sets it scores the same as firing a step earlier. Long
cycles are caught earlier by the revisit detector only when nothing new appears for longer
still.

A toggle is a cycle of the writes alone: a tool switching one setting back and forth
(``TOGGLE_WRITES`` writes, A B A B A) whatever comes between them, reads of a world that moves
included (a campaign paused and resumed while its spend creeps up).

Not flagged: edit -> test -> edit -> test where the edits or the test output differ (the
steps are not equal), a single call repeated (the identical-call detector), a cycle across
user turns (state is per turn), a setting tried, undone and set again (three writes), writes
of new values each time (a sweep).

Seeds: HolmesGPT alternation (3 cycles), Gemini CLI (period <= 5 over 25 calls), Hermes
(period <= 4); real transcripts loop with periods of 6 to 17, hence the longer default.
Cost: O(max_period) per step.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.base import call_finding
from loopwatch.detect.step import StepRecord
from loopwatch.fingerprint import FORM_RESULT
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class CycleConfig:
    """Options of ``cycle``.

    Attributes:
        max_period: longest cycle, in steps, looked for (costs O(max_period) per step).
        confirm_steps: steps of a third pass that must repeat the first two before it fires
            (0: at the end of the second pass).
    """

    max_period: int = 24
    confirm_steps: int = 1

    def validate(self) -> None:
        if self.max_period < 2:
            raise ValueError("cycle.max_period must be >= 2")
        if self.confirm_steps < 0:
            raise ValueError("cycle.confirm_steps must be >= 0")


@dataclass(frozen=True, slots=True)
class Toggle:
    """A tool's last write, the one before it, and how many writes in a row went back and forth
    between the two (from ``first``, a step number)."""

    last: str
    before: str
    writes: int
    first: int
    last_step: int


# Writes switching one setting back and forth that fire: on, off, on, off, on. As for a cycle,
# the first state visited a third time: setting a flag, undoing it and setting it again is a
# trial, and writers of labelled transcripts put a toggle's onset at its fourth or fifth write.
TOGGLE_WRITES = 5
# Tools whose writes are followed at once: a turn changing more tools than this has moved on.
TOGGLE_TOOLS = 16


@dataclass(slots=True)
class CycleState:
    keys: list[str] = field(default_factory=list)  # last max_period step keys, oldest first
    calls: list[tuple[str, ...]] = field(default_factory=list)  # their calls alone (``call_set``)
    numbers: list[int] = field(default_factory=list)  # their step numbers
    # Their answers' forms (``_forms``).
    forms: list[tuple[tuple[str, str], ...]] = field(default_factory=list)
    # Per tool that changed something, its writes switching back and forth (``_track_toggles``).
    toggles: dict[str, Toggle] = field(default_factory=dict)
    runs: dict[int, int] = field(default_factory=dict)  # period -> trailing matching steps
    starts: dict[int, int] = field(default_factory=dict)  # period -> first step of first pass


class Cycle:
    name = "cycle"
    per_turn = True

    def __init__(self, config: CycleConfig | None = None) -> None:
        self.config = config or CycleConfig()
        self.config.validate()

    def new_state(self) -> CycleState:
        return CycleState()

    def _remember(
        self,
        state: CycleState,
        key: str,
        calls: tuple[str, ...],
        forms: tuple[tuple[str, str], ...],
        number: int,
    ) -> None:
        state.keys.append(key)
        state.calls.append(calls)
        state.forms.append(forms)
        state.numbers.append(number)
        if len(state.keys) > self.config.max_period:  # one step in, one out
            del state.keys[0], state.calls[0], state.forms[0], state.numbers[0]

    def observe(self, state: CycleState, step: StepRecord) -> Finding | None:
        if not step.calls or step.novelty.waited:
            return None  # a wait between two checks is no step of a cycle: the checks are a poll
        toggled = self._track_toggles(state, step)
        return self._repeat(state, step) or toggled

    def _track_toggles(self, state: CycleState, step: StepRecord) -> Finding | None:
        """Follow each tool's writes; the finding once one switched a setting back and forth
        ``TOGGLE_WRITES`` times in a row (A, B, A, B, A), whatever came between the writes (reads of
        a world that moves: a spend creeping up, a reading drifting)."""
        found: Finding | None = None
        for call in step.calls:
            if not call.mutates or call.is_error:
                continue
            toggle = state.toggles.pop(call.name, None)
            if toggle is None or call.call == toggle.last:
                toggle = Toggle(call.call, "", 1, step.number, step.number)  # a write, or the same again
            elif call.call == toggle.before:
                toggle = Toggle(call.call, toggle.last, toggle.writes + 1, toggle.first, step.number)
            else:  # another value: it and the write before may start a toggle
                toggle = Toggle(call.call, toggle.last, 2, toggle.last_step, step.number)
            state.toggles[call.name] = toggle
            if len(state.toggles) > TOGGLE_TOOLS:
                del state.toggles[next(iter(state.toggles))]
            if toggle.writes >= TOGGLE_WRITES:
                found = call_finding(
                    call,
                    detector=self.name,
                    key=f"{self.name}:toggle:{call.name}:{toggle.first}",
                    summary=(
                        f"`{call.name}` switched a setting back and forth {toggle.writes} times "
                        "(each write undoing the one before)"
                    ),
                    count=toggle.writes,
                    first_step=toggle.first,
                    last_step=step.number,
                )
        return found

    def _repeat(self, state: CycleState, step: StepRecord) -> Finding | None:
        key, keys = step.batch_key, state.keys
        calls = step.call_set
        # A step is the one `period` steps back when its calls and results are (batch_key), or
        # when its calls are and they got the answers they got before (novelty: a result that
        # changed only its revision counter or the like is the same answer).
        as_before = not step.novelty.informative
        # Within a pass going round, a step calling the same tools answered in the same forms is
        # the step it was: the pass handed them the handle it minted anew ("prop-8a2e" for
        # "prop-7f1c"), and they answered as before under it.
        forms = _forms(step)  # remembered for every step; compared only while a run goes on
        in_form = bool(forms) and bool(state.runs) and forms in state.forms
        seen = key in keys or (as_before and calls in state.calls) or in_form
        # Waiting on a job that says it goes on (wait, status "pending", wait, "pending") is
        # polling, which the identical-call detector gives its own longer patience.
        if not seen or step.waiting:  # the common case: every run is broken, none starts
            if state.runs:
                state.runs, state.starts = {}, {}
            self._remember(state, key, calls, forms, step.number)
            return None
        # Only periods at which this step's key occurred can continue (or start) a run; every
        # other period's run is broken. O(window), the window being max_period keys.
        runs: dict[int, int] = {}
        starts: dict[int, int] = {}
        found: tuple[int, int] | None = None
        window, confirm = len(keys), self.config.confirm_steps
        same = [
            i
            for i, k in enumerate(keys)
            if k == key or (as_before and state.calls[i] == calls) or (forms and state.forms[i] == forms)
        ]
        for index in same:
            period = window - index
            if period < 2:
                continue  # period 1 is the identical-call detector's
            alike = state.keys[index] != key and not (as_before and state.calls[index] == calls)
            if alike and period not in state.runs:
                continue  # a form alike continues a pass going round; it starts none
            run = state.runs.get(period, 0) + 1
            runs[period] = run
            # A new run's first pass began `period` steps (with calls) before this one.
            starts[period] = state.starts[period] if run > 1 else state.numbers[index]
            repeated = run >= period + confirm and len(set(state.calls[index:])) > 1
            if repeated and (found is None or period < found[0]):
                found = (period, run)
        state.runs, state.starts = runs, starts
        self._remember(state, key, calls, forms, step.number)
        if found is None:
            return None
        period, run = found
        names = ", ".join(dict.fromkeys(c.name for c in step.calls))
        first_pass = starts[period]
        return call_finding(
            step.calls[0],
            detector=self.name,
            key=f"{self.name}:{period}:{first_pass}",  # stable while the loop goes round
            summary=(
                f"the same sequence of {period} steps is being repeated with the same results "
                f"({run // period + 1} passes; current call: {names})"
            ),
            count=run // period + 1,
            first_step=first_pass,
            last_step=step.number,
        )


def _forms(step: StepRecord) -> tuple[tuple[str, str], ...]:
    """Each call's tool and the form of its answer (``FORM_RESULT``: a short record, identifiers
    masked), or ``()`` when a call has no such answer or changes something: edits answered alike
    are other edits (edit, test, edit, test is work until the edits repeat)."""
    calls = step.calls
    first = calls[0]
    if first.is_error or first.mutates or not first.error_class.startswith(FORM_RESULT):
        return ()  # most steps, at their first call
    forms = tuple(
        (c.name, c.error_class)
        for c in calls
        if not c.is_error and not c.mutates and c.error_class.startswith(FORM_RESULT)
    )
    return forms if len(forms) == len(step.calls) else ()
