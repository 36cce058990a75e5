"""The session's step log: its steps as the session page shows them and as the export replays them.

The engine keeps fingerprints in detector windows, never a readable history. Two readers want
the steps themselves: an on-call engineer looking at a looping session wants the last steps in
order (each call with its clipped arguments, the result preview or, in privacy mode, the result
fingerprint, and when each intervening verdict was sent), and ``GET
/v1/sessions/{trace_id}/scenario`` wants the first events of the trace with what the detectors
judged, so that the export replays to the live verdicts. ``SessionTimeline`` is one log for
both, kept on the ``SessionRecord`` (so it is stored, encoded and shared between replicas like
the rest): each step once, as compact JSON, carrying the export's events only while it is one of
the first steps the export keeps. Bounded: the last ``sessions.timeline_steps`` steps,
``TIMELINE_CALLS_PER_STEP`` calls each, arguments and previews clipped to
``TIMELINE_ARGUMENT_CHARS`` / ``TIMELINE_PREVIEW_CHARS``, plus the export's first steps within
``sessions.step_log_max_events`` / ``step_log_max_bytes`` (``processing/step_log.py``). Plain
data for the codec.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import orjson

from loopwatch.events import Event, Step, ToolCall, ToolResult
from loopwatch.verdict import Verdict
from loopwatch.wire import clip

#: Calls kept per step; a fan-out of 50 reads shows its first calls and a count of the rest.
TIMELINE_CALLS_PER_STEP = 8
#: Argument characters kept per call: enough to tell two calls apart at a glance.
TIMELINE_ARGUMENT_CHARS = 240
#: Result preview characters kept per call (the finding's evidence keeps the full preview).
TIMELINE_PREVIEW_CHARS = 120

# Positions in a stored step and in each of its calls (see ``SessionTimeline``); ``STEP_EVENTS``
# only in the steps that carry the export's events.
STEP_NUMBER, STEP_RECEIVED, STEP_TIME_NS, STEP_OMITTED, STEP_CALLS, STEP_EVENTS = range(6)
(
    CALL_ID,
    CALL_NAME,
    CALL_FINGERPRINT,
    CALL_ARGUMENTS,
    RESULT_FINGERPRINT,
    RESULT_PREVIEW,
    RESULT_SIZE,
    RESULT_ERROR,
) = range(8)


@dataclass(slots=True, kw_only=True)
class SentVerdict:
    """When an intervening verdict was decided and sent, keyed by its step and action."""

    step: int
    action: str
    sent_unix_s: float


@dataclass(slots=True, kw_only=True)
class ExportHead:
    """What the first steps of a ``SessionTimeline`` carry for the scenario export.

    Present only while the export is on (``sessions.step_log_max_events``): a record without
    it encodes as before. The first ``steps`` steps of the timeline hold their events as
    scenario entries and are never dropped; ``opening`` holds the entries of the events that
    came before the first step (a user message). Filled by ``processing/step_log.py``, which
    owns the bounds: ``events`` and ``approx_bytes`` are what is kept, ``dropped`` counts the
    events past the first one that did not fit (every later one is dropped too).
    """

    opening: list[str] = field(default_factory=list)
    steps: int = 0
    events: int = 0
    approx_bytes: int = 0
    dropped: int = 0


#: Turns an event into its scenario entry for the export, or None when it is not kept
#: (``processing/step_log.py``).
ExportEntry = Callable[[Event], "dict[str, Any] | None"]


@dataclass(slots=True, kw_only=True)
class SentHookDecision:
    """A coding CLI's hook answer that told it something (``deny``, ``context`` or ``stop``,
    the ``DecisionKind`` values) and its reason, after ``step`` steps."""

    step: int
    decision: str
    reason: str
    sent_unix_s: float


@dataclass(slots=True, kw_only=True)
class SessionTimeline:
    """The session's step log: one bounded record of its steps that the session page's timeline
    and the scenario export both read, plus the send times of its intervening verdicts and the
    hook answers sent.

    Each step is kept as one compact JSON array, ``[number, received_unix_s, time_unix_ns,
    omitted_calls, calls]`` with each call ``[id, name, call_fingerprint, arguments,
    result_fingerprint, result_preview, result_size, is_error]`` (the ``STEP_*`` / ``CALL_*`` /
    ``RESULT_*`` positions), not as nested dataclasses: the record is encoded on every update
    with the Redis store and on idle compaction, where a string costs the codec almost nothing
    and forty small objects tripled its encoding time; positions instead of keys keep an idle
    session's encoded size small. A fingerprint is kept only where its text is not (privacy
    mode): beside the arguments or the preview it tells a reader nothing more.
    ``result_size`` is null until the result came.

    While the export is on (``head`` is set), the first ``head.steps`` steps also carry, at
    ``STEP_EVENTS``, the scenario entries of the events the engine applied from that step up to
    the next one, in order: the export is ``head.opening`` then those entries, a prefix of the
    trace that replays to the live verdicts. Bounds: the last ``limit`` steps
    (``sessions.timeline_steps``) plus those first steps; the timeline view reads the last
    ``limit`` (``last``), the export the first ones (``exporters/session_scenario.py``).
    Mutated only inside the pipeline's ``SessionStore.update`` (``processing/session_update.py``).
    """

    steps: list[str] = field(default_factory=list)
    sent: list[SentVerdict] = field(default_factory=list)
    head: ExportHead | None = None  # None while the export is off: costs nothing then
    #: The hook answers that decided something (``receivers/hooks``), as many as the verdict history.
    hook_decisions: list[SentHookDecision] = field(default_factory=list)

    def last(self, limit: int) -> list[str]:
        """The last ``limit`` steps, oldest first: what the session page shows."""
        return self.steps[-limit:] if limit > 0 else []

    def record_events(
        self,
        events: Iterable[Event],
        *,
        first_step: int,
        now_unix_s: float,
        limit: int,
        export: ExportEntry | None = None,
    ) -> None:
        """Add new steps (numbered from ``first_step``), attach results to their calls and, with
        ``export``, log each event's entry (with ``head`` set); then keep the first
        ``head.steps`` steps and the last ``limit``.

        ``events`` are the de-duplicated events of one update, in the order the engine applied
        them, so the n-th ``Step`` is step ``first_step + n``.
        """
        # Steps of this update are dumped once, at the end, with the results that came with
        # them (an Evaluate usually carries a step and its results): only stored steps this
        # update changes pay for a parse and a re-dump.
        fresh: list[list[Any]] = []
        stored: dict[int, list[Any]] = {}
        calls: dict[str, list[Any]] = {}
        number = first_step
        for event in events:
            entry = None if export is None else export(event)
            if isinstance(event, Step):
                step = _step(event, number, now_unix_s)
                if entry is not None:
                    step.append([entry])
                fresh.append(step)
                calls.update((call[CALL_ID], call) for call in step[STEP_CALLS])
                number += 1
                continue
            if isinstance(event, ToolResult):
                call = calls.get(event.call_id)
                if call is not None:
                    _fill(call, event)
                else:
                    self._attach(event, stored)
            if entry is not None:
                self._log(entry, fresh, stored)
        for index, step in stored.items():
            self.steps[index] = _dump(step)
        if self.head is not None and self.head.steps == len(self.steps):
            self.head.steps += sum(1 for step in fresh if len(step) > STEP_EVENTS)
        self.steps.extend(_dump(step) for step in fresh)
        kept = 0 if self.head is None else self.head.steps
        del self.steps[kept : max(kept, len(self.steps) - limit)]

    def note_verdict(self, verdict: Verdict, *, now_unix_s: float, history: int) -> None:
        """Remember when ``verdict`` was sent; keeps as many as the verdict history."""
        self.sent.append(SentVerdict(step=verdict.step, action=verdict.action.value, sent_unix_s=now_unix_s))
        if len(self.sent) > history:
            del self.sent[: len(self.sent) - history]

    def note_hook_decision(self, decision: SentHookDecision, *, history: int) -> None:
        """Remember a hook answer that decided something; keeps the last ``history``."""
        self.hook_decisions.append(decision)
        if len(self.hook_decisions) > history:
            del self.hook_decisions[: len(self.hook_decisions) - history]

    def sent_at(self, verdict: Verdict) -> float | None:
        """When ``verdict`` was sent (Unix seconds), if still remembered."""
        for sent in reversed(self.sent):
            if sent.step == verdict.step and sent.action == verdict.action.value:
                return sent.sent_unix_s
        return None

    def _stored(self, index: int, stored: dict[int, list[Any]]) -> list[Any]:
        """Stored step ``index``, parsed once per update (``record_events`` dumps it back)."""
        step = stored.get(index)
        if step is None:
            text = self.steps[index]
            carries_events = self.head is not None and index < self.head.steps
            step = stored[index] = load_step(text) if carries_events else orjson.loads(text)
        return step

    def _attach(self, result: ToolResult, stored: dict[int, list[Any]]) -> None:
        # Results follow their step closely: search from the newest, parsing only a step whose
        # text contains the call id.
        needle = orjson.dumps(result.call_id).decode()
        for index in range(len(self.steps) - 1, -1, -1):
            if index not in stored and needle not in self.steps[index]:
                continue
            for call in self._stored(index, stored)[STEP_CALLS]:
                if call[CALL_ID] == result.call_id:
                    _fill(call, result)
                    return

    def _log(self, entry: dict[str, Any], fresh: list[list[Any]], stored: dict[int, list[Any]]) -> None:
        """Log a non-step event's entry after the latest step, or before the first one."""
        if fresh:
            fresh[-1][STEP_EVENTS].append(entry)
        elif self.steps:
            self._stored(len(self.steps) - 1, stored)[STEP_EVENTS].append(entry)
        elif self.head is not None:
            self.head.opening.append(_dump(entry))


