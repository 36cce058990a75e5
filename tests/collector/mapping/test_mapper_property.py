"""Property: the span mapper never raises, whatever the attributes of whatever spans."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from loopwatch_collector.mapping import SpanMapper, SpanView

_KEYS = st.sampled_from(
    [
        "gen_ai.operation.name",
        "gen_ai.tool.name",
        "gen_ai.tool.call.id",
        "gen_ai.tool.call.arguments",
        "gen_ai.tool.call.result",
        "gen_ai.output.messages",
        "gen_ai.input.messages",
        "gen_ai.response.finish_reasons",
        "gen_ai.usage.output_tokens",
        "gen_ai.agent.name",
        "gen_ai.conversation.id",
        "openinference.span.kind",
        "tool.name",
        "input.value",
        "output.value",
        "llm.output_messages.0.message.content",
        "llm.output_messages.0.message.tool_calls.0.tool_call.id",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.name",
        "llm.output_messages.0.message.tool_calls.0.tool_call.function.arguments",
        "llm.input_messages.0.message.role",
        "llm.input_messages.0.message.tool_call_id",
        "traceloop.span.kind",
        "traceloop.entity.input",
        "gen_ai.completion.0.tool_calls.0.name",
        "mcp.method.name",
        "loopwatch.event.id",
        "loopwatch.step.tool_call.ids",
        "loopwatch.step.tool_call.names",
        "loopwatch.step.tool_call.fingerprints",
        "loopwatch.text.sketch",
        "loopwatch.tool.result.fingerprint",
        "error.type",
    ]
)
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=40),
    st.binary(max_size=10),
    st.sampled_from(
        ["execute_tool", "chat", "TOOL", "LLM", "tool", "tools/call", "[]", "{}", '[{"parts":[{}]}]']
    ),
)
_VALUES: st.SearchStrategy[Any] = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_JSONISH = st.builds(
    lambda v: __import__("json").dumps(v, default=str),
    st.recursive(_SCALARS, lambda i: st.lists(i, max_size=3)),
)
_SPANS = st.builds(
    SpanView,
    trace_id=st.sampled_from(["a" * 32, "b" * 32]),
    span_id=st.text(alphabet="0123456789abcdef", min_size=16, max_size=16),
    parent_span_id=st.sampled_from(["", "c" * 16]),
    name=st.sampled_from(["", "execute_tool x", "running tool", "chat m", "tools/call t", "x.tool", "db"]),
    kind=st.integers(min_value=-5, max_value=99),
    start_ns=st.integers(min_value=0, max_value=2**64 - 1),
    end_ns=st.integers(min_value=0, max_value=2**64 - 1),
    attributes=st.dictionaries(_KEYS, st.one_of(_VALUES, _JSONISH), max_size=8),
    resource=st.dictionaries(st.sampled_from(["service.name", "x"]), _VALUES, max_size=2),
    is_error=st.booleans(),
)


@pytest.mark.slow  # 4-20 s depending on load; still run by default and in CI (no -m filter)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(_SPANS, max_size=6), max_size=3))
def test_span_mapper_never_raises(batches: list[list[SpanView]]) -> None:
    mapper = SpanMapper(max_traces=4)
    for batch in batches:
        traces = mapper.map(batch)
        assert sum(len(t.spans) for t in traces) == len(batch)
