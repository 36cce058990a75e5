"""OTLP/JSON decoding: the proto3 JSON mapping with OTLP's deviations.

OTLP/JSON encodes ``traceId``, ``spanId`` and ``parentSpanId`` (also in links) as **hex**, while
``google.protobuf.json_format`` reads ``bytes`` fields as base64 and would decode hex silently
into wrong ids. The ids are therefore rewritten from hex to base64 before parsing. An id that is
not valid hex is emptied, so that span alone is rejected (partial success) rather than the
whole request. Unknown fields are ignored, as OTLP requires.
"""

from __future__ import annotations

import base64
import json
from typing import Any

from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from loopwatch_collector.exceptions import InvalidRequestError


class MalformedRequestError(InvalidRequestError):
    """The request body cannot be decoded; the message names the field and the problem."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"{field}: {problem}")
        self.field = field


_ID_FIELDS = ("traceId", "spanId", "parentSpanId", "trace_id", "span_id", "parent_span_id")


def parse_json_request(body: bytes) -> ExportTraceServiceRequest:
    """Decode an OTLP/JSON export request; raises ``MalformedRequestError`` naming what is wrong."""
    try:
        data = json.loads(body)
    except UnicodeDecodeError as exc:
        raise MalformedRequestError("body", f"not valid UTF-8 ({exc.reason} at byte {exc.start})") from exc
    except RecursionError as exc:
        raise MalformedRequestError("body", "JSON nested too deeply") from exc
    except ValueError as exc:
        raise MalformedRequestError("body", f"not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise MalformedRequestError("body", "must be a JSON object (ExportTraceServiceRequest)")
    for span in _spans(data):
        _hex_to_base64(span)
        for link in _list(span.get("links")):
            if isinstance(link, dict):
                _hex_to_base64(link)
    request = ExportTraceServiceRequest()
    try:
        json_format.ParseDict(data, request, ignore_unknown_fields=True)
    except RecursionError as exc:
        raise MalformedRequestError("body", "JSON nested too deeply") from exc
    except (json_format.ParseError, ValueError, TypeError, AttributeError) as exc:
        raise MalformedRequestError("body", f"not an OTLP ExportTraceServiceRequest: {exc}") from exc
    return request


def response_json(message: Any) -> bytes:
    """A protobuf message as OTLP/JSON (lowerCamelCase keys, enums as integers)."""
    text: str = json_format.MessageToJson(message, indent=None, use_integers_for_enums=True)
    return text.encode("utf-8")


def _spans(data: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for resource_spans in _list(data.get("resourceSpans", data.get("resource_spans"))):
        if not isinstance(resource_spans, dict):
            continue
        for scope_spans in _list(resource_spans.get("scopeSpans", resource_spans.get("scope_spans"))):
            if not isinstance(scope_spans, dict):
                continue
            found.extend(s for s in _list(scope_spans.get("spans")) if isinstance(s, dict))
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
