"""Builders of OTLP logs requests carrying GenAI events, as the contrib GenAI instrumentations
(``opentelemetry-instrumentation-openai-v2``) emit them inside a model call's span."""

from __future__ import annotations

import itertools
import os
from typing import Any

from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.common.v1.common_pb2 import KeyValue
from opentelemetry.proto.logs.v1.logs_pb2 import LogRecord

from tests.collector.receivers.otlp_requests import value

_clock = itertools.count(1_700_000_000_000_000_000, 1_000_000)


def new_span_id() -> bytes:
    return os.urandom(8)


def event(
    name: str, body: dict[str, Any] | None, *, trace_id: bytes, span_id: bytes, legacy: bool = False
) -> LogRecord:
    """One GenAI event; ``legacy`` names it by the ``event.name`` attribute instead of the field."""
    record = LogRecord(trace_id=trace_id, span_id=span_id, time_unix_nano=next(_clock))
    if legacy:
        record.attributes.append(KeyValue(key="event.name", value=value(name)))
    else:
        record.event_name = name
    record.attributes.append(KeyValue(key="gen_ai.system", value=value("openai")))
    if body is not None:
        record.body.CopyFrom(value(body))
    return record


def choice(
    call_id: str, tool: str, *, trace_id: bytes, span_id: bytes, arguments: str | None = None
) -> LogRecord:
    function: dict[str, Any] = {"name": tool}
    if arguments is not None:
        function["arguments"] = arguments
    body = {
        "index": 0,
        "finish_reason": "tool_calls",
        "message": {
            "role": "assistant",
            "tool_calls": [{"id": call_id, "type": "function", "function": function}],
        },
    }
    return event("gen_ai.choice", body, trace_id=trace_id, span_id=span_id)


def tool_message(call_id: str, *, trace_id: bytes, span_id: bytes, content: str | None = None) -> LogRecord:
    body: dict[str, Any] = {"id": call_id}
    if content is not None:
        body["content"] = content
    return event("gen_ai.tool.message", body, trace_id=trace_id, span_id=span_id)


def logs_request(*records: LogRecord, service: str = "logs-agent") -> ExportLogsServiceRequest:
    req = ExportLogsServiceRequest()
    rl = req.resource_logs.add()
    rl.resource.attributes.append(KeyValue(key="service.name", value=value(service)))
    rl.scope_logs.add().log_records.extend(records)
    return req


def stuck_loop(trace_id: bytes, steps: int, *, content: bool = True) -> list[LogRecord]:
    """A model asking ``search`` the same thing ``steps`` times, fed the same "not found"."""
    records: list[LogRecord] = []
    previous: str | None = None
    for i in range(steps):
        span_id = new_span_id()
        records.append(
            event(
                "gen_ai.user.message", {"content": "weather in Atlantis?"}, trace_id=trace_id, span_id=span_id
            )
        )
        if previous is not None:
            text = "not found" if content else None
            records.append(tool_message(previous, trace_id=trace_id, span_id=span_id, content=text))
        previous = f"call_{i}"
        arguments = '{"q": "atlantis"}' if content else None
        records.append(choice(previous, "search", trace_id=trace_id, span_id=span_id, arguments=arguments))
    return records
