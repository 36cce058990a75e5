"""Scripted agents and span helpers shared by the SDK tests (and the guard benchmark)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType

from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from loopwatch import Action, LoopDetected, Loopwatch, Verdict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def load_example(name: str) -> ModuleType:
    """Import ``examples/<name>.py`` as a module (the examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"loopwatch_example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@dataclass
class Spans:
    provider: TracerProvider
    exporter: InMemorySpanExporter

    def finished(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def named(self, prefix: str) -> list[ReadableSpan]:
        return [s for s in self.finished() if s.name.startswith(prefix)]


@dataclass
class Outcome:
    """What a scripted agent run did."""

    verdicts: list[Verdict] = field(default_factory=list)
    steps: int = 0
    tool_runs: int = 0
    halted: LoopDetected | None = None
    answer: str | None = None
    messages: list[dict[str, object]] = field(default_factory=list)
    trace_id: str = ""


def looping_result(step: int) -> str:
    return "No results found for 'weather in atlantis'."


def polling_result(step: int) -> str:
    return f"job 42: {min(step * 10, 100)}% done"


def run_scripted_agent(
    lw: Loopwatch,
    *,
    result: Callable[[int], str] = looping_result,
    tool: str = "search",
    arguments: Mapping[str, object] | None = None,
    max_steps: int = 12,
    obey_withdraw: bool = True,
    done_after: int | None = None,
) -> Outcome:
    """A model that asks for the same call every step (a loop, unless results change).

    It answers when tools are withdrawn (``obey_withdraw``) or after ``done_after`` steps.
    """
    outcome = Outcome()
    args = arguments or {"q": "weather in atlantis"}
    try:
        with lw.run(conversation_id="conv-1") as run:
            outcome.trace_id = run.trace_id
            run.user_message("What is the weather in Atlantis?")
            for step_no in range(1, max_steps + 1):
                outcome.steps = step_no
                final = (obey_withdraw and run.tools_withdrawn) or (
                    done_after is not None and step_no > done_after
                )
                if final:
                    run.record_step("fake-model", text="I could not find it.", finish_reason="stop")
                    outcome.answer = "I could not find it."
                    return outcome
                step = run.record_step(
                    "fake-model",
                    text="Let me search for that.",
                    tool_calls=[{"id": f"call_{step_no}", "name": tool, "arguments": args}],
                    finish_reason="tool_calls",
                    input_tokens=100,
                    output_tokens=10,
                )
                for call in step.tool_calls:
                    with run.tool(call) as execution:
                        outcome.tool_runs += 1
                        execution.set_result(result(step_no))
                verdict = run.after_batch()
                outcome.verdicts.append(verdict)
    except LoopDetected as exc:
        outcome.halted = exc
    return outcome


def actions(outcome: Outcome) -> list[Action]:
    return [v.action for v in outcome.verdicts]


def interventions(outcome: Outcome) -> list[Action]:
    """The non-CONTINUE actions, in order."""
    return [v.action for v in outcome.verdicts if v.action is not Action.CONTINUE]


def run_fanout_agent(lw: Loopwatch, steps: int = 6) -> list[Action]:
    """A model that narrates each read of a different file: progress, never a loop."""
    seen: list[Action] = []
    with lw.run() as run:
        for step in range(steps):
            path = f"src/pkg/module_{step}.py"
            recorded = run.record_step(
                "fake-model",
                text=f"Reading {path} to find where the config is parsed.",
                tool_calls=[{"id": f"c{step}", "name": "read_file", "arguments": {"path": path}}],
            )
            with run.tool(recorded.tool_calls[0]) as execution:
                execution.set_result(f"# {path}\n" + "".join(f"def f{step}_{i}(): pass\n" for i in range(10)))
            seen.append(run.after_batch().action)
    return seen
