"""Builders for collector tests: events of a looping agent, trace ids, configs."""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry

from loopwatch.events import Event, Step, ToolCall, ToolResult, TraceContext
from loopwatch_collector.config import CollectorConfig, config_from_mapping
from loopwatch_collector.exporters.metrics import Metrics
from loopwatch_collector.processing.pipeline import Pipeline
from loopwatch_collector.store.memory import InMemorySessionStore

TRACE = "0af7651916cd43dd8448eb211c80319c"


def trace_id(n: int) -> str:
    """A valid W3C trace id for ``n`` (never all zero)."""
    return f"{n + 1:032x}"


def tool_step(i: int, *, tool: str = "grep", args: Any = None, result: str = "no match") -> list[Event]:
    """One completed step: a call and its result, with ids following the pipeline's rule."""
    call = ToolCall.create(id=f"call_{i}", name=tool, arguments={"q": "x"} if args is None else args)
    return [
        Step.create(event_id=f"step:call_{i}", text=f"I will run {tool}.", tool_calls=(call,)),
        ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=result),
    ]


def context(trace: str = TRACE, agent: str = "bot", conversation: str | None = None) -> TraceContext:
    return TraceContext(trace_id=trace, agent=agent, conversation_id=conversation)


class Clock:
    """A settable clock for TTL tests."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_pipeline(
    raw: dict[str, Any] | None = None, *, clock: Clock | None = None
) -> tuple[Pipeline, Metrics, InMemorySessionStore, CollectorRegistry]:
    config: CollectorConfig = config_from_mapping(raw or {})
    registry = CollectorRegistry()
    clock = clock or Clock()
    store = InMemorySessionStore(
        idle_ttl_s=config.sessions.idle_ttl_s, max_sessions=config.sessions.max_sessions, clock=clock
    )
    metrics = Metrics(registry, known_agents=config.agents, max_agent_labels=config.metrics.max_agent_labels)
    return Pipeline(config, store, metrics, clock=clock), metrics, store, registry


def sample(registry: CollectorRegistry, name: str, **labels: str) -> float:
    value = registry.get_sample_value(name, labels)
    return 0.0 if value is None else value
