"""Builders of raw OTLP export requests (protobuf messages and OTLP/JSON dicts)."""

from __future__ import annotations

import itertools
import json
import os
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import AnyValue, KeyValue
from opentelemetry.proto.trace.v1.trace_pb2 import Span

_clock = itertools.count(1_700_000_000_000_000_000, 1_000_000)


def new_trace_id() -> bytes:
    return os.urandom(16)


def value(v: Any) -> AnyValue:
    if isinstance(v, bool):
        return AnyValue(bool_value=v)
    if isinstance(v, int):
        return AnyValue(int_value=v)
    if isinstance(v, float):
        return AnyValue(double_value=v)
    if isinstance(v, list):
        out = AnyValue()
        out.array_value.values.extend(value(x) for x in v)
        return out
    if isinstance(v, dict):
        out = AnyValue()
        out.kvlist_value.values.extend(KeyValue(key=k, value=value(x)) for k, x in v.items())
        return out
    return AnyValue(string_value=str(v))


def tool_span(
    trace_id: bytes,
    call_id: str,
    *,
    tool: str = "read_file",
    args: str = '{"path": "a"}',
    result: str = "same",
) -> Span:
    start = next(_clock)
    span = Span(
        trace_id=trace_id,
        span_id=os.urandom(8),
        name=f"execute_tool {tool}",
        kind=Span.SPAN_KIND_INTERNAL,
        start_time_unix_nano=start,
        end_time_unix_nano=start + 1000,
    )
    for key, v in {
        "gen_ai.operation.name": "execute_tool",
        "gen_ai.tool.name": tool,
        "gen_ai.tool.call.id": call_id,
        "gen_ai.tool.call.arguments": args,
        "gen_ai.tool.call.result": result,
    }.items():
        span.attributes.append(KeyValue(key=key, value=value(v)))
    return span


def request(*spans: Span, service: str = "bad-input-agent") -> ExportTraceServiceRequest:
    req = ExportTraceServiceRequest()
    rs = req.resource_spans.add()
    rs.resource.attributes.append(KeyValue(key="service.name", value=value(service)))
    rs.scope_spans.add().spans.extend(spans)
    return req


def json_request(trace_hex: str, span_hex: str, call_id: str) -> dict[str, Any]:
    """An OTLP/JSON request with hex ids, lowerCamelCase keys and integer enums."""
    return {
        "resourceSpans": [
            {
                "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "json-agent"}}]},
                "scopeSpans": [
                    {
                        "scope": {"name": "manual"},
                        "spans": [
                            {
                                "traceId": trace_hex,
                                "spanId": span_hex,
                                "name": "execute_tool read_file",
                                "kind": 1,
                                "startTimeUnixNano": "1700000000000000000",
                                "endTimeUnixNano": "1700000000000001000",
                                "attributes": [
                                    {
                                        "key": "gen_ai.operation.name",
                                        "value": {"stringValue": "execute_tool"},
                                    },
                                    {"key": "gen_ai.tool.name", "value": {"stringValue": "read_file"}},
                                    {"key": "gen_ai.tool.call.id", "value": {"stringValue": call_id}},
                                    {
                                        "key": "gen_ai.tool.call.arguments",
                                        "value": {"stringValue": json.dumps({"path": "a"})},
                                    },
                                    {"key": "gen_ai.tool.call.result", "value": {"stringValue": "same"}},
                                ],
                                "status": {"code": 0},
                                "unknownFutureField": {"ignored": True},
                            }
                        ],
                    }
                ],
            }
        ]
    }
