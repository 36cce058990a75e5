"""The engine: events in, verdicts out, for one trace's ``SessionState`` at a time.

Flow: events are de-duplicated by id, a step's batch is collected until every call has its
result (or the next step / user message arrives), the completed step becomes a ``StepRecord``,
its calls are classified once by what they taught the agent (``novelty``: new, repeated,
echoed, ...), every detector observes it, and the policy turns the findings into a verdict.

The engine itself is stateless and shared: all per-trace data lives in the ``SessionState``
the caller passes in, so the same engine serves the local guard, ``loopwatch replay`` and
every session of the collector. Callers must not mutate one state from two threads at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from loopwatch.detect.base import Detector
from loopwatch.detect.novelty import assess
from loopwatch.detect.policy import Policy, PolicyConfig
from loopwatch.detect.session import OpenStep, SessionState
from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.events import Event, Step, ToolCall, ToolResult, UserMessage
from loopwatch.fingerprint import digest
from loopwatch.sketch import similarity
from loopwatch.verdict import Action, Finding, Verdict

logger = logging.getLogger(__name__)

DetectorErrorHook = Callable[[str, BaseException], None]
# Arguments kept as evidence in findings (and so in session state): enough to quote the call in
# a nudge; the call fingerprint, not this text, is what identifies it.
EVIDENCE_CHARS = 1024


@dataclass(frozen=True, slots=True, kw_only=True)
class EngineConfig:
    """Which detectors run and how the policy escalates."""

    detectors: Sequence[Detector] = field(default_factory=lambda: default_detectors())
    policy: PolicyConfig = field(default_factory=PolicyConfig)


class Engine:
    """Runs detectors and policy over a session's events. Thread-safe; states are not."""

    def __init__(
        self,
        config: EngineConfig | None = None,
        *,
        on_detector_error: DetectorErrorHook | None = None,
    ) -> None:
        self.config = config or EngineConfig()
        names = [d.name for d in self.config.detectors]
        if len(set(names)) != len(names):
            raise ValueError(f"detector names must be unique, got {names}")
        self._policy = Policy(self.config.policy)
        # (name, bound observe) per detector, bound once: every step calls each of them.
        self._observers = tuple((d.name, d.observe) for d in self.config.detectors)
        self._on_detector_error = on_detector_error
        self._logged_errors: set[str] = set()

    def new_session(self) -> SessionState:
        state = SessionState()
        state.detector_states = {d.name: d.new_state() for d in self.config.detectors}
        return state

    def ingest(self, state: SessionState, events: Iterable[Event]) -> list[Verdict]:
        """Apply ``events`` in order; one verdict per step completed by them.

        Events already seen (same ``event_id``) are ignored, so re-sending a batch is safe.
        A result for an unknown or already-closed call is ignored: the step it belonged to was
        judged without it.
        """
        verdicts: list[Verdict] = []
        for event in events:
            if not state.remember_event(event.event_id):
                continue
            state.events += 1
            # A step is judged once it is complete: when its last result arrives, or at once
            # when it has no calls. Only those two events can complete one.
            if isinstance(event, ToolResult):
                open_step = state.open_step
                if open_step is not None:
                    for call in open_step.step.tool_calls:
                        if call.id == event.call_id:
                            open_step.results.setdefault(event.call_id, event)
                            if open_step.complete:
                                self._close_open_step(state, verdicts)
                            break
            elif isinstance(event, Step):
                if state.open_step is not None:
                    self._close_open_step(state, verdicts)
                state.steps += 1
                state.open_step = OpenStep(event)
                if not event.tool_calls:
                    self._close_open_step(state, verdicts)
            elif isinstance(event, UserMessage):
                self._close_open_step(state, verdicts)
                state.turn += 1
                previous, state.request = state.request, event.sketch
                state.request_similarity = (
                    similarity(previous, event.sketch)
                    if previous is not None and event.sketch is not None
                    else 0.0
                )
                self._reset_turn(state)
        return verdicts

    def flush(self, state: SessionState) -> list[Verdict]:
        """Judge a step still waiting for results (end of a transcript, idle session)."""
        verdicts: list[Verdict] = []
        self._close_open_step(state, verdicts)
        return verdicts

    def before_tool_call(self, state: SessionState, call: ToolCall) -> Verdict:
        """Checkpoint before ``call`` executes; see ``Policy.before_tool_call``."""
        verdict = self._policy.before_tool_call(state.policy, state.steps, call)
        if verdict.intervenes:
            state.last_verdict = verdict
        return verdict

    def conversation_limit(self, state: SessionState, conversation_steps: int) -> Verdict | None:
        """HALT when the trace's conversation reached its step limit (``Policy``); else None."""
        verdict = self._policy.conversation_limit(state.policy, state.steps, conversation_steps)
        if verdict is not None:
            if verdict.finding is not None:
                state.record_finding(verdict.finding)
            state.last_verdict = verdict
        return verdict

    def _close_open_step(self, state: SessionState, verdicts: list[Verdict]) -> None:
        open_step = state.open_step
        if open_step is None:
            return
        state.open_step = None
        record = _record(open_step, number=state.steps, state=state)
        findings = self._observe(state, record)
        verdict = self._policy.decide(state.policy, record.number, findings)
        for finding in findings:
            state.record_finding(finding)
        if verdict.action is not Action.CONTINUE or state.last_verdict.action is Action.CONTINUE:
            state.last_verdict = verdict
        verdicts.append(verdict)

    def _observe(self, state: SessionState, record: StepRecord) -> list[Finding]:
        findings: list[Finding] = []
        states = state.detector_states
        for name, observe in self._observers:
            try:
                finding = observe(states[name], record)
            except Exception as exc:  # noqa: BLE001 - a detector bug must never break the agent
                state.detector_errors += 1
                self._report_error(name, exc)
                continue
            if finding is not None:
                findings.append(finding)
        return findings

    def _reset_turn(self, state: SessionState) -> None:
        for detector in self.config.detectors:
            if detector.per_turn:
                state.detector_states[detector.name] = detector.new_state()

    def _report_error(self, name: str, exc: BaseException) -> None:
        if name not in self._logged_errors:
            self._logged_errors.add(name)
            logger.error("detector %s failed; continuing without it for this step", name, exc_info=exc)
        if self._on_detector_error is not None:
            self._on_detector_error(name, exc)