def _fill(call: list[Any], result: ToolResult) -> None:
    """Attach ``result`` to its stored ``call``."""
    # With a preview the fingerprint tells a reader nothing more: keep one.
    call[RESULT_FINGERPRINT] = result.fingerprint if result.preview is None else None
    call[RESULT_PREVIEW] = None if result.preview is None else clip(result.preview, TIMELINE_PREVIEW_CHARS)
    call[RESULT_SIZE] = result.size
    call[RESULT_ERROR] = result.is_error


def _step(event: Step, number: int, now_unix_s: float) -> list[Any]:
    calls = [_call(c) for c in event.tool_calls[:TIMELINE_CALLS_PER_STEP]]
    omitted = max(0, len(event.tool_calls) - TIMELINE_CALLS_PER_STEP)
    # Milliseconds are enough for a timeline and keep the stored number short.
    return [number, round(now_unix_s, 3), event.time_unix_ns, omitted, calls]


def _call(call: ToolCall) -> list[Any]:
    # With the arguments the call's fingerprint tells a reader nothing more: keep one of them.
    fingerprint = call.fingerprint if call.arguments is None else None
    return [
        call.id,
        call.name,
        fingerprint,
        None if call.arguments is None else clip(call.arguments, TIMELINE_ARGUMENT_CHARS),
        None,
        None,
        None,
        False,
    ]


def load_step(text: str) -> list[Any]:
    """A stored step that carries the export's events: read exactly (orjson would read an
    integer beyond 64 bits in logged arguments as a float; ``_dump`` wrote it exactly)."""
    step: list[Any] = json.loads(text)
    return step


def _dump(value: list[Any] | dict[str, Any]) -> str:
    """Compact JSON, UTF-8 as is (as the session codec writes)."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # an integer beyond 64 bits in logged arguments: the slower, unbounded writer
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
