"""OTLP/JSON decoding: the proto3 JSON mapping with OTLP's deviations.

OTLP/JSON encodes ``traceId``, ``spanId`` and ``parentSpanId`` (also in links, and the ids of
log records) as **hex**, while
``google.protobuf.json_format`` reads ``bytes`` fields as base64 and would decode hex silently
into wrong ids. The ids are therefore rewritten from hex to base64 before parsing. An id that is
not valid hex is emptied, so that span alone is rejected (partial success) rather than the
whole request. Unknown fields are ignored, as OTLP requires.
"""

from __future__ import annotations

import base64
import json
from typing import Any, TypeVar

from google.protobuf import json_format
from google.protobuf.message import Message
from opentelemetry.proto.collector.logs.v1.logs_service_pb2 import ExportLogsServiceRequest
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch_collector.exceptions import InvalidRequestError

RequestT = TypeVar("RequestT", bound=Message)


class MalformedRequestError(InvalidRequestError):
    """The request body cannot be decoded; the message names the field and the problem."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


_ID_FIELDS = ("traceId", "spanId", "parentSpanId", "trace_id", "span_id", "parent_span_id")


def parse_json_request(body: bytes) -> ExportTraceServiceRequest:
    """Decode an OTLP/JSON trace export request; raises ``MalformedRequestError`` naming what is wrong."""
    return parse_json_export(body, ExportTraceServiceRequest())


def parse_json_export(body: bytes, request: RequestT) -> RequestT:
    """Decode an OTLP/JSON export request (traces or logs) into ``request``; raises
    ``MalformedRequestError`` naming what is wrong."""
    try:
        data = json.loads(body)
    except UnicodeDecodeError as exc:
        raise MalformedRequestError("body", f"not valid UTF-8 ({exc.reason} at byte {exc.start})") from exc
    except RecursionError as exc:
        raise MalformedRequestError("body", "JSON nested too deeply") from exc
    except ValueError as exc:
        raise MalformedRequestError("body", f"not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise MalformedRequestError("body", f"must be a JSON object ({type(request).__name__})")
    for span in _spans(data):
        _hex_to_base64(span)
        for link in _list(span.get("links")):
            if isinstance(link, dict):
                _hex_to_base64(link)
    if isinstance(request, ExportLogsServiceRequest):
        for record in _records(data):
            _hex_to_base64(record)
    try:
        json_format.ParseDict(data, request, ignore_unknown_fields=True)
    except RecursionError as exc:
        raise MalformedRequestError("body", "JSON nested too deeply") from exc
    except (json_format.ParseError, ValueError, TypeError, AttributeError) as exc:
        raise MalformedRequestError("body", f"not an OTLP {type(request).__name__}: {exc}") from exc
    return request


def response_json(message: Any) -> bytes:
    """A protobuf message as OTLP/JSON (lowerCamelCase keys, enums as integers)."""
    text: str = json_format.MessageToJson(message, indent=None, use_integers_for_enums=True)
    return text.encode("utf-8")


def _spans(data: dict[str, Any]) -> list[dict[str, Any]]:
    return _leaves(data, ("resourceSpans", "resource_spans"), ("scopeSpans", "scope_spans"), ("spans",))


def _records(data: dict[str, Any]) -> list[dict[str, Any]]:
    keys = (("resourceLogs", "resource_logs"), ("scopeLogs", "scope_logs"), ("logRecords", "log_records"))
    return _leaves(data, *keys)


def _leaves(data: dict[str, Any], *levels: tuple[str, ...]) -> list[dict[str, Any]]:
    """The objects at the end of a path of lists (each level: its JSON key, then its proto name)."""
    found: list[dict[str, Any]] = [data]
    for names in levels:
        found = [
            child
            for parent in found
            for child in _list(next((parent[n] for n in names if n in parent), None))
            if isinstance(child, dict)
        ]
    return found


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _hex_to_base64(obj: dict[str, Any]) -> None:
    for key in _ID_FIELDS:
        value = obj.get(key)
        if not isinstance(value, str):
            continue
        try:
            raw = bytes.fromhex(value)
        except ValueError:
            raw = b""
        obj[key] = base64.b64encode(raw).decode("ascii")