def _record(open_step: OpenStep, *, number: int, state: SessionState) -> StepRecord:
    step = open_step.step
    results = open_step.results
    tool_calls = step.tool_calls
    if len(tool_calls) == 1:  # most steps: no generator to build and drain
        calls: tuple[CallOutcome, ...] = (_outcome(tool_calls[0], results.get(tool_calls[0].id)),)
    else:
        calls = tuple(_outcome(call, results.get(call.id)) for call in tool_calls)
    usage = step.usage
    # In field order, not by keyword: one per step on the hot path.
    return StepRecord(
        number,
        state.turn,
        calls,
        _batch_key(calls),
        step.sketch,
        step.refers_to_calls,
        step.text,
        usage.input_tokens if usage else 0,
        usage.output_tokens if usage else 0,
        step.time_unix_ns,
        not step.tool_calls,  # is_final
        state.request.words if state.request is not None else 0,  # request_words
        state.request_similarity,
        assess(state.novelty, calls, number=number, turn=state.turn),
    )


def _outcome(call: ToolCall, result: ToolResult | None) -> CallOutcome:
    arguments = call.arguments
    if arguments is not None and len(arguments) > EVIDENCE_CHARS:
        arguments = _evidence(arguments)
    if result is None:
        return CallOutcome(
            name=call.name,
            call=call.fingerprint,
            shape=call.shape,
            frame=call.frame,
            targets=call.targets,
            phrased=call.phrased,
            wording=call.wording,
            spelling=call.spelling,
            result=None,
            is_error=False,
            empty=False,
            arguments=arguments,
            repetition=call.repetition,
            mutates=call.mutates,
            waits=call.waits,
        )
    # In field order, not by keyword: one per call on the hot path, and binding 19 keywords
    # costs as much as the rest of building it.
    return CallOutcome(
        call.name,
        call.fingerprint,
        result.fingerprint,
        result.is_error,
        result.size == 0,
        call.shape,
        call.frame,
        call.targets,
        call.phrased,
        call.wording,
        call.spelling,
        result.size,
        result.overlap,
        result.error_terms,
        result.error_class,
        result.lines,
        result.links,
        result.facts,
        arguments,
        result.preview,
        call.repetition,
        call.mutates,
        call.waits,
    )


def _batch_key(calls: tuple[CallOutcome, ...]) -> str:
    """A key of a step's (call, result) pairs, whatever their order: equal batches, equal keys.
    A missing result counts as empty. One pair is its own key, the two fingerprints joined (most
    steps: no digest to compute); several are digested, sorted."""
    if len(calls) == 1:
        return f"{calls[0].call}:{calls[0].result or ''}"
    pairs = [f"{o.call}\x00{o.result or ''}" for o in calls]
    pairs.sort()
    return digest("\x01".join(pairs))


def _evidence(arguments: str) -> str:
    """Arguments longer than ``EVIDENCE_CHARS`` as evidence: enough to name the call, never a
    10 MB string kept in state (the caller checks the length: most arguments are kept whole)."""
    return arguments[: EVIDENCE_CHARS - 3] + "..."


def default_detectors() -> tuple[Detector, ...]:
    """The detectors every engine runs unless configured otherwise, with default thresholds."""
    from loopwatch.detect.registry import build_detectors

    return build_detectors()
