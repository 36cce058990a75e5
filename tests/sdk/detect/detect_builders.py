"""Builders for detector tests: scripted steps fed through the real event model and engine.

``step(...)`` describes one model step (its text, its calls and their results); ``run(...)``
turns a script of steps (and ``USER`` turn breaks) into ``ToolCall`` / ``Step`` /
``ToolResult`` events with the real ``create`` constructors, feeds them to an ``Engine`` that
runs only the detector under test, and returns what that detector returned for each step.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from loopwatch.detect.base import Detector
from loopwatch.detect.engine import Engine, EngineConfig
from loopwatch.detect.step import StepRecord
from loopwatch.events import Event, Step, ToolCall, ToolResult, Usage, UserMessage
from loopwatch.verdict import Finding

NO_RESULT = None
"""Pass as a call's result when no result arrives before the next step."""


@dataclass(frozen=True, slots=True)
class CallSpec:
    name: str
    arguments: Mapping[str, Any] | str | None
    result: str | None
    is_error: bool


class ScriptItem:
    """A step or a user turn of a script: their common base, so that a mixed list such as
    ``[*steps, USER, *steps]`` types as ``list[ScriptItem]``."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class StepSpec(ScriptItem):
    calls: tuple[CallSpec, ...]
    text: str | None
    input_tokens: int
    output_tokens: int
    time_unix_ns: int


@dataclass(frozen=True, slots=True)
class UserTurn(ScriptItem):
    text: str = "please try again"


USER = UserTurn()
"""A user message between steps: starts a new turn."""


def call(
    name: str,
    arguments: Mapping[str, Any] | str | None = None,
    result: str | None = "ok",
    *,
    is_error: bool = False,
) -> CallSpec:
    """One tool call and its result (``None``: no result arrives)."""
    return CallSpec(name, {} if arguments is None else arguments, result, is_error)


def step(
    *calls: CallSpec,
    text: str | None = None,
    input_tokens: int = 0,
    output_tokens: int = 0,
    time_unix_ns: int = 0,
) -> StepSpec:
    """One model step: optional text plus a batch of calls (none: a text-only step)."""
    return StepSpec(calls, text, input_tokens, output_tokens, time_unix_ns)


def events(script: Iterable[ScriptItem], *, capture_content: bool = True) -> list[Event]:
    """The events a real SDK would emit for ``script``, with unique ids."""
    ids = itertools.count(1)
    out: list[Event] = []
    for item in script:
        if isinstance(item, UserTurn):
            out.append(UserMessage.create(event_id=f"user:{next(ids)}", text=item.text))
            continue
        if not isinstance(item, StepSpec):
            raise TypeError(f"not a step or a user turn: {item!r}")
        tool_calls = tuple(
            ToolCall.create(id=f"call_{next(ids)}", name=c.name, arguments=c.arguments) for c in item.calls
        )
        out.append(
            Step.create(
                event_id=f"step:{next(ids)}",
                text=item.text,
                tool_calls=tool_calls,
                usage=Usage(input_tokens=item.input_tokens, output_tokens=item.output_tokens),
                time_unix_ns=item.time_unix_ns,
                capture_content=capture_content,
            )
        )
        for tool_call, spec in zip(tool_calls, item.calls, strict=True):
            if spec.result is not None:
                out.append(
                    ToolResult.create(
                        event_id=f"result:{tool_call.id}",
                        call_id=tool_call.id,
                        content=spec.result,
                        is_error=spec.is_error,
                        capture_content=capture_content,
                    )
                )
    return out


@dataclass
class _Spy:
    """Wraps the detector under test and records each step it saw and what it returned."""

    inner: Detector
    records: list[StepRecord] = field(default_factory=list)
    findings: list[Finding | None] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def per_turn(self) -> bool:
        return self.inner.per_turn

    def new_state(self) -> Any:
        return self.inner.new_state()

    def observe(self, state: Any, record: StepRecord) -> Finding | None:
        finding = self.inner.observe(state, record)
        self.records.append(record)
        self.findings.append(finding)
        return finding


@dataclass
class Run:
    """What the detector returned for each completed step (index 0 is step 1)."""

    findings: list[Finding | None]
    records: list[StepRecord]

    @property
    def last(self) -> Finding | None:
        return self.findings[-1]

    @property
    def fired(self) -> list[Finding]:
        return [f for f in self.findings if f is not None]

    def finding(self, number: int | None = None) -> Finding:
        """The finding at step ``number`` (default: the last step); fails the test if none."""
        found = self.findings[-1 if number is None else number - 1]
        assert found is not None, f"no finding at step {number or len(self.findings)}: {self.findings}"
        return found


def run(detector: Detector, script: Sequence[ScriptItem], *, capture_content: bool = True) -> Run:
    """Feed ``script`` through an engine running only ``detector``; flush at the end."""
    spy = _Spy(detector)
    engine = Engine(EngineConfig(detectors=(spy,)), on_detector_error=_reraise)
    session = engine.new_session()
    engine.ingest(session, events(script, capture_content=capture_content))
    engine.flush(session)
    return Run(spy.findings, spy.records)


def _reraise(name: str, exc: BaseException) -> None:
    raise AssertionError(f"detector {name} raised") from exc
