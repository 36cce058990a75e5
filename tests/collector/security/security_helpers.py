"""Builders for the security tests: two tenants with keys, credentials, OTLP tool spans."""

from __future__ import annotations

import hashlib
import os
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

from loopwatch import _wire
from loopwatch._proto.v1 import guard_pb2 as pb
from loopwatch.events import Step, ToolCall, ToolResult

ALPHA_KEY = "alpha-key-0123456789abcdef"
BETA_KEY = "beta-key-fedcba9876543210"
WRONG_KEY = "not-a-configured-key-000000"

#: Credentials of the authorization matrix: (name, key sent, tenant that key belongs to).
CREDENTIALS: dict[str, str | None] = {
    "no key": None,
    "wrong key": WRONG_KEY,
    "other tenant": BETA_KEY,
    "right key": ALPHA_KEY,
}


def sha256(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def two_tenants(**extra: Any) -> dict[str, Any]:
    """A collector config with tenants ``alpha`` (hash in the config) and ``beta``."""
    auth = {
        "keys": [
            {"tenant": "alpha", "sha256": sha256(ALPHA_KEY)},
            {"tenant": "beta", "sha256": sha256(BETA_KEY)},
        ],
        **extra.pop("auth", {}),
    }
    return {"auth": auth, **extra}


def metadata(key: str | None) -> tuple[tuple[str, str], ...]:
    """gRPC metadata carrying ``key`` as a bearer token (none without a key)."""
    return () if key is None else (("authorization", f"Bearer {key}"),)


def headers(key: str | None) -> dict[str, str]:
    return {} if key is None else {"Authorization": f"Bearer {key}"}


def tool_span(
    trace_id: bytes, call_id: str, *, result: str = "same", conversation: str | None = None
) -> Span:
    """A GenAI ``execute_tool`` span: the same call and result each time, i.e. a loop."""
    span = Span(
        trace_id=trace_id,
        span_id=os.urandom(8),
        name="execute_tool read_file",
        start_time_unix_nano=1_700_000_000_000_000_000,
        end_time_unix_nano=1_700_000_000_000_001_000,
    )
    attributes = {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": "read_file",
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": '{"path": "a"}',
        "gen_ai.tool.call.result": result,
    }
    if conversation is not None:
        attributes["gen_ai.conversation.id"] = conversation
    for key, value in attributes.items():
        span.attributes.append(KeyValue(key=key, value=AnyValue(string_value=value)))
    return span


def otlp_request(*spans: Span, service: str = "otlp-agent") -> ExportTraceServiceRequest:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.append(KeyValue(key="service.name", value=AnyValue(string_value=service)))
    rs.scope_spans.add().spans.extend(spans)
    return req


def step_events(i: int, *, result: str = "no match") -> list[pb.Event]:
    """One completed step on the wire: the same ``grep`` call and result (a loop when repeated)."""
    call = ToolCall.create(id=f"call_{i}", name="grep", arguments={"q": "x"})
    return _wire.events_to_proto(
        [
            Step.create(event_id=f"step:call_{i}", text="I will run grep.", tool_calls=(call,)),
            ToolResult.create(event_id=f"result:call_{i}", call_id=f"call_{i}", content=result),
        ]
    )


def evaluate_request(
    trace_id: str, step: int, *, agent: str = "bot", conversation: str = "", result: str = "no match"
) -> pb.EvaluateRequest:
    """``Evaluate`` with one step; the default result repeats (a loop), a distinct one is healthy."""
    return pb.EvaluateRequest(
        trace_id=trace_id, agent=agent, conversation_id=conversation, events=step_events(step, result=result)
    )
