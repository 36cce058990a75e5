"""Identical call: the same call (or parallel batch) with the same result, again and again.

Pattern: a step whose every call is a ``REPEAT`` (see ``novelty.py``) that has now come back
``consecutive`` times in a row with the same result (default 3: the third fires). "In a row"
is counted per call, not per step, so these are all caught:
- the same call three steps running;
- an identical failing command re-run after each of several different edits (the edits look
  like progress; the unchanged failure says they are not);
- an identical failing call re-issued after every "please try again" from the user (a failure
  repeats across turns);
- the same search re-issued every few steps with other work in between (lost context); a
  successful call that recurs after other work, rather than back to back, needs ``spread_out``
  occurrences (default 6): re-running a script after an edit that did not change its output
  is still a healthy check twice.

A call failing with an error that says the service failed (a timeout, a rate limit, a
refused charge) fires at ``transient`` (default 4): a payment retried three
times before the agent hands off to a person, or until it goes through, is a healthy retry. So
does any failing call retried back to back in one turn (text between the retries, an apology,
breaks nothing): a slot held, a permission refused, a conflict, retried twice more before a
hand-off is a retry to writers of labelled transcripts whatever the error (nine blind sets put
the onset at the fourth or fifth); a wait or a look elsewhere between the retries (disk space
checked while a lock is held) changes nothing they meet. The same failure after a change made
(an edit, a write) or the user asking again is no retry: that work did not change it, and it
fires at ``consecutive``.
A status saying the work goes on ("running", "queued", 12 %: ``fingerprint.PENDING_RESULT``), a
status record (``fingerprint.STATUS_RESULT``) or any answer checked again right after a wait
(``StepNovelty.waited``: a sleep between checks says the agent polls, in whatever words the
status is) fires at ``pending`` (default 16): a poll gets the same answer while a job runs (peers give
pollers a threshold of their own, warning at 10 and blocking at 20; a poll every 5 minutes for
15 minutes was flagged as stuck). Every set scores the same from 12 to 24, the highest swept,
and 16 is in its middle: no loop in the corpus is a poll alone, while under 12 healthy polls
of the blind sets (a review queue, an async report, a backup) are nudged, under 10 harmed.
A status record that came back in its form under another identifier is no poll: a read
answers with the id it answered, so the call created something again (a request registered
once more under a new protocol number) and fires at ``consecutive``.
A status that progressed and then stopped is no job going on but a stalled one: when the
answer polled had changed only in its numbers before ("checked": 120, then 211; 31 %, then
42 % and a newer heartbeat: the same ``PENDING_RESULT`` form) and now comes back the same, it
fires at ``stalled`` (default 5): every set scores the same at 5 alone (4 nudges a healthy
run whose job paused four polls long before it finished, 6 misses two stalled jobs whose
transcripts end at the fifth frozen answer). Read right after waits, the frozen answer fires at
``consecutive``: time passed for the job to move, and it did not; polls back to back, seconds
apart, keep ``stalled``'s patience (a long step of the job).

Not flagged: polling or pagination whose result changes, failing or not (the count starts
over; a failure changed when a line did, beyond a port or a pid: "2 of 4 replicas updated",
then "3 of 4"); waiting
between polls of an unchanged status (occurrences separated only by steps that taught nothing
do not add up); retries that fail with varying errors and then succeed; a successful call
repeated once per user turn, each answering a new question (successes count within a turn); an
action repeated while each look after it brings news (a key pressed to scroll a list, then the
list read: a call that changes something recurring after new information is acting again).

Seeds: Insika and Kilocode stop the third identical call. Values < 2 switch it off.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from loopwatch.detect.base import call_finding
from loopwatch.detect.step import CallOutcome, StepRecord, looks_elsewhere
from loopwatch.fingerprint import PENDING_RESULT, STATUS_RESULT, transient_error
from loopwatch.verdict import Finding


@dataclass(frozen=True, slots=True, kw_only=True)
class IdenticalCallConfig:
    """Options of ``identical_call``.

    Attributes:
        consecutive: occurrences in a row of a call with the same result that fire (back to
            back, or a failure anywhere in the run); < 2 = off.
        spread_out: occurrences that fire when a successful call recurred after other work
            rather than back to back (lost context); < 2 = off for that case.
        transient: occurrences that fire when every call failed with an error
            saying the service failed (a timeout, a rate limit, a refused charge:
            ``fingerprint.transient_error``), or failed and was retried back to back, which
            healthy agents do two or three times before they change approach or hand off;
            < 2 = ``consecutive``.
        pending: occurrences that fire when every call is a status saying the work goes on
            (``fingerprint.PENDING_RESULT``), a status record read again
            (``fingerprint.STATUS_RESULT``) or a check repeated right after a wait: polling a
            running job; < 2 = ``consecutive``.
        stalled: occurrences that fire, sooner than ``pending``, when the status polled had
            progressed (it changed only in its numbers: "checked": 120, then 211) and then
            stopped changing: a stalled job (read right after waits: ``consecutive``); < 2 = off
            (``pending`` alone).
    """

    consecutive: int = 3
    spread_out: int = 6
    transient: int = 4
    pending: int = 16
    stalled: int = 5

    def validate(self) -> None:
        if self.consecutive < 0:
            raise ValueError("identical_call.consecutive must be >= 0 (values < 2 mean off)")
        if self.spread_out < 0:
            raise ValueError("identical_call.spread_out must be >= 0 (values < 2 mean off)")
        if self.transient < 0:
            raise ValueError("identical_call.transient must be >= 0 (values < 2 mean consecutive)")
        if self.pending < 0:
            raise ValueError("identical_call.pending must be >= 0 (values < 2 mean consecutive)")
        if self.stalled < 0:
            raise ValueError("identical_call.stalled must be >= 0 (values < 2 mean off)")


# Statuses remembered per session, for whether each progressed (``IdenticalCallState.statuses``):
# a run polls a few jobs at a time.
STATUS_MEMORY = 32


@dataclass(frozen=True, slots=True)
class PolledStatus:
    """The last answer of a status polled: its result, its class (with its form) and whether it
    had progressed, changing only in its numbers, before it stopped changing."""

    result: str | None
    form: str
    progressed: bool


@dataclass(slots=True)
class IdenticalCallState:
    """The counts live in the session's shared novelty memory; this is whether the last step
    only waited (``StepNovelty.waited``): a check repeated after a wait is a poll; and, per
    status polled (call fingerprint, most recent last), its last result, its form and whether
    it had progressed (changed only in its numbers) before it stopped changing."""

    waited: bool = False
    statuses: dict[str, PolledStatus] = field(default_factory=dict)
    # The calls of the last step that failed, the turn, and how many steps with calls in a row
    # made them and failed (text between them breaks nothing): retries back to back.
    retried: tuple[str, ...] = ()
    retried_tools: tuple[str, ...] = ()
    retried_turn: int = -1
    retries: int = 0


class IdenticalCall:
    name = "identical_call"
    per_turn = False  # the novelty memory decides what a new turn resets

    def __init__(self, config: IdenticalCallConfig | None = None) -> None:
        self.config = config or IdenticalCallConfig()
        self.config.validate()

    def new_state(self) -> IdenticalCallState:
        return IdenticalCallState()

    def observe(self, state: IdenticalCallState, step: StepRecord) -> Finding | None:
        novelty = step.novelty
        waited, state.waited = state.waited, novelty.waited
        stalled = minted = False
        for c in step.calls:  # most steps poll nothing: no tracking, no call
            if c.error_class.startswith(_POLLED):
                stalled, minted = self._track_statuses(state, step)
                break
        if step.calls:
            self._track_retries(state, step)
        if not novelty.all_repeats:
            return None
        count = min(novelty.repeats)
        call = step.calls[0]
        limit = self.config.consecutive
        if novelty.spread and limit >= 2:
            limit = max(limit, self.config.spread_out) if self.config.spread_out >= 2 else 0
        if limit < 2 or count < limit:
            return None
        # Only a count that fires is checked for retries and waiting (which can only delay it).
        if (
            count < self.config.transient
            and step.all_failed
            and (state.retries >= count or all(transient_error(c.error_class) for c in step.calls))
        ):
            return None
        if (
            count < self.config.pending
            and (all(_polls(c) for c in step.calls) or (waited and not any(c.is_error for c in step.calls)))
            and not (stalled and 2 <= (self.config.consecutive if waited else self.config.stalled) <= count)
            and not minted
        ):
            return None
        return call_finding(
            call,
            detector=self.name,
            key=f"{self.name}:{step.batch_key}",
            summary=f"{_describe(step)} was called {count} times in a row with the same result",
            count=count,
            first_step=novelty.since,
            last_step=step.number,
        )

    @staticmethod
    def _track_retries(state: IdenticalCallState, step: StepRecord) -> None:
        """Count the steps in a row, in one turn, that made the same calls and all failed; a look
        elsewhere between them (a read with another tool, ``step.looks_elsewhere``: disk space
        checked while a lock is held) changes nothing the retries meet."""
        calls = step.calls
        if not calls[0].is_error or not all(c.is_error for c in calls):
            # Most steps: no retry counted, nothing to forget.
            if state.retries and not looks_elsewhere(calls, state.retried_tools):
                state.retries, state.retried, state.retried_tools = 0, (), ()
            return
        retried = step.call_set
        if retried == state.retried and step.turn == state.retried_turn:
            state.retries += 1
        else:
            state.retries, state.retried, state.retried_turn = 1, retried, step.turn
            state.retried_tools = tuple(sorted({c.name for c in calls}))

    @staticmethod
    def _track_statuses(state: IdenticalCallState, step: StepRecord) -> tuple[bool, bool]:
        """Remember each status this step read; whether every call is one that had progressed
        (a status in the same form, other numbers) and is now the same again (stalled), and
        whether every call is a status record in the same form as last time under another
        identifier (minted: a read would not change it; the call created something again)."""
        stalled = minted = bool(step.calls)
        statuses = state.statuses
        for call in step.calls:
            if not call.error_class.startswith(_POLLED) or call.mutates or call.is_error:
                stalled = minted = False
                continue
            last = statuses.pop(call.call, None)
            moved = last is not None and last.result != call.result
            in_form = last is not None and last.form == call.error_class
            pending = call.error_class.startswith(PENDING_RESULT)
            # Progress: a pending status moved in its numbers only (its form masks them).
            progressed = (in_form if moved else last is not None and last.progressed) and pending
            stalled = stalled and progressed and not moved
            minted = minted and moved and in_form and not pending
            statuses[call.call] = PolledStatus(call.result, call.error_class, progressed)
            if len(statuses) > STATUS_MEMORY:
                del statuses[next(iter(statuses))]
        return stalled, minted


_POLLED = (PENDING_RESULT, STATUS_RESULT)


def _polls(call: CallOutcome) -> bool:
    """Whether ``call`` got a status saying the work goes on, or read a status record (a flat
    record of identifiers and a state's name, ``fingerprint.STATUS_RESULT``): a poll. A write
    answered with a status ("queued", "sent") is the write done again, no poll."""
    if call.is_error or call.mutates:
        return False
    return call.error_class.startswith(_POLLED)


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
