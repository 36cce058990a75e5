"""Per-tool overrides: one detector judging some tools with differently configured copies.

The one mechanism for per-tool thresholds (the ``tools:`` section of the detector settings,
``loopwatch.detect.settings``): a polling tool can get a looser ``identical_call`` threshold,
a debugger's ``step`` can be exempt from ``same_tool``, without touching the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from loopwatch.detect.base import Detector
from loopwatch.detect.step import CallOutcome, StepRecord
from loopwatch.verdict import Finding

# Key of the base detector's state among the per-tool states (tool names are never "*" here:
# a tool called "*" would still get its own key, only the base's would be shadowed).
_DEFAULT_STATE_KEY = "*"


class PerToolDetector:
    """A detector whose calls to some tools are judged by differently configured copies.

    The base detector sees each step without the overridden tools' calls; each override sees
    only its own tool's calls (and only steps that have some). State is a plain dict of the
    copies' states, so it serialises like any other detector state. When several copies fire
    on one step, the finding of highest ``Severity.rank`` is returned.
    """

    def __init__(self, base: Detector, overrides: Mapping[str, Detector]) -> None:
        self._base = base
        self._overrides = dict(overrides)
        self.name = base.name
        self.per_turn = base.per_turn

    def new_state(self) -> dict[str, Any]:
        states = {tool: d.new_state() for tool, d in self._overrides.items()}
        states[_DEFAULT_STATE_KEY] = self._base.new_state()
        return states

    def observe(self, state: dict[str, Any], step: StepRecord) -> Finding | None:
        findings: list[Finding] = []
        rest = step.restricted(lambda c: c.name not in self._overrides)
        if rest.calls or not step.calls:
            found = self._base.observe(state[_DEFAULT_STATE_KEY], rest)
            if found is not None:
                findings.append(found)
        for tool, detector in self._overrides.items():
            own = step.restricted(_calls_of(tool))
            if own.calls:
                found = detector.observe(state[tool], own)
                if found is not None:
                    findings.append(found)
        if not findings:
            return None
        return max(findings, key=lambda f: f.severity.rank)


def _calls_of(tool: str) -> Callable[[CallOutcome], bool]:
    return lambda call: call.name == tool
