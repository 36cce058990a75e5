"""OTLP/HTTP receivers: ``POST /v1/traces`` and ``POST /v1/logs`` (protobuf or JSON, optionally gzip).

Mount with ``app.include_router(otlp_http_router(ingestor))``; by OTLP convention on port 4318.

Responses (OTLP spec, ``opentelemetry-proto:docs/specification.md``):
- 200 with an ``ExportTraceServiceResponse`` (``ExportLogsServiceResponse``) in the request's
  content type; ``partial_success`` is set only when spans (log records) were rejected (count and
  a message naming the first problem).
- 400 malformed body (bad protobuf, JSON, UTF-8 or gzip), 413 body over ``max_body_bytes``
  after decompression, 415 content type or encoding not supported: a ``google.rpc.Status`` body
  in the request's content type (JSON when the type itself is unsupported). Never retried.
- 503 with ``Retry-After`` when overloaded (the exporters retry after that delay).
Nothing is ingested from a request that fails as a whole, so a retry never double-counts.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable

from fastapi import APIRouter, Request, Response
from google.protobuf.message import Message
from google.rpc import code_pb2, status_pb2  # type: ignore[import-untyped]
from starlette.requests import ClientDisconnect

from loopwatch_collector.exceptions import InvalidRequestError, OverloadedError
from loopwatch_collector.receivers.decode import JSON, PROTOBUF, Signal
from loopwatch_collector.receivers.ingest import ExportOutcome, OtlpIngestor
from loopwatch_collector.receivers.limits import MAX_REQUEST_BYTES
from loopwatch_collector.receivers.otlp_json import MalformedRequestError, response_json
from loopwatch_collector.receivers.replies import logs_reply, trace_reply
from loopwatch_collector.security.tenancy import current_tenant

_PROTOBUF_TYPES = frozenset({PROTOBUF, "application/protobuf"})
TRACES_PATH = "/v1/traces"
LOGS_PATH = "/v1/logs"


class _BodyTooLargeError(InvalidRequestError):
    """The body is over the route's limit (413)."""


def otlp_http_router(ingestor: OtlpIngestor, *, max_body_bytes: int = MAX_REQUEST_BYTES) -> APIRouter:
    """A router serving ``POST /v1/traces`` and ``POST /v1/logs`` into ``ingestor``."""
    if max_body_bytes < 1:
        raise ValueError("otlp.max_request_bytes must be >= 1")
    router = APIRouter()

    @router.post(TRACES_PATH, include_in_schema=True, summary="OTLP/HTTP trace export")
    async def export_traces(request: Request) -> Response:
        return await _handle(request, ingestor, max_body_bytes, "traces", trace_reply)

    @router.post(LOGS_PATH, include_in_schema=True, summary="OTLP/HTTP logs export (GenAI events)")
    async def export_logs(request: Request) -> Response:
        return await _handle(request, ingestor, max_body_bytes, "logs", logs_reply)

    return router


async def _handle(
    request: Request,
    ingestor: OtlpIngestor,
    max_body_bytes: int,
    signal: Signal,
    reply: Callable[[ExportOutcome], Message],
) -> Response:
    """One export request of ``signal``: content type, encoding, size, parse, ingest, reply."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type in _PROTOBUF_TYPES:
        content_type = PROTOBUF
    elif content_type != JSON:
        return _error(415, code_pb2.INVALID_ARGUMENT, f"unsupported content type {content_type!r}", JSON)
    encoding = request.headers.get("content-encoding", "identity").strip().lower()
    if encoding not in ("gzip", "identity", ""):
        return _error(415, code_pb2.INVALID_ARGUMENT, f"unsupported encoding {encoding!r}", content_type)
    try:
        body = await _read_body(request, max_body_bytes, gzip=encoding == "gzip")
    except _BodyTooLargeError:
        message = f"request larger than {max_body_bytes} bytes after decompression"
        return _error(413, code_pb2.RESOURCE_EXHAUSTED, message, content_type)
    except zlib.error as exc:
        return _error(400, code_pb2.INVALID_ARGUMENT, f"body: invalid gzip data ({exc})", content_type)
    except ClientDisconnect:
        return _error(
            400, code_pb2.CANCELLED, "body: client disconnected before sending it all", content_type
        )
    try:
        outcome = await ingestor.export_body(body, content_type, tenant=current_tenant(), signal=signal)
    except MalformedRequestError as exc:
        return _error(400, code_pb2.INVALID_ARGUMENT, str(exc), content_type)
    except OverloadedError as exc:
        response = _error(503, code_pb2.UNAVAILABLE, str(exc), content_type)
        response.headers["Retry-After"] = str(max(1, math.ceil(exc.retry_after_s)))
        return response
    return _message(200, reply(outcome), content_type)


async def _read_body(request: Request, limit: int, *, gzip: bool) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise _BodyTooLargeError
    raw = bytearray()
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > limit:
            raise _BodyTooLargeError
    if not gzip:
        return bytes(raw)
    inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    body = inflater.decompress(bytes(raw), limit + 1)
    if len(body) > limit:
        raise _BodyTooLargeError
    if not inflater.eof:
        raise zlib.error("truncated gzip stream")
    return body


def _message(status: int, message: Message, content_type: str) -> Response:
    if content_type == JSON:
        return Response(response_json(message), status_code=status, media_type=JSON)
    return Response(message.SerializeToString(), status_code=status, media_type=PROTOBUF)


def _error(status: int, code: int, message: str, content_type: str) -> Response:
    return _message(status, status_pb2.Status(code=code, message=message), content_type)
